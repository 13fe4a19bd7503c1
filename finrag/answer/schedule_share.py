"""The share of a maturity schedule falling due in a year or after one ("What percentage of Verizon's total
undiscounted operating lease payments as of December 31, 2021 is due after 2026?", "Of AMD's total future
unconditional purchase commitments, what percentage falls due in 2023?"): read off the schedule table the
context prints (years down the side or across the top, a "Thereafter" or "After fiscal 2027" bucket, a "Total"
line), the bucket or buckets asked over the total, each cell cited. Statement facts date such tables badly
(their year rows are no fiscal years), so the table's own text is read."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from finrag.answer.calc import FORMULAS, Operand, calc_text, compute
from finrag.answer.formula_base import Formula
from finrag.answer.query import AskedFor
from finrag.answer.quoted import NumericAnswer
from finrag.answer.schedule_tables import (
    MIN_SCHEDULE_YEARS,
    NOTE_MARK,
    TOTAL_LABEL,
    label_year,
    schedule_tables,
    stacked,
)
from finrag.answer.units import detect_unit, format_number, parse_number
from finrag.errors import AnswerError
from finrag.model import Chunk

# the question asks a share of a schedule: a percentage of amounts falling due
_SHARE = re.compile(r"\b(?:what|which)\s+(?:share|percentage|percent|proportion|portion|fraction)\b", re.I)
# (or expected: "the amortization expense Corning expects to record over 2023 through 2027")
_DUE = re.compile(
    r"\b(?:falls?|falling|comes?|coming)\s+due\b|\bdue\b|\bmatur\w*|\bscheduled\b|\bpayable\b"
    r"|\bexpect(?:s|ed)?\b|\bestimated\s+future\b",
    re.I,
)
_FISCAL = r"(?:fiscal\s+(?:year\s+)?)?"
_IN_YEAR = re.compile(rf"\b(?:in|during|for|due)\s+{_FISCAL}((?:19|20)\d{{2}})\b", re.I)
_AFTER_YEAR = re.compile(rf"\b(?:after|beyond|later than)\s+{_FISCAL}((?:19|20)\d{{2}})\b", re.I)
_RANGE = re.compile(  # "over 2023 through 2027", "for the five years 2021 through 2025"
    rf"\b(?:in|during|from|between|over|for)\s+(?:the\s+(?:\w+\s+)?years\s+)?{_FISCAL}((?:19|20)\d{{2}})\s*"
    rf"(?:through|to|and|-|–)\s*{_FISCAL}((?:19|20)\d{{2}})\b",
    re.I,
)
# "2023 and 2024 combined", "fiscal 2017 plus fiscal 2018": two years in a row
_PAIR = re.compile(rf"\b{_FISCAL}((?:19|20)\d{{2}})\s*(?:and|plus|\+)\s*{_FISCAL}((?:19|20)\d{{2}})\b", re.I)
# the bucket after a schedule's listed years
_AFTER_LABEL = re.compile(
    rf"^(?:thereafter|beyond|after\s+{_FISCAL}(?:19|20)\d{{2}}|(?:19|20)\d{{2}}\s+and\s+(?:thereafter|after|beyond))$",
    re.I,
)
# a bucket of several years ("1-3 years", "2021-22", "After 5 years"): a schedule's period, no one year
_SPAN_LABEL = re.compile(
    r"^(?:\d{1,2}\s*[-–]\s*\d{1,2}\s+years?|(?:19|20)\d{2}\s*[-–]\s*\d{2,4}"
    r"|years?\s+\d{1,2}\s*(?:and|[-–]|to)\s*\d{1,2}"  # "Years 2 and 3"
    r"|(?:after|more than|over)\s+\d{1,2}\s+years?)$",
    re.I,
)


def _periodic(label: str) -> bool:
    """A schedule's period label: one year, or a bucket of several ("Less than 1 year | 1-3 years | …")."""
    return label_year(label) is not None or _SPAN_LABEL.match(NOTE_MARK.sub("", label.strip())) is not None


