"""How much of an asset's gross cost its accumulated depreciation or amortization has used up ("what share of
gross property, plant and equipment had been consumed by accumulated depreciation", "what percentage of the
gross brands had been amortized"), or an allowance of a gross balance ("valuation allowance as a percentage of
gross deferred tax assets"), read off one retrieved table of the asked company: the accumulated depreciation,
amortization or allowance over the gross amount, both of the class asked (or the table's total) and of the
year asked, both cited.

Two layouts are read. Rows: a "Less: Accumulated depreciation" row under the gross row it reduces ("Subtotal",
"Total property, plant and equipment", "MGM Grand Paradise gaming subconcession"). Columns: "Gross Carrying
Amount" and "Accumulated Amortization" columns side by side, one row per class, a block per year. A class is
the row whose words the question writes (the most words when several do); with none written, the one gross
row a single accumulated row reduces, or the table's one total row."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, document_tables, own_tables
from finrag.answer.formula_base import Formula, ratio
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.row_share import label_words
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Chunk, Fact, Hit

# what reduces a gross amount: accumulated depreciation or amortization, an allowance
_CONTRA = (
    r"accumulated\s+(?:depreciation|amortization)|valuation\s+allowances?"
    r"|allowances?\s+for\s+(?:doubtful\s+accounts|credit\s+losses)"
)
# what the question asks: the share of a gross amount one of them has used up
_USED = re.compile(rf"\b(?:{_CONTRA}|amortized|depreciated)\b", re.I)
_GROSS = re.compile(r"\bgross\b|\bat\s+cost\b|\boriginal\s+cost\b", re.I)
_SHARE = re.compile(r"\b(?:percent(?:age)?|share|proportion|fraction|portion)\b|%", re.I)
# a row or column of one ("Less: Accumulated depreciation", "2022 Accumulated Amortization"); a gross column
# ("2022 Gross", "Cost")
_LEAD = re.compile(r"^(?:(?:19|20)\d{2}\s+)?(?:less:?\s*)?", re.I)
_ACCUMULATED = re.compile(rf"{_LEAD.pattern}(?:{_CONTRA})", re.I)
_KINDS = re.compile(r"amortiz|depreci|allowance")  # which of them the question asks
_GROSS_COLUMN = re.compile(r"^(?:(?:19|20)\d{2}\s+)?(?:gross\b|cost\b)", re.I)
_TOTAL = re.compile(r"^total\b", re.I)
_TOTAL_LIKE = re.compile(r"\b(?:total|subtotal|gross|cost)\b", re.I)
_USED_SHARE = Formula(
    "accumulated_share",
    "占原值的比例",
    "Share of the gross amount",
    ("*", "*"),
    "{0} / {1}",
    ratio,
    True,
    (),
)


@dataclass(slots=True, frozen=True)
class _Pair:
    label: str  # the gross row's label
    gross: Fact
    used: Fact
    year: int | None


def asks_used_share(asked: AskedFor) -> bool:
    q = asked.question
    return asked.language == "en" and all(p.search(q) for p in (_USED, _GROSS, _SHARE))


def _year(f: Fact) -> int | None:
    if f.fiscal_year:
        return f.fiscal_year
    m = re.search(r"\b((?:19|20)\d{2})\b", f.column_label)
    return int(m.group(1)) if m else None


def _column_pairs(cells: list[Fact], report_year: int | None) -> list[_Pair]:
    """Gross and accumulated cells of each row, paired block by block (a year's block after the other's);
    an undated block is the report's year, then the year before."""
    sides: dict[tuple[str, str], dict[str, list[Fact]]] = {}
    for f in cells:
        column = f.column_label
        if side := "used" if _ACCUMULATED.match(column) else "gross" if _GROSS_COLUMN.match(column) else "":
            sides.setdefault((f.section, f.line_item), {}).setdefault(side, []).append(f)
    pairs = []
    for (_, label), got in sides.items():
        for k, (gross, used) in enumerate(zip(got.get("gross", []), got.get("used", []), strict=False)):
            year = _year(gross) or _year(used) or (report_year - k if report_year else None)
            pairs.append(_Pair(label, gross, used, year))
    return pairs


def _row_pairs(cells: list[Fact]) -> list[_Pair]:
    """Each accumulated row's cells with those of the row right above it, column by column."""
    rows: list[list[Fact]] = []
    for f in cells:
        if rows and (rows[-1][0].line_item, rows[-1][0].section) == (f.line_item, f.section):
            rows[-1].append(f)
        else:
            rows.append([f])
    pairs = []
    for above, row in itertools.pairwise(rows):
        if not _ACCUMULATED.match(row[0].line_item) or _ACCUMULATED.match(above[0].line_item):
            continue
        by_column = {f.column_label: f for f in above}
        for used in row:
            if (gross := by_column.get(used.column_label)) is not None:
                pairs.append(_Pair(gross.line_item, gross, used, _year(gross)))
    return pairs


