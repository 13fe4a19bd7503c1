"""The growth of an amount the question defines itself: "By what percentage did Amazon's free cash flow
(operating cash flow less purchases of property and equipment) grow from 2018 to 2019?". The definition
is worked out for each of the two years, then (later − earlier) / |earlier|: the percent the question asks
is the growth's, never the defined amount shown in percent."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from finrag.answer.definition_text import asking_text
from finrag.answer.judgment import PERCENT, two_year_answer, two_years
from finrag.answer.numeric import NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number

_GROWTH_PLACES = 2  # a growth rate is shown to two decimals unless the question asks otherwise
_PERCENT_WORD = re.compile(r"%|\bpercent(?:age)?s?\b|\bgrowth rate\b", re.I)
_CHANGE_WORD = re.compile(
    r"\b(?:gr[eo]w(?:n|th|s)?|increase[sd]?|decrease[sd]?|decline[sd]?|r[io]se|risen|f[ae]ll|fallen|change[sd]?"
    r"|drop(?:ped)?)\b",
    re.I,
)


def asks_defined_growth(asked: AskedFor) -> bool:
    """An amount the question defines (sums and differences of items at the year asked), asked as a
    percentage change between two years."""
    definition = asked.definition
    if (
        asked.language != "en"
        or definition is None
        or not definition.additive()
        or len(set(asked.years)) not in (1, 2)
    ):
        return False
    if any(t.year or t.back or t.average_of for t in definition.terms):
        return False  # "growth = 2023 revenue − 2022 revenue": the change is the definition itself
    if len(set(asked.years)) == 1 and (asked.formula is None or asked.formula.name != "yoy_growth"):
        return False  # one year: only a growth asked of it is over the year before
    asking = asking_text(asked.question)
    return bool(_PERCENT_WORD.search(asking) and _CHANGE_WORD.search(asking))


def defined_growth_answer(
    asked: AskedFor, answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> NumericAnswer | None:
    """The defined amount for each year and its growth; None when either year's amount cannot be worked out
    or the earlier one is zero."""
    year = max(asked.years)
    prior = min(asked.years) if len(set(asked.years)) == 2 else year - 1  # "grow in FY2016": over FY2015
    if (both := two_years(asked, year, prior, answer_for)) is None:
        return None
    nc, bc = both[2], both[3]
    if bc.result == 0:
        return None
    places = asked.places if asked.places is not None else _GROWTH_PLACES
    rate = ((nc.result - bc.result) / abs(bc.result) * PERCENT).quantize(Decimal(1).scaleb(-places))
    name = asked.definition.name if asked.definition and asked.definition.name else "Result"
    line = (
        f"{name[:1].upper()}{name[1:]} growth = ({format_number(nc.result, None)} − "
        f"{format_number(bc.result, None)}) / {format_number(abs(bc.result), None)} = "
        f"{format_number(rate, places)}% (FY{year} over FY{prior})"
    )
    return two_year_answer(both, line, "yoy_growth", "(later − earlier) / |earlier|", rate, "%")
