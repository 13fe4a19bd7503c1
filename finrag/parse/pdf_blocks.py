"""One PDF page's segments and tables -> blocks in reading order (paragraphs, headings, lists, tables)."""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from finrag.model import BBox, Block, BlockKind
from finrag.parse.headings import classify, is_list_item, numbered_level
from finrag.parse.layout import Line, Segment, group_lines, is_cjk
from finrag.parse.pdf_order import reading_order
from finrag.parse.tables import MAX_CAPTION_CHARS, PageTable, unit_of

# A vertical gap this many line heights above the region's usual line spacing starts a new paragraph.
PARA_GAP_EM = 0.25
# Gaps up to this many line heights count when measuring the usual line spacing.
NORMAL_LEADING_EM = 1.0
# A line ending within this many line heights of its region's right edge is full (text runs on).
FULL_LINE_EM = 2.0
# A font-size change larger than this (points) starts a new block.
SIZE_JUMP = 1.0
# Before a table continued from the previous page, at most this many short blocks (repeated title,
# "(continued)") may precede it on its page; after a table, at most this many blocks may follow
# (footnotes, signatures) for it to still continue on the next page.
MAX_LEAD_BLOCKS = 4
MAX_TRAIL_BLOCKS = 2
# A one-line numbered block up to this long is a heading line of its own (never merged with body text).
SHORT_HEADING_CHARS = 40
# At most this many blocks right above a table are its caption (title, unit line, period line).
CAPTION_BLOCKS = 3


@dataclass(slots=True)
class TableItem:
    table: PageTable

    @property
    def x0(self) -> float:
        return self.table.bbox.x0

    @property
    def top(self) -> float:
        return self.table.bbox.y0

    @property
    def x1(self) -> float:
        return self.table.bbox.x1

    @property
    def bottom(self) -> float:
        return self.table.bbox.y1


@dataclass(slots=True)
class PageLayout:
    page: int
    segments: list[Segment]
    tables: list[TableItem]
    gutter: float


@dataclass(slots=True)
class PageBlocks:
    blocks: list[Block] = field(default_factory=list)
    sizes: list[float] = field(default_factory=list)  # font size of each block (for heading levels)
    tables: list[tuple[Block, PageTable]] = field(default_factory=list)


def _join(parts: Sequence[str]) -> str:
    out = ""
    for p in parts:
        if out and p and not (is_cjk(out[-1]) and is_cjk(p[0])):
            out += " "
        out += p
    return out


def _breaks(prev: Line, ln: Line, leading: float, right: float) -> bool:
    a, b = prev.segments[0], ln.segments[0]
    height = max(prev.bottom - prev.top, 1.0)
    if ln.top - prev.bottom > leading + PARA_GAP_EM * height:
        return True
    full = prev.x1 >= right - FULL_LINE_EM * height  # a full line continues its sentence on the next
    if abs(a.size - b.size) > SIZE_JUMP or (a.bold != b.bold and not full):
        return True
    if numbered_level(ln.text) or is_list_item(ln.text):
        return True
    return bool(numbered_level(prev.text)) and len(prev.text) <= SHORT_HEADING_CHARS


def _flush(lines: list[Line], page: int, body_size: float, out: PageBlocks) -> None:
    if not lines:
        return
    text = _join([ln.text for ln in lines])
    segs = [s for ln in lines for s in ln.segments]
    size = max(s.size for s in lines[0].segments)
    bold = all(s.bold for s in segs)
    kind, level = classify(text, size=size, bold=bold, lines=len(lines), body_size=body_size, page=page,
                           top_of_doc=page == 1)
    bbox = BBox(min(s.x0 for s in segs), min(s.top for s in segs), max(s.x1 for s in segs),
                max(s.bottom for s in segs))
    out.blocks.append(Block(kind=kind, text=text, page=page, bbox=bbox, level=level))
    out.sizes.append(size)


def _emit_text(run: list[Segment], page: int, body_size: float, out: PageBlocks) -> None:
    lines = group_lines(run)
    normal = [b.top - a.bottom for a, b in itertools.pairwise(lines)
              if 0 <= b.top - a.bottom <= NORMAL_LEADING_EM * (a.bottom - a.top)]
    leading = statistics.median(normal) if normal else 0.0
    right = max((ln.x1 for ln in lines), default=0.0)
    cur: list[Line] = []
    for ln in lines:
        if cur and _breaks(cur[-1], ln, leading, right):
            _flush(cur, page, body_size, out)
            cur = []
        cur.append(ln)
    _flush(cur, page, body_size, out)


def _is_caption(text: str, pt: PageTable) -> bool:
    """A text block above a table names it or its unit ("合并资产负债表 单位：元")."""
    short = len(text) <= 3 * MAX_CAPTION_CHARS
    return short and bool((pt.caption and pt.caption in text) or unit_of(text))


def _mark_captions(blocks: list[Block], pt: PageTable) -> None:
    """The blocks right above a table that name it or its unit become its CAPTION (walking up at most
    CAPTION_BLOCKS blocks on its page, stopping at the first other one): "Summary of Business Segment
    Data" + "(Dollars in millions)" belong with the table, not with the paragraph before. Numbered
    headings ("（一）合并资产负债表") stay headings."""
    for block in blocks[: -CAPTION_BLOCKS - 1 : -1]:
        if block.page != pt.page or block.kind not in (BlockKind.TEXT, BlockKind.HEADING, BlockKind.CAPTION):
            return
        if not _is_caption(block.text, pt) or numbered_level(block.text):
            return
        if block.kind == BlockKind.HEADING and not unit_of(block.text):
            return  # a heading naming the table already heads it in the section path
        block.kind = BlockKind.CAPTION
        block.level = 0


def build_page_blocks(lay: PageLayout, body_size: float) -> PageBlocks:
    out = PageBlocks()
    items: list[Segment | TableItem] = [*lay.segments, *lay.tables]
    for region in reading_order(items, lay.gutter):
        run: list[Segment] = []
        for it in region:
            if isinstance(it, TableItem):
                _emit_text(run, lay.page, body_size, out)
                run = []
                pt = it.table
                _mark_captions(out.blocks, pt)
                text = "\n".join(" | ".join(r) for r in pt.raw_rows)
                block = Block(kind=BlockKind.TABLE, text=text, page=lay.page, bbox=pt.bbox, table_id="")
                out.blocks.append(block)
                out.sizes.append(0.0)
                out.tables.append((block, pt))
            elif isinstance(it, Segment):
                run.append(it)
        _emit_text(run, lay.page, body_size, out)
    positions = {id(b): i for i, b in enumerate(out.blocks)}
    for block, pt in out.tables:
        i = positions[id(block)]
        before, after = out.blocks[:i], out.blocks[i + 1 :]
        pt.first_on_page = len(before) <= MAX_LEAD_BLOCKS and all(
            b.kind != BlockKind.TABLE and len(b.text) <= MAX_CAPTION_CHARS for b in before
        )
        pt.last_on_page = len(after) <= MAX_TRAIL_BLOCKS and all(b.kind != BlockKind.TABLE for b in after)
    return out
