"""A table's header rows repaired before its columns are labelled: the table reader splits merged cells
("2005 | 年度"), leaves a heading centred over a group of columns in one cell of it ("Three Months Ended" over
"2023 2022", "2015" over four quarter days), shifts cells off their columns ("July 2, | July 3,%") and runs a
label cell into the first value column's ("($ million) 2022 | | 2023"). Each repair returns new rows; the
cells are otherwise read as printed."""

from __future__ import annotations

import re

from finrag.answer.periods import BARE_YEAR, MONTH_NAMES, QUARTER_ONLY
from finrag.answer.year_runs import DAY_CELL, own_days, spread_run_headings


def repaired_header(header: list[list[str]], width: int, label_col: int) -> list[list[str]]:
    """The header rows with every repair applied, in the order each expects the others."""
    header = _label_span(_unglue(header, width, label_col), label_col)
    header = _spread_period_headings(_join_split_groups(_join_split_years(_label_year(header, label_col))))
    return _spread_lone_period(spread_run_headings(_spread_group_years(header)))


# "2005 | 年度" or "2003年 | 度": a year printed across a merged cell that the table reader split in two
_SPLIT_YEAR = re.compile(r"(?:19|20)\d{2}\s*年?")
_YEAR_REST = re.compile(r"年?度|年|年末|年初|年度末")
_SPLIT_DATE = re.compile(r"(?:19|20)\d{2}\s*年\s*\d{1,2}")  # a date cut after its month number
_DATE_REST = re.compile(r"月\s*\d{1,2}\s*日")
_YEAR_ONLY_CELL = re.compile(r"(?:19|20)\d{2}")
_WHOLE_DATE = re.compile(r"(?:19|20)\d{2}年\d{1,2}月\d{1,2}日")  # a date three cells print in pieces
_SCOPE_CELL = re.compile(r"合并|母公司|本公司|公司|集团")  # the sub-header under a year's merged cell


def _join_split_years(header: list[list[str]]) -> list[list[str]]:
    """Header rows with a split year put back together in both cells: "2005 | 年度" -> "2005年度 | 2005年度",
    "2005年12 | 月31日" -> the date in both (the cell pair spans the columns below it, 合并 and 母公司); an
    empty cell right of a year, above a labelled column, belongs to that year's merged cell."""
    out = []
    for row in header:
        cells = list(row)
        for i in range(len(cells) - 1):
            head, rest = cells[i].strip(), cells[i + 1].strip()
            if _SPLIT_YEAR.fullmatch(head) and _YEAR_REST.fullmatch(rest):
                joined = head.rstrip("年").strip() + "年" + rest.lstrip("年")
                cells[i] = cells[i + 1] = joined
            elif _SPLIT_DATE.fullmatch(head) and _DATE_REST.fullmatch(rest):  # "2005年12 | 月31日"
                cells[i] = cells[i + 1] = head + rest
            elif i + 2 < len(cells) and _YEAR_ONLY_CELL.fullmatch(head):  # "2007 | 年12月31 | 日"
                three = "".join(c.strip() for c in cells[i : i + 3])
                if _WHOLE_DATE.fullmatch(three) and not _WHOLE_DATE.fullmatch(rest):
                    cells[i : i + 3] = [three] * 3
        out.append(cells)
    for r in range(len(out) - 1):  # "2006年度 | ''" over "合并 | 母公司": the empty cell is the merged one's
        below = out[r + 1]
        for i in range(1, len(out[r])):
            left = out[r][i - 1].strip()
            if (
                not out[r][i].strip()
                and i < len(below)
                and _SCOPE_CELL.fullmatch(below[i].strip())
                and _SPLIT_YEAR.match(left)
            ):
                out[r][i] = left
    return out


# Words of a period heading centred over several year columns ("Three Months Ended", "June 30,")
_PERIOD_WORDS = re.compile(
    rf"\b(?:months?|quarter|weeks?|year|ended|ending|fiscal|{MONTH_NAMES})|\b[QH][1-4]\b|\b[1-4][QH]\b|季度|年度|月",
    re.I,
)  # "Q4 | Full Year" over "2022 2021 % Change" twice; words read from their start ("Spending" is none)
_YEAR_CELL = re.compile(r"(?:fy\s*)?(?:19|20)\d{2}\b|(?:19|20)\d{2}年", re.I)


# a heading naming a period: a year, a span, or a Chinese note's relative one ("期初余额" over 账面余额)
_PERIODIC = re.compile(rf"{_YEAR_CELL.pattern}|{_PERIOD_WORDS.pattern}|期末|期初|年末|年初|本期|上期", re.I)


