"""Time limits for parsers that work from any thread: a killable child process, or a watched thread.

Child processes (``python -m finrag.parse.worker``) are fresh interpreters, independent of the caller's
``__main__`` and safe to start from a server's worker thread. They stay warm between files (imports done
once), run in their own session so that a time-out kills the whole group (including any OCR pool they
started), and are recycled after :data:`WORKER_MAX_JOBS` files.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import pickle
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from finrag import errors
from finrag.config import Settings
from finrag.errors import FinragError, ParseError
from finrag.model import Document
from finrag.parse.worker import HEADER

log = logging.getLogger(__name__)

ParseArgs = tuple[str, Path, str, str, Settings]  # media type, path, file name, doc id, settings
WORKER_MAX_JOBS = 50  # files per child before it is replaced (bounds memory kept by native libraries)
MAX_IDLE_WORKERS = 2  # warm children kept between calls (one per core on the target machine)
READ_CHUNK = 1 << 20
STDERR_TAIL = 400  # characters of a crashed child's stderr quoted in the error
_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])


class _Timeout(Exception):
    pass


class _Worker:
    def __init__(self) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the child, closed in close()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "finrag.parse.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            start_new_session=True,
            env=env,
        )
        self.jobs = 0
        self.owner = os.getpid()  # a forked copy of this process must not share the pipes

    def call(self, args: ParseArgs, timeout: float) -> tuple[object, ...]:
        assert self.proc.stdin is not None
        # the clock starts before the job is sent: a caller descheduled after sending it (a busy machine)
        # must not find the whole parse done inside a budget it never measured
        deadline = time.monotonic() + timeout
        data = pickle.dumps(args, protocol=pickle.HIGHEST_PROTOCOL)
        self.proc.stdin.write(HEADER.pack(len(data)) + data)
        self.proc.stdin.flush()
        size = HEADER.unpack(self._read(HEADER.size, deadline))[0]
        reply: tuple[object, ...] = pickle.loads(self._read(size, deadline))
        self.jobs += 1
        return reply

    def _read(self, n: int, deadline: float) -> bytes:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        buf = bytearray()
        while len(buf) < n:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise _Timeout
            chunk = os.read(fd, min(n - len(buf), READ_CHUNK))
            if not chunk:
                raise EOFError
            buf += chunk
        return bytes(buf)

    def stderr_tail(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", errors="replace").strip()[-STDERR_TAIL:]

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.close()

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.stderr.close()


_idle: list[_Worker] = []
_lock = threading.Lock()


def _acquire() -> _Worker:
    with _lock:
        if any(w.owner != os.getpid() for w in _idle):
            _idle[:] = [w for w in _idle if w.owner == os.getpid()]  # inherited through fork: not ours
        while _idle:
            worker = _idle.pop()
            if worker.proc.poll() is None:
                return worker
            worker.close()
    return _Worker()


def _release(worker: _Worker) -> None:
    with _lock:
        if worker.jobs < WORKER_MAX_JOBS and len(_idle) < MAX_IDLE_WORKERS:
            _idle.append(worker)
            return
    worker.close()


@atexit.register
def shutdown_workers() -> None:
    """Stop the warm child processes (called at interpreter exit)."""
    with _lock:
        workers, _idle[:] = [w for w in _idle if w.owner == os.getpid()], []
    for worker in workers:
        worker.close()


def _rebuild_error(class_name: str, message: str, file: str | None) -> FinragError:
    cls = getattr(errors, class_name, ParseError)
    if not (isinstance(cls, type) and issubclass(cls, FinragError)):
        cls = ParseError
    return cls(message, file=file)


def _timeout_message(timeout: float) -> str:
    return f"parsing took longer than {timeout:g} s and was stopped (settings.parse.timeout_s)"


def run_in_child(args: ParseArgs, *, timeout: float, file_name: str) -> Document:
    """Parse in a child process; kill it and raise ParseError after ``timeout`` seconds."""
    try:
        worker = _acquire()
    except OSError as err:
        raise ParseError(f"cannot start a parser process: {err}", file=file_name) from err
    try:
        reply = worker.call(args, timeout)
    except _Timeout:
        worker.kill()
        raise ParseError(_timeout_message(timeout), file=file_name) from None
    except (EOFError, BrokenPipeError, pickle.UnpicklingError) as err:
        tail = worker.stderr_tail()
        worker.kill()
        raise ParseError(
            f"the parser process died (exit code {worker.proc.returncode}; out of memory or a crash in a "
            f"native library?) {tail}".strip(),
            file=file_name,
        ) from err
    except BaseException:  # Ctrl-C or a cancelled server task: the child must not parse on unattended
        worker.kill()
        raise
    _release(worker)
    if reply[0] == "ok" and isinstance(reply[1], Document):
        return reply[1]
    _, class_name, message, file = reply
    raise _rebuild_error(str(class_name), str(message), file if isinstance(file, str) else None)


def run_in_thread(
    fn: Callable[..., Document], args: ParseArgs, *, timeout: float, file_name: str
) -> Document:
    """Run ``fn(*args)`` in a daemon thread; raise ParseError when it is not done after ``timeout`` seconds
    (the thread cannot be killed and finishes in the background; used only for small files)."""
    result: list[Document] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            result.append(fn(*args))
        except BaseException as err:  # handed to the caller's thread below
            failure.append(err)

    worker = threading.Thread(target=target, name=f"finrag-parse:{file_name}", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        log.warning("parser thread for %s still running after %.0f s; abandoned", file_name, timeout)
        raise ParseError(_timeout_message(timeout), file=file_name)
    if failure:
        raise failure[0]
    return result[0]
