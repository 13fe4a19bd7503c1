"""Two columns the table reader ran into one, split back: two years ("| In Millions | 2019 2018 | 2017 |"
over "| United States | $ 12,462.8 $ 11,115.6 | $ 11,160.9 |", General Mills' geographic note), two dates
("2010.12.31 2009.12.31") or two Chinese headings run together ("生产量销售量" over "| 87,584.48 77,315.13 |",
"期末余额期初余额", "金额比例"), each cell's two amounts one per column."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.model import Table

# a header cell printing two years or dates side by side, perhaps after a heading word ("Fiscal Year 2019
# 2018", "2010.12.31 2009.12.31", "2010年12月31日 2009年12月31日")
_DATE = r"(?:19|20)\d{2}(?:[.\-/年]\d{1,2}(?:[.\-/月]\d{1,2}日?)?|年度?)?"
_TWO_DATES = re.compile(rf"^(?P<lead>.*?)(?P<a>{_DATE})\s+(?P<b>{_DATE})\s*$")
_AMOUNT = r"\$?\s*\(?-?\d[\d,]*(?:\.\d+)?\)?%?"
# a body cell printing two amounts side by side ("$ 12,462.8 $ 11,115.6", "4,402.4 4,624.8")
_TWO_AMOUNTS = re.compile(rf"^\s*(?P<a>{_AMOUNT})\s+(?P<b>{_AMOUNT})\s*$")
_HEADING = re.compile(r"^[\u4e00-\u9fff]{4,}$")  # Chinese words only, two of at least two characters each


def unjoined(header: list[list[str]], rows: list[list[str]], table: Table) -> Table | None:
    """``table`` with every joined column split in two, where most of the column's filled body cells print
    two amounts; None when no column is joined."""
    width = max((len(r) for r in [*header, *rows]), default=0)
    names = {c.strip() for h in header for c in h if c.strip()}
    joined = [c for c in range(width) if _joined(header, rows, c, names)]
    if not joined:
        return None

    def split(row: list[str], *, head: bool) -> list[str]:
        out: list[str] = []
        for c in range(width):
            cell = row[c] if c < len(row) else ""
            if c not in joined:
                out.append(cell)
            elif head and (two := _heading_parts(cell, names)) is not None:
                out += two
            elif not head and (m := _TWO_AMOUNTS.match(cell)):
                out += [m["a"].strip(), m["b"].strip()]
            else:  # a heading over both columns, or a cell the reader did not join: the first column's
                out += [cell, ""]
        return out

    return replace(
        table,
        header=[split(h, head=True) for h in header],
        rows=[split(r, head=False) for r in rows],
    )


def _heading_parts(cell: str, names: set[str]) -> list[str] | None:
    """The two headings a header cell runs together: two years or dates, or two Chinese headings that the
    table prints as headings of their own ("金额比例" beside "金额" and "比例") or that end (or start) alike
    and are as long as each other ("生产量销售量", "期末余额期初余额"); None for one heading."""
    text = cell.strip()
    if m := _TWO_DATES.match(text):
        return [f"{m['lead']}{m['a']}".strip(), f"{m['lead']}{m['b']}".strip()]
    if not _HEADING.match(text):
        return None
    for cut in range(2, len(text) - 1):
        if text[:cut] in names and text[cut:] in names:
            return [text[:cut], text[cut:]]
    half = len(text) // 2
    a, b = text[:half], text[half:]
    if len(text) % 2 == 0 and (a[-1] == b[-1] or a[0] == b[0]):
        return [a, b]
    return None


def _joined(header: list[list[str]], rows: list[list[str]], col: int, names: set[str]) -> bool:
    """The column's lowest filled header cell runs two headings together and most of its filled body cells
    print two amounts."""
    heads = [h[col].strip() for h in header if col < len(h) and h[col].strip()]
    if not heads or _heading_parts(heads[-1], names) is None:
        return False
    cells = [r[col] for r in rows if col < len(r) and r[col].strip()]
    return bool(cells) and 2 * sum(bool(_TWO_AMOUNTS.match(c)) for c in cells) > len(cells)