def _years_row(header: list[list[str]]) -> int:
    """The header row printing the most years (-1: no header)."""
    return max(
        range(len(header)), key=lambda r: sum(bool(_YEAR_CELL.search(c)) for c in header[r]), default=-1
    )


def _spread_period_headings(header: list[list[str]]) -> list[list[str]]:
    """A period heading printed once over a group of year columns ("Three Months Ended | Six Months Ended"
    over "2023 2022 2023 2022", "FOURTH QUARTER" over "2022 … 2021") lands in one cell of its group; it
    is copied to every year column of the group (groups: the year columns split evenly between the
    headings, each holding its heading's column)."""
    years_at = _years_row(header)
    if years_at <= 0:
        return header
    year_cols = [i for i, c in enumerate(header[years_at]) if _YEAR_CELL.search(c)]
    out = [list(r) for r in header]
    for r in range(years_at):
        heads = [
            i
            for i, c in enumerate(out[r])
            if i > 0 and c.strip() and _PERIOD_WORDS.search(c) and not _YEAR_CELL.search(c)
        ]
        if not heads or not year_cols or len(year_cols) % len(heads):
            continue
        size = len(year_cols) // len(heads)
        groups = [year_cols[k : k + size] for k in range(0, len(year_cols), size)]
        if all(g[0] - 1 <= h <= g[-1] + 1 for h, g in zip(heads, groups, strict=True)):
            for h, g in zip(heads, groups, strict=True):
                for c in g:
                    if c < len(out[r]) and not out[r][c].strip():
                        out[r][c] = out[r][h]
    return out


GROUP_LEAD = 1  # columns of their own a header may print before its repeating groups


def _join_split_groups(header: list[list[str]]) -> list[list[str]]:
    """A heading centred over a repeating group of columns ("2005年度 2004年度 2003年度" twice, "Activision
    Blizzard King Total" twice): cut into pieces by the table reader ("主营 | 业务收入（元 | ）"), the group's
    pieces joined back; one piece per group ("For the Year Ended December 31, 2019" over the first group,
    "Increase / (decrease)" over the second), copied to every column of its group."""
    # the lowest row naming the columns of each group (not one printing the same word over every column,
    # "Markets" under "Fixed Income | Equity | Total")
    base, size, cols = 0, 0, []
    for row in range(len(header) - 1, 0, -1):
        keyed = [(i, _YEAR_CELL.search(c)) for i, c in enumerate(header[row]) if i > 0 and c.strip()]
        keys = [m.group(0) if m else header[row][i].strip() for i, m in keyed]
        # the groups may follow one column of their own ("Average Useful Life (Years)" before "Gross |
        # Accumulated Amortization | Net" twice)
        lead = next((n for n in range(GROUP_LEAD + 1) if _group_size(keys[n:]) and len(keys) - n >= 2), 0)
        cols, keys = [i for i, _ in keyed][lead:], keys[lead:]
        size = _group_size(keys)
        if size and (len(set(keys)) > 1 or len(keys) < 2):
            base = row
            break
    if not base:
        return header
    out = [list(r) for r in header]
    groups = [cols[k : k + size] for k in range(0, len(cols), size)]
    years_below = any(_YEAR_CELL.search(header[base][c]) for c in cols)
    for r in range(base):
        pieces = [[out[r][c].strip() for c in g if c < len(out[r]) and out[r][c].strip()] for g in groups]
        if not all(pieces):
            continue
        cut = any(len(set(p)) > 1 for p in pieces)
        lone = [p[0] for p in pieces]
        if cut and not years_below:
            continue  # pieces over segment columns
        # bare years are read as printed, but "2018" over "4th 3rd 2nd 1st" dates its group's quarters, and
        # "2022" over "Fixed Income | Equity | Total" its group's segments
        by_quarter = all(QUARTER_ONLY.fullmatch(header[base][c].strip()) for c in cols)
        bare = any(map(BARE_YEAR.fullmatch, lone)) and not by_quarter and years_below
        # a measure over each group of years ("产量(吨)" over 2003–2005, "销量（吨）" over them again)
        # names its group's columns as a period heading dates them
        measures = years_below and not bare and len(set(lone)) == len(lone)
        if not cut and (not all(map(_PERIODIC.search, lone)) or bare) and not measures:
            continue  # one heading naming no period ("Impact of New"), or bare years
        for g, p in zip(groups, pieces, strict=True):
            if dated := own_days(p, [c for c in g if _YEAR_CELL.search(header[base][c])]):
                for c in g:
                    out[r][c] = dated.get(c, "")
                continue
            joined = ("" if re.search(r"[\u4e00-\u9fff]", "".join(p)) else " ").join(dict.fromkeys(p))
            for c in g:
                out[r][c] = joined
    return out



