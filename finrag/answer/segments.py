"""Which segment (region, division, state) ranks first on a figure, read off one table of the filing.

"Which of Lockheed Martin's business segments generated the highest operating profit in FY2020?" is
answered from the rows a table prints under the figure's heading ("Operating profit" over Aeronautics,
Missiles and Fire Control, ...), or from the figure's row under each segment's heading ("AWS" over "Net
sales"); totals and reconciling rows are not segments. Growth questions ("grew the fastest", "worst topline
performance", "declining") rank the change from the year before. Every figure is cited; the ranking is only
ever a comparison of the shown figures.
"""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

from finrag.answer.calc import rounded
from finrag.answer.lexicon import label_matches, normalise
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.query import AskedFor
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Fact

_WHICH = re.compile(  # not a relative clause: "(which include Whole Foods Market)"
    r"(?<!\()\bwhich\b(?!\s+(?:includes?|included|consists?|comprises?)\b)[^?]*?\b(?:segments?|regions?|divisions?|geograph\w*|business(?:es)?|states?|markets?)\b",
    re.I,
)
_HIGH_LEVEL = re.compile(r"\b(?:highest|largest|most|biggest|greatest|more|top)\b", re.I)
_HIGH_GROWTH = re.compile(
    r"\b(?:highest|largest|biggest|greatest|strongest|lowest|weakest)\b(?:\s+[\w-]+){0,4}?\s+(?:growth|increase)\b",
    re.I,
)
_LOW_LEVEL = re.compile(r"\b(?:lowest|least|smallest|less|fewest)\b", re.I)
_LOW = re.compile(r"\b(?:lowest|least|smallest|worst|weakest|fewest|less|declin\w*|decreas\w*|fell)\b", re.I)
_GROWTH = re.compile(
    r"\b(?:grew|grow\w*|fastest|declin\w*|decreas\w*|increas\w*|topline performance|change)\b", re.I
)
_NOT_SEGMENT = re.compile(
    r"^(?:total|consolidated|corporate|unallocated|eliminations?|intersegment|reconcil\w*|other)\b|\btotal\b",
    re.I,
)
# "which segment posted the bigger loss": of losses printed as negative figures, the most negative
_LOSS = re.compile(
    r"\b(?:bigger|biggest|larger|largest|greater|greatest|higher|highest|deeper|deepest|wider|widest)\s+"
    r"(?:[\w-]+\s+){0,2}loss(?:es)?\b",
    re.I,
)
_BY_HOW_MUCH = re.compile(r"\bby how much\b", re.I)  # "which was bigger, and by how much": the gap too
MIN_SEGMENTS = 2  # a ranking needs two segments or more
_SEGMENT_WORD = re.compile(r"segment|region|geograph|division|分部|地区", re.I)
SEGMENT_WINDOW = 150  # characters around a name in which the text must call it a segment


def asks_ranking(asked: AskedFor) -> bool:
    return asked.language == "en" and bool(_WHICH.search(asked.question)) and bool(asked.line_items)


def _segment_like(names: list[str], texts: list[str]) -> bool:
    """Most of the names are called segments (regions, divisions) near where the retrieved text prints them:
    a table of revenue by type (Casino, Rooms, …) is no segment table."""

    def called(name: str) -> bool:
        for text in texts:
            for m in re.finditer(re.escape(name.lower()), text):
                if _SEGMENT_WORD.search(text, max(0, m.start() - SEGMENT_WINDOW), m.end() + SEGMENT_WINDOW):
                    return True
        return False

    return sum(map(called, names)) * 2 >= len(names)


