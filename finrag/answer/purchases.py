"""Share repurchases by period: "axp nov 2022 buyback - shares & avg px?", "how many shares did PepsiCo
repurchase in the fiscal period October 30 - November 26, 2022, at what average price", "pfe q4 2021
buybacks".

A 10-K's Item 5 (a 10-Q's Part II Item 2) prints the issuer's purchases of its own shares as one row per
fiscal month ("October 3, 2022 through October 30, 2022", "9/4/2022 - 10/1/2022", "November 1-30, 2022",
printed as a row label or as a heading over sub-rows such as "Repurchase program" and "Employee
transactions") and a "Total" row for the quarter, under columns such as "Total Number of Shares Purchased"
and "Average Price Paid Per Share". The row asked is the one whose dates cover most of the month asked, the
one with the dates the question writes, or the quarter's "Total" row of the report for that quarter.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, citer, readable
from finrag.answer.formula_base import Formula
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.quoted import SCALE_WORDS
from finrag.answer.units import format_number
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Chunk, Fact, Filters, Hit
from finrag.retrieve.periods import month_number

ASKS_PURCHASES = re.compile(
    r"\b(?:re-?purchas\w*|buy\s*-?backs?|bought\s+back)\b"
    r"|\b(?:purchas\w*|bought)\b[^.?]{0,60}\b(?:shares|stock)\b|\b(?:shares|stock)\b[^.?]{0,60}\b(?:purchas\w*|bought)\b",
    re.I,
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
# "October 3, 2022", "Oct. 30", "November 1-30, 2022" (a day range in one month)
_DAY = re.compile(
    rf"\b({_MONTH})\s+(\d{{1,2}})(?!\d)(?:\s*[-–]\s*(\d{{1,2}}))?(?:,?\s*((?:19|20)\d{{2}}))?", re.I
)
_NUMERIC_DAY = re.compile(r"\b(\d{1,2})/(\d{1,2})/((?:19|20)?\d{2})\b")
_MONTH_YEAR = re.compile(rf"\b({_MONTH})\s*'?((?:19|20)\d{{2}}|\d{{2}})\b", re.I)
_TOTAL = re.compile(r"^\s*total\b", re.I)
# the columns of the table, by what each counts
_COLUMNS = {
    "plan": re.compile(r"publicly\s+announced|part\s+of\s+(?:the\s+)?(?:plans?|programs?)", re.I),
    "left": re.compile(r"yet\s+be\s+purchased|remaining|approximate\s+dollar\s+value", re.I),
    "price": re.compile(r"average\s+price|avg\.?\s+price", re.I),
    "shares": re.compile(r"total\s+number\s+of\s+shares|shares\s+purchased|number\s+of\s+shares", re.I),
}
# what the question asks of the row: counts, the average price, the plan's part, what is left
_ASKED = {
    # (not "its share buyback program", which names the program: "how much was still available under …")
    "shares": re.compile(r"\bshares?\b(?!\s+(?:buy\s*-?backs?|repurchases?)\b)|\bhow\s+many\b", re.I),
    "price": re.compile(r"\bprice\b|\bpx\b", re.I),
    "plan": re.compile(r"\bannounced\b|\bunder\s+(?:the|its)\s+(?:plan|program)", re.I),
    "left": re.compile(
        r"\bremain\w*|\bauthori[sz]ation\s+(?:was\s+)?left|\byet\s+to\s+be\b|\bstill\s+available\b", re.I
    ),
}
# "how many dollars did those Q4 buybacks cost": the shares times their average price
_COST_ASKED = re.compile(r"\bcost\b|\bspen[dt]\b|\bhow\s+many\s+dollars\b|\bdollar\s+amount\b", re.I)
# a share count printed at or above this is shares one by one, not millions of them ("in millions" is the
# table's dollar column's scale: no company buys back a billion shares in a month)
COUNT_IN_SCALE_MAX = 1000
PRICE_PLACES = 2  # a price per share is worked out to the cent
MIN_OVERLAP = 0.5  # a fiscal month ("October 30 - November 26") is the calendar month holding most of it
DAYS_SLACK = 3  # a written date matches a row's within this many days (fiscal weeks end on Saturdays)


@dataclass(frozen=True, slots=True)
class Span:
    start: date
    end: date

    def days(self) -> int:
        return (self.end - self.start).days + 1

    def overlap(self, other: Span) -> int:
        return max(0, (min(self.end, other.end) - max(self.start, other.start)).days + 1)


def _month(word: str) -> int | None:
    """ "November", "Nov." or "nov" -> 11; None for another word the pattern took ("Novel")."""
    try:
        return month_number(word)
    except KeyError:
        return None


def _year(text: str) -> int:
    return int(text) if len(text) == 4 else 2000 + int(text)


def dated_span(text: str, year: int | None = None) -> Span | None:
    """The dates a row label or a question writes ("October 3, 2022 through October 30, 2022",
    "9/4/2022 - 10/1/2022", "November 1-30, 2022"); a year left out is the later date's or ``year``."""
    days: list[tuple[int, int, int | None]] = []
    for m in _NUMERIC_DAY.finditer(text):
        days.append((int(m.group(1)), int(m.group(2)), _year(m.group(3))))
    if not days:
        for m in _DAY.finditer(text):
            month = _month(m.group(1))
            if month is None:
                continue
            y = int(m.group(4)) if m.group(4) else None
            days.append((month, int(m.group(2)), y))
            if m.group(3):
                days.append((month, int(m.group(3)), y))
    years = [y for _, _, y in days if y is not None] or ([year] if year else [])
    if len(days) < 2 or not years:  # a span needs its first and last day
        return None
    last_year = years[-1]
    try:
        start_month, start_day, start_year = days[0]
        end_month, end_day, end_year = days[-1]
        end = date(end_year or last_year, end_month, end_day)
        before = end.year - 1 if start_month > end_month else end.year  # "November 28 … January 1, 2023"
        start = date(start_year or before, start_month, start_day)
    except ValueError:
        return None
    return Span(start, end) if start <= end else None


