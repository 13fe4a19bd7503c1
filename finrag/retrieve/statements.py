"""Financial statements named in a question, and chunks that *are* those statements.

Questions often say which statement holds the answer ("... as shown in the cash flow statement",
"according to the balance sheet", "合并利润表中的营业收入"). Filings title the statement in many ways
("CONSOLIDATED STATEMENTS OF OPERATIONS", "Consolidated Statements of Income", "statement of financial
position", "合并资产负债表"), so each statement type lists the phrases a question uses and the title
patterns a document prints. The retriever uses them twice: a focus list over table chunks of the named
statement — or the one a question's concept implies (sections.py: an effective tax rate, a margin) — with
the chunks that are that statement put first (:func:`statement_first`, steps.py), and the ``statement``
reranking feature (features.py). Nothing here is keyed to a
company or a document: these are the standard statement names of US GAAP / IFRS / Chinese CAS reports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.model import ScoredChunk


@dataclass(frozen=True, slots=True)
class Statement:
    key: str
    asked: re.Pattern[str]  # how a question names it
    titled: re.Pattern[str]  # how a report titles it (section path / table caption / chunk head)
    query: str  # words added to the statement focus query (what its title usually says)


def _re(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts), re.I)


STATEMENTS: tuple[Statement, ...] = (
    Statement(
        "income",
        _re(
            r"\bincome statements?\b", r"\bstatements? of (?:consolidated )?(?:income|operations|earnings)\b",
            r"\bp\s*&\s*l\b", r"\bprofit and loss\b", r"\bstatements? of profit or loss\b",
            r"利润表", r"损益表",
        ),
        _re(
            r"statements? of (?:consolidated )?(?:income|operations|earnings)\b(?! and comprehensive)",
            r"statements? of (?:income|operations|earnings) and comprehensive",
            r"\bincome statements?\b", r"statements? of profit or loss", r"profit and loss",
            r"利润表", r"损益表",
        ),
        "consolidated statements of operations income earnings",
    ),
    Statement(
        "balance",
        _re(
            r"\bbalance sheets?\b",
            r"\bstatements? of (?:consolidated )?financial (?:position|condition)\b",
            r"资产负债表",
        ),
        _re(r"balance sheets?", r"statements? of (?:consolidated )?financial (?:position|condition)",
            "资产负债表"),
        "consolidated balance sheets",
    ),
    Statement(
        "cash_flow",
        _re(r"\bcash ?flows? statements?\b", r"\bstatements? of (?:consolidated )?cash ?flows?\b",
            "现金流量表"),
        _re(r"statements? of (?:consolidated )?cash ?flows?", r"cash ?flows? statements?", r"现金流量表"),
        "consolidated statements of cash flows",
    ),
    Statement(
        "equity",
        _re(
            r"\bstatements? of (?:changes in )?(?:shareholders'?|stockholders'?|owners'?)? ?equity\b",
            r"\bequity statements?\b", r"所有者权益变动表", r"股东权益变动表",
        ),
        _re(
            r"statements? of (?:changes in )?(?:shareholders'?|stockholders'?|owners'?)? ?equity",
            r"所有者权益变动表", r"股东权益变动表",
        ),
        "consolidated statements of shareholders equity",
    ),
)
HEAD_LINES = 3  # a statement's title is printed in the first lines of its chunk (after the heading path)
TITLE_MAX_CHARS = 160  # longer lines are running text that merely mentions a statement, not its title


def named_statements(question: str) -> list[Statement]:
    """Statement types the question names, in table order."""
    return [s for s in STATEMENTS if s.asked.search(question)]


def shows_statement(section_path: list[str], text: str, statements: list[Statement]) -> bool:
    """The chunk is (part of) one of ``statements``: its nearest heading or its first lines title it."""
    if not statements:
        return False
    lines = [ln for ln in text.split("\n", HEAD_LINES)[:HEAD_LINES] if len(ln) <= TITLE_MAX_CHARS]
    near = "\n".join([*section_path[-1:], *lines])
    return any(s.titled.search(near) for s in statements)


def statement_first(items: list[ScoredChunk], statements: list[Statement]) -> list[ScoredChunk]:
    """A statement focus list with the chunks that *are* one of ``statements`` moved to the front (both
    parts keep their order). That list searches a filing's tables with the question plus the statement's
    title words, and a long filing has many note and MD&A tables sharing the question's words: the
    statement itself otherwise lands mid-list (the income statement 16th of a 10-K's tables for "gross
    margin profile") and out of the fused pool the ranker chooses from."""
    if not statements:
        return items
    own = [s for s in items if shows_statement(s.chunk.section_path, s.chunk.text, statements)]
    if not own:
        return items
    ids = {s.chunk.chunk_id for s in own}
    return own + [s for s in items if s.chunk.chunk_id not in ids]
