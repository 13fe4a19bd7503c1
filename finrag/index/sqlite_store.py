"""The embedded store: a folder with one SQLite database (documents, chunks, postings, facts, metadata)
and one memory-mapped float32 vector file per embedder space. Exact search, filters applied first.

Writers serialise on a lock file; each document is one SQLite transaction whose commit also publishes
its vector rows (see :mod:`finrag.index.vectors`), so a killed ingest leaves the store as it was.
"""

from __future__ import annotations

import fcntl
import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from finrag.errors import EmbedderMismatchError, StoreUnavailableError
from finrag.index import sqlite_read, sqlite_write
from finrag.index.bm25 import bm25_scores
from finrag.index.codec import decode_chunk
from finrag.index.codes import CodeFile
from finrag.index.columns import Columns
from finrag.index.sqlite_schema import SCHEMA_VERSION
from finrag.index.store import TermStats
from finrag.index.vectors import VectorFile, blas_limit, exact_scores, quantized_top, space_file, top_k
from finrag.model import (
    AccessScope,
    Chunk,
    DocumentRecord,
    Fact,
    Filters,
    ScoredChunk,
    StoreStats,
)

DB_NAME = "finrag.db"
BUSY_TIMEOUT_S = 30.0  # readers wait this long for a writer's commit before failing
# Read only the filtered documents' postings when at most this share of documents passes the filter
SELECTIVE_DOC_SHARE = 0.2
CODES_SUFFIX = ".b1"  # binary sign codes next to each space's float32 file (finrag.index.codes)


