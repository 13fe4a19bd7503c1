"""The question read against the context's tables: a row the question names becomes its item or kind."""

from __future__ import annotations

from finrag.answer.context_items import read_against_tables
from finrag.answer.gate import GateDecision
from finrag.answer.prepared import Prepared
from finrag.answer.query import analyze
from finrag.model import Chunk, QueryAnalysis, SearchRequest, SearchResult, Table, Trace

from .helpers import make_doc, table_chunks


def _prepared(question: str, table: Table) -> tuple[Prepared, list[Chunk]]:
    doc = make_doc([table], company="青禾装备", year=2019, language="zh", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze(question)
    prep = Prepared(
        SearchRequest(question), asked, SearchResult([], None, Trace()), GateDecision(True, "ok"), Trace()
    )
    prep.context = [(i + 1, c) for i, c in enumerate(chunks)]
    return prep, chunks


STAFF = Table(
    "t4",
    [52],
    [["(一)员工情况", ""]],
    [["在职员工的数量合计", "1,406"], ["博士", "1"], ["硕士", "14"], ["本科", "204"]],
    caption="六、母公司和主要子公司的员工情况",
)


def test_a_row_counted_within_a_group_of_people_carries_the_group() -> None:
    prep, chunks = _prepared("青禾装备2019年研发人员中硕士有多少人？", STAFF)
    read_against_tables(prep, chunks)
    assert "硕士" in [m.printed for m in prep.asked.line_items]  # the table's row is the item
    assert "研发人员" in prep.asked.qualifiers  # and only the R&D staff's row answers


def test_a_row_of_all_staff_is_read_as_it_is() -> None:
    prep, chunks = _prepared("青禾装备2019年末在职员工中硕士有多少人？", STAFF)
    read_against_tables(prep, chunks)
    assert "在职员工" not in prep.asked.qualifiers  # the whole staff is the table's own count


EARNINGS = Table(
    "t7",
    [53],
    [["In Millions", "Fiscal 2019", "Fiscal 2018", "Fiscal 2017"]],
    [
        ["Net sales", "16,865.2", "15,740.4", "15,619.8"],
        ["Restructuring, impairment, and other exit costs", "275.1", "165.6", "180.4"],
    ],
    caption="Consolidated Statements of Earnings",
)


def test_a_quoted_row_typed_tersely_with_the_ticker_asks_its_figure() -> None:
    q = "gis fy17 'restructuring, impairment, and other exit costs' line?"
    doc = make_doc([EARNINGS], company="Generalmills", year=2019, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["Generalmills"]))
    result = SearchResult([], None, Trace())
    prep = Prepared(SearchRequest(q), asked, result, GateDecision(True, "ok"), Trace())
    prep.context = [(i + 1, c) for i, c in enumerate(chunks)]
    read_against_tables(prep, chunks)
    assert prep.asked.intent == "lookup"
    items = [m.printed.lower() for m in prep.asked.line_items]
    assert items == ["restructuring, impairment, and other exit costs"]
