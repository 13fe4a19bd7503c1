"""Page text of digital PDFs: pdfium characters -> segments -> lines.

A *segment* is a run of characters on one baseline without a wide gap (a table cell, a column's line).
Reading order over segments is in pdf_order.py.
"""

from __future__ import annotations

import ctypes
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

# A horizontal gap wider than this many line heights ends a segment (word spaces are ~0.3 em;
# table cells and column gutters are wider).
SEGMENT_GAP_EM = 0.8
# A run wider than this many line heights per character hides a gap pdfium did not mark with a space
# ("-" in three table columns read as "---"): it is measured character by character.
MAX_CHAR_ADVANCE_EM = 1.5
# A run may start up to this many line heights left of the previous one's end (kerning, overprint).
BACKSTEP_EM = 0.5
# Two characters share a line when their vertical extents overlap by this share of the smaller one.
SAME_LINE_OVERLAP = 0.5
# A space pdfium inserts between glyphs this close (em) is letter-spacing, not a word break:
# "s e m i - c u s t o m" (gap ~0 em) is printed "semi-custom"; real word spaces measure >= 0.2 em.
TIGHT_GAP_EM = 0.08
# A capitals run at least this long is measured glyph by glyph for a word space pdfium did not mark:
# "GOODWILL AND" kerned "L A" to a 0.13 em gap is read "GOODWILLAND". Long capitals runs are rare, so
# the per-glyph boxes cost little.
CAPS_RUN_MIN = 7
# A space inserted by pdfium next to a CJK character is dropped when the real gap is below this (em):
# "2020 年 12 月" is printed as "2020年12月".
CJK_SPACE_GAP_EM = 0.35
# A repeated glyph shifted by less than this (em) is the same glyph overprinted (fake bold).
FAKE_BOLD_SHIFT_EM = 0.2
# pdfium font weight from which text counts as bold.
BOLD_WEIGHT = 600


@dataclass(slots=True)
class Segment:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float  # font size in points
    bold: bool
    xs: list[float] = field(default_factory=list, repr=False)  # left edge of each character of text

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(slots=True)
class Line:
    segments: list[Segment] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join(s.text for s in self.segments)

    @property
    def x0(self) -> float:
        return min(s.x0 for s in self.segments)

    @property
    def x1(self) -> float:
        return max(s.x1 for s in self.segments)

    @property
    def top(self) -> float:
        return min(s.top for s in self.segments)

    @property
    def bottom(self) -> float:
        return max(s.bottom for s in self.segments)


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0x3000 <= o <= 0x303F or 0xFF00 <= o <= 0xFFEF


# Symbol-font bullets (Wingdings/Symbol mapped to the private use area) read as a plain bullet.
_SYMBOL_BULLETS = str.maketrans(dict.fromkeys("\uf06c\uf0b7\uf0a7\uf0d8\uf075\uf0fc\uf06e\uf0a8", "•"))
_BREAKS = frozenset("\r\n\x02\x00")
_WORD = re.compile(r"[^\s\x00\x02]+")


@dataclass(slots=True)
class _Word:
    text: str
    first: int  # index of its first character in the text page
    x0: float
    top: float
    x1: float
    bottom: float


