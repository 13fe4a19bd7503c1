"""Names typed in lower case in a terse English question ("costco merchandise inventories in japan at fy21
year end?", "cvs retail/ltc adjusted operating income"): a word the retrieved text never prints in lower case
but prints with capitals inside a sentence or a list ("… in Mexico, Japan, Korea", "the Retail/LTC segment")
is a name (a company, a place, a segment, a product); so are two words it prints with capitals together and
never in lower case together ("new york"). The question is read as its writer would have written it with
capitals, so its names are found as in any other question.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from finrag.answer.lexicon import concept_of
from finrag.model import Chunk

_WORD = re.compile(r"(?<![\w-])[a-z][a-z&/-]*(?![\w-])")
_PAIR = re.compile(r"(?<![\w-])([a-z][a-z&-]*) ([a-z][a-z&-]*)(?![\w-])")
MIN_NAME_CHARS = 3  # a shorter lower-case word ("us", "q2") is a ticker's or a period's, never read as a name


def recased(question: str, language: str, chunks: Sequence[Chunk]) -> str:
    """``question`` with the names it types in lower case written as ``chunks`` print them; as it is when
    it is written with any capital letter (its names are capitalised already) or in Chinese."""
    if language != "en" or any(ch.isupper() for ch in question):
        return question
    text = "\n".join(c.text for c in chunks)

    def pair(m: re.Match[str]) -> str:
        return _printed_form(m.group(), text) or m.group()

    def word(m: re.Match[str]) -> str:
        w = m.group()
        if len(w) < MIN_NAME_CHARS or concept_of(w) is not None:
            return w
        return _printed_form(w, text) or w

    return _WORD.sub(word, _PAIR.sub(pair, question))  # "new york" first, then the words left in lower case


def _printed_form(words: str, text: str) -> str | None:
    """How ``text`` prints ``words`` with capitals inside a sentence or a list: after a lower-case word or a
    comma (not "the", which opens a defined term: "the Buyer") and before a lower-case word or a punctuation
    mark (not a title's "Certain Line Items"); None when it also prints them in lower case."""
    if re.search(rf"(?<![\w/-]){re.escape(words)}(?![\w/-])", text):
        return None
    inside = re.compile(rf"(?<!\bthe)[a-z,] ((?i:{re.escape(words)}))(?=[.,;:)]| [a-z])")
    forms = Counter(m.group(1) for m in inside.finditer(text) if m.group(1) != words)
    return forms.most_common(1)[0][0] if forms else None
