"""A cited lookup: which values a lookup question asks for, the record numeric answers share (text, facts,
calculation) and a fact's value quoted with its unit and period, each cited by the chunk showing it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from decimal import Decimal

from finrag.answer.calc import Operand
from finrag.answer.conversion import converted
from finrag.answer.lookup import Want, best_fact
from finrag.answer.per_share import unitless_row
from finrag.answer.query import AskedFor
from finrag.answer.row_asks import part_match, rate_after, shows_measure
from finrag.answer.units import format_number
from finrag.model import Calculation, Fact

# Shares and ratios of a cash outflow ("capex as a % of revenue") use its size: the cash flow statement
# prints outflows in parentheses, and a "-1.9%" share of revenue is not what anyone means. So do named
# formulas over costs, which some income statements print as "(11,969)" (a gross margin of 181% otherwise).
OUTFLOW_CONCEPTS = frozenset(
    {
        "capex",
        "dividends_paid",
        "share_repurchases",
        "cost_of_revenue",
        "selling_expense",
        "admin_expense",
        "sga_expense",
        "rd_expense",
        "interest_expense",
        "depreciation_amortization",
        "debt_repaid",
    }
)
CiteFn = Callable[[Fact], int]  # a fact -> the [n] of the chunk that shows it


@dataclass(slots=True)
class NumericAnswer:
    text: str
    facts: list[Fact] = field(default_factory=list)
    calculation: Calculation | None = None
    detail: list[str] = field(default_factory=list)  # for the trace
    result: Decimal | None = None  # the single value answered, where there is one


def _unit_text(f: Fact, lang: str) -> str:
    if not f.unit or (f.unit != "%" and unitless_row(f)):
        return ""
    if lang == "zh":
        return f.unit
    if f.unit in SCALE_WORDS:  # "667,603 thousand": a scale read with its number
        return f" {SCALE_WORDS[f.unit]}"
    return "%" if f.unit == "%" else f" ({f.unit})" if f.unit.isascii() else f" {f.unit}"


SCALE_WORDS = {"thousands": "thousand", "millions": "million", "billions": "billion"}


def value_text(f: Fact, lang: str) -> str:
    return format_number(f.value, None) + _unit_text(f, lang)


def _period_text(f: Fact) -> str:
    return f.column_label or (str(f.fiscal_year) if f.fiscal_year else "")


# "20. Reportable Segments": a note's number, which would end a sentence of the answer
_NOTE_NUMBER = re.compile(r"^(?:note\s+)?\d{1,2}\.\s+", re.I)


def lookup_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Each asked line item/period quoted from its fact; None when none is found."""
    found: list[Fact] = []
    outflow = False  # the first fact found is an outflow printed negative: quoted (and converted) by size
    lines: list[str] = []
    for want in wants_for(asked):
        f = best_fact(facts, want, asked, doc_rank)
        if f is None or f.fact_id in {g.fact_id for g in found}:
            continue  # one cell (read under two names) is quoted once
        measure = rate_after(asked.question, want.item) if asked.formula is None else ""
        if measure and not shows_measure(measure, f.line_item_norm + f.column_label):
            continue  # "固定资产的总体成新度": a measure of the item, not the item's balance
        outflow = outflow or (not found and want.item.concept in OUTFLOW_CONCEPTS and f.value < 0)
        found.append(f)
        n = cite(f)
        who = f.company or ""
        if asked.language == "zh":
            where = f"{f.statement or '表格'}，{_period_text(f)}"
            lines.append(f"{who}{want.item.printed}（{where}）为{value_text(f, 'zh')}[{n}]。")
        else:
            where = f"{_NOTE_NUMBER.sub('', f.statement) or 'table'}, {_period_text(f)}"
            value = value_text(f, "en")
            if want.item.concept in OUTFLOW_CONCEPTS and f.value < 0:  # capex printed "(1,577)": its size
                value = f"{value_text(replace(f, value=-f.value), 'en')}, an outflow printed in brackets"
            lines.append(f"{want.item.printed} ({where}): {value} [{n}].")
    if not found:
        return None
    first = replace(found[0], value=-found[0].value) if outflow else found[0]
    conversion = converted(asked, first, cite(found[0])) if len(found) == 1 else None
    if conversion is not None:
        n = conversion.inputs[0].citation
        lines.append(conversion.text + (f"[{n}]。" if asked.language == "zh" else f" [{n}]."))
    return NumericAnswer("\n".join(lines), found, conversion, [f.fact_id for f in found])


def operand(f: Fact, label: str, cite: CiteFn) -> Operand:
    if unitless_row(f) and f.unit != "%":
        return Operand(label, f.value, None, Decimal(1), cite(f))
    return Operand(label, f.value, f.unit, f.scale, cite(f))


def wants_for(asked: AskedFor) -> list[Want]:
    """Which values a lookup question asks for: each line item at each year named (or the latest)."""
    years: list[int | None] = [*asked.years] or [None]
    out: list[Want] = []
    parts = [m.span(1) for i in asked.line_items if (m := part_match(asked.question, i))]
    # "短期借款的期末余额和年初余额各是多少": the closing balance and the opening one, both
    both = asked.prior_year_end and bool(asked.years) and _BOTH_ENDS.search(asked.question) is not None
    for item in asked.line_items:
        if any(a <= item.start and item.end <= b for a, b in parts):
            continue  # "固定资产的累计折旧": "折旧" is the part of the fixed assets asked, no item of its own
        if both:  # a Chinese half-year report closes on 30 June
            latest = max(asked.years)
            closing = f"{latest:04d}-06-30" if _ZH_HALF.search(asked.question) else None
            out += [Want(item, latest, closing, False), Want(item, latest - 1, None, True)]
            continue
        for y in years:
            year = y
            if asked.prior_year_end and y is not None:
                year = y - 1
            # a balance date the question names; a fiscal year's end is matched by the year (a "2023"
            # column of a June year-end filer reads as 31 December); two dates named: each year its own
            end = asked.dates[0] if asked.dates else None
            if len(asked.dates) > 1 and y is not None:
                end = asked.written_day(y) or end
            elif end and y is not None and not end.startswith(str(y)) and _SAME_PERIOD.search(asked.question):
                end = f"{y:04d}{end[4:]}"  # "… December 31, 2022 compared with the same quarter of 2021"
            elif end and y is not None and not end.startswith(str(y)) and asked.question.count(end[:4]) > 1:
                # "fiscal 2021 (52 weeks ended August 29, 2021) against fiscal 2020": 2020 by its year (not
                # "fiscal 2022 (13 weeks ended January 28, 2023)", one period named twice)
                end = None
            out.append(Want(item, year, end, asked.prior_year_end))
    return out


_ZH_HALF = re.compile(r"半年报|半年度|上半年|1\s*[-—–~至]\s*6\s*月")
_BOTH_ENDS = re.compile(
    r"期末.{0,8}(?:和|及|与|、).{0,6}(?:年初|期初)|(?:年初|期初).{0,8}(?:和|及|与|、).{0,6}期末"
)
_SAME_PERIOD = re.compile(
    r"\bsame (?:quarter|period|months?)\b|\byear[- ]ago\b|\ba year (?:earlier|before)\b|"
    r"\bprior[- ]year (?:quarter|period)\b|上年同期|去年同期",
    re.I,
)
