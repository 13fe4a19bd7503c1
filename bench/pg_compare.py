"""SQLite vs PostgreSQL on a small real corpus, and BM25 vs ts_rank_cd for PostgreSQL's keyword ranking.

    nice -n 10 python bench/pg_compare.py --limit 200 --ask 40
    FINRAG_TEST_PG_URL=postgresql://... nice -n 10 python bench/pg_compare.py --index DATA_DIR \
        --set ../shared/eval/sets/prospectus_zh_dev.jsonl --set ../shared/eval/sets/finglm_zh_dev.jsonl

With ``--index`` an existing data folder (SQLite store) is migrated into PostgreSQL (``finrag migrate``,
timed; skipped when the schema already holds it) and every question of the sets is searched and answered
on both engines: identical top-10 (chunk ids and scores to 1e-6), identical answers (text + cited pages),
and for each difference whether it is an order change among the same chunks, with the largest score gap.

Corpus: the BBT-FinCUGE finqa passages of ../shared/eval (478 Chinese news passages, one .txt each) with
its answerable questions (gold = one passage). Both engines get the same files and the same embedder
(cached vectors), then: share of questions whose top-10 (ids and scores to 1e-6) match, share of
answers (text + citations) that match, and keyword-only Recall@1/5/10 of the gold passage for BM25 (the
store) vs ts_rank_cd over a positional tsvector of the same analyzer tokens (built here for comparison).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from finrag.app import Finrag
from finrag.config import Settings, load_settings
from finrag.eval.sets import Question, load_set
from finrag.index.migrate import migrate, open_location
from finrag.index.postgres_local import start_cluster
from finrag.index.postgres_sql import tsquery
from finrag.index.postgres_store import PostgresStore
from finrag.index.tokenize import analyze
from finrag.model import Filters, SearchRequest

EVAL = Path(os.environ.get("FINRAG_SHARED_EVAL", Path(__file__).resolve().parents[2] / "shared" / "eval"))
TOP = 10
CUTS = (1, 5, 10)
Ranked = list[tuple[str, float]]


def _passages(folder: Path, limit_ids: set[str]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for line in (EVAL / "sets" / "bbt_finqa_zh_dev_passages.jsonl").open(encoding="utf-8"):
        p = json.loads(line)
        if limit_ids and p["passage_id"] not in limit_ids:
            continue
        path = folder / f"{p['passage_id']}.txt"
        path.write_text(p["text"], encoding="utf-8")
        out.append(path)
    return out


def _recall(ranked: list[list[str]], gold: list[str]) -> dict[int, float]:
    return {k: sum(g in r[:k] for r, g in zip(ranked, gold, strict=True)) / len(gold) for k in CUTS}


def _ts_rank_cd(store: PostgresStore, files: list[Path], questions: list[str]) -> list[list[str]]:
    """Rank passages by ts_rank_cd over a positional tsvector of the analyzer's tokens ('simple')."""
    with store.pool.connection() as conn:
        conn.run("CREATE TEMP TABLE IF NOT EXISTS cd (pid TEXT, tsv TSVECTOR)")
        conn.run("TRUNCATE cd")
        for f in files:
            toks = analyze(f.read_text(encoding="utf-8"))
            pos: dict[str, list[int]] = {}
            for i, t in enumerate(toks[:16000]):  # tsvector positions stop at 16383
                pos.setdefault(t.replace("\\", "\\\\").replace("'", "''"), []).append(i + 1)
            text = " ".join(f"'{t}':{','.join(map(str, p[:256]))}" for t, p in pos.items())
            conn.run("INSERT INTO cd VALUES (:p, CAST(:t AS TSVECTOR))", p=f.stem, t=text)
        out = []
        for q in questions:
            tq = tsquery(analyze(q))
            rows = (
                conn.run(
                    "SELECT pid FROM cd WHERE tsv @@ CAST(:q AS tsquery) "
                    "ORDER BY ts_rank_cd(tsv, CAST(:q AS tsquery), 1) DESC, pid LIMIT :k",
                    q=tq,
                    k=TOP,
                )
                if tq
                else []
            )
            out.append([r[0] for r in rows])
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=200, help="answerable questions used")
    ap.add_argument("--ask", type=int, default=40, help="questions also answered on both engines")
    ap.add_argument("--index", type=Path, help="existing data folder to compare on (with --set)")
    ap.add_argument("--set", type=Path, action="append", default=[], help="question set (with --index)")
    ap.add_argument("--schema", default="compare_index", help="PostgreSQL schema for --index")
    ap.add_argument("--dense-ef", default="", help="with --index: only the dense overlap with exact search "
                    "per hnsw.ef_search value, e.g. 100,200,400")  # fmt: skip
    args = ap.parse_args()
    if args.index is not None:
        url = os.environ.get("FINRAG_TEST_PG_URL")
        if not url:
            raise SystemExit("--index needs FINRAG_TEST_PG_URL (a server that can hold the whole index)")
        if args.dense_ef:
            dense_overlap(args.index, f"{url}?schema={args.schema}", args.set, args.dense_ef)
        else:
            compare_index(args.index, f"{url}?schema={args.schema}", args.set)
        return
    qs = [json.loads(x) for x in (EVAL / "sets" / "bbt_finqa_zh_dev.jsonl").open(encoding="utf-8")]
    qs = [q for q in qs if q["answerable"]][: args.limit]
    work = Path(tempfile.mkdtemp(prefix="finrag-pg-compare-"))
    files = _passages(work / "docs", set())
    cluster = (
        None
        if os.environ.get("FINRAG_TEST_PG_URL")
        else start_cluster(Path(tempfile.gettempdir()) / f"finrag-pg-compare-{os.getpid()}")
    )
    try:
        compare(args, qs, work, files, os.environ.get("FINRAG_TEST_PG_URL") or cluster.url)  # type: ignore[union-attr]
    finally:
        if cluster is not None:
            cluster.stop()
            shutil.rmtree(cluster.folder, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)


