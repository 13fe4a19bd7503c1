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
from finrag.answer.text import CJK, singular_stem, stem_words
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
# the words opening or joining a description ("related to", "associated with"): none a question need write
_LINKS = frozenset({"related", "relating", "associated", "to", "with", "for", "in", "on", "that", "which"})


def series_facts(question: str, context: list[tuple[int, Chunk]]) -> list[Fact]:
    """The facts of every "…, respectively" sentence in the context's English text whose subject the
    question names word by word."""
    asked = stem_words(question)
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
            if not _RESPECTIVELY.search(sentence) and (listed := _listed(sentence)):
                out += _read(listed, chunk, asked)  # "… was $348 million, $495 million, and $718 million as
                continue  # of December 31, 2017, 2018, and 2019."
            if (had := _had(sentence)) is not None:  # "As of December 1, 2017, we had … of $3.94 billion"
                out += _facts(*had, chunk, asked)
                continue
            pairs = list(PAIRED.finditer(sentence))
            if len(pairs) >= MIN_PAIRS and not _RESPECTIVELY.search(sentence):
                dated = [(a, int(a.group("year"))) for a in pairs]
                out += _facts(sentence[: pairs[0].start()], dated, chunk, asked)
    # a described subject's figures stand for the bare name's ("Amortization expense" of another sentence)
    names = {f.line_item for f in out}
    return [f for f in out if not any(n != f.line_item and n.startswith(f"{f.line_item} ") for n in names)]


# the years listed right after a sentence's last amount, in the amounts' order: "as of December 31, 2017,
# 2018, and 2019", "for fiscal 2021, 2022 and 2023"
_YEARS_LISTED = re.compile(
    r"\s*(?:as\s+of|at|for|in|during)\s+(?:(?:the\s+)?(?:fiscal\s+)?(?:years?\s+)?(?:ended\s+)?)?"
    r"(?:[A-Z][a-z]+\s+\d{1,2},\s*)?(?:19|20)\d{2}(?:,\s*(?:19|20)\d{2})*,?\s+and\s+(?:19|20)\d{2}\b"
)


def _listed(sentence: str) -> str | None:
    """The sentence up to the end of the year list its amounts are followed by, when they are."""
    amounts = list(_AMOUNT.finditer(sentence))
    m = _YEARS_LISTED.match(sentence, amounts[-1].end()) if len(amounts) >= MIN_PAIRS else None
    return sentence[: m.end()] if m else None


_DATE = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+"
    r"(?P<year>(?:19|20)\d{2})"
)
_HAD = r"(?:we|the company)\s+had\s+(?P<subject>[a-z][a-z\s,'-]{3,80}?)\s+of\s+(?:approximately\s+|about\s+)?"
# one balance a sentence dates: "As of December 1, 2017, we had unbilled deferred revenue backlog of
# approximately $3.94 billion", "we had … of approximately $3.42 billion as of December 2, 2016" (no count in
# the subject: "forward contracts for 14 million shares at a weighted average price of $12.67" is a price)
_HAD_AFTER_DATE = re.compile(rf"^(?:as\s+of|at)\s+{_DATE},\s+{_HAD}(?=\$)", re.I)
_HAD_BEFORE_DATE = re.compile(rf"\b{_HAD}(?P<amount>{DOLLAR_AMOUNT})\s+(?:as\s+of|at)\s+{_DATE}", re.I)


def _had(sentence: str) -> tuple[str, list[tuple[re.Match[str], int]]] | None:
    """The subject and the one dated amount of a sentence stating a balance the filer had on a day."""
    if (m := _HAD_AFTER_DATE.match(sentence)) and (a := _AMOUNT.match(sentence, m.end())):
        return " ".join(m["subject"].split()), [(a, int(m["year"]))]
    if (m := _HAD_BEFORE_DATE.search(sentence)) and (a := _AMOUNT.match(sentence, m.start("amount"))):
        return " ".join(m["subject"].split()), [(a, int(m["year"]))]
    return None


def named_series(
    question: str, context: list[tuple[int, Chunk]], items: list[LineItemMatch]
) -> tuple[list[Fact], LineItemMatch | None]:
    """The facts of the sentences whose subject names every item asked ("unbilled deferred revenue backlog"
    for "deferred revenue" and "backlog": the tables print neither), with that subject as the item; none
    when no item is asked or the subject leaves one out."""
    facts = series_facts(question, context)
    item = series_item(question, facts)
    if item is None or not items or not all(m.printed.lower() in item.printed.lower() for m in items):
        return [], None
    return facts, item


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
    subject = re.sub(r"^(?:the|our|its)\s+", "", subject, flags=re.I)
    name = _DESCRIPTION.split(subject, maxsplit=1)[0].strip()
    words = [w for w in re.findall(r"[a-z][a-z'&-]+", name.lower()) if w not in _STOP]
    if (
        not words
        or len(name.split()) > MAX_SUBJECT_WORDS
        or not all(singular_stem(w) in asked for w in words)
    ):
        return []
    # "Amortization expense related to capitalized software": a description the question also writes tells
    # this figure from another sentence's of the same name
    tail = re.findall(r"[a-z][a-z'&-]+", subject[len(name) :].lower())
    described = [w for w in tail if w not in _STOP and w not in _LINKS]
    if described and all(singular_stem(w) in asked for w in described):
        name = " ".join(subject.split())
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
