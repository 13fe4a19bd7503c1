"""A change one English sentence states both ends of: "we announced an increase in our regular quarterly
dividend from $0.88 per share to $0.92 per share". Asked by what percent (or by how much) the item rose or
fell, the answer is worked out from the two amounts, both cited to the sentence: only when the sentence names
the item asked before its "from", and no other sentence of the context states another pair of ends for it."""

from __future__ import annotations

import re

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import citer
from finrag.answer.numeric import NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.prose_share import NAMED_AMOUNT, amount_fact
from finrag.answer.text import CJK, split_sentences, stem_words
from finrag.errors import AnswerError
from finrag.model import Chunk, ChunkKind

_FROM_TO = re.compile(
    rf"\bfrom\s+{NAMED_AMOUNT.format('old')}(?:\s+per\s+share)?\s+to\s+{NAMED_AMOUNT.format('new')}", re.I
)
_CHANGES = ("yoy_growth", "difference")  # a rate, or the amount it changed by


def prose_change(prep: Prepared) -> NumericAnswer | None:
    """The change the context's one "from $A to $B" sentence of the item asked states (see the module)."""
    asked = prep.asked
    formula = asked.formula
    if asked.language != "en" or formula is None or formula.name not in _CHANGES:
        return None
    if len(asked.line_items) != 1:
        return None
    item = asked.line_items[0].printed
    wanted = stem_words(item)
    found: dict[tuple[str, str], tuple[int, Chunk, str, re.Match[str]]] = {}
    for n, chunk in prep.context:
        if chunk.kind != ChunkKind.TEXT or CJK.search(chunk.text):
            continue
        for sentence in split_sentences(chunk.text.replace("\n", " ")):
            m = _FROM_TO.search(sentence)
            if m is not None and wanted and wanted <= stem_words(sentence[: m.start()]):
                found.setdefault((m["old"], m["new"]), (n, chunk, sentence, m))
    if len(found) != 1:
        return None
    n, chunk, sentence, m = next(iter(found.values()))
    new = amount_fact(chunk, f"{item} (after)", m["new"], m["new_scale"], sentence)
    old = amount_fact(chunk, f"{item} (before)", m["old"], m["old_scale"] or m["new_scale"], sentence)
    if new is None or old is None:
        return None
    cite = citer(prep, {chunk.chunk_id: n}, {})
    operands = [Operand(f.line_item, f.value, f.unit, f.scale, cite(f)) for f in (new, old)]
    prep.snippets[n] = sentence
    try:
        calc = compute(formula, operands, places=asked.places, lang="en")
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, "en"), [new, old], calc, [new.fact_id, old.fact_id])
