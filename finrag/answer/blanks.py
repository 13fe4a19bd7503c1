"""Figures a document leaves blank: a prospectus printed before pricing writes
"发行后每股净资产：【 】元/股", "每股发行价格：待定" or "预计募集资金总额 万元，净额 万元".
A question about such a figure has no answer in the documents, and the sentence around the blank (the
pre-issue figure, the planned investment total) must not stand in for it.
"""

from __future__ import annotations

import re

from finrag.answer.gate_periods import year_cell
from finrag.answer.query import AskedFor
from finrag.model import Chunk

# the label before an empty bracket, or before a unit with no number in a sentence (never in a table row)
_BRACKET = re.compile(r"([\u4e00-\u9fff]{3,12})\s*[：:为]?\s*(?:【\s*】|\[\s*\]|［\s*］)")
_PENDING = re.compile(r"([\u4e00-\u9fff]{3,12})\s*[：:为]\s*(?:待定|未定|尚未确定)")  # "每股发行价格： 待定"
# "6、发行后每股净资产： 7、发行方式…": the next numbered item follows the colon at once
_NEXT_ITEM = re.compile(r"([\u4e00-\u9fff]{3,12})\s*[：:]\s*(?=\d{1,2}\s*[、.．]\s*[\u4e00-\u9fff])")
_NO_NUMBER = re.compile(r"([\u4e00-\u9fff]{3,12})\s+(?:万元|亿元|元/股|万股)(?=[，,。；;])")
# a blank's label the question must write whole, or its last characters this many ("预计募集资金总额" of
# "本次公开发行预计募集资金总额"): "每股净资产" alone would take "发行前" for the blank "发行后" figure
MIN_BLANK_LABEL = 6


def blank_figure(question: str, chunks: list[Chunk]) -> str | None:
    """The label of a figure the evidence leaves blank that the question asks about, else None."""
    question = question.replace("的", "")  # "发行后的每股净资产" writes the label "发行后每股净资产"
    for chunk in chunks:
        for line in chunk.text.split("\n"):
            if "|" in line:
                continue
            blanks = (_BRACKET, _PENDING, _NO_NUMBER, _NEXT_ITEM)
            for m in (m for b in blanks for m in b.finditer(line)):
                label = m.group(1)
                if label in question:
                    return label
                for i in range(len(label) - MIN_BLANK_LABEL + 1):
                    if label[i:] in question:
                        return label[i:]
    return None


_ROW_UNIT = re.compile(r"[（(][^（）()]*[)）]")  # "稀释每股收益（元／股）": the row's unit or remark
_ROW_NUMBERING = re.compile(r"^(?:[（(][一二三四五六七八九十\d]+[)）]|[一二三四五六七八九十]+、|\d+[.、．])")
_NUMBER = re.compile(r"\d")


def blank_cell(items: list[str], year: int, chunks: list[Chunk]) -> str | None:
    """The item a table prints with an empty cell in the column of ``year`` ("稀释每股收益（元／股） |  | …"
    under "2020年"), when no row of it prints a figure there: the year's figure is left blank, else None."""
    blank: str | None = None
    for chunk in chunks:
        lines = [ln for ln in chunk.text.split("\n") if ln.startswith("|")]
        column = next((col for ln in lines if (col := _year_column(ln, year)) is not None), None)
        if column is None:
            continue
        for line in lines:
            cells = [c.strip() for c in line.strip("|").split("|")]
            label = _ROW_NUMBERING.sub("", _ROW_UNIT.sub("", cells[0])).strip()
            if label not in items or column >= len(cells):
                continue
            if _NUMBER.search(cells[column]):
                return None  # the year's figure is printed in some table
            blank = label
    return blank


def _year_column(line: str, year: int) -> int | None:
    """The index of the header cell naming ``year`` alone ("2020年", "2020年度", "2020"), else None."""
    cells = [c.strip() for c in line.strip("|").split("|")]
    return next((i for i, c in enumerate(cells) if i and re.fullmatch(year_cell(year), c)), None)


def asked_blank_cell(asked: AskedFor, chunks: list[Chunk]) -> str | None:
    """The Chinese figure asked for one year that its table leaves blank in that year's column, or whose row
    the tables print with no figure at all ("| 应付债券 |  |  |")."""
    if asked.language != "zh" or len(asked.years) != 1 or asked.formula is not None:
        return None
    items = [m.printed for m in asked.line_items]
    if items and (blank := blank_cell(items, asked.years[0], chunks)):
        return blank
    rows = items or ([named] if (named := _row_asked(asked.question)) else [])
    return next((blank for row in rows if (blank := blank_row(row, chunks))), None)


# "2019年…的应付债券是多少元": the row a Chinese figure question names (when no line item is read from it)
_HOW_MUCH_ROW = re.compile(r"的([\u4e00-\u9fff]{2,10}?)(?:是|为|有)多少(?:元|万元|亿元)?[?？]?$")
# "七、36": the number of the note a row refers to, no figure of it
_ROW_NOTE_NUMBER = re.compile(r"(?:附注)?[一二三四五六七八九十]+[、.．]\s*[（(]?\d+[)）]?")


def _row_asked(question: str) -> str | None:
    m = _HOW_MUCH_ROW.search(question.strip())
    return m.group(1) if m else None


def blank_row(item: str, chunks: list[Chunk]) -> str | None:
    """``item`` when the tables print its row with every cell empty (a note's number aside), and never with a
    figure; else None."""
    blank: str | None = None
    for chunk in chunks:
        for line in (ln for ln in chunk.text.split("\n") if ln.startswith("|")):
            cells = [c.strip() for c in line.strip("|").split("|")]
            label = _ROW_UNIT.sub("", cells[0]).strip()
            if _ROW_NUMBERING.match(label) or label != item:
                continue  # (a numbered row, "四、账面价值", heads the rows under it: it leaves nothing blank)
            values = [c for c in cells[1:] if c and not _ROW_NOTE_NUMBER.fullmatch(c)]
            if any(_NUMBER.search(c) for c in values):
                return None  # a figure printed for it in some table
            if not values:  # (a row of words is a header's or a remark's: it leaves nothing blank)
                blank = item
    return blank
