"""Ingest speed: total wall time and per-stage seconds (parse, chunk, facts, analyze, embed, store).

    nice -n 10 python bench/index_speed.py /work/shared/eval/docs/zh/2020-04-16__四方科技*.pdf
    nice -n 10 python bench/index_speed.py /work/shared/eval/docs --recursive --workers 2 --limit 20

Stage seconds are summed over files (parse/chunk/facts/analyze run in the worker processes, so their
sum can exceed the wall time when workers > 1). Uses a fresh data folder unless --data is given. The
embedding model is loaded before the clock starts (a server has it loaded); embed is compute only.
Settings come from the environment as usual, e.g. ``FINRAG_INDEX__TABLE_EMBED_TEXT=labels`` or
``FINRAG_INDEX__EMBED_THREADS=1`` (one embedding thread). CPU counts this process, its threads and the
parse child (reaped before it is read).
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

from finrag.app import Finrag, IngestOptions, Progress
from finrag.config import load_settings
from finrag.index.ingest import FileTimings, expand_paths, ingest_paths
from finrag.index.prepare import StageTimes
from finrag.parse.isolate import shutdown_workers


def _cpu() -> float:
    """CPU seconds of this process and its finished children (workers, parser sub-processes)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--recursive", action="store_true")
    ap.add_argument("--workers", type=int, default=None, help="override index.ingest_workers")
    ap.add_argument("--limit", type=int, default=0, help="only the first N files (a measured subset)")
    ap.add_argument("--data", type=Path, default=None)
    args = ap.parse_args()
    data = args.data or Path(tempfile.mkdtemp(prefix="finrag-index-speed-"))
    settings = load_settings(data)
    if args.workers is not None:
        settings.index.ingest_workers = args.workers
    files = expand_paths(args.paths, args.recursive)
    if args.limit:
        files = files[: args.limit]
    fr = Finrag(settings)
    for emb in fr.embedders:  # load the weights before the clock starts, as a server would have them
        emb.embed_query("warm up")
    timings: list[FileTimings] = []
    load = os.getloadavg()[0]
    cpu0 = _cpu()
    t0 = time.perf_counter()
    results = ingest_paths(fr, files, IngestOptions(), Progress(), timings=timings)
    wall = time.perf_counter() - t0
    shutdown_workers()  # reap the warm parse child so its CPU time is counted (RUSAGE_CHILDREN)
    cpu = _cpu() - cpu0
    total = StageTimes()
    for t in timings:
        total.add(t.times)
    pages = sum(r.pages for r in results)
    chunks = sum(r.chunks for r in results)
    failed = [r for r in results if r.status == "failed"]
    print(f"files {len(results)} (failed {len(failed)}), pages {pages}, chunks {chunks}, data {data}")
    print(
        f"workers {settings.index.ingest_workers}, embed threads {settings.index.embed_threads or 'auto'},"
        f" table embed text {settings.index.table_embed_text!r}; load avg {load:.1f} at start,"
        f" {os.getloadavg()[0]:.1f} at end, on {os.cpu_count()} cores"
    )
    print(f"wall {wall:.1f} s = {pages / wall:.1f} pages/s, {chunks / wall:.1f} chunks/s; CPU {cpu:.1f} s")
    print("| stage | seconds (sum over files) |\n|---|---|")
    for name in StageTimes.__slots__:
        print(f"| {name} | {getattr(total, name):.1f} |")
    for r in failed:
        print(f"FAILED {r.file}: {r.error}")
    s = fr.stats()
    print(f"store: {s.documents} docs, {s.chunks} chunks, {s.facts} facts, {s.disk_bytes / 1e6:.0f} MB")
    fr.close()


if __name__ == "__main__":
    main()
