"""PostgreSQL keyword search with common terms pruned (MaxScore) returns exactly the exhaustive BM25 top-k,
with and without filters, on a corpus where most query terms are in most chunks."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from finrag.config import load_settings
from finrag.index.postgres_bm25 import QueryTerms, _essential
from finrag.index.postgres_store import PostgresStore
from finrag.model import Filters
from tests.index.factory import doc_id_of, make_chunk, make_record, random_unit

DIM = 4
K = 10
DOCS, PER_DOC, TOKENS = 6, 100, 30


def _corpus(seed: int) -> list[list[str]]:
    rng = np.random.default_rng(seed)
    ids = np.minimum(rng.zipf(1.3, size=(DOCS * PER_DOC, TOKENS)), 2000)
    lengths = rng.integers(5, TOKENS + 1, size=DOCS * PER_DOC)  # varied lengths: b matters
    return [[f"w{i}" for i in row[:n]] for row, n in zip(ids, lengths, strict=True)]


def test_pruned_keyword_search_equals_exhaustive_bm25(pg_schema_url: str, tmp_path: Path) -> None:
    store = PostgresStore(load_settings(tmp_path / "data"), url=pg_schema_url)
    store.check_embedders({"t": DIM})
    docs = _corpus(3)
    rng = np.random.default_rng(0)
    chunk_ids: list[str] = []
    for d in range(DOCS):
        name = f"z{d}.pdf"
        did = doc_id_of(name)
        toks = docs[d * PER_DOC : (d + 1) * PER_DOC]
        chunks = [
            make_chunk(did, i, " ".join(t), file=name, company="A" if d == 0 else "B")
            for i, t in enumerate(toks)
        ]
        store.add_document(
            make_record(did, name, PER_DOC), chunks, {"t": random_unit(rng, PER_DOC, DIM)}, [], toks
        )
        chunk_ids += [c.chunk_id for c in chunks]
    oracle = BM25Okapi(docs, k1=store.k1, b=store.b)
    in_a = np.arange(len(docs)) < PER_DOC
    queries = [["w1", "w2", "w3"], ["w1", "w2", "w40"], ["w2", "w5", "w9", "w150"], ["w1", "w1", "w7", "w90"]]
    queries += [[f"w{i}" for i in rng.integers(1, 300, size=4)] for _ in range(12)]
    queries += [[f"w{i}" for i in rng.integers(1, 300, size=9)] for _ in range(6)]  # long: the unnest plan
    for q in queries:
        for f, mask in ((Filters(), np.ones(len(docs), bool)), (Filters(companies=["A"]), in_a)):
            expected = np.where(mask & (oracle.get_scores(q) != 0), oracle.get_scores(q), -np.inf)
            got = store.keyword_search(q, K, f)
            assert len(got) == min(K, int(np.isfinite(expected).sum())), q
            kth = np.sort(expected)[-len(got)]
            for hit in got:  # every hit is a true top-k chunk with its exact score (ties at the k-th allowed)
                i = chunk_ids.index(hit.chunk.chunk_id)
                assert hit.score == pytest.approx(expected[i], rel=1e-9), (q, f)
                assert expected[i] >= kth - 1e-9, (q, f)
            assert [h.score for h in got] == sorted((h.score for h in got), reverse=True)
    store.close()


def test_only_the_commonest_terms_are_pruned() -> None:
    q = QueryTerms({"the": 0.1, "revenue": 0.5, "e5021": 6.0}, {"the": 900, "revenue": 300, "e5021": 2}, 30.0)
    assert _essential(q, theta=1.2, k1=1.2) == ["revenue", "e5021"]  # bounds 0.22 < 1.2 <= 0.22 + 1.1
    assert _essential(q, theta=2.0, k1=1.2) == ["e5021"]  # 0.22 + 1.1 < 2.0: only e5021 can win
    assert _essential(q, theta=0.1, k1=1.2) == ["the", "revenue", "e5021"]  # nothing can be skipped
