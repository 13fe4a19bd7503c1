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
from finrag.answer.prose_share import prose_share
from finrag.answer.query import AskedFor
from finrag.answer.text import CJK, row_cells
from finrag.answer.zh_qualifiers import zh_quoted
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import Chunk, ChunkKind, Fact, Hit

# the table's own total row ("Total5,6": footnote marks glued on)
_TOTAL_ROW = re.compile(r"^(?:合\s*计|总\s*计|total(?:\d[\d,]*)?)$", re.I)
# the whole the question asks the share of is a total ("占募投项目总投资", "占…合计", "of the total")
_OF_TOTAL = re.compile(r"占[^，。？?]{0,20}?(?:总|合计|全部)|\btotal\b", re.I)
# an English share's whole: "share of the total final purchase price Adobe paid", "% of purchase
# consideration"
_EN_WHOLE = re.compile(
    r"(?:%|\bpercent(?:age)?|\bshare|\bproportion|\bportion|\bfraction)\s+of\s+(?:the\s+|its\s+|an?\s+)?"
    r"(?P<whole>(?:[\w-]+\s+){0,5}(?:price|consideration|total))\b",
    re.I,
)
# the whole of any English share, written before the verb that names the part: "share of MGM Resorts' 2020
# capital expenditures related to MGM China"
_EN_SHARE_OF = re.compile(
    r"\b(?:share|percentage|proportion|portion|fraction)\s+of\s+(?:[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*['’]s?\s+)?"
    r"(?:(?:fiscal\s+)?(?:19|20)\d{2}\s+)?(?P<whole>[a-z][a-z -]{2,40}?)\s+"
    r"(?:was|were|related|relating|came|went|is|are|attributable|recorded|booked)\b"
)
# what an English question's "total" is of: "total long-term debt", "total net revenue"
_EN_TOTAL_OF = re.compile(r"\btotal\s+((?:(?!of\b|the\b|at\b|in\b|for\b)[a-z][\w-]*\s*){1,3})", re.I)
# a column of each row's share of a whole: "占当期利润总额比例", "% of total", "Percent of net sales"
_PRINTED_SHARE = re.compile(r"占|比例|比重|%\s*of\b|\bpercent(?:age)?\s+of\b", re.I)
_TOTAL_WORDS = re.compile(r"(?:合计|总计|总额)$")  # "其他应付款合计": the item the total row sums
_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)
MIN_ROW_CHARS = 6  # a shorter label ("生产人员") is written by many questions that ask something else
MIN_OTHER_CHARS = 3  # another row the question also writes ("50岁以上", "销售人员"): a sum of rows asked
# An English row is written by its head: "euro notes" of "Euro notes due 2019–2036", footnote marks aside
_FOOTNOTE = re.compile(r"(?<=[a-z])\d[\d,]*$|(?:\s*\([a-z\d]\))+$", re.I)  # "Total5,6", "Goodwill (1)(2)"
_ROW_TAIL = re.compile(rf"\s+due\b.*$|{_FOOTNOTE.pattern}", re.I)


def _written(label: str, question: str, least: int) -> bool:
    """The question writes the row: in full (Chinese), or its head as words in any case (English)."""
    if CJK.search(label):
        return len(label) >= least and label in question
    head = _ROW_TAIL.sub("", label).strip(" ,")
    return len(head) >= least and re.search(rf"(?<!\w){re.escape(head)}(?!\w)", question, re.I) is not None


def _unwrite(label: str, question: str) -> str:
    """The question without the row's words."""
    if CJK.search(label):
        return question.replace(label, " ")
    return re.sub(re.escape(_ROW_TAIL.sub("", label).strip(" ,")), " ", question, flags=re.I)


def _labels(text: str) -> list[str]:
    """The first cells of a table chunk's rows that print a figure (after a row number: "| 2 | 年产…项目 |
    17,930.00 |"); not a heading row's ("| 款项性质 | 期末账面余额 |")."""
    out = []
    for line in text.split("\n"):
        cells = row_cells(line) if "|" in line else []
        numbered = bool(cells) and cells[0].replace(".", "").isdigit()
        grouped = len(cells) > 1 and not cells[0] and CJK.search(cells[1]) is not None  # "|  | 人工费用 |"
        # (an English row with no first cell is a heading row: "|  | December 31, 2017 |")
        at = 1 if numbered or grouped else 0
        label = cells[at] if len(cells) > at else ""
        if (
            label
            and not label.replace(".", "").isdigit()
            and any(ch.isdigit() for c in cells[at + 1 :] for ch in c)
        ):
            out.append(label)
    return out


