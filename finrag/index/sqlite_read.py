"""Read path of the embedded store: posting lists, BM25's mean idf, candidate rows, facts, signatures."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np

from finrag.errors import StoreUnavailableError
from finrag.index.bm25 import Posting
from finrag.index.codec import decode_chunk
from finrag.index.columns import Columns, Signature, columns_from_rows, load_snapshot, save_snapshot
from finrag.index.store import TermStats
from finrag.model import AccessScope, DocumentRecord, Fact, Filters, ScoredChunk, from_jsonable


class Readers:
    """One read-only connection per thread (a connection's statements and transactions must not be
    shared between threads running at the same time); in WAL mode readers never block each other."""

    def __init__(self, path: Path, timeout_s: float) -> None:
        self.path, self.timeout_s = path, timeout_s
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()

    def get(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(
                    self.path, timeout=self.timeout_s, isolation_level=None, check_same_thread=False
                )
                db.execute("PRAGMA query_only=1")
            except sqlite3.Error as err:
                raise StoreUnavailableError(f"cannot open store: {err}", file=str(self.path)) from err
            with self._lock:
                self._all.append(db)
            self._local.db = db
        return db

    def close(self) -> None:
        with self._lock:
            for db in self._all:
                db.close()
            self._all.clear()


def load_columns(db: sqlite3.Connection, snapshots: Path) -> Columns:
    """Columns of the current index version, read in one snapshot (from its ``.npz`` when present)."""
    db.execute("BEGIN")  # one snapshot for the version, the signatures and the chunk rows
    try:
        meta = dict(db.execute("SELECT key, value FROM meta WHERE key IN ('index_version', 'next_ord')"))
        version = int(meta.get("index_version") or 0)
        sigs = db.execute("SELECT sig, dord, data FROM sigs").fetchall()
        snapshot = snapshots / f"v{version}-{int(meta.get('next_ord') or 0)}.npz"
        cols = load_snapshot(snapshot, version)
        if cols is None:
            sql = "SELECT ord, sig, kind, length FROM chunks WHERE indexed = 1 ORDER BY ord"
            cols = columns_from_rows(version, db.execute(sql).fetchall())
            save_snapshot(cols, snapshot)
    finally:
        db.execute("COMMIT")
    cols.signatures = {int(s): signature(d) for s, _, d in sigs}
    cols.sig_dord = {int(s): int(o) for s, o, _ in sigs}
    return cols


def signature(data: str) -> Signature:
    d = json.loads(data)
    d["tags"], d["groups"] = tuple(d["tags"]), tuple(d["groups"])
    return Signature(**d)


def mean_idf(db: sqlite3.Connection, n_docs: int) -> float:
    """Mean BM25Okapi idf over the whole vocabulary (only needed for the negative-idf floor)."""
    dfs = np.array([r[0] for r in db.execute("SELECT df FROM terms")], dtype=np.float64)
    dfs = np.minimum(dfs, n_docs)  # a commit after the reader's snapshot may have raised df past n_docs
    return float((np.log(n_docs - dfs + 0.5) - np.log(dfs + 0.5)).mean()) if dfs.size else 0.0


def postings(
    db: sqlite3.Connection, terms: set[str], cols: Columns, dords: list[int] | None
) -> dict[str, Posting]:
    """Posting lists of ``terms`` (only of documents ``dords`` when given; df stays index-wide)."""
    out: dict[str, Posting] = {}
    sql = "SELECT ords, tfs FROM postings WHERE term = ?"
    if dords is not None:
        sql += f" AND dord IN ({','.join(str(int(d)) for d in dords)})"  # integers from our own table
    for term in terms:
        df = db.execute("SELECT df FROM terms WHERE term = ?", (term,)).fetchone()
        blobs = db.execute(sql, (term,)).fetchall() if df else []
        if not blobs:
            continue
        ords = np.frombuffer(b"".join(o for o, _ in blobs), dtype=np.int64)  # one copy, not one per row
        tfs = np.frombuffer(b"".join(t for _, t in blobs), dtype=np.uint16)
        # another process may have committed a document after this reader's column snapshot: its
        # ordinals lie beyond the snapshot and are not visible yet (searching never sees half of it)
        top = int(cols.ords[-1]) + 1 if cols.size else 0
        if not (seen := ords < top).all():
            ords, tfs = ords[seen], tfs[seen]
        pos = cols.positions(ords)
        if not (searchable := pos >= 0).all():
            pos, tfs = pos[searchable], tfs[searchable]
        out[term] = Posting(pos, tfs, int(df[0]))
    return out


def scored(
    db: sqlite3.Connection, cols: Columns, positions: np.ndarray, scores: np.ndarray, access: AccessScope
) -> list[ScoredChunk]:
    """The chunks at column ``positions`` with their scores, in the given order."""
    ords = [int(o) for o in cols.ords[positions]]
    if not ords:
        return []
    marks = ",".join("?" * len(ords))
    rows = dict(db.execute(f"SELECT ord, data FROM chunks WHERE ord IN ({marks})", ords).fetchall())
    out = []
    for o, s in zip(ords, scores, strict=True):
        if o not in rows:  # deleted by another process since the column snapshot
            continue
        chunk = decode_chunk(rows[o])
        if access.allows(chunk.meta.access_level, chunk.meta.groups):  # defence in depth
            out.append(ScoredChunk(chunk, float(s)))
    return out


def facts(
    db: sqlite3.Connection,
    filters: Filters,
    line_items: list[str] | None,
    containing: list[str] | None = None,
) -> list[Fact]:
    """Facts passing ``filters`` (document fields come from the fact, else from its document) whose line item
    is one of ``line_items`` or holds one of ``containing``; every fact when neither is given."""
    sql = "SELECT f.data, d.record FROM facts f JOIN documents d ON d.dord = f.dord WHERE 1"
    args: list[object] = []
    if filters.doc_ids:
        sql += f" AND d.doc_id IN ({','.join('?' * len(filters.doc_ids))})"
        args += filters.doc_ids
    wanted = [f"f.line_item_norm IN ({','.join('?' * len(line_items))})"] if line_items else []
    args += line_items or []
    for part in containing or []:
        wanted.append("instr(f.line_item_norm, ?) > 0")
        args.append(part)
    if wanted:
        sql += f" AND ({' OR '.join(wanted)})"
    return visible_facts(db.execute(sql + " ORDER BY f.rowid", args).fetchall(), filters)


def visible_facts(rows: Iterable[Sequence[str]], filters: Filters) -> list[Fact]:
    """(fact JSON, document record JSON) rows -> the facts that pass ``filters`` (ACL included).
    Shared by every store so facts are filtered the same way everywhere."""
    out = []
    records: dict[str, DocumentRecord] = {}
    for data, rec in rows:
        fact = from_jsonable(Fact, json.loads(data))
        record = records.setdefault(fact.doc_id, from_jsonable(DocumentRecord, json.loads(rec)))
        if fact_passes(fact, record, filters):
            out.append(fact)
    return out


def fact_passes(fact: Fact, record: DocumentRecord, f: Filters) -> bool:
    sig = Signature(
        record.doc_id,
        record.file,
        record.doc_type,
        record.language,
        fact.company or record.meta.company,
        record.meta.company_code,
        fact.fiscal_year or record.meta.fiscal_year,
        (),
        max(fact.meta.access_level, record.access.access_level),
        tuple(fact.meta.groups or record.access.groups),
    )
    return sig.passes(dataclasses.replace(f, tags=[], kinds=[]))


def documents(
    db: sqlite3.Connection, access: AccessScope, *, doc_id: str | None = None, file: str | None = None
) -> list[DocumentRecord]:
    """Document records the caller may see, in ingest order (one ``doc_id``, one ``file``, or all)."""
    sql = "SELECT record, access_level, groups FROM documents"
    if doc_id is not None:
        rows = db.execute(sql + " WHERE doc_id = ?", (doc_id,)).fetchall()
    elif file:
        rows = db.execute(sql + " WHERE file = ? ORDER BY dord", (file,)).fetchall()
    else:
        rows = db.execute(sql + " ORDER BY dord").fetchall()
    return [
        from_jsonable(DocumentRecord, json.loads(r[0]))
        for r in rows
        if access.allows(int(r[1]), json.loads(r[2]))
    ]


def row_counts(db: sqlite3.Connection) -> list[int]:
    """Numbers of documents, chunks and facts."""
    tables = ("documents", "chunks", "facts")
    return [int(db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]) for t in tables]


# a character above every other: ``prefix <= term < prefix + PREFIX_END`` holds exactly the terms starting
# with ``prefix`` under SQLite's BINARY collation (UTF-8 byte order is code-point order)
PREFIX_END = "\U0010ffff"


def term_stats(
    db: sqlite3.Connection, chunks: int, terms: Iterable[str], prefixes: Iterable[str], limit: int
) -> TermStats:
    """Index-wide df of ``terms`` (absent ones left out) and up to ``limit`` terms per prefix."""
    out = TermStats(chunks=chunks)
    for term in dict.fromkeys(terms):
        row = db.execute("SELECT df FROM terms WHERE term = ?", (term,)).fetchone()
        if row:
            out.dfs[term] = min(int(row[0]), chunks)  # a commit after the snapshot may raise df past it
    for prefix in dict.fromkeys(prefixes):
        sql = "SELECT term, df FROM terms WHERE term >= ? AND term < ? ORDER BY term LIMIT ?"
        for term, df in db.execute(sql, (prefix, prefix + PREFIX_END, limit)):
            out.dfs[str(term)] = min(int(df), chunks)
    return out
