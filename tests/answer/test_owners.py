"""A product or segment the question names owns the figure: the company's total is not its answer."""

from __future__ import annotations

from finrag.answer.facts import extract_facts
from finrag.answer.numeric import lookup_answer
from finrag.answer.owners import owned_facts, subject_names
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_chunk, make_doc, table_chunks

TOTALS = Table(
    "t1",
    [57],
    [["(Millions)", "2021", "2020"]],
    [["Revenues", "81,288", "41,651"], ["Net income attributable to Pfizer Inc.", "21,979", "9,616"]],
    caption="Consolidated Statements of Income",
)
PRODUCTS = Table(
    "t2",
    [41],
    [["(Millions)", "2021", "2020"]],
    [["Comirnaty revenues", "36,781", "154"], ["Eliquis revenues", "5,970", "4,949"]],
    caption="Revenues by product",
)


def test_a_product_s_revenue_is_never_answered_with_the_company_total() -> None:
    doc = make_doc([TOTALS], company="Pfizer", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Comirnaty is our COVID-19 vaccine developed with BioNTech.", 40, n=9)
    asked = analyze("How much revenue did Pfizer's vaccine Comirnaty generate in FY2021?")
    asked.companies = ["Pfizer"]
    names = subject_names(asked, [*chunks, prose])
    assert names == ["Comirnaty"]
    facts = owned_facts(extract_facts(doc, chunks), names, {c.chunk_id: c for c in chunks})
    assert facts == []  # the 81,288 total is Pfizer's, not Comirnaty's
    assert lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_the_product_s_own_row_and_the_filer_s_own_figures_stay() -> None:
    doc = make_doc([TOTALS, PRODUCTS], company="Pfizer", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    by_id = {c.chunk_id: c for c in chunks}
    facts = extract_facts(doc, chunks)
    asked = analyze("How much revenue did Pfizer's vaccine Comirnaty generate in FY2021?")
    asked.companies = ["Pfizer"]
    kept = owned_facts(facts, subject_names(asked, chunks), by_id)
    assert {f.line_item for f in kept} == {"Comirnaty revenues", "Eliquis revenues"}
    plain = analyze("What was Pfizer's FY2021 net income attributable to Pfizer Inc.?")
    plain.companies = ["Pfizer"]
    assert subject_names(plain, chunks) == []  # the filer's own name restricts nothing


def test_a_month_is_no_owner_of_a_figure() -> None:
    doc = make_doc([TOTALS], company="JPMorgan", year=2021, language="en", unit_line="")
    chunks = [make_chunk(doc, "Net income for the three months ended March 31, 2021 was $14.3 billion.", 3)]
    asked = analyze("What was JPMorgan's net income in Q1 2021 (three months ended March 31, 2021)?")
    asked.companies = ["JPMorgan Chase"]
    assert subject_names(asked, chunks) == []


def test_common_words_and_the_filer_s_word_for_itself_own_nothing() -> None:
    doc = make_doc([TOTALS], company="Walmart", year=2020, language="en", unit_line="")
    chunks = [make_chunk(doc, "The Company repurchased shares; the effective tax rate was 24.4%.", 55)]
    asked = analyze(
        "Effective immediately: how much did Walmart spend on purchase of Company stock in FY2020?"
    )
    asked.companies = ["Walmart"]
    assert subject_names(asked, chunks) == []
