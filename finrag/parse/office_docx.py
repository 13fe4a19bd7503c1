"""DOCX (python-docx): paragraphs and tables in body order, headings from styles / outline levels /
numbering patterns, Word lists with their numbers, merged table cells repeated, page breaks counted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import docx
from docx.document import Document as DocxDocument
from docx.oxml.ns import qn
from docx.table import Table as DocxTable
from docx.text.paragraph import Paragraph
from lxml import etree

from finrag.config import Settings
from finrag.model import BlockKind, Document
from finrag.parse.office_common import (
    HEADING_MAX_CHARS,
    SENTENCE_END,
    DocBuilder,
    find_unit,
    numbering_level,
)

_HEADING_STYLE = re.compile(r"^(?:heading|标题)\s*(\d)", re.IGNORECASE)
_LIST_STYLE = re.compile(r"^(?:list|列表)", re.IGNORECASE)
# w:outlineLvl 9 means "body text"; 0..8 are heading levels 1..9.
BODY_OUTLINE_LEVEL = 9
# Levels for bold-only short paragraphs: "1. 概述" is a section; an unnumbered bold line a sub-heading.
BOLD_NUMBERED_LEVEL = 2
BOLD_LINE_LEVEL = 3
_NUMBERED_LINE = re.compile(r"^\d{1,2}[.、．]\s*\S")
MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"
# Short paragraphs just before a table that may be its caption / unit line.
CAPTION_LOOKBACK = 2


def _val(el: etree._Element | None, tag: str) -> str | None:
    if el is None:
        return None
    child = el.find(qn(tag))
    return None if child is None else child.get(qn("w:val"))


class _Numbering:
    """Resolves (numId, ilvl) to a number format and keeps list counters."""

    def __init__(self, document: DocxDocument) -> None:
        self.formats: dict[tuple[str, str], str] = {}
        self.counters: dict[tuple[str, str], int] = {}
        try:
            root = document.part.numbering_part.element
        except (NotImplementedError, KeyError):
            return
        abstract = {
            a.get(qn("w:abstractNumId")): {
                lvl.get(qn("w:ilvl")): _val(lvl, "w:numFmt") or "decimal" for lvl in a.findall(qn("w:lvl"))
            }
            for a in root.findall(qn("w:abstractNum"))
        }
        for num in root.findall(qn("w:num")):
            levels = abstract.get(_val(num, "w:abstractNumId"), {})
            for ilvl, fmt in levels.items():
                self.formats[(str(num.get(qn("w:numId"))), str(ilvl))] = fmt

    def marker(self, num_id: str, ilvl: str) -> str:
        fmt = self.formats.get((num_id, ilvl), "bullet")
        if fmt in ("bullet", "none"):
            return "-"
        key = (num_id, ilvl)
        self.counters[key] = self.counters.get(key, 0) + 1
        for other in [k for k in self.counters if k[0] == num_id and int(k[1]) > int(ilvl)]:
            del self.counters[other]  # a deeper level restarts under each new parent item
        return f"{self.counters[key]}."


def _num_pr(p: Paragraph) -> tuple[str, str] | None:
    for ppr in (p._p.pPr, getattr(p.style.element, "pPr", None) if p.style is not None else None):
        num_pr = ppr.find(qn("w:numPr")) if ppr is not None else None
        if num_pr is not None:
            num_id = _val(num_pr, "w:numId")
            if num_id and num_id != "0":
                return num_id, _val(num_pr, "w:ilvl") or "0"
    return None


def _heading_level(p: Paragraph, text: str) -> int | None:
    style = p.style.name if p.style is not None else ""
    m = _HEADING_STYLE.match(style or "")
    if m:
        return int(m.group(1))
    outline = _val(p._p.pPr, "w:outlineLvl")
    if outline is not None and outline.isdigit() and int(outline) < BODY_OUTLINE_LEVEL:
        return int(outline) + 1
    level = numbering_level(text)
    if level is None and _bold_line(p, text):
        level = BOLD_NUMBERED_LEVEL if _NUMBERED_LINE.match(text) else BOLD_LINE_LEVEL
    return level


def _bold_line(p: Paragraph, text: str) -> bool:
    """A short paragraph whose every run is bold (directly or through its style): a heading in disguise."""
    if len(text) > HEADING_MAX_CHARS or text.endswith(SENTENCE_END):
        return False
    runs = [r for r in p.runs if r.text.strip()]
    style_bold = bool(p.style is not None and p.style.font.bold)
    return bool(runs) and all(r.bold or (r.bold is None and style_bold) for r in runs)


def table_grid(table: DocxTable) -> list[list[str]]:
    """Cell texts on the table's layout grid; horizontally and vertically merged cells repeat the value."""
    grid: list[list[str]] = []
    for tr in table._tbl.tr_lst:
        row: list[str] = [""] * tr.grid_before
        for tc in tr.tc_lst:
            col = len(row)
            if tc.vMerge == "continue" and grid and col < len(grid[-1]):
                text = grid[-1][col]
            else:
                text = "\n".join(Paragraph(p, table).text for p in tc.iter(qn("w:p")))
            row.extend([text] * tc.grid_span)
        grid.append(row)
    return grid


