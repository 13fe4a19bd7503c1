"""A looked-up amount restated in the scale the question asks for ("Answer in USD millions")."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.calc import Operand, rounded
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Fact

_ASKED_SCALE = re.compile(r"\bin\s+(?:usd\s+|us\$\s*|\$\s*)?(thousands|millions|billions)\b", re.I)
_SCALES = {"thousands": Decimal(1_000), "millions": Decimal(1_000_000), "billions": Decimal(1_000_000_000)}
CONVERTED_PLACES = 2  # "in USD millions" from a table in thousands: 302,578 thousands = 302.58 millions


def converted(asked: AskedFor, f: Fact, n: int) -> Calculation | None:
    """The fact restated in the scale the question asks for ("Answer in USD millions"), as a shown step."""
    step = rescaled(asked, f.value, f.scale, f.unit)
    if step is None:
        return None
    result, target, factor_text, text = step
    inputs = [CalcInput(f.line_item.strip(), f.value, f.unit, n)]
    return Calculation("unit_conversion", f"value × {factor_text}", inputs, result, target, text)


def rescaled(
    asked: AskedFor, value: Decimal, scale: Decimal | None, unit: str | None
) -> tuple[Decimal, str, str, str] | None:
    """``value`` (printed in ``unit`` of ``scale``) in the scale the question asks for: the result, the
    target scale, the factor and the shown step; None when the question asks none or it is the same."""
    m = _ASKED_SCALE.search(asked.question)
    if m is None or unit == "%" or not scale or scale == 1:
        return None
    target = m.group(1).lower()
    factor = scale / _SCALES[target]
    if factor == 1:
        return None
    places = CONVERTED_PLACES if asked.places is None else asked.places  # "rounded to one decimal place"
    result = rounded(value * factor, places)
    shown, factor_text = format_number(value, None), format_number(factor.normalize(), None)
    text = f"In {target}: {shown} {unit} × {factor_text} = {format_number(result, places)} {target}"
    return result, target, factor_text, text


def with_conversion(asked: AskedFor, calc: Calculation, operands: list[Operand]) -> Calculation:
    """An amount worked out in the table's scale, restated in the scale the question asks for (a sum in
    thousands when "in USD millions" was asked) as one more shown step."""
    scales = {(op.scale, op.unit) for op in operands}
    if calc.unit in (None, "%") or len(scales) != 1:
        return calc
    scale, unit = scales.pop()
    step = rescaled(asked, calc.result, scale, unit)
    return replace(calc, text=f"{calc.text}\n{step[3]}") if step else calc
