"""Fusion of ranked candidate lists (one per retriever) into one ranking of hits.

* ``rrf``: reciprocal rank fusion, score = sum over lists of 1 / (k + rank) (Cormack et al., k = 60).
* ``weighted``: each list's raw scores min-max normalised to [0, 1], then a weighted sum (keyword 0.7,
  dense 0.3 split evenly across dense spaces, as RAGFlow does).

Every hit keeps its 1-based rank and raw score per retriever (``Hit.ranks`` / ``Hit.scores``) so that
``--explain`` can show why it came where it did. Ties break by best single rank, then chunk id.
"""

from __future__ import annotations

from collections.abc import Mapping

from finrag.errors import ConfigError
from finrag.model import Hit, ScoredChunk

KEYWORD = "bm25"  # name of the keyword retriever in Hit.ranks
DENSE_PREFIX = "dense:"  # dense retrievers are "dense:<embedder name>"


def _collect(lists: Mapping[str, list[ScoredChunk]]) -> dict[str, Hit]:
    hits: dict[str, Hit] = {}
    for name, items in lists.items():
        for rank, sc in enumerate(items, 1):
            hit = hits.setdefault(sc.chunk.chunk_id, Hit(chunk=sc.chunk, score=0.0))
            hit.ranks[name] = rank
            hit.scores[name] = sc.score
    return hits


def _ordered(hits: dict[str, Hit]) -> list[Hit]:
    return sorted(hits.values(), key=lambda h: (-h.score, min(h.ranks.values()), h.chunk.chunk_id))


def rrf(lists: Mapping[str, list[ScoredChunk]], k: int = 60) -> list[Hit]:
    hits = _collect(lists)
    for hit in hits.values():
        hit.score = sum(1.0 / (k + r) for r in hit.ranks.values())
    return _ordered(hits)


def weighted(lists: Mapping[str, list[ScoredChunk]], weights: Mapping[str, float]) -> list[Hit]:
    hits = _collect(lists)
    for name, items in lists.items():
        if not items:
            continue
        raw = [sc.score for sc in items]
        lo, hi = min(raw), max(raw)
        span = hi - lo
        w = weights.get(name, 0.0)
        for sc in items:
            norm = 1.0 if span == 0 else (sc.score - lo) / span
            hits[sc.chunk.chunk_id].score += w * norm
    return _ordered(hits)


def default_weights(names: list[str], keyword_weight: float, dense_weight: float) -> dict[str, float]:
    """Keyword list gets ``keyword_weight``; the dense lists share ``dense_weight`` evenly."""
    dense = [n for n in names if n != KEYWORD]
    out = {n: dense_weight / len(dense) for n in dense}
    if KEYWORD in names:
        out[KEYWORD] = keyword_weight
    return out


def fuse(
    lists: Mapping[str, list[ScoredChunk]],
    method: str,
    *,
    rrf_k: int = 60,
    keyword_weight: float = 0.7,
    dense_weight: float = 0.3,
) -> list[Hit]:
    if method == "rrf":
        return rrf(lists, rrf_k)
    if method == "weighted":
        return weighted(lists, default_weights(list(lists), keyword_weight, dense_weight))
    raise ConfigError(f"unknown fusion {method!r}: use 'rrf' or 'weighted'", stage="retrieve")
