"""Structured strategies: API references (one endpoint per chunk), manuals (one step block per chunk
with its prerequisites), spreadsheets (one row per chunk, or rows grouped by a key column)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath

from finrag.chunk.build import ChunkContext, heading_prefix
from finrag.chunk.merge import Piece, join_pieces, naive_merge
from finrag.chunk.sections import Section, build_sections
from finrag.chunk.strategies import body_budget, emit_text, section_aware
from finrag.index.tokenize import count_tokens
from finrag.model import BlockKind, ChunkKind, Table

ENDPOINT_LEVEL = 2  # API references: one endpoint per level-2 heading
SUB_LEVEL = 3  # oversized endpoints split at level-3 headings


def _pieces(ctx: ChunkContext, sec: Section, keep_blocks: bool) -> list[Piece]:
    """Body pieces of a section; code blocks (and every block when ``keep_blocks``) stay whole."""
    out: list[Piece] = []
    for i in sec.blocks:
        kind = ctx.doc.blocks[i].kind
        whole = keep_blocks or kind in (BlockKind.CODE, BlockKind.TABLE, BlockKind.LIST)
        out.extend([ctx.block_piece(i)] if whole else ctx.block_pieces(i))
    return [p for p in out if p.text]


def _heading_piece(ctx: ChunkContext, sec: Section) -> list[Piece]:
    return [ctx.block_piece(sec.heading)] if sec.heading is not None else []


def api_doc(ctx: ChunkContext, root: list[str]) -> None:
    groups: list[list[Section]] = []
    for sec in build_sections(ctx.doc, root):
        if not groups or sec.heading is None or sec.level <= ENDPOINT_LEVEL:
            groups.append([sec])
        else:
            groups[-1].append(sec)
    for group in groups:
        head = group[0]
        whole = _pieces(ctx, head, False)
        for sub in group[1:]:
            whole.extend(_heading_piece(ctx, sub) + _pieces(ctx, sub, False))
        if not whole:
            continue
        prefix = heading_prefix(head.path)
        if count_tokens(prefix) + count_tokens(join_pieces(whole)) <= ctx.max_tokens:
            ctx.add_pieces(whole, ChunkKind.ENDPOINT, head.path)
            continue
        parts: list[tuple[list[str], list[Piece]]] = [(head.path, _pieces(ctx, head, False))]
        for sub in group[1:]:
            if sub.level <= SUB_LEVEL or not parts:
                parts.append((sub.path, _pieces(ctx, sub, False)))
            else:
                parts[-1][1].extend(_heading_piece(ctx, sub) + _pieces(ctx, sub, False))
        for path, pieces in parts:
            emit_text(ctx, pieces, path, ChunkKind.ENDPOINT)


PREREQ = re.compile(r"(前置检查|前置条件|先决条件|准备工作|Prerequisites?|Before you begin)", re.IGNORECASE)


def _is_prereq(ctx: ChunkContext, sec: Section) -> bool:
    return bool(sec.path) and sec.heading is not None and bool(PREREQ.search(sec.path[-1]))


STEPS_TITLE = re.compile(r"步骤|操作流程|处理流程|执行|Steps?|Procedure|How to", re.IGNORECASE)
STEP_LINE = re.compile(
    r"^\s*(步骤\s*\d+|第[一二三四五六七八九十\d]+步|Step\s*\d+|\d+\s*[.、．)])", re.IGNORECASE | re.MULTILINE
)
MIN_STEP_LINES = 2  # a section with at least this many numbered lines is a step block


def _is_steps(ctx: ChunkContext, sec: Section) -> bool:
    if sec.heading is not None and sec.path and STEPS_TITLE.search(sec.path[-1]):
        return True
    body = "\n".join(ctx.doc.blocks[i].text for i in sec.blocks)
    return len(STEP_LINE.findall(body)) >= MIN_STEP_LINES


def manual(ctx: ChunkContext, root: list[str]) -> None:
    """Each step block (a section of a procedure) becomes one chunk: procedure name, prerequisites, steps."""
    sections = build_sections(ctx.doc, root)
    prereq_parents = {tuple(s.path[:-1]) for s in sections if _is_prereq(ctx, s)}
    procedures: dict[tuple[str, ...], list[Section]] = {}
    for sec in sections:
        parent = tuple(sec.path[:-1])
        key = parent if _is_prereq(ctx, sec) or parent in prereq_parents else tuple(sec.path)
        procedures.setdefault(key, []).append(sec)
    title = ctx.doc.meta.title or ""
    for proc, secs in procedures.items():
        name = list(proc) or ([title] if title else [])  # top-level prerequisites: one procedure
        prereq: list[Piece] = []
        for s in secs:
            if _is_prereq(ctx, s):
                prereq.extend(_heading_piece(ctx, s) + _pieces(ctx, s, True))
        others = [s for s in secs if not _is_prereq(ctx, s) and s.blocks]
        steps = [s for s in others if _is_steps(ctx, s)]
        if not steps:
            emit_text(ctx, prereq, name, ChunkKind.STEP)
        for s in others:
            is_steps = s in steps
            kind = ChunkKind.STEP if is_steps else ChunkKind.TEXT
            _step_block(ctx, name, s, prereq if is_steps else [], kind)


def _step_block(
    ctx: ChunkContext, proc: list[str], sec: Section, prereq: list[Piece], kind: ChunkKind
) -> None:
    inline_prereq: list[Piece] = []
    body: list[Piece] = []
    pieces = _pieces(ctx, sec, True)
    for p in pieces:
        if not body and PREREQ.match(p.text):
            inline_prereq.append(p)
        else:
            body.append(p)
    prereq = prereq + inline_prereq
    sub = [] if sec.path == proc or sec.heading is None else _heading_piece(ctx, sec)
    if sub and body and body[0].text.startswith(sub[0].text):
        sub = []  # the block already starts with its heading (e.g. a table's caption)
    prefix = heading_prefix(proc)
    pre_tokens = count_tokens(join_pieces(prereq)) if prereq else 0
    budget = max(body_budget(ctx, prefix) - pre_tokens, ctx.max_tokens // 4)
    for group in naive_merge(body, budget, 0.0) or [[]]:
        chosen = prereq + sub + group
        if chosen:
            ctx.add_pieces(chosen, kind, proc, prefix=prefix)


KEY_HEADERS = re.compile(r"^(模块|module|分类|类别|category|group|组|section)$", re.IGNORECASE)


def _header(table: Table) -> tuple[list[str], list[list[str]]]:
    if table.header:
        return [" ".join(c.split()) for c in table.header[-1]], table.rows
    if table.rows:
        return [" ".join(c.split()) for c in table.rows[0]], table.rows[1:]
    return [], []


def row_text(header: Sequence[str], row: Sequence[str], skip: int = -1) -> str:
    """``header: value; header: value`` with values exactly as in the cell (empty cells left out)."""
    pairs = []
    for j, value in enumerate(row):
        value = " ".join(value.split())
        if j == skip or not value:
            continue
        name = header[j] if j < len(header) and header[j] else f"列{j + 1}"
        pairs.append(f"{name}: {value}")
    return "; ".join(pairs)


def key_column(header: Sequence[str], rows: Sequence[Sequence[str]], min_run: float) -> int | None:
    """Column 0 is a grouping key when its header says so or its values repeat in runs (merged cells)."""
    if not rows or not header:
        return None
    if KEY_HEADERS.match(header[0].strip()):
        return 0
    values = [r[0].strip() if r else "" for r in rows]
    starts = sum(1 for i, v in enumerate(values) if v and (i == 0 or v != values[i - 1]))
    return 0 if starts and len(values) / starts >= min_run and len(set(values) - {""}) > 1 else None


def spreadsheet(ctx: ChunkContext, root: list[str]) -> None:
    if not ctx.doc.tables:
        section_aware(ctx, root)
        return
    for table in ctx.doc.tables:
        sheet = " ".join(table.caption.split()) or PurePath(ctx.doc.file).stem or table.table_id
        path = [*root, sheet] if root else [sheet]
        header, rows = _header(table)
        page = table.pages[0] if table.pages else 1
        mode = ctx.settings.chunk.sheet_modes.get(sheet, "auto")
        key = key_column(header, rows, ctx.settings.chunk.sheet_group_min_run) if mode == "auto" else None
        if mode == "group" and header:
            key = 0
        if key is None:
            for row in rows:
                text = row_text(header, row)
                if text:
                    ctx.add(text, ChunkKind.ROW, path, [page], (0, 0), prefix="", table_ref=table.table_id,
                            index_text=f"{heading_prefix(path)}\n{text}", sheet=sheet)
            continue
        _grouped_rows(ctx, table, path, sheet, header, rows, key)


def _grouped_rows(
    ctx: ChunkContext, table: Table, path: list[str], sheet: str, header: list[str],
    rows: list[list[str]], key: int,
) -> None:
    groups: list[tuple[str, list[str]]] = []
    for row in rows:
        value = " ".join(row[key].split()) if key < len(row) else ""
        if value or not groups:
            groups.append((value, []))
        line = row_text(header, row, skip=key)
        if line:
            groups[-1][1].append(line)
    page = table.pages[0] if table.pages else 1
    name = header[key] or "key"
    for value, lines in groups:
        head = f"{name}: {value}"
        pieces = [Piece(line, 0, 0, page) for line in lines]
        for group in naive_merge(pieces, body_budget(ctx, head), 0.0):
            body = "\n".join(p.text for p in group)
            index_text = f"{heading_prefix(path)}\n{head}\n{body}"
            ctx.add(body, ChunkKind.TABLE_ROWS, [*path, value], [page], (0, 0), prefix=head,
                    table_ref=table.table_id, index_text=index_text, sheet=sheet)
