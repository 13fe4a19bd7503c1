"""Notes that print an asset's classes as columns and its movements as rows (无形资产情况: "| 项目 |
土地使用权 | 非专利技术 | … |", then "一、账面原值 / 1.期初余额 / (2)内部研发 / … /
四、账面价值 / 1.期末账面价值"). A question naming a class and a movement
("“非专利技术”的期末账面价值是多少？本期通过内部研发增加的原值是多少？", "专用设备的累计折旧期末余额")
asks the cell where the class's column meets that row of that block."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from finrag.answer.lexicon import normalise
from finrag.answer.numeric import NumericAnswer, value_text
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.row_asks import part_after
from finrag.index.store import Store
from finrag.model import Fact, Filters, Hit

# the blocks of such a note, as a question names them -> as the note heads them
_BLOCKS = (
    ("账面价值", "账面价值"),
    ("累计折旧", "累计折旧"),
    ("累计摊销", "累计摊销"),
    ("减值准备", "减值准备"),
    ("原值", "账面原值"),
)
# movements a question may name (each row of the block it is in; 账面原值 when it names none)
_MOVES = (
    "内部研发",
    "购置",
    "在建工程转入",
    "企业合并增加",
    "处置或报废",
    "处置",
    "计提",
    "本期增加",
    "本期减少",
)
CLASS_ROWS = (
    *("期初余额", "期末余额", "期末账面价值", "期初账面价值", "本期增加金额", "本期减少金额"),
    *("内部研发", "购置", "在建工程转入", "企业合并增加", "处置或报废", "处置", "计提"),
)
_CLAUSE = re.compile(r"[，,？?；;。]")
_OPENING = re.compile(r"期初|年初|上年末")


@dataclass(frozen=True, slots=True)
class Cell:
    block: str  # the note's block heading word ("账面原值"), "" for any
    row: str  # the row's normalised label, or a movement word it holds


def asked_cells(question: str, kind: str) -> list[Cell]:
    """The cells a question asks of the class ``kind``, clause by clause after it names the class."""
    at = question.find(kind)
    if at < 0:
        return []
    out: list[Cell] = []
    last = ""  # "累计折旧期末余额是多少？本期计提了多少？": the block the question is still in
    for clause in _CLAUSE.split(question[at + len(kind) :]):
        block = next((note for said, note in _BLOCKS if said in clause), "")
        move = next((m for m in _MOVES if m in clause), "")
        if not block and not move:
            continue
        block = block or (last if last != "账面价值" else "")
        last = block
        opening = bool(_OPENING.search(clause))
        if block == "账面价值":
            out.append(Cell(block, "期初账面价值" if opening else "期末账面价值"))
        elif move:
            out.append(Cell(block or "账面原值", move))
        else:
            out.append(Cell(block, "期初余额" if opening else "期末余额"))
    return out


def asked_classes(asked: AskedFor) -> list[tuple[str, str]]:
    """(the words naming it, its column) for each class a Chinese question asks cells of: a class it names
    ("非专利技术"), or the note's total column when it asks a block of an item's note right after the item
    ("固定资产的累计折旧余额": the 合计 column of the 累计折旧 block)."""
    if asked.language != "zh" or asked.formula is not None or asked.definition is not None:
        return []
    named = [(k, k) for k in asked.qualifiers if asked_cells(asked.question, k)]
    return named + [
        (m.printed, _TOTAL_COLUMN)
        for m in asked.line_items
        if part_after(asked.question, m) in _BLOCK_WORDS and asked_cells(asked.question, m.printed)
    ]


_TOTAL_COLUMN = "合计"
_BLOCK_WORDS = {said for said, _ in _BLOCKS} | {"账面原值"}


def class_cells(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int]
) -> tuple[str, list[Fact]] | None:
    """The class a Chinese question names and the cells it asks of it, from ``facts`` (rows of CLASS_ROWS
    fetched from the retrieved documents, best-ranked document first); None when it names no class such a
    note prints."""
    for kind, column in asked_classes(asked):
        cells = asked_cells(asked.question, kind)
        mine = [f for f in facts if normalise(f.column_label) == column and of_item(f, asked)]
        if not mine:
            continue
        best = min(doc_rank.get(f.doc_id, len(doc_rank)) for f in mine)
        mine = [f for f in mine if doc_rank.get(f.doc_id, len(doc_rank)) == best]
        found = [f for c in cells if (f := pick_cell(mine, c)) is not None]
        if found:
            return kind, list({f.fact_id: f for f in found}.values())
    return None


def class_answer(kind: str, found: list[Fact], cite: Callable[[Fact], int]) -> NumericAnswer:
    """Each cell with its block and note: "非专利技术账面价值期末账面价值（(1).无形资产情况）为…元[1]"."""
    lines = [
        f"{kind}{_NUMBERING.sub('', f.section)}{f.line_item_norm}（{f.statement}）"
        f"为{value_text(f, 'zh')}[{cite(f)}]"
        for f in found
    ]
    return NumericAnswer("；".join(lines) + "。", found, None, [f.fact_id for f in found])


_NUMBERING = re.compile(r"^[一二三四五六七八九十]+、")


def pick_cell(facts: list[Fact], cell: Cell) -> Fact | None:
    rows = [f for f in facts if (not cell.block or cell.block in f.section) and cell.row in f.line_item_norm]
    return min(rows, key=lambda f: (f.page, len(f.line_item_norm)), default=None)


def of_item(f: Fact, asked: AskedFor) -> bool:
    """The note is of an item the question names ("无形资产情况" for 无形资产), when it names one."""
    named = [m.printed for m in asked.line_items if not m.printed.isascii()]
    return not named or any(n in f.statement for n in named)


def class_rows(store: Store, prep: Prepared, doc_rank: dict[str, int], hits: list[Hit]) -> list[Fact]:
    """The rows of the retrieved documents' asset notes that print classes as columns ("期末账面价值" under
    土地使用权 | 专利权 | 合计), from the reports of the years asked (the notes' columns carry no date)."""
    access = prep.request.filters.access
    rows = store.get_facts(Filters(access=access, doc_ids=list(doc_rank)), line_items=list(CLASS_ROWS))
    report = {h.chunk.doc_id: h.chunk.meta.fiscal_year for h in hits}
    return [f for f in rows if not prep.asked.years or report.get(f.doc_id) in (None, *prep.asked.years)]
