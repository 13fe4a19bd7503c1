"""Table structure on a digital PDF page, from pdfium alone (pdfplumber re-parses every content stream
and took 1-3 s per statement page here): ruled grids from the page's line/rectangle paths first, then
column-aligned number tables (SEC statements have no vertical rules)."""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from finrag.model import BBox
from finrag.parse.layout import Line, Segment, group_lines, is_cjk, split_segment
from finrag.parse.tables import MAX_HEADER_ROWS, PageTable, is_amount, unit_of

# A path thinner than this (points) is a rule; rules shorter than MIN_RULE are dots/ticks.
RULE_THICKNESS = 2.5
MIN_RULE = 4.0
# Rules within this distance are the same line / touch each other.
SNAP = 2.0
# Alignment tables: a row may be separated from the next numeric row by this many label-only lines,
# and by at most this many line heights of white space.
MAX_LABEL_LINES = 3
MAX_ROW_GAP_EM = 2.5
# An alignment table needs this many rows holding numbers (fewer is a sentence with figures).
MIN_NUMERIC_ROWS = 3
_CURRENCY = {"$", "¥", "€", "£", "US$", "RMB"}
_CLOSERS = {")", "%", ")%", "）"}


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
            grids.append((ys, xs))
    return grids


def _cell_text(segs: list[Segment]) -> str:
    out = ""
    for ln in group_lines(segs):
        t = ln.text
        if out and t and not (is_cjk(out[-1]) or is_cjk(t[0])):
            out += " "
        out += t
    return out


def _index(bounds: Sequence[float], v: float) -> int:
    """Which interval between consecutive bounds holds v (-1 outside)."""
    for i in range(len(bounds) - 1):
        if bounds[i] <= v < bounds[i + 1]:
            return i
    return -1


def ruled_tables(page: int, segs: list[Segment], hs: list[_Rule], vs: list[_Rule]) -> list[PageTable]:
    found = []
    for ys, xs in _grids(hs, vs):
        cells: dict[tuple[int, int], list[Segment]] = {}
        for seg in segs:
            if not (ys[0] <= (seg.top + seg.bottom) / 2 <= ys[-1] and xs[0] - SNAP <= seg.x0 <= xs[-1]):
                continue
            pieces = [seg]
            for x in xs[1:-1]:  # text run across a column rule belongs to two cells
                last = pieces[-1]
                if last.x0 < x < last.x1 and (cut := split_segment(last, x)) is not None:
                    pieces[-1:] = list(cut)
            for p in pieces:
                r, c = _index(ys, (p.top + p.bottom) / 2), _index(xs, (p.x0 + p.x1) / 2)
                if r >= 0 and c >= 0:
                    cells.setdefault((r, c), []).append(p)
        rows = [[_cell_text(cells.get((r, c), [])) for c in range(len(xs) - 1)] for r in range(len(ys) - 1)]
        rows = [r for r in rows if any(r)]
        if len(rows) >= 2 and len(xs) >= 3:
            found.append(PageTable(page, BBox(xs[0], ys[0], xs[-1], ys[-1]), rows, ruled=True))
    return found


def _attach(line: Line) -> list[Segment]:
    """Lone currency signs join the amount after them, lone ')' / '%' the one before."""
    out: list[Segment] = []
    pending: Segment | None = None
    for s in line.segments:
        t = s.text.strip()
        if t in _CURRENCY:
            pending = s
            continue
        if t in _CLOSERS and out:
            prev = out[-1]
            out[-1] = Segment(prev.text + t, prev.x0, prev.top, s.x1, prev.bottom, prev.size, prev.bold)
            continue
        if pending is not None:
            s = Segment(pending.text + s.text, pending.x0, s.top, s.x1, s.bottom, s.size, s.bold)
            pending = None
        out.append(s)
    return out


def aligned_tables(page: int, lines: list[Line], taken: list[BBox]) -> list[PageTable]:
    """Runs of lines whose right-hand segments are amounts in shared columns."""
    free = [ln for ln in lines if not any(b.y0 - 1 <= (ln.top + ln.bottom) / 2 <= b.y1 + 1 for b in taken)]
    rows = [(ln, _attach(ln)) for ln in free]
    numeric = [len(segs) >= 2 and is_amount(segs[-1].text) for _, segs in rows]
    found: list[PageTable] = []
    i = 0
    while i < len(rows):
        if not numeric[i]:
            i += 1
            continue
        j, last_num, count = i, i, 0
        while j < len(rows):
            ln = rows[j][0]
            prev = rows[j - 1][0] if j > i else ln
            if j > i and ln.top - prev.bottom > MAX_ROW_GAP_EM * max(prev.bottom - prev.top, 1.0):
                break
            if numeric[j]:
                last_num, count = j, count + 1
            elif j - last_num > MAX_LABEL_LINES:
                break
            j += 1
        if count >= MIN_NUMERIC_ROWS:
            found.append(_build_aligned(page, rows, i, last_num + 1))
        i = max(last_num + 1, i + 1)
    return found