# "(November 2017 - January 2018)": the calendar months from one to the other
_MONTH_RANGE = re.compile(
    rf"\b({_MONTH})\s*((?:19|20)\d{{2}})?\s*(?:[-–]|to|through)\s*({_MONTH})\s*((?:19|20)\d{{2}})\b", re.I
)


def asked_month(question: str) -> Span | None:
    """The calendar month a question names with its year ("November 2022", "nov 2022", "in January 2019"), or
    the months from one to another ("November 2017 - January 2018")."""
    if (r := _MONTH_RANGE.search(question)) and (first := _month(r[1])) and (last := _month(r[3])):
        end_year = int(r[4])
        start_year = int(r[2]) if r[2] else end_year - (first > last)
        end = date(end_year, last, calendar.monthrange(end_year, last)[1])
        if date(start_year, first, 1) < end:
            return Span(date(start_year, first, 1), end)
    for m in _MONTH_YEAR.finditer(question):
        month = _month(m.group(1))
        if month is not None:
            year = _year(m.group(2))
            return Span(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))
    return None


_ANY_YEAR = 2000  # a label's dates may leave the year to the report: any year tells it prints dates


@dataclass(slots=True)
class Row:
    period: str  # the label printing its dates (or "Total")
    kind: str  # a sub-row's own label ("Repurchase program"), "" when the period labels the row
    cells: dict[str, Fact]
    table: tuple[str, str] = ("", "")  # its document and table


def purchase_rows(facts: list[Fact]) -> list[Row]:
    """The rows of the purchases tables in ``facts``: facts under a count or price column, keyed by their
    period (the row label, or the heading over a sub-row) and sub-row."""
    rows: dict[tuple[str, str, str, str], Row] = {}
    for f in facts:
        column = next((k for k, p in _COLUMNS.items() if p.search(f.column_label)), None)
        if column is None:
            continue
        if _TOTAL.match(f.line_item):  # "Total", "Total Repurchase program" (under the last month's heading)
            period, kind = "Total", _TOTAL.sub("", f.line_item).strip()
        elif dated_span(f.line_item, _ANY_YEAR):
            period, kind = f.line_item, ""
        elif f.section and dated_span(f.section, _ANY_YEAR):
            period, kind = f.section, f.line_item
        else:
            continue
        table = (f.doc_id, f.table_ref or "")
        row = rows.setdefault((*table, period, kind), Row(period, kind, {}, table))
        row.cells.setdefault(column, f)
    return [r for r in rows.values() if "shares" in r.cells or "price" in r.cells]


def _span(row: Row, chunk: Chunk | None) -> Span | None:
    return dated_span(row.period, chunk.meta.fiscal_year if chunk else None)


