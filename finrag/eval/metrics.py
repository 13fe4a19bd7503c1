"""Retrieval and answer metrics, per question (aggregated by :mod:`finrag.eval.run`).

Retrieval (a hit on any gold page counts, as in ../shared/eval/README.md):
- ``recall@k``: 1 when one of the first k hits covers a gold page (``doc_recall@k``: a gold document);
- ``mrr``: 1 / rank of the first hit on a gold page (0 when none in the list);
- ``ndcg@10``: binary gains, a hit gains only for gold pages not covered by an earlier hit; the ideal
  ranking covers min(#gold pages, 10) pages at ranks 1..n;
- ``top1``: the first hit is on a gold page (equal to recall@1; kept under the name users look for).
Answers: refusal on unanswerable questions, false refusals, citation validity/accuracy, numeric match
(finrag/eval/numbers.py: units, Chinese/English scales, 0.5% tolerance) and token-overlap F1.
"""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from dataclasses import dataclass, field

from finrag.eval.numbers import DEFAULT_TOLERANCE, numeric_match, reference_numbers
from finrag.eval.sets import Gold

RECALL_KS = (1, 5, 10)
NDCG_K = 10


@dataclass(slots=True)
class RankedHit:
    """One retrieved item as the harness sees it (from the main pipeline or a baseline)."""

    file: str
    pages: list[int]
    chunk_id: str = ""
    text: str = ""
    score: float = 0.0


@dataclass(slots=True)
class CitedPage:
    file: str
    page: int
    chunk_id: str = ""


@dataclass(slots=True)
class AnswerOutcome:
    """What the answerer returned, reduced to what the metrics need."""

    text: str
    refused: bool
    citations: list[CitedPage] = field(default_factory=list)
    context_chunk_ids: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- retrieval


def _page_match(hit: RankedHit, gold: list[Gold]) -> set[tuple[str, int | None]]:
    """Gold items this hit covers (a gold item without a page is covered by any page of its doc)."""
    covered: set[tuple[str, int | None]] = set()
    for g in gold:
        if g.doc == hit.file and (g.page is None or g.page in hit.pages):
            covered.add((g.doc, g.page))
    return covered


def retrieval_scores(hits: list[RankedHit], gold: list[Gold]) -> dict[str, float]:
    """Per-question retrieval metrics; empty when the question has no gold evidence."""
    if not gold:
        return {}
    gold_docs = {g.doc for g in gold}
    page_rel = [bool(_page_match(h, gold)) for h in hits]
    doc_rel = [h.file in gold_docs for h in hits]
    out: dict[str, float] = {}
    for k in RECALL_KS:
        out[f"recall@{k}"] = float(any(page_rel[:k]))
        out[f"doc_recall@{k}"] = float(any(doc_rel[:k]))
    out["mrr"] = next((1.0 / (i + 1) for i, r in enumerate(page_rel) if r), 0.0)
    out["doc_mrr"] = next((1.0 / (i + 1) for i, r in enumerate(doc_rel) if r), 0.0)
    out["top1"] = float(bool(page_rel[:1]) and page_rel[0])
    seen: set[tuple[str, int | None]] = set()
    dcg = 0.0
    for i, h in enumerate(hits[:NDCG_K]):
        new = _page_match(h, gold) - seen
        if new:
            dcg += 1.0 / math.log2(i + 2)
            seen |= new
    n_gold = len({(g.doc, g.page) for g in gold})
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(n_gold, NDCG_K)))
    out["ndcg@10"] = dcg / ideal if ideal else 0.0
    return out


# ---------------------------------------------------------------- text overlap

_WORD = re.compile(r"[\u3400-\u9fff]|[a-z0-9]+(?:\.[0-9]+)?")
_ARTICLES = {"a", "an", "the"}
_PUNCT = set(string.punctuation)


def answer_tokens(text: str) -> list[str]:
    """Lower-cased words (English) and single characters (Chinese), articles and punctuation dropped."""
    cleaned = "".join(" " if c in _PUNCT and c != "." else c for c in text.lower().replace(",", ""))
    return [t for t in _WORD.findall(cleaned) if t not in _ARTICLES]


def token_recall(prediction: str, reference: str) -> float:
    """Share of the reference's tokens found in the prediction (fairer than F1 to long extractive answers)."""
    p, r = answer_tokens(prediction), answer_tokens(reference)
    if not r:
        return float(not p)
    return sum((Counter(p) & Counter(r)).values()) / len(r)


def token_f1(prediction: str, reference: str) -> float:
    p, r = answer_tokens(prediction), answer_tokens(reference)
    if not p or not r:
        return float(p == r)
    common = sum((Counter(p) & Counter(r)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(p), common / len(r)
    return 2 * precision * recall / (precision + recall)


# ---------------------------------------------------------------- answers


def answer_scores(
    outcome: AnswerOutcome,
    *,
    answerable: bool,
    reference: str | None,
    gold: list[Gold],
    prom_answer: str | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
) -> dict[str, float]:
    """Per-question answer metrics; keys appear only where the metric applies to this question."""
    out: dict[str, float] = {}
    if not answerable:
        out["refusal_accuracy"] = float(outcome.refused)
        return out
    # A refused answerable question scores 0 on citation accuracy, numeric match and F1.
    out["false_refusal"] = float(outcome.refused)
    text = "" if outcome.refused else outcome.text
    citations = [] if outcome.refused else outcome.citations
    if citations:
        context = set(outcome.context_chunk_ids)
        out["citation_validity"] = float(all(c.chunk_id in context for c in citations))
    if gold:
        out["citation_accuracy"] = float(
            any(g.doc == c.file and g.page in (None, c.page) for c in citations for g in gold)
        )
    if reference:
        refs = reference_numbers(reference, prom_answer)
        if refs:
            out["numeric_match"] = float(numeric_match(text, refs, tolerance))
        out["token_f1"] = token_f1(text, reference) if text else 0.0
        out["token_recall"] = token_recall(text, reference) if text else 0.0
    return out


LOWER_IS_BETTER = frozenset({"false_refusal", "seconds", "ms_per_question"})
