"""The retrieval core: analyze -> keyword (BM25) and dense candidates -> fuse -> parent expansion.

Each step is a small public method so that query analysis, routing, expansion and reranking can be
composed around it (``search`` is just the default composition). Every step records itself and its
time in the :class:`~finrag.model.Trace`.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace

from finrag.config import RetrieveSettings, Settings
from finrag.index.embed import Embedder
from finrag.index.store import Store
from finrag.index.tokenize import Analyzer, get_analyzer, simplified
from finrag.model import (
    AccessScope,
    Filters,
    Hit,
    QueryAnalysis,
    ScoredChunk,
    SearchRequest,
    SearchResult,
    Trace,
    to_jsonable,
)
from finrag.retrieve import steps
from finrag.retrieve.fuse import DENSE_PREFIX, KEYWORD, fuse

_CJK = re.compile(r"[\u3400-\u9fff]")
EXPLAIN_LIST = 20  # candidates listed per retriever in an --explain trace
KEYWORD_THREADS = 4  # keyword searches in flight beside the callers' dense scans (API threads share them)
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _keyword_pool() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=KEYWORD_THREADS, thread_name_prefix="finrag-keyword")
        return _pool


@dataclass(slots=True)
class Candidates:
    """One query's candidate lists: BM25 and one per embedder, with each side's wall time."""

    keyword: list[ScoredChunk]
    dense: dict[str, list[ScoredChunk]]
    keyword_ms: float
    dense_ms: float


@contextmanager
def _timed(trace: Trace, stage: str, name: str, detail: dict[str, object]) -> Iterator[dict[str, object]]:
    t0 = time.perf_counter()
    yield detail
    trace.add(stage, name, detail, (time.perf_counter() - t0) * 1000)


def _brief(items: list[ScoredChunk]) -> list[dict[str, object]]:
    return [{"chunk_id": s.chunk.chunk_id, "score": round(s.score, 6)} for s in items[:EXPLAIN_LIST]]


def in_simplified(request: SearchRequest, cfg: RetrieveSettings) -> SearchRequest:
    """``request`` with its question in simplified characters when typed in traditional ones."""
    question = simplified(request.question, cfg.traditional_chars) if cfg.simplify_questions else ""
    return replace(request, question=question) if question and question != request.question else request


class Retriever:
    def __init__(self, settings: Settings, store: Store, embedders: list[Embedder]) -> None:
        self.settings = settings
        self.store = store
        self.embedders = embedders
        self.analyzer: Analyzer = get_analyzer(
            settings.index.user_dict, settings.index.traditional_to_simplified
        )
        store.check_embedders({e.name: e.dimension for e in embedders})
        # analysis, routing, expansion, reranking and dedup around the core steps (retrieve/steps.py)
        self.steps = steps.Steps(settings, store, self.analyzer)

    # ------------------------------------------------------------ steps
    def analyze(self, question: str) -> QueryAnalysis:
        tokens = self.analyzer.analyze(question)
        lang = "zh" if _CJK.search(question) else "en"
        return QueryAnalysis(
            question=question, completed=question, language=lang, intent="other", keywords=tokens
        )

    def keyword_candidates(self, tokens: list[str], filters: Filters, n: int) -> list[ScoredChunk]:
        return self.store.keyword_search(tokens, n, filters) if tokens else []

    def dense_candidates(self, text: str, filters: Filters, n: int) -> dict[str, list[ScoredChunk]]:
        out: dict[str, list[ScoredChunk]] = {}
        for emb in self.embedders:
            out[DENSE_PREFIX + emb.name] = self.store.vector_search(
                emb.name, emb.embed_query(text), n, filters
            )
        return out

    def candidates(self, tokens: list[str], text: str, filters: Filters, n: int) -> Candidates:
        """Keyword and dense candidates of one query, side by side when ``index.parallel_search``: the
        BM25 side runs in a pool thread while this thread embeds and scans (both release the GIL)."""

        def keyword() -> tuple[list[ScoredChunk], float]:
            t0 = time.perf_counter()
            return self.keyword_candidates(tokens, filters, n), (time.perf_counter() - t0) * 1000

        future = _keyword_pool().submit(keyword) if self.settings.index.parallel_search and tokens else None
        if future is None:
            found, keyword_ms = keyword()
        t0 = time.perf_counter()
        dense = self.dense_candidates(text, filters, n)
        dense_ms = (time.perf_counter() - t0) * 1000
        if future is not None:
            found, keyword_ms = future.result()
        return Candidates(found, dense, keyword_ms, dense_ms)

    def fuse(self, lists: dict[str, list[ScoredChunk]]) -> list[Hit]:
        r = self.settings.retrieve
        return fuse(
            lists, r.fusion, rrf_k=r.rrf_k, keyword_weight=r.keyword_weight, dense_weight=r.dense_weight
        )

    def expand_parents(self, hits: list[Hit], access: AccessScope) -> list[Hit]:
        """Replace children of parent-child chunks by their parent (once, at the best child's place)."""
        parent_ids = list(dict.fromkeys(h.chunk.parent_id for h in hits if h.chunk.parent_id))
        if not parent_ids:
            return hits
        parents = {c.chunk_id: c for c in self.store.get_chunks(parent_ids, access)}
        out: list[Hit] = []
        seen: dict[str, Hit] = {}
        for hit in hits:
            pid = hit.chunk.parent_id
            key = pid if pid in parents else hit.chunk.chunk_id
            if key in seen:  # a later sibling: keep its evidence on the parent's hit
                first = seen[key]
                first.features["children"] = first.features.get("children", 1.0) + 1.0
                for name, rank in hit.ranks.items():
                    if rank < first.ranks.get(name, rank + 1):
                        first.ranks[name], first.scores[name] = rank, hit.scores[name]
                continue
            if pid in parents and pid is not None:
                hit = Hit(
                    parents[pid],
                    hit.score,
                    dict(hit.ranks),
                    dict(hit.scores),
                    {**hit.features, "children": 1.0},
                )
            seen[key] = hit
            out.append(hit)
        return out

    # ------------------------------------------------------------ composition
    def search(self, request: SearchRequest) -> SearchResult:
        """Full pipeline (retrieve/steps.py); ``retrieve.analyze = false`` gives the plain fused search."""
        request = in_simplified(request, self.settings.retrieve)
        if not self.settings.retrieve.analyze:
            return self.search_plain(request)
        return self.steps.search(self, request)

    def search_plain(self, request: SearchRequest) -> SearchResult:
        trace = Trace()
        n = max(self.settings.retrieve.candidates, request.top_k)
        f = request.filters
        with _timed(trace, "analyze", "analyzer", {}) as d:
            analysis = self.analyze(request.question)
            d.update(tokens=analysis.keywords, language=analysis.language, filters=to_jsonable(f))
        found = self.candidates(analysis.keywords, analysis.completed, f, n)
        lists: dict[str, list[ScoredChunk]] = {KEYWORD: found.keyword, **found.dense}
        top = _brief(found.keyword) if request.explain else None
        trace.add("keyword", KEYWORD, {"candidates": len(found.keyword), "top": top}, found.keyword_ms)
        trace.add(
            "dense",
            ",".join(e.name for e in self.embedders),
            {name: _brief(v) if request.explain else len(v) for name, v in found.dense.items()},
            found.dense_ms,
        )
        with _timed(trace, "fuse", self.settings.retrieve.fusion, {}) as d:
            hits = self.fuse(lists)
            d.update(candidates=len(hits), order=[h.chunk.chunk_id for h in hits[:EXPLAIN_LIST]])
        if self.settings.retrieve.expand_parents:
            with _timed(trace, "expand", "parents", {}) as d:
                before = len(hits)
                hits = self.expand_parents(hits, f.access)
                d.update(merged=before - len(hits))
        return SearchResult(hits=hits[: request.top_k], analysis=analysis, trace=trace)
