"""The schedules a chunk prints: its markdown tables as rows of cells, and a schedule the page reader left as
two lines of running text (a line of period labels over a line of as many amounts)."""

from __future__ import annotations

import re

from finrag.answer.text import row_cells

_LEADERS = re.compile(r"(?:\s*[.·…]){3,}\s*$")  # "2023 ........": a label's dot leaders
MIN_SCHEDULE_YEARS = 3  # a maturity schedule lists at least three years before its bucket


def schedule_tables(text: str) -> list[list[list[str]]]:
    """The markdown tables of a chunk's text, as rows of cells, and the schedules printed as two lines of
    running text (see ``_line_pair``)."""
    out: list[list[list[str]]] = []
    current: list[list[str]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith("|"):
            current.append([_LEADERS.sub("", c).strip() for c in row_cells(line)])
            continue
        if current:
            out.append(current)
            current = []
        if i + 1 < len(lines) and (pair := _line_pair(line, lines[i + 1])):
            out.append(pair)
    if current:
        out.append(current)
    return out


_PROSE_LABEL = (
    r"(?:(?:after|beyond)\s+(?:fiscal\s+)?(?:19|20)\d{2}|thereafter|total|(?:fiscal\s+)?(?:19|20)\d{2})"
)
_PROSE_LABELS = re.compile(rf"^\s*(?:\([^)]*\)\s*)?((?:{_PROSE_LABEL}\s*){{{MIN_SCHEDULE_YEARS},}})$", re.I)
_PROSE_AMOUNT = r"(?:\$\s*)?(?:\(?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?|[—–])"


def _line_pair(head: str, body: str) -> list[list[str]] | None:
    """A schedule the page reader left as running text: a line of period labels ("2023 2024 2025 2026 2027
    After 2027 Total") over a line opening with as many amounts ("$ 1,938 $ 1,100 … $ 15,939 As a result
    …"), as a table's heading row and its one unlabelled row; else None."""
    m = _PROSE_LABELS.match(head)
    if m is None:
        return None
    labels = [x.strip() for x in re.findall(_PROSE_LABEL, m.group(1), re.I)]
    amounts = re.match(rf"\s*((?:{_PROSE_AMOUNT}\s+){{{len(labels) - 1}}}{_PROSE_AMOUNT})(?!\S)", body)
    if amounts is None:
        return None
    cells = [c.replace("$", "").strip() for c in re.findall(_PROSE_AMOUNT, amounts.group(1))]
    return [["", *labels], ["", *cells]] if len(cells) == len(labels) else None
