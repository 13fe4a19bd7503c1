"""A cell's own unit where the table's declared one does not apply: a row or column counted in a unit
of quantity ("销售量（万米）" in a table "单位：万元") and the per-share (per-unit) rows of a table "in
millions, except per share amounts" (an EPS of 1.33 is dollars, not millions)."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.lexicon import QUANTITY_UNITS
from finrag.answer.per_share import PER_SHARE_ROW
from finrag.answer.units import PERCENT, Unit, detect_unit, zh_unit

# a quantity's unit anywhere in a row's or column's labels ("销售量（万米） 2005年度"; "周转率（次）")
_QUANTITY = re.compile(rf"[（(]\s*(?P<unit>(?:万|千|百|亿)?(?:{QUANTITY_UNITS}|次))\s*[)）]")
_COUNT_SCALE = {"万": Decimal(10_000), "千": Decimal(1_000), "百": Decimal(100), "亿": Decimal(100_000_000)}
# "…, Except Per Share Amounts", "(in thousands, except revenue per membership and percentages)"
_EXCEPT_PER_SHARE = re.compile(r"except\s+(?:for\s+)?(?:(?:[a-z]+\s+){0,3}per\b|eps\b)", re.I)
_PER_UNIT_ROW = re.compile(r"\bper\s+[a-z]", re.I)  # "revenue per paying membership", "per share"


def except_per_share(texts: list[str]) -> bool:
    """The table's unit line leaves its per-share rows out ("($ in Millions, except EPS)")."""
    return bool(_EXCEPT_PER_SHARE.search(" ".join(texts)))


def own_unit(table_unit: Unit | None, labels: str, row: str, per_share_unscaled: bool) -> Unit | None:
    """The unit of a cell the table's unit was about to be given: a quantity's named in ``labels`` (its row
    and column labels), none for a per-share ``row`` when the table excepts them, else the table's."""
    if counted := _QUANTITY.search(labels):
        return Unit(counted["unit"], _COUNT_SCALE.get(counted["unit"][0], Decimal(1)))
    if per_share_unscaled and (PER_SHARE_ROW.search(row) or _PER_UNIT_ROW.search(row)):
        return None
    if table_unit is not None and table_unit.label in _MONEY_UNITS:  # a rate's row in a table of 万元
        named = _TRAILING_NOTE.sub("", row)
        if _ZH_PERCENT_ROW.search(named):
            return PERCENT  # "财务内部收益率", "投资利润率": a percentage, never an amount
        if _ZH_TIMES_ROW.search(named):
            return None  # "流动比率", "应收账款周转率": times, no unit
        if _ZH_YEARS_ROW.search(named):
            return Unit("年", Decimal(1))  # "投资回收期（含建设期）": years
    return table_unit


# what a Chinese row of a table "单位：万元" measures in other units, by how its label ends
_TRAILING_NOTE = re.compile(r"(?:\s*[（(][^（）()]*[)）])+\s*$")
_ZH_PERCENT_ROW = re.compile(
    r"(?:收益率|利润率|利税率|毛利率|增长率|负债率|占有率|利用率|税率|比例|占比|比重)$"
)
_ZH_TIMES_ROW = re.compile(r"(?:比率|周转率|倍数)$")
_ZH_YEARS_ROW = re.compile(r"回收期$")


# a table's own column of units ("| 指标名称 | 单位 | 所得税前 | 所得税后 |"): each row's unit is in it
_UNIT_HEAD = re.compile(r"单位|units?", re.I)
# what such a cell may hold: a money unit, a percentage, a count, a span of time
_UNIT_CELL = re.compile(rf"(?:万|千|百|亿)?(?:{QUANTITY_UNITS}|年|月|天|日|次|倍)")
_MONEY_UNITS = ("百万元", "千万元", "亿元", "万元", "千元", "元")


def unit_column(header: list[list[str]]) -> int | None:
    """The index of the column the header heads "单位" (a unit per row), else None."""
    for row in reversed(header):
        for i, cell in enumerate(row):
            if _UNIT_HEAD.fullmatch(cell.strip()):
                return i
    return None


def unit_cell(cell: str) -> Unit | None:
    """A row's unit as its unit column prints it ("%", "万元", "年"), else None."""
    text = cell.strip().replace("％", "%")
    if text in _MONEY_UNITS:
        return zh_unit(text)
    if text == "%":
        return PERCENT
    if _UNIT_CELL.fullmatch(text):
        return Unit(text, _COUNT_SCALE.get(text[0], Decimal(1)) if len(text) > 1 else Decimal(1))
    return detect_unit(text)
