"""Tables the reader ran together, read apart again before their facts are taken.

A page with several tables one under the other ("盈余公积 … 合计", then "（六）财务指标 | 2007年半年度 |
2006年2005年 | 2004年") can come out of the table reader as one table. The rows under a row of year
headings that follows rows of amounts belong to a table of their own, with that row as its header; read
under the first header, their values would carry another table's column names. Where the reader also
merged two year columns into one ("2006年2005年" over "1.49 1.60"), the column is split back in two. A
column right of the labels that holds only labels pushed right or footnote marks is no amount column.
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from finrag.answer.columns import Column
from finrag.answer.periods import MONTH_NAMES
from finrag.answer.units import parse_number
from finrag.model import Table

# One or more years alone in a cell ("2006年2005年", "2007年半年度", "2004"): column headings, not amounts
_YEARS_ONLY = re.compile(r"^(?:\s*(?:19|20)\d{2}\s*年?(?:半年度|上半年|年度|度|末|初)?\s*)+$")
_YEAR = re.compile(r"(?:19|20)\d{2}\s*年?(?:半年度|上半年|年度|度|末|初)?")
_DATE_ONLY = re.compile(rf"(?:{MONTH_NAMES})\.?\s+\d{{1,2}},?\s*(?:19|20)\d{{2}}", re.I)  # "June 30, 2022"
_PAIR = re.compile(r"^\s*(\S+)\s+(\S+)\s*$")
MIN_ROWS_ABOVE = 2  # a heading row under fewer amount rows is the table's own second header line
MIN_PAIRED_ROWS = 2  # two rows printing two numbers in the cell below two years: the reader merged columns


def _years(cell: str) -> list[str]:
    return _YEAR.findall(cell) if _YEARS_ONLY.fullmatch(cell.strip()) else []


def _amount(cell: str) -> bool:
    return bool(cell.strip()) and parse_number(cell) is not None and not _YEARS_ONLY.fullmatch(cell.strip())


def _heads_years(row: list[str]) -> bool:
    """A row of column headings: two years or more, no amount."""
    return sum(len(_years(c)) for c in row) >= 2 and not any(_amount(c) for c in row)


def _heads_dates(row: list[str]) -> bool:
    """A row of column headings by day ("June 30, 2022 | June 30, 2023"), no amount."""
    return sum(bool(_DATE_ONLY.fullmatch(c.strip())) for c in row) >= 2 and not any(_amount(c) for c in row)


def _other_days(row: list[str], header: list[list[str]]) -> bool:
    """A row of days none of which the current header prints ("December 31, 2018 | September 30, 2018" under
    the 2019 quarters): the next block's own columns."""
    printed = " ".join(" ".join(r) for r in header)
    return not any(m.group(0) in printed for c in row for m in _DATE_ONLY.finditer(c))


# "项目 | 本期金额 | 上期金额" printed again under a statement's last rows: the next statement's header
_RELATIVE = re.compile(r"^(?:期末|年初|期初|年末|本期|上期|本年|上年)(?:余额|金额|数|发生额)?$")
_BALANCE_HEAD = re.compile(r"^(?:期末|年初|期初|年末)")
_CASH_FLOW_ROW = re.compile(r"现金流量|现金及现金等价物")
STATEMENT_ROWS = 3  # rows under a restarted header that tell a cash flow statement from an income statement


def _heads_relative(row: list[str]) -> bool:
    """A Chinese statement's header row ("项目 | 期末余额 | 年初余额"): relative periods, no amount."""
    cells = [c.strip() for c in row[1:] if c.strip()]
    return row[:1] in (["项目"], [""]) and len(cells) >= 2 and all(_RELATIVE.match(c) for c in cells)


def _statement_of(header: list[str], below: list[list[str]]) -> str:
    """The statement a restarted Chinese header heads, from its columns and first rows."""
    if _BALANCE_HEAD.match(header[1].strip()):
        return "资产负债表"
    return "现金流量表" if any(_CASH_FLOW_ROW.search(r[0]) for r in below[:STATEMENT_ROWS] if r) else "利润表"


def _other_years_heading(row: list[str], header: list[list[str]]) -> bool:
    """A row holding one heading, the table's own year heading with another year ("2019 Quarters (a)" under
    the rows of "2020 Quarters (a)"): the next block of a table printed in year blocks."""
    cells = [c.strip() for c in row if c.strip()]
    if len(cells) != 1 or _amount(cells[0]) or not _YEAR.search(cells[0]):
        return False
    shape = _YEAR.sub("#", cells[0])
    return any(_YEAR.sub("#", c.strip()) == shape and c.strip() != cells[0] for line in header for c in line)


def _year_replaced(header: list[list[str]], row: list[str]) -> list[list[str]]:
    """``header`` with the line printing the table's own year heading replaced by ``row`` (the next block's
    year), its column names kept; ``[row]`` when no line prints the year."""
    shape = _YEAR.sub("#", next(c.strip() for c in row if c.strip()))
    dated = [any(_YEAR.sub("#", c.strip()) == shape for c in line) for line in header]
    return [row if d else line for line, d in zip(header, dated, strict=True)] if any(dated) else [row]


