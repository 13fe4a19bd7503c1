"""Figures asked alongside a worked calculation: a growth rate's amount of change ("Give the change in USD
millions and as a percentage") and a Chinese ratio's item ("…的营业收入和毛利率分别是多少"), each worked out
or looked up on the same facts and shown before the calculation."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.calc import FORMULAS
from finrag.answer.numeric import CiteFn, NumericAnswer, calculation_answer, lookup_answer
from finrag.answer.query import AskedFor
from finrag.model import Fact

# "Give the change in USD millions and as a percentage": the amount of a change as well as its rate
_AMOUNT_TOO = re.compile(r"\bin (?:usd|us\$|dollars|millions|billions)\b.{0,40}\bpercent", re.I)


def with_amount(
    asked: AskedFor, growth: NumericAnswer | None, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """A growth rate asked with the amount of the change: the difference worked out first, then the rate."""
    if growth is None or asked.formula is None or asked.formula.name != "yoy_growth":
        return growth
    if not _AMOUNT_TOO.search(asked.question):
        return growth
    change = calculation_answer(replace(asked, formula=FORMULAS["difference"]), facts, doc_rank, cite)
    if change is None or change.calculation is None or growth.calculation is None:
        return growth
    shown = replace(growth.calculation, text=f"{change.calculation.text}\n{growth.calculation.text}")
    return replace(growth, text=f"{change.text}\n{growth.text}", calculation=shown)


# "境内地区的营业收入和毛利率分别是多少": an item asked beside the ratio, joined to its name
_BESIDE = re.compile(r"([\u4e00-\u9fff]{2,10})(?:和|及|与|以及)$")


def with_item_too(
    asked: AskedFor, ratio: NumericAnswer | None, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """A Chinese ratio asked with an item ("…的营业收入和毛利率分别是多少"): the item's figure first."""
    formula = asked.formula
    if ratio is None or formula is None or asked.language != "zh" or "分别" not in asked.question:
        return ratio
    m = _BESIDE.search(asked.question[: max(asked.question.find(formula.zh), 0)])
    item = next((i for i in asked.line_items if m and m.group(1).endswith(i.printed)), None)
    if item is None:
        return ratio
    amount = lookup_answer(replace(asked, line_items=[item], formula=None), facts, doc_rank, cite)
    if amount is None:
        return ratio
    return replace(ratio, text=f"{amount.text}\n{ratio.text}", facts=[*amount.facts, *ratio.facts])
