"""Whose figure a quoted table row or sentence prints: the table it stands in and its caption, the owners
and peers it names, and short forms of a company's name."""

from __future__ import annotations

import re
from functools import lru_cache

from finrag.answer.quote_focus import Focus, Scored
from finrag.answer.text import table_span
from finrag.retrieve.name_forms import short_forms

TWO_CELL_BARS = 3  # "| label | figure |"


def caption_of(row: str, c: Scored | None) -> str:
    """The line right above the table a row stands in (its caption), "" when none."""
    lines = c.source.split("\n") if c else []
    if row not in lines:
        return ""
    start, _ = table_span(lines, lines.index(row))
    return lines[start - 1] if start else ""


def owned(c: Scored, focus: Focus) -> bool:
    """The sentence, or the one before it, names every owner asked about (none asked: any sentence); a
    table row names its own, or its table does (a segment's column heading)."""
    context = table_of(c) if "|" in c.text else c.before  # a row: its own table and caption, no other
    named = all(any(_names(c, v, context) for v in _short_forms(o)) for o in focus.owners)
    return named and peered(c, focus)


def peered(c: Scored, focus: Focus) -> bool:
    """No peers' figure is asked, or the sentence (the one before it) or a row's own table names the peers
    ("可比公司平均" over its column; a remark below the table is not it)."""
    table = table_of(c) if "|" in c.text else c.before
    return not focus.peers or any(_names(c, p, table) for p in focus.peers)


def table_of(c: Scored) -> str:
    """The table a quoted row belongs to, with the line that introduces it (its caption)."""
    lines = c.source.split("\n")
    at = next((i for i, ln in enumerate(lines) if c.text.strip() in ln), None)
    if at is None:
        return c.source
    start, end = table_span(lines, at)
    return "\n".join(lines[max(0, start - 1) : end])


_AMOUNT = re.compile(r"\d[\d,]*\.\d|\d{1,3}(?:,\d{3})+")  # "6,199", "5,508.83": a row's figure, not a year


def _names(c: Scored, name: str, context: str) -> bool:
    """The sentence names ``name``, or its table does other than in another row (a row "| Space |" is that
    segment's, so the "Total assets" row beside it is not; a customer's row is not another customer's)."""
    if _named_as_itself(name, c.text):
        return True
    return name in context and not ("|" in c.text and any(name in ln for ln in _figure_rows(context)))


# "Worldwide excluding COVID-19 Vaccine": a figure of everything but the name
_LEFT_OUT = re.compile(r"(?:\bexcluding|\bexcl\.|\bother than|\bexcept(?: for)?|\bwithout|不含|除)\s*$", re.I)


def _named_as_itself(name: str, text: str) -> bool:
    """``text`` names ``name`` other than as what its figure leaves out."""
    at = text.find(name)
    while at >= 0:
        if not _LEFT_OUT.search(text[max(0, at - 20) : at]):
            return True
        at = text.find(name, at + 1)
    return False


@lru_cache(maxsize=64)
def _figure_rows(table: str) -> tuple[str, ...]:
    """A table's rows that print a figure (not its headings); read once per chunk, not per sentence."""
    return tuple(ln for ln in table.split("\n") if ln.startswith("|") and _AMOUNT.search(ln))


_ZH_SHORT = 4  # "济南安妮纸业有限公司" is "济南安妮" in the text around its figures


def _short_forms(owner: str) -> list[str]:
    """A company's name as a document goes on to write it: its short forms (legal suffix and place
    stripped) and, for a Chinese name, its first four characters."""
    return [*short_forms(owner), *([owner[:_ZH_SHORT]] if _ZH_NAME.search(owner) else [])]


_ZH_NAME = re.compile(r"[\u4e00-\u9fff]{5,}")
