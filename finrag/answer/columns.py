"""Period columns of a table for its facts: each value column's label resolved to a fiscal period.

Besides the header cells themselves, three layouts are handled: one merged header cell over several
columns ("2020 2019 2018"), a header line printed as its own block above the table ("Year Ended December
26, December 27, December 28, 2015 2014 2013"), and a headerless continuation of the table before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.answer.header_cells import repaired_header
from finrag.answer.periods import (
    BARE_YEAR,
    MONTH_NAMES,
    UNKNOWN,
    ResolvedPeriod,
    is_not_period,
    labels_from_line,
    resolve_label,
)
from finrag.answer.units import Unit, detect_unit
from finrag.model import Document, Table

_NOTE_HEADERS = ("附注", "注释", "note", "notes")


@dataclass(slots=True)
class Column:
    index: int
    label: str
    period: ResolvedPeriod
    unit: Unit | None


@dataclass(slots=True)
class Previous:
    """The period columns of the table before, for a continuation printed without its header."""

    last_page: int
    columns: list[Column]
    statement: str = ""


def column_label(header: list[list[str]], col: int) -> str:
    parts: list[str] = []
    for row in header:
        cell = row[col].strip() if col < len(row) else ""
        if cell and cell not in parts:
            parts.append(cell)
    return " ".join(parts)


def period_columns(doc: Document, header: list[list[str]], width: int, label_col: int) -> list[Column]:
    columns: list[Column] = []
    year, end = doc.meta.fiscal_year, doc.meta.period_end
    header = repaired_header(header, width, label_col)
    for col in range(label_col + 1, width):
        label = column_label(header, col)
        low = label.lower()
        if any(low.startswith(n) or low == n for n in _NOTE_HEADERS):
            continue
        period = resolve_label(label, year, end) if label else UNKNOWN
        if period is UNKNOWN and label and is_not_period(label) and "%" not in label:
            continue
        columns.append(Column(col, label, period, detect_unit(label)))
    return _split_merged(doc, columns)


def _split_merged(doc: Document, columns: list[Column]) -> list[Column]:
    """A merged header cell over several columns ("2020 2019 2018" above three columns): one year per
    column, in printed order, when the cell names exactly as many years as it spans."""
    out = list(columns)
    for label in {c.label for c in columns if c.label}:
        group = [i for i, c in enumerate(columns) if c.label == label]
        labels = labels_from_line(label, len(group)) if len(group) > 1 else None
        for i, own in zip(group, labels or [], strict=False):
            period = resolve_label(own, doc.meta.fiscal_year, doc.meta.period_end)
            out[i] = Column(columns[i].index, own, period, columns[i].unit)
    return _spread_over_blanks(doc, out)


def _spread_over_blanks(doc: Document, columns: list[Column]) -> list[Column]:
    """A header cell naming several dates amid columns headed by nothing ("2007年6月30日 | | 2006年12月31日
    2005年12月31日2004年12月31日 | "): its dates, in printed order, head the run of blank columns around it
    when the run is as wide as it names dates."""
    out = list(columns)
    for i, c in enumerate(columns):
        if not c.label:
            continue
        lo, hi = i, i
        while lo > 0 and not columns[lo - 1].label and columns[lo - 1].index == columns[lo].index - 1:
            lo -= 1
        while (
            hi + 1 < len(columns)
            and not columns[hi + 1].label
            and columns[hi + 1].index == columns[hi].index + 1
        ):
            hi += 1
        labels = labels_from_line(c.label, hi - lo + 1) if hi > lo else None
        for k, own in enumerate(labels or []):
            period = resolve_label(own, doc.meta.fiscal_year, doc.meta.period_end)
            out[lo + k] = Column(columns[lo + k].index, own, period, columns[lo + k].unit)
    return out


def periods_from_above(doc: Document, columns: list[Column], before: list[str]) -> list[Column] | None:
    """Period columns from a header line printed as its own block just above the table (nearest first)."""
    for text in before:
        for line in reversed(text.split("\n")):
            labels = labels_from_line(line, len(columns))
            if labels is None:
                continue
            periods = [resolve_label(lab, doc.meta.fiscal_year, doc.meta.period_end) for lab in labels]
            if any(p is UNKNOWN for p in periods):
                return None
            # labelled by the year alone: the table's chunk may not show the line above (a quoted
            # "December 26, 2015" would then cite a day the cited chunk does not print)
            return [
                Column(c.index, str(p.fiscal_year), p, c.unit) for c, p in zip(columns, periods, strict=True)
            ]
    return None


def carried(
    table: Table,
    header: list[list[str]],
    columns: list[Column],
    previous: Previous | None,
    *,
    same_rows: bool = False,
) -> list[Column]:
    """A table without any header row that continues the table before it (same or next page, as many value
    columns) takes that table's period columns; ``same_rows``: its rows are of the statement before, so
    rows of blank cells at its top ("应收保费 | |") are no header either."""
    blank = same_rows and not any(any(cell.strip() for cell in row[1:]) for row in header)
    if (header and not blank) or previous is None or not table.pages or len(previous.columns) != len(columns):
        return columns
    if not 0 <= table.pages[0] - previous.last_page <= 1:
        return columns
    return [
        Column(c.index, p.label, p.period, c.unit or p.unit)
        for c, p in zip(columns, previous.columns, strict=True)
    ]


# "13 Weeks Ended" printed above a table whose columns show only their end dates ("January 28, 2023")
_SPAN_HEADING = re.compile(
    r"^\s*((?:three|six|nine|twelve|thirteen|sixteen|\d{1,2})\s+(?:months|weeks)\s+ended)\b", re.I
)
_SPAN_WORDS = re.compile(r"\b(?:months|weeks|quarter|year)\b", re.I)
_HEADING_DAY = re.compile(rf"^\s*({MONTH_NAMES})\.?\s+(\d{{1,2}}),?\s*$", re.I)  # "… Ended June 30,"
SPAN_LOOKBACK = 3  # lines above a table (nearest first) that may carry its period heading


def is_span_heading(text: str) -> bool:
    """The text is only a period heading ("52 Weeks Ended", "Three Months Ended")."""
    m = _SPAN_HEADING.match(text)
    return m is not None and not text[m.end() :].strip()


def with_span_heading(columns: list[Column], above: list[str]) -> list[Column]:
    """Dated columns under a period heading printed above the table take the heading into their label;
    columns headed by a bare year under "Twelve Months Ended June 30," end on the heading's day."""
    m = next((m for t in above[:SPAN_LOOKBACK] if (m := _SPAN_HEADING.match(t))), None)
    if m is None:
        return columns
    heading, day = m.group(1), _HEADING_DAY.match(m.string[m.end() :])
    out: list[Column] = []
    for c in columns:  # columns carried from the table before keep their dates, not its heading
        dated = _SPAN_HEADING.sub("", c.label).strip()
        if day and BARE_YEAR.fullmatch(dated):
            label = f"{heading} {day.group(1)} {day.group(2)}, {dated}"
            c = Column(c.index, label, resolve_label(label, None), c.unit)
        elif dated and c.period.period_end and not _SPAN_WORDS.search(dated):
            c = Column(c.index, f"{heading} {dated}", c.period, c.unit)
        out.append(c)
    return out
