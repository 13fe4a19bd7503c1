"""Period labels as printed in table headers resolved to fiscal periods and dates.

Handles absolute labels ("2019年12月31日", "2019年度", "Year Ended December 31, 2018", "FY2019") and the
relative ones Chinese statements use ("期末余额", "上年末", "本期发生额", "上期金额"), which need the
report's own fiscal year.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from finrag.retrieve.periods import MONTH_ABBR, ZH_HALF_WORDS, month_number

# Month names -> numbers; MONTH_NAMES is the regex alternation every English date pattern uses
_MONTH_TEXT = "january february march april may june july august september october november december"
MONTHS = {m: i for i, m in enumerate(_MONTH_TEXT.split(), 1)}
MONTH_NAMES = "|".join(MONTHS)
_MONTH_END = {1: 31, 2: 28, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}

_ZH_DATE = re.compile(
    r"((?:19|20)\d{2})\s*(?:年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日|[-/.](\d{1,2})[-/.](\d{1,2})(?!\d))"
)
# a Chinese column heading naming a span of a year ("2007年第一季度", "2006年1-6月", "2005年度")
_ZH_SPAN_LABEL = re.compile(
    r"(?:19|20)\d{2}\s*年\s*(?:第[一二三四1-4]季度|1\s*[-－—~～至]\s*\d{1,2}\s*月|上半年|半年度|度)"
)
# tables abbreviate the month of a date: "Sep. 30, 2020", "Sept 30, 2020"
EN_DATE = re.compile(
    rf"({MONTH_NAMES}|(?:{'|'.join(MONTH_ABBR)})\b\.?)\s+(\d{{1,2}}),?\s*((?:19|20)\d{{2}})", re.I
)

_US_DATE = re.compile(
    r"(?<![\d/])(1[0-2]|0?[1-9])/(3[01]|[12]\d|0?[1-9])/((?:19|20)\d{2})(?!\d)"
)  # "3/25/2023"
# "年度" may stand between the year and the part of it: "2006年度第一季度", "2007年度1-6月"
_ZH_HALF = re.compile(rf"((?:19|20)\d{{2}}){ZH_HALF_WORDS}")  # "2007年1-6月", "2007上半年"
_ZH_QUARTER = re.compile(
    r"((?:19|20)\d{2})\s*(?:(?:年\s*度?\s*)?第\s*([一二三四1-4])\s*季度|年\s*度?\s*1\s*[-－—–至~～]\s*(3|9)\s*月)"
)
# a year written in a question or a label: "FY2022", "fiscal 2021", "2019年" (not the "2000" of "12000吨")
# a cell or label that is only a year ("2021", "FY2022", "2005年度"): a heading or a row naming a period
BARE_YEAR = re.compile(r"\s*(?:fy\s*)?(?:19|20)\d{2}\s*(?:年度?)?\s*", re.I)
YEAR = re.compile(r"(?:FY\s*|fiscal\s+(?:year\s+)?)?(?<![\d.,])((?:19|20)\d{2})(?!\d)", re.I)
# "1Q21", "3Q 2020", "Q1 2021", "Q2 FY23": a quarter and its year
_QUARTER_YEAR = re.compile(
    r"(?<![\w.])(?:([1-4])Q|Q([1-4]))\s*(?:FY\s*)?'?((?:19|20)\d{2}|\d{2})(?![\w.])", re.I
)
_YEAR_QUARTER = re.compile(r"(?<![\w.])((?:19|20)\d{2})\s+Q([1-4])(?![\w.])", re.I)
# how tables and questions name a quarter in English: its word, its ordinal or "Q3"
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_ORDINAL = "|".join(_ORDINALS)
QUARTER_WORD = rf"q[1-4]|{_ORDINAL}"
_EN_QUARTER = re.compile(rf"\b({_ORDINAL})[\s-]+quarter\b", re.I)  # "fourth-quarter 2022" too
# a quarterly table's ordinal columns under their year ("2017 First", "2018 Quarter Third"): that quarter
# ("2020 Quarters (a) Third (d)": the heading's footnote mark between)
_YEAR_ORDINAL = re.compile(
    rf"\b(?:19|20)\d{{2}}\s+(?:quarters?\s+)?(?:\([a-z0-9]\)\s+)?({_ORDINAL})\b(?!\s+half)", re.I
)
# a quarterly note's column headed by the quarter alone ("Q1", "First Quarter", "4th"), or its year's total
QUARTER_ONLY = re.compile(rf"(?:{QUARTER_WORD})(?:\s+quarter)?|total|full\s+year", re.I)

_QN = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}


def quarter_named(quarter: int) -> re.Pattern[str]:
    """How a text names quarter 1-4 in English ("first quarter", "3rd quarter", "Q3", "3Q")."""
    words = "|".join(w for w, n in _ORDINALS.items() if n == quarter)
    return re.compile(
        rf"\b(?:(?:{words})\s+quarter|(?:q{quarter}|{quarter}q)(?:\s*'?(?:\d{{4}}|\d{{2}}))?)\b", re.I
    )


def quarter_number(word: str) -> int:
    """1-4 for a quarter's English name ("Q3", "third", "3rd")."""
    low = word.lower()
    return int(low[1]) if low.startswith("q") else _ORDINALS[low]


