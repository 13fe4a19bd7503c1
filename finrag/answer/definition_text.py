"""A question's text made ready for its definition to be read: a formula's letters replaced by what its
"where" clause says they are ("X = A / B, where A = … and B = …"), and an English name's Chinese gloss
("Jinyu Bio-Technology (金宇生物 / 生物股份)") blanked out, so neither is read as an expression of its own."""

from __future__ import annotations

import re

from finrag.answer.lexicon import find_line_items

# "X = A / B, where A = net cash provided by operating activities and B = net income": letters named after
_WHERE = re.compile(r"[,;]?\s*\bwhere\s+(?=[A-Z]\s*(?:=|is)\s)(?P<defs>[^?]+?)(?=\.(?:\s|$)|\?|$)")
_LETTER = re.compile(
    r"\b([A-Z])\s*(?:=|is)\s+(.+?)(?=,?\s+and\s+[A-Z]\s*(?:=|is)\s|,\s*[A-Z]\s*(?:=|is)\s|$)"
)


# an English name glossed by two Chinese ones, "Jinyu Bio-Technology's (金宇生物 / 生物股份)": no division
_NAME_GLOSS = re.compile(
    r"(?<=[A-Za-z'’])\s*[（(]\s*([\u4e00-\u9fff]{2,12})\s*/\s*([\u4e00-\u9fff]{2,12})\s*[)）]"
)


def _unless_items(m: re.Match[str]) -> str:
    """A bracketed pair of names blanked out, unless it names line items ("（营业收入/营业成本）")."""
    return m.group(0) if find_line_items(m.group(1)) or find_line_items(m.group(2)) else " " * len(m.group(0))


def _spelled_letters(question: str) -> str:
    """The question with a formula's letters replaced by what its "where" clause says they are, and a lone
    letter naming the result dropped ("cash conversion X = A / B" -> "cash conversion = a / b")."""
    where = _WHERE.search(question)
    if where is None:
        return question
    letters = {m.group(1): m.group(2).strip() for m in _LETTER.finditer(where.group("defs"))}
    if not letters:
        return question
    text = question[: where.start()] + question[where.end() :]
    text = re.sub(r"\b[A-Z]\s*=\s*(?=[A-Z]\b)", "= ", text)  # "X = A / B": the result's letter
    for letter, meaning in letters.items():
        text = re.sub(
            rf"(?<![\w'’-]){letter}(?![\w'’-])(?=\s*(?:[-+*/×÷)]|$|\.|,|\?))|(?<=[-+*/×÷(=]\s){letter}\b",
            meaning,
            text,
        )
    return text


def definition_text(question: str) -> str:
    """The question with its formula's letters spelled out and its names' glosses blanked out."""
    return _NAME_GLOSS.sub(_unless_items, _spelled_letters(question))


# a bracket's aside and the clause defining the metric: the question's own words on what it asks of it
_ASIDE = re.compile(r"\([^()]*\)")
_DEFINING = re.compile(
    r"\b(?:define[sd]?|defined as|calculated as|computed as)\b.*$|,\s*with\b.*$", re.I | re.S
)


def asking_text(question: str) -> str:
    """The question without its bracketed asides and the clause defining its metric ("Define free cash flow
    as …", "…, with free cash flow defined as …"): what it asks of the metric, not the metric's operands."""
    return _DEFINING.sub("", _ASIDE.sub(" ", question))
