"""A share an English sentence states both sides of: "The total final purchase price for Neolane was $616.7
million of which $515.2 million was allocated to goodwill". Asked "what share of the total final purchase
price Adobe paid for Neolane was allocated to goodwill", the answer is the second amount over the first,
both cited to the sentence. Only when the sentence names the whole ("purchase price") before its amount, the
question names the part ("goodwill"), and the sentence names the acquired business the question names (a
note tells the same of every acquisition); two such sentences that disagree answer nothing."""

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

_AMOUNT = r"\$\s?(?P<{0}>\d[\d,]*(?:\.\d+)?)\s*(?P<{0}_scale>million|billion|thousand)?"
# "$616.7 million of which $515.2 million was allocated to goodwill"
_OF_WHICH = re.compile(
    _AMOUNT.format("whole")
    + r",?\s+of\s+which\s+(?:approximately\s+)?"
    + _AMOUNT.format("part")
    + r"\s+(?:was|were)\s+(?:allocated|attributed|assigned)\s+to\s+(?P<to>[a-z][\w-]*)",
    re.I,
)


def _named(part: str, question: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", question, re.I) is not None


def _acquired(prep: Prepared) -> list[str]:
    """The names the question writes besides the filer's ("Neolane" of "Adobe paid for Neolane")."""
    asked = prep.asked
    filer = [c.lower() for c in asked.companies]
    return [e for e in asked.entities if not any(e.lower() in c or c in e.lower() for c in filer)]


def _fact(chunk: Chunk, name: str, number: str, scale_word: str | None, at: int) -> Fact | None:
    if (parsed := parse_number(number)) is None:
        return None
    word = (scale_word or "").lower()
    unit = (word or None, SCALE_WORD.get(word, Decimal(1)))
    return sentence_fact(chunk, name, parsed.value, unit, f"{at}:{name}", "", (None, None, None))


def prose_share(prep: Prepared, whole: str) -> NumericAnswer | None:
    """The part's share of ``whole`` (the question's phrase: "total final purchase price") one sentence of
    the context states (see the module)."""
    head = whole.split()[-1]
    names = _acquired(prep)
    found: dict[tuple[str, str], tuple[int, Chunk, re.Match[str]]] = {}
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
    if len(found) != 1:
        return None
    n, chunk, m = next(iter(found.values()))
    at = chunk.text.find(m.group(0))
    whole_fact = _fact(chunk, whole, m["whole"], m["whole_scale"], at)
    part_fact = _fact(chunk, m["to"], m["part"], m["part_scale"], at + 1)
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
