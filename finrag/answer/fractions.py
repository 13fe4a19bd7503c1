"""A yes/no asked against a fraction of the second item ("Did property and equipment make up more than
two-thirds of total assets?", "固定资产是否超过总资产的三分之二？"): the first item's share of the second,
worked out, and yes or no as it compares with the fraction written."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.asks import ZH_TURN
from finrag.answer.calc import rounded
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Fact

PERCENT = Decimal(100)
# "make up more than two-thirds of total assets", "是否超过总资产的三分之二": the first item against that
# fraction of the second
_EN_FRACTIONS = {
    "half": "1/2",
    "third": "1/3",
    "quarter": "1/4",
    "two-thirds": "2/3",
    "three-quarters": "3/4",
}
_EN_FRACTION_OF = re.compile(
    r"\bthan\s+(?:(?:one|a)[- ])?"
    r"(half|third|quarter|two[- ]thirds|three[- ]quarters|\d+(?:\.\d+)?\s*(?:%|percent))\s+of\b",
    re.I,
)
_ZH_NUMERALS = "一二三四五六七八九"
_ZH_FRACTION_OF = re.compile(rf"的(一半|[{_ZH_NUMERALS}]分之[{_ZH_NUMERALS}]|\d+(?:\.\d+)?\s*[%％])")


def fraction_compared(question: str, language: str) -> tuple[Decimal, str] | None:
    """The fraction of the second item a yes/no question compares the first with ("more than two-thirds of",
    "超过…的一半") and how it is written, else None."""
    if language == "zh":
        m = _ZH_FRACTION_OF.search(question) if ZH_TURN.search(question) else None
        if m is None:
            return None
        said = m.group(1)
        if said == "一半":
            return Decimal("0.5"), said
        if "分之" in said:
            whole, part = (_ZH_NUMERALS.index(c) + 1 for c in said.split("分之"))
            return Decimal(part) / Decimal(whole), said
        return Decimal(said.rstrip("%％ ")) / 100, said
    m = _EN_FRACTION_OF.search(question.split("?")[0])
    if m is None:
        return None
    said = m.group(1).lower().replace(" ", "-")
    if said[0].isdigit():
        return Decimal(re.sub(r"[^\d.]", "", said)) / 100, m.group(1)
    top, bottom = _EN_FRACTIONS[said].split("/")
    return Decimal(top) / Decimal(bottom), m.group(1)


SHARE_PLACES = 2  # a share compared with a fraction is shown to two decimals


def fraction_answer(
    asked: AskedFor,
    pair: tuple[Fact, Fact],
    names: tuple[str, str],
    fraction: tuple[Decimal, str],
    cite: CiteFn,
    *,
    less: bool,
) -> NumericAnswer | None:
    """ "Did property and equipment make up more than two-thirds of total assets?": the first item's share of
    the second, worked out, and yes or no as it compares with the fraction written."""
    first, second = pair
    if first.unit != second.unit or first.scale != second.scale or second.value == 0:
        return None
    share = rounded(abs(first.value) / abs(second.value) * PERCENT, asked.places or SHARE_PLACES)
    limit, said = fraction
    yes = share < limit * PERCENT if less else share > limit * PERCENT
    a, b = (format_number(abs(f.value), None) for f in pair)
    ratio = format_number(share, None)
    worked = f"{names[0]} / {names[1]} = {a} [{cite(first)}] / {b} [{cite(second)}] = {ratio}%"
    if asked.language == "zh":
        text = f"{'是' if yes else '否'}。{worked}（与{said}比较）。"
    else:
        text = f"{'Yes' if yes else 'No'}. {worked} (compared with {said})."
    inputs = [CalcInput(name, f.value, f.unit, cite(f)) for name, f in zip(names, pair, strict=True)]
    calc = Calculation("share_of_total", f"{names[0]} / {names[1]}", inputs, share, "%", text)
    return NumericAnswer(text, [first, second], calc, [first.fact_id, second.fact_id], share)
