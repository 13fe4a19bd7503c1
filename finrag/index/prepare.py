"""Worker side of ingest: parse, chunk, extract facts and analyze one file (runs in a child process).

Everything returned crosses a process boundary, so it is a plain dataclass of model records.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import numpy as np

from finrag.config import Settings
from finrag.errors import ChunkError, FinragError, IndexError_, ParseError
from finrag.index.embed import Embedder, make_embedders
from finrag.index.embed_text import embedding_text
from finrag.index.tokenize import get_analyzer
from finrag.model import AccessInfo, Chunk, Document, DocumentRecord, Fact

log = logging.getLogger(__name__)
_T = TypeVar("_T")


@dataclass(slots=True)
class PrepareOptions:
    doc_type: str | None
    access: AccessInfo
    tags: list[str]


@dataclass(slots=True)
class StageTimes:
    parse: float = 0.0
    chunk: float = 0.0
    facts: float = 0.0
    analyze: float = 0.0
    embed: float = 0.0
    store: float = 0.0

    def add(self, other: StageTimes) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass(slots=True)
class Prepared:
    record: DocumentRecord
    chunks: list[Chunk]
    facts: list[Fact]
    tokens: list[list[str]]  # one list per indexed chunk, in chunk order
    times: StageTimes = field(default_factory=StageTimes)
    vectors: dict[str, np.ndarray] | None = None  # embedder name -> rows of the indexed chunks
    embedded: int = 0  # vectors computed for this file (the rest came from the cache)


_WORKER_EMBEDDERS: list[Embedder] = []  # loaded once per worker process


def embed_chunks(
    embedders: list[Embedder], chunks: list[Chunk], table_mode: str = "full"
) -> tuple[dict[str, np.ndarray], int]:
    """Vectors of the indexed chunks per embedder, and how many had to be computed (not cached)."""
    texts = [embedding_text(c, table_mode) for c in chunks if c.indexed]
    out: dict[str, np.ndarray] = {}
    computed = 0
    for emb in embedders:
        before = int(getattr(emb, "computed", 0))
        out[emb.name] = emb.embed(texts) if texts else np.zeros((0, emb.dimension), dtype=np.float32)
        computed += int(getattr(emb, "computed", len(texts))) - before
    return out, computed


def prepare_in_worker(path: Path, file_name: str, settings: Settings, options: PrepareOptions) -> Prepared:
    """Worker-process entry: also embeds when ``index.embed_in_workers`` (uses both cores)."""
    if settings.index.embed_in_workers and not _WORKER_EMBEDDERS:
        # workers run side by side, one per core: one BLAS thread each unless configured otherwise
        threads = settings.index.embed_threads or 1
        one_core = settings.model_copy(
            update={"index": settings.index.model_copy(update={"embed_threads": threads})}
        )
        _WORKER_EMBEDDERS.extend(make_embedders(one_core))
    return prepare_file(path, file_name, settings, options, _WORKER_EMBEDDERS or None)


def _step(name: str, error: type[FinragError], file: str, times: StageTimes, fn: Callable[[], _T]) -> _T:
    """Run one step, timing it; a non-finrag exception (a bug or a library failure) becomes ``error``."""
    t0 = time.perf_counter()
    try:
        return fn()
    except FinragError:
        raise
    except Exception as err:
        log.warning("%s failed on %s", name, file, exc_info=True)
        raise error(f"{name} failed: {type(err).__name__}: {err}", file=file) from err
    finally:
        setattr(times, name, getattr(times, name) + time.perf_counter() - t0)


def _facts(doc: Document, chunks: list[Chunk], access: AccessInfo) -> list[Fact]:
    from finrag.answer.facts import extract_facts

    facts = extract_facts(doc, chunks)
    for f in facts:
        f.meta = AccessInfo(access.access_level, list(access.groups))
    return facts


def prepare_file(
    path: Path,
    file_name: str,
    settings: Settings,
    options: PrepareOptions,
    embedders: list[Embedder] | None = None,
) -> Prepared:
    """Parse -> chunk -> facts -> tokens (-> vectors when ``embedders``). Raises FinragError only."""
    from finrag.chunk import chunk_document
    from finrag.parse import parse_file

    times = StageTimes()
    doc = _step(
        "parse", ParseError, file_name, times, lambda: parse_file(path, settings, file_name=file_name)
    )
    chunks = _step(
        "chunk",
        ChunkError,
        file_name,
        times,
        lambda: chunk_document(
            doc, settings, doc_type=options.doc_type, access=options.access, tags=options.tags
        ),
    )
    facts = _step("facts", IndexError_, file_name, times, lambda: _facts(doc, chunks, options.access))
    analyzer = get_analyzer(settings.index.user_dict, settings.index.traditional_to_simplified)
    tokens = _step(
        "analyze",
        IndexError_,
        file_name,
        times,
        lambda: [analyzer.analyze(c.index_text or c.text) for c in chunks if c.indexed],
    )
    record = DocumentRecord(
        doc_id=doc.doc_id,
        file=file_name,
        media_type=doc.media_type,
        doc_type=doc.doc_type,
        language=doc.language,
        pages=doc.pages,
        meta=doc.meta,
        access=AccessInfo(options.access.access_level, list(options.access.groups)),
        chunk_count=len(chunks),
        fact_count=len(facts),
        ingested_at=datetime.now(UTC).isoformat(timespec="seconds"),
        report=doc.report,
    )
    prepared = Prepared(record, chunks, facts, tokens, times)
    if embedders:
        prepared.vectors, prepared.embedded = _step(
            "embed",
            IndexError_,
            file_name,
            times,
            lambda: embed_chunks(embedders, chunks, settings.index.table_embed_text),
        )
    return prepared
