"""The periods a question asks for: its fiscal years and quarters, the balance dates it writes, whether it
asks a balance (an instant) or the year before's closing one, and the years that only name a report."""

from __future__ import annotations

import re

from finrag.answer.asked import AskedFor
from finrag.answer.asked_quarters import quarters_asked
from finrag.answer.periods import YEAR
from finrag.answer.question_years import (
    QUARTER,
    REPORT_PART,
    YEAR_SPAN_ENDED,
    naming_offset,
    part_names_report_only,
    report_years_only,
    span_labels,
    year_ended,
)
from finrag.model import Period
from finrag.retrieve.lookalikes import ROW_PERIOD_WORD, names_instrument
from finrag.retrieve.periods import find_periods

_ZH_DATE = re.compile(r"((?:19|20)\d{2})年(\d{1,2})月(\d{1,2})日")
_PRIOR_END = (
    "上年末",
    "上年年末",
    "上一年末",
    "年初",
    "期初",
    "上期末",
    "beginning of the year",
    "prior year end",
)
_BASELINE = re.compile(r"(?:比|较|相比|相较|与)(?:于)?(?:期初|年初|上年末|上年年末|上期末)")
_YEAR_OPENING = re.compile(r"((?:19|20)\d{2})\s*年(?:年)?初(?!始)")
# the same year's own figures asked too ("2006年度", "2006年末"): no opening balance alone
_YEAR_CLOSED = re.compile(r"((?:19|20)\d{2})\s*年(?:度|年?末|底|\d{1,2}月)")
_YEAR_END = re.compile(r"末|\byear[- ]end(?!ed)|\bend of\b|\bas of\b")  # "year ended …" closes a year's flows


def read_periods(asked: AskedFor, text: str, given: list[Period]) -> None:
    """Sets ``asked``'s years, quarters, dates and balance flags from the periods ``text`` names (``given``:
    the retriever's, resolved)."""
    ended = year_ended(text)  # "fiscal 2022 (year ended January 28, 2023)": the date ends a year's flows
    # "比期初增加了多少": what is compared with, not a period asked; "期初现金及现金等价物余额": a row's name
    baseline = _BASELINE.sub(" ", ROW_PERIOD_WORD.sub(" ", text))
    given = [p for p in given if p.label not in _PRIOR_END or p.label in baseline]
    spans = span_labels(text, [p.label for p in given])  # "the three months ended June 30, 2023"
    asked.part_year = asked.part_year or (bool(spans) and not YEAR_SPAN_ENDED.search(text))
    asked.span_ends = [p.period_end for p in given if p.label in spans and p.period_end]
    for p in given:
        if p.fiscal_year is not None and p.fiscal_year not in asked.years:
            asked.years.append(p.fiscal_year)
        if p.kind == "instant" and p.period_end != ended and p.label not in spans:
            asked.instant = True  # "as of June 30", not "the three months ended June 30": a flow's end
        asked.part_year = asked.part_year or p.fiscal_period not in (None, "FY")
        if p.fiscal_period and p.fiscal_period.startswith("Q"):
            asked.quarters.append(p.fiscal_period)
    asked.quarters = quarters_asked(text, asked.quarters, asked.years)  # "下半年": Q3 and Q4
    asked.part_year = asked.part_year or bool(asked.quarters)
    written = [
        f"{int(m.group(1)):04d}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" for m in _ZH_DATE.finditer(text)
    ]
    instants = [p.period_end for p in given if p.kind == "instant" and p.period_end]
    # the dates a balance is asked at ("上年年末余额(2019年12月31日)"); a year's end is matched by its year
    asked.dates = list(dict.fromkeys([*written, *instants]))
    asked.instant = asked.instant or bool(written)
    for m in YEAR.finditer(text):
        year = int(m.group(1))
        if year not in asked.years and not names_instrument(text, m):
            asked.years.append(year)
    offset, undated = naming_offset(text)
    # "FY2022 … Fiscal 2022 ended January 28, 2023": the columns dated 2023 ("fiscal year ended <date>"
    # picks its column elsewhere)
    if offset and year_ended(text) is None:
        asked.years = list(dict.fromkeys(int(m.group(1)) + offset for m in YEAR.finditer(undated)))
        asked.year_offset = offset
    elif offset:  # "fiscal 2022 (year ended January 28, 2023)": one year, dated by its end
        asked.years = [y for y in asked.years if y + offset not in asked.years]
        asked.year_offset = offset
    if asked.part_year and part_names_report_only(text):  # "the Q4 FY2022 earnings release": a year asked
        asked.part_year, asked.quarters = False, []
    elif asked.quarters and REPORT_PART.search(text):
        outside = find_periods(REPORT_PART.sub(" ", text))  # "… 10-Q for the second quarter of 2023, … 3Q22"
        named = {p.fiscal_period for p in outside if p.fiscal_period}
        if not re.search(QUARTER, REPORT_PART.sub(" ", text), re.I):
            asked.quarters = []  # "the first six months of 2023 in its Q2 2023 earnings release": half a year
        elif named and (kept := [q for q in asked.quarters if q in named]):
            asked.quarters = kept  # the report's own quarter and year are where to read, not the period asked
            years = {p.fiscal_year for p in outside if p.fiscal_year}
            asked.years = [y for y in asked.years if y in years] or asked.years
    # "… in the FY2023 10-K": not a year asked (unless a date written names it: "3M 2022 10-K: … at 12/31/22")
    days = {p.fiscal_year for p in given if p.kind == "instant" and re.search(r"\d", p.label)}
    if report := report_years_only(text, asked.years) - days:
        asked.years = [y for y in asked.years if y not in report]
    # "从2006年初到2007年6月末": a year's opening balance, compared with a later year's, is the year before's
    # closing one ("2019年年初…持有的股份" alone is the opening column of the 2019 report)
    opened = {int(m[1]) for m in _YEAR_OPENING.finditer(text)}
    opened -= {int(m[1]) for m in _YEAR_CLOSED.finditer(text)}
    if opened and any(y > min(opened) for y in asked.years):
        asked.years = list(dict.fromkeys(y - 1 if y in opened else y for y in asked.years))
    low = text.lower()
    # "期末余额是多少？比期初增加了多少": the opening balance is what the closing one is compared with
    asked.prior_year_end = any(w in baseline.lower() for w in _PRIOR_END)
    asked.instant = asked.instant or asked.prior_year_end or bool(_YEAR_END.search(low))
