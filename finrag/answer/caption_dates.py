"""Columns of measures ("原值 | 累计折旧 | 净值", "金额 | 占比") dated by the one date or year the table's
caption prints: "截至2010年12月31日，公司固定资产情况如下：" makes them balances at that day, "2004年前五名
供应商采购情况" makes them figures of that year. Without such a caption they stay undated (a lookup cannot
tell which year they are). Relative columns are dated by the statement's title line above the table, or by the
statement the reader ran them on from. An annual report's table of one value column with no heading over it
("研发投入情况表") states the report's own year."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.columns import Column, Previous
from finrag.answer.periods import UNKNOWN, ResolvedPeriod, resolve_at, resolve_label, year_end
from finrag.answer.table_context import MAX_TITLE_CHARS
from finrag.model import Document

MAX_CAPTION_CHARS = 40  # a caption line, not a paragraph that mentions dates in passing
_DATE = re.compile(r"(?:截至|截止|于)?\s*((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_YEAR = re.compile(r"((?:19|20)\d{2})\s*年(?:度)?")
_ANY_YEAR = re.compile(r"(?:19|20)\d{2}")
_PART_YEAR = re.compile(r"月|季度|半年|期间")
# an English caption that is one date, of a year's flows ("Fiscal Year Ended June 30, 2023") or a balance day
# ("As of December 31, 2022"); never a quarter's or months' span
_EN_YEAR_ENDED = re.compile(
    r"(?:(?:fiscal\s+)?years?\s+ended\s+|as\s+of\s+|at\s+)?[A-Za-z]+\.?\s+\d{1,2},?\s*(?:19|20)\d{2}", re.I
)


def _caption_period(caption: str) -> ResolvedPeriod:
    text = caption.strip()
    if not text or len(text) > MAX_CAPTION_CHARS or len(_ANY_YEAR.findall(text)) != 1:
        return UNKNOWN  # none, or two years ("2004年、2005年前五名…"): no one date
    if _EN_YEAR_ENDED.fullmatch(text):  # "Year Ended December 31, 2018" over columns of segments
        period = resolve_label(text, None)
        return period if period.fiscal_period == "FY" else UNKNOWN
    if m := _DATE.search(text):
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        return ResolvedPeriod(y, "FY", f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    if _PART_YEAR.search(text):  # "2007上半年的新建项目": the half year's; "2007年1-6月" alike
        part = resolve_label(text, None)
        return part if part.fiscal_period in _PARTS else UNKNOWN
    if m := _YEAR.search(text):
        y = int(m.group(1))
        return ResolvedPeriod(y, "FY", f"{y:04d}-12-31", "duration")
    return UNKNOWN


def dated_by_caption(columns: list[Column], captions: list[str]) -> list[Column]:
    """Undated columns given the period of the first caption that prints exactly one Chinese date or year
    (or one half or quarter of one); under a year's or a part's caption, "期初数" is the balance at the end of
    the year before and "期末数" the balance at the period's end; a part's caption dates no other column but
    its movements ("本期增加")."""
    if not columns or any(c.period is not UNKNOWN for c in columns):
        return columns
    for caption in captions:
        if (period := _caption_period(caption)) is not UNKNOWN:
            return [replace(c, period=_balance(c.label, period)) for c in columns]
    return columns


_PARTS = ("H1", "Q1", "Q2", "Q3", "Q4")
_OPENING = ("期初", "年初")
_CLOSING = ("期末", "年末")
_FLOWS = ("本期", "本年")  # "本期增加", "本期发生额": the period's own movements


def _balance(label: str, period: ResolvedPeriod) -> ResolvedPeriod:
    """An opening or closing balance column of a period's table: the day it is at."""
    if period.kind != "duration" or period.fiscal_year is None or period.period_end is None:
        return period
    squeezed = re.sub(r"\s+", "", label)
    if any(w in squeezed for w in _OPENING):
        y = period.fiscal_year - 1
        return ResolvedPeriod(y, "FY", year_end(y), "instant")
    if any(w in squeezed for w in _CLOSING):
        return ResolvedPeriod(period.fiscal_year, "FY", period.period_end, "instant")
    if period.fiscal_period in _PARTS and not squeezed.startswith(_FLOWS):
        return UNKNOWN  # "股本", "预算数" under "2007年1-6月": the half's figure only where a column says so
    return period


_PART_BY_MONTH = {3: "Q1", 6: "H1", 9: "Q3"}  # a flow ending in that month is that part of its year


def after_previous(columns: list[Column], previous: Previous) -> list[Column]:
    """Relative columns of a statement the reader ran on from the one before ("项目 | 本期金额 | 上期金额"
    under a balance sheet at 2007年06月30日), dated from that statement's closing day; a flow ending
    mid-year is that part of its year, never the year."""
    ends = [c.period.period_end for c in previous.columns if c.period.period_end]
    if not ends:
        return columns
    end = max(ends)
    y, mo, d = int(end[:4]), int(end[5:7]), int(end[8:10])
    out: list[Column] = []
    for c in columns:
        found = resolve_at(c.label, f"{y}年{mo}月{d}日")
        if found is UNKNOWN and (flow := resolve_label(c.label, y, end)).kind == "duration":
            found = replace(flow, fiscal_period=_PART_BY_MONTH.get(mo, flow.fiscal_period))
        out.append(replace(c, period=found))
    return out


def dated_by_title(columns: list[Column], titles: list[str]) -> list[Column]:
    """Relative balance columns ("期末余额 | 年初余额") dated by the statement's title line just above
    the table ("合并资产负债表 2007年06月30日"), as printed; unchanged without one."""
    for title in (t for t in titles if len(t.strip()) <= MAX_TITLE_CHARS):
        periods = [resolve_at(c.label, title) for c in columns]
        if all(p is not UNKNOWN for p in periods):
            return [replace(c, period=p) for c, p in zip(columns, periods, strict=True)]
    return columns


def report_year_column(doc: Document, columns: list[Column]) -> list[Column]:
    """An annual report's table with one value column and no heading over it ("研发投入情况表": 研发投入合计,
    公司研发人员的数量) states the report's own year."""
    year = doc.meta.fiscal_year
    if year is None or doc.meta.fiscal_period != "FY" or len(columns) != 1:
        return columns
    col = columns[0]
    if col.period is not UNKNOWN or col.label.strip():
        return columns
    return [replace(col, period=resolve_label(f"{year}年度", year))]
