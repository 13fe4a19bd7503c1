"""Chunk count and size distribution per document type on the shared corpus (and the bundled examples).

Usage: nice -n 10 python bench/chunk_stats.py [--docs ../shared/eval/docs] [--pages 10] [--every-en 3]
                                             [--budget-s 900] [--examples] [--with-scanned] [--json OUT]
To stay bounded on a shared 2-core box, each PDF is cut down to ``--pages`` pages (half from the start
for the cover, half from the middle where the statements are) before parsing; every ``--every-en``-th
English filing is taken. Sizes are analyzer tokens (finrag.index.tokenize.count_tokens).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from finrag.chunk import chunk_document
from finrag.config import load_settings
from finrag.errors import FinragError
from finrag.index.tokenize import count_tokens
from finrag.model import ChunkKind
from finrag.parse import parse_file

ROOT = Path(__file__).resolve().parents[1]
PERCENTILES = (10, 50, 90)


@dataclass
class TypeStats:
    docs: int = 0
    pages: int = 0
    chunks: int = 0
    sizes: list[int] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    over_budget: int = 0
    parse_s: float = 0.0
    chunk_s: float = 0.0
    with_company: int = 0
    with_year: int = 0


def sample_pages(n_pages: int, want: int) -> list[int]:
    if n_pages <= want:
        return list(range(n_pages))
    head = list(range(want // 2))
    mid = n_pages // 2
    return head + list(range(mid, mid + want - len(head)))


def excerpt(src: Path, want: int, out: Path) -> tuple[Path, int]:
    source = pdfium.PdfDocument(str(src))
    pages = sample_pages(len(source), want)
    target = pdfium.PdfDocument.new()
    target.import_pages(source, pages)
    target.save(str(out))
    source.close()
    target.close()
    return out, len(pages)


def files(docs: Path, every_en: int, examples: bool, scanned: bool) -> list[Path]:
    out = sorted((docs / "zh").glob("*"))
    out += [p for p in sorted((docs / "parsing").glob("*")) if scanned or "scanned" not in p.name]
    out += sorted((docs / "en").glob("*.pdf"))[::every_en]
    if examples:
        kinds = {".md", ".docx", ".xlsx", ".pdf"}
        out += sorted(p for p in (ROOT / "examples").iterdir() if p.suffix in kinds)
    return out


def run(args: argparse.Namespace) -> dict[str, TypeStats]:
    settings = load_settings(Path(tempfile.mkdtemp()) / "data")
    stats: dict[str, TypeStats] = defaultdict(TypeStats)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for path in files(Path(args.docs), args.every_en, args.examples, args.with_scanned):
            if time.perf_counter() - started > args.budget_s:
                print(f"budget of {args.budget_s}s reached; stopping", file=sys.stderr)
                break
            t0 = time.perf_counter()
            try:
                if path.suffix.lower() == ".pdf":
                    small, _ = excerpt(path, args.pages, Path(tmp) / "x.pdf")
                    doc = parse_file(small, settings, file_name=path.name)
                else:
                    doc = parse_file(path, settings)
                t1 = time.perf_counter()
                chunks = chunk_document(doc, settings)
            except FinragError as err:
                print(f"skip {path.name}: {err}", file=sys.stderr)
                continue
            t2 = time.perf_counter()
            s = stats[doc.doc_type]
            s.docs += 1
            s.pages += doc.pages
            s.parse_s += t1 - t0
            s.chunk_s += t2 - t1
            s.with_company += doc.meta.company is not None
            s.with_year += doc.meta.fiscal_year is not None
            for c in chunks:
                if c.kind == ChunkKind.PARENT:
                    continue
                size = count_tokens(c.text)
                s.chunks += 1
                s.sizes.append(size)
                s.kinds[c.kind.value] += 1
                s.over_budget += size > max(settings.chunk.max_tokens, settings.chunk.table_whole_max_tokens)
            line = f"{path.name[:60]:60} {doc.doc_type:15} {len(chunks):5} chunks {t2 - t0:6.1f}s"
            print(line, file=sys.stderr)
    return stats


def table(stats: dict[str, TypeStats]) -> str:
    lines = [
        "| doc type | docs | pages | chunks | chunks/page | tokens p10 / p50 / p90 / max | over budget "
        "| kinds | company / year found | chunk ms/page |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, s in sorted(stats.items()):
        if not s.sizes:
            continue
        single = [s.sizes[0]] * 99
        qs = statistics.quantiles(s.sizes, n=100, method="inclusive") if len(s.sizes) > 1 else single
        pct = " / ".join(str(round(qs[p - 1])) for p in PERCENTILES) + f" / {max(s.sizes)}"
        kinds = ", ".join(f"{k} {v}" for k, v in s.kinds.most_common())
        lines.append(
            f"| {name} | {s.docs} | {s.pages} | {s.chunks} | {s.chunks / max(1, s.pages):.1f} | {pct} "
            f"| {s.over_budget} | {kinds} | {s.with_company}/{s.docs} · {s.with_year}/{s.docs} "
            f"| {1000 * s.chunk_s / max(1, s.pages):.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", default=str(ROOT.parent / "shared" / "eval" / "docs"))
    ap.add_argument("--pages", type=int, default=10, help="pages parsed per PDF (start + middle)")
    ap.add_argument("--every-en", type=int, default=3, help="take every n-th English filing")
    ap.add_argument("--budget-s", type=float, default=900.0, help="stop starting new files after this")
    ap.add_argument("--examples", action="store_true", help="also chunk examples/ (api_doc, manual, table)")
    ap.add_argument("--with-scanned", action="store_true", help="include the scanned PDFs (OCR: slow)")
    ap.add_argument("--json", help="write the raw numbers here")
    args = ap.parse_args()
    stats = run(args)
    print(table(stats))
    if args.json:
        raw = {k: {**vars(v), "kinds": dict(v.kinds)} for k, v in stats.items()}
        Path(args.json).write_text(json.dumps(raw, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
