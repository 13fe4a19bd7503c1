"""A share of a kind of an item its note prints as a row: the row over the note's total, same column."""

from __future__ import annotations

from finrag.answer.facts import extract_facts
from finrag.answer.fetch import TOTAL_ROWS
from finrag.answer.kind_share import asks_kind_share, kind_share
from finrag.answer.owners import kind_facts
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

AGING = Table(
    "t86",
    [158],
    [["账龄", "2005.12.31", "2004.12.31"]],
    [
        ["1年以内", "19,299,387.49", "18,369,490.78"],
        ["1-2年", "442,943.72", "1,978,352.84"],
        ["2-3年", "1,340,166.36", "20,043.00"],
        ["合计", "21,091,692.21", "20,477,109.37"],
    ],
    caption="应付账款账龄分析列示如下：",
)
OTHER = Table(
    "t87",
    [158],
    [["账龄", "2005", "2004"]],
    [["1年以内", "6,378,613.55", "10,376,471.94"], ["合计", "7,000,000.00", "11,000,000.00"]],
    caption="3、其他应付款",
)


def _answer(question: str) -> str | None:
    doc = make_doc([AGING, OTHER], company="天源科技", year=2005, file="tianyuan.pdf")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    asked = analyze(question)
    kinds = kind_facts(facts, asked.qualifiers, {c.chunk_id: c for c in chunks})
    totals = [f for f in facts if f.line_item_norm in TOTAL_ROWS]
    found = kind_share(asked, kinds, totals, {doc.doc_id: 0}, lambda f: 1) if asks_kind_share(asked) else None
    return found.text if found else None


def test_a_bracket_s_share_is_its_row_over_the_note_s_total_in_the_year_s_column() -> None:
    text = _answer("天源科技2005年末应付账款中1年以内的金额和占比？")
    assert text is not None and "91.50%" in text and "19,299,387.49" in text  # not the 其他应付款 note's
    assert "89.71%" in (_answer("天源科技2004年末应付账款中1年以内的金额和占比？") or "")


def test_only_a_share_of_one_item_for_a_kind_is_worked_out_this_way() -> None:
    assert not asks_kind_share(analyze("天源科技2005年末应付账款中1年以内的金额是多少？"))  # no share
    assert not asks_kind_share(analyze("天源科技2005年末应付账款占流动负债的比例？"))  # no kind
    assert _answer("天源科技2005年末应付账款中5年以上的金额和占比？") is None  # no such row


def test_a_part_a_total_consisted_of_over_the_total_row_named_as_the_item() -> None:
    note = Table(
        "t47",
        [98],
        [["", "2017", "2016"]],
        [
            ["Raw materials and packaging", "1,729", "1,565"],
            ["Finished goods", "684", "851"],
            ["Total inventories", "2,655", "2,675"],
        ],
        caption="NOTE 4: INVENTORIES",
    )
    doc = make_doc([note], company="Coca-Cola", year=2017, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    asked = analyze(
        "What share of Coca-Cola's total inventories at December 31, 2017 consisted of raw materials?"
    )
    assert asked.qualifiers == ["raw materials"] and asks_kind_share(asked)
    kinds = kind_facts(facts, asked.qualifiers, {c.chunk_id: c for c in chunks})
    totals = [f for f in facts if f.line_item_norm == "total inventories"]
    found = kind_share(asked, kinds, totals, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and "65.12%" in found.text and "total inventories" in found.text


def test_a_part_of_a_total_no_lexicon_item_names_over_the_table_s_total_row() -> None:
    note = Table(
        "t90",
        [85],
        [["", "June 30, 2023", "June 30, 2022"]],
        [
            ["Commercial paper", "2,445", "2,310"],
            ["Term loans", "1,000", "900"],
            ["Total debt", "6,666", "6,354"],
        ],
        caption="Note 14 - Debt",
    )
    doc = make_doc([note], company="Amcor", year=2023, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    asked = analyze("What share of Amcor's total debt at June 30, 2023 consisted of commercial paper?")
    assert [m.printed for m in asked.line_items] == ["total debt"] and asks_kind_share(asked)
    kinds = kind_facts(facts, asked.qualifiers, {c.chunk_id: c for c in chunks})
    totals = [f for f in facts if f.line_item_norm == "total debt"]
    found = kind_share(asked, kinds, totals, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and "36.68%" in found.text  # 2,445 / 6,666, not 2,310 / 6,354
    assert "commercial paper / total debt" in found.text


def test_a_kind_of_a_statement_item_over_the_table_s_total_row_of_it() -> None:
    note = Table(
        "t41",
        [98],
        [["", "2022", "2021"]],
        [
            ["Current", "3,550", "3,390"],
            ["Deferred", "2,973", "3,412"],
            ["Total income tax provision", "6,523", "6,802"],
        ],
        caption="Years Ended December 31,",  # a title naming no item: the total row names it
    )
    doc = make_doc([note], company="Verizon", year=2022, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    asked = analyze(
        "What is Verizon's FY2022 deferred income tax provision as a percentage of its total income tax "
        "provision? Round to two decimal places."
    )
    assert asks_kind_share(asked)
    kinds = kind_facts(facts, asked.qualifiers, {c.chunk_id: c for c in chunks})
    totals = [f for f in facts if f.line_item_norm == "total income tax provision"]
    found = kind_share(asked, kinds, totals, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and "45.58%" in found.text, found  # 2,973 / 6,523
