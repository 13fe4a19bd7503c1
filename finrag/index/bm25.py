"""Okapi BM25 over posting lists, with the same formula as rank_bm25's BM25Okapi (the test oracle).

idf(t) = ln(N - df + 0.5) - ln(df + 0.5); a term in more than half the chunks would get a negative idf,
so (as in rank_bm25) it is floored to ``IDF_EPSILON`` x the mean idf of the vocabulary.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

IDF_EPSILON = 0.25  # rank_bm25's default floor share for negative idfs


@dataclass(slots=True)
class Posting:
    positions: np.ndarray  # column positions of the chunks holding the term
    tfs: np.ndarray  # term frequency in each of those chunks
    df: int  # document frequency over the whole index


def idf(n_docs: int, df: int) -> float:
    # df is read live while n_docs comes from a reader's snapshot: a commit in between can make df > n_docs
    df = min(df, n_docs)
    return math.log(n_docs - df + 0.5) - math.log(df + 0.5)


def length_norm(lengths: np.ndarray, k1: float, b: float) -> np.ndarray:
    """k1 * (1 - b + b * length / mean length) per chunk: the query-independent part of BM25."""
    avgdl = float(lengths.mean()) if lengths.shape[0] else 0.0
    return k1 * (1.0 - b + b * lengths / avgdl) if avgdl > 0 else np.full(lengths.shape[0], k1)


def bm25_scores(
    query_terms: list[str],
    postings: dict[str, Posting],
    lengths: np.ndarray,
    k1: float,
    b: float,
    mean_idf: Callable[[], float],
    norm: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Scores of every column position and a mask of positions that hold at least one query term.

    ``query_terms`` may repeat a term (it then counts twice, as in rank_bm25); ``mean_idf`` is only
    called when some term needs the negative-idf floor (it reads the whole vocabulary); ``norm`` is
    :func:`length_norm` of ``lengths`` when the caller keeps it (it costs a pass over every chunk).
    """
    n = lengths.shape[0]
    scores = np.zeros(n, dtype=np.float64)
    matched = np.zeros(n, dtype=bool)
    if n == 0:
        return scores, matched
    norm = length_norm(lengths, k1, b) if norm is None else norm
    floor: float | None = None
    for term in query_terms:
        p = postings.get(term)
        if p is None or p.positions.shape[0] == 0:
            continue
        w = idf(n, p.df)
        if w < 0:
            if floor is None:
                floor = IDF_EPSILON * mean_idf()
            w = floor
        tf = p.tfs.astype(np.float64)
        scores[p.positions] += w * tf * (k1 + 1.0) / (tf + norm[p.positions])
        matched[p.positions] = True
    return scores, matched
