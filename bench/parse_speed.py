"""PDF parsing speed over ../shared/eval/docs: pages/second and peak memory.

    nice -n 10 python bench/parse_speed.py [--docs DIR] [--limit N] [--workers 2] [--ocr]

Files are parsed by a process pool (one file per task, largest first so the pool ends together).
Without --ocr, pages without a text layer are only counted (the figure is for the digital-PDF path;
bench/ocr_speed.py measures OCR).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DOCS = ROOT.parent / "shared" / "eval" / "docs"


@dataclass(slots=True)
class FileResult:
    name: str
    pages: int
    tables: int
    scanned: int
    seconds: float
    cpu_seconds: float  # CPU time of the worker: on a shared box wall time mostly measures the queue
    error: str | None


def parse_one(path: str, ocr: bool) -> FileResult:
    sys.path.insert(0, str(ROOT))
    from finrag.config import load_settings
    from finrag.errors import FinragError
    from finrag.parse.pdf import PdfParser

    settings = load_settings("/tmp/finrag-bench-parse")
    textless = settings.parse.min_text_chars_per_page
    if not ocr:
        settings.parse.min_text_chars_per_page = 0
        settings.parse.garbled_ratio = 1.0
    started, cpu = time.perf_counter(), time.process_time()
    p = Path(path)
    try:
        doc = PdfParser().parse(p, file_name=p.name, doc_id="bench", settings=settings)
    except FinragError as e:
        return FileResult(p.name, 0, 0, 0, time.perf_counter() - started, time.process_time() - cpu, str(e))
    scanned = sum(1 for n in doc.report.chars_per_page if n < textless)
    return FileResult(
        p.name,
        doc.pages,
        len(doc.tables),
        scanned,
        time.perf_counter() - started,
        time.process_time() - cpu,
        None,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=Path, default=DEFAULT_DOCS, help="folder searched recursively for PDFs")
    ap.add_argument("--limit", type=int, default=0, help="parse at most this many files (0 = all)")
    ap.add_argument("--workers", type=int, default=2, help="process pool size")
    ap.add_argument("--ocr", action="store_true", help="OCR pages without a text layer")
    args = ap.parse_args()
    files = [p for p in args.docs.rglob("*") if p.suffix.lower() == ".pdf"]
    files.sort(key=lambda p: -p.stat().st_size)
    if args.limit:
        files = files[: args.limit]
    if not files:
        print(f"no PDFs under {args.docs}", file=sys.stderr)
        return 1
    started = time.perf_counter()
    results: list[FileResult] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(parse_one, str(f), args.ocr) for f in files]
        for n, fut in enumerate(as_completed(futures), start=1):
            r = fut.result()
            results.append(r)
            elapsed = time.perf_counter() - started
            pages = sum(x.pages for x in results)
            status = (
                f"ERROR {r.error}"
                if r.error
                else (f"{r.pages} p, {r.tables} tables, {r.seconds:.1f}s wall, {r.cpu_seconds:.1f}s cpu")
            )
            print(
                f"[{n}/{len(files)}] {elapsed:6.1f}s {pages / elapsed:5.1f} p/s  {r.name[:60]}: {status}",
                flush=True,
            )
    wall = time.perf_counter() - started
    pages = sum(r.pages for r in results)
    cpu = sum(r.cpu_seconds for r in results)
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    errors = [r for r in results if r.error]
    print(
        f"\nfiles {len(results)}  pages {pages}  tables {sum(r.tables for r in results)}  "
        f"pages without text {sum(r.scanned for r in results)}  errors {len(errors)}"
    )
    print(
        f"wall {wall:.1f}s  -> {pages / wall:.1f} pages/s with {args.workers} workers; "
        f"{pages / cpu:.1f} pages per CPU-second (= pages/s of one worker on an idle core); "
        f"peak RSS per worker {peak_mb:.0f} MB; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    for r in errors:
        print(f"  error: {r.name}: {r.error}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
