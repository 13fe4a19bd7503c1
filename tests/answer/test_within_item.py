"""A kind asked within an item ("存货中原材料") is read from a table of that item, never from the same row
of a cost structure or of the item's allowance."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.query import analyze
from finrag.answer.within_item import within_items
from finrag.model import Table

from .helpers import make_doc, table_chunks

COSTS = Table(
    "t35",
    [69],
    [["项目", "2005年 金额(万元)", "2005年 所占比重（%）"]],
    [["原材料", "9263.51", "75.01%"], ["煤", "293.29", "2.37%"], ["成本总额", "12349.72", ""]],
    caption="报告期内原料、能源占成本比重见下表",
)
ALLOWANCES = Table(
    "t88",
    [137],
    [["项目", "2005年12月31日"]],
    [["二、存货跌价准备合计", "406,333.45"], ["其中：原材料", "246,730.80"], ["合计", "2,349,572.62"]],
    caption="公司实际情况计提了资产减值准备，详见下表：",
)
INVENTORIES = Table(
    "t90",
    [135],
    [["存货项目", "2005年12月31日"]],
    [["原材料", "13,701,000.00"], ["库存商品", "4,874,700.00"], ["合计", "18,575,700.00"]],
    caption="存货构成情况",
)


def test_only_the_inventory_note_s_row_answers_a_kind_of_inventory() -> None:
    doc = make_doc([COSTS, ALLOWANCES, INVENTORIES], company="南岭民爆", year=2005)
    chunks = table_chunks(doc)
    facts = [f for f in extract_facts(doc, chunks) if "原材料" in f.line_item]
    assert len({f.table_ref for f in facts}) == 3
    asked = analyze("南岭民爆2005年12月31日存货中原材料的账面余额是多少元？")
    asked.line_items = [LineItemMatch("", "原材料", asked.question.find("原材料"), within="inventory")]
    kept = within_items(facts, asked, {c.chunk_id: c for c in chunks})
    assert {(f.table_ref, f.value) for f in kept} == {("t90", Decimal("13701000.00"))}
    plain = analyze("南岭民爆2005年原材料成本是多少万元？")  # no item named around the kind: all kept
    assert within_items(facts, plain, {c.chunk_id: c for c in chunks}) == facts
