"""Quarters a question asks together: the year's other quarters it names without a year ("2019年第三季度和
第四季度"), the second half as its two quarters (no report prints a 下半年 column), and a question's "formula"
that only adds periods ("下半年合计=第三季度(7-9月)+第四季度(10-12月)")."""

from __future__ import annotations

import re

from finrag.answer.definition import Definition
from finrag.retrieve.periods import bare_quarters

SECOND_HALF = re.compile(r"下半年|\bsecond half\b|\bH2\b", re.I)  # of a calendar or fiscal year
_PERIOD_TERM = re.compile(r"\d{1,2}\s*月份?|第[一二三四1-4]季度|[Qq][1-4]|[上下]半年")  # a period, no item


def quarters_asked(text: str, dated: list[str], years: list[int]) -> list[str]:
    """The quarters asked: those the periods named (``dated``), the second half's two, and, with one year
    asked, the quarters written beside without it."""
    quarters = list(dated)
    if SECOND_HALF.search(text) and len(years) <= 1:
        quarters += ["Q3", "Q4"]
    if quarters and len(years) == 1:
        quarters += [q for p in bare_quarters(text) if (q := p.fiscal_period or "").startswith("Q")]
    return list(dict.fromkeys(quarters))


def sums_periods(definition: Definition | None) -> bool:
    """The question's own formula adds periods, not items: it is read as those periods' sum."""
    return definition is not None and any(_PERIOD_TERM.fullmatch(t.item.printed) for t in definition.terms)
