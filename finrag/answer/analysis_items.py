"""The retriever's reading of a question's line items (glossary terms) kept by the answer stage: those the
lexicon missed, where the question writes them as rows, not as the name of a statement, a kind of table, the
scope read or the way an amount was paid."""

from __future__ import annotations

import re

from finrag.answer.lexicon import (
    LineItemMatch,
    concept_of,
    set_aside,
    valuation_after,
    without_statement_names,
)

# glossary terms that name a kind of table or a comparison, never a row: "the Aeronautics segment"
# 账龄: the column of an aging table's brackets
_NOT_ROWS = frozenset(
    {"segment", "segments", "segment information", "分部", "业务分部", "分部信息", "账龄"}
    | {"母公司", "合并", "本公司", "公司"}  # the scope of the statements read ("母公司其他应收款"), no row
    | {"同比增长", "增长率", "同比", "增减", "变动", "增幅"}  # a growth asked of the item, the formula's word
    | {"募集资金投资项目", "募投项目", "募集资金运用"}  # the projects a prospectus funds: whose, no row
)
# "pay in cash", "how much cash did X spend repurchasing": cash is how an amount was paid, not the balance
_CASH_PAID = re.compile(
    r"\b(?:in|with) cash\b|\bcash (?:did|does|do|has|have) .{1,60}?"
    r"\b(?:spen[dt]|pa(?:y|id)|use|return(?:ed)?|hand(?:ed)?|g[ia]ve|distribut(?:e|ed))\b"
)


def outside_names(items: list[LineItemMatch], text: str, names: list[str]) -> list[LineItemMatch]:
    """The items not written inside a longer name of the question ("Cash" of "the Cash App segment")."""
    spans = [(m.start(), m.end()) for n in names if " " in n for m in re.finditer(re.escape(n), text)]
    return [i for i in items if not any(a <= i.start and i.end <= b for a, b in spans)]


# the measure of the item written right before it ("goodwill carrying value")
_MEASURES = frozenset({"carrying value", "carrying amount", "book value", "net book value"})


# the returns a prospectus works out for each investment project (its own table "项目经济效益分析")
_PROJECT_RETURNS = frozenset(
    {"财务内部收益率", "内部收益率", "财务净现值", "净现值"}
    | {"投资回收期", "静态投资回收期", "总投资收益率", "投资利润率"}
)


def of_projects(item: str) -> bool:
    """``item`` is a return each investment project's table prints, no figure of the company's own."""
    return item in _PROJECT_RETURNS


def analysis_items(
    items: list[LineItemMatch], analysed: list[str], text: str, entities: list[str]
) -> list[LineItemMatch]:
    """The ``analysed`` items to add to the lexicon's ``items`` of question ``text``."""
    known = {m.concept for m in items}
    printed = [m.printed.lower() for m in items]
    plain = without_statement_names(text)
    named = tuple(n.lower() for n in entities)
    out: list[LineItemMatch] = []
    for item in analysed:
        low = item.lower()
        concept = concept_of(item) or ""
        if any(low in p for p in printed):  # "cash" of an item already read more fully
            continue
        if low not in plain or low in _NOT_ROWS:  # "cash" of "the cash flow statement"
            continue
        if low == "cash" and _CASH_PAID.search(plain):  # "paid in cash": how, not a balance
            continue
        at = plain.find(low)
        if any(m.start < at < m.start + len(m.printed) for m in items):
            continue  # "负债合计" of "合同负债合计": inside an item already read, its total row
        if set_aside(plain, at):
            continue  # "所得税后财务内部收益率", "未确认递延所得税资产": no row of the item
        if low in _MEASURES and any(m.end <= at and not plain[m.end : at].strip() for m in items):
            continue  # "goodwill carrying value": how the item before is measured, no row of its own
        if named and plain.startswith(named, at + len(item)):
            continue  # "全资子公司X有限公司": what X is to the filer, not a row
        if valuation_after(plain, at + len(item)):  # "total equity value"
            continue
        if concept not in known or not concept:
            out.append(LineItemMatch(concept, item, at))
    return out
