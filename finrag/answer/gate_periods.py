"""The evidence gate's period check: whether the retrieved reports cover the years and dates a question
asks about (a FY2022 10-K holds 2022 and its comparatives, its outlook speaks of 2023, a 10-Q to June 30
holds nothing of September)."""

from __future__ import annotations

import re
from datetime import date, timedelta

from finrag.answer.column_periods import FULL_YEAR
from finrag.answer.periods import MONTH_NAMES, MONTHS, year_end
from finrag.answer.query import AskedFor
from finrag.answer.question_years import NAMED_REPORT, REPORT_PART
from finrag.model import Chunk, Hit
from finrag.retrieve.docfit import FORWARD, WEEK_YEAR_DAYS, days_near
from finrag.retrieve.periods import quarter_later, shift_year

# A report for fiscal year Y holds Y and, as comparatives, up to two years before it (10-K income statements).
COMPARATIVE_YEARS = 2
INTERIM_YEARS = 1  # a 10-Q or a quarter's release compares with the year before only
IMPLIED_END_DAYS = 45  # a quarter dated only by its name ends up to ~6 weeks after its calendar quarter
PROSPECTUS_YEARS = 4  # a prospectus reports three full years and a stub period before its date
# "principal scheduled to come due in fiscal 2021" asked of a FY2019 10-K: a maturity schedule's later years
_MATURITY = re.compile(
    r"\b(?:come|comes|coming|fall|falls|falling|become|becomes)\s+due\b"
    r"|\bdue\s+(?:in|after|before|by|through|beyond)\s+(?:fiscal\s+)?(?:19|20)\d{2}"
    # "how much amortization expense does it expect to record over 2023 through 2027": a schedule ahead
    r"|\bexpect\w*\b[^.?]{0,60}\bamortization\b|\bamortization\b[^.?]{0,60}\bexpect\w*|\bfuture\s+amortization\b"
    # "estimated future benefit payments … for 2023 through 2027", "future minimum lease payments"
    r"|\b(?:expected|estimated|future)\s+(?:future\s+)?(?:minimum\s+)?(?:operating\s+|finance\s+)?"
    r"(?:benefit|lease|rental)\s+payments\b"
    # "what percentage of its lease payments was scheduled for fiscal 2022": a share (an amount asked of a
    # year past the schedule's is refused)
    r"|\b(?:percent(?:age)?|share|portion|proportion)\b[^?]{0,120}\bscheduled\s+(?:for|in)\s+(?:fiscal\s+)?"
    r"(?:19|20)\d{2}\b"
    r"|\bmatur(?:e|es|ing|ity|ities)\b|\bscheduled\s+(?:to\s+(?:be\s+)?)?(?:principal\s+)?(?:repa(?:y|id)|pa(?:y|id)|payments?)\b|到期",
    re.I,
)
# maturity tables list five years, then "thereafter"; a table of the long-term part starts a year later
MATURITY_YEARS = 6
# "Fiscal 2022 ended January 28, 2023": a written date that ends a fiscal year the question names
_END_DATE = re.compile(r"\b(?:ended|ending)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s*((?:19|20)\d{2})")


def report_covers(report_year: int, year: int, window: int, ahead: int = 0) -> bool:
    """A report of fiscal ``report_year`` holds figures of ``year``: its own year or, as comparatives, up
    to ``window`` years before it; ``ahead`` 1 lets an outlook speak of the year after the report."""
    return year - ahead <= report_year <= year + window


def only_in_end_date(asked: AskedFor, year: int) -> bool:
    """``year`` is written only as the end date of the fiscal year before it, which the question names."""
    q = asked.question
    in_dates = sum(1 for m in _END_DATE.finditer(q) if int(m.group(1)) == year)
    return (
        year - 1 in asked.years and in_dates > 0 and in_dates == len(re.findall(rf"(?<!\d){year}(?!\d)", q))
    )


def _after_evidence(asked: AskedFor, evidence: list[Hit]) -> str | None:
    """The date the question writes ("three months ended September 30, 2023") when every evidence document
    ends before it (the latest filing is the 10-Q to June 30, 2023): None when one reaches it or a
    document's end is unknown (a quarter's release without its date ends with its calendar quarter; a
    current report with its report date; a full-year release without a date is judged by the others)."""
    ends = [_document_end(h) for h in evidence]
    undated = [h.chunk.meta.fiscal_period for h, e in zip(evidence, ends, strict=True) if e is None]
    if not asked.dates or not any(ends) or any(p != "FY" for p in undated):
        return None
    asked_end = max(asked.dates)
    if any(_prints_date(h.chunk.text, asked_end, asked.intent == "text") for h in evidence):
        return None  # a cover page's "As of January 31, 2023, … shares outstanding", after its year
    try:
        reach = max(date.fromisoformat(e[0]) + timedelta(days=e[1]) for e in ends if e)
        return asked_end if date.fromisoformat(asked_end) > reach else None
    except ValueError:
        return None


