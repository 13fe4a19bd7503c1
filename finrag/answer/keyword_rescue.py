"""A question refused because its words are missing from the first hits ("at what average price per
share"): the same filings searched deeper for chunks that print the missing words, brought into the
context when the gate then finds what the question asks (American Express's "repurchased 20 million common
shares at an average price of $168.14" ranks ninth, below the issuer-purchase table)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from finrag.answer.gate import GateDecision
from finrag.answer.query import AskedFor
from finrag.config import AnswerSettings
from finrag.model import Hit, SearchRequest, SearchResult


def rescued_hits(
    asked: AskedFor,
    decision: GateDecision,
    hits: list[Hit],
    request: SearchRequest,
    search: Callable[[SearchRequest], SearchResult],
    cfg: AnswerSettings,
) -> list[Hit] | None:
    """``hits`` with up to ``cfg.keyword_rescue_chunks`` deeper hits of the same filings that print a word
    the gate found missing placed inside the context; None when the deeper hits print none of them (and for
    Chinese questions)."""
    missing = [m.lower() for m in decision.missing if m.strip()]
    docs = list(dict.fromkeys(h.chunk.doc_id for h in hits))
    if decision.reason != "keywords" or not missing or not docs or cfg.keyword_rescue_chunks <= 0:
        return None
    if asked.language != "en":  # a Chinese question's missing words are mostly a peer's or a row's name that
        return None  # deeper chunks only mention (measured: three unanswerables answered, one refusal fixed)
    filters = replace(request.filters, doc_ids=docs)  # the caller's own filters (access first) still hold
    wider = search(SearchRequest(request.question, cfg.keyword_rescue_hits, filters))
    seen = {h.chunk.chunk_id for h in hits}
    extra = [
        h
        for h in wider.hits
        if h.chunk.chunk_id not in seen and any(m in h.chunk.text.lower() for m in missing)
    ][: cfg.keyword_rescue_chunks]
    if not extra:
        return None
    keep = max(cfg.context_chunks - len(extra), 1)
    return [*hits[:keep], *extra, *hits[keep:]]
