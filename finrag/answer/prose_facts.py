"""Figures a Chinese question's own formula names that the filing states only in a sentence
("本项目总投资4032.74万元，其中固定资产投资3313.45万元"): each read as a fact of the chunk that
states it, the amount written right after the operand's name. Only in the chunks about the kinds the
question names (the project asked), and only a name stated with one amount there: two different amounts
for one name answer nothing.
"""

from __future__ import annotations

import calendar
import hashlib
import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.query import AskedFor
from finrag.answer.units import parse_number, zh_unit
from finrag.model import AccessInfo, Chunk, ChunkKind, Fact

# the name, a linking word at most, then the amount and its unit: "总投资4032.74万元", "…投资为3313.45万元"
# "净利润：人民币1,291,522.10元" (a subsidiary's paragraph) too
_AMOUNT_AFTER = (
    r"\s*(?:为|达|约|共计|合计|是|[:：])?\s*(?:人民币)?\s*"
    r"(?P<num>-?\d[\d,]*(?:\.\d+)?)\s*(?P<unit>亿元|万元|千元|元)"
)
MIN_NAME_CHARS = 3  # a shorter name ("投资") is part of too many others to be read in prose


def prose_facts(
    names: list[str], context: list[tuple[int, Chunk]], kinds: list[str], owners: list[str] | None = None
) -> list[Fact]:
    """The amounts the context's text chunks state right after one of ``names``, in chunks that print
    every kind of ``kinds`` (in their text or headings) and, with ``owners``, in the paragraphs naming one
    of them ("辽宁益康生物股份有限公司为公司控股子公司，…营业收入28,845万元"); a name stated with two amounts
    is left out."""
    found: dict[str, list[Fact]] = {}
    for _, chunk in context:
        where = f"{chunk.text} {' '.join(chunk.section_path)}"
        if chunk.kind != ChunkKind.TEXT or not all(k in where for k in kinds):
            continue
        # the paragraphs naming an owner, or all under a heading naming one ("（三）深圳市金奥博科技有限公司")
        heading = chunk.section_path[-1] if chunk.section_path else ""
        headed = any(o in heading for o in owners or [])
        lines = [ln for ln in chunk.text.split("\n") if headed or not owners or any(o in ln for o in owners)]
        text = "\n".join(lines)
        for name in dict.fromkeys(n for n in names if len(n) >= MIN_NAME_CHARS and not n.isascii()):
            for m in re.finditer(re.escape(name) + _AMOUNT_AFTER, text):
                if (parsed := parse_number(m["num"])) is not None:
                    sentence = re.split(r"[。；;\n]", text[: m.start()])[-1]  # "截至2005年12月31日，…"
                    fact = _fact(chunk, name, parsed.value, m["unit"], m.start(), sentence)
                    found.setdefault(name, []).append(fact)
    return [fs[0] for fs in found.values() if len({f.value * f.scale for f in fs}) == 1]


def owner_prose(
    asked: AskedFor, items: list[LineItemMatch], context: list[tuple[int, Chunk]], owners: list[str]
) -> list[Fact]:
    """A Chinese figure of a company the filer names (its subsidiary) that no table prints: the amount its
    paragraph states after the item ("南通四方制冷工程有限公司…净利润：人民币1,291,522.10元")."""
    if asked.language != "zh" or not owners:
        return []
    found = prose_facts([m.printed for m in items if m.concept], context, asked.qualifiers, owners)
    return [replace(f, company=owners[0]) for f in found] if len(owners) == 1 else found  # whose figure


# the day, month or year a sentence dates its amounts to, before them: "截至2005年12月31日，…",
# "截止2006年7月，…", "2005年度净利润…"
_SENTENCE_DATE = re.compile(
    r"(?P<y>(?:19|20)\d{2})\s*年\s*(?:(?P<m>\d{1,2})\s*月(?:\s*(?P<d>\d{1,2})\s*日)?|(?P<whole>度|末|底))"
)


def _fact(chunk: Chunk, name: str, value: Decimal, unit_word: str, at: int, sentence: str) -> Fact:
    unit = zh_unit(unit_word)
    # an annual report's sentence states its own year's figures (a prospectus has no one year): else the
    # last date the sentence writes before the amount
    year = chunk.meta.fiscal_year
    dated = (chunk.meta.period_end, year, chunk.meta.fiscal_period) if year else (None, None, None)
    if not year and (written := list(_SENTENCE_DATE.finditer(sentence))):
        last = written[-1]
        y = int(last["y"])
        month = int(last["m"] or 12)
        day = int(last["d"] or calendar.monthrange(y, month)[1])  # "截止2006年7月": the month's last day
        end = f"{y}-{month:02d}-{day:02d}"
        full = last["whole"] is not None or end.endswith("12-31")
        dated = (end, y, "FY" if full else None)
    return sentence_fact(chunk, name, value, (unit.label, unit.scale), f"{at}:{name}", "", dated)


def sentence_fact(
    chunk: Chunk,
    name: str,
    value: Decimal,
    unit: tuple[str | None, Decimal],
    key: str,
    column_label: str,
    dated: tuple[str | None, int | None, str | None],
) -> Fact:
    """A fact of ``chunk`` read off one of its sentences: ``unit`` (label, scale); ``dated`` (period end,
    fiscal year, fiscal period)."""
    return Fact(
        fact_id=hashlib.sha256(f"{chunk.chunk_id}:{key}".encode()).hexdigest()[:24],
        doc_id=chunk.doc_id,
        chunk_id=chunk.chunk_id,
        statement=chunk.section_path[-1] if chunk.section_path else "",
        line_item=name,
        line_item_norm=normalise(name),
        column_label=column_label,
        value=value,
        unit=unit[0],
        scale=unit[1],
        page=chunk.pages[0] if chunk.pages else 1,
        table_ref="",
        company=chunk.meta.company,
        period_end=dated[0],
        fiscal_year=dated[1],
        fiscal_period=dated[2],
        meta=AccessInfo(chunk.meta.access_level, list(chunk.meta.groups)),
    )