MAX_SHARE = Decimal(100)  # percent
_WORD = re.compile(r"[a-z]{3,}")


def asks_schedule_share(asked: AskedFor) -> bool:
    """A share of a schedule's years ("what percentage … is due after 2026"), the amount of two or more of its
    years together ("how much … matures in 2023 and 2024 combined"), or one calendar year's amount ("what
    operating lease payments were scheduled to mature in 2024")."""
    q = asked.question
    bucket = _bucket(q) if asked.language == "en" else None
    if bucket is None:
        return False
    share = _SHARE.search(q) is not None
    if bucket[0] == bucket[1]:
        # not the first year counted from now (1), nor a formula of the question's own ("net debt = debt
        # maturing within …"; "lease financing + … leases" only names what the line holds)
        own = asked.formula is not None and asked.formula.name != "sum"
        return share or (bucket[0] > 1 and _ONE_YEAR_DUE.search(q) is not None and not own)
    return share or _HOW_MUCH.search(q) is not None


# one year of a schedule asked as such ("scheduled to be repaid in 2019", "matures in 2024", "due 2017"), not
# an amount "due to" something
_ONE_YEAR_DUE = re.compile(
    r"\bmatur(?:e|es|ing|ities)\b|\bscheduled\b|\bdue\s+(?:in\s+)?(?:fiscal\s+)?(?:19|20)\d{2}\b", re.I
)


# "how much … matures in 2023 and 2024 combined", "fiscal 2017 plus fiscal 2018": an amount over several years
_HOW_MUCH = re.compile(
    r"\bhow\s+much\b|\bwhat\s+(?:amount|total)\b|\bwhat\s+(?:is|was|are|were)\s+the\s+(?:total|combined)\b"
    r"|\bcombined\b",
    re.I,
)


# "after five years", "beyond 5 years", "(the 'Thereafter' bucket)": the schedule's years after its first N
_AFTER_SPAN = re.compile(
    r"\b(?:after|beyond|more than|later than)\s+(one|two|three|four|five|\d{1,2})\s+years?\b|\bthereafter\b",
    re.I,
)
_WITHIN_YEAR = re.compile(
    r"\b(?:within|in less than|less than)\s+(?:one|1|a)\s+year\b|\bwithin\s+12\s+months\b", re.I
)
_SPAN_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5} | {str(n): n for n in range(1, 31)}
THEREAFTER = -1000  # the bucket after the listed years, however many they are


def _bucket(question: str) -> tuple[int, int | None] | None:
    """The years of the schedule asked, written after the due words: (2023, 2023) for "in 2023", (2020, 2024)
    for "in 2020 through 2024", (2027, None) for "after 2026" (the bucket after the listed years too);
    (-5, None) for "after five years" (the years after the schedule's first five), ``THEREAFTER`` for the
    bucket alone."""
    due = _DUE.search(question)
    if due is None:
        return None
    rest = question[due.start() :]
    if m := _AFTER_YEAR.search(rest):
        return int(m.group(1)) + 1, None
    if m := _RANGE.search(rest) or _PAIR.search(rest):
        return int(m.group(1)), int(m.group(2))
    if m := _IN_YEAR.search(rest):
        return int(m.group(1)), int(m.group(1))
    if _WITHIN_YEAR.search(rest):  # "due within one year": a schedule's first year ("Less than 1 year")
        return 1, 1
    if m := _AFTER_SPAN.search(rest):  # "after five years", "the 'Thereafter' bucket": counted from the first
        return -(_SPAN_WORDS.get(m.group(1).lower(), 0) if m.group(1) else 0) or THEREAFTER, None
    return None


def _value(cell: str) -> Decimal | None:
    parsed = parse_number(cell)
    if parsed is not None and not parsed.percent:
        return parsed.value
    return Decimal(0) if cell.strip() in ("—", "-", "–") else None


# words every schedule and every such question share: no sign of which schedule is asked
_GENERIC = frozenset({"total", "year", "years", "fiscal", "millions", "thousands", "in", "the", "and", "of"})


