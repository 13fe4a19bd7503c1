"""Figures a Chinese sentence lists for several years at once ("2004-2006年，…的比例分别为79.20%、72.47%
和61.37%"): which year each listed value belongs to, so a question about one year takes its own."""

from __future__ import annotations

import itertools
import re

_YEAR = r"(?:19|20)\d{2}"
# one year as a filing dates it: "2005年", "2005年度", "2005年末", "2006年1-6月", "2005"
_ITEM = rf"{_YEAR}\s*(?:年\s*(?:度|末|底|上半年|\d{{1,2}}\s*[-－—~至]\s*\d{{1,2}}\s*月)?)?"
# "2004-2006年", "2004年至2006年": every year from the first to the last
_SPAN = re.compile(rf"({_YEAR})\s*年?\s*[-－—~～至到]\s*({_YEAR})\s*年")
# "2003年、2004年及2005年", "2006年1-6月、2005年度、2004年度": years listed one by one
_LIST = re.compile(rf"{_ITEM}(?:\s*[、,，和及与]\s*{_ITEM})+")
RESPECTIVELY = "分别"
_MIN_YEARS = 2  # a list pairs values with at least two years
_MAX_SPAN = 10  # a span of more years than this is a date range, not a list of report years
_PART_YEAR = re.compile(r"月|上半年")  # "2006年1-6月", "2007年上半年": a part of its year


def listed_years(head: str) -> tuple[int, list[tuple[int, bool]]] | None:
    """Where the last year list or span before "分别" ends in ``head``, and its years in printed order,
    each with whether it is a whole year (not "2006年1-6月"); None without one of two years or more."""
    found: list[tuple[int, list[tuple[int, bool]]]] = []
    for m in _SPAN.finditer(head):
        first, last = int(m.group(1)), int(m.group(2))
        if 0 < last - first <= _MAX_SPAN:
            found.append((m.end(), [(y, True) for y in range(first, last + 1)]))
    for m in _LIST.finditer(head):
        items = re.finditer(_ITEM, m.group(0))
        found.append((m.end(), [(int(i.group(0)[:4]), not _PART_YEAR.search(i.group(0))) for i in items]))
    best = max(found, key=lambda f: f[0]) if found else None
    return best if best is not None and len(best[1]) >= _MIN_YEARS else None


def value_years(sentence: str, spans: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """The year of each value span that a "分别" list in ``sentence`` pairs with a listed year: the values
    after one "分别" (up to the next) are as many as the years listed before the first, in the same
    order. Spans outside such a list are left out."""
    first = sentence.find(RESPECTIVELY)
    found = listed_years(sentence[:first]) if first >= 0 else None
    if found is None:
        return {}
    years = [year for year, _ in found[1]]
    marks = [m.start() for m in re.finditer(RESPECTIVELY, sentence)] + [len(sentence)]
    out: dict[tuple[int, int], int] = {}
    for start, stop in itertools.pairwise(marks):
        listed = sorted(s for s in spans if start <= s[0] < stop)
        if len(listed) == len(years):
            out.update(zip(listed, years, strict=True))
    return out
