"""From OCR text boxes to paragraphs in reading order.

1. skew: the page's median baseline angle; y positions are corrected for it so slightly rotated scans
   still line up (boxes reported to callers stay in image pixels);
2. horizontal merge: boxes side by side on one visual line become one line (never across a column gap);
3. reading order: recursive XY-cut, columns first (a vertical white band splits left from right),
   then horizontal white bands; inside a leaf, top to bottom;
4. vertical merge: consecutive lines of one column become a paragraph while the gap stays near the
   page's usual line gap, the font height matches and no indent/short-line/sentence end says otherwise.
"""

from __future__ import annotations

import itertools
import math
import re
import statistics
from dataclasses import dataclass, field

from finrag.parse.ocr_engine import OcrLine, is_cjk, join_tokens

# A line at least this many heights wide has a reliable baseline angle for skew estimation.
_SKEW_MIN_ASPECT = 4.0
# Skew beyond this (degrees) is not corrected: the orientation step handles big turns.
_SKEW_MAX_DEG = 5.0
# Boxes whose vertical overlap is at least this share of the smaller height sit on one visual line.
_SAME_LINE_OVERLAP = 0.5
# Horizontal gap (in line heights) up to which boxes on one visual line are joined (beyond: column gap).
_JOIN_GAP_H = 1.5
# XY-cut: a vertical white band this wide (in line heights) separates columns ...
_COLUMN_GAP_H = 0.8
# ... and a horizontal white band this tall separates bands of the page.
_ROW_GAP_H = 1.0
# Consecutive lines whose heights differ by more than this ratio are different paragraphs.
_MAX_HEIGHT_RATIO = 1.25
# Lines shorter than this many characters have unreliable box heights (detector padding dominates).
_MIN_CHARS_FOR_HEIGHT = 4
# A line starting this many heights right of the paragraph's left edge opens a new (indented) paragraph.
_INDENT_H = 1.0
# A line ending this many heights short of the paragraph's right edge is a short (last / address) line.
_SHORT_LINE_H = 3.0
# Only gaps below this many line heights count when estimating the page's usual line gap.
_USUAL_GAP_MAX_H = 1.5
# In a block narrower than this share of the page's text width, short Latin lines (address, signature,
# name lists) keep their line breaks ...
_NARROW_SHARE = 0.6
# ... when they have at most this many words.
_LIST_LINE_MAX_WORDS = 8
_SENTENCE_END = re.compile(r"([。！？!?:：;；]|[A-Za-z0-9)\]]{5,}\.)$")


@dataclass(slots=True)
class VLine:
    """A visual line: boxes side by side, with skew-corrected vertical extent (top/bottom)."""

    boxes: list[OcrLine]
    label: str
    top: float
    bottom: float
    h: float

    @property
    def x0(self) -> float:
        return min(b.x0 for b in self.boxes)

    @property
    def x1(self) -> float:
        return max(b.x1 for b in self.boxes)

    @property
    def text(self) -> str:
        return join_tokens([b.text for b in sorted(self.boxes, key=lambda b: b.x0)])


@dataclass(slots=True)
class Paragraph:
    text: str
    label: str  # layout label of its lines: "text", "title", "figure", ...
    x0: float
    y0: float
    x1: float
    y1: float
    score: float
    lines: list[VLine] = field(default_factory=list)


def page_skew(lines: list[OcrLine]) -> float:
    """Median baseline angle (degrees) of the long lines; 0 when there are none."""
    angles = [ln.angle for ln in lines if ln.x1 - ln.x0 >= _SKEW_MIN_ASPECT * ln.height]
    if not angles:
        return 0.0
    med = statistics.median(angles)
    return med if abs(med) <= _SKEW_MAX_DEG else 0.0


def corrected_cy(line: OcrLine, tan: float, x_ref: float) -> float:
    """Centre y as if the page were rotated level (positive skew: right side sits higher)."""
    return line.cy + (line.cx - x_ref) * tan


def visual_lines(lines: list[OcrLine], labels: list[str], skew_deg: float, width: float) -> list[VLine]:
    """Group boxes into visual lines (same label only), left to right."""
    tan = math.tan(math.radians(skew_deg))
    order = sorted(range(len(lines)), key=lambda i: corrected_cy(lines[i], tan, width / 2))
    out: list[VLine] = []
    for i in order:
        ln, label = lines[i], labels[i]
        cy = corrected_cy(ln, tan, width / 2)
        top, bottom = cy - ln.height / 2, cy + ln.height / 2
        target = None
        for vl in reversed(out[-8:]):  # only recent lines can share this one's height band
            overlap = min(bottom, vl.bottom) - max(top, vl.top)
            if vl.label != label or overlap < _SAME_LINE_OVERLAP * min(ln.height, vl.h):
                continue
            gap = max(ln.x0 - vl.x1, vl.x0 - ln.x1)
            if 0 - ln.height <= gap <= _JOIN_GAP_H * max(ln.height, vl.h):
                target = vl
                break
        if target is None:
            out.append(VLine([ln], label, top, bottom, ln.height))
        else:
            target.boxes.append(ln)
            target.top, target.bottom = min(target.top, top), max(target.bottom, bottom)
            target.h = statistics.median(b.height for b in target.boxes)
    return out