def _among(word: str, words: set[str]) -> bool:
    """``word`` is one of ``words``, in full or shortened ("min" for "minimum", "leases" for "lease")."""
    return any(word.startswith(w) or w.startswith(word.rstrip("s")) for w in words)


def _says_all(name: str, question: str) -> bool:
    """Every word of a line's name is written in the question."""
    asked = set(_WORD.findall(question.lower()))
    return all(_among(w, asked) for w in set(_WORD.findall(name.lower())) - _GENERIC)


# what a question asking one year's amount says before the item it asks, and around it
_ASK_OPENER = re.compile(r"\b(?:how\s+much(?:\s+of)?|what)\s+", re.I)
_ITEM_GLUE = frozenset({"was", "were", "is", "are", "its", "their", "did", "does", "show", "showed", "for"})
MIN_ITEM_COVERAGE = 0.5  # of the asked item's words, printed by the schedule's line, heading or prose


def _item_words(asked: AskedFor) -> set[str]:
    """The words of the item a one-year question asks ("principal on long-term debt and capital leases"),
    written between its opening "how much"/"what" and the due words; not the company's name."""
    q = asked.question
    due = _ONE_YEAR_DUE.search(q)
    if due is None:
        return set()
    openers = list(_ASK_OPENER.finditer(q, 0, due.start()))
    phrase = q[openers[-1].end() if openers else 0 : due.start()].lower()
    names = {w for n in [*asked.companies, *asked.entities] for w in _WORD.findall(n.lower())}
    return set(_WORD.findall(phrase)) - _GENERIC - _ITEM_GLUE - names


def _covers(text: str, words: set[str]) -> bool:
    """``text`` prints most of ``words``."""
    printed = set(_WORD.findall(text.lower()))
    return not words or sum(_among(w, printed) for w in words) >= MIN_ITEM_COVERAGE * len(words)


def _overlap(label: str, question: str) -> int:
    return len((set(_WORD.findall(label.lower())) & set(_WORD.findall(question.lower()))) - _GENERIC)


@dataclass(slots=True, frozen=True)
class Schedule:
    """One line of a maturity schedule: each listed year's amount, the bucket after them, the total, and
    the line's own name (its column's heading or its row's label)."""

    years: list[tuple[int, str, Decimal]]
    after: tuple[str, Decimal] | None
    total: tuple[str, Decimal] | None
    name: str


def _schedule(cells: list[tuple[str, str]], name: str) -> Schedule:
    """The schedule of (label, cell) pairs: years, the bucket after them and the total by their labels."""
    values = [(label, v) for label, cell in cells if (v := _value(cell)) is not None]
    years = [(y, label, v) for label, v in values if (y := label_year(label)) is not None]
    if len({y for y, _, _ in years}) < len(years):
        years = []  # a year listed twice: two schedules stacked in one table, neither read
    after = next(((label, v) for label, v in values if _AFTER_LABEL.match(label)), None)
    total = next(((label, v) for label, v in values if TOTAL_LABEL.match(label)), None)
    return Schedule(years, after, total, name)


def _named(lines: dict[int, str], question: str) -> int | None:
    """The one line of several the question's words name best (the only line when there is one)."""
    if len(lines) == 1:
        return next(iter(lines))
    best = max((_overlap(text, question) for text in lines.values()), default=0)
    chosen = [k for k, text in lines.items() if best and _overlap(text, question) == best]
    # "Debt Obligations" beside "Interest on Debt Obligations": the line with no other words
    fewest = min((len(_WORD.findall(lines[k].lower())) for k in chosen), default=0)
    chosen = [k for k in chosen if len(_WORD.findall(lines[k].lower())) == fewest]
    return chosen[0] if len(chosen) == 1 else None


