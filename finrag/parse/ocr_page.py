"""One page image -> PageContent: orientation, layout regions, OCR, tables, paragraphs in reading order.

The page is OCR'd once and each line is assigned to the layout region holding its centre (cheaper than
running detection per region, same lines). Boxes are returned in PDF points, top-left origin, in the
coordinates of the page as given (before any orientation fix).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from finrag.config import OcrSettings
from finrag.model import BBox, Block, BlockKind, PageBox, Table
from finrag.parse.base import PageContent
from finrag.parse.ocr_engine import Image, OcrEngine, OcrLine, make_engine
from finrag.parse.ocr_layout import LayoutDetector, OrientationDetector, Region, rotate, unrotate_box
from finrag.parse.ocr_lines import Paragraph, VLine, page_skew, paragraphs, reading_order, visual_lines
from finrag.parse.ocr_table import RebuiltTable, find_unit, grid_runs, rebuild_table

# Header/footer regions are dropped only inside this share of the page's height at the top/bottom.
_MARGIN_SHARE = 0.12
# A caption is the paragraph just above a table, ending within this many line heights of it ...
_CAPTION_GAP_H = 3.0
# ... and at most this long.
_CAPTION_MAX_CHARS = 60
# Rows with amounts needed to take cells outside any layout table region as a table (parse.table_min_rows).
_MIN_GRID_ROWS = 2
_TABLE_LABEL = "table:"
_BBOX_DECIMALS = 2  # 0.01 pt is far below a pixel at any OCR resolution
_KIND_OF_LABEL = {
    "title": BlockKind.HEADING,
    "table_caption": BlockKind.CAPTION,
    "figure_caption": BlockKind.CAPTION,
}


@dataclass(slots=True)
class _TableRegion:
    region: Region
    lines: list[OcrLine]


class PagePipeline:
    """Models are loaded once per process and reused for every page."""

    def __init__(self, settings: OcrSettings) -> None:
        self.settings = settings
        self.engine: OcrEngine = make_engine(settings)
        self.layout = LayoutDetector(settings) if settings.use_layout else None
        self.orientation = OrientationDetector(settings) if settings.use_orientation else None

    def run(self, image: Image, page: int, pt_per_px: float) -> PageContent:
        started = time.perf_counter()
        height, width = image.shape[:2]
        turns = self.orientation.quarter_turns(image) if self.orientation else 0
        img = rotate(image, turns)
        h_img, w_img = img.shape[:2]
        lines = [ln for ln in self.engine.read(img) if ln.score >= self.settings.min_confidence]
        regions = self.layout.detect(img) if self.layout else []
        skew = page_skew(lines)
        kept: list[OcrLine] = []
        labels: list[str] = []
        tables: list[_TableRegion] = [_TableRegion(r, []) for r in regions if r.label == "table"]
        for ln in lines:
            if any(r.label in ("header", "footer") and _in_margin(r, h_img) for r in _holding(ln, regions)):
                continue  # running header / footer / page number
            region = _region_of(ln, regions)
            label = region.label if region else "text"
            if label == "table" and region:
                next(t for t in tables if t.region is region).lines.append(ln)
                continue
            kept.append(ln)
            labels.append("text" if label in ("header", "footer", "table") else label)
        content = PageContent(page=page)
        units = visual_lines(kept, labels, skew, w_img)
        built: dict[str, Table] = {}
        for t in tables:
            rebuilt = rebuild_table(t.lines, skew, w_img) if t.lines else None
            if rebuilt is None:  # not a grid: read its lines as text
                units.extend(visual_lines(t.lines, ["text"] * len(t.lines), skew, w_img))
                if t.lines:
                    content.warnings.append(f"page {page}: table structure uncertain (read as text)")
                continue
            _add_table(units, built, page, t.region, rebuilt)
        for run in grid_runs([u for u in units if u.label == "text"], _MIN_GRID_ROWS):
            rebuilt = rebuild_table([b for v in run for b in v.boxes], skew, w_img)
            if rebuilt is None:
                continue
            taken = {id(v) for v in run}
            units = [u for u in units if id(u) not in taken]
            box = Region("table", min(v.x0 for v in run), min(v.top for v in run),
                         max(v.x1 for v in run), max(v.bottom for v in run), rebuilt.score)  # fmt: skip
            _add_table(units, built, page, box, rebuilt)
        paras = paragraphs(reading_order(units), self.settings.para_gap_ratio)

        def to_bbox(x0: float, y0: float, x1: float, y1: float) -> BBox:
            bx0, by0, bx1, by1 = unrotate_box((x0, y0, x1, y1), turns, width, height)
            return BBox(*(round(v * pt_per_px, _BBOX_DECIMALS) for v in (bx0, by0, bx1, by1)))

        prev: Paragraph | None = None
        for p in paras:
            bbox = to_bbox(p.x0, p.y0, p.x1, p.y1)
            if p.label.startswith(_TABLE_LABEL):
                table = built[p.label[len(_TABLE_LABEL) :]]
                if prev is not None and _is_caption(prev, p):
                    table.caption = prev.text
                    table.unit = table.unit or find_unit(prev.text)
                table.bboxes = [PageBox(page, bbox)]
                content.tables.append(table)
                content.blocks.append(
                    Block(BlockKind.TABLE, _table_text(table), page, bbox, source="ocr",
                          confidence=round(p.score, 4), table_id=table.table_id)
                )  # fmt: skip
            else:
                kind = _KIND_OF_LABEL.get(p.label, BlockKind.TEXT)
                level = 1 if kind is BlockKind.HEADING else 0
                content.blocks.append(
                    Block(kind, p.text, page, bbox, level=level, source="ocr", confidence=round(p.score, 4))
                )
            prev = p
        content.seconds = time.perf_counter() - started
        return content


def _add_table(
    units: list[VLine], built: dict[str, Table], page: int, r: Region, rebuilt: RebuiltTable
) -> None:
    table_id = f"p{page}-t{len(built) + 1}"
    units.append(VLine([_region_line(r, rebuilt.score)], _TABLE_LABEL + table_id, r.y0, r.y1, r.y1 - r.y0))
    built[table_id] = Table(
        table_id=table_id, pages=[page], header=rebuilt.header, rows=rebuilt.rows,
        unit=rebuilt.unit, row_pages=[page] * len(rebuilt.rows), source="ocr",
    )  # fmt: skip


def _holding(line: OcrLine, regions: list[Region]) -> list[Region]:
    return [r for r in regions if r.contains(line.cx, line.cy)]


def _region_of(line: OcrLine, regions: list[Region]) -> Region | None:
    holding = _holding(line, regions)
    if not holding:
        return None
    tables = [r for r in holding if r.label == "table"]
    return max(tables or holding, key=lambda r: r.score)


def _in_margin(region: Region, page_h: float) -> bool:
    return region.y1 <= _MARGIN_SHARE * page_h or region.y0 >= (1 - _MARGIN_SHARE) * page_h


def _region_line(r: Region, score: float) -> OcrLine:
    return OcrLine(text="", x0=r.x0, y0=r.y0, x1=r.x1, y1=r.y1, score=score)


def _is_caption(prev: Paragraph, table: Paragraph) -> bool:
    h = prev.lines[-1].h if prev.lines else 0.0
    close = -h <= table.y0 - prev.y1 <= _CAPTION_GAP_H * h
    return close and (prev.label in ("title", "table_caption") or len(prev.text) <= _CAPTION_MAX_CHARS)


def _table_text(table: Table) -> str:
    rows = [" | ".join(r) for r in [*table.header, *table.rows]]
    return "\n".join([table.caption, *rows] if table.caption else rows)
