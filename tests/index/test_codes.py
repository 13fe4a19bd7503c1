"""Binary-code first pass of large vector scans: distances against a brute-force oracle, the store's
quantized path (recall, exactness below the threshold and for selective filters), codes kept in step
with the committed vector rows and rebuilt when missing."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from finrag.index.codes import LEVELS, code_words, distances, encode, nearest
from finrag.index.sqlite_store import CODES_SUFFIX, SqliteStore
from finrag.index.tokenize import analyze
from finrag.index.vectors import space_file
from finrag.model import Filters
from tests.index.factory import doc_id_of, make_chunk, make_record

SPACE = "use"
DIM = 256
DOCS, PER_DOC = 8, 50  # 400 rows


def _weighted_hamming(rows: np.ndarray, q: np.ndarray) -> np.ndarray:
    mag = np.abs(q)
    level = np.searchsorted(np.quantile(mag, np.linspace(0, 1, LEVELS + 1)[1:-1]), mag)
    return ((rows > 0) != (q > 0)).astype(np.int64) @ (1 + level)


@pytest.mark.parametrize("dim", [512, 384, 1024])
def test_distances_equal_the_weighted_hamming_oracle(dim: int) -> None:
    rng = np.random.default_rng(dim)
    rows = rng.standard_normal((3000, dim)).astype(np.float32)
    q = rng.standard_normal(dim).astype(np.float32)
    codes = encode(rows, code_words(dim)).view(np.uint64)
    assert (distances(codes, q) == _weighted_hamming(rows, q)).all()


def test_nearest_keeps_the_pool_smallest_distances() -> None:
    dist = np.random.default_rng(1).integers(0, 300, size=20_000)
    got = nearest(dist, 500)
    assert 500 <= got.shape[0] <= 1000 and (np.diff(got) > 0).all()
    assert dist[got].max() <= np.sort(dist)[499]  # nothing closer was left out


CENTRES = np.random.default_rng(0).standard_normal((20, DIM))  # topics: rows and questions share them


def _clustered(rng: np.random.Generator, n: int) -> np.ndarray:
    v = CENTRES[rng.integers(0, 20, n)] + 0.6 * rng.standard_normal((n, DIM))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def _fill(store: SqliteStore, vecs: np.ndarray) -> list[str]:
    store.check_embedders({SPACE: DIM})
    ids: list[str] = []
    for d in range(DOCS):
        doc = doc_id_of(f"d{d}.pdf")
        company = "甲公司" if d == 3 else "乙公司"
        chunks = [
            make_chunk(doc, i, f"段落 {d} {i}", file=f"d{d}.pdf", company=company) for i in range(PER_DOC)
        ]
        block = vecs[d * PER_DOC : (d + 1) * PER_DOC]
        toks = [analyze(c.text) for c in chunks]
        store.add_document(make_record(doc, f"d{d}.pdf", PER_DOC), chunks, {SPACE: block}, [], toks)
        ids += [c.chunk_id for c in chunks]
    return ids


def _ids(store: SqliteStore, q: np.ndarray, k: int, f: Filters | None = None) -> list[str]:
    return [s.chunk.chunk_id for s in store.vector_search(SPACE, q, k, f or Filters())]


def test_quantized_search_finds_the_exact_neighbours_and_filters_stay_exact(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    vecs = _clustered(rng, DOCS * PER_DOC)
    store = SqliteStore(tmp_path / "s", quantized_min_rows=100, quantized_pool=100)
    ids = _fill(store, vecs)
    codes = space_file(tmp_path / "s" / "vectors", SPACE).with_suffix(CODES_SUFFIX)
    assert codes.stat().st_size == DOCS * PER_DOC * code_words(DIM) * 8  # one code row per vector row
    recall = []
    for q in _clustered(rng, 30):
        truth = [ids[i] for i in np.argsort(-(vecs @ q), kind="stable")[:10]]
        got = _ids(store, q, 10)
        recall.append(len(set(truth) & set(got)) / 10)
        scores = [s.score for s in store.vector_search(SPACE, q, 10, Filters())]
        assert scores == sorted(scores, reverse=True)  # re-scored exactly
        # a filter keeping 50 rows (< quantized_min_rows) is the brute-force top-k among them
        allowed = range(3 * PER_DOC, 4 * PER_DOC)
        want = [ids[i] for i in sorted(allowed, key=lambda i: -float(vecs[i] @ q))[:10]]
        assert _ids(store, q, 10, Filters(companies=["甲公司"])) == want
    assert np.mean(recall) >= 0.9
    big_pool = SqliteStore(tmp_path / "s", quantized_min_rows=100, quantized_pool=DOCS * PER_DOC)
    q = vecs[7]
    assert _ids(big_pool, q, 10) == [ids[i] for i in np.argsort(-(vecs @ q), kind="stable")[:10]]


def test_missing_or_short_codes_are_rebuilt_and_stale_rows_dropped(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    vecs = _clustered(rng, DOCS * PER_DOC)
    exact = SqliteStore(tmp_path / "s")  # default threshold: small stores write no codes
    ids = _fill(exact, vecs)
    codes = space_file(tmp_path / "s" / "vectors", SPACE).with_suffix(CODES_SUFFIX)
    assert not codes.exists()
    q = vecs[11]
    want = _ids(exact, q, 5)
    exact.close()
    store = SqliteStore(tmp_path / "s", quantized_min_rows=100, quantized_pool=DOCS * PER_DOC)
    assert _ids(store, q, 5) == want == [ids[i] for i in np.argsort(-(vecs @ q), kind="stable")[:5]]
    row = code_words(DIM) * 8
    assert codes.stat().st_size == DOCS * PER_DOC * row  # rebuilt by the search
    with open(codes, "ab") as fh:  # what a writer killed between its code write and COMMIT leaves
        fh.write(b"\xff" * row * 7)
    store.close()
    reopened = SqliteStore(tmp_path / "s", quantized_min_rows=100, quantized_pool=DOCS * PER_DOC)
    assert codes.stat().st_size == DOCS * PER_DOC * row
    assert _ids(reopened, q, 5) == want
    reopened.close()
    with open(codes, "rb+") as fh:  # a short file (store written by an older version) is rebuilt too
        fh.truncate(row * 10)
    older = SqliteStore(tmp_path / "s", quantized_min_rows=100, quantized_pool=DOCS * PER_DOC)
    assert _ids(older, q, 5) == want
    assert codes.stat().st_size == DOCS * PER_DOC * row
