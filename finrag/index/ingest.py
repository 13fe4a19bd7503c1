"""Ingest pipeline: files -> (workers) parse, chunk, facts, tokens -> (parent) embed, keep a copy, commit.

* Re-ingesting an unchanged file (same sha256) is a no-op: status ``unchanged``, nothing parsed/embedded.
* A changed file with the same name replaces its older version in the same transaction.
* Each document is committed atomically by the store; a failure or a kill leaves no half document.
* Parse + chunk run in ``index.ingest_workers`` processes; embedding and writes stay in the parent so
  the embedding model and the store's writer lock live in one process.
"""

from __future__ import annotations

import fcntl
import hashlib
import logging
import multiprocessing
import os
import shutil
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from finrag.errors import FinragError, IndexError_
from finrag.index.embed import load_in_background
from finrag.index.embed_text import check_table_mode
from finrag.index.prepare import (
    Prepared,
    PrepareOptions,
    StageTimes,
    embed_chunks,
    prepare_file,
    prepare_in_worker,
)
from finrag.model import AccessScope, ErrorInfo, IngestResult

if TYPE_CHECKING:
    from finrag.app import Finrag, IngestOptions, Progress
    from finrag.config import Settings

log = logging.getLogger(__name__)
HASH_BLOCK = 1 << 20  # bytes read at a time when hashing a file
MB = 1 << 20
MIN_DOC_ID_CHARS = 16  # doc ids are sha256 hex (64 chars); anything much shorter is not one
COMMIT_LOCK = "ingest.lock"  # lock file in the data folder held while checking and adding one document
AHEAD_PER_WORKER = 2  # files queued per worker: keeps workers busy without holding many parsed docs


@dataclass(slots=True)
class FileTimings:
    """Per-file stage seconds (for bench/index_speed.py)."""

    file: str
    status: str
    pages: int
    chunks: int
    times: StageTimes = field(default_factory=StageTimes)


@dataclass(slots=True)
class _Job:
    path: Path
    name: str
    doc_id: str
    replaces: str | None
    started: float


