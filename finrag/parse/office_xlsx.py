"""Spreadsheets: XLSX (openpyxl, read-only, cached formula values) and CSV (encoding and delimiter
sniffed). Each sheet is one Table on its own page (page = sheet index, 1-based)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.utils.cell import range_boundaries

from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse.detect import sniff_delimiter
from finrag.parse.office_common import DocBuilder
from finrag.parse.text import decode_text

# Bytes of sheet XML scanned per read when collecting merged ranges, and the overlap kept between reads
# so that a <mergeCell> element cut by a read boundary is still seen.
MERGE_SCAN_BLOCK = 1 << 20
MERGE_SCAN_OVERLAP = 128
# Empty rows that separate two tables on one sheet.
TABLE_GAP_ROWS = 2
# Significant digits for floats without a number format (hides binary noise like 0.30000000000000004).
FLOAT_DIGITS = 15
_MERGE_RE = re.compile(rb'<(?:\w+:)?mergeCell\s+ref="([A-Z]+\d+:[A-Z]+\d+)"')
_DECIMALS_RE = re.compile(r"0\.(0+)")


def format_cell(value: Any, number_format: str = "General") -> str:
    """A cell value as Excel would print it (percentages, thousands separators, decimals, ISO dates)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, int | float):
        fmt = number_format or "General"
        m = _DECIMALS_RE.search(fmt)
        decimals = len(m.group(1)) if m else 0
        sep = "," if "#,##" in fmt else ""
        if "%" in fmt:
            return f"{value * 100:{sep}.{decimals}f}%"
        if fmt != "General" and (m or sep or fmt.startswith("0")):
            return f"{value:{sep}.{decimals}f}"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return format(value, f".{FLOAT_DIGITS}g") if isinstance(value, float) else str(value)
    return str(value).strip()


def merged_ranges(path: Path, sheet_xml: str) -> list[tuple[int, int, int, int]]:
    """(min_col, min_row, max_col, max_row) of every merged range of one sheet, read from its XML (openpyxl's
    read-only mode does not expose them)."""
    found: set[bytes] = set()
    with zipfile.ZipFile(path) as zf, zf.open(sheet_xml.lstrip("/")) as fh:
        tail = b""
        while block := fh.read(MERGE_SCAN_BLOCK):
            data = tail + block
            found.update(_MERGE_RE.findall(data))
            tail = data[-MERGE_SCAN_OVERLAP:]
    out = []
    for ref in found:
        c0, r0, c1, r1 = range_boundaries(ref.decode())
        if None not in (c0, r0, c1, r1):
            out.append((int(c0 or 0), int(r0 or 0), int(c1 or 0), int(r1 or 0)))
    return out


def fill_merged(grid: list[list[str]], ranges: list[tuple[int, int, int, int]]) -> None:
    """Repeat each merged range's top-left value into all its cells (within the grid read)."""
    for c0, r0, c1, r1 in ranges:
        if r0 - 1 >= len(grid):
            continue
        top = grid[r0 - 1]
        value = top[c0 - 1] if c0 - 1 < len(top) else ""
        for r in range(r0 - 1, min(r1, len(grid))):
            row = grid[r]
            if len(row) < c1:
                row.extend([""] * (c1 - len(row)))
            for c in range(c0 - 1, c1):
                row[c] = value


def _trim(grid: list[list[str]]) -> list[list[str]]:
    while grid and not any(grid[-1]):
        grid.pop()
    width = max((max((i + 1 for i, c in enumerate(r) if c), default=0) for r in grid), default=0)
    return [r[:width] + [""] * (width - len(r)) for r in grid]


class XlsxParser:
    media_types = ("xlsx",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        b = DocBuilder(file_name, doc_id, "xlsx", "xlsx")
        with path.open("rb") as fh:  # a file object: openpyxl refuses names without an Excel extension
            wb = openpyxl.load_workbook(fh, read_only=True, data_only=True)
            try:
                self._sheets(wb, b, path, settings.parse.max_sheet_rows)
            finally:
                wb.close()
        return b.build(pages=len(wb.worksheets))

    @staticmethod
    def _sheets(wb: openpyxl.Workbook, b: DocBuilder, path: Path, max_rows: int) -> None:
        for index, ws in enumerate(wb.worksheets, 1):
            b.page = index
            title = ws.title
            if ws.sheet_state != "visible":
                b.warnings.append(f"sheet {index} '{title}' is hidden ({ws.sheet_state}); parsed anyway")
            grid: list[list[str]] = []
            for row in ws.iter_rows():
                if len(grid) >= max_rows:
                    b.warnings.append(
                        f"sheet {index} '{title}': only the first {max_rows:,} rows were read "
                        "(settings.parse.max_sheet_rows)"
                    )
                    break
                grid.append([format_cell(c.value, getattr(c, "number_format", "General")) for c in row])
            sheet_xml = getattr(ws, "_worksheet_path", None)
            if sheet_xml:
                fill_merged(grid, merged_ranges(path, sheet_xml))
            grid = _trim(grid)
            b.heading(title, 1)
            if not grid:
                b.warnings.append(f"sheet {index} '{title}' is empty")
                continue
            for part, block in enumerate(split_blocks(grid)):
                b.table(block, caption=title if part == 0 else f"{title} ({part + 1})")


def split_blocks(grid: list[list[str]]) -> list[list[list[str]]]:
    """Split a sheet into separate tables at runs of :data:`TABLE_GAP_ROWS` or more empty rows (one empty
    row often separates sections of the same statement, so it does not split)."""
    blocks: list[list[list[str]]] = [[]]
    empty_run = 0
    for row in grid:
        if not any(row):
            empty_run += 1
            continue
        if empty_run >= TABLE_GAP_ROWS and blocks[-1]:
            blocks.append([])
        empty_run = 0
        blocks[-1].append(row)
    return [b for b in blocks if b]


class CsvParser:
    media_types = ("csv",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        text, _, warnings = decode_text(path.read_bytes(), file_name=file_name)
        b = DocBuilder(file_name, doc_id, "csv", "csv", warnings=warnings)
        delimiter = sniff_delimiter(text[:8192]) or ("\t" if "\t" in text.split("\n", 1)[0] else ",")
        grid: list[list[str]] = []
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            if len(grid) >= settings.parse.max_sheet_rows:
                limit = settings.parse.max_sheet_rows
                b.warnings.append(f"only the first {limit:,} rows were read (settings.parse.max_sheet_rows)")
                break
            grid.append([c.strip() for c in row])
        grid = _trim(grid)
        if not grid:
            b.add(BlockKind.TEXT, text)
        else:
            b.table(grid)
        return b.build()
