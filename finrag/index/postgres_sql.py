"""SQL pieces of the PostgreSQL store: metadata filters as a WHERE clause, and the per-document write path."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

import numpy as np

from finrag.index.codec import encode_chunk
from finrag.index.postgres_copy import copy_text, copy_vectors, text_row, tsvector_literal
from finrag.index.postgres_pool import Connection
from finrag.index.postgres_schema import vector_table
from finrag.model import Chunk, DocumentRecord, Fact, Filters, to_jsonable

MAX_LEXEME_BYTES = 2046  # PostgreSQL's tsvector lexeme limit; longer tokens are scored but not GIN-matched


CHUNK_COLUMNS = ("cord", "chunk_id", "dord", "doc_id", "file", "doc_type", "language", "company",
                 "company_code", "fiscal_year", "tags", "access_level", "groups", "kind", "indexed", "length",
                 "terms", "tfs", "tsv", "data")  # fmt: skip


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


def tsquery(tokens: list[str], op: str = "|") -> str:
    """An OR (or ``op``) tsquery of the tokens, each quoted as a literal lexeme (no parsing, no stemming:
    'simple'); tokens too long to be lexemes are left out."""
    quoted = {"'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in tokens if lexeme_ok(t)}
    return f" {op} ".join(sorted(quoted))


def lexeme_ok(t: str) -> bool:
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
    # one range of ids: safe because every writer holds the store's write lock (nothing else draws ids)
    first = int(conn.run("SELECT nextval('chunks_cord_seq')")[0][0])
    if len(chunks) > 1:
        conn.run("SELECT setval('chunks_cord_seq', :last)", last=first + len(chunks) - 1)
    cords = list(range(first, first + len(chunks)))
    lines = []
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
        lines.append(text_row([
            cord, c.chunk_id, int(dord), c.doc_id, m.file, m.doc_type, m.language, m.company, m.company_code,
            m.fiscal_year, m.tags, m.access_level, m.groups, str(c.kind), c.indexed, length, list(counts),
            list(counts.values()), tsvector_literal(t for t in counts if lexeme_ok(t)), encode_chunk(c),
        ]))  # fmt: skip
    copy_text(conn, "chunks", CHUNK_COLUMNS, lines)
    for sid, matrix in vectors.items():
        if indexed_cords:
            copy_vectors(conn, vector_table(sid), indexed_cords, np.asarray(matrix, dtype=np.float32))
    if df:
        conn.run(
            "INSERT INTO terms(term, df) SELECT key, CAST(value AS INTEGER) "
            "FROM json_each_text(CAST(:j AS JSON)) "
            "ON CONFLICT (term) DO UPDATE SET df = terms.df + excluded.df",
            j=json.dumps(df, ensure_ascii=False),
        )
    if facts:
        fact_rows = (text_row([int(dord), f.line_item_norm, json.dumps(to_jsonable(f), ensure_ascii=False)])
                     for f in facts)  # fmt: skip
        copy_text(conn, "facts", ("dord", "line_item_norm", "data"), fact_rows)
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
