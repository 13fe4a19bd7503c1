"""Tables -> chunks. A table is never cut inside a row: small tables stay whole; large ones become row
groups that each repeat the heading path, the caption (with the unit) and the header rows."""

from __future__ import annotations

import re
from collections.abc import Sequence

from finrag.chunk.build import ChunkContext, heading_prefix
from finrag.index.tokenize import count_tokens
from finrag.model import ChunkKind, PageBox, Table

CELL_SEPARATOR = " | "
# a caption that is only a unit/period line is not a title worth a place in the section path
_UNIT_LINE = re.compile(
    r"单位|币种|^\(?\d|\bin (millions|thousands|billions)\b|[.,;:，。；：]$|(?-i:^[a-z])", re.IGNORECASE
)
_APPLICABLE = re.compile(r"[□√☑☐■]\s*(不适用|适用)")  # check-box boilerplate of A-share reports


def _cell(text: str) -> str:
    return " ".join(text.split())


def render_row(cells: Sequence[str]) -> str:
    """One row as ``| a | b |`` with cell text exactly as printed (whitespace collapsed)."""
    return "| " + CELL_SEPARATOR.join(_cell(c) for c in cells) + " |"


def clean_caption(text: str) -> str:
    return _cell(_APPLICABLE.sub(" ", text))


def caption_line(table: Table, lead: str = "") -> str:
    caption = clean_caption(table.caption)
    if lead and caption in lead:  # the caption blocks printed above the table, title included
        caption = lead
    elif lead and lead not in caption:
        caption = f"{caption} {lead}".strip()
    if table.unit and table.unit not in caption:
        chinese = any("\u4e00" <= ch <= "\u9fff" for ch in table.unit)
        unit = f"单位：{table.unit}" if chinese else f"({table.unit})"
        caption = f"{caption} {unit}".strip()
    return caption


def table_head(table: Table, lead: str = "") -> str:
    """Caption + unit (+ a short lead line such as "单位：元 币种：人民币") + header rows: repeated at the
    top of every row group."""
    caption = caption_line(table, lead)
    lines = [caption] if caption else []
    lines.extend(render_row(r) for r in table.header)
    return "\n".join(lines)


def render_table(table: Table, rows: Sequence[Sequence[str]] | None = None, lead: str = "") -> str:
    head = table_head(table, lead)
    body = "\n".join(render_row(r) for r in (table.rows if rows is None else rows))
    return f"{head}\n{body}" if head else body


def _row_page(table: Table, i: int) -> int:
    if i < len(table.row_pages):
        return table.row_pages[i]
    return table.pages[0] if table.pages else 1


def _bboxes_on(table: Table, pages: Sequence[int]) -> list[PageBox]:
    wanted = set(pages)
    return [b for b in table.bboxes if b.page in wanted]


def row_groups(table: Table, max_rows: int, max_tokens: int, lead: str = "") -> list[tuple[int, int]]:
    """[lo, hi) body-row ranges: at most ``max_rows`` rows and ``max_tokens`` tokens (head included),
    but always at least one row."""
    head_tokens = count_tokens(table_head(table, lead))
    groups: list[tuple[int, int]] = []
    lo, tokens = 0, head_tokens
    for i, row in enumerate(table.rows):
        size = count_tokens(render_row(row))
        if i > lo and (i - lo >= max_rows or tokens + size > max_tokens):
            groups.append((lo, i))
            lo, tokens = i, head_tokens
        tokens += size
    if lo < len(table.rows):
        groups.append((lo, len(table.rows)))
    return groups


def table_chunks(
    ctx: ChunkContext, table: Table, path: Sequence[str], span: tuple[int, int], lead: str = ""
) -> None:
    """Emit one TABLE chunk, or TABLE_ROWS chunks for a table above ``table_whole_max_tokens``."""
    cfg = ctx.settings.chunk
    caption = clean_caption(table.caption)
    if caption and not _UNIT_LINE.search(caption) and (not path or caption not in path[-1]):
        path = [*path, caption]
    prefix = heading_prefix(path)
    whole = render_table(table, lead=lead)
    if not table.rows and not table.header:
        return
    small = len(table.rows) <= cfg.table_whole_max_rows
    if small and count_tokens(prefix) + count_tokens(whole) <= cfg.table_whole_max_tokens:
        pages = table.pages or [_row_page(table, 0)]
        ctx.add(whole, ChunkKind.TABLE, path, pages, span, table_ref=table.table_id,
                bboxes=list(table.bboxes))
        return
    budget = max(cfg.max_tokens, cfg.table_whole_max_tokens) - count_tokens(prefix)
    for lo, hi in row_groups(table, cfg.table_group_rows, budget, lead):
        pages = sorted({_row_page(table, i) for i in range(lo, hi)})
        ctx.add(render_table(table, table.rows[lo:hi], lead), ChunkKind.TABLE_ROWS, path, pages, span,
                table_ref=table.table_id, bboxes=_bboxes_on(table, pages))
