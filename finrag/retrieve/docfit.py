"""Document-period fit: how well a report's own period answers the period(s) a question asks about.

The period feature alone says "a document of a named year"; filings need more than that:

* a full-year question ("FY2022", "2022年") wants the annual report or the fourth-quarter release of that
  year; a later year's annual report repeats it as a comparative; an interim report of the next year only
  repeats the prior year's interim period;
* a multi-year span ("FY2020 to FY2022", "three year average FY2016–FY2018", "FY2021 vs FY2022") wants the
  latest report of the span, which holds all its years; earlier reports of the span hold only part of it;
* guidance ("expected to accelerate in FY2023", "outlook", "预计") for year Y is given in year Y−1's
  year-end report;
* a quarter or half-year question ("Q3 2023", "2023年上半年") wants that quarter's report (a half year is
  the second quarter's report), a year later's report of the same quarter repeats it;
* a period end the question writes ("the six months ended December 31, 2022", "as of June 30, 2023") is
  the report ending then, whatever fiscal year or quarter its filer calls it (Amcor's fiscal 2023 second
  quarter ends in December 2022; a calendar-year filer's June balance is in its second-quarter 10-Q).

:func:`period_ask` reads this from the analysis; :func:`doc_fit` scores one document's fiscal year and
period in [-1, 1] (0 = nothing to say: no period asked or the document carries none); :func:`best_files`
picks, among the named companies' documents, the ones fitting best (the focus lists keep those).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import date

from finrag.model import DocumentRecord, Period, QueryAnalysis

FIT = 1.0  # the report of the asked period
LATER = 0.5  # a later report of the window that repeats the period as a comparative
PARTIAL = -0.5  # a report covering part of it (an earlier year of a span, an interim of the next year)
OTHER = -1.0  # a report of another period
ANNUAL_PERIODS = ("FY", "Q4")  # a fourth-quarter release reports the full year too
HALF_AS_QUARTER = {"H1": "Q2", "H2": "Q4"}  # a half year ends with this quarter's report
ANNUAL_REACH = 1  # no report within the window: one this many years later (three-year statements) holds it
WEEK_YEAR_DAYS = 7  # a 52/53-week year ends up to a week from the date a question writes (J&J: 1 Jan 2023)
# Questions about what a report expects: the year asked follows the report's fiscal year (guidance for
# 2023 is in the FY2022 report); the answer stage's period check allows the same
FORWARD = re.compile(
    r"\b(?:expect(?:s|ed|ations?)?|guidance|outlook|forecast(?:s|ed|ing)?|projected|projections?|anticipat\w*"
    # "plans to", "planned": not a pension or stock plan ("defined benefit pension plans at fiscal 2023")
    r"|plan(?:s|ned)?(?=\s+(?:to|for|on)\b)|planned)\b|预计|预期|预测|展望|指引|计划|业绩预告",
    re.I,
)


@dataclass(slots=True)
class PeriodAsk:
    """The report period a question wants: year ``target`` (its annual report, or quarter ``quarter``)."""

    target: int
    first: int  # earliest year the answer needs (== target unless a span)
    quarter: str | None = None  # "Q1".."Q4" when a quarter or half year is asked
    forward: bool = False  # guidance for ``target + 1`` asked: the year-end report of ``target`` holds it
    ends: tuple[str, ...] = ()  # period ends the question writes to the day (ISO dates)

    @property
    def span(self) -> bool:
        return self.first < self.target


def period_ask(analysis: QueryAnalysis) -> PeriodAsk | None:
    """The period a question's answer is reported in; None when it names no year."""
    dated = [p for p in analysis.periods if p.fiscal_year]
    if not dated:
        return None
    years = sorted({p.fiscal_year for p in dated if p.fiscal_year})
    latest = [p.fiscal_period or "" for p in dated if p.fiscal_year == years[-1]]
    quarters = {HALF_AS_QUARTER.get(q, q) for q in latest if q and q != "FY"}
    quarter = next(iter(quarters)) if len(quarters) == 1 else None  # the latest year's quarter report
    if quarter is None and len(years) == 1 and FORWARD.search(analysis.completed):
        return PeriodAsk(years[0] - 1, years[0] - 1, None, True)
    # dates written out to the day ("December 31, 2022", "2019年12月31日"), not ends derived from "FY2022"
    ends = tuple(dict.fromkeys(p.period_end for p in dated if p.period_end and written_date(p)))
    return PeriodAsk(years[-1], years[0], quarter, ends=ends)


