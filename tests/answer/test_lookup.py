from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import calculation_answer
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

OPS = Table(
    "t1",
    [55],
    [["(Dollars in millions)", "2022", "2021"]],
    [["Loss before income taxes", "(5,022)", "(5,033)"], ["Net loss", "(4,935)", "(4,290)"]],
    caption="Consolidated Statements of Operations",
)


def test_a_row_that_is_another_item_is_no_partial_match() -> None:
    doc = make_doc([OPS], company="Boeing", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What is Boeing's income tax expense in FY2022?")
    assert best_fact(facts, Want(LineItemMatch("income_tax", "income taxes", 0), 2022), asked, {}) is None
    pretax = best_fact(facts, Want(LineItemMatch("total_profit", "pre-tax income", 0), 2022), asked, {})
    assert pretax is not None and pretax.value == Decimal(-5022)


def test_named_formula_with_a_missing_input_gives_no_number() -> None:
    doc = make_doc([OPS], company="Boeing", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What is Boeing's effective tax rate in FY2022?")
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None