def _column_names(row: list[str]) -> bool:
    """A row of column names under a block's year heading ("First | Second | Third"): text, no amount."""
    return sum(_text(c) for c in row[1:]) >= MIN_ROWS_ABOVE and not any(_amount(c) for c in row)


def _title(row: list[str]) -> str | None:
    """The row is a title alone in the label cell ("Condensed Consolidated Balance Sheets"), no amounts."""
    return row[0].strip() if row and _text(row[0]) and not any(c.strip() for c in row[1:]) else None


def _period_heading(rows: list[list[str]], i: int, header: list[list[str]]) -> str | None:
    """The one heading of a row naming a period ("Year Ended December 31, 2018") over the table's column
    names printed again ("Activision | Blizzard | King | Total"): the next block of a table stacked by
    period."""
    cells = [c.strip() for c in rows[i] if c.strip()]
    if len(cells) != 1 or _amount(cells[0]) or not _YEAR.search(cells[0]) or i + 1 >= len(rows) or not header:
        return None
    names = [c.strip() for c in header[-1][1:]]
    if any(_QUARTER_COLUMN.search(n) or _YEAR.search(n) for n in names):
        return None  # periods as columns (quarters stacked by year, "4Q21"): the period readers date them
    return cells[0] if any(names) and [c.strip() for c in rows[i + 1][1:]] == names else None


_QUARTER_COLUMN = re.compile(
    r"quarter|季度|\b(?:q[1-4]|[1-4]q)(?:\d{2})?\b|^(?:first|second|third|fourth)$", re.I
)


def _first_block_dated(parts: list[Table], headings: list[str]) -> list[Table]:
    """The first block of a table stacked by period, its own heading lost above the table: dated one year
    after the next block's when two or more later blocks' years fall one a year ("2018", "2017" below:
    2019)."""
    years = [int(m.group(0)) for h in headings if (m := _YEAR_NUMBER.search(h))]
    first = parts[0]
    if (
        len(years) != len(headings)
        or len(years) < _MIN_LATER_BLOCKS
        or any(b != a - 1 for a, b in pairwise(years))
    ):
        return parts  # one later block: which way the years run is not known
    if any(_YEAR.search(c) for row in first.header for c in row):
        return parts
    heading = _YEAR_NUMBER.sub(str(years[0] + 1), headings[0], count=1)
    width = len(first.header[-1]) if first.header else 2
    return [replace(first, header=[[""] * (width - 1) + [heading], *first.header]), *parts[1:]]


_YEAR_NUMBER = re.compile(r"(?:19|20)\d{2}")
_MIN_LATER_BLOCKS = 2  # two later years falling one a year say the first block is the year before them


def restarted(table: Table) -> list[Table]:
    """``table`` cut where a row of year headings (or a Chinese statement's header) follows amount rows, each
    part with its own header."""
    parts: list[Table] = []
    header, start, above = table.header, 0, 0  # above: rows with an amount since the part's start
    caption = table.caption
    stacked: list[str] = []  # the period headings of a table stacked by period, block by block
    for i, row in enumerate(table.rows):
        title = _title(table.rows[i - 1]) if i else None  # the next statement's name, over its header
        # a row of days restarts under a statement's name, or with days the header does not print
        relative = _heads_relative(row)
        if above >= MIN_ROWS_ABOVE and (heading := _period_heading(table.rows, i, table.header)):
            parts.append(_part(replace(table, caption=caption), header, start, i))
            stacked.append(heading)
            header, start, above = [[""] * (len(row) - 1) + [heading], table.rows[i + 1]], i + 2, 0
        elif above >= MIN_ROWS_ABOVE and _other_years_heading(row, table.header):
            # "2019 Quarters (a)" over "First | Second | …": the block's header is both lines
            names = i + 1 < len(table.rows) and _column_names(table.rows[i + 1])
            parts.append(_part(replace(table, caption=caption), header, start, i))
            # "| 2017 | | |" alone: the table's own header with this year in place of its year's line
            header = [row, table.rows[i + 1]] if names else _year_replaced(table.header, row)
            start, above = i + (2 if names else 1), 0
        elif above >= MIN_ROWS_ABOVE and not title and _heads_dates(row) and _other_days(row, header):
            # the next block's days ("December 31, 2018 | September 30, 2018" under the 2019 quarters): its
            # header is the unlabelled text rows around them ("Second Quarter" over, "GAAP | Non-GAAP" under)
            top, end = _header_rows(table.rows, i, start)
            parts.append(_part(replace(table, caption=caption), header, start, top))
            header, start, above = table.rows[top:end], end, 0
        elif above >= MIN_ROWS_ABOVE and (_heads_years(row) or (title and _heads_dates(row)) or relative):
            parts.append(_part(replace(table, caption=caption), header, start, i - 1 if title else i))
            # the table's own years printed again on a later page ("PHARMACEUTICAL SEGMENT | 2022 | 2021"):
            # its header lines above them ("FOURTH QUARTER | TWELVE MONTHS") head these rows too
            again = len(table.header) > 1 and row[1:] == table.header[-1][1:]
            header, start, above = [*(table.header[:-1] if again else []), row], i + 1, 0
            caption = title or (_statement_of(row, table.rows[i + 1 :]) if relative else caption)
        elif any(_amount(c) for c in row):
            above += 1
    parts.append(_part(replace(table, caption=caption), header, start, len(table.rows)))
    parts = _first_block_dated(parts, stacked) if stacked and len(parts) == len(stacked) + 1 else parts
    return [_split_pairs(p) for p in parts]


