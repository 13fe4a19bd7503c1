"""Short names a question defines for what it asks ("gross unrecognized tax benefits (UTB)"): the item's own
short name, which a filing's table may print instead of the words ("Gross UTB Balance at December 31"), and
no company's or segment's name."""

from __future__ import annotations

import re
from dataclasses import dataclass

# lower-case words, then capitals in brackets: "unrecognized tax benefits (UTB)", "research and development
# (R&D)"; a segment's name is capitalised ("Missiles and Fire Control (MFC)") and names a part
_DEFINED = re.compile(r"((?:[a-z][a-z-]*,?\s+){1,8})\(([A-Z][A-Z&]{1,7})\)")
_JOINERS = frozenset({"and", "of", "&", "the", "for", "on", "in"})


@dataclass(frozen=True, slots=True)
class Acronym:
    short: str  # "UTB"
    words: str  # "unrecognized tax benefits"
    start: int  # where the words start in the question
    end: int  # just after the closing bracket


def defined_acronyms(question: str) -> list[Acronym]:
    """The short names the question defines in brackets after lower-case words whose initials they are."""
    found: list[Acronym] = []
    for m in _DEFINED.finditer(question):
        letters = m.group(2).replace("&", "")
        words = [w for w in re.finditer(r"[a-z][a-z-]*", m.group(1)) if w.group() not in _JOINERS]
        if len(words) < len(letters):
            continue
        first = words[-len(letters)]
        if "".join(w.group()[0] for w in words[-len(letters) :]).upper() != letters:
            continue
        start = m.start(1) + first.start()
        found.append(Acronym(m.group(2), m.group(1)[first.start() :].strip().rstrip(","), start, m.end()))
    return found


def _prints(text: str, words: str, flags: int = 0) -> bool:
    return re.search(rf"(?<![\w&]){re.escape(words)}(?![\w&])", text, flags) is not None


def _short_printed(a: Acronym, tables: str) -> bool:
    """The tables print the short name (in capitals) and never its words ("Gross UTB Balance")."""
    return _prints(tables, a.short) and not _prints(tables, a.words, re.I)


def printed_short(question: str, tables: str) -> set[str]:
    """The short names the question defines that the tables print in place of their words."""
    return {a.short for a in defined_acronyms(question) if _short_printed(a, tables)}


def with_acronyms(question: str, tables: str) -> str:
    """The question with each short name it defines written in place of its words ("gross UTB balance"),
    where the tables print the short name and never the words; as it is otherwise."""
    for a in reversed(defined_acronyms(question)):
        if _short_printed(a, tables):
            question = question[: a.start] + a.short + question[a.end :]
    return question
