"""Which of the three cash flow activities brought in the most (or lost the least) cash in a year.

"Among operations, investing, and financing activities, which brought in the most (or lost the least) cash
flow for Nike in FY2023?" is answered from the cash flow statement's three net totals for that year, each
cited, with the largest named; the comparison is only ever of the shown figures.
"""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import Fact

_ASKS = re.compile(
    r"\b(?:among|of|between)\s+(?:the\s+)?operati\w*,\s*investing,?\s*(?:and|or)\s+financing\s+activities\b",
    re.I,
)
_LEAST = re.compile(r"\b(?:used|spent|lost|consumed)\s+the\s+most\b", re.I)  # "used the most cash"
ACTIVITIES = (
    ("operating_cash_flow", "Operating activities"),
    ("investing_cash_flow", "Investing activities"),
    ("financing_cash_flow", "Financing activities"),
)


def asks_activities(question: str) -> bool:
    return bool(_ASKS.search(question))


def activity_items() -> list[LineItemMatch]:
    return [LineItemMatch(concept, name.lower(), 0) for concept, name in ACTIVITIES]


def activities_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The three net cash flows of the year asked (the latest when none), the largest (or, asked which used
    the most, the smallest) named first; None when one of them has no fact."""
    year = asked.years[0] if asked.years else None
    found: list[tuple[str, Fact]] = []
    for item, (_, name) in zip(activity_items(), ACTIVITIES, strict=True):
        f = best_fact(facts, Want(item, year), asked, doc_rank)
        if f is None:
            return None
        found.append((name, f))
    if len({f.fiscal_year for _, f in found}) != 1:
        return None  # three different years: no comparison
    pick = min if _LEAST.search(asked.question) else max
    name, top = pick(found, key=lambda t: t[1].value)
    verb = "used the most" if pick is min else "brought in the most (or lost the least)"
    parts = [f"{n.lower()}: {format_number(f.value, None)} [{cite(f)}]" for n, f in found]
    unit = f" ({top.unit})" if top.unit else ""
    text = f"{name} {verb} cash in {top.fiscal_year}: net cash{unit} from " + "; ".join(parts) + "."
    return NumericAnswer(text, [f for _, f in found], None, [f.fact_id for _, f in found], top.value)
