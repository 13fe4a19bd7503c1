"""Systems the harness evaluates: the main pipeline (through the Finrag facade) and baselines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from finrag.config import Settings
from finrag.errors import EvalError
from finrag.eval.corpus import Corpus, settings_key
from finrag.eval.metrics import AnswerOutcome, CitedPage, RankedHit
from finrag.eval.sets import Question

if TYPE_CHECKING:
    from finrag.app import Finrag
    from finrag.model import SearchRequest

FileCallback = Callable[[str, int, int], None]
TARGETS = ("finrag", "naive")


class Target(Protocol):
    name: str

    def prepare(self, corpus: Corpus, on_file: FileCallback) -> None:
        """Index the corpus (or load the cached index)."""

    def search(self, question: Question, top_k: int) -> list[RankedHit]: ...

    def ask(self, question: Question) -> AnswerOutcome | None:
        """The system's answer, or None when it has no answerer."""

    def doc_languages(self) -> dict[str, str]:
        """File name -> document language ("zh"/"en"), for cross-lingual subsets."""

    def close(self) -> None: ...


class FinragTarget:
    """The main pipeline, with its data folder in the eval cache keyed by corpus and settings, or an
    existing data folder (``index``) used as is: nothing is ingested into it and no cache is written."""

    name = "finrag"

    def __init__(
        self, settings: Settings, cache_root: Path, index: Path | None = None, scoped: bool = False
    ) -> None:
        self.base = settings
        self.cache_root = cache_root
        self.index = index
        self.scoped = scoped  # search and ask within each question's own document (``Question.scope_file``)
        self.fr: Finrag | None = None
        self.failed: list[str] = []  # "file: stage: message" for documents that did not ingest
        self.notes: list[str] = []  # what the report should say about the index used

    def _open_existing(self, index: Path, corpus: Corpus) -> None:
        from finrag.app import Finrag
        from finrag.model import AccessScope

        if self.base.store == "sqlite" and not (index / "store").is_dir():
            raise EvalError("no finrag index in this folder (store/ missing)", file=str(index))
        no_cache = self.base.index.model_copy(update={"embed_cache": False})  # queries only: write nothing
        fr = Finrag(self.base.model_copy(update={"home": index, "index": no_cache}))
        self.fr = fr
        indexed = {d.file for d in fr.documents(AccessScope.everything())}
        self.notes.append(
            f"finrag used the existing index {index} as is ({len(indexed)} documents, no ingest)"
        )
        absent = sorted(p.name for p in corpus.files if p.name not in indexed)
        if absent:
            self.notes.append(f"{len(absent)} corpus files are not in that index: " + ", ".join(absent[:20]))

    def prepare(self, corpus: Corpus, on_file: FileCallback) -> None:
        from finrag.app import Finrag, IngestOptions, Progress

        if self.index is not None:
            self._open_existing(self.index, corpus)
            return
        home = self.cache_root / f"finrag-{settings_key(self.base, corpus.key)}"
        settings = self.base.model_copy(update={"home": home})
        fr = Finrag(settings)
        self.fr = fr
        n = len(corpus.files)
        for i, path in enumerate(corpus.files):
            on_file(path.name, i, n)
            for r in fr.ingest([path], IngestOptions(), Progress()):
                if r.status == "failed":
                    msg = f"{r.error.stage}: {r.error.message}" if r.error else "failed"
                    self.failed.append(f"{r.file}: {msg}")

    def _facade(self) -> Finrag:
        if self.fr is None:
            raise EvalError("target used before prepare()")
        return self.fr

    def _request(self, question: Question, top_k: int) -> SearchRequest:
        from finrag.model import Filters, SearchRequest

        scope = question.scope_file if self.scoped else None
        filters = Filters(files=[scope]) if scope else Filters()
        return SearchRequest(question.question, top_k, filters, history=list(question.history))

    def search(self, question: Question, top_k: int) -> list[RankedHit]:
        req = self._request(question, top_k)
        result = self._facade().search(req)
        return [
            RankedHit(h.chunk.meta.file, list(h.chunk.pages), h.chunk.chunk_id, h.chunk.text, float(h.score))
            for h in result.hits
        ]

    def ask(self, question: Question) -> AnswerOutcome | None:
        answer = self._facade().ask(self._request(question, self.base.retrieve.top_k))
        return AnswerOutcome(
            text=answer.answer,
            refused=answer.refused,
            citations=[CitedPage(c.file, c.page, c.chunk_id) for c in answer.citations],
            context_chunk_ids=[h.chunk.chunk_id for h in answer.context],
        )

    def doc_languages(self) -> dict[str, str]:
        from finrag.model import AccessScope

        return {d.file: d.language for d in self._facade().documents(AccessScope.everything())}

    def close(self) -> None:
        if self.fr is not None:
            self._facade().close()


def make_target(
    name: str, settings: Settings, cache_root: Path, index: Path | None = None, scoped: bool = False
) -> Target:
    """``index``: an existing finrag data folder the "finrag" system searches as is (baselines ignore it);
    ``scoped``: each question is asked within its own document (finrag only)."""
    if name == "finrag":
        return FinragTarget(settings, cache_root, index, scoped)
    if scoped:
        raise EvalError(f"--scoped evaluates the finrag system only, not {name!r}")
    if name == "naive":
        from finrag.eval.baselines import NaiveRetriever

        return NaiveRetriever(settings, cache_root)
    raise EvalError(f"unknown system {name!r} (choose from {', '.join(TARGETS)})")
