"""Index stage: analyzer, embedders, stores and the ingest pipeline.

``open_store(settings)`` picks the engine from ``settings.store``: ``"sqlite"`` (the embedded folder
store in the data folder) or a ``postgresql://`` URL (finrag.index.postgres_store, when present).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from finrag.config import Settings
from finrag.errors import ConfigError

if TYPE_CHECKING:
    from finrag.index.store import Store


def open_store(settings: Settings) -> Store:
    if settings.store == "sqlite":
        from finrag.index.sqlite_store import SqliteStore

        return SqliteStore(
            settings.store_dir,
            bm25_k1=settings.retrieve.bm25_k1,
            bm25_b=settings.retrieve.bm25_b,
            search_threads=settings.index.search_threads,
            quantized_min_rows=settings.index.quantized_min_rows,
            quantized_pool=settings.index.quantized_pool,
        )
    if settings.store.startswith(("postgresql://", "postgres://")):
        from finrag.index.postgres_store import PostgresStore

        return PostgresStore(settings)
    raise ConfigError(f"unknown store {settings.store!r}: use 'sqlite' or a postgresql:// URL")
