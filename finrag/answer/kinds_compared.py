"""A Chinese question comparing two kinds of one table by how much one exceeds the other
("南岭05年铵梯比乳化多产了多少吨"): the two rows of one table whose labels open with the kinds' names,
read in the column of the year and of the measure the verb names, and their difference worked out."""

from __future__ import annotations

from collections import defaultdict

from finrag.answer.calc import FORMULAS, calc_text, compute
from finrag.answer.fact_access import citer, top_document
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.quoted import CiteFn, NumericAnswer, operand
from finrag.answer.row_asks import compared_kinds
from finrag.index.store import Store
from finrag.model import Chunk, Fact

_CAPACITY = "产能"  # a capacity column is no output ("凭照产能" beside "产量")


def kinds_step(store: Store, prep: Prepared, doc_rank: dict[str, int]) -> NumericAnswer | None:
    """The difference of two kinds a Chinese question compares, read off the best-ranked document's tables."""
    if prep.asked.language != "zh" or not doc_rank or compared_kinds(prep.asked.question) is None:
        return None
    extra: dict[str, Chunk] = {}
    by_chunk = {c.chunk_id: n for n, c in prep.context}
    pool, cite = top_document(store, prep, doc_rank, extra, citer(prep, by_chunk, extra))
    return kinds_difference(prep.asked, pool, cite)


def kinds_difference(asked: AskedFor, facts: list[Fact], cite: CiteFn) -> NumericAnswer | None:
    """The larger kind's figure minus the smaller's, from one table (the first that prints both), in the
    year asked (one year only) and the measure's column; None unless exactly one cell of each is there."""
    found = compared_kinds(asked.question)
    if found is None or len(asked.years) != 1:
        return None
    a, b, measure, more = found
    year = asked.years[0]
    tables: dict[tuple[str, str | None], dict[str, list[Fact]]] = defaultdict(lambda: defaultdict(list))
    for kind in (a, b):
        for f in facts:
            label = f.column_label
            if not f.line_item.startswith(kind) or f.unit == "%" or f.fiscal_year != year:
                continue
            if _CAPACITY not in label and (measure is None or measure in label):
                tables[(f.doc_id, f.table_ref)][kind].append(f)
    pairs = [
        (rows[a][0], rows[b][0])
        for rows in tables.values()
        if len(rows[a]) == 1 and len(rows[b]) == 1 and rows[a][0].unit == rows[b][0].unit
    ]
    if not pairs:
        return None
    first, second = pairs[0]
    larger, smaller = (first, second) if more else (second, first)
    operands = [operand(f, f"{f.line_item}（{f.column_label}）", cite) for f in (larger, smaller)]
    calc = compute(FORMULAS["difference"], operands, lang="zh")
    return NumericAnswer(
        calc_text(calc, operands, "zh"), [first, second], calc, [first.fact_id, second.fact_id]
    )
