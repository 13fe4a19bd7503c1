"""Breakdown tables: rows that list products, regions or projects and columns that name measures, printed
without a period ("罐式集装箱 | 台 | 7,490 | 6,942" under "主要产品 | 单位 | 生产量 | 销售量"). A question
naming a row and then a column ("罐式集装箱的销售量") asks the column's measure of that row, at the
report's own period."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.asks import asks_reason
from finrag.answer.lexicon import LineItemMatch, concept_of, label_matches, normalise, synonyms
from finrag.answer.lookup import UNIT_TAIL
from finrag.answer.qualifiers import prints_qualifiers
from finrag.answer.query import AskedFor
from finrag.answer.text import CJK, row_cells
from finrag.answer.units import parse_number
from finrag.model import Chunk, ChunkKind, Fact

_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)
_JOIN = re.compile(r"[”」]?(?:产品|业务|项目)?的?")  # "罐式集装箱产品的销售量", "“…项目”的预计投资额"
_MIN_NAME = 2  # one character is no row or column name ("台")


def measure(label: str) -> str:
    """The measure a column heading names, without its unit: its last part when a spanning heading was
    read into it ("主营业务分行 营业成本" is "营业成本", "预计投资额（万元）" is "预计投资额")."""
    parts = label.split()
    return UNIT_TAIL.sub("", normalise(parts[-1] if parts and not label.isascii() else label))


def named_cell(asked: AskedFor, chunks: list[Chunk]) -> tuple[list[LineItemMatch], str] | None:
    """The column measures and the row label of a context table that a Chinese question writes row first
    ("禽流感疫苗的生产量", "境内的营业收入和毛利率") as the figures it asks (no other item, no why, no
    formula but one the table prints as a column: "“其他收入”的毛利率"), else None."""
    question = asked.question
    if asked.language != "zh" or asked.definition or asks_reason(question):
        return None
    # a formula's operands are rows of their own ("占当年原材料消耗的比例"), unless its result is a column
    printed_result = normalise(asked.formula.zh) if asked.formula else None
    for chunk in chunks:
        if chunk.kind not in _TABLES:
            continue
        names: list[str] = []
        dated = False  # a header by year ("2005年度" over "收入 | 毛利率"): its cells are the years'
        for line in chunk.text.split("\n"):
            if "|" not in line:
                continue
            cells = row_cells(line)
            if not any(parse_number(c) is not None for c in cells[1:]):
                dated = dated or PERIOD_WORD.search(line) is not None
                names = [m for c in cells[1:] if len(m := measure(c)) >= _MIN_NAME]
                names.sort(key=len, reverse=True)
                continue
            row = normalise(next((c for c in cells if c and parse_number(c) is None), ""))  # not "序号"
            at = question.find(row) if len(row) >= _MIN_NAME else -1
            if at < 0 or not names or any(row in e or e in row for e in [*asked.entities, *asked.companies]):
                continue  # a company's row in a peer table ("天源科技 | 毛利率") is no product of its own
            join = _JOIN.match(question, at + len(row))
            after = join.end() if join else at + len(row)
            name = next((n for n in names if question.startswith(n, after)), None)
            # other items the question writes before the row only set the scene ("募集资金投资项目中，")
            if asked.formula is not None and (name != printed_result or dated):
                continue
            if name is not None and all(m.start == after or m.end <= at for m in asked.line_items):
                found = [LineItemMatch(concept_of(name) or "", name, after)]
                if (more := _AND.match(question, after + len(name))) and (
                    other := next((n for n in names if question.startswith(n, more.end())), None)
                ):  # "营业收入和毛利率分别是多少": both of the row's cells
                    found.append(LineItemMatch(concept_of(other) or "", other, more.end()))
                return found, row
    return None


_AND = re.compile(r"\s*(?:和|与|及|以及|、)\s*")


def cell_facts(
    facts: list[Fact],
    kinds: list[str],
    items: list[LineItemMatch],
    chunk_of: dict[str, Chunk],
    *,
    spanned: bool = False,
) -> list[Fact]:
    """Undated facts of rows named by a kind asked whose column is an item asked (in full: "销售量比上年增减"
    is no 销售量), read as that item of the kind and dated by their report when it is an annual one (a
    quarterly report's undated table may span either period). ``spanned``: only columns whose spanning
    heading prints the rest of the item ("比例(%)" under "持股情况" for 持股比例)."""
    out: list[Fact] = []
    for f in facts:
        chunk = chunk_of.get(f.chunk_id)
        dated = f.fiscal_year is not None or bool(f.period_end)
        # a dated column names its measure beside its period ("主营业务收入（元） 2004年度")
        label = PERIOD_WORD.sub(" ", f.column_label).strip() if dated else f.column_label
        if chunk is None or not label:
            continue
        item = measure(label)  # normalised already
        if not prints_qualifiers(f.line_item, kinds):
            continue
        if any(_spans_measure(item, label, m) for m in items):
            item = next(normalise(m.printed) for m in items if _spans_measure(item, label, m))
        elif not spanned and (tail := next((n for m in items if (n := _tail_of(item, m))), None)):
            item = tail  # "收入" under 营业收入和营业成本: the kind's 营业收入
        elif spanned or not any(
            item == normalise(m.printed) or (m.concept and label_matches(item, m.concept) >= 1) for m in items
        ):
            continue
        cell = replace(
            f, fact_id=f"{f.fact_id}:{item}", line_item=item, line_item_norm=item, column_label=f.line_item
        )
        if dated:
            out.append(cell)
            continue
        annual = chunk.meta.fiscal_period == "FY"
        out.append(
            replace(
                cell,
                fiscal_year=chunk.meta.fiscal_year if annual else None,
                fiscal_period="FY" if annual else None,
                period_end=chunk.meta.period_end if annual else None,
            )
        )
    return out


def _tail_of(measure: str, asked: LineItemMatch) -> str | None:
    """The Chinese name of the item asked that a column heading is the last word of ("其他业务 | 收入 | 成本"
    under 营业收入和营业成本: 收入 is the kind's 营业收入, 成本 its 营业成本), else None."""
    if len(measure) < _MIN_NAME or not asked.concept or label_matches(measure, asked.concept) >= 1:
        return None
    return next((n for n in synonyms(asked.concept) if CJK.match(n) and n.endswith(measure)), None)


def _spans_measure(item: str, label: str, asked: LineItemMatch) -> bool:
    """The column's measure is the last part of the item asked, under a spanning heading that prints the rest
    ("持股比例": "比例(%)" under "前十名股东持股情况")."""
    printed = normalise(asked.printed)
    if item.endswith(printed) and item[: -len(printed)] in _CLOSING_WORDS:
        return True  # "期末持股数量" is the 持股数量 asked at the period's end
    head = printed.removesuffix(item)
    return len(item) >= _MIN_NAME and head != printed and bool(head) and head in label


_CLOSING_WORDS = ("期末", "年末", "报告期末")


# a period printed in a column heading beside its measure ("2004年度", "2006年1-6月")
PERIOD_WORD = re.compile(
    r"(?:19|20)\d{2}\s*年(?:度|末|初|\d{1,2}\s*[-—~至]\s*\d{1,2}\s*月)?|(?:19|20)\d{2}(?![\d%])"
)


# "普莱柯的销售费用和销售费用占营业收入比例分别是多少": the amount asked beside the ratio of the same row
_AMOUNT_AND_RATIO = re.compile(r"(?:和|及|以及|与)[^，。？?]{0,20}(?:比例|占比|比重|率)[^，。？?]{0,4}分别")


def amount_beside(asked: AskedFor, facts: list[Fact], row: str) -> list[Fact]:
    """The cells of ``row`` in the column the question's first item names, when the question asks that
    amount beside the ratio a column of the same table prints; none otherwise."""
    if not asked.line_items or not _AMOUNT_AND_RATIO.search(asked.question):
        return []
    item = normalise(asked.line_items[0].printed)
    return [f for f in facts if f.line_item == row and f.unit != "%" and measure(f.column_label) == item]
