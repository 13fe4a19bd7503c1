"""Which items a two-operand question divides or compares, and in which order.

"What percentage of total net revenue did net interest income represent" names the whole first; "What share
of revenue came from bitcoin sales" names an item the lexicon lacks but the context's table prints. The
whole of a share is the item written after "percentage of", "share of", "divided by" (or "占" in Chinese);
the part is the other one.
"""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch
from finrag.answer.query import AskedFor

# the words that put the whole (the denominator) right after them
_WHOLE_MARK = re.compile(
    r"(?:percent(?:age)?|share|proportion|portion|fraction|%)\s+of\b|divided\s+by\b|\bover\b|占", re.I
)
_WHOLE_GAP = 40  # characters between the marker and the whole's name ("share of Square's total net revenue")
_TWO_OPERANDS = frozenset({"share_of_total", "ratio", "difference"})
# "net sales from third-party seller services", "revenue in the Americas": a printed row owns the generic item
_OWNED_BY = re.compile(r"^\s+(?:from|of|in|for|at|by)\s+(?:the\s+|its\s+|our\s+)?$", re.I)
_GENERIC = frozenset({"revenue"})


def with_missing_operand(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """The question's items plus a row label of the context that names the second operand a two-operand
    formula still lacks ("product development" as a % of the lexicon's "total net revenue")."""
    items = asked.line_items
    formula = asked.formula
    if formula is None or formula.concepts[0] != "*" or len(items) >= 2:
        return items
    if formula.name not in _TWO_OPERANDS:
        return items
    extra = [
        t
        for t in from_tables
        if not any(t.start < m.end and m.start < t.end for m in items)
        and all(t.printed.lower() not in m.printed.lower() for m in items)
    ]
    return sorted([*items, *extra[:1]], key=lambda m: m.start)


def share_order(asked: AskedFor) -> list[LineItemMatch]:
    """The line items with the whole of a share last: "percentage of Y did X represent" is X / Y."""
    items = asked.line_items
    if asked.formula is None or asked.formula.name not in ("share_of_total", "ratio") or len(items) != 2:
        return items
    text = asked.question
    for mark in _WHOLE_MARK.finditer(text):
        after = [m for m in items if 0 <= m.start - mark.end() <= _WHOLE_GAP]
        if len(after) >= 1:
            whole = min(after, key=lambda m: m.start)
            return [m for m in items if m is not whole] + [whole]
    return items


def owned_rows(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """Generic items the question narrows to a printed row right after them ("net sales from third-party
    seller services" is that row), replaced by the row."""
    out: list[LineItemMatch] = []
    for m in asked.line_items:
        owner = next(
            (
                t
                for t in from_tables
                if m.concept in _GENERIC
                and t.start > m.end
                and _OWNED_BY.match(asked.question[m.end : t.start])
            ),
            None,
        )
        out.append(owner or m)
    return list(dict.fromkeys(out))
