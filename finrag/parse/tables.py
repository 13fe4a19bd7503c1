"""Tables of digital PDFs after structure detection (pdf_tables.py): header rows, caption and unit, and
tables continued over several pages merged into one."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from finrag.model import BBox
from finrag.parse.layout import Line, is_cjk

# At most this many leading rows are a table's header.
MAX_HEADER_ROWS = 4
# Caption/unit lines are looked for this far above a table (points) and this many lines up.
CAPTION_DISTANCE = 60.0
CAPTION_LINES = 4
MAX_CAPTION_CHARS = 60
# A page "looks tabular" when this many lines hold three or more separated segments.
TABULAR_LINES = 3
# A line printed on at least this many pages is a running header ("Notes to the Consolidated Financial
# Statements", the company name) left in the body: it names no table, whatever table it sits above.
RUNNING_LINE_PAGES = 5

# "(1,234)", "$ (660)" (the currency sign before the parenthesis, as SEC statements print it); "-", "— %": nil
_AMOUNT = re.compile(
    r"^(?:[$¥€£]?\s*[(（\-–—]?\s*[$¥€£]?\s*\d[\d,]*(?:\.\d+)?\s*[)）]?\s*%?|[$¥€£]?\s*[-–—]{1,3}\s*%?)$"
)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_UNIT_ZH = re.compile(r"单位\s*[:：]\s*(?:人民币)?\s*([千万百亿]*元|%|股|千股|万股)")
_UNIT_EN = re.compile(
    r"\b(?:in|dollars in|amounts in|\$ in)\s+(millions|thousands|billions)\b", re.IGNORECASE
)
# A line ending with a colon leads into the table; its last sentence, the unit aside, names it: "...
# based on usage. Total depreciation expense, by segment, is as follows (in millions):"
_LEAD_IN_SENTENCE = re.compile(r"(?<=[a-z]{2}[.;])\s+(?=[A-Z])")
_UNIT_PAREN = re.compile(r"\s*\((?:in|dollars in|amounts in|\$ in)\s+(?:millions|thousands|billions)\)", re.I)
_STATEMENT_TITLE = re.compile(
    r"表|statements?\b|balance sheets?|income|operations|cash flows|equity|earnings|schedule", re.IGNORECASE
)
# The notes' running title names no statement ("Notes to the Consolidated Financial Statements", "附注")
_NOTES_TITLE = re.compile(r"^(?:see\s+)?notes?\s+to\b|附注", re.IGNORECASE)
# a line above a table with this many figures (years aside) is a row of another table, never its caption
MIN_ROW_FIGURES = 2
_FIGURE = re.compile(r"(?<![\w.,/])\(?\$?(?!(?:19|20)\d{2}\b)\d[\d,]*\d(?:\.\d+)?\)?%?(?![\w/.、])")
_NOT_CAPTION = re.compile(
    r"(?:^单位|^编制单位|币种|^\(?\s*(?:in|dollars in|amounts in)\s+(?:millions|thousands|billions)"
    r"|^\d{4}\s*年(?:\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?)?\s*(?:[-–至]|$)|^\(?unaudited\)?$|^\(?continued\)?$"
    r"|^(?:(?:fy\s*)?(?:19|20)\d{2}[\s,]*)+"  # a line of column years: "2015 2014 2013 (In millions)"
    r"(?:\(?(?:in|dollars in|amounts in)\s+(?:millions|thousands|billions)\)?)?$"
    r"|^(?:(?:three|six|nine|twelve) months|(?:fiscal )?years?|quarters?|periods?) ended|^(?:as of|at) "
    r"|^(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},?(?: \d{4})?[\s,]*)+$)",
    re.IGNORECASE,
)


@dataclass(slots=True)
class PageTable:
    """A table found on one page, before cross-page merging."""

    page: int
    bbox: BBox
    raw_rows: list[list[str]]
    ruled: bool
    caption: str = ""
    unit: str | None = None
    first_on_page: bool = False
    last_on_page: bool = False
    fragment: bool = False  # one ruled row: the last row of a table pushed onto the next page, or nothing
    table_id: str = ""  # set when merged into a document table
    warnings: list[str] = field(default_factory=list)


def looks_tabular(lines: Sequence[Line]) -> bool:
    return sum(1 for ln in lines if len(ln.segments) >= 3) >= TABULAR_LINES


def clean_cell(cell: str | None) -> str:
    if not cell:
        return ""
    parts = [p.strip() for p in cell.split("\n") if p.strip()]
    out = ""
    for p in parts:
        if out and not (is_cjk(out[-1]) or is_cjk(p[0])):
            out += " "
        out += p
    # pdfium/pdfminer put spaces between CJK runs and digits: "2020 年 12 月" is printed "2020年12月"
    return re.sub(r"(?<=[\u3000-\u9fff\uff00-\uffef])\s+|\s+(?=[\u3000-\u9fff\uff00-\uffef])", "", out)


def tidy(rows: list[list[str]]) -> list[list[str]]:
    """Cells cleaned, empty rows dropped, labels split from a first amount glued to them, rows padded to
    one width (empty columns go after merging: a continued page may leave a column empty that the first
    page fills)."""
    cleaned = [[clean_cell(c) for c in r] for r in rows]
    cleaned = _wrapped_labels([_spilled(_unshifted(r)) for r in _unglued([r for r in cleaned if any(r)])])
    width = max((len(r) for r in cleaned), default=0)
    return [r + [""] * (width - len(r)) for r in cleaned]


def _unshifted(row: list[str]) -> list[str]:
    """A header of consecutive years whose first year sat over the label column, the cell right of it empty
    ("2020 | | 2019 | 2018" over "Occupancy | 55% | 91%"): that year moved over the first value column."""
    if len(row) < 4 or row[1] or not all(_YEAR.match(c) for c in (row[0], *row[2:])):
        return row
    years = [int(c) for c in (row[0], *row[2:])]
    steps = {b - a for a, b in itertools.pairwise(years)}
    return ["", row[0], *row[2:]] if steps in ({1}, {-1}) else row


# "所有者权益合计132,783,500.45 | 96,740,512.28": a Chinese row label with its first amount in one cell
_GLUED = re.compile(r"^(?P<label>.*[\u4e00-\u9fff）)：:])(?P<amount>[-−]?\(?\d{1,3}(?:,\d{3})*\.\d{2}\)?)$")
GLUED_ROWS = 3  # fewer glued rows than this are not a pattern of the extraction, leave them be


def _unglued(rows: list[list[str]]) -> list[list[str]]:
    """When most labelled rows carry their first amount in the label cell (the text layer set no gap
    between them), that amount becomes the row's first value cell and label-only rows get an empty one."""
    labelled = [r for r in rows if r and r[0]]
    glued = sum(1 for r in labelled if _GLUED.match(r[0]))
    if glued < GLUED_ROWS or 2 * glued < len(labelled):
        return rows
    out: list[list[str]] = []
    for r in rows:
        m = _GLUED.match(r[0]) if r and r[0] else None
        out.append([m["label"], m["amount"], *r[1:]] if m else [*r[:1], "", *r[1:]])
    return out


