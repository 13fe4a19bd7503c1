"""Rebuild a table's rows and columns from the OCR boxes inside a table region.

Rows: boxes clustered by (skew-corrected) centre y. Columns: x-extents of the boxes in the fullest
rows merged into column bands; every box then goes to the band it overlaps most. Leading rows without
amounts are the header. The result is label -> value per period, cells exactly as read.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from dataclasses import dataclass

from finrag.parse.ocr_engine import OcrLine, join_tokens
from finrag.parse.ocr_lines import VLine, corrected_cy

# Boxes whose centres lie within this share of the line height belong to one row.
_ROW_TOL_H = 0.6
# Column bands closer than this (in line heights) are one column.
_COL_MERGE_H = 0.3
# At most this many leading rows are taken as the header.
_MAX_HEADER_ROWS = 3
# Rows of a table found without a layout region are at most this many line heights apart.
_RUN_GAP_H = 2.5
_AMOUNT = re.compile(r"^([(\-−–]?\s*[$¥￥]?\s*\d[\d,，]*(\.\d+)?\s*[)%]?|[-−–—]+)$")  # "-" is nil
_YEARISH = re.compile(r"^(19|20)\d{2}(年.*)?$")
_UNIT = re.compile(r"(单位[:：]\s*[^\s,，;；)）]+|in (?:millions|thousands|billions)[^)]*)", re.IGNORECASE)


@dataclass(slots=True)
class RebuiltTable:
    header: list[list[str]]
    rows: list[list[str]]
    score: float
    unit: str | None


def is_amount(cell: str) -> bool:
    c = cell.strip().replace(" ", "")
    return bool(c) and bool(_AMOUNT.match(c)) and not _YEARISH.match(c)


def _rows(boxes: list[OcrLine], skew_deg: float, width: float) -> list[list[OcrLine]]:
    tan = math.tan(math.radians(skew_deg))
    h = statistics.median(b.height for b in boxes)
    ordered = sorted(boxes, key=lambda b: corrected_cy(b, tan, width / 2))
    rows: list[list[OcrLine]] = []
    row_cy = -1e9
    for b in ordered:
        cy = corrected_cy(b, tan, width / 2)
        if rows and cy - row_cy <= _ROW_TOL_H * h:
            rows[-1].append(b)
            row_cy = statistics.mean(corrected_cy(x, tan, width / 2) for x in rows[-1])
        else:
            rows.append([b])
            row_cy = cy
    return [sorted(r, key=lambda b: b.x0) for r in rows]


def _bands(rows: list[list[OcrLine]], h: float) -> list[tuple[float, float]]:
    counts = Counter(len(r) for r in rows)
    repeated = [n for n, c in counts.items() if c >= 2]
    full = max(repeated) if repeated else max(counts)
    spans = sorted((b.x0, b.x1) for r in rows if len(r) == full for b in r)
    bands: list[tuple[float, float]] = []
    for x0, x1 in spans:
        if bands and x0 <= bands[-1][1] + _COL_MERGE_H * h:
            bands[-1] = (bands[-1][0], max(bands[-1][1], x1))
        else:
            bands.append((x0, x1))
    return bands


def _band_of(b: OcrLine, bands: list[tuple[float, float]]) -> int:
    def overlap(band: tuple[float, float]) -> float:
        return min(b.x1, band[1]) - max(b.x0, band[0])

    best = max(range(len(bands)), key=lambda i: overlap(bands[i]))
    if overlap(bands[best]) > 0:
        return best
    return min(range(len(bands)), key=lambda i: abs(b.cx - (bands[i][0] + bands[i][1]) / 2))


def rebuild_table(boxes: list[OcrLine], skew_deg: float, width: float) -> RebuiltTable | None:
    """Rows x columns from the boxes of one table region; None when it is not a grid (< 2 x 2)."""
    if len(boxes) < 4:
        return None
    h = statistics.median(b.height for b in boxes)
    rows = _rows(boxes, skew_deg, width)
    bands = _bands(rows, h)
    if len(rows) < 2 or len(bands) < 2:
        return None
    grid: list[list[str]] = []
    for r in rows:
        cells: list[list[str]] = [[] for _ in bands]
        for b in r:
            cells[_band_of(b, bands)].append(b.text)
        grid.append([join_tokens(c) for c in cells])
    n_header = 0
    while n_header < min(_MAX_HEADER_ROWS, len(grid) - 1) and not any(
        is_amount(c) for c in grid[n_header][1:]
    ):
        n_header += 1
    if n_header == len(grid):
        n_header = 0
    header, body = grid[:n_header], grid[n_header:]
    chars = sum(max(len(b.text), 1) for b in boxes)
    score = sum(b.score * max(len(b.text), 1) for b in boxes) / chars
    unit = find_unit(" ".join(c for row in header for c in row))
    return RebuiltTable(header=header, rows=body, score=score, unit=unit)


def find_unit(text: str) -> str | None:
    m = _UNIT.search(text)
    if not m:
        return None
    unit = m.group(1)
    return re.sub(r"^单位[:：]\s*", "", unit)


def _rows_of_lines(vlines: list[VLine]) -> list[list[VLine]]:
    rows: list[list[VLine]] = []
    for v in sorted(vlines, key=lambda v: (v.top + v.bottom) / 2):
        last = rows[-1] if rows else None
        if last and min(v.bottom, last[0].bottom) - max(v.top, last[0].top) >= 0.5 * min(v.h, last[0].h):
            last.append(v)
        else:
            rows.append([v])
    return [sorted(r, key=lambda v: v.x0) for r in rows]


def grid_runs(vlines: list[VLine], min_rows: int) -> list[list[VLine]]:
    """Tables the layout model missed: runs of rows that hold separate cells with amounts after a label.

    Visual lines never join across a wide gap, so a table row is several visual lines at one height. A run
    needs ``min_rows`` such rows, each close below the previous; a text row of cells just above is its header.
    """
    rows = _rows_of_lines(vlines)
    runs: list[list[VLine]] = []
    current: list[list[VLine]] = []

    def numeric(row: list[VLine]) -> bool:
        return len(row) >= 2 and any(is_amount(v.text) for v in row[1:])

    def flush() -> None:
        if sum(1 for r in current if numeric(r)) >= min_rows:
            runs.append([v for r in current for v in r])

    for i, row in enumerate(rows):
        h = statistics.median(v.h for v in row)
        near = bool(current) and row[0].top - max(v.bottom for v in current[-1]) <= _RUN_GAP_H * h
        if numeric(row):
            if current and not near:
                flush()
                current = []
            if not current and i > 0 and len(rows[i - 1]) >= 2 and not numeric(rows[i - 1]):
                above = rows[i - 1]
                if row[0].top - max(v.bottom for v in above) <= _RUN_GAP_H * h:
                    current.append(above)  # header row (periods) just above the first amounts
            current.append(row)
        elif current:
            flush()
            current = []
    flush()
    return runs
