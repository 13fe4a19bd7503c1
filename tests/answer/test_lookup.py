from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import calculation_answer, lookup_answer
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


BALANCE = Table(
    "t2",
    [52],
    [["($ in millions)", "February 2, 2019", "February 3, 2018"]],
    [["Merchandise inventories", "5,409", "5,209"], ["Total current assets", "12,901", "13,049"]],
    caption="Consolidated Balance Sheets",
)
CASH_FLOWS = Table(
    "t3",
    [55],
    [["($ in millions)", "2019", "2018"]],
    [
        ["Merchandise inventories", "(194)", "(335)"],
        ["Additions to property and equipment", "(819)", "(688)"],
    ],
    caption="Consolidated Statements of Cash Flows",
)
EARNINGS = Table(
    "t4",
    [53],
    [["($ in millions)", "2019", "2018"]],
    [["Net sales", "14,694", "14,544"], ["Cost of sales", "(11,969)", "(11,909)"]],
    caption="Consolidated Statements of Income",
)


def test_a_balance_is_read_off_the_balance_sheet_not_the_cash_flow_change() -> None:
    doc = make_doc([CASH_FLOWS, BALANCE], company="Best Buy", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("What were Best Buy's merchandise inventories at the end of FY2019?")
    f = best_fact(facts, Want(LineItemMatch("inventory", "inventories", 0), 2019), asked, {})
    assert f is not None and f.value == Decimal(5409)


def test_an_outflow_is_quoted_by_its_size_and_a_cost_in_brackets_does_not_inflate_a_margin() -> None:
    doc = make_doc([CASH_FLOWS, EARNINGS], company="Amcor", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    capex = lookup_answer(
        analyze("What is Amcor's FY2019 capital expenditure?"), facts, {doc.doc_id: 0}, lambda f: 1
    )
    assert capex is not None and "819 (millions), an outflow" in capex.text and "-819" not in capex.text
    margin = calculation_answer(
        analyze("What is Amcor's FY2019 gross margin?"), facts, {doc.doc_id: 0}, lambda f: 1
    )
    assert margin is not None and margin.calculation is not None
    assert margin.calculation.result == Decimal("18.54")  # (14,694 − 11,969) / 14,694, not 181.45%
