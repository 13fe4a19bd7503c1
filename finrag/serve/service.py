"""The service object behind the HTTP API: facade, key ring, answer cache, ingest queue, page renderer."""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from finrag.app import Finrag
from finrag.config import Settings
from finrag.errors import FinragError, NotFoundError, ServeError, StoreUnavailableError
from finrag.model import AccessScope, Answer, BBox, DocumentRecord, SearchRequest, StoreStats
from finrag.serve.auth import KeyRing, load_keyring
from finrag.serve.cache import AnswerCache, cache_key
from finrag.serve.jobs import JobConflictError, JobQueue
from finrag.serve.pages import RENDERABLE_MEDIA, PageRenderer
from finrag.serve.pages_text import Marks

log = logging.getLogger(__name__)
VERSION_REFRESH_S = 2.0  # re-read the store's index version at most this often (catches CLI ingests)
WARM_UP_QUERY = "营业收入 revenue"  # one zh+en query embedded at start-up so the first question is not slow
MODEL_LOAD_WAIT_S = 300.0  # a request waits this long for start-up model loading (cold disk, busy CPU)


class ModelLoadError(ServeError):
    """An embedder, retriever or answerer could not be loaded (HTTP 500)."""


class Service:
    def __init__(self, settings: Settings, finrag: Finrag | None = None) -> None:
        self.settings = settings
        self.finrag = finrag or Finrag(settings)
        self.keyring: KeyRing = load_keyring(settings)
        self.cache = AnswerCache(settings.serve.cache_ttl_s, settings.serve.cache_max_entries)
        self.renderer = PageRenderer(settings.serve.page_dpi, settings.serve.page_cache_entries)
        self.jobs = JobQueue(
            self.finrag, self.uploads_dir, settings.serve.job_history, self.invalidate, self.require_models
        )
        self.models_ready = threading.Event()
        self.models_error: FinragError | None = None
        self._version = -1
        self._version_at = 0.0
        self._refreshing = False
        self._warm_thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._inflight: dict[str, threading.Lock] = {}

    @property
    def uploads_dir(self) -> Path:
        return self.settings.home / "uploads"

    # ------------------------------------------------------------ lifecycle

    def warm_up(self) -> None:
        """Load embedders, retriever and answerer (run in a background thread at start-up)."""
        try:
            _ = self.finrag.store
        except StoreUnavailableError as err:  # not a model problem: requests report 503 until it is back
            log.error("store unavailable: %s", err)
            self.models_ready.set()
            return
        try:
            _ = self.finrag.answerer  # builds embedders and retriever on the way
            for embedder in self.finrag.embedders:  # first call loads the weights
                embedder.embed_query(WARM_UP_QUERY)
        except FinragError as err:
            log.error("model loading failed: %s", err)
            self.models_error = err
        except Exception as err:  # a bug while loading must not leave requests waiting forever
            log.exception("model loading crashed")
            self.models_error = ModelLoadError(f"model loading crashed: {type(err).__name__}: {err}")
        finally:
            self.models_ready.set()

    def start_warm_up(self) -> None:
        """Start loading the models once, in the background (the app's start-up calls this)."""
        with self._lock:
            if self._warm_thread is None:
                self._warm_thread = threading.Thread(target=self.warm_up, name="finrag-warm-up", daemon=True)
                self._warm_thread.start()

    def require_models(self) -> None:
        """Wait for the models (so no two threads load them at once); raise if they failed to load."""
        self.start_warm_up()
        if not self.models_ready.wait(MODEL_LOAD_WAIT_S):
            raise ModelLoadError(f"models still loading after {MODEL_LOAD_WAIT_S:.0f} s")
        if self.models_error is not None:
            raise ModelLoadError(f"models failed to load: {self.models_error}")

    def close(self) -> None:
        self.jobs.close()
        self.renderer.close()
        self.finrag.close()

    def invalidate(self) -> None:
        """Documents changed: forget every cached answer and re-read the index version now (this runs
        in the ingest worker or a request thread, never on the event loop)."""
        self.cache.clear()
        try:
            self._refresh_version()
        except FinragError:
            with self._lock:
                self._version_at = 0.0

    # ------------------------------------------------------------ questions

    def stats(self) -> StoreStats:
        return self.finrag.stats()

    def index_version(self) -> int:
        """The store's index version, re-read in the background at most every VERSION_REFRESH_S.

        Only the first call reads it in the caller's thread: a store busy committing an ingest must
        not stall cached answers (our own ingests clear the cache directly through :meth:`invalidate`)."""
        now = time.monotonic()
        with self._lock:
            fresh = now - self._version_at < VERSION_REFRESH_S
            if fresh or (self._version >= 0 and self._refreshing):
                return self._version
            first = self._version < 0
            self._refreshing = not first
        if first:
            self._refresh_version()
        else:
            threading.Thread(target=self._refresh_version, name="finrag-version", daemon=True).start()
        return self._version

    def _refresh_version(self) -> None:
        try:
            version = self.finrag.stats().index_version
        except FinragError as err:
            log.warning("could not read the index version: %s", err)
            with self._lock:
                self._refreshing = False
            if self._version < 0:
                raise
            return
        with self._lock:
            if version != self._version:
                self.cache.clear()
            self._version, self._version_at, self._refreshing = version, time.monotonic(), False

    def cached_answer(self, request: SearchRequest) -> tuple[str, Answer | None]:
        """The cache key of ``request`` and the cached answer, if any (fast: safe on the event loop)."""
        key = cache_key(request, self.index_version())
        return key, self.cache.get(key)

    def answer(self, request: SearchRequest, key: str) -> tuple[Answer, bool]:
        """Answer, computing it once even when many callers ask the same question at the same time."""
        self.require_models()
        with self._lock:
            flight = self._inflight.setdefault(key, threading.Lock())
        try:
            with flight:
                hit = self.cache.get(key)
                if hit is not None:
                    return hit, True
                answer = self.finrag.ask(request)
                self.cache.put(key, answer)
                return answer, False
        finally:
            with self._lock:
                self._inflight.pop(key, None)

    # ------------------------------------------------------------ documents

    def delete(self, doc_id: str) -> bool:
        if self.jobs.busy_with(doc_id):
            raise JobConflictError(f"document {doc_id} is being ingested; try again when the job is done")
        record = self.finrag.store.get_document(doc_id, AccessScope.everything())
        removed = self.finrag.delete(doc_id)
        if record is not None and record.stored_file:
            self.renderer.forget(str(self.settings.home / record.stored_file))
        self.invalidate()
        return removed

    def page_marks(
        self,
        doc_id: str,
        page: int,
        chunk_id: str | None,
        scope: AccessScope,
        boxes: list[BBox],
        quotes: list[str],
    ) -> Marks:
        """What to highlight: given boxes and quotes, then a visible chunk's boxes or text as fallback."""
        marks = Marks(boxes=boxes, quotes=quotes)
        if chunk_id is not None:
            chunks = self.finrag.store.get_chunks([chunk_id], scope)
            if not chunks or chunks[0].doc_id != doc_id:
                raise NotFoundError(f"no chunk {chunk_id} in document {doc_id}")
            marks.fallback_boxes = [pb.bbox for pb in chunks[0].bboxes if pb.page == page]
            marks.fallback_quotes = [chunks[0].text]
        return marks

    def page_png(self, record: DocumentRecord, page: int, marks: Marks) -> bytes:
        if record.media_type not in RENDERABLE_MEDIA or not record.stored_file:
            raise NotFoundError(f"no page images for {record.media_type} documents", file=record.file)
        home = self.settings.home.resolve()
        path = (home / record.stored_file).resolve()
        if not path.is_relative_to(home) or not path.is_file():
            raise NotFoundError("the stored copy of this document is missing", file=record.file)
        return self.renderer.render(path, record.media_type, page, marks)

