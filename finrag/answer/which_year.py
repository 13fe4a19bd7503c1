"""Questions like "in which year was X largest?": one row's values compared across its period columns."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import Fact

WHICH_YEAR = re.compile(r"which (?:fiscal )?year|which fy|in what year|哪一年|哪个年度|哪年")
_HIGH_WORDS = ("highest", "largest", "greatest", "most")
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
    formula = asked.formula if asked.formula is not None and asked.formula.named else None
    if not WHICH_YEAR.search(low) or not (asked.line_items or formula):
        return None
    wants_max = not any(w in low for w in _LOW_WORDS)
    # "应收账款周转率哪一年最低": the ratio's own printed row (a rate's, in percent)
    ratio = None
    if formula is not None and not asked.line_items:
        ratio = formula.zh if asked.language == "zh" else formula.en
    item = LineItemMatch("", ratio, 0) if ratio else asked.line_items[0]
    first = best_fact(facts, Want(item), asked, doc_rank)
    if first is None or (ratio and normalise(ratio) not in first.line_item_norm):
        return None

    # a row: its table, document and label; its dated amounts are the values compared
    rows: dict[tuple[str, str, str], list[Fact]] = {}
    for f in facts:
        same = f.line_item_norm == first.line_item_norm
        if same and f.fiscal_year is not None and (ratio or f.unit != "%"):
            rows.setdefault((f.table_ref, f.doc_id, f.line_item), []).append(f)
    own = rows.pop((first.table_ref, first.doc_id, first.line_item), [])
    # "fiscal years 2014 through 2018": the row printing every year asked (a five-year summary's, not the
    # income statement's three), else no answer
    span = set(range(min(asked.years), max(asked.years) + 1)) if len(asked.years) >= 2 else set()
    row = next((r for r in [own, *rows.values()] if span <= {f.fiscal_year for f in r}), None)
    if row is None and span:
        return None
    row = row or [first]
    highest, lowest = max(row, key=lambda f: f.value), min(row, key=lambda f: f.value)
    pick = highest if wants_max else lowest
    n = cite(pick)
    # one clause per year, no ";" between them: the citation check reads the answer sentence by sentence
    shown = ", ".join(f"{f.fiscal_year}: {format_number(f.value, None)}" for f in row)
    both = wants_max is False and any(w in low for w in _HIGH_WORDS)  # "highest … Also give the lowest year"
    if asked.language == "zh":
        text = f"{pick.fiscal_year}年（{normalise(pick.line_item)}：{shown}）[{n}]。"
    else:
        said = f"Highest {highest.fiscal_year}, lowest {lowest.fiscal_year}" if both else pick.fiscal_year
        text = f"{said} ({pick.line_item.strip()}: {shown}) [{n}]."
    return NumericAnswer(text, row, None, [f.fact_id for f in row], Decimal(pick.fiscal_year or 0))
