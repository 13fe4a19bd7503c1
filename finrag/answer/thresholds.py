"""A yes/no on a figure against a threshold the question gives ("Did Ulta Beauty's net income exceed $1
billion in fiscal 2022?", "2020年毛利率是否高于30%？"): the verdict comes from the cited figure, scaled to the
threshold's unit, never from a figure the question gives."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.asks import threshold_asked
from finrag.answer.conversion import scale_of
from finrag.answer.numeric import NumericAnswer
from finrag.answer.query import AskedFor

_VERDICT = re.compile(r"(?:Yes|No)\b|[是否][。，]")  # an answer opening with its verdict already


def threshold_answer(asked: AskedFor, found: NumericAnswer | None) -> NumericAnswer | None:
    """``found`` with the verdict of its one figure against the question's threshold put first; ``found``
    as it is when there is no threshold, no single figure, or the two are in units that do not compare."""
    m = threshold_asked(asked.question, asked.language) if found is not None else None
    if found is None or m is None or _VERDICT.match(found.text):
        return found
    limit = Decimal(m.group("n").replace(",", ""))
    percent = m.group("pct") is not None
    calc = found.calculation
    if calc is not None:
        if not percent or calc.unit != "%":
            return found  # a worked-out percentage against a percentage only
        value = calc.result
    elif len(found.facts) == 1:
        fact = found.facts[0]
        if percent != (fact.unit == "%"):
            return found
        value = fact.value if percent else fact.value * fact.scale
        limit = limit if percent else limit * scale_of(m.group("scale") or "")
    else:
        return found
    yes = value < limit if m.group("low") else value > limit
    verdict = ("是" if yes else "否") if asked.language == "zh" else ("Yes" if yes else "No")
    joined = f"{verdict}。" if asked.language == "zh" else f"{verdict}. "
    return replace(found, text=joined + found.text)
