"""The share of a filer's staff working at home or abroad ("what % of 3M's workforce was outside the US at the
end of 2018?"), worked out from the one sentence of the human-capital section that states both counts: "the
Company employed 93,516 people (full-time equivalents), with 37,412 employed in the United States and 56,104
employed internationally", "5,477 full-time employees worldwide with 662 full-time employees outside the US".
Only a count printed for the side asked answers (never the total less the other side's, a number no page
prints); the filing is searched whole, as the section is seldom retrieved; two sentences giving different
counts answer nothing."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, citer
from finrag.answer.formulas import FORMULAS
from finrag.answer.numeric import NumericAnswer
from finrag.answer.per_employee import SEARCHED_CHUNKS, STAFF
from finrag.answer.prepared import Prepared
from finrag.answer.prose_facts import sentence_fact
from finrag.answer.text import split_sentences
from finrag.answer.units import parse_number
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.index.tokenize import analyze as tokens_of
from finrag.model import Chunk, ChunkKind, Filters, Hit

_SHARE_ASKED = re.compile(r"%|\bpercent(?:age)?\b|\bshare\b|\bproportion\b|\bportion\b|\bfraction\b", re.I)
_US = r"the\s+(?:US|U\.S\.|United\s+States)"
_ABROAD = rf"outside\s+(?:of\s+)?{_US}|international(?:ly)?|non-U\.S\.|abroad|overseas"
_HOME = rf"in\s+{_US}\b|U\.S\.-based|based\s+in\s+{_US}"
_SIDES = {"abroad": re.compile(_ABROAD, re.I), "home": re.compile(_HOME, re.I)}
_NAMES = {"abroad": "employees outside the U.S.", "home": "employees in the U.S."}
# "93,516", "662": a head count's digits (never a year)
_COUNT = re.compile(r"(?<![\d.,$])(?!(?:19|20)\d{2}\b)(?:\d{1,3}(?:,\d{3})+|\d+)(?![\d,]|\.\d)")
_TOTAL_WORDS = re.compile(
    r"\b(?:employees|people|associates|team members|worldwide|globally|in total)\b", re.I
)
_WINDOW = 80  # what a count's words are read in: up to the next count, at most this many characters


def _side_asked(question: str) -> str | None:
    """"abroad" or "home" for the side of the staff a share question asks, else None."""
    if not (STAFF.search(question) and _SHARE_ASKED.search(question)):
        return None
    return next((side for side, p in _SIDES.items() if p.search(question)), None)  # "outside the US" first


def _counts(sentence: str) -> dict[str, Decimal]:
    """The sentence's head counts by side ("total", "abroad", "home"), each side's first."""
    found: dict[str, Decimal] = {}
    matches = list(_COUNT.finditer(sentence))
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(sentence)
        words = sentence[m.end() : min(end, m.end() + _WINDOW)]
        side = next((s for s, p in _SIDES.items() if p.search(words)), None)
        side = side or ("total" if _TOTAL_WORDS.search(words) else None)
        parsed = parse_number(m.group(0))
        if side is not None and parsed is not None:
            found.setdefault(side, parsed.value)
    return found


def _stated(chunks: list[Chunk], side: str, year: int | None) -> set[tuple[Decimal, Decimal, str, str]]:
    """(part, total, chunk id, sentence) of every sentence stating both counts, those naming the year asked
    when any does."""
    found: dict[tuple[Decimal, Decimal], tuple[str, str, bool]] = {}
    for chunk in chunks:
        if chunk.kind != ChunkKind.TEXT:
            continue
        for sentence in split_sentences(chunk.text.replace("\n", " ")):
            if not STAFF.search(sentence):
                continue
            counts = _counts(sentence)
            if side in counts and "total" in counts and counts[side] < counts["total"]:
                dated = year is not None and str(year) in sentence
                found.setdefault((counts[side], counts["total"]), (chunk.chunk_id, sentence, dated))
    if any(d for _, _, d in found.values()):
        found = {k: v for k, v in found.items() if v[2]}
    return {(part, total, cid, said) for (part, total), (cid, said, _) in found.items()}


def headcount_share_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The share of the staff on the side asked (see the module), else None."""
    asked = prep.asked
    side = _side_asked(asked.question) if asked.language == "en" else None
    if side is None or len(asked.years) > 1:
        return None
    doc_rank = asked_doc_ranks(store, prep, hits, fallback=False)
    if not doc_rank:
        return None
    doc_id = min(doc_rank, key=lambda d: doc_rank[d])
    scope = Filters(access=prep.request.filters.access, doc_ids=[doc_id])
    chunks = [c for _, c in prep.context if c.doc_id == doc_id]
    searched = store.keyword_search(tokens_of("employees employed people workforce"), SEARCHED_CHUNKS, scope)
    chunks += [s.chunk for s in searched]
    stated = _stated(chunks, side, asked.years[0] if asked.years else None)
    if len({(part, total) for part, total, _, _ in stated}) != 1:
        return None
    part, total, chunk_id, sentence = next(iter(stated))
    chunk = next(c for c in chunks if c.chunk_id == chunk_id)
    by_chunk = {c.chunk_id: n for n, c in prep.context}
    cite = citer(prep, by_chunk, {chunk.chunk_id: chunk})
    unit = (None, Decimal(1))
    facts = [
        sentence_fact(chunk, _NAMES[side], part, unit, f"{sentence}:{side}", "", (None, None, None)),
        sentence_fact(chunk, "employees", total, unit, f"{sentence}:total", "", (None, None, None)),
    ]
    operands = [Operand(f.line_item, f.value, None, Decimal(1), cite(f)) for f in facts]
    prep.snippets[operands[0].citation] = sentence  # the sentence stating both counts
    try:
        calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang="en")
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, "en"), facts, calc, [f.fact_id for f in facts])