# "153,350,476.791 | 12,504,100.20": a right-aligned amount too wide for its cell ran its first digit over the
# column rule into the cell on its left, after that cell's two decimals
_SPILLED = re.compile(r"^(?P<own>[-−(]?\d{1,3}(?:,\d{3})+\.\d{2})(?P<spill>\d{1,3})$")
_GROUPED = re.compile(r"^\d{1,3}(?:,\d{3})+\.\d{2}\)?$")


def _spilled(row: list[str]) -> list[str]:
    """A row with each spilled digit given back to the amount it belongs to."""
    out = list(row)
    for i in range(len(out) - 1):
        m = _SPILLED.match(out[i])
        if m and _GROUPED.match(m["spill"] + out[i + 1]):
            out[i], out[i + 1] = m["own"], m["spill"] + out[i + 1]
    return out


# A Chinese row label the cell wrapped around its amounts, the amounts on the line between: "分配股利、利润或
# 偿付利息所支付的 | | |" over "| 1,681,483,573.21 | …" over "现金 | | |"
_CJK_END = re.compile(r"[\u4e00-\u9fff）)]$")
_CJK_START = re.compile(r"^[\u4e00-\u9fff（(]")
_YEAR_LABEL = re.compile(r"^(?:19|20)\d{2}年?$")  # "2006年" over its block of rows: no part of a label
# "（二）…", "2．…": a numbered row of its own, never the tail of the label above
_NUMBERED = re.compile(r"^(?:[一二三四五六七八九十]+、|（[一二三四五六七八九十]+）|\d+[．.、])")


def _label_only(row: list[str]) -> bool:
    return bool(row[0]) and not any(c.strip() for c in row[1:])


