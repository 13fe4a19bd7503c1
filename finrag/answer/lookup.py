"""Choosing the fact a question asks for: line item, period (incl. 上年末), scope and company must match."""

from __future__ import annotations

from dataclasses import dataclass

from finrag.answer.lexicon import LineItemMatch, label_matches, normalise, synonyms
from finrag.answer.query import AskedFor
from finrag.index.store import Store
from finrag.model import Fact, Filters

EXACT_LABEL_BONUS = 0.2  # the fact prints the very words of the question ("营业收入" over "营业总收入")
SCOPE_BONUS = 0.3  # consolidated unless the question says 母公司
UNKNOWN_SCOPE_BONUS = 0.1
DOC_RANK_BONUS = 0.3  # facts from the best-ranked retrieved document first
PERCENT_PENALTY = 0.5  # a "%" cell is rarely the amount asked for
_PRIOR_WORDS = ("上年", "上期", "期初", "年初")


@dataclass(slots=True)
class Want:
    """One value to find: a line item at a fiscal year (None = the latest) or at a date."""

    item: LineItemMatch
    year: int | None = None
    period_end: str | None = None
    prior: bool = False  # "上年末": the older of the two balance columns


def fetch_facts(store: Store, filters: Filters, items: list[LineItemMatch], doc_ids: list[str]) -> list[Fact]:
    """Facts of the retrieved documents whose normalised line item is one the question's items allow."""
    names: list[str] = []
    for it in items:
        names.extend(synonyms(it.concept) if it.concept else [])
        names.append(normalise(it.printed))
    scoped = Filters(
        access=filters.access, doc_ids=doc_ids or list(filters.doc_ids), companies=filters.companies
    )
    return store.get_facts(scoped, line_items=sorted(set(n for n in names if n)))


def _period_ok(f: Fact, want: Want, latest_year: int | None) -> bool:
    if want.period_end:
        return f.period_end == want.period_end
    year = want.year if want.year is not None else latest_year
    if want.prior and year is not None and want.year is None:
        return f.fiscal_year == year - 1
    return year is None or f.fiscal_year == year


def best_fact(facts: list[Fact], want: Want, asked: AskedFor, doc_rank: dict[str, int]) -> Fact | None:
    """The best fact for ``want`` or None when no fact matches its line item and period."""
    candidates = [(f, label_matches(f.line_item_norm, want.item.concept, want.item.printed)) for f in facts]
    candidates = [(f, s) for f, s in candidates if s > 0]
    if not candidates:
        return None
    best_doc = min((doc_rank.get(f.doc_id, len(doc_rank)) for f, _ in candidates), default=0)
    years = [f.fiscal_year for f, _ in candidates if f.fiscal_year and doc_rank.get(f.doc_id) == best_doc]
    latest = max(years) if years else None
    printed = normalise(want.item.printed)
    scored: list[tuple[float, Fact]] = []
    for f, label_score in candidates:
        if not _period_ok(f, want, latest):
            continue
        score = label_score + (EXACT_LABEL_BONUS if f.line_item_norm == printed else 0.0)
        score += SCOPE_BONUS if f.scope == asked.scope else UNKNOWN_SCOPE_BONUS if not f.scope else 0.0
        score += DOC_RANK_BONUS / (1 + doc_rank.get(f.doc_id, len(doc_rank)))
        if f.unit == "%":
            score -= PERCENT_PENALTY
        if asked.instant and f.period_end and want.prior == any(w in f.column_label for w in _PRIOR_WORDS):
            score += UNKNOWN_SCOPE_BONUS
        scored.append((score, f))
    if not scored:
        return None
    scored.sort(key=lambda t: (-t[0], t[1].page))
    return scored[0][1]


def wants_for(asked: AskedFor) -> list[Want]:
    """Which values a lookup question asks for: each line item at each year named (or the latest)."""
    years: list[int | None] = [*asked.years] or [None]
    out: list[Want] = []
    for item in asked.line_items:
        for y in years:
            year = y
            if asked.prior_year_end and y is not None:
                year = y - 1
            end = asked.period_ends[0] if asked.period_ends else None
            out.append(Want(item, year, end, asked.prior_year_end))
    return out
