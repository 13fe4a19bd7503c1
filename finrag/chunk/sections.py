"""Heading detection and the section tree: blocks grouped under their heading path.

Parser heading levels are used for structured text (Markdown, DOCX). In PDFs the numbering of the
heading decides its level, because font-size levels are not consistent across a filing:
第X节 > 一、 > （一） > 1. ; PART I > Item 7.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from finrag.model import Block, BlockKind, Document

_CN_NUM = "一二三四五六七八九十百零〇两"
# (pattern, level) tried in order on a candidate heading's text
_NUMBERED_LEVELS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(rf"^第[{_CN_NUM}\d]+[节章篇部]"), 1),
    (re.compile(r"^PART\s+[IVX]+\b", re.IGNORECASE), 1),
    (re.compile(r"^Item\s+\d+[A-Z]?\s*[.:]", re.IGNORECASE), 2),
    (re.compile(r"^Note\s+\d+\b", re.IGNORECASE), 3),
    (re.compile(rf"^[{_CN_NUM}]+\s*[、.．]"), 2),
    (re.compile(rf"^[（(][{_CN_NUM}]+[）)]"), 3),
    (re.compile(r"^\d+\s*[、．]"), 4),
    (re.compile(r"^\d{1,2}\.(?!\d)"), 4),
    (re.compile(r"^\d+(\.\d+)+\s"), 4),
    (re.compile(r"^[（(]\d{1,2}[）)]"), 5),
)
PROMOTE_MAX_CHARS = 40  # a plain text line longer than this is never taken for a heading
PROMOTE_MAX_CHARS_EN = 120  # ... except SEC "PART I" / "Item 7. Management's Discussion and Analysis ..."
_SEC_ITEM = re.compile(r"^(PART\s+[IVX]+\b|Item\s+\d+[A-Z]?\s*[.:])", re.IGNORECASE)
_TOC_LINE = re.compile(r"(\.{4,}|…{2,}|·{4,}|\s\d{1,3}\s*$)")
_SENTENCE_PUNCT = re.compile(r"[。；;，,]")
_NOT_A_HEADING = re.compile(r"^[□√☑☐■\s]*(适用|不适用)[□√☑☐■\s]*(不适用)?$")
TITLE_LEVEL = 0  # a document title (DOCX Title style, etc.) sits above every heading
UNNUMBERED = -1  # PDF heading without numbering: a child of the last numbered heading, sibling of unnumbered


@dataclass(slots=True)
class Section:
    path: list[str]  # heading titles from the top, e.g. ["第十节 财务报告", "二、 财务报表"]
    heading: int | None  # index of the heading block (None for text before the first heading)
    level: int = 0  # heading level (0 before the first heading)
    blocks: list[int] = field(default_factory=list)  # indices of body blocks, in order


def clean_title(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def numbered_level(text: str) -> int | None:
    t = text.strip()
    for pattern, level in _NUMBERED_LEVELS:
        if pattern.match(t):
            return level
    return None


def heading_level(block: Block, media_type: str) -> int | None:
    """The heading level of ``block``, :data:`UNNUMBERED` for an unnumbered PDF heading, or None for text."""
    text = clean_title(block.text)
    if not text or _NOT_A_HEADING.match(text):
        return None
    if block.kind in (BlockKind.TITLE, BlockKind.HEADING):
        if block.kind == BlockKind.TITLE and media_type != "pdf":
            return TITLE_LEVEL
        if block.level > 0 and media_type != "pdf":
            return block.level
        if _TOC_LINE.search(text) or (len(text) > PROMOTE_MAX_CHARS and _SENTENCE_PUNCT.search(text)):
            return None
        return numbered_level(text) or (block.level if media_type != "pdf" and block.level else UNNUMBERED)
    if block.kind != BlockKind.TEXT or media_type != "pdf":
        return None
    return _promoted(text)


def _promoted(text: str) -> int | None:
    """Level of a plain text line that is really a heading ("第十节 财务报告", "Item 7. MD&A")."""
    if _TOC_LINE.search(text):
        return None
    if len(text) <= PROMOTE_MAX_CHARS_EN and _SEC_ITEM.match(text):
        return numbered_level(text)
    if len(text) > PROMOTE_MAX_CHARS or _SENTENCE_PUNCT.search(text):
        return None
    level = numbered_level(text)
    return level if level is not None and level <= 3 else None


def build_sections(doc: Document, root: list[str] | None = None) -> list[Section]:
    """Sections in reading order; ``root`` is the path used before the first heading."""
    sections: list[Section] = [Section(list(root or []), None)]
    stack: list[tuple[int, str, bool]] = []  # (level, title, numbered)
    for i, block in enumerate(doc.blocks):
        level = heading_level(block, doc.media_type)
        if level is None:
            sections[-1].blocks.append(i)
            continue
        numbered = level != UNNUMBERED
        if not numbered:
            level = (stack[-1][0] + (0 if not stack[-1][2] else 1)) if stack else 1
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, clean_title(block.text), numbered))
        sections.append(Section([t for _, t, _ in stack], i, level))
    return [s for s in sections if s.blocks or s.heading is not None]
