"""Write path of the embedded store: one SQLite transaction per document (rows, postings, facts)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

import numpy as np

from finrag.errors import StoreUnavailableError
from finrag.index.codec import encode_chunk
from finrag.index.columns import Signature
from finrag.index.sqlite_schema import SCHEMA
from finrag.model import Chunk, DocumentRecord, Fact, to_jsonable

OPEN_RETRY_S = 0.05  # pause between attempts to open a store another process is creating


def retry_locked(step: Callable[[], object], timeout_s: float) -> None:
    """Run ``step``, retrying while another process holds the lock: switching to WAL (and the first
    schema creation) can fail with "database is locked" at once, without SQLite's busy handler."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            step()
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
            time.sleep(OPEN_RETRY_S)


def open_database(folder: Path, name: str, timeout_s: float) -> sqlite3.Connection:
    """The writer's connection to ``folder/name`` in WAL mode, the schema created if new."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(folder / name, timeout=timeout_s, isolation_level=None, check_same_thread=False)
        retry_locked(lambda: db.execute("PRAGMA journal_mode=WAL"), timeout_s)
        db.execute("PRAGMA synchronous=NORMAL")
        retry_locked(lambda: db.executescript(SCHEMA), timeout_s)
    except (OSError, sqlite3.Error) as err:
        raise StoreUnavailableError(f"cannot open store: {err}", file=str(folder)) from err
    return db


def insert_document(
    db: sqlite3.Connection,
    record: DocumentRecord,
    chunks: list[Chunk],
    facts: list[Fact],
    tokens: list[list[str]],
    first_ord: int,
) -> None:
    """Insert inside the caller's transaction. ``tokens`` holds one list per *indexed* chunk, in order."""
    cur = db.execute(
        "INSERT INTO documents(doc_id, file, access_level, groups, record) VALUES (?,?,?,?,?)",
        (
            record.doc_id,
            record.file,
            record.access.access_level,
            json.dumps(record.access.groups),
            json.dumps(to_jsonable(record), ensure_ascii=False),
        ),
    )
    dord = int(cur.lastrowid or 0)
    sig_ids: dict[Signature, int] = {}
    rows = []
    postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
    tok_iter = iter(tokens)
    for i, chunk in enumerate(chunks):
        sig = Signature.of(record.doc_id, chunk.meta)
        if sig not in sig_ids:
            c = db.execute("INSERT INTO sigs(dord, data) VALUES (?, ?)", (dord, json.dumps(to_jsonable(sig))))
            sig_ids[sig] = int(c.lastrowid or 0)
        ord_ = first_ord + i
        length = 0
        if chunk.indexed:
            toks = next(tok_iter)
            length = len(toks)
            for term, tf in Counter(toks).items():
                postings[term].append((ord_, tf))
        rows.append(
            (
                ord_,
                chunk.chunk_id,
                dord,
                sig_ids[sig],
                str(chunk.kind),
                int(chunk.indexed),
                length,
                encode_chunk(chunk),
            )
        )
    db.executemany("INSERT INTO chunks VALUES (?,?,?,?,?,?,?,?)", rows)
    db.executemany(
        "INSERT INTO postings(term, dord, n, ords, tfs) VALUES (?,?,?,?,?)",
        (
            (
                term,
                dord,
                len(items),
                np.array([o for o, _ in items], dtype=np.int64).tobytes(),
                np.array([min(t, 65535) for _, t in items], dtype=np.uint16).tobytes(),
            )
            for term, items in postings.items()
        ),
    )
    db.executemany(
        "INSERT INTO terms(term, df) VALUES (?, ?) ON CONFLICT(term) DO UPDATE SET df = df + excluded.df",
        ((term, len(items)) for term, items in postings.items()),
    )
    db.executemany(
        "INSERT INTO facts(fact_id, dord, line_item_norm, company, fiscal_year, data) VALUES (?,?,?,?,?,?)",
        (
            (
                f.fact_id,
                dord,
                f.line_item_norm,
                f.company,
                f.fiscal_year,
                json.dumps(to_jsonable(f), ensure_ascii=False),
            )
            for f in facts
        ),
    )


def remove_document(db: sqlite3.Connection, doc_id: str) -> bool:
    """Delete a document and everything hanging off it, inside the caller's transaction."""
    row = db.execute("SELECT dord FROM documents WHERE doc_id = ?", (doc_id,)).fetchone()
    if row is None:
        return False
    dord = int(row[0])
    db.executemany(
        "UPDATE terms SET df = df - ? WHERE term = ?",
        [(n, t) for t, n in db.execute("SELECT term, n FROM postings WHERE dord = ?", (dord,))],
    )
    db.execute("DELETE FROM terms WHERE df <= 0")
    for table in ("postings", "chunks", "sigs", "facts", "documents"):
        db.execute(f"DELETE FROM {table} WHERE dord = ?", (dord,))
    return True