# Relative labels of Chinese statements: (words, years before the report year, instant?)
_RELATIVE: list[tuple[tuple[str, ...], int, bool]] = [
    (
        (
            "上年末",
            "上期期末",
            "上年期末",
            "上年年末",
            "上期末",
            "期初余额",
            "期初数",
            "年初余额",
            "年初数",
            "上年年末余额",
            "期初金额",
            "年初金额",
            "上年度末",
            "期初账面",  # "期初账面余额", "期初账面价值"
        ),
        1,
        True,
    ),
    (
        (
            "期末余额",
            "期末数",
            "本期末",
            "本年末",
            "年末余额",
            "期末金额",
            "年末数",
            "本报告期末",
            "期末账面",
        ),
        0,
        True,
    ),
    # a heading split over two rows ("期末余 | 额"): its first characters still date the column
    (("期初余", "年初余"), 1, True),
    (("期末余", "年末余"), 0, True),
    (
        (
            "上期发生额",
            "上期金额",
            "上年金额",
            "上年同期",
            "上年发生额",
            "上期数",
            "上年数",
            "上年度",
            "上期",
        ),
        1,
        False,
    ),
    (
        (
            "本期发生额",
            "本期金额",
            "本年金额",
            "本年发生额",
            "本期数",
            "本年数",
            "本年累计",
            "本报告期",
            "本年度",
            "本期",
        ),
        0,
        False,
    ),
]
# Column labels that are not periods at all (changes, notes, shares of total)
_NOT_PERIOD = (
    "增减",
    "变动",
    "变化",
    "调整数",
    "附注",
    "比例",
    "占比",
    "change",
    "note",
    "variance",
    "%",
    "effect of",
    "adjustment",
    "without adoption",
    "impact of",
)


@dataclass(slots=True, frozen=True)
class ResolvedPeriod:
    fiscal_year: int | None
    fiscal_period: str | None  # "FY", "H1", "Q1".."Q4"
    period_end: str | None  # ISO date
    kind: Literal["duration", "instant", "unknown"]


UNKNOWN = ResolvedPeriod(None, None, None, "unknown")


def is_not_period(label: str) -> bool:
    """A column of changes, shares or notes, however dated; a rate named with its unit ("2004年 净资产收益率
    （%）") is that year's rate."""
    low = _GLUED_PERCENT.sub("", _RATE_UNIT.sub("", label.lower()))
    return any(w in low for w in _NOT_PERIOD) and not _ZH_DATE.search(label)


_RATE_UNIT = re.compile(r"(?<=率)\s*[（(]\s*[%％]\s*[)）]")  # "收益率（%）": a rate's unit, no share column
# "FISCAL% 2022": a neighbouring column's "%" glued to a word of the heading, no share column
_GLUED_PERCENT = re.compile(r"(?<=[a-z])%(?=\s+(?:19|20)\d{2}\b)")


# An instant in the first days of January is the previous year's closing balance ("2019年1月1日" restated).
_OPENING_DAYS = 7


def _fiscal_year(year: int, month: int, day: int) -> int:
    """Fiscal years are named by the calendar year they end in (Nike's FY2019 ends 31 May 2019)."""
    return year - 1 if month == 1 and day <= _OPENING_DAYS else year


def year_end(year: int, month: int = 12) -> str:
    return f"{year:04d}-{month:02d}-{_MONTH_END[month]:02d}"


_ZH_BARE_QUARTER = re.compile(r"^第\s*([一二三四])\s*季度")
# rows named by a quarter ("第三季度" down a captioned table's side)
ZH_QUARTER_ROWS = {f"第{k}季度": f"Q{q}" for k, q in _QN.items() if not k.isdigit()}


# "2016 June 3", "2016 Quarter Ended September 2": a quarterly table's year above its quarters' end days
_YEAR_FIRST_DAY = re.compile(
    rf"^((?:19|20)\d{{2}})\s+((?:quarters?\s+ended\s+)?({MONTH_NAMES}|(?:{'|'.join(MONTH_ABBR)})\.?)\s+(\d{{1,2}}))$",
    re.I,
)
QUARTER_SLACK_DAYS = 10  # a quarter ending up to this many days after the fiscal year's end day is still its


