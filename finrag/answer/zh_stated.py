"""Figures a Chinese filing states only in a sentence, for several years at once:
"2006年1—6月、2005年、2004年发行人向南岭化工厂支付的综合服务费用分别为91.39万元、187.47万元、141.25万元".
Each amount is read as a fact of its year under the sentence's subject ("综合服务费用") when the question
writes that subject and names the party it is paid to or received from; a part year's amount
("2006年1—6月") is no year's figure and is left out. The growth, sum and lookup steps then work on them as
on table facts.
"""

from __future__ import annotations

import itertools
import re

from finrag.answer.prose_facts import sentence_fact
from finrag.answer.series import RESPECTIVELY, listed_years
from finrag.answer.units import PERCENT, Unit, parse_number, zh_unit
from finrag.model import Chunk, ChunkKind, Fact

_AMOUNT = re.compile(r"(?P<num>-?\d[\d,]*(?:\.\d+)?)\s*(?P<unit>亿元|万元|千元|元|%)")
_SENTENCE_END = re.compile(r"[。；;\n]")
# the party a payment goes to or comes from: "向南岭化工厂支付的…" (another party's fee is another figure)
_PARTY = re.compile(r"(?:向|对|从|自)(.{2,20}?)(?:支付|采购|销售|收取|提供|购买|借入|拆借)")
MIN_SUBJECT_CHARS = 4  # a shorter subject ("收入", "费用") is part of too many other names to be read


def stated_by_year(question: str, context: list[tuple[int, Chunk]]) -> list[Fact]:
    """The facts of every "…分别为" sentence in the context's text whose subject the question writes."""
    out: list[Fact] = []
    for _, chunk in context:
        if chunk.kind != ChunkKind.TEXT:
            continue
        for sentence in _SENTENCE_END.split(chunk.text):
            out += _read(sentence, chunk, question)
    return out


def _subject(head: str, question: str) -> str | None:
    """The figure's name, the words after the head's last "的" ("…向南岭化工厂支付的综合服务费用":
    综合服务费用), when the question writes it and the party the head names."""
    name = head.rsplit("的", 1)[-1].strip("，,、 ")
    if len(name) < MIN_SUBJECT_CHARS or name not in question:
        return None
    if (party := _PARTY.search(head)) and party.group(1) not in question:
        return None
    return name


def _read(sentence: str, chunk: Chunk, question: str) -> list[Fact]:
    first = sentence.find(RESPECTIVELY)
    listed = listed_years(sentence[:first]) if first >= 0 else None
    if listed is None:
        return []
    start, years = listed
    marks = [m.start() for m in re.finditer(RESPECTIVELY, sentence)] + [len(sentence)]
    facts: list[Fact] = []
    for at, stop in itertools.pairwise(marks):
        name = _subject(sentence[start:at], question)
        amounts = list(_AMOUNT.finditer(sentence, at, stop))
        start = amounts[-1].end() if amounts else stop  # the next subject follows these amounts
        if name is None or len(amounts) != len(years):
            continue
        for m, (year, whole_year) in zip(amounts, years, strict=True):
            parsed = parse_number(m["num"])
            if parsed is None or not whole_year:
                continue
            unit: Unit = PERCENT if m["unit"] == "%" else zh_unit(m["unit"])
            dated = (f"{year}-12-31", year, "FY")
            key = f"{name}:{year}:{m.start()}"
            facts.append(
                sentence_fact(chunk, name, parsed.value, (unit.label, unit.scale), key, f"{year}年", dated)
            )
    return facts
