"""Regression tests for bugs the reliability suite found (each names the module it fixed)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from finrag.chunk import chunk_document
from finrag.errors import FileTooLargeError
from finrag.index.tokenize import count_tokens
from finrag.parse import parse_file
from finrag.parse.text import decode_text
from tests.reliability.conftest import tight_settings
from tests.reliability.hostile import _write_pdf, huge_png_header, long_line_md

CHUNK_LINE_BYTES = 256 * 1024  # took ~35 s to chunk before the fix, ~3 s after
CHUNK_LINE_LIMIT_S = 15.0


def test_pdf_page_limit_is_enforced(tmp_path: Path) -> None:  # finrag/parse/pdf.py
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 3 0 R 3 0 R] /Count 3 >>"]
    objs.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
    path = _write_pdf(tmp_path / "three.pdf", objs)
    settings = tight_settings(tmp_path / "data")
    settings.parse.max_pages = 2
    with pytest.raises(FileTooLargeError, match="max_pages"):
        parse_file(path, settings)


def test_pil_bomb_limit_becomes_file_too_large(tmp_path: Path) -> None:  # finrag/parse/ocr.py
    with pytest.raises(FileTooLargeError, match=r"huge\.png"):
        parse_file(huge_png_header(tmp_path), tight_settings(tmp_path / "data"))


def test_utf8_with_some_damage_stays_utf8() -> None:  # finrag/parse/text.py
    data = ("营业收入增长百分之十二。".encode() + b"\xff\x80 ") * 10
    text, encoding, warnings = decode_text(data, file_name="x.txt")
    assert encoding == "utf-8" and "营业收入增长" in text and warnings


def test_gbk_is_still_detected_as_gbk() -> None:  # the fix above must not swallow legacy encodings
    text, encoding, _ = decode_text("公司营业收入增长，净利润下降。".encode("gbk") * 20, file_name="x.txt")
    assert "营业收入" in text and encoding == "gb18030"


def test_a_long_single_line_chunks_in_linear_time(tmp_path: Path) -> None:  # finrag/chunk/merge.py
    settings = tight_settings(tmp_path / "data")
    doc = parse_file(long_line_md(tmp_path, CHUNK_LINE_BYTES), settings)
    started = time.monotonic()
    chunks = chunk_document(doc, settings)
    assert time.monotonic() - started < CHUNK_LINE_LIMIT_S
    assert len(chunks) > 10
    assert all(count_tokens(c.text) <= settings.chunk.max_tokens + 40 for c in chunks)


def test_a_huge_number_in_a_question_is_not_a_crash() -> None:  # finrag/answer/text.py (found by fuzzing)
    from decimal import Decimal

    from finrag.answer.text import number_forms

    assert Decimal("100000000000000000000000000") in number_forms(Decimal("100000000000000000000000000"))


def test_postings_committed_after_a_readers_snapshot_are_ignored(tmp_path: Path) -> None:
    """finrag/index/sqlite_read.py: a search racing another process's ingest raised IndexError."""
    import numpy as np

    from finrag.index import sqlite_read
    from finrag.index.sqlite_store import SqliteStore
    from finrag.index.tokenize import analyze
    from finrag.model import AccessScope
    from tests.index.factory import doc_id_of, make_chunk, make_record, random_unit

    rng = np.random.default_rng(0)
    reader, writer = SqliteStore(tmp_path / "s"), SqliteStore(tmp_path / "s")

    def add(name: str, n: int) -> None:
        d = doc_id_of(name)
        chunks = [make_chunk(d, i, f"合同负债 {name} {i}", file=name) for i in range(n)]
        writer.check_embedders({"t": 4})
        writer.add_document(make_record(d, name, n), chunks, {"t": random_unit(rng, n, 4)}, [],
                            [analyze(c.text) for c in chunks])  # fmt: skip

    add("a.pdf", 2)
    stale = reader.columns()
    add("b.pdf", 3)  # committed after the reader's snapshot
    postings = sqlite_read.postings(reader._db, set(analyze("合同负债")), stale, None)
    assert all(len(p.positions) == 2 for p in postings.values())
    writer.delete_document(doc_id_of("a.pdf"))  # and a delete after it: its chunks are just gone
    assert sqlite_read.scored(reader._db, stale, np.arange(2), np.ones(2), AccessScope.everything()) == []


def test_idf_survives_a_document_frequency_read_after_a_newer_commit() -> None:
    """A search's snapshot may count fewer chunks than the live df of a term (found by the concurrency
    suite as 'math domain error'): the idf stays finite and equals that of a term in every chunk."""
    from finrag.index.bm25 import idf

    assert idf(10, 12) == idf(10, 10)
