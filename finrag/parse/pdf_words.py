"""Repair of words that pdfium split before their last letter ("Incom e", "Shee t", "increase d").

Some filings typeset headings with tight word spacing and kern one glyph apart: the gap before the
last letter then measures like a real word space, so no gap threshold can tell them apart. The
document itself can: a fragment joined with a lone trailing letter that forms a word printed elsewhere
in the same document is one word. Nothing outside the document (no dictionary) is consulted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from finrag.parse.clean import PageLines

# A Latin fragment, one space, one lower-case letter ending the word.
_SPLIT = re.compile(r"(?<![A-Za-z])([A-Za-z]{2,}) ([a-z])(?![A-Za-z])")
_WORD = re.compile(r"[A-Za-z]{3,}")
# Letters that are English words by themselves: joined only after a fragment of 3+ letters that is
# not itself a word of the document ("Chin a" -> "China", never "is a" -> "isa").
_WORD_LETTERS = frozenset("ai")


def rejoin_split_words(pages: Sequence[PageLines]) -> int:
    """Join ``fragment + letter`` pairs whose joined form the document prints as a word; returns the count."""
    segments = [s for p in pages for ln in p.lines for s in ln.segments]
    vocab: Counter[str] = Counter()
    for seg in segments:
        vocab.update(w.lower() for w in _WORD.findall(seg.text))
        vocab.subtract(m.group(1).lower() for m in _SPLIT.finditer(seg.text))  # fragments are no words
    joined = 0
    for seg in segments:
        if " " not in seg.text:
            continue
        cuts: list[int] = []
        for m in _SPLIT.finditer(seg.text):
            left, letter = m.group(1), m.group(2)
            if vocab[(left + letter).lower()] <= 0:
                continue
            if letter in _WORD_LETTERS and (len(left) < 3 or vocab[left.lower()] > 0):
                continue
            cuts.append(m.start(2) - 1)  # the space before the letter
        for cut in reversed(cuts):
            seg.text = seg.text[:cut] + seg.text[cut + 1 :]
            if cut < len(seg.xs):
                del seg.xs[cut]
        joined += len(cuts)
    return joined
