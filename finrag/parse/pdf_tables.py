"""Table structure on a digital PDF page, from pdfium alone (pdfplumber re-parses every content stream
and took 1-3 s per statement page here): ruled grids from the page's line/rectangle paths. Column-aligned
number tables without rules (SEC statements) are in pdf_aligned.py."""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from finrag.model import BBox
from finrag.parse.layout import Segment, group_lines, is_cjk, split_segment
from finrag.parse.tables import PageTable, is_amount

# A path thinner than this (points) is a rule; rules shorter than MIN_RULE are dots/ticks.
RULE_THICKNESS = 2.5
MIN_RULE = 4.0
# Rules within this distance are the same line / touch each other.
SNAP = 2.0
# Horizontal rules running this far past the outermost vertical rule bound a column there (open sides)
OPEN_SIDE = 12.0
# Cells of one grid row holding this many lines that end in an amount are several rows stacked in one
# band (shading boxes drawn around groups of rows, not a rule under each): the grid is no table structure
STACKED_AMOUNT_LINES = 2
FRAGMENT_AMOUNTS = 2  # a one-row ruled grid with this many amounts may continue the last page's table
STACKED_CELLS = 2  # ... in this many cells of the row (one cell may wrap a long number)


@dataclass(slots=True)
class _Rule:
    a: float  # y for horizontal, x for vertical
    lo: float
    hi: float


Rules = tuple[list[_Rule], list[_Rule]]  # horizontal, vertical


def page_rules(page: pdfium.PdfPage, height: float) -> Rules:
    """Horizontal and vertical rules drawn on the page (thin paths and stroked rectangle edges)."""
    hs: list[_Rule] = []
    vs: list[_Rule] = []
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    fl, fb, fr, ft = (ctypes.c_float() for _ in range(4))
    refs = [ctypes.byref(v) for v in (fl, fb, fr, ft)]
    raw_page = page.raw
    # raw calls: pypdfium2's get_objects wraps every text object too (3,000 a page in a 10-K: 200 ms)
    for k in range(pdfium_c.FPDFPage_CountObjects(raw_page)):
        obj = pdfium_c.FPDFPage_GetObject(raw_page, k)
        if pdfium_c.FPDFPageObj_GetType(obj) != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        if not pdfium_c.FPDFPageObj_GetBounds(obj, *refs):
            continue
        left, bottom, right, top = fl.value, fb.value, fr.value, ft.value
        y0, y1 = height - top, height - bottom
        w, h = right - left, y1 - y0
        if h <= RULE_THICKNESS and w >= MIN_RULE:
            hs.append(_Rule((y0 + y1) / 2, left, right))
        elif w <= RULE_THICKNESS and h >= MIN_RULE:
            vs.append(_Rule((left + right) / 2, y0, y1))
        elif w > RULE_THICKNESS and h > RULE_THICKNESS:
            pdfium_c.FPDFPath_GetDrawMode(obj, ctypes.byref(fill), ctypes.byref(stroke))
            if stroke.value:
                hs += [_Rule(y0, left, right), _Rule(y1, left, right)]
                vs += [_Rule(left, y0, y1), _Rule(right, y0, y1)]
    return _merge(hs), _merge(vs)


def _merge(rules: list[_Rule]) -> list[_Rule]:
    out: list[_Rule] = []
    for r in sorted(rules, key=lambda r: (round(r.a / SNAP), r.lo)):
        last = out[-1] if out else None
        if last is not None and abs(last.a - r.a) <= SNAP and r.lo <= last.hi + SNAP:
            last.hi = max(last.hi, r.hi)
        else:
            out.append(_Rule(r.a, r.lo, r.hi))
    return out


def _cluster(values: list[float]) -> list[float]:
    out: list[float] = []
    for v in sorted(values):
        if not out or v - out[-1] > SNAP:
            out.append(v)
    return out


