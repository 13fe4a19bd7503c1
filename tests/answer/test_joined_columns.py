"""Two year columns the table reader ran into one are read as two: each amount under its own year."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.joined_columns import unjoined
from finrag.model import Table

from .helpers import make_doc, table_chunks

GEOGRAPHY = Table(
    "t9",
    [103],
    [["", "Fiscal Year", ""], ["In Millions", "2019 2018", "2017"]],
    [
        ["Net sales:", "", ""],
        ["United States", "$ 12,462.8 $ 11,115.6", "$ 11,160.9"],
        ["Non-United States", "4,402.4 4,624.8", "4,458.9"],
        ["Total", "$ 16,865.2 $ 15,740.4", "$ 15,619.8"],
    ],
    caption="The following table provides financial information by geographic area: (in millions)",
)


def test_a_joined_column_is_split_in_two() -> None:
    split = unjoined(GEOGRAPHY.header, GEOGRAPHY.rows, GEOGRAPHY)
    assert split is not None
    assert split.header[1] == ["In Millions", "2019", "2018", "2017"]
    assert split.rows[1] == ["United States", "$ 12,462.8", "$ 11,115.6", "$ 11,160.9"]
    plain = Table("t1", [1], [["", "2019", "2018"]], [["Sales", "1,000", "900"]])
    assert unjoined(plain.header, plain.rows, plain) is None  # nothing joined


def test_each_year_s_amount_is_a_fact_of_its_own() -> None:
    doc = make_doc([GEOGRAPHY], company="General Mills", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    outside = {f.fiscal_year: f.value for f in facts if f.line_item == "Non-United States"}
    assert outside == {2019: Decimal("4402.4"), 2018: Decimal("4624.8"), 2017: Decimal("4458.9")}


def test_two_dates_or_two_chinese_headings_run_together_are_split() -> None:
    dated = Table(
        "t3",
        [21],
        [["项目", "2010.12.31 2009.12.31", "2008.12.31"]],
        [["流动资产", "50,649.47 31,811.75", "22,583.03"], ["非流动资产", "35,972.55 13,010.16", "5,558.94"]],
    )
    split = unjoined(dated.header, dated.rows, dated)
    assert split is not None and split.header[0] == ["项目", "2010.12.31", "2009.12.31", "2008.12.31"]
    assert split.rows[0] == ["流动资产", "50,649.47", "31,811.75", "22,583.03"]
    # "金额比例" beside "金额" and "比例": the two headings the table prints on their own elsewhere
    shares = Table(
        "t4",
        [243],
        [["产品类别", "金额", "比例", "金额比例"]],
        [
            ["太阳能边框", "111,836.77", "93.12%", "46,543.55 88.11%"],
            ["安装支架", "4,833.71", "4.02%", "710.67 1.35%"],
        ],
    )
    split = unjoined(shares.header, shares.rows, shares)
    assert split is not None and split.header[0][3:] == ["金额", "比例"]
    assert split.rows[0][3:] == ["46,543.55", "88.11%"]
    # one heading over two amounts per cell ("营业收入合计"): no two headings to split it into
    one = Table("t5", [1], [["项目", "营业收入合计"]], [["A", "1.00 2.00"], ["B", "3.00 4.00"]])
    assert unjoined(one.header, one.rows, one) is None