def _written_rows(text: str, question: str, wholes: list[str]) -> list[str]:
    """The one row label of a table chunk's text that the question writes in full; none when it also writes
    another part of the table ("销售人员与管理及行政人员合计": two rows summed, not one), or when the table
    prints the share itself on that row ("| 扶助企业资金 | 300.00 | 20.43% |")."""
    labels = _labels(text)
    # "total long-term debt", "purchase consideration": the whole's own row, no part
    labels = [
        label
        for label in labels
        if not _written(f"total {label}", question, MIN_ROW_CHARS)
        and (CJK.search(label) or not _whole_row(label, wholes))
    ]
    named = [label for label in labels if _written(label, question, MIN_ROW_CHARS)]
    shares = _PRINTED_SHARE.search(text) is not None  # (a "Percentage Change" column is no share)
    if len(named) != 1 or (shares and any(_labels(ln) == named and "%" in ln for ln in text.split("\n"))):
        return []
    rest = _unwrite(named[0], question)
    others = [
        label
        for label in labels
        if label not in named[0]  # "1年以内" of "1年以内小计": the named row's own words
        and not _TOTAL_ROW.match(label)
        and not _whole_row(label, wholes)  # "其他应收款", "Purchase consideration": the whole's own row
    ]
    least = MIN_OTHER_CHARS if CJK.search(named[0]) else MIN_ROW_CHARS
    return [] if any(_written(label, rest, least) for label in others) else named


def _whole_items(asked: AskedFor) -> list[str] | None:
    """What the whole of a share asked of a table names: the statement items of a Chinese question's total
    ("占其他应收款期末账面余额合计": the note's own total row, no part of it), an English question's phrase
    after "share of" ("of the total purchase price", "as % of purchase consideration"); None when no such
    share is asked, or the question's own formula is more than one figure over another."""
    formula, question = asked.formula, asked.question
    if formula is None or formula.name != "share_of_total":
        return None
    defined = asked.definition
    if defined is not None and [t if isinstance(t, str) else "x" for t in defined.tokens] != ["x", "/", "x"]:
        return None
    phrase = _EN_WHOLE.search(question) if asked.language != "zh" else None
    if phrase and phrase["whole"].lower() != "total":  # "% of total net revenue": no phrase of the whole
        return [phrase["whole"]]
    if not (m := _OF_TOTAL.search(question)):
        return None
    items = find_line_items(question[m.start() :]) if asked.language == "zh" else []
    return [_TOTAL_WORDS.sub("", item.printed) for item in items if item.concept]


def label_words(text: str) -> set[str]:
    """A row label's words, footnote marks aside ("Goodwill (1)(2)", "Total5,6")."""
    return set(re.findall(r"[a-z]+", _FOOTNOTE.sub("", text).lower()))


def _whole_row(label: str, wholes: list[str]) -> bool:
    """The row is the whole the question names: "Total purchase price" of "the total purchase price for
    Nokia's Devices and Services business", "Purchase consideration" of "purchase consideration"."""
    if CJK.search(label):
        return any(label in w or w in label for w in wholes)
    words = label_words(label)
    return bool(words) and any(words <= label_words(w) for w in wholes)


def _quotes_elsewhere(asked: AskedFor, text: str) -> bool:
    """The question quotes a name the chunk never prints ("“特种涂布纸生产扩建项目”中铺底流动资金"): the
    table is another one's."""
    return any(q not in text for q in zh_quoted(asked.question))


def _column(
    cells: dict[str, Fact], totals: dict[str, Fact], asked: AskedFor, filed: int | None
) -> str | None:
    """The one column both rows print (of the year asked, when the table dates its columns; a lone column
    of a report of the year asked is that report's, whatever day it dates: an acquisition's allocation)."""
    shared = [c for c in cells if c in totals and cells[c].unit != "%"]
    if asked.years and any(cells[c].fiscal_year for c in shared):
        dated = [c for c in shared if cells[c].fiscal_year in asked.years]
        shared = dated or (shared if len(shared) == 1 and filed in asked.years else [])
    named = [c for c in shared if c and c in asked.question]
    pick = named or shared
    return pick[0] if len(pick) == 1 else None


