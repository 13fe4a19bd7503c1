"""Named financial formulas applied to cited facts with Decimal arithmetic, shown as worked steps.

Nothing here guesses a number: every operand comes from a fact with its [n] citation, and the result is
the formula's output, rounded as the question asks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal

from finrag.answer.formula_base import total
from finrag.answer.formulas import AVERAGE_SHARE, FORMULAS, VARIADIC, Formula, detect_formula
from finrag.answer.per_share import PER_SHARE_ROW
from finrag.answer.units import format_number
from finrag.errors import AnswerError
from finrag.model import CalcInput, Calculation

__all__ = [
    "AVERAGE_SHARE",
    "FORMULAS",
    "VARIADIC",
    "Formula",
    "Operand",
    "compute",
    "detect_formula",
    "rounded",
]

HUNDRED = Decimal(100)
DEFAULT_PLACES = 2  # "保留两位小数" is the usual convention when the question does not say
SIGNIFICANT_DIGITS = 2  # a small ratio no decimals were asked for keeps two digits: 0.045, not 0.05


def _significant_places(raw: Decimal, formula: Formula) -> int:
    """Decimals for a result the question gives none for: two, or more for a plain ratio below 0.1 (a
    debt-to-equity of 0.045) so it keeps two significant digits."""
    if formula.percent or formula.same_unit or raw == 0 or abs(raw) >= Decimal("0.1"):
        return DEFAULT_PLACES
    return max(DEFAULT_PLACES, SIGNIFICANT_DIGITS - 1 - abs(raw).adjusted())


@dataclass(slots=True, frozen=True)
class Operand:
    label: str  # "营业收入 (2019)"
    value: Decimal  # as printed
    unit: str | None
    scale: Decimal  # to the base unit
    citation: int

    @property
    def base(self) -> Decimal:
        return self.value * self.scale


def rounded(value: Decimal, places: int) -> Decimal:
    return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def compute(
    formula: Formula,
    operands: list[Operand],
    *,
    places: int | None = None,
    lang: str = "zh",
    change_too: bool = False,
) -> Calculation:
    """Apply ``formula`` to cited operands; the text shows names, printed values and the rounded result.
    ``change_too``: a growth of one item shows the amount it changed by as well (``asks_change_amount``)."""
    if formula.name not in VARIADIC and len(operands) != len(formula.concepts):
        raise AnswerError(f"{formula.name} needs {len(formula.concepts)} inputs, got {len(operands)}")
    if len(operands) < 2 and formula.name in VARIADIC:
        raise AnswerError(f"{formula.name} needs at least 2 inputs")
    if formula.same_unit and len({_kind(op) for op in operands}) > 1:
        # "net earnings − diluted EPS": an amount less a figure per share (or a percentage) is no figure
        labels = ", ".join(op.label for op in operands)
        raise AnswerError(f"{formula.name}: operands of different kinds ({labels})")
    known = {(op.scale, op.unit) for op in operands if op.unit}
    if len(known) == 1:  # a row whose table stated no unit is in the unit of the filing's other tables
        scale, stated = known.pop()
        operands = [op if op.unit else replace(op, scale=scale, unit=stated) for op in operands]
    scales = {op.scale for op in operands}
    use_base = len(scales) > 1  # mixed units (元 and 万元): compute and show in the base unit
    values = [op.base if use_base else op.value for op in operands]
    # a question's own definition checks its divisors itself: a zero it adds ("+ current portion of long-term
    # debt" printed as 0) divides nothing
    if any(v == 0 for v in values[1:]) and formula.template.count("/") and formula.name != "defined":
        raise AnswerError(f"{formula.name}: division by zero in the cited figures")
    if formula.name == "share_of_total" and formula.template == "{0} / {1}" and values[0] == values[1]:
        raise AnswerError("share_of_total: the part is as large as its whole (one figure read as both)")
    if formula.name == "average_share":  # pairs (part, total) per year: the mean of the shares
        if len(operands) % 2:
            raise AnswerError("average_share needs (part, total) pairs")
        raw = formula.evaluate(values)
        pairs = " + ".join(f"{{{i}}} / {{{i + 1}}}" for i in range(0, len(operands), 2))
        template = f"({pairs}) / {len(operands) // 2}"
    elif formula.name in VARIADIC:
        raw = formula.evaluate(values)
        template = " + ".join("{" + str(i) + "}" for i in range(len(operands)))
        if formula.name == "average":
            template = f"({template}) / {len(operands)}"
    else:
        raw = formula.evaluate(values)
        template = formula.template
    # a bare ratio below one, no decimals asked: its percentage too ("0.26 (26.49%)": 0.26 alone hides it)
    as_percent = places is None and formula.name == "ratio" and abs(raw) < 1
    places = _significant_places(raw, formula) if places is None else places
    shown = raw * HUNDRED if formula.percent else raw
    result = rounded(shown, places)
    unit = "%" if formula.percent else (_common_unit(operands, use_base) if formula.same_unit else None)
    names = [op.label for op in operands]
    numbers = [format_number(v, None) for v in values]
    title = formula.zh if lang == "zh" else formula.en
    result_text = format_number(result, places) + ("%" if formula.percent else "")
    if unit and unit != "%":
        result_text += f" {unit}" if lang != "zh" else unit
    elif unit == "%" and formula.name in ("sum", "average"):  # "10.86% + 1.65% = 12.51%"
        result_text += unit
    if (rate := _change_rate(formula, operands, values)) is not None:  # one item's change: its rate too
        result_text += f"（{rate}%）" if lang == "zh" else f" ({rate}%)"
    if change_too and formula.percent and (change := _change_amount(template, operands, values)) is not None:
        unit_of = _common_unit(operands, use_base) or ""  # one item's growth: the amount it changed by too
        amount = format_number(change, None) + (unit_of if lang == "zh" else f" {unit_of}".rstrip())
        result_text += f"（变动额{amount}）" if lang == "zh" else f" (a change of {amount})"
    if as_percent:
        result_text += f" ({format_number(rounded(raw * HUNDRED, DEFAULT_PLACES), DEFAULT_PLACES)}%)"
    worked = template.format(*numbers)
    if formula.sums_parts:  # the parts' sum, often asked beside their share ("三项加起来是多少？占…的比重")
        worked += f" = {format_number(total(values[:-1]), None)} / {numbers[-1]}"
    text = f"{title} = {template.format(*names)} = {worked} = {result_text}"
    inputs = [CalcInput(op.label, op.value, op.unit, op.citation) for op in operands]
    return Calculation(formula.name, template.format(*names), inputs, result, unit, text)


def _kind(op: Operand) -> str:
    """What an operand counts: a percentage, a figure per share or an amount (a sum or a difference keeps
    to one of them)."""
    if op.unit == "%":
        return "percent"
    return "per share" if PER_SHARE_ROW.search(op.label) else "amount"


# "营业收入（2019）": the item, then its period
_DATED = re.compile(r"\s*[（(][^（()）]*[)）]\s*$")


# "减少了多少元？变动率=…", "增加了多少？降幅多大？": the amount of a change asked beside its rate
_ZH_CHANGE_AMOUNT = re.compile(
    r"(?:增加|减少|增长|下降|降低|提高|上升|变动|变化|涨|跌|降|变)了?多少(?!百分|个百分)|增减额|变动额|变化额"
)
# "compute the year-over-year increase in USD millions": an amount, however the growth is worded (asked with
# a percentage too, the change is worked out as a difference of its own: ``alongside.with_amount``)
_EN_CHANGE_AMOUNT = re.compile(
    r"\b(?:increase|decrease|change|rise|decline|drop)\s+in\s+(?:usd|us\$|dollars|millions|billions)\b", re.I
)
_PERCENT_TOO = re.compile(r"\bpercent|%", re.I)


def asks_change_amount(question: str) -> bool:
    """A question asks how much an item changed by, not only the rate."""
    if _ZH_CHANGE_AMOUNT.search(question):
        return True
    return _EN_CHANGE_AMOUNT.search(question) is not None and not _PERCENT_TOO.search(question)


_GROWTH_SHAPES = ("({0} − {1}) / {1}", "({0} − {1}) / {2}")  # "(A − B) / B": one figure's growth over another


def _one_item(operands: list[Operand]) -> bool:
    """Every operand is one item at its own period ("营业收入（2019）", "营业收入（2018）")."""
    return len({_DATED.sub("", op.label) for op in operands}) == 1


def _change_amount(template: str, operands: list[Operand], values: list[Decimal]) -> Decimal | None:
    """A growth of one item between two periods ("(预收账款 (2005) − 预收账款 (2004)) / 预收账款 (2004)"):
    the amount it changed by, often asked beside the rate ("减少了多少元？变动率=…"); else None."""
    if template not in _GROWTH_SHAPES or not _one_item(operands):
        return None
    if len(values) > 2 and values[2] != values[1]:
        return None
    return values[0] - values[1]


def _change_rate(formula: Formula, operands: list[Operand], values: list[Decimal]) -> str | None:
    """A difference of one item between two periods, as a rate of the earlier ("−70.32"), else None."""
    if formula.name != "difference" or len(operands) != 2 or values[1] == 0 or not _one_item(operands):
        return None
    rate = rounded((values[0] - values[1]) / abs(values[1]) * HUNDRED, DEFAULT_PLACES)
    return format_number(rate, DEFAULT_PLACES)


def _common_unit(operands: list[Operand], use_base: bool) -> str | None:
    units = {op.unit for op in operands}
    if use_base:
        return "元" if any(u and u.endswith("元") for u in units) else None
    return units.pop() if len(units) == 1 else None


def calc_text(calc: Calculation, operands: list[Operand], lang: str) -> str:
    """The worked calculation with its citations, then each input with its own."""
    cites = "".join(sorted({f"[{op.citation}]" for op in operands}))
    operands = list({(op.label, op.value, op.citation): op for op in operands}.values())  # each input once
    if lang == "zh":
        inputs = "，".join(
            f"{op.label}为{format_number(op.value, None)}{op.unit or ''}[{op.citation}]" for op in operands
        )
        return f"{calc.text}{cites}。\n其中{inputs}。"
    inputs = "; ".join(
        f"{op.label}: {format_number(op.value, None)}{' ' + op.unit if op.unit else ''} [{op.citation}]"
        for op in operands
    )
    return f"{calc.text} {cites}.\nInputs: {inputs}."