def written_date(p: Period) -> bool:
    """The period is a day the question writes out (find_periods dates no year label to the day)."""
    return p.kind == "instant" and p.fiscal_period is None and p.period_end is not None


def days_near(a: str, b: str, days: int = WEEK_YEAR_DAYS) -> bool:
    """Two ISO dates at most ``days`` apart (False when either is no date)."""
    try:
        return abs((date.fromisoformat(a) - date.fromisoformat(b)).days) <= days
    except ValueError:
        return False


def doc_fit(
    ask: PeriodAsk | None, year: int | None, period: str | None, window: int, end: str | None = None
) -> float:
    """Fit of a report of fiscal ``year``/``period`` ("FY", "Q1".."Q4", "H1", None), ending on ``end``
    when known, to the ask."""
    if ask is None or year is None:
        return 0.0
    if end and ask.ends:
        if any(days_near(end, e) for e in ask.ends):
            return FIT
        if not ask.span:  # one period asked: its year's report that ends on another day holds another one
            return min(_year_fit(ask, year, period, window), LATER)
    return _year_fit(ask, year, period, window)


def _year_fit(ask: PeriodAsk, year: int, period: str | None, window: int) -> float:
    period = HALF_AS_QUARTER.get(period or "", period)
    annual = period in ANNUAL_PERIODS
    if ask.quarter is not None:
        if year == ask.target and (period == ask.quarter or (ask.quarter in ANNUAL_PERIODS and annual)):
            return FIT
        if period == ask.quarter and 0 < year - ask.target <= window:
            return LATER
        return PARTIAL if ask.first <= year <= ask.target else OTHER
    if year == ask.target:  # a report without a period (an 8-K) may hold it: below the annual report
        return FIT if annual else (LATER if period is None else PARTIAL)
    if annual and 0 < year - ask.target <= window:
        return LATER
    if ask.first <= year < ask.target or (not annual and 0 < year - ask.target <= window):
        return PARTIAL
    return OTHER


def best_files(ask: PeriodAsk | None, companies: list[list[DocumentRecord]], window: int) -> list[str]:
    """Files of each named company's best-fitting reports (all of a company whose documents carry no fiscal
    year); [] (no preference) when a company has none of the asked period."""
    if ask is None or not companies:
        return []
    out: list[str] = []
    for records in companies:
        if records and all(r.meta.fiscal_year is None for r in records):
            out += [r.file for r in records]  # a prospectus is dated by no fiscal year: its own files
            continue
        files = _fitting(ask, records, window)
        if not files:  # nothing of the asked period for this company: no preference at all
            return []
        out += files
        if ask.target - ask.first > window + ANNUAL_REACH:  # "FY2016 … FY2023": no report prints both
            out += _fitting(replace(ask, target=ask.first, ends=()), records, window)
    return list(dict.fromkeys(out))


def _fitting(ask: PeriodAsk, records: list[DocumentRecord], window: int) -> list[str]:
    """The files of the company's reports that fit ``ask`` best, reaching a year further when none does
    (a 10-K prints its flows for three years); [] when none fits."""
    for reach in (window, window + ANNUAL_REACH):
        scored = [
            (doc_fit(ask, r.meta.fiscal_year, r.meta.fiscal_period, reach, r.meta.period_end), r.file)
            for r in records
        ]
        top = max((s for s, _ in scored), default=0.0)
        if top > 0:
            return [f for s, f in scored if s == top]
    return []
