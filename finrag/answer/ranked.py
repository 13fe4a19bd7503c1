"""Kinds of a statement item a question names by how the figure is ranked or valued: the top debtors of
the item ("期末余额前五名应收账款汇总金额": the note's top five, never the balance) and the item's fair value
("the fair value of Nike's long-term debt": a fair value printed as such, never the carrying amount)."""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch

# "期末余额前五名应收账款汇总金额", "应收账款前五名合计": the top debtors' part of the item, never its total
_ZH_TOP = re.compile(r"前\s*(?:五|5|十|10|三|3)\s*名")
_ZH_TOP_REACH = 12  # characters between a "前五名" and the statement item it ranks


def zh_top_ranked(question: str, items: list[LineItemMatch]) -> list[str]:
    """The rank ("前五名") a question puts on a statement item: the note's top debtors, not the balance."""
    return [
        m.group(0)
        for m in _ZH_TOP.finditer(question)
        if any(
            it.concept and (0 <= it.start - m.end() <= _ZH_TOP_REACH or it.end == m.start()) for it in items
        )
    ]


_FAIR_VALUE = re.compile(r"\bfair values?\b", re.I)
FAIR_VALUE = "fair value"


def fair_value_kind(question: str, items: list[LineItemMatch]) -> list[str]:
    """The kind "fair value" when the question asks a fair value no item it names is printed as."""
    if not _FAIR_VALUE.search(question) or any(_FAIR_VALUE.search(m.printed) for m in items):
        return []
    return [FAIR_VALUE]