def _words(textpage: pdfium.PdfTextPage, page_height: float) -> list[_Word]:
    """Space-separated runs of the page text with their boxes.

    Boxes are asked for the first and last character of a run only: the pdfium call costs ~8 us per
    character on a busy machine and was 80% of the parse time. pdfium already inserts a space or a line
    break where glyphs leave a gap or change line; a run whose ends do not share a line is split per
    character.
    """
    tp = textpage.raw
    n = textpage.count_chars()
    text = textpage.get_text_range() if n > 0 else ""
    if len(text) != n:  # surrogate pairs or odd generated chars: ask per character
        text = "".join(chr(pdfium_c.FPDFText_GetUnicode(tp, i) or 0xFFFD) for i in range(n))
    text = text.replace("\ufffe", "-").translate(_SYMBOL_BULLETS)  # \ufffe: pdfium's end-of-line hyphen
    rect = pdfium_c.FS_RECTF()
    get_box = pdfium_c.FPDFText_GetLooseCharBox

    def box(i: int) -> tuple[float, float, float, float]:
        get_box(tp, i, rect)
        return rect.left, page_height - rect.top, rect.right, page_height - rect.bottom

    out: list[_Word] = []
    for m in _WORD.finditer(text):
        start, end = m.start(), m.end() - 1
        ax0, atop, ax1, abottom = box(start)
        if end == start:
            out.append(_Word(m.group(), start, ax0, atop, ax1, abottom))
            continue
        _bx0, btop, bx1, bbottom = box(end)
        overlap = min(abottom, bbottom) - max(atop, btop)
        em = max(abottom - atop, bbottom - btop, 0.1)
        compact = bx1 - ax0 <= MAX_CHAR_ADVANCE_EM * em * (end - start + 1)  # no hidden gap inside
        if overlap >= SAME_LINE_OVERLAP * min(abottom - atop, bbottom - btop) and ax0 <= bx1 and compact:
            word = m.group()
            if len(word) >= CAPS_RUN_MIN and word.isalpha() and word.isupper():
                out.extend(_kerned_words(word, start, [box(i) for i in range(start, end + 1)], em))
            else:
                out.append(_Word(word, start, ax0, min(atop, btop), bx1, max(abottom, bbottom)))
            continue
        for i in range(start, end + 1):  # ends on different lines: no shortcut
            x0, top, x1, bottom = box(i)
            out.append(_Word(text[i], i, x0, top, x1, bottom))
    return out


