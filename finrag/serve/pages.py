"""Page images with the cited evidence highlighted.

PDF pages are rendered with pypdfium2 and boxes (PDF points, origin top-left, as in model.BBox) drawn
with Pillow. PDFium is not thread-safe and the ingest worker parses PDFs in this process, so rendering
runs in one separate worker process (:class:`PageRenderer`); :func:`render_page_png` is the pure
function it runs, usable directly in scripts and tests.
"""

from __future__ import annotations

import io
import multiprocessing
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from finrag.errors import NotFoundError, ServeError
from finrag.model import BBox
from finrag.serve.pages_text import Marks, find_text_boxes

POINTS_PER_INCH = 72.0  # PDF user-space unit
HIGHLIGHT_FILL = (255, 214, 0, 90)  # translucent yellow: text under it stays readable
HIGHLIGHT_EDGE = (220, 38, 38, 255)  # red outline so small boxes are easy to spot
EDGE_WIDTH_PX = 3
BOX_PAD_PT = 2.0  # grow each box a little so glyph edges are not clipped by the outline
PAGED_MEDIA = ("pdf",)
IMAGE_MEDIA = ("image",)
RENDERABLE_MEDIA = PAGED_MEDIA + IMAGE_MEDIA


def _draw_boxes(image: Image.Image, boxes: list[BBox], scale: float) -> Image.Image:
    if not boxes:
        return image.convert("RGB")
    base = image.convert("RGBA")
    overlay = Image.new("RGBA", base.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(overlay)
    for b in boxes:
        x0, x1 = sorted((b.x0, b.x1))
        y0, y1 = sorted((b.y0, b.y1))
        rect = (
            (x0 - BOX_PAD_PT) * scale,
            (y0 - BOX_PAD_PT) * scale,
            (x1 + BOX_PAD_PT) * scale,
            (y1 + BOX_PAD_PT) * scale,
        )
        draw.rectangle(rect, fill=HIGHLIGHT_FILL, outline=HIGHLIGHT_EDGE, width=EDGE_WIDTH_PX)
    return Image.alpha_composite(base, overlay).convert("RGB")


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()


def _pdf_marks(pdf_page: Any, marks: Marks) -> list[BBox]:
    """Explicit boxes plus quotes found on the page; else the chunk's boxes; else the chunk's text."""
    height = pdf_page.get_height()
    textpage = pdf_page.get_textpage()
    try:
        found = marks.boxes + find_text_boxes(textpage, height, marks.quotes)
        if found:
            return found
        return marks.fallback_boxes or find_text_boxes(textpage, height, marks.fallback_quotes)
    finally:
        textpage.close()


def render_page_png(path: Path, media_type: str, page: int, marks: Marks | list[BBox], dpi: int) -> bytes:
    """PNG of 1-indexed ``page`` of the file at ``path`` with the evidence highlighted."""
    file = path.name
    if isinstance(marks, list):
        marks = Marks(boxes=marks)
    if media_type in IMAGE_MEDIA:
        if page != 1:
            raise NotFoundError(f"an image has one page, not page {page}", file=file)
        try:
            with Image.open(path) as img:
                img.load()
                return _png(_draw_boxes(img, marks.boxes or marks.fallback_boxes, 1.0))
        except OSError as err:
            raise ServeError(f"cannot open image: {err}", file=file) from err
    if media_type not in PAGED_MEDIA:
        raise NotFoundError(f"no page images for {media_type} documents", file=file)
    import pypdfium2 as pdfium

    try:
        pdf = pdfium.PdfDocument(path)
    except (pdfium.PdfiumError, OSError) as err:
        raise ServeError(f"cannot open PDF: {err}", file=file) from err
    try:
        if not 1 <= page <= len(pdf):
            raise NotFoundError(f"page {page} out of range 1..{len(pdf)}", file=file)
        scale = dpi / POINTS_PER_INCH
        pdf_page = pdf[page - 1]
        try:
            image = pdf_page.render(scale=scale).to_pil()
            boxes = _pdf_marks(pdf_page, marks)
        finally:
            pdf_page.close()
        return _png(_draw_boxes(image, boxes, scale))
    finally:
        pdf.close()


class PageRenderer:
    """Renders in a single worker process and keeps the last few PNGs in memory."""

    def __init__(self, dpi: int, cache_entries: int) -> None:
        self.dpi = dpi
        self.cache_entries = cache_entries
        self._pool: ProcessPoolExecutor | None = None
        self._cache: OrderedDict[tuple[object, ...], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # spawn, not fork: forking a process that runs threads can deadlock the child
                spawn = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=spawn)
            return self._pool

    def render(self, path: Path, media_type: str, page: int, marks: Marks | list[BBox]) -> bytes:
        if isinstance(marks, list):
            marks = Marks(boxes=marks)
        key = (str(path), media_type, page, marks.key())
        with self._lock:
            cached = self._cache.get(key)
            if cached is not None:
                self._cache.move_to_end(key)
                return cached
        png = self._executor().submit(render_page_png, path, media_type, page, marks, self.dpi).result()
        with self._lock:
            self._cache[key] = png
            while len(self._cache) > self.cache_entries:
                self._cache.popitem(last=False)
        return png

    def forget(self, path_prefix: str) -> None:
        """Drop cached pages of a deleted document's file."""
        with self._lock:
            for key in [k for k in self._cache if str(k[0]).startswith(path_prefix)]:
                del self._cache[key]

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
