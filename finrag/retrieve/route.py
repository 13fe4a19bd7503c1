"""Routing: a table of named rules (switched on in ``retrieve.routes``) that turn a query analysis into
list weights for fusion, hard pre-filters and extra "focus" lists retrieved under a filter.

| rule    | when                              | effect                                                      |
|---------|-----------------------------------|-------------------------------------------------------------|
| file    | an indexed file name is written   | pre-filter to that file                                     |
| code    | the question holds a code/ID      | keyword lists weighted ``keyword_boost`` (literal match)    |
| howto   | intent is how-to                  | a focus list over procedure chunks (steps, endpoints)       |
| company | a known company is named          | strict: pre-filter; boost: a focus list filtered to it      |
| period  | a year is named                   | the focus list also keeps only reports of that year (+window)|
|         | (``period_fit``: the named companies' | or only the best-fitting reports (retrieve/docfit.py)   |
|         | reports of the asked period known)|                                                             |
| short   | at most ``short_query_tokens``    | keyword lists weighted ``keyword_boost``                    |
| statement | a statement is named            | a focus list over table chunks (+ company/period focus), |
|         | ("balance sheet", "利润表") or a ratio| its query extended with the statement's title words      |
|         | implies it (inventory turnover)   |                                                             |
| section | a section concept is asked        | a focus list (+ company/period focus), its query extended |
|         | ("legal battles", "主要客户")       | with the titles of the filing parts that answer it        |
| rare    | terms few chunks hold (a name:    | a keyword-only list of those terms (retrieve/rare.py),    |
|         | person, subsidiary, product)      | under the hard filters, weighted ``rare_weight``          |

Weighted reciprocal rank fusion lives here too: each list's 1/(k + rank) is multiplied by its weight.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from finrag.config import RetrieveSettings
from finrag.model import ChunkKind, Filters, Hit, QueryAnalysis, ScoredChunk
from finrag.retrieve.periods import period_words
from finrag.retrieve.sections import Concept
from finrag.retrieve.statements import Statement

PROCEDURE_KINDS = ["step", "endpoint"]  # ChunkKind values that hold procedures
KEYWORD_PREFIX = "bm25"  # lists whose name starts with this are keyword lists (see fuse.KEYWORD)
FOCUS = "@focus"  # suffix of lists retrieved under a routing filter
PROCEDURE = "@howto"  # suffix of lists retrieved over procedure chunks
STATEMENT = "@statement"  # suffix of lists retrieved over the table chunks of a named statement
SECTION = "@section"  # suffix of lists retrieved with the titles of the filing parts a concept lives in
RARE = "@rare"  # suffix of the keyword list retrieved with the question's rare terms alone (retrieve/rare.py)
TABLE_KINDS = [ChunkKind.TABLE.value, ChunkKind.TABLE_ROWS.value]  # chunk kinds that hold statements
RULES = ("file", "code", "howto", "company", "period", "short", "statement", "section", "rare")


@dataclass(slots=True)
class RoutePlan:
    rules: list[str] = field(default_factory=list)  # rules that fired
    keyword_weight: float = 1.0
    filters: Filters = field(default_factory=Filters)  # hard pre-filter for every list
    focus: list[tuple[str, Filters]] = field(default_factory=list)  # (suffix, filter) for extra lists
    focus_terms: dict[str, str] = field(default_factory=dict)  # suffix -> words appended to its query
    keyword_terms: str = ""  # words appended to every keyword query (how reports write the asked periods)
    rare_terms: list[str] = field(default_factory=list)  # index terms of the keyword-only rare-term list
    statements: list[Statement] = field(default_factory=list)  # put first in the statement list (steps.py)

    def summary(self) -> dict[str, object]:
        return {
            "rules": self.rules,
            "keyword_weight": self.keyword_weight,
            "companies": self.filters.companies,
            "keyword_terms": self.keyword_terms,
            "focus": [
                {
                    "list": s,
                    "companies": f.companies,
                    "years": [f.fiscal_year_min, f.fiscal_year_max],
                    "kinds": f.kinds,
                    "files": f.files,
                }
                for s, f in self.focus
            ],
        }


def route(
    analysis: QueryAnalysis,
    base: Filters,
    cfg: RetrieveSettings,
    codes_of: list[str],
    files: list[str] | None = None,
    statements: list[Statement] | None = None,
    concepts: list[Concept] | None = None,
    period_files: list[str] | None = None,
    rare: list[str] | None = None,
) -> RoutePlan:
    """Apply the enabled rules in table order. ``codes_of`` are company codes of matched companies, ``files``
    indexed file names the question names (a strong constraint: a pre-filter), ``statements`` the
    financial statements it names or its ratio implies, ``concepts`` the section concepts it asks about,
    ``period_files`` the named companies' reports whose period fits the question best (docfit.best_files),
    ``rare`` the question's rare index terms (rare.RareTerms.pick)."""
    plan = RoutePlan(filters=base)
    on = set(cfg.routes)
    if "file" in on and files and not base.files:
        plan.rules.append("file")
        base = dataclasses.replace(base, files=list(files))
        plan.filters = base
    if "code" in on and analysis.codes:
        plan.rules.append("code")
        plan.keyword_weight = cfg.keyword_boost
    if "short" in on and 0 < len(analysis.keywords) <= cfg.short_query_tokens:
        plan.rules.append("short")
        plan.keyword_weight = cfg.keyword_boost
    if "howto" in on and analysis.intent == "howto":
        plan.rules.append("howto")
        plan.focus.append((PROCEDURE, dataclasses.replace(base, kinds=list(PROCEDURE_KINDS))))
    focus = base
    names = list(dict.fromkeys([*analysis.companies, *codes_of]))
    if "company" in on and names and not base.companies and cfg.company_filter != "off":
        plan.rules.append("company")
        if cfg.company_filter == "strict":
            plan.filters = dataclasses.replace(base, companies=names)
        else:
            focus = dataclasses.replace(focus, companies=names)
    years = sorted({p.fiscal_year for p in analysis.periods if p.fiscal_year})
    if "period" in on and years and base.fiscal_year_min is None and base.fiscal_year_max is None:
        plan.rules.append("period")
        if period_files and not base.files:  # the reports of the asked period (a guidance year's is earlier)
            focus = dataclasses.replace(focus, files=list(period_files))
        elif not base.files:  # a file the question names is the constraint (a prospectus carries no year)
            focus = dataclasses.replace(
                focus, fiscal_year_min=years[0], fiscal_year_max=years[-1] + cfg.period_window
            )
    if "period" in on and cfg.period_words:
        asked = analysis.completed.lower()
        written = period_words(analysis.periods, analysis.language, asked)
        extra = [w for w in written if w.lower() not in asked]
        plan.keyword_terms = " ".join(extra)
    if focus is not base:
        plan.focus.append((FOCUS, focus))
    if "statement" in on and statements and not base.kinds:
        plan.rules.append("statement")
        plan.focus.append((STATEMENT, dataclasses.replace(focus, kinds=list(TABLE_KINDS))))
        plan.focus_terms[STATEMENT] = " ".join(s.query for s in statements)
    words = " ".join(w for c in concepts or [] if (w := c.words_in(analysis.language)))
    if "section" in on and words:
        plan.rules.append("section")
        plan.focus.append((SECTION, focus))
        plan.focus_terms[SECTION] = words
    if "rare" in on and rare:
        plan.rules.append("rare")
        plan.rare_terms = list(rare)
    return plan


