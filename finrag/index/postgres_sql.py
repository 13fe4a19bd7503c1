"""SQL pieces of the PostgreSQL store: metadata filters as a WHERE clause, and the per-document write path."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from finrag.index.codec import encode_chunk
from finrag.index.postgres_pool import Connection
from finrag.index.postgres_schema import vector_table
from finrag.model import Chunk, DocumentRecord, Fact, Filters, to_jsonable

MAX_LEXEME_BYTES = 2046  # PostgreSQL's tsvector lexeme limit; longer tokens are scored but not GIN-matched


def filter_sql(f: Filters, params: dict[str, Any], alias: str = "c") -> str:
    """A WHERE condition over chunk columns equivalent to ``Signature.passes`` plus the kinds filter."""
    a = alias
    conds = [f"{a}.indexed", f"{a}.access_level <= :max_level"]
    params["max_level"] = f.access.max_level
    if f.access.groups is not None:
        conds.append(f"(cardinality({a}.groups) = 0 OR {a}.groups && CAST(:acl AS TEXT[]))")
        params["acl"] = sorted(f.access.groups)
    lists = (("doc_ids", "doc_id"), ("files", "file"), ("doc_types", "doc_type"), ("languages", "language"),
             ("kinds", "kind"))  # fmt: skip
    for name, col in lists:
        values = getattr(f, name)
        if values:
            conds.append(f"{a}.{col} = ANY(CAST(:{name} AS TEXT[]))")
            params[name] = list(values)
    if f.companies:
        conds.append(
            f"(lower({a}.company) = ANY(CAST(:companies AS TEXT[])) "
            f"OR lower({a}.company_code) = ANY(CAST(:companies AS TEXT[])))"
        )
        params["companies"] = [c.lower() for c in f.companies]
    if f.fiscal_year_min is not None:
        conds.append(f"{a}.fiscal_year >= :year_min")
        params["year_min"] = f.fiscal_year_min
    if f.fiscal_year_max is not None:
        conds.append(f"{a}.fiscal_year <= :year_max")
        params["year_max"] = f.fiscal_year_max
    if f.tags:
        conds.append(f"{a}.tags && CAST(:tags AS TEXT[])")
        params["tags"] = list(f.tags)
    return " AND ".join(conds)


def tsquery(tokens: list[str]) -> str:
    """An OR tsquery of the tokens, each quoted as a literal lexeme (no parsing, no stemming: 'simple')."""
    quoted = {"'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in tokens if _lexeme_ok(t)}
    return " | ".join(sorted(quoted))


def _lexeme_ok(t: str) -> bool:
    return bool(t) and len(t.encode()) <= MAX_LEXEME_BYTES


def vector_text(row: np.ndarray) -> str:
    """pgvector's text form; float32 -> Python float -> repr round-trips every bit."""
    return "[" + ",".join(repr(x) for x in row.tolist()) + "]"


