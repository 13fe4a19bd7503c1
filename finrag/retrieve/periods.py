"""Reporting periods named in a question, resolved to fiscal years and dates.

Absolute forms ("2024年", "2024年第三季度", "2023年上半年", "FY2018", "Q2 2023", "as of December 31, 2022")
resolve on their own. Relative forms (今年, 去年, 上年同期, 本期, 上年末, 期初, "last year",
"prior year period") resolve against a :class:`Reference`: the report period of the document asked about.
Without a reference a relative period keeps its label and kind but no year.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from finrag.model import Period
from finrag.retrieve.lookalikes import ROW_PERIOD_WORD, names_instrument

_QUARTER_END = {1: "03-31", 2: "06-30", 3: "09-30", 4: "12-31"}
_HALF_END = {1: "06-30", 2: "12-31"}
_YEAR_END = "12-31"  # Chinese reports and most US filers close the year on 31 December
_ZH_NUM = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_EN_ORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}
_MONTHS = [
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
]  # fmt: skip
_YEAR = r"((?:19|20)\d{2})"
# months cut short as questions and tables write them: "Dec 2022", "Sep. 30, 2020", "Sept 30, 2020"
MONTH_ABBR = {m[:3]: i for i, m in enumerate(_MONTHS, 1)} | {"sept": 9}
# a month in full or cut short (full names first: "March", not "Mar" + "ch")
_MONTH = r"(" + "|".join([*_MONTHS, *MONTH_ABBR]) + r")\.?"
# the first half of a year after its year, as questions and column labels write it: "2007年1-6月", "2007年度
# 1～6月", "2007年上半年", "2007半年度", "2007中期" (the answer stage's period reader uses it too)
ZH_HALF_WORDS = r"\s*(?:年\s*度?\s*1\s*[-－—–至~～]\s*6\s*月|(?:年\s*度?)?\s*(?:半年度|半年报|上半年|中期))"


@dataclass(slots=True)
class Reference:
    """The report period relative words are measured from (a document's own fiscal year and period)."""

    fiscal_year: int
    fiscal_period: str = "FY"  # "FY", "Q1".."Q4", "H1"
    period_end: str | None = None  # ISO date; derived from the period when absent

    def end(self) -> str:
        return self.period_end or f"{self.fiscal_year}-{_period_end_md(self.fiscal_period)}"


def _period_end_md(period: str) -> str:
    if period.startswith("Q") and period[1:].isdigit():
        return _QUARTER_END.get(int(period[1:]), _YEAR_END)
    if period in ("H1", "H2"):
        return _HALF_END[int(period[1])]
    return _YEAR_END


def shift_year(iso: str, years: int) -> str:
    """The same day ``years`` later (earlier when negative); a 29 February becomes the 28th."""
    y, rest = iso[:4], iso[4:]
    if rest == "-02-29":
        rest = "-02-28"
    return f"{int(y) + years:04d}{rest}"


QUARTER_MONTHS = 3


def quarter_later(iso: str) -> str | None:
    """The day a quarter (three months) after ``iso``; a month's last day stays the last (31 March: 30 June);
    None for no ISO date."""
    try:
        d = date.fromisoformat(iso)
    except ValueError:
        return None
    year, month = d.year + (d.month + QUARTER_MONTHS - 1) // 12, (d.month + QUARTER_MONTHS - 1) % 12 + 1
    days = calendar.monthrange(year, month)[1]
    last = d.day == calendar.monthrange(d.year, d.month)[1]
    return date(year, month, days if last else min(d.day, days)).isoformat()


# ---------------------------------------------------------------- absolute patterns (order matters)

_ABSOLUTE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(_YEAR + r"\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"), "zh_date"),
    (re.compile(r"\b" + _MONTH + r"\s+(\d{1,2}),?\s*" + _YEAR, re.I), "en_date"),
    # "at 7/30/22", "6/30/2023": a US month/day/year date as analysts type it
    (
        re.compile(r"(?<![\d/])(1[0-2]|0?[1-9])/(3[01]|[12]\d|0?[1-9])/((?:19|20)?\d{2})(?![\d/])"),
        "en_num_date",
    ),
    # "the six months to July 2023", "the quarter ended March 2023": a span ending with that month
    (
        re.compile(r"\b(?:ended|ending|to|through)\s+" + _MONTH + r"\s+" + _YEAR, re.I),
        "en_month",
    ),
    # "the June 2023 quarter": the quarter ending that month
    (re.compile(r"\b" + _MONTH + r"\s+" + _YEAR + r"(?=\s+(?:fiscal\s+)?quarters?\b)", re.I), "en_month"),
    (
        re.compile(
            _YEAR + r"\s*年(?:度)?\s*(?:第\s*([一二三四1-4])\s*季度|([一二三四1-4])\s*季度|[Qq]([1-4]))"
        ),
        "zh_q",
    ),
    (re.compile(_YEAR + ZH_HALF_WORDS), "zh_h1"),
    (re.compile(_YEAR + r"\s*年\s*(?:前三季度|1\s*[-－—–至~～]\s*9\s*月)"), "zh_q3ytd"),
    (re.compile(_YEAR + r"\s*年\s*(?:年末|年底|末)"), "zh_ye"),
    (re.compile(r"\b[Qq]([1-4])\s*(?:of\s*)?(?:FY\s*|fiscal\s*)?'?" + _YEAR + r"\b"), "en_q"),
    # "q3 fy24", "Q4FY23", "q2'23": a quarter of a year written with two digits
    (re.compile(r"\bQ([1-4])\s*(?:of\s*)?(?:FY\s*|fiscal\s*)?'?(\d{2})\b", re.I), "en_nq"),
    (re.compile(r"\b" + _YEAR + r"\s*[Qq]([1-4])\b"), "en_yq"),
    # "2Q23", "1Q 2023", "3q23": how banks head their quarters
    (re.compile(r"\b([1-4])Q\s*'?(\d{2}|(?:19|20)\d{2})\b", re.I), "en_nq"),
    (
        re.compile(
            # "third quarter (July–September) of 2019": an aside may name its months; "fourth-quarter 2022"
            r"\b(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?:fiscal\s+)?quarter\s+(?:\([^()]{1,30}\)\s*)?"
            r"(?:of\s+)?(?:fiscal\s+)?"
            r"(?:year\s+)?" + _YEAR,
            re.I,
        ),
        "en_ord_q",
    ),
    (
        re.compile(r"\b(?:first\s+half|H1)\s+(?:of\s+)?(?:fiscal\s+(?:year\s+)?|FY\s*'?)?" + _YEAR, re.I),
        "en_h1",
    ),
    (re.compile(r"(?:\bFY\s*'?|\bfiscal\s+(?:year\s+)?)" + _YEAR + r"\b", re.I), "en_fy"),
    (re.compile(r"\bFY\s*'?(\d{2})\b", re.I), "en_fy2"),
    (re.compile(_YEAR + r"\s*(?:年度|年)"), "zh_y"),
    (re.compile(r"(?<![\d.,])" + _YEAR + r"(?![\d.,]\d|\s*年)"), "bare_y"),
]


