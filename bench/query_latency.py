"""Query latency of the embedded store at scale, on synthetic chunks (no parser or embedder needed).

Builds (or reuses) a store of N synthetic chunks in 1,000-chunk documents: Zipf-distributed finance
vocabulary in both languages, random unit vectors of the USE dimension, 10 companies, 3 access levels.
Then times keyword (BM25), vector (exact) and both + RRF fusion, unfiltered and with filters, and
reports p50/p95 in ms, the resident memory and the disk size.

    nice -n 10 python bench/query_latency.py --chunks 100000 --folder /tmp/finrag-bench-100k
    nice -n 10 python bench/query_latency.py --chunks 1000000 --folder /tmp/finrag-bench-1m
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

from finrag.model import (
    AccessScope,
    Filters,
)
from finrag.retrieve.fuse import rrf

sys.path.insert(0, str(Path(__file__).parent))
from synthetic import DIM, build


def timed(fn: Callable[[], object], runs: int) -> str:
    """ "wall p50 / p95 (cpu p50)" in ms: CPU time shows the cost without the shared machine's queueing."""
    wall, cpu = [], []
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    p95 = statistics.quantiles(wall, n=20)[18]
    return f"{statistics.median(wall):.1f} / {p95:.1f} ({statistics.median(cpu):.1f})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=100_000)
    ap.add_argument("--folder", type=Path, default=Path("/tmp/finrag-bench-100k"))
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--tokens", type=int, default=60, help="tokens per chunk; 0 = vectors only (no BM25)")
    args = ap.parse_args()
    t0 = time.perf_counter()
    store = build(args.folder, args.chunks, tokens=args.tokens)
    print(f"build/reuse: {time.perf_counter() - t0:.1f} s")
    rng = np.random.default_rng(1)
    t0 = time.perf_counter()
    store.columns()
    print(f"cold column load: {(time.perf_counter() - t0) * 1000:.0f} ms")
    queries = [
        ["归属于上市公司股东的净利润", "营业收入", "revenue", f"w{int(rng.integers(0, 500))}"]
        for _ in range(5)
    ]
    vec = rng.standard_normal(DIM).astype(np.float32)
    vec /= np.linalg.norm(vec)
    filters = {
        "none": Filters(),
        "company (10%)": Filters(companies=["公司3"]),
        "access guest (33%)": Filters(access=AccessScope(max_level=0, groups=frozenset())),
        "one doc (0.1%)": Filters(doc_ids=["doc0000007"]),
    }
    store.vector_search("use", vec, 10, Filters())  # warm the page cache
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| filter | keyword ms p50 / p95 (cpu p50) | vector ms | hybrid: both + RRF, ms |")
    print("|---|---|---|---|")
    for name, f in filters.items():

        def keyword(f: Filters = f) -> object:
            return store.keyword_search(queries[0], 50, f)

        def vector(f: Filters = f) -> object:
            return store.vector_search("use", vec, 50, f)

        def hybrid(f: Filters = f) -> object:
            lists = {
                "bm25": store.keyword_search(queries[1], 50, f),
                "dense": store.vector_search("use", vec, 50, f),
            }
            return rrf(lists)

        k, v, h = (timed(fn, args.queries) for fn in (keyword, vector, hybrid))
        print(f"| {name} | {k} | {v} | {h} |")
    s = store.stats()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    per_100k = s.disk_bytes / 1e6 / (s.chunks / 1e5)
    disk_mb = s.disk_bytes / 1e6
    print(f"chunks {s.chunks}; disk {disk_mb:.0f} MB ({per_100k:.0f} MB/100k); peak RSS {rss_mb:.0f} MB")


if __name__ == "__main__":
    main()
