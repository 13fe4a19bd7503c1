"""Locate quoted evidence on a PDF page through its text layer, as boxes to highlight.

Text chunks carry no boxes (only tables do), so a citation is highlighted by finding its sentences,
and the amounts it quotes, among the page's characters. Matching ignores whitespace, width (NFKC)
and case, so a sentence that wraps over lines, or Chinese text with stray spaces, still matches.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from finrag.model import BBox

MIN_NEEDLE_CHARS = 6  # shorter fragments match too many places to be evidence
MAX_NEEDLES = 40  # bounds the work of one page request
MAX_HITS_PER_NEEDLE = 5  # a phrase repeated all over the page is not worth painting everywhere
_CITE = re.compile(r"\[\d+\]")
_SENTENCE = re.compile(r"(?<=[。！？；.!?;\]])\s+|(?<=[。！？；])|\n+| > | \| ")
_AMOUNT = re.compile(r"\d[\d,，.]*\d")
_MIN_AMOUNT_DIGITS = 4  # years alone (2019) are too common; 1,250.5 or 12345 are specific


@dataclass(slots=True)
class Marks:
    """What to highlight: explicit boxes and quotes first, the cited chunk's boxes/text as fallback."""

    boxes: list[BBox] = field(default_factory=list)
    quotes: list[str] = field(default_factory=list)
    fallback_boxes: list[BBox] = field(default_factory=list)
    fallback_quotes: list[str] = field(default_factory=list)

    def key(self) -> tuple[object, ...]:
        def bx(bs: list[BBox]) -> tuple[tuple[float, ...], ...]:
            return tuple((b.x0, b.y0, b.x1, b.y1) for b in bs)

        return (bx(self.boxes), tuple(self.quotes), bx(self.fallback_boxes), tuple(self.fallback_quotes))


def _squash(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def needles(texts: list[str]) -> list[str]:
    """Sentences and specific amounts of ``texts`` (citation marks removed), longest first."""
    found: set[str] = set()
    for text in texts:
        clean = _CITE.sub(" ", text)
        for part in _SENTENCE.split(clean):
            part = part.strip(" |:：,，")
            if len(_squash(part)) >= MIN_NEEDLE_CHARS:
                found.add(part)
        for amount in _AMOUNT.findall(clean):
            digits = sum(ch.isdigit() for ch in amount)
            if digits > _MIN_AMOUNT_DIGITS or (digits == _MIN_AMOUNT_DIGITS and not amount.isdigit()):
                found.add(amount)
    return sorted(found, key=len, reverse=True)[:MAX_NEEDLES]


def find_text_boxes(textpage: Any, page_height: float, texts: list[str]) -> list[BBox]:
    """Boxes (top-left origin, points) of every place on the page where a needle of ``texts`` occurs."""
    import pypdfium2.raw as pdfium_c

    wanted = needles(texts)
    if not wanted:
        return []
    hay: list[str] = []
    owner: list[int] = []  # hay position -> pdfium char index
    for i in range(textpage.count_chars()):
        norm = _squash(chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i)))
        hay.extend(norm)
        owner.extend([i] * len(norm))
    text = "".join(hay)
    hit: set[int] = set()
    for needle in wanted:
        sq = _squash(needle)
        start, count = text.find(sq), 0
        while start >= 0 and count < MAX_HITS_PER_NEEDLE:
            hit.update(owner[start : start + len(sq)])
            start, count = text.find(sq, start + len(sq)), count + 1
    return _line_boxes(textpage, page_height, sorted(hit))


def _line_boxes(textpage: Any, page_height: float, indices: list[int]) -> list[BBox]:
    boxes: list[BBox] = []
    prev = -2
    for i in indices:
        left, bottom, right, top = textpage.get_charbox(i)
        box = BBox(left, page_height - top, right, page_height - bottom)
        if boxes and i <= prev + 2 and _same_line(boxes[-1], box):
            a = boxes[-1]
            boxes[-1] = BBox(min(a.x0, box.x0), min(a.y0, box.y0), max(a.x1, box.x1), max(a.y1, box.y1))
        else:
            boxes.append(box)
        prev = i
    return [b for b in boxes if b.x1 > b.x0 and b.y1 > b.y0]


def _same_line(a: BBox, b: BBox) -> bool:
    """Vertical ranges overlap (a comma's small low box still joins its line; the next line does not)."""
    return min(a.y1, b.y1) > max(a.y0, b.y0)
