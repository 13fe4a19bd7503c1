"""A fixed-asset note printing one column per asset class: a class's book value at the year's end and start,
and a movement of its cost, are read from its column and dated by the row."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from finrag.answer.class_columns import class_column_cells
from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.numeric import lookup_answer
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

FIXED_ASSETS = Table(
    "t139",
    [139],
    [["项目", "房屋及建筑物", "专用设备", "运输设备", "合计"]],
    [
        ["一、账面原值：", "", "", "", ""],
        ["1.期初余额", "900,000.00", "500,000.00", "13,791,581.78", "1,413,791,581.78"],
        ["2.本期增加金额", "10,000.00", "442,576,018.01", "489,200.89", "443,075,218.90"],
        ["（1）在建工程转入", "", "442,576,018.01", "", "442,576,018.01"],
        ["4.期末余额", "910,000.00", "942,576,018.01", "13,817,530.21", "957,303,548.22"],
        ["四、账面价值", "", "", "", ""],
        ["1.期末账面价值", "700,000.00", "800,000.00", "4,621,955.96", "6,121,955.96"],
        ["2.期初账面价值", "720,000.00", "400,000.00", "5,427,246.01", "6,547,246.01"],
    ],
    caption="(1).固定资产情况",
)


def _cells(question: str, kind: str = "运输设备", item: str = "账面价值"):
    doc = make_doc([FIXED_ASSETS], company="生物股份", year=2020)
    chunks = [replace(c, meta=replace(c.meta, fiscal_period="FY")) for c in table_chunks(doc)]
    asked = analyze(question)
    # the class and the item the retriever's analysis reads from the note's labels
    asked.qualifiers, asked.line_items = [kind], [LineItemMatch("", item, question.find(item))]
    cells = class_column_cells(
        extract_facts(doc, chunks), asked.qualifiers, asked.line_items, {c.chunk_id: c for c in chunks}
    )
    return asked, cells, doc


def test_a_class_s_book_value_is_its_column_dated_by_the_row() -> None:
    asked, cells, doc = _cells("金宇生物2020年末运输设备的账面价值是多少？")
    assert {(f.fiscal_year, f.value) for f in cells} == {
        (2020, Decimal("4621955.96")),
        (2019, Decimal("5427246.01")),
    }
    out = lookup_answer(asked, cells, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "4,621,955.96" in out.text and "6,121,955.96" not in out.text
    asked, cells, doc = _cells("金宇生物2019年末运输设备的账面价值是多少？")  # the 2020 note's opening column
    out = lookup_answer(asked, cells, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "5,427,246.01" in out.text and "4,621,955.96" not in out.text
    _, cells, _ = _cells("金宇生物2020年专用设备的在建工程转入是多少？", "专用设备", "在建工程转入")
    assert [(f.fiscal_year, f.value) for f in cells] == [(2020, Decimal("442576018.01"))]  # the year's


def test_no_cell_for_a_class_the_note_does_not_print() -> None:
    _, cells, _ = _cells("金宇生物2020年末电子设备的账面价值是多少？", "电子设备")
    assert cells == []
