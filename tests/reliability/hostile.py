"""Hostile files made on the fly: each builder writes one file into a folder and returns its path.

Nothing here writes more than a few MB to disk: bombs are built from streamed, highly compressible
zip entries whose *declared* size is huge, and the "huge" image is only a PNG header claiming its size.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from pathlib import Path

from tests.reliability.hostile_zip import docx_bomb, million_rows_xlsx, xlsx_bomb

HostileBuilder = Callable[[Path], Path]

BLANK_PAGES = 10_000  # pages of the "many blank pages" PDF
HUGE_SIDE = 30_000  # pixels per side of the huge image
LONG_LINE_BYTES = 5 * 1024 * 1024  # the Markdown file's single line
TEXT_LINES = ["Northwind Traders Annual Report 2019", "Total revenue for 2019 was 1,250 million dollars."]


def small_pdf(path: Path, lines: list[str] | None = None, *, encrypt: str | None = None) -> Path:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), encrypt=encrypt)
    y = 780
    for line in lines or TEXT_LINES:
        c.drawString(72, y, line)
        y -= 20
    c.showPage()
    c.save()
    return path


def zero_bytes(folder: Path) -> Path:
    path = folder / "empty.pdf"
    path.write_bytes(b"")
    return path


def truncated_pdf(folder: Path) -> Path:
    data = small_pdf(folder / "whole.pdf").read_bytes()
    path = folder / "truncated.pdf"
    path.write_bytes(data[: len(data) // 2])
    return path


def bit_flipped_pdf(folder: Path) -> Path:
    data = bytearray(small_pdf(folder / "whole.pdf").read_bytes())
    for i in range(200, len(data), 97):  # keep the header, flip a bit every 97 bytes after it
        data[i] ^= 0x10
    path = folder / "flipped.pdf"
    path.write_bytes(bytes(data))
    return path


def encrypted_pdf(folder: Path) -> Path:
    from reportlab.lib.pdfencrypt import StandardEncryption

    enc = StandardEncryption("user-secret", ownerPassword="owner-secret", canPrint=0)
    return small_pdf(folder / "encrypted.pdf", encrypt=enc)


def blank_pages_pdf(folder: Path) -> Path:
    """A PDF of :data:`BLANK_PAGES` empty pages, written by hand (reportlab takes seconds for this)."""
    kids = " ".join(f"{3 + i} 0 R" for i in range(BLANK_PAGES))
    objs = ["<< /Type /Catalog /Pages 2 0 R >>", f"<< /Type /Pages /Kids [{kids}] /Count {BLANK_PAGES} >>"]
    objs += ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"] * BLANK_PAGES
    return _write_pdf(folder / "blank_pages.pdf", objs)


def looping_page_tree_pdf(folder: Path) -> Path:
    """A page tree whose intermediate node lists itself (and its parent) as a kid."""
    objs = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 2 0 R] /Count 2 >>",
    ]
    return _write_pdf(folder / "loop.pdf", objs)


def _write_pdf(path: Path, objs: list[str]) -> Path:
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for n, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += f"{n} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(bytes(out))
    return path


def gbk_csv_as_txt(folder: Path) -> Path:
    path = folder / "报表.txt"  # a CSV in GBK, named as plain text
    rows = ["项目,2019年,2018年", "营业收入,1250,1100", "净利润,310,280", "总资产,5000,4700"]
    path.write_bytes("\n".join(rows).encode("gbk"))
    return path


def invalid_utf8_txt(folder: Path) -> Path:
    path = folder / "broken.txt"
    para = "公司2019年营业收入增长百分之十二，净利润增长百分之八。Revenue grew; net income rose.\n".encode()
    # a stray byte order mark, a cut multi-byte character and lone continuation bytes in every paragraph
    path.write_bytes((para + b"\xff\xfe Net income rose \xe8\x90 again.\x80\n\n") * 20)
    return path


def huge_png_header(folder: Path) -> Path:
    """A PNG whose IHDR claims :data:`HUGE_SIDE` x :data:`HUGE_SIDE` pixels, with a tiny IDAT."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", HUGE_SIDE, HUGE_SIDE, 8, 0, 0, 0, 0)
    idat = zlib.compress(bytes(HUGE_SIDE + 1) * 4)
    path = folder / "huge.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b""))
    return path


def traversal_name(folder: Path) -> Path:
    """A real PDF stored under an innocuous name; its *display* name is ``../../etc/passwd.pdf``."""
    return small_pdf(folder / "passwd.pdf")


TRAVERSAL_NAME = "../../etc/passwd.pdf"
CONTROL_NAME = "re\x00port\x07\x1b[31m\n2019.pdf"


def html_with_scripts(folder: Path) -> Path:
    path = folder / "scripts.html"
    path.write_text(
        "<!doctype html><html><head><script>alert('pwned'); var secret = 'SCRIPT-PAYLOAD';</script>"
        "<style>body{color:red}</style></head><body><h1>Northwind 2019</h1>"
        "<p onclick=\"alert('x')\">Total revenue for 2019 was 1,250 million dollars.</p>"
        "<script>document.write('SCRIPT-PAYLOAD')</script></body></html>",
        encoding="utf-8",
    )
    return path


def long_line_md(folder: Path, size: int = LONG_LINE_BYTES) -> Path:
    path = folder / f"long_line_{size}.md"
    words = "revenue grew in 2019 并且 净利润 增长 "
    line = (words * (size // len(words.encode()) + 1)).encode()[:size]
    path.write_bytes(b"# Long line\n\n" + line.decode("utf-8", errors="ignore").encode() + b"\n")
    return path


# name -> builder; the tests parametrise over this table
HOSTILE: dict[str, HostileBuilder] = {
    "zero_bytes": zero_bytes,
    "truncated_pdf": truncated_pdf,
    "bit_flipped_pdf": bit_flipped_pdf,
    "encrypted_pdf": encrypted_pdf,
    "blank_pages_pdf": blank_pages_pdf,
    "looping_page_tree_pdf": looping_page_tree_pdf,
    "docx_bomb": docx_bomb,
    "xlsx_bomb": xlsx_bomb,
    "million_rows_xlsx": million_rows_xlsx,
    "gbk_csv_wrong_extension": gbk_csv_as_txt,
    "invalid_utf8_txt": invalid_utf8_txt,
    "huge_png": huge_png_header,
    "html_with_scripts": html_with_scripts,
    "long_line_md": long_line_md,
}