def _grids(hs: list[_Rule], vs: list[_Rule]) -> list[tuple[list[float], list[float]]]:
    """Connected sets of crossing rules -> (row boundaries, column boundaries) of each grid."""
    parent = list(range(len(hs) + len(vs)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, h in enumerate(hs):
        for j, v in enumerate(vs):
            if h.lo - SNAP <= v.a <= h.hi + SNAP and v.lo - SNAP <= h.a <= v.hi + SNAP:
                parent[find(i)] = find(len(hs) + j)
    comps: dict[int, tuple[list[_Rule], list[_Rule]]] = {}
    for i, h in enumerate(hs):
        comps.setdefault(find(i), ([], []))[0].append(h)
    for j, v in enumerate(vs):
        comps.setdefault(find(len(hs) + j), ([], []))[1].append(v)
    grids = []
    for ch, cv in comps.values():
        ys, xs = _cluster([h.a for h in ch]), _cluster([v.a for v in cv])
        if len(ys) >= 2 and len(xs) >= 2:
            grids.append((ys, _open_sides(xs, ch)))
    return grids


def _open_sides(xs: list[float], hs: list[_Rule]) -> list[float]:
    """An open-sided table (rules between its columns, none at its edges: Chinese prospectus statements)
    ends where its horizontal rules end: the label column left of the first vertical rule and the last
    column right of the last one are cells too."""
    left, right = min(h.lo for h in hs), max(h.hi for h in hs)
    return [
        *([left] if left < xs[0] - OPEN_SIDE else []),
        *xs,
        *([right] if right > xs[-1] + OPEN_SIDE else []),
    ]


def _cell_text(segs: list[Segment]) -> str:
    out = ""
    for ln in group_lines(segs):
        t = ln.text
        if out and t and not (is_cjk(out[-1]) or is_cjk(t[0])):
            out += " "
        out += t
    return out


def _stacked(cells: dict[tuple[int, int], list[Segment]], r: int, width: int) -> bool:
    """Grid row ``r`` holds several statement rows: in STACKED_CELLS of its cells, STACKED_AMOUNT_LINES
    lines end in an amount ("Dividends to shareholders (11,682)" over "Repurchase of common stock
    (6,035)")."""
    stacked = 0
    for c in range(width):
        lines = group_lines(cells.get((r, c), []))
        if is_amount("".join(ln.text.replace(" ", "") for ln in lines)):
            continue  # one long number wrapped in a narrow column: "22,172,721.0" over "0"
        ending = sum(1 for ln in lines if ln.segments and is_amount(ln.segments[-1].text))
        stacked += ending >= STACKED_AMOUNT_LINES
    return stacked >= STACKED_CELLS


def _index(bounds: Sequence[float], v: float) -> int:
    """Which interval between consecutive bounds holds v (-1 outside)."""
    for i in range(len(bounds) - 1):
        if bounds[i] <= v < bounds[i + 1]:
            return i
    return -1


def _ruled_at(vs: list[_Rule], x: float, y: float) -> bool:
    """A vertical rule runs at ``x`` through height ``y``."""
    return any(abs(v.a - x) <= SNAP and v.lo - SNAP <= y <= v.hi + SNAP for v in vs)


def _spanned(xs: Sequence[float], seg: Segment) -> list[int]:
    """The columns a text run crosses into by more than SNAP on each side (none when it sits in one)."""
    cols = [c for c in range(len(xs) - 1) if seg.x0 < xs[c + 1] - SNAP and seg.x1 > xs[c] + SNAP]
    return cols if len(cols) >= 2 else []


def ruled_tables(page: int, segs: list[Segment], hs: list[_Rule], vs: list[_Rule]) -> list[PageTable]:
    found = []
    for ys, xs in _grids(hs, vs):
        cells: dict[tuple[int, int], list[Segment]] = {}
        for seg in segs:
            if not (ys[0] <= (seg.top + seg.bottom) / 2 <= ys[-1] and xs[0] - SNAP <= seg.x0 <= xs[-1]):
                continue
            y = (seg.top + seg.bottom) / 2
            pieces = [seg]
            for x in xs[1:-1]:  # text run across a column rule belongs to two cells
                last = pieces[-1]
                if (
                    last.x0 < x < last.x1
                    and _ruled_at(vs, x, y)
                    and (cut := split_segment(last, x)) is not None
                ):
                    pieces[-1:] = list(cut)
            for p in pieces:
                r = _index(ys, y)
                # a heading over several columns whose rules stop below it ("2010.12.31" over 金额 | 比例) is
                # each of those columns' heading
                spanned = [] if is_amount(p.text) else _spanned(xs, p)
                for c in spanned or [_index(xs, (p.x0 + p.x1) / 2)]:
                    if r >= 0 and c >= 0:
                        cells.setdefault((r, c), []).append(p)
        if any(_stacked(cells, r, len(xs) - 1) for r in range(len(ys) - 1)):
            continue  # the column-aligned reader (pdf_aligned.py) reads these rows one by one
        rows = [[_cell_text(cells.get((r, c), [])) for c in range(len(xs) - 1)] for r in range(len(ys) - 1)]
        rows = [r for r in rows if any(r)]
        # one row of amounts may be the last row of a table pushed onto this page (kept if it continues one)
        fragment = len(rows) == 1 and sum(is_amount(c) for c in rows[0][1:]) >= FRAGMENT_AMOUNTS
        if (len(rows) >= 2 or fragment) and len(xs) >= 3:
            box = BBox(xs[0], ys[0], xs[-1], ys[-1])
            found.append(PageTable(page, box, rows, ruled=True, fragment=fragment))
    return found
