"""Names a terse English question types in lower case are read as the retrieved filing prints them."""

from __future__ import annotations

from finrag.answer.lower_names import recased
from finrag.answer.query import analyze

from .helpers import make_chunk, make_doc

DOC = make_doc([], company="Costco Wholesale", year=2021, file="COSTCO_2021_10K.pdf", language="en")
WAREHOUSES = make_chunk(
    DOC,
    "At August 29, 2021, Costco operated warehouses in the U.S., Canada, Mexico, Japan, Korea and Taiwan. "
    "Merchandise inventories are stated at the lower of cost or market.\n"
    "Glossary > Certain Line Items\n| Merchandise inventories | 14,215 | 12,242 |",
    38,
)


def test_a_place_the_filing_prints_capitalised_is_a_name_of_the_terse_question() -> None:
    question = "costco merchandise inventories in japan at fy21 year end?"
    written = "Costco merchandise inventories in Japan at fy21 year end?"
    assert recased(question, "en", [WAREHOUSES]) == written
    asked = analyze(question, None, [WAREHOUSES])
    assert "Japan" in asked.entities and asked.intent == "lookup"  # Japan's inventories, not the total's


def test_words_printed_in_lower_case_or_only_in_titles_stay_as_typed() -> None:
    question = "costco interest line in fy21?"  # "Line" is printed only in a title ("Certain Line Items")
    assert recased(question, "en", [WAREHOUSES]) == "Costco interest line in fy21?"
    written = "What were Costco's inventories in japan?"  # written with capitals: its names are as written
    assert recased(written, "en", [WAREHOUSES]) == written


def test_a_segment_is_written_as_the_filing_prints_it() -> None:
    doc = make_doc([], company="Acme Health", year=2022, file="ACME_2022_10K.pdf", language="en")
    text = "Both the Pharmacy Services and Retail/LTC segments record it on a stand-alone basis."
    page = make_chunk(doc, text, 79)
    assert recased("acme retail/ltc adjusted operating income 2022?", "en", [page]) == (
        "acme Retail/LTC adjusted operating income 2022?"
    )
