"""The combined stake of the holders a Chinese question names ("内蒙古金宇生物控股有限公司和张翀宇合计持有
公司多少比例的股份"), read off one retrieved shareholders' table: each named holder's row in the table's one
share-ratio column ("比例(%)", "持股比例"), added and each cited. Two or more holders must be named by the
names the table prints; a question asking a share of something else ("占…的比例") is no such sum."""

from __future__ import annotations

import re

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, own_tables
from finrag.answer.formulas import FORMULAS
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.role_pay import ZH_SUMMED
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Chunk, Fact, Hit

_STAKE = re.compile(r"持有[^，。？?]{0,12}比例|持股比例")
_OTHER_SHARE = re.compile(r"占[^，。？?]{1,20}比例")
_RATIO_COLUMN = re.compile(r"比例|%")
MIN_HOLDERS = 2  # one holder's stake is a lookup
MIN_NAME_CHARS = 2
PERCENT_WHOLE = 100  # a stake above all the shares is no stake


def asks_holders_sum(asked: AskedFor) -> bool:
    q = asked.question
    asks = bool((ZH_SUMMED.search(q) or "共持有" in q) and _STAKE.search(q))
    return asked.language == "zh" and asks and not _OTHER_SHARE.search(q)


def _answer(asked: AskedFor, cells: list[Fact], cite: CiteFn) -> NumericAnswer | None:
    ratios = [f for f in cells if _RATIO_COLUMN.search(f.column_label)]
    if len({f.column_label for f in ratios}) != 1:
        return None  # no share-ratio column, or two the question does not tell apart
    first: dict[str, Fact] = {}  # each holder's first ratio cell (a second block may misplace its counts)
    for f in ratios:
        if len(f.line_item) >= MIN_NAME_CHARS and f.line_item in asked.question and f.value <= PERCENT_WHOLE:
            first.setdefault(f.line_item, f)
    named = list(first.values())
    if len(named) < MIN_HOLDERS:
        return None
    operands = [Operand(f.line_item, f.value, f.unit or "%", f.scale, cite(f)) for f in named]
    try:
        calc = compute(FORMULAS["sum"], operands, places=asked.places, lang="zh")
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, "zh"), named, calc, [f.fact_id for f in named])


def _holders(chunk: Chunk) -> bool:
    return "比例" in chunk.text and "股东" in chunk.text


def holders_sum_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The combined stake of the holders a Chinese question names, of a retrieved shareholders' table of the
    company asked (see the module)."""
    asked = prep.asked
    if not asks_holders_sum(asked):
        return None
    own = asked_doc_ranks(store, prep, hits, fallback=False)
    for _, cells, cite in own_tables(store, prep, own, _holders):
        if (found := _answer(asked, cells, cite)) is not None:
            return found
    return None
