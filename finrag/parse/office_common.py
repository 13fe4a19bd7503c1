"""Helpers shared by the office and text parsers: a Document builder, header-row detection,
unit and numbering-heading patterns."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from finrag.model import Block, BlockKind, Document, OutlineEntry, ParseReport, Table
from finrag.parse.detect import language_of

# A header row has at most this share of numeric cells ("mostly non-numeric").
HEADER_MAX_NUMERIC_SHARE = 0.34
# Rows inspected when looking for the header row of a sheet or table.
HEADER_SCAN_ROWS = 10
# Title rows above a header that become the table's caption: at most this many, each this short.
CAPTION_MAX_ROWS = 2
CAPTION_MAX_CHARS = 80
# A numbered line longer than this is a sentence, not a heading.
HEADING_MAX_CHARS = 40

_NUMERIC_RE = re.compile(r"^[\s(（+\-−$¥￥€£]*[\d,，.]+\s*[%)）]?\s*(万元|亿元|元|千元)?$")
_UNIT_RE = re.compile(
    r"(?:单位|金额单位|币种)\s*[:：]\s*(?:人民币)?\s*(?P<zh>[百千万亿]*元|%|股|[A-Za-z$]+)"
    r"|\(?\b(?P<en>in (?:thousands|millions|billions)(?: of [A-Z. ]*dollars)?"
    r"|in (?:thousands|millions|billions), except[^)]*)\)?"
    r"|[（(](?:人民币)?(?P<paren>[百千万亿]*元)[）)]",
    re.IGNORECASE,
)
_YEAR_RE = re.compile(r"^(?:FY\s?)?(?:19|20)\d{2}(?:年度?|年末)?$")  # a year is a column label, not a value
_CN_NUM = "一二三四五六七八九十百零〇"
# (pattern, level): Chinese report numbering and decimal outline numbering.
_HEADING_PATTERNS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(rf"^第[{_CN_NUM}\d]+[章篇部分]"), 1),
    (re.compile(rf"^第[{_CN_NUM}\d]+节"), 2),
    (re.compile(rf"^[{_CN_NUM}]+、"), 2),
    (re.compile(rf"^[（(][{_CN_NUM}]+[）)]"), 3),
    (re.compile(r"^\d+\.\d+\.\d+\s*\S"), 4),
    (re.compile(r"^\d+\.\d+\s+\S"), 3),
)
SENTENCE_END = ("。", "；", ";", "，", ",", "：", ":")


def is_numeric(cell: str) -> bool:
    return bool(cell.strip()) and bool(_NUMERIC_RE.match(cell.strip()))


def find_unit(text: str) -> str | None:
    """The unit printed in a caption or header ("单位：元" -> "元", "(in millions)" -> "in millions")."""
    m = _UNIT_RE.search(text)
    if not m:
        return None
    return (m.group("zh") or m.group("en") or m.group("paren") or "").strip() or None


def numbering_level(text: str) -> int | None:
    """Heading level implied by a numbering pattern ("第一章" -> 1, "一、" -> 2, "1.2 " -> 3), or None."""
    t = text.strip()
    if not t or len(t) > HEADING_MAX_CHARS or t.endswith(SENTENCE_END):
        return None
    for pattern, level in _HEADING_PATTERNS:
        if pattern.match(t):
            return level
    return None


def split_header(rows: list[list[str]]) -> tuple[list[str], list[list[str]], list[list[str]]]:
    """Split a grid into (caption lines, header rows, body rows).

    The header is the first row (among the first few) with most cells filled and mostly non-numeric; rows
    above it with a single distinct value (a title, possibly merged across the row) become caption lines.
    """
    width = max((len(r) for r in rows), default=0)
    caption: list[str] = []
    for i, row in enumerate(rows[:HEADER_SCAN_ROWS]):
        cells = [c for c in row if c.strip()]
        if not cells:
            continue
        title_like = len(set(cells)) == 1 and len(cells[0]) <= CAPTION_MAX_CHARS
        if width > 1 and title_like and len(caption) < CAPTION_MAX_ROWS:
            caption.append(cells[0])
            continue
        numeric = sum(1 for c in cells if is_numeric(c) and not _YEAR_RE.match(c.strip()))
        filled = len(cells) * 2 >= width and (len(cells) >= 2 or width == 1)
        if numeric <= HEADER_MAX_NUMERIC_SHARE * len(cells) and filled and i + 1 < len(rows):
            return caption, [row], rows[i + 1 :]
        return caption, [], rows[i:]
    return caption, [], rows[HEADER_SCAN_ROWS:]


def drop_redundant_columns(grid: list[list[str]]) -> list[list[str]]:
    """Pad rows to one width and drop columns that add nothing: every cell empty or (a column span's copy)
    equal to the cell in the neighbouring column kept on its left or the column on its right."""
    width = max((len(r) for r in grid), default=0)
    rows = [r + [""] * (width - len(r)) for r in grid]
    keep: list[int] = []
    for c in range(width):
        left = keep[-1] if keep else None
        right = c + 1 if c + 1 < width else None
        if any(
            r[c] and (left is None or r[c] != r[left]) and (right is None or r[c] != r[right]) for r in rows
        ):
            keep.append(c)
    if len(keep) == width:
        return rows
    return [[r[c] for c in keep] for r in rows]


def table_text(table: Table) -> str:
    """Plain pipe-separated text of a table (what a TABLE block carries)."""
    lines = [table.caption] if table.caption else []
    lines += [" | ".join(r) for r in table.header + table.rows]
    return "\n".join(lines)


_NEEDS_SQUASH = re.compile(r"[\t\n\r\u00a0\u3000]| {2}")


def squash(text: str) -> str:
    """Collapse runs of spaces/tabs, keep line breaks, strip."""
    if not _NEEDS_SQUASH.search(text):
        return text.strip()  # the common case for cells: nothing to collapse
    return "\n".join(re.sub(r"[ \t\u00a0\u3000]+", " ", ln).strip() for ln in text.splitlines()).strip()


@dataclass
class DocBuilder:
    """Accumulates blocks and tables in reading order and builds the Document with its report."""

    file_name: str
    doc_id: str
    media_type: str
    parser: str
    page: int = 1
    blocks: list[Block] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    started: float = field(default_factory=time.perf_counter)

    def add(self, kind: BlockKind, text: str, *, level: int = 0, page: int | None = None) -> None:
        text = text.strip()
        if text:
            self.blocks.append(Block(kind=kind, text=text, page=page or self.page, level=level))

    def heading(self, text: str, level: int, *, page: int | None = None) -> None:
        self.add(BlockKind.HEADING, squash(text).replace("\n", " "), level=max(level, 1), page=page)

    def table(
        self,
        grid: list[list[str]],
        *,
        caption: str = "",
        unit: str | None = None,
        page: int | None = None,
        header_rows: int | None = None,
    ) -> Table | None:
        """Add a table from a grid of cell strings; ``header_rows`` None = detect the header row."""
        grid = [[squash(c) for c in row] for row in grid]
        grid = drop_redundant_columns([row for row in grid if any(row)])
        if not grid or not grid[0]:
            return None
        if header_rows is None:
            captions, header, rows = split_header(grid)
        else:
            captions, header, rows = [], grid[:header_rows], grid[header_rows:]
        cap = " ".join(x for x in [caption, *captions] if x)
        pg = page or self.page
        t = Table(
            table_id=f"t{len(self.tables) + 1}",
            pages=[pg],
            header=header,
            rows=rows,
            caption=cap,
            unit=unit or find_unit(cap) or find_unit(" ".join(c for r in header for c in r)),
            row_pages=[pg] * len(rows),
        )
        self.tables.append(t)
        self.blocks.append(Block(kind=BlockKind.TABLE, text=table_text(t), page=pg, table_id=t.table_id))
        return t

    def build(self, pages: int | None = None) -> Document:
        page_count = max([pages or 0, self.page, *(b.page for b in self.blocks)])
        chars = [0] * page_count
        for b in self.blocks:
            chars[b.page - 1] += len(b.text)
        report = ParseReport(
            file=self.file_name,
            page_count=page_count,
            chars_per_page=chars,
            table_count=len(self.tables),
            warnings=self.warnings,
            seconds=round(time.perf_counter() - self.started, 4),
            parser=self.parser,
        )
        titles = (BlockKind.HEADING, BlockKind.TITLE)
        outline = [OutlineEntry(b.text, b.level, b.page) for b in self.blocks if b.kind in titles]
        return Document(
            doc_id=self.doc_id,
            file=self.file_name,
            media_type=self.media_type,
            pages=page_count,
            blocks=self.blocks,
            tables=self.tables,
            report=report,
            language=language_of(" ".join(b.text for b in self.blocks)),
            outline=outline,
        )
