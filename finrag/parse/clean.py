"""Page furniture removal (running headers, footers, page numbers), garbled-text and language checks."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from finrag.parse.layout import Line

# Lines looked at for furniture at each edge of a page (headers/footers rarely exceed two lines).
EDGE_LINES = 2
# A furniture line must sit within this share of the page height from the top or the bottom edge.
EDGE_ZONE = 0.12
# Type this many points above the body size is a heading, never furniture with only its digits changed.
LARGE_TYPE_DELTA = 1.0
# Share of CJK characters (among letters and CJK) above which a document is Chinese.
CJK_LANGUAGE_SHARE = 0.2

_PAGE_NUMBER = re.compile(
    r"^(?:[-–—\s]*\d{1,4}[-–—\s]*|(?:page|p\.)\s*\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?|\d{1,4}\s*/\s*\d{1,4}"
    r"|第\s*\d{1,4}\s*页(?:\s*[,，]?\s*共\s*\d{1,4}\s*页)?|[ivxlcdm]{1,6})$",
    re.IGNORECASE,
)
_URL = re.compile(r"^(?:https?://|www\.)\S+$", re.IGNORECASE)
_DATE = re.compile(
    r"^(?:\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?|\d{1,2}/\d{1,2}/\d{2,4}|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},\s*\d{4})$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


@dataclass(slots=True)
class PageLines:
    page: int
    height: float
    lines: list[Line]


def _edge_lines(p: PageLines) -> list[Line]:
    """First/last lines of a page that sit in its margins; the very first and last line always count
    (filings printed from HTML put the page number well above the paper's bottom margin)."""
    if not p.lines:
        return []
    top = [ln for ln in p.lines[:EDGE_LINES] if ln.bottom <= p.height * EDGE_ZONE]
    bottom = [ln for ln in p.lines[-EDGE_LINES:] if ln.top >= p.height * (1 - EDGE_ZONE)]
    out = top + [ln for ln in bottom if all(ln is not t for t in top)]
    for ln in (p.lines[0], p.lines[-1]):
        if all(ln is not o for o in out):
            out.append(ln)
    return out


def _lone_furniture(text: str) -> bool:
    t = text.strip()
    return bool(_PAGE_NUMBER.match(t) or _URL.match(t) or _DATE.match(t))


def _key(ln: Line, body_size: float) -> str:
    """Furniture key: digits folded ("Page 3 of 9"), except for large type (numbered headings)."""
    text = _SPACE.sub("", ln.text).lower()
    large = max(s.size for s in ln.segments) > body_size + LARGE_TYPE_DELTA
    return text if large else _DIGITS.sub("#", text)


def remove_furniture(pages: Sequence[PageLines], min_share: float, body_size: float) -> list[str]:
    """Drop repeated headers/footers and page numbers from each page's lines (in place).

    Returns the removed lines' texts (one per distinct line, first occurrence) for the report.
    """
    counts: Counter[str] = Counter()
    for p in pages:
        counts.update({_key(ln, body_size) for ln in _edge_lines(p)})
    threshold = max(2.0, min_share * len(pages))
    removed: dict[str, str] = {}
    for p in pages:
        edge = _edge_lines(p)
        drop = []
        for ln in edge:
            key = _key(ln, body_size)
            if counts[key] >= threshold or _lone_furniture(ln.text):
                drop.append(ln)
                removed.setdefault(key, ln.text)
        if drop:
            p.lines = [ln for ln in p.lines if all(ln is not d for d in drop)]
    return list(removed.values())


_BAD_GLYPHS = re.compile("[\ue000-\uf8ff\ufffd\x00-\x08\x0b\x0c\x0e-\x1f]")
_CJK = re.compile("[\u4e00-\u9fff\u3400-\u4dbf]")
_LATIN = re.compile("[A-Za-z]")


def garbled_share(text: str) -> float:
    """Share of characters that are private-use, replacement or control glyphs (broken font maps)."""
    total = len(text) - text.count(" ")
    return len(_BAD_GLYPHS.findall(text)) / total if total > 0 else 0.0


def detect_language(texts: Sequence[str]) -> str:
    cjk = letters = 0
    for t in texts:
        cjk += len(_CJK.findall(t))
        letters += len(_LATIN.findall(t))
    total = cjk + letters
    return "zh" if total and cjk / total >= CJK_LANGUAGE_SHARE else "en"
