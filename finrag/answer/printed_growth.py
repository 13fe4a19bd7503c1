"""A growth the filer prints itself: "Increases in comparable sales … | Canada | 12 %", "organic growth 12%".

A comparable-store, same-store or organic growth is the filer's own measure, never worked out from two
years of statement rows (the stores compared, currency and gas prices are the filer's to choose). When
the growth the question asks cannot be worked out, the percentage printed under a heading that names an
increase, growth or change of the item asked is quoted instead, the heading sharing the most words with the
question first ("… excluding the impact of changes in foreign currency and gasoline prices").
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.lexicon import LineItemMatch
from finrag.answer.numeric import CiteFn, NumericAnswer, lookup_answer
from finrag.answer.query import AskedFor
from finrag.answer.text import terms
from finrag.model import Fact

_GROWTHS = ("yoy_growth",)  # a growth of one item between two periods
# a heading or row that prints a change in percent ("Increases in comparable sales:", "% change")
_CHANGE_HEADING = re.compile(r"\bincreases?\b|\bdecreases?\b|\bgrowth\b|\bchange\b|增长|增减|变动", re.I)


def printed_growth(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The growth printed as a percentage under a heading naming a change of an item asked, or None."""
    if asked.formula is None or asked.formula.name not in _GROWTHS or not asked.line_items:
        return None
    items = [m.printed.lower() for m in asked.line_items]
    printed = [
        f
        for f in facts
        if f.unit == "%"
        and any(_names_change(h, items) for h in (f.section, f.statement))
        and (not asked.years or f.fiscal_year == max(asked.years))
    ]
    if not printed:
        return None
    wanted = set(terms(asked.question.lower()))

    def fit(f: Fact) -> tuple[int, int]:  # the heading the question words, then the plainest one
        words = set(terms(f.section.lower()))
        return len(wanted & words), -len(words)

    best = max(fit(f) for f in printed)
    printed = [f for f in printed if fit(f) == best]
    row = LineItemMatch("", printed[0].line_item_norm, 0)
    found = lookup_answer(replace(asked, formula=None, line_items=[row]), printed, doc_rank, cite)
    if found is None:
        return None
    return replace(found, text=found.text.replace(row.printed, found.facts[0].line_item, 1))  # "Canada (…)"


def _names_change(heading: str, items: list[str]) -> bool:
    """The heading prints a change of an item asked ("Increases in comparable sales:"), not a table of it
    with a change column beside ("分产品毛利率的数据及变动情况" names no product asked)."""
    low = heading.lower()  # "毛利" asked: not a heading of 毛利率, the item's ratio
    named = any(re.search(rf"{re.escape(i)}(?!率)", low) for i in items)
    return bool(_CHANGE_HEADING.search(heading)) and named


def printed_rates(
    asked: AskedFor, facts: list[Fact], pair: tuple[LineItemMatch, LineItemMatch], doc_rank: dict[str, int]
) -> tuple[Fact, Fact] | None:
    """Each item's growth the filer prints in a change column of the row asked ("| 冷冻设备 | … |
    营业成本比上年增减（%） | 8.86 |"), to compare two items' growth when the year before is not printed; None
    unless both are."""
    rows = [q.lower() for q in asked.qualifiers]

    def rate(item: LineItemMatch) -> Fact | None:
        found = [
            f
            for f in facts
            if f.unit == "%"
            and _CHANGE_HEADING.search(f.column_label)
            and item.printed.lower() in f.column_label.lower()
            and (not rows or any(r in f.line_item.lower() for r in rows))
        ]
        return min(found, key=lambda f: (doc_rank.get(f.doc_id, len(doc_rank)), f.page), default=None)

    first, second = rate(pair[0]), rate(pair[1])
    return (first, second) if first is not None and second is not None else None
