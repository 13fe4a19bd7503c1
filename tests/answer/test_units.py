from __future__ import annotations

from decimal import Decimal

import pytest

from finrag.answer.lexicon import find_line_items, normalise
from finrag.answer.periods import resolve_label
from finrag.answer.units import detect_unit, format_number, parse_number


@pytest.mark.parametrize(
    ("cell", "value", "percent"),
    [
        ("1,175,301,034.32", "1175301034.32", False),
        ("(3,120,555.20)", "-3120555.20", False),
        ("-12.5", "-12.5", False),
        ("$ 280,522", "280522", False),
        ("$9,889 $", "9889", False),  # the next column's dollar sign read into the cell
        ("（１２３．４）", "-123.4", False),
        ("23.15%", "23.15", True),
        ("300,066 (e)", "300066", False),  # a footnote's letter after the amount
    ],
)
def test_parse_number_reads_printed_figures(cell: str, value: str, percent: bool) -> None:
    parsed = parse_number(cell)
    assert parsed is not None and parsed.value == Decimal(value) and parsed.percent is percent


@pytest.mark.parametrize("cell", ["-", "—", "——", "", "n/a", "七、61", "不适用", "Note 3", "(e)"])
def test_dashes_and_labels_are_not_numbers(cell: str) -> None:
    assert parse_number(cell) is None


@pytest.mark.parametrize(
    ("text", "label", "scale"),
    [
        ("单位：元 币种：人民币", "元", 1),
        ("单位：万元", "万元", 10_000),
        ("金额单位：人民币千元", "千元", 1_000),
        ("（单位：亿元）", "亿元", 100_000_000),
        ("(In millions, except per share data)", "millions", 1_000_000),
        ("REPORTED SALES vs. PRIOR PERIOD ($MM)", "millions", 1_000_000),  # an earnings release's millions
        ("$ in thousands", "thousands", 1_000),
    ],
)
def test_detect_unit_from_captions(text: str, label: str, scale: int) -> None:
    unit = detect_unit(text)
    assert unit is not None and unit.label == label and unit.scale == scale


def test_resolve_labels_absolute_and_relative() -> None:
    assert resolve_label("2019年12月31日", None).period_end == "2019-12-31"
    assert resolve_label("上年末", 2019).period_end == "2018-12-31"
    assert resolve_label("期末余额", 2019).period_end == "2019-12-31"
    assert resolve_label("上期发生额", 2019).fiscal_year == 2018
    assert resolve_label("Year Ended December 31, 2018", None).kind == "duration"
    assert resolve_label("May 31, 2019", None).fiscal_year == 2019  # Nike's FY2019 ends in May
    assert resolve_label("2019年1-6月", None).fiscal_period == "H1"
    assert resolve_label("本期比上年同期增减(%)", 2019).fiscal_year is None
    assert resolve_label("上期期末数", 2019).period_end == "2018-12-31"
    assert resolve_label("AS OF MAY 31, 2019 EFFECT OF ADOPTION", None).fiscal_year is None
    assert resolve_label("FINANCIAL HISTORY 2019 2018 2017", None).fiscal_year is None  # merged header cell


def test_normalise_and_find_line_items() -> None:
    assert normalise("一、营业总收入") == "营业总收入"
    assert normalise("减：营业成本") == "营业成本"
    assert normalise("四、净利润（净亏损以“－”号填列）") == "净利润"
    assert normalise("Less: Cost of sales") == "cost of sales"
    found = [m.concept for m in find_line_items("2020年百诚医药的销售费用和管理费用分别是多少元?")]
    assert found == ["selling_expense", "admin_expense"]
    assert [m.concept for m in find_line_items("2019年四方科技毛利率是多少")] == []  # 毛利率 is a ratio


def test_format_number_groups_digits() -> None:
    assert format_number(Decimal("1175301034.3249"), 2) == "1,175,301,034.32"
    assert format_number(Decimal("2400"), None) == "2,400"


def test_a_rate_column_named_with_its_unit_is_that_year_s_rate() -> None:
    rate = "2004年 净资产收益率（%） 加权平均"
    assert resolve_label(rate, None).fiscal_year == 2004  # a rate's "（%）" is its unit, no share column
    unit = detect_unit(rate)
    assert unit is not None and unit.label == "%"
    assert resolve_label("2004年 比例（%）", None).fiscal_year is None  # a share of the year's total
    per_share = detect_unit("2004年 每股收益（元/股） 全面摊薄")  # yuan a share in a table of 万元
    assert per_share is not None and (per_share.label, per_share.scale) == ("元", Decimal(1))
