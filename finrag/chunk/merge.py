"""Sentence splitting and greedy packing of sentences into token-budgeted chunks (``naive_merge``).

A chunk never ends inside a sentence: text is cut at sentence delimiters (。！？；!?; and newlines, plus
an English full stop followed by a capital). A sentence larger than the budget is cut at the next-best
boundary (clause: ，,、：: then whitespace) and only as a last resort between characters.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from finrag.index.tokenize import count_tokens


@dataclass(slots=True)
class Piece:
    """A sentence (or part of an oversized one) with where it came from."""

    text: str
    start: int  # offset into the document's concatenated block text
    end: int
    page: int
    block: int = -1  # index of the source block (-1 when unknown); a new block starts a new line
    line_end: bool = False  # a line break follows this piece in the source text


Measure = Callable[[str], int]  # size of a text: analyzer tokens (default) or characters (len)


# Sentence ends: CJK/ASCII terminators and newlines; an English "." only before whitespace + capital/quote.
_SENTENCE_END = re.compile(r"[。！？；!?;]+[”’\"')）]*|\n+|(?<=[a-z0-9)%\"”])\.(?=\s+[A-Z“\"(])")
_CLAUSE_END = re.compile(r"[，,、：:]+")
_SPACE = re.compile(r"\s+")
# Words whose trailing full stop does not end a sentence (checked before an English "." split).
_ABBREVIATIONS = frozenset(
    {"inc", "co", "corp", "ltd", "no", "mr", "mrs", "ms", "dr", "vs", "st", "jr", "u.s"}
)


def split_sentences(text: str, start: int = 0, page: int = 1, *, newlines: bool = True) -> list[Piece]:
    """Split ``text`` into sentence pieces (whitespace-only pieces dropped, offsets kept exact).

    ``newlines=False`` is for wrapped lines of one paragraph: line breaks are not sentence ends and are
    removed from the piece text (between CJK characters) or turned into spaces."""
    pieces: list[Piece] = []
    pos = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group().startswith(".") and _is_abbreviation(text, m.start()):
            continue
        if not newlines and m.group().startswith("\n"):
            continue
        count = len(pieces)
        _append(pieces, text, pos, m.end(), start, page)
        if len(pieces) > count and "\n" in text[m.start() : m.end() + 1]:
            pieces[-1].line_end = True
        pos = m.end()
    _append(pieces, text, pos, len(text), start, page)
    if not newlines:
        for p in pieces:
            p.text = unwrap(p.text)
    return pieces


_WRAP = re.compile(r"\s*\n\s*")


def unwrap(text: str) -> str:
    """Join wrapped lines: nothing between CJK characters, one space between Latin words."""
    if "\n" not in text:
        return text
    out: list[str] = []
    pos = 0
    for m in _WRAP.finditer(text):
        left, right = text[pos : m.start()], text[m.end() :]
        out.append(left)
        out.append(_joiner(left[-1:] or " ", right[:1] or " ") if left and right else "")
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def _is_abbreviation(text: str, dot: int) -> bool:
    word = re.search(r"[A-Za-z.]+$", text[:dot])
    return word is not None and word.group().lower() in _ABBREVIATIONS


def _append(pieces: list[Piece], text: str, lo: int, hi: int, start: int, page: int) -> None:
    seg = text[lo:hi]
    stripped = seg.strip()
    if not stripped:
        return
    lead = len(seg) - len(seg.lstrip())
    pieces.append(Piece(stripped, start + lo + lead, start + lo + lead + len(stripped), page))


def fit_piece(piece: Piece, max_tokens: int, measure: Measure = count_tokens) -> list[Piece]:
    """Cut an oversized piece at clause boundaries, then whitespace, then characters."""
    if measure(piece.text) <= max_tokens:
        return [piece]
    for pattern in (_CLAUSE_END, _SPACE):
        parts = _cut(piece, pattern)
        if len(parts) > 1:
            packed = _pack_parts(parts, max_tokens, measure)
            return [p for part in packed for p in fit_piece(part, max_tokens, measure)]
    return _hard_cut(piece, max_tokens, measure)


def _cut(piece: Piece, pattern: re.Pattern[str]) -> list[Piece]:
    parts: list[Piece] = []
    pos = 0
    for m in pattern.finditer(piece.text):
        _append(parts, piece.text, pos, m.end(), piece.start, piece.page)
        pos = m.end()
    _append(parts, piece.text, pos, len(piece.text), piece.start, piece.page)
    for part in parts:
        part.block = piece.block
    return parts


def _pack_parts(parts: list[Piece], max_tokens: int, measure: Measure) -> list[Piece]:
    """Re-join neighbouring clause parts greedily so that clauses are not needlessly isolated.

    Each group's end is found by doubling then bisecting (O(log n) measurements per group) on slices of the
    whole joined text: adding parts one at a time re-measured the growing text per part, which took many
    minutes on a 5 MB single line."""
    if not parts:
        return []
    pieces, starts = [parts[0].text], [0]
    for prev, part in itertools.pairwise(parts):
        pieces.append(_joiner(prev.text, part.text))
        starts.append(starts[-1] + len(pieces[-2]) + len(pieces[-1]))
        pieces.append(part.text)
    whole = "".join(pieces)

    def joined(i: int, j: int) -> str:  # parts[i:j] joined
        return whole[starts[i] : starts[j - 1] + len(parts[j - 1].text)]

    out: list[Piece] = []
    i, n = 0, len(parts)
    while i < n:
        fits, step, beyond = i + 1, 1, n + 1  # parts[i:fits] fits (one part always does)
        while fits + step <= n:
            if measure(joined(i, fits + step)) > max_tokens:
                beyond = fits + step
                break
            fits += step
            step *= 2
        while beyond - fits > 1:
            mid = (fits + beyond) // 2
            if mid > n or measure(joined(i, mid)) > max_tokens:
                beyond = mid
            else:
                fits = mid
        first, last = parts[i], parts[fits - 1]
        merged = Piece(joined(i, fits), first.start, last.end, first.page, last.block)
        out.append(first if fits == i + 1 else merged)
        i = fits
    return out


def _hard_cut(piece: Piece, max_tokens: int, measure: Measure) -> list[Piece]:
    out: list[Piece] = []
    text, lo = piece.text, 0
    while lo < len(text):
        hi = lo + 1
        step = max(1, max_tokens // 2)
        while hi < len(text) and measure(text[lo : hi + step]) <= max_tokens:
            hi += step
        while hi < len(text) and measure(text[lo : hi + 1]) <= max_tokens:
            hi += 1
        out.append(Piece(text[lo:hi], piece.start + lo, piece.start + hi, piece.page, piece.block))
        lo = hi
    return out


def _joiner(left: str, right: str) -> str:
    """No space between CJK text; one space between Latin words."""
    if not left or not right:
        return ""
    return "" if _is_cjk(left[-1]) or _is_cjk(right[0]) else " "


def _is_cjk(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef"


def join_pieces(pieces: Sequence[Piece]) -> str:
    """Text of consecutive pieces; a newline where they come from different source lines/blocks."""
    parts: list[str] = []
    prev: Piece | None = None
    for p in pieces:
        if prev is not None:
            same_line = p.block == prev.block and p.start <= prev.end + 1 and not prev.line_end
            parts.append(_joiner(prev.text, p.text) if same_line else "\n")
        parts.append(p.text)
        prev = p
    return "".join(parts)


def naive_merge(
    pieces: Sequence[Piece], max_tokens: int, overlap: float = 0.0, measure: Measure = count_tokens
) -> list[list[Piece]]:
    """Pack sentence pieces greedily into groups of at most ``max_tokens`` tokens.

    ``overlap`` (0..0.5) is the share of the budget that the next group repeats from the end of the
    previous one, in whole sentences. Pieces over the budget are first cut with :func:`fit_piece`.
    """
    budget = max(1, max_tokens)
    overlap_tokens = int(budget * max(0.0, min(overlap, 0.5)))
    fitted = [p for piece in pieces for p in fit_piece(piece, budget, measure)]
    groups: list[list[Piece]] = []
    current: list[Piece] = []
    sizes: list[int] = []
    fresh = 0  # pieces in ``current`` that are not overlap carried from the previous group
    for piece in fitted:
        size = measure(piece.text)
        if current and fresh and sum(sizes) + size > budget:
            groups.append(current)
            current, sizes = _tail(current, sizes, overlap_tokens, budget - size)
            fresh = 0
        current.append(piece)
        sizes.append(size)
        fresh += 1
    if current and fresh:
        groups.append(current)
    return groups


def _tail(
    pieces: list[Piece], sizes: list[int], overlap_tokens: int, room: int
) -> tuple[list[Piece], list[int]]:
    """The trailing whole sentences of a group that fit the overlap share and the room left."""
    limit = min(overlap_tokens, room)
    total, k = 0, len(pieces)
    while k > 0 and total + sizes[k - 1] <= limit:
        total += sizes[k - 1]
        k -= 1
    if k == 0:  # never carry a whole group over: the next group must make progress
        k = 1
        total = sum(sizes[1:])
    return pieces[k:], sizes[k:]


def merge_text(text: str, max_tokens: int, overlap: float = 0.0) -> list[str]:
    """Convenience: split ``text`` into sentence-aligned chunk texts."""
    return [join_pieces(g) for g in naive_merge(split_sentences(text), max_tokens, overlap)]
