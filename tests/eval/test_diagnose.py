"""Miss diagnostics with the real USE model: is the gold page itself close to the question?"""

from __future__ import annotations

import json
from pathlib import Path

from finrag.eval.baselines import use_encoder
from finrag.eval.corpus import passages_corpus
from finrag.eval.diagnose import Diagnoser
from finrag.eval.metrics import RankedHit
from finrag.eval.sets import Gold, Question

GOLD = "Apple reported quarterly revenue of 90 billion dollars, up 8 percent from a year earlier."
OFF_TOPIC = ["The weather was sunny in the park today.", "Cats like to sleep in warm places."]


def test_gold_page_that_beats_the_hits_points_at_chunking(tmp_path: Path) -> None:
    rows = [{"passage_id": "gold", "text": GOLD}] + [{"passage_id": f"x{i}", "text": t} for i, t in
                                                     enumerate(OFF_TOPIC)]
    src = tmp_path / "p.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    corpus = passages_corpus(src, tmp_path / "cache")
    diagnose = Diagnoser(corpus, use_encoder(), chunking_rank=1)
    question = "What was Apple's quarterly revenue?"
    q = Question("q", "s", "en", question, "$90 billion", True, [Gold("gold.txt", 1)])
    missed = [RankedHit(f"x{i}.txt", [1], f"c{i}", t) for i, t in enumerate(OFF_TOPIC)]
    d = diagnose(q, missed)
    assert d is not None and d.gold_file == "gold.txt"
    assert d.rank_among_hits == 1 and d.verdict == "chunking"
    assert d.similarity > d.best_hit_similarity
    # when the retrieved chunks are closer than the whole gold page, the embedding is to blame
    close = [RankedHit("y.txt", [1], "c", question), *missed]  # a hit identical to the question wins
    d2 = diagnose(q, close)
    assert d2 is not None and d2.rank_among_hits == 2 and d2.verdict == "embedding"