def _totalled(asked: AskedFor, wholes: list[str], text: str) -> bool:
    """The table's total row is the whole: the question says total (in English, of what the table prints:
    "total long-term debt" of a debt table, not "total net revenue" of a stock compensation table's "Total"),
    or the table names what it totals ("Consideration:" over the rows that sum to the Weebly purchase
    consideration)."""
    if _OF_TOTAL.search(asked.question):
        of = _EN_TOTAL_OF.search(asked.question) if asked.language != "zh" and not CJK.search(text) else None
        words = of.group(1).split() if of else []
        return all(re.search(rf"(?<!\w){re.escape(w)}", text, re.I) for w in words)
    heads = [w.split()[-1] for w in wholes if not CJK.search(w)]
    return any(re.search(rf"(?<!\w){re.escape(h)}(?!\w)", text, re.I) for h in heads)


def row_share(
    asked: AskedFor, table: list[Fact], chunk: Chunk, rows: list[str], wholes: list[str], cite: CiteFn
) -> NumericAnswer | None:
    """The share of the one row the question names over the table's total row (or, in English, the one row
    the whole's phrase names); None unless the table prints exactly one such row and one column both rows
    fill."""
    by_row: dict[str, dict[str, Fact]] = defaultdict(dict)
    for f in table:
        by_row[f.line_item.strip()][f.column_label] = f
    named = [r for r in by_row if r in rows]
    totalled = _totalled(asked, wholes, chunk.text)
    totals = [r for r in by_row if totalled and _TOTAL_ROW.match(_FOOTNOTE.sub("", r))]
    totals = totals or [r for r in by_row if not CJK.search(r) and r not in named and _whole_row(r, wholes)]
    if len(named) != 1 or len(totals) != 1:
        return None
    part_cells, total_cells = by_row[named[0]], by_row[totals[0]]
    column = _column(part_cells, total_cells, asked, chunk.meta.fiscal_year)
    if column is None:
        return None
    part, whole = part_cells[column], total_cells[column]
    lang = "zh" if asked.language == "zh" else "en"
    operands = [
        Operand(_FOOTNOTE.sub("", f.line_item), f.value, f.unit, f.scale, cite(f)) for f in (part, whole)
    ]
    try:
        calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang=lang)
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, lang), [part, whole], calc, [part.fact_id, whole.fact_id])


def row_share_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The named row's share a share question asks of a retrieved table (see the module)."""
    asked = prep.asked
    if (wholes := _whole_items(asked)) is None:
        # "What share of MGM Resorts' 2020 capital expenditures related to MGM China?": an "of which" sentence
        share = asked.formula is not None and asked.formula.name == "share_of_total"
        said = _EN_SHARE_OF.search(asked.question) if share and asked.language != "zh" else None
        return prose_share(prep, said["whole"]) if said else None
    # "Activision Blizzard … the Blizzard segment": the filer's name writes no segment's row
    filer = [c.lower() for c in asked.companies] if asked.language != "zh" else []
    names = [
        e for e in asked.entities if any(c.startswith(e.lower()) or e.lower().startswith(c) for c in filer)
    ]
    without_filer = asked.question
    for name in sorted({*asked.companies, *names} if filer else (), key=len, reverse=True):
        without_filer = re.sub(rf"\b{re.escape(name)}\b(?:['’]s)?", " ", without_filer)
    own: dict[str, int] | None = None  # the named company's documents (never a peer's like table), once asked
    read: dict[str, list[Fact]] = {}  # each document's facts, read once
    for _, chunk in list(prep.context):
        if chunk.kind not in _TABLES or not chunk.table_ref:
            continue
        seen = f"{' '.join(chunk.section_path)}\n{chunk.text}"
        rows = _written_rows(chunk.text, without_filer, wholes)
        if not rows or _quotes_elsewhere(asked, seen):
            continue
        own = asked_doc_ranks(store, prep, hits) if own is None else own
        if chunk.doc_id not in own:
            continue
        if asked.language == "zh" and rows[0] in (*asked.entities, *asked.companies):
            continue  # "马鞍山矿山研究院投入公司的资产中，评估负债占…": whose figures, no part
        table, cite = table_facts(store, prep, chunk, read)
        if (found := row_share(asked, table, chunk, rows, wholes, cite)) is not None:
            return found
    # no table prints the two: a sentence may ("… was $616.7 million of which $515.2 million was allocated to
    # goodwill")
    return prose_share(prep, wholes[0]) if asked.language != "zh" and wholes else None
