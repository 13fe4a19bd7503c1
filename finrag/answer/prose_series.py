"""Figures an English filing states only in a sentence, for several years at once: "Advertising expense …
was $88 million, $195 million and $226 million for 2020, 2019 and 2018, respectively." Each amount is read as
a fact of its year, under the sentence's subject ("Advertising expense"), when the question names every word
of that subject and no statement item: the growth or lookup steps then work on them as on table facts.
"""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.lexicon import LineItemMatch
from finrag.answer.prose_facts import sentence_fact
from finrag.answer.text import CJK, singular_stem
from finrag.answer.units import DOLLAR_AMOUNT, SCALE_WORD, parse_number
from finrag.model import Chunk, ChunkKind, Fact

_AMOUNT = re.compile(DOLLAR_AMOUNT, re.I)
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
_SENTENCE_START = re.compile(r"(?:^|[.;:]\s+|\n)(?=[A-Z])")
# what stands between a sentence's subject and its amounts: "was", "totaled approximately"
_VERB_TAIL = re.compile(
    r"(?:\s+(?:was|were|is|are|totaled|totalled|amounted\s+to|of|approximately|about|recognized|recorded))+$",
    re.I,
)
# where the subject's name ends and its description starts: "Advertising expense that primarily relates …"
_DESCRIPTION = re.compile(r"\s+(?:that|which|related|relating|associated|included|for|in)\b|\s*[,(]", re.I)
# "$534 million in 2019": an amount and its year, side by side
PAIRED = re.compile(
    DOLLAR_AMOUNT + r"\s+(?:in|for|during)\s+(?:fiscal\s+)?(?P<year>(?:19|20)\d{2})(?!\d)", re.I
)
MIN_PAIRS = 2  # one amount and year is a lookup the sentence quote answers itself
# "We recorded advertising expenses of …": the filer recording it opens no subject
_LEAD = re.compile(r"^(?:we|the company)\s+(?:recorded|recognized|incurred|had|spent|paid|reported)\s+", re.I)
MAX_SUBJECT_WORDS = 6  # a longer "subject" is a clause, not the name of a figure
_STOP = frozenset({"the", "our", "its", "total", "company's", "company", "of", "and"})


def series_facts(question: str, context: list[tuple[int, Chunk]]) -> list[Fact]:
    """The facts of every "…, respectively" sentence in the context's English text whose subject the
    question names word by word."""
    asked = {singular_stem(w) for w in re.findall(r"[a-z][a-z'&-]+", question.lower())}
    out: list[Fact] = []
    for _, chunk in context:
        if chunk.kind != ChunkKind.TEXT or CJK.search(chunk.text):
            continue
        for m in _RESPECTIVELY.finditer(chunk.text):
            starts = [s.end() for s in _SENTENCE_START.finditer(chunk.text, 0, m.start())]
            sentence = chunk.text[starts[-1] if starts else 0 : m.start()]
            out += _read(sentence, chunk, asked)
        for sentence in re.split(
            r"(?<=[.;])\s+", chunk.text
        ):  # "… of $534 million in 2019, $584 million in 2018"
            pairs = list(PAIRED.finditer(sentence))
            if len(pairs) >= MIN_PAIRS and not _RESPECTIVELY.search(sentence):
                dated = [(a, int(a.group("year"))) for a in pairs]
                out += _facts(sentence[: pairs[0].start()], dated, chunk, asked)
    return out


def series_item(question: str, facts: list[Fact]) -> LineItemMatch | None:
    """The item the question asks, named as the sentence's subject."""
    if not facts:
        return None
    name = facts[0].line_item
    return LineItemMatch("", name, max(question.lower().find(name.split()[0].lower()), 0))


def _read(sentence: str, chunk: Chunk, asked: set[str]) -> list[Fact]:
    amounts = list(_AMOUNT.finditer(sentence))
    if len(amounts) < 2:
        return []
    years = [int(y) for y in _YEAR.findall(sentence[amounts[-1].end() :])]
    if len(years) != len(amounts):
        return []
    return _facts(sentence[: amounts[0].start()], list(zip(amounts, years, strict=True)), chunk, asked)


def _facts(before: str, dated: list[tuple[re.Match[str], int]], chunk: Chunk, asked: set[str]) -> list[Fact]:
    """The amounts of one sentence by year, under the subject written ``before`` them, when the question names
    every word of it."""
    if len({year for _, year in dated}) != len(dated):
        return []
    subject = _LEAD.sub("", _VERB_TAIL.sub("", before.strip()))
    name = _DESCRIPTION.split(subject, maxsplit=1)[0].strip()
    words = [w for w in re.findall(r"[a-z][a-z'&-]+", name.lower()) if w not in _STOP]
    if (
        not words
        or len(name.split()) > MAX_SUBJECT_WORDS
        or not all(singular_stem(w) in asked for w in words)
    ):
        return []
    scale_word = next((a.group(2) for a, _ in reversed(dated) if a.group(2)), None)
    facts = []
    for a, year in dated:
        parsed = parse_number(a.group(1))
        word = (a.group(2) or scale_word or "").lower()
        if parsed is None:
            return []
        facts.append(_fact(chunk, name, parsed.value, word, year))
    return facts


def _fact(chunk: Chunk, name: str, value: Decimal, scale_word: str, year: int) -> Fact:
    end = chunk.meta.period_end or f"{year}-12-31"
    unit = (f"{scale_word}s" if scale_word else None, SCALE_WORD.get(scale_word, Decimal(1)))
    return sentence_fact(
        chunk, name, value, unit, f"{name}:{year}", str(year), (f"{year}{end[4:]}", year, "FY")
    )
