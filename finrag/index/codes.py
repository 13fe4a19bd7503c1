"""Binary sign codes of the vector rows: a cheap first pass for large vector scans.

Row ``i`` of ``<space>.b1`` holds the signs of vector row ``i`` packed into bits (``np.packbits`` order,
zero-padded to whole 512-bit blocks): 64 bytes for a 512-d row instead of 2,048. A query scores every
row by a *weighted Hamming distance*: a mismatching bit costs 1, or 2 where the query's component is in
its larger magnitude half (``LEVELS``). That recovers much of what plain Hamming distance loses against
the asymmetric (float query x binary row) score; recall figures: bench/vector_recall.py, docs/BENCHMARKS.md.
The best ``pool`` rows are then re-scored exactly with the float32 rows, so the final scores are exact;
only a true neighbour missing from the pool costs recall.

The file follows the vector file's scheme (:mod:`finrag.index.vectors`): rows are written and fsynced
before the commit that publishes them, rows beyond the committed count are ignored and overwritten, and
a missing or short file is rebuilt from the float32 rows (atomically, through a temporary file).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Protocol

import numpy as np

from finrag.errors import StoreUnavailableError

BLOCK_BITS = 512  # codes are padded to whole 512-bit blocks so eight 64-bit words sum in one SWAR pass
WORD_BYTES = 8
# Query magnitude levels: a mismatch costs 1 or 2. Three levels cost +22 ms per 1M rows for recall@10
# 0.991 instead of 0.990 on 1M USE-like rows (bench/vector_recall.py, pool 8000).
LEVELS = 2
BLOCK_ROWS = 16_384  # rows per distance block: the temporaries stay in the CPU cache (measured 8k-64k)
BUILD_ROWS = 65_536  # float32 rows read per block when (re)building the codes
_M8, _M16, _M32 = (np.uint64(m) for m in (0x00FF00FF00FF00FF, 0x0000FFFF0000FFFF, 0xFFFFFFFF))
_S8, _S16, _S32 = np.uint64(8), np.uint64(16), np.uint64(32)


class _Rows(Protocol):
    def matrix(self, rows: int) -> np.ndarray: ...


def code_words(dim: int) -> int:
    """64-bit words per row for a ``dim``-dimensional space."""
    return -(-dim // BLOCK_BITS) * (BLOCK_BITS // 64)


def encode(block: np.ndarray, words: int) -> np.ndarray:
    """(n, dim) float rows -> (n, words * 8) uint8 sign codes."""
    bits = np.packbits(np.asarray(block) > 0, axis=1)
    out = np.zeros((bits.shape[0], words * WORD_BYTES), dtype=np.uint8)
    out[:, : bits.shape[1]] = bits
    return out


class CodeFile:
    """One space's code file; rows are read through a memory map, like the float32 rows."""

    def __init__(self, path: Path, dim: int) -> None:
        self.path = path
        self.dim = dim
        self.words = code_words(dim)
        self.row_bytes = self.words * WORD_BYTES
        self._map: np.ndarray | None = None
        self._lock = threading.Lock()

    def rows_on_disk(self) -> int:
        return self.path.stat().st_size // self.row_bytes if self.path.exists() else 0

    def matrix(self, rows: int) -> np.ndarray | None:
        """The first ``rows`` codes as (rows, words) uint64, or ``None`` when the file holds fewer."""
        with self._lock:
            if self._map is not None and self._map.shape[0] == rows:
                return self._map
            if rows == 0 or self.rows_on_disk() < rows:
                return None
            raw = np.memmap(self.path, dtype=np.uint64, mode="r", shape=(rows, self.words))
            self._map = raw
            return raw

    def write_rows(self, start: int, block: np.ndarray) -> None:
        """Codes of the float rows ``block`` at row ``start`` (dropping anything beyond it), fsynced."""
        if self.rows_on_disk() < start:
            raise StoreUnavailableError(f"code file holds fewer than {start} rows", file=str(self.path))
        with self._lock, open(self.path, "rb+") as fh:
            fh.truncate(start * self.row_bytes)
            fh.seek(start * self.row_bytes)
            fh.write(encode(block, self.words).tobytes())
            fh.flush()
            os.fsync(fh.fileno())
            self._map = None

    def follow(self, start: int, block: np.ndarray, vectors: _Rows, min_rows: int) -> None:
        """Keep the codes in step with a vector write at ``start`` (inside the writer's transaction):
        appended when the file is complete, else (re)built once the store is big enough to use them."""
        if self.path.exists() and self.rows_on_disk() >= start:
            self.write_rows(start, block)
        elif start + block.shape[0] > min_rows:
            self.build(vectors.matrix(start + block.shape[0]))

    def build(self, matrix: np.ndarray) -> None:
        """(Re)write the whole file from the float32 rows ``matrix`` (a temporary file, then a rename)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for stale in self.path.parent.glob(self.path.name + ".*.tmp"):
            stale.unlink(missing_ok=True)  # left by a builder that was killed
        tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            with open(tmp, "wb") as fh:
                for start in range(0, matrix.shape[0], BUILD_ROWS):
                    fh.write(encode(matrix[start : start + BUILD_ROWS], self.words).tobytes())
                fh.flush()
                os.fsync(fh.fileno())
            with self._lock:
                os.replace(tmp, self.path)
                self._map = None
        finally:
            tmp.unlink(missing_ok=True)

    def truncate(self, rows: int) -> None:
        """Drop rows beyond the committed count (left by a killed writer)."""
        if self.rows_on_disk() > rows or (self.path.exists() and self.path.stat().st_size % self.row_bytes):
            with self._lock, open(self.path, "rb+") as fh:
                fh.truncate(min(rows, self.rows_on_disk()) * self.row_bytes)
                self._map = None


def query_code(query: np.ndarray, words: int) -> tuple[np.ndarray, list[np.ndarray]]:
    """The query's sign code and, per extra level, the mask of its components at or above that level."""
    q = np.asarray(query, dtype=np.float32)
    mag = np.abs(q)
    edges = np.quantile(mag, np.linspace(0.0, 1.0, LEVELS + 1)[1:-1])
    level = np.searchsorted(edges, mag)  # 0 .. LEVELS-1 by magnitude
    code = encode(q[None, :], words)[0].view(np.uint64)
    masks = [
        encode((level >= lv)[None, :].astype(np.float32), words)[0].view(np.uint64) for lv in range(1, LEVELS)
    ]
    return code, masks


