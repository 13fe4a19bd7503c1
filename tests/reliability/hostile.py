"""Hostile files made on the fly: each builder writes one file into a folder and returns its path.

Nothing here writes more than a few MB to disk: bombs are built from streamed, highly compressible
zip entries whose *declared* size is huge, and the "huge" image is only a PNG header claiming its size.
"""

from __future__ import annotations

import functools
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

HostileBuilder = Callable[[Path], Path]

BLANK_PAGES = 10_000  # pages of the "many blank pages" PDF
BOMB_BYTES = 2 << 30  # uncompressed size of the zip bomb entry (2 GiB, ~2 MB on disk)
BOMB_BLOCK = 1 << 24  # zero bytes compressed once and repeated while building the bomb
MILLION_ROWS = 1_000_000  # rows of the huge spreadsheet
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


@functools.lru_cache(maxsize=2)
def _deflated_zeros(total: int) -> tuple[bytes, int]:
    """Raw deflate data for ``total`` zero bytes and its CRC-32, without compressing ``total`` bytes.

    After a full flush the compressor forgets its window, so every :data:`BOMB_BLOCK` of zeros compresses
    to the same bytes: compress one block, repeat its output, end with an empty final block."""
    block = bytes(BOMB_BLOCK)
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = comp.compress(block) + comp.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(total // BOMB_BLOCK):
        crc = zlib.crc32(block, crc)
    tail = zlib.compressobj(9, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)
    return piece * (total // BOMB_BLOCK) + tail, crc


ZIP64_MARK = 0xFFFFFFFF
ZIP_VERSION = 45  # zip64
DOS_DATE_1980 = 0x21  # 1980-01-01


def _zip_with_bomb(path: Path, parts: dict[str, str], bomb_name: str, total: int = BOMB_BYTES) -> Path:
    """An OOXML zip whose ``bomb_name`` entry inflates to ``total`` zero bytes (a few MB on disk).

    Written by hand (zip64 local and central headers) so that building it takes a second, not minutes."""
    out = bytearray()
    central = bytearray()
    entries = [(name, text.encode(), 0) for name, text in parts.items()]
    for name, raw, _ in entries:
        offset = len(out)
        crc, size, fname = zlib.crc32(raw), len(raw), name.encode()
        out += struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, DOS_DATE_1980, crc, size, size, len(fname), 0
        )
        out += fname + raw
        central += (
            struct.pack(
                "<IHHHHHHIIIHHHHHII",
                0x02014B50,
                20,
                20,
                0,
                0,
                0,
                DOS_DATE_1980,
                crc,
                size,
                size,
                len(fname),
                0,
                0,
                0,
                0,
                0,
                offset,
            )
            + fname
        )
    data, crc = _deflated_zeros(total)
    fname, offset = bomb_name.encode(), len(out)
    extra = struct.pack("<HHQQ", 1, 16, total, len(data))
    out += (
        struct.pack(
            "<IHHHHHIIIHH",
            0x04034B50,
            ZIP_VERSION,
            0,
            8,
            0,
            DOS_DATE_1980,
            crc,
            ZIP64_MARK,
            ZIP64_MARK,
            len(fname),
            len(extra),
        )
        + fname
        + extra
        + data
    )
    central += (
        struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50,
            ZIP_VERSION,
            ZIP_VERSION,
            0,
            8,
            0,
            DOS_DATE_1980,
            crc,
            ZIP64_MARK,
            ZIP64_MARK,
            len(fname),
            len(extra),
            0,
            0,
            0,
            0,
            offset,
        )
        + fname
        + extra
    )
    count = len(entries) + 1
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(out), 0)
    path.write_bytes(bytes(out + central + end))
    return path


CONTENT_TYPES = (
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="xml" ContentType="application/xml"/></Types>'
)


def docx_bomb(folder: Path) -> Path:
    return _zip_with_bomb(folder / "bomb.docx", {"[Content_Types].xml": CONTENT_TYPES}, "word/document.xml")


def xlsx_bomb(folder: Path) -> Path:
    return _zip_with_bomb(folder / "bomb.xlsx", {"[Content_Types].xml": CONTENT_TYPES}, "xl/workbook.xml")


XLSX_PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    ),
    "xl/workbook.xml": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'
    ),
    "xl/_rels/workbook.xml.rels": (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
    ),
}


def million_rows_xlsx(folder: Path, rows: int = MILLION_ROWS, *, dimension: bool = True) -> Path:
    """An .xlsx with ``rows`` numeric rows, its sheet XML streamed straight into the zip.

    Excel always writes the sheet's ``<dimension>``; without it openpyxl scans the whole sheet first."""
    path = folder / "million.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for name, text in XLSX_PARTS.items():
            zf.writestr(name, text)
        with zf.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as fh:
            fh.write(
                b'<?xml version="1.0" encoding="UTF-8"?><worksheet '
                b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                + (f'<dimension ref="A1:B{rows + 1}"/>'.encode() if dimension else b"")
                + b"<sheetData>"
                b'<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c>'
                b'<c r="B1" t="inlineStr"><is><t>amount</t></is></c></row>'
            )
            batch = []
            for r in range(2, rows + 2):
                batch.append(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}"><v>{r * 3}</v></c></row>')
                if len(batch) == 10_000:
                    fh.write("".join(batch).encode())
                    batch.clear()
            fh.write("".join(batch).encode() + b"</sheetData></worksheet>")
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
