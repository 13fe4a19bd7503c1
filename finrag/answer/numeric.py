"""Numeric answers from table facts: a cited lookup, or a named formula shown step by step."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from functools import partial

from finrag.answer.asks import AFTER_ISSUE, quoted_row
from finrag.answer.calc import AVERAGE_SHARE, asks_change_amount, calc_text, compute
from finrag.answer.column_periods import part_of_year
from finrag.answer.conversion import with_conversion
from finrag.answer.formulas import (
    ENDING_ROE,
    GROWTH_FORMULAS,
    ON_ENDING_EQUITY,
    PRINTED_FIRST,
    Formula,
    summed_share,
)
from finrag.answer.lexicon import CONCEPTS, LineItemMatch, normalise
from finrag.answer.lookup import (
    QUARTERS,
    SHARE_FORMULAS,
    Want,
    best_fact,
)
from finrag.answer.operand_wants import latest_year, part_beside_whole, variable_wants, yearly_pairs
from finrag.answer.periods import fiscal_year_of
from finrag.answer.printed_ratios import printed_only, printed_ratio
from finrag.answer.query import AskedFor
from finrag.answer.question_years import year_ended
from finrag.answer.quoted import (
    OUTFLOW_CONCEPTS,
    CiteFn,
    NumericAnswer,
    lookup_answer,
    operand,
    value_text,
)
from finrag.answer.ratios import cagr
from finrag.answer.row_asks import part_after
from finrag.answer.statement_rows import statement_kind
from finrag.errors import AnswerError
from finrag.model import Fact

# the cited lookup and its record live in ``quoted``; callers import them from here too
__all__ = [
    "ADJUSTED",
    "EXPENSE_ROW",
    "OUTFLOW_CONCEPTS",
    "CiteFn",
    "NumericAnswer",
    "calculation_answer",
    "lookup_answer",
    "operand",
    "value_text",
]

# What the company's statements cannot answer with one of their figures: its guidance for a coming year, a
# hypothetical's effect, or which of its parts (segments, regions, products) did best; the extractive answer
# quotes the text instead
NOT_A_STATEMENT_FIGURE = re.compile(
    r"\b(?:guidance|outlook|forecast\w*|guided)\b|业绩指引|业绩预告|展望"
    # "what would a hypothetical 10% movement in exchange rates have done to net income": a sensitivity
    r"|\bhypothetical(?:ly)?\b"
    r"|\bwhich\b[^?]{0,80}\b(?:segments?|regions?|products?|businesses|divisions?|categories|brands?)\b"
    # what falls due in a coming year: a maturity schedule's row (printed by year), never a balance
    r"|\b(?:matur\w*|due|payable)\s+(?:in|during)\s+(?:fiscal\s+|fy\s*)?(?:19|20)\d{2}\b"
    # "可比公司…的平均资产负债率": the peers' figure, which the filer's statements never print
    r"|(?:可比|同行业)(?:上市)?公司[^，。？?]{0,40}?(?:平均|均值)"
    # "本次公开增发A股完成后，公司总股本": a count after the offering, which no statement before it prints
    rf"|{AFTER_ISSUE}[^。？?]{{0,12}}?(?:总股本|股本总额|股份总数)",
    re.I,
)
# an interest rate asked alone ("What weighted-average interest rate did … pay", "那笔短期借款，年利率
# 多少"): a percentage answers it, never the amount borrowed (毛利率 and 净利率 are margins)
_RATE_ASKED = re.compile(
    r"\bwhat\s+(?:[\w-]+\s+){0,3}(?:interest|coupon)\s+rates?\b(?!\s+(?:swaps?|risk|hedg))"
    r"|(?<![毛净])利率(?:是|为|有)?(?:多少|多高|几)",
    re.I,
)
# (the rate asked beside other things: "when does it mature, and what interest rate and facility fee apply")
_AMOUNT_ASKED = re.compile(
    r"\bhow\s+much\b|\bwhat\s+amount\b|\bbalance\b|\bwhen\b|\brates?\s+and\b|\band\s+(?:at\s+)?what\b"
    r"|金额是|余额是|多少元|‰",
    re.I,
)


def asks_rate(question: str) -> bool:
    """The question asks an interest rate and nothing else (no amount, no date beside it)."""
    return _RATE_ASKED.search(question) is not None and _AMOUNT_ASKED.search(question) is None


# an expense a statement prints in brackets ("Research and development expense, net (3,269)"): its size is
# its share of revenue
EXPENSE_ROW = re.compile(r"\b(?:expenses?|costs?|charges?)\b", re.I)
_IN_PERCENT = re.compile(
    r"\b(?:in|as an?|units of|give an?|answer an?)\s+(?:percent|percentage|%)"
    r"|\bwhat\s+(?:percent(?:age)?|%)\s+(?:do|does|did|would|is|was)\b|百分比",
    re.I,
)
_MAIN_BUSINESS = re.compile(r"主营业务(?:毛利|利润)")  # a ratio of the main business: its own rows
# "unadjusted" has no word boundary before "adjusted"; "GAAP, not adjusted" asks the reported figure
ADJUSTED = re.compile(r"(?<!un-)(?<!not )(?<!non-)\badjusted\b|\bnon-gaap\b", re.I)
# "core operating margin", "organic revenue growth": a filer's own measure, never worked out from the
# statements' rows (PepsiCo's core figures leave out items its reported ones hold)
FILERS_OWN = re.compile(
    r"\b(?:core|organic|underlying)\s+(?:[a-z&-]+\s+)?(?:margin|growth|profit|earnings|income|ebit(?:da)?|eps"
    r"|revenues?|sales)\b"
    # "grow on a currency-neutral basis (excluding currency changes)": the filer's own restatement too
    r"|(?<!not )\b(?:currency[- ]neutral|constant[- ]currency)\b"  # "reported (not currency-neutral)"
    r"|\bexcluding (?:the )?(?:impact of )?currency changes\b",
    re.I,
)


def _printed(f: Fact, lang: str) -> str:
    return normalise(f.line_item) if lang == "zh" else (f.line_item.strip().rstrip(":") or f.line_item_norm)


def _read_beside(formula: Formula, first: Fact, found: Fact) -> bool:
    """A later operand is read in the first one's table when that table prints it ("operating income / net
    revenues": the income statement's revenues, not a segment table's), unless the first is a part under a
    heading of its table, which the whole's own heading places (``part_beside_whole``); in another unit it
    always is ("存货 / 流动资产": never a summary table's 流动资产 in 万元)."""
    other_table = (found.doc_id, found.table_ref) != (first.doc_id, first.table_ref)
    grouped_part = formula.name == "share_of_total" and bool(first.section)
    return other_table and (found.scale != first.scale or not grouped_part)


def _label(item: str, f: Fact, lang: str) -> str:
    year = f.fiscal_year or ""
    if f.fiscal_period in QUARTERS:  # "total net revenue (Q2 2023)"
        year = f"{f.fiscal_period} {year}".strip()
    if not year:  # an undated table's row ("Goodwill" of a purchase price allocation)
        return item
    return f"{item}（{year}）" if lang == "zh" else f"{item} ({year})"


FULL_SHARE = Decimal(100)  # a share of a total is at most all of it (in percent)
_MARGINS = frozenset({"gross_margin", "operating_margin", "net_margin", "ebitda_margin"})  # of revenue


def calculation_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Apply the question's formula to matching facts; None when an input is missing. A named ratio asked
    for several years ("effective tax rate in FY2022 compared to FY2021") is worked out for each year."""
    formula = asked.formula
    if formula is not None and formula.named and ADJUSTED.search(asked.question):
        return None  # "Adjusted EBIT" is non-GAAP: the statements' operating income is another number
    if formula is not None and FILERS_OWN.search(asked.question):
        return None
    if (quoted := printed_ratio(asked, facts, doc_rank, cite)) is not None:
        return quoted
    if printed_only(asked):
        return None  # "加权平均净资产收益率" weights equity by month: a simple average is another number
    if formula is not None and formula.name == "return_on_equity" and ON_ENDING_EQUITY.search(asked.question):
        formula = ENDING_ROE  # "全面摊薄净资产收益率" not printed: the profit over the year-end equity
        asked = replace(asked, formula=formula)
    printed = PRINTED_FIRST.get(formula.name) if formula else None
    if printed is not None and printed is not formula:  # the statement's own gross profit line, if printed
        # (a year's: a quarterly note's gross profit over the year's revenue is no margin)
        whole = facts if asked.part_year or asked.quarters else [f for f in facts if not part_of_year(f)]
        found = calculation_answer(replace(asked, formula=printed), whole, doc_rank, cite)
        if found is not None:
            return found
    years = sorted(set(asked.years), reverse=True)
    per_year = formula is not None and formula.named and not any("@" in c for c in formula.concepts)
    if not per_year or len(years) < 2:
        return _calculation(asked, facts, doc_rank, cite)
    answers = [_calculation(replace(asked, years=[y]), facts, doc_rank, cite) for y in years]
    done = [a for a in answers if a is not None and a.calculation is not None]
    if not done:
        return None
    calcs = [a.calculation for a in done if a.calculation is not None]
    # one Calculation carrying every year's steps: the result is the latest year's, the shown lines all
    merged = replace(
        calcs[0], inputs=[i for c in calcs for i in c.inputs], text="\n".join(c.text for c in calcs)
    )
    return NumericAnswer(
        "\n".join(a.text for a in done),
        [f for a in done for f in a.facts],
        merged,
        [d for a in done for d in a.detail],
    )


def _asked_label(asked: AskedFor, item: LineItemMatch) -> str:
    """The item as the question writes it, with the part of its balance asked ("商誉" + "减值准备")."""
    return item.printed + part_after(asked.question, item)


def _part_row(asked: AskedFor, f: Fact) -> bool:
    """The fact's row is a part the question asks of its item ("原材料" of 存货, "折旧费" of 研发费用)."""
    row = normalise(f.line_item)
    return any(normalise(q) in row for q in asked.qualifiers)


# a row the table subtracts, printed in brackets ("Less: Accumulated depreciation (16,135)", "Less: valuation
# allowance"): a definition or a share names the amount itself, taken by its size
LESS_ROW = re.compile(r"\s*less\b\s*:?", re.I)
# a row deducted from another, printed negative ("Valuation allowance | (532) | (325)"): it grows as it widens
_CONTRA = re.compile(
    r"\ballowances?\b|\baccumulated (?:depreciation|amortization)\b|^\s*less\b|减值准备|坏账准备", re.I
)
# a part that nets gains and losses, of either sign against its whole ("非经常性损益" of 净利润)
_SIGNED_PART = re.compile(r"损益|利得|\bgains?\b|\blosses\b|\(loss\)", re.I)
_AVERAGE_ASKED = re.compile(r"(?<!\bnot an )\baverage\b|\bmean\b|平均", re.I)  # "(not an average)": none


def _calculation(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    formula = asked.formula
    if formula is None:
        return None
    lang = asked.language
    year = asked.years[0] if asked.years else None
    wants: list[Want] = []
    closing_only = False  # the opening balance stands in for the closing one asked (no average)
    if formula.named:
        ended = year_ended(asked.question)  # "FY2022 (fiscal year ended January 28, 2023)": that column
        anchor = year if year is not None else latest_year(facts, formula.concepts[0], asked, doc_rank)
        anchor = fiscal_year_of(ended) if ended else anchor
        for spec in formula.concepts:
            concept, _, back = spec.partition("@")  # "inventory@-1": the balance a year earlier
            mention = next((m for m in asked.line_items if m.concept == concept), None)
            # the question's own wording ("total revenue", not "net sales") is preferred
            printed = mention.printed if mention else CONCEPTS[concept][0 if lang == "zh" else -1]
            if mention and (row := quoted_row(asked.question, mention)):
                concept, printed = "", row  # "net interest expense ('Interest, net')": that row
            # "主营业务毛利率": the 主营业务收入 and 主营业务成本 rows only (营业收入 holds more)
            main = f"主营业务{printed.removeprefix('营业')}"
            by_name = bool(concept and _MAIN_BUSINESS.search(asked.question)) and main in CONCEPTS[concept]
            printed = main if by_name else printed
            at = anchor + int(back) if back and anchor is not None else anchor
            # a balance date the question writes ("2007年6月30日的流动比率"): that day, no other of its year
            written = asked.dates[0] if asked.instant and len(asked.dates) == 1 else None
            # "DSO based on receivables at June 30, 2023": that one balance twice, not an average with the
            # year before (which the question would have said)
            closing = bool(written) and not ended and not _AVERAGE_ASKED.search(asked.question)
            on = (ended or written) if not back or closing else None
            closing_only = closing_only or (closing and bool(back))
            wants.append(Want(LineItemMatch("" if by_name else concept, printed, 0), None if on else at, on))
    elif (
        formula.name in ("share_of_total", "share_of_revenue")
        and "average" in asked.question.lower()
        and len(asked.years) >= 2
    ):
        formula = AVERAGE_SHARE  # "three year average of X as a % of revenue": the mean of yearly shares
        wants = yearly_pairs(asked)
    elif formula.concepts[1:] and all(c != "*" for c in formula.concepts[1:]):  # "D&A % margin": X / revenue
        item = next((m for m in asked.line_items if m.concept not in formula.concepts), None)
        if item is None:
            return None
        named = [LineItemMatch(c, CONCEPTS[c][0 if lang == "zh" else -1], 0) for c in formula.concepts[1:]]
        wants = [Want(item, year), *(Want(m, year) for m in named)]
    else:
        wants = variable_wants(asked, facts, doc_rank)
    if not wants:
        return None
    if formula.name == "share_of_total" and len(wants) > len(formula.concepts):
        formula = summed_share(len(wants) - 1)  # several parts over one whole
    if formula.name == "ratio" and _IN_PERCENT.search(asked.question):
        formula = replace(formula, percent=True)  # "A divided by B … Answer in percent": 55.3%, not 0.55
    if formula.name == "cagr":  # the years between the two values the question names
        span = max(asked.years) - min(asked.years) if len(asked.years) >= 2 else 0
        if span <= 0:
            return None
        formula = replace(
            formula, template=f"({{0}} / {{1}})^(1/{span}) − 1", evaluate=partial(cagr, years=span)
        )
    chosen: list[Fact] = []
    for w in wants:
        pool = [f for f in facts if chosen and f.doc_id == chosen[0].doc_id] or facts
        f = best_fact(pool, w, asked, doc_rank, fallback=False) or best_fact(facts, w, asked, doc_rank)
        if chosen and f is not None and _read_beside(formula, chosen[0], f):
            first = (chosen[0].doc_id, chosen[0].table_ref)
            table = [g for g in facts if (g.doc_id, g.table_ref) == first]
            f = best_fact(table, w, asked, doc_rank, fallback=False) or f
        if f is None:
            return None
        chosen.append(f)
    chosen = part_beside_whole(chosen, wants, facts) if formula.name == "share_of_total" else chosen
    if len({f.fact_id for f in chosen}) < len(chosen) and not closing_only:
        return None  # one cell standing for two operands (a share of itself, a growth of 0%): a wrong match
    fixed = formula.named  # the formula named the items: show them as the table prints them
    operands = [  # a part's row ("原材料" of 存货) is shown as printed too
        operand(
            f,
            _label(
                _printed(f, lang) if fixed or _part_row(asked, f) else _asked_label(asked, w.item), f, lang
            ),
            cite,
        )
        for f, w in zip(chosen, wants, strict=True)
    ]
    if formula.percent and any(op.unit == "%" for op in operands):
        return None  # a printed percentage ("SG&A as a % of revenue 19.2") is no amount to divide
    paid_out = formula.name == "sum" and all(  # "buybacks and dividends combined": cash paid out
        w.item.concept in OUTFLOW_CONCEPTS or (f.value < 0 and statement_kind(f.statement) == "cash_flow")
        for w, f in zip(wants, chosen, strict=True)
    )
    if formula.name in SHARE_FORMULAS or fixed or paid_out:
        # "capex as a % of revenue", cash returned to shareholders: the outflow's size, not its sign
        operands = [
            replace(op, value=abs(op.value))
            if w.item.concept in OUTFLOW_CONCEPTS
            or paid_out
            or (formula.name in SHARE_FORMULAS and EXPENSE_ROW.search(op.label))
            # a part deducted ("Less: …", a valuation allowance): "what % of deferred tax assets it offset"
            or (
                formula.name in SHARE_FORMULAS
                and j == 0
                and (LESS_ROW.match(f.line_item) is not None or _CONTRA.search(f.line_item) is not None)
            )
            else op
            for j, (op, w, f) in enumerate(zip(operands, wants, chosen, strict=True))
        ]
    contra = _CONTRA.search(operands[0].label) is not None
    one_item = formula.name == "difference" and len({w.item.printed for w in wants}) == 1  # over the years
    sized = contra or all(w.item.concept in OUTFLOW_CONCEPTS for w in wants)  # "dividend payments grew 9%"
    if (formula.name in GROWTH_FORMULAS or one_item) and sized and all(op.value < 0 for op in operands):
        operands = [replace(op, value=-op.value) for op in operands]  # an allowance's growth: of its size
    if formula.name == "share_of_total" and len(operands) == 2 and operands[0].value > operands[1].value > 0:
        if LESS_ROW.match(chosen[0].line_item):
            return None  # a deduction larger than what it is deducted from: another total was read
        operands.reverse()  # a part larger than its whole: the two were read the wrong way round
        chosen.reverse()
    if formula.name == "yoy_growth" and all(w.quarter and w.year == wants[0].year for w in wants):
        formula = replace(formula, zh="环比增长率", en="Quarter-over-quarter growth")  # Q2 over Q1 of a year
    try:
        change_too = asks_change_amount(asked.question)
        worked = compute(formula, operands, places=asked.places, lang=lang, change_too=change_too)
        calc = with_conversion(asked, worked, operands)
    except AnswerError:
        return None
    of_year = any(w.quarter == "FY" for w in wants)  # quarters of a year may be of either sign
    signed = _SIGNED_PART.search(chosen[0].line_item) is not None  # "非经常性损益": a net gain or loss
    if (
        formula.name == "share_of_total"
        and not of_year
        and (abs(calc.result) > FULL_SHARE or (calc.result < 0 and not signed))
    ):
        return None  # a part beyond its whole, or of the other sign (−108.72%): no part and its whole
    if formula.name in _MARGINS and calc.result > FULL_SHARE:
        return None  # a profit above its revenue (139.49%): the revenue read is some other row's
    return NumericAnswer(calc_text(calc, operands, lang), chosen, calc, [f.fact_id for f in chosen])