def _body_items(document: DocxDocument) -> Iterator[Paragraph | DocxTable]:
    """Paragraphs and tables in body order, including those inside content controls (w:sdt: cover pages,
    tables of contents) and, right after their anchor paragraph, the paragraphs of text boxes."""
    body = document._body

    def walk(parent: etree._Element) -> Iterator[Paragraph | DocxTable]:
        for el in parent.iterchildren():
            if el.tag == qn("w:p"):
                p = Paragraph(el, body)
                yield p
                for box in el.iter(qn("w:txbxContent")):
                    if not any(a.tag == MC_FALLBACK for a in box.iterancestors()):
                        yield from walk(box)  # the Fallback copy (VML) repeats the Choice (DrawingML) one
            elif el.tag == qn("w:tbl"):
                yield DocxTable(el, body)
            elif el.tag == qn("w:sdt"):
                content = el.find(qn("w:sdtContent"))
                if content is not None:
                    yield from walk(content)

    yield from walk(document.element.body)


class DocxParser:
    media_types = ("docx",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        document = docx.Document(str(path))
        b = DocBuilder(file_name, doc_id, "docx", "docx")
        numbering = _Numbering(document)
        body = document.element.body
        rendered = bool(body.findall(".//" + qn("w:lastRenderedPageBreak")))
        recent: list[str] = []
        list_lines: list[str] = []

        def flush_list() -> None:
            if list_lines:
                b.add(BlockKind.LIST, "\n".join(list_lines))
                list_lines.clear()

        for item in _body_items(document):
            if isinstance(item, DocxTable):
                flush_list()
                caption = next((t for t in recent if len(t) <= HEADING_MAX_CHARS and not find_unit(t)), "")
                unit = next((u for u in map(find_unit, recent) if u), None)
                b.table(table_grid(item), caption=caption, unit=unit)
                recent.clear()
                continue
            p = item
            if rendered:
                b.page += len(p.rendered_page_breaks)
            elif p.paragraph_format.page_break_before:
                b.page += 1
            text = p.text.strip()
            num = _num_pr(p)
            style = p.style.name if p.style is not None else ""
            level = _heading_level(p, text) if text else None
            if text and level is not None and (num is None or _HEADING_STYLE.match(style or "")):
                flush_list()
                kind = BlockKind.TITLE if style == "Title" else BlockKind.HEADING
                b.add(kind, text, level=1 if kind == BlockKind.TITLE else level)
                recent = [text]
            elif text and style == "Title":
                flush_list()
                b.add(BlockKind.TITLE, text, level=1)
            elif text and (num is not None or _LIST_STYLE.match(style or "")):
                ilvl = num[1] if num else "0"
                marker = numbering.marker(*num) if num else "-"
                list_lines.append("  " * int(ilvl) + f"{marker} {text}")
            elif text:
                flush_list()
                b.add(BlockKind.TEXT, text)
                recent = [*recent, text][-CAPTION_LOOKBACK:]
            if not rendered:
                b.page += len(p._p.xpath('.//w:br[@w:type="page"]'))
        flush_list()
        return b.build()
