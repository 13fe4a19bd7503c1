"""The part of a figure outside the filer's home country ("located outside the United States"), read as the
row the filer prints for it: "Non-United States", "Non-U.S.", "Foreign", "International", "Other
countries"."""

from __future__ import annotations

import re

from finrag.answer.fetch import fetch_facts
from finrag.answer.lexicon import normalise
from finrag.answer.query import AskedFor
from finrag.index.store import Store
from finrag.model import Filters

_OUTSIDE = re.compile(r"\boutside\s+(?:of\s+)?(?:the\s+)?(?:United\s+States|U\.\s?S\.?|US)(?![\w.])", re.I)
# how filers label the rest of the world beside their "United States" row, the plainest first (normalised)
OUTSIDE_ROWS = tuple(
    normalise(label)
    for label in (
        "Non-United States",
        "Non-U.S.",
        "Non-US",
        "Outside the United States",
        "Outside the U.S.",
        "Outside United States",
        "Foreign",
        "International",
        "Other countries",
    )
)


def outside_part(store: Store, filters: Filters, doc_rank: dict[str, int], asked: AskedFor) -> list[str]:
    """The row label a question's "outside the United States" names in the documents it reads: the one printed
    in a table beside the item asked, in the best-ranked document; [] when no such row is printed."""
    if asked.language != "en" or not _OUTSIDE.search(asked.question) or not asked.line_items:
        return []
    docs = list(doc_rank)
    rows = store.get_facts(Filters(access=filters.access, doc_ids=docs), line_items=list(OUTSIDE_ROWS))
    tables = {(f.doc_id, f.table_ref) for f in fetch_facts(store, filters, asked.line_items, docs)}
    beside = [f for f in rows if (f.doc_id, f.table_ref) in tables]
    if not beside:
        return []
    best = min(beside, key=lambda f: (doc_rank[f.doc_id], OUTSIDE_ROWS.index(f.line_item_norm)))
    return [best.line_item]
