"""The closing balance of a roll-forward table is the item the sentence introducing the table names.

Notes reconcile a balance over the year without a title: "The following table provides a reconciliation of
changes in unrecognized tax benefits for fiscal 2017, 2016 and 2015 ($ in millions):" above rows from
"Balance at beginning of period" to "Balance at end of period". The closing row is that year's balance of
the item ("unrecognized tax benefits" at the end of fiscal 2017); the opening row is the year before's and
keeps its own label.
"""

from __future__ import annotations

import re

INTRO_BLOCKS = 2  # the introducing sentence is the last paragraph above the table, or the one before it
# "a reconciliation of (changes in) X", "the changes in X", "the activity in X", "a rollforward of X"
_INTRO = re.compile(
    r"\b(?:reconciliation|roll-?forward|summary|changes?|activity|movements?)\s+(?:of|in)\s+"
    r"(?:the\s+)?(?:(?:changes?|activity)\s+in\s+)?(?:(?:our|the|its)\s+)?(?:[a-z]+['’]s\s+)?(?:total\s+)?"
    r"(?:(?:carrying\s+)?(?:amount|value)\s+of\s+)?"
    r"(?P<item>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,5}?)"
    r"\s*(?=\b(?:for|during|as\s+of|at|from|was|is|were|by|are)\b|[(:,.]|$)",
    re.I,
)
# a roll-forward's balance rows as a question is answered from them: the opening one ("Balance at beginning of
# year", "Beginning balance", "Balance at January 1") and the closing one ("Balance at End of Period")
OPENING = re.compile(
    r"\bbalances?\s*,?\s+(?:at\s+|as\s+of\s+)?(?:the\s+)?(?:beginning|start)\b|\bbeginning\s+(?:of\s+(?:the\s+)?"
    r"(?:period|year)\s+)?balance\b|\bopening\s+balance\b|\bbalances?\s+at\s+jan(?:uary|\.)?\s+1\b(?!\s*,?\s*\d)",
    re.I,
)
CLOSING = re.compile(
    r"\bbalances?\s*,?\s+(?:at\s+|as\s+of\s+)?(?:the\s+)?end\b|\bending\s+balance\b|\bend\s+of\s+(?:the\s+)?"
    r"(?:period|year)\s+balance\b|\bclosing\s+balance\b|\bbalances?\s+at\s+dec(?:ember|\.)?\s+31\b(?!\s*,?\s*\d)",
    re.I,
)
# the table's last row as ingest names its item (a label opening with it; read when facts are extracted, so
# kept apart from CLOSING, which answers read anywhere in a label)
_CLOSING = re.compile(
    r"(?:balance\s*,?\s+(?:at\s+|as\s+of\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(?:fiscal\s+)?(?:period|year)"
    r"|ending\s+balance|end\s+of\s+(?:period|year)\s+balance)\b",
    re.I,
)


def introduced_item(before: list[str]) -> str | None:
    """The item a roll-forward's introducing sentence names, from the blocks above the table (nearest
    first); None when no sentence there introduces one."""
    for text in before[:INTRO_BLOCKS]:
        sentence = re.split(r"(?<=[.;])\s+", text.strip())[-1]
        if (m := _INTRO.search(sentence)) is not None:
            return m.group("item").strip().lower()
    return None


def is_closing(label: str) -> bool:
    """The row is the table's closing balance ("Balance at end of period", "Ending balance")."""
    return _CLOSING.match(label.strip()) is not None


# "Balance at December 31, 2017" over segment columns: the balance at that day, of the item the table names;
# "Goodwill at January 1, 2023": of the item the label names
_DATED_BALANCE = re.compile(r"^balances?\s*,?\s+(?:at|as\s+of)\s+(?P<date>\S.*\d)\s*$", re.I)
_DATED_ITEM = re.compile(
    r"^(?P<item>[A-Za-z][A-Za-z ,'’&-]{0,40}?)\s*,?\s+(?:at|as\s+of)\s+"
    r"(?P<date>[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d{2})\s*$"
)


def balance_date(label: str, table_item: str | None = None) -> tuple[str, str] | None:
    """The item and the date a balance row's label names ("Goodwill at January 1, 2023"), the item being
    the table's (``table_item``) for a bare "Balance at December 31, 2017"; None for other rows."""
    if (m := _DATED_BALANCE.match(label.strip())) is not None:
        return (table_item, m.group("date")) if table_item else None
    if (m := _DATED_ITEM.match(label.strip())) is not None:
        return m.group("item").strip(" ,").lower(), m.group("date")
    return None
