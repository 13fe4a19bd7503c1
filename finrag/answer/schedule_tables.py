"""The schedules a chunk prints: its markdown tables as rows of cells, a schedule the page reader left as
two lines of running text (a line of period labels over a line of as many amounts), and one a sentence
states ("$290 million in 2021; $252 million in 2022; …", "$119 million, $123 million … for years 2023
through 2027, respectively")."""

from __future__ import annotations

import itertools
import re

from finrag.answer.prose_series import PAIRED
from finrag.answer.text import row_cells
from finrag.answer.units import DOLLAR_AMOUNT

_LEADERS = re.compile(r"(?:\s*[.·…]){3,}\s*$")  # "2023 ........": a label's dot leaders
MIN_SCHEDULE_YEARS = 3  # a maturity schedule lists at least three years before its bucket
_FISCAL = r"(?:fiscal\s+(?:year\s+)?)?"
# a schedule's labels: a calendar year ("2023", "Fiscal 2023"), the total
_YEAR_LABEL = re.compile(rf"^{_FISCAL}((?:19|20)\d{{2}})$", re.I)
# a schedule dated by years from now ("Next one year (a)", "1-2 years", "Less than 1 year"): the Nth year
_FIRST_YEAR_LABEL = re.compile(r"^(?:next|within|less than|in)\s+(?:one|1)\s+years?$", re.I)
_NTH_YEAR_LABEL = re.compile(r"^(\d{1,2})\s*[-–]\s*(\d{1,2})\s+years?$", re.I)
NOTE_MARK = re.compile(r"\s*\([a-z\d]\)$", re.I)  # "Next one year (a)": its footnote mark


def label_year(label: str) -> int | None:
    """The year a schedule's label names: a calendar year, or a relative one (1 for "Next one year")."""
    label = NOTE_MARK.sub("", label.strip())
    if m := _YEAR_LABEL.match(label):
        return int(m.group(1))
    if _FIRST_YEAR_LABEL.match(label):
        return 1
    if (m := _NTH_YEAR_LABEL.match(label)) and int(m.group(2)) == int(m.group(1)) + 1:
        return int(m.group(2))
    return None


TOTAL_LABEL = re.compile(r"^total\b", re.I)


def schedule_tables(text: str) -> list[list[list[str]]]:
    """The markdown tables of a chunk's text, as rows of cells, and the schedules printed as two lines of
    running text (see ``_line_pair``)."""
    out: list[list[list[str]]] = []
    current: list[list[str]] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.lstrip().startswith("|"):
            current.append([_LEADERS.sub("", c).strip() for c in row_cells(line)])
            continue
        if current:
            out.append(current)
            current = []
        if i + 1 < len(lines) and (pair := _line_pair(line, lines[i + 1])):
            out.append(pair)
    if current:
        out.append(current)
    return out + _sentence_schedules(text)


_PROSE_LABEL = (
    r"(?:(?:after|beyond)\s+(?:fiscal\s+)?(?:19|20)\d{2}|thereafter|total|(?:fiscal\s+)?(?:19|20)\d{2})"
)
_PROSE_LABELS = re.compile(rf"^\s*(?:\([^)]*\)\s*)?((?:{_PROSE_LABEL}\s*){{{MIN_SCHEDULE_YEARS},}})$", re.I)
_PROSE_AMOUNT = r"(?:\$\s*)?(?:\(?\d{1,3}(?:,\d{3})*(?:\.\d+)?\)?|[—–])"


def _line_pair(head: str, body: str) -> list[list[str]] | None:
    """A schedule the page reader left as running text: a line of period labels ("2023 2024 2025 2026 2027
    After 2027 Total") over a line opening with as many amounts ("$ 1,938 $ 1,100 … $ 15,939 As a result
    …"), as a table's heading row and its one unlabelled row; else None."""
    m = _PROSE_LABELS.match(head)
    if m is None:
        return None
    labels = [x.strip() for x in re.findall(_PROSE_LABEL, m.group(1), re.I)]
    amounts = re.match(rf"\s*((?:{_PROSE_AMOUNT}\s+){{{len(labels) - 1}}}{_PROSE_AMOUNT})(?!\S)", body)
    if amounts is None:
        return None
    cells = [c.replace("$", "").strip() for c in re.findall(_PROSE_AMOUNT, amounts.group(1))]
    return [["", *labels], ["", *cells]] if len(cells) == len(labels) else None


# "$119 million, $123 million, … and $94 million for years 2023 through 2027, respectively"
_RESPECTIVE = re.compile(
    r"((?:" + DOLLAR_AMOUNT + r",?\s+(?:and\s+)?){3,})(?:for|in)\s+(?:the\s+)?(?:fiscal\s+)?years?\s+"
    r"(?P<first>(?:19|20)\d{2})\s+(?:through|to|-|–)\s+(?P<last>(?:19|20)\d{2}),?\s+respectively",
    re.I,
)


def _as_rows(years: list[int], amounts: list[tuple[str, str]]) -> list[list[str]] | None:
    """A stated schedule as a heading row of its years (its unit in the corner) over a row of its amounts,
    when it lists at least MIN_SCHEDULE_YEARS years running one after another, all in one unit."""
    run = len(years) >= MIN_SCHEDULE_YEARS and all(b == a + 1 for a, b in itertools.pairwise(years))
    scales = {scale.lower() for _, scale in amounts}
    if not run or len(amounts) != len(years) or len(scales) != 1:
        return None
    scale = scales.pop()
    corner = f"(in {scale}s)" if scale else ""
    return [[corner, *map(str, years)], ["", *(a for a, _ in amounts)]]


def _sentence_schedules(text: str) -> list[list[list[str]]]:
    """The schedules the chunk's sentences state (see the module)."""
    out: list[list[list[str]]] = []
    prose = " ".join(line for line in text.splitlines() if not line.lstrip().startswith("|"))  # wrapped lines
    for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z])", prose):
        # "$290 million in 2021; $252 million in 2022; …": the pairs prose_series reads
        pairs = [(m.group(1), m.group(2) or "", int(m["year"])) for m in PAIRED.finditer(sentence)]
        if rows := _as_rows([y for _, _, y in pairs], [(a, scale) for a, scale, _ in pairs]):
            out.append(rows)
        for m in _RESPECTIVE.finditer(sentence):
            years = list(range(int(m["first"]), int(m["last"]) + 1))
            if rows := _as_rows(years, re.findall(DOLLAR_AMOUNT, m.group(1), re.I)):
                out.append(rows)
    return out


def stacked(rows: list[list[str]]) -> list[list[list[str]]]:
    """A table's schedules one under another (this year's lease payments, then the last year's under the old
    standard): a year listed again after the first schedule's total starts the next, with the headings
    printed after that total."""
    blocks: list[list[list[str]]] = [[]]
    last: int | None = None
    for row in rows:
        year = label_year(row[0]) if row else None
        current = blocks[-1]
        if year is not None and last is not None and year <= last:
            totals = [i for i, r in enumerate(current) if r and TOTAL_LABEL.match(r[0])]
            cut = totals[-1] + 1 if totals else len(current)
            blocks[-1], current = current[:cut], current[cut:]
            blocks.append(current)
        last = year if year is not None else last
        current.append(row)
    return blocks
