"""Content-based type detection: the extension never decides between a binary format and another."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import docx
import openpyxl
import pytest

from finrag.errors import EncryptedFileError, UnsupportedFileError
from finrag.parse.detect import HEAD_BYTES, detect_media_type, language_of, sniff_delimiter


def _detect(path: Path) -> str:
    return detect_media_type(path, path.read_bytes()[:HEAD_BYTES], file_name=path.name)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    p = tmp_path / name
    p.write_bytes(data)
    return p


def test_office_formats_are_told_apart_by_their_main_part(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("hello")
    d.save(str(tmp_path / "report.bin"))
    wb = openpyxl.Workbook()
    wb.save(tmp_path / "sheet.csv")  # an XLSX named .csv
    assert _detect(tmp_path / "report.bin") == "docx"
    assert _detect(tmp_path / "sheet.csv") == "xlsx"


def test_pdf_is_recognised_whatever_the_name(tmp_path: Path) -> None:
    assert _detect(_write(tmp_path, "annual.txt", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj")) == "pdf"
    assert _detect(_write(tmp_path, "REPORT.PDF", b"\r\n%PDF-1.4\n")) == "pdf"


def test_images_are_routed_to_ocr(tmp_path: Path) -> None:
    assert _detect(_write(tmp_path, "scan.dat", b"\x89PNG\r\n\x1a\n" + b"\x00" * 20)) == "image"
    assert _detect(_write(tmp_path, "scan.jpeg", b"\xff\xd8\xff\xe0" + b"\x00" * 20)) == "image"
    assert _detect(_write(tmp_path, "scan.tif", b"II*\x00" + b"\x00" * 20)) == "image"


def test_a_plain_zip_and_random_bytes_are_unsupported(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("notes.txt", "just a zip")
    with pytest.raises(UnsupportedFileError) as err:
        _detect(_write(tmp_path, "fake.docx", buf.getvalue()))
    assert err.value.stage == "parse" and err.value.file == "fake.docx"
    with pytest.raises(UnsupportedFileError, match="binary"):
        _detect(_write(tmp_path, "noise.txt", bytes(range(256)) * 8))
    ole2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 1000
    with pytest.raises(EncryptedFileError, match="password") as locked:
        _detect(_write(tmp_path, "locked.xlsx", ole2 + "EncryptedPackage".encode("utf-16-le") + b"\x00" * 64))
    assert locked.value.file == "locked.xlsx"
    with pytest.raises(UnsupportedFileError, match="legacy"):
        _detect(_write(tmp_path, "old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100))


def test_text_flavours(tmp_path: Path) -> None:
    assert _detect(_write(tmp_path, "page.txt", b"<!DOCTYPE html><html><body>x</body></html>")) == "html"
    assert _detect(_write(tmp_path, "doc.md", b"plain words")) == "md"
    assert _detect(_write(tmp_path, "notes", b"# Title\n\nText\n\n## Part\n\n- item\n")) == "md"
    gbk_csv = "参数名,默认值,说明\ntimeout,3000,超时\nretries,3,重试\n".encode("gbk")
    assert _detect(_write(tmp_path, "params.txt", gbk_csv)) == "csv"
    prose = "Revenue grew, driven by volume.\nMargins held, thanks to mix, pricing, and costs.\nEnd.\n"
    assert _detect(_write(tmp_path, "prose.txt", prose.encode())) == "txt"
    assert _detect(_write(tmp_path, "u16.txt", "第一章 总则".encode("utf-16"))) == "txt"


def test_sniff_delimiter() -> None:
    assert sniff_delimiter("a;b;c\n1;2;3\n4;5;6\n") == ";"
    assert sniff_delimiter("a\tb\n1\t2\n3\t4\n") == "\t"
    assert sniff_delimiter("one line only, here\n") is None


def test_language_of() -> None:
    assert language_of("报告期内，公司实现营业收入12.57亿元 (revenue)") == "zh"
    assert language_of("Revenue for the third quarter was $812 million (营业收入)") == "en"
    assert language_of("12345") == "en"
