"""Choosing the fact a question asks for: line item, period (incl. 上年末), scope and company must match."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from finrag.answer.column_periods import (
    FULL_YEAR,
    HALF_YEAR,
    MONTH_DAYS,
    QUARTERS,
    SPAN_COLUMN,
    TOTAL_COLUMN_BONUS,
    WHOLE_YEAR_COLUMN,
    YEAR_ONLY,
    names_no_part,
    other_span,
    part_of_year,
    quarter_column_of,
    same_week_end,
    spans_named,
    total_column,
)
from finrag.answer.fact_basis import asked_basis
from finrag.answer.filer_rows import filer_total, parts_named
from finrag.answer.lexicon import (
    PER_SHARE,
    LineItemMatch,
    concept_of,
    core_label,
    heads,
    label_matches,
    normalise,
)
from finrag.answer.per_share import PER_SHARE_ROW, per_share_row
from finrag.answer.periods import ends_quarter, quarter_named
from finrag.answer.qualifiers import other_class
from finrag.answer.query import AskedFor
from finrag.answer.question_years import QUARTER_ENDED
from finrag.answer.row_asks import measure_after, part_after, shows_measure
from finrag.answer.sources import without_sources
from finrag.answer.statement_rows import (
    HOME_STATEMENT,
    OTHER_ENTITY,
    cash_flow_asked,
    changed_balance,
    statement_kind,
)
from finrag.answer.text import HEADING_NUMBER, singular
from finrag.model import Fact
from finrag.retrieve.docfit import days_near

EXACT_LABEL_BONUS = 0.2  # the fact prints the very words of the question ("营业收入" over "营业总收入")
# a row label written out with its remark ("…, including internal-use software"), not another's cut alike
RAW_LABEL_BONUS = 0.3
SCOPE_BONUS = 0.3  # consolidated unless the question says 母公司
UNKNOWN_SCOPE_BONUS = 0.1
PARENT_SCOPE_PENALTY = 0.3  # the parent's figure for the group's: only where no table gives the group's
_GROUP_SAID = re.compile(r"合并|\bconsolidated\b", re.I)  # the group's figure said: never the parent's
DOC_RANK_BONUS = 0.3  # facts from the best-ranked retrieved document first
PERCENT_PENALTY = 0.5  # a "%" cell is rarely the amount asked for
SHARE_FORMULAS = frozenset({"share_of_total", "share_of_revenue", "average_share", "ratio"})
PART_YEAR_PENALTY = 0.5  # a quarter's column when the year is asked ("2006年度" is not "2006年度第一季度")
STATEMENT_ASKED_BONUS = 1.0  # the statement a question names outranks a closer wording in another one
HOME_STATEMENT_BONUS = 0.3  # a primary statement's row over the same row in a note or MD&A table
UNIT_TAIL = re.compile(r"\s*\((?:万元|元|亿元|千元|%|万股|股|人|in (?:thousands|millions|billions))\)$")
# a row of the parent's own figure ("资产负债率（母公司）"), not the owners' share ("归属于母公司所有者权益")
_PARENT_ROW = re.compile(r"(?<!归属于)母公司(?!所有者|股东)")
_MONEY_ASKED = re.compile(
    r"多少(?:千|万|亿)?元|\bin (?:usd|us\$|dollars)\b|\busd (?:thousands|millions|billions)\b"
    r"|\bhow much (?:cash|money)\b"
    r"|\bwhat (?:[\w-]+ ){0,2}amount (?:did|was|were|has|had|is)\b",  # "what provisional amount did X record"
    re.I,
)
_SHARES_COLUMN = re.compile(r"\bshares\b|股数", re.I)  # a count column
_SHARES_ASKED = re.compile(r"\bhow many\b|\bnumber of\b|多少股|股数", re.I)
_QUANTITY_ASKED = re.compile(r"多少(?:万|千)?(?:吨|台|套|件|辆|米|千瓦时|度|立方米|平方米|个|只)")
_RATE_ASKED = re.compile(r"%|percent|rate|ratio|margin|growth|change|share|proportion|比|率|增长|变动|占")
# "the weighted-average discount rate for finance leases": a percentage asked by name, so a "%" cell is it
_PERCENT_NAMED = re.compile(r"%|\b(?:rates?|percent(?:age)?|yield)\b")
_NET = re.compile(r"\bnet\b")
NET_ASKED_BONUS = 1.0  # "net X" asked: the row that says net outranks the gross row of the same item
DURATION_BONUS = 0.5  # a column headed with the span asked ("six months ended") over another span
# a note's movement column ("本期增加"): a change over the year, not the balance at its end
_MOVEMENT = re.compile(r"(?:本[期年]|当[期年])\s*(?:新增|增加|减少|计提|计入|转回|核销|转销|摊销)")
_PRIOR_WORDS = ("上年", "上期", "期初", "年初")
_TRANSFER = re.compile(r"\btransferr(?:ed|ing)\b|\btransfers?\b|转入|转固|结转", re.I)
_BALANCE_COLUMN = re.compile(r"期末|期初|年末|年初|余额")  # a note's balance columns, not its movements
# Statement named in a question -> words of its printed title
_STATEMENTS = (
    ("income statement", ("income", "operations", "earnings")),
    ("p&l", ("income", "operations", "earnings")),
    ("balance sheet", ("balance sheet", "financial position")),
    ("statement of financial position", ("balance sheet", "financial position")),
    ("cash flow", ("cash flow",)),
    ("利润表", ("利润表",)),
    ("资产负债表", ("资产负债表",)),
    ("现金流量表", ("现金流量表",)),
)
# When a statement has no row for the precise item, the broader one it is part of is the answer
FALLBACK = {
    "net_profit_parent": "net_profit",
    "net_profit_parent_deducted": "net_profit_deducted",
    "net_profit_deducted": "net_profit_parent_deducted",  # a listed company prints only its shareholders' one
}


@dataclass(slots=True)
class Want:
    """One value to find: a line item at a fiscal year (None = the latest) or at a date."""

    item: LineItemMatch
    year: int | None = None
    period_end: str | None = None
    prior: bool = False  # "上年末": the older of the two balance columns
    quarter: str | None = None  # "Q1": that quarter only, of the quarters the question names; "FY": the year


def _period_ok(f: Fact, want: Want, latest_year: int | None) -> bool:
    if want.period_end:
        if YEAR_ONLY.match(f.column_label):  # "2019" dated at its report month's end: any day of that month
            return f.period_end is not None and days_near(f.period_end, want.period_end, MONTH_DAYS)
        return f.period_end == want.period_end or same_week_end(f.period_end, want.period_end)
    year = want.year if want.year is not None else latest_year
    if want.prior and year is not None and want.year is None:
        return f.fiscal_year == year - 1
    return year is None or f.fiscal_year == year


_PART_SPANS = {"three months", "six months", "nine months"}  # "the nine months ended …": no year's column
_EPS = ("eps_basic", "eps_diluted")
WITHIN_BONUS = 0.5  # a row under the heading the question names ("Revenue:") over its namesake elsewhere
ASKED_WORDS_BONUS = 0.2  # the row's words beyond the item the question also writes ("期末…余额" when asked)
_NET_VALUE = re.compile(r"账面价值|账面净值|净值|净额")
_GROSS_ASKED = re.compile(r"原值|原价|账面余额|累计折旧|累计摊销|减值准备")  # not the net value asked
_GROSS_COLUMN = re.compile(rf"{_GROSS_ASKED.pattern}|跌价准备|坏账准备")  # any column but the net one
OPENING_ROW_PENALTY = 0.2  # "期初…余额" is the year before's closing balance, not the year's
GROSS_COLUMN_PENALTY = 0.2  # a cost or accumulated-amortisation column is not the carrying value asked
_ZH_WORD = re.compile(r"[\u4e00-\u9fff]{2}")
_WORD_RE = re.compile(r"[a-z]{4,}")
# a column's period and scope words (and 余额, 金额) are matched by the period and scope checks, not as words
# the question writes
_ZH_COLUMN_NOISE = re.compile(
    r"(?:19|20)\d{2}\s*年?|年度|期末|期初|年末|年初|本期|上期|本年|上年|余额|金额|合并|母公司"
)
# "Unrecognized tax benefits – January 1" above "… – December 31": a roll-forward's opening row
_OPENING_ROW = re.compile(
    r"期初|年初|beginning of|\bbeginning balance|\bopening balance|(?:[-–—,]|\bat)\s*january 1\b", re.I
)
_OPENING_ASKED = re.compile(r"(?:期初|年初)(?=现金及现金等价物)")  # the opening row itself is asked
# "Dividends declared and not paid", "non-cash …": a supplemental line, not the amount paid or spent
_UNPAID_ROW = re.compile(r"\bnot (?:yet )?paid\b|\bunpaid\b|\bnon-?cash\b|尚未支付|未支付", re.I)
UNPAID_ROW_PENALTY = 0.5


def _asked_share(label: str, item: str, question: str) -> float:
    """Share of a row label's words beyond the asked item that the question also writes (Chinese: character
    pairs): "期末现金及现金等价物余额" over "…净增加额" when the question says 期末 and 余额."""
    rest = label.replace(item, " ") if item else label
    words = _ZH_WORD.findall(rest) if not rest.isascii() else _WORD_RE.findall(rest)
    return sum(w in question for w in words) / len(words) if words else 0.0


MAX_CAPTION_NAME = 12  # a caption this short (Chinese) names one product or part, not a statement's title


def _names_caption(caption: str, question: str) -> bool:
    """The question writes a short Chinese table caption ("②乳化炸药"): the table of that product or part."""
    name = HEADING_NUMBER.sub("", caption).strip()
    return 2 <= len(name) <= MAX_CAPTION_NAME and not name.isascii() and name in question


def _names_heading(section: str, written: str, names: list[str]) -> bool:
    """The question (``written`` singular) writes an English row's heading of two words or more ("the deferred
    tax liability … for trademarks": the row under "Deferred tax liabilities:", not the assets' namesake); not
    a heading that is one of the ``names`` it writes (a segment's: "North America" rows are no AWS figures). A
    one-word heading ("Revenues") is written by too many questions asking a total row printed under many."""
    heading = singular(section.strip(" :"))
    if len(heading.split()) < 2 or not heading.isascii():
        return False
    if not re.search(rf"(?<![\w-]){re.escape(heading)}(?![\w-])", written):
        return False
    return not any(heading in n or n in heading for n in names)


def best_fact(
    facts: list[Fact], want: Want, asked: AskedFor, doc_rank: dict[str, int], *, fallback: bool = True
) -> Fact | None:
    """The best fact for ``want`` or None when no fact matches its line item and period; ``fallback``: the
    broader item stands in when ``facts`` has no row for the precise one (off when ``facts`` is a part of
    what was fetched: the precise row may be elsewhere)."""
    home = HOME_STATEMENT.get(want.item.concept)
    # "according to the working-capital lines of the cash flow statement": a balance's change is asked
    change = home == "balance" and cash_flow_asked(asked.question)

    basis = asked_basis(asked, want.item)  # "adjusted diluted EPS", "reported …", "扣除非经常性损益后的…"

    def row(f: Fact, label: str | None = None) -> str:  # "(increase) in inventories": its change, if asked
        label = basis.row(f.line_item_norm if label is None else label)
        return changed_balance(label) if change else label

    # "Total NIKE, Inc. Earnings Before Interest and Taxes" is the filer's EBIT, unless a part is asked
    whole = not parts_named(asked)

    def row_score(f: Fact) -> float:
        score = label_matches(row(f), want.item.concept, want.item.printed)
        if whole and (own := filer_total(f.line_item_norm, f.company)) != f.line_item_norm:
            score = max(score, label_matches(row(f, own), want.item.concept, want.item.printed))
        return score

    candidates = [(f, row_score(f)) for f in facts]
    # a row that is another known item is no partial match ("loss before income taxes" for "income taxes")
    candidates = [
        (f, s) for f, s in candidates if s >= 1 or concept_of(f.line_item_norm) in (None, want.item.concept)
    ]
    asked_item = want.item.printed
    candidates = [(f, s) for f, s in candidates if s > 0 and not _excludes(f.line_item_norm, asked_item)]
    # "U.S. pension plans": never the "Non-U.S. Plans" column
    candidates = [
        (f, s) for f, s in candidates if not other_class((f.column_label, f.line_item), asked.question)
    ]
    if measure := measure_after(asked.question, want.item):  # "四氧化三锰的销售量": that row of its block
        block = normalise(asked_item)
        candidates += [
            (f, 1.0) for f in facts if shows_measure(measure, f.line_item) and normalise(f.section) == block
        ]
    if not candidates:
        broader = FALLBACK.get(want.item.concept) if fallback else None
        if broader:
            item = LineItemMatch(broader, want.item.printed, want.item.start)
            # one step only: the two deducted profits fall back on each other
            return best_fact(facts, replace(want, item=item), asked, doc_rank, fallback=False)
        return None
    best_doc = min((doc_rank.get(f.doc_id, len(doc_rank)) for f, _ in candidates), default=0)
    years = [f.fiscal_year for f, _ in candidates if f.fiscal_year and doc_rank.get(f.doc_id) == best_doc]
    latest = max(years) if years else None
    printed = normalise(want.item.printed)
    remarked = core_label(printed) != printed
    spelled = _spelled_out(candidates, printed, asked.question, want.item)
    low_q = asked.question.lower()
    # "dividends declared per share" asks for a per-share row; "每股经营现金流量" computes one from totals
    computes = asked.formula is not None and any(PER_SHARE.search(k) for k in asked.formula.keywords)
    # (not "base your judgments on … its net income per share policy note": where to read, no per-share row)
    per_share = bool(PER_SHARE.search(without_sources(asked.question).lower())) and not computes
    per_share_item = bool(PER_SHARE_ROW.search(want.item.printed)) or want.item.concept in _EPS
    headed = (singular(asked.question), [singular(e) for e in asked.entities])  # headings the question writes
    spans = spans_named(asked.question)  # "six months ended …"
    half = bool(HALF_YEAR.search(asked.question))
    transfer = bool(_TRANSFER.search(asked.question))
    spans |= {"six months"} if half else set()  # "H1 2023": six months ended
    if not spans and QUARTER_ENDED.search(asked.question):  # "the quarter ended …", no span else written
        spans = {"three months"}
    item_low = want.item.printed.lower()
    # "average monthly revenue per paying membership", "sales per square foot": a per-unit row, not the total
    per_unit = re.search(rf"\b{re.escape(item_low)}\s+per\s+(?!cent\b|share\b)[a-z]", low_q) is not None
    net_asked = bool(_NET.search(item_low)) and item_low in low_q  # not a formula's own "total net revenue"
    whole_year = want.quarter == "FY"  # "一季度占全年的比重": the year's figure beside its quarter's
    full_year = whole_year or (not asked.part_year and bool(FULL_YEAR.search(asked.question)))
    component = part_after(asked.question, want.item)
    # a statement's amount ("net revenue") asked with no word of a rate: a "%" cell (its growth) is not it
    money = bool(_MONEY_ASKED.search(asked.question)) or (home is not None and not _RATE_ASKED.search(low_q))
    # an amount operand of the question's own formula ("净利率=净利润/营业收入"): never a rate table's row
    money = money or (asked.definition is not None and home is not None and not _RATE_ASKED.search(item_low))
    quantity = bool(_QUANTITY_ASKED.search(asked.question))
    net_value = bool(_NET_VALUE.search(asked.question)) and not _GROSS_ASKED.search(asked.question)
    # "2022 Aeronautics | … | 2022 Total": a row's total column, unless the question names another column
    whole_row = names_no_part([f for f, _ in candidates], low_q)
    scored: list[tuple[float, Fact]] = []
    quarters = [] if whole_year else [want.quarter] if want.quarter else asked.quarters
    for f, label_score in candidates:
        if not _period_ok(f, want, latest):
            continue
        if per_unit and not re.search(r"\bper\b|/", f"{f.line_item_norm} {f.column_label}"):
            continue  # "revenue per paying membership" is no revenue total
        if per_share and not PER_SHARE.search(f"{f.line_item_norm} {f.column_label} {f.statement}"):
            continue  # "dividends declared per share" is not the total paid
        if not per_share and not per_share_item and per_share_row(f):
            continue  # nor is "Dividends per share" the dividends paid
        if f.unit == "%" and "yield" in f.line_item_norm and "yield" not in low_q:
            continue  # nor an option model's "Dividend yield" assumption
        if OTHER_ENTITY.search(f.statement) and not OTHER_ENTITY.search(asked.question):
            continue  # "Joint venture related balance sheet activity": the venture's current assets, not X's
        if asked.scope == "parent" and f.scope != "parent" and not _PARENT_ROW.search(f.line_item_norm):
            continue  # "母公司资产负债表": the group's (or an unscoped table's) figure is another number
        if asked.scope != "parent" and _PARENT_ROW.search(f.statement) and _GROUP_SAID.search(asked.question):
            continue  # "2007年6月30日合并短期借款": the parent's balance sheet's is another number
        if not basis.fits(f):
            continue  # "Adjusted EPS (diluted)" is not the GAAP figure asked, nor the plain row 扣非 EPS
        if quarters and f.fiscal_period and f.fiscal_period not in ("FY", *quarters):
            continue  # "the first quarter of 2020": the 1Q20 column, not 4Q20
        if (
            want.quarter
            and not whole_year
            and f.fiscal_period != want.quarter
            and not ends_quarter(f.column_label, f.period_end, want.quarter)
        ):
            continue  # "2Q23 vs 1Q23": the three months to June 30 are not 1Q23, nor is a year's column
        quarter_column = quarter_column_of(f, QUARTERS)
        if ((half and not want.quarter) or whole_year) and quarter_column:
            continue  # "2007年1-6月": a quarter's column is three months of it
        if quarters and not asked.instant and not quarter_column_of(f, quarters):
            continue  # "the third quarter of 2019": a year's column ("本期数", "2019") is all of the year
        if (
            (quarters or half or spans & _PART_SPANS)
            and not whole_year  # (the whole year is asked beside the half: "相当于2005年全年的")
            and (WHOLE_YEAR_COLUMN.search(f.column_label) or YEAR_ONLY.match(f.column_label))
            and not _names_quarter(f.column_label, quarters)  # "Year Ended … 2017 Fourth Quarter": that one
        ):
            continue  # a quarter's or half year's figure: not the year's ("2007年度", "2022")
        if asked.instant and _MOVEMENT.search(f.column_label) and not _MOVEMENT.search(asked.question):
            continue  # "2020年末商誉账面原值": the 期末余额 column, not the year's 本期增加
        if transfer and _BALANCE_COLUMN.search(f.column_label) and not _TRANSFER.search(f.column_label):
            continue  # "transferred to fixed assets", "转入固定资产": a closing balance is another figure
        if component and component not in f"{f.line_item}{f.column_label}{f.section}{f.statement}":
            continue  # "固定资产的累计折旧": the net balance row is another figure
        if measure and not shows_measure(measure, f"{f.line_item}{f.column_label}{f.section}"):
            continue  # "太阳能边框的平均单价": the product's revenue row is another figure
        kind = statement_kind(f.statement)
        if home == "balance" and (kind == "cash_flow" or SPAN_COLUMN.search(f.column_label)) and not change:
            continue  # a balance sheet item's row in the cash flow statement ("Year ended …") is a change
        own = filer_total(f.line_item_norm, f.company) if whole else f.line_item_norm
        exact = (spelled or printed) in (core_label(f.line_item_norm), core_label(own))
        score = (1.0 if exact and spelled else label_score) + (EXACT_LABEL_BONUS if exact else 0.0)
        score += RAW_LABEL_BONUS if remarked and f.line_item_norm == printed else 0.0
        score += HOME_STATEMENT_BONUS if home is not None and kind == home else 0.0
        score += SCOPE_BONUS if f.scope == asked.scope else UNKNOWN_SCOPE_BONUS if not f.scope else 0.0
        score -= PARENT_SCOPE_PENALTY if f.scope == "parent" and asked.scope != "parent" else 0.0
        score += DOC_RANK_BONUS / (1 + doc_rank.get(f.doc_id, len(doc_rank)))
        score += ASKED_WORDS_BONUS * _asked_share(f.line_item_norm, printed, low_q)
        if not f.column_label.isascii():  # "期初账面余额": the 期初 账面余额 column, not 期初 跌价准备
            score += ASKED_WORDS_BONUS * _asked_share(_ZH_COLUMN_NOISE.sub(" ", f.column_label), "", low_q)
        score += TOTAL_COLUMN_BONUS if whole_row and total_column(f.column_label) else 0.0
        if want.item.within:  # "subscription revenue": the row under the revenue heading
            under = any(heads(h, want.item.within) for h in (f.section, f.statement))
            score += WITHIN_BONUS if under else -WITHIN_BONUS
        if not want.prior and _OPENING_ROW.search(f.line_item_norm) and not _OPENING_ASKED.search(low_q):
            score -= OPENING_ROW_PENALTY  # "期初现金及现金等价物余额"
        if _UNPAID_ROW.search(f.line_item_norm) and not _UNPAID_ROW.search(low_q):
            score -= UNPAID_ROW_PENALTY
        if net_value and _GROSS_COLUMN.search(f.column_label):
            score -= GROSS_COLUMN_PENALTY  # "账面价值": the 净值 column, not 原值 or 累计摊销
        if f.unit == "%":
            if money:
                continue  # "净利润是多少元": a row's share of revenue is no amount
            score -= 0.0 if _PERCENT_NAMED.search(low_q) else PERCENT_PENALTY
        if money and _SHARES_COLUMN.search(f.column_label) and not _SHARES_ASKED.search(asked.question):
            continue  # "how much cash did X spend buying back shares": the Amount column, not the Shares one
        if quantity and ((f.unit or "").endswith("元") or f.unit == "%"):
            continue  # "销售量是多少吨": an amount of money or a share is no quantity
        # a column dated by its end ("Three months ended December 31, 2022") reads as the year: its words tell
        part = part_of_year(f)
        if part and full_year:
            continue  # "2007年全年的净利润": a quarter's figure is another number
        if not asked.part_year and part:
            score -= PART_YEAR_PENALTY
        if any(w in low_q and any(s in f.statement.lower() for s in where) for w, where in _STATEMENTS):
            score += STATEMENT_ASKED_BONUS  # "relying on the cash flow statement": that statement's row
        if _names_caption(f.statement, asked.question) or _names_heading(f.section, *headed):
            score += ASKED_WORDS_BONUS  # "南岭民爆乳化炸药…产销率": the table captioned "②乳化炸药"
        if net_asked and _NET.search(f.line_item_norm):
            score += NET_ASKED_BONUS  # "net PPNE": "Property, plant and equipment — net", not the gross row
        if spans and (printed_spans := spans_named(f.column_label)):
            if other_span(printed_spans, spans):
                continue  # "three months ended June 30" is no "Twelve Months Ended" column, "16 weeks" no 52
            score += DURATION_BONUS if printed_spans & spans else -DURATION_BONUS  # six months, not three
        if asked.instant and f.period_end and want.prior == any(w in f.column_label for w in _PRIOR_WORDS):
            score += UNKNOWN_SCOPE_BONUS
        scored.append((score, f))
    if not scored:
        return None
    scored.sort(key=lambda t: (-t[0], t[1].page))
    return scored[0][1]


def _names_quarter(label: str, quarters: list[str]) -> bool:
    """A column label naming one of the asked quarters in words ("Year Ended December 31, 2017 (1) Fourth
    Quarter (2)"), whatever year heading it carries."""
    return any(quarter_named(int(q[1:])).search(label) for q in quarters if q[:1] == "Q" and q[1:].isdigit())


def _spelled_out(
    candidates: list[tuple[Fact, float]], printed: str, question: str, item: LineItemMatch
) -> str:
    """The longest row label the question writes out where it names the item ("net earnings from continuing
    operations" where "net earnings" was matched; "long-term debt, net"): that row is the exact one, "" when
    none is."""
    if item.start < 0:
        return ""
    written = normalise(question[item.start :])
    labels = {core_label(f.line_item_norm) for f, _ in candidates}
    longer = [c for c in labels if c.startswith((f"{printed} ", f"{printed},")) and written.startswith(c)]
    return max(longer, key=len, default="")


def _excludes(label: str, item: str) -> bool:
    """The row is another figure net of the item ("扣除非经常性损益的净利润" is no 非经常性损益)."""
    printed = normalise(item)
    return not printed.isascii() and not printed.startswith("扣除") and f"扣除{printed}" in label
