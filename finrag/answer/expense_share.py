"""One period expense's share of the three ("财务费用占期间费用合计的比例"): the expense over 销售(营业)费用 +
管理费用 + 财务费用 of the same period, each read as the statement prints it (not the three over revenue, the
三费比重 a share of 期间费用 would otherwise be taken for)."""

from __future__ import annotations

import re

from finrag.answer.formula_base import Formula, total
from finrag.answer.lexicon import find_line_items

_PERIOD = ("selling_expense", "admin_expense", "finance_expense")
_OF_PERIOD_EXPENSES = re.compile(r"占(?:当期|同期|本期|当年)?的?期间费用")


def period_expense_share(question: str) -> Formula | None:
    """The formula of the one expense written before "占期间费用" over the three; None when the question
    asks no such share or names no single one of the three."""
    m = _OF_PERIOD_EXPENSES.search(question)
    if m is None:
        return None
    parts = {item.concept for item in find_line_items(question[: m.start()]) if item.concept in _PERIOD}
    if len(parts) != 1:
        return None
    k = _PERIOD.index(parts.pop())
    return Formula(
        "period_expense_share",
        "占期间费用比例",
        "Share of period expenses",
        _PERIOD,
        f"{{{k}}} / ({{0}} + {{1}} + {{2}})",
        lambda xs: xs[k] / total(xs),
        True,
        (),
    )
