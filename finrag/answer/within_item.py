"""A kind asked within an item ("存货中原材料", "应收账款中账龄1-2年"): the kind's row must sit in a table
that names that item. The same row label in another table is another figure: the raw materials of a cost
structure, or of the inventories' allowance ("二、存货跌价准备合计 / 其中：原材料")."""

from __future__ import annotations

import re

from finrag.answer.lexicon import synonyms
from finrag.answer.query import AskedFor
from finrag.model import Chunk, Fact


def within_names(asked: AskedFor) -> list[str]:
    """The item the question's kind sits within, as the question writes it ("存货" of "存货中")."""
    return [n for m in asked.line_items if m.within for n in synonyms(m.within) if f"{n}中" in asked.question]


def names_item(text: str, names: list[str]) -> bool:
    """The text names the item itself, not only its allowance ("存货跌价准备")."""
    return any(re.search(rf"{re.escape(n)}(?!\w{{0,2}}准备)", text) for n in names)


def within_items(facts: list[Fact], asked: AskedFor, chunk_of: dict[str, Chunk]) -> list[Fact]:
    """The facts whose table names the item the kind is asked within (all of them when none is)."""
    if not (names := within_names(asked)):
        return facts
    return [
        f
        for f in facts
        if f.chunk_id not in chunk_of
        or names_item(f"{f.statement} {f.section} {chunk_of[f.chunk_id].text}", names)
    ]
