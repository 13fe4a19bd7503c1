"""Prose strategies: section-aware merge (reports, filings, prospectuses), minutes/notes, parent-child."""

from __future__ import annotations

import re
from collections.abc import Sequence

from finrag.chunk.build import ChunkContext, heading_prefix
from finrag.chunk.merge import Piece, join_pieces, naive_merge
from finrag.chunk.sections import Section, build_sections, numbered_level
from finrag.chunk.tables import render_table, table_chunks
from finrag.index.tokenize import count_tokens
from finrag.model import BlockKind, ChunkKind, Table

MIN_BODY_SHARE = 0.5  # the heading prefix may take at most half of a chunk's budget
TOPIC_TITLE_CHARS = 80  # a topic's first line, cut to this, names it in the section path
TABLE_LEAD_TOKENS = 12  # text this short right before a table (a unit line) is folded into the table
TABLE_CAPTION_TOKENS = 32  # caption blocks (title + unit line) up to this size go with their table
# A caption block naming a year ("... BALANCE SHEETS At January 1, 2023 and January 2, 2022") stays text: a
# fiscal year's closing date in the next calendar year would misdate the table for period matching.
_DATED = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


def body_budget(ctx: ChunkContext, prefix: str, total: int | None = None) -> int:
    budget = total or ctx.max_tokens
    return max(int(budget * MIN_BODY_SHARE), budget - count_tokens(prefix))


def emit_text(
    ctx: ChunkContext, pieces: Sequence[Piece], path: Sequence[str], kind: ChunkKind = ChunkKind.TEXT,
    *, prefix: str | None = None,
) -> None:
    """Pack pieces into chunks under ``path`` (the heading path starts each chunk's text)."""
    if not pieces:
        return
    head = heading_prefix(path) if prefix is None else prefix
    budget = body_budget(ctx, head)
    for group in naive_merge(pieces, budget, ctx.settings.chunk.overlap):
        ctx.add_pieces(group, kind, path, prefix=prefix)


def _tables_by_id(ctx: ChunkContext) -> dict[str, Table]:
    return {t.table_id: t for t in ctx.doc.tables}


def _section_pages(ctx: ChunkContext, sections: list[Section]) -> list[int]:
    blocks = ctx.doc.blocks
    return [blocks[s.heading if s.heading is not None else (s.blocks or [0])[0]].page for s in sections]


def section_aware(ctx: ChunkContext, root: list[str]) -> None:
    """Merge sentences within each section; tables become table chunks at their place; small
    neighbouring sections share a chunk under their common heading path."""
    tables = _tables_by_id(ctx)
    used: set[str] = set()
    sections = build_sections(ctx.doc, root)
    small = _SmallSections(ctx, _title_depth(sections))
    for sec in sections:
        has_table = any(ctx.doc.blocks[i].kind == BlockKind.TABLE for i in sec.blocks)
        if not has_table and small.take(sec):
            continue
        small.flush()
        pending: list[int] = []
        for i in sec.blocks:
            block = ctx.doc.blocks[i]
            table = tables.get(block.table_id or "") if block.kind == BlockKind.TABLE else None
            if table is None:
                pending.append(i)
                continue
            if table.table_id in used:  # a second block pointing at the same table adds nothing
                continue
            lead = _table_lead(ctx, pending, sec.path)
            pending = []
            used.add(table.table_id)
            start = ctx.offsets[i]
            table_chunks(ctx, table, sec.path, (start, start + len(block.text)), lead)
        emit_text(ctx, ctx.text_pieces(pending), sec.path)
    small.flush()
    _orphan_tables(ctx, sections, [t for t in ctx.doc.tables if t.table_id not in used], root)


def _table_lead(ctx: ChunkContext, pending: list[int], path: Sequence[str]) -> str:
    """Emit the text before a table; return the part that belongs to the table: all of it when very
    short ("单位：元 币种：人民币"), else its trailing CAPTION blocks (title and unit line) when short."""
    pieces = ctx.text_pieces(pending)
    if pieces and count_tokens(join_pieces(pieces)) <= TABLE_LEAD_TOKENS:
        return " ".join(p.text for p in pieces)
    k = len(pending)
    while k > 0 and ctx.doc.blocks[pending[k - 1]].kind == BlockKind.CAPTION \
            and not _DATED.search(ctx.doc.blocks[pending[k - 1]].text):
        k -= 1
    captions = ctx.text_pieces(pending[k:])
    if not captions or count_tokens(join_pieces(captions)) > TABLE_CAPTION_TOKENS:
        emit_text(ctx, pieces, path)
        return ""
    emit_text(ctx, ctx.text_pieces(pending[:k]), path)
    return " ".join(p.text for p in captions)


def _title_depth(sections: list[Section]) -> int:
    """1 when the first heading is a document title (the only heading at the top level, like a Markdown
    "# Title" or a DOCX Title): chapters below it must not merge with each other. 0 otherwise."""
    headed = [s for s in sections if s.heading is not None]
    if not headed:
        return 0
    top = min(s.level for s in headed)
    tops = [s for s in headed if s.level == top]
    title = tops[0].path[-1] if tops[0].path else ""
    unnumbered = numbered_level(title) is None  # "第二节 ..." is a chapter, not a title
    return 1 if len(tops) == 1 and tops[0] is headed[0] and len(headed) > 1 and unnumbered else 0


