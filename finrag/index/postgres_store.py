"""The PostgreSQL + pgvector store: the same Store protocol and behaviour as the embedded SQLite store.

- keyword search: see :mod:`finrag.index.postgres_bm25` (tsvector candidates, BM25 scored in SQL).
- vector search: see :mod:`finrag.index.postgres_vector` (one table per embedder space, HNSW or exact).
- writes: one transaction per document under an advisory lock, so ingest workers on several machines and
  API replicas share one database safely; ``counters.index_version`` is bumped by every write.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import numpy as np

from finrag.config import Settings
from finrag.errors import EmbedderMismatchError, StoreUnavailableError
from finrag.index import postgres_sql as sql
from finrag.index.codec import decode_chunk
from finrag.index.postgres_bm25 import bm25_rows, term_stats
from finrag.index.postgres_pool import Connection, DatabaseError, Pool, create_if_missing, parse_url
from finrag.index.postgres_schema import MIGRATIONS, hnsw_ddl, space_ddl, vector_table
from finrag.index.postgres_vector import EXACT_MAX_ROWS, vector_rows
from finrag.index.sqlite_read import visible_facts
from finrag.index.store import TermStats
from finrag.model import (
    AccessScope,
    Chunk,
    DocumentRecord,
    Fact,
    Filters,
    ScoredChunk,
    StoreStats,
    from_jsonable,
)

WRITE_LOCK = 0x46524147  # advisory lock key ("FRAG") serialising writers across processes and machines
SCHEMA_LOCK = WRITE_LOCK + 1  # advisory lock key for applying migrations
# Build a space's HNSW index once the index outgrows exact search (smaller ones never use it, and
# every HNSW insert costs ~4 ms: a 50-chunk document took 0.24 s with it, 0.03 s without)
HNSW_MIN_ROWS = EXACT_MAX_ROWS
# A deferred HNSW build (bulk_load) gets this much memory: the graph must fit in it or pgvector switches to
# a much slower build (1M x 512-d needs ~3 GB); a server with less caps it to what it allows
HNSW_BUILD_MEMORY = "4GB"
HNSW_BUILD_WORKERS = 1  # extra parallel workers for that build (the leader works too)


class PostgresStore:
    engine = "postgres"

    def __init__(self, settings: Settings, *, url: str | None = None) -> None:
        self.target = parse_url(url or settings.store)
        self._name = self.target.display
        self.k1, self.b = settings.retrieve.bm25_k1, settings.retrieve.bm25_b
        self.pool = Pool(self.target)
        self._defer_hnsw = False
        self._idf_floors: dict[int, float] = {}  # index version -> negative-idf floor (a vocabulary scan)
        try:
            self._migrate()
        except DatabaseError as err:
            raise StoreUnavailableError(f"cannot prepare schema: {err}", file=self._name) from err

    def _migrate(self) -> None:
        with self.pool.transaction(SCHEMA_LOCK) as conn:
            # the extension is database-wide: stores in other schemas may be creating it right now
            create_if_missing(conn, "CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public")
            conn.run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = conn.run("SELECT max(version) FROM schema_version")
            have = int(row[0][0] or 0)
            for version, ddl in enumerate(MIGRATIONS[have:], start=have + 1):
                for statement in filter(str.strip, ddl.split(";") if isinstance(ddl, str) else ddl):
                    conn.run(statement)
                conn.run("INSERT INTO schema_version VALUES (:v)", v=version)

    def schema_version(self) -> int:
        with self.pool.connection() as conn:
            return int(conn.run("SELECT max(version) FROM schema_version")[0][0])

    # ------------------------------------------------------------ writes
    def _spaces(self, conn: Connection) -> dict[str, tuple[int, int]]:
        """space -> (table id, dimension)."""
        return {str(s): (int(i), int(d)) for i, s, d in conn.run("SELECT sid, space, dim FROM spaces")}

    def spaces(self) -> dict[str, int]:
        """Recorded embedder spaces: name -> dimension."""
        with self.pool.connection() as conn:
            return {s: d for s, (_, d) in self._spaces(conn).items()}

    def space_tables(self, conn: Connection) -> dict[str, int]:
        """Recorded embedder spaces: name -> vector table id (see ``postgres_schema.vector_table``)."""
        return {s: i for s, (i, _) in self._spaces(conn).items()}

    def check_embedders(self, spaces: Mapping[str, int]) -> None:
        with self.pool.connection() as conn:
            have = {s: d for s, (_, d) in self._spaces(conn).items()}
        if have and have != dict(spaces):
            raise EmbedderMismatchError(
                f"index built with {have}, configured {dict(spaces)}: re-index or change index.embedder",
                file=self._name,
            )
        if have:
            return
        with self.pool.transaction(WRITE_LOCK) as conn:
            if not self._spaces(conn):  # else another process recorded them while we waited for the lock
                if conn.run("SELECT count(*) FROM chunks")[0][0]:
                    raise EmbedderMismatchError("chunks but no embedder record", file=self._name)
                for space, dim in spaces.items():
                    sid = conn.run(
                        "INSERT INTO spaces(space, dim) VALUES (:s, :d) RETURNING sid", s=space, d=dim
                    )
                    for ddl in space_ddl(int(sid[0][0]), dim):
                        conn.run(ddl)
                conn.run("UPDATE counters SET index_version = index_version + 1")
        self.check_embedders(spaces)  # now recorded: returns, or raises if a concurrent writer differed

    def add_document(
        self,
        record: DocumentRecord,
        chunks: list[Chunk],
        vectors: Mapping[str, np.ndarray],
        facts: list[Fact],
        tokens: list[list[str]],
        replaces: str | None = None,
    ) -> None:
        n_indexed = sum(c.indexed for c in chunks)
        if len(tokens) != n_indexed:
            raise StoreUnavailableError("one token list per indexed chunk expected", file=record.file)
        try:
            with self.pool.transaction(WRITE_LOCK) as conn:
                spaces = self._spaces(conn)
                if set(vectors) != set(spaces):
                    raise EmbedderMismatchError(f"vectors for {sorted(vectors)}, index has {sorted(spaces)}")
                for old in {replaces, record.doc_id} - {None}:
                    sql.remove_document(conn, str(old))
                by_table = {spaces[s][0]: m for s, m in vectors.items()}
                sql.insert_document(conn, record, chunks, by_table, facts, tokens)
                self._ensure_hnsw(conn, list(by_table))
                conn.run("UPDATE counters SET index_version = index_version + 1")
        except DatabaseError as err:
            raise StoreUnavailableError(f"cannot add document: {err}", file=record.file) from err

    def _ensure_hnsw(self, conn: Connection, sids: list[int]) -> list[int]:
        """Build the missing HNSW indexes of ``sids`` once the index outgrows exact search; returns the
        spaces built (none while a bulk load defers them)."""
        if self._defer_hnsw or int(conn.run("SELECT n_indexed FROM counters")[0][0]) <= HNSW_MIN_ROWS:
            return []
        built = []
        for sid in sids:
            if conn.run("SELECT to_regclass(:t)", t=f"{vector_table(sid)}_hnsw")[0][0] is None:
                conn.run(hnsw_ddl(sid))
                built.append(sid)
        return built

    @contextmanager
    def bulk_load(self, *, build: bool = True) -> Iterator[None]:
        """Add many documents, then build the HNSW indexes once (``build_indexes``, skipped when not
        ``build``): inserting into a live HNSW graph costs ~4 ms per vector, a build after the load a
        fraction of that."""
        self._defer_hnsw = True
        try:
            yield
        finally:
            self._defer_hnsw = False
        if build:
            self.build_indexes()

    def build_indexes(
        self, *, memory: str = HNSW_BUILD_MEMORY, workers: int = HNSW_BUILD_WORKERS
    ) -> dict[str, float]:
        """Build every space's missing HNSW index (when past ``HNSW_MIN_ROWS``) and refresh the planner's
        statistics; returns space -> build seconds."""
        took: dict[str, float] = {}
        try:
            with self.pool.transaction(WRITE_LOCK) as conn:
                conn.run(f"SET LOCAL maintenance_work_mem = '{memory}'")
                conn.run(f"SET LOCAL max_parallel_maintenance_workers = {int(workers)}")
                for space, sid in self.space_tables(conn).items():
                    start = time.perf_counter()
                    if self._ensure_hnsw(conn, [sid]):
                        took[space] = round(time.perf_counter() - start, 1)
            with self.pool.connection() as conn:
                vecs = [vector_table(i) for i in self.space_tables(conn).values()]
                tables = ["documents", "chunks", "terms", *vecs]
                conn.run("ANALYZE " + ", ".join(tables))
        except DatabaseError as err:
            raise StoreUnavailableError(f"cannot build indexes: {err}", file=self._name) from err
        return took

    def delete_document(self, doc_id: str) -> bool:
        with self.pool.transaction(WRITE_LOCK) as conn:
            gone = sql.remove_document(conn, doc_id)
            conn.run("UPDATE counters SET index_version = index_version + 1")
        return gone

    # ------------------------------------------------------------ documents
    def get_document(self, doc_id: str, access: AccessScope) -> DocumentRecord | None:
        with self.pool.connection() as conn:
            rows = conn.run("SELECT record, access_level, groups FROM documents WHERE doc_id = :d", d=doc_id)
        if not rows or not access.allows(int(rows[0][1]), list(rows[0][2])):
            return None
        return from_jsonable(DocumentRecord, json.loads(rows[0][0]))

    def find_documents(self, *, file: str | None = None, access: AccessScope) -> list[DocumentRecord]:
        q = "SELECT record, access_level, groups FROM documents"
        with self.pool.connection() as conn:
            rows = (
                conn.run(q + " WHERE file = :f ORDER BY dord", f=file)
                if file
                else conn.run(q + " ORDER BY dord")
            )
        return [
            from_jsonable(DocumentRecord, json.loads(r[0]))
            for r in rows
            if access.allows(int(r[1]), list(r[2]))
        ]

    # ------------------------------------------------------------ search
    def keyword_search(self, tokens: list[str], k: int, filters: Filters) -> list[ScoredChunk]:
        if not tokens or k <= 0:
            return []
        with self.pool.transaction(snapshot=True) as conn:
            rows = bm25_rows(conn, tokens, k, filters, self.k1, self.b, self._idf_floors)
        return _scored(rows, filters.access)

    def term_frequencies(
        self, terms: list[str], prefixes: list[str] | None = None, limit: int = 0
    ) -> TermStats:
        with self.pool.transaction(snapshot=True) as conn:
            return term_stats(conn, terms, prefixes or [], limit)

    def vector_search(self, space: str, vector: np.ndarray, k: int, filters: Filters) -> list[ScoredChunk]:
        if k <= 0:
            return []
        with self.pool.transaction(snapshot=True) as conn:
            spaces = self._spaces(conn)
            if space not in spaces:
                raise EmbedderMismatchError(f"no vectors for embedder {space!r}", file=self._name)
            rows = vector_rows(conn, vector_table(spaces[space][0]), vector, k, filters)
        return _scored(rows, filters.access)

    def get_chunks(self, chunk_ids: list[str], access: AccessScope) -> list[Chunk]:
        if not chunk_ids:
            return []
        with self.pool.connection() as conn:
            rows = dict(
                conn.run(
                    "SELECT chunk_id, data FROM chunks WHERE chunk_id = ANY(CAST(:i AS TEXT[]))", i=chunk_ids
                )
            )
        chunks = [decode_chunk(rows[c]) for c in dict.fromkeys(chunk_ids) if c in rows]
        return [c for c in chunks if access.allows(c.meta.access_level, c.meta.groups)]

    def get_facts(
        self, filters: Filters, *, line_items: list[str] | None = None, containing: list[str] | None = None
    ) -> list[Fact]:
        q = "SELECT f.data, d.record FROM facts f JOIN documents d ON d.dord = f.dord WHERE TRUE"
        args: dict[str, object] = {}
        if filters.doc_ids:
            q += " AND d.doc_id = ANY(CAST(:d AS TEXT[]))"
            args["d"] = list(filters.doc_ids)
        if line_items or containing:  # strpos: a substring, with no LIKE wildcards to escape
            q += (
                " AND (f.line_item_norm = ANY(CAST(:i AS TEXT[]))"
                " OR EXISTS (SELECT 1 FROM unnest(CAST(:c AS TEXT[])) c"
                " WHERE strpos(f.line_item_norm, c) > 0))"
            )
            args["i"], args["c"] = list(line_items or []), list(containing or [])
        with self.pool.connection() as conn:
            rows = conn.run(q + " ORDER BY f.fid", **args)
        return visible_facts(rows, filters)

    # ------------------------------------------------------------ housekeeping
    def stats(self) -> StoreStats:
        with self.pool.connection() as conn:
            counts = conn.run(
                "SELECT (SELECT count(*) FROM documents), (SELECT count(*) FROM chunks), "
                "(SELECT count(*) FROM facts), (SELECT index_version FROM counters)"
            )[0]
            spaces = self._spaces(conn)
            tables = ["documents", "chunks", "terms", "facts"] + [vector_table(i) for i, _ in spaces.values()]
            disk = conn.run(
                "SELECT coalesce(sum(pg_total_relation_size(CAST(t AS regclass))), 0) "
                "FROM unnest(CAST(:t AS TEXT[])) t",
                t=tables,
            )[0][0]
        return StoreStats(
            documents=int(counts[0]),
            chunks=int(counts[1]),
            facts=int(counts[2]),
            embedder=",".join(spaces),
            dimension=next(iter(spaces.values()), (0, 0))[1],
            index_version=int(counts[3]),
            engine=self.engine,
            disk_bytes=int(disk),
        )

    def close(self) -> None:
        self.pool.close()


def _scored(rows: list[list[Any]], access: AccessScope) -> list[ScoredChunk]:
    out = []
    for score, data in rows:
        chunk = decode_chunk(data)
        if access.allows(chunk.meta.access_level, chunk.meta.groups):  # defence in depth
            out.append(ScoredChunk(chunk, float(score)))
    return out
