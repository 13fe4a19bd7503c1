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
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from finrag.index.sqlite_store import SqliteStore
from finrag.model import (
    AccessInfo,
    AccessScope,
    Chunk,
    ChunkKind,
    ChunkMeta,
    DocumentMeta,
    DocumentRecord,
    Filters,
)
from finrag.retrieve.fuse import rrf

DIM = 512  # USE dimension
DOC_CHUNKS = 1000  # chunks per synthetic document
TOKENS_PER_CHUNK = 60  # analyzer tokens per synthetic chunk (a 400-token budget chunk has ~60-200)
COMPANIES = [f"公司{i}" for i in range(10)]
_ZH = "营业收入 营业成本 净利润 归属于上市公司股东的净利润 经营活动产生的现金流量净额 合同负债 应收账款 存货"
_ZH += " 固定资产 商誉 研发费用 销售费用 管理费用 财务费用 毛利率 资产负债率 总资产 净资产 股本 资本公积 分红"
_EN = "revenue income net cash flow operating investing financing asset liability equity goodwill inventory"
_EN += " receivable payable depreciation amortization segment dividend share margin tax deferred lease debt"
WORDS = _ZH.split(" ") + _EN.split(" ")


def build(folder: Path, n_chunks: int, seed: int = 0) -> SqliteStore:
    store = SqliteStore(folder)
    store.check_embedders({"use": DIM})
    have = store.stats().chunks
    rng = np.random.default_rng(seed + have)
    vocab = WORDS + [f"w{i}" for i in range(20_000)] + [str(600000 + i) for i in range(2_000)]
    zipf = 1.0 / np.arange(1, len(vocab) + 1)
    zipf /= zipf.sum()
    t0 = time.perf_counter()
    for d in range(have // DOC_CHUNKS, n_chunks // DOC_CHUNKS):
        doc_id = f"doc{d:07d}"
        company, level = COMPANIES[d % len(COMPANIES)], d % 3
        meta = ChunkMeta(file=f"{doc_id}.pdf", doc_type="annual_report", language="zh", company=company,
                         fiscal_year=2015 + d % 8, access_level=level)  # fmt: skip
        words = rng.choice(len(vocab), size=(DOC_CHUNKS, TOKENS_PER_CHUNK), p=zipf)
        tokens = [[vocab[w] for w in row] for row in words]
        chunks = [
            Chunk(f"{doc_id}-{i}", doc_id, " ".join(t[:30]), ChunkKind.TEXT, [i // 4 + 1], ["s"], meta)
            for i, t in enumerate(tokens)
        ]
        vecs = rng.standard_normal((DOC_CHUNKS, DIM)).astype(np.float32)
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        record = DocumentRecord(doc_id, meta.file, "pdf", "annual_report", "zh", DOC_CHUNKS // 4,
                                DocumentMeta(company=company), AccessInfo(level, []), DOC_CHUNKS)  # fmt: skip
        store.add_document(record, chunks, {"use": vecs}, [], tokens)
        if d % 50 == 0:
            print(f"  built {(d + 1) * DOC_CHUNKS} chunks in {time.perf_counter() - t0:.0f} s", flush=True)
    return store


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
    args = ap.parse_args()
    t0 = time.perf_counter()
    store = build(args.folder, args.chunks)
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
        k = timed(lambda f=f: store.keyword_search(queries[0], 50, f), args.queries)
        v = timed(lambda f=f: store.vector_search("use", vec, 50, f), args.queries)
        h = timed(
            lambda f=f: rrf(
                {
                    "bm25": store.keyword_search(queries[1], 50, f),
                    "dense": store.vector_search("use", vec, 50, f),
                }
            ),
            args.queries,
        )
        print(f"| {name} | {k} | {v} | {h} |")
    s = store.stats()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    per_100k = s.disk_bytes / 1e6 / (s.chunks / 1e5)
    disk_mb = s.disk_bytes / 1e6
    print(f"chunks {s.chunks}; disk {disk_mb:.0f} MB ({per_100k:.0f} MB/100k); peak RSS {rss_mb:.0f} MB")


if __name__ == "__main__":
    main()