def _prints_date(text: str, day: str, anywhere: bool = False) -> bool:
    """``text`` states a balance at the ISO date ``day`` ("As of January 31, 2023", "截至2023年1月31日"), or,
    ``anywhere``, writes the date at all (a text question about an agreement running "至2007年12月1日")."""
    try:
        d = date.fromisoformat(day)
    except ValueError:
        return False
    month = list(MONTHS)[d.month - 1]
    # a balance stated at that day ("As of August 30, 2023, 217,638,155 shares") or an event told of it ("On
    # March 2, 2023, we announced an increase in our regular quarterly dividend"), not a period ending on it
    en, zh = (r"", r"") if anywhere else (r"\b(?:as of|at|on)\s+", r"(?:截至|截止|于)")
    return (
        re.search(rf"{en}\b{month}\s+{d.day},?\s+{d.year}\b", text, re.I) is not None
        or re.search(rf"{zh}{d.year}年{d.month}月{d.day}日", text) is not None
    )


QUARTERLY_DATA_YEARS = 2  # an annual report's quarterly data: its own year's quarters and the year before's


def _span_unreported(asked: AskedFor, evidence: list[Hit], next_quarter: bool = True) -> str | None:
    """The end of a quarter or part of a year asked ("the three months ended September 30, 2022") when no
    evidence report ends on it, a year after it (its comparatives) or, with ``next_quarter``, a quarter after
    it (its six months to date less its own quarter: derived_quarters), and no annual report of its year or
    the next is among the evidence (its quarterly data); None when a report's end is unknown."""
    ends = [_document_end(h) for h in evidence]
    if not asked.span_ends or any(e is None for e in ends):
        return None
    annuals = [h.chunk.meta for h in evidence if h.chunk.meta.fiscal_period in (None, "FY")]
    annual = {m.fiscal_year for m in annuals}
    # an annual report ending within two years after the day: its quarterly data holds that quarter
    annual_ends = [m.period_end for m in annuals if m.period_end]
    for day in asked.span_ends:
        days = [day, *([quarter_later(day) or day] if next_quarter else [])]
        days += [shift_year(d, 1) for d in days]  # the report a year on (its comparatives)
        reported = any(days_near(e[0], d, e[1]) for e in ends if e for d in days)
        two_later = shift_year(day, QUARTERLY_DATA_YEARS)
        if reported or any(day <= end <= two_later for end in annual_ends):
            continue
        if not annual & {int(day[:4]), int(day[:4]) + 1}:
            return day
    return None


def next_quarter_only(asked: AskedFor, evidence: list[Hit]) -> str | None:
    """The end of a quarter asked that only the next quarter's report holds, as a difference of its columns:
    an answer must work it out (derived_quarters), or there is none."""
    if _span_unreported(asked, evidence):
        return None
    return _span_unreported(asked, evidence, next_quarter=False)


def _document_end(hit: Hit) -> tuple[str, int] | None:
    """The last date a document reports on and the days of slack it allows: its period end or a report's
    date (a 52/53-week year's week), else its quarter's calendar end (a fiscal calendar may run later)."""
    m = hit.chunk.meta
    if m.period_end or m.report_date:
        return m.period_end or m.report_date or "", WEEK_YEAR_DAYS
    quarter = m.fiscal_period[1:] if m.fiscal_period and m.fiscal_period.startswith("Q") else ""
    if m.fiscal_year and quarter.isdigit():
        return year_end(m.fiscal_year, 3 * int(quarter)), IMPLIED_END_DAYS
    return None


_FULL_DATE = re.compile(r"[A-Z][a-z]+\.?\s+\d{1,2},\s*((?:19|20)\d{2})|((?:19|20)\d{2})年\d{1,2}月\d{1,2}日")


def _only_in_dates(question: str, year: int) -> bool:
    """``year`` is written only inside full dates ("October 1, 2017")."""
    in_dates = sum(1 for m in _FULL_DATE.finditer(question) if int(m.group(1) or m.group(2)) == year)
    return in_dates > 0 and in_dates == len(re.findall(rf"(?<!\d){year}(?!\d)", question))


