"""A class's share of an asset's note ("无形资产账面价值中，土地使用权占多大比重"): the class is a column
of the note (土地使用权 | 专利权 | … | 合计) and its share is its cell over the 合计 cell of the same row,
not a row of its own over the note's total row."""

from __future__ import annotations

from finrag.answer.calc import FORMULAS, calc_text, compute
from finrag.answer.classes import Cell, asked_cells, of_item, pick_cell
from finrag.answer.lexicon import normalise
from finrag.answer.numeric import CiteFn, NumericAnswer, operand
from finrag.answer.query import AskedFor
from finrag.errors import AnswerError
from finrag.model import Fact

_TOTAL_COLUMNS = ("合计", "总计")
# a class's weight in an asset, the cell unnamed: its closing book value
_BOOK_VALUE = Cell(
    "账面价值", "期末账面价值"
)  # a class's weight in an asset is read at its closing book value


def class_share(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The share of the class a Chinese question names, from ``facts`` (the notes' class rows of the retrieved
    documents): its cell over the total column's cell of the same row and table; None when no note prints
    the class as a column."""
    if asked.language != "zh" or asked.formula is None or asked.formula.name != "share_of_total":
        return None
    for kind in asked.qualifiers:
        mine = [f for f in facts if normalise(f.column_label) == normalise(kind) and of_item(f, asked)]
        if not mine:
            continue
        best = min(doc_rank.get(f.doc_id, len(doc_rank)) for f in mine)
        mine = [f for f in mine if doc_rank.get(f.doc_id, len(doc_rank)) == best]
        cells = asked_cells(asked.question, kind) or [_BOOK_VALUE]
        if (part := pick_cell(mine, cells[0])) is None:
            continue
        whole = next(
            (
                f
                for f in facts
                if (f.doc_id, f.table_ref, f.line_item_norm, f.section)
                == (part.doc_id, part.table_ref, part.line_item_norm, part.section)
                and normalise(f.column_label) in _TOTAL_COLUMNS
            ),
            None,
        )
        if whole is None:
            continue
        row = part.line_item_norm
        operands = [operand(part, f"{kind}{row}", cite), operand(whole, f"合计{row}", cite)]
        try:
            calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang="zh")
        except AnswerError:
            return None
        return NumericAnswer(
            calc_text(calc, operands, "zh"), [part, whole], calc, [part.fact_id, whole.fact_id]
        )
    return None
