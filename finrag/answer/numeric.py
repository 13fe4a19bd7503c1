"""Numeric answers from table facts: a cited lookup, or a named formula shown step by step."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from functools import partial

from finrag.answer.asks import quoted_row
from finrag.answer.calc import AVERAGE_SHARE, asks_change_amount, calc_text, compute
from finrag.answer.cells import amount_beside
from finrag.answer.conversion import with_conversion
from finrag.answer.formulas import PRINTED_FIRST, summed_share
from finrag.answer.lexicon import CONCEPTS, LineItemMatch, normalise
from finrag.answer.lookup import (
    QUARTERS,
    SHARE_FORMULAS,
    Want,
    best_fact,
)
from finrag.answer.operand_wants import latest_year, part_beside_whole, variable_wants, yearly_pairs
from finrag.answer.periods import fiscal_year_of
from finrag.answer.qualifiers import prints_qualifiers
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
    "printed_only",
    "printed_ratio",
    "ratio_forms",
    "value_text",
]

# What the company's statements cannot answer with one of their figures: its guidance for a coming year, or
# which of its parts (segments, regions, products) did best; the extractive answer quotes the text instead
NOT_A_STATEMENT_FIGURE = re.compile(
    r"\b(?:guidance|outlook|forecast\w*|guided)\b|业绩指引|业绩预告|展望"
    r"|\bwhich\b[^?]{0,80}\b(?:segments?|regions?|products?|businesses|divisions?|categories|brands?)\b"
    # what falls due in a coming year: a maturity schedule's row (printed by year), never a balance
    r"|\b(?:matur\w*|due|payable)\s+(?:in|during)\s+(?:fiscal\s+|fy\s*)?(?:19|20)\d{2}\b"
    # "可比公司…的平均资产负债率": the peers' figure, which the filer's statements never print
    r"|(?:可比|同行业)(?:上市)?公司[^，。？?]{0,40}?(?:平均|均值)",
    re.I,
)
# an expense a statement prints in brackets ("Research and development expense, net (3,269)"): its size is
# its share of revenue
EXPENSE_ROW = re.compile(r"\b(?:expenses?|costs?|charges?)\b", re.I)
_IN_PERCENT = re.compile(
    r"\b(?:in|as an?|units of)\s+(?:percent|percentage|%)"
    r"|\bwhat\s+(?:percent(?:age)?|%)\s+(?:do|does|did|would|is|was)\b|百分比",
    re.I,
)
_MAIN_BUSINESS = re.compile(r"主营业务(?:毛利|利润)")  # a ratio of the main business: its own rows
_CHANGE_COLUMN = re.compile(r"增减|变动|同比|\bchange\b", re.I)  # "毛利率比上年增减（%）" is no 毛利率
# "unadjusted" has no word boundary before "adjusted"; "GAAP, not adjusted" asks the reported figure
ADJUSTED = re.compile(r"(?<!un-)(?<!not )(?<!non-)\badjusted\b|\bnon-gaap\b", re.I)
# "core operating margin", "organic revenue growth": a filer's own measure, never worked out from the
# statements' rows (PepsiCo's core figures leave out items its reported ones hold)
FILERS_OWN = re.compile(
    r"\b(?:core|organic|underlying)\s+(?:[a-z&-]+\s+)?(?:margin|growth|profit|earnings|income|ebit(?:da)?|eps"
    r"|revenues?|sales)\b",
    re.I,
)


def _printed(f: Fact, lang: str) -> str:
    return normalise(f.line_item) if lang == "zh" else (f.line_item.strip().rstrip(":") or f.line_item_norm)


def _label(item: str, f: Fact, lang: str) -> str:
    year = f.fiscal_year or ""
    if f.fiscal_period in QUARTERS:  # "total net revenue (Q2 2023)"
        year = f"{f.fiscal_period} {year}".strip()
    return f"{item}（{year}）" if lang == "zh" else f"{item} ({year})"


_BASIS = re.compile(r"口径|合并|母公司|按.{0,12}计算")


def ratio_forms(asked: AskedFor) -> list[LineItemMatch]:
    """The rows a Chinese filing prints a named ratio under ("利息保障倍数" in 主要财务指标), when the
    question names the ratio without writing its formula: its name and each Chinese wording of it, "的"
    dropped ("每股经营现金流量" is printed "每股经营活动产生现金流量净额"). The filer's own figure follows
    the filer's own definition (息税前利润 over 利息费用, turnover over average balances), a recomputation
    need not."""
    formula = asked.formula
    if formula is None or not formula.named or asked.language != "zh" or asked.definition is not None:
        return []
    if _BASIS.search(asked.question) and asked.scope != "parent":
        return []  # "按合并报表口径计算的资产负债率": the printed ratio may be the parent's
    words = [k.replace("的", "") for k in formula.keywords if not k.isascii()]
    return [LineItemMatch("", w, 0) for w in dict.fromkeys([formula.zh, *words])]


def printed_ratio(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The named ratio quoted from the row the filing prints it in, else None."""
    formula = asked.formula
    ratio_named = formula is not None and (formula.named or formula.percent)  # not "average", a column word
    if asked.qualifiers and formula is not None and ratio_named and asked.definition is None:
        # "罐式集装箱的毛利率", "X's biopharmaceutical (生物制药) business gross margin", "普莱柯的销售费用
        # 占营业收入比例": the kind's row of a breakdown table with a column for the ratio
        names = (formula.zh, formula.en.lower())
        cells = [
            f
            for f in facts
            if any(n in (label := normalise(f.column_label)) for n in names)
            and not _CHANGE_COLUMN.search(label)
            and prints_qualifiers(f.line_item, asked.qualifiers)
        ]
        # "分产品毛利率" over columns of years: the ratio named by the table's title, its year's column
        titled = [
            f
            for f in facts
            if f.unit == "%"
            and any(n in normalise(f.statement) for n in names)
            and prints_qualifiers(f.line_item, asked.qualifiers)
        ]
        # a breakdown's ratio column is the report year's (undated), unless a year heads it ("2004年度")
        dated = bool(asked.years) and any(f.fiscal_year for f in cells)
        cells = [f for f in cells if f.fiscal_year in asked.years] if dated else cells
        if not cells and not titled:
            return None
        kind_row = LineItemMatch("", (cells or titled)[0].line_item, 0)
        years = asked.years if not cells or dated else []
        row_asked = replace(asked, line_items=[kind_row], formula=None, years=years)
        amount = amount_beside(asked, facts, kind_row.printed) if cells else []
        quoted = (lookup_answer(row_asked, p, doc_rank, cite) for p in (amount, cells or titled) if p)
        found = [a for a in quoted if a is not None]  # the amount first, then the ratio
        text, used = "\n".join(a.text for a in found), [f for a in found for f in a.facts]
        return replace(found[-1], text=text, facts=used) if found else None
    for form in ratio_forms(asked):  # its name, then a Chinese wording ("每股经营活动产生现金流量净额")
        own = [  # a ratio is no amount: the money unit of the table's header is not its unit
            f if f.unit == "%" else replace(f, unit=None, scale=Decimal(1))
            for f in facts
            if _names_ratio(f.line_item_norm.replace("的", ""), form.printed, asked.question)
            and (asked.scope != "parent" or "母公司" in f.line_item_norm)  # "资产负债率（母公司）"
            and not _PEERS.search(f.statement)  # a comparison with peers is not the filer's own indicator
        ]
        if own and (
            quoted_row := lookup_answer(replace(asked, line_items=[form], formula=None), own, doc_rank, cite)
        ):
            return quoted_row
    return None


