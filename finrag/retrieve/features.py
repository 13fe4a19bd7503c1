"""Reranking features of a fused hit: how each retriever ranked it and how well it fits the analysis.

Every feature is a float in a small fixed range so that one logistic model fits all sets. Names are
stable: the learned ranker's model file lists the ones it was trained on.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from finrag.model import ChunkKind, Hit, QueryAnalysis
from finrag.retrieve.docfit import PeriodAsk, doc_fit
from finrag.retrieve.route import FOCUS, KEYWORD_PREFIX
from finrag.retrieve.statements import Statement, shows_statement
from finrag.retrieve.topic import Topic

FEATURES = [
    "fused",  # fused score / best fused score
    "fused_rr",  # fused position on a log scale (1 = first, 0 = RANK_HORIZON or later)
    "bm25_rr",  # best keyword-list rank, same scale
    "dense_rr",  # best dense-list rank, same scale
    "bm25_norm",  # best BM25 score / best BM25 score among candidates
    "dense_sim",  # best cosine similarity
    "lists",  # share of lists that retrieved the hit
    "focus",  # retrieved by a company/period-filtered list
    "entity",  # +1 the chunk's company is named, -1 another company is, 0 none named
    "period",  # +1 report of a named year, WINDOW_PERIOD a later one in the window, -1 other, 0 none named
    "line_item",  # share of named line items (any synonym) the text holds
    "section",  # share of query keywords in the section path
    "coverage",  # share of query keywords in the text
    "kind_fit",  # chunk kind suits the intent (tables for numbers, steps for how-to)
    "numbers",  # share of digits in the text (capped)
    "decay",  # exp(-λ·age) by doc type
    "code",  # every literal code of the question is in the text
    "statement",  # the chunk is (part of) a statement the question names or its concept implies (+1), else 0
    "period_fit",  # how well the chunk's report period answers the asked period(s) (docfit.doc_fit)
    "topic_idf",  # idf-weighted share of the question's topic words in the text (topic.py: names cut out)
    "topic_bigram",  # share of the question's Chinese topic character bigrams in the text
]
SCOPED = "scoped"  # not a ranking feature: 1 when the question names an indexed company (picks the model)
RANK_HORIZON = 100  # ranks at or beyond this score 0 on the log rank scale
WINDOW_PERIOD = 0.5  # "period" of a report up to period_window years after the named year: less than its own
NUMBER_SHARE_CAP = 0.3  # digit share above this is treated alike (dense tables)
_DIGIT = re.compile(r"\d")
_TABLE_KINDS = {ChunkKind.TABLE, ChunkKind.TABLE_ROWS, ChunkKind.ROW}
_PROC_KINDS = {ChunkKind.STEP, ChunkKind.ENDPOINT}
_NUMERIC_INTENTS = {"lookup", "calculation", "comparison"}


@dataclass(slots=True)
class FeatureContext:
    analysis: QueryAnalysis
    company_keys: set[str]  # lower-case names and codes of the named companies
    years: set[int]
    period_window: int
    line_terms: list[list[str]]  # per named line item: its lower-case synonyms
    decay: dict[str, float]  # doc type -> λ
    latest_year: int | None
    keywords: set[str] = field(default_factory=set)
    statements: list[Statement] = field(default_factory=list)
    ask: PeriodAsk | None = None
    topic: Topic = field(default_factory=Topic)


def _log_rank(rank: int) -> float:
    """1 for rank 1, falling with log(rank) to 0 at RANK_HORIZON: linear enough for a logistic model."""
    return max(0.0, 1.0 - math.log(rank) / math.log(RANK_HORIZON))


def _share(words: set[str], text: str) -> float:
    return sum(1 for w in words if w in text) / len(words) if words else 0.0


def compute(hits: list[Hit], ctx: FeatureContext) -> None:
    """Fill ``hit.features`` for every hit (in place)."""
    if not hits:
        return
    names = {n for h in hits for n in h.ranks}
    best_fused = max(h.score for h in hits) or 1.0
    bm25_best = max(
        (s for h in hits for n, s in h.scores.items() if n.startswith(KEYWORD_PREFIX)), default=0.0
    )
    a = ctx.analysis
    codes = [c.lower() for c in a.codes]
    for pos, hit in enumerate(hits, 1):
        c = hit.chunk
        text = c.text.lower()
        kw = [r for n, r in hit.ranks.items() if n.startswith(KEYWORD_PREFIX)]
        dn = [r for n, r in hit.ranks.items() if not n.startswith(KEYWORD_PREFIX)]
        bm = [s for n, s in hit.scores.items() if n.startswith(KEYWORD_PREFIX)]
        ds = [s for n, s in hit.scores.items() if not n.startswith(KEYWORD_PREFIX)]
        f = hit.features
        f["fused"] = hit.score / best_fused
        f["fused_rr"] = _log_rank(pos)
        f["bm25_rr"] = _log_rank(min(kw)) if kw else 0.0
        f["dense_rr"] = _log_rank(min(dn)) if dn else 0.0
        f["bm25_norm"] = max(bm) / bm25_best if bm and bm25_best > 0 else 0.0
        f["dense_sim"] = max(ds) if ds else 0.0
        f["lists"] = len(hit.ranks) / len(names)
        f["focus"] = 1.0 if any(n.endswith(FOCUS) for n in hit.ranks) else 0.0
        if ctx.company_keys:
            own = {k.lower() for k in (c.meta.company, c.meta.company_code) if k}
            f["entity"] = 1.0 if own & ctx.company_keys else (-1.0 if own else 0.0)
        else:
            f["entity"] = 0.0
        y = c.meta.fiscal_year
        if ctx.years and y is not None:
            if y in ctx.years:
                f["period"] = 1.0
            elif any(0 < y - t <= ctx.period_window for t in ctx.years):
                f["period"] = WINDOW_PERIOD  # a later report repeats the year as a comparative
            else:
                f["period"] = -1.0
        else:
            f["period"] = 0.0
        f["line_item"] = (
            sum(1 for terms in ctx.line_terms if any(t in text for t in terms)) / len(ctx.line_terms)
            if ctx.line_terms
            else 0.0
        )
        f["section"] = _share(ctx.keywords, " ".join(c.section_path).lower())
        f["coverage"] = _share(ctx.keywords, text)
        if a.intent == "howto":
            f["kind_fit"] = 1.0 if c.kind in _PROC_KINDS else 0.0
        elif a.intent in _NUMERIC_INTENTS or a.line_items:
            f["kind_fit"] = 1.0 if c.kind in _TABLE_KINDS else 0.0
        else:
            f["kind_fit"] = 1.0 if c.kind not in _TABLE_KINDS else 0.0
        f["numbers"] = (
            min(len(_DIGIT.findall(c.text)) / max(len(c.text), 1), NUMBER_SHARE_CAP) / NUMBER_SHARE_CAP
        )
        lam = ctx.decay.get(c.meta.doc_type, 0.0)
        age = (ctx.latest_year - y) if (ctx.latest_year is not None and y is not None) else 0
        f["decay"] = math.exp(-lam * max(age, 0))
        f["code"] = 1.0 if codes and all(k in text for k in codes) else 0.0
        f["statement"] = 1.0 if shows_statement(c.section_path, c.text, ctx.statements) else 0.0
        f["period_fit"] = doc_fit(ctx.ask, y, c.meta.fiscal_period, ctx.period_window, c.meta.period_end)
        f["topic_idf"] = ctx.topic.idf_share(text)
        f["topic_bigram"] = ctx.topic.bigram_share(text)
        f[SCOPED] = 1.0 if ctx.company_keys else 0.0
