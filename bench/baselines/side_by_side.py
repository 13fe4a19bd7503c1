"""Side-by-side table of eval reports (finrag vs baselines) with ratios, ingest time and search time.

Reads report JSONs written by ``finrag eval --out`` (one system or several) and by
``bench/baselines/llamaindex_baseline.py --out``; prints one Markdown table per set and overall, then
the ratios of the first system to each other one on the same rows.

    python bench/baselines/side_by_side.py full_naive_finrag.json li.json --first finrag
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

METRICS = ("recall@1", "recall@5", "recall@10", "doc_recall@5", "mrr", "ndcg@10")
HEADS = ("R@1", "R@5", "R@10", "docR@5", "MRR", "nDCG@10")


def load_runs(paths: list[Path]) -> dict[str, Any]:
    """System name -> report, from files holding one report or ``{"runs": {...}}``."""
    runs: dict[str, Any] = {}
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        for rep in data["runs"].values() if "runs" in data else [data]:
            runs[rep["system"]] = rep
    return runs


def groups(rep: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [*sorted(rep["sets"].items()), ("overall", rep["overall"])]


def cell(group: dict[str, Any], metric: str) -> str:
    value = group["metrics"].get(metric)
    if value is None:
        return "–"
    count = group["counts"].get(metric)
    return f"{value:.3f}" if count in (None, group["n"]) else f"{value:.3f} ({count})"


def ratio(a: float | None, b: float | None) -> str:
    if a is None or b is None:
        return "–"
    return "∞" if b == 0 and a > 0 else "–" if b == 0 else f"{a / b:.2f}×"


def table(runs: dict[str, Any], first: str) -> str:
    lines = ["| system | group | n | " + " | ".join(HEADS) + " | search ms | ingest s |",
             "|" + "---|" * (len(HEADS) + 5)]
    for name, rep in runs.items():
        for label, g in groups(rep):
            ms = g["metrics"].get("search_ms")
            tail = f" {ms:.0f} | {rep['ingest_seconds']:.0f} |" if label == "overall" else " | |"
            bold = "**overall**" if label == "overall" else label
            lines.append(f"| {name} | {bold} | {g['n']} | " + " | ".join(cell(g, m) for m in METRICS)
                         + " |" + tail)
    base = runs[first]
    for other, rep in runs.items():
        if other == first:
            continue
        lines += ["", f"Ratio {first}/{other}:", "",
                  "| group | " + " | ".join(HEADS) + " |", "|" + "---|" * (len(HEADS) + 1)]
        theirs = dict(groups(rep))
        for label, g in groups(base):
            o = theirs.get(label)
            cells = [ratio(g["metrics"].get(m), o["metrics"].get(m) if o else None) for m in METRICS]
            lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reports", nargs="+", type=Path)
    ap.add_argument("--first", default="finrag", help="system the ratios are taken of")
    args = ap.parse_args()
    runs = load_runs(args.reports)
    ordered = {args.first: runs[args.first]} | {k: v for k, v in runs.items() if k != args.first}
    print(table(ordered, args.first), end="")


if __name__ == "__main__":
    main()
