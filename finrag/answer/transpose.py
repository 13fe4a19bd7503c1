"""Tables printed on their side: periods down the first column, line items across the header.

Prospectuses often print a few ratios per year that way ("| 期间 | 向前五名客户销售占期间主营业务收入的比例 |
… | 2005年 | 25.99% | …"). Read as printed, the years would be line items and the items periods; turned
round, each header cell is a line item and each year a period column, as in any statement.
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.units import parse_number
from finrag.model import Table

# a row label that is a reporting period: "2005年", "2005年度", "2005年末", "2005年12月31日", "2006年1-6月"
# (a bare "2023" down the side is a schedule's year: debt maturing then, not figures of that year)
PERIOD_LABEL = re.compile(
    r"^\s*(?:19|20)\d{2}\s*年\s*(?:度|末|底|\d{1,2}\s*月\s*\d{1,2}\s*日|1\s*[-－—~至]\s*\d{1,2}\s*月)?\s*$"
)
_DATED = re.compile(r"^\s*(?:FY\s*)?(?:19|20)\d{2}", re.I)  # a header cell naming a period is no item
MIN_PERIODS = 2  # one dated row is a table of one period, read the usual way
MIN_ITEM_CHARS = 2  # "毛利" is an item; a lone character is a header fragment
_BRACKETED = re.compile(r"[（(][^（）()]*[）)]")


def transposed(header: list[list[str]], rows: list[list[str]], table: Table) -> Table | None:
    """``table`` turned round when its first column dates every body row and its header names a line item
    over every other column (not periods, not numbers); else None."""
    if not header or len(rows) < MIN_PERIODS:
        return None
    labels = [r[0] if r else "" for r in rows]
    if not all(PERIOD_LABEL.match(label) for label in labels):
        return None
    width = max(len(r) for r in rows)
    items = [_item(header, col) for col in range(1, width)]
    if not items or not all(_names_item(i) for i in items):
        return None
    corner = _item(header, 0)
    body = [[item, *(r[col] if col < len(r) else "" for r in rows)] for col, item in enumerate(items, 1)]
    page = table.pages[0] if table.pages else 1
    return replace(table, header=[[corner, *labels]], rows=body, row_pages=[page] * len(body))


def _names_item(cell: str) -> bool:
    """A header cell that names a line item: words beyond a bracketed unit ("（%）" alone names none), no
    number, no period."""
    words = _BRACKETED.sub("", cell).strip()
    return len(words) >= MIN_ITEM_CHARS and parse_number(cell) is None and not _DATED.match(cell)


def _item(header: list[list[str]], col: int) -> str:
    """The header's wording over a column: its lowest non-empty cell."""
    cells = [row[col].strip() for row in header if col < len(row) and row[col].strip()]
    return cells[-1] if cells else ""