def _asked_rows(asked: AskedFor, rows: list[Row], chunks: dict[str, Chunk]) -> list[Row]:
    """The rows of the period asked: the dates written, the month named, or the quarter's total."""
    chunk_of = {id(r): chunks.get(next(iter(r.cells.values())).chunk_id) for r in rows}
    spans = {id(r): _span(r, chunk_of[id(r)]) for r in rows}
    written = dated_span(asked.question)
    if written is not None:
        same = [r for r in rows if (s := spans[id(r)]) is not None and _same(s, written)]
        # "its fiscal fourth quarter (October 3, 2022 - January 1, 2023)": the months of one table together
        tables = {r.table for r in rows if r.period == "Total"}
        for table in tables if not same else ():
            months = [s for r in rows if r.table == table and (s := spans[id(r)]) is not None]
            if months and _same(Span(min(s.start for s in months), max(s.end for s in months)), written):
                same += [r for r in rows if r.table == table and r.period == "Total"]
        return same
    month = asked_month(asked.question)
    if month is not None:
        within = [
            r for r in rows if (s := spans[id(r)]) is not None and s.overlap(month) >= MIN_OVERLAP * s.days()
        ]
        # "November 2017 - January 2018": the months of one table, read as its quarter's total
        totals = [r for r in rows if r.period == "Total" and r.table in {w.table for w in within}]
        return totals if len({w.period for w in within}) > 1 and len(totals) == 1 else within
    if len(asked.quarters) == 1 and len(asked.years) == 1:  # "q4 2021": the total of that quarter's report
        quarter, year = asked.quarters[0], asked.years[0]
        periods = {quarter, "FY"} if quarter == "Q4" else {quarter}
        return [
            r
            for r in rows
            if r.period == "Total"
            and (c := chunk_of[id(r)]) is not None
            and c.meta.fiscal_year == year
            and (c.meta.fiscal_period or "FY") in periods
        ]
    return []


def _same(a: Span, b: Span) -> bool:
    return abs((a.start - b.start).days) <= DAYS_SLACK and abs((a.end - b.end).days) <= DAYS_SLACK


def _amount(f: Fact, what: str) -> str:
    scale = f" {SCALE_WORDS[f.unit]}" if f.unit in SCALE_WORDS else ""
    if what != "left" and f.value >= COUNT_IN_SCALE_MAX:
        scale = ""  # "318,000" under "(in millions)": the table's dollars are, its shares are counted
    number = format_number(f.value, None)
    if what == "price":  # a price per share is no amount in the table's scale
        return f"an average price of ${format_number(f.value, 2)} per share"
    if what == "left":
        dollars = "dollar" in f.column_label.lower()
        return f"{'$' if dollars else ''}{number}{scale}{'' if dollars else ' shares'} still available"
    if what == "plan":
        return f"{number}{scale} shares under publicly announced plans or programs"
    return f"{number}{scale} shares"


def asks_purchases(asked: AskedFor) -> bool:
    """An English question about buybacks in a period a purchases table prints: dates, a month, a quarter."""
    if asked.language != "en" or not ASKS_PURCHASES.search(asked.question):
        return False
    quarter = len(asked.quarters) == 1 and len(asked.years) == 1
    return quarter or dated_span(asked.question) is not None or asked_month(asked.question) is not None


def purchases_answer(
    asked: AskedFor, facts: list[Fact], chunks: dict[str, Chunk], cite: CiteFn
) -> NumericAnswer | None:
    """The shares bought back in the period asked, at what average price (and what else is asked of the
    row), each cited; None when the question asks no repurchase by period or no row is of that period."""
    if not asks_purchases(asked):
        return None
    rows = purchase_rows(facts)
    chosen = _asked_rows(asked, rows, chunks)
    if not chosen:
        return None
    wanted = [k for k, p in _ASKED.items() if p.search(asked.question)] or ["shares", "price"]
    total = len(chosen) == 1 and chosen[0].period == "Total"
    if _COST_ASKED.search(asked.question) and "left" not in wanted:
        months = [r for r in rows if r.table == chosen[0].table and r.period != "Total" and not r.kind]
        return _cost(chosen if not total or "price" in chosen[0].cells else months, cite)
    if "price" in wanted and total and "price" not in chosen[0].cells:
        # a quarter's total printed without its average price: the months' prices weighted by their shares
        months = [r for r in rows if r.table == chosen[0].table and r.period != "Total" and not r.kind]
        return _weighted_price(months, cite)
    lines, used = [], []
    for row in chosen:
        # a count printed only as the plan's ("Shares Purchased as Part of Publicly Announced Plans") is the
        # count asked; an authorization left is never below zero (a month's spending in brackets is not it)
        asked_here = [*wanted, *(["plan"] if "shares" in wanted and "shares" not in row.cells else [])]
        cells = [(k, row.cells[k]) for k in _ASKED if k in asked_here and k in row.cells]
        cells = [(k, f) for k, f in cells if k != "left" or f.value >= 0]
        if not cells:
            continue
        said = ", ".join(f"{_amount(f, k)} [{cite(f)}]" for k, f in cells)
        who = f" ({row.kind})" if row.kind else ""
        lines.append(f"{row.period}{who}: {said}.")
        used += [f for _, f in cells]
    if not lines:
        return None
    value = used[0].value if len(used) == 1 else None
    return NumericAnswer("\n".join(lines), used, None, [f.fact_id for f in used], value)


