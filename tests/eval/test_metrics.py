"""Metric functions against hand-computed values."""

from __future__ import annotations

import math

import pytest

from finrag.eval.metrics import (
    AnswerOutcome,
    CitedPage,
    RankedHit,
    answer_scores,
    retrieval_scores,
    token_f1,
    token_recall,
)
from finrag.eval.sets import Gold


def hit(file: str, *pages: int) -> RankedHit:
    return RankedHit(file=file, pages=list(pages))


def test_recall_mrr_and_doc_level() -> None:
    gold = [Gold("a.pdf", 5)]
    hits = [hit("b.pdf", 5), hit("a.pdf", 4), hit("a.pdf", 5, 6), hit("c.pdf", 1)]
    s = retrieval_scores(hits, gold)
    assert s["recall@1"] == 0.0 and s["top1"] == 0.0
    assert s["recall@5"] == 1.0 and s["recall@10"] == 1.0
    assert s["mrr"] == pytest.approx(1 / 3)
    assert s["doc_recall@1"] == 0.0 and s["doc_recall@5"] == 1.0
    assert s["doc_mrr"] == pytest.approx(1 / 2)
    # one gold page found at rank 3: DCG = 1/log2(4) = 0.5, IDCG = 1
    assert s["ndcg@10"] == pytest.approx(0.5)


def test_ndcg_two_gold_pages_and_duplicates_do_not_count_twice() -> None:
    gold = [Gold("a.pdf", 1), Gold("a.pdf", 2)]
    hits = [hit("a.pdf", 1), hit("a.pdf", 1), hit("a.pdf", 2)]
    s = retrieval_scores(hits, gold)
    dcg = 1.0 + 1.0 / math.log2(4)
    idcg = 1.0 + 1.0 / math.log2(3)
    assert s["ndcg@10"] == pytest.approx(dcg / idcg)
    assert s["top1"] == 1.0 and s["mrr"] == 1.0


def test_no_gold_no_retrieval_metrics_and_miss_is_zero() -> None:
    assert retrieval_scores([hit("a.pdf", 1)], []) == {}
    s = retrieval_scores([hit("x.pdf", 1)] * 12, [Gold("a.pdf", 1)])
    assert s["recall@10"] == 0.0 and s["mrr"] == 0.0 and s["ndcg@10"] == 0.0


def test_gold_passage_without_page_matches_any_page() -> None:
    s = retrieval_scores([hit("p1.txt", 1)], [Gold("p1.txt", None)])
    assert s["recall@1"] == 1.0


def test_token_f1_en_and_zh() -> None:
    assert token_f1("The Consumer Health segment", "consumer health segment") == 1.0
    # pred tokens: consumer, health (2); ref: consumer, health, business, segment (4): P=1, R=.5
    assert token_f1("Consumer Health", "Consumer Health business segment") == pytest.approx(2 / 3)
    assert token_f1("长实集团", "长实") == pytest.approx(2 * 1 * 0.5 / 1.5)
    assert token_f1("", "x") == 0.0
    # recall ignores the extra words of a long extractive answer: 2 of the 3 reference tokens
    long_answer = "Sales of the Consumer Health unit grew"
    assert token_recall(long_answer, "consumer health segment") == pytest.approx(2 / 3)


def test_answer_scores_refusal_and_citations() -> None:
    refused = AnswerOutcome("无法回答", refused=True)
    assert answer_scores(refused, answerable=False, reference=None, gold=[]) == {"refusal_accuracy": 1.0}
    s = answer_scores(refused, answerable=True, reference="23.15%", gold=[Gold("a.pdf", 5)])
    assert s["false_refusal"] == 1.0 and s["numeric_match"] == 0.0 and s["citation_accuracy"] == 0.0
    good = AnswerOutcome(
        "毛利率为23.15% [1]",
        refused=False,
        citations=[CitedPage("a.pdf", 5, "c1"), CitedPage("a.pdf", 9, "zzz")],
        context_chunk_ids=["c1", "c2"],
    )
    s = answer_scores(good, answerable=True, reference="23.15%", gold=[Gold("a.pdf", 5)])
    assert s["false_refusal"] == 0.0
    assert s["citation_validity"] == 0.0  # "zzz" was not in the context
    assert s["citation_accuracy"] == 1.0
    assert s["numeric_match"] == 1.0
