"""Tables without ruling lines (SEC statements): runs of lines whose right-hand segments are amounts in
shared columns, with the column headings above them."""

from __future__ import annotations

import math
import re
import statistics
from dataclasses import replace

from finrag.model import BBox
from finrag.parse.layout import Line, Segment, is_cjk, split_segment
from finrag.parse.tables import MAX_HEADER_ROWS, PageTable, amounts, is_amount, unit_of

# Alignment tables: a row may be separated from the next numeric row by this many label-only lines,
# and by at most this many line heights of white space.
MAX_LABEL_LINES = 3
MAX_ROW_GAP_EM = 2.5
# An alignment table needs this many rows holding numbers (fewer is a sentence with figures).
MIN_NUMERIC_ROWS = 3
# A one-piece column heading may overhang its number column by this much (points).
HEADING_SLACK = 20.0
# A one-piece heading stacked on other headings may overhang more, up to this share of the number columns'
# width (wider is a table's centred title).
STACKED_HEADING_SHARE = 0.4
# Row labels may be indented this far (points) left of the table's usual label start.
LABEL_INDENT = 24.0
# Lone note lines ("(in thousands)", "(unaudited)") allowed between column headings and the table body.
MAX_NOTE_LINES = 2
# Text left of a table's labels is the other page column's prose when this share of its pieces start in
# lower case (a sentence going on) and half are at least this long; row labels are short and capitalised.
PROSE_LOWER_SHARE = 0.25
PROSE_CHARS = 25
_CURRENCY = {"$", "¥", "€", "£", "US$", "RMB"}
_CLOSERS = {")", "%", ")%", "）"}
_TRAILING_SIGN = re.compile(r"\s(\$|¥|€|£|US\$|RMB)$")
# A sentence leading into the next table ("The changes in the carrying amount of goodwill … are as follows:",
# "Presented in the table below are …", "应收账款账龄情况如下："): no row of the table above it
_LEAD_IN = re.compile(
    r"\b(?:(?:is|are|was|were) as follows|(?:the|these) following tables?|(?:the )?tables? below)\b"
    r"|如下\s*[:：]",
    re.IGNORECASE,
)
MIN_LEAD_IN_WORDS = 6  # shorter is a row label ("Cash flows as follows:" never heads a table of its own)


def _cut(s: Segment, sign: str) -> tuple[Segment, Segment] | None:
    """Cut "132 $" into "132" (ending at its last character, not at the sign) and "$"."""
    at = s.text.rfind(sign)
    cut = split_segment(s, s.xs[at]) if 0 < at < len(s.xs) else None
    n = len(cut[0].text) if cut is not None else 0
    if cut is None or n < 2 or len(cut[0].xs) < n:
        return cut
    xs = cut[0].xs
    return replace(cut[0], x1=xs[n - 1] + (xs[n - 1] - xs[0]) / (n - 1)), cut[1]  # one character's width on


def _attach(line: Line) -> list[Segment]:
    """Lone currency signs join the amount after them (also one printed at the end of the amount before),
    lone ')' / '%' the one before."""
    out: list[Segment] = []
    pending: Segment | None = None
    for s in line.segments:
        t = s.text.strip()
        if t in _CURRENCY:
            pending = s
            continue
        sign = _TRAILING_SIGN.search(t)
        if sign and amounts(t[: sign.start()]) and (cut := _cut(s, sign.group(1))):
            # "132 $": the next column's currency sign printed in the same run; the next amount keeps its
            # own left edge (the sign sits against this one's, and the columns would run together)
            out.append(_signed(pending, cut[0]))
            pending = replace(cut[1], x0=math.inf)
            continue
        if t in _CLOSERS and out:
            prev = out[-1]
            out[-1] = Segment(prev.text + t, prev.x0, prev.top, s.x1, prev.bottom, prev.size, prev.bold)
            continue
        out.append(_signed(pending, s))
        pending = None
    return out


def _signed(sign: Segment | None, s: Segment) -> Segment:
    """The amount with the currency sign printed before it."""
    if sign is None:
        return s
    return Segment(sign.text + s.text, min(sign.x0, s.x0), s.top, s.x1, s.bottom, s.size, s.bold)


