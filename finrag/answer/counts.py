"""Count questions ("How many Surface devices did Microsoft sell?", "How many customer transactions did …"):
what a quoted sentence must print for them, so a figure of something else is never the count."""

from __future__ import annotations

import re

from finrag.answer.query import AskedFor
from finrag.answer.quote_focus import Focus
from finrag.answer.text import CJK

# A text question asking for a count or an amount ("How many warehouses ...", "How much did 3M commit ..."):
# sentences (or table rows) that print a figure answer it, when any does
# (English only: a Chinese "多少" question over a prospectus often wants a sentence stating no figure)
ASKS_COUNT = re.compile(r"\bhow (?:many|much)\b", re.I)

# "How many Surface devices did Microsoft sell": units of a named product, asked on their own
# "How many Xbox consoles", "How many paid Creative Cloud subscriptions": the product and what is counted
_COUNTED_NAME = re.compile(r"^\s*(?i:how many)\s+(?:[a-z][\w-]*\s+)?((?:[A-Z][\w-]*\s+)+)([a-z][\w-]*)?")


def count_focus(asked: AskedFor, year: int | None) -> Focus:
    """A "how many"/"how much" question without a line item: any figure, or for a count of a named product
    a count printed with its name and the word for what is counted (its revenue or growth is another
    figure; none printed: a refusal). The company's own name ("Amazon Prime members") is not the
    product's."""
    m = _COUNTED_NAME.search(asked.question)
    own = {w.lower() for c in asked.companies for w in c.split()}
    names = [w.lower() for w in (m.group(1).split() if m else []) if w.lower() not in own]
    if m and names:  # the product, and the things counted when the question says ("Prime members")
        kinds = (re.sub(r"(?<=\w)s$", "", names[0]), *([m.group(2)] if m.group(2) else []))
        return Focus([], year, kinds=kinds, strict=True, count=True)
    return Focus([], year)


# what a count question counts ("How many customer transactions did …": "transactions")
# (after a source clause: "According to the press release …, roughly how many retail stores did …")
_COUNTED_THING = re.compile(
    r"(?:^\s*|[,;:]\s*(?:(?:roughly|approximately|about)\s+)?)how many\s+(?:(?:[a-z][\w-]*\s+){0,2}?"
    r"([a-z][\w-]*)\s+(?:did|does|do|were|are|was|is|has|have|had)\b"
    r"|([a-z][\w-]*)\s+of\s)",  # "how many doses of its COVID-19 vaccine did …": doses
    re.I,
)


# "how many percentage points did state taxes add to the rate": a rate's change, no count of things
_RATE_POINTS = re.compile(r"\bhow many\s+(?:percentage|basis)\s+points?\b", re.I)


def _thing_singular(word: str) -> str:
    """ "transactions" -> "transaction", "branches" -> "branch", "employees" -> "employee"."""
    if re.search(r"(?:ch|sh|x|ss)es$", word):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# people are counted under many words ("employees", "colleagues", "associates"): any figure will do
_HEADCOUNT = frozenset(
    {"people", "person", "employee", "staff", "worker", "colleague", "associate", "personnel"}
)


def thing_focus(asked: AskedFor, year: int | None) -> Focus | None:
    """For "how many <things> did …": a head count, or where no line item asked names the things, a count
    printed with the word for the things ("transactions"); None otherwise."""
    counted = None if _RATE_POINTS.search(asked.question) else _COUNTED_THING.search(asked.question)
    thing = _thing_singular((counted.group(1) or counted.group(2)).lower()) if counted else ""
    if counted and counted.group(2) and (thing in _HEADCOUNT or CJK.search(asked.question)):
        # "how many employees of X had a degree": a group of them, counted in its own words; "how many doses
        # of brucellosis vaccine (布病疫苗)": a Chinese filing's row, which prints no English word
        return None
    # "How many people did Amazon employ in AWS", "How many employees did Nike have": a head count, in any
    # of its words, even where "employees" is the line item asked (a cost per employee is no head count)
    if thing in _HEADCOUNT:
        return Focus(sorted({*_HEADCOUNT, "employ", "headcount"}), year, strict=True, count=True)
    if not thing or any(thing in m.printed.lower() for m in asked.line_items):
        return None
    return Focus([], year, kinds=(thing,), strict=True, count=True)
