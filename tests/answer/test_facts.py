from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.model import Table

from .helpers import BALANCE_ZH, INCOME_ZH, make_doc, table_chunks


def _by(facts, item: str, year: int):
    return [f for f in facts if f.line_item_norm == item and f.fiscal_year == year]


def test_income_statement_facts_have_value_unit_period_scope_and_chunk() -> None:
    doc = make_doc([INCOME_ZH])
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    (rev,) = _by(facts, "营业收入", 2019)
    assert rev.value == Decimal("1175301034.32")
    assert rev.unit == "元" and rev.scale == 1
    assert rev.line_item == "其中：营业收入"
    assert rev.scope == "consolidated" and rev.statement == "合并利润表"
    assert rev.page == 60 and rev.table_ref == "t1" and rev.chunk_id == chunks[0].chunk_id
    assert rev.company == "四方科技" and rev.fiscal_period == "FY"
    (prev,) = _by(facts, "营业收入", 2018)
    assert prev.value == Decimal("1020115551.27")
    # the 附注 column is not a period; "(…)" is negative; "—" is empty
    assert not any(f.column_label == "附注" for f in facts)
    assert _by(facts, "财务费用", 2019)[0].value == Decimal("-3120555.20")
    assert _by(facts, "财务费用", 2018) == []
    assert _by(facts, "净利润", 2019)[0].line_item_norm == "净利润"


def test_relative_balance_sheet_columns_resolve_to_dates() -> None:
    doc = make_doc([BALANCE_ZH])
    facts = extract_facts(doc, table_chunks(doc))
    cash = {f.period_end: f for f in facts if f.line_item_norm == "货币资金"}
    assert cash["2019-12-31"].value == Decimal("401234567.89")
    assert cash["2018-12-31"].value == Decimal("350000000.00")
    assert cash["2018-12-31"].column_label == "上年末"
    assert {f.page for f in facts if f.line_item_norm == "资产总计"} == {57}


def test_units_scope_and_english_headers() -> None:
    parent = Table(
        "t3",
        [80],
        [["项目", "本期发生额", "上期发生额"]],
        [["营业收入", "12,345.60", "11,000.00"]],
        caption="母公司利润表",
        unit="万元",
    )
    en = Table(
        "t4",
        [40],
        [["(in millions, except per share data)", "2019", "2018"]],
        [
            ["Total net sales", "$ 280,522", "$ 232,887"],
            ["Net income", "11,588", "10,073"],
            ["Gross margin", "41.0%", "40.2%"],
        ],
        caption="CONSOLIDATED STATEMENTS OF OPERATIONS",
    )
    doc = make_doc([parent, en])
    facts = extract_facts(doc, table_chunks(doc))
    rev = next(f for f in facts if f.table_ref == "t3" and f.fiscal_year == 2019)
    assert rev.scope == "parent" and rev.unit == "万元" and rev.scale == 10000
    sales = next(f for f in facts if f.line_item_norm == "total net sales" and f.fiscal_year == 2019)
    assert sales.value == Decimal("280522") and sales.unit == "millions" and sales.scale == 1_000_000
    margin = next(f for f in facts if f.line_item_norm == "gross margin" and f.fiscal_year == 2018)
    assert margin.unit == "%" and margin.value == Decimal("40.2")


def test_restated_opening_balance_and_adjustment_column() -> None:
    t = Table(
        "t5",
        [90],
        [["项目", "2018年12月31日", "2019年1月1日", "调整数"]],
        [["应收账款", "100.00", "90.00", "(10.00)"]],
        caption="调整当年年初财务报表相关项目情况",
    )
    doc = make_doc([t])
    facts = extract_facts(doc, table_chunks(doc))
    by_end = {f.period_end: f.value for f in facts}
    assert by_end == {"2018-12-31": Decimal("100.00"), "2019-01-01": Decimal("90.00")}
    assert all(f.fiscal_year == 2018 for f in facts)


def test_table_without_chunk_or_numbers_yields_nothing() -> None:
    t = Table("t6", [3], [["简称", "全称"]], [["公司", "四方科技集团股份有限公司"]], caption="释义")
    doc = make_doc([t])
    assert extract_facts(doc, table_chunks(doc)) == []
    assert extract_facts(make_doc([INCOME_ZH]), []) == []
