"""A class column's share of a table's total column ("what proportion of the plan assets measured at fair
value were classified as Level 3"): tables that split each row across classes beside a "Total" column (the
fair value hierarchy's Level 1 / Level 2 / Level 3, owned / leased, domestic / foreign). The share is the
class's cell over the total's, both on the table's total row the question names."""

from __future__ import annotations

import re
from collections import defaultdict

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import table_facts
from finrag.answer.formulas import FORMULAS
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.periods import EN_DATE
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import ChunkKind, Fact, Hit

# what a column label says of when besides a date ("2022", "As of"): the rest names its class
_WHEN = re.compile(r"\b(?:as\s+of|at)\b|\b(?:19|20)\d{2}\b", re.I)
_TOTAL = re.compile(r"^total\b", re.I)
_BRACKETED = re.compile(r"\(([^()]{2,30})\)")  # "Significant Other Observable Inputs (Level 2)"
_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)
MIN_CLASS_CHARS = 3  # shorter class names ("A", "US") are written by too many questions by chance


def _class(label: str) -> str:
    """A column label less its date and year ("December 31, 2022 Level 3": "Level 3")."""
    return " ".join(_WHEN.sub(" ", EN_DATE.sub(" ", label)).split())


def _written(name: str, question: str) -> bool:
    return (
        len(name) >= MIN_CLASS_CHARS
        and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", question, re.I) is not None
    )


def _named_class(label: str, question: str) -> bool:
    """The question writes the column's class, or the short name it brackets ("Level 2")."""
    name = _class(label)
    return _written(name, question) or any(_written(m, question) for m in _BRACKETED.findall(name))


def _total_row(rows: list[str], question: str, items: list[str]) -> str | None:
    """The table's total row the question names ("Total Assets" for "financial assets"), else its total row
    when it prints only one ("Total") that is of no other item than the ones asked ("Total net revenue" is
    no total of the deposits asked); None when it prints several and the question names none."""
    # each total row with what it totals ("Total Assets": "assets"; "Total": "")
    totals = {r: _TOTAL.sub("", r.strip()).strip().lower() for r in rows if _TOTAL.match(r.strip())}
    low = question.lower()
    named = [r for r, rest in totals.items() if rest and rest in low]
    of_asked = [r for r, rest in totals.items() if not (rest and items) or any(i in r.lower() for i in items)]
    pick = named or of_asked
    return pick[0] if len(pick) == 1 else None


def _in_period(facts: list[Fact], asked: AskedFor) -> list[Fact]:
    """The table's cells of the day or year asked, else of its latest year; all of them when it dates none
    (a note's table headed by its classes alone, of its report's day)."""
    if not any(f.period_end or f.fiscal_year for f in facts):
        return facts
    if asked.dates:
        return [f for f in facts if f.period_end in asked.dates]
    if asked.years:
        return [f for f in facts if f.fiscal_year in asked.years]
    latest = max((f.fiscal_year for f in facts if f.fiscal_year), default=None)
    return [f for f in facts if f.fiscal_year == latest]


def class_share(asked: AskedFor, table: list[Fact], cite: CiteFn) -> NumericAnswer | None:
    """The share one table's class column holds of its total column on the total row asked; None unless
    the question names exactly one class the table heads and the table prints a "Total" column."""
    cells = _in_period(table, asked)
    classes = {f.column_label for f in cells}
    totals = [c for c in classes if _class(c).lower() == "total"]
    named = [c for c in classes if c not in totals and _named_class(c, asked.question)]
    if len(totals) != 1 or len(named) != 1:
        return None
    by_row: dict[str, dict[str, Fact]] = defaultdict(dict)
    for f in cells:
        by_row[f.line_item][f.column_label] = f
    row = _total_row(list(by_row), asked.question, [m.printed.lower() for m in asked.line_items])
    if row is None or totals[0] not in by_row[row] or named[0] not in by_row[row]:
        return None
    part, whole = by_row[row][named[0]], by_row[row][totals[0]]
    operands = [
        Operand(f"{row} ({f.column_label})", f.value, f.unit, f.scale, cite(f)) for f in (part, whole)
    ]
    try:
        calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang="en")
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, "en"), [part, whole], calc, [part.fact_id, whole.fact_id])


HEAD_LINES = 4  # a table chunk's column headings are in its first lines


def _heads_class(text: str, question: str) -> bool:
    """A table chunk's headings hold a column the question names by its class."""
    cells = (c.strip() for line in text.split("\n")[:HEAD_LINES] for c in line.split("|"))
    return any(c and _named_class(c, question) for c in cells)


def column_share_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The class share an English share question asks of a retrieved table (see the module)."""
    asked = prep.asked
    formula = asked.formula
    if asked.language != "en" or formula is None or formula.name != "share_of_total":
        return None
    read: dict[str, list[Fact]] = {}  # each document's facts, read once
    for _, chunk in list(prep.context):
        if chunk.kind not in _TABLES or not chunk.table_ref or not _heads_class(chunk.text, asked.question):
            continue
        if (found := class_share(asked, *table_facts(store, prep, chunk, read))) is not None:
            return found
    return None
