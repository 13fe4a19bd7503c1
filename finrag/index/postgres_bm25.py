"""Keyword search in PostgreSQL: analyzer tokens in a ``tsvector`` (GIN; lexemes taken verbatim, the
'simple' semantics: no parsing or stemming) find the candidate chunks, and Okapi BM25 with the formula of
:mod:`finrag.index.bm25` (rank_bm25's, negative-idf floor included) scores them in SQL, so scores equal
the embedded store's. Each chunk keeps its distinct terms and their frequencies for the scoring.

Common terms are pruned without changing the result (MaxScore, Turtle & Flood 1995): a term's
contribution is below ``w x (k1 + 1)``, so once a first threshold ``theta`` (the k-th score among a
small seed of likely winners) exceeds the summed bounds of the commonest query terms, a chunk holding
only those terms cannot reach the top k, and only chunks holding one of the remaining (rarer, essential)
terms are scored. Queries made only of very common terms still score every chunk holding the rarest one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from finrag.index.bm25 import IDF_EPSILON, idf
from finrag.index.postgres_pool import Connection
from finrag.index.postgres_sql import filter_sql, tsquery
from finrag.index.store import TermStats
from finrag.model import Filters

TIE_DIGITS = 9  # BM25 sums differing beyond this many decimals (summation order) are ties: lower cord wins
# chunks (holding all query terms, or the rarest ones) scored to find a first threshold: this many per
# result asked for, at least SEED_MIN_ROWS (a larger seed finds a higher threshold but costs its scoring)
SEED_PER_RESULT = 4
SEED_MIN_ROWS = 200
# Longer queries score by unnesting each candidate's terms: on real Chinese chunks (~100 distinct terms)
# with 15 query terms that was 2.2x faster than 15 array lookups; with 3-4 terms the lookups win
ARRAY_LOOKUP_MAX_TERMS = 6
PRUNE_MARGIN = 1e-6  # bounds must stay this far under the threshold (float sums, TIE_DIGITS rounding)


@dataclass(slots=True)
class QueryTerms:
    weights: dict[str, float]  # term -> BM25 weight (idf x repeats in the query), in first-seen order
    dfs: dict[str, int]  # term -> document frequency
    avgdl: float


def query_weights(conn: Connection, tokens: list[str], floors: dict[int, float] | None = None) -> QueryTerms:
    """BM25 weight of each query term (idf x how often the query repeats it) and the average length.

    ``floors`` caches the negative-idf floor (a scan of the vocabulary) per index version."""
    n, total, version = (
        int(x) for x in conn.run("SELECT n_indexed, total_length, index_version FROM counters")[0]
    )
    dfs = {
        str(t): int(d)
        for t, d in conn.run(
            "SELECT term, df FROM terms WHERE term = ANY(CAST(:t AS TEXT[]))", t=sorted(set(tokens))
        )
    }
    weights: dict[str, float] = {}
    floor = floors.get(version) if floors is not None else None
    for term in tokens:
        if term not in dfs:
            continue
        w = idf(n, dfs[term])
        if w < 0:
            if floor is None:
                mean = conn.run(
                    "SELECT avg(ln(CAST(:n AS FLOAT8) - df + 0.5) - ln(CAST(df AS FLOAT8) + 0.5)) FROM terms",
                    n=n,
                )[0][0]
                floor = IDF_EPSILON * float(mean or 0.0)
                if floors is not None:
                    floors.clear()  # only the current version is worth keeping
                    floors[version] = floor
            w = floor
        weights[term] = weights.get(term, 0.0) + w
    return QueryTerms(weights, {t: dfs[t] for t in weights}, total / n if n else 0.0)


def _scores_sql(q: QueryTerms, params: dict[str, Any], k1: float, b: float) -> str:
    """``SELECT c.cord, <bm25> AS score FROM chunks c ... WHERE {cond}``: format with ``cond``.

    Short queries look each term up in the chunk's distinct-term array (``array_position``; OFFSET 0 keeps
    the planner from inlining a lookup twice); long ones unnest the array once and hash-join it with the
    query terms, which costs one probe per chunk term instead of a scan of the array per query term."""
    params.update(k1=k1, b=b, avgdl=q.avgdl)
    k1_, b_, dl = "CAST(:k1 AS FLOAT8)", "CAST(:b AS FLOAT8)", "CAST(:avgdl AS FLOAT8)"
    norm = f"({k1_} * (1 - {b_} + {b_} * c.length / {dl}))" if q.avgdl > 0 else k1_
    if len(q.weights) > ARRAY_LOOKUP_MAX_TERMS:
        params.update(qt=list(q.weights), qw=list(q.weights.values()))
        return (
            f"SELECT c.cord, sum(q.w * x.tf * ({k1_} + 1) / (x.tf + {norm})) AS score FROM chunks c "
            "CROSS JOIN LATERAL unnest(c.terms, c.tfs) AS x(term, tf) JOIN unnest(CAST(:qt AS TEXT[]), "
            "CAST(:qw AS FLOAT8[])) AS q(term, w) ON q.term = x.term WHERE {cond} GROUP BY c.cord"
        )
    tfs, parts = [], []
    for i, (term, w) in enumerate(q.weights.items()):
        params[f"t{i}"], params[f"w{i}"] = term, w
        tf = f"c.tfs[array_position(c.terms, CAST(:t{i} AS TEXT))]"
        tfs.append(f"CAST(coalesce({tf}, 0) AS FLOAT8) AS f{i}")
        parts.append(f"CAST(:w{i} AS FLOAT8) * x.f{i} * ({k1_} + 1) / (x.f{i} + {norm})")
    return (
        f"SELECT c.cord, {' + '.join(parts)} AS score FROM chunks c "
        f"CROSS JOIN LATERAL (SELECT {', '.join(tfs)} OFFSET 0) x WHERE {{cond}}"
    )


def _seed_terms(q: QueryTerms, rows: int) -> list[str]:
    """The rarest terms, until together they are in ``rows`` chunks (their holders score high: the seed's
    k-th score is the first threshold)."""
    out, total = [], 0
    for term in sorted(q.weights, key=lambda t: q.dfs[t]):
        out.append(term)
        total += q.dfs[term]
        if total >= rows:
            break
    return out


def _essential(q: QueryTerms, theta: float, k1: float) -> list[str]:
    """Terms a top-k chunk must hold: all but the commonest ones whose summed upper bounds stay < theta."""
    order = sorted(q.weights, key=lambda t: (max(q.weights[t], 0.0), -q.dfs[t]))
    bound = 0.0
    for i, term in enumerate(order):
        bound += max(q.weights[term], 0.0) * (k1 + 1)
        if bound >= theta - PRUNE_MARGIN:
            return order[i:]
    return []


def bm25_rows(
    conn: Connection,
    tokens: list[str],
    k: int,
    filters: Filters,
    k1: float,
    b: float,
    floors: dict[int, float] | None = None,
) -> list[list[Any]]:
    """``[score, chunk data]`` of the top ``k`` chunks passing ``filters``, best first (``floors``: see
    :func:`query_weights`)."""
    q = query_weights(conn, tokens, floors)
    if not tsquery(list(q.weights)):
        return []
    params: dict[str, Any] = {"k": k}
    scores = _scores_sql(q, params, k1, b)
    where = filter_sql(filters, params)
    ranked = f"ORDER BY round(CAST(score AS NUMERIC), {TIE_DIGITS}) DESC, cord"
    candidates = list(q.weights)
    if len(q.weights) > 1:
        seed_rows = max(SEED_PER_RESULT * k, SEED_MIN_ROWS)
        params.update(
            all=tsquery(list(q.weights), "&"), rare=tsquery(_seed_terms(q, seed_rows)), seed=seed_rows
        )
        pick = "SELECT c.cord FROM chunks c WHERE c.tsv @@ CAST(:{} AS tsquery) AND " + where + " LIMIT :seed"
        seed_cond = f"c.cord IN (({pick.format('all')}) UNION ({pick.format('rare')}))"
        seed = conn.run(
            f"SELECT score FROM ({scores.format(cond=seed_cond)}) s ORDER BY 1 DESC LIMIT :k", **params
        )
        if len(seed) == k:
            candidates = _essential(q, float(seed[-1][0]), k1) or candidates
    params["q"] = tsquery(candidates)
    if not params["q"]:
        return []
    cond = f"c.tsv @@ CAST(:q AS tsquery) AND {where}"
    rows: list[list[Any]] = conn.run(
        f"WITH hits AS (SELECT * FROM ({scores.format(cond=cond)}) s {ranked} LIMIT :k) "
        f"SELECT h.score, c.data FROM hits h JOIN chunks c ON c.cord = h.cord "
        f"ORDER BY round(CAST(h.score AS NUMERIC), {TIE_DIGITS}) DESC, h.cord",
        **params,
    )
    return rows


def _like_prefix(prefix: str) -> str:
    """A LIKE pattern matching the terms that start with ``prefix`` (its wildcards escaped)."""
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def term_stats(conn: Connection, terms: list[str], prefixes: list[str], limit: int) -> TermStats:
    """Index-wide df of ``terms`` (absent ones left out) and up to ``limit`` terms per prefix."""
    out = TermStats(chunks=int(conn.run("SELECT n_indexed FROM counters")[0][0]))
    wanted = sorted(set(terms))
    if wanted:
        for t, d in conn.run("SELECT term, df FROM terms WHERE term = ANY(CAST(:t AS TEXT[]))", t=wanted):
            out.dfs[str(t)] = int(d)
    for prefix in dict.fromkeys(prefixes):
        rows = conn.run(
            "SELECT term, df FROM terms WHERE term LIKE :p ORDER BY term LIMIT :n",
            p=_like_prefix(prefix),
            n=limit,
        )
        out.dfs.update((str(t), int(d)) for t, d in rows)
    return out