def _wrapped_labels(rows: list[list[str]]) -> list[list[str]]:
    """Rows whose label the cell wrapped around its amounts, read as one row under the whole label."""
    out: list[list[str]] = []
    i = 0
    while i < len(rows):
        row = rows[i]
        above, below = (out[-1] if out else None), (rows[i + 1] if i + 1 < len(rows) else None)
        if (
            above is not None
            and below is not None
            and not row[0]
            and any(is_amount(c) for c in row[1:])
            and _label_only(above)
            and _label_only(below)
            and _CJK_END.search(above[0])
            and _CJK_START.match(below[0])
            and not _YEAR_LABEL.match(above[0])
            and not _YEAR_LABEL.match(below[0])
            and not _NUMBERED.match(below[0])
        ):
            out[-1] = [above[0] + below[0], *row[1:]]
            i += 2
            continue
        out.append(row)
        i += 1
    return out


def is_amount(cell: str) -> bool:
    c = cell.strip()
    return bool(c) and bool(_AMOUNT.match(c)) and not _YEAR.match(c)


def amounts(cell: str) -> bool:
    """An amount, or two printed so close that they read as one cell ("$ 5,023.0 $ 4,161.7")."""
    return all(is_amount(p) for p in re.split(r"\s+(?=\$)", cell.strip()))


def split_header(rows: list[list[str]]) -> tuple[list[list[str]], list[list[str]]]:
    """Leading rows without amounts are the header (at most MAX_HEADER_ROWS; the first row of a text-only
    table; none when the first row already holds amounts)."""
    n = 0
    while (
        n < min(MAX_HEADER_ROWS, len(rows) - 1)
        and not any(amounts(c) for c in rows[n][1:])
        and any(rows[n][1:])
    ):  # a row with only a first-column label is a section row of the body
        n += 1
    has_amounts = any(is_amount(c) for r in rows for c in r[1:])
    if not has_amounts:  # a text-only table: its first row names the columns
        n = 1 if len(rows) > 1 else 0
    # A first row of amounts is body: the header was printed apart (a block above, or the previous page)
    return rows[:n], rows[n:]


def line_key(text: str) -> str:
    """A line's identity across pages: spacing and case ignored, digits folded (page numbers)."""
    return re.sub(r"\d+", "#", "".join(text.split()).lower())


def running_lines(pages: Sequence[Sequence[Line]]) -> frozenset[str]:
    """Keys of the lines printed on RUNNING_LINE_PAGES pages or more (running headers in the body)."""
    seen: dict[str, int] = {}
    for lines in pages:
        for key in {line_key(ln.text) for ln in lines}:
            seen[key] = seen.get(key, 0) + 1
    return frozenset(k for k, n in seen.items() if n >= RUNNING_LINE_PAGES)


def caption_and_unit(
    lines_above: Sequence[str], rows: list[list[str]], running: frozenset[str] = frozenset()
) -> tuple[str, str | None]:
    """Caption = nearest title-like line above the table (running headers skipped); unit from those
    lines or the header cells."""
    unit: str | None = None
    caption = ""
    titled = ""
    for text in lines_above:
        unit = unit or unit_of(text)
        t = _lead_in(text.strip())
        if t[:1].islower():
            continue  # "the business profile of CCB.": the tail of a sentence, no title
        if len(_FIGURE.findall(t)) >= MIN_ROW_FIGURES:
            continue  # "Current liabilities (60) (53) (13)": another table's row, no title
        if t and len(t) <= MAX_CAPTION_CHARS and not _NOT_CAPTION.search(t) and line_key(t) not in running:
            caption = caption or t
            titled = titled or (t if _STATEMENT_TITLE.search(t) and not _NOTES_TITLE.search(t) else "")
    caption = titled or caption
    if unit is None:
        for row in rows[:MAX_HEADER_ROWS]:
            for cell in row:
                unit = unit or unit_of(cell)
    return caption, unit


def _lead_in(text: str) -> str:
    if not text.endswith((":", "：")):
        return text
    last = _UNIT_PAREN.sub("", _LEAD_IN_SENTENCE.split(text)[-1])
    return last if any(ch.isalpha() for ch in last) else text  # "(in thousands):" alone names nothing


def unit_of(text: str) -> str | None:
    """Unit named in a caption line or header cell: 单位：万元 -> 万元, (in millions) -> in millions."""
    m = _UNIT_ZH.search(text)
    if m:
        return m.group(1)
    m = _UNIT_EN.search(text)
    return f"in {m.group(1).lower()}" if m else None
