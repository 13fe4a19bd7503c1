"""Which segment ranks first on a figure: one table's segment rows compared, each figure cited."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.query import analyze
from finrag.answer.segments import asks_ranking, ranking_answer
from finrag.model import Table

from .helpers import make_doc, table_chunks

SUMMARY = Table(
    "t9",
    [43],
    [["(In millions)", "2020", "2019"]],
    [
        ["Net sales", "", ""],
        ["Aeronautics", "$ 26,266", "$ 23,693"],
        ["Space", "11,880", "10,860"],
        ["Total net sales", "$ 65,398", "$ 59,812"],
        ["Operating profit", "", ""],
        ["Aeronautics", "$ 2,843", "$ 2,521"],
        ["Space", "1,149", "1,191"],
        ["Total business segment operating profit", "$ 6,583", "$ 5,905"],
    ],
    caption="Summary operating results",
)
SEGMENTS = Table(
    "t10",
    [67],
    [["", "2019", "2018"]],
    [
        ["North America", "", ""],
        ["Net sales", "$ 170,773", "$ 141,366"],
        ["AWS", "", ""],
        ["Net sales", "$ 35,026", "$ 25,655"],
        ["Consolidated", "", ""],
        ["Net sales", "$ 280,522", "$ 232,887"],
    ],
    caption="Segment Information",
)


def _rank(table: Table, question: str):
    doc = make_doc([table], company="Acme", year=2020, language="en", unit_line="")
    asked = analyze(question)
    assert asks_ranking(asked)
    said = ["Our business segments are Aeronautics and Space.", "AWS and North America are our segments."]
    facts = extract_facts(doc, table_chunks(doc))
    return ranking_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1, said)


def test_the_segment_with_the_highest_figure_under_its_heading() -> None:
    out = _rank(
        SUMMARY, "Which of Acme's business segments generated the highest operating profit in FY2020?"
    )
    assert (
        out is not None and out.text.startswith("Aeronautics had the highest") and out.result == Decimal(2843)
    )
    assert "6,583" not in out.text  # a total is no segment


def test_the_fastest_growing_segment_under_segment_headings() -> None:
    out = _rank(SEGMENTS, "Which of Acme's reportable segments grew net sales the fastest in FY2019?")
    assert out is not None and out.text.startswith("AWS") and "36.5%" in out.text
    assert (
        out.calculation is not None
    )  # the changes it shows are worked out, so the citation check keeps them


def test_a_table_of_revenue_by_type_is_no_segment_table() -> None:
    doc = make_doc([SUMMARY], company="Acme", year=2020, language="en", unit_line="")
    asked = analyze("Which of Acme's business segments generated the highest operating profit in FY2020?")
    facts = extract_facts(doc, table_chunks(doc))
    unnamed = ["Casino and rooms revenue grew."]  # the rows are never called segments
    assert ranking_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1, unnamed) is None


def test_only_the_segments_a_question_lists_are_ranked() -> None:
    mixed = Table(
        "t11",
        [91],
        [["(Dollars in millions)", "2021", "2020"]],
        [
            ["Revenues", "", ""],
            ["North America", "$ 17,179", "$ 14,484"],
            ["Greater China", "8,290", "6,679"],
            ["Global Brand Divisions", "25", "30"],
            ["Sales through Direct", "6,993", "5,113"],
        ],
        caption="Revenues by segment",
    )
    out = _rank(
        mixed,
        "Which of Acme's geographic segments (North America; Greater China) grew revenue fastest in 2021?",
    )
    assert out is not None and out.text.startswith("Greater China") and "24.1%" in out.text
    assert "Direct" not in out.text and "Global Brand" not in out.text


def test_a_relative_which_clause_asks_no_ranking() -> None:
    stores = analyze(
        "What net sales did Amazon's physical stores (which include Whole Foods Market) generate in 2017?"
    )
    assert not asks_ranking(stores)
    assert asks_ranking(analyze("Which of Acme's segments had the highest operating income in 2017?"))


GROWTHS = Table(
    "t11",
    [39],
    [["(In millions)", "2022", "2021"]],
    [
        ["Operating profit", "", ""],
        ["Aeronautics", "$ 2,699", "$ 2,725"],
        ["Space", "$ 255", "$ 203"],
        ["Operating profit", "$ 3,475", "$ 3,144"],
    ],
    caption="Operating profit by segment",
)


def test_the_highest_growth_ranks_by_the_change_never_the_item_s_own_total_row() -> None:
    out = _rank(GROWTHS, "Which Acme segment had the highest reported operating profit growth in 2022?")
    assert out is not None and out.text.startswith("Space had the highest")  # +25.6% against −1.0%
    assert "3,475" not in out.text  # "Operating profit" under its own heading is the total, no segment
