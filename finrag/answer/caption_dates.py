"""Columns of measures ("原值 | 累计折旧 | 净值", "金额 | 占比") dated by the one date or year the table's
caption prints: "截至2010年12月31日，公司固定资产情况如下：" makes them balances at that day, "2004年前五名
供应商采购情况" makes them figures of that year. Without such a caption they stay undated (a lookup cannot
tell which year they are)."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.columns import Column
from finrag.answer.periods import UNKNOWN, ResolvedPeriod

MAX_CAPTION_CHARS = 40  # a caption line, not a paragraph that mentions dates in passing
_DATE = re.compile(r"(?:截至|截止|于)?\s*((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_YEAR = re.compile(r"((?:19|20)\d{2})\s*年(?:度)?")
_ANY_YEAR = re.compile(r"(?:19|20)\d{2}")
_PART_YEAR = re.compile(r"月|季度|半年|期间")


def _caption_period(caption: str) -> ResolvedPeriod:
    text = caption.strip()
    if not text or len(text) > MAX_CAPTION_CHARS or len(_ANY_YEAR.findall(text)) != 1:
        return UNKNOWN  # none, or two years ("2004年、2005年前五名…"): no one date
    if m := _DATE.search(text):
        y, mo, d = int(m.group(1)), int(m.group(2)), int(m.group(3))
        return ResolvedPeriod(y, "FY", f"{y:04d}-{mo:02d}-{d:02d}", "instant")
    if _PART_YEAR.search(text):
        return UNKNOWN  # "2007年1-6月", "2006年第三季度": a part of the year, not the year
    if m := _YEAR.search(text):
        y = int(m.group(1))
        return ResolvedPeriod(y, "FY", f"{y:04d}-12-31", "duration")
    return UNKNOWN


def dated_by_caption(columns: list[Column], captions: list[str]) -> list[Column]:
    """Undated columns given the period of the first caption that prints exactly one Chinese date or year."""
    if not columns or any(c.period is not UNKNOWN for c in columns):
        return columns
    for caption in captions:
        if (period := _caption_period(caption)) is not UNKNOWN:
            return [replace(c, period=period) for c in columns]
    return columns
