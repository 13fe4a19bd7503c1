"""A cell keeps its own unit where the table's declared one does not apply."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.fact_units import except_per_share, own_unit, unit_cell, unit_column
from finrag.answer.units import Unit

MILLIONS = Unit("millions", Decimal(1_000_000))


def test_per_share_rows_of_a_table_in_millions_except_per_share_carry_no_scale() -> None:
    excepted = except_per_share(["(in millions, except per share amounts)"])
    assert excepted and not except_per_share(["(in millions)"])
    assert own_unit(MILLIONS, "2023", "Diluted earnings per ordinary share", excepted) is None
    assert own_unit(MILLIONS, "", "EPS: Diluted", excepted) is None
    assert own_unit(MILLIONS, "Net sales 2023", "Net sales", excepted) is MILLIONS


def test_a_quantity_keeps_its_own_unit_and_scale() -> None:
    unit = own_unit(Unit("万元", Decimal(10_000)), "销售量（万米） 2005年", "销售量（万米）", False)
    assert unit is not None and (unit.label, unit.scale) == ("万米", Decimal(10_000))


def test_a_unit_column_gives_each_row_its_unit() -> None:
    header = [["", "", "", "指标", "指标", ""], ["序号", "指标名称", "单位", "所得税前", "所得税后", "备注"]]
    assert unit_column(header) == 2 and unit_column([["项目", "2019年", "2018年"]]) is None
    cells = {c: unit_cell(c) for c in ("%", "％", "万元", "年", "万吨", "元/吨", "")}
    assert cells["%"] == cells["％"] == Unit("%", Decimal(1))
    assert cells["万元"] == Unit("万元", Decimal(10_000)) and cells["年"] == Unit("年", Decimal(1))
    assert cells["万吨"] == Unit("万吨", Decimal(10_000))
    assert cells["元/吨"] is None and cells[""] is None  # a price's unit is no scale of the figure


def test_a_rate_or_a_payback_period_in_a_table_of_wan_yuan_is_no_amount() -> None:
    wan = Unit("万元", Decimal(10_000))
    assert own_unit(wan, "", "财务内部收益率", False) == Unit("%", Decimal(1))
    assert own_unit(wan, "", "投资回收期（含建设期）", False) == Unit("年", Decimal(1))
    assert own_unit(wan, "", "流动比率", False) is None  # times
    assert own_unit(wan, "", "营业收入", False) is wan