def _down_the_side(rows: list[list[str]], question: str) -> Schedule | None:
    """Years as rows; the amount column the question's words name ("Operating Leases | Finance Leases")."""
    labelled = [r for r in rows if r and (label_year(r[0]) is not None or _AFTER_LABEL.match(r[0]))]
    if sum(1 for r in rows if r and _periodic(r[0])) < MIN_SCHEDULE_YEARS:
        return None
    width = max(len(r) for r in rows)
    heads = {
        j: " ".join(r[j] for r in rows if j < len(r) and r not in labelled and _value(r[j]) is None)
        for j in range(1, width)
        if all(j < len(r) and _value(r[j]) is not None for r in labelled)
    }
    if (j := _named(heads, question)) is None:
        return None
    return _schedule([(r[0], r[j]) for r in rows if r and j < len(r)], heads[j])


_SPANNING_WORDS = 3  # a lone heading cell of this many words spans the columns below it


def _spanning(row: list[str]) -> bool:
    filled = [c for c in row if c]
    return len(filled) == 1 and len(filled[0].split()) >= _SPANNING_WORDS


def _stacked_head(rows: list[list[str]], i: int) -> list[str]:
    """Row ``i`` as a heading, joined cell by cell with the heading rows right above it ("Less | than 1 |
    year" printed over three lines: "Less than 1 year")."""
    start = i
    while start > 0 and not any(_value(c) is not None for c in rows[start - 1][1:]):
        start -= 1
    # "|  |  | Payments Due By Period |  |": a heading spanning the columns, no column's own words (a lone
    # "Less" over "than 1 | year" is the first line of one column's)
    heads = [r for r in rows[start : i + 1] if not _spanning(r) or r is rows[i]]
    width = len(rows[i])
    return [" ".join(r[j] for r in heads if j < len(r) and r[j]).strip() for j in range(width)]


def _across_the_top(rows: list[list[str]], question: str) -> Schedule | None:
    """Years as columns; the row the question's words name ("Capital lease obligations, including
    interest" among the commitments)."""
    for i in range(len(rows)):
        head = _stacked_head(rows, i)
        if sum(1 for c in head if _periodic(c)) < MIN_SCHEDULE_YEARS:
            continue
        cols = [
            j
            for j, c in enumerate(head)
            if label_year(c) is not None or _AFTER_LABEL.match(c) or TOTAL_LABEL.match(c)
        ]
        body = {
            k: r[0]
            for k, r in enumerate(rows[i + 1 :], i + 1)
            if r and all(j < len(r) and _value(r[j]) is not None for j in cols)
        }
        if (k := _named(body, question)) is None:
            return None
        return _schedule([(head[j], rows[k][j]) for j in cols], body[k])
    return None


