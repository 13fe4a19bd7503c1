"""How a question names its fiscal years: the year-end date it writes ("FY2022 (fiscal year ended January 28,
2023)"), years that only name the report a figure is read from ("the FY2023 10-K"), and fiscal years a filer
names by the year they start in ("Fiscal 2022 ended January 28, 2023"); quarters that only name the report
read from ("the Q4 FY2022 earnings release") and parts of a year named by the day they end ("the six months
ended June 30, 2023")."""

from __future__ import annotations

import re

from finrag.answer.periods import EN_DATE, fiscal_year_of
from finrag.retrieve.periods import month_number, report_days

# "FY2022 (fiscal year ended January 28, 2023)": the question dates the fiscal year it names
_YEAR_ENDED = re.compile(rf"\b(?:fiscal\s+)?(?:year|yr)\s+ended\s+{EN_DATE.pattern}", re.I)
# "(yr ended 1/31/18)": the same typed as a US month/day/year date
_YEAR_ENDED_NUMERIC = re.compile(
    r"\b(?:fiscal\s+)?(?:year|yr)\s+ended\s+(\d{1,2})/(\d{1,2})/((?:19|20)?\d{2})\b", re.I
)


def year_ended(question: str) -> str | None:
    """The one fiscal-year end date a question writes ("fiscal year ended January 28, 2023"), or None."""
    found = {
        (month_number(m.group(1)), int(m.group(2)), int(m.group(3))) for m in _YEAR_ENDED.finditer(question)
    }
    found |= {
        (
            int(m.group(1)),
            int(m.group(2)),
            int(m.group(3)) % 100 + 2000 if len(m.group(3)) == 2 else int(m.group(3)),
        )
        for m in _YEAR_ENDED_NUMERIC.finditer(question)
    }
    if len(found) != 1:
        return None
    month, day, year = found.pop()
    return f"{year:04d}-{month:02d}-{day:02d}"


# "the FY2023 10-K": a year that names the report a figure is read from, not the figure's period
NAMED_REPORT = re.compile(
    r"(?:fy\s*|fiscal\s+(?:year\s+)?)?((?:19|20)\d{2})"
    r"(?:\s+(?:form\s+)?(?:10-?k|annual report)\b|\s*年\s*(?:年报|年度报告)"
    # "its 2007 follow-on A-share offering prospectus": the year the prospectus was issued
    r"|(?:\s+[\w-]+){0,3}\s+(?:offering\s+)?prospectus\b)",
    re.I,
)


def report_years_only(question: str, years: list[int]) -> set[int]:
    """Years the question writes only as the name of a report ("Use the income statement in the FY2023
    10-K"), when it names other years for its figures; empty otherwise."""
    named = {int(m.group(1)) for m in NAMED_REPORT.finditer(question)}
    named |= {int(day[:4]) for day in report_days(question) if day}  # "J&J's 8-K dated August 30, 2023"
    # "招股意向书报告期（2005—2007年）的最后一年，即2007年度": the span the report covers
    named |= {int(y) for m in _ZH_REPORT_SPAN.finditer(question) for y in m.groups()}
    only = {y for y in named if len(re.findall(rf"(?<!\d){y}(?!\d)", question)) == 1}
    # "from the Q2 FY24 10-Q": the quarterly report's fiscal year, written only there
    quarterly = {_full_year(m.group(1)) for m in _QUARTER_REPORT.finditer(question)}
    only |= {y for y in quarterly if not re.search(rf"(?<!\d){y}(?!\d)", question)}
    # "天源06年招股书 …": the year a Chinese prospectus was issued holds none of its figures, asked alone too
    issued = {_full_year(m.group(1)) for m in _ZH_PROSPECTUS.finditer(question)}
    issued = {y for y in issued if len(re.findall(rf"(?<!\d)(?:{y}|{y % 100:02d}(?=\s*年))", question)) == 1}
    return (only if any(y not in only for y in years) else set()) | issued


def years_of_report_only(question: str, years: list[int]) -> bool:
    """Every year asked is written once, only as the name of the report to read ("use the purchase price
    allocation in AMD's 2022 annual report"): the figures may be the report's undated ones."""
    named = {int(m.group(1)) for m in NAMED_REPORT.finditer(question)}
    once = {y for y in named if len(re.findall(rf"(?<!\d){y}(?!\d)", question)) == 1}
    return bool(years) and set(years) <= once


_ZH_REPORT_SPAN = re.compile(
    r"报告期\s*[（(]\s*((?:19|20)\d{2})\s*年?\s*[-—–－~至到]\s*((?:19|20)\d{2})\s*年?度?\s*[)）]"
)
_ZH_PROSPECTUS = re.compile(r"(?<!\d)((?:19|20)?\d{2})\s*年\s*(?:的)?(?:招股书|招股意向书|招股说明书)")
_QUARTER_REPORT = re.compile(r"\bq[1-4]\s*(?:fy\s*'?)?((?:19|20)?\d{2})\s+(?:form\s+)?10-?q\b", re.I)