def _month_told(question: str, year: int, evidence: list[Hit]) -> bool:
    """``year`` is written only with a month ("in January 2023") and the evidence tells of that month of
    it ("on January 4, 2023", "in January 2023"): the subsequent events a report of the year before holds."""
    said = [m for m in _MONTH_YEAR.finditer(question) if int(m.group(2)) == year]
    if not said or len(said) != len(re.findall(rf"(?<!\d){year}(?!\d)", question)):
        return False
    told = [re.compile(rf"\b{m.group(1)}\s+(?:\d{{1,2}},?\s+)?{year}\b", re.I) for m in said]
    return any(p.search(h.chunk.text) for p in told for h in evidence)


_MONTH_YEAR = re.compile(rf"\b({MONTH_NAMES})\s+(?:\d{{1,2}},?\s+)?((?:19|20)\d{{2}})\b", re.I)
_PART_REPORTS = ("Q1", "Q2", "Q3", "H1")  # an interim report holds part of a year (a Q4 release: all of it)


def _covers(hit: Hit, year: int, ahead: int, dated: bool = True, whole: bool = False) -> bool:
    """The hit's report holds figures of ``year``: an annual report three years, a prospectus its track
    record, an interim report (a 10-Q, a quarter's release) its own year and the comparatives of the year
    before, by its fiscal name or, for a year the question writes in a date (``dated``), by the calendar
    year it ends in (Amcor's fiscal 2023 Q2 ends on December 31, 2022, J&J's fiscal 2022 on January 1,
    2023); the ``whole`` year ("full-year 2022"), none of the first three quarters' reports."""
    m = hit.chunk.meta
    if m.fiscal_year is None:
        return False
    if m.doc_type == "prospectus":
        return report_covers(m.fiscal_year, year, PROSPECTUS_YEARS, ahead)
    if whole and m.fiscal_period is None and _dated_early_in(m.report_date, year):
        return False  # a current report (8-K) dated in May 2023 cannot report the whole of 2023
    ends = {m.fiscal_year, *([int(m.period_end[:4])] if m.period_end and dated else [])}
    if m.fiscal_period in (None, "FY"):  # J&J's fiscal 2022 ends on January 1, 2023
        return any(report_covers(y, year, COMPARATIVE_YEARS, ahead) for y in ends)
    if whole and m.fiscal_period in _PART_REPORTS:
        return False
    return any(report_covers(y, year, INTERIM_YEARS, ahead) for y in ends)


LAST_EARLY_MONTH = 9  # a current report dated in or before September of a year is filed before it has ended


def _dated_early_in(report_date: str | None, year: int) -> bool:
    """A report dated in ``year`` before its last quarter (an 8-K's date): no whole year's results."""
    if not report_date:
        return False
    return report_date[:4] == str(year) and int(report_date[5:7]) <= LAST_EARLY_MONTH


def year_cell(year: int) -> str:
    """A table cell's text that is the year alone ("2017", "2017年", "2017年度", "2011(1)" with its
    footnote mark, "Fiscal 2011"), as a pattern."""
    return rf"(?:fiscal\s+)?{year}\s*(?:年度?)?(?:\s*\(\d\))*"


def past_year_cell(chunk: Chunk, year: int) -> bool:
    """The chunk's table heads a column or row with a year before its report's own ("| 2017年度 |" in a 2019
    report's five-year table): that year's figures, whole. A later year is a schedule's."""
    report = chunk.meta.fiscal_year
    cell = rf"\|\s*{year_cell(year)}\s*(?=\|)"
    return report is not None and year < report and re.search(cell, chunk.text) is not None


def uncovered_period(asked: AskedFor, evidence: list[Hit]) -> str | None:
    """The first year or date the question asks about that no evidence report covers; None when all are
    covered."""
    ahead = 1 if FORWARD.search(asked.question) else 0  # a FY2022 report's outlook speaks of 2023
    ahead = MATURITY_YEARS if _MATURITY.search(asked.question) else ahead  # its debt falls due years later
    # a text question about a named report may ask of the months after its year (subsequent events)
    # "According to CVS Health's FY2022 10-K, what did CVS agree to in February 2023": the report is named
    named = {int(y) for y in NAMED_REPORT.findall(asked.question)} if asked.intent == "text" else set()
    # "full-year 2022": a quarter's report holds part of it (a quarter's release gives the year's guidance)
    whole = not (asked.part_year or ahead) and FULL_YEAR.search(asked.question) is not None
    for year in asked.years:
        if year - 1 in named or only_in_end_date(asked, year):
            continue  # the named report speaks of the year after it / the date a named fiscal year ended
        if asked.intent == "text" and _only_in_dates(asked.question, year):
            continue  # "the October 1, 2017 shooting": an event's date, not a period asked about
        if asked.intent == "text" and _month_told(asked.question, year, evidence):
            continue  # "received in January 2023": a report tells of the months after its year
        # "fiscal 2022 (52 weeks ended January 28, 2023)": a report may be dated by the name or the end
        named_as = {year, year - asked.year_offset}
        dated = any(d.startswith(str(year)) for d in asked.dates)  # "at January 28, 2023", not "fiscal 2023"
        covered = any(_covers(h, y, ahead, dated, whole) for h in evidence for y in named_as) or any(
            (
                h.chunk.meta.fiscal_year is None
                and str(year) in h.chunk.text
                and not _whole_year_after(h, year, asked)
            )
            or (past_year_cell(h.chunk, year) and not (whole and h.chunk.meta.fiscal_period in _PART_REPORTS))
            for h in evidence
        )  # a five-year table's "| 2017年度 |" column holds that year's figures (a 10-Q's, part of the year)
        if not covered:
            return str(year)
    return (
        _after_evidence(asked, evidence)  # Q3 of a 10-Q to June
        or _span_unreported(asked, evidence)
        or _quarter_unreported(asked, evidence)
    )


