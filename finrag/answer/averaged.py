"""A metric averaged over the years a question spans ("three year average operating margin from FY2020 to
FY2022", "two year average free cash flow for FY2021 and FY2022"): the metric worked out for each year on
its own cited facts, then the simple mean of the yearly results, every step shown."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from finrag.answer.calc import rounded
from finrag.answer.numeric import NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.question_years import without_year_ended
from finrag.answer.units import format_number

# "three year average", "3-year average", "average … from FY2020 to FY2022", "… for FY2021 and FY2022"
YEARLY_AVERAGE = re.compile(
    r"\b(?:two|three|four|five|[2-5])[- ]years?\s+average\b"
    r"|\baverage\b[^.?]*?\b(?:from|between|for|over)\s+(?:fy\s*)?(?:19|20)\d{2}\s*"
    r"(?:to|and|through|-|–)\s*(?:fy\s*)?(?:19|20)\d{2}",
    re.I,
)
MAX_AVERAGED_YEARS = 5  # a longer span is no "N year average" a filing set can answer


def yearly_average_span(asked: AskedFor) -> list[int]:
    """The years a metric is averaged over (oldest first), or [] when the question asks no such average."""
    if len(asked.years) < 2 or not YEARLY_AVERAGE.search(asked.question):
        return []
    years = list(range(min(asked.years), max(asked.years) + 1))
    return years if len(years) <= MAX_AVERAGED_YEARS else []


def averaged(
    asked: AskedFor, years: list[int], answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> NumericAnswer | None:
    """The metric for each year (``answer_for`` the question narrowed to that year), then their mean; None
    when any year cannot be worked out (an average of some years is not the average asked)."""
    plain = without_year_ended(asked.question)  # one year-end date cannot anchor several years
    per_year = [answer_for(replace(asked, years=[y], places=None, question=plain)) for y in years]
    calcs = [a.calculation for a in per_year if a is not None and a.calculation is not None]
    if len(calcs) != len(years):
        return None
    places = asked.places if asked.places is not None else 2
    mean = sum((c.result for c in calcs), Decimal(0)) / len(calcs)
    result = rounded(mean, places)
    unit = calcs[0].unit
    shown = [
        f"({format_number(c.result, None)})" if c.result < 0 else format_number(c.result, None) for c in calcs
    ]
    suffix = unit if unit == "%" else f" {unit}" if unit else ""
    head = f"{len(years)}年平均" if asked.language == "zh" else f"Average of {len(years)} years"
    line = f"{head} = ({' + '.join(shown)}) / {len(years)} = {format_number(result, None)}{suffix}"
    merged = replace(
        calcs[-1],
        formula="average_of_years",
        expression=f"mean of {len(years)} yearly values",
        inputs=[i for c in calcs for i in c.inputs],
        result=result,
        text="\n".join([*(c.text for c in calcs), line]),
    )
    answers = [a for a in per_year if a is not None]
    return NumericAnswer(
        "\n".join([*(a.text for a in answers), line + "."]),
        [f for a in answers for f in a.facts],
        merged,
        [d for a in answers for d in a.detail],
        result,
    )
