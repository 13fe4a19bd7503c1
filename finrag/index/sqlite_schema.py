"""SQLite schema of the embedded store (one database file in the store folder, WAL mode)."""

from __future__ import annotations

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    dord INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL UNIQUE,
    file TEXT NOT NULL,
    access_level INTEGER NOT NULL,
    groups TEXT NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_file ON documents(file);
CREATE TABLE IF NOT EXISTS sigs (sig INTEGER PRIMARY KEY, dord INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sigs_dord ON sigs(dord);
CREATE TABLE IF NOT EXISTS chunks (
    ord INTEGER PRIMARY KEY,
    chunk_id TEXT NOT NULL UNIQUE,
    dord INTEGER NOT NULL,
    sig INTEGER NOT NULL,
    kind TEXT NOT NULL,
    indexed INTEGER NOT NULL,
    length INTEGER NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_dord ON chunks(dord);
CREATE TABLE IF NOT EXISTS postings (
    term TEXT NOT NULL,
    dord INTEGER NOT NULL,
    n INTEGER NOT NULL,
    ords BLOB NOT NULL,
    tfs BLOB NOT NULL,
    PRIMARY KEY (term, dord)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS postings_dord ON postings(dord);
CREATE TABLE IF NOT EXISTS terms (term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS facts (
    fact_id TEXT NOT NULL,
    dord INTEGER NOT NULL,
    line_item_norm TEXT NOT NULL,
    company TEXT,
    fiscal_year INTEGER,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS facts_dord ON facts(dord);
CREATE INDEX IF NOT EXISTS facts_item ON facts(line_item_norm);
"""
