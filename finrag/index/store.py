"""The Store protocol: every index engine (embedded SQLite folder, PostgreSQL+pgvector) implements it.

Business logic only ever talks to this interface; engine-specific code lives in its own module.
Access control is enforced inside the engine's queries through ``Filters.access``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from finrag.model import AccessScope, Chunk, DocumentRecord, Fact, Filters, ScoredChunk, StoreStats


@dataclass(slots=True)
class TermStats:
    """Index-wide keyword statistics of some terms (counted over every indexed chunk, whatever the
    caller may see: a statistic, not content)."""

    chunks: int  # indexed chunks in the whole index
    dfs: dict[str, int] = field(default_factory=dict)  # term -> chunks holding it (absent terms left out)


class Store(Protocol):
    engine: str

    def check_embedders(self, spaces: Mapping[str, int]) -> None:
        """Record embedder name -> dimension on first use; raise EmbedderMismatchError on a mismatch."""

    def add_document(
        self,
        record: DocumentRecord,
        chunks: list[Chunk],
        vectors: Mapping[str, np.ndarray],
        facts: list[Fact],
        tokens: list[list[str]],
        replaces: str | None = None,
    ) -> None:
        """Atomically add a document with its chunks, their vectors (one matrix per embedder, rows in
        chunk order, only for chunks with ``indexed``), facts and analyzer tokens; if ``replaces`` names
        an older version's doc_id, it is removed in the same transaction."""

    def delete_document(self, doc_id: str) -> bool: ...

    def get_document(self, doc_id: str, access: AccessScope) -> DocumentRecord | None: ...

    def find_documents(self, *, file: str | None = None, access: AccessScope) -> list[DocumentRecord]: ...

    def keyword_search(self, tokens: list[str], k: int, filters: Filters) -> list[ScoredChunk]:
        """BM25 over analyzer tokens, best first, only among chunks that pass ``filters``."""

    def term_frequencies(
        self, terms: list[str], prefixes: list[str] | None = None, limit: int = 0
    ) -> TermStats:
        """Document frequency of each of ``terms`` present in the index and the indexed chunk count; with
        ``prefixes``, also up to ``limit`` indexed terms starting with each prefix (in term order)."""

    def vector_search(self, space: str, vector: np.ndarray, k: int, filters: Filters) -> list[ScoredChunk]:
        """Cosine similarity in one embedder's space: the true top-k among chunks passing ``filters``."""

    def get_chunks(self, chunk_ids: list[str], access: AccessScope) -> list[Chunk]: ...

    def get_facts(
        self, filters: Filters, *, line_items: list[str] | None = None, containing: list[str] | None = None
    ) -> list[Fact]:
        """Facts passing ``filters`` whose normalised line item is one of ``line_items`` or holds one of
        ``containing`` as a substring (every fact when neither is given)."""
        ...

    def stats(self) -> StoreStats: ...

    def close(self) -> None: ...