def compare(
    args: argparse.Namespace, qs: list[dict[str, Any]], work: Path, files: list[Path], url: str
) -> None:
    runs: dict[str, list[list[tuple[str, float]]]] = {}
    answers: dict[str, list[object]] = {}
    embedders = None
    for engine, store in (("sqlite", "sqlite"), ("postgres", f"{url}?schema=compare")):
        s = load_settings(work / f"data-{engine}")
        s.store = store
        s.index.embed_cache, s.index.ingest_workers = True, 1
        fr = Finrag(s)
        if embedders is not None:
            fr.__dict__["embedders"] = embedders
        fr.ingest([work / "docs"])
        embedders = fr.embedders
        runs[engine] = [
            [
                (h.chunk.meta.file, round(h.score, 6))
                for h in fr.search(SearchRequest(q["question"], TOP)).hits
            ]
            for q in qs
        ]
        answers[engine] = [
            (a.answer, [(c.file, c.page) for c in a.citations])
            for a in (fr.ask(SearchRequest(q["question"])) for q in qs[: args.ask])
        ]
        if engine == "postgres":
            pg = fr.store
            assert isinstance(pg, PostgresStore)
            gold = [q["gold"][0]["passage_id"] for q in qs]
            bm25 = [
                [
                    h.chunk.meta.file.removesuffix(".txt")
                    for h in pg.keyword_search(analyze(q["question"]), TOP, Filters())
                ]
                for q in qs
            ]
            cd = _ts_rank_cd(pg, files, [q["question"] for q in qs])
        fr.close()
    same = sum(a == b for a, b in zip(runs["sqlite"], runs["postgres"], strict=True))
    same_ans = sum(a == b for a, b in zip(answers["sqlite"], answers["postgres"], strict=True))
    print(f"questions: {len(qs)}; passages: {len(files)}")
    print(f"identical top-{TOP} (file + score to 1e-6): {same}/{len(qs)}")
    print(f"identical answers (text + citations): {same_ans}/{min(args.ask, len(qs))}")
    for a, b in zip(runs["sqlite"], runs["postgres"], strict=True):
        if a != b:  # explain each difference: same files in another order, or other files; largest score gap
            gap = max((abs(x[1] - y[1]) for x, y in zip(a, b, strict=False)), default=0.0)
            same_set = {x[0] for x in a} == {y[0] for y in b}
            print(f"  differs: {'same files, order' if same_set else 'other files'}; max score gap {gap:.2e}")
    for name, ranked in (("BM25 (store)", bm25), ("ts_rank_cd", cd)):
        r = _recall(ranked, gold)
        print(f"keyword-only {name}: " + ", ".join(f"R@{k} {v:.3f}" for k, v in r.items()))


def _run_engine(settings: Settings, questions: list[Question]) -> tuple[list[Ranked], list[object], float]:
    fr = Finrag(settings)
    start = time.perf_counter()
    ranked: list[Ranked] = []
    answers: list[object] = []
    for q in questions:
        hits = fr.search(SearchRequest(q.question, TOP, Filters(), history=list(q.history))).hits
        ranked.append([(h.chunk.chunk_id, round(h.score, 6)) for h in hits])
        a = fr.ask(SearchRequest(q.question, settings.retrieve.top_k, Filters(), history=list(q.history)))
        answers.append((a.answer, a.refused, [(c.file, c.page) for c in a.citations]))
    seconds = time.perf_counter() - start
    fr.close()
    return ranked, answers, seconds