def year_first_day(text: str, report_end: str | None, last: bool = False) -> ResolvedPeriod | None:
    """The quarter a fiscal year's column headed by an end day is: its calendar date (a day after the year's
    own end day falls in the calendar year before) and its quarter, counted back from the year's end; the
    year's own end day only when ``last`` (beside the other quarters: a balance sheet prints it alone)."""
    m = _YEAR_FIRST_DAY.match(text)
    if m is None or report_end is None:
        return None
    fy, mo, d = int(m.group(1)), month_number(m.group(3)), int(m.group(4))
    end_mo, end_d = int(report_end[5:7]), int(report_end[8:10])
    later = (mo, d) > (end_mo, end_d + QUARTER_SLACK_DAYS) if mo == end_mo else mo > end_mo
    y = fy - 1 if later else fy
    back = (end_mo - mo) % 12  # months before the year's end: its last quarter's is read as the year's
    quarter = 4 - round(back / 3)
    if not 1 <= quarter <= (4 if last else 3):  # the year's own end day heads a balance sheet's column too
        return None
    return ResolvedPeriod(fy, f"Q{quarter}", f"{y:04d}-{mo:02d}-{d:02d}", "duration")


def resolve_label(label: str, report_year: int | None, report_end: str | None = None) -> ResolvedPeriod:
    """A column label -> period; ``report_year``/``report_end`` anchor relative labels ("上年末")."""
    text = label.strip()
    if not text or is_not_period(text):
        return UNKNOWN
    if (day := year_first_day(text, report_end)) is not None:
        return day
    m = _ZH_DATE.search(text)
    if m:
        y, mo, d = int(m.group(1)), int(m.group(2) or m.group(4)), int(m.group(3) or m.group(5))
        return ResolvedPeriod(_fiscal_year(y, mo, d), "FY", f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    m = _US_DATE.search(text) or EN_DATE.search(text)
    if m:
        if m.re is _US_DATE:
            mo, d, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        else:
            mo, d, y = month_number(m.group(1)), int(m.group(2)), int(m.group(3))
        kind: Literal["duration", "instant"] = (
            "duration" if re.search(r"ended|ending", text, re.I) else "instant"
        )
        return ResolvedPeriod(_fiscal_year(y, mo, d), "FY", f"{y:04d}-{mo:02d}-{d:02d}", kind)
    m = _EN_QUARTER.search(text) or _YEAR_ORDINAL.search(text)
    if m and (y_m := YEAR.search(text)):  # "FOURTH QUARTER 2021 Amount", "Second Quarter 2023", "2017 First"
        q, y = quarter_number(m.group(1)), int(y_m.group(1))
        return ResolvedPeriod(y, f"Q{q}", year_end(y, 3 * q), "duration")
    m = _ZH_HALF.search(text)
    if m:
        y = int(m.group(1))
        return ResolvedPeriod(y, "H1", year_end(y, 6), "duration")
    m = _QUARTER_YEAR.search(text)
    if m:  # "1Q21", "3Q 2020": bank filings head quarterly columns so
        q, y = int(m.group(1) or m.group(2)), int(m.group(3))
        y = y + 2000 if y < 100 else y
        return ResolvedPeriod(y, f"Q{q}", year_end(y, 3 * q), "duration")
    m = _YEAR_QUARTER.search(text)
    if m:  # "2023 Q2 Amount": a recast's quarterly columns under their year
        y, q = int(m.group(1)), int(m.group(2))
        return ResolvedPeriod(y, f"Q{q}", year_end(y, 3 * q), "duration")
    m = _ZH_QUARTER.search(text)
    if m:
        y = int(m.group(1))
        q = _QN[m.group(2)] if m.group(2) else (1 if m.group(3) == "3" else 3)
        return ResolvedPeriod(y, f"Q{q}", year_end(y, 3 * q), "duration")
    m = _ZH_BARE_QUARTER.match(text)
    if m and report_year is not None:  # "第三季度（7-9月份）" in a year's report: that year's quarter
        q = _QN[m.group(1)]
        return ResolvedPeriod(report_year, f"Q{q}", year_end(report_year, 3 * q), "duration")
    squeezed = re.sub(r"\s+", "", text)  # "期初 金额": a heading cell broken over two lines
    for words, back, instant in _RELATIVE:
        if any(w in squeezed for w in words):
            if report_year is None:
                return UNKNOWN
            y = report_year - back
            month = int(report_end[5:7]) if report_end else 12
            end = year_end(y, month)
            return ResolvedPeriod(y, "FY", end, "instant" if instant else "duration")
    m = YEAR.search(text)
    if m and len(set(YEAR.findall(text))) > 1:
        return UNKNOWN  # "2019 2018 2017" in one merged header cell: which column is which is not known
    if m:
        y = int(m.group(1))
        instant_words = ("年末", "末", "as of", "at ")
        kind2: Literal["duration", "instant"] = (
            "instant" if any(w in text for w in instant_words) else "duration"
        )
        # a bare year in a report whose year ends in June ("2022" in Amcor's 10-K) ends in June too; one
        # ending in the first days of January (J&J's "January 1, 2023") is the calendar year before
        month = int(report_end[5:7]) if report_end else 12
        month = 12 if report_end and month == 1 and int(report_end[8:10]) <= _OPENING_DAYS else month
        return ResolvedPeriod(y, "FY", year_end(y, month), kind2)
    return UNKNOWN


def resolve_at(label: str, title: str) -> ResolvedPeriod:
    """A relative column label ("期末余额", "年初余额") of a statement whose title line prints its date
    ("合并资产负债表 2007年06月30日") in a report that has no period of its own (a prospectus): the closing
    column is that day, the opening one the last year-end before it; UNKNOWN without such a date."""
    m = _ZH_DATE.search(title)
    if m is None or not m.group(3):
        return UNKNOWN
    y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
    found = resolve_label(label, y, f"{y:04d}-{mo:02d}-{d:02d}")
    if found is UNKNOWN or found.kind != "instant":
        return UNKNOWN  # a duration ("本期金额") is not dated by a day
    if found.fiscal_year == y:
        return ResolvedPeriod(y, "FY", f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    return ResolvedPeriod(y - 1, "FY", year_end(y - 1, 12), "instant")


# A header line printed apart from its table ("Year Ended December 26, December 27, December 28, 2015
# 2014 2013 (In millions)") is at most this long; longer blocks are sentences that merely mention years.
MAX_HEADER_LINE_CHARS = 120
_ZH_SENTENCE = re.compile(r"[，。；！？]")
_MONTH_DAY = re.compile(rf"({MONTH_NAMES})\s+(\d{{1,2}})\b", re.I)
_YEAR_ONLY = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")


def labels_from_line(text: str, columns: int) -> list[str] | None:
    """Column labels for ``columns`` value columns from a header line printed above the table: one year
    per column, in printed order (with the month and day when each column has one); None otherwise."""
    line = " ".join(text.split())
    if not line or len(line) > MAX_HEADER_LINE_CHARS or columns < 1:
        return None
    zh_dates = [m.group(0) for m in _ZH_DATE.finditer(line)]
    # "…无变动，2020 年 3 月 3 日，史锦才辞去…": a sentence's date heads no column
    if len(zh_dates) == columns and len(set(zh_dates)) == columns and not _ZH_SENTENCE.search(line):
        return zh_dates
    spans = [m.group(0) for m in _ZH_SPAN_LABEL.finditer(line)]  # "2007年第一季度2006年第一季度"
    if len(spans) == columns and len(set(spans)) == columns and not _ZH_SPAN_LABEL.sub("", line).strip():
        return spans
    years = _YEAR_ONLY.findall(line)
    if len(years) != columns or (columns > 1 and len(set(years)) != columns):
        return None
    if re.search(r"\d", _YEAR_ONLY.sub("", _MONTH_DAY.sub("", line))):
        return None  # other numbers: a sentence or a row of amounts, not a header line
    days = _MONTH_DAY.findall(line)
    ended = "Year Ended " if re.search(r"\bended\b", line, re.I) else ""
    if len(days) == columns:
        return [f"{ended}{m.title()} {d}, {y}" for (m, d), y in zip(days, years, strict=True)]
    if len(days) == 1:  # "Year Ended December 31, 2020 2019 2018": one date for every column
        m, d = days[0]
        return [f"{ended}{m.title()} {d}, {y}" for y in years]
    return list(years)


def fiscal_year_of(iso: str) -> int:
    """The fiscal year a year-end date closes, named as statement columns are ("January 28, 2023": 2023)."""
    return _fiscal_year(int(iso[:4]), int(iso[5:7]), int(iso[8:10]))


_DAY_COLUMN = re.compile(rf"{MONTH_NAMES}|\d{{1,2}}\s*月|\d{{4}}[-/.]\d{{1,2}}", re.I)  # dated to its month
MONTHS_PER_QUARTER = 3


def ends_quarter(column_label: str, period_end: str | None, quarter: str) -> bool:
    """A column dated to the day ends in the calendar quarter named ("June 30, 2023" ends Q2)."""
    if not period_end or not _DAY_COLUMN.search(column_label):
        return False
    return f"Q{(int(period_end[5:7]) - 1) // MONTHS_PER_QUARTER + 1}" == quarter
