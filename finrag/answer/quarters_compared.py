"""A yes/no question comparing one figure of two quarters of a year ("金宇生物2020年第三季度的经营活动
产生的现金流量净额是否高于第四季度？", "Was Acme's Q3 2022 revenue higher than its Q2 2022 revenue?"): each
quarter's figure looked up on its own, and 是/否 (yes/no) as the first compares with the second the way the
question says."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from finrag.answer.asks import EN_LESS, ZH_LESS
from finrag.answer.query import AskedFor
from finrag.answer.quoted import NumericAnswer
from finrag.answer.units import format_number


def _value(found: NumericAnswer | None) -> Decimal | None:
    if found is None:
        return None
    if found.calculation is not None:
        return found.calculation.result
    return found.facts[0].value if len(found.facts) == 1 else None


def quarters_answer(
    asked: AskedFor, pair: tuple[str, str], answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> NumericAnswer | None:
    """Each quarter's figure and the verdict; None unless both are found and differ."""
    first, second = (answer_for(replace(asked, quarters=[q])) for q in pair)
    a, b = _value(first), _value(second)
    if first is None or second is None or a is None or b is None or a == b:
        return None
    zh = asked.language == "zh"
    less = ZH_LESS.search(asked.question) if zh else EN_LESS.search(asked.question.split("?")[0])
    yes = a < b if less else a > b
    shown = [f"{format_number(v, None)} ({q})" for v, q in ((a, pair[0]), (b, pair[1]))]
    cites = "".join(dict.fromkeys(re.findall(r"\[\d+\]", f"{first.text}\n{second.text}")))  # the figures'
    if zh:
        verdict = f"{'是' if yes else '否'}。{shown[0]}对比{shown[1]}{cites}。"
    else:
        verdict = f"{'Yes' if yes else 'No'}. {shown[0]} versus {shown[1]} {cites}."
    return NumericAnswer(
        f"{verdict}\n{first.text}\n{second.text}",
        [*first.facts, *second.facts],
        None,
        [*first.detail, *second.detail],
        a,
    )
