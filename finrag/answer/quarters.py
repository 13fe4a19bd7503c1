"""Quarterly data notes whose columns name the quarter alone ("Q1 | Q2 | Q3 | Q4 | Total", "First Quarter"):
the year comes from the heading the table sits under ("Fiscal Year Ended January 31, 2018", "Year Ended
December 31, 2018") or from a row of the table that starts the next year's block ("| | | Year Ended December
31, 2019 (1) | |"). Without a year such columns date nothing, and "Q4 2018" could not be read off them."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.columns import Column
from finrag.answer.periods import (
    QUARTER_ONLY,
    QUARTER_WORD,
    UNKNOWN,
    ResolvedPeriod,
    quarter_number,
    resolve_label,
    year_end,
    year_first_day,
)
from finrag.answer.units import parse_number

_MAX_HEADING_CHARS = 60  # a heading naming the year is short; a sentence naming years is not one
_QUARTER = re.compile(QUARTER_WORD, re.I)
_QUARTER_WORD = re.compile(rf"\b(?:{QUARTER_WORD})\b", re.I)


def quarter_only(columns: list[Column]) -> bool:
    """Every column undated and headed by a quarter (or the year's total), at least one a quarter."""
    labels = [c.label.strip() for c in columns]
    return (
        bool(columns)
        and all(c.period is UNKNOWN for c in columns)
        and all(QUARTER_ONLY.fullmatch(label) for label in labels)
        and any(_QUARTER.match(label) for label in labels)
    )


def quarter_heads(columns: list[Column], texts: list[str]) -> list[Column]:
    """Unlabelled columns under a line naming as many quarters ("2018 Quarters Fourth Third Second First (in
    millions)"): headed by those quarters, of the line's year when it prints one (such a line first)."""
    if not columns or any(c.label or c.period is not UNKNOWN for c in columns):
        return columns
    found: list[list[str]] = []
    for line in (line for text in texts for line in reversed(text.split("\n"))):
        words = _QUARTER_WORD.findall(line)
        if len(words) != len(columns) or len({w.lower() for w in words}) != len(words):
            continue
        years = set(re.findall(r"(?:19|20)\d{2}", line))
        year = f"{years.pop()} " if len(years) == 1 else ""
        found.append([f"{year}{w}" for w in words])
    if not found:
        return columns
    labels = next((f for f in found if _QUARTER_WORD.fullmatch(f[0]) is None), found[0])  # "2018 Fourth"
    return [
        replace(c, label=label, period=resolve_label(label, None))
        for c, label in zip(columns, labels, strict=True)
    ]


_YEAR_LABEL = re.compile(r"(?:fiscal\s+)?(?:19|20)\d{2}", re.I)


def quarter_groups(columns: list[Column], texts: list[str]) -> list[Column]:
    """Year columns repeated under a line naming as many quarters ("First Quarter Second Quarter Third Quarter
    Fourth Quarter" over "2020 2019" four times): each column is its group's quarter of its year, not the
    year. Unchanged unless the years repeat the same way in every group."""
    labels = [c.label.strip() for c in columns]
    if len(columns) < 2 or not all(
        _YEAR_LABEL.fullmatch(x) and c.period.fiscal_year for x, c in zip(labels, columns, strict=True)
    ):
        return columns
    for line in (line for text in texts for line in reversed(text.split("\n"))):
        words = _QUARTER_WORD.findall(line)
        k = len(words)
        if k < 2 or len(columns) % k or len({w.lower() for w in words}) != k:
            continue
        m = len(columns) // k
        groups = [labels[i * m : (i + 1) * m] for i in range(k)]
        if any(g != groups[0] for g in groups) or len(set(groups[0])) != m:
            continue
        return [quarter_column(replace(c, label=words[i // m]), c.period) for i, c in enumerate(columns)]
    return columns


def heading_period(texts: list[str]) -> ResolvedPeriod | None:
    """The period of the nearest short line that is a period heading with one year."""
    for line in (line.strip() for text in texts for line in reversed(text.split("\n"))):
        if not line or len(line) > _MAX_HEADING_CHARS or len(set(re.findall(r"(?:19|20)\d{2}", line))) != 1:
            continue
        period = resolve_label(line, None)
        if period is not UNKNOWN and period.fiscal_year is not None:
            return period
    return None


def block_period(row: list[str]) -> ResolvedPeriod | None:
    """The year a row without amounts heads its block with ("| | Year Ended December 31, 2019 (1) | |")."""
    cells = [c for c in row if c.strip()]
    if len(cells) != 1 or parse_number(cells[0]) is not None:
        return None
    return heading_period(cells)


def quarter_column(column: Column, year: ResolvedPeriod) -> Column:
    """The column dated as its quarter of ``year``, ending 3, 6 or 9 months before the year's end where the
    heading prints it ("Fiscal Year Ended January 31, 2018": the fourth quarter ends then); the total column
    is the year."""
    label = f"{year.fiscal_year} {column.label}"
    m = _QUARTER.match(column.label.strip())
    if m is None:
        return replace(column, label=label, period=year)
    q = quarter_number(m.group(0))
    end = year.period_end
    if end and q < 4:
        y, mo = int(end[:4]), int(end[5:7])
        total = y * 12 + mo - 1 - 3 * (4 - q)
        end = year_end(total // 12, total % 12 + 1)
    return replace(column, label=label, period=ResolvedPeriod(year.fiscal_year, f"Q{q}", end, "duration"))


def last_quarter_day(columns: list[Column], report_end: str | None) -> list[Column]:
    """The fourth of a year's quarter columns headed by their end days ("2016 March 4 | June 3 | September 2 |
    December 2"): the year's own end day beside the three before it is its last quarter, not the year."""
    quarters = {(c.period.fiscal_year, c.period.fiscal_period) for c in columns}
    out: list[Column] = []
    for c in columns:
        last = year_first_day(c.label.strip(), report_end, last=True)
        before = last is not None and all((last.fiscal_year, f"Q{q}") in quarters for q in (1, 2, 3))
        out.append(
            replace(c, period=last) if last is not None and before and c.period.fiscal_period == "FY" else c
        )
    return out
