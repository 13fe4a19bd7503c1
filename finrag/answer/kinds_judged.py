"""A Chinese question comparing one measure of two kinds ("金宇生物2020年国内主营业务的毛利率是否高于国外
主营业务？", "热敏纸产品的毛利率比双胶纸产品高多少个百分点"): the measure of each kind, read or worked out
from that kind's own rows, and yes or no as the first compares with the second, or the difference."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from finrag.answer.query import AskedFor
from finrag.answer.quoted import NumericAnswer
from finrag.answer.row_asks import KindsCompared
from finrag.answer.units import format_number
from finrag.model import Calculation, Fact


def kinds_answer(
    asked: AskedFor,
    sides: KindsCompared,
    facts_of: Callable[[str], list[Fact]],
    answer_for: Callable[[AskedFor, list[Fact]], NumericAnswer | None],
) -> NumericAnswer | None:
    """是 or 否 as the first kind's measure compares with the second's, or by how much it exceeds (falls
    short of) it, each answered from its own rows (``facts_of``) by ``answer_for``; None unless both are
    single, different figures in one unit."""
    a, b = (
        answer_for(replace(asked, qualifiers=[k], question=f"{stem}是多少？"), facts_of(k))
        for k, stem in (
            (sides.first, sides.stem),
            (sides.second, sides.stem.replace(sides.first, sides.second)),
        )
    )
    x, y = _value(a), _value(b)
    if a is None or b is None or x is None or y is None or x == y or _unit(a) != _unit(b):
        return None
    if {f.fact_id for f in a.facts} & {f.fact_id for f in b.facts}:
        return None  # one row read for both kinds
    name = asked.formula.zh if asked.formula else asked.line_items[0].printed if asked.line_items else ""
    unit = _unit(a)
    cites = "".join(dict.fromkeys(re.findall(r"\[\d+\]", a.text + b.text)))
    calcs = [c for c in (a.calculation, b.calculation) if c is not None]
    inputs = [i for c in calcs for i in c.inputs]
    worked = "\n".join(c.text for c in calcs)
    if sides.judged:
        yes = x < y if sides.lower else x > y
        shown = "，".join(
            f"{k}{name}为{format_number(v, None)}{unit}" for k, v in ((sides.first, x), (sides.second, y))
        )
        calc = replace(calcs[0], inputs=inputs, text=worked) if calcs else None
        text = f"{'是' if yes else '否'}。{shown}{cites}。"
        return NumericAnswer(
            f"{text}\n{a.text}\n{b.text}", [*a.facts, *b.facts], calc, [*a.detail, *b.detail], x
        )
    delta = y - x if sides.lower else x - y
    points = "个百分点" if unit == "%" else unit
    larger, smaller = (
        ((sides.second, y), (sides.first, x)) if sides.lower else ((sides.first, x), (sides.second, y))
    )
    line = (
        f"差额 = {larger[0]}{name} − {smaller[0]}{name} = {format_number(larger[1], None)}{unit} − "
        f"{format_number(smaller[1], None)}{unit} = {format_number(delta, None)}{points}"
    )
    calc = Calculation(
        "difference", "larger − smaller", inputs, delta, unit or None, "\n".join([worked, line])
    )
    text = f"{a.text}\n{b.text}\n{line}{cites}。"
    return NumericAnswer(text, [*a.facts, *b.facts], calc, [*a.detail, *b.detail], delta)


def _value(found: NumericAnswer | None) -> Decimal | None:
    """The single figure an answer gives: its calculation's result, else its one fact's value or its ratio
    (a kind's amount is quoted before its ratio)."""
    if found is None or not found.facts:
        return None
    if found.calculation is not None:
        return found.calculation.result
    last = found.facts[-1]
    return last.value if len({f.fact_id for f in found.facts}) == 1 or last.unit == "%" else None


def _unit(found: NumericAnswer) -> str:
    """The unit the figure is shown in: its calculation's, else its fact's ("%", "元", "万元")."""
    calc = found.calculation
    return (calc.unit if calc is not None else found.facts[-1].unit) or ""