class _SmallSections:
    """Buffer of consecutive small text-only sections, emitted together under their common path."""

    def __init__(self, ctx: ChunkContext, floor: int) -> None:
        self.ctx = ctx
        self.floor = floor  # merged sections must share more than this many leading headings
        self.items: list[tuple[Section, list[Piece], int]] = []  # section, pieces, tokens

    def take(self, sec: Section) -> bool:
        pieces = self.ctx.text_pieces(sec.blocks)
        if not pieces:
            return True  # a heading without body: its title lives on in its children's paths
        tokens = sum(count_tokens(p.text) for p in pieces) + count_tokens(heading_prefix(sec.path))
        if tokens > self.ctx.settings.chunk.small_section_tokens:
            return False
        if self.items:
            common = _common(self.items[0][0].path, sec.path)
            total = sum(t for _, _, t in self.items) + tokens
            if len(common) <= self.floor or total > self.ctx.max_tokens:
                self.flush()
        self.items.append((sec, pieces, tokens))
        return True

    def flush(self) -> None:
        items, self.items = self.items, []
        if not items:
            return
        if len(items) == 1:
            emit_text(self.ctx, items[0][1], items[0][0].path)
            return
        common = items[0][0].path
        for sec, _, _ in items[1:]:
            common = _common(common, sec.path)
        pieces: list[Piece] = []
        for sec, body, _ in items:
            below = sec.path[len(common) :]
            if below and sec.heading is not None:
                start = self.ctx.offsets[sec.heading]
                page = self.ctx.doc.blocks[sec.heading].page
                pieces.append(Piece(heading_prefix(below), start, start, page, sec.heading))
            pieces.extend(body)
        emit_text(self.ctx, pieces, common)


def _common(a: Sequence[str], b: Sequence[str]) -> list[str]:
    out: list[str] = []
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        out.append(x)
    return out


def _orphan_tables(ctx: ChunkContext, sections: list[Section], tables: list[Table], root: list[str]) -> None:
    """Tables no block points at: placed under the last section that starts on or before their page."""
    if not tables:
        return
    starts = _section_pages(ctx, sections) if sections else []
    for table in tables:
        page = table.pages[0] if table.pages else 1
        path = root
        for sec, first in zip(sections, starts, strict=True):
            if first <= page and sec.path:
                path = sec.path
        table_chunks(ctx, table, path, (0, 0))


_TOPIC_START = re.compile(
    r"^(议题|话题|事项|Topic|Agenda item|Item)\s*[\d一二三四五六七八九十]*", re.IGNORECASE
)
_NUMBERED_TOPIC = re.compile(r"^([一二三四五六七八九十]+[、.．]|\d+[、.．)]\s*\S)")


def _block_text(ctx: ChunkContext, indices: list[int], tables: dict[str, Table]) -> list[Piece]:
    """Sentence pieces of blocks, with each table rendered whole as one piece."""
    out: list[Piece] = []
    run: list[int] = []
    for i in indices:
        block = ctx.doc.blocks[i]
        table = tables.get(block.table_id or "") if block.kind == BlockKind.TABLE else None
        if table is None:
            run.append(i)
            continue
        out.extend(ctx.text_pieces(run))
        run = []
        start = ctx.offsets[i]
        out.append(Piece(render_table(table), start, start + len(block.text), block.page, i))
    out.extend(ctx.text_pieces(run))
    return out


def minutes(ctx: ChunkContext, root: list[str]) -> None:
    """Whole note when short; otherwise one topic (heading or numbered item) per chunk."""
    tables = _tables_by_id(ctx)
    everything = _block_text(ctx, list(range(len(ctx.doc.blocks))), tables)
    if not everything:
        return
    if count_tokens(join_pieces(everything)) <= ctx.settings.chunk.short_note_tokens:
        note_path = [ctx.doc.meta.title] if ctx.doc.meta.title else list(root)
        ctx.add_pieces(everything, ChunkKind.NOTE, note_path)
        return
    topics: list[tuple[list[str], list[Piece]]] = [(list(root), [])]
    for i, block in enumerate(ctx.doc.blocks):
        text = block.text.strip()
        is_heading = block.kind in (BlockKind.TITLE, BlockKind.HEADING)
        if is_heading or _TOPIC_START.match(text) or _NUMBERED_TOPIC.match(text):
            title = text.splitlines()[0][:TOPIC_TITLE_CHARS] if text else ""
            topics.append(([*root, title], []))
            if is_heading:
                continue
        topics[-1][1].extend(_block_text(ctx, [i], tables))
    for path, pieces in topics:
        emit_text(ctx, pieces, path, ChunkKind.NOTE)


def parent_child(ctx: ChunkContext, root: list[str]) -> None:
    """Parents (~parent_max_chars, not indexed) per section; children (~child_max_chars) are indexed."""
    cfg = ctx.settings.chunk
    tables = _tables_by_id(ctx)
    for sec in build_sections(ctx.doc, root):
        pieces = _block_text(ctx, sec.blocks, tables)
        if not pieces:
            continue
        prefix = heading_prefix(sec.path)
        parent_budget = max(cfg.child_max_chars, cfg.parent_max_chars - len(prefix))
        for group in naive_merge(pieces, parent_budget, 0.0, measure=len):
            parent = ctx.add_pieces(group, ChunkKind.PARENT, sec.path, indexed=False)
            child_budget = max(cfg.child_max_chars // 2, cfg.child_max_chars - len(prefix))
            for child in naive_merge(group, child_budget, cfg.overlap, measure=len):
                ctx.add_pieces(child, ChunkKind.TEXT, sec.path, parent_id=parent.chunk_id)
