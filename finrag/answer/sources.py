"""Where a question says to read and what a total holds: clauses that name no item or kind asked.

"(goodwill and other intangibles note)", "按…中的财务费用明细，", "Based on the recast sales in J&J's 8-K, …"
say where the figure is read; "…, including the portion classified in cost of sales" says what a total
holds. Items and kinds written inside them are not what the question asks for.
"""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch

# "加权平均净资产收益率（按归属于公司普通股股东的净利润）": the basis a printed ratio is taken on
_BASIS_ASIDE = re.compile(r"[（(](?:按|以|基于)[^（）()]{2,30}[)）]")
_SOURCE_LEAD = re.compile(
    r"(?:based on|according to|per|using)\s+[^,?]{3,120}?\b(?:8-K|10-K|10-Q|earnings release|press release"
    r"|annual report|filing)\b[^,?]{0,40},",
    re.I,
)
_INCLUDING = re.compile(r",\s*(?:including|excluding|inclusive of|exclusive of)\b[^,?]*", re.I)
_ZH_SOURCE_CLAUSE = re.compile(
    r"(?:按|根据|依据|参照)[^，,。；;？?]{2,40}?(?:明细表?|附注|情况表|表|一节|章节)(?:计算|中|所示|披露)?(?=[，,。；;？?]|$)"
)
_SOURCE_ASIDE = re.compile(  # "(… intangibles note)", "according to the long-term debt note"
    r"\([^()]*\b(?:note|notes|table|section)\)|（[^（）]*(?:附注|表)）"
    r"|\b(?:according to|per|in|from|on) (?:the|its|[\w&.-]+['’]s?) [a-z][\w&'’-]*(?: [a-z][\w&'’-]*){0,4}"
    # "In Netflix's stock-based compensation disclosures", "in its working capital table", "base the answer
    # on the deferred revenues note", "rely on the valuation and qualifying accounts schedule"
    r" (?:note|notes|disclosures?|footnotes?|tables?|schedule|discussion)\b",
    re.I,
)


# "… ? Use the total operating revenues column of the disaggregated revenue table.", "… and answer from the
# restructuring note's analysis of …": a sentence (or closing clause) saying which table or note to read
_ASKING = r"what|how|which|whose|did|does|compute|calculate|find|give|determine"  # the question's own clause
_SOURCE_SENTENCE = re.compile(
    rf"(?:(?<=[.?;]\s)|(?<=\band\s))(?![^.?]*\b(?:{_ASKING})\b)"
    r"(?:please\s+)?(?:use|using|base\s+(?:your|the)\s+answer\s+on"
    r"|answer\s+(?:from|using|based\s+on|with)|refer\s+to|rely\s+on|work\s+from)\s+(?:the|its|[\w&.-]+['’]s)\s+"
    # the object itself is the table or note ("the … column of the … table"), never an operand ("capital
    # spending from the cash flow statement and net revenue …" defines what to divide)
    r"(?:[\w&,'’-]+\s+){0,6}?(?:columns?|tables?|notes?|section|discussion|schedule|reconciliation|release"
    r"|10-[KQ]|analysis|disclosures?)\b(?!\s+(?:and|minus|less|plus|divided|over|to)\b)[^.?]*[.?]?",
    re.I,
)


# "accrued payroll (within other current liabilities)", "chargebacks (a revenue deduction)": a parenthesis
# saying where the item sits or what it is, no item asked
_GLOSS_ASIDE = re.compile(
    r"\((?:a|an|within|inside|included\s+in|part\s+of|as\s+part\s+of|under|recorded\s+in|reported\s+in"
    r"|shown\s+in)\s[^()]*\)",
    re.I,
)


# "its foreign currency cash flow hedging program": a kind of hedge, no cash item
_CASH_FLOW_HEDGE = re.compile(r"cash\s+flows?\s+hedg", re.I)


def without_source_sentences(text: str) -> str:
    """``text`` with its sentences saying which note, table or column to read blanked, offsets kept."""
    return _SOURCE_SENTENCE.sub(lambda m: " " * len(m.group(0)), text)


def in_source_clause(name: str, text: str) -> bool:
    """``name`` is written only inside a clause saying where to read ("Using the 'Certain Line Items'
    reconciliation in PepsiCo's first-quarter 2023 earnings release, …"): the name of a table, no owner."""
    spans = [m.span() for m in _SOURCE_LEAD.finditer(text)]
    found = [m.start() for m in re.finditer(re.escape(name), text)]
    return bool(found) and all(any(a <= at < b for a, b in spans) for at in found)


def _outside(items: list[LineItemMatch], spans: list[tuple[int, int]]) -> list[LineItemMatch]:
    return [m for m in items if not any(a <= m.start < b for a, b in spans)]


def asked_items(items: list[LineItemMatch], text: str) -> list[LineItemMatch]:
    """The line items ``text`` asks for: none named only in a source, basis or gloss aside, in a clause saying
    which breakdown to read (unless no other item is named), in a hedge's kind or in what a total includes."""
    asides = (*_SOURCE_ASIDE.finditer(text), *_BASIS_ASIDE.finditer(text), *_GLOSS_ASIDE.finditer(text))
    items = _outside(items, [m.span() for m in asides])
    items = _outside(items, [m.span() for m in _ZH_SOURCE_CLAUSE.finditer(text)]) or items
    items = [m for m in items if not _CASH_FLOW_HEDGE.match(text, m.start)]  # no balance of cash
    return _outside(not_share_class(items, text), [m.span() for m in _INCLUDING.finditer(text)])


def not_share_class(items: list[LineItemMatch], text: str) -> list[LineItemMatch]:
    """The items but the class of shares counted ("how many shares of its common stock …")."""
    return _outside(items, [m.span("stock") for m in _SHARE_CLASS.finditer(text)])


# "how many shares of its common stock did MGM repurchase": the class of the shares counted, no balance
_SHARE_CLASS = re.compile(
    r"\bshares\s+of\s+(?:its\s+|their\s+|the\s+company['’]s\s+|[\w&.-]+['’]s?\s+)?"
    r"(?P<stock>(?:class\s+[ab]\s+)?common\s+stock)\b",
    re.I,
)


# "Address the question by adopting the perspective of a financial analyst who can only use the details
# shown within the goodwill note.", "Base your judgments on the information provided primarily in …": how to
# work, never a kind of the item asked
_INSTRUCTION = re.compile(
    r"(?<![^.?]\s)(?:please\s+)?(?:(?:address|respond to|answer)\s+the\s+question\b|base\s+your\b"
    r"|(?:calculate|compute)\s+what\s+was\s+asked\b|utilize\s+information\b)[^.?]*[.?]?",
    re.I,
)


def without_places(text: str) -> str:
    """``text`` with the asides saying which note or table to read blanked ("… in its working capital
    table"), offsets kept: a formula they name is where the figures are printed, not the one asked."""
    return _SOURCE_ASIDE.sub(lambda m: " " * len(m.group()), text)


def without_sources(text: str) -> str:
    """``text`` with an opening source clause, the inclusion clauses and the instructions on how to work
    blanked, offsets kept."""
    lead = _SOURCE_LEAD.match(text)
    text = " " * lead.end() + text[lead.end() :] if lead else text
    for pattern in (_INSTRUCTION, _GLOSS_ASIDE):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return _INCLUDING.sub(lambda m: " " * len(m.group(0)), text)
