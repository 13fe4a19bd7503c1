"""Words that look like a period and name something else: a debt instrument's maturity year ("notes due
2026", "the 3.625% 2026 notes"), a plan's name ("the 2019 Multi-Year Productivity Plan"), a statement row's
opening word ("期初现金及现金等价物余额" is printed in every year's column). Neither the retriever nor the
answer stage reads them as periods asked."""

from __future__ import annotations

import re

# A year that names a debt instrument ("senior notes due 2026", "the 2028 notes") is its maturity, not a
# reporting period the documents must cover
# "due March 2048", "notes due 2028-2060": a month, or the range's first year, may stand between
_MATURITY_BEFORE = re.compile(
    r"(?:\bdue|\bmatur(?:e|es|ing|ity)|\bexpir(?:e|es|ing))\s+(?:in\s+)?"
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
    r"|(?:19|20)\d{2}\s*(?:[-–—]|to|through)\s*)?$",
    re.I,
)
_MATURITY_AFTER = re.compile(
    r"\s+(?:(?:senior|subordinated|convertible|guaranteed|unsecured|secured)\s+)*"
    r"(?:notes|bonds|debentures|term loans?)\b(?!\s+payable)",
    re.I,
)


# "the 3.625% 2026 and 4.500% 2028 notes": a year right after a coupon names the notes maturing then
_COUPON_BEFORE = re.compile(r"\d(?:\.\d+)?%\s*$")


# "the 2019 Multi-Year Productivity Plan", "2014 Stock Incentive Program": the year is part of a name
_NAMED_AFTER = re.compile(r"\s+(?:[A-Z][\w-]*\s+){0,4}(?:Plan|Program|Programme|Initiative)\b")


def names_instrument(text: str, m: re.Match[str]) -> bool:
    """The year ``m`` found in ``text`` is a debt instrument's maturity ("notes due 2026") or part of a
    plan's name ("2019 Multi-Year Productivity Plan")."""
    return (
        bool(_MATURITY_BEFORE.search(text[max(0, m.start() - 20) : m.start()]))
        or bool(_COUPON_BEFORE.search(text[max(0, m.start() - 20) : m.start()]))
        or bool(_MATURITY_AFTER.match(text, m.end()))
        or bool(_NAMED_AFTER.match(text, m.end()))
    )


# "期初现金及现金等价物余额": a cash flow statement's row, printed in each year's column, no opening balance
ROW_PERIOD_WORD = re.compile(r"(?:期初|期末|年初|年末)(?=现金及现金等价物(?:的)?余额)")
