"""The answer stage end to end on a small real index (parse -> chunk -> facts -> SQLite -> retriever)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import Answer, SearchRequest

from .corpus import ACME_2019, SIFANG_2019, indexed_answerer


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"sifang_2019.md": SIFANG_2019, "acme_2019.md": ACME_2019}
    yield from indexed_answerer(tmp_path_factory, "answer", docs)


def ask(a: Answerer, q: str) -> Answer:
    return a.ask(SearchRequest(q))


def test_refuses_absent_company_but_answers_present_one(answerer: Answerer) -> None:
    absent = ask(answerer, "请问，光云科技2019年的财务费用是多少元?")
    assert absent.refused and "光云科技" in absent.answer and absent.citations == []
    present = ask(answerer, "请问，四方科技2019年的财务费用是多少元?")
    assert not present.refused and "-3,120,555.20" in present.answer
    assert present.citations[0].file == "sifang_2019.md" and present.citations[0].table_ref


def test_refuses_absent_year_and_says_which_was_found(answerer: Answerer) -> None:
    a = ask(answerer, "2021年四方科技的营业收入是多少元?")
    assert a.refused and "2021" in a.answer and "2019" in a.answer
    gate = next(s for s in a.trace.steps if s.stage == "gate")
    assert gate.detail["reason"] == "period"


def test_lookup_quotes_value_unit_and_cites(answerer: Answerer) -> None:
    a = ask(answerer, "2019年四方科技的营业收入是多少元?")
    assert not a.refused and "1,175,301,034.32元" in a.answer
    assert a.citations and a.citations[0].snippet and f"[{a.citations[0].n}]" in a.answer


def test_a_parent_company_figure_no_parent_statement_prints_is_refused(answerer: Answerer) -> None:
    a = ask(answerer, "四方科技2019年母公司利润表中的营业收入是多少元?")
    assert a.refused and "母公司报表" in a.answer and "1,175,301,034.32" not in a.answer


def test_lookup_picks_the_prior_year_end_column(answerer: Answerer) -> None:
    a = ask(answerer, "四方科技上年末的货币资金是多少？")
    assert "350,000,000.00" in a.answer and "401,234,567.89" not in a.answer
    b = ask(answerer, "四方科技期末的货币资金是多少？")
    assert "401,234,567.89" in b.answer


def test_gross_margin_is_calculated_with_cited_inputs(answerer: Answerer) -> None:
    a = ask(answerer, "2019年四方科技毛利率是多少？请保留两位小数。")
    assert not a.refused and a.calculation is not None
    assert a.calculation.result == __import__("decimal").Decimal("23.15")
    assert "(1,175,301,034.32 − 903,236,584.52) / 1,175,301,034.32 = 23.15%" in a.answer
    cited = {c.n for c in a.citations}
    assert all(i.citation in cited for i in a.calculation.inputs)


def test_a_ratio_that_cannot_be_worked_out_is_not_answered_with_one_operand(answerer: Answerer) -> None:
    a = ask(answerer, "四方科技2019年度的股利支付率是多少？以2019年度合并利润表净利润为分母。")
    assert "150,201,334.87" not in a.answer  # the net profit it divides by is no payout ratio


def test_english_growth_and_text_answers(answerer: Answerer) -> None:
    g = ask(answerer, "What was Acme's year-over-year growth in net sales from FY2018 to FY2019?")
    assert g.calculation is not None and "20.00%" in g.answer
    t = ask(answerer, "Who are Acme's primary customers?")
    assert not t.refused and "construction firms" in t.answer and t.citations[0].file == "acme_2019.md"


def test_text_answer_quotes_the_sentence_with_citation(answerer: Answerer) -> None:
    a = ask(answerer, "四方科技的电子信箱是什么？")
    assert "zqb@ntsquare.com" in a.answer and a.citations and a.answerer == "offline"


def test_false_premise_is_corrected(answerer: Answerer) -> None:
    a = ask(answerer, "四方科技在美国纽约证券交易所的股票代码是什么？")
    assert not a.refused and "上海证券交易所" in a.answer and "没有" in a.answer


def test_chitchat_is_answered_without_retrieval(answerer: Answerer) -> None:
    a = ask(answerer, "你好")
    assert a.answerer == "chitchat" and not a.refused and a.context == []
    assert not any(s.stage in ("keyword", "dense") for s in a.trace.steps)


def test_stream_ends_with_the_answer(answerer: Answerer) -> None:
    parts = list(answerer.ask_stream(SearchRequest("Who are Acme's primary customers?")))
    assert isinstance(parts[-1], Answer) and "".join(p for p in parts[:-1] if isinstance(p, str))


@pytest.mark.parametrize(
    "question",
    [
        "2019年四方科技毛利率是多少？请保留两位小数。",
        "四方科技上年末的货币资金是多少？",
        "Who are Acme's primary customers?",
    ],
)
def test_every_citation_points_into_the_answer_context(answerer: Answerer, question: str) -> None:
    a = ask(answerer, question)
    context = {h.chunk.chunk_id for h in a.context}
    assert a.citations and all(c.chunk_id in context for c in a.citations)
    assert all(f"[{c.n}]" in a.answer for c in a.citations)


def test_turnover_uses_the_average_of_opening_and_closing_balances(answerer: Answerer) -> None:
    a = ask(answerer, "What is Acme's FY2019 inventory turnover ratio? Round to two decimal places.")
    assert a.calculation is not None and str(a.calculation.result) == "4.00"  # 1,500 / ((400 + 350) / 2)
    assert "1,500 / ((400 + 350) / 2) = 4.00" in a.answer
    w = ask(answerer, "What is Acme's FY2019 net working capital?")
    assert w.calculation is not None and "1,200 − 700 = 500.00" in w.answer


QUARTER = """# Northwind Robotics quarterly report for the period ended September 30, 2024

Northwind Robotics designs autonomous mobile robots for warehouses.
Revenue for the third quarter of 2024 was $812 million, an increase of 14% over the third quarter of 2023.
Gross margin was 41.3% in the third quarter of 2024, compared with 39.8% a year earlier.
Interest income rose on higher cash balances.

## Balance sheet

| | September 30, 2024 | December 31, 2023 |
|---|---|---|
| Accounts receivable, net | 642 | 598 |
| Total assets | 5,123 | 4,906 |
"""


@pytest.fixture(scope="module")
def quarter(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "quarter", {"northwind_q3.md": QUARTER})


def test_a_figure_no_document_prints_is_refused_not_replaced_by_others(quarter: Answerer) -> None:
    # "net" and "income" are each printed somewhere, "net income" nowhere: revenue is no answer
    a = ask(quarter, "What was Northwind's net income in the third quarter of 2024?")
    assert a.refused and "net income" in a.answer and "812" not in a.answer
    assert a.citations == []


def test_a_figure_question_quotes_the_sentences_that_print_it(quarter: Answerer) -> None:
    r = ask(quarter, "What was Northwind's revenue in the third quarter of 2024?")
    assert not r.refused and r.answer.startswith("Revenue for the third quarter of 2024 was $812 million")
    assert "designs autonomous" not in r.answer and "Gross margin" not in r.answer
    g = ask(quarter, "What was Northwind's gross margin in the third quarter of 2024?")
    assert not g.refused and "41.3%" in g.answer and "Revenue for" not in g.answer