def _header_rows(rows: list[list[str]], i: int, start: int) -> tuple[int, int]:
    """The rows (from, to) of the header block around row ``i``: the rows with no label and no amount
    right above and below it."""

    def heading(r: list[str]) -> bool:
        return not (r[:1] and r[0].strip()) and not any(_amount(c) for c in r)

    top, end = i, i + 1
    while top > start and heading(rows[top - 1]):
        top -= 1
    while end < len(rows) and heading(rows[end]):
        end += 1
    return top, end


def _part(table: Table, header: list[list[str]], start: int, end: int) -> Table:
    pages = table.row_pages[start:end] if len(table.row_pages) == len(table.rows) else []
    rows = [_unpaired(r) for r in _aligned_labels(table.rows[start:end])]
    return replace(table, header=header, rows=rows, row_pages=pages)


# "$ 4,002.5 $ 4,094.0 |  |": two amounts the reader put in one cell, the empty cell right of it theirs
_TWO_AMOUNTS = re.compile(r"^\s*(\$?\s*\(?[\d,]+(?:\.\d+)?\)?)\s+(\$?\s*\(?[\d,]+(?:\.\d+)?\)?)\s*$")


def _unpaired(row: list[str]) -> list[str]:
    out = list(row)
    for i in range(1, len(out) - 1):
        if not out[i + 1].strip() and (m := _TWO_AMOUNTS.match(out[i])):
            out[i], out[i + 1] = m.group(1).strip(), m.group(2).strip()
    return out


def _text(cell: str) -> bool:
    return bool(cell.strip()) and parse_number(cell) is None


def _aligned_labels(rows: list[list[str]]) -> list[list[str]]:
    """Labels the reader put one column to the right ("|  | 利息保障倍数（倍） | 3.37 |" among "| 流动比率 |
    |  0.45 |") moved back into the label column, when other rows print theirs there over an empty cell."""
    if not any(len(r) > 1 and _text(r[0]) and not r[1].strip() for r in rows):
        return rows
    return [
        [r[1], "", *r[2:]]
        if len(r) > 2 and not r[0].strip() and _text(r[1]) and any(map(_amount, r[2:]))
        else r
        for r in rows
    ]


def _split_pairs(table: Table) -> Table:
    """The table with each column headed by two years and holding two numbers per cell split in two."""
    if not table.header:
        return table
    last = table.header[-1]
    for col in reversed(range(len(last))):
        years = _years(last[col])
        if len(years) != 2:
            continue
        cells = [r[col] if col < len(r) else "" for r in table.rows]
        pairs = [m for c in cells if (m := _PAIR.match(c)) and all(_amount(x) for x in m.groups())]
        if len(pairs) < MIN_PAIRED_ROWS or any(_amount(c) and not _PAIR.match(c) for c in cells):
            continue
        header = [_widened(r, col, years if r is last else None) for r in table.header]
        rows = [_widened(r, col, _cut(r[col]) if col < len(r) else None) for r in table.rows]
        table = replace(table, header=header, rows=rows)
    return table


def _cut(cell: str) -> list[str] | None:
    m = _PAIR.match(cell)
    return [m.group(1), m.group(2)] if m and all(_amount(x) for x in m.groups()) else None


def _widened(row: list[str], col: int, two: list[str] | None) -> list[str]:
    if col >= len(row):
        return [*row, ""]
    return [*row[:col], *(two or [row[col], ""]), *row[col + 1 :]]


# a footnote mark printed in a column of its own ("Asia Pacific & Latin America | (1) | 667")
_MARK = re.compile(r"^\s*\(\s*\d\s*\)\s*$")


def past_pushed_labels(rows: list[list[str]], columns: list[Column], label_col: int) -> list[Column]:
    """The columns after those right of the label column that hold no amount, only labels pushed right, blanks
    or footnote marks ("| | Europe, Middle East & Africa | 1,349 |"): such a column takes no year of the line
    above the table."""
    out = list(columns)
    while out and out[0].index == label_col + len(columns) - len(out) + 1:
        col = out[0].index
        if any(parse_number(r[col]) and not _MARK.match(r[col]) for r in rows if col < len(r)):
            break
        out = out[1:]
    return out
