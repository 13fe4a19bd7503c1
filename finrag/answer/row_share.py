"""A named row's share of its table's total ("年产2220万平方米EVA太阳能电池胶膜扩建项目的投资额占募投项目
总投资的比例"): a table listing rows the lexicon does not know (projects, products, holders) under a total row
("合计"). The share is the row's cell over the total row's cell in the same column, both cited."""

from __future__ import annotations

import re
from collections import defaultdict

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, table_facts
from finrag.answer.formulas import FORMULAS
from finrag.answer.lexicon import find_line_items
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.text import row_cells
from finrag.answer.zh_qualifiers import zh_quoted
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import ChunkKind, Fact, Hit

_TOTAL_ROW = re.compile(r"^(?:合\s*计|总\s*计|total)$", re.I)  # the table's own total row
# the whole the question asks the share of is a total ("占募投项目总投资", "占…合计", "of the total")
_OF_TOTAL = re.compile(r"占[^，。？?]{0,20}?(?:总|合计|全部)|\btotal\b", re.I)
# a column of each row's share of a whole: "占当期利润总额比例", "% of total", "Percent of net sales"
_PRINTED_SHARE = re.compile(r"占|比例|比重|%\s*of\b|\bpercent(?:age)?\s+of\b", re.I)
_TOTAL_WORDS = re.compile(r"(?:合计|总计|总额)$")  # "其他应付款合计": the item the total row sums
_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)
MIN_ROW_CHARS = 6  # a shorter label ("生产人员") is written by many questions that ask something else
MIN_OTHER_CHARS = 3  # another row the question also writes ("50岁以上", "销售人员"): a sum of rows asked


def _labels(text: str) -> list[str]:
    """The first cells of a table chunk's rows that print a figure (after a row number: "| 2 | 年产…项目 |
    17,930.00 |"); not a heading row's ("| 款项性质 | 期末账面余额 |")."""
    out = []
    for line in text.split("\n"):
        cells = row_cells(line) if "|" in line else []
        label = [c for c in cells[:2] if c and not c.replace(".", "").isdigit()][:1]
        if label and any(ch.isdigit() for c in cells[cells.index(label[0]) + 1 :] for ch in c):
            out += label
    return out


def _written_rows(text: str, question: str, wholes: list[str]) -> list[str]:
    """The one row label of a table chunk's text that the question writes in full; none when it also writes
    another part of the table ("销售人员与管理及行政人员合计": two rows summed, not one), or when the table
    prints the share itself on that row ("| 扶助企业资金 | 300.00 | 20.43% |")."""
    labels = _labels(text)
    named = [label for label in labels if len(label) >= MIN_ROW_CHARS and label in question]
    shares = _PRINTED_SHARE.search(text) is not None  # (a "Percentage Change" column is no share)
    if len(named) != 1 or (shares and any(_labels(ln) == named and "%" in ln for ln in text.split("\n"))):
        return []
    rest = question.replace(named[0], " ")
    others = [
        label
        for label in labels
        if len(label) >= MIN_OTHER_CHARS
        and label not in named[0]  # "1年以内" of "1年以内小计": the named row's own words
        and not _TOTAL_ROW.match(label)
        and not any(label in w or w in label for w in wholes)  # "其他应收款": the whole's own row
    ]
    return [] if any(label in rest for label in others) else named


def _whole_items(asked: AskedFor) -> list[str] | None:
    """The statement items the whole of a share asked of a table's total names ("占其他应收款期末账面余额
    合计": the note's own total row, no part of it); None when no such share is asked, or the question's own
    formula is more than one figure over another."""
    formula = asked.formula
    if formula is None or formula.name != "share_of_total" or not (m := _OF_TOTAL.search(asked.question)):
        return None
    defined = asked.definition
    if defined is not None and [t if isinstance(t, str) else "x" for t in defined.tokens] != ["x", "/", "x"]:
        return None
    whole = asked.question[m.start() :]
    items = find_line_items(whole) if asked.language == "zh" else []
    return [_TOTAL_WORDS.sub("", item.printed) for item in items if item.concept]


def _quotes_elsewhere(asked: AskedFor, text: str) -> bool:
    """The question quotes a name the chunk never prints ("“特种涂布纸生产扩建项目”中铺底流动资金"): the
    table is another one's."""
    return any(q not in text for q in zh_quoted(asked.question))


def _column(cells: dict[str, Fact], totals: dict[str, Fact], asked: AskedFor) -> str | None:
    """The one column both rows print (of the year asked, when the table dates its columns)."""
    shared = [c for c in cells if c in totals and cells[c].unit != "%"]
    if asked.years and any(cells[c].fiscal_year for c in shared):
        shared = [c for c in shared if cells[c].fiscal_year in asked.years]
    named = [c for c in shared if c and c in asked.question]
    pick = named or shared
    return pick[0] if len(pick) == 1 else None


def row_share(asked: AskedFor, table: list[Fact], rows: list[str], cite: CiteFn) -> NumericAnswer | None:
    """The share of the one row the question names over the table's total row; None unless the table prints
    exactly one total row and one column both rows fill."""
    by_row: dict[str, dict[str, Fact]] = defaultdict(dict)
    for f in table:
        by_row[f.line_item.strip()][f.column_label] = f
    named = [r for r in by_row if r in rows]
    totals = [r for r in by_row if _TOTAL_ROW.match(r)]
    if len(named) != 1 or len(totals) != 1:
        return None
    part_cells, total_cells = by_row[named[0]], by_row[totals[0]]
    column = _column(part_cells, total_cells, asked)
    if column is None:
        return None
    part, whole = part_cells[column], total_cells[column]
    lang = "zh" if asked.language == "zh" else "en"
    operands = [Operand(f.line_item, f.value, f.unit, f.scale, cite(f)) for f in (part, whole)]
    try:
        calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang=lang)
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, lang), [part, whole], calc, [part.fact_id, whole.fact_id])


def row_share_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The named row's share a share question asks of a retrieved table (see the module)."""
    asked = prep.asked
    if (wholes := _whole_items(asked)) is None:
        return None
    own: dict[str, int] | None = None  # the named company's documents (never a peer's like table), once asked
    read: dict[str, list[Fact]] = {}  # each document's facts, read once
    for _, chunk in list(prep.context):
        if chunk.kind not in _TABLES or not chunk.table_ref:
            continue
        seen = f"{' '.join(chunk.section_path)}\n{chunk.text}"
        rows = _written_rows(chunk.text, asked.question, wholes)
        if not rows or _quotes_elsewhere(asked, seen):
            continue
        own = asked_doc_ranks(store, prep, hits) if own is None else own
        if chunk.doc_id not in own:
            continue
        if asked.language == "zh" and rows[0] in (*asked.entities, *asked.companies):
            continue  # "马鞍山矿山研究院投入公司的资产中，评估负债占…": whose figures, no part
        table, cite = table_facts(store, prep, chunk, read)
        if (found := row_share(asked, table, rows, cite)) is not None:
            return found
    return None
