"""The one facade that the CLI, the HTTP API and the evaluation harness call.

It wires the stages together from settings (store, embedders, retriever, answerer) and holds no
business logic of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from finrag.config import Settings
from finrag.errors import NotFoundError
from finrag.model import (
    AccessInfo,
    AccessScope,
    Answer,
    DocumentRecord,
    IngestResult,
    SearchRequest,
    SearchResult,
    StoreStats,
)

if TYPE_CHECKING:
    from finrag.answer.pipeline import Answerer
    from finrag.index.embed import Embedder
    from finrag.index.store import Store
    from finrag.retrieve.pipeline import Retriever


@dataclass(slots=True)
class IngestOptions:
    doc_type: str | None = None  # override the classifier
    access: AccessInfo = field(default_factory=AccessInfo)
    tags: list[str] = field(default_factory=list)
    recursive: bool = False


@dataclass(slots=True)
class Progress:
    """Callbacks for long work; the CLI draws a progress bar, the API updates a job."""

    on_file: Callable[[str, int, int], None] = lambda name, i, n: None  # file name, index, total
    on_stage: Callable[[str, str], None] = lambda name, stage: None  # file name, stage
    on_result: Callable[[IngestResult], None] = lambda r: None


class Finrag:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @cached_property
    def store(self) -> Store:
        from finrag.index import open_store

        return open_store(self.settings)

    @cached_property
    def embedders(self) -> list[Embedder]:
        from finrag.index.embed import make_embedders

        return make_embedders(self.settings)

    @cached_property
    def retriever(self) -> Retriever:
        from finrag.retrieve.pipeline import Retriever

        return Retriever(self.settings, self.store, self.embedders)

    @cached_property
    def answerer(self) -> Answerer:
        from finrag.answer.pipeline import Answerer

        return Answerer(self.settings, self.store, self.retriever)

    def ingest(
        self, paths: list[Path], options: IngestOptions | None = None, progress: Progress | None = None
    ) -> list[IngestResult]:
        from finrag.index.ingest import ingest_paths

        return ingest_paths(self, paths, options or IngestOptions(), progress or Progress())

    def search(self, request: SearchRequest) -> SearchResult:
        return self.retriever.search(request)

    def ask(self, request: SearchRequest) -> Answer:
        return self.answerer.ask(request)

    def documents(self, access: AccessScope) -> list[DocumentRecord]:
        return self.store.find_documents(access=access)

    def document(self, doc_id: str, access: AccessScope) -> DocumentRecord:
        record = self.store.get_document(doc_id, access)
        if record is None:
            raise NotFoundError(f"no document {doc_id}")
        return record

    def delete(self, doc_id: str) -> bool:
        from finrag.index.ingest import remove_kept_copies

        removed = self.store.delete_document(doc_id)
        remove_kept_copies(self.settings, doc_id)  # the original file goes with its index entries
        return removed

    def stats(self) -> StoreStats:
        return self.store.stats()

    def close(self) -> None:
        if "store" in self.__dict__:
            self.store.close()