def _class_pairs(pairs: list[_Pair], question: str) -> tuple[int, list[_Pair]]:
    """The pairs of the class the question names (with how many of its words it writes), else of the
    table's one total (0 words)."""
    asked = label_words(question)
    words = {p.label: label_words(p.label) for p in pairs if not _TOTAL.match(p.label)}
    named = {label: len(w) for label, w in words.items() if w and w <= asked}
    if named:
        most = max(named.values())
        return most, [p for p in pairs if named.get(p.label) == most]
    # unnamed, a total's: "Subtotal", "Total property, plant, and equipment", "Property, at cost" (never the
    # last class above an accumulated row no total precedes: "Construction in progress")
    labels = {p.label for p in pairs if _TOTAL_LIKE.search(p.label)}
    totals = {label for label in labels if _TOTAL.match(label)}
    chosen = labels if len(labels) == 1 else totals if len(totals) == 1 else set()
    return 0, [p for p in pairs if p.label in chosen]


def _caption_words(chunk: Chunk, question: str) -> int:
    """How many of the question's words the table's caption lines write ("Property, plant and equipment,
    net of accumulated depreciation follow"): a like table of leased property ranks below."""
    caption = " ".join(ln for ln in chunk.text.split("\n") if not ln.startswith("|"))
    return len(label_words(caption) & label_words(question))


def _pick(asked: AskedFor, chunk: Chunk, cells: list[Fact]) -> tuple[tuple[int, int], _Pair] | None:
    """The one pair of the class and year asked in one table, ranked by the class words the question
    writes, then the caption words."""
    laid = _row_pairs(cells) or _column_pairs(cells, chunk.meta.fiscal_year)
    named, pairs = _class_pairs(laid, asked.question)
    if len({p.label for p in pairs}) != 1:
        return None  # two classes the question does not tell apart
    kinds = _KINDS.findall(asked.question.lower())  # "amortized": never a valuation allowance's row
    pairs = [p for p in pairs if any(k in f"{p.used.line_item} {p.used.column_label}".lower() for k in kinds)]
    years = list(asked.years) or [max((p.year for p in pairs if p.year), default=0)]
    chosen = [p for p in pairs if p.year in years[-1:] and abs(p.used.value) <= abs(p.gross.value)]
    return ((named, _caption_words(chunk, asked.question)), chosen[0]) if len(chosen) == 1 else None


def _answer(asked: AskedFor, p: _Pair, cite: CiteFn) -> NumericAnswer | None:
    used = p.used.line_item if _ACCUMULATED.match(p.used.line_item) else p.used.column_label
    used = _LEAD.sub("", used).lower()  # "accumulated depreciation", "valuation allowances"
    operands = [
        Operand(f"{label} ({p.year})", abs(f.value), f.unit, f.scale, cite(f))
        for label, f in ((used, p.used), (f"gross {p.label}", p.gross))
    ]
    try:
        calc = compute(_USED_SHARE, operands, places=asked.places, lang="en")
    except AnswerError:
        return None
    facts = [p.used, p.gross]
    return NumericAnswer(calc_text(calc, operands, "en"), facts, calc, [f.fact_id for f in facts])


def _accumulated(chunk: Chunk) -> bool:
    return re.search(r"\baccumulated\b", chunk.text, re.I) is not None  # its header may split the words


def _noted(cells: list[Fact]) -> bool:
    return any(_ACCUMULATED.match(f.line_item) or _ACCUMULATED.match(f.column_label) for f in cells)


def accumulated_share_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The share of a gross cost used up that an English question asks of a retrieved table (see the
    module), else of a table of the asked company's best-ranked document; never of another filer's."""
    asked = prep.asked
    if not asks_used_share(asked):
        return None
    own = asked_doc_ranks(store, prep, hits, fallback=False)
    picked = [
        (found, cite)
        for chunk, cells, cite in own_tables(store, prep, own, _accumulated)
        if (found := _pick(asked, chunk, cells)) is not None
    ]
    if not picked and own:  # the note's table was not retrieved: the top document's
        for chunks, cells, cite in document_tables(store, prep, min(own, key=lambda d: own[d]), _noted):
            if chunks and (found := _pick(asked, chunks[0], cells)) is not None:
                picked.append((found, cite))
    if not picked:
        return None
    (_, pair), cite = max(picked, key=lambda x: x[0][0])  # the first of the best-ranked tables
    return _answer(asked, pair, cite)
