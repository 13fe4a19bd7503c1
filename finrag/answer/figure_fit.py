"""Whether a worked or looked-up figure is of the kind the question asks: a percentage or a margin asked of
English answers, an amount per share rather than one in millions, a Chinese rate rather than an amount in
元. A figure that is not is withheld, and the quoted answer or a refusal stands instead."""

from __future__ import annotations

import re

from finrag.answer.alone import unnamed_alone
from finrag.answer.measures import PERCENT_MEASURES
from finrag.answer.query import AskedFor
from finrag.model import Fact

# "how much per share did it declare": a figure per share, never one in thousands or millions
_PER_SHARE = re.compile(
    r"\b(?:how much|what) per share\b|\bdividends? (?:declared |paid )?per (?:common )?share\b", re.I
)
_SCALED = 1000  # a figure scaled by this or more (thousands, millions) is an amount, never one per share
# "年折旧率是多少", "占流动资产的比例是多少": a rate asked, the question's one "多少"
# (a change in points of one: "占…的比例，比19年末上升了几个百分点")
_ZH_RATE_ASKED = re.compile(r"(?:率|比例|比重|占比)(?:是|为|大概是|约为)?(?:多少|几)|(?:多少|几)个?百分点")
_ZH_ASKS = re.compile(r"多少|几|金额")  # "欠款金额和占比是多少": an amount asked too
# "the net foreign currency impact on Best Buy's revenue": what moved the item, never the item's own row
_IMPACT_ON = re.compile(
    r"\b(?:impact|effect)s?\b(?:\s+of\b[^?]{0,60}?)?\s+on\s+(?:[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*['’]s?\s+)?"
    r"(?:the\s+|its\s+)?(?:fiscal\s+)?(?:(?:19|20)\d{2}\s+)?(?:total\s+|net\s+)?"
    r"(?P<item>[a-z][a-z -]{2,40}?)(?=\s+(?:in|for|during|from|of)\b|[?,.]|$)"
)


def figure_unanswered(asked: AskedFor, text: str, facts: list[Fact]) -> bool:
    """An English question asking a percentage or a margin whose answer prints none ("what portion of its
    interest was capitalized" answered by the interest incurred alone), or a figure per share answered
    with an amount in millions (the common stock's balance); a Chinese rate answered with an amount; a figure
    asked of one thing alone whose answer never names it."""
    if unnamed_alone(asked.question, text) is not None:
        return True  # "气体罐式集装箱这一细分产品单独的毛利率": the tank containers' margin is wider
    if asked.language != "en":
        return _amount_for_rate(asked.question, text, facts)
    per_share = _PER_SHARE.search(asked.question) and any(f.scale >= _SCALED for f in facts)
    return (
        bool(per_share)
        or _impacted_row(asked.question, text, facts)
        or _flow_of_owner_row(asked, facts)
        or any(
            asks.search(asked.question) and not prints.search(text) for asks, prints, _ in PERCENT_MEASURES
        )
    )


def _impacted_row(question: str, text: str, facts: list[Fact]) -> bool:
    """A looked-up row of the item an impact is asked on ("currency's impact on revenue": revenue's row)."""
    m = _IMPACT_ON.search(question)
    if m is None or "=" in text or not facts:
        return False
    item = m["item"].strip().rstrip("s")
    return all(item in f.line_item_norm.lower() or item in f.line_item.lower() for f in facts)


# "income from its unconsolidated affiliate CityCenter": a flow the question asks of the body it names
_FLOW = re.compile(r"\b(income|revenues?|sales|earnings|loss(?:es)?|profits?)\s+(?:from|of)\b", re.I)


def _flow_of_owner_row(asked: AskedFor, facts: list[Fact]) -> bool:
    """A flow asked of a body ("income from … CityCenter") answered by the body's own row of a table that
    never names the flow (its investment balance in the affiliates note)."""
    m = _FLOW.search(asked.question)
    names = {e.lower() for e in asked.entities}
    if (
        m is None
        or not facts
        or not asked.line_items
        or any(i.printed.lower() not in names for i in asked.line_items)
    ):
        return False  # only when the body's name is the one item asked
    flow = m.group(1).lower().rstrip("s")
    return not any(flow in f"{f.line_item} {f.statement} {f.section} {f.column_label}".lower() for f in facts)


def _amount_for_rate(question: str, text: str, facts: list[Fact]) -> bool:
    """A Chinese question asking a rate alone answered with an amount looked up in 元 (the depreciation
    charged for "年折旧率是多少", the receivables for their share of current assets)."""
    if not _ZH_RATE_ASKED.search(question) or len(_ZH_ASKS.findall(question)) != 1 or "=" in text:
        return False
    return bool(facts) and all(f.unit is not None and "元" in f.unit for f in facts)
