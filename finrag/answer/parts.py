"""Parts of a company a question names as such ("Lockheed Martin's Marine Systems segment", "Costco's Canadian
Operations segment"): the figure asked for is the part's, so the company's own row never answers it. A part
no retrieved text prints is looked for once more in the company's documents; still unprinted, the question
is refused rather than answered with the company's total."""

from __future__ import annotations

import re
from collections.abc import Callable

from finrag.answer.figures import beyond_context
from finrag.answer.lookup import SHARE_FORMULAS
from finrag.answer.owners import headed, is_filer
from finrag.answer.query import AskedFor
from finrag.model import AccessScope, Chunk, ChunkKind, Filters, SearchRequest, SearchResult

# a capitalised name the question calls a part of the company ("…'s Marine Systems segment")
_PART = re.compile(
    r"['’]s?\s+([A-Z][\w&-]*(?:\s+(?:and\s+|&\s+|of\s+)?[A-Z][\w&-]*)*)\s+(?:segment|division)\b"
)
# a capitalised word or a joiner next to a name: the name is a piece of a longer one ("Defense, Space &
# Security" prints no segment called "Space")
_LONGER_BEFORE = re.compile(r"&\s+$")
_LONGER_AFTER = re.compile(r"^\s+(?:&|and\s+[A-Z]|[A-Z])")
PART_DOCS = 2  # documents searched again for a part no retrieved text prints
_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)


def _printed(name: str, text: str) -> bool:
    """``text`` prints ``name`` on its own, not as a piece of a longer name."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
        if not _LONGER_BEFORE.search(text[max(0, m.start() - 30) : m.start()]) and not _LONGER_AFTER.match(
            text[m.end() : m.end() + 30]
        ):
            return True
    return False


def unprinted_parts(asked: AskedFor, context: list[Chunk]) -> list[str]:
    """The parts the question names that no retrieved text prints on its own."""
    if asked.formula is not None and asked.formula.name in SHARE_FORMULAS:
        return []
    text = " ".join(c.text for c in context)
    tables = [c.text for c in context if c.kind in _TABLES]
    parts = [m.group(1) for m in _PART.finditer(asked.question)]
    return [
        p
        for p in dict.fromkeys(parts)
        if not _printed(p, text) and not any(headed(p, t) for t in tables) and not is_filer(p, asked, context)
    ]


def part_context(
    parts: list[str],
    asked: AskedFor,
    context: list[tuple[int, Chunk]],
    access: AccessScope,
    search: Callable[[SearchRequest], SearchResult],
    k: int,
) -> list[tuple[int, Chunk]]:
    """The chunks of the retrieved documents a search for the parts and the items asked finds, numbered
    after the context."""
    docs = list(dict.fromkeys(c.doc_id for _, c in context))[:PART_DOCS]
    if not docs:
        return []
    items = " ".join(m.printed for m in asked.line_items)
    query = f"{' '.join(parts)} segment {items}".strip()
    return beyond_context(context, search(SearchRequest(query, k, Filters(access=access, doc_ids=docs))).hits)
