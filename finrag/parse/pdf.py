"""Digital PDF parser: pypdfium2 text + character boxes; tables from ruling lines or aligned numbers.

Pipeline per document: segments per page (layout.py) -> scanned/garbled pages to OCR -> running
headers/footers removed (clean.py) -> tables (tables.py) -> reading order by XY-cut -> blocks with
headings (headings.py) -> tables continued across pages merged.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from finrag.config import Settings
from finrag.errors import EncryptedFileError, FileTooLargeError, FinragError, ParseError
from finrag.model import BBox, Block, BlockKind, Document, OutlineEntry, ParseReport, Table
from finrag.parse.base import PageContent
from finrag.parse.clean import PageLines, detect_language, garbled_share, remove_furniture
from finrag.parse.headings import apply_outline, assign_size_levels
from finrag.parse.layout import Line, Segment, extract_segments, group_lines
from finrag.parse.pdf_aligned import aligned_tables
from finrag.parse.pdf_blocks import PageLayout, TableItem, build_page_blocks
from finrag.parse.pdf_order import GUTTER_EM
from finrag.parse.pdf_row_ruled import join_ruled_rows
from finrag.parse.pdf_tables import Rules, page_rules, ruled_tables
from finrag.parse.pdf_words import rejoin_split_words
from finrag.parse.table_merge import merge_tables, orphan_fragments
from finrag.parse.tables import (
    CAPTION_DISTANCE,
    CAPTION_LINES,
    MAX_CAPTION_CHARS,
    PageTable,
    caption_and_unit,
    looks_tabular,
    running_lines,
    tidy,
)

# Outline levels read (deeper bookmarks are note sub-items).
MAX_OUTLINE_DEPTH = 8
# Outline entries beyond this many are ignored (some filings bookmark every note and sub-note).
MAX_OUTLINE_ENTRIES = 2000


def open_pdf(path: Path, file_name: str, settings: Settings) -> tuple[pdfium.PdfDocument, str | None]:
    """Open with an empty user password, then the configured one; typed errors otherwise."""
    try:
        return pdfium.PdfDocument(str(path)), None
    except pdfium.PdfiumError as e:
        if e.err_code != pdfium_c.FPDF_ERR_PASSWORD:
            raise ParseError(f"not a readable PDF (corrupt or truncated): {e}", file=file_name) from e
    password = settings.parse.pdf_password
    if not password:
        raise EncryptedFileError("PDF needs a password (set parse.pdf_password)", file=file_name)
    try:
        return pdfium.PdfDocument(str(path), password=password), password
    except pdfium.PdfiumError as e:
        raise EncryptedFileError("PDF password is wrong (parse.pdf_password)", file=file_name) from e


def read_outline(pdf: pdfium.PdfDocument) -> list[OutlineEntry]:
    out: list[OutlineEntry] = []
    for bm in pdf.get_toc(max_depth=MAX_OUTLINE_DEPTH):
        if len(out) >= MAX_OUTLINE_ENTRIES:
            break
        title = (bm.get_title() or "").strip()
        dest = bm.get_dest()
        index = dest.get_index() if dest is not None else None
        if title:
            page = None if index is None else index + 1
            out.append(OutlineEntry(title=title, level=bm.level + 1, page=page))
    return out


class PdfParser:
    media_types: tuple[str, ...] = ("pdf",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        started = time.perf_counter()
        pdf, password = open_pdf(path, file_name, settings)
        try:
            doc = self._parse(pdf, path, password, file_name=file_name, doc_id=doc_id, settings=settings)
        except pdfium.PdfiumError as e:
            raise ParseError(f"PDF could not be read: {e}", file=file_name) from e
        finally:
            pdf.close()
        doc.report.seconds = round(time.perf_counter() - started, 3)
        return doc

    def _parse(
        self, pdf: pdfium.PdfDocument, path: Path, password: str | None, *, file_name: str, doc_id: str,
        settings: Settings,
    ) -> Document:
        ps = settings.parse
        report = ParseReport(file=file_name, parser="pdf", page_count=len(pdf))
        if len(pdf) == 0:
            raise ParseError("PDF has no pages", file=file_name)
        if len(pdf) > ps.max_pages:
            raise FileTooLargeError(
                f"PDF has {len(pdf):,} pages, above the {ps.max_pages:,} page limit "
                "(settings.parse.max_pages)",
                file=file_name,
            )
        pages: list[PageLines] = []
        need_ocr: list[int] = []
        rules: dict[int, Rules] = {}
        for i in range(len(pdf)):
            pages.append(self._read_page(pdf, i, settings, report, need_ocr, rules))
        sizes: Counter[float] = Counter()
        for p in pages:
            for ln in p.lines:
                for s in ln.segments:
                    sizes[round(s.size, 1)] += len(s.text)
        body_size = sizes.most_common(1)[0][0] if sizes else 0.0
        rejoin_split_words(pages)
        running = running_lines([p.lines for p in pages])  # counted before the page edges are cleaned
        report.removed_lines = remove_furniture(pages, ps.header_footer_min_share, body_size)
        page_tables = self._tables(pages, rules, report)
        layouts: list[PageLayout] = []
        for p in pages:
            tabs = [t for t in page_tables if t.page == p.page]
            layouts.append(_layout(p, tabs, running))
        by_page: dict[int, list[Block]] = {}
        block_sizes: list[float] = []
        blocks_flat: list[Block] = []
        table_blocks: list[tuple[Block, PageTable]] = []
        for lay in layouts:
            built = build_page_blocks(lay, body_size)
            by_page[lay.page] = built.blocks
            blocks_flat.extend(built.blocks)
            block_sizes.extend(built.sizes)
            table_blocks.extend(built.tables)
        assign_size_levels(blocks_flat, block_sizes, body_size)
        orphans = {id(t) for t in orphan_fragments(page_tables)}
        for block, pt in table_blocks:
            if id(pt) in orphans:  # a row of figures under no table: read as the text it is
                block.kind, block.text = BlockKind.TEXT, " ".join(c for c in pt.raw_rows[0] if c)
        page_tables = [t for t in page_tables if id(t) not in orphans]
        table_blocks = [(b, t) for b, t in table_blocks if id(t) not in orphans]
        tables = merge_tables(page_tables)
        for block, pt in table_blocks:
            block.table_id = pt.table_id
        if need_ocr:
            self._ocr(path, need_ocr, password, settings, report, by_page, tables)
        all_blocks = [b for n in sorted(by_page) for b in by_page[n]]
        tables = _renumber(all_blocks, tables)
        try:
            outline = read_outline(pdf)
        except pdfium.PdfiumError as e:  # a broken outline costs the section titles, not the document
            report.warnings.append(f"outline unreadable ({e})")
            outline = []
        apply_outline(all_blocks, outline)
        report.table_count = len(tables)
        language = detect_language([b.text for b in all_blocks])
        return Document(
            doc_id=doc_id, file=file_name, media_type="pdf", pages=len(pdf), blocks=all_blocks,
            tables=tables, report=report, language=language, outline=outline,
        )

    def _read_page(
        self, pdf: pdfium.PdfDocument, i: int, settings: Settings, report: ParseReport, need_ocr: list[int],
        rules: dict[int, Rules],
    ) -> PageLines:
        """Segments of page i (0-based); the rules of tabular pages are read while the page is loaded."""
        ps = settings.parse
        try:
            page = pdf[i]
            _, height = page.get_size()
            textpage = page.get_textpage()
            segs = extract_segments(textpage, height, bold_by_name=ps.bold_by_font_name)
            textpage.close()
            text = "".join(s.text for s in segs)
            report.chars_per_page.append(len(text))
            if len(text) < ps.min_text_chars_per_page:
                need_ocr.append(i + 1)
                segs = []
            elif garbled_share(text) > ps.garbled_ratio:
                report.garbled_pages.append(i + 1)
                need_ocr.append(i + 1)
                segs = []
            lines = group_lines(segs)
            if looks_tabular(lines):
                rules[i + 1] = page_rules(page, height)
            page.close()
        except pdfium.PdfiumError as e:  # one broken page: the rest of the document still counts
            report.warnings.append(f"page {i + 1}: page unreadable ({e})")
            del report.chars_per_page[i:]
            report.chars_per_page.append(0)
            return PageLines(i + 1, 0.0, [])
        return PageLines(i + 1, height, lines)

    def _tables(
        self, pages: list[PageLines], rules: dict[int, Rules], report: ParseReport
    ) -> list[PageTable]:
        found: list[PageTable] = []
        for p in pages:
            if not p.lines:
                continue
            ruled: list[PageTable] = []
            lines = p.lines
            if p.page in rules:
                hs, vs = rules[p.page]
                segs = [s for ln in p.lines for s in ln.segments]
                ruled = ruled_tables(p.page, segs, hs, vs)
                lines = join_ruled_rows(p.lines, (hs, vs))
            aligned = aligned_tables(p.page, lines, [t.bbox for t in ruled if not t.fragment])
            # a one-row grid the column reader reads as a row of a longer table is that table's
            ruled = [t for t in ruled if not (t.fragment and any(_crosses(t.bbox, a.bbox) for a in aligned))]
            for t in sorted(ruled + aligned, key=lambda t: t.bbox.y0):
                t.raw_rows = tidy(t.raw_rows)
                if (len(t.raw_rows) >= 2 or t.fragment) and len(t.raw_rows[0]) >= 2:
                    found.append(t)
                    report.warnings.extend(t.warnings)
        return found

    def _ocr(
        self, path: Path, need: list[int], password: str | None, settings: Settings, report: ParseReport,
        by_page: dict[int, list[Block]], tables: list[Table],
    ) -> None:
        try:
            from finrag.parse.ocr import ocr_pdf_pages
        except ImportError:
            report.scanned_pages.extend(need)
            report.warnings.append(f"pages {_span(need)}: no text layer and OCR is not available")
            return
        try:
            results: list[PageContent] = ocr_pdf_pages(path, need, settings, password)
        except FinragError as e:
            report.scanned_pages.extend(need)
            report.warnings.append(f"pages {_span(need)}: OCR failed ({e.message})")
            return
        done = set()
        for pc in results:
            for t in pc.tables:  # keep OCR table ids apart from ours until renumbering
                old_id, t.table_id = t.table_id, f"ocr{pc.page}-{t.table_id}"
                for b in pc.blocks:
                    if b.table_id == old_id:
                        b.table_id = t.table_id
            by_page[pc.page] = pc.blocks
            tables.extend(pc.tables)
            report.warnings.extend(pc.warnings)
            if pc.blocks:
                done.add(pc.page)
        report.ocr_pages.extend(sorted(done))
        report.scanned_pages.extend(n for n in need if n not in done)


def _layout(p: PageLines, tabs: list[PageTable], running: frozenset[str]) -> PageLayout:
    """Text segments outside the page's tables, plus one item per table; captions read off lines above."""
    segs: list[Segment] = [s for ln in p.lines for s in ln.segments]
    items: list[TableItem] = []
    prev: PageTable | None = None
    for t in sorted(tabs, key=lambda t: t.bbox.y0):
        b = t.bbox
        segs = [s for s in segs if not (b.x0 - 1 <= (s.x0 + s.x1) / 2 <= b.x1 + 1
                                        and b.y0 - 1 <= (s.top + s.bottom) / 2 <= b.y1 + 1)]
        above = _lines_above(p.lines, t)
        t.caption, t.unit = caption_and_unit(above, t.raw_rows, running)
        if (
            not t.caption
            and prev is not None
            and b.y0 - prev.bbox.y1 <= CAPTION_DISTANCE
            and not _introduced(p.lines, prev, t)
        ):
            # no title between it and the table right above: the same statement read in two parts
            t.caption, t.unit = prev.caption, t.unit or prev.unit
        items.append(TableItem(t))
        prev = t
    heights = [s.height for s in segs] or [10.0]
    gutter = GUTTER_EM * statistics.median(heights)
    return PageLayout(p.page, segs, items, gutter)