def _names_ratio(label: str, ratio: str, question: str) -> bool:
    """The row prints the ratio asked: its name first, or after words the question also writes before it
    ("加权平均净资产收益率（归属于普通股股东的净利润）" for "加权平均净资产收益率")."""
    at = label.find(ratio)
    if bool(_NET_OF_ONE_OFFS.search(label)) != bool(_NET_OF_ONE_OFFS.search(question)):
        return False  # "扣除非经常性损益后的…" is another figure than the ratio on the whole profit
    return at == 0 or (at > 0 and label[: at + len(ratio)] in question)


_NET_OF_ONE_OFFS = re.compile(r"扣除非经常|扣非|(?:excluding|after deducting) non-?recurring", re.I)


_PEERS = re.compile(r"同行业|可比公司|同业")  # "与同行业公司的比较分析": the peers' figures side by side


# A ratio the filer works out by a rule the statements cannot reproduce (equity weighted by the months it was
# held): only its printed figure answers
_WEIGHTED_ROE = re.compile(r"加权平均净资产收益率|weighted[- ]average (?:return on equity|roe)", re.I)


def printed_only(asked: AskedFor) -> bool:
    """The ratio asked is one only its printed figure answers (no recomputation, no operand quoted)."""
    return _WEIGHTED_ROE.search(asked.question) is not None


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
    printed = PRINTED_FIRST.get(formula.name) if formula else None
    if printed is not None and printed is not formula:  # the statement's own gross profit line, if printed
        found = calculation_answer(replace(asked, formula=printed), facts, doc_rank, cite)
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


_AVERAGE_ASKED = re.compile(r"\baverage\b|\bmean\b|平均", re.I)


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
            else op
            for op, w in zip(operands, wants, strict=True)
        ]
    if formula.name == "share_of_total" and len(operands) == 2 and operands[0].value > operands[1].value > 0:
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
    return NumericAnswer(calc_text(calc, operands, lang), chosen, calc, [f.fact_id for f in chosen])
