"""Measures printed side by side, each over its own run of years ("Net Revenue" over 2022 2021 2020, then
"Long-Lived Assets (a)" over 2022 2021): the table reader leaves each heading in one cell of its run, so
the other years of the run would be read under no measure (or the neighbour's). Each heading is copied to
every column of its run: a run is a sequence of years that restarts where the years go back up."""

from __future__ import annotations

import re

from finrag.answer.periods import MONTH_NAMES
from finrag.retrieve.periods import MONTH_ABBR

_YEAR = re.compile(r"(?:19|20)\d{2}")
_BARE_YEAR = re.compile(r"(?:FY\s*)?(?:19|20)\d{2}\s*(?:年度?)?", re.I)
_MIN_RUNS = 2  # one run of years is a plain table: its headings need no spreading
_MIN_RUN_YEARS = 2  # a run is two years or more; a lone year is a column of another layout


def _runs(row: list[str]) -> list[list[int]]:
    """The columns of the row's year cells grouped in runs of strictly falling (or rising) years."""
    runs: list[list[tuple[int, int]]] = []
    for i, c in enumerate(row):
        if i == 0 or (m := _YEAR.search(c)) is None:
            continue
        year, run = int(m.group(0)), runs[-1] if runs else []
        same_way = len(run) < 2 or (year - run[-1][1] > 0) == (run[-1][1] - run[-2][1] > 0)
        if run and year != run[-1][1] and same_way:
            run.append((i, year))
        else:
            runs.append([(i, year)])
    return [[i for i, _ in run] for run in runs]


def spread_run_headings(header: list[list[str]]) -> list[list[str]]:
    """Each heading of a row above the years copied over its run, when every run holds exactly the
    headings within its span (pieces joined: "Long-Lived Assets" beside its footnote "(a)")."""
    if not header:
        return header
    years_at = max(range(len(header)), key=lambda r: sum(bool(_YEAR.search(c)) for c in header[r][1:]))
    if any(_YEAR.search(c) and not _BARE_YEAR.fullmatch(c.strip()) for c in header[years_at][1:]):
        return header  # "2017 vs. 2016", "4Q21": a change or a quarter, not a measure's run of years
    runs = _runs(header[years_at])
    if len(runs) < _MIN_RUNS or any(len(g) < _MIN_RUN_YEARS for g in runs):
        return header  # one run, or measures side by side under each year ("2005年度" over 收入 | 成本)
    out = [list(r) for r in header]
    for r in range(years_at):
        texts = [(i, c.strip()) for i, c in enumerate(out[r]) if i > 0 and c.strip() and not _YEAR.search(c)]
        spans = [[t for i, t in texts if g[0] <= i <= g[-1]] for g in runs]
        if not all(spans) or sum(map(len, spans)) != len(texts):
            continue  # a heading outside every run, or a run with none: not headings of runs
        for g, pieces in zip(runs, spans, strict=True):
            if own_days(pieces, g):
                continue  # "July 2, | July 3,": each year column's own day, nothing to spread
            for c in g:
                if c < len(out[r]):
                    out[r][c] = " ".join(dict.fromkeys(pieces))
    return out


# a column's day without its year: "July 2,", "Dec. 26"
DAY_CELL = re.compile(rf"(?:{MONTH_NAMES}|{'|'.join(MONTH_ABBR)})\.?\s+\d{{1,2}},?", re.I)


def own_days(pieces: list[str], year_cols: list[int]) -> dict[int, str]:
    """A group's pieces that are each a day of its own year column ("July 2, | July 3,%" over "2023 2022
    % Change", the reader's cells shifted off their columns): each day over its year, in order; {} when
    the pieces are one heading cut in two."""
    days = [DAY_CELL.match(p) for p in pieces]
    if len(pieces) < 2 or len(pieces) != len(year_cols) or len(set(pieces)) < len(pieces):
        return {}
    return {c: d.group(0) for c, d in zip(year_cols, days, strict=True) if d} if all(days) else {}