def _crosses(a: BBox, b: BBox) -> bool:
    return a.y0 < b.y1 and b.y0 < a.y1


def _introduced(lines: list[Line], prev: PageTable, t: PageTable) -> bool:
    """A line between two tables introduces the lower one, too long to be its caption: "Total net additions
    to property and equipment by segment are as follows (in millions):" heads a table of its own."""
    return any(
        ln.text.rstrip().endswith((":", "：")) or len(ln.text.strip()) > MAX_CAPTION_CHARS
        for ln in lines
        if ln.top >= prev.bbox.y1 - 1 and ln.bottom <= t.bbox.y0 + 1
    )


def _lines_above(lines: list[Line], t: PageTable) -> list[str]:
    above = [ln for ln in lines if ln.bottom <= t.bbox.y0 + 1 and ln.top >= t.bbox.y0 - CAPTION_DISTANCE]
    above.sort(key=lambda ln: -ln.bottom)
    return [ln.text for ln in above[:CAPTION_LINES]]


def _renumber(blocks: list[Block], tables: list[Table]) -> list[Table]:
    """Table ids t1, t2, ... in reading order (OCR tables interleaved by page)."""
    by_id = {t.table_id: t for t in tables}
    ordered: list[Table] = []
    mapping: dict[str, str] = {}
    for b in blocks:
        if b.kind == BlockKind.TABLE and b.table_id in by_id and b.table_id not in mapping:
            mapping[b.table_id] = f"t{len(ordered) + 1}"
            ordered.append(by_id[b.table_id])
    for t in tables:
        if t.table_id not in mapping:
            mapping[t.table_id] = f"t{len(ordered) + 1}"
            ordered.append(t)
    for t in ordered:
        t.table_id = mapping[t.table_id]
    for b in blocks:
        if b.table_id is not None and b.table_id in mapping:
            b.table_id = mapping[b.table_id]
    return ordered


def _span(pages: list[int]) -> str:
    return ", ".join(str(n) for n in pages[:20]) + (" ..." if len(pages) > 20 else "")
