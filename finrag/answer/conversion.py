"""A looked-up amount restated in the scale the question asks for ("Answer in USD millions")."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.calc import Operand, rounded
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Fact

_ASKED_SCALE = re.compile(
    r"\bin\s+(?:usd\s+|us\$\s*|\$\s*)?(thousands|millions|billions|mm|mn|bn)\b"
    r"|\bin\s+(thousands|millions|billions) of (?:us )?dollars\b",
    re.I,
)
# "合多少亿元", "以万元计", "采购额多少万": the scale of yuan a Chinese question asks for (not "多少万股")
_ZH_ASKED_SCALE = re.compile(r"(?:多少|以|合|折合|按)(百万|千|万|亿)元|(?:多少|合)(万|亿)(?![\u4e00-\u9fff])")
_SCALES = {
    "thousands": Decimal(1_000),
    "millions": Decimal(1_000_000),
    "billions": Decimal(1_000_000_000),
    "trillions": Decimal(1_000_000_000_000),
}
_ABBREVIATED = {"mm": "millions", "mn": "millions", "bn": "billions"}
_ZH_SCALES = {
    "千": Decimal(1_000),
    "万": Decimal(10_000),
    "百万": Decimal(1_000_000),
    "亿": Decimal(100_000_000),
    "万亿": Decimal(1_000_000_000_000),
}
_YUAN = ("元", "千元", "万元", "百万元", "亿元")  # the units a Chinese amount is restated from
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
    target, to = _asked_scale(asked.question, unit)
    if to is None or unit == "%" or not scale or (scale == 1 and unit not in _YUAN):
        return None
    factor = scale / to
    if factor == 1:
        return None
    places = CONVERTED_PLACES if asked.places is None else asked.places  # "rounded to one decimal place"
    result = rounded(value * factor, places)
    shown, factor_text = format_number(value, None), format_number(factor.normalize(), None)
    text = f"In {target}: {shown} {unit} × {factor_text} = {format_number(result, places)} {target}"
    if target in _YUAN:
        text = f"折合{target}：{shown}{unit} × {factor_text} = {format_number(result, places)}{target}"
    return result, target, factor_text, text


def scale_of(word: str) -> Decimal:
    """The size of a scale word a question writes with a number ("$1 billion", "3亿元"); 1 for none."""
    low = word.lower()
    return _ZH_SCALES.get(low) or _SCALES.get(low if low.endswith("s") else f"{low}s") or Decimal(1)


def _asked_scale(question: str, unit: str | None) -> tuple[str, Decimal | None]:
    """The scale the question asks an amount in ("in USD mm": millions; "多少亿元": 亿元) and its size."""
    if unit in _YUAN:
        m = _ZH_ASKED_SCALE.search(question)
        word = (m.group(1) or m.group(2)) if m else ""
        return f"{word}元", _ZH_SCALES.get(word)
    m = _ASKED_SCALE.search(question)
    if m is None:
        return "", None
    target = (m.group(1) or m.group(2)).lower()
    target = _ABBREVIATED.get(target, target)
    return target, _SCALES[target]


def with_conversion(asked: AskedFor, calc: Calculation, operands: list[Operand]) -> Calculation:
    """An amount worked out in the table's scale, restated in the scale the question asks for (a sum in
    thousands when "in USD millions" was asked) as one more shown step."""
    scales = {(op.scale, op.unit) for op in operands}
    if calc.unit in (None, "%") or len(scales) != 1:
        return calc
    scale, unit = scales.pop()
    step = rescaled(asked, calc.result, scale, unit)
    return replace(calc, text=f"{calc.text}\n{step[3]}") if step else calc
