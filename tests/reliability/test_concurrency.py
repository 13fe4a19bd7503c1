"""Concurrency: two processes ingesting one file, searching during an ingest, deleting while answering."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from finrag.app import Finrag
from finrag.config import load_settings
from finrag.errors import FinragError
from finrag.index.tokenize import analyze
from finrag.model import AccessScope, Filters, SearchRequest
from tests.reliability.conftest import JOB_WAIT_S, SOAK, Served
from tests.reliability.crash_worker import GO_ENV

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = 60  # chunks of the document ingested while searching
MARKER = "zebraquartz"  # a word only that document holds, in every section
READY_WAIT_S = 120.0


def _worker(data: Path, docs: Path, go: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1", GO_ENV: str(go)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.crash_worker", str(data), str(docs)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip


def _wait_line(proc: subprocess.Popen[str], want: str) -> None:
    assert proc.stdout is not None
    deadline = time.monotonic() + READY_WAIT_S
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.strip() == want:
            return
        assert line or proc.poll() is None, f"worker exited: {proc.stderr.read() if proc.stderr else ''}"
    raise AssertionError(f"no {want!r} from the worker")


def test_two_processes_ingesting_one_file_make_one_document(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "same.md").write_text("# Same\n\nRevenue in 2019 was 1,250 million dollars.\n", encoding="utf-8")
    data, go = tmp_path / "data", tmp_path / "go"
    procs = [_worker(data, docs, go) for _ in range(2)]
    for p in procs:
        _wait_line(p, "ready")
    go.touch()
    outs = [p.communicate(timeout=READY_WAIT_S)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    statuses = sorted(
        line.split()[-1] for out in outs for line in out.splitlines() if line.startswith("done")
    )
    assert statuses == ["indexed", "unchanged"], outs
    fr = Finrag(load_settings(data))
    try:
        assert fr.stats().documents == 1
        assert len(fr.documents(AccessScope.everything())) == 1
    finally:
        fr.close()


def test_searches_during_an_ingest_never_fail_or_see_half_a_document(tmp_path: Path) -> None:
    docs, data, go = tmp_path / "docs", tmp_path / "data", tmp_path / "go"
    docs.mkdir()
    (docs / "a_seed.md").write_text(
        "# Seed\n\nRevenue in 2019 was 1,250 million dollars.\n", encoding="utf-8"
    )
    subprocess.run(  # a first document so that the reader's store exists and holds something
        [sys.executable, "-m", "tests.reliability.crash_worker", str(data), str(docs)], check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT, capture_output=True,
    )  # fmt: skip
    (docs / "big.md").write_text(
        "# Big\n\n"
        + "\n\n".join(f"## Part {i}\n\nPart {i} mentions {MARKER} and revenue {i}." for i in range(SECTIONS)),
        encoding="utf-8",
    )
    fr = Finrag(load_settings(data))
    writer = _worker(data, docs, go)
    _wait_line(writer, "ready")
    seen_counts: set[int] = set()
    errors: list[str] = []
    go.touch()
    try:
        while writer.poll() is None:
            try:
                hits = fr.store.keyword_search(analyze(MARKER), 1000, Filters())
                seen_counts.add(len(hits))
                fr.search(SearchRequest(f"{MARKER} revenue", top_k=5))
            except FinragError as err:
                errors.append(str(err))
        hits = fr.store.keyword_search(analyze(MARKER), 1000, Filters())
        seen_counts.add(len(hits))
    finally:
        fr.close()
    assert writer.returncode == 0 and not errors
    full = max(seen_counts)
    assert full >= SECTIONS // 2 and seen_counts <= {0, full}, f"partial document seen: {seen_counts}"


def test_delete_while_answering(served_local: Served, tmp_path: Path) -> None:
    client = served_local.client
    body = "# Contoso 2019\n\nContoso net income for 2019 was 4,321 million dollars.\n"
    status, entry = served_local.upload("contoso.md", body.encode())
    assert status == 202 and entry["status"] == "indexed", entry
    codes: list[int] = []
    stop = threading.Event()

    def ask() -> None:
        while not stop.is_set():
            r = client.post("/ask", json={"question": "What was Contoso net income for 2019?"})
            codes.append(r.status_code)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    assert client.delete(f"/documents/{entry['doc_id']}").status_code == 200
    time.sleep(1.0)
    stop.set()
    for t in threads:
        t.join(JOB_WAIT_S)
    assert codes and set(codes) == {200}, codes
    after = client.post("/ask", json={"question": "What was Contoso net income for 2019?"}).json()
    assert "4,321" not in after["answer"] and all(c["file"] != "contoso.md" for c in after["citations"])
    served_local.assert_answering()


LOAD_THREADS = 4  # concurrent clients
LOAD_SECONDS = 60.0 if SOAK else 5.0
LOAD_QUESTIONS = ["What was total revenue for 2019?", "2019年营业收入是多少？", "Net income 2019", "outlook"]


def test_concurrent_questions_all_answer(served_local: Served) -> None:
    """A few clients asking at once for a while: every request answers 200 (figure in RELIABILITY.md)."""
    client = served_local.client
    results: list[tuple[int, float]] = []
    deadline = time.monotonic() + LOAD_SECONDS

    def worker(n: int) -> None:
        i = n
        while time.monotonic() < deadline:
            started = time.monotonic()
            q = f"{LOAD_QUESTIONS[i % len(LOAD_QUESTIONS)]} ({i})"  # distinct: no answer-cache shortcuts
            r = client.post("/ask", json={"question": q})
            results.append((r.status_code, time.monotonic() - started))
            i += LOAD_THREADS

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(LOAD_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(LOAD_SECONDS + JOB_WAIT_S)
    codes = [c for c, _ in results]
    assert codes and set(codes) == {200}
    slowest = sorted(s for _, s in results)[int(len(results) * 0.95) - 1 if len(results) > 1 else 0]
    print(f"load: {len(results)} asks in {LOAD_SECONDS:g} s by {LOAD_THREADS} clients, p95 {slowest:.2f} s")
