"""Two year columns the table reader ran into one ("| In Millions | 2019 2018 | 2017 |" over
"| United States | $ 12,462.8 $ 11,115.6 | $ 11,160.9 |", General Mills' geographic note): split back into a
column per year, each cell's two amounts one per column."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.model import Table

# a header cell printing two years side by side, perhaps after a heading word ("Fiscal Year 2019 2018")
_TWO_YEARS = re.compile(r"^(?P<lead>.*?)(?P<a>(?:19|20)\d{2})\s+(?P<b>(?:19|20)\d{2})\s*$")
_AMOUNT = r"\$?\s*\(?-?\d[\d,]*(?:\.\d+)?\)?%?"
# a body cell printing two amounts side by side ("$ 12,462.8 $ 11,115.6", "4,402.4 4,624.8")
_TWO_AMOUNTS = re.compile(rf"^\s*(?P<a>{_AMOUNT})\s+(?P<b>{_AMOUNT})\s*$")


def unjoined(header: list[list[str]], rows: list[list[str]], table: Table) -> Table | None:
    """``table`` with every joined year column split in two, where most of the column's filled body cells
    print two amounts; None when no column is joined."""
    width = max((len(r) for r in [*header, *rows]), default=0)
    joined = [c for c in range(width) if _joined(header, rows, c)]
    if not joined:
        return None

    def split(row: list[str], *, head: bool) -> list[str]:
        out: list[str] = []
        for c in range(width):
            cell = row[c] if c < len(row) else ""
            if c not in joined:
                out.append(cell)
            elif head and (m := _TWO_YEARS.match(cell.strip())):
                out += [f"{m['lead']}{m['a']}".strip(), f"{m['lead']}{m['b']}".strip()]
            elif not head and (m := _TWO_AMOUNTS.match(cell)):
                out += [m["a"].strip(), m["b"].strip()]
            else:  # a heading over both years, or a cell the reader did not join: the first column's
                out += [cell, ""]
        return out

    return replace(
        table,
        header=[split(h, head=True) for h in header],
        rows=[split(r, head=False) for r in rows],
    )


def _joined(header: list[list[str]], rows: list[list[str]], col: int) -> bool:
    """The column's header prints two years in one cell and most of its filled body cells two amounts."""
    if not any(col < len(h) and _TWO_YEARS.match(h[col].strip()) for h in header):
        return False
    cells = [r[col] for r in rows if col < len(r) and r[col].strip()]
    return bool(cells) and 2 * sum(bool(_TWO_AMOUNTS.match(c)) for c in cells) > len(cells)
