"""Tables printed in blocks of one year each: the year once per block in the first column (a merged cell
printed at the block's middle row) and a total row closing every block.

Prospectuses list the five largest customers or suppliers that way ("| 2010年度 | 4 | 常州天合光能 |
5,508.83 | 4.41% |" … "| | 合计 | - | 74,892.64 | 60.01% |"). Read as printed, the year would be the
label of one row and the other rows undated; re-laid, every row of a block is dated by the block's year:
names down the side, one column per year and measure ("2010年度 销售金额", "2010年度 占总销售比例").
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.columns import Column
from finrag.answer.periods import BARE_YEAR, resolve_label
from finrag.answer.transpose import PERIOD_LABEL
from finrag.answer.units import detect_unit, parse_number
from finrag.model import Document, Table

_TOTAL = re.compile(r"^\s*(?:合\s*计|小\s*计|总\s*计)\s*$")
# "4", "五" down a 序号 column
_SERIAL = re.compile(r"^\s*(?:\d{1,2}|[一二三四五六七八九十]{1,2})\s*[、.]?\s*$")
# a merged year cell wrapped over two rows ("2010" then "年度"): a bare year, then the rest of it
_YEAR_REST = re.compile(r"^\s*(?:年度|年)\s*$")
_FILLER = re.compile(r"^[\s\-－—/]*$")  # "-" where a total row has no name
MIN_BLOCKS = 2  # one block is a table of one year, read the usual way


def year_blocks(header: list[list[str]], rows: list[list[str]], table: Table) -> Table | None:
    """``table`` re-laid with one column per (year, measure) when its first column holds one year per block
    of rows and a total row ends every block; else None."""
    first = [r[0].strip() if r else "" for r in rows]
    if (
        not header
        or not rows
        or any(
            c and not (BARE_YEAR.fullmatch(c) or _YEAR_REST.match(c) or PERIOD_LABEL.match(c)) for c in first
        )
    ):
        return None
    blocks: list[tuple[str, list[list[str]]]] = []
    block: list[list[str]] = []
    year = ""
    for row, cell in zip(rows, first, strict=True):
        if cell and year and _YEAR_REST.match(cell):
            year += cell  # "2010 | 年度" down two rows of the merged cell
        elif cell:
            if year:
                return None  # a second year inside one block: not this layout
            year = cell
        block.append(row)
        if any(_TOTAL.match(c) for c in row[1:]):
            if not year:
                return None
            blocks.append((year, block))
            year, block = "", []
    if block or len(blocks) < MIN_BLOCKS:
        return None
    width = max(len(r) for r in rows)
    measures = [c for c in range(1, width) if _measure(rows, c)]
    if not measures:
        return None
    names = [_heading(header, c) for c in measures]
    years = [""] + [y for y, _ in blocks for _ in names]  # two header rows: the year over each measure
    out_header = [years, [""] + [n for _ in blocks for n in names]]
    order: dict[str, list[str]] = {}
    for b, (_, members) in enumerate(blocks):
        for row in members:
            label = _label(row, measures)
            if not label:
                continue
            cells = order.setdefault(label, [""] * (len(blocks) * len(measures)))
            for m, col in enumerate(measures):
                cells[b * len(measures) + m] = row[col] if col < len(row) else ""
    body = [[label, *cells] for label, cells in order.items()]
    page = table.pages[0] if table.pages else 1
    return replace(table, header=out_header, rows=body, row_pages=[page] * len(body))


def block_columns(doc: Document, table: Table) -> list[Column]:
    """The period columns of a re-laid table: each dated by its block's year, whatever its measure
    ("占总销售比例" is a share of that year, not a change column)."""
    years, measures = table.header
    return [
        Column(
            i,
            f"{years[i]} {measures[i]}".strip(),
            resolve_label(years[i], doc.meta.fiscal_year),
            detect_unit(measures[i]),
        )
        for i in range(1, len(years))
    ]


def _measure(rows: list[list[str]], col: int) -> bool:
    """A column of figures (a serial-number column is none)."""
    cells = [r[col].strip() for r in rows if col < len(r) and r[col].strip()]
    numbers = [c for c in cells if parse_number(c) is not None]
    return bool(numbers) and len(numbers) * 2 >= len(cells) and not all(_SERIAL.match(c) for c in numbers)


def _heading(header: list[list[str]], col: int) -> str:
    cells = [row[col].strip() for row in header if col < len(row) and row[col].strip()]
    return cells[-1] if cells else ""


def _label(row: list[str], measures: list[int]) -> str:
    """A row's name: its total word, else its words outside the figure columns (no serial number)."""
    words = [c.strip() for i, c in enumerate(row[1:], 1) if i not in measures]
    if total := next((w for w in words if _TOTAL.match(w)), None):
        return re.sub(r"\s+", "", total)
    kept = [w for w in words if not _SERIAL.match(w) and not _FILLER.match(w)]
    return " ".join(kept)
