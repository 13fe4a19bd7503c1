"""Which of the facts read the question's wording selects: the rows of the Chinese note it names, what was
charged rather than still owed, and a segment table's rows only for a segment it names."""

from __future__ import annotations

import re

from finrag.answer.lexicon import concept_of
from finrag.answer.text import HEADING_NUMBER
from finrag.model import Chunk, Fact


def noted_in_question(facts: list[Fact], question: str, asked: frozenset[str] = frozenset()) -> list[Fact]:
    """The rows of the Chinese note of a line item the question names ("管理费用中的折旧及摊销费": note
    "64、管理费用", not 销售费用's row of the same name; "税金及附加明细中，房产税": not 应交税费's
    房产税), when any fact is of such a note (a sub-note's title such as "按账龄披露" names no item) that
    is not an item ``asked`` itself (its concepts)."""
    kept = [f for f in facts if _noted_item(f.statement, question, asked)]
    return kept or facts


# a note of what is still owed ("应交税费": 城市维护建设税 830.74 at the year end), and the words asking it
_OWED_NOTE = re.compile(r"应交税费|应付")
_OWED_ASKED = re.compile(r"应交|应付|欠|余额|期末|期初|年末|年初|尚未")


def charged_not_owed(facts: list[Fact], question: str) -> list[Fact]:
    """A tax or cost asked for a year ("四方19年城建税多少") is what was charged (the 税金及附加 note's
    城市维护建设税), not what was still owed at the year end (应交税费's row of the same name), unless the
    question asks a balance or what is owed; an item only the owed note prints keeps its rows."""
    if _OWED_ASKED.search(question):
        return facts
    owed = [f for f in facts if _OWED_NOTE.search(f.statement) and not _OWED_NOTE.search(f.line_item)]
    charged = {f.line_item_norm for f in facts if f not in owed}
    return [f for f in facts if f not in owed or f.line_item_norm not in charged]


def _noted_item(statement: str, question: str, asked: frozenset[str]) -> bool:
    title = HEADING_NUMBER.sub("", statement).strip()
    concept = concept_of(title) if not title.isascii() and title in question else None
    return concept is not None and concept not in asked


# a table of the company's parts ("Net Revenues by Segment", "分部信息"); the whole's own headings
_SEGMENT_TABLE = re.compile(r"\bsegments?\b|分部", re.I)
_WHOLE_HEADING = re.compile(r"\bconsolidated\b|\btotal\b|\bcompany\b|合并|合计|总计", re.I)


def unnamed_segments(facts: list[Fact], question: str) -> list[Fact]:
    """Without its segment named, a segment table's rows under a segment's heading ("Casino revenue" under
    "Las Vegas Strip Resorts" in "Net Revenues by Segment") are that segment's figures, not the company's;
    a heading that names an item ("Net sales:") or the whole ("Consolidated") keeps its rows."""
    low = question.lower()
    return [
        f
        for f in facts
        if not (
            f.section
            and _SEGMENT_TABLE.search(f.statement)
            and concept_of(f.section) is None
            and not _WHOLE_HEADING.search(f.section)
            and not _named(f.section.lower(), low)
        )
    ]


def _named(heading: str, question: str) -> bool:
    """The question names the heading: its words, most of them ("MGM China", not the "MGM" of "MGM's")."""
    words = _HEADING_WORD.findall(heading)
    return heading in question or (bool(words) and 2 * sum(w in question for w in words) > len(words))


_HEADING_WORD = re.compile(r"[a-z][a-z&.'-]{2,}")


def placed_facts(
    facts: list[Fact], names: list[str], question: str, chunk_of: dict[str, Chunk]
) -> list[Fact]:
    """With a part and a place both named as the figure's owners ("Aeronautics segment net sales to customers
    in Japan"), the facts whose row, table or chunk prints the place: the part's total is not its sales
    there. Unchanged when no place is named beside another owner."""
    places = [
        n for n in names if re.search(rf"\b(?:in|from)\s+(?:the\s+)?{re.escape(n)}\b(?!['’])", question)
    ]
    if not places or len(names) < MIN_OWNERS_WITH_PLACE:
        return facts

    def prints(f: Fact, place: str, row: bool) -> bool:
        chunk = chunk_of.get(f.chunk_id)
        where = [f.line_item, f.section]
        where += [] if row else [f.statement, chunk.text if chunk else ""]
        return place.lower() in " ".join(where).lower()

    # the place's own row ("Asia Pacific" under "Aeronautics") over a table that names it beside the total
    rows = [f for f in facts if all(prints(f, p, True) for p in places)]
    return rows or [f for f in facts if all(prints(f, p, False) for p in places)]


MIN_OWNERS_WITH_PLACE = 2  # a place alone ("net sales in Japan") is read by the owner check itself
