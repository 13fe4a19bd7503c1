"""The operands of a formula a question defines ("average total assets between FY2018 and FY2019",
"上年净利润", "D&A from the cash flow statement", "365"): each read as a line item, at a year or over two
years, or as a number."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from finrag.answer.lexicon import LineItemMatch, concept_of, find_line_items
from finrag.answer.periods import EN_DATE, MONTH_NAMES, fiscal_year_of
from finrag.answer.statement_rows import statement_kind
from finrag.answer.table_context import SCOPE_ZH
from finrag.retrieve.periods import month_number

_AVERAGE = re.compile(
    r"^(?:the\s+)?average\s+(?:of\s+)?(?P<item>.+?)\s+"
    r"(?:between|from|for|over|(?:at|as of)(?:\s+the\s+ends?\s+of|\s+year[- ]end)?)\s+"
    r"(?:fiscal\s+)?(?:fy\s*)?(?:[A-Z][a-z]+\.?\s+\d{1,2},\s*)?"  # "January 31, 2019 and January 31, 2020"
    r"(?P<a>(?:19|20)\d{2})\s+(?:and|to)\s+(?:fiscal\s+)?(?:fy\s*)?(?:[A-Z][a-z]+\.?\s+\d{1,2},\s*)?"
    r"(?P<b>(?:19|20)\d{2})$",
    re.I,
)
_CHANGE = re.compile(
    r"^(?:the\s+)?change\s+in\s+(?P<item>.+?)\s+(?:between|from)\s+(?:fy\s*)?(?P<a>(?:19|20)\d{2})"
    r"\s+(?:and|to)\s+(?:fy\s*)?(?P<b>(?:19|20)\d{2})$",
    re.I,
)
# "应收账款平均余额", "平均总资产", "average total assets" (no years written): the mean of the balances at the
# end of the question's year and of the year before (``LATEST_TWO``)
_MEAN_OF = re.compile(
    r"^(?:平均(.+)|(.+?)的?平均(?:余额|账面价值|值)|(?:the\s+)?average\s+(?!.*\d{4})(.+))$", re.I
)
LATEST_TWO = (-1, 0)  # ``Term.average_of`` relative to the question's year
# a year an operand is dated by: "FY2019", "2019", "2006年末长期借款" (a Chinese year runs into its word)
_YEAR_IN = re.compile(r"(?<![\w.])(?:fy\s*)?((?:19|20)\d{2})(?:年(?:末|度|底)?|(?![\w.]))", re.I)
# The English names of the primary statements
_STATEMENTS = (
    r"(?:cash flows? statements?|statements? of cash flows?|income statements?|balance sheets?"
    r"|statements? of (?:income|operations|earnings|financial position))\b"
)
# Words around an operand that say where or how it is read, not what it is
_NOISE = re.compile(
    r"\b(?:from|in|on|per|using|as shown in|as reported in)\s+the\s+(?:condensed\s+)?(?:consolidated\s+)?"
    rf"{_STATEMENTS}|\bfrom continuing operations\b|"
    # "… from the net-sales-by-country table": the table it is read from, not the operand's name
    r"\b(?:from|in|on|per|using)\s+the\s+[\w&'-]+(?:\s+[\w&'-]+){0,3}?\s+(?:table|note|schedule)\b|"
    r"\b(?:the|its|a|an|unadjusted|reported)\b|[()]"
    # "合并利润表净利润": 净利润 of that statement
    r"|(?:合并|母公司)?(?:利润表|资产负债表|现金流量表)中?的?",
    re.I,
)
_CONSTANT = re.compile(r"^\d+(?:\.\d+)?$")
# "total debt incl. current portion": what the item already comprises, not another item's name
_INCLUDING = re.compile(
    r",?\s*\b(?:incl\.|including|inclusive of)\s+(?:the\s+)?current (?:portion|maturities)\b.*$", re.I
)
# "total revenue for the 52 weeks ended August 29, 2021", "accounts payable at January 28, 2023", "fiscal
# 2022 cost of sales", "2022 six-month marketing expense": the period an operand is read at (its year is read
# separately), not its name
_DATED = re.compile(
    rf"\b(?:(?:for|in|during|over)\s+(?:the\s+)?[\w-]+\s+(?:weeks|months)\s+)?(?:ended|ending|at|as of|on)\s+"
    rf"(?:{MONTH_NAMES})\.?\s+\d{{1,2}},?|\bfiscal\b|\b(?:three|six|nine|twelve)-month\b",
    re.I,
)


@dataclass(slots=True, frozen=True)
class Term:
    """One operand: a line item at a year (None: the question's year), or the mean of two years."""

    item: LineItemMatch
    year: int | None = None
    average_of: tuple[int, int] | None = None  # the mean of the balances at these two years
    change: bool = False  # with ``average_of``'s years: the later balance minus the earlier one
    statement: str | None = None  # "D&A from the cash flow statement": the statement kind to read it from
    back: int = 0  # years before the question's year ("上年净利润", "prior year revenue")
    dated: bool = False  # the year is a date's ("at January 28, 2023"): no fiscal naming shifts it
    scope: str | None = None  # "合并其他应收款-母公司其他应收款": the statements each operand is read from


@dataclass(slots=True, frozen=True)
class Constant:
    """A number the definition writes ("365 * receivables / sales")."""

    value: Decimal


def read_term(text: str) -> Term | Constant | None:
    """One operand as the definition writes it: a number, an item (at a year, a year relative to the
    question's, or from a statement), or the mean or change of an item's balances over two years."""
    text = " ".join(text.split())
    if _CONSTANT.match(text):
        return Constant(Decimal(text))
    if (mean := _MEAN_OF.match(text)) and (item := _item(next(g for g in mean.groups() if g))):
        return Term(item, None, LATEST_TWO)  # "应收账款平均余额": its balances at the year's start and end
    avg = _AVERAGE.match(text) or _CHANGE.match(text)
    if avg:
        item = _item(avg.group("item"))
        years = sorted((int(avg.group("a")), int(avg.group("b"))))
        return Term(item, None, (years[0], years[1]), change=avg.re is _CHANGE) if item else None
    year_match = _YEAR_IN.search(text)
    year = int(year_match.group(1)) if year_match else None
    if date := EN_DATE.search(text):  # "at January 28, 2023": the fiscal year that date closes
        month, day = month_number(date.group(1)), int(date.group(2))
        year = fiscal_year_of(f"{int(date.group(3)):04d}-{month:02d}-{day:02d}")
    relative = _RELATIVE_YEAR.match(text) or _BALANCE_DATE.match(text)
    back = 1 if relative and relative.group(1) else 0
    item = _item(_YEAR_IN.sub(" ", text[relative.end() :] if relative else text))
    named = _NOISE.search(text)
    statement = statement_kind(named.group(0)) if named else None
    if not item:
        return None
    if item.concept and (basis := BASIS_LEAD.match(text)) and not BASIS_LEAD.match(item.printed):
        item = replace(item, printed=basis.group(0) + item.printed)  # "reported" is noise to the rest
    scope = _SCOPES.get(m.group(1)) if (m := _SCOPE_LEAD.match(text)) else None
    return Term(item, year, statement=statement, back=back, dated=date is not None, scope=scope)


# "合并其他应收款", "母公司其他应收款": an operand read from the group's or the parent's own statements
_SCOPE_LEAD = re.compile(r"^(合并|母公司)(?:报表|口径|资产负债表|利润表)?(?:的|中的)?(?=[\u4e00-\u9fff]{2})")
_SCOPES = {zh: scope for scope, zh in SCOPE_ZH.items()}


# "(本年净利润-上年净利润)/上年净利润": an operand dated relative to the question's year
_RELATIVE_YEAR = re.compile(
    r"^(?:(上年度?|去年|上期|上一年度?|(?:the\s+)?(?:prior|previous|last)[- ]year(?:'s)?)|"
    r"(本年度?|今年|本期|当年|(?:the\s+)?(?:current|this)[- ]year(?:'s)?))\s*",
    re.I,
)


# "(期初应收账款+期末应收账款)/2": an item's opening balance is the year before's closing one; a row named by
# its date ("期初余额", "期末账面价值") is read as printed
_BALANCE_DATE = re.compile(
    r"^(?:(期初|年初|上年末)|(?:期末|年末))(?=[\u4e00-\u9fffA-Za-z]{2})(?!(?:账面)?(?:余额|数|金额|价值|原值|净值)$)"
)


# "固定资产原价", "固定资产净值": rows an old-style balance sheet prints under the item, each its own operand
_ZH_ROW_SUFFIXES = ("原价", "原值", "净值", "净额")
# an item's name followed by one of these words names another item ("固定资产投资")
_ZH_OTHER_ITEM_ENDS = ("投资", "支出", "费用", "收入", "成本", "准备", "折旧", "摊销")
# words before an item that make it a project's projection ("年平均净利润", "达产后年均销售收入")
_ZH_PROJECTED_LEADS = frozenset({"年平均", "年均", "预计", "预测", "达产后", "达产后年均", "达产后年平均"})
_BOTH = re.compile(r",?\s*\b(?:both|each|all|respectively)$", re.I)  # "…, both from the income statement"


# abbreviations an analyst types for the words a statement prints ("additions to PP&E")
_SPELLED_OUT = {"pp&e": "property, plant and equipment", "p&e": "property and equipment"}
_ABBREVIATED = re.compile(r"(?<![\w&])(?:pp&e|p&e)(?![\w&])", re.I)


def _item(text: str) -> LineItemMatch | None:
    """The line item an operand names: a lexicon item covering most of it, else the words as printed."""
    if len(text.split()) > 1:  # "PP&E" alone is the balance sheet's item, known as such
        text = _ABBREVIATED.sub(lambda m: _SPELLED_OUT[m.group(0).lower()], text)
    words = _BOTH.sub("", " ".join(_NOISE.sub(" ", _DATED.sub(" ", _INCLUDING.sub("", text))).split()))
    if len(words) < (3 if words.isascii() else 2) or not re.search(r"[a-z\u4e00-\u9fff]", words, re.I):
        return None
    # "购建固定资产、无形资产和其他长期资产所支付的现金": one item, however long
    if concept := concept_of(words) or _BARE_OPERANDS.get(words.lower()):
        return LineItemMatch(concept, words, 0)
    known = find_line_items(words)
    section = _SECTION_TAIL.fullmatch(words)
    if section and not _SAFE_LEAD.match(words) and all(len(k.printed) <= len(section[2]) for k in known):
        # "casino revenue", "casino expenses": the row "Casino" under the Revenues (Expenses) heading
        tail = section.group(2).lower()  # "subscription cost of revenue": the row under "Cost of revenue:"
        heading = "revenue" if tail.startswith("revenue") else concept_of(tail) or tail
        return LineItemMatch("", section.group(1), 0, within=heading)
    if len(known) == 1 and known[0].concept and (place := _PLACE_LEAD.fullmatch(words[: known[0].start])):
        # "foreign income before income taxes": the row "Foreign" of the table of income before taxes
        return LineItemMatch("", place.group(1), 0, within=known[0].concept)
    if len(known) == 1 and BASIS_LEAD.fullmatch(words[: known[0].start]):
        return replace(known[0], printed=words, start=0)  # "adjusted diluted EPS" beside "reported …": each
    if len(known) == 1 and _COMPONENT_LEAD.fullmatch(words[: known[0].start]):
        return LineItemMatch("", words, 0)  # "deferred income tax expense": the component's own row
    if len(known) == 1 and _FLOW_LEAD.fullmatch(words[: known[0].start]):
        return LineItemMatch("", words, 0)  # "proceeds from short-term debt": a cash flow row, no balance
    if len(known) == 1 and words[: known[0].start] in _ZH_PROJECTED_LEADS:
        return LineItemMatch("", words, 0)  # "年平均净利润": a project's projected figure, no statement's
    if len(known) == 1 and len(known[0].printed) >= len(words) / 2:
        rest = words[len(known[0].printed) :] if known[0].start == 0 else ""
        if rest in _ZH_ROW_SUFFIXES:
            return LineItemMatch(known[0].concept, words, 0)  # "固定资产原价": its own row, not 固定资产's
        if rest.endswith(_ZH_OTHER_ITEM_ENDS):
            return LineItemMatch("", words, 0)  # "固定资产投资": an investment, no balance of 固定资产
        return known[0]
    return LineItemMatch("", words, 0)


# a component's word before an item ("deferred income tax expense"): its own row (not "current deferred
# revenue", the balance sheet's "Deferred revenue" under its current liabilities)
_COMPONENT_LEAD = re.compile(r"(?:total\s+)?deferred\s+", re.I)
# a cash flow's words before a balance sheet item: the row of the flow, not the balance
_FLOW_LEAD = re.compile(
    r"(?:net\s+)?(?:proceeds\s+from|repayments?\s+of|payments?\s+(?:of|for|on)|issuances?\s+of"
    r"|purchases?\s+of|sales?\s+of|retirements?\s+of|redemptions?\s+of)(?:\s+the)?\s+",
    re.I,
)


# a word that, standing alone as an operand of a formula, is the balance sheet item ("(cash + receivables) /
# current liabilities"); in running text "cash" names many things
_BARE_OPERANDS = {"cash": "cash"}


# the basis an operand is stated on ("adjusted diluted EPS", "reported diluted EPS"), kept in its name
BASIS_LEAD = re.compile(r"(?:as\s+)?(?:adjusted|core|non-gaap|reported|gaap)\s+", re.I)


# an operand named by a row and the heading it sits under in an income statement ("services and support
# cost of revenue": the row "Services and support" under "Cost of revenue:")
_SECTION_TAIL = re.compile(
    r"([A-Za-z][\w&-]*(?: [A-Za-z][\w&-]*){0,2}?) (revenues?|expenses?|costs? of (?:revenues?|sales))", re.I
)
_PLACE_LEAD = re.compile(r"(foreign|domestic|international)\s+", re.I)
_SAFE_LEAD = re.compile(r"(?:total|net|segment|consolidated|operating|other|deferred|unearned)\b", re.I)


_STATEMENT_NAME = re.compile(rf"\b{_STATEMENTS}", re.I)


def question_statement(question: str) -> str | None:
    """The one statement kind a question reads its formula from ("…, using the 2018 income statement"),
    for the operands that name none of their own; None when it names none or several."""
    kinds = {statement_kind(m.group(0)) for m in _STATEMENT_NAME.finditer(question)} - {None}
    return kinds.pop() if len(kinds) == 1 else None


_ZH_BOOK = "账面"  # "账面原值合计" is printed "原值合计": 账面 (book) only says the figure is the books'


def zh_row_form(item: LineItemMatch) -> LineItemMatch | None:
    """How a Chinese operand named as its note's item and row ("固定资产账面净值合计", "账面原值合计") is
    printed: the row ("净值合计") under the note of the item, "账面" dropped; None when printed as is."""
    if item.concept or item.printed.isascii():
        return None
    plain = item.printed.replace(_ZH_BOOK, "")
    lead = next((m for m in find_line_items(plain) if m.start == 0 and m.concept), None)
    rest = plain[len(lead.printed) :] if lead else plain
    if (rest == item.printed) or len(rest) < 2:
        return None
    return LineItemMatch("", rest, item.start, within=lead.concept if lead else item.within)


def bare_name(name: str) -> str:
    """A defined name as an operand reads it ("unadjusted EBITDA" is the operand "EBITDA")."""
    return " ".join(_NOISE.sub(" ", name).split()).lower()


def without_years(text: str) -> str:
    """``text`` with the years it dates operands by blanked ("FY2021 total debt" -> " total debt")."""
    return _YEAR_IN.sub(" ", text)
