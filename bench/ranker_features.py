"""Ranker feature ablation: held-out-company CV (as ``finrag train-ranker``) per feature subset.

Collects the training samples once (the full pipeline, rerank off, over every ``--store``; cached in
``--cache`` as a pickle so later runs only refit), then cross-validates the learned ranker with each
named subset of :data:`finrag.retrieve.features.FEATURES` (all; all minus each of ``--drop``) and prints
R@1 / R@5 / MRR per set, fused order and learned order.

    nice -n 10 python bench/ranker_features.py --store DIR [--store DIR] --set FILE [--set FILE] \
        --cache /tmp/samples.pkl [--drop topic_idf --drop topic_bigram]
"""

from __future__ import annotations

import argparse
import json
import pickle
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from finrag.config import load_settings
from finrag.retrieve import train as train_mod
from finrag.retrieve.features import FEATURES
from finrag.retrieve.train import Sample, collect, cross_validate

FOLDS = 5  # as finrag train-ranker's default


def _subset(samples: list[Sample], keep: list[int]) -> list[Sample]:
    return [replace(s, rows=s.rows[:, keep]) for s in samples]


def held_out_ranks(samples: list[Sample], folds: int) -> dict[str, int]:
    """Rank (1-based; 0 = not in the pool) of the first gold hit per question under the held-out model."""
    groups = sorted({s.group for s in samples})
    k = max(2, min(folds, len(groups)))
    fold_of = {g: i % k for i, g in enumerate(groups)}
    out: dict[str, int] = {}
    for f in range(k):
        train = [s for s in samples if fold_of[s.group] != f]
        model = train_mod.fit_both(train)
        for s in (s for s in samples if fold_of[s.group] == f):
            if not len(s.rows):
                out[s.qid] = 0
                continue
            scores = train_mod._pick(model, s).score(s.rows)
            order = sorted(range(len(s.hits)), key=lambda i: -float(scores[i]))
            out[s.qid] = next((r for r, i in enumerate(order, 1) if s.labels[i] > 0), 0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", action="append", type=Path, required=True)
    ap.add_argument("--set", action="append", type=Path, required=True)
    ap.add_argument("--cache", type=Path, help="pickle of the collected samples (reused when present)")
    ap.add_argument("--drop", action="append", default=[], help="feature to leave out (one row each)")
    ap.add_argument("--ranks", action="append", default=[], help="set name: print held-out gold ranks")
    ap.add_argument("--scoped-l2", type=float, help="override train.SCOPED_L2 for this run")
    ap.add_argument("--l2", type=float, help="override train.L2 for this run")
    ap.add_argument("--out", type=Path, help="write the model trained on every sample (all features)")
    ap.add_argument("--drop-all", action="store_true", help="also one row without every --drop feature")
    args = ap.parse_args()
    t0 = time.process_time()
    if args.scoped_l2 is not None:
        train_mod.SCOPED_L2 = args.scoped_l2
    if args.l2 is not None:
        train_mod.L2 = args.l2
    if args.cache and args.cache.exists():
        samples = pickle.loads(args.cache.read_bytes())
    else:
        settings = load_settings()
        samples = collect(settings, args.store, args.set, settings.retrieve.rerank_top_n)
        if args.cache:
            args.cache.write_bytes(pickle.dumps(samples))
    print(f"{len(samples)} questions, collected/loaded in {time.process_time() - t0:.1f} s CPU")
    rows: list[tuple[str, list[str]]] = [("all", [])] + [(f"- {d}", [d]) for d in args.drop]
    if args.drop_all and len(args.drop) > 1:
        rows.append(("- " + " - ".join(args.drop), list(args.drop)))
    for name, drop in rows:
        keep = [i for i, f in enumerate(FEATURES) if f not in drop]
        train_mod.FEATURES = [FEATURES[i] for i in keep]  # fit_both names the model's columns by it
        cv = cross_validate(_subset(samples, keep), FOLDS)
        cells = "  ".join(
            f"{r.set_name[:12]} R@5 {r.learned['recall@5']:.4f} MRR {r.learned['mrr']:.4f}" for r in cv
        )
        r1 = held_out_ranks(_subset(samples, keep), FOLDS)
        by_set: dict[str, list[int]] = {}
        for smp in samples:
            by_set.setdefault(smp.set_name, []).append(r1[smp.qid])
        cells += "  R@1 " + " ".join(
            f"{k[:6]} {np.mean([r == 1 for r in v]):.3f}" for k, v in sorted(by_set.items())
        )
        print(f"{name:32s} {cells}")
        for smp in samples:
            if smp.set_name in args.ranks and r1[smp.qid] != 1:
                print(f"    {smp.qid} held-out gold rank {r1[smp.qid]}")
    if args.out:
        train_mod.FEATURES = list(FEATURES)
        model, _ = train_mod.train(samples, FOLDS)
        args.out.write_text(
            json.dumps(model.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    print(
        f"CPU {time.process_time() - t0:.1f} s; features {len(FEATURES)}; mean rows/q "
        f"{np.mean([len(s.labels) for s in samples]):.1f}"
    )


if __name__ == "__main__":
    main()
