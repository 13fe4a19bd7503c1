"""kill -9 in the middle of adding a document leaves the store as it was before that document."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from finrag.index.sqlite_store import SqliteStore
from finrag.index.tokenize import analyze
from finrag.index.vectors import space_file
from finrag.model import AccessScope, Filters
from tests.index.factory import doc_id_of

ROOT = Path(__file__).resolve().parents[2]
DIM = 8
BIG = 30_000  # chunks in the document being killed: takes seconds to add, so the kill lands inside
WAL_GROWTH = 1 << 20  # kill once the uncommitted transaction has spilled 1 MB of pages into the WAL

WRITER = f"""
import sys
import numpy as np
from finrag.index.sqlite_store import SqliteStore
from finrag.index.tokenize import analyze
from tests.index.factory import doc_id_of, make_chunk, make_record, random_unit

store = SqliteStore(__import__("pathlib").Path(sys.argv[1]))
store.check_embedders({{"test": {DIM}}})
rng = np.random.default_rng(0)
def add(name, texts):
    d = doc_id_of(name)
    chunks = [make_chunk(d, i, t, file=name) for i, t in enumerate(texts)]
    toks = [analyze(t) for t in texts]
    vecs = {{"test": random_unit(rng, len(chunks), {DIM})}}
    store.add_document(make_record(d, name, len(chunks)), chunks, vecs, [], toks)
add("early.pdf", ["营业收入 早先的文档"] * 3)
print("early-done", flush=True)
print("big-start", flush=True)
add("big.pdf", [f"半途而废 {{i}} 合同负债" for i in range({BIG})])
print("big-done", flush=True)
"""


def test_kill_during_add_leaves_earlier_documents_and_no_partial_one(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "early-done"
    assert proc.stdout.readline().strip() == "big-start"
    wal = folder / "finrag.db-wal"
    start = wal.stat().st_size
    deadline = time.monotonic() + 60
    while wal.stat().st_size < start + WAL_GROWTH and time.monotonic() < deadline:
        time.sleep(0.02)  # wait until the big transaction is writing pages, then kill it there
    assert proc.poll() is None, "the big document finished before the kill: make BIG larger"
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    store = SqliteStore(folder)
    stats = store.stats()
    assert (stats.documents, stats.chunks) == (1, 3)
    assert store.get_document(doc_id_of("big.pdf"), AccessScope.everything()) is None
    assert store.keyword_search(analyze("半途而废 合同负债"), 5, Filters()) == []
    assert len(store.keyword_search(analyze("营业收入"), 5, Filters())) == 3
    assert len(store.vector_search("test", np.ones(DIM, dtype=np.float32), 10, Filters())) == 3
    assert space_file(folder / "vectors", "test").stat().st_size == 3 * DIM * 4


def test_vector_rows_beyond_the_commit_are_ignored_and_dropped(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    script = WRITER.replace(f"range({BIG})", "range(2)")
    subprocess.run(
        [sys.executable, "-c", script, str(folder)], check=True, env=env, cwd=ROOT, capture_output=True
    )
    path = space_file(folder / "vectors", "test")
    committed = path.stat().st_size
    with open(path, "ab") as fh:  # what a writer killed after its vector write but before COMMIT leaves
        fh.write(np.ones((7, DIM), dtype=np.float32).tobytes())
    store = SqliteStore(folder)
    assert path.stat().st_size == committed
    assert len(store.vector_search("test", np.ones(DIM, dtype=np.float32), 50, Filters())) == 5


def test_kill_9_of_finrag_ingest_mid_document(tmp_path: Path) -> None:
    """The real CLI: the first file commits, the second is killed while being processed."""
    import sqlite3

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a-early.md").write_text("# 早先\n\n营业收入为100万元。错误码E5021。\n", encoding="utf-8")
    paragraphs = [f"第{i}段：合同负债{i}万元，半途而废的文档内容，用于测试中断。" for i in range(4000)]
    (docs / "b-big.md").write_text("# 大文件\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")
    data = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FINRAG_INDEX__INGEST_WORKERS": "1", "HF_HUB_OFFLINE": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "finrag.cli", "ingest", "--data", str(data), "--json",
         str(docs / "a-early.md"), str(docs / "b-big.md")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT,
    )  # fmt: skip
    db_path = data / "store" / "finrag.db"
    deadline = time.monotonic() + 120
    committed = 0
    while committed < 1 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
        if db_path.exists():
            with sqlite3.connect(db_path, timeout=5) as db:
                try:
                    committed = db.execute("SELECT COUNT(*) FROM documents").fetchone()[0]
                except sqlite3.OperationalError:  # the schema is still being created
                    continue
    time.sleep(0.5)  # now inside the big file: parsing, chunking or embedding its chunks
    assert proc.poll() is None, "ingest finished before the kill: make the big file bigger"
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    store = SqliteStore(data / "store")
    assert [d.file for d in store.find_documents(access=AccessScope.everything())] == ["a-early.md"]
    assert store.keyword_search(analyze("半途而废"), 5, Filters()) == []
    assert store.keyword_search(analyze("E5021"), 5, Filters())[0].chunk.meta.file == "a-early.md"


def test_kill_during_add_keeps_binary_codes_in_step_with_the_committed_rows(tmp_path: Path) -> None:
    """With the binary-code first pass switched on (threshold 1 row), the codes follow the same scheme."""
    from finrag.index.sqlite_store import CODES_SUFFIX

    folder = tmp_path / "store"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    script = WRITER.replace("SqliteStore(__import__", "SqliteStore(quantized_min_rows=1, folder=__import__")
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(folder)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "early-done"
    assert proc.stdout.readline().strip() == "big-start"
    codes = space_file(folder / "vectors", "test").with_suffix(CODES_SUFFIX)
    deadline = time.monotonic() + 60
    while not (codes.exists() and codes.stat().st_size > 3 * 64) and time.monotonic() < deadline:
        time.sleep(0.01)  # the big document's vectors and codes are written, its COMMIT not yet done
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    store = SqliteStore(folder, quantized_min_rows=1, quantized_pool=2)
    assert (store.stats().documents, store.stats().chunks) == (1, 3)
    assert codes.stat().st_size == 3 * 64  # one 512-bit block per committed row, nothing beyond
    assert len(store.vector_search("test", np.ones(DIM, dtype=np.float32), 10, Filters())) == 3
