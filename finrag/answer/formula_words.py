"""Whether a question mentions a formula's keyword: a Latin keyword standing alone, never inside a longer
word or an item's own name ("weighted-average diluted shares", "average price", "changes in working
capital", "cash conversion cycle"), nor a comparison word before a number the question gives."""

from __future__ import annotations

import re

PERIOD_EXPENSE_WORDS = ("期间费用", "三费合计", "period expenses")  # the three period expenses summed
ZH_MINUS = "减去"  # "A减去B": a difference written out, its operands the items on either side
# an English share asked: "share of", "as a percentage of", "% of"
SHARE_ASKED = re.compile(r"\b(?:share|percent(?:age)?|proportion|portion|fraction)\s+of\b|%\s+of\b", re.I)


# "more than 20% of revenue" is a threshold, not a request for a difference or a share
_THRESHOLD = re.compile(r"(?:more|less|greater|fewer)\s+than\s+(?:[$€£¥]\s*)?\d")
_GIVEN_PERCENT = re.compile(r"\d\s*$")
# "average revenue per paying user", "average price per aircraft": a per-unit metric, not a mean of figures
_PER_UNIT = re.compile(r"(?:\s+[a-z&'-]+){1,4}?\s+per\s+(?!cent\b)", re.I)
_PER_BEFORE = re.compile(r"\bper\s+(?:common\s+|ordinary\s+)?$")
_LEADS_ITEM = ("in total",)  # keywords whose last word may open a line item's name
_ITEM_AFTER = re.compile(r"\s+(?!(?:for|on|across|over|during)\b)[a-z]")  # "pay in total for …": a sum
_MEAN_WORDS = ("average", "mean", "平均")
# "avg price", "average remaining lease term", "average interest rate": a figure printed as an average
_PRINTED_AVERAGE = re.compile(
    r"\s+(?:(?:remaining|lease|selling|purchase|repurchase|grant|exercise|interest|discount|effective)\s+){0,2}"
    r"(?:price|cost|rate|yield|age|life|term|maturity|coupon)s?\b"
)
_CYCLE = re.compile(r"\s+cycle\b")
_CHANGES_IN = re.compile(r"\bchanges? in (?:net )?$")
# "weighted-average diluted shares", "加权平均股数": a line item's name, not a mean the question asks for
_WEIGHTED = re.compile(r"(?:weighted[\s-]*|加权)$")
# "全年平均利用小时", "日平均": an item averaged over its own period, not a mean of the question's figures
_OVER_PERIOD = re.compile(r"(?:全年|月|日)$")


def mentions(low: str, word: str) -> bool:
    """Latin keywords stand alone ("roa" is not in "broad", "ebitda" not in "ebitdar"); a comparison
    word followed by a number is a threshold."""
    if word.isascii():
        # "fair value per share of stock options": a per-share figure, no share of a whole
        found = next(
            (
                m
                for m in re.finditer(rf"(?<![a-z]){re.escape(word)}(?![a-z])", low)
                if not (word.startswith("share") and _PER_BEFORE.search(low, 0, m.start()))
            ),
            None,
        )
        if found is None:
            return False
        if word in _LEADS_ITEM and _ITEM_AFTER.match(low, found.end()):
            return False  # "growth in total net revenue": "total" opens the line item's name
        if word.startswith("%") and _GIVEN_PERCENT.search(low, 0, found.start()):
            return False  # "20% of": a figure the question gives
        if word in _MEAN_WORDS and (
            _PER_UNIT.match(low, found.end())
            or _WEIGHTED.search(low, 0, found.start())
            or _PRINTED_AVERAGE.match(low, found.end())
        ):
            return False
        if word.endswith("working capital") and _CHANGES_IN.search(low, 0, found.start()):
            return False  # "cash absorbed by changes in working capital": a cash flow line, not the balance
        if word == "cash conversion" and _CYCLE.match(low, found.end()):
            return False  # "cash conversion cycle": days, no multiple of profit
        return not (word.endswith(" than") and _THRESHOLD.match(low, found.start()))
    at = low.find(word)
    while (
        at >= 0
        and (
            (word in _MEAN_WORDS and (_WEIGHTED.search(low, 0, at) or _OVER_PERIOD.search(low, 0, at)))
            # "管理费用占期间费用合计的比例": the sum is the whole shared out, not the figure asked
            or (word in PERIOD_EXPENSE_WORDS and low[:at].endswith("占"))
        )
    ):
        at = low.find(word, at + 1)
    return at >= 0


# "the raw material impact on operating income margin", "how much did foreign exchange help Corning's gross
# margin", "by how many points did the FDII deduction lower the effective tax rate": what moved the ratio,
# which the filing prints, not the ratio
_DRIVEN = re.compile(
    r"(?:\b(?:impacts?|effects?|contributions?|drags?)\s+(?:of\s+[^?]{1,60}?\s+)?(?:on|to)"
    r"|\bdid\s+[^?]{1,60}?\s+(?:help|hurt|add\s+to|contribute\s+to|knock\s+off|weigh\s+on|lift|boost"
    r"|lower|raise|reduce|move|affect|change))"
    r"\s+(?:the\s+|its\s+|[\w&.-]+['’]s\s+)?(?P<lead>(?:[\w&-]+\s+){0,3})$"
)


def driven_spans(low: str, keywords: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the question writes a ratio (with the words before its keyword) whose mover it asks, not the
    ratio itself."""
    return [
        (d.start("lead"), m.end())
        for word in keywords
        if word.isascii()
        for m in re.finditer(rf"(?<![a-z]){re.escape(word)}(?![a-z])", low)
        if (d := _DRIVEN.search(low, 0, m.start()))
    ]