def weighted_rrf(lists: Mapping[str, list[ScoredChunk]], weights: Mapping[str, float], k: int) -> list[Hit]:
    """RRF where each list's contribution is scaled by its weight (missing weight = 1)."""
    hits: dict[str, Hit] = {}
    for name, items in lists.items():
        w = weights.get(name, 1.0)
        for rank, sc in enumerate(items, 1):
            hit = hits.setdefault(sc.chunk.chunk_id, Hit(chunk=sc.chunk, score=0.0))
            hit.ranks[name] = rank
            hit.scores[name] = sc.score
            hit.score += w / (k + rank)
    return sorted(hits.values(), key=lambda h: (-h.score, min(h.ranks.values()), h.chunk.chunk_id))


def list_weights(names: list[str], plan: RoutePlan, cfg: RetrieveSettings) -> dict[str, float]:
    """Weight of each retrieved list: keyword boost, variant and focus weights multiply."""
    out: dict[str, float] = {}
    for name in names:
        w = plan.keyword_weight if name.startswith(KEYWORD_PREFIX) else 1.0
        if "#" in name:  # a query variant's list
            w *= cfg.variant_weight
        if name.endswith((FOCUS, PROCEDURE, STATEMENT, SECTION)):
            w *= cfg.focus_weight
        if name.endswith(RARE):
            w *= cfg.rare_weight
        out[name] = w
    return out