def insert_document(
    conn: Connection,
    record: DocumentRecord,
    chunks: list[Chunk],
    vectors: Mapping[int, np.ndarray],
    facts: list[Fact],
    tokens: list[list[str]],
) -> int:
    """Insert inside the caller's transaction; returns the number of indexed chunks (for the counters).

    ``vectors`` maps a space's table id to its matrix (one row per indexed chunk, in chunk order).
    """
    dord = conn.run(
        "INSERT INTO documents(doc_id, file, access_level, groups, record) "
        "VALUES (:d, :f, :l, CAST(:g AS TEXT[]), :r) RETURNING dord",
        d=record.doc_id, f=record.file, l=record.access.access_level, g=list(record.access.groups),
        r=json.dumps(to_jsonable(record), ensure_ascii=False),
    )[0][0]  # fmt: skip
    cords = sorted(
        int(r[0])
        for r in conn.run("SELECT nextval('chunks_cord_seq') FROM generate_series(1, :n)", n=len(chunks))
    )
    rows = []
    tok_iter = iter(tokens)
    df: Counter[str] = Counter()
    indexed_cords = []
    total = 0
    for cord, c in zip(cords, chunks, strict=True):
        counts: Counter[str] = Counter(next(tok_iter)) if c.indexed else Counter()
        length = sum(counts.values())
        total += length
        df.update(counts.keys())
        if c.indexed:
            indexed_cords.append(cord)
        m = c.meta
        rows.append({
            "cord": cord, "chunk_id": c.chunk_id, "doc_id": c.doc_id, "file": m.file, "doc_type": m.doc_type,
            "language": m.language, "company": m.company, "company_code": m.company_code,
            "fiscal_year": m.fiscal_year, "tags": m.tags, "access_level": m.access_level, "groups": m.groups,
            "kind": str(c.kind), "indexed": c.indexed, "length": length, "terms": list(counts),
            "tfs": list(counts.values()), "lexemes": [t for t in counts if _lexeme_ok(t)],
            "data": encode_chunk(c),
        })  # fmt: skip
    conn.run(
        "INSERT INTO chunks (cord, chunk_id, dord, doc_id, file, doc_type, language, company, company_code, "
        "fiscal_year, tags, access_level, groups, kind, indexed, length, terms, tfs, tsv, data) "
        "SELECT r.cord, r.chunk_id, :dord, r.doc_id, r.file, r.doc_type, r.language, r.company, "
        "r.company_code, r.fiscal_year, r.tags, r.access_level, r.groups, r.kind, r.indexed, r.length, "
        "r.terms, r.tfs, array_to_tsvector(r.lexemes), r.data "
        "FROM jsonb_to_recordset(CAST(:rows AS JSONB)) AS r(cord BIGINT, chunk_id TEXT, doc_id TEXT, "
        "file TEXT, doc_type TEXT, language TEXT, company TEXT, company_code TEXT, fiscal_year INTEGER, "
        "tags TEXT[], access_level INTEGER, groups TEXT[], kind TEXT, indexed BOOLEAN, length INTEGER, "
        "terms TEXT[], tfs INTEGER[], lexemes TEXT[], data TEXT)",
        dord=dord, rows=json.dumps(rows, ensure_ascii=False),
    )  # fmt: skip
    # vectors and terms go as JSON text, not TEXT[]: pg8000 escapes arrays char by char (40x slower)
    for sid, matrix in vectors.items():
        if indexed_cords:
            conn.run(
                f"INSERT INTO {vector_table(sid)} (cord, embedding) "
                "SELECT (CAST(:c AS BIGINT[]))[e.i], CAST(CAST(e.v AS TEXT) AS vector) "
                "FROM json_array_elements(CAST(:v AS JSON)) WITH ORDINALITY AS e(v, i)",
                c=indexed_cords, v=json.dumps(np.asarray(matrix, dtype=np.float32).tolist()),
            )  # fmt: skip
    if df:
        conn.run(
            "INSERT INTO terms(term, df) SELECT key, CAST(value AS INTEGER) "
            "FROM json_each_text(CAST(:j AS JSON)) "
            "ON CONFLICT (term) DO UPDATE SET df = terms.df + excluded.df",
            j=json.dumps(df, ensure_ascii=False),
        )
    if facts:
        conn.run(
            "INSERT INTO facts(dord, line_item_norm, data) "
            "SELECT :dord, * FROM unnest(CAST(:i AS TEXT[]), CAST(:d AS TEXT[]))",
            dord=dord, i=[f.line_item_norm for f in facts],
            d=[json.dumps(to_jsonable(f), ensure_ascii=False) for f in facts],
        )  # fmt: skip
    conn.run(
        "UPDATE counters SET n_indexed = n_indexed + :n, total_length = total_length + :t",
        n=len(indexed_cords),
        t=total,
    )
    return len(indexed_cords)


def remove_document(conn: Connection, doc_id: str) -> bool:
    """Delete a document and everything hanging off it (cascades), fixing df and counters."""
    row = conn.run("SELECT dord FROM documents WHERE doc_id = :d", d=doc_id)
    if not row:
        return False
    dord = int(row[0][0])
    conn.run(
        "UPDATE terms t SET df = t.df - x.n FROM (SELECT term, count(*) AS n "
        "FROM chunks, unnest(terms) AS term WHERE dord = :d GROUP BY term) x WHERE t.term = x.term",
        d=dord,
    )
    conn.run("DELETE FROM terms WHERE df <= 0")
    conn.run(
        "UPDATE counters SET n_indexed = n_indexed - x.n, total_length = total_length - x.t FROM "
        "(SELECT count(*) FILTER (WHERE indexed) AS n, coalesce(sum(length), 0) AS t FROM chunks "
        "WHERE dord = :d) x",
        d=dord,
    )
    conn.run("DELETE FROM documents WHERE dord = :d", d=dord)
    return True