class SqliteStore:
    engine = "sqlite"

    def __init__(
        self,
        folder: Path,
        *,
        bm25_k1: float = 1.2,
        bm25_b: float = 0.75,
        search_threads: int = 1,
        quantized_min_rows: int = 200_000,
        quantized_pool: int = 8000,
    ):
        self.folder = folder
        self._name = str(folder)
        self.k1, self.b, self.search_threads = bm25_k1, bm25_b, search_threads
        self.quantized_min_rows, self.quantized_pool = quantized_min_rows, quantized_pool
        self._readers = sqlite_read.Readers(folder / DB_NAME, BUSY_TIMEOUT_S)  # one per searching thread
        self._db = sqlite_write.open_database(folder, DB_NAME, BUSY_TIMEOUT_S)
        self._lock = threading.RLock()
        self._cols: Columns | None = None
        self._mean_idf: tuple[int, float] | None = None
        self._vectors: dict[str, VectorFile] = {}
        self._codes: dict[str, CodeFile] = {}
        if self._meta("schema") is None:
            self._set_meta("schema", str(SCHEMA_VERSION))
        with self._writer(blocking=False) as got:
            if got:  # drop vector rows a killed writer left beyond the committed count
                for space, vf in self._vector_files().items():
                    vf.truncate(self._rows())
                    self._code_file(space).truncate(self._rows())

    # ------------------------------------------------------------ metadata and locking
    def _meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def _set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def _version(self) -> int:
        return int(self._meta("index_version") or 0)

    def _rows(self) -> int:
        return int(self._meta("next_ord") or 0)

    def _spaces(self) -> dict[str, int]:
        return {str(k): int(v) for k, v in json.loads(self._meta("embedders") or "{}").items()}

    def _vector_files(self) -> dict[str, VectorFile]:
        for space, dim in self._spaces().items():
            if space not in self._vectors:
                self._vectors[space] = VectorFile(space_file(self.folder / "vectors", space), dim)
        return self._vectors

    def _code_file(self, space: str) -> CodeFile:
        if space not in self._codes:
            vf = self._vector_files()[space]
            self._codes[space] = CodeFile(vf.path.with_suffix(CODES_SUFFIX), vf.dim)
        return self._codes[space]

    @contextmanager
    def _writer(self, blocking: bool = True) -> Iterator[bool]:
        with self._lock, open(self.folder / "write.lock", "a") as fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
            except BlockingIOError:
                yield False
                return
            try:
                yield True
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._writer():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._set_meta("index_version", str(self._version() + 1))
            self._db.execute("COMMIT")

    # ------------------------------------------------------------ writes
    def check_embedders(self, spaces: Mapping[str, int]) -> None:
        with self._lock:
            have = self._spaces()
            if have and have != dict(spaces):
                raise EmbedderMismatchError(
                    f"index built with {have}, configured {dict(spaces)}: re-index or change index.embedder",
                    file=str(self.folder),
                )
            if not have:
                with self._transaction():
                    if self._rows():
                        raise EmbedderMismatchError("chunks but no embedder record", file=self._name)
                    self._set_meta("embedders", json.dumps(dict(spaces)))

    def add_document(
        self,
        record: DocumentRecord,
        chunks: list[Chunk],
        vectors: Mapping[str, np.ndarray],
        facts: list[Fact],
        tokens: list[list[str]],
        replaces: str | None = None,
    ) -> None:
        indexed = np.array([c.indexed for c in chunks], dtype=bool)
        if len(tokens) != int(indexed.sum()):
            raise StoreUnavailableError("one token list per indexed chunk expected", file=record.file)
        with self._transaction() as db:
            files = self._vector_files()
            if set(vectors) != set(files):
                raise EmbedderMismatchError(f"vectors for {sorted(vectors)}, index has {sorted(files)}")
            for old in {replaces, record.doc_id} - {None}:
                sqlite_write.remove_document(db, str(old))
            start = self._rows()
            sqlite_write.insert_document(db, record, chunks, facts, tokens, start)
            for space, vf in files.items():
                block = np.zeros((len(chunks), vf.dim), dtype=np.float32)
                block[indexed] = vectors[space]
                vf.write_rows(start, block)
                self._code_file(space).follow(start, block, vf, self.quantized_min_rows)
            self._set_meta("next_ord", str(start + len(chunks)))

    def _codes_matrix(self, space: str, vf: VectorFile, rows: int) -> np.ndarray | None:
        """Codes of the first ``rows`` rows; a missing or short file (a store written before codes
        existed) is rebuilt unless a writer holds the lock (the search is then exact this time)."""
        with self._lock:
            cf = self._code_file(space)
        codes = cf.matrix(rows)
        if codes is None:
            with self._writer(blocking=False) as got:
                if got and self._rows() == rows:
                    cf.build(vf.matrix(rows))
                    codes = cf.matrix(rows)
        return codes

    def delete_document(self, doc_id: str) -> bool:
        with self._transaction() as db:
            return sqlite_write.remove_document(db, doc_id)

    # ------------------------------------------------------------ documents
    def get_document(self, doc_id: str, access: AccessScope) -> DocumentRecord | None:
        with self._lock:
            found = sqlite_read.documents(self._db, access, doc_id=doc_id)
        return found[0] if found else None

    def find_documents(self, *, file: str | None = None, access: AccessScope) -> list[DocumentRecord]:
        with self._lock:
            return sqlite_read.documents(self._db, access, file=file)

    # ------------------------------------------------------------ search
    def columns(self) -> Columns:
        """Searchable-chunk columns of the current index version (reloaded after any write)."""
        with self._lock:
            if self._cols is None or self._cols.version != self._version():
                self._cols = sqlite_read.load_columns(self._db, self.folder / "columns")
            return self._cols

    def _mean_idf_value(self, cols: Columns, db: sqlite3.Connection) -> float:
        cached = self._mean_idf
        if cached is None or cached[0] != cols.version:
            cached = self._mean_idf = (cols.version, sqlite_read.mean_idf(db, cols.size))
        return cached[1]

    # Searches hold the store lock only to take the column snapshot: the postings, the scan and the
    # chunk reads run on this thread's own connection, so keyword and dense searches overlap.
    def keyword_search(self, tokens: list[str], k: int, filters: Filters) -> list[ScoredChunk]:
        with self._lock:
            cols = self.columns()
        mask = cols.mask(filters)
        dords = cols.passing_dords(filters) if mask is not None else None
        if dords is not None and len(dords) > SELECTIVE_DOC_SHARE * len(set(cols.sig_dord.values())):
            dords = None  # not selective: reading whole posting lists is cheaper than the IN list
        db = self._readers.get()
        postings = sqlite_read.postings(db, set(tokens), cols, dords)
        scores, matched = bm25_scores(
            tokens,
            postings,
            cols.lengths,
            self.k1,
            self.b,
            lambda: self._mean_idf_value(cols, db),
            cols.length_norm(self.k1, self.b),
        )
        keep = matched if mask is None else matched & mask
        pos = np.flatnonzero(keep)
        best = pos[top_k(scores[pos], k)]
        return sqlite_read.scored(db, cols, best, scores[best], filters.access)

    def term_frequencies(
        self, terms: list[str], prefixes: list[str] | None = None, limit: int = 0
    ) -> TermStats:
        with self._lock:
            cols = self.columns()
        return sqlite_read.term_stats(self._readers.get(), cols.size, terms, prefixes or [], limit)

    def vector_search(self, space: str, vector: np.ndarray, k: int, filters: Filters) -> list[ScoredChunk]:
        with self._lock:
            cols = self.columns()
            vf = self._vector_files().get(space)
            rows = self._rows()
        if vf is None:
            raise EmbedderMismatchError(f"no vectors for embedder {space!r}", file=self._name)
        mask = cols.mask(filters)
        pos = None if mask is None else np.flatnonzero(mask)  # None: every column position
        ords = cols.ords if pos is None else cols.ords[pos]
        matrix = vf.matrix(rows)
        query = np.asarray(vector, dtype=np.float32)
        # many rows to score (unfiltered or a weak filter): binary-code first pass, exact re-scoring
        codes = self._codes_matrix(space, vf, rows) if ords.shape[0] > self.quantized_min_rows else None
        with blas_limit(self.search_threads):
            if codes is not None:
                best, sims = quantized_top(matrix, codes, ords, query, k, self.quantized_pool)
            else:
                all_sims = exact_scores(matrix, ords, query)
                best = top_k(all_sims, k)
                sims = all_sims[best]
        hits = best if pos is None else pos[best]
        return sqlite_read.scored(self._readers.get(), cols, hits, sims, filters.access)

    def get_chunks(self, chunk_ids: list[str], access: AccessScope) -> list[Chunk]:
        if not chunk_ids:
            return []
        marks = ",".join("?" * len(chunk_ids))
        with self._lock:
            rows = dict(
                self._db.execute(f"SELECT chunk_id, data FROM chunks WHERE chunk_id IN ({marks})", chunk_ids)
            )
        chunks = [decode_chunk(rows[c]) for c in dict.fromkeys(chunk_ids) if c in rows]
        return [c for c in chunks if access.allows(c.meta.access_level, c.meta.groups)]

    def get_facts(
        self, filters: Filters, *, line_items: list[str] | None = None, containing: list[str] | None = None
    ) -> list[Fact]:
        with self._lock:
            return sqlite_read.facts(self._db, filters, line_items, containing)

    # ------------------------------------------------------------ housekeeping
    def stats(self) -> StoreStats:
        with self._lock:
            counts = sqlite_read.row_counts(self._db)
            spaces = self._spaces()
            version = self._version()
        disk = sum(p.stat().st_size for p in self.folder.rglob("*") if p.is_file())
        return StoreStats(
            documents=counts[0],
            chunks=counts[1],
            facts=counts[2],
            embedder=",".join(spaces),
            dimension=next(iter(spaces.values()), 0),
            index_version=version,
            engine=self.engine,
            disk_bytes=disk,
        )

    def close(self) -> None:
        with self._lock:
            self._readers.close()
            self._db.close()
