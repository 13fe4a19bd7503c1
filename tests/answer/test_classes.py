"""Notes printing an asset's classes as columns and its movements as rows: a class and a movement asked give
that cell, block by block."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.classes import Cell, asked_cells, class_cells
from finrag.answer.facts import extract_facts
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

INTANGIBLES = Table(
    "t1",
    [142],
    [["项目", "土地使用权", "非专利技术", "合计"]],
    [
        ["一、账面原值", "", "", ""],
        ["1.期初余额", "284,646,565.18", "190,471,614.62", "475,118,179.80"],
        ["(2)内部研发", "", "33,400,000.00", "33,400,000.00"],
        ["4.期末余额", "284,646,565.18", "224,271,614.62", "508,918,179.80"],
        ["二、累计摊销", "", "", ""],
        ["（1）计提", "5,874,965.13", "31,888,598.25", "37,763,563.38"],
        ["4.期末余额", "58,967,206.75", "116,717,371.49", "175,684,578.24"],
        ["四、账面价值", "", "", ""],
        ["1.期末账面价值", "225,679,358.43", "105,106,293.13", "330,785,651.56"],
        ["2.期初账面价值", "231,554,323.56", "103,194,891.38", "334,749,214.94"],
    ],
    caption="(1).无形资产情况",
)


def test_each_clause_names_a_block_and_a_row_of_the_class() -> None:
    q = "无形资产中“非专利技术”的期末账面价值是多少？本期通过内部研发增加的原值是多少？"
    assert asked_cells(q, "非专利技术") == [Cell("账面价值", "期末账面价值"), Cell("账面原值", "内部研发")]
    later = "专用设备的累计摊销期末余额是多少元？本期计提了多少？"  # the second clause stays in its block
    assert asked_cells(later, "专用设备") == [Cell("累计摊销", "期末余额"), Cell("累计摊销", "计提")]


def test_the_class_column_meets_the_rows_asked() -> None:
    doc = make_doc([INTANGIBLES], company="生物股份", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("生物股份2020年末无形资产中“非专利技术”的期末账面价值是多少？累计摊销本期计提了多少？")
    found = class_cells(asked, facts, {doc.doc_id: 0})
    assert found is not None and found[0] == "非专利技术"
    assert [f.value for f in found[1]] == [Decimal("105106293.13"), Decimal("31888598.25")]
    land = analyze("生物股份2020年末“土地使用权”的原值期初余额是多少？")
    assert [f.value for f in class_cells(land, facts, {doc.doc_id: 0})[1]] == [Decimal("284646565.18")]


def test_a_block_asked_right_after_the_item_is_read_from_the_note_s_total_column() -> None:
    doc = make_doc([INTANGIBLES], company="生物股份", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("生物股份2020年末无形资产的累计摊销余额是多少？")
    found = class_cells(asked, facts, {doc.doc_id: 0})
    assert found is not None and [f.value for f in found[1]] == [Decimal("175684578.24")]  # not a class's
    assert class_cells(analyze("生物股份2020年末无形资产是多少？"), facts, {doc.doc_id: 0}) is None
