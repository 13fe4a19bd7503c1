from __future__ import annotations

import pytest

from finrag.errors import UnsupportedFileError
from finrag.serve.jobs import MAX_NAME_CHARS, safe_name
from finrag.serve.uploads import check_type


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("../../etc/passwd", "passwd"),
        ("..\\..\\windows\\win.ini", "win.ini"),
        ("/abs/path/report.pdf", "report.pdf"),
        ("..", "upload"),
        (".hidden.pdf", "hidden.pdf"),
        ("年报\x00<2019>.pdf", "年报__2019_.pdf"),
        ("", "upload"),
    ],
)
def test_uploaded_names_never_carry_a_path(raw: str, expected: str) -> None:
    assert safe_name(raw) == expected


def test_long_names_keep_their_extension() -> None:
    name = safe_name("x" * 500 + ".pdf")
    assert len(name) <= MAX_NAME_CHARS and name.endswith(".pdf")


def test_type_check_accepts_real_content_and_refuses_the_rest() -> None:
    check_type("a.pdf", b"%PDF-1.7\n...")
    check_type("a.docx", b"PK\x03\x04rest")
    check_type("a.csv", "年份,收入\n2019,1".encode())
    for name, head in (("a.exe", b"MZ"), ("a.pdf", b"<html>"), ("a.txt", b"ab\x00cd"), ("noext", b"x")):
        with pytest.raises(UnsupportedFileError):
            check_type(name, head)