def ranking_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn, context: list[str]
) -> NumericAnswer | None:
    """The segments' figures for the year asked (and the year before, for growth), the first named; None
    when no table of the best-ranked document prints two segments' figures for the year. ``context``: the
    retrieved texts, where the segments must be called segments (regions, divisions)."""
    item = asked.line_items[0]
    top_doc = min(doc_rank, key=lambda d: doc_rank[d]) if doc_rank else None
    mine = [f for f in facts if f.doc_id == top_doc and f.fiscal_year and f.unit != "%"]
    year = asked.years[0] if asked.years else max((f.fiscal_year or 0 for f in mine), default=0)
    growth = bool(_GROWTH.search(asked.question))
    texts = [text.lower() for text in context]
    # the segments the question lists ("North America; Greater China; …"): only their rows rank
    named = [e.lower() for e in asked.entities if e not in asked.companies]
    # per table: the figure's row under each segment's heading ("AWS" over "Net sales": a segment table,
    # preferred) or segments' rows under the figure's heading ("Operating profit" over Aeronautics, …)
    best: tuple[int, bool, int, dict[str, dict[int, Fact]]] | None = None
    for table in sorted({f.table_ref for f in mine}):  # a fixed order: ties go to the first table
        for headed in (True, False):
            by_name: dict[str, dict[int, Fact]] = defaultdict(dict)
            for f in (f for f in mine if f.table_ref == table and f.section):
                figure = normalise(f.line_item_norm if headed else f.section)
                name = (f.section if headed else f.line_item).strip(" :")
                matches = label_matches(figure, item.concept, item.printed) >= (1 if headed else 0.01)
                own = not headed and normalise(name) == figure  # "Operating profit" under itself: the total
                if matches and not _NOT_SEGMENT.search(name) and not own:
                    by_name[name].setdefault(f.fiscal_year or 0, f)
            usable = {n: v for n, v in by_name.items() if year in v and (not growth or year - 1 in v)}
            listed = {n: v for n, v in usable.items() if any(e in n.lower() for e in named)}
            usable = listed if len(listed) >= MIN_SEGMENTS else usable
            if len(usable) < MIN_SEGMENTS or not _segment_like(list(usable), texts):
                continue
            if best is None or (len(listed), headed, len(usable)) > best[:3]:
                best = (len(listed), headed, len(usable), usable)
    if best is None:
        return None
    segments = best[3]

    def key(name: str) -> Decimal:
        now, before = segments[name][year].value, segments[name].get(year - 1)
        return (now - before.value) / abs(before.value) if before is not None and before.value else now

    level = _HIGH_LEVEL.search(asked.question) or _LOW_LEVEL.search(asked.question)
    # "grew the fastest", "the highest profit growth": the change; "highest …, any decline?": the level
    by_change = growth and (not level or _HIGH_GROWTH.search(asked.question) is not None)
    low = bool((_LOW if by_change else _LOW_LEVEL).search(asked.question))
    losses = not by_change and bool(_LOSS.search(asked.question))
    losses = losses and all(segments[n][year].value <= 0 for n in segments)
    order = sorted(
        segments, key=key if by_change else (lambda n: segments[n][year].value), reverse=not (low or losses)
    )
    parts = []
    for name in order:
        f = segments[name][year]
        text = f"{name} {format_number(f.value, None)} [{cite(f)}]"
        if growth and (before := segments[name].get(year - 1)) is not None and before.value:
            change = rounded((f.value - before.value) / abs(before.value) * 100, 1)
            was = format_number(before.value, None)
            text += f" (from {was} [{cite(before)}], {format_number(change, 1)}%)"
        parts.append(text)
    first = segments[order[0]][year]
    measure = f"change in {item.printed}" if by_change else item.printed
    verdict = "biggest" if losses else "lowest" if low else "highest"
    unit = f" ({first.unit})" if first.unit else ""
    answer = f"{order[0]} had the {verdict} {measure} in {year}{unit}: " + "; ".join(parts) + "."
    if _BY_HOW_MUCH.search(asked.question) and len(order) == MIN_SEGMENTS and not by_change:
        gap = abs(first.value - segments[order[1]][year].value)
        answer += f" The difference is {format_number(gap, None)}."
    chosen = [f for n in order for f in segments[n].values() if f.fiscal_year in (year, year - 1)]
    now = {n: segments[n][year] for n in order}
    inputs = [CalcInput(f"{n} ({year})", f.value, first.unit, cite(f)) for n, f in now.items()]
    shown = Calculation("segment_ranking", "ranked", inputs, first.value, first.unit, answer)  # its changes
    return NumericAnswer(answer, chosen, shown, [f.fact_id for f in chosen], first.value)