def aligned_tables(page: int, lines: list[Line], taken: list[BBox]) -> list[PageTable]:
    """Runs of lines whose right-hand segments are amounts in shared columns."""
    free = [ln for ln in lines if not any(b.y0 - 1 <= (ln.top + ln.bottom) / 2 <= b.y1 + 1 for b in taken)]
    rows = [(ln, _attach(ln)) for ln in free]
    numeric = [len(segs) >= 2 and amounts(segs[-1].text) for _, segs in rows]
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
            elif j - last_num > MAX_LABEL_LINES or (count and (_years_row(rows[j][1]) or _leads_in(ln.text))):
                break  # a new row of year headings, or a sentence naming it, opens the next table
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
    lefts = [left for _, segs in body if (left := [x for x in segs if x.x1 <= label_edge + 1])]
    left_bound = _prose_bound(lefts)
    rows = [(ln, [x for x in segs if x.x0 >= left_bound]) for ln, segs in rows]
    text_col = _text_column([[x for x in left if x.x0 >= left_bound] for left in lefts])
    k = start - 1
    while k >= 0 and start - k <= MAX_LABEL_LINES:  # section labels ("Assets") open the body
        ln, segs = rows[k]
        nxt = rows[start][0]
        if not segs or any(s.x1 > label_edge for s in segs) or nxt.top - ln.bottom > MAX_ROW_GAP_EM * _h(ln):
            break
        if _note(segs):
            break  # "(unaudited)" under the headings is no section of the body
        start, k = k, k - 1
    body = rows[start:end]
    head: list[tuple[Line, list[Segment]]] = []
    units: set[int] = set()  # ids of note lines in ``head``: their text is no column's heading
    while k >= 0 and len(head) < MAX_HEADER_ROWS:
        ln, segs = rows[k]
        nxt = head[0][0] if head else body[0][0]
        if not segs or nxt.top - ln.bottom > MAX_ROW_GAP_EM * _h(ln) or amounts(segs[-1].text):
            break
        if (notes := _notes_below_heads(rows, k, bands, label_edge)) and len(head) + notes < MAX_HEADER_ROWS:
            for _ in range(notes):  # "(in thousands, except …)" between the years and the body
                head.insert(0, rows[k])
                units.add(id(rows[k][0]))
                k -= 1
            continue
        if head and not any(s.x1 > label_edge for s in segs) and _dated_heads_above(rows, k, label_edge):
            head.insert(0, rows[k])  # "Maturity Dates" over the label column, under "January 31, 2018 …"
            units.add(id(rows[k][0]))  # (joins the label cell of the period headings)
            k -= 1
            continue
        if not any(s.x1 > label_edge for s in segs) or not _header_like(segs, bands, stacked=bool(head)):
            break
        head.insert(0, rows[k])
        k -= 1

    texts = 0 if text_col is None else 1  # "Buildings and improvements | 5-50 years | 19,139"

    def to_row(segs: list[Segment]) -> list[str]:
        cells = [""] * (len(bands) + 1 + texts)
        for s in segs:
            mid = (s.x0 + s.x1) / 2
            if s.x1 <= label_edge + 1:
                c = 1 if text_col is not None and mid >= text_col else 0
            else:
                band = min(range(len(bands)), key=lambda b: abs((bands[b][0] + bands[b][1]) / 2 - mid))
                c = 1 + texts + band
            cells[c] = f"{cells[c]} {s.text}".strip()
        return cells

    out_rows: list[list[str]] = []
    for ln, segs in head:
        if id(ln) in units:  # a note joins the label cell of the headings above it
            if out_rows:
                out_rows[-1][0] = f"{out_rows[-1][0]} {segs[0].text}".strip()
        else:
            out_rows.append(to_row(segs))
    body_cells = [to_row(segs) for _, segs in body if segs]
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
    every = [x for _, segs in head + body for x in segs]
    bbox = BBox(
        min(x.x0 for x in every),
        min(x.top for x in every),
        max(x.x1 for x in every),
        max(x.bottom for x in every),
    )
    pt = PageTable(page, bbox, out_rows, ruled=False)
    pt.warnings.append(f"page {page}: table structure uncertain (no ruling lines)")
    return pt


_YEARS = re.compile(r"(?:(?:19|20)\d{2}\s*)+")
# a period heading: a year, or a day and year ("January 31, 2018", "As of June 30, 2023", "2023年12月31日")
_PERIOD_HEADING = re.compile(
    r"(?:(?:as\s+of|at)\s+)?(?:[A-Za-z]+\.?\s+\d{1,2},?\s+)?(?:19|20)\d{2}(?:年(?:\d{1,2}月(?:\d{1,2}日)?)?)?",
    re.IGNORECASE,
)


def _leads_in(text: str) -> bool:
    """A sentence introducing a table ("… are as follows (amounts in millions):")."""
    long = len(text.split()) >= MIN_LEAD_IN_WORDS or any(is_cjk(ch) for ch in text)
    return long and _LEAD_IN.search(text) is not None


def _years_row(segs: list[Segment]) -> bool:
    """A line of column headings that are only years."""
    return len(segs) >= 2 and all(_YEARS.fullmatch(s.text.strip()) for s in segs)