def _full_year(written: str) -> int:
    return int(written) + 2000 if len(written) == 2 else int(written)


# "Fiscal 2022 ended January 28, 2023": the filer names a fiscal year by the year it starts in
_NAMED_ENDED = re.compile(
    rf"\b(?:FY\s*|fiscal\s+(?:year\s+)?)((?:19|20)\d{{2}})\b[^.?;]{{0,30}}?\bended\s+{EN_DATE.pattern}", re.I
)


_PART_OF_YEAR = re.compile(
    r"\b(?<!52 )(?<!53 )(?<!fifty-two )(?<!fifty-three )(?<!twelve )(?<!12 )(?:months|weeks|quarter)\b", re.I
)  # "(52 weeks ended January 28, 2023)" is the whole fiscal year


def naming_offset(question: str) -> tuple[int, str]:
    """How far the fiscal years a question names lie from the years their columns are dated by (1 when
    "Fiscal 2022 ended January 28, 2023"), and the question without those end dates; (0, question) when it
    dates none or names them by the year they end in."""
    offsets = set()
    for m in _NAMED_ENDED.finditer(question):
        if _PART_OF_YEAR.search(m.group(0)):
            continue  # "fiscal 2024 (three months ended September 30, 2023)": a quarter's end
        end = f"{int(m.group(4)):04d}-{month_number(m.group(2)):02d}-{int(m.group(3)):02d}"
        offsets.add(fiscal_year_of(end) - int(m.group(1)))
    if offsets != {1}:  # named by the year it ends in (0), or no clear reading
        return 0, question
    return offsets.pop(), EN_DATE.sub(" ", question)


def part_named_years(question: str) -> set[int]:
    """Fiscal years a question names only to label a part of a year it dates ("fiscal 2024 (six months
    ended July 29, 2023)"): the end date's year dates the columns, the label's year is no other year."""
    named = set()
    for m in _NAMED_ENDED.finditer(question):
        if _PART_OF_YEAR.search(m.group(0)) and int(m.group(1)) != int(m.group(4)):
            named.add(int(m.group(1)))
    return named


def without_year_ended(question: str) -> str:
    """The question without its fiscal-year end date: for another year than the one that date closes."""
    return _YEAR_ENDED.sub(" ", question)


QUARTER = r"\bQ[1-4]\b|\b[1-4]Q\d{2}\b|\b(?:first|second|third|fourth)[\s-]quarter\b"  # "Q3", "4Q20"
_PART_WORDS = re.compile(rf"{QUARTER}|\b(?:three|six|nine) months\b|\bweeks ended\b", re.I)
REPORT_PART = re.compile(
    rf"(?:{QUARTER})\s+(?:of\s+)?(?:fiscal\s+|FY\s*)?(?:(?:19|20)\d{{2}}\s+)?"
    r"(?:earnings|(?:form\s+)?10-Q|results|release|press release|report)\b"
    rf"|\b(?:10-Q|earnings release|press release)\s+for\s+the\s+(?:{QUARTER})"
    r"(?:\s+of)?(?:\s+(?:fiscal\s+)?(?:19|20)\d{2})?",
    re.I,
)  # "the Q2 2023 earnings release", "its Q2 2023 Form 10-Q", "its 10-Q for the second quarter of 2023"


def part_names_report_only(text: str) -> bool:
    """Every quarter the question writes names the report read from ("the Q4 FY2022 earnings release")."""
    parts = len(_PART_WORDS.findall(text))
    return parts > 0 and parts == len(REPORT_PART.findall(text))


# a part of a year named by the day it ends ("the quarter ended Dec 2022", "six months ended June 30, 2023",
# "the June 2023 quarter")
QUARTER_ENDED = re.compile(
    r"\bquarters?\s+(?:ended|ending)\b|\b[a-z]{3,9}\.?\s+(?:19|20)\d{2}\s+quarters?\b", re.I
)
_QUARTER_AFTER = re.compile(r"\s+(?:fiscal\s+)?quarters?\b", re.I)
_SPAN_ENDED = re.compile(
    r"\b(?:quarter|qtr|(?:three|six|nine) months|\d{1,2} weeks)\s+(?:ended|ending)\s+$", re.I
)
YEAR_SPAN_ENDED = re.compile(r"\b(?:year|twelve months|5[23] weeks)\s+(?:ended|ending)\b", re.I)


def span_labels(text: str, labels: list[str]) -> list[str]:
    """The period labels ``text`` writes right after a part of a year that ends on them ("the six months
    ended June 30, 2023"): a flow's end, not a balance date."""
    return [
        lab
        for lab in labels
        if lab in text
        and (
            _SPAN_ENDED.search(text[: text.find(lab)])
            or _QUARTER_AFTER.match(text, text.find(lab) + len(lab))  # "the June 2023 quarter"
        )
    ]
