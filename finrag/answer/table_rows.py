"""Row labels a statement leaves implicit: the unlabelled total under a section heading, and the amounts of a
total whose label the table reader put on the row above them.

SEC statements often print a section heading ("Revenues"), its component rows, and then the section
total on a row with no label (only a rule above the amounts). That row is the section's total; it is
recognised by its amounts, which must equal the sum of the component rows in every column.
"""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.lexicon import normalise
from finrag.answer.units import parse_number

# A total equals the sum of its components up to rounding in the printed unit: this share of the total.
SUM_TOLERANCE = Decimal("0.001")
MIN_COMPONENTS = 2  # a "total" of one row is just that row repeated
_TOTAL_WORDS = ("total", "合计", "总计")
_TOTAL_OF = re.compile(r"total\s+(\w.*)", re.I)  # "Total capital expenditures for …": the item summed
# an English block's summary row named by no item: "Average" under "Average price per share"
BARE_SUMMARY = re.compile(r"(?:total|subtotal|average|weighted[- ]average)\s*:?", re.I)


def _values(row: list[str], label_col: int) -> list[Decimal | None]:
    out: list[Decimal | None] = []
    for cell in row[label_col + 1 :]:
        parsed = parse_number(cell)
        out.append(parsed.value if parsed is not None and not parsed.percent else None)
    return out


def section_totals(rows: list[list[str]], label_col: int, dated: set[int] | None = None) -> dict[int, str]:
    """Row index -> the section heading, for unlabelled rows that total the rows under that heading; with
    ``dated`` (the period columns) only those columns must add up: a "Percent Change" column does not."""
    out: dict[int, str] = {}
    keep = {c - label_col - 1 for c in dated or ()}
    heading: str | None = None
    members: list[list[Decimal | None]] = []
    for r, row in enumerate(rows):
        label = row[label_col].strip() if label_col < len(row) else ""
        values = [v if not keep or i in keep else None for i, v in enumerate(_values(row, label_col))]
        if label and all(v is None for v in values):  # a heading row: a new section starts
            heading, members = label, []
            continue
        if label:
            members.append(values)
            continue
        if heading and len(members) >= MIN_COMPONENTS and _is_total(values, members):
            out[r] = heading
        elif heading and not members and heading.lower().startswith(_TOTAL_WORDS):
            out[r] = heading  # "TOTAL CURRENT LIABILITIES" printed on the line above its amounts
        heading, members = None, []  # whatever this unlabelled row is, the section ends here
    return out


def _is_total(values: list[Decimal | None], members: list[list[Decimal | None]]) -> bool:
    checked = 0
    for col, total in enumerate(values):
        if total is None:
            continue
        parts = [v for m in members if col < len(m) and (v := m[col]) is not None]
        if not parts:
            return False
        if abs(sum(parts, Decimal(0)) - total) > SUM_TOLERANCE * abs(total):
            return False
        checked += 1
    return checked > 0


def closes_block(label: str, section: str) -> bool:
    """The row closes the block its heading opened ("Total Americas" under "Americas:"): rows below it are no
    part of that block."""
    cores = {normalise(section), normalise(section.partition(":")[0])}  # "Current: United States" nested
    return any(c.isascii() and normalise(label) in (f"total {c}", f"{c} total") for c in cores)


def totalled_rows(rows: list[list[str]], label_col: int) -> dict[int, str]:
    """Row index -> what a "Total X" row below names, for the rows without a heading that it sums:
    "Flexibles", "Rigid Packaging", "Other" over "Total capital expenditures for …" are each segment's
    capital expenditures."""
    out: dict[int, str] = {}
    members: list[tuple[int, list[Decimal | None]]] = []
    for r, row in enumerate(rows):
        label = row[label_col].strip() if label_col < len(row) else ""
        values = _values(row, label_col)
        if not label or all(v is None for v in values) or BARE_SUMMARY.fullmatch(label):
            members = []  # a heading or a total of its own: the rows above are another block's
            continue
        named = _TOTAL_OF.match(label)
        if named is None:
            members.append((r, values))
            continue
        if len(members) >= MIN_COMPONENTS and _is_total(values, [v for _, v in members]):
            out.update((m, named.group(1)) for m, _ in members)
        members = []
    return out
