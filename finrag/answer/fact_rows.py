"""The reading frame a table's facts are cut from: its header rows, its label column, and the chunk that
shows each row (a row is cited where its label and first amounts are printed)."""

from __future__ import annotations

import re

from finrag.answer.units import parse_number
from finrag.model import Chunk, ChunkKind, Table

_YEAR_CELL = re.compile(r"^\s*(?:FY\s*)?(?:19|20)\d{2}\s*$")  # a year alone in a cell: a column heading
# a row printing only a year ("2021", "Fiscal 2018") above the block of rows it dates; unlike a bare year
# heading (periods.BARE_YEAR), "Fiscal 2018" counts: as a heading it is spread over its columns instead
# a footnote's mark: "(4)" beside "Opioid litigation charges", "(2)" over "2015"
FOOTNOTE_MARK = re.compile(r"\(\d{1,2}\)|\([a-z]\)")
YEAR_ROW = re.compile(r"(?:fiscal\s+)?(?:19|20)\d{2}(?:年度?)?", re.I)
# A column is the label column when at most this share of its cells parse as numbers.
_LABEL_COLUMN_MAX_NUMERIC = 0.3
_ROW_MATCH_AMOUNTS = 2  # amounts of a row looked for, with its label, in the chunk that cites it


def split_header(table: Table) -> tuple[list[list[str]], list[list[str]]]:
    """Header rows and body rows; without header rows, leading rows of labels or years are the header."""
    if table.header or not table.rows:
        return table.header, table.rows
    n = 0
    while n < len(table.rows) - 1 and _is_header_row(table.rows[n]):
        n += 1
    return table.rows[:n], table.rows[n:]


def _is_header_row(row: list[str]) -> bool:
    if row and not row[0].strip() and any(c.strip() for c in row) and all(
        not c.strip() or FOOTNOTE_MARK.fullmatch(c.strip()) for c in row[1:]
    ):
        return True  # "| | | | (2) | | (2) |": footnote marks over the year headings, no amounts
    if (
        row
        and row[0].strip()
        and any(parse_number(c) is not None and not _YEAR_CELL.match(c) for c in row[1:])
    ):
        return False
    return all(parse_number(c) is None or _YEAR_CELL.match(c) for c in row[1:])


def label_column(rows: list[list[str]], width: int) -> int | None:
    for col in range(min(width, 3)):
        cells = [r[col] for r in rows if col < len(r) and r[col].strip()]
        if not cells:
            continue
        numeric = sum(parse_number(c) is not None and not YEAR_ROW.fullmatch(c.strip()) for c in cells)
        if numeric <= _LABEL_COLUMN_MAX_NUMERIC * len(cells):
            return col
    return None


def chunk_for(
    label: str, row: list[str], page: int, table_chunks: list[Chunk], chunks: list[Chunk]
) -> Chunk | None:
    """The chunk that shows this row: a chunk of the table with the label and the row's first amounts (a
    section heading may repeat the label of its total row in another chunk), else the label, else one on
    its page."""
    if len(table_chunks) == 1:
        return table_chunks[0]
    amounts = [cell.strip() for cell in row if cell.strip() and parse_number(cell) is not None]
    amounts = amounts[:_ROW_MATCH_AMOUNTS]
    for c in table_chunks:
        if amounts and label in c.text and all(a in c.text for a in amounts):
            return c
    for c in table_chunks:
        if label in c.text and c.pages and c.pages[0] <= page <= c.pages[-1]:
            return c
    for c in table_chunks:
        if label in c.text:
            return c
    for c in table_chunks:
        if c.pages and c.pages[0] <= page <= c.pages[-1]:
            return c
    if table_chunks:
        return table_chunks[0]
    on_page = [
        c for c in chunks if c.pages and c.pages[0] <= page <= c.pages[-1] and c.kind != ChunkKind.PARENT
    ]
    return next((c for c in on_page if label in c.text), on_page[0] if on_page else None)
