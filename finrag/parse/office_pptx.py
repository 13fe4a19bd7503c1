"""PPTX (python-pptx): one page per slide; the slide title is a heading, then text frames (top to bottom,
left to right), tables (merged cells repeated), grouped shapes and the speaker notes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE_TYPE, PP_PLACEHOLDER
from pptx.shapes.autoshape import Shape
from pptx.shapes.base import BaseShape
from pptx.shapes.graphfrm import GraphicFrame
from pptx.shapes.group import GroupShape
from pptx.table import Table as PptxTable

from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse.office_common import DocBuilder, find_unit

TITLE_PLACEHOLDERS = (PP_PLACEHOLDER.TITLE, PP_PLACEHOLDER.CENTER_TITLE)


def _ordered(shapes: Iterable[BaseShape]) -> list[BaseShape]:
    return sorted(shapes, key=lambda s: ((s.top or 0), (s.left or 0)))


def _walk(shapes: Iterable[BaseShape]) -> Iterator[BaseShape]:
    for shape in _ordered(shapes):
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP and isinstance(shape, GroupShape):
            yield from _walk(shape.shapes)
        else:
            yield shape


def _is_title(shape: Shape) -> bool:
    placeholder = shape.is_placeholder and shape.placeholder_format.type in TITLE_PLACEHOLDERS
    return bool(placeholder and shape.has_text_frame)


def table_grid(table: PptxTable) -> list[list[str]]:
    """Cell texts; cells covered by a merge (spanned) repeat the merge origin's text."""
    grid = [[cell.text.strip() for cell in row.cells] for row in table.rows]
    for r, row in enumerate(table.rows):
        for c, cell in enumerate(row.cells):
            if cell.is_merge_origin:
                for dr in range(cell.span_height):
                    for dc in range(cell.span_width):
                        if r + dr < len(grid) and c + dc < len(grid[r + dr]):
                            grid[r + dr][c + dc] = grid[r][c]
    return grid


class PptxParser:
    media_types = ("pptx",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        prs = Presentation(str(path))
        b = DocBuilder(file_name, doc_id, "pptx", "pptx")
        for number, slide in enumerate(prs.slides, 1):
            b.page = number
            shapes = list(_walk(slide.shapes))
            title = next((s for s in shapes if isinstance(s, Shape) and _is_title(s)), None)
            heading = title.text_frame.text.strip() if title is not None else ""
            b.heading(heading or f"Slide {number}", 1)
            last_text = ""
            for shape in shapes:
                if shape is title:
                    continue
                if isinstance(shape, GraphicFrame) and shape.has_table:
                    b.table(table_grid(shape.table), caption=heading, unit=find_unit(last_text))
                elif isinstance(shape, Shape) and shape.has_text_frame:
                    self._text_frame(b, shape)
                    last_text = shape.text_frame.text
            if slide.has_notes_slide:
                notes = slide.notes_slide.notes_text_frame
                if notes is not None and notes.text.strip():
                    b.add(BlockKind.TEXT, "Notes: " + notes.text.strip())
        return b.build(pages=len(prs.slides))

    @staticmethod
    def _text_frame(b: DocBuilder, shape: Shape) -> None:
        paragraphs = [(p.level, "".join(r.text for r in p.runs).strip()) for p in shape.text_frame.paragraphs]
        paragraphs = [(lvl, t) for lvl, t in paragraphs if t]
        if not paragraphs:
            return
        if len(paragraphs) > 1 and shape.is_placeholder:
            b.add(BlockKind.LIST, "\n".join("  " * lvl + f"- {t}" for lvl, t in paragraphs))
        else:
            b.add(BlockKind.TEXT, "\n".join(t for _, t in paragraphs))
