"""PostgreSQL schema of the store, as numbered migrations that finrag applies itself (under a lock).

Vector tables are created per embedder space by :func:`space_ddl` when the space is first recorded.
"""

from __future__ import annotations

# Vector rows stay in the table's own pages up to this size instead of going out of line (TOAST) at ~2 KB:
# a 512-d vector is 2 KB, and an exact scan that detoasts every row was 8x slower (bench/pg_scale.py)
VECTOR_TOAST_TARGET = 8160  # PostgreSQL's maximum; larger vectors (> ~2000 dims) are still toasted

# Each entry moves the schema from version i to i + 1; never edit a released entry, append a new one.
# A string is split into statements at ";", a tuple is run statement by statement as written.
MIGRATIONS: list[str | tuple[str, ...]] = [
    """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS counters (
        one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
        index_version BIGINT NOT NULL,
        n_indexed BIGINT NOT NULL,
        total_length BIGINT NOT NULL
    );
    INSERT INTO counters VALUES (TRUE, 0, 0, 0) ON CONFLICT DO NOTHING;
    CREATE TABLE IF NOT EXISTS spaces (
        sid SERIAL PRIMARY KEY, space TEXT NOT NULL UNIQUE, dim INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS documents (
        dord BIGSERIAL PRIMARY KEY,
        doc_id TEXT NOT NULL UNIQUE,
        file TEXT NOT NULL,
        access_level INTEGER NOT NULL,
        groups TEXT[] NOT NULL,
        record TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS documents_file ON documents(file);
    CREATE TABLE IF NOT EXISTS chunks (
        cord BIGSERIAL PRIMARY KEY,
        chunk_id TEXT NOT NULL UNIQUE,
        dord BIGINT NOT NULL REFERENCES documents(dord) ON DELETE CASCADE,
        doc_id TEXT NOT NULL,
        file TEXT NOT NULL,
        doc_type TEXT NOT NULL,
        language TEXT NOT NULL,
        company TEXT,
        company_code TEXT,
        fiscal_year INTEGER,
        tags TEXT[] NOT NULL,
        access_level INTEGER NOT NULL,
        groups TEXT[] NOT NULL,
        kind TEXT NOT NULL,
        indexed BOOLEAN NOT NULL,
        length INTEGER NOT NULL,
        terms TEXT[] NOT NULL,
        tfs INTEGER[] NOT NULL,
        tsv TSVECTOR NOT NULL,
        data TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS chunks_dord ON chunks(dord);
    CREATE INDEX IF NOT EXISTS chunks_tsv ON chunks USING GIN (tsv);
    CREATE INDEX IF NOT EXISTS chunks_company ON chunks(lower(company));
    CREATE INDEX IF NOT EXISTS chunks_code ON chunks(lower(company_code));
    CREATE INDEX IF NOT EXISTS chunks_year ON chunks(fiscal_year);
    CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id);
    CREATE TABLE IF NOT EXISTS terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS facts (
        fid BIGSERIAL PRIMARY KEY,
        dord BIGINT NOT NULL REFERENCES documents(dord) ON DELETE CASCADE,
        line_item_norm TEXT NOT NULL,
        data TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS facts_dord ON facts(dord);
    CREATE INDEX IF NOT EXISTS facts_item ON facts(line_item_norm);
    """,
    (  # 2: keep vectors inline (rows written before stay out of line until rewritten)
        "DO $$ DECLARE r RECORD; BEGIN FOR r IN SELECT sid FROM spaces LOOP "
        f"EXECUTE format('ALTER TABLE vec_%s SET (toast_tuple_target = {VECTOR_TOAST_TARGET})', r.sid); "
        "END LOOP; END $$",
    ),
]

SCHEMA_VERSION = len(MIGRATIONS)

# HNSW build parameters (pgvector defaults, written out so a deployment can see and tune them)
HNSW_M = 16  # graph degree
HNSW_EF_CONSTRUCTION = 64  # build-time candidate list


def vector_table(sid: int) -> str:
    return f"vec_{int(sid)}"


def space_ddl(sid: int, dim: int) -> list[str]:
    """The vector table of one space (its HNSW index comes later, see ``hnsw_ddl``)."""
    t = vector_table(sid)
    return [
        f"CREATE TABLE IF NOT EXISTS {t} (cord BIGINT PRIMARY KEY REFERENCES chunks(cord) ON DELETE CASCADE, "
        f"embedding vector({int(dim)}) NOT NULL) WITH (toast_tuple_target = {VECTOR_TOAST_TARGET})",
    ]


def hnsw_ddl(sid: int) -> str:
    """HNSW index over a space's vectors; inner product == cosine on the unit vectors embedders return."""
    t = vector_table(sid)
    return (
        f"CREATE INDEX IF NOT EXISTS {t}_hnsw ON {t} USING hnsw (embedding vector_ip_ops) "
        f"WITH (m = {HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION})"
    )
