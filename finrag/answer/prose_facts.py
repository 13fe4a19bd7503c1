"""Figures a Chinese question's own formula names that the filing states only in a sentence
("本项目总投资4032.74万元，其中固定资产投资3313.45万元"): each read as a fact of the chunk that
states it, the amount written right after the operand's name. Only in the chunks about the kinds the
question names (the project asked), and only a name stated with one amount there: two different amounts
for one name answer nothing.
"""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal

from finrag.answer.lexicon import normalise
from finrag.answer.units import parse_number, zh_unit
from finrag.model import AccessInfo, Chunk, ChunkKind, Fact

# the name, a linking word at most, then the amount and its unit: "总投资4032.74万元", "…投资为3313.45万元"
_AMOUNT_AFTER = r"\s*(?:为|达|约|共计|合计|是)?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>亿元|万元|千元|元)"
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
        lines = [ln for ln in chunk.text.split("\n") if not owners or any(o in ln for o in owners)]
        text = "\n".join(lines)
        for name in dict.fromkeys(n for n in names if len(n) >= MIN_NAME_CHARS and not n.isascii()):
            for m in re.finditer(re.escape(name) + _AMOUNT_AFTER, text):
                if (parsed := parse_number(m["num"])) is not None:
                    found.setdefault(name, []).append(_fact(chunk, name, parsed.value, m["unit"], m.start()))
    return [fs[0] for fs in found.values() if len({f.value * f.scale for f in fs}) == 1]


def _fact(chunk: Chunk, name: str, value: Decimal, unit_word: str, at: int) -> Fact:
    unit = zh_unit(unit_word)
    key = f"{chunk.chunk_id}:{at}:{name}".encode()
    return Fact(
        fact_id=hashlib.sha256(key).hexdigest()[:24],
        doc_id=chunk.doc_id,
        chunk_id=chunk.chunk_id,
        statement=chunk.section_path[-1] if chunk.section_path else "",
        line_item=name,
        line_item_norm=normalise(name),
        column_label="",
        value=value,
        unit=unit.label,
        scale=unit.scale,
        page=chunk.pages[0] if chunk.pages else 1,
        table_ref="",
        company=chunk.meta.company,
        # an annual report's sentence states its own year's figures (a prospectus has no one year)
        period_end=chunk.meta.period_end if chunk.meta.fiscal_year else None,
        fiscal_year=chunk.meta.fiscal_year,
        fiscal_period=chunk.meta.fiscal_period if chunk.meta.fiscal_year else None,
        meta=AccessInfo(chunk.meta.access_level, list(chunk.meta.groups)),
    )
