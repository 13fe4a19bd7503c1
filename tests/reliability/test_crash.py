"""Crash safety: ``kill -9`` of an ingest process at random moments, repeated on the same data folder.

After every kill the store opens, every document committed before stays intact, and direct SQL finds no
orphan chunks, postings, facts or vector rows. A final uninterrupted run completes the corpus."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from finrag.config import load_settings
from finrag.index import open_store
from finrag.index.sqlite_store import DB_NAME
from finrag.index.vectors import FLOAT_BYTES
from finrag.model import AccessScope
from tests.reliability.conftest import SOAK

ROOT = Path(__file__).resolve().parents[2]
CI_KILLS = 5  # kill -9 rounds in `make test`
SOAK_KILLS = 50  # ... and in `make soak`
PG_KILLS = 3  # rounds against PostgreSQL (each also starts a client process)
MAX_FILES_BEFORE_KILL = 2  # the kill lands after the worker reports 0..this many more files indexed, so
# it lands inside an ingest on any machine speed (a fixed time window missed every ingest on a fast box)
KILL_JITTER_S = 0.2  # ... and then at a random moment within this: mid-file, well short of one file's ingest
READY_WAIT_S = 120.0  # model loading on a busy box
DOCS = 10
KILLS_BEFORE_NEW_FILES = 5  # rounds on the first corpus; later rounds each add FILES_PER_ROUND files
FILES_PER_ROUND = 2
ORPHAN_QUERIES = {
    "chunks": "SELECT COUNT(*) FROM chunks WHERE dord NOT IN (SELECT dord FROM documents)",
    "postings": "SELECT COUNT(*) FROM postings WHERE dord NOT IN (SELECT dord FROM documents)",
    "facts": "SELECT COUNT(*) FROM facts WHERE dord NOT IN (SELECT dord FROM documents)",
    "sigs": "SELECT COUNT(*) FROM sigs WHERE dord NOT IN (SELECT dord FROM documents)",
}


def _corpus(folder: Path) -> Path:
    folder.mkdir()
    for i in range(DOCS):
        if i % 2:
            (folder / f"table_{i}.csv").write_text(
                f"项目,{2019 - i}年,{2018 - i}年\n营业收入,{1000 + i},{900 + i}\n净利润,{300 + i},{200 + i}\n"
                f"总资产,{5000 + i},{4000 + i}\n",
                encoding="utf-8",
            )
        else:
            (folder / f"report_{i}.md").write_text(
                f"# Company {i} annual report\n\n## Revenue\n\nRevenue in 2019 was {i}00 million dollars.\n\n"
                + "\n\n".join(
                    f"## Note {k}\n\nNote {k} of company {i}: gross margin {k}.{i}%." for k in range(30)
                ),
                encoding="utf-8",
            )
    return folder


def _add_files(folder: Path, round_: int) -> None:
    for k in range(FILES_PER_ROUND):
        body = "\n\n".join(f"## Part {p}\n\nRound {round_} file {k} part {p}: rev {p}." for p in range(30))
        (folder / f"round_{round_}_{k}.md").write_text(f"# Round {round_}\n\n{body}", encoding="utf-8")


def _start(data: Path, docs: Path, store_url: str | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}
    store = [store_url] if store_url else []
    return subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.crash_worker", str(data), str(docs), *store],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT,
    )  # fmt: skip


def _wait_ready(proc: subprocess.Popen[str]) -> None:
    assert proc.stdout is not None
    deadline = time.monotonic() + READY_WAIT_S
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.strip() == "ready":
            return
        if not line and proc.poll() is not None:
            raise AssertionError(f"crash worker exited early with {proc.returncode}")
    raise AssertionError("crash worker not ready in time")


def _wait_indexed(proc: subprocess.Popen[str], files: int) -> None:
    """Read the worker's report lines until it has indexed ``files`` more files (or has exited)."""
    assert proc.stdout is not None
    while files > 0:
        line = proc.stdout.readline()
        if not line:
            return
        files -= line.split()[-1:] == ["indexed"]


