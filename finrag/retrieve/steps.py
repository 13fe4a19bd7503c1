"""The full retrieval composition around the core's keyword/dense/fuse/parent steps:

analysis (+ follow-up completion) -> route/filters -> query variants -> keyword ∥ dense per variant and
per focus filter -> weighted RRF -> features + rerank -> parent expansion -> near-duplicate removal.
Every step is switchable in ``settings.retrieve`` and recorded in the trace.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from finrag.config import Settings
from finrag.errors import FinragError
from finrag.index.store import Store
from finrag.index.tokenize import Analyzer
from finrag.model import Filters, Hit, ScoredChunk, SearchRequest, SearchResult, Trace, to_jsonable
from finrag.retrieve.analyze import QueryAnalyzer, Understanding
from finrag.retrieve.dedup import dedup
from finrag.retrieve.docfit import best_files, period_ask
from finrag.retrieve.entities import CompanyCache
from finrag.retrieve.expand import llm_variants, load_glossary, rule_variants
from finrag.retrieve.features import FeatureContext, compute
from finrag.retrieve.periods import Reference, is_relative, resolve, spans
from finrag.retrieve.rare import RarePick, RareTerms
from finrag.retrieve.reports import named_reports
from finrag.retrieve.rerank import make_reranker
from finrag.retrieve.route import RARE, STATEMENT, RoutePlan, list_weights, route, weighted_rrf
from finrag.retrieve.sections import answering_statements, asked_concepts, implied_statements, load_concepts
from finrag.retrieve.statements import Statement, statement_first
from finrag.retrieve.topic import question_topic

if TYPE_CHECKING:
    from finrag.retrieve.pipeline import Retriever

EXPLAIN_LIST = 20  # candidates listed per retriever / features shown per hit in an --explain trace
DEDUP_POOL = 3  # near-duplicates are looked for among top_k x this many hits
MIN_KEYWORD_CHARS = 2  # shorter tokens (particles, single letters) are not counted in coverage features


@contextmanager
def _timed(trace: Trace, stage: str, name: str) -> Iterator[dict[str, object]]:
    detail: dict[str, object] = {}
    t0 = time.perf_counter()
    yield detail
    trace.add(stage, name, detail, (time.perf_counter() - t0) * 1000)


def _brief(items: list[ScoredChunk]) -> list[dict[str, object]]:
    return [{"chunk_id": s.chunk.chunk_id, "score": round(s.score, 6)} for s in items[:EXPLAIN_LIST]]


class Steps:
    def __init__(self, settings: Settings, store: Store, analyzer: Analyzer) -> None:
        self.settings = settings
        self.companies = CompanyCache(store)
        self.glossary = load_glossary(settings.retrieve.glossary_file)
        self.query_analyzer = QueryAnalyzer(analyzer, self.glossary)
        self.analyzer = analyzer
        self.reranker = make_reranker(settings.retrieve)
        self.concepts = load_concepts(settings.retrieve.sections_file)
        self.rare = RareTerms(store, analyzer, settings.retrieve, self.glossary)
        self.store = store

    # ------------------------------------------------------------ pieces
    def understand(self, request: SearchRequest) -> Understanding:
        history = request.history if self.settings.retrieve.complete_followups else []
        companies = self.companies.get(request.filters.access)
        return self.query_analyzer.understand(request.question, history, companies)

    def variants(self, und: Understanding, trace: Trace) -> dict[str, str]:
        r = self.settings.retrieve
        a = und.analysis
        out = {"": a.completed}
        if r.expand:
            out.update(
                rule_variants(a.completed, a.language, self.glossary, r.cross_language, r.synonym_terms)
            )
        answer = self.settings.answer
        if answer.llm_base_url and (r.llm_rewrite or r.hyde):
            try:
                out.update(llm_variants(a.completed, answer, r.llm_query_timeout_s, r.llm_rewrite, r.hyde))
            except FinragError as err:  # fall back to the rule variants, say so in the trace
                trace.add("expand", "llm-fallback", {"error": str(err)})
        return out

    def retrieve(
        self, core: Retriever, queries: dict[str, str], plan: RoutePlan, n: int, trace: Trace, explain: bool
    ) -> dict[str, list[ScoredChunk]]:
        lists: dict[str, list[ScoredChunk]] = {}
        runs: list[tuple[str, str, Filters]] = [(k, q, plan.filters) for k, q in queries.items()]
        runs += [(sfx, f"{queries['']} {plan.focus_terms.get(sfx, '')}".strip(), f) for sfx, f in plan.focus]
        for suffix, text, filters in runs:
            tokens = self.analyzer.analyze(f"{text} {plan.keyword_terms}".strip())
            got = core.candidates(tokens, text, filters, n)  # keyword ∥ dense
            if suffix == STATEMENT and self.settings.retrieve.statement_first:  # the statement itself first
                got.keyword = statement_first(got.keyword, plan.statements)
                got.dense = {k: statement_first(v, plan.statements) for k, v in got.dense.items()}
            found = lists[f"bm25{suffix}"] = got.keyword
            detail = {"candidates": len(found), "top": _brief(found) if explain else None}
            trace.add("keyword", f"bm25{suffix}", detail, got.keyword_ms)
            dense: dict[str, object] = {}
            for name, items in got.dense.items():
                lists[name + suffix] = items
                dense[name + suffix] = _brief(items) if explain else len(items)
            trace.add("dense", f"dense{suffix}", dense, got.dense_ms)
        if plan.rare_terms:  # keyword only: a name's meaning is not what a dense vector finds
            with _timed(trace, "keyword", f"bm25{RARE}") as d:
                found = lists[f"bm25{RARE}"] = core.keyword_candidates(plan.rare_terms, plan.filters, n)
                d.update(terms=self.visible_terms(plan.rare_terms, found), candidates=len(found))
                d.update(top=_brief(found) if explain else None)
        return lists

    def visible_terms(self, terms: list[str], found: list[ScoredChunk]) -> list[str]:
        """The rare terms the caller's own results hold: the terms are chosen by df over the whole index
        (and a name cut differently is completed from the index's vocabulary), so a term only documents
        the caller may not see hold must never reach the trace."""
        texts = [self.analyzer.normalize(s.chunk.text) for s in found]
        return [t for t in terms if any(t in text for text in texts)]

    def rerank(
        self,
        hits: list[Hit],
        und: Understanding,
        trace: Trace,
        statements: list[Statement] | None = None,
        rare_terms: list[str] | None = None,
    ) -> list[Hit]:
        r = self.settings.retrieve
        a = und.analysis
        head, tail = hits[: r.rerank_top_n], hits[r.rerank_top_n :]
        codes = {m.company.code.lower() for m in und.matches if m.company.code}
        years = {p.fiscal_year for p in a.periods if p.fiscal_year}
        ctx = FeatureContext(
            analysis=a,
            company_keys={n.lower() for m in und.matches for n in m.company.filter_names()} | codes,
            years=years,
            period_window=r.period_window,
            line_terms=[[t.lower() for t in tm.concept.wordings] for tm in self.glossary.find(a.completed)],
            decay=r.time_decay,
            latest_year=max(
                (h.chunk.meta.fiscal_year for h in head if h.chunk.meta.fiscal_year), default=None
            ),
            keywords={k for k in a.keywords if len(k) >= MIN_KEYWORD_CHARS},
            statements=und.statements if statements is None else statements,
            ask=period_ask(a),
        )
        if r.topic_features:
            names = [n for m in und.matches for n in (m.alias, *m.company.filter_names())]
            names += [a.completed[i:j] for i, j in spans(a.completed)]  # period words
            ctx.topic = question_topic(a.completed, a.keywords, names, self.analyzer, self.store, rare_terms)
        with _timed(trace, "rerank", self.reranker.name if self.reranker else "none") as d:
            compute(head, ctx)
            if self.reranker is not None:
                try:
                    head = self.reranker.rerank(a.completed, head)
                except FinragError as err:  # the fused order stands; the trace says why
                    d["error"] = str(err)
            if und.recent and r.recent_decay > 0 and ctx.latest_year is not None:  # weak "latest" constraint
                for h in head:
                    age = ctx.latest_year - (h.chunk.meta.fiscal_year or ctx.latest_year)
                    h.score *= math.exp(-r.recent_decay * max(age, 0))
                head.sort(key=lambda h: -h.score)
                d["recent_decay"] = r.recent_decay
            d.update(
                scored=len(head),
                order=[
                    {
                        "chunk_id": h.chunk.chunk_id,
                        "score": round(h.score, 6),
                        "features": {k: round(v, 4) for k, v in h.features.items()},
                    }
                    for h in head[:EXPLAIN_LIST]
                ],
            )
        return head + tail

    # ------------------------------------------------------------ composition
    def search(self, core: Retriever, request: SearchRequest) -> SearchResult:
        trace = Trace()
        r = self.settings.retrieve
        n = max(r.candidates, request.top_k)
        with _timed(trace, "analyze", "rules") as d:
            und = self.understand(request)
            a = und.analysis
            d.update(
                analysis=to_jsonable(a),
                followup=und.followup,
                reference=to_jsonable(und.reference),
                rules=und.rules,
                filters=to_jsonable(request.filters),
            )
        if a.intent == "chitchat":  # greetings are answered without retrieval
            return SearchResult(hits=[], analysis=a, trace=trace)
        with _timed(trace, "route", "rules") as d:
            codes = [n for m in und.matches for n in m.company.filter_names() if n not in a.companies]
            codes += [m.company.code for m in und.matches if m.company.code]
            files = self.companies.get(request.filters.access).files_in(a.completed)
            concepts = asked_concepts(a.completed, self.concepts)
            a.section_titles = [c.titled.pattern for c in concepts if c.titled is not None]
            implied = implied_statements(concepts, und.statements)
            statements = und.statements + implied
            answering = answering_statements(concepts, und.statements, implied)  # the statement is the answer
            ask = period_ask(a)
            reports = [m.company.records for m in und.matches]
            by_form = [named_reports(a.completed, recs) for recs in reports]
            if by_form and all(by_form):  # the forms the question names ("its 8-K dated ...") and no other
                reports = by_form
            period_files = best_files(ask, reports, r.period_window) if r.period_fit else []
            if reports is by_form and not period_files:  # the named report, whatever period it carries
                period_files = [rec.file for recs in by_form for rec in recs]
            rare = self.rare.choose(a) if "rare" in r.routes else RarePick()
            plan = route(a, request.filters, r, codes, files, statements, concepts, period_files, rare.terms)
            plan.statements = answering if "statement" in plan.rules else []  # put first in its focus list
            d.update(plan.summary(), concepts=[c.name for c in concepts], period_files=period_files)
        with _timed(trace, "expand", "variants") as d:
            queries = self.variants(und, trace)
            a.variants = [q for k, q in queries.items() if k]
            d.update(variants=queries)
        lists = self.retrieve(core, queries, plan, n, trace, request.explain)
        with _timed(trace, "fuse", r.fusion) as d:
            weights = list_weights(list(lists), plan, r)
            hits = weighted_rrf(lists, weights, r.rrf_k) if r.fusion == "rrf" else core.fuse(lists)
            d.update(
                candidates=len(hits), weights=weights, order=[h.chunk.chunk_id for h in hits[:EXPLAIN_LIST]]
            )
        if hits and any(is_relative(p) and p.fiscal_year is None for p in a.periods):
            meta = hits[0].chunk.meta  # relative periods measured from the best document's own period
            if meta.fiscal_year:
                a.periods = resolve(
                    a.periods, Reference(meta.fiscal_year, meta.fiscal_period or "FY", meta.period_end)
                )
                trace.add("analyze", "periods", {"reference": meta.file, "periods": to_jsonable(a.periods)})
        named = answering if r.statement_feature_implied else None
        hits = self.rerank(hits, und, trace, named, plan.rare_terms)
        if r.expand_parents:
            with _timed(trace, "expand", "parents") as d:
                before = len(hits)
                hits = core.expand_parents(hits, plan.filters.access)
                d.update(merged=before - len(hits))
        if r.dedup:
            with _timed(trace, "dedup", "jaccard") as d:
                kept, dropped = dedup(hits[: request.top_k * DEDUP_POOL], r.dedup_jaccard)
                hits = kept
                d.update(dropped=dropped)
        return SearchResult(hits=hits[: request.top_k], analysis=a, trace=trace)
