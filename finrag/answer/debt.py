"""Whether a company's debt on its balance sheet rose between two years ("Has Microsoft increased its debt
on balance sheet between FY2023 and the FY2022 period?"): the debt rows its balance sheet prints for both
years (short-term borrowings, the current portion of long-term debt, long-term debt) summed for each year,
every row cited, and the yes or no read off the two sums."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.concepts import CONCEPTS
from finrag.answer.judgment import is_yes_no
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.statement_rows import statement_kind
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Fact

_DEBT_ASKED = re.compile(
    r"\b(?:increas|decreas|reduc|rais|grow|grew|r[oi]se)\w*\b[^?]*\bdebt\b|\bdebt\b[^?]*\b(?:increas|decreas|reduc|grow|grew|r[oi]se)\w*",
    re.I,
)
TOTAL_DEBT = "total debt"  # printed by some filers (Corning): used as is, its parts are not added again
# Rows that are debt on a balance sheet (the lexicon's borrowings plus the names filers print for notes)
DEBT_ROWS = frozenset(
    normalise(s)
    for s in (
        *CONCEPTS["short_term_borrowings"],
        *CONCEPTS["long_term_borrowings"],
        "loans and notes payable",
        "notes payable",
        "commercial paper",
        "long-term debt, net of current portion",
        "long-term debt, less current portion",
        "long-term debt, excluding current portion",
        TOTAL_DEBT,
    )
    if s.isascii()
)
DEBT_ITEMS = [LineItemMatch("", name, 0) for name in sorted(DEBT_ROWS)]


def asks_debt_change(asked: AskedFor) -> bool:
    """A yes/no question on whether debt rose or fell between two years, with no formula of its own."""
    return (
        asked.language == "en"
        and len(asked.years) == 2
        and asked.formula is None
        and asked.definition is None
        and is_yes_no(asked)
        and bool(_DEBT_ASKED.search(asked.question))
    )


def debt_change_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The balance sheet's debt rows for both years summed and compared; None without a long-term debt
    row printed for both years."""
    later, earlier = max(asked.years), min(asked.years)
    rows = [
        f
        for f in facts
        if f.line_item_norm in DEBT_ROWS and statement_kind(f.statement) == "balance" and f.value is not None
    ]
    if not rows:
        return None
    best_doc = min({f.doc_id for f in rows}, key=lambda d: doc_rank.get(d, len(doc_rank)))
    table = [f for f in rows if f.doc_id == best_doc]
    by_label: dict[str, dict[int, Fact]] = {}
    for f in sorted(table, key=lambda f: f.page):
        if f.fiscal_year in (later, earlier) and f.fiscal_period in (None, "FY"):
            by_label.setdefault(f.line_item_norm, {}).setdefault(f.fiscal_year, f)
    pairs = {k: v for k, v in by_label.items() if len(v) == 2}
    if TOTAL_DEBT in pairs:
        pairs = {TOTAL_DEBT: pairs[TOTAL_DEBT]}
    if not any(k in CONCEPTS["long_term_borrowings"] or k == TOTAL_DEBT for k in pairs):
        return None
    calcs = {year: _summed(year, [v[year] for v in pairs.values()], cite) for year in (earlier, later)}
    before, now = calcs[earlier], calcs[later]
    up = now.result > before.result
    rose = _DEBT_ASKED.search(asked.question)
    asked_up = bool(rose and re.search(r"increas|rais|grow|grew|r[oi]se", rose.group(0), re.I))
    moved = "rose" if up else "fell"
    was, became = format_number(before.result, None), format_number(now.result, None)
    by = format_number(abs(now.result - before.result), None)
    head = (
        f"{'Yes' if up == asked_up else 'No'}. Debt on the balance sheet {moved} by {by}, from {was} in "
        f"FY{earlier} to {became} in FY{later}."
    )
    change = f"Change = {became} − {was} = {format_number(now.result - before.result, None)}"
    text = "\n".join([head, before.text, now.text, change])
    chosen = [f for v in pairs.values() for f in v.values()]
    shown = "\n".join([before.text, now.text, change])
    merged = replace(now, inputs=[*before.inputs, *now.inputs], text=shown)
    return NumericAnswer(text, chosen, merged, [f.fact_id for f in chosen], now.result)


def _summed(year: int, rows: list[Fact], cite: CiteFn) -> Calculation:
    """One year's debt: its rows by size, each cited, added up (one row is its own total)."""
    unit = rows[0].unit
    inputs = [CalcInput(f"{f.line_item.strip()} ({year})", abs(f.value), f.unit, cite(f)) for f in rows]
    total = sum((i.value for i in inputs), Decimal(0))
    parts = " + ".join(f"{format_number(i.value, None)} [{i.citation}]" for i in inputs)
    names = " + ".join(i.label for i in inputs)
    text = f"Debt FY{year} = {names} = {parts} = {format_number(total, None)}" + (f" {unit}" if unit else "")
    return Calculation("sum", names, inputs, total, unit, text)
