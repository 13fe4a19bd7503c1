"""Seconds per scanned page: OCR the image-only PDFs of ../shared/eval/docs/parsing with the configured
engine and worker pool, and print wall-clock and per-page figures as JSON.

    nice -n 10 python bench/ocr_speed.py [--max-pages 11] [--workers 0] [--engine rapidocr] [--cpu]
        [--backend onnxruntime|openvino] [--det-model M] [--rec-model M] [--rec-height 48] [--det-max-side N]
        [--rec-batch 1]

Wall seconds per page is the throughput figure (all workers busy); page seconds is one page's own time
inside a worker (render + orientation + layout + OCR + assembly). The load average is printed because
the machine is shared: figures on a busy box are slower than on an idle one. ``--cpu`` then OCRs the same
pages again one by one in this process with one ONNX thread and prints CPU seconds per page, which a busy
box inflates far less than wall time (with N workers on N idle cores, wall s/page ~ CPU s/page / N).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from finrag.config import load_settings
from finrag.cores import usable_cores
from finrag.parse.ocr import PageJob, run_page, run_pages

SCANS = (
    "en_scanned_enron_letter_2001.pdf",
    "zh_scanned_2pages_mineru_example.pdf",
    "zh_scanned_8pages_mineru_small_ocr.pdf",
)
DEFAULT_EVAL = Path(__file__).resolve().parents[1].parent / "shared" / "eval"


def _jobs(folder: Path, max_pages: int) -> list[PageJob]:
    import pypdfium2 as pdfium

    jobs: list[PageJob] = []
    for name in SCANS:
        path = folder / name
        pdf = pdfium.PdfDocument(str(path))
        count = len(pdf)
        pdf.close()
        for i in range(count):
            if len(jobs) < max_pages:
                jobs.append(PageJob("pdf", str(path), i, len(jobs) + 1))
    return jobs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval", type=Path, default=Path(os.environ.get("FINRAG_SHARED_EVAL", DEFAULT_EVAL)))
    ap.add_argument("--max-pages", type=int, default=11)
    ap.add_argument("--workers", type=int, default=0)
    ap.add_argument("--engine", default="rapidocr")
    ap.add_argument("--backend", help="override ocr.backend")
    ap.add_argument("--det-model", help="override ocr.det_model")
    ap.add_argument("--rec-model", help="override ocr.rec_model")
    ap.add_argument("--rec-height", type=int, help="override ocr.rec_height")
    ap.add_argument("--det-max-side", type=int, help="override ocr.det_max_side")
    ap.add_argument("--rec-batch", type=int, help="override ocr.rec_batch")
    ap.add_argument("--cpu", action="store_true", help="also measure CPU s/page (sequential, 1 thread)")
    args = ap.parse_args()
    settings = load_settings(Path("/tmp/finrag-bench-ocr"))
    update: dict[str, object] = {"workers": args.workers, "engine": args.engine}
    for key in ("backend", "det_model", "rec_model", "rec_height", "det_max_side", "rec_batch"):
        if getattr(args, key) is not None:
            update[key] = getattr(args, key)
    ocr = settings.ocr.model_copy(update=update)
    jobs = _jobs(args.eval / "docs" / "parsing", args.max_pages)
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    pages = run_pages(jobs, ocr)
    wall = time.perf_counter() - started
    page_s = [p.seconds for p in pages if p.seconds > 0]
    load_after = os.getloadavg()[0]
    cpu: dict[str, object] = {}
    if args.cpu:
        one = ocr.model_copy(update={"threads": 1})
        run_page(jobs[0], one)  # load the models outside the measurement
        cpu_started = time.process_time()
        for job in jobs:
            run_page(job, one)
        cpu_s = time.process_time() - cpu_started
        cpu = {
            "cpu_s_per_page": round(cpu_s / max(len(jobs), 1), 2),
            "load_avg_1m_cpu": round(os.getloadavg()[0], 1),
        }
    print(
        json.dumps(
            {
                "engine": args.engine,
                **{k: v for k, v in update.items() if k not in ("workers", "engine")},
                "pages": len(pages),
                "workers": args.workers or usable_cores(),
                "wall_s": round(wall, 1),
                "wall_s_per_page": round(wall / max(len(pages), 1), 2),
                "page_s_median": round(statistics.median(page_s), 2) if page_s else None,
                "page_s_max": round(max(page_s), 2) if page_s else None,
                "chars": sum(len(b.text) for p in pages for b in p.blocks),
                "warnings": [w for p in pages for w in p.warnings],
                "load_avg_1m": [round(load_before, 1), round(load_after, 1)],
                **cpu,
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
