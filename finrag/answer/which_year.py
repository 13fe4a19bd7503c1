"""Questions like "in which year was X largest?": one row's values compared across its period columns."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.lexicon import normalise
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import Fact

WHICH_YEAR = re.compile(r"which (?:fiscal )?year|which fy|in what year|哪一年|哪个年度|哪年")
_LOW_WORDS = (
    "lower",
    "lowest",
    "less",
    "least",
    "smaller",
    "smallest",
    "最低",
    "最少",
    "最小",
    "较低",
    "较少",
)


def which_year(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """ "In which year was X largest?": compare one row's values across its period columns."""
    low = asked.question.lower()
    if not WHICH_YEAR.search(low) or not asked.line_items:
        return None
    wants_max = not any(w in low for w in _LOW_WORDS)
    first = best_fact(facts, Want(asked.line_items[0]), asked, doc_rank)
    if first is None:
        return None
    row = [
        f
        for f in facts
        if f.table_ref == first.table_ref
        and f.doc_id == first.doc_id
        and f.line_item == first.line_item
        and f.fiscal_year is not None
        and f.unit != "%"
    ] or [first]
    pick = max(row, key=lambda f: f.value) if wants_max else min(row, key=lambda f: f.value)
    n = cite(pick)
    shown = "; ".join(f"{f.fiscal_year}: {format_number(f.value, None)}" for f in row)
    if asked.language == "zh":
        text = f"{pick.fiscal_year}年（{normalise(pick.line_item)}：{shown}）[{n}]。"
    else:
        text = f"{pick.fiscal_year} ({pick.line_item.strip()}: {shown}) [{n}]."
    return NumericAnswer(text, row, None, [f.fact_id for f in row], Decimal(pick.fiscal_year or 0))
