"""Quarters a question asks together: the year's other quarters it names without a year ("2019年第三季度和
第四季度"), the second half as its two quarters (no report prints a 下半年 column), 前三季度 as the first
three, and a question's "formula" that only adds periods ("下半年合计=第三季度(7-9月)+第四季度(10-12月)")."""

from __future__ import annotations

import re

from finrag.answer.definition import Definition
from finrag.retrieve.periods import bare_quarters

SECOND_HALF = re.compile(r"下半年|\bsecond half\b|\bH2\b", re.I)  # of a calendar or fiscal year
FIRST_THREE = re.compile(r"前三季度|前3季度")  # an annual report prints each quarter, never their sum
_PERIOD_TERM = re.compile(r"\d{1,2}\s*月份?|第[一二三四1-4]季度|[Qq][1-4]|[上下]半年")  # a period, no item


def quarters_asked(text: str, dated: list[str], years: list[int]) -> list[str]:
    """The quarters asked: those the periods named (``dated``), the second half's two, and, with one year
    asked, the quarters written beside without it."""
    quarters = list(dated)
    if SECOND_HALF.search(text) and len(years) <= 1:
        quarters += ["Q3", "Q4"]
    if FIRST_THREE.search(text) and len(years) <= 1:
        quarters += ["Q1", "Q2", "Q3"]
    if quarters and len(years) == 1:
        quarters += [q for p in bare_quarters(text) if (q := p.fiscal_period or "").startswith("Q")]
    return list(dict.fromkeys(quarters))


def quarters_summed(text: str) -> bool:
    """The question asks quarters' sum by a name no report prints a column of ("下半年", "前三季度")."""
    return bool(SECOND_HALF.search(text) or FIRST_THREE.search(text))


def sums_periods(definition: Definition | None) -> bool:
    """The question's own formula adds periods, not items: it is read as those periods' sum."""
    return definition is not None and any(_PERIOD_TERM.fullmatch(t.item.printed) for t in definition.terms)
