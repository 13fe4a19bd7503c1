"""Retrieval ablation: Recall@5 / MRR per question set with each retrieval switch turned off in turn.

Runs the real pipeline over already-indexed data folders (``--store``, e.g. folders the eval harness
built under .eval-cache) and scores with the harness's own metric (finrag.eval.metrics), so numbers
match ``finrag eval``. Only answerable questions whose gold document is indexed are scored.

    nice -n 10 python bench/retrieval_ablation.py --store DIR --set FILE [--set FILE] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from finrag.app import Finrag
from finrag.config import load_settings
from finrag.eval.metrics import RankedHit, retrieval_scores
from finrag.eval.sets import load_set
from finrag.model import AccessScope, SearchRequest

TOP_K = 10  # as the eval harness scores
METRICS = ("recall@5", "mrr")

# (row name, retrieve-setting overrides); "full" is every switch at its default
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("plain fused (analyze off)", {"analyze": False}),
    ("full", {}),
    ("- learned ranker", {"rerank": "none"}),
    ("- expansion (variants)", {"expand": False}),
    ("- cross-language variant", {"cross_language": False}),
    ("- routing rules", {"routes": []}),
    ("- company focus list", {"company_filter": "off"}),
    ("company strict pre-filter", {"company_filter": "strict"}),
    ("- dedup", {"dedup": False}),
]


def run(stores: list[Path], set_paths: list[Path], overrides: dict[str, Any]) -> dict[str, dict[str, float]]:
    base = load_settings()
    questions = [q for p in set_paths for q in load_set(p) if q.answerable and q.gold]
    per_set: dict[str, list[dict[str, float]]] = {}
    done: set[str] = set()
    for home in stores:
        retrieve = base.retrieve.model_copy(update=overrides)
        fr = Finrag(base.model_copy(update={"home": home, "retrieve": retrieve}))
        try:
            files = {r.file for r in fr.documents(AccessScope.everything())}
            for q in questions:
                if q.qid in done or not any(g.doc in files for g in q.gold):
                    continue
                done.add(q.qid)
                res = fr.search(SearchRequest(q.question, top_k=TOP_K, history=list(q.history)))
                hits = [RankedHit(h.chunk.meta.file, list(h.chunk.pages)) for h in res.hits]
                per_set.setdefault(q.set_name, []).append(retrieval_scores(hits, q.gold))
        finally:
            fr.close()
    out = {
        name: {m: round(float(np.mean([r[m] for r in rows])), 4) for m in METRICS} | {"n": len(rows)}
        for name, rows in sorted(per_set.items())
    }
    allrows = [r for rows in per_set.values() for r in rows]
    out["all"] = {m: round(float(np.mean([r[m] for r in allrows])), 4) for m in METRICS} | {"n": len(allrows)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", type=Path, action="append", required=True)
    ap.add_argument("--set", dest="sets", type=Path, action="append", required=True)
    ap.add_argument("--only", action="append", help="run only configs whose name contains this")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    results: dict[str, dict[str, dict[str, float]]] = {}
    for name, overrides in CONFIGS:
        if args.only and not any(o in name for o in args.only):
            continue
        t0 = time.perf_counter()
        results[name] = run(args.store, args.sets, overrides)
        print(f"{name} ({time.perf_counter() - t0:.0f} s): {json.dumps(results[name])}", flush=True)
    sets = sorted({s for r in results.values() for s in r})
    print("| config | " + " | ".join(f"{s} R@5 / MRR" for s in sets) + " |")
    print("|---|" + "---|" * len(sets))
    for name, r in results.items():
        cells = [f"{r[s]['recall@5']:.3f} / {r[s]['mrr']:.3f}" if s in r else "-" for s in sets]
        print(f"| {name} | " + " | ".join(cells) + " |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
