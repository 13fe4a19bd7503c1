"""A figure per employee ("net sales per employee", "operating revenue per employee, using the year-end
headcount"): the figure read off the statements as a lookup reads it, over the headcount one sentence of the
same filing states ("As of December 31, 2021, we had approximately 114,000 employees"), both cited. The
sentence is searched in the whole filing, as the human-capital section is seldom retrieved with the
statements. A filing stating two different headcounts (for the year asked, when a sentence names one)
answers nothing, nor does a filing stating none."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, citer, readable
from finrag.answer.fetch import fetch_facts
from finrag.answer.formula_base import Formula, ratio
from finrag.answer.numeric import NumericAnswer, lookup_answer
from finrag.answer.prepared import Prepared
from finrag.answer.prose_facts import sentence_fact
from finrag.answer.text import split_sentences
from finrag.answer.units import SCALE_WORD, parse_number
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.index.tokenize import analyze as tokens_of
from finrag.model import Chunk, ChunkKind, Filters, Hit

_ASKED = re.compile(r"\bper\s+(?:full[- ]time(?:[- ]equivalent)?\s+)?(?:employee|head|worker)\b", re.I)
# "approximately 114,000 employees", "employed approximately 221,000 people", "118,400 full-time equivalent
# employees": a count of staff (the noun "people" only in a sentence about employing them)
_HEADCOUNT = re.compile(
    r"(?P<n>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?\s+(?:thousand|million))\s+"
    r"(?:(?:full[- ]time(?:[- ]equivalent)?|total|global|worldwide|regular)\s+)*"
    r"(?P<noun>employees|people|team members|associates)\b",
    re.I,
)
# "we hired more than 10,000 employees", "job eliminations affecting 10,000 employees": a change, no headcount
_CHANGED = re.compile(
    r"\b(?:hir|add|reduc|eliminat|affect|impact|laid|lay|terminat|separat|cut|relocat)\w*", re.I
)
STAFF = re.compile(r"\bemploy|\bworkforce\b|\bheadcount\b|\bhuman capital\b", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
SEARCHED_CHUNKS = 40  # chunks of the filing read for the headcount sentence (its human-capital section)
_PER_EMPLOYEE = Formula("per_employee", "人均", "Per employee", ("*", "*"), "{0} / {1}", ratio, False, ())


def _headcounts(chunks: list[Chunk], year: int | None) -> dict[Decimal, tuple[Chunk, str]]:
    """The headcounts the chunks' sentences state, each with the sentence first stating it; only those of
    the asked year when a sentence names that year."""
    found: dict[Decimal, tuple[Chunk, str, bool]] = {}
    for chunk in chunks:
        if chunk.kind != ChunkKind.TEXT:
            continue
        for sentence in split_sentences(chunk.text.replace("\n", " ")):
            m = _HEADCOUNT.search(sentence)
            if m is None or (m["noun"].lower() != "employees" and not STAFF.search(sentence)):
                continue
            if _CHANGED.search(sentence, 0, m.start()):
                continue
            number, _, word = m["n"].partition(" ")
            if (parsed := parse_number(number)) is None:
                continue
            value = parsed.value * SCALE_WORD.get(word.lower(), Decimal(1))
            dated = year is not None and str(year) in _YEAR.findall(sentence)
            found.setdefault(value, (chunk, sentence, dated))
    if any(dated for _, _, dated in found.values()):
        return {v: (c, said) for v, (c, said, dated) in found.items() if dated}
    return {v: (c, said) for v, (c, said, _) in found.items()}


def per_employee_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The asked figure over the filing's headcount (see the module), else None."""
    asked = prep.asked
    if asked.language != "en" or not asked.line_items or not _ASKED.search(asked.question):
        return None
    doc_rank = asked_doc_ranks(store, prep, hits, fallback=False)
    if not doc_rank:
        return None
    item = asked.line_items[0]
    fetched = fetch_facts(store, prep.request.filters, [item], list(doc_rank), asked.question)
    facts, by_chunk, extra = readable(store, prep, fetched)
    cite = citer(prep, by_chunk, extra)
    whole = _ASKED.sub(" ", asked.question)  # the figure itself, no per-unit row ("sales per square foot")
    alone = replace(asked, question=whole, formula=None, line_items=[item])
    figure = lookup_answer(alone, facts, doc_rank, cite)
    if figure is None or len(figure.facts) != 1:
        return None
    amount = figure.facts[0]
    scope = Filters(access=prep.request.filters.access, doc_ids=[amount.doc_id])
    searched = store.keyword_search(tokens_of("employees workforce headcount"), SEARCHED_CHUNKS, scope)
    chunks = [c for _, c in prep.context if c.doc_id == amount.doc_id]
    chunks += [s.chunk for s in searched]
    counts = _headcounts(chunks, amount.fiscal_year)
    if len(counts) != 1:
        return None
    value, (chunk, sentence) = next(iter(counts.items()))
    staff = sentence_fact(chunk, "employees", value, (None, Decimal(1)), sentence, "", (None, None, None))
    extra.setdefault(chunk.chunk_id, chunk)
    label = f"{item.printed} ({amount.fiscal_year})"
    operands = [
        Operand(label, amount.value * amount.scale, None, Decimal(1), cite(amount)),  # in dollars: per head
        Operand("employees", staff.value, None, Decimal(1), cite(staff)),
    ]
    prep.snippets[operands[1].citation] = sentence  # the headcount's own sentence
    try:
        calc = compute(_PER_EMPLOYEE, operands, places=asked.places, lang="en")
    except AnswerError:
        return None
    facts_used = [amount, staff]
    return NumericAnswer(calc_text(calc, operands, "en"), facts_used, calc, [f.fact_id for f in facts_used])
