"""Heading detection from numbering patterns and font size/weight, and heading levels."""

from __future__ import annotations

import re
from collections.abc import Sequence

from finrag.model import Block, BlockKind, OutlineEntry

# Headings are short: longer blocks are body text even when bold.
MAX_HEADING_CHARS = 80
# A block whose font is this many points above the body size reads as a heading.
HEADING_SIZE_DELTA = 1.5
# A first-page block at least this many times the body size is the document title.
TITLE_SIZE_RATIO = 1.6
# Deepest level produced from font sizes alone.
MAX_SIZE_LEVEL = 3

# After "1.2": a percentage, a list of figures or a lowercase word make it an amount ("0.3% on the ...",
# "1.5 billion ..."), the wrapped start of a sentence, not a section number.
_NOT_AMOUNT = r"(?!\s*[%,)]|\s+[a-z])"
# (pattern, level): numbering schemes of Chinese annual reports/prospectuses and SEC filings.
_NUMBERED: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"^第[一二三四五六七八九十百零〇\d]+[节章篇部分]"), 1),
    (re.compile(r"^PART\s+[IVX]+\b", re.IGNORECASE), 1),
    (re.compile(r"^Item\s+\d+[A-C]?\.", re.IGNORECASE), 2),
    (re.compile(r"^[一二三四五六七八九十]+、"), 2),
    (re.compile(r"^[（(][一二三四五六七八九十]+[）)]"), 3),
    (re.compile(rf"^\d+\.\d+\.\d+{_NOT_AMOUNT}(?:\s|[^\d.])"), 5),
    (re.compile(rf"^\d+\.\d+{_NOT_AMOUNT}(?:\s|[^\d.])"), 4),
]
_LIST_ITEM = re.compile(r"^(?:[•●▪◆■□◇○·\-–]\s*|[（(]?\d{1,2}[）)]\s*|\d{1,2}[、.]\s+\S|[a-z][.)]\s+)")
_SENTENCE_END = re.compile(r"[。；;:：,，]$")
_NUMBERISH = re.compile(r"^[\d\s,.%()（）\-$¥€£]+$")


def numbered_level(text: str) -> int:
    """Level implied by a heading number ("第一节" -> 1, "一、" -> 2, "（一）" -> 3, "1.1" -> 4), else 0."""
    t = text.strip()
    for pattern, level in _NUMBERED:
        if pattern.match(t):
            return level
    return 0


def is_list_item(text: str) -> bool:
    return bool(_LIST_ITEM.match(text.strip()))


def classify(
    text: str, *, size: float, bold: bool, lines: int, body_size: float, page: int, top_of_doc: bool
) -> tuple[BlockKind, int]:
    """Kind and heading level of a text block."""
    t = text.strip()
    width = len(t) + sum(1 for c in t if "\u4e00" <= c <= "\u9fff")  # a CJK character counts twice
    short = width <= MAX_HEADING_CHARS and lines <= 3 and not _NUMBERISH.match(t) and not t.startswith("•")
    if not short or _SENTENCE_END.search(t):
        return (BlockKind.LIST if is_list_item(t) else BlockKind.TEXT), 0
    level = numbered_level(t)
    if top_of_doc and not level and body_size > 0 and size >= TITLE_SIZE_RATIO * body_size:
        return BlockKind.TITLE, 1
    larger = body_size > 0 and size >= body_size + HEADING_SIZE_DELTA
    if level and (larger or bold or lines == 1):
        return BlockKind.HEADING, level
    if larger or (bold and lines == 1):
        return BlockKind.HEADING, 0  # level from font size, assigned by assign_size_levels
    return (BlockKind.LIST if is_list_item(t) else BlockKind.TEXT), 0


def assign_size_levels(blocks: Sequence[Block], sizes: Sequence[float], body_size: float) -> None:
    """Headings without a numbering level get one from their font size rank (larger = higher)."""
    ranked = sorted({round(s) for b, s in zip(blocks, sizes, strict=True) if b.kind == BlockKind.HEADING},
                    reverse=True)
    for b, s in zip(blocks, sizes, strict=True):
        if b.kind == BlockKind.HEADING and b.level == 0:
            rank = ranked.index(round(s)) + 1 if round(s) > round(body_size) else MAX_SIZE_LEVEL
            b.level = min(rank, MAX_SIZE_LEVEL)


def apply_outline(blocks: Sequence[Block], outline: Sequence[OutlineEntry]) -> None:
    """Blocks whose text starts an outline entry's title on its page become headings at its level."""
    by_page: dict[int, list[OutlineEntry]] = {}
    for e in outline:
        if e.page is not None:
            by_page.setdefault(e.page, []).append(e)
    for b in blocks:
        entries = by_page.get(b.page)
        if not entries or b.kind == BlockKind.TABLE or len(b.text) > MAX_HEADING_CHARS:
            continue
        key = "".join(b.text.split()).lower()
        for e in entries:
            title = "".join(e.title.split()).lower()
            prefix = 2 * len(key) >= len(title) and title.startswith(key)  # title wrapped over two blocks
            if title and (key == title or prefix or key.startswith(title)):
                b.kind = BlockKind.HEADING
                b.level = e.level
                break
