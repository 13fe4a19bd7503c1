"""Rows an owner's name labels: the owner's own row ("AWS"), give or take a qualifier, and the row of an owner
named by its segment and category together ("Domestic Entertainment": "Entertainment" under "Domestic:")."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace

from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.model import Chunk, Fact

_TRAIL = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")  # "International (1)": a footnote after the name
_PLURAL = ("s", "es")


def owns(name: str, label: str) -> bool:
    """A row or heading label that is the owner's name, give or take a qualifier ("MGM China", "AWS")."""
    low = _TRAIL.sub("", label.lower()).strip(" :：")
    rest = low.removeprefix(name) if low.startswith(name) else None
    return rest is not None and (rest in _PLURAL or not rest[:1].isalnum())  # "Membership fees"


def owns_row(name: str, label: str, heading: str) -> bool:
    """``owns``, or the row's label is the name less words its heading prints ("fixed-price contracts":
    "Fixed-price" under "Net sales by contract type")."""
    if owns(name, label):
        return True
    low = _TRAIL.sub("", label.lower()).strip(" :：")
    rest = name.removeprefix(f"{low} ").split() if low and name.startswith(f"{low} ") else []
    words = heading.lower()
    return bool(rest) and all(w.removesuffix("s") in words for w in rest)


def heading_and_row(
    facts: list[Fact], wanted: list[str], items: list[LineItemMatch], chunk_of: dict[str, Chunk]
) -> list[Fact]:
    """The rows of an owner named by a heading and a row under it ("Domestic Entertainment": the
    "Entertainment" row of the "Domestic:" block), read as the item whose total row closes that block in the
    table ("Total Domestic revenue"): the category's figure of the item, not the segment's whole."""
    out: list[Fact] = []
    for name in wanted:
        words = name.split()
        for k in range(1, len(words)):
            head, rest = " ".join(words[:k]), " ".join(words[k:])
            for f in facts:
                if not (owns(head, f.section) and owns(rest, f.line_item)) or f.chunk_id not in chunk_of:
                    continue
                text = chunk_of[f.chunk_id].text.lower()
                item = next((m for m in items if f"| total {head} {m.printed.lower()}" in text), None)
                if item is not None:
                    out.append(
                        replace(
                            f,
                            line_item=f"{f.line_item} ({f.section})",
                            line_item_norm=normalise(item.printed),
                        )
                    )
    return out


def heads_row(name: str, table: str) -> bool:
    """A table prints the owner's name as a block's heading and a row of that block ("Domestic:" over
    "Entertainment" for "Domestic Entertainment")."""
    words = name.lower().split()
    labels = [
        ln.strip().strip("|").split("|")[0].strip().lower() for ln in table.splitlines() if ln.startswith("|")
    ]
    for k in range(1, len(words)):
        head, rest = " ".join(words[:k]), " ".join(words[k:])
        for i, label in enumerate(labels):
            if label.rstrip(":：") == head:
                block = itertools.takewhile(lambda lab: not lab.startswith("total "), labels[i + 1 :])
                if any(owns(rest, lab) for lab in block):
                    return True
    return False
