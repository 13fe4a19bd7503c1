"""Heading detection and the section tree: blocks grouped under their heading path.

Parser heading levels are used for structured text (Markdown, DOCX). In PDFs the numbering of the
heading decides its level, because font-size levels are not consistent across a filing:
第X节 > 一、 > （一） > 1. ; PART I > Item 7 > Note 16.

SEC filings get extra structure (sec_items.py): table-of-contents pages never set the path, Item
numbers only move forward, an "Item 8" label and its title on the next line are one heading, Item/Note
labels merged with their first paragraph become headings, and exhibits appended after the last Item
start their own top-level path. Unit captions and footnote lines are never headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from finrag.chunk.sec_items import (
    ANY_ITEM,
    SEC_LEVELS,
    SecTracker,
    is_caption_line,
    label_title,
    sec_label,
    toc_blocks,
)
from finrag.model import Block, BlockKind, Document

__all__ = [
    "Section", "build_sections", "clean_title", "heading_level", "is_caption_line", "is_sentence_fragment",
    "numbered_level",
]

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
_TOC_LINE = re.compile(r"(\.{4,}|…{2,}|·{4,}|\s\d{1,3}\s*$)")
_SENTENCE_PUNCT = re.compile(r"[。；;，,]")
_LABEL_INITIALS = frozenset("IiNnPpEe")  # first letters of Item / Note / Part / Exhibit labels
_NOT_A_HEADING = re.compile(r"^[□√☑☐■\s]*(适用|不适用)[□√☑☐■\s]*(不适用)?$")
# The wrapped tail of a paragraph: starts lowercase or with an amount ("0.3% on the ...", "14.0%, 11.0%
# and ...", "2 million of ...") and ends like a sentence. Never a heading, whatever its font.
_FRAGMENT_START = re.compile(r"^(?:[a-z](?![A-Z])|[$(]?\d[\d,.]*(?:\s*%|,|\s+[a-z]))")
_FRAGMENT_END = re.compile(r"[.;,]$")
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
    lab = sec_label(t)
    if lab is not None and lab.kind in SEC_LEVELS:
        return SEC_LEVELS[lab.kind]
    for pattern, level in _NUMBERED_LEVELS:
        if pattern.match(t):
            return level
    return None


def is_sentence_fragment(text: str) -> bool:
    """A line continuing a sentence ("0.3% on the operational sales growth of the ... segment.")."""
    t = text.strip()
    return bool(_FRAGMENT_START.match(t) and _FRAGMENT_END.search(t))


def heading_level(block: Block, media_type: str) -> int | None:
    """The heading level of ``block``, :data:`UNNUMBERED` for an unnumbered PDF heading, or None for text."""
    text = clean_title(block.text)
    if not text or _NOT_A_HEADING.match(text) or (media_type == "pdf" and is_sentence_fragment(text)):
        return None
    level = _heading_level(block, text, media_type)
    if level is not None and media_type == "pdf" and is_caption_line(text):
        return None
    return level


def _heading_level(block: Block, text: str, media_type: str) -> int | None:
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
    if len(text) <= PROMOTE_MAX_CHARS_EN and sec_label(text) is not None:
        return numbered_level(text)
    if len(text) > PROMOTE_MAX_CHARS or _SENTENCE_PUNCT.search(text):
        return None
    level = numbered_level(text)
    return level if level is not None and level <= 3 else None


def _sec_heading(doc: Document, i: int) -> tuple[int, str, bool] | None:
    """(level, title, title_only) of an SEC Item/Note label block of any kind whose text runs on into its
    first paragraph ("Item 5. Market for ... The principal market ..."), else None."""
    block = doc.blocks[i]
    if block.text.lstrip()[:1] not in _LABEL_INITIALS:
        return None
    text = clean_title(block.text)
    if block.kind == BlockKind.TABLE:  # "Item 8. Financial Statements ... | INDEX TO ..." read into a table
        if len(ANY_ITEM.findall(block.text)) != 1:
            return None
        cells = [c.strip() for c in block.text.split("\n", 1)[0].split("|") if c.strip()]
        lab = sec_label(cells[0]) if cells else None
        if lab is None or lab.kind != "item":
            return None
        return SEC_LEVELS["item"], clean_title(cells[0])[:PROMOTE_MAX_CHARS_EN], False
    if block.kind not in (BlockKind.TEXT, BlockKind.CAPTION, BlockKind.HEADING, BlockKind.LIST):
        return None
    lab = sec_label(text)
    if lab is None or _TOC_LINE.search(text[lab.end:PROMOTE_MAX_CHARS_EN]):
        return None
    title, rest = label_title(text, PROMOTE_MAX_CHARS_EN,
                              heading=block.kind in (BlockKind.HEADING, BlockKind.TITLE))
    level = UNNUMBERED if lab.kind == "exhibit" else numbered_level(title)
    return None if level is None else (level, title, not rest)


def _capitals(title: str) -> bool:
    """A Latin heading printed in capitals ("SEGMENT RESULTS"), not a numbered one ("ITEM 7.")."""
    return title.isupper() and title.isascii() and numbered_level(title) is None


def build_sections(doc: Document, root: list[str] | None = None) -> list[Section]:
    """Sections in reading order; ``root`` is the path used before the first heading."""
    sections: list[Section] = [Section(list(root or []), None)]
    stack: list[tuple[int, str, bool]] = []  # (level, title, numbered)
    pdf = doc.media_type == "pdf"
    toc = toc_blocks(doc.blocks) if pdf else set()
    sec = SecTracker()
    skip = -1  # a title line already taken into the heading before it
    pos_on_page = 0
    for i, block in enumerate(doc.blocks):
        pos_on_page = pos_on_page + 1 if i and doc.blocks[i - 1].page == block.page else 0
        if i == skip:
            continue
        level = heading_level(block, doc.media_type)
        title = clean_title(block.text)
        body_too = False  # the heading block also carries body text
        if pdf:
            if i in toc:
                level = None
            elif (merged := _sec_heading(doc, i)) is not None:
                level, title, title_only = merged
                body_too = not title_only and clean_title(block.text) != title
                nxt = doc.blocks[i + 1] if i + 1 < len(doc.blocks) else None
                lab = sec_label(title)
                if title_only and lab is not None and not title[lab.end:].strip() and nxt is not None:
                    joined = clean_title(nxt.text)
                    if len(joined) <= PROMOTE_MAX_CHARS_EN and sec_label(joined) is None \
                            and not _SENTENCE_PUNCT.search(joined[-1:]) and nxt.kind != BlockKind.TABLE:
                        title = f"{title} {joined}"
                        skip = i + 1
            if level is None and block.kind == BlockKind.TEXT and len(title) <= PROMOTE_MAX_CHARS_EN \
                    and sec.exhibit_start(title, block, pos_on_page):
                level = UNNUMBERED
            if level is not None:
                verdict = sec.accept(title, level, block, pos_on_page)
                if verdict is None:
                    level = None
                    skip = -1 if skip == i + 1 else skip
                else:
                    level, reset = verdict
                    if reset:
                        stack.clear()
        if level is None:
            sections[-1].blocks.append(i)
            continue
        numbered = level != UNNUMBERED
        if not numbered and pdf and _capitals(title):
            # "ASSET & WEALTH MANAGEMENT" over "Selected income statement data": a heading in capitals heads
            # the unnumbered headings after it, under the last numbered one
            level = next((lv + 1 for lv, t, n in reversed(stack) if n and not _capitals(t)), 1)
            numbered = True
        elif not numbered:
            level = (stack[-1][0] + (0 if not stack[-1][2] else 1)) if stack else 1
        while stack and stack[-1][0] >= level:
            stack.pop()
        stack.append((level, title, numbered))
        sections.append(Section([t for _, t, _ in stack], i, level))
        if body_too:
            sections[-1].blocks.append(i)
    return [s for s in sections if s.blocks or s.heading is not None]