def expand_paths(paths: list[Path], recursive: bool) -> list[Path]:
    """Files named directly, plus the files inside named folders (sub-folders when ``recursive``)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            found = p.rglob("*") if recursive else p.iterdir()
            out.extend(sorted(f for f in found if f.is_file() and not f.name.startswith(".")))
        else:
            out.append(p)
    return list(dict.fromkeys(out))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(HASH_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def keep_copy(fr: Finrag, src: Path, doc_id: str, media_type: str) -> str:
    """Copy the original to files_dir as <doc_id>.<type> (never the user's name); returns it relative."""
    ext = media_type if media_type.isalnum() else "bin"
    folder = fr.settings.files_dir
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{doc_id}.{ext}"
    if not target.exists():
        tmp = folder / f".{doc_id}.{os.getpid()}.tmp"
        shutil.copyfile(src, tmp)
        os.replace(tmp, target)
    return str(target.relative_to(fr.settings.home))


def remove_kept_copies(settings: Settings, doc_id: str) -> None:
    """Delete the kept original(s) of ``doc_id`` (after a delete, or once a newer version replaced it)."""
    if len(doc_id) < MIN_DOC_ID_CHARS or not doc_id.isalnum():
        return  # never glob with a user-supplied pattern
    for path in settings.files_dir.glob(f"{doc_id}.*"):
        path.unlink(missing_ok=True)


@contextmanager
def _commit_lock(fr: Finrag) -> Iterator[None]:
    """Serialise "is it there yet? then add it" across processes sharing a data folder."""
    try:
        fr.settings.home.mkdir(parents=True, exist_ok=True)
        fh = open(fr.settings.home / COMMIT_LOCK, "a")  # noqa: SIM115 - closed below
    except OSError as err:
        raise IndexError_(f"cannot open the ingest lock: {err}", file=str(fr.settings.home)) from err
    try:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield
    finally:
        fh.close()  # closing releases the lock


def _failed(job: _Job, err: FinragError) -> IngestResult:
    return IngestResult(
        job.name, job.doc_id or None, "failed", seconds=round(time.perf_counter() - job.started, 3),
        error=ErrorInfo(err.stage, str(err)),
    )  # fmt: skip


def commit(fr: Finrag, job: _Job, prep: Prepared, progress: Progress) -> IngestResult:
    """Embed the indexed chunks, keep the file copy and add everything to the store in one transaction."""
    vectors = prep.vectors
    if vectors is None:
        progress.on_stage(job.name, "embed")
        t0 = time.perf_counter()
        vectors, prep.embedded = embed_chunks(fr.embedders, prep.chunks, fr.settings.index.table_embed_text)
        prep.times.embed = time.perf_counter() - t0
    progress.on_stage(job.name, "store")
    t0 = time.perf_counter()
    try:
        prep.record.stored_file = keep_copy(fr, job.path, prep.record.doc_id, prep.record.media_type)
    except OSError as err:
        raise IndexError_(f"cannot keep a copy of the file: {err}", file=job.name) from err
    with _commit_lock(fr):  # another process may have committed the same file since _plan looked
        if fr.store.get_document(prep.record.doc_id, AccessScope.everything()) is not None:
            return IngestResult(job.name, prep.record.doc_id, "unchanged")
        record, replaces = prep.record, job.replaces
        fr.store.add_document(record, prep.chunks, vectors, prep.facts, prep.tokens, replaces=replaces)
    if job.replaces and job.replaces != prep.record.doc_id:
        remove_kept_copies(fr.settings, job.replaces)
    prep.times.store = time.perf_counter() - t0
    return IngestResult(
        job.name, prep.record.doc_id, "indexed", chunks=len(prep.chunks), pages=prep.record.pages,
        seconds=round(time.perf_counter() - job.started, 3),
    )  # fmt: skip


def _plan(fr: Finrag, files: list[Path]) -> Iterator[_Job | IngestResult]:
    """Hash each file: unchanged ones (or repeats) become results at once, the rest become jobs."""
    seen: set[str] = set()
    everything = AccessScope.everything()
    for path in files:
        started = time.perf_counter()
        try:
            doc_id = file_sha256(path)
        except OSError as err:
            yield IngestResult(path.name, None, "failed", error=ErrorInfo("parse", f"{path.name}: {err}"))
            continue
        if doc_id in seen or fr.store.get_document(doc_id, everything) is not None:
            yield IngestResult(path.name, doc_id, "unchanged")
            seen.add(doc_id)
            continue
        seen.add(doc_id)
        older = [d.doc_id for d in fr.store.find_documents(file=path.name, access=everything)]
        yield _Job(path, path.name, doc_id, older[0] if older else None, started)


def ingest_paths(
    fr: Finrag,
    paths: list[Path],
    options: IngestOptions,
    progress: Progress,
    *,
    timings: list[FileTimings] | None = None,
) -> list[IngestResult]:
    files = expand_paths([Path(p) for p in paths], options.recursive)
    popts = PrepareOptions(options.doc_type, options.access, list(options.tags))
    check_table_mode(fr.settings.index.table_embed_text)  # a bad setting stops here, not once per file
    fr.store.check_embedders({e.name: e.dimension for e in fr.embedders})
    results: list[IngestResult] = []

    def finish(result: IngestResult, times: StageTimes | None = None) -> None:
        results.append(result)
        progress.on_result(result)
        if timings is not None:
            timings.append(
                FileTimings(result.file, result.status, result.pages, result.chunks, times or StageTimes())
            )

    jobs: list[_Job] = []
    for item in _plan(fr, files):
        if isinstance(item, IngestResult):
            finish(item)
        else:
            jobs.append(item)
    workers = min(fr.settings.index.ingest_workers, len(jobs))
    if sum(_size(j.path) for j in jobs) < fr.settings.index.parallel_min_mb * MB:
        workers = 1  # small batch: spawning workers costs more than it saves
    if workers > 1:  # largest first: a big file started last would leave one core idle at the end
        jobs.sort(key=lambda j: _size(j.path), reverse=True)
    done = 0
    for job, outcome in _run(jobs, fr, popts, workers):
        done += 1
        progress.on_file(job.name, done, len(jobs))
        if isinstance(outcome, FinragError):
            finish(_failed(job, outcome))
            continue
        try:
            finish(commit(fr, job, outcome, progress), outcome.times)
        except FinragError as err:
            finish(_failed(job, err))
    return results


def _run(
    jobs: list[_Job], fr: Finrag, popts: PrepareOptions, workers: int
) -> Iterator[tuple[_Job, Prepared | FinragError]]:
    """Prepared documents (or their error) in completion order; inline when one worker suffices."""
    settings = fr.settings
    if workers <= 1:
        if jobs:
            load_in_background(fr.embedders)  # overlaps the model load with the first parse
        for job in jobs:
            try:
                yield job, prepare_file(job.path, job.name, settings, popts, fr.embedders)
            except FinragError as err:
                yield job, err
        return
    ctx = multiprocessing.get_context("spawn")  # no fork: the parent holds threads and an open database
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    pending: dict[Future[Prepared], _Job] = {}
    queue = list(reversed(jobs))
    try:
        while queue or pending:
            while queue and len(pending) < workers * AHEAD_PER_WORKER:
                job = queue.pop()
                pending[pool.submit(prepare_in_worker, job.path, job.name, settings, popts)] = job
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                job = pending.pop(fut)
                try:
                    yield job, fut.result()
                except FinragError as err:
                    yield job, err
                except BrokenProcessPool as err:  # a parser crashed its worker (e.g. a native segfault)
                    log.warning("worker died on %s", job.name)
                    yield (
                        job,
                        IndexError_(
                            f"the worker parsing this file died: {err}", stage="parse", file=job.name
                        ),
                    )
                    pool.shutdown(wait=False, cancel_futures=True)
                    queue.extend(pending.values())
                    pending.clear()
                    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
                    break
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
