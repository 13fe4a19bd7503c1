"""Recall@k of the binary-code first pass (finrag.index.codes + vectors.quantized_top) against exact search.

Three sets of rows, queried with the dev questions embedded by USE (real question -> passage pairs):

* ``real``: the USE vectors of an ingested store (e.g. the shared corpus), as they are;
* ``real-ish``: ``--rows`` vectors drawn from a Gaussian fitted to those vectors (their mean and top
  principal directions, isotropic rest), normalised, plus the real rows: a 1M-row stand-in with the
  statistics of USE embeddings (no cluster structure, so likely harder than a real corpus);
* ``random``: ``--rows`` random unit vectors with random unit queries, the worst case for sign codes.

    nice -n 10 python bench/vector_recall.py --store /tmp/full-index/store --rows 1000000

Prints recall@k for each pool size, and the CPU ms of the code pass and of exact search.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

import numpy as np

from finrag.index.codes import code_words, encode
from finrag.index.vectors import quantized_top, top_k

SETS = ["financebench_dev.jsonl", "finglm_zh_dev.jsonl", "prospectus_zh_dev.jsonl", "bbt_finqa_zh_dev.jsonl"]
PCA_COMPONENTS = 128  # principal directions kept by the Gaussian stand-in (the rest is isotropic noise)
GEN_BLOCK = 100_000


def questions(eval_dir: Path, limit: int, cache: Path) -> np.ndarray:
    if cache.exists():
        return np.load(cache)[:limit]
    from finrag.config import load_settings
    from finrag.index.embed import UseEmbedder

    texts: list[str] = []
    for name in SETS:
        path = eval_dir / "sets" / name
        if path.exists():
            texts += [json.loads(line)["question"] for line in path.open(encoding="utf-8") if line.strip()]
    emb = UseEmbedder(load_settings())
    q = emb.embed(texts[:limit])
    np.save(cache, q)
    return q


def realish(real: np.ndarray, rows: int, rng: np.random.Generator) -> np.ndarray:
    mean = real.mean(axis=0)
    centred = real - mean
    _, sing, vt = np.linalg.svd(centred, full_matrices=False)
    scale = sing[:PCA_COMPONENTS] / np.sqrt(real.shape[0])
    rest = float(np.sqrt(max((sing[PCA_COMPONENTS:] ** 2).sum() / real.shape[0], 0.0) / real.shape[1]))
    out = np.empty((rows, real.shape[1]), dtype=np.float32)
    out[: real.shape[0]] = real
    for start in range(real.shape[0], rows, GEN_BLOCK):
        n = min(GEN_BLOCK, rows - start)
        z = rng.standard_normal((n, PCA_COMPONENTS)).astype(np.float32) * scale
        block = mean + z @ vt[:PCA_COMPONENTS] + rest * rng.standard_normal((n, real.shape[1]))
        out[start : start + n] = block / np.linalg.norm(block, axis=1, keepdims=True)
    return out


def measure(name: str, matrix: np.ndarray, queries: np.ndarray, pools: list[int], k: int) -> None:
    codes = encode(matrix, code_words(matrix.shape[1])).view(np.uint64)
    ords = np.arange(matrix.shape[0])
    t0 = time.process_time()
    truth = [set(top_k(matrix @ q, k).tolist()) for q in queries]
    exact_ms = (time.process_time() - t0) * 1000 / len(queries)
    row = []
    for pool in pools:
        t0 = time.process_time()
        got = [set(quantized_top(matrix, codes, ords, q, k, pool)[0].tolist()) for q in queries]
        ms = (time.process_time() - t0) * 1000 / len(queries)
        recall = np.mean([len(t & g) / k for t, g in zip(truth, got, strict=True)])
        row.append(f"{recall:.3f} ({ms:.0f} ms)")
    print(f"| {name} | {matrix.shape[0]} | {len(queries)} | {exact_ms:.0f} | " + " | ".join(row) + " |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", type=Path, default=Path("/tmp/full-index/store"))
    ap.add_argument("--eval", type=Path, default=Path("/work/shared/eval"))
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--pools", default="1000,2000,4000,8000,16000")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--query-cache", type=Path, default=Path("/tmp/finrag-recall-questions.npy"))
    args = ap.parse_args()
    pools = [int(p) for p in args.pools.split(",")]
    raw = np.fromfile(args.store / "vectors" / "use.f32", dtype=np.float32)
    real = raw[: raw.size // 512 * 512].reshape(-1, 512)
    real = real[np.linalg.norm(real, axis=1) > 0]  # parents and dead rows hold zeros
    queries = questions(args.eval, args.queries, args.query_cache)
    rng = np.random.default_rng(0)
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print("| rows | n | queries | exact ms (cpu) | " + " | ".join(f"pool {p}" for p in pools) + " |")
    print("|---|---|---|---|" + "---|" * len(pools))
    measure("real USE (store)", real, queries, [p for p in pools if p < real.shape[0]], args.k)
    measure("real-ish USE (Gaussian fit + real)", realish(real, args.rows, rng), queries, pools, args.k)
    rnd = rng.standard_normal((args.rows, 512)).astype(np.float32)
    rnd /= np.linalg.norm(rnd, axis=1, keepdims=True)
    rq = rng.standard_normal((len(queries), 512)).astype(np.float32)
    measure("random unit", rnd, rq / np.linalg.norm(rq, axis=1, keepdims=True), pools, args.k)


if __name__ == "__main__":
    main()
