"""Section-aware retrieval: question concepts mapped to the standard parts of filings that answer them.

Qualitative questions rarely share words with the page that answers them ("who are the primary
customers" is answered under "Item 1. Business", "legal battles" under "Legal Proceedings" or the
contingencies note, "is it capital intensive" from the cash-flow statement). A small lexicon
(``finrag/data/sections.toml``, extended by ``retrieve.sections_file``) lists per concept how a question
asks about it and how reports title the part that holds it, plus the statements a ratio of that concept
is computed from (inventory turnover: balance sheet and income statement). The router (route.py) turns
the titles into the words of a ``section`` focus query and the implied statements into ``statement``
focus lists, so those pages enter the candidate pool the ranker chooses from. (As reranking features
they added nothing in company-held-out cross-validation, nor did page-level score aggregation: see
docs/BENCHMARKS.md, retrieval section.)
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from finrag.errors import ConfigError
from finrag.retrieve.statements import STATEMENTS, Statement

LEXICON = "sections.toml"


@dataclass(frozen=True, slots=True)
class Concept:
    name: str
    asked: re.Pattern[str] | None  # how a question asks about it
    titled: re.Pattern[str] | None  # how a report titles the part that holds it (for users' own matching)
    implies: tuple[str, ...] = ()  # statement keys a ratio of this concept is computed from
    words: str = ""  # title words added to a focus query (the plain words of ``titled``)
    no_statements: bool = False  # asks for figures no statement prints (non-GAAP, forecasts): imply none

    def words_in(self, language: str) -> str:
        """The title words written in ``language`` ("zh" or "en"): a report's titles are in its own."""
        return " ".join(w for w in self.words.split() if bool(_CJK.search(w)) == (language == "zh"))


def _pattern(parts: list[str]) -> re.Pattern[str] | None:
    return re.compile("|".join(f"(?:{p})" for p in parts), re.I) if parts else None


_PLAIN = re.compile(r"^[\w &'-]+$")
_CJK = re.compile(r"[\u3400-\u9fff]")


def _parse(text: str, source: str) -> list[Concept]:
    try:
        data = tomllib.loads(text)
        out = []
        for c in data.get("concept", []):
            titled = [str(p) for p in c.get("titled", [])]
            words = " ".join(p for p in titled if _PLAIN.match(p))
            out.append(
                Concept(
                    str(c["name"]),
                    _pattern([str(p) for p in c.get("asked", [])]),
                    _pattern(titled),
                    tuple(str(k) for k in c.get("implies", [])),
                    words,
                    bool(c.get("no_statements", False)),
                )
            )
        return out
    except (tomllib.TOMLDecodeError, KeyError, TypeError, re.error) as err:
        raise ConfigError(f"unreadable section lexicon: {err}", stage="retrieve", file=source) from err


@lru_cache(maxsize=4)
def load_concepts(user_file: str | None = None) -> tuple[Concept, ...]:
    """The shipped lexicon plus the user's file (same format), parsed once."""
    text = resources.files("finrag.data").joinpath(LEXICON).read_text(encoding="utf-8")
    concepts = _parse(text, LEXICON)
    if user_file:
        try:
            concepts += _parse(Path(user_file).read_text(encoding="utf-8"), user_file)
        except OSError as err:
            raise ConfigError(
                f"section lexicon not readable: {err}", stage="retrieve", file=user_file
            ) from err
    return tuple(concepts)


def asked_concepts(question: str, concepts: tuple[Concept, ...]) -> list[Concept]:
    """Concepts the question asks about, in lexicon order."""
    return [c for c in concepts if c.asked is not None and c.asked.search(question)]


def implied_statements(concepts: list[Concept], named: list[Statement]) -> list[Statement]:
    """Statements the asked concepts are computed from, when the question names none itself (a question
    that says which statements to use is taken at its word)."""
    if named:
        return []
    keys = {k for c in concepts for k in c.implies}
    return [s for s in STATEMENTS if s.key in keys]


def answering_statements(
    concepts: list[Concept], named: list[Statement], implied: list[Statement]
) -> list[Statement]:
    """Statements whose own chunks may hold the answer (put first in the statement focus list, marked by
    the ``statement`` feature): the named ones, and the implied ones unless the question asks for a figure
    no statement prints (an adjusted / non-GAAP measure, a forecast: "adjusted EPS expected in FY2023" is
    answered from a release's guidance or reconciliation table, not from its income statement). The
    implied statements' table list is searched either way: its tables hold the inputs."""
    if any(c.no_statements for c in concepts):
        return list(named)
    return [*named, *implied]