# "the 8-K dated August 30, 2023", "its 10-Q filed on May 5, 2023": the day names a report, not a period
_REPORT_DAY_BEFORE = re.compile(r"(?:\bdated|\bfiled(?:\s+on)?|\b8-?K\s+(?:of|from|on))\s*$", re.I)
_DAY_KINDS = ("zh_date", "en_date", "en_num_date")
REPORT_DAY_CONTEXT = 20  # characters before a day searched for the words naming a report by it


def names_report(text: str, m: re.Match[str]) -> bool:
    """The day ``m`` found in ``text`` is the date of a report the question names."""
    return bool(_REPORT_DAY_BEFORE.search(text[max(0, m.start() - REPORT_DAY_CONTEXT) : m.start()]))


def report_days(text: str) -> list[str]:
    """ISO dates of the reports ``text`` names by their day ("8-K dated August 30, 2023")."""
    return [
        _absolute(kind, m).period_end or ""
        for pattern, kind in _ABSOLUTE
        if kind in _DAY_KINDS
        for m in pattern.finditer(text)
        if names_report(text, m)
    ]


def month_number(word: str) -> int:
    """ "September", "Sep." or "Sept" -> 9."""
    w = word.lower().rstrip(".")
    return _MONTHS.index(w) + 1 if w in _MONTHS else MONTH_ABBR[w]


