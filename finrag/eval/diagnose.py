"""Miss diagnostics: is a missed question a chunking problem or an embedding problem?

The gold page's whole text is embedded alone (USE, independent of the main pipeline's embedder
settings) and compared with the question. If the page alone would have ranked among the first few
retrieved chunks, the evidence was there but the chunks split or diluted it (chunking); if even the
page is far from the question, the embedding does not connect them (embedding / vocabulary gap).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from finrag.errors import EvalError
from finrag.eval.baselines import Encoder, page_texts
from finrag.eval.corpus import Corpus
from finrag.eval.metrics import RankedHit
from finrag.eval.run import Diagnostic
from finrag.eval.sets import Question

EMBED_MAX_CHARS = 2000  # USE saturates early; longer page text adds nothing but time


class Diagnoser:
    def __init__(self, corpus: Corpus, encoder: Encoder, chunking_rank: int) -> None:
        self.corpus = corpus
        self.encoder = encoder
        self.chunking_rank = chunking_rank
        self._pages: dict[Path, list[str]] = {}

    def _page_text(self, file: str, page: int | None) -> str | None:
        passage = self.corpus.passages.get(file)
        if passage is not None:
            return passage.text
        path = self.corpus.path_of(file)
        if path is None:
            return None
        if path not in self._pages:
            self._pages[path] = page_texts(path)
        pages = self._pages[path]
        index = (page or 1) - 1
        return pages[index] if 0 <= index < len(pages) else None

    def __call__(self, q: Question, hits: list[RankedHit]) -> Diagnostic | None:
        best: Diagnostic | None = None
        for g in q.gold:
            try:
                text = self._page_text(g.doc, g.page)
            except EvalError:
                continue
            if not text or not text.strip():
                continue
            texts = [q.question, text[:EMBED_MAX_CHARS]] + [h.text[:EMBED_MAX_CHARS] for h in hits]
            vecs = np.asarray(self.encoder.encode(texts), dtype=np.float32)
            sims = vecs[1:] @ vecs[0]
            gold_sim, hit_sims = float(sims[0]), sims[1:]
            rank = 1 + int(np.sum(hit_sims > gold_sim))
            verdict = "chunking" if rank <= self.chunking_rank else "embedding"
            diag = Diagnostic(
                gold_file=g.doc,
                gold_page=g.page,
                similarity=round(gold_sim, 4),
                rank_among_hits=rank,
                best_hit_similarity=round(float(hit_sims.max()), 4) if len(hit_sims) else 0.0,
                verdict=verdict,
            )
            if best is None or diag.similarity > best.similarity:
                best = diag
        return best
