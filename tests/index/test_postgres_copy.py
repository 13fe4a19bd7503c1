"""Documents written with COPY come back byte for byte: text with tabs, newlines and backslashes, metadata
with quotes, commas and braces, tokens that look like SQL or array syntax, and every vector bit."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from finrag.config import load_settings
from finrag.index.postgres_copy import array_literal, text_row, tsvector_literal
from finrag.index.postgres_store import PostgresStore
from finrag.model import AccessScope, Filters
from tests.index.factory import doc_id_of, make_chunk, make_record

ODD_TOKENS = [
    "a\\b",
    "it's",
    'say"hi"',
    "{x,y}",
    "tab\there",
    "new\nline",
    "NULL",
    "",
    "中文,逗号",
    "\\N",
    "a b",
]


def test_odd_text_tokens_and_metadata_round_trip(pg_schema_url: str, tmp_path: Path) -> None:
    store = PostgresStore(load_settings(tmp_path / "data"), url=pg_schema_url)
    store.check_embedders({"t": 3})
    name = "odd\tname's \\file.pdf"
    did = doc_id_of(name)
    text = "line one\nline\ttwo \\ back\\slash 'quote' \"dq\" {brace} \\N"
    chunks = [
        make_chunk(did, 0, text, file=name, company='Acme, "Inc" {x}', groups=["g,1", "g}2"]),
        make_chunk(did, 1, "plain", file=name, company=None),
    ]
    vectors = np.array([[1e-38, -0.0, 3.4028235e38], [0.1, 0.2, 0.3]], dtype=np.float32)
    tokens = [[t for t in ODD_TOKENS if t] + ["it's"], ["plain"]]
    store.add_document(make_record(did, name, 2), chunks, {"t": vectors}, [], tokens)
    everyone = AccessScope.everything()
    back = store.get_chunks([c.chunk_id for c in chunks], everyone)
    assert [c.text for c in back] == [c.text for c in chunks]
    assert back[0].meta.company == 'Acme, "Inc" {x}' and back[0].meta.groups == ["g,1", "g}2"]
    assert back[0].meta.file == name and back[1].meta.company is None
    for token in (t for t in ODD_TOKENS if t):
        hits = store.keyword_search([token], 5, Filters(access=everyone))
        assert [h.chunk.chunk_id for h in hits] == [chunks[0].chunk_id], token
    top = store.vector_search("t", np.array([0, 0, 1], dtype=np.float32), 2, Filters(access=everyone))
    assert top[0].chunk.chunk_id == chunks[0].chunk_id
    with store.pool.connection() as conn:
        got = conn.run("SELECT CAST(embedding AS TEXT) FROM vec_1 ORDER BY cord")
    assert np.array_equal(np.array([json.loads(r[0]) for r in got], dtype=np.float32), vectors)  # every bit
    store.close()


def test_literals_escape_what_postgres_would_misread() -> None:
    assert array_literal(["a,b", 'q"', "\\", "NULL"]) == '{"a,b","q\\"","\\\\","NULL"}'
    assert tsvector_literal(["it's", "a\\b"]) == "'it''s' 'a\\\\b'"
    assert text_row([None, True, 7, "a\tb\nc\\", ["x"]]) == '\\N\tt\t7\ta\\tb\\nc\\\\\t{"x"}\n'


@pytest.mark.parametrize("dim", [1, 512])
def test_vector_payload_is_pgvector_binary(dim: int) -> None:
    from finrag.index.postgres_copy import vector_rows_binary

    m = np.arange(2 * dim, dtype=np.float32).reshape(2, dim)
    payload = vector_rows_binary([5, 9], m)
    row = 2 + 4 + 8 + 4 + 2 + 2 + 4 * dim
    assert payload.startswith(b"PGCOPY\n\xff\r\n\x00") and len(payload) == 19 + 2 * row + 2
    assert payload[19 + 6 : 19 + 14] == (5).to_bytes(8, "big")
