"""Hostile files: each ends in a clear FinragError naming the stage and the file, or parses correctly,
within the configured limits; through the service, a failure leaves the index unchanged and the service
keeps answering."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from finrag.errors import EncryptedFileError, FileTooLargeError, FinragError, ParseError
from finrag.model import Document
from finrag.parse import parse_file
from tests.reliability.conftest import PARSE_TIMEOUT_S, Served, tight_settings
from tests.reliability.hostile import HOSTILE, long_line_md

TIME_MARGIN_S = 10.0  # process start-up and clean-up on top of the parse limit
UPLOAD_LONG_LINE_BYTES = 256 * 1024  # the single-line Markdown uploaded (the 5 MB one is parsed/chunked)


def _text(doc: Document) -> str:
    cells = " ".join(c for t in doc.tables for row in t.header + t.rows for c in row)
    return " ".join(b.text for b in doc.blocks) + " " + cells


def _ok_gbk(doc: Document) -> None:
    assert doc.media_type == "csv" and "营业收入" in _text(doc)


def _ok_utf8(doc: Document) -> None:
    assert "Net income rose" in _text(doc) and doc.report.warnings, "undecodable bytes are reported"


def _ok_html(doc: Document) -> None:
    text = _text(doc)
    assert "1,250 million" in text and "SCRIPT-PAYLOAD" not in text and "alert(" not in text


def _ok_rows(doc: Document) -> None:
    assert any("max_sheet_rows" in w for w in doc.report.warnings)
    assert sum(len(t.rows) for t in doc.tables) < 1000


def _ok_long_line(doc: Document) -> None:
    assert len(_text(doc)) > 1_000_000


def _ok_any(doc: Document) -> None:
    assert doc.pages >= 1


# name -> the error class it must end in, or a check of the parsed document (either is fine when both)
EXPECTED: dict[str, type[FinragError] | Callable[[Document], None] | tuple[type[FinragError], Callable]] = {
    "zero_bytes": ParseError,
    "truncated_pdf": ParseError,
    "bit_flipped_pdf": (ParseError, _ok_any),
    "encrypted_pdf": EncryptedFileError,
    "blank_pages_pdf": FileTooLargeError,
    "looping_page_tree_pdf": (ParseError, _ok_any),
    "docx_bomb": FileTooLargeError,
    "xlsx_bomb": FileTooLargeError,
    "million_rows_xlsx": _ok_rows,
    "gbk_csv_wrong_extension": _ok_gbk,
    "invalid_utf8_txt": _ok_utf8,
    "huge_png": FileTooLargeError,
    "html_with_scripts": _ok_html,
    "long_line_md": _ok_long_line,
}
assert set(EXPECTED) == set(HOSTILE)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_file_parses_or_fails_clearly(
    name: str, hostile_file: Callable[[str], Path], tmp_path: Path
) -> None:
    path = hostile_file(name)
    expected = EXPECTED[name]
    error_cls, check = (
        expected if isinstance(expected, tuple)
        else (expected, None) if isinstance(expected, type) else (None, expected)
    )  # fmt: skip
    started = time.monotonic()
    try:
        doc = parse_file(path, tight_settings(tmp_path / "data"))
    except FinragError as err:
        assert error_cls is not None, f"{name} should parse but failed: {err}"
        assert isinstance(err, error_cls), f"{name}: {type(err).__name__}: {err}"
        assert err.stage == "parse" and err.file == path.name and path.name in str(err)
    else:
        assert check is not None, f"{name} should be refused with {error_cls}"
        check(doc)
    assert time.monotonic() - started < PARSE_TIMEOUT_S + TIME_MARGIN_S


def test_a_hostile_name_is_a_display_name_only(hostile_file: Callable[[str], Path], tmp_path: Path) -> None:
    doc = parse_file(
        hostile_file("html_with_scripts"), tight_settings(tmp_path / "data"), file_name="../../x.html"
    )
    assert doc.file == "../../x.html" and not (tmp_path / "x.html").exists()


# Uploads: the API only takes known suffixes, so the hostile files keep theirs
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_upload_leaves_index_unchanged_on_failure_and_service_answering(
    name: str, hostile_file: Callable[[str], Path], served_local: Served
) -> None:
    path = hostile_file(name)
    if name == "long_line_md":  # 5 MB of text is ~2,000 chunks: minutes of embedding on 2 cores
        path = long_line_md(path.parent, UPLOAD_LONG_LINE_BYTES)
    before = served_local.counts()
    status, entry = served_local.upload(path.name, path.read_bytes())
    after = served_local.counts()
    if status != 202 or entry["status"] == "failed":
        assert after == before, f"{name}: a failed ingest changed the index {before} -> {after}"
        error = entry if status != 202 else entry["error"]  # an HTTP error body, or the job's error
        assert isinstance(error, dict) and error.get("stage"), f"{name}: no stage in {entry}"
        assert "Traceback" not in str(error)
    else:
        assert entry["status"] == "indexed" and after[0] == before[0] + 1
        assert served_local.client.delete(f"/documents/{entry['doc_id']}").status_code == 200
        assert served_local.counts() == before
    served_local.assert_answering()
