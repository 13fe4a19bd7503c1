"""Keyword search in PostgreSQL: analyzer tokens in a ``tsvector`` (GIN; lexemes taken verbatim, the
'simple' semantics: no parsing or stemming) find the candidate chunks, and Okapi BM25 with the formula of
:mod:`finrag.index.bm25` (rank_bm25's, negative-idf floor included) scores them in SQL, so scores equal
the embedded store's. Each chunk keeps its distinct terms and their frequencies for the scoring.
"""

from __future__ import annotations

from typing import Any

from finrag.index.bm25 import IDF_EPSILON, idf
from finrag.index.postgres_pool import Connection
from finrag.index.postgres_sql import filter_sql, tsquery
from finrag.model import Filters

TIE_DIGITS = 9  # BM25 sums differing beyond this many decimals (summation order) are ties: lower cord wins


def query_weights(conn: Connection, tokens: list[str]) -> tuple[dict[str, float], float]:
    """BM25 weight of each query term (idf x how often the query repeats it) and the average length."""
    n, total = (int(x) for x in conn.run("SELECT n_indexed, total_length FROM counters")[0])
    dfs = dict(
        conn.run("SELECT term, df FROM terms WHERE term = ANY(CAST(:t AS TEXT[]))", t=list(set(tokens)))
    )
    weights: dict[str, float] = {}
    floor: float | None = None
    for term in tokens:
        if term not in dfs:
            continue
        w = idf(n, int(dfs[term]))
        if w < 0:
            if floor is None:
                mean = conn.run("SELECT avg(ln(:n - df + 0.5) - ln(df + 0.5)) FROM terms", n=n)[0][0]
                floor = IDF_EPSILON * float(mean or 0.0)
            w = floor
        weights[term] = weights.get(term, 0.0) + w
    return weights, (total / n if n else 0.0)


def bm25_rows(
    conn: Connection, tokens: list[str], k: int, filters: Filters, k1: float, b: float
) -> list[list[Any]]:
    """``[score, chunk data]`` of the top ``k`` chunks passing ``filters``, best first."""
    weights, avgdl = query_weights(conn, tokens)
    query = tsquery(list(weights))
    if not query:
        return []
    params: dict[str, Any] = {"t": list(weights), "w": list(weights.values()), "q": query, "k": k,
                              "k1": k1, "b": b, "avgdl": avgdl}  # fmt: skip
    k1_, b_, dl = "CAST(:k1 AS FLOAT8)", "CAST(:b AS FLOAT8)", "CAST(:avgdl AS FLOAT8)"
    norm = f"({k1_} * (1 - {b_} + {b_} * c.length / {dl}))" if avgdl > 0 else k1_
    score = f"sum(q.w * x.tf * ({k1_} + 1) / (x.tf + {norm}))"
    rows: list[list[Any]] = conn.run(
        "WITH q AS (SELECT * FROM unnest(CAST(:t AS TEXT[]), CAST(:w AS FLOAT8[])) AS q(term, w)), "
        f"hits AS (SELECT c.cord, {score} AS score "
        "FROM chunks c CROSS JOIN LATERAL unnest(c.terms, c.tfs) AS x(term, tf) "
        "JOIN q ON q.term = x.term "
        "WHERE c.tsv @@ CAST(:q AS tsquery) AND " + filter_sql(filters, params) + " "
        f"GROUP BY c.cord ORDER BY round(CAST({score} AS NUMERIC), {TIE_DIGITS}) DESC, c.cord LIMIT :k) "
        "SELECT h.score, c.data FROM hits h JOIN chunks c ON c.cord = h.cord "
        f"ORDER BY round(CAST(h.score AS NUMERIC), {TIE_DIGITS}) DESC, h.cord",
        **params,
    )
    return rows
