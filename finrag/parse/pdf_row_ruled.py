"""Tables ruled between rows but not between columns (Chinese prospectuses draw a full-width rule under
every row). The column-aligned reader (pdf_aligned.py) reads them line by line, so a label wrapped over
three lines around its amounts, or a heading printed over two ("2007年 / 半年度"), breaks the row. The
rules say which lines are one row: here the lines of one ruled row are joined into one line first."""

from __future__ import annotations

import re

from finrag.parse.layout import Line, Segment, is_cjk
from finrag.parse.pdf_tables import SNAP, Rules
from finrag.parse.tables import is_amount

# Rules of one table share their extent (points): a page's running-header rule or a short underline
# under a number column is no row boundary of the table below it.
EXTENT_SLACK = 3.0
# A rule this wide (points) or wider can bound a table row.
MIN_RULE_WIDTH = 150.0
# Rules further apart than this (points) bound no single row (a row wraps over a few lines at most).
MAX_ROW_HEIGHT = 60.0
# Lines of a heading cell wrapped in its ruled row are centred (or start) within this many points of
# each other and about as wide; a group heading over its sub-columns is not ("2006-12-31" over "金额  比例",
# "Year ended December 31," over "2019").
STACK_SLACK = 4.0
STACK_WIDTH_RATIO = 2.5
# A segment wider than this share of the rule is prose or a note across the table, never one cell (a
# wide label column takes about half).
SPANNING_SHARE = 0.7


_FOOTNOTE = re.compile(r"^[(（]\d{1,2}[)）]$")


def split_amounts(seg: Segment) -> list[Segment]:
    """A run of amounts that pdfium returned as one segment ("9,348,225,730.70 9,348,251,366.53") is
    one segment per amount."""
    words = seg.text.split()
    if len(words) < 2 or len(seg.xs) != len(seg.text) or not all(is_amount(w) for w in words):
        return [seg]
    if any(_FOOTNOTE.match(w) for w in words):
        return [seg]  # "0.00% (1)": a rate and its footnote mark, one cell
    out: list[Segment] = []
    start = 0
    for w in words:
        i = seg.text.index(w, start)
        j = i + len(w)
        x1 = seg.xs[j] if j < len(seg.xs) else seg.x1  # the left edge of the space after it
        out.append(Segment(w, seg.xs[i], seg.top, x1, seg.bottom, seg.size, seg.bold, seg.xs[i:j]))
        start = j
    return out


def _row_bands(rules: Rules) -> list[tuple[float, float, float, float]]:
    """(left, right, top, bottom) of the spaces between consecutive full-width rules of one extent that
    no vertical rule crosses."""
    hs, vs = rules
    free = sorted(
        (
            h
            for h in hs
            if h.hi - h.lo >= MIN_RULE_WIDTH
            and not any(h.lo - SNAP <= v.a <= h.hi + SNAP and v.lo - SNAP <= h.a <= v.hi + SNAP for v in vs)
        ),
        key=lambda h: h.a,
    )
    bands = []
    for i, h in enumerate(free):
        below = next(
            (
                g
                for g in free[i + 1 :]
                if abs(g.lo - h.lo) <= EXTENT_SLACK and abs(g.hi - h.hi) <= EXTENT_SLACK
            ),
            None,
        )
        if below is not None and SNAP < below.a - h.a <= MAX_ROW_HEIGHT:
            bands.append((h.lo, h.hi, h.a, below.a))
    return bands


def _joinable(lines: list[Line], width: float) -> bool:
    """One table row wrapped over these lines: at most one line holds amounts, no segment is prose, no
    segment spans two of another line's, and in a heading row (no amounts) the stacked pieces of a cell
    line up (a heading over its sub-columns is a row of its own)."""
    numeric = sum(1 for ln in lines if any(is_amount(s.text) for s in ln.segments))
    if numeric > 1:
        return False
    if any(s.x1 - s.x0 > SPANNING_SHARE * width for ln in lines for s in ln.segments):
        return False
    if any(ln.segments[-1].text.endswith((":", "：")) for ln in lines[:-1]):
        return False  # "Interest-bearing accounts payable:" heads the rows under it
    fullest = max(lines, key=lambda ln: len(ln.segments))
    for ln in lines:
        for s in ln.segments:
            per_line = [
                [o for o in other.segments if o.x0 < s.x1 and s.x0 < o.x1]
                for other in lines
                if other is not ln
            ]
            if any(len(o) >= 2 for o in per_line):
                return False
            over = [o for found in per_line for o in found]
            if not numeric and (any(not _stacked(s, o) for o in over) or (not over and ln is not fullest)):
                return False  # a heading row joins only the pieces of cells wrapped in place
    return True


def _stacked(a: Segment, b: Segment) -> bool:
    wa, wb = max(a.x1 - a.x0, 1.0), max(b.x1 - b.x0, 1.0)
    if max(wa, wb) > STACK_WIDTH_RATIO * min(wa, wb):
        return False
    return abs(a.x0 - b.x0) <= STACK_SLACK or abs((a.x0 + a.x1) - (b.x0 + b.x1)) / 2 <= STACK_SLACK


def _joined(lines: list[Line]) -> Line:
    """The row's segments, those stacked over each other (a wrapped label) joined top to bottom."""
    columns: list[list[Segment]] = []
    for s in sorted((s for ln in lines for s in ln.segments), key=lambda s: s.x0):
        col = next((c for c in columns if any(o.x0 < s.x1 and s.x0 < o.x1 for o in c)), None)
        if col is None:
            columns.append([s])
        else:
            col.append(s)
    out: list[Segment] = []
    for col in columns:
        col.sort(key=lambda s: s.top)
        if len(col) == 1:
            out.append(col[0])
            continue
        first = col[0]
        text, xs = first.text, list(first.xs)
        for s in col[1:]:
            gap = "" if is_cjk(text[-1]) or is_cjk(s.text[0]) else " "
            text += gap + s.text
            xs += [s.x0] * len(gap) + s.xs
        x0, x1 = min(s.x0 for s in col), max(s.x1 for s in col)
        top, bottom = min(s.top for s in col), max(s.bottom for s in col)
        keep = xs if len(xs) == len(text) else []  # per-character edges only where every piece had them
        out.append(Segment(text, x0, top, x1, bottom, first.size, first.bold, keep))
    return Line(sorted(out, key=lambda s: s.x0))


def join_ruled_rows(lines: list[Line], rules: Rules) -> list[Line]:
    """The page's lines, those of one ruled table row joined into one (amount runs split apart)."""
    lines = [Line([p for s in ln.segments for p in split_amounts(s)]) for ln in lines]
    for left, right, top, bottom in _row_bands(rules):
        inside = [
            i
            for i, ln in enumerate(lines)
            if top < (ln.top + ln.bottom) / 2 < bottom and left - SNAP <= ln.x0 and ln.x1 <= right + SNAP
        ]
        if len(inside) < 2 or inside != list(range(inside[0], inside[-1] + 1)):
            continue
        band = [lines[i] for i in inside]
        if _joinable(band, right - left):
            lines[inside[0] : inside[-1] + 1] = [_joined(band)]
    return lines