def schedule_answer(asked: AskedFor, context: list[tuple[int, Chunk]]) -> NumericAnswer | None:
    """The asked years' share of the schedule's total (its "Total" line, else the sum of its lines), from the
    context table that prints the schedule the question names best (its total line and heading: "Total
    unconditional purchase commitments" over an intangibles' amortization "Total"); None when none does, or
    the years asked are not printed as such."""
    bucket = _bucket(asked.question) if asks_schedule_share(asked) else None
    if bucket is None:
        return None
    first, last = bucket
    lookup = first == last and not _SHARE.search(asked.question)  # one year's amount, no share of it
    item = _item_words(asked) if lookup else set()
    best: tuple[int, list[Operand], list[int], list[int]] | None = None
    for n, chunk in context:
        for rows in (block for table in schedule_tables(chunk.text) for block in stacked(table)):
            found = _down_the_side(rows, asked.question) or _across_the_top(rows, asked.question)
            if found is None or not found.years:
                continue
            if first < 0 and found.after is None:
                continue  # "after five years" counts from a schedule's first year, its bucket after them
            listed = max(y for y, _, _ in found.years)
            start = first if first > 0 else listed + 1 if first == THEREAFTER else min(found.years)[0] - first
            if (last or start) > listed + (1 if last is None and found.after else 0):
                continue  # the bucket after the listed years starts right after the last of them
            if last is not None and first > 0 and start < min(y for y, _, _ in found.years):
                continue  # "2021 through 2025" of a schedule starting in 2023: another report's
            lines = [(label, v) for _, label, v in found.years] + ([found.after] if found.after else [])
            parts = [i for i, (y, _, _) in enumerate(found.years) if start <= y <= (last or y)]
            parts += [len(lines) - 1] if last is None and found.after else []
            if found.total is not None:  # the printed total, else the schedule's lines added up
                lines, whole = [*lines, found.total], [len(lines)]
            else:
                whole = list(range(len(lines)))
            unit = detect_unit(rows[0][0] if rows[0] else "") or detect_unit(chunk.text)  # its corner's first
            label_unit, scale = (unit.label, unit.scale) if unit else (None, Decimal(1))
            operands = [Operand(label, v, label_unit, scale, n) for label, v in lines]
            prose = " ".join(line for line in chunk.text.splitlines() if not line.lstrip().startswith("|"))
            total_label = found.total[0] if found.total else ""
            named = f"{found.name} {total_label} {' '.join(chunk.section_path)} {prose}"
            score = _overlap(named, asked.question)
            if lookup and not (_says_all(found.name, asked.question) and _covers(named, item)):
                # one year's line: "Debt principal and interest" is no answer to "debt principal", nor the
                # lease table's "Capital Leases" to "principal on long-term debt and capital leases"
                continue
            if parts and score and (best is None or score > best[0]):  # a schedule of what the question names
                best = (score, operands, parts, whole)
    if best is None:
        return None
    if _SHARE.search(asked.question):
        return _share(asked, *best[1:])
    return _line(best[1], best[2]) if lookup else _sum(asked, *best[1:3])


def _line(operands: list[Operand], parts: list[int]) -> NumericAnswer | None:
    """The one year's line asked, cited."""
    if len(parts) != 1:
        return None
    op = operands[parts[0]]
    unit = f" {op.unit}" if op.unit else ""
    text = f"{op.label}: {format_number(op.value, None)}{unit} [{op.citation}]."
    return NumericAnswer(text, result=op.value)


def _sum(asked: AskedFor, operands: list[Operand], parts: list[int]) -> NumericAnswer | None:
    """The asked years' amounts added up, each line cited."""
    chosen = [operands[i] for i in parts]
    if len(chosen) < 2:
        return None
    calc = compute(FORMULAS["sum"], chosen, places=asked.places, lang="en")
    return NumericAnswer(calc_text(calc, chosen, "en"), [], calc, [])


def _share(
    asked: AskedFor, operands: list[Operand], parts: list[int], whole: list[int]
) -> NumericAnswer | None:
    """The parts' sum over the whole's, worked out on the cited lines (zero lines add nothing: left out)."""
    kept = [i for i in range(len(operands)) if operands[i].value != 0 and (i in parts or i in whole)]
    shown = {i: k for k, i in enumerate(kept)}
    top = [shown[i] for i in parts if i in shown]
    bottom = [shown[i] for i in whole if i in shown]
    if not top or not bottom:
        return None

    def summed(ids: list[int]) -> str:
        text = " + ".join(f"{{{i}}}" for i in ids)
        return f"({text})" if len(ids) > 1 else text

    base = FORMULAS["share_of_total"]
    formula = Formula(
        base.name, base.zh, base.en, ("*",) * len(kept), f"{summed(top)} / {summed(bottom)}",
        lambda v: sum((v[i] for i in top), Decimal(0)) / sum((v[i] for i in bottom), Decimal(0)), True, (),
    )  # fmt: skip
    chosen = [operands[i] for i in kept]
    try:
        calc = compute(formula, chosen, places=asked.places, lang="en")
    except AnswerError:
        return None  # the years asked are the whole schedule: no share of it
    if not 0 <= calc.result <= MAX_SHARE:
        return None  # a part beyond its whole: the lines were not one schedule
    return NumericAnswer(calc_text(calc, chosen, "en"), [], calc, [])
