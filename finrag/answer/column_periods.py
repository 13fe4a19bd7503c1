"""Which column of a fact's row answers the period a question asks: a whole year's, a part of a year's, a
quarter's, the span written ("six months ended"), or a row's total beside its parts."""

from __future__ import annotations

import re

from finrag.answer.periods import MONTHS_PER_QUARTER
from finrag.model import Fact
from finrag.retrieve.docfit import days_near

MONTH_DAYS = 30  # a bare year's column is dated at its report month's end; the fiscal year may end that month
WHOLE_YEAR_COLUMN = re.compile(
    r"年度(?!\s*第)|\byears? ended\b|\btwelve months\b|\b5[23] weeks\b"
    r"|年\s*[（(]?\s*末|12\s*月\s*31\s*日",  # "2007年（末）": a year's end closes the whole year's flows
    re.I,
)
# a question about a year's whole ("2007年全年的净利润"): no quarter's or half's column answers it
FULL_YEAR = re.compile(r"全年|整年|\d\s*年度|\bfull[- ]year\b|\btwelve months\b|\b12 months\b", re.I)
HALF_YEAR = re.compile(
    r"\b(?:H1|1H)\b|\bfirst half\b|\bhalf[- ]year\b|1\s*[-—–~至]\s*6\s*月|上半年|半年度|半年报", re.I
)
QUARTERS = ("Q1", "Q2", "Q3", "Q4")
YEAR_ONLY = re.compile(r"^\s*(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d{2}\s*$", re.I)  # a 10-K's "2022" column
SPAN_COLUMN = re.compile(r"\b(?:years?|months|weeks)\s+ended\b", re.I)  # a flow's column, not a balance's
_MONTH_RANGE = re.compile(r"(\d{1,2})\s*[-—–~至]\s*(\d{1,2})\s*月")  # "2002年10-12月": part of a year
# a quarter's column ("For the Quarters Ended …", "Three Months Ended …", "13 weeks", "第一季度")
_QUARTER_WORDS = re.compile(r"\bquarters?\b|\bthree months\b|\b1[2-7] weeks\b|季度", re.I)
_PART_SPAN = re.compile(r"\b(?:six|nine) months\b", re.I)  # a column of part of a year ("SIX MONTHS 2023")
_DURATION = re.compile(
    r"\b(?:three|six|nine|twelve) months\b|\b(?:first|second|third|fourth) quarter\b|\b\d{1,2} weeks\b", re.I
)
# a row printed for its parts and their total ("2022 Aeronautics | 2022 MFC | 2022 Total"): the total, as the
# question names no part (small: any label or period evidence outweighs it)
TOTAL_COLUMN_BONUS = 0.05
_NAMED_COLUMN = re.compile(r"^(?:fy\s*)?(?:19|20)\d{2}\s+([^\d]+?)\s*$", re.I)


def same_week_end(a: str | None, b: str) -> bool:
    """Two period ends a 52/53-week fiscal year tells apart only by days: PepsiCo's "2021" column is read
    as 31 December, its fiscal year ended on 25 December."""
    return a is not None and days_near(a, b)  # within a week


def spans_named(text: str) -> set[str]:
    """The spans a question or column heading names ("six months", "second quarter", "16 weeks")."""
    return {m.group(0).lower() for m in _DURATION.finditer(text)}


def other_span(printed: set[str], asked: set[str]) -> bool:
    """A column's span in months or weeks is printed and is none of the asked ones ("three months ended June
    30" is no "Twelve Months Ended" column, "16 weeks" no 52)."""
    for unit in ("months", "weeks"):
        mine, wanted = {s for s in printed if s.endswith(unit)}, {s for s in asked if s.endswith(unit)}
        if mine and wanted and not mine & wanted:
            return True
    return False


def part_of_year(f: Fact) -> bool:
    """The fact's column is part of a year: a quarter's, six or nine months', or a month range short of the
    whole ("2002年10-12月"); a column dated by its end ("Three months ended December 31") says so in words."""
    label = f.column_label
    return (
        f.fiscal_period not in (None, "FY")
        or bool(_QUARTER_WORDS.search(label) or _PART_SPAN.search(label))
        or any(m.group(1, 2) != ("1", "12") for m in _MONTH_RANGE.finditer(label))
        # "Selected Quarterly Financial Data" under "2016 December 31": the quarter ending that day
        or (
            _QUARTERLY_TABLE.search(f.statement) is not None
            and not _YEAR_COLUMN.search(label)
            and not YEAR_ONLY.match(label)
        )
    )


_QUARTERLY_TABLE = re.compile(r"\bquarterly\b|分季度", re.I)
_YEAR_COLUMN = re.compile(r"\byear\b|\btotal\b|\bannual\b|全年|合计", re.I)  # "2017 Full Year", "2018 Total"


def quarter_column_of(f: Fact, quarters: tuple[str, ...] | list[str]) -> bool:
    """The fact's column is a quarter's: its period is one of ``quarters``, or its heading says three
    months/季度."""
    return f.fiscal_period in quarters or bool(_QUARTER_WORDS.search(f.column_label))


def names_no_part(facts: list[Fact], question: str) -> bool:
    """The question (lower case) names none of the parts the facts' columns print after their year ("2022
    Aeronautics"): a row's total column answers it."""
    names = {m.group(1).lower() for f in facts if (m := _NAMED_COLUMN.match(f.column_label))}
    return not any(n in question for n in names if n != "total")


def total_column(label: str) -> bool:
    """A column printing a year's total beside its parts ("2022 Total")."""
    m = _NAMED_COLUMN.match(label)
    return m is not None and m.group(1).lower() == "total"


# a quarter's column dated by its end day ("Three Months Ended …", "13 Weeks Ended …"), no quarter it names
_QUARTER_SPAN = re.compile(
    r"\bthree months\b|\b1[2-7] weeks\b|(?<!four )(?<!trailing )\bquarters? ended\b", re.I
)  # not "the trailing four quarters ended May 31": a year
# a heading over columns of two days ("Three months ended June 30, December 31, 2021"): a balance's column too
_MONTH_WORD = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b", re.I
)
# a 52/53-week period ending this early in a month ("September 1, 2019") closes the month before
YEAR_END_SLACK_DAYS = 10


def _end_month(day: str) -> int:
    """The month a period ending on ``day`` (ISO) closes: "2019-09-01" closes August."""
    month = int(day[5:7])
    return (month - 2) % 12 + 1 if int(day[8:10]) <= YEAR_END_SLACK_DAYS else month


def fiscal_quarter(
    label: str, period_end: str | None, report_period: str | None, report_end: str | None
) -> str | None:
    """The fiscal quarter of a three-month column dated to the day ("13 Weeks Ended January 29, 2022" of a
    filer whose year ends in late January: Q4), counted back from the year's end month that the report's
    own quarter and end day give; None when the column is no quarter's or that end is unknown."""
    if not (period_end and report_end and report_period in (*QUARTERS, "FY")):
        return None
    if not _QUARTER_SPAN.search(label) or _PART_SPAN.search(label) or WHOLE_YEAR_COLUMN.search(label):
        return None
    if len(_MONTH_WORD.findall(label)) > 1:
        return None
    quarter = 4 if report_period == "FY" else int(report_period[1])
    year_end = (_end_month(report_end) - 1 + MONTHS_PER_QUARTER * (4 - quarter)) % 12 + 1
    back = (year_end - _end_month(period_end)) % 12  # months before the year's end
    return f"Q{4 - round(back / MONTHS_PER_QUARTER)}" if back % MONTHS_PER_QUARTER == 0 else None
