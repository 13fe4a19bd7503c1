"""Cost of the rare-term list (retrieve/rare.py) per question on an existing index: choosing the terms
(df lookups, piece/prefix recovery) and the extra keyword-only search, wall and CPU time, plus how many
questions get a list and of how many terms. Only the set's dev/peek questions of BBT-style sets are asked
when --dev-only (index % 4 != 3).

    python bench/rare_latency.py --index /tmp/full-index4 --set ../shared/eval/sets/financebench_dev.jsonl
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from finrag.config import load_settings
from finrag.index import open_store
from finrag.index.tokenize import get_analyzer
from finrag.model import Filters
from finrag.retrieve.analyze import QueryAnalyzer
from finrag.retrieve.entities import CompanyCache
from finrag.retrieve.expand import load_glossary
from finrag.retrieve.rare import RareTerms

HELD_OUT = 3  # index % 4 == 3: never inspected (report aggregates only)


def _ms(values: list[float]) -> str:
    if not values:
        return "–"
    ordered = sorted(values)
    return f"p50 {statistics.median(values):.2f} ms, p90 {ordered[int(0.9 * len(ordered))]:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--index", type=Path, required=True, help="an existing data folder (read only)")
    ap.add_argument("--set", type=Path, action="append", required=True)
    ap.add_argument("--dev-only", action="store_true", help="skip questions with index % 4 == 3")
    args = ap.parse_args()
    settings = load_settings(args.index)
    store = open_store(settings)
    analyzer = get_analyzer(settings.index.user_dict, settings.index.traditional_to_simplified)
    glossary = load_glossary(settings.retrieve.glossary_file)
    rare = RareTerms(store, analyzer, settings.retrieve, glossary)
    understand = QueryAnalyzer(analyzer, glossary)
    companies = CompanyCache(store).get(Filters().access)
    n = settings.retrieve.candidates
    for path in args.set:
        lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        questions = [q["question"] for i, q in enumerate(lines) if not (args.dev_only and i % 4 == HELD_OUT)]
        pick_wall, pick_cpu, list_wall, list_cpu, sizes = [], [], [], [], []
        for question in questions:
            a = understand.understand(question, [], companies).analysis
            w, c = time.perf_counter(), time.process_time()
            chosen = rare.choose(a)
            pick_wall.append((time.perf_counter() - w) * 1000)
            pick_cpu.append((time.process_time() - c) * 1000)
            if chosen.terms:
                sizes.append(len(chosen.terms))
                w, c = time.perf_counter(), time.process_time()
                store.keyword_search(chosen.terms, n, Filters())
                list_wall.append((time.perf_counter() - w) * 1000)
                list_cpu.append((time.process_time() - c) * 1000)
        print(
            f"{path.name}: {len(questions)} questions, {len(sizes)} with a rare list "
            f"(mean {statistics.mean(sizes) if sizes else 0:.1f} terms)"
        )
        print(f"  choose terms  wall {_ms(pick_wall)}; cpu {_ms(pick_cpu)}")
        print(f"  bm25@rare     wall {_ms(list_wall)}; cpu {_ms(list_cpu)}")
    store.close()


if __name__ == "__main__":
    main()
