"""SQLite vs PostgreSQL on a small real corpus, and BM25 vs ts_rank_cd for PostgreSQL's keyword ranking.

    nice -n 10 python bench/pg_compare.py --limit 200 --ask 40

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
from pathlib import Path
from typing import Any

from finrag.app import Finrag
from finrag.config import load_settings
from finrag.index.postgres_local import start_cluster
from finrag.index.postgres_sql import tsquery
from finrag.index.postgres_store import PostgresStore
from finrag.index.tokenize import analyze
from finrag.model import Filters, SearchRequest

EVAL = Path(os.environ.get("FINRAG_SHARED_EVAL", Path(__file__).resolve().parents[2] / "shared" / "eval"))
TOP = 10
CUTS = (1, 5, 10)


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
    args = ap.parse_args()
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


if __name__ == "__main__":
    main()
