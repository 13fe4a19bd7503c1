"""Background ingest: uploads are queued and indexed by one worker thread, so questions never wait.

Uploaded bytes are staged under ``<data>/uploads/<sha256>/<sanitised name>``: the directory is the
content hash (the future doc_id), the name only a display name stripped of any path, so nothing a
client sends can address a path outside the data folder. The ingest stage keeps its own copy; the
staging folder is removed once its job is done.
"""

from __future__ import annotations

import logging
import queue
import re
import shutil
import threading
import time
import unicodedata
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from finrag.errors import FinragError, NotFoundError, ServeError
from finrag.model import ErrorInfo, IngestResult

if TYPE_CHECKING:
    from finrag.app import Finrag, IngestOptions

log = logging.getLogger(__name__)
FileState = Literal["queued", "running", "indexed", "unchanged", "failed"]
JobState = Literal["queued", "running", "done"]
MAX_NAME_CHARS = 120  # keeps names well under filesystem limits (255 bytes) even in UTF-8 CJK
_UNSAFE = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')


class JobConflictError(ServeError):
    """The same content is already being ingested by a queued or running job (HTTP 409)."""


def safe_name(name: str) -> str:
    """A display file name with no directory part, control or reserved characters."""
    base = unicodedata.normalize("NFKC", name).replace("\\", "/").rsplit("/", 1)[-1]
    base = _UNSAFE.sub("_", base).strip().lstrip(".")
    if len(base) > MAX_NAME_CHARS:
        stem, dot, ext = base.rpartition(".")
        keep = MAX_NAME_CHARS - len(ext) - 1
        base = f"{stem[:keep]}.{ext}" if dot and 0 < len(ext) < MAX_NAME_CHARS // 4 else base[:MAX_NAME_CHARS]
    return base or "upload"


@dataclass(slots=True)
class StagedFile:
    name: str  # sanitised display name
    sha256: str
    path: Path
    size: int
    staging_dir: Path  # the request's folder under <data>/uploads, removed when the job is done


@dataclass(slots=True)
class FileStatus:
    file: str
    sha256: str
    status: FileState = "queued"
    stage: str = ""  # the pipeline stage currently running for this file
    doc_id: str | None = None
    chunks: int = 0
    pages: int = 0
    seconds: float = 0.0
    error: ErrorInfo | None = None


@dataclass(slots=True)
class Job:
    job_id: str
    files: list[FileStatus]
    state: JobState = "queued"
    created: float = field(default_factory=time.time)
    finished: float | None = None
    progress: float = 0.0  # share of files finished, 0..1
    error: ErrorInfo | None = None


@dataclass(slots=True)
class _Work:
    job: Job
    staged: list[StagedFile]
    options: IngestOptions


class JobQueue:
    """One worker thread draining a FIFO of ingest jobs; ``on_change`` runs after documents change."""

    def __init__(
        self,
        finrag: Finrag,
        uploads_dir: Path,
        history: int,
        on_change: Callable[[], None],
        prepare: Callable[[], None] = lambda: None,
    ) -> None:
        self.finrag = finrag
        self.prepare = prepare  # run before each job (waits for models; raises FinragError if unusable)
        self.uploads_dir = uploads_dir
        self.history = history
        self.on_change = on_change
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._queue: queue.Queue[_Work | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="finrag-ingest", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------ submit / inspect

    def active_hashes(self) -> set[str]:
        with self._lock:
            return {f.sha256 for j in self._jobs.values() if j.state != "done" for f in j.files}

    def submit(self, staged: list[StagedFile], options: IngestOptions) -> Job:
        with self._lock:
            busy = {f.sha256 for j in self._jobs.values() if j.state != "done" for f in j.files}
            clash = [s.name for s in staged if s.sha256 in busy]
            if clash:
                raise JobConflictError(f"already being ingested by another job: {', '.join(clash)}")
            job = Job(uuid.uuid4().hex, [FileStatus(s.name, s.sha256) for s in staged])
            self._jobs[job.job_id] = job
            self._trim()
        self._queue.put(_Work(job, staged, options))
        return job

    def get(self, job_id: str) -> Job:
        with self._lock:
            job = self._jobs.get(job_id)
            if job is None:
                raise NotFoundError(f"no job {job_id}")
            return job

    def busy_with(self, doc_id: str) -> bool:
        """Whether a queued or running job is ingesting the document with this id."""
        return doc_id in self.active_hashes()

    def wait_idle(self, timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._lock:
                if all(j.state == "done" for j in self._jobs.values()):
                    return True
            time.sleep(0.05)
        return False

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)

    def _trim(self) -> None:
        done = [k for k, j in self._jobs.items() if j.state == "done"]
        for key in done[: max(0, len(self._jobs) - self.history)]:
            del self._jobs[key]

    # ------------------------------------------------------------ worker

    def _run(self) -> None:
        while True:
            work = self._queue.get()
            if work is None:
                return
            try:
                self._ingest(work)
            finally:
                for s in work.staged:
                    shutil.rmtree(s.staging_dir, ignore_errors=True)
                self.on_change()  # before "done": whoever waits for the job must not get stale answers
                with self._lock:
                    work.job.state = "done"
                    work.job.finished = time.time()
                    work.job.progress = 1.0

    def _fail(self, job: Job, error: ErrorInfo) -> None:
        with self._lock:
            job.error = error
            for st in job.files:
                if st.status in ("queued", "running"):
                    st.status, st.error = "failed", error

    def _ingest(self, work: _Work) -> None:
        from finrag.app import Progress

        job = work.job
        by_name = {s.path.name: st for s, st in zip(work.staged, job.files, strict=True)}
        by_path = {str(s.path): st for s, st in zip(work.staged, job.files, strict=True)}

        def status_of(name: str) -> FileStatus | None:
            return by_path.get(name) or by_name.get(Path(name).name)

        def on_stage(name: str, stage: str) -> None:
            st = status_of(name)
            if st is not None:
                with self._lock:
                    st.status, st.stage = "running", stage

        def on_result(result: IngestResult) -> None:
            st = status_of(result.file)
            if st is None:
                return
            with self._lock:
                st.status, st.stage, st.doc_id, st.error = result.status, "", result.doc_id, result.error
                st.chunks, st.pages, st.seconds = result.chunks, result.pages, result.seconds
                finished = sum(f.status in ("indexed", "unchanged", "failed") for f in job.files)
                job.progress = finished / len(job.files)
            if result.status == "indexed":
                self.on_change()

        with self._lock:
            job.state = "running"
        try:
            self.prepare()
            results = self.finrag.ingest(
                [s.path for s in work.staged], work.options, Progress(on_stage=on_stage, on_result=on_result)
            )
        except FinragError as err:
            self._fail(job, ErrorInfo(err.stage, str(err)))
            return
        except Exception as err:  # a bug in a stage must not kill the worker: report it on the job
            log.exception("ingest job %s failed", job.job_id)
            self._fail(job, ErrorInfo("serve", f"internal error during ingest: {type(err).__name__}"))
            return
        for result in results:  # in case the ingest stage does not call on_result
            if (st := status_of(result.file)) is not None and st.status in ("queued", "running"):
                on_result(result)
