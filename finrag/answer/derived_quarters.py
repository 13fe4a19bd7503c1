"""A quarter no column prints, worked out from the report of the quarter after it: its six months to date
less its own three months ("the three months ended March 31, 2023" from a 10-Q to June 30, 2023). The
figure is a calculation the answer shows, with both printed cells cited."""

from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date
from decimal import Decimal

from finrag.answer.column_periods import spans_named
from finrag.answer.numeric import NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.quoted import value_text
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Chunk, Fact
from finrag.retrieve.docfit import WEEK_YEAR_DAYS, days_near
from finrag.retrieve.periods import quarter_later

_LONGER, _SHORTER = "six months", "three months"  # the year to date of a second quarter, and its own quarter
# a quarter asked by its span or name ("the three months ended …", "the first quarter", "Q1 2023")
_QUARTER_ASKED = re.compile(r"\bthree\s+months\b|\bquarter\b|\b[1-4]Q\b|\bQ[1-4]\b", re.I)

_FORMULA, _EXPRESSION = "quarter_from_year_to_date", "six months − three months"
Derivation = tuple[Fact, Fact]  # the longer span's fact and the shorter one's, same row and end


def _span(f: Fact) -> str:
    spans = spans_named(f.column_label)
    return next(iter(spans)) if len(spans) == 1 else ""


def derived_quarters(asked: AskedFor, facts: list[Fact]) -> dict[str, tuple[Fact, Derivation]]:
    """Facts of the quarters the question asks by their end day (``asked.span_ends``) that no fact's column
    prints, each worked out from a row's six-months and three-months cells ending a quarter later; by id."""
    if asked.language != "en" or not _QUARTER_ASKED.search(asked.question):
        return {}
    out: dict[str, tuple[Fact, Derivation]] = {}
    for day in dict.fromkeys(asked.span_ends):
        later = quarter_later(day)
        if later is None or any(f.period_end and days_near(f.period_end, day, WEEK_YEAR_DAYS) for f in facts):
            continue  # a column prints the quarter itself
        ends = [f for f in facts if f.period_end and days_near(f.period_end, later, WEEK_YEAR_DAYS)]
        shorter = {_row(f): f for f in ends if _span(f) == _SHORTER}
        for f in ends:
            three = shorter.get(_row(f))
            if _span(f) != _LONGER or three is None or three.period_end != f.period_end:
                continue
            label = f"{f.section} {f.line_item}".lower()
            if not all(q.lower() in label for q in asked.qualifiers):
                continue  # "comparable sales": a row the qualifier names, never the total it qualifies
            fact = replace(
                three,
                fact_id=f"{f.fact_id}-{three.fact_id}",
                column_label=f"Three Months Ended {_written(day)}",
                value=f.value - three.value,
                period_end=day,
                fiscal_period=_quarter_before(three.fiscal_period),
            )
            out[fact.fact_id] = (fact, (f, three))
    return out


def _row(f: Fact) -> tuple[str, str, str, str, Decimal]:
    return (f.doc_id, f.table_ref, f.line_item, f.section, f.scale)


def _quarter_before(period: str | None) -> str | None:
    n = int(period[1:]) if period and period[:1] == "Q" and period[1:].isdigit() else 0
    return f"Q{n - 1}" if n > 1 else None


def _written(day: str) -> str:
    d = date.fromisoformat(day)
    return f"{calendar.month_name[d.month]} {d.day}, {d.year}"


def _bare(f: Fact) -> str:
    """A column's span and end without a note before it ("(Unaudited) Three Months Ended …")."""
    return re.sub(r"^\([^)]*\)\s*", "", f.column_label)


def derived_used(found: NumericAnswer | None, derived: dict[str, tuple[Fact, Derivation]]) -> bool:
    """The numeric answer works out a quarter from year-to-date columns."""
    return found is not None and any(f.fact_id in derived for f in found.facts)


def with_derivations(
    found: NumericAnswer, derived: dict[str, tuple[Fact, Derivation]], context: list[tuple[int, Chunk]]
) -> NumericAnswer | None:
    """The answer with each worked-out quarter it uses shown as the subtraction it is, both cells cited (the
    row's chunk, which the answer cites); a lookup of one such quarter becomes that calculation. None when a
    cell's chunk is not cited (the figure could not be checked)."""
    used = [derived[f.fact_id] for f in found.facts if f.fact_id in derived]
    if not used:
        return found
    number = {c.chunk_id: n for n, c in context}
    lines: list[str] = []
    inputs: list[CalcInput] = []
    for fact, (longer, shorter) in used:
        a, b = number.get(longer.chunk_id), number.get(shorter.chunk_id)
        if a is None or b is None:
            return None
        inputs += [
            CalcInput(f"{longer.line_item} ({longer.column_label})", longer.value, longer.unit, a),
            CalcInput(f"{shorter.line_item} ({shorter.column_label})", shorter.value, shorter.unit, b),
        ]
        cited = f"[{a}]" if a == b else f"[{a}][{b}]"
        lines.append(
            f"{fact.line_item} ({fact.column_label}) = {_bare(longer)} − {_bare(shorter)} = "
            f"{format_number(longer.value, None)} − {format_number(shorter.value, None)} = "
            f"{value_text(fact, 'en')} {cited}."
        )
    text = "\n".join([found.text, *lines])
    calc = found.calculation
    if calc is None:  # a lookup: the worked-out quarter is its answer
        fact = used[0][0]
        calc = Calculation(_FORMULA, _EXPRESSION, inputs, fact.value, fact.unit, "\n".join(lines))
        return replace(found, text=text, calculation=calc, result=found.result or fact.value)
    calc = replace(calc, inputs=[*calc.inputs, *inputs], text="\n".join([calc.text, *lines]))
    return replace(found, text=text, calculation=calc)
