"""A share an English sentence states both sides of: "The total final purchase price for Neolane was $616.7
million of which $515.2 million was allocated to goodwill". Asked "what share of the total final purchase
price Adobe paid for Neolane was allocated to goodwill", the answer is the second amount over the first,
both cited to the sentence. Only when the sentence names the whole ("purchase price") before its amount, the
question names the part ("goodwill", "MGM China" of "capital expenditures of $271 million, of which $108
million related to MGM China"), and the sentence names the acquired business the question names (a note tells
the same of every acquisition); of several such sentences, those naming the year asked; two that still
disagree answer nothing."""

from __future__ import annotations

import re
from decimal import Decimal

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import citer
from finrag.answer.formulas import FORMULAS
from finrag.answer.numeric import NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.prose_facts import sentence_fact
from finrag.answer.text import split_sentences
from finrag.answer.units import SCALE_WORD, parse_number
from finrag.errors import AnswerError
from finrag.model import Chunk, ChunkKind, Fact

# a dollar amount in named groups ("{0}", "{0}_scale"): "$616.7 million"
NAMED_AMOUNT = r"\$\s?(?P<{0}>\d[\d,]*(?:\.\d+)?)\s*(?P<{0}_scale>million|billion|thousand)?"
# "$616.7 million of which $515.2 million was allocated to goodwill"
_OF_WHICH = re.compile(
    NAMED_AMOUNT.format("whole")
    + r",?\s+of\s+which\s+(?:approximately\s+)?"
    + NAMED_AMOUNT.format("part")
    + r"\s+(?:(?:was|were)\s+)?(?:allocated|attributed|assigned|related|attributable)\s+to\s+"
    + r"(?P<to>(?-i:[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*)|[a-z][\w-]*)",  # "MGM China", "goodwill"
    re.I,
)


def _named(part: str, question: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", question, re.I) is not None


def _acquired(prep: Prepared) -> list[str]:
    """The names the question writes besides the filer's ("Neolane" of "Adobe paid for Neolane")."""
    asked = prep.asked
    filer = [c.lower() for c in asked.companies]
    return [e for e in asked.entities if not any(e.lower() in c or c in e.lower() for c in filer)]


def amount_fact(chunk: Chunk, name: str, number: str, scale_word: str | None, key: object) -> Fact | None:
    """An undated dollar amount one of ``chunk``'s sentences states ("$616.7 million"), named ``name``;
    ``key`` tells it from the chunk's other amounts."""
    if (parsed := parse_number(number)) is None:
        return None
    word = (scale_word or "").lower()
    unit = (word or None, SCALE_WORD.get(word, Decimal(1)))
    return sentence_fact(chunk, name, parsed.value, unit, f"{key}:{name}", "", (None, None, None))


def prose_share(prep: Prepared, whole: str) -> NumericAnswer | None:
    """The part's share of ``whole`` (the question's phrase: "total final purchase price") one sentence of
    the context states (see the module)."""
    head = whole.split()[-1]
    names = _acquired(prep)
    found: dict[tuple[str, str], tuple[int, Chunk, re.Match[str]]] = {}
    sentences: dict[tuple[str, str], str] = {}  # the sentence each was read off
    for n, chunk in prep.context:
        if chunk.kind != ChunkKind.TEXT:
            continue
        for sentence in split_sentences(chunk.text.replace("\n", " ")):  # a paragraph wrapped over lines
            m = _OF_WHICH.search(sentence)
            if (
                m is None
                or not _named(m["to"], prep.asked.question)
                or not _named(head, sentence[: m.start()])
            ):
                continue
            if names and not any(name in sentence for name in names):
                continue
            found.setdefault((m["whole"], m["part"]), (n, chunk, m))
            sentences.setdefault((m["whole"], m["part"]), sentence)
    # "In 2020, we made capital expenditures of $271 million, of which …": the sentence of the year asked
    asked_years = [str(y) for y in prep.asked.years]
    dated = {k: v for k, v in found.items() if any(y in sentences[k] for y in asked_years)}
    found = dated or found
    if len(found) != 1:
        return None
    n, chunk, m = next(iter(found.values()))
    at = chunk.text.find(m.group(0))
    whole_fact = amount_fact(chunk, whole, m["whole"], m["whole_scale"], at)
    part_fact = amount_fact(chunk, m["to"], m["part"], m["part_scale"], at + 1)
    if whole_fact is None or part_fact is None:
        return None
    cite = citer(prep, {chunk.chunk_id: n}, {})
    facts = [part_fact, whole_fact]
    operands = [Operand(f.line_item, f.value, f.unit, f.scale, cite(f)) for f in facts]
    try:
        calc = compute(FORMULAS["share_of_total"], operands, places=prep.asked.places, lang="en")
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, "en"), facts, calc, [f.fact_id for f in facts])
