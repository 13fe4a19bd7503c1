"""A cell's own unit where the table's declared one does not apply: a row or column counted in a unit
of quantity ("销售量（万米）" in a table "单位：万元") and the per-share (per-unit) rows of a table "in
millions, except per share amounts" (an EPS of 1.33 is dollars, not millions)."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.lexicon import QUANTITY_UNITS
from finrag.answer.per_share import PER_SHARE_ROW
from finrag.answer.units import Unit

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
    return table_unit