def _split(items: list[VLine], horizontal: bool, min_gap: float) -> list[list[VLine]]:
    def span(v: VLine) -> tuple[float, float]:
        return (v.x0, v.x1) if horizontal else (v.top, v.bottom)

    ordered = sorted(items, key=lambda v: span(v)[0])
    groups: list[list[VLine]] = [[ordered[0]]]
    reach = span(ordered[0])[1]
    for v in ordered[1:]:
        lo, hi = span(v)
        if lo - reach >= min_gap:
            groups.append([v])
        else:
            groups[-1].append(v)
        reach = max(reach, hi)
    return groups


def reading_order(items: list[VLine]) -> list[VLine]:
    """Recursive XY-cut: columns first, then horizontal bands; top-to-bottom inside a leaf."""
    if len(items) <= 1:
        return list(items)
    h = statistics.median(v.h for v in items)
    cols = _split(items, horizontal=True, min_gap=_COLUMN_GAP_H * h)
    if len(cols) > 1:
        return [v for c in cols for v in reading_order(c)]
    bands = _split(items, horizontal=False, min_gap=_ROW_GAP_H * h)
    if len(bands) > 1:
        return [v for b in bands for v in reading_order(b)]
    return sorted(items, key=lambda v: (round(v.top / max(h, 1.0)), v.x0))


def _usual_gap(ordered: list[VLine]) -> float:
    gaps = [
        b.top - a.bottom
        for a, b in itertools.pairwise(ordered)
        if min(a.x1, b.x1) > max(a.x0, b.x0) and -a.h < b.top - a.bottom < _USUAL_GAP_MAX_H * a.h
    ]
    return statistics.median(gaps) if gaps else 0.0


def _join_text(a: str, b: str, newline: bool) -> str:
    if not a or not b:
        return a + b
    if a.endswith("-") and len(a) > 1 and a[-2].isalpha() and b[0].islower():
        return a[:-1] + b
    if newline:
        return a + "\n" + b
    if is_cjk(a[-1]) or is_cjk(b[0]):
        return a + b
    return a + " " + b


def _listed(a: VLine, width: float, text_width: float) -> bool:
    """A short Latin line in a narrow block: an address, signature or name-list line."""
    text = a.text
    return (
        width < _NARROW_SHARE * text_width
        and not is_cjk(text[-1:] or "x")
        and (len(text.split()) <= _LIST_LINE_MAX_WORDS)
    )


def _continues(par: list[VLine], b: VLine, usual_gap: float, gap_ratio: float, text_width: float) -> bool:
    a = par[-1]
    h = max(a.h, b.h)
    gap = b.top - a.bottom
    left = min(v.x0 for v in par)
    right = max(max(v.x1 for v in par), b.x1)
    if b.label != a.label or gap < -0.5 * h or gap > max(usual_gap, 0.0) + gap_ratio * h:
        return False
    if min(a.x1, b.x1) <= max(a.x0, b.x0):  # no horizontal overlap: another column
        return False
    if min(len(a.text), len(b.text)) >= _MIN_CHARS_FOR_HEIGHT and max(a.h, b.h) > _MAX_HEIGHT_RATIO * min(
        a.h, b.h
    ):
        return False  # another font size (a heading above its text); tiny boxes' heights are unreliable
    if b.x0 - left > _INDENT_H * h:  # an indented first line
        return False
    if a.x1 >= right - _SHORT_LINE_H * h:  # a full line: the paragraph goes on
        return True
    # a short line ends a paragraph (a heading, a last line) unless it is one of a list of short lines
    return _listed(a, right - min(left, b.x0), text_width) and not _SENTENCE_END.search(a.text.strip())


def paragraphs(ordered: list[VLine], gap_ratio: float) -> list[Paragraph]:
    """Merge ordered visual lines into paragraphs."""
    usual = _usual_gap(ordered)
    text_width = max((v.x1 for v in ordered), default=0.0) - min((v.x0 for v in ordered), default=0.0)
    groups: list[list[VLine]] = []
    for v in ordered:
        if groups and _continues(groups[-1], v, usual, gap_ratio, text_width):
            groups[-1].append(v)
        else:
            groups.append([v])
    out: list[Paragraph] = []
    for g in groups:
        right = max(v.x1 for v in g)
        width = right - min(v.x0 for v in g)
        text = g[0].text
        for a, b in itertools.pairwise(g):
            short = a.x1 < right - _SHORT_LINE_H * max(a.h, b.h)
            text = _join_text(text, b.text, newline=short or _listed(a, width, text_width))
        boxes = [bx for v in g for bx in v.boxes]
        chars = sum(max(len(bx.text), 1) for bx in boxes)
        score = sum(bx.score * max(len(bx.text), 1) for bx in boxes) / chars
        out.append(
            Paragraph(
                text=text,
                label=g[0].label,
                x0=min(bx.x0 for bx in boxes),
                y0=min(bx.y0 for bx in boxes),
                x1=max(bx.x1 for bx in boxes),
                y1=max(bx.y1 for bx in boxes),
                score=score,
                lines=g,
            )
        )
    return out