def _weighted_price(months: list[Row], cite: CiteFn) -> NumericAnswer | None:
    """Σ shares × average price / Σ shares over the months of a quarter, each month's cells cited."""
    n = len(months)
    paid = " + ".join(f"{{{2 * i}}} × {{{2 * i + 1}}}" for i in range(n))
    shares = " + ".join(f"{{{2 * i}}}" for i in range(n))
    name = ("weighted_price", "加权平均价格", "Weighted average price per share")
    return _paired(months, cite, name, f"({paid}) / ({shares})", _weighted)


def _cost(rows: list[Row], cite: CiteFn) -> NumericAnswer | None:
    """Σ shares × average price: what the buybacks of the rows asked cost, each row's cells cited."""
    paid = " + ".join(f"{{{2 * i}}} × {{{2 * i + 1}}}" for i in range(len(rows)))
    return _paired(rows, cite, ("buyback_cost", "回购金额", "Cost of shares repurchased"), paid, _paid)


def _paired(
    rows: list[Row],
    cite: CiteFn,
    name: tuple[str, str, str],
    template: str,
    fn: Callable[[list[Decimal]], Decimal],
) -> NumericAnswer | None:
    """``fn`` over each row's (shares, average price) pair, worked out as ``template`` shows it."""
    pairs = [(r.cells["shares"], r.cells["price"]) for r in rows if {"shares", "price"} <= r.cells.keys()]
    if not pairs or len(pairs) != len(rows):
        return None
    operands = [  # as printed: a price per share is no amount in the table's scale
        Operand(f"{label} {_short(r.period)}", f.value, None, Decimal(1), cite(f))
        for r, pair in zip(rows, pairs, strict=True)
        for label, f in zip(("shares", "price"), pair, strict=True)
    ]
    formula = Formula(*name, ("*",) * len(operands), template, fn, False, ())
    try:
        calc = compute(formula, operands, places=PRICE_PLACES, lang="en")
    except AnswerError:
        return None
    used = [f for pair in pairs for f in pair]
    return NumericAnswer(calc_text(calc, operands, "en"), used, calc, [f.fact_id for f in used])


def _paid(values: list[Decimal]) -> Decimal:
    """(shares, price) pairs in a row -> what they were bought for."""
    return sum((n * p for n, p in zip(values[0::2], values[1::2], strict=True)), Decimal(0))


def _weighted(values: list[Decimal]) -> Decimal:
    """(shares, price) pairs in a row -> their prices' average weighted by the shares."""
    return _paid(values) / sum(values[0::2], Decimal(0))


def _short(period: str) -> str:
    """ "October 3, 2022 through October 30, 2022" -> "Oct 3-Oct 30": a month's row named briefly."""
    span = dated_span(period, _ANY_YEAR)
    return f"{span.start:%b} {span.start.day}-{span.end:%b} {span.end.day}" if span else period


def purchases_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The shares the named company bought back in the month, dates or quarter asked, read off the purchases
    tables of its retrieved reports."""
    if not asks_purchases(prep.asked):  # before reading every fact of the filer's reports
        return None
    docs = list(asked_doc_ranks(store, prep, hits, fallback=False))  # another filer's buybacks are not its
    facts = store.get_facts(Filters(access=prep.request.filters.access, doc_ids=docs)) if docs else []
    cells = [f for row in purchase_rows(facts) for f in row.cells.values()]
    cells, by_chunk, extra = readable(store, prep, cells)
    chunks = {c.chunk_id: c for _, c in prep.context} | extra
    return purchases_answer(prep.asked, cells, chunks, citer(prep, by_chunk, extra))