def _check_store(data: Path, committed: dict[str, int]) -> dict[str, int]:
    """Open the store like a fresh process would; no orphans; earlier documents intact. doc_id -> chunks."""
    settings = load_settings(data)
    store = open_store(settings)
    try:
        docs = {d.doc_id: d.chunk_count for d in store.find_documents(access=AccessScope.everything())}
        stats = store.stats()
    finally:
        store.close()
    for doc_id, chunks in committed.items():
        assert docs.get(doc_id) == chunks, "a committed document was lost or changed by a later crash"
    db = sqlite3.connect(settings.store_dir / DB_NAME)
    try:
        for table, sql in ORPHAN_QUERIES.items():
            assert db.execute(sql).fetchone()[0] == 0, f"orphan {table}"
        per_doc = dict(
            db.execute(
                "SELECT d.doc_id, COUNT(c.ord) FROM documents d "
                "LEFT JOIN chunks c ON c.dord = d.dord GROUP BY d.doc_id"
            ).fetchall()
        )
        found = db.execute("SELECT value FROM meta WHERE key = 'next_ord'").fetchone()
        rows = int(found[0]) if found else 0
        assert db.execute("SELECT COUNT(*) FROM chunks WHERE ord >= ?", (rows,)).fetchone()[0] == 0
    finally:
        db.close()
    assert per_doc == docs, "chunk rows disagree with the documents' chunk counts"
    assert stats.documents == len(docs) and stats.chunks == sum(docs.values())
    for f in (settings.store_dir / "vectors").glob("*.f32"):
        assert f.stat().st_size == rows * stats.dimension * FLOAT_BYTES, "vector rows beyond the commit"
    return docs


def _kill_rounds(tmp_path: Path, kills: int, store_url: str | None = None) -> int:
    """``kills`` rounds of start-ingest-kill, then one full run; returns the kills that landed mid-ingest."""
    docs = _corpus(tmp_path / "docs")
    data = tmp_path / "data"
    rng = random.Random(None if SOAK else 0)
    check = _check_store if store_url is None else (lambda d, c: _check_pg(d, c, store_url))
    committed: dict[str, int] = {}
    landed = 0
    for round_ in range(kills):
        if round_ >= KILLS_BEFORE_NEW_FILES:  # the corpus is ingested by now: give each kill new work
            _add_files(docs, round_)
        proc = _start(data, docs, store_url)
        try:
            _wait_ready(proc)
            _wait_indexed(proc, rng.randint(0, MAX_FILES_BEFORE_KILL))
            time.sleep(rng.uniform(0, KILL_JITTER_S))
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                landed += 1
            proc.wait()
        committed = check(data, committed)
    final = _start(data, docs, store_url)
    out, _ = final.communicate(timeout=READY_WAIT_S * 2)
    assert final.returncode == 0 and "failed" not in out, out
    committed = check(data, committed)
    assert len(committed) == len(list(docs.iterdir()))
    return landed


def _check_pg(data: Path, committed: dict[str, int], url: str) -> dict[str, int]:
    """PostgreSQL: foreign keys cascade, so the checks are the documents and the counts the store reports."""
    settings = load_settings(data)
    settings.store = url
    store = open_store(settings)
    try:
        docs = {d.doc_id: d.chunk_count for d in store.find_documents(access=AccessScope.everything())}
        stats = store.stats()
    finally:
        store.close()
    for doc_id, chunks in committed.items():
        assert docs.get(doc_id) == chunks, "a committed document was lost or changed by a later crash"
    assert stats.documents == len(docs) and stats.chunks == sum(docs.values())
    return docs


def test_kill_9_during_ingest_never_corrupts_the_store(tmp_path: Path) -> None:
    assert _kill_rounds(tmp_path, CI_KILLS) >= 1, "no kill landed inside an ingest"


def test_kill_9_during_ingest_into_postgres(tmp_path: Path, pg_schema_url: str) -> None:
    assert _kill_rounds(tmp_path, PG_KILLS, pg_schema_url) >= 1


@pytest.mark.slow
def test_soak_kills(tmp_path: Path) -> None:
    """``make soak``: 50 kills at random (unseeded) moments."""
    if not SOAK:
        pytest.skip("FINRAG_SOAK=1 only (make soak)")
    assert _kill_rounds(tmp_path, SOAK_KILLS) >= SOAK_KILLS // 2
