"""Near-duplicate removal: a hit whose text shares at least ``threshold`` of its shingles (Jaccard) with a
better hit is dropped (the same paragraph printed in two places, a table repeated in a summary).
Same-parent children are already merged by the retriever's parent expansion.
"""

from __future__ import annotations

import re

from finrag.model import Hit

SHINGLE = 3  # characters per shingle: fair for Chinese (no spaces) and English alike
_SPACE = re.compile(r"\s+")


def shingles(text: str) -> set[str]:
    t = _SPACE.sub(" ", text.lower()).strip()
    if len(t) <= SHINGLE:
        return {t} if t else set()
    return {t[i : i + SHINGLE] for i in range(len(t) - SHINGLE + 1)}


def jaccard(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def dedup(hits: list[Hit], threshold: float) -> tuple[list[Hit], list[str]]:
    """(hits without near-duplicates, chunk ids dropped). Order is kept; the first of a pair wins."""
    kept: list[Hit] = []
    kept_sh: list[set[str]] = []
    dropped: list[str] = []
    for h in hits:
        sh = shingles(h.chunk.text)
        if any(jaccard(sh, other) >= threshold for other in kept_sh):
            dropped.append(h.chunk.chunk_id)
            continue
        kept.append(h)
        kept_sh.append(sh)
    return kept, dropped
