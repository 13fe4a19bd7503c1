"""Table facts + calculation layer on TAT-QA dev (no retrieval): each question is asked against its own table.

Usage: PYTHONPATH=. python bench/answer_tatqa.py [--set .../tatqa_dev.json] [--limit N] [--show K]
Prints coverage (questions the answer stage answered with a number) and numeric accuracy (within 0.5% or
0.01 of the reference) for table arithmetic questions and single-number table lookups.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from decimal import Decimal, InvalidOperation
from pathlib import Path

from finrag.answer.facts import extract_facts
from finrag.answer.lookup import items_from_tables
from finrag.answer.numeric import NumericAnswer, calculation_answer, lookup_answer
from finrag.answer.query import analyze
from finrag.answer.which_year import which_year
from finrag.model import Chunk, ChunkKind, ChunkMeta, Document, Fact, ParseReport, Table

TOLERANCE = Decimal("0.005")
ABS_TOLERANCE = Decimal("0.01")
DEFAULT_SET = Path(__file__).resolve().parents[2] / "shared" / "eval" / "sets" / "tatqa_dev.json"


def _doc(uid: str, rows: list[list[str]]) -> tuple[Document, Chunk]:
    table = Table("t1", [1], [], rows)
    doc = Document(uid, f"{uid}.pdf", "pdf", 1, [], [table], ParseReport(f"{uid}.pdf"), "en")
    text = "\n".join(" | ".join(r) for r in rows)
    chunk = Chunk(f"{uid}-t1", uid, text, ChunkKind.TABLE, [1], [], ChunkMeta(f"{uid}.pdf", "", "en"), "t1")
    return doc, chunk


def _reference(answer: object) -> Decimal | None:
    if isinstance(answer, list):
        answer = answer[0] if len(answer) == 1 else None
    try:
        return Decimal(str(answer).replace(",", "").replace("$", "").strip()) if answer is not None else None
    except InvalidOperation:
        return None


def _predict(question: str, facts: list[Fact], chunk: Chunk) -> tuple[Decimal | None, NumericAnswer | None]:
    asked = analyze(question)
    if not asked.line_items:
        asked.line_items = items_from_tables(question, [chunk])
    rank = {chunk.doc_id: 0}
    years = which_year(asked, facts, rank, lambda f: 1)
    if years is not None:
        return years.result, years
    out = calculation_answer(asked, facts, rank, lambda f: 1) if asked.formula else None
    if out is not None and out.calculation is not None:
        return out.calculation.result, out
    out = lookup_answer(asked, facts, rank, lambda f: 1)
    if out is not None and len(out.facts) == 1:
        return out.facts[0].value, out
    return None, out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", type=Path, default=DEFAULT_SET)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--show", type=int, default=0, help="print this many misses")
    args = ap.parse_args()
    data = json.loads(args.set.read_text(encoding="utf-8"))
    counts: Counter[str] = Counter()
    misses: list[str] = []
    t0 = time.perf_counter()
    for item in data:
        doc, chunk = _doc(item["table"]["uid"], item["table"]["table"])
        facts = extract_facts(doc, [chunk])
        for q in item["questions"]:
            if q["answer_from"] != "table" or q["answer_type"] not in ("arithmetic", "span"):
                continue
            ref = _reference(q["answer"])
            if ref is None:
                continue
            kind = q["answer_type"]
            counts[f"{kind}:total"] += 1
            pred, _ = _predict(q["question"], facts, chunk)
            if pred is None:
                continue
            counts[f"{kind}:answered"] += 1
            if (
                abs(pred - ref) <= max(abs(ref) * TOLERANCE, ABS_TOLERANCE)
                or abs(abs(pred) - abs(ref)) <= ABS_TOLERANCE
            ):
                counts[f"{kind}:correct"] += 1
            elif len(misses) < args.show:
                misses.append(f"{q['question']} | ref={ref} ({q['derivation']}) | pred={pred}")
            if args.limit and counts[f"{kind}:total"] >= args.limit:
                break
    seconds = time.perf_counter() - t0
    for kind in ("arithmetic", "span"):
        total = counts[f"{kind}:total"] or 1
        print(
            f"{kind}: n={counts[f'{kind}:total']} answered={counts[f'{kind}:answered'] / total:.1%} "
            f"accuracy={counts[f'{kind}:correct'] / total:.1%} "
            f"precision={counts[f'{kind}:correct'] / max(counts[f'{kind}:answered'], 1):.1%}"
        )
    print(f"seconds={seconds:.1f}")
    for m in misses:
        print("MISS", m)


if __name__ == "__main__":
    main()
