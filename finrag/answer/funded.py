"""A pension plan's funded ratio, or whether it was under- or overfunded, read off the obligations and
funded status note: the plan assets' fair value at the end of the year over the benefit obligation at the
end of the year, both in the one column of the plans and year asked ("Pension 2022", "U.S. Plans December
28, 2019", "Total pension benefits 2020"), both cited. Columns of other plans (health care, retiree medical,
another country's plans) are never read for pension plans, and two columns the question does not tell
apart answer nothing."""

from __future__ import annotations

import re

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, citer, own_tables, readable
from finrag.answer.formula_base import Formula, ratio
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Chunk, Fact, Filters, Hit

# what the question asks: "funded ratio", "plan assets as a percentage of the projected benefit obligation",
# "underfunded at year end?"
_RATIO = re.compile(
    r"\bfunded\s+(?:ratio|percentage|level)\b|\bplan\s+assets\b.{0,40}?\b(?:divided\s+by|/|over|"
    r"as\s+a\s+(?:percentage|%|share)\s+of|percent(?:age)?\s+of)\b.{0,30}?\bobligations?\b",
    re.I,
)
_JUDGED = re.compile(r"\b(?:under|over)-?funded\b", re.I)
_END = re.compile(
    r"\bend\s+of\s+(?:the\s+)?(?:year|period)\b|\bending\s+balance\b|\bbalance\s+at\s+end\b", re.I
)
_ASSETS = re.compile(r"\bplan\s+assets\b|^fair\s+value\b", re.I)
_OBLIGATION = re.compile(r"\bobligations?\b", re.I)
_FUNDED_ROW = re.compile(r"\bfunded\s+status\b|\bamounts?\s+recognized\b", re.I)  # no end balance of either
# the kinds of plan a column holds: pension, or other post-retirement benefits
_PENSION = re.compile(r"\bpension", re.I)
_OTHER_PLANS = re.compile(
    r"\b(?:health|medical|life|postretirement|post-retirement|postemployment|other)\b", re.I
)
# the words columns of one kind of plan differ by: "U.S." from "Non-U.S.", "Domestic" from "International"
_PLAN_WORD = re.compile(
    r"\bnon-u\.?s\.?|\bu\.?s\.?(?=\s|$)|\b(?:domestic|international|foreign|total|qualified|non-?qualified)\b",
    re.I,
)
_FUNDED_RATIO = Formula(
    "funded_ratio", "资金充足率", "Funded ratio", ("*", "*"), "{0} / {1}", ratio, True, ()
)


def _plan_words(text: str) -> set[str]:
    return {w.lower().replace(".", "") for w in _PLAN_WORD.findall(text)}


def _asks_pension(question: str) -> bool:
    return _PENSION.search(question) is not None or _OTHER_PLANS.search(question) is None


def _plan_column(column: str, question: str) -> bool:
    """The column holds the kind of plan asked: pension plans (unless other benefits are asked)."""
    pension = _PENSION.search(column) is not None or _OTHER_PLANS.search(column) is None
    return pension == _asks_pension(question)


def _side(f: Fact) -> str:
    """ "assets" or "obligation" for a row ending a year's roll-forward, "" for any other row."""
    label, section = f.line_item, f.section
    if not _END.search(label) or _FUNDED_ROW.search(label):
        return ""
    if _ASSETS.search(section) or _ASSETS.search(label):
        return "assets"
    return "obligation" if _OBLIGATION.search(section) or _OBLIGATION.search(label) else ""


def _columns(cells: list[Fact], question: str, years: list[int]) -> list[str]:
    """The columns of the plans and year asked that print both ends of the year."""
    sides: dict[str, set[str]] = {}
    for f in cells:
        if (
            (side := _side(f))
            and (not years or f.fiscal_year in years)
            and _plan_column(f.column_label, question)
        ):
            sides.setdefault(f.column_label, set()).add(side)
    both = [c for c, s in sides.items() if s == {"assets", "obligation"}]
    if not years:
        latest = max((f.fiscal_year or 0 for f in cells if f.column_label in both), default=0)
        both = [c for c in both if any(f.fiscal_year == latest for f in cells if f.column_label == c)]
    if len(both) <= 1:
        return both
    asked = _plan_words(question)
    told = [c for c in both if _plan_words(c) and _plan_words(c) <= asked]
    return [c for c in told if "total" in _plan_words(c)] or told if "total" in asked else told


def _answer(prep: Prepared, cells: list[Fact], cite: CiteFn) -> NumericAnswer | None:
    asked = prep.asked
    columns = _columns(cells, asked.question, list(asked.years))
    if len(columns) != 1:
        return None
    ends: dict[str, list[Fact]] = {}
    for f in cells:
        if f.column_label == columns[0] and (side := _side(f)):
            ends.setdefault(side, []).append(f)
    if any(len(rows) != 1 for rows in ends.values()):
        return None  # two year-end rows of one side: two plans' roll-forwards in one column, neither read
    assets, obligation = ends["assets"][0], ends["obligation"][0]
    labels = ("plan assets at end of year", "benefit obligation at end of year")
    operands = [
        Operand(f"{label} ({columns[0]})", abs(f.value), f.unit, f.scale, cite(f))
        for label, f in zip(labels, (assets, obligation), strict=True)
    ]
    try:
        calc = compute(_FUNDED_RATIO, operands, places=asked.places, lang="en")
    except AnswerError:
        return None
    text = calc_text(calc, operands, "en")
    if _JUDGED.search(asked.question) and not _RATIO.search(asked.question):
        under = assets.value * assets.scale < obligation.value * obligation.scale
        verdict = "underfunded" if under else "not underfunded (plan assets cover the benefit obligation)"
        text = f"The plans were {verdict} at the end of the year. {text}"
    return NumericAnswer(text, [assets, obligation], calc, [assets.fact_id, obligation.fact_id])


def _noted(chunk: Chunk) -> bool:
    """A table chunk printing both a benefit obligation and plan assets."""
    return bool(_OBLIGATION.search(chunk.text) and _ASSETS.search(chunk.text))


def funded_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The funded ratio (or funded judgment) an English question asks of a pension note (see the module):
    in a retrieved table, else in the note's table of the best-ranked document of the company asked."""
    asked = prep.asked
    if asked.language == "zh" or not (_RATIO.search(asked.question) or _JUDGED.search(asked.question)):
        return None
    own = asked_doc_ranks(store, prep, hits, fallback=False)  # never another filer's plans
    for _, cells, cite in own_tables(store, prep, own, _noted):
        if (found := _answer(prep, cells, cite)) is not None:
            return found
    if not own:
        return None
    top = min(own, key=lambda d: own[d])
    facts = store.get_facts(Filters(access=prep.request.filters.access, doc_ids=[top]))
    tables: dict[str, list[Fact]] = {}
    for f in facts:
        tables.setdefault(f.table_ref, []).append(f)
    for cells in tables.values():
        if {_side(f) for f in cells} >= {"assets", "obligation"}:
            table, by_chunk, extra = readable(store, prep, cells)
            if (found := _answer(prep, table, citer(prep, by_chunk, extra))) is not None:
                return found
    return None
