"""Audit of chunk section paths on SEC filings and Chinese reports (issue #9 retrieval).

Usage:
  nice -n 10 python bench/section_audit.py --docs ../shared/eval/docs [--match 10K --match 10Q ...]
                                           [--parsed-cache DIR] [--json OUT]
  python bench/section_audit.py --store DATA/store/finrag.db [--match ...] [--json OUT]

``--docs`` parses and chunks every matching PDF (no embedding); ``--parsed-cache`` keeps the parsed
Documents (pickles keyed by file name and size) so a re-run after a chunk-stage change re-chunks only.
``--store`` reads the section paths of an existing index instead (the "before" of an ingest change).
Per file it reports: the sequence of SEC Items met in chunk order (should increase: Items 1..16 of a
10-K, Part I/II Items of a 10-Q) and its number of backward steps; the share of chunks under a
"Note N" heading without an Item 8 / financial-statements ancestor; the number of distinct path
elements that are unit captions or footnotes; and for Chinese reports the 第N节 sequence.
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
import sqlite3
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from finrag.chunk import chunk_document
from finrag.chunk.sec_items import is_caption_line
from finrag.config import load_settings
from finrag.errors import FinragError
from finrag.model import Document
from finrag.parse import parse_file

DEFAULT_MATCH = ("10K", "10Q", "annualreport", "年度报告", "股份有限公司")
_ITEM = re.compile(r"^item\s*(\d{1,2})([a-c]?)\b", re.IGNORECASE)
_PART = re.compile(r"^part\s+([ivx]+)\b", re.IGNORECASE)
_NOTE = re.compile(r"^note\s+\d+\b", re.IGNORECASE)
_FIN_STATEMENTS = re.compile(r"^item\s*8\b|financial\s+statements", re.IGNORECASE)
_CN_SECTION = re.compile(r"^第([一二三四五六七八九十百零〇\d]+)节")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4}


@dataclass
class FileAudit:
    file: str
    chunks: int = 0
    items: list[str] = field(default_factory=list)  # Item labels in the order chunks first meet them
    item_backsteps: int = 0  # an Item lower than the one before it (same Part)
    note_chunks: int = 0
    note_orphans: int = 0  # chunks under "Note N" with no Item 8 / financial-statements ancestor
    caption_headings: list[str] = field(default_factory=list)  # unit captions / footnotes as headings
    cn_sections: list[str] = field(default_factory=list)

    @property
    def orphan_share(self) -> float:
        return self.note_orphans / self.note_chunks if self.note_chunks else 0.0


def _item_key(label: str, part: int) -> tuple[int, int, str]:
    m = _ITEM.match(label)
    assert m is not None
    return part, int(m.group(1)), m.group(2).upper()


def audit_paths(file: str, paths: Iterable[Sequence[str]]) -> FileAudit:
    out = FileAudit(file)
    seen_items: set[tuple[int, int, str]] = set()
    last: tuple[int, int, str] | None = None
    captions: set[str] = set()
    for path in paths:
        out.chunks += 1
        part = 0
        for el in path:
            pm = _PART.match(el)
            if pm:
                part = _ROMAN.get(pm.group(1).lower(), 0)
            if _ITEM.match(el):
                key = _item_key(el, part)
                if key not in seen_items:
                    seen_items.add(key)
                    m = _ITEM.match(el)
                    assert m is not None
                    out.items.append(f"{m.group(1)}{m.group(2).upper()}")
                    if last is not None and key < last:
                        out.item_backsteps += 1
                    last = key
            cm = _CN_SECTION.match(el)
            if cm and (not out.cn_sections or out.cn_sections[-1] != cm.group(1)):
                out.cn_sections.append(cm.group(1))
            if is_caption_line(el):
                captions.add(el)
        if any(_NOTE.match(el) for el in path):
            out.note_chunks += 1
            if not any(_FIN_STATEMENTS.search(el) for el in path if not _NOTE.match(el)):
                out.note_orphans += 1
    out.caption_headings = sorted(captions)
    return out


def _selected(names: Iterable[str], match: Sequence[str]) -> list[str]:
    return sorted(n for n in names if any(m.lower() in n.lower() for m in match))


def from_store(db: Path, match: Sequence[str]) -> list[FileAudit]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    files = dict(con.execute("SELECT dord, file FROM documents").fetchall())
    out = []
    for dord, file in files.items():
        if file not in _selected([file], match):
            continue
        rows = con.execute("SELECT data FROM chunks WHERE dord = ? ORDER BY ord", (dord,))
        out.append(audit_paths(file, (json.loads(r[0])["section_path"] for r in rows)))
    return sorted(out, key=lambda a: a.file)


def _parsed(path: Path, cache: Path | None) -> Document:
    settings = load_settings()
    pkl = cache / f"{path.stem}-{path.stat().st_size}.pkl" if cache else None
    if pkl is not None and pkl.exists():
        with pkl.open("rb") as fh:
            doc: Document = pickle.load(fh)
            return doc
    doc = parse_file(path, settings)
    if pkl is not None:
        pkl.parent.mkdir(parents=True, exist_ok=True)
        with pkl.open("wb") as fh:
            pickle.dump(doc, fh)
    return doc


def from_docs(folder: Path, match: Sequence[str], cache: Path | None) -> tuple[list[FileAudit], float]:
    settings = load_settings()
    out = []
    chunk_cpu = 0.0
    files = [p for p in sorted(folder.rglob("*")) if p.suffix.lower() == ".pdf"]
    for path in files:
        if path.name not in _selected([path.name], match):
            continue
        try:
            doc = _parsed(path, cache)
            started = time.process_time()
            chunks = chunk_document(doc, settings)
            chunk_cpu += time.process_time() - started
        except FinragError as e:
            print(f"{path.name}: {e.message}", file=sys.stderr)
            continue
        out.append(audit_paths(path.name, (c.section_path for c in chunks)))
    return out, chunk_cpu


def report(audits: list[FileAudit]) -> str:
    lines = ["| file | chunks | Items (chunk order) | back-steps | Note chunks w/o Item 8 "
             "| caption headings | 第N节 |", "|---|---|---|---|---|---|---|"]
    for a in audits:
        notes = f"{a.note_orphans}/{a.note_chunks}" if a.note_chunks else "-"
        lines.append(f"| {a.file[:48]} | {a.chunks} | {' '.join(a.items) or '-'} | {a.item_backsteps} "
                     f"| {notes} | {len(a.caption_headings)} | {' '.join(a.cn_sections) or '-'} |")
    sec = [a for a in audits if a.items]
    notes_total = sum(a.note_chunks for a in audits)
    orphans = sum(a.note_orphans for a in audits)
    has8 = sum(1 for a in sec if any(i == "8" for i in a.items))
    lines.append("")
    lines.append(
        f"files {len(audits)}; with Items {len(sec)}; with Item 8 {has8}; files with back-steps "
        f"{sum(1 for a in sec if a.item_backsteps)} (total {sum(a.item_backsteps for a in sec)}); "
        f"Note chunks w/o Item 8 ancestor {orphans}/{notes_total} ({orphans / max(notes_total, 1):.1%}); "
        f"caption/footnote headings {sum(len(a.caption_headings) for a in audits)}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--docs", type=Path)
    src.add_argument("--store", type=Path)
    ap.add_argument("--match", action="append",
                    help="file-name substrings (default: 10-K/10-Q/annual reports)")
    ap.add_argument("--parsed-cache", type=Path)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    match = tuple(args.match or DEFAULT_MATCH)
    started = time.perf_counter()
    if args.store:
        audits, chunk_cpu = from_store(args.store, match), 0.0
    else:
        audits, chunk_cpu = from_docs(args.docs, match, args.parsed_cache)
    print(report(audits))
    print(f"wall {time.perf_counter() - started:.1f}s, chunking CPU {chunk_cpu:.1f}s")
    if args.json:
        args.json.write_text(json.dumps([asdict(a) | {"orphan_share": a.orphan_share} for a in audits],
                                        ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