def _dated_heads_above(rows: list[tuple[Line, list[Segment]]], k: int, edge: float) -> bool:
    """The line above line ``k`` (a heading over the label column alone) heads the number columns with
    periods only ("January 31, 2018   January 31, 2017"): both are the table's headings."""
    if k == 0 or len(rows[k][1]) != 1 or _note(rows[k][1]):
        return False
    ln, above = rows[k - 1]
    if rows[k][0].top - ln.bottom > MAX_ROW_GAP_EM * _h(ln):
        return False
    return (
        len(above) >= 2
        and all(s.x0 > edge for s in above)
        and all(_PERIOD_HEADING.fullmatch(s.text.strip()) for s in above)
    )


def _prose_bound(lefts: list[list[Segment]]) -> float:
    """In a two-column page a row's line also holds the other column's prose: the table starts at its labels
    (median label start, less an indent allowance) when what lies further left reads as running sentences
    ending before them. Anything else there is the table's own first column (a label left of a text column:
    "Land | N/A | $7,507", "1 | 望城县民爆器材有限责任公司 | …"): -1, nothing is cut."""
    if not lefts:
        return -1.0
    start = statistics.median(left[-1].x0 for left in lefts)
    far = [x for left in lefts for x in left if x.x0 < start - LABEL_INDENT]
    if not far or max(x.x1 for x in far) >= start:
        return -1.0
    lower = sum(x.text[:1].islower() for x in far) / len(far)  # lines going on from the one above
    chars = statistics.median(len(x.text) for x in far)
    return start - LABEL_INDENT if lower >= PROSE_LOWER_SHARE and chars >= PROSE_CHARS else -1.0


def _text_column(lefts: list[list[Segment]]) -> float | None:
    """Where a text column between the row labels and the amounts starts ("Estimated Useful Lives",
    "Balance sheet location", a 序号 left of the names): most rows hold two pieces left of the amounts."""
    two = [left for left in lefts if len(left) >= 2]
    if not two or 2 * len(two) < len(lefts):
        return None
    start = statistics.median(left[-1].x0 for left in two) - LABEL_INDENT
    return start if start > statistics.median(left[0].x0 for left in two) else None


def _continues(label: str, next_label: str) -> bool:
    """A label-only line is the first part of the next row's label (wrapped text)."""
    if not next_label:
        return False
    if label.count("(") > label.count(")") or label.count("（") > label.count("）"):
        return True
    return next_label[0].islower() and not label.endswith((":", "："))


def _h(ln: Line) -> float:
    return max(ln.bottom - ln.top, 1.0)


def _header_like(segs: list[Segment], bands: list[list[float]], *, stacked: bool = False) -> bool:
    """Column headings sit over the number columns; a centred title or a unit line does not. ``stacked``:
    the line sits on other headings, where a short piece over part of a number column heads it too (the
    first line of "Percent of / Total", "Fiscal Year" over "2020   2019")."""
    if any(s.text.startswith(("编制单位", "单位")) for s in segs):
        return False
    if len(segs) >= 2:
        return True  # "(in millions)   2023   2022" is a header row with its unit
    s = segs[0]
    if unit_of(s.text):
        return False
    if any(lo - HEADING_SLACK <= s.x0 and s.x1 <= hi + HEADING_SLACK for lo, hi in bands):
        return True
    width = bands[-1][1] - bands[0][0]
    return (
        stacked
        and not s.text.rstrip().endswith((":", "："))  # "Major MedTech Franchise Sales*:" titles the table
        and s.x0 >= bands[0][0] - HEADING_SLACK
        and s.x1 - s.x0 <= STACKED_HEADING_SHARE * width
        and any(s.x0 < hi + HEADING_SLACK and s.x1 > lo - HEADING_SLACK for lo, hi in bands)
    )


def _note(segs: list[Segment]) -> bool:
    """A lone note line: "(unaudited)", "(in thousands, except per share data)", "单位：万元"."""
    text = segs[0].text.strip() if len(segs) == 1 else ""
    return bool(unit_of(text)) or (text.startswith("(") and text.endswith(")"))


def _notes_below_heads(
    rows: list[tuple[Line, list[Segment]]], k: int, bands: list[list[float]], edge: float
) -> int:
    """How many lone note lines ("(in thousands, except …)", "(unaudited)") end at line ``k`` with column
    headings right above them: they are part of the header (0 when there are none)."""
    n = 0
    while k - n > 0 and n < MAX_NOTE_LINES:
        if not _note(rows[k - n][1]):
            return 0
        ln, above = rows[k - n - 1]
        if rows[k - n][0].top - ln.bottom > MAX_ROW_GAP_EM * _h(ln):
            return 0
        n += 1
        if (
            len(above) >= 2
            and not amounts(above[-1].text)
            and any(s.x1 > edge for s in above)
            and _header_like(above, bands)
        ):
            return n
    return 0
