"""Which cash flow activity brought in the most cash: the three net totals compared, each cited."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.activities import activities_answer, activity_items, asks_activities
from finrag.answer.facts import extract_facts
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

CASH_FLOWS = Table(
    "t1",
    [58],
    [["(Dollars in millions)", "2023", "2022"]],
    [
        ["Cash provided by operations", "5,841", "5,188"],
        ["Cash provided (used) by investing activities", "564", "(1,524)"],
        ["Cash used by financing activities", "(7,447)", "(4,836)"],
    ],
    caption="Consolidated Statements of Cash Flows",
)


def _answer(question: str):
    doc = make_doc([CASH_FLOWS], company="Nike", year=2023, language="en", unit_line="")
    asked = analyze(question)
    asked.line_items = activity_items()
    facts = extract_facts(doc, table_chunks(doc))
    return activities_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)


def test_the_activity_that_brought_in_the_most_cash_is_named_with_all_three_figures() -> None:
    q = (
        "Among operations, investing, and financing activities, which brought in the most (or lost the "
        "least) cash flow for Nike in FY2022?"
    )
    assert asks_activities(q)
    out = _answer(q)
    assert out is not None and out.text.startswith("Operating activities") and out.result == Decimal(5188)
    assert "(1,524)" in out.text or "-1,524" in out.text


def test_the_activity_that_used_the_most_cash() -> None:
    out = _answer(
        "Of operating, investing and financing activities, which used the most cash for Nike in FY2023?"
    )
    assert out is not None and out.text.startswith("Financing activities") and out.result == Decimal(-7447)
    assert not asks_activities("What was Nike's cash from operating activities in FY2023?")
