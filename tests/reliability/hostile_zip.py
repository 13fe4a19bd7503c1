"""Hostile Office zips built fast: bombs with a huge declared entry, and a million-row sheet."""

from __future__ import annotations

import functools
import struct
import zipfile
import zlib
from pathlib import Path

BOMB_BYTES = 2 << 30  # uncompressed size of the zip bomb entry (2 GiB, ~2 MB on disk)
BOMB_BLOCK = 1 << 24  # zero bytes compressed once and repeated while building the bomb
MILLION_ROWS = 1_000_000  # rows of the huge spreadsheet


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
