"""Copy an index between engines (SQLite folder <-> PostgreSQL) without re-parsing or re-embedding.

Every document is read back with its chunks, stored vectors, facts and analyzer token counts (BM25 only
needs each chunk's term multiset, so token order is not kept) and added to the target in its own
transaction; documents the target already holds are skipped, so an interrupted run can be repeated.
This is the one module that knows both engines' tables.
"""

from __future__ import annotations

import json
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from finrag.config import Settings
from finrag.errors import ConfigError
from finrag.index.codec import decode_chunk
from finrag.index.postgres_schema import vector_table
from finrag.index.postgres_store import PostgresStore
from finrag.index.sqlite_store import DB_NAME, SqliteStore
from finrag.index.store import Store
from finrag.model import AccessScope, Chunk, DocumentRecord, Fact, from_jsonable


@dataclass(slots=True)
class DocumentDump:
    record: DocumentRecord
    chunks: list[Chunk]
    vectors: dict[str, np.ndarray]  # space -> one row per indexed chunk, in chunk order
    facts: list[Fact]
    tokens: list[list[str]]  # one list per indexed chunk


@dataclass(slots=True)
class MigrateReport:
    source: str
    target: str
    documents: int = 0
    skipped: int = 0
    chunks: int = 0
    seconds: float = 0.0


def open_location(location: str, settings: Settings, *, create: bool = False) -> Store:
    """A postgresql:// URL, a data folder (holding store/) or a store folder (made when ``create``)."""
    if location.startswith(("postgresql://", "postgres://")):
        return PostgresStore(settings, url=location)
    folder = Path(location)
    if (folder / "store" / DB_NAME).exists() or (create and (folder / "store").is_dir()):
        folder = folder / "store"
    if not create and not (folder / DB_NAME).exists():
        raise ConfigError(f"no finrag store in {folder}", file=str(folder))
    return SqliteStore(folder, bm25_k1=settings.retrieve.bm25_k1, bm25_b=settings.retrieve.bm25_b)


def spaces_of(store: Store) -> dict[str, int]:
    if isinstance(store, SqliteStore):
        return store._spaces()
    if isinstance(store, PostgresStore):
        return store.spaces()
    raise ConfigError(f"cannot migrate from engine {store.engine!r}")


def _tokens(counts: Counter[str]) -> list[str]:
    return [t for t, n in counts.items() for _ in range(n)]


def dump_sqlite(store: SqliteStore) -> Iterator[DocumentDump]:
    db = store._db
    files = store._vector_files()
    rows_total = store._rows()
    for dord, record in db.execute("SELECT dord, record FROM documents ORDER BY dord").fetchall():
        chunk_rows = db.execute(
            "SELECT ord, data FROM chunks WHERE dord = ? ORDER BY ord", (dord,)
        ).fetchall()
        chunks = [decode_chunk(d) for _, d in chunk_rows]
        counts: dict[int, Counter[str]] = defaultdict(Counter)
        for term, ords, tfs in db.execute("SELECT term, ords, tfs FROM postings WHERE dord = ?", (dord,)):
            for o, tf in zip(np.frombuffer(ords, np.int64), np.frombuffer(tfs, np.uint16), strict=True):
                counts[int(o)][term] = int(tf)
        ords = [int(o) for (o, _), c in zip(chunk_rows, chunks, strict=True) if c.indexed]
        facts = [
            from_jsonable(Fact, json.loads(d))
            for (d,) in db.execute("SELECT data FROM facts WHERE dord = ? ORDER BY rowid", (dord,))
        ]
        yield DocumentDump(
            record=from_jsonable(DocumentRecord, json.loads(record)),
            chunks=chunks,
            vectors={s: np.array(vf.matrix(rows_total)[ords]) for s, vf in files.items()},
            facts=facts,
            tokens=[_tokens(counts[o]) for o in ords],
        )


def dump_postgres(store: PostgresStore) -> Iterator[DocumentDump]:
    with store.pool.connection() as conn:
        spaces = store.space_tables(conn)
        docs = conn.run("SELECT dord, record FROM documents ORDER BY dord")
        for dord, record in docs:
            rows = conn.run(
                "SELECT cord, data, indexed, terms, tfs FROM chunks WHERE dord = :d ORDER BY cord", d=dord
            )
            cords = [int(r[0]) for r in rows if r[2]]
            vectors = {}
            for space, sid in spaces.items():
                got = dict(
                    conn.run(
                        f"SELECT cord, CAST(embedding AS TEXT) FROM {vector_table(sid)} "
                        "WHERE cord = ANY(CAST(:c AS BIGINT[]))",
                        c=cords,
                    )
                )
                vectors[space] = np.array([json.loads(got[c]) for c in cords], dtype=np.float32)
            facts = conn.run("SELECT data FROM facts WHERE dord = :d ORDER BY fid", d=dord)
            yield DocumentDump(
                record=from_jsonable(DocumentRecord, json.loads(record)),
                chunks=[decode_chunk(r[1]) for r in rows],
                vectors=vectors,
                facts=[from_jsonable(Fact, json.loads(f[0])) for f in facts],
                tokens=[_tokens(Counter(dict(zip(r[3], r[4], strict=True)))) for r in rows if r[2]],
            )


def dump(store: Store) -> Iterator[DocumentDump]:
    if isinstance(store, SqliteStore):
        return dump_sqlite(store)
    if isinstance(store, PostgresStore):
        return dump_postgres(store)
    raise ConfigError(f"cannot migrate from engine {store.engine!r}")


def migrate(source: Store, target: Store, *, source_name: str = "", target_name: str = "") -> MigrateReport:
    """Copy every document of ``source`` that ``target`` does not hold yet."""
    report = MigrateReport(source_name or source.engine, target_name or target.engine)
    start = time.perf_counter()
    target.check_embedders(spaces_of(source))
    everything = AccessScope.everything()
    # into PostgreSQL: HNSW indexes are built once after the copy, not grown vector by vector
    loading = target.bulk_load() if isinstance(target, PostgresStore) else nullcontext()
    with loading:
        for d in dump(source):
            if target.get_document(d.record.doc_id, everything) is not None:
                report.skipped += 1
                continue
            target.add_document(d.record, d.chunks, d.vectors, d.facts, d.tokens)
            report.documents += 1
            report.chunks += len(d.chunks)
    report.seconds = round(time.perf_counter() - start, 2)
    return report
