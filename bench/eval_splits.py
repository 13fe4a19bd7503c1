"""Answer figures of a `finrag eval --out` report split by question index, as the BBT refusal work is
calibrated and checked: dev = even index, peek = index % 4 == 1, held-out = index % 4 == 3 (never
inspected), each also without the questions that refer to a text not given ("下文…").

    python bench/eval_splits.py bbt.json --set ../shared/eval/sets/bbt_finqa_zh_dev.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

SPLITS: dict[str, Callable[[int], bool]] = {
    "all": lambda i: True,
    "dev": lambda i: i % 2 == 0,
    "peek": lambda i: i % 4 == 1,
    "held-out": lambda i: i % 4 == 3,
}
DEICTIC_PREFIX = "下文"  # questions about a text not given with them


def _share(rows: list[dict[str, Any]], metric: str) -> str:
    hits = sum(r["answer"].get(metric, 0.0) for r in rows)
    return f"{hits / len(rows):.3f} ({int(hits)}/{len(rows)})" if rows else "–"


def summary(rows: list[dict[str, Any]]) -> str:
    unanswerable = [r for r in rows if not r["answerable"]]
    answerable = [r for r in rows if r["answerable"]]
    f1 = [r["answer"]["token_f1"] for r in answerable if "token_f1" in r["answer"]]
    valid = [r["answer"]["citation_validity"] for r in answerable if "citation_validity" in r["answer"]]
    return (
        f"refusal accuracy {_share(unanswerable, 'refusal_accuracy')}, "
        f"false refusals {_share(answerable, 'false_refusal')}, "
        f"token F1 {sum(f1) / max(1, len(f1)):.3f}, citation validity {sum(valid) / max(1, len(valid)):.3f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("report", type=Path)
    ap.add_argument("--set", type=Path, required=True, help="the question set the report was run on")
    args = ap.parse_args()
    report = json.loads(args.report.read_text(encoding="utf-8"))
    lines = args.set.read_text(encoding="utf-8").splitlines()
    position = {json.loads(line)["id"]: i for i, line in enumerate(lines) if line.strip()}
    questions = report["questions"]
    for name, keep in SPLITS.items():
        rows = [q for q in questions if keep(position[q["qid"]])]
        plain = [q for q in rows if not q["question"].startswith(DEICTIC_PREFIX)]
        print(f"{name:10s} {summary(rows)}")
        print(f"{name + ' w/o 下文':10s} {summary(plain)}")


if __name__ == "__main__":
    main()
