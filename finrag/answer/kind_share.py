"""The share of a part that an item's note prints as a row ("应付账款中1年以内的金额和占比",
"应收账款账龄在半年以内的有多少？占比多少？"): the part's row over the note's total row ("合计") in the same
column, when the note prints no percentage of its own."""

from __future__ import annotations

from dataclasses import replace

from finrag.answer.calc import FORMULAS, calc_text, compute
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import CiteFn, NumericAnswer, operand
from finrag.answer.owners import titles_item
from finrag.answer.query import AskedFor
from finrag.errors import AnswerError
from finrag.model import Fact


def _items(asked: AskedFor) -> list[LineItemMatch]:
    """The statement items asked (a row word the question also writes, "账龄", is none)."""
    return [m for m in asked.line_items if m.concept] or asked.line_items


def total_less(printed: str) -> str:
    """An item's name without the "total" a question writes before it: "Inventories" totals the note too."""
    return normalise(printed).removeprefix("total ")


def asks_kind_share(asked: AskedFor) -> bool:
    """A share of one item asked for a kind of it: the kind's row of the item's note over the note's total."""
    items = {m.concept or m.printed for m in _items(asked)}
    formula = asked.formula
    return (
        formula is not None
        and formula.name == "share_of_total"
        and len(items) == 1
        and bool(asked.qualifiers)
    )


def kind_share(
    asked: AskedFor, kinds: list[Fact], totals: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """``kinds``: the facts narrowed to the kind asked (its rows in a note titled by the item are read as the
    item); ``totals``: total rows of the same documents. None without the kind's row or its note's total in
    the same column."""
    item = _items(asked)[0]
    # a note titled by the item, or a table whose total row names it ("Total debt" under "Commercial paper";
    # "Total income tax provision" under "Current" and "Deferred")
    named = {total_less(item.printed), f"total {total_less(item.printed)}"}
    totalled = {(f.doc_id, f.table_ref) for f in totals if f.line_item_norm in named}
    titled = [f for f in kinds if titles_item(item, f.statement)]
    summed = [f for f in kinds if (f.doc_id, f.table_ref) in totalled and f not in titled]
    # a statement item's note titled by it first; only without one the table totalling it
    chosen = (titled or summed) if item.concept else titled + summed
    rows = [replace(f, line_item_norm=normalise(item.printed)) for f in chosen]
    part = best_fact(
        rows, Want(item, asked.years[0] if asked.years else None), asked, doc_rank, fallback=False
    )
    if part is None or part.unit == "%":
        return None
    whole = next(
        (
            f
            for f in totals
            if (f.doc_id, f.table_ref, f.column_label) == (part.doc_id, part.table_ref, part.column_label)
            and f.fact_id != part.fact_id
        ),
        None,
    )
    if whole is None:
        return None
    lang = asked.language
    kind = "".join(asked.qualifiers) if lang == "zh" else " ".join(asked.qualifiers)
    label = f"{item.printed}{kind}" if lang == "zh" else f"{item.printed} ({kind})"
    total = f"{item.printed}合计" if lang == "zh" else f"total {item.printed}"
    if lang != "zh" and item.printed.lower().startswith("total "):  # the question named the total row
        label, total = kind, item.printed
    operands = [operand(part, label, cite), operand(whole, total, cite)]
    try:
        calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang=lang)
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, lang), [part, whole], calc, [part.fact_id, whole.fact_id])
