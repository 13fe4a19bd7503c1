"""Overhead of parse_file's time-limit paths on a small file: inline, watched thread, warm child process.

Usage: python bench/parse_dispatch.py [FILE] [--n N] [--big-sheet ROWS] [--big-html ROWS]
(default FILE: examples/config_params.xlsx; --big-sheet also times a generated ROWS x 8 XLSX and CSV)
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from finrag.config import load_settings
from finrag.parse import parse_file

DEFAULT_FILE = Path(__file__).resolve().parents[1] / "examples" / "config_params.xlsx"


def measure(path: Path, n: int, *, timeout: float, isolate_min_mb: float) -> tuple[float, float]:
    settings = load_settings("/tmp/finrag-bench-data")
    settings.parse.timeout_s = timeout
    settings.parse.isolate_min_mb = isolate_min_mb
    t0 = time.perf_counter()
    parse_file(path, settings)  # first call: imports / child start-up
    first = time.perf_counter() - t0
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        parse_file(path, settings)
        times.append(time.perf_counter() - t0)
    return first, statistics.median(times)


def big_sheet(rows: int) -> None:
    import openpyxl

    with tempfile.TemporaryDirectory() as tmp:
        xlsx, csv_path = Path(tmp) / "big.xlsx", Path(tmp) / "big.csv"
        wb = openpyxl.Workbook(write_only=True)
        ws = wb.create_sheet("data")
        data: list[list[object]] = [["id", "account", "2023", "2022", "change", "unit", "region", "note"]]
        for i in range(rows):
            data.append([f"r{i}", f"acct-{i % 97}", i * 1.5, i * 1.25, f"{i % 13}%", "元", "华东", "x"])
        for row in data:
            ws.append(row)
        wb.save(xlsx)
        with csv_path.open("w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(data)
        settings = load_settings(Path(tmp) / "data")
        for path in (xlsx, csv_path):
            t0 = time.perf_counter()
            doc = parse_file(path, settings)
            secs = time.perf_counter() - t0
            n = len(doc.tables[0].rows)
            size = path.stat().st_size >> 20
            print(f"{path.name:10s} {rows:,} rows: {secs:6.2f} s ({n / secs:,.0f} rows/s, {size} MB)")


def big_html(rows: int) -> None:
    """An EDGAR-like page: rows/4 paragraphs and one statement table of ``rows`` rows with $ and ) cells."""
    para = "<div><p>Paragraph {i} on revenue and <span>cash</span>.</p></div>"
    body = "".join(para.format(i=i) for i in range(rows // 4))
    cells = "<td>$</td><td>{a:,}</td><td></td><td>$</td><td>({b:,}</td><td>)</td>"
    table = "".join(f"<tr><td>Item {i}</td>" + cells.format(a=i * 7, b=i * 3) + "</tr>" for i in range(rows))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "filing.htm"
        page = f"<html><body><h1>10-K</h1>{body}<table>{table}</table></body></html>"
        path.write_text(page, encoding="utf-8")
        t0 = time.perf_counter()
        doc = parse_file(path, load_settings(Path(tmp) / "data"))
        secs = time.perf_counter() - t0
        size = path.stat().st_size >> 10
        print(f"filing.htm {size:,} KB, {len(doc.blocks):,} blocks, {rows:,} table rows: {secs:6.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", type=Path, default=DEFAULT_FILE)
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--big-sheet", type=int, default=0)
    ap.add_argument("--big-html", type=int, default=0, help="table rows of a generated EDGAR-like page")
    a = ap.parse_args()
    modes = (("inline (timeout_s=0)", 0.0, 1e9), ("thread", 600.0, 1e9), ("child", 600.0, 0.0))
    for label, timeout, iso in modes:
        first, median = measure(a.file, a.n, timeout=timeout, isolate_min_mb=iso)
        print(f"{label:22s} first call {first * 1000:8.1f} ms   median of {a.n} {median * 1000:7.1f} ms")
    if a.big_sheet:
        big_sheet(a.big_sheet)
    if a.big_html:
        big_html(a.big_html)


if __name__ == "__main__":
    main()
