"""Query latency of the embedded store at scale, on synthetic chunks (no parser or embedder needed).

Builds (or reuses) a store of N synthetic chunks in 1,000-chunk documents: Zipf-distributed finance
vocabulary in both languages, random unit vectors of the USE dimension, 10 companies, 3 access levels.
Then times keyword (BM25), vector search and the hybrid query as the product runs it
(``Retriever.candidates``: BM25 in a pool thread beside the vector scan, then RRF), unfiltered and with
filters, and reports p50/p95 in ms, the vector path taken (exact or binary codes + exact re-scoring) with
its recall@k against the exact top-k, the resident memory and the disk size per 100k chunks.

    nice -n 10 python bench/query_latency.py --chunks 100000 --folder /tmp/finrag-bench-100k
    nice -n 10 python bench/query_latency.py --chunks 1000000 --folder /tmp/finrag-bench-1m-vec --tokens 0
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from finrag.config import Settings
from finrag.index.sqlite_store import SqliteStore
from finrag.model import AccessScope, Filters
from finrag.retrieve.fuse import rrf
from finrag.retrieve.pipeline import Retriever

sys.path.insert(0, str(Path(__file__).parent))
from synthetic import DIM, build

TOP_N = 50  # candidates per retriever (retrieve.candidates)
RECALL_K = 10


class FixedEmbedder:
    """The query vector is given (random unit vectors): no model is loaded."""

    name, dimension = "use", DIM

    def __init__(self) -> None:
        self.vector = np.zeros(DIM, dtype=np.float32)

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.tile(self.vector, (len(texts), 1))

    def embed_query(self, text: str) -> np.ndarray:
        return self.vector


def timed(fn: Callable[[int], object], runs: int) -> str:
    """ "wall p50 / p95 (cpu p50)" in ms: CPU time shows the cost without the shared machine's queueing."""
    wall, cpu = [], []
    for i in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn(i)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    p95 = statistics.quantiles(wall, n=20)[18] if runs > 1 else wall[0]
    return f"{statistics.median(wall):.1f} / {p95:.1f} ({statistics.median(cpu):.1f})"


def disk_mb(folder: Path) -> dict[str, float]:
    parts = {"sqlite": 0.0, "vectors f32": 0.0, "codes": 0.0, "other": 0.0}
    for p in folder.rglob("*"):
        if p.is_file():
            other = "sqlite" if ".db" in p.name else "other"
            key = {".f32": "vectors f32", ".b1": "codes"}.get(p.suffix, other)
            parts[key] += p.stat().st_size / 1e6
    return parts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--folder", type=Path, default=Path("/tmp/finrag-bench-100k"))
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--tokens", type=int, default=60, help="tokens per chunk; 0 = vectors only (no BM25)")
    ap.add_argument("--sequential", action="store_true", help="hybrid without threads (parallel_search off)")
    args = ap.parse_args()
    settings = Settings()  # FINRAG_INDEX__QUANTIZED_MIN_ROWS / __QUANTIZED_POOL / __PARALLEL_SEARCH apply
    settings.index.parallel_search = settings.index.parallel_search and not args.sequential
    t0 = time.perf_counter()
    build(args.folder, args.chunks, tokens=args.tokens).close()
    ix = settings.index
    store = SqliteStore(
        args.folder,
        search_threads=ix.search_threads,
        quantized_min_rows=ix.quantized_min_rows,
        quantized_pool=ix.quantized_pool,
    )
    exact = SqliteStore(args.folder, quantized_min_rows=10**12)  # the reference for recall
    print(f"build/reuse: {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    store.columns()
    print(f"cold column load: {(time.perf_counter() - t0) * 1000:.0f} ms")
    emb = FixedEmbedder()
    retriever = Retriever(settings, store, [emb])  # type: ignore[list-item]
    rng = np.random.default_rng(1)
    vecs = rng.standard_normal((args.queries, DIM)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    words = [f"w{int(rng.integers(0, 500))}" for _ in range(args.queries)]
    kw = [["归属于上市公司股东的净利润", "营业收入", "revenue", w] for w in words] if args.tokens else None
    filters = {
        "none": Filters(),
        "company (10%)": Filters(companies=["公司3"]),
        "access guest (33%)": Filters(access=AccessScope(max_level=0, groups=frozenset())),
        "one doc (0.1%)": Filters(doc_ids=["doc0000007"]),
    }
    t0 = time.perf_counter()
    store.vector_search("use", vecs[0], TOP_N, Filters())  # warm the page cache (builds codes if missing)
    print(f"first vector search (page cache, codes): {(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"settings: parallel_search={ix.parallel_search} quantized_min_rows={ix.quantized_min_rows} "
          f"quantized_pool={ix.quantized_pool} search_threads={ix.search_threads}")  # fmt: skip
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"| filter | keyword ms p50 / p95 (cpu p50) | vector ms | hybrid: keyword ∥ vector + RRF, ms "
          f"| vector path | recall@{RECALL_K} vs exact |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for name, f in filters.items():

        def keyword(i: int, f: Filters = f) -> object:
            return store.keyword_search(kw[i], TOP_N, f) if kw else []

        def vector(i: int, f: Filters = f) -> object:
            return store.vector_search("use", vecs[i], TOP_N, f)

        def hybrid(i: int, f: Filters = f) -> object:
            emb.vector = vecs[i]
            got = retriever.candidates(kw[i] if kw else [], "q", f, TOP_N)
            return rrf({"bm25": got.keyword, **got.dense})

        k = timed(keyword, args.queries) if kw else "-"
        v, h = (timed(fn, args.queries) for fn in (vector, hybrid))
        passing = store.columns().mask(f)
        rows = store.columns().size if passing is None else int(passing.sum())
        path = "codes + exact re-score" if rows > ix.quantized_min_rows else "exact"
        hits = []
        for q in vecs[: min(args.queries, 50)]:
            want = {s.chunk.chunk_id for s in exact.vector_search("use", q, RECALL_K, f)}
            got_ids = {s.chunk.chunk_id for s in store.vector_search("use", q, RECALL_K, f)}
            hits.append(len(want & got_ids) / max(len(want), 1))
        print(f"| {name} | {k} | {v} | {h} | {path} ({rows} rows) | {np.mean(hits):.3f} |")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    s = store.stats()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    parts = disk_mb(args.folder)
    per = 1e5 / max(s.chunks, 1)
    detail = ", ".join(f"{k} {v * per:.0f}" for k, v in parts.items() if v)
    print(f"chunks {s.chunks}; disk {sum(parts.values()):.0f} MB; per 100k chunks: "
          f"{sum(parts.values()) * per:.0f} MB ({detail}); peak RSS {rss_mb:.0f} MB")  # fmt: skip


if __name__ == "__main__":
    main()
