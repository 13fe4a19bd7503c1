"""PostgreSQL-only behaviour: engine choice by URL, migrations, concurrent ingest workers, HNSW vs exact
plans under filters, SQLite <-> PostgreSQL migration, and the same end-to-end answers as the SQLite store."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from finrag.config import Settings, load_settings
from finrag.index import open_store, postgres_store, postgres_vector
from finrag.index.migrate import migrate
from finrag.index.postgres_schema import SCHEMA_VERSION
from finrag.index.postgres_store import PostgresStore
from finrag.index.sqlite_store import SqliteStore
from finrag.index.tokenize import analyze
from finrag.model import AccessScope, Filters, SearchRequest
from tests.index.factory import doc_id_of, make_chunk, make_fact, make_record, random_unit

ROOT = Path(__file__).resolve().parents[2]
DIM = 16
SPACE = "test"
Meta = tuple[np.ndarray, str, int]  # vector, company, fiscal year


def _pg(url: str, tmp_path: Path) -> PostgresStore:
    return PostgresStore(load_settings(tmp_path / "data"), url=url)


def _fill(store: SqliteStore | PostgresStore, docs: int, per_doc: int, seed: int) -> dict[str, Meta]:
    """``docs`` documents (company A for every 20th, else B; years alternate) -> chunk: Meta."""
    store.check_embedders({SPACE: DIM})
    rng = np.random.default_rng(seed)
    out: dict[str, Meta] = {}
    for d in range(docs):
        name = f"d{d}.pdf"
        doc_id = doc_id_of(name)
        company, year = ("A" if d % 20 == 0 else "B"), 2018 + d % 2
        texts = [f"营业收入 第{d}份 段落{i} revenue {i % 7}" for i in range(per_doc)]
        chunks = [
            make_chunk(doc_id, i, t, file=name, company=company, year=year) for i, t in enumerate(texts)
        ]
        vecs = random_unit(rng, per_doc, DIM)
        facts = [make_fact(doc_id, chunks[0].chunk_id, "营业收入", str(100 + d), company=company, year=year)]
        record = make_record(doc_id, name, per_doc, company=company, year=year)
        store.add_document(record, chunks, {SPACE: vecs}, facts, [analyze(t) for t in texts])
        out.update({c.chunk_id: (v, company, year) for c, v in zip(chunks, vecs, strict=True)})
    return out


def test_open_store_picks_postgres_by_url_and_migrates_once(pg_schema_url: str, tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    settings.store = pg_schema_url
    store = open_store(settings)
    assert isinstance(store, PostgresStore) and store.stats().engine == "postgres"
    assert store.schema_version() == SCHEMA_VERSION
    again = open_store(settings)  # a second replica: nothing is re-applied
    with again.pool.connection() as conn:  # type: ignore[attr-defined]
        assert conn.run("SELECT count(*) FROM schema_version")[0][0] == SCHEMA_VERSION
    store.close()
    again.close()


WORKER = """
import sys
from pathlib import Path
import numpy as np
from finrag.config import load_settings
from finrag.index.postgres_store import PostgresStore
from finrag.index.tokenize import analyze
from tests.index.factory import doc_id_of, make_chunk, make_record, random_unit

url, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = PostgresStore(load_settings(Path(sys.argv[4])), url=url)
store.check_embedders({"test": 16})
d = doc_id_of(name)
texts = [f"{name} 营业收入 段落{i} common" for i in range(n)]
chunks = [make_chunk(d, i, t, file=name) for i, t in enumerate(texts)]
vecs = {"test": random_unit(np.random.default_rng(len(name)), n, 16)}
print("ready", flush=True)
sys.stdin.readline()
store.add_document(make_record(d, name, n), chunks, vecs, [], [analyze(t) for t in texts])
print("done", flush=True)
"""


def test_two_ingest_workers_in_parallel_commit_both(pg_schema_url: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    n = 400
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, pg_schema_url, name, str(n), str(tmp_path / name)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for name in ("w1.pdf", "w2.pdf")
    ]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:  # release both writers at once
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0 and out.strip() == "done"
    store = _pg(pg_schema_url, tmp_path)
    s = store.stats()
    assert (s.documents, s.chunks, s.embedder, s.dimension) == (2, 2 * n, SPACE, DIM)
    hits = store.keyword_search(analyze("common"), 10, Filters())
    assert len(hits) == 10
    with store.pool.connection() as conn:  # df and counters equal a recount: no lost update
        assert conn.run("SELECT df FROM terms WHERE term = 'common'")[0][0] == 2 * n
        assert conn.run("SELECT n_indexed FROM counters")[0][0] == 2 * n
    for name in ("w1.pdf", "w2.pdf"):
        assert len(store.keyword_search(analyze(name), 5 * n, Filters(files=[name]))) == n
    store.close()


def test_filter_chooses_exact_or_iterative_hnsw(
    pg_schema_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _pg(pg_schema_url, tmp_path)
    monkeypatch.setattr(postgres_vector, "EXACT_MAX_ROWS", 100)  # as if the index were large
    monkeypatch.setattr(postgres_vector, "EXACT_MAX_SHARE", 0.0)
    monkeypatch.setattr(postgres_store, "HNSW_MIN_ROWS", 100)
    meta = _fill(store, 20, 50, seed=7)  # 1000 chunks; company A: 1 of 20 documents = 5%
    with store.pool.connection() as conn:
        assert conn.run("SELECT to_regclass('vec_1_hnsw')")[0][0] is not None
    plans: list[bool] = []
    real_plan = postgres_vector.exact_plan

    def recording_plan(*a: Any) -> bool:
        plans.append(real_plan(*a))
        return plans[-1]

    monkeypatch.setattr(postgres_vector, "exact_plan", recording_plan)
    rng = np.random.default_rng(8)
    recalls = []
    for _ in range(5):
        q = random_unit(rng, 1, DIM)[0]
        best = sorted(meta, key=lambda c: -float(meta[c][0] @ q))
        got = [h.chunk.chunk_id for h in store.vector_search(SPACE, q, 10, Filters(companies=["a"]))]
        assert got == [c for c in best if meta[c][1] == "A"][:10]  # exact under a 5% filter
        approx = [h.chunk.chunk_id for h in store.vector_search(SPACE, q, 10, Filters(fiscal_year_min=2019))]
        assert all(meta[c][2] == 2019 for c in approx)  # the filter holds on the HNSW plan too
        recalls.append(len(set(approx) & set([c for c in best if meta[c][2] == 2019][:10])) / 10)
    assert plans == [True, False] * 5
    assert np.mean(recalls) >= 0.9


def test_migrate_sqlite_to_postgres_and_back_keeps_every_score(pg_schema_url: str, tmp_path: Path) -> None:
    lite = SqliteStore(tmp_path / "lite")
    meta = _fill(lite, 6, 20, seed=3)
    pg = _pg(pg_schema_url, tmp_path)
    report = migrate(lite, pg)
    assert (report.documents, report.chunks) == (6, 120)
    assert migrate(lite, pg).skipped == 6  # a repeated run copies nothing twice
    back = SqliteStore(tmp_path / "back")
    migrate(pg, back)
    q = next(iter(meta.values()))[0]
    f = Filters(companies=["A"])
    for s in (pg, back):
        for tokens in (analyze("营业收入 revenue 3"), analyze("第5份")):
            hits = lite.keyword_search(tokens, 200, Filters())
            want = [(h.chunk.chunk_id, round(h.score, 9)) for h in hits]
            assert [
                (h.chunk.chunk_id, round(h.score, 9)) for h in s.keyword_search(tokens, 200, Filters())
            ] == want
        want_v = [(h.chunk.chunk_id, round(h.score, 5)) for h in lite.vector_search(SPACE, q, 10, Filters())]
        assert [
            (h.chunk.chunk_id, round(h.score, 5)) for h in s.vector_search(SPACE, q, 10, Filters())
        ] == want_v
        assert s.get_facts(f) == lite.get_facts(f)
        one_doc = Filters(doc_ids=[lite.get_facts(f)[0].doc_id])
        for items, parts in ((["营业收入"], None), (None, ["收入", "成本"]), (["营业收入"], ["利润"])):
            got = s.get_facts(one_doc, line_items=items, containing=parts)
            assert got and got == lite.get_facts(one_doc, line_items=items, containing=parts)
        assert [d.doc_id for d in s.find_documents(access=AccessScope.everything())] == [
            d.doc_id for d in lite.find_documents(access=AccessScope.everything())
        ]
    for s in (lite, pg, back):
        s.close()


def _pdf(path: Path) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    pages = [
        [
            "Contoso Holdings Annual Report 2019",
            "Total revenue for fiscal year 2019 was 1,250 million dollars.",
        ],
        ["Net income for 2019 was 310 million dollars.", "Error code E5021 means the uplink timed out."],
    ]
    for lines in pages:
        for i, line in enumerate(lines):
            c.setFont("Helvetica", 14)
            c.drawString(72, A4[1] - 72 - 24 * i, line)
        c.showPage()
    c.save()
    return path


def test_end_to_end_pdf_gives_the_same_answers_on_both_engines(
    pg_schema_url: str, settings: Settings, tmp_path: Path
) -> None:
    from finrag.app import Finrag

    pdf = _pdf(tmp_path / "contoso_2019.pdf")
    questions = ["What does error E5021 mean?", "What was net income in 2019?", "total revenue 2019"]
    outputs: list[object] = []
    embedders = None
    for store in ("sqlite", pg_schema_url):
        s = settings.model_copy(deep=True)
        s.store, s.home = store, tmp_path / f"data-{len(outputs)}"
        s.index.ingest_workers = 1
        fr = Finrag(s)
        if embedders is not None:
            fr.__dict__["embedders"] = embedders  # one model load for both engines
        assert [r.status for r in fr.ingest([pdf])] == ["indexed"]
        embedders = fr.embedders
        hits = fr.search(SearchRequest(questions[0], top_k=3)).hits
        assert hits and "E5021" in hits[0].chunk.text and 2 in hits[0].chunk.pages
        answer = fr.ask(SearchRequest(questions[1]))
        assert not answer.refused and "310" in answer.answer and answer.citations
        outputs.append(
            (
                fr.stats().chunks,
                [
                    [(h.chunk.chunk_id, round(h.score, 6)) for h in fr.search(SearchRequest(q)).hits]
                    for q in questions
                ],
                [
                    (a.answer, [(c.chunk_id, c.page) for c in a.citations])
                    for a in map(fr.ask, map(SearchRequest, questions))
                ],
            )
        )
        assert fr.stats().engine == ("sqlite" if store == "sqlite" else "postgres")
        fr.close()
    assert outputs[0] == outputs[1]


def test_migrate_command_round_trip(pg_schema_url: str, tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from finrag.cli import app

    lite = SqliteStore(tmp_path / "data" / "store")
    _fill(lite, 3, 5, seed=4)
    lite.close()
    runner = CliRunner()
    out = runner.invoke(app, ["migrate", "--from", str(tmp_path / "data"), "--to", pg_schema_url, "--json"])
    assert out.exit_code == 0, out.output
    assert (json.loads(out.stdout)["documents"], json.loads(out.stdout)["chunks"]) == (3, 15)
    back = runner.invoke(app, ["migrate", "--from", pg_schema_url, "--to", str(tmp_path / "back")])
    assert back.exit_code == 0, back.output
    restored = SqliteStore(tmp_path / "back")
    assert (restored.stats().documents, restored.stats().chunks, restored.stats().facts) == (3, 15, 3)
    restored.close()


def test_a_failed_add_leaves_the_old_version_and_counters(pg_schema_url: str, tmp_path: Path) -> None:
    from finrag.errors import StoreUnavailableError

    store = _pg(pg_schema_url, tmp_path)
    _fill(store, 2, 4, seed=5)
    before = store.stats()
    old = doc_id_of("d0.pdf")
    new_id = doc_id_of("d0 v2")
    clash = make_chunk(
        doc_id_of("d1.pdf"), 0, "重复的 chunk id", file="d0.pdf"
    )  # d1's chunk id: unique violation
    chunks = [make_chunk(new_id, 0, "新版本 营业收入", file="d0.pdf"), clash]
    with pytest.raises(StoreUnavailableError):
        store.add_document(
            make_record(new_id, "d0.pdf", 2), chunks, {SPACE: random_unit(np.random.default_rng(0), 2, DIM)},
            [], [analyze(c.text) for c in chunks], replaces=old,
        )  # fmt: skip
    after = store.stats()
    assert (after.documents, after.chunks, after.index_version) == (
        before.documents,
        before.chunks,
        before.index_version,
    )
    assert store.get_document(old, AccessScope.everything()) is not None
    assert store.keyword_search(analyze("新版本"), 5, Filters()) == []
    assert len(store.keyword_search(analyze("营业收入"), 50, Filters())) == 8
    store.close()


def test_a_schema_named_like_a_keyword_works(pg_url: str, tmp_path: Path) -> None:
    url = f"{pg_url}{'&' if '?' in pg_url else '?'}schema=order"  # a reserved word: must be quoted
    store = _pg(url, tmp_path)
    _fill(store, docs=1, per_doc=3, seed=0)
    assert store.stats().chunks == 3
    with store.pool.connection() as conn:
        conn.run('DROP SCHEMA "order" CASCADE')
    store.close()


def test_a_store_opening_while_another_creates_the_vector_extension_still_opens(
    pg_url: str, tmp_path: Path
) -> None:
    """The first stores of a fresh database (in different schemas) race on CREATE EXTENSION vector, which
    is not atomic: the loser waited for the winner, then failed with a duplicate key."""
    import threading
    import time
    import uuid
    from urllib.parse import urlsplit

    from finrag.index.postgres_pool import Pool, parse_url

    base = parse_url(pg_url)
    database = f"t_ext_{uuid.uuid4().hex[:10]}"
    admin = Pool(base, size=1)
    with admin.connection() as conn:
        conn.run(f'CREATE DATABASE "{database}"')
    fresh = urlsplit(pg_url)._replace(path=f"/{database}", query="").geturl()  # same server and login
    creator_pool = Pool(parse_url(fresh), size=2)
    errors: list[BaseException] = []

    def open_store() -> None:
        try:
            _pg(f"{fresh}?schema=s1", tmp_path).close()
        except BaseException as err:  # asserted below, in the test's thread
            errors.append(err)

    try:
        with creator_pool.connection() as creator, creator_pool.connection() as watcher:
            creator.run("BEGIN")
            creator.run("CREATE EXTENSION vector WITH SCHEMA public")
            opener = threading.Thread(target=open_store)
            opener.start()
            deadline = time.monotonic() + 30.0
            while time.monotonic() < deadline and not watcher.run(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%EXTENSION%'"
            ):
                time.sleep(0.05)
            creator.run("COMMIT")
            opener.join()
    finally:
        creator_pool.close()
        with admin.connection() as conn:
            conn.run(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        admin.close()
    assert errors == []