def _kerned_words(
    word: str, start: int, boxes: list[tuple[float, float, float, float]], em: float
) -> list[_Word]:
    """A capitals run cut where one glyph gap exceeds the run's usual gap by a word space's lower bound
    (letter-spaced headings have even gaps and stay whole)."""
    gaps = [b[0] - a[2] for a, b in itertools.pairwise(boxes)]
    usual = sorted(gaps)[len(gaps) // 2]
    cuts = [k + 1 for k, g in enumerate(gaps) if g - usual >= TIGHT_GAP_EM * em]
    out: list[_Word] = []
    for lo, hi in zip([0, *cuts], [*cuts, len(word)], strict=True):
        part = boxes[lo:hi]
        out.append(
            _Word(
                word[lo:hi],
                start + lo,
                part[0][0],
                min(b[1] for b in part),
                part[-1][2],
                max(b[3] for b in part),
            )
        )
    return out


def extract_segments(
    textpage: pdfium.PdfTextPage, page_height: float, *, bold_by_name: bool = False
) -> list[Segment]:
    """Words of one page grouped into segments (top-left origin boxes, stream order); ``bold_by_name``:
    a font named "...-Bold" is bold even when its descriptor weight is low."""
    tp = textpage.raw
    out: list[Segment] = []
    cur: list[_Word] = []
    s_top = s_bottom = s_x1 = 0.0
    for w in _words(textpage, page_height):
        if w.x1 <= w.x0 and w.bottom <= w.top:
            continue
        if cur:
            h1, h2 = w.bottom - w.top, s_bottom - s_top
            hmin, em = (h1, h2) if h1 < h2 else (h2, h1)
            overlap = (w.bottom if w.bottom < s_bottom else s_bottom) - (w.top if w.top > s_top else s_top)
            gap = w.x0 - s_x1
            if overlap >= SAME_LINE_OVERLAP * hmin and -BACKSTEP_EM * em <= gap <= SEGMENT_GAP_EM * em:
                prev = cur[-1]
                if w.text == prev.text and abs(w.x0 - prev.x0) < FAKE_BOLD_SHIFT_EM * em:
                    continue  # the same glyphs drawn twice, slightly shifted (fake bold)
                cur.append(w)
                s_x1 = max(s_x1, w.x1)
                s_top, s_bottom = min(s_top, w.top), max(s_bottom, w.bottom)
                continue
            out.append(_segment(tp, cur, bold_by_name))
        cur = [w]
        s_top, s_bottom, s_x1 = w.top, w.bottom, w.x1
    if cur:
        out.append(_segment(tp, cur, bold_by_name))
    return out


_FONT_NAME_BUFFER = 128


def _is_bold(tp: pdfium_c.FPDF_TEXTPAGE, index: int, by_name: bool) -> bool:
    """Weight from the font descriptor, else the font's name: the base-14 fonts have no weight, and
    HTML-to-PDF filings embed "LiberationSerif-Bold" with a descriptor weight of ~415 (read by name
    only when ``by_name``)."""
    weight = pdfium_c.FPDFText_GetFontWeight(tp, index)
    if weight >= BOLD_WEIGHT:
        return True
    if weight > 0 and not by_name:
        return False
    buf = ctypes.create_string_buffer(_FONT_NAME_BUFFER)
    flags = ctypes.c_int()
    pdfium_c.FPDFText_GetFontInfo(tp, index, buf, _FONT_NAME_BUFFER, ctypes.byref(flags))
    name = buf.value.decode("latin-1", "replace").lower()
    return "bold" in name or "heavy" in name or "black" in name


def _segment(tp: pdfium_c.FPDF_TEXTPAGE, words: list[_Word], bold_by_name: bool) -> Segment:
    parts: list[str] = []
    xs: list[float] = []
    prev: _Word | None = None
    for w in words:
        if prev is not None:
            em = max(w.bottom - w.top, 0.1)
            gap = w.x0 - prev.x1
            cjk = is_cjk(w.text[0]) or is_cjk(prev.text[-1])
            if gap >= TIGHT_GAP_EM * em and not (cjk and gap < CJK_SPACE_GAP_EM * em):
                parts.append(" ")
                xs.append(prev.x1)
        step = (w.x1 - w.x0) / len(w.text)
        xs.extend(w.x0 + k * step for k in range(len(w.text)))
        parts.append(w.text)
        prev = w
    first, last = words[0], words[-1]
    size = float(pdfium_c.FPDFText_GetFontSize(tp, first.first))
    last_index = last.first + len(last.text) - 1
    # run-in headings are not bold
    bold = _is_bold(tp, first.first, bold_by_name) and _is_bold(tp, last_index, bold_by_name)
    return Segment(
        "".join(parts),
        first.x0,
        min(w.top for w in words),
        max(w.x1 for w in words),
        max(w.bottom for w in words),
        size,
        bold,
        xs,
    )


def split_segment(seg: Segment, x: float) -> tuple[Segment, Segment] | None:
    """Cut a segment at page position x (a table rule it crosses); None when x is outside its text."""
    cut = next((i for i, cx in enumerate(seg.xs) if cx >= x), len(seg.xs))
    if cut == 0 or cut >= len(seg.text):
        return None
    left, right = seg.text[:cut].rstrip(), seg.text[cut:].lstrip()
    if not left or not right:
        return None
    lx1 = max(seg.xs[cut - 1], min(x, seg.x1))
    a = Segment(left, seg.x0, seg.top, lx1, seg.bottom, seg.size, seg.bold, seg.xs[: len(left)])
    off = len(seg.text) - len(right)
    b = Segment(right, seg.xs[off], seg.top, seg.x1, seg.bottom, seg.size, seg.bold, seg.xs[off:])
    return a, b


def group_lines(items: Iterable[Segment]) -> list[Line]:
    """Segments grouped into visual lines (vertical overlap), each line's segments left to right."""
    lines: list[Line] = []
    for seg in sorted(items, key=lambda s: (s.top, s.x0)):
        mid = (seg.top + seg.bottom) / 2
        if lines:
            last = lines[-1]
            first = last.segments[0]
            if last.top <= mid <= last.bottom or (first.top + first.bottom) / 2 >= seg.top:
                last.segments.append(seg)
                continue
        lines.append(Line([seg]))
    for line in lines:
        line.segments.sort(key=lambda s: s.x0)
    return lines
