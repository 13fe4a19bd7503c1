"""The item an English change question names in its own words when no lexicon item is in them ("By what
percentage did Boeing's unrecognized tax benefits increase during 2022?"): the words between the owner's
name and the verb of change, read as the row to look up when no other reading answers."""

from __future__ import annotations

import re

from finrag.answer.formulas import GROWTH_FORMULAS
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.query import AskedFor

_SUBJECT = re.compile(
    r"\b(?:by\s+)?(?:what\s+(?:percentage|percent|rate)|how\s+much|how\s+fast)\s+did\s+(?:the\s+)?"
    r"[A-Z0-9][\w&.-]*(?:\s+[A-Z][\w&.-]*)*(?:['’]s?|s['’])\s+"  # "Boeing's", "3M's"
    r"(?P<item>[a-z][\w ,&/-]{2,80}?)"
    r"(?:\s+\([^()]*\))?(?:\s+balances?)?(?:\s+(?:at|as of)\s+[^?]*?)?"  # "(UTB) balance at December 31"
    r"\s+(?:grow|increase|rise|change|decline|decrease|fall|drop|shrink|climb)\b"
)


def growth_subject(asked: AskedFor) -> LineItemMatch | None:
    """The item an English change question with no line item is of, written after its owner's name, or
    None."""
    changed = asked.formula is not None and asked.formula.name in (*GROWTH_FORMULAS, "difference")
    if asked.language != "en" or not changed or asked.line_items or asked.definition is not None:
        return None
    m = _SUBJECT.search(asked.question)
    return LineItemMatch("", m["item"].strip(), m.start("item")) if m else None