def compare_index(index: Path, url: str, sets: list[Path]) -> None:
    """Migrate ``index`` into PostgreSQL and compare search and answers question by question."""
    base = load_settings(index)
    base.index.embed_cache = False  # queries only: nothing is written into the data folder
    source = open_location(str(index), base)
    target = open_location(url, base)
    assert isinstance(target, PostgresStore)
    if target.stats().documents < source.stats().documents:
        start = time.perf_counter()
        report = migrate(source, target, source_name=str(index), target_name=url)  # HNSW built once, after
        print(f"migrate: {report.documents} documents, {report.chunks} chunks in {report.seconds:.1f} s; "
              f"with the index build {time.perf_counter() - start:.1f} s")  # fmt: skip
    print(f"sqlite: {source.stats()}\npostgres: {target.stats()}")
    source.close()
    target.close()
    for path in sets:
        questions = load_set(path)
        runs = {}
        for engine, store in (("sqlite", "sqlite"), ("postgres", url)):
            s = base.model_copy(update={"store": store})
            runs[engine] = _run_engine(s, questions)
        (rs, as_, ts), (rp, ap, tp) = runs["sqlite"], runs["postgres"]
        same = sum(a == b for a, b in zip(rs, rp, strict=True))
        same_ans = sum(a == b for a, b in zip(as_, ap, strict=True))
        print(f"{path.name}: {len(questions)} questions; identical top-{TOP} (chunk + score to 1e-6) "
              f"{same}/{len(questions)}; identical answers (text, refusal, cited pages) {same_ans}/"
              f"{len(questions)}; time sqlite {ts:.0f} s, postgres {tp:.0f} s")  # fmt: skip
        for q, a, b, x, y in zip(questions, rs, rp, as_, ap, strict=True):
            if a == b and x == y:
                continue
            gap = max((abs(u[1] - v[1]) for u, v in zip(a, b, strict=False)), default=0.0)
            kind = "same chunks, order" if {u[0] for u in a} == {v[0] for v in b} else "other chunks"
            first = next(
                (i for i, (u, v) in enumerate(zip(a, b, strict=False)) if u != v), min(len(a), len(b))
            )
            print(f"  {q.qid}: top-{TOP} {'same' if a == b else f'{kind} from rank {first + 1}'}, "
                  f"max score gap {gap:.2e}; answer {'same' if x == y else 'differs'}")  # fmt: skip
            if x != y:
                print(f"    sqlite:   {str(x)[:200]}\n    postgres: {str(y)[:200]}")


def dense_overlap(index: Path, url: str, sets: list[Path], efs: str) -> None:
    """Unfiltered dense top-10 / top-N of the PostgreSQL store (HNSW plan above 20,000 chunks) against the
    embedded store's exact search, per ``hnsw.ef_search``, over the questions of ``sets`` (the schema
    must already hold ``index``: run the comparison once first)."""
    import numpy as np

    from finrag.index import postgres_vector

    base = load_settings(index)
    base.index.embed_cache = False
    exact, pg = Finrag(base), Finrag(base.model_copy(update={"store": url}))
    emb = exact.embedders[0]
    n = base.retrieve.candidates
    queries = [np.asarray(emb.embed_query(q.question), dtype=np.float32) for p in sets for q in load_set(p)]
    truth = [
        [h.chunk.chunk_id for h in exact.store.vector_search(emb.name, v, n, Filters())] for v in queries
    ]
    for ef in (int(x) for x in efs.split(",")):
        postgres_vector.EF_SEARCH = ef
        start = time.perf_counter()
        got = [[h.chunk.chunk_id for h in pg.store.vector_search(emb.name, v, n, Filters())] for v in queries]
        ms = (time.perf_counter() - start) / len(queries) * 1000
        top10 = np.mean([len(set(a[:TOP]) & set(b[:TOP])) / TOP for a, b in zip(truth, got, strict=True)])
        topn = np.mean([len(set(a) & set(b)) / max(len(a), 1) for a, b in zip(truth, got, strict=True)])
        print(f"ef_search {ef}: {len(queries)} questions, dense top-{TOP} overlap with exact {top10:.3f}, "
              f"top-{n} {topn:.3f}, {ms:.0f} ms per query")  # fmt: skip
    exact.close()
    pg.close()


if __name__ == "__main__":
    main()