def _quarter_end(label: str, year: int, q: int) -> str | None:
    """A calendar quarter ends on its month's last day; a fiscal one ("Q4 FY23") where the filer's year
    puts it (Amcor's fiscal fourth quarter ends in June), so its date is left open."""
    return None if re.search(r"fy|fiscal", label, re.I) else f"{year}-{_QUARTER_END[q]}"


def _absolute(kind: str, m: re.Match[str]) -> Period:
    label = m.group(0)
    if kind == "zh_date":
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        return Period(label, y, None, f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    if kind == "en_date":
        mo, d, y = month_number(m.group(1)), int(m.group(2)), int(m.group(3))
        return Period(label, y, None, f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    if kind == "en_num_date":
        mo, d, y = int(m.group(1)), int(m.group(2)), int(m.group(3))
        y = y + 2000 if y < 100 else y
        return Period(label, y, None, f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    if kind == "en_month":
        mo, y = month_number(m.group(1)), int(m.group(2))
        last = calendar.monthrange(y, mo)[1]
        return Period(f"{m.group(1)} {y}", y, None, f"{y:04d}-{mo:02d}-{last:02d}", "instant")
    if kind == "zh_q":
        y = int(m.group(1))
        q = _ZH_NUM[next(g for g in m.groups()[1:] if g)]
        return Period(label, y, f"Q{q}", f"{y}-{_QUARTER_END[q]}", "duration")
    if kind == "zh_q3ytd":  # the first three quarters: what a third-quarter report's year-to-date shows
        y = int(m.group(1))
        return Period(label, y, "Q3", f"{y}-{_QUARTER_END[3]}", "duration")
    if kind in ("zh_h1", "en_h1"):
        y = int(m.group(1))
        return Period(label, y, "H1", f"{y}-{_HALF_END[1]}", "duration")
    if kind == "zh_ye":
        y = int(m.group(1))
        return Period(label, y, "FY", f"{y}-{_YEAR_END}", "instant")
    if kind in ("en_q", "en_yq", "en_ord_q"):
        a, b = m.group(1), m.group(2)
        if kind == "en_q":
            q, y = int(a), int(b)
        elif kind == "en_yq":
            y, q = int(a), int(b)
        else:
            q, y = _EN_ORD[a.lower()], int(b)
        return Period(label, y, f"Q{q}", _quarter_end(label, y, q), "duration")
    if kind == "en_nq":
        q, y = int(m.group(1)), int(m.group(2))
        y = y + 2000 if y < 100 else y
        return Period(label, y, f"Q{q}", _quarter_end(label, y, q), "duration")
    if kind == "en_fy2":
        y = 2000 + int(m.group(1))
        return Period(label, y, "FY", None, "duration")
    y = int(m.group(1))
    end = f"{y}-{_YEAR_END}" if kind == "zh_y" else None  # US fiscal years need not end in December
    return Period(label, y, "FY", end, "duration")


# ---------------------------------------------------------------- relative words
# (words, years back, "same" = the reference's own period / "year" = the whole fiscal year, kind)
_RELATIVE: list[tuple[tuple[str, ...], int, str, str]] = [
    (("上年同期", "去年同期", "上期", "上年同期数", "prior year period", "prior-year period",
      "same period last year", "same period of last year", "same period in the prior year",
      "prior year quarter", "prior-year quarter", "year-ago quarter", "year-ago period",
      "same quarter last year", "comparable prior year period"), 1, "same", "duration"),
    (("上年末", "上年年末", "上年度末", "去年年末", "去年年底", "去年末", "上期末", "期初", "年初",
      "本年年初", "本期期初", "prior year end", "prior year-end", "end of last year", "end of the prior year",
      "beginning of the year", "beginning of year", "prior fiscal year end", "end of prior year",
      "end of the previous year"), 1, "year_end", "instant"),
    (("本期末", "期末", "报告期末", "本报告期末", "年末", "本年末", "年底", "end of the period",
      "end of period", "period end", "end of the year", "year end", "year-end"), 0, "period_end", "instant"),
    (("前年", "前一年度", "two years ago", "two years earlier"), 2, "year", "duration"),
    (("去年", "上年", "上年度", "上一年", "上一年度", "前一年", "last year", "prior year", "previous year",
      "preceding year", "the year before", "year before", "prior fiscal year", "last fiscal year",
      "previous fiscal year"), 1, "year", "duration"),
    (("本期", "本报告期", "报告期", "当期", "current period", "this period", "the period"), 0, "same",
     "duration"),
    (("今年", "本年", "本年度", "当年", "this year", "current year", "current fiscal year",
      "this fiscal year"), 0, "year", "duration"),
]  # fmt: skip
_REL_WORDS = sorted(
    ((w, back, how, kind) for words, back, how, kind in _RELATIVE for w in words), key=lambda t: -len(t[0])
)
_REL_RE = re.compile(
    "|".join((r"\b" + re.escape(w) + r"\b") if w.isascii() else re.escape(w) for w, _, _, _ in _REL_WORDS),
    re.I,
)
_REL_INFO = {w.lower(): (back, how, kind) for w, back, how, kind in _REL_WORDS}


def _relative(label: str, ref: Reference | None) -> Period:
    back, how, kind = _REL_INFO[label.lower()]
    lit_kind = "instant" if kind == "instant" else "duration"
    if ref is None:
        return Period(label, None, None, None, lit_kind)  # type: ignore[arg-type]
    year = ref.fiscal_year - back
    if how == "same":
        return Period(label, year, ref.fiscal_period, shift_year(ref.end(), -back), "duration")
    if how == "year_end":  # end of the fiscal year before the reference's year
        fy_end = ref.end() if ref.fiscal_period == "FY" else f"{ref.fiscal_year}-{_YEAR_END}"
        return Period(label, year, "FY", shift_year(fy_end, -back), "instant")
    if how == "period_end":
        return Period(label, year, ref.fiscal_period, ref.end(), "instant")
    end = ref.end() if ref.fiscal_period == "FY" else None
    return Period(label, year, "FY", shift_year(end, -back) if end else None, "duration")


# ---------------------------------------------------------------- how reports write a period
_ZH_ORD = "一二三四"
_EN_ORDINAL = ("first", "second", "third", "fourth")
_BARE_Q = re.compile(
    r"\b[Qq]([1-4])\b|第\s*([一二三四])\s*季度|\b(first|second|third|fourth)[\s-]+quarter\b|上半年|\b(?:first\s+half|H1)\b",
    re.I,
)
_YTD = re.compile(r"前三季度|1\s*[-－—至~]\s*9\s*月")  # cumulative: year to date, not the quarter itself


def bare_quarters(text: str) -> list[Period]:
    """Quarters and half years written without a year ("Q3", "third quarter", "第三季度", "上半年")."""
    out = []
    for m in _BARE_Q.finditer(text):
        q = m.group(1) or m.group(2) or m.group(3)
        n = _ZH_NUM.get(q) or _EN_ORD.get(q.lower(), 0) if q else 0
        out.append(Period(m.group(0), 0, f"Q{n}" if n else "H1", None, "duration"))
    return out


def period_words(periods: list[Period], lang: str, text: str = "") -> list[str]:
    """How reports write the asked periods ("Q3" ↔ "third quarter", "FY22" ↔ "fiscal 2022", "上半年" ↔
    "半年度", "第三季度" ↔ "三季度", "前三季度" ↔ "年初至报告期末"): words a keyword search needs.
    ``text`` (the question) adds quarters and half years written without a year. Phrases every interim
    table prints ("six months ended", "7-9月") are left out: they match all of a 10-Q's pages alike."""
    out: list[str] = []
    dated = {p.fiscal_period for p in periods if p.fiscal_year}
    bare = [p for p in bare_quarters(text) if p.fiscal_period not in dated]
    for p in [*periods, *bare]:
        y, fp = p.fiscal_year, p.fiscal_period
        if y is None or is_relative(p):
            continue
        if _YTD.search(p.label):
            out += ["前三季度", "年初至报告期末"]
        elif fp and fp.startswith("Q") and fp[1:].isdigit():
            n = int(fp[1:])
            if lang == "zh":
                out += [f"第{_ZH_ORD[n - 1]}季度", f"{_ZH_ORD[n - 1]}季度"]
            else:
                out += [f"{_EN_ORDINAL[n - 1]} quarter", f"Q{n}"]
        elif fp == "H1":
            out += ["上半年", "半年度"] if lang == "zh" else ["first half", "H1"]
        elif fp == "FY" and lang != "zh" and str(y) not in p.label:  # "FY22": reports write the full year
            out += [str(y), f"fiscal {y}"]
    return list(dict.fromkeys(out))


def find_periods(text: str, ref: Reference | None = None) -> list[Period]:
    """Every period named in ``text``, in order of appearance, absolute forms before overlapping ones."""
    taken: list[tuple[int, int]] = [(m.start(), m.end()) for m in ROW_PERIOD_WORD.finditer(text)]
    found: list[tuple[int, Period]] = []

    def free(a: int, b: int) -> bool:
        return all(b <= s or a >= e for s, e in taken)

    for pattern, kind in _ABSOLUTE:
        for m in pattern.finditer(text):
            if kind == "bare_y" and names_instrument(text, m):
                continue
            if kind in _DAY_KINDS and (names_report(text, m) or names_instrument(text, m)):
                taken.append((m.start(), m.end()))  # its year is no bare year either ("notes due October 1,
                continue  # 2030": a maturity)
            if free(m.start(), m.end()):
                taken.append((m.start(), m.end()))
                found.append((m.start(), _absolute(kind, m)))
    for m in _REL_RE.finditer(text):
        if free(m.start(), m.end()):
            taken.append((m.start(), m.end()))
            found.append((m.start(), _relative(m.group(0), ref)))
    found.sort(key=lambda t: t[0])
    out: list[Period] = []
    for _, p in found:
        if not any(q.label == p.label for q in out):
            out.append(p)
    return out


def resolve(periods: list[Period], ref: Reference) -> list[Period]:
    """Fill the years of relative periods (those without a fiscal year) from ``ref``."""
    return [
        (_relative(p.label, ref) if p.fiscal_year is None and p.label.lower() in _REL_INFO else p)
        for p in periods
    ]


def is_relative(p: Period) -> bool:
    return p.label.lower() in _REL_INFO


def spans(text: str) -> list[tuple[int, int]]:
    """Character spans of every period mention (used to strip or replace periods in follow-ups)."""
    out: list[tuple[int, int]] = []
    for pattern, _ in _ABSOLUTE:
        out.extend((m.start(), m.end()) for m in pattern.finditer(text))
    out.extend((m.start(), m.end()) for m in _REL_RE.finditer(text))
    out.sort()
    merged: list[tuple[int, int]] = []
    for a, b in out:
        if merged and a < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged
