"""Append-only float32 vector files, one per embedder space, read through a memory map.

Row ``i`` of every space's file belongs to the chunk whose ordinal is ``i`` (non-indexed chunks hold a
zero row). The number of *committed* rows lives in the SQLite metadata and is bumped in the same
transaction as the chunks, so rows written by a killed ingest lie beyond the committed count: readers
never see them and the next writer overwrites them.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import ThreadpoolController

from finrag.errors import StoreUnavailableError
from finrag.index.codes import distances, nearest

FLOAT_BYTES = 4  # float32
# Scattered matching rows are gathered (a copy) when at most this share of the matrix passes the filter;
# above it one full matrix-vector product is cheaper (a gathered row cost 4-8x a scanned row here).
GATHER_MAX_SHARE = 0.1
# Matching rows usually form runs (a document's chunks are consecutive): up to this many runs are
# scored as slices of the memory map, which reads only those rows and copies nothing.
MAX_RUNS = 1000
# A filter keeping at most this share of the rows gathers their codes (64 bytes a row) and measures only
# those; above it every code is measured (a sequential pass) and the distances are gathered.
CODE_SUBSET_SHARE = 0.5
_blas: ThreadpoolController | None = None  # built once: threadpool_limits() rescans libraries (1.7 ms a call)


def blas_limit(threads: int) -> Any:
    """A context limiting BLAS to ``threads`` threads around a scan."""
    global _blas
    if _blas is None:
        _blas = ThreadpoolController()
    return _blas.limit(limits=threads, user_api="blas")


def space_file(folder: Path, space: str) -> Path:
    return folder / (re.sub(r"[^A-Za-z0-9_.-]+", "_", space) + ".f32")


class VectorFile:
    def __init__(self, path: Path, dim: int) -> None:
        self.path = path
        self.dim = dim
        self._map: np.ndarray | None = None
        self._lock = threading.Lock()  # searches run in several threads (keyword and dense side by side)

    def matrix(self, rows: int) -> np.ndarray:
        """The first ``rows`` committed rows as a read-only (rows, dim) float32 view."""
        if rows == 0:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            if self._map is not None and self._map.shape[0] == rows:
                return self._map
            size = self.path.stat().st_size if self.path.exists() else 0
            if size < rows * self.dim * FLOAT_BYTES:
                raise StoreUnavailableError(
                    f"vector file holds {size // (self.dim * FLOAT_BYTES)} rows, index expects {rows}",
                    file=str(self.path),
                )
            view = np.memmap(self.path, dtype=np.float32, mode="r", shape=(rows, self.dim))
            self._map = view
            return view

    def write_rows(self, start: int, block: np.ndarray) -> None:
        """Write ``block`` at row ``start`` (dropping anything beyond it) and fsync."""
        if block.shape[1:] != (self.dim,):
            raise StoreUnavailableError(f"vector block {block.shape}, dim {self.dim}", file=str(self.path))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._lock, open(self.path, "ab+") as fh:
            fh.truncate(start * self.dim * FLOAT_BYTES)
            fh.seek(start * self.dim * FLOAT_BYTES)
            fh.write(np.ascontiguousarray(block, dtype=np.float32).tobytes())
            fh.flush()
            os.fsync(fh.fileno())
            self._map = None

    def truncate(self, rows: int) -> None:
        """Drop rows beyond the committed count (left by a killed writer)."""
        if self.path.exists() and self.path.stat().st_size > rows * self.dim * FLOAT_BYTES:
            with self._lock, open(self.path, "rb+") as fh:
                fh.truncate(rows * self.dim * FLOAT_BYTES)
                self._map = None


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` largest scores, best first (ties broken by lower index)."""
    if scores.shape[0] == 0 or k <= 0:
        return np.zeros(0, dtype=np.int64)
    idx = np.argpartition(-scores, k - 1)[:k] if k < scores.shape[0] else np.arange(scores.shape[0])
    order = np.lexsort((idx, -scores[idx]))
    return idx[order]


def exact_scores(matrix: np.ndarray, positions_ords: np.ndarray, query: np.ndarray) -> np.ndarray:
    """Dot products of ``query`` with the rows ``positions_ords`` of ``matrix`` (exact, no index)."""
    n = positions_ords.shape[0]
    if n == 0:
        return np.zeros(0, dtype=np.float32)
    if n == matrix.shape[0]:
        return matrix @ query
    starts = np.concatenate(([0], np.flatnonzero(np.diff(positions_ords) != 1) + 1))
    if starts.shape[0] <= MAX_RUNS:
        ends = np.append(starts[1:], n)
        first = positions_ords[starts]
        parts = [matrix[a : a + (e - s)] @ query for a, s, e in zip(first, starts, ends, strict=True)]
        return np.concatenate(parts)
    if n <= GATHER_MAX_SHARE * matrix.shape[0]:
        return matrix[positions_ords] @ query
    return (matrix @ query)[positions_ords]


def quantized_top(
    matrix: np.ndarray, codes: np.ndarray, ords: np.ndarray, query: np.ndarray, k: int, pool: int
) -> tuple[np.ndarray, np.ndarray]:
    """Indices into ``ords`` and exact scores of the best ``k`` rows among ``ords``, searched through the
    binary codes first (:mod:`finrag.index.codes`): the ``pool`` closest codes are re-scored exactly."""
    if ords.shape[0] == codes.shape[0]:  # every row, in order
        dist = distances(codes, query)
    elif ords.shape[0] <= CODE_SUBSET_SHARE * codes.shape[0]:
        dist = distances(codes[ords], query)
    else:
        dist = distances(codes, query)[ords]
    cand = nearest(dist, max(pool, k))
    sims = matrix[ords[cand]] @ query
    best = top_k(sims, k)
    return cand[best], sims[best]
