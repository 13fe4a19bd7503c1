"""A cell keeps its own unit where the table's declared one does not apply."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.fact_units import except_per_share, own_unit
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
