"""parse_file: dispatch by content, doc ids, and every kind of bad input as a typed, named error."""

from __future__ import annotations

import hashlib
import os
import threading
import zipfile
from pathlib import Path

import docx
import pytest
from reportlab.pdfgen import canvas

from finrag.config import Settings
from finrag.errors import FileTooLargeError, ParseError, UnsupportedFileError
from finrag.parse import detect_file_type, parse_file


def _docx(path: Path, text: str = "Revenue grew 14% in the quarter.") -> Path:
    d = docx.Document()
    d.add_paragraph(text)
    d.save(str(path))
    return path


def test_doc_id_is_the_sha256_and_the_name_can_be_overridden(tmp_path: Path, settings: Settings) -> None:
    path = _docx(tmp_path / "upload-123.tmp")
    doc = parse_file(path, settings, file_name="Q3 memo.docx")
    assert doc.doc_id == hashlib.sha256(path.read_bytes()).hexdigest()
    assert doc.file == "Q3 memo.docx" and doc.report.file == "Q3 memo.docx"
    assert doc.report.seconds > 0 and doc.report.parser == "docx"


def test_pdf_named_txt_goes_to_the_pdf_parser(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "statement.txt"
    c = canvas.Canvas(str(path))
    c.drawString(72, 720, "Total revenue for fiscal 2024 was 812 million dollars.")
    c.save()
    assert detect_file_type(path, settings) == "pdf"
    pytest.importorskip("finrag.parse.pdf")
    doc = parse_file(path, settings)
    assert doc.media_type == "pdf" and doc.pages == 1
    assert "812" in " ".join(b.text for b in doc.blocks)


@pytest.mark.parametrize(
    ("name", "data", "error", "reason"),
    [
        ("empty.pdf", b"", ParseError, "empty file"),
        ("noise.bin", os.urandom(4096), UnsupportedFileError, "binary"),
        ("legacy.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512, UnsupportedFileError, "legacy"),
    ],
)
def test_bad_input_is_a_named_parse_error(
    tmp_path: Path, settings: Settings, name: str, data: bytes, error: type[ParseError], reason: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(error, match=reason) as err:
        parse_file(path, settings)
    assert err.value.stage == "parse" and err.value.file == name
    assert str(err.value).startswith(f"{name}: ")


def test_missing_file_and_folder(tmp_path: Path, settings: Settings) -> None:
    with pytest.raises(ParseError, match="not a regular file") as err:
        parse_file(tmp_path / "nope.pdf", settings)
    assert err.value.file == "nope.pdf"
    with pytest.raises(ParseError, match="not a regular file"):
        parse_file(tmp_path, settings)


def test_too_large(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 200_000)
    settings.parse.max_file_mb = 0.1
    with pytest.raises(FileTooLargeError, match="max_file_mb") as err:
        parse_file(path, settings)
    assert err.value.file == "big.txt"


def test_zip_bomb_docx_is_refused_before_opening(tmp_path: Path, settings: Settings) -> None:
    path = _docx(tmp_path / "bomb.docx")
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("word/media/padding.bin", b"\x00" * 30_000_000)
    assert path.stat().st_size < 200_000
    with pytest.raises(FileTooLargeError, match="zip bomb") as err:
        parse_file(path, settings)
    assert err.value.file == "bomb.docx"


def test_corrupt_docx_becomes_a_parse_error_not_a_traceback(tmp_path: Path, settings: Settings) -> None:
    path = tmp_path / "broken.docx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("word/document.xml", "<w:document><not closed")
    with pytest.raises(ParseError, match="docx parser failed") as err:
        parse_file(path, settings)
    assert err.value.stage == "parse" and err.value.file == "broken.docx"


def test_truncated_zip_is_corrupt(tmp_path: Path, settings: Settings) -> None:
    good = _docx(tmp_path / "good.docx").read_bytes()
    path = tmp_path / "cut.docx"
    path.write_bytes(good[: len(good) // 2])
    with pytest.raises(ParseError) as err:
        parse_file(path, settings)
    assert err.value.file == "cut.docx"


def test_child_process_path_returns_documents_and_typed_errors(tmp_path: Path, settings: Settings) -> None:
    settings.parse.isolate_min_mb = 0  # every file goes through the killable child process
    doc = parse_file(_docx(tmp_path / "a.docx"), settings)
    assert doc.blocks[0].text == "Revenue grew 14% in the quarter."
    broken = tmp_path / "broken.docx"
    with zipfile.ZipFile(broken, "w") as zf:
        zf.writestr("word/document.xml", "garbage")
    with pytest.raises(ParseError, match="docx parser failed") as err:
        parse_file(broken, settings)
    assert err.value.file == "broken.docx"


def test_time_limit_from_a_worker_thread(tmp_path: Path, settings: Settings) -> None:
    """A server calls parse_file from a worker thread: the limit must still hold (no signals involved)."""
    path = _docx(tmp_path / "slow.docx", "x " * 20_000)
    outcome: list[BaseException | None] = []

    def work(isolate_min_mb: float) -> None:
        s = settings.model_copy(deep=True)
        s.parse.timeout_s = 0.001
        s.parse.isolate_min_mb = isolate_min_mb
        try:
            parse_file(path, s)
            outcome.append(None)
        except ParseError as err:
            outcome.append(err)

    for isolate in (0.0, 1000.0):  # child process, then watched thread
        t = threading.Thread(target=work, args=(isolate,))
        t.start()
        t.join(30)
        assert not t.is_alive()
    assert all(isinstance(e, ParseError) and "settings.parse.timeout_s" in str(e) for e in outcome), outcome
    settings.parse.isolate_min_mb = 0
    assert parse_file(path, settings).media_type == "docx"  # a fresh child works after a kill


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_bundled_examples_parse_with_their_key_facts(settings: Settings) -> None:
    """`make run` ingests examples/: each sample must parse and show what the demo questions ask about."""
    from finrag.parse import is_document_name

    files = sorted(p for p in EXAMPLES.iterdir() if is_document_name(p))
    assert {p.suffix for p in files} == {".pdf", ".xlsx", ".md", ".docx"}
    assert sum(p.stat().st_size for p in EXAMPLES.iterdir()) < 500_000
    xlsx = parse_file(EXAMPLES / "config_params.xlsx", settings)
    assert xlsx.tables[0].rows[0][:3] == ["gateway.timeout", "3000", "ms"]
    md = parse_file(EXAMPLES / "api_reference.md", settings)
    assert "POST /v1/payments" in [o.title for o in md.outline]
    assert any(r[0] == "E5021" for t in md.tables for r in t.rows)
    manual = parse_file(EXAMPLES / "ops_manual_failover.docx", settings)
    steps = next(b.text for b in manual.blocks if b.text.startswith("1. "))
    assert "2 前置条件" in [o.title for o in manual.outline] and steps.count("\n") == 7
    pytest.importorskip("finrag.parse.pdf")
    report = parse_file(EXAMPLES / "annual_report_2023_xinghe.pdf", settings)
    assert report.pages == 2 and report.language == "zh"
    rows = [r for t in report.tables for r in t.rows]
    assert any(r[0].endswith("营业收入") and r[1] == "1,256,780,432.15" for r in rows)


def test_damaged_office_files_never_escape_as_other_exceptions(tmp_path: Path, settings: Settings) -> None:
    """Truncated or bit-flipped DOCX/XLSX/PPTX: either a Document or a ParseError naming the file."""
    import random

    import openpyxl
    from pptx import Presentation

    wb = openpyxl.Workbook()
    ws = wb.active
    assert ws is not None
    ws.append(["参数名", "默认值"])
    ws.append(["timeout", 3000])
    wb.save(tmp_path / "ok.xlsx")
    Presentation().save(str(tmp_path / "ok.pptx"))
    originals = [_docx(tmp_path / "ok.docx"), tmp_path / "ok.xlsx", tmp_path / "ok.pptx"]
    rng = random.Random(7)
    for original in originals:
        data = original.read_bytes()
        variants = [data[: len(data) * k // 5] for k in (1, 3, 4)]
        for _ in range(3):
            flipped = bytearray(data)
            for _ in range(20):
                flipped[rng.randrange(100, len(data))] ^= 0xFF
            variants.append(bytes(flipped))
        for i, blob in enumerate(variants):
            path = tmp_path / f"damaged-{i}{original.suffix}"
            path.write_bytes(blob)
            try:
                parse_file(path, settings)
            except ParseError as err:
                assert err.file == path.name and err.stage == "parse"


def _worker_pids() -> list[int]:
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes()
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == os.getpid() and b"finrag.parse.worker" in cmd:
            pids.append(int(proc.name))
    return pids


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to find the child")
def test_a_child_killed_mid_parse_is_a_parse_error(tmp_path: Path, settings: Settings) -> None:
    """The out-of-memory killer (or a native crash) takes the parser down: the caller gets a ParseError."""
    import signal
    import time

    from finrag.parse.isolate import shutdown_workers

    shutdown_workers()
    path = tmp_path / "huge.csv"
    path.write_text("id,value,note\n" + "".join(f"r{i},{i},x\n" for i in range(400_000)), encoding="utf-8")
    settings.parse.isolate_min_mb = 0
    killed: list[int] = []

    def killer() -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not killed:
            for pid in _worker_pids():
                time.sleep(0.2)
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.05)

    t = threading.Thread(target=killer)
    t.start()
    with pytest.raises(ParseError, match="parser process died") as err:
        parse_file(path, settings)
    t.join()
    assert err.value.file == "huge.csv" and killed
