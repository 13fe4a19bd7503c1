"""Page tables -> document tables: a table that closes its page and goes on at the top of the next is one
table (its repeated header dropped); a continuation laid out in other columns is laid back into the first
page's columns."""

from __future__ import annotations

import re
from collections.abc import Sequence

from finrag.model import PageBox, Table
from finrag.parse.tables import MIN_ROW_FIGURES, PageTable, clean_cell, is_amount, split_header

_CONTINUED = re.compile(r"continued|[（(]续[）)]|续表", re.IGNORECASE)
MIN_SHAPE_CELLS = 3  # a row shape shared by the last row of a page and the first of the next: this many cells


def _key(row: list[str]) -> str:
    return "|".join("".join(c.split()) for c in row)


def _first_label(pt: PageTable) -> str:
    _, body = split_header([[clean_cell(c) for c in r] for r in pt.raw_rows])
    return "".join(body[0][0].split()).lower() if body and body[0] else ""


def _restarts(pt: PageTable, first: PageTable) -> bool:
    """The page's table opens with the first row of the table it would continue ("Sales to customers"
    again): the same statement for another period (its "SIX MONTHS" heading printed apart), not the rest."""
    label = _first_label(pt)
    return bool(label) and label == _first_label(first)


def _filled(pt: PageTable) -> list[int]:
    """The columns of a page table that print something (a spacer column the reader found prints nothing)."""
    width = max(len(r) for r in pt.raw_rows)
    return [j for j in range(width) if any(j < len(r) and r[j].strip() for r in pt.raw_rows)]


def _shape(row: list[str]) -> list[bool]:
    """A row's printed cells in order, each an amount or not (where the reader put them aside)."""
    return [is_amount(clean_cell(c)) for c in row if clean_cell(c)]


def _same_rows(pt: PageTable, prev: PageTable) -> bool:
    """``pt`` opens with a row shaped as ``prev``'s last (a name, then the same run of amounts and words):
    the rows of one table, whatever columns the reader found on each page (a shareholders' table)."""
    shape = _shape(pt.raw_rows[0])
    enough = len(shape) >= MIN_SHAPE_CELLS and sum(shape) >= MIN_ROW_FIGURES
    return enough and shape == _shape(prev.raw_rows[-1])


def _continues(pt: PageTable, prev: PageTable) -> bool:
    """``pt`` goes on with ``prev``: it opens the next page right where ``prev`` closed its own, with as many
    columns (or as many printing ones: the page before may have an empty spacer column), or with a row shaped
    as the last one of ``prev``."""
    return (
        prev.last_on_page
        and pt.first_on_page
        and pt.page == prev.page + 1
        and (
            len(pt.raw_rows[0]) == len(prev.raw_rows[0])
            or len(_filled(pt)) == len(_filled(prev))
            or _same_rows(pt, prev)
        )
    )


def _laid_as(rows: list[list[str]], cont: PageTable, first: PageTable, last: list[str]) -> list[list[str]]:
    """A continuation's rows in the columns of the table it continues: its printing columns onto those of
    ``first`` when a spacer column sets them apart, else by its first row's cells onto those of ``last`` (the
    row before it, in ``first``'s columns), a cell between two of them kept as far from the one before."""
    if len(cont.raw_rows[0]) == len(first.raw_rows[0]):
        return rows
    width = len(first.raw_rows[0])
    if len(_filled(cont)) == len(_filled(first)):
        pairs = dict(zip(_filled(cont), _filled(first), strict=False))
    else:
        printed = [j for j, c in enumerate(last) if c]
        pairs = dict(zip([k for k, c in enumerate(rows[0]) if c], printed, strict=False))
    out: list[list[str]] = []
    for row in rows:
        laid = [""] * width
        for k, cell in enumerate(row):
            anchor = max((a for a in pairs if a <= k), default=None)
            j = pairs[k] if k in pairs else None if anchor is None else pairs[anchor] + k - anchor
            if cell and j is not None and j < width and not laid[j]:
                laid[j] = cell
        out.append(laid)
    return out


def orphan_fragments(page_tables: Sequence[PageTable]) -> list[PageTable]:
    """One-row pieces that continue no table from the page before: text, not tables."""
    return [
        pt
        for i, pt in enumerate(page_tables)
        if pt.fragment and not (i and _continues(pt, page_tables[i - 1]))
    ]


def merge_tables(page_tables: Sequence[PageTable]) -> list[Table]:
    """Page tables -> document tables; a table that ends its page and continues at the top of the next
    page (with the same columns, or rows of the same shape) is merged, its repeated header dropped."""
    groups: list[list[PageTable]] = []
    for pt in page_tables:
        prev = groups[-1][-1] if groups else None
        if (
            prev is not None
            and _continues(pt, prev)
            and (not pt.caption or pt.caption == prev.caption or bool(_CONTINUED.search(pt.caption)))
            and not _restarts(pt, groups[-1][0])
        ):
            groups[-1].append(pt)
        else:
            groups.append([pt])
    tables: list[Table] = []
    for g in groups:
        header, body = split_header([[clean_cell(c) for c in r] for r in g[0].raw_rows])
        row_pages = [g[0].page] * len(body)
        hkeys = [_key(h) for h in header]
        for cont in g[1:]:
            last = body[-1] if body else header[-1]
            rows = _laid_as([[clean_cell(c) for c in r] for r in cont.raw_rows], cont, g[0], last)
            skip = 0
            while skip < len(hkeys) and skip < len(rows) and _key(rows[skip]) == hkeys[skip]:
                skip += 1
            body.extend(rows[skip:])
            row_pages.extend([cont.page] * (len(rows) - skip))
        width = len(header[0]) if header else len(body[0])
        every = header + body
        keep = [j for j in range(width) if any(j < len(r) and r[j] for r in every)]
        header = [[r[j] for j in keep] for r in header]
        body = [[r[j] if j < len(r) else "" for j in keep] for r in body]
        table_id = f"t{len(tables) + 1}"
        for pt in g:
            pt.table_id = table_id
        tables.append(
            Table(
                table_id=table_id,
                pages=[pt.page for pt in g],
                header=header,
                rows=body,
                caption=g[0].caption,
                unit=g[0].unit,
                bboxes=[PageBox(pt.page, pt.bbox) for pt in g],
                row_pages=row_pages,
            )
        )
    return tables
