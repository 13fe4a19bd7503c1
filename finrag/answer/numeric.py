"""Numeric answers from table facts: a cited lookup, or a named formula shown step by step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from finrag.answer.calc import VARIADIC, Operand, compute
from finrag.answer.lexicon import CONCEPTS, LineItemMatch, normalise
from finrag.answer.lookup import Want, best_fact, wants_for
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.errors import AnswerError
from finrag.model import Calculation, Fact

CiteFn = Callable[[Fact], int]  # a fact -> the [n] of the chunk that shows it


@dataclass(slots=True)
class NumericAnswer:
    text: str
    facts: list[Fact] = field(default_factory=list)
    calculation: Calculation | None = None
    detail: list[str] = field(default_factory=list)  # for the trace


def _unit_text(f: Fact, lang: str) -> str:
    if not f.unit:
        return ""
    if lang == "zh":
        return f.unit
    return "%" if f.unit == "%" else f" ({f.unit})" if f.unit.isascii() else f" {f.unit}"


def _value_text(f: Fact, lang: str) -> str:
    return format_number(f.value, None) + _unit_text(f, lang)


def _period_text(f: Fact) -> str:
    return f.column_label or (str(f.fiscal_year) if f.fiscal_year else "")


def lookup_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Each asked line item/period quoted from its fact; None when none is found."""
    found: list[Fact] = []
    lines: list[str] = []
    for want in wants_for(asked):
        f = best_fact(facts, want, asked, doc_rank)
        if f is None or f in found:
            continue
        found.append(f)
        n = cite(f)
        who = f.company or ""
        if asked.language == "zh":
            where = f"{f.statement or '表格'}，{_period_text(f)}"
            lines.append(f"{who}{want.item.printed}（{where}）为{_value_text(f, 'zh')}[{n}]。")
        else:
            where = f"{f.statement or 'table'}, {_period_text(f)}"
            lines.append(f"{want.item.printed} ({where}): {_value_text(f, 'en')} [{n}].")
    if not found:
        return None
    return NumericAnswer("\n".join(lines), found, None, [f.fact_id for f in found])


def _operand(f: Fact, label: str, cite: CiteFn) -> Operand:
    return Operand(label, f.value, f.unit, f.scale, cite(f))


def _printed(f: Fact, lang: str) -> str:
    return normalise(f.line_item) if lang == "zh" else (f.line_item.strip().rstrip(":") or f.line_item_norm)


def _label(item: str, f: Fact, lang: str) -> str:
    year = f.fiscal_year or ""
    return f"{item}（{year}）" if lang == "zh" else f"{item} ({year})"


def _variable_wants(asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int]) -> list[Want]:
    """Inputs of growth/difference/share/sum/average: several line items at one year, or one line item
    over the years asked (the latest and the one before when no year is given)."""
    formula = asked.formula
    items = list({(m.concept or m.printed.lower()): m for m in asked.line_items}.values())
    if formula is None or not items:
        return []
    year = asked.years[0] if asked.years else None
    if len(items) >= 2 and formula.name != "yoy_growth":
        return [Want(it, year) for it in (items if formula.name in VARIADIC else items[:2])]
    item = items[0]
    if formula.name in VARIADIC and len(asked.years) >= 2:
        return [Want(item, y) for y in range(min(asked.years), max(asked.years) + 1)]
    if len(asked.years) >= 2:
        return [Want(item, max(asked.years)), Want(item, min(asked.years))]
    latest = best_fact(facts, Want(item, year), asked, doc_rank)
    if latest is None or latest.fiscal_year is None:
        return []
    return [Want(item, latest.fiscal_year), Want(item, latest.fiscal_year - 1)]


def calculation_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Apply the question's formula to matching facts; None when an input is missing."""
    formula = asked.formula
    if formula is None:
        return None
    lang = asked.language
    year = asked.years[0] if asked.years else None
    wants: list[Want] = []
    if formula.concepts[0] != "*":
        for concept in formula.concepts:
            printed = CONCEPTS[concept][0] if lang == "zh" else CONCEPTS[concept][-1]
            wants.append(Want(LineItemMatch(concept, printed, 0), year))
    else:
        wants = _variable_wants(asked, facts, doc_rank)
    if not wants:
        return None
    chosen: list[Fact] = []
    for w in wants:
        pool = [f for f in facts if chosen and f.doc_id == chosen[0].doc_id] or facts
        f = best_fact(pool, w, asked, doc_rank) or best_fact(facts, w, asked, doc_rank)
        if f is None:
            return None
        chosen.append(f)
    fixed = formula.concepts[0] != "*"  # the formula named the items: show them as the table prints them
    operands = [
        _operand(f, _label(_printed(f, lang) if fixed else w.item.printed, f, lang), cite)
        for f, w in zip(chosen, wants, strict=True)
    ]
    try:
        calc = compute(formula, operands, places=asked.places, lang=lang)
    except AnswerError:
        return None
    cites = "".join(sorted({f"[{op.citation}]" for op in operands}))
    if lang == "zh":
        inputs = "，".join(
            f"{op.label}为{format_number(op.value, None)}{op.unit or ''}[{op.citation}]" for op in operands
        )
        text = f"{calc.text}{cites}。\n其中{inputs}。"
    else:
        inputs = "; ".join(
            f"{op.label}: {format_number(op.value, None)}{' ' + op.unit if op.unit else ''} [{op.citation}]"
            for op in operands
        )
        text = f"{calc.text} {cites}.\nInputs: {inputs}."
    return NumericAnswer(text, chosen, calc, [f.fact_id for f in chosen])