# a part of a year written after it ("2006年6月末", "2006年1—6月", "2006年上半年") or in English words
_ZH_PART = r"\s*(?:\d{1,2}\s*月|第?[一二三四]季度|[上下]半年|前三季度|1\s*[-—–~至]\s*\d{1,2}\s*月)"
_PART_OF_YEAR = re.compile(
    rf"\b(?:{MONTH_NAMES})\b|\b(?:six|nine|three)\s+months\b|\bquarter\b|\bhalf\b", re.I
)


_TARGET = re.compile(r"目标|规划|\btargets?\b|\bgoals?\b", re.I)


def _whole_year_after(hit: Hit, year: int, asked: AskedFor) -> bool:
    """A whole year's figure asked of a prospectus dated in that year or before it ("爱康2011年净利润" of one
    dated July 2011): its track record ends before, whatever dates its text writes."""
    m = hit.chunk.meta
    if m.doc_type != "prospectus" or not m.report_date or year < int(m.report_date[:4]):
        return False
    figure = asked.intent in ("lookup", "calculation") and not asked.part_year
    # "2010年（预测值）", "2020年目标": a forecast or a target it may print
    figure = figure and not FORWARD.search(asked.question) and not _TARGET.search(asked.question)
    dated = any(d.startswith(str(year)) for d in asked.dates)  # "截至2011年6月30日": a day it may report
    # "2006年6月末", "January–June 2006", "截至2006年7月": a part of the year, which a stub period may hold
    part = _PART_OF_YEAR.search(asked.question) or re.search(rf"{year}年{_ZH_PART}", asked.question)
    return figure and not dated and not part


def _quarter_unreported(asked: AskedFor, evidence: list[Hit]) -> str | None:
    """A quarter asked by its fiscal name ("bby q3 fy24") that no evidence report holds: none is that
    quarter's or a later one's of its year, the same quarter's of the next year (its comparatives), an
    annual report of its year or the next, or a report whose period is unknown."""
    quarters = set(asked.quarters)
    if len(quarters) != 1 or len(asked.years) != 1 or asked.dates:
        return None  # a date written ("13 weeks ended January 28, 2023") is checked by the span's end
    n, year = int(next(iter(quarters))[1:]), asked.years[0]
    trend = REPORT_PART.search(asked.question) is not None  # "the 10-Q for the second quarter of 2023"
    return None if any(_holds_quarter(h, year, n, trend) for h in evidence) else f"Q{n} {year}"


TREND_QUARTERS = 4  # a quarter's report may print the four quarters before its own ("2Q23 … 2Q22" highlights)


def _holds_quarter(hit: Hit, year: int, n: int, trend: bool = False) -> bool:
    """``hit``'s report can hold quarter ``n`` of ``year``; with ``trend`` (the question names a later
    quarter's report) also one of the four quarters before the report's own."""
    m = hit.chunk.meta
    if m.fiscal_year is None or m.doc_type == "prospectus" or m.fiscal_period in (None, "FY"):
        return m.fiscal_year is None or m.fiscal_year >= year  # an annual report's quarterly data
    k = int(m.fiscal_period[1:]) if m.fiscal_period[:1] == "Q" and m.fiscal_period[1:].isdigit() else 0
    trend = trend and bool(k) and 0 <= (m.fiscal_year * 4 + k) - (year * 4 + n) <= TREND_QUARTERS
    same = m.fiscal_year == year and (k >= n or not k)
    return same or (m.fiscal_year == year + 1 and k in (n, 0)) or trend
