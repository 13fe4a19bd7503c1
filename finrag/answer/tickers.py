"""Tickers a terse question opens with ("msft stock-based comp growth", "amzn north america segment op
income"): a name of the company the index matched, never a kind of the item."""

from __future__ import annotations

import re

from finrag.answer.lexicon import find_line_items
from finrag.retrieve.entities import PERIOD_NEXT, lowercase_writer
from finrag.retrieve.shorthand import spelled_out

_TICKER_LIKE = re.compile(r"[a-z]{2,5}")


def leading_ticker(text: str, companies: list[str]) -> list[str]:
    """The ticker a terse question opens with ("mmm 2016 SG&A"), as a name of the company."""
    first = text.split()[0] if text.split() else ""
    return [first] if opening_ticker(first, text, companies) else []


def opening_ticker(kind: str, text: str, companies: list[str]) -> bool:
    """ "msft stock-based comp growth": a question typed tersely opens with the ticker the company index
    matched, no kind of the item."""
    return bool(companies) and bool(_TICKER_LIKE.fullmatch(kind)) and text.lower().startswith(f"{kind} ")


def without_ticker(kind: str, text: str, companies: list[str]) -> str:
    """A kind without the ticker a terse question opens with ("amzn north america segment": North America's),
    "" when the ticker is all of it."""
    first, _, rest = kind.partition(" ")
    return rest if opening_ticker(first, text, companies) else kind


_OPENING_TOKEN = re.compile(r"\s*([a-z]{3,5})(?=\s)")


def unknown_ticker(text: str) -> list[str]:
    """The ticker a question typed in lower case opens with, a period after it ("intc 3q15 diluted eps?"),
    when no company matched it and it is no word of the lexicon: the company asked about, filing nothing
    here."""
    m = _OPENING_TOKEN.match(text)
    if m is None or not PERIOD_NEXT.match(text, m.end()) or not lowercase_writer(text):
        return []
    token = m.group(1)
    return [] if find_line_items(spelled_out(token)) or token in _NOT_TICKERS else [token]


_NOT_TICKERS = frozenset({"what", "how", "was", "were", "did", "does", "total", "net", "the"})