def _group_size(keys: list[str]) -> int:
    """The length of the group the keys repeat ("Fixed Income, Equity, Total" twice: 3), 0 when none."""
    for k in range(1, len(keys) // 2 + 1):
        if len(keys) % k == 0 and keys == keys[:k] * (len(keys) // k):
            return k
    return 0


def _spread_lone_period(header: list[list[str]]) -> list[list[str]]:
    """The one period heading of a table whose columns are segments or measures ("For the Year Ended
    December 31, 2019" centred over Activision | Blizzard | King | Total) dates every column, not only the
    one it sits over."""
    dated = [
        (r, i) for r, row in enumerate(header) for i, c in enumerate(row) if i > 0 and _YEAR_CELL.search(c)
    ]
    if len(dated) != 1:
        return header
    r, i = dated[0]
    if any(c.strip() for k, c in enumerate(header[r]) if k not in (0, i)):
        return header  # other headings share its row: it heads its own group only
    out = [list(row) for row in header]
    out[r] = [out[r][0], *([header[r][i]] * (len(out[r]) - 1))]
    return out




def _spread_group_years(header: list[list[str]]) -> list[list[str]]:
    """Years centred over equal groups of day columns ("2015" over "Dec. 26 | Sep. 26 | Jun. 27 | Mar. 28",
    then "2014" over the next four), each left in one cell of its group: copied to every column of it."""
    out = [list(r) for r in header]
    for r in range(len(header) - 1):
        years = [i for i, c in enumerate(header[r]) if i > 0 and BARE_YEAR.fullmatch(c.strip())]
        days = [i for i, c in enumerate(header[r + 1]) if i > 0 and DAY_CELL.fullmatch(c.strip())]
        texts = [i for i, c in enumerate(header[r]) if i > 0 and c.strip()]
        if len(years) < 2 or texts != years or len(days) % len(years) or len(days) < 2 * len(years):
            continue
        size = len(days) // len(years)
        groups = [days[k : k + size] for k in range(0, len(days), size)]
        if all(g[0] <= y <= g[-1] for y, g in zip(years, groups, strict=True)):
            for y, g in zip(years, groups, strict=True):
                for c in g:
                    out[r][c] = header[r][y]
    return out


_TRAILING_YEAR = re.compile(r"^(?:(.*\S)\s+)?((?:19|20)\d{2})$")


def _label_year(header: list[list[str]], label_col: int) -> list[list[str]]:
    """A first year read into the label cell ("($ million) 2022 | | 2023", "2021 | | 2020"): back over the
    first value column when that is blank and the row prints other years."""
    out = [list(r) for r in header]
    for row in out:
        m = _TRAILING_YEAR.match(row[label_col]) if len(row) > label_col + 1 else None
        if m and not row[label_col + 1].strip() and any(_YEAR_CELL.search(c) for c in row[label_col + 2 :]):
            row[label_col], row[label_col + 1] = m.group(1) or "", m.group(2)
    return out


# "Three Months Ended December 31, (Dollars in millions)" in the label cell of a header row of bare years
_LABEL_SPAN = re.compile(
    r"\b(?:three|six|nine|twelve|\d{1,2})\s+(?:months|weeks)\s+ended\s+[a-z]+\.?\s+\d{1,2}\b,?", re.I
)


def _label_span(header: list[list[str]], label_col: int) -> list[list[str]]:
    """A span printed in the label cell, the years beside or below it ("Three Months Ended December 31, |
    2022 | 2021"): it heads those year columns (a quarter's figures, not the year's)."""
    out = [list(r) for r in header]
    for r, row in enumerate(out):
        m = _LABEL_SPAN.search(row[label_col]) if len(row) > label_col else None
        if m is None:
            continue
        for below in out[r:]:
            for c in range(label_col + 1, len(below)):
                if BARE_YEAR.fullmatch(below[c]):
                    below[c] = f"{m.group(0)} {below[c].strip()}"
        break
    return out


# "账龄期末账面余额": the label column's heading run into the one value column's ("期末账面余额")
_GLUED_RELATIVE = re.compile(
    r"^([\u4e00-\u9fff]{2,6}?)((?:期末|期初|年末|年初|本期|上期)[\u4e00-\u9fff]{0,8})$"
)


def _unglue(header: list[list[str]], width: int, label_col: int) -> list[list[str]]:
    """A one-value-column note whose header cell holds both headings, the value column's left blank: split."""
    if width != label_col + 2:
        return header
    out = [list(r) for r in header]
    for row in out:
        m = _GLUED_RELATIVE.match(row[label_col].strip()) if len(row) > label_col else None
        if m and not any(c.strip() for c in row[label_col + 1 :]):
            row[label_col : label_col + 2] = [m.group(1), m.group(2)]
    return out
