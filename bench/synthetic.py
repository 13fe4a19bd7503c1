"""Bulk writer of a synthetic embedded store for latency benchmarks (1M chunks in minutes, not hours).

It writes the tables and vector file layout of :mod:`finrag.index.sqlite_store` (the store then opens
and searches it like any other), building postings with numpy instead of per-token Python: ingest
speed is measured separately by index_speed.py.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import numpy as np

from finrag.index.columns import Signature
from finrag.index.sqlite_store import DB_NAME, SqliteStore
from finrag.index.vectors import space_file
from finrag.model import AccessInfo, ChunkMeta, DocumentMeta, DocumentRecord, to_jsonable

DIM = 512  # USE dimension
DOC_CHUNKS = 1000  # chunks per synthetic document
TOKENS_PER_CHUNK = 60  # analyzer tokens per synthetic chunk (a 400-token budget chunk has ~60-200)
BUILD_CACHE_KB = 2_000_000  # 2 GB SQLite page cache while bulk-building (default 2 MB thrashes at 1M)
COMPANIES = [f"公司{i}" for i in range(10)]
_ZH = "营业收入 营业成本 净利润 归属于上市公司股东的净利润 经营活动产生的现金流量净额 合同负债 应收账款 存货"
_ZH += " 固定资产 商誉 研发费用 销售费用 管理费用 财务费用 毛利率 资产负债率 总资产 净资产 股本 资本公积 分红"
_EN = "revenue income net cash flow operating investing financing asset liability equity goodwill inventory"
_EN += " receivable payable depreciation amortization segment dividend share margin tax deferred lease debt"
VOCAB = (
    _ZH.split(" ")
    + _EN.split(" ")
    + [f"w{i}" for i in range(20_000)]
    + [str(600000 + i) for i in range(2_000)]
)


def _doc(d: int) -> tuple[str, ChunkMeta, DocumentRecord]:
    doc_id = f"doc{d:07d}"
    company, level = COMPANIES[d % len(COMPANIES)], d % 3
    meta = ChunkMeta(file=f"{doc_id}.pdf", doc_type="annual_report", language="zh", company=company,
                     fiscal_year=2015 + d % 8, access_level=level)  # fmt: skip
    record = DocumentRecord(doc_id, meta.file, "pdf", "annual_report", "zh", DOC_CHUNKS // 4,
                            DocumentMeta(company=company), AccessInfo(level, []), DOC_CHUNKS)  # fmt: skip
    return doc_id, meta, record


def _postings(db: sqlite3.Connection, words: np.ndarray, dord: int, base: int, df: np.ndarray) -> None:
    """One posting row per (term, document), built with numpy from the chunk x token id matrix."""
    keys, tfs = np.unique(words * DOC_CHUNKS + np.arange(DOC_CHUNKS)[:, None], return_counts=True)
    terms, local = keys // DOC_CHUNKS, keys % DOC_CHUNKS
    cuts = np.flatnonzero(np.diff(terms)) + 1
    rows = []
    for t_idx, c_idx in zip(np.split(terms, cuts), np.split(np.arange(keys.size), cuts), strict=True):
        ords = (local[c_idx] + base).astype(np.int64)
        rows.append(
            (VOCAB[t_idx[0]], dord, ords.size, ords.tobytes(), tfs[c_idx].astype(np.uint16).tobytes())
        )
        df[t_idx[0]] += ords.size
    db.executemany("INSERT INTO postings VALUES (?,?,?,?,?)", rows)


def build(folder: Path, n_chunks: int, seed: int = 0, tokens: int = TOKENS_PER_CHUNK) -> SqliteStore:
    """Create (or reuse, when it already holds ``n_chunks``) a synthetic store in ``folder``.

    ``tokens=0`` writes no postings (a vectors-only store: 1M chunks build in minutes on a busy box).
    """
    store = SqliteStore(folder)
    store.check_embedders({"use": DIM})
    if store.stats().chunks >= n_chunks:
        return store
    if store.stats().chunks:
        raise SystemExit(f"{folder} holds a different synthetic store: remove it first")
    store.close()
    rng = np.random.default_rng(seed)
    zipf = 1.0 / np.arange(1, len(VOCAB) + 1)
    zipf /= zipf.sum()
    db = sqlite3.connect(folder / DB_NAME, isolation_level=None)
    db.execute("PRAGMA synchronous=OFF")
    db.execute(f"PRAGMA cache_size=-{BUILD_CACHE_KB}")  # random-order postings inserts need a big page cache
    db.execute("BEGIN")
    df = np.zeros(len(VOCAB), dtype=np.int64)
    vec_path = space_file(folder / "vectors", "use")
    vec_path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with open(vec_path, "wb") as vf:
        for d in range(n_chunks // DOC_CHUNKS):
            doc_id, meta, record = _doc(d)
            dord, base = d + 1, d * DOC_CHUNKS
            db.execute(
                "INSERT INTO documents VALUES (?,?,?,?,?,?)",
                (
                    dord,
                    doc_id,
                    meta.file,
                    meta.access_level,
                    "[]",
                    json.dumps(to_jsonable(record), ensure_ascii=False),
                ),
            )
            sig = json.dumps(to_jsonable(Signature.of(doc_id, meta)), ensure_ascii=False)
            db.execute("INSERT INTO sigs VALUES (?,?,?)", (dord, dord, sig))
            words = rng.choice(len(VOCAB), size=(DOC_CHUNKS, max(tokens, 1)), p=zipf)
            meta_json = json.dumps(to_jsonable(meta), ensure_ascii=False)
            rows = []
            for i in range(DOC_CHUNKS):
                text = json.dumps(" ".join(VOCAB[w] for w in words[i, :30]), ensure_ascii=False)
                data = (f'{{"chunk_id":"{doc_id}-{i}","doc_id":"{doc_id}","text":{text},"kind":"text",'
                        f'"pages":[{i // 4 + 1}],"section_path":["s"],"meta":{meta_json}}}')  # fmt: skip
                rows.append((base + i, f"{doc_id}-{i}", dord, dord, "text", 1, tokens, data))
            db.executemany("INSERT INTO chunks VALUES (?,?,?,?,?,?,?,?)", rows)
            if tokens:
                _postings(db, words, dord, base, df)
            vecs = rng.standard_normal((DOC_CHUNKS, DIM)).astype(np.float32)
            vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            vf.write(vecs.tobytes())
            if d % 100 == 0:
                print(f"  wrote {base + DOC_CHUNKS} chunks in {time.perf_counter() - t0:.0f} s", flush=True)
    db.executemany("INSERT INTO terms VALUES (?,?)", [(VOCAB[i], int(df[i])) for i in np.flatnonzero(df)])
    db.execute(
        "INSERT OR REPLACE INTO meta VALUES ('next_ord', ?)", (str(n_chunks // DOC_CHUNKS * DOC_CHUNKS),)
    )
    db.execute("INSERT OR REPLACE INTO meta VALUES ('index_version', '1')")
    db.execute("COMMIT")
    db.close()
    return SqliteStore(folder)