def distances(codes: np.ndarray, query: np.ndarray) -> np.ndarray:
    """Weighted Hamming distance of every row of ``codes`` (rows, words uint64) to ``query``: a
    mismatching bit costs 1 + the query component's magnitude level (lower is closer)."""
    rows, words = codes.shape
    code, masks = query_code(query, words)
    flat = codes.reshape(-1)
    out = np.empty(rows, dtype=np.int64)
    block = min(BLOCK_ROWS, max(rows, 1))
    q_tiled, m_tiled = np.tile(code, block), [np.tile(m, block) for m in masks]
    x, xm, v, w = (np.empty(block * words, dtype=np.uint64) for _ in range(4))
    cnt, extra = np.empty(block * words, dtype=np.uint8), np.empty(block * words, dtype=np.uint8)
    for start in range(0, rows, block):
        n = min(block, rows - start)
        m = n * words
        np.bitwise_xor(flat[start * words : start * words + m], q_tiled[:m], out=x[:m])
        np.bitwise_count(x[:m], out=cnt[:m])
        for mt in m_tiled:  # byte counts stay <= 64 * LEVELS < 256
            np.bitwise_and(x[:m], mt[:m], out=xm[:m])
            np.bitwise_count(xm[:m], out=extra[:m])
            cnt[:m] += extra[:m]
        out[start : start + n] = _row_sums(cnt[:m], n, v, w)
    return out


def _row_sums(counts: np.ndarray, rows: int, v: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Per-row sums of byte counts (each < 256), eight bytes at a time in 16/32/64-bit lanes."""
    lanes = counts.view(np.uint64)
    k = lanes.shape[0]
    vv, ww = v[:k], w[:k]
    np.right_shift(lanes, _S8, out=ww)
    ww &= _M8
    np.bitwise_and(lanes, _M8, out=vv)
    vv += ww
    np.right_shift(vv, _S16, out=ww)
    ww &= _M16
    vv &= _M16
    vv += ww
    np.right_shift(vv, _S32, out=ww)
    vv &= _M32
    vv += ww
    return vv.reshape(rows, -1).sum(axis=1) if k != rows else vv


def nearest(dist: np.ndarray, pool: int) -> np.ndarray:
    """Indices of (about) the ``pool`` smallest distances, ascending index order: a counting threshold
    (one bincount) instead of a full partial sort; ties at the threshold are cut by a partition."""
    if dist.shape[0] <= pool:
        return np.arange(dist.shape[0])
    cum = np.cumsum(np.bincount(dist))
    threshold = int(np.searchsorted(cum, pool))
    cand = np.flatnonzero(dist <= threshold)
    if cand.shape[0] > 2 * pool:
        cand = np.sort(cand[np.argpartition(dist[cand], pool)[:pool]])
    return cand