def _build_aligned(page: int, rows: list[tuple[Line, list[Segment]]], start: int, end: int) -> PageTable:
    body = rows[start:end]
    spans: list[list[float]] = []
    for _, segs in body:
        for s in segs[1:]:
            if is_amount(s.text):
                spans.append([s.x0, s.x1])
    spans.sort()
    bands: list[list[float]] = []
    for lo, hi in spans:
        if bands and lo <= bands[-1][1]:
            bands[-1][1] = max(bands[-1][1], hi)
        else:
            bands.append([lo, hi])
    label_edge = bands[0][0]
    k = start - 1
    while k >= 0 and start - k <= MAX_LABEL_LINES:  # section labels ("Assets") open the body
        ln, segs = rows[k]
        nxt = rows[start][0]
        if any(s.x1 > label_edge for s in segs) or nxt.top - ln.bottom > MAX_ROW_GAP_EM * _h(ln):
            break
        start, k = k, k - 1
    body = rows[start:end]
    head: list[tuple[Line, list[Segment]]] = []
    while k >= 0 and len(head) < MAX_HEADER_ROWS:
        ln, segs = rows[k]
        nxt = head[0][0] if head else body[0][0]
        if nxt.top - ln.bottom > MAX_ROW_GAP_EM * _h(ln) or is_amount(segs[-1].text):
            break
        if not any(s.x1 > label_edge for s in segs) or not _header_like(segs, bands):
            break
        head.insert(0, rows[k])
        k -= 1

    def to_row(segs: list[Segment]) -> list[str]:
        cells = [""] * (len(bands) + 1)
        for s in segs:
            mid = (s.x0 + s.x1) / 2
            if s.x1 <= label_edge + 1:
                c = 0
            else:
                c = 1 + min(range(len(bands)), key=lambda b: abs((bands[b][0] + bands[b][1]) / 2 - mid))
            cells[c] = f"{cells[c]} {s.text}".strip()
        return cells

    out_rows: list[list[str]] = [to_row(segs) for _, segs in head]
    body_cells = [to_row(segs) for _, segs in body]
    pending = ""
    for n, cells in enumerate(body_cells):
        if pending:
            cells[0] = f"{pending} {cells[0]}".strip()
            pending = ""
        next_label = body_cells[n + 1][0] if n + 1 < len(body_cells) else ""
        if not any(cells[1:]) and cells[0] and _continues(cells[0], next_label):
            pending = cells[0]  # a wrapped row label continues on the next line
            continue
        out_rows.append(cells)
    every = [ln for ln, _ in head + body]
    bbox = BBox(min(ln.x0 for ln in every), min(ln.top for ln in every), max(ln.x1 for ln in every),
                max(ln.bottom for ln in every))
    pt = PageTable(page, bbox, out_rows, ruled=False)
    pt.warnings.append(f"page {page}: table structure uncertain (no ruling lines)")
    return pt


def _continues(label: str, next_label: str) -> bool:
    """A label-only line is the first part of the next row's label (wrapped text)."""
    if not next_label:
        return False
    if label.count("(") > label.count(")") or label.count("（") > label.count("）"):
        return True
    return next_label[0].islower() and not label.endswith((":", "："))


def _h(ln: Line) -> float:
    return max(ln.bottom - ln.top, 1.0)


def _header_like(segs: list[Segment], bands: list[list[float]]) -> bool:
    """Column headings sit over the number columns; a centred title or a unit line does not."""
    if any(s.text.startswith(("编制单位", "单位")) for s in segs):
        return False
    if len(segs) >= 2:
        return True  # "(in millions)   2023   2022" is a header row with its unit
    s = segs[0]
    return not unit_of(s.text) and any(lo - SNAP * 10 <= s.x0 and s.x1 <= hi + SNAP * 10 for lo, hi in bands)
