"""Whose figure a question asks for: a product, segment or subsidiary it names owns the number.

"How much revenue did Pfizer's vaccine Comirnaty generate?" asks for Comirnaty's revenue; the company's total
revenue row is another figure, and quoting it would be a wrong number. A name the question gives that the
retrieved text prints, and that is not the filer itself, must be printed in the chunk a fact comes from.
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.lexicon import LineItemMatch, concept_of, label_matches, normalise, synonyms
from finrag.answer.lookup import SHARE_FORMULAS
from finrag.answer.names import glossed_by
from finrag.answer.periods import MONTHS
from finrag.answer.qualifiers import ZH_FIRM, prints_qualifiers
from finrag.answer.query import AskedFor
from finrag.answer.statement_rows import statement_kind
from finrag.model import Chunk, Fact
from finrag.retrieve.entities import ZH_ABBREVIATION, abbreviates, squash

_TRAIL = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")  # "International (1)": a footnote after the name
_PLURAL = ("s", "es")
JOINED_INITIALS = 2  # "J&J": initials joined by "&" abbreviate a name though shorter than MIN_NAME_CHARS
MIN_NAME_CHARS = 3  # shorter capitalised tokens ("US", "Q2") are not names of what owns a figure


# How filings name themselves ("purchase of Company stock", "the Corporation")
_SELF = frozenset({"company", "corporation", "group", "registrant", "firm", "bank", "partnership"})


def is_filer(name: str, asked: AskedFor, chunks: list[Chunk], aliases: list[str] | None = None) -> bool:
    """``name`` is the company itself: one the question analysis matched, a document's company, file or
    one of ``aliases`` (former names: Block's "Square"), or the word a filing uses for itself."""
    key = squash(name)
    if key in _SELF:
        return True
    owners = [
        *asked.companies,
        *(aliases or []),
        *(c.meta.company or "" for c in chunks),
        *(c.meta.file for c in chunks),
    ]
    joined = "&" in name  # "J&J", "P&G": two initials joined by "&" are a name
    if any(
        key in (full := squash(o)) or _contains(key, full) or _shortens(key, full, joined) for o in owners
    ):
        return True
    # "Xiamen Anne Corporation's (厦门安妮股份有限公司)": the name the question glosses with the filer's
    return any(is_filer(z, asked, chunks, aliases) for z in glossed_by(name, asked.question) if z != name)


def _contains(key: str, full: str) -> bool:
    """``key`` writes the company's name ``full`` within it: a Chinese one at its start
    ("国电电力发展股份有限公司" for 国电电力; "辽宁益康生物股份有限公司" is another company than 生物股份)."""
    return bool(full) and (key.startswith(full) if not full.isascii() else full in key)


def _shortens(key: str, full: str, joined: bool = False) -> bool:
    """``key`` is a short form of ``full``: Latin ("amex" of "americanexpress", "jj" of "J&J") or Chinese
    ("南岭民爆" of 湖南南岭民用爆破器材, four characters or more)."""
    least = (JOINED_INITIALS if joined else MIN_NAME_CHARS) if key.isascii() else ZH_ABBREVIATION
    return len(key) >= least and abbreviates(key, full)


def _beyond_filer(name: str, asked: AskedFor, context: list[Chunk]) -> str:
    """What a name adds after the filer's own name ("Azure" of "Microsoft Azure"), else ""."""
    words = name.split()
    for i in range(1, len(words)):
        if is_filer(" ".join(words[:i]), asked, context):
            rest = " ".join(words[i:])
            return "" if is_filer(rest, asked, context) else rest
    return ""


# a name followed by an event it takes part in owns no figure: "results recast for the Kenvue separation"
_EVENT_NOUN = (
    r"(?:separation|spin-?off|split-?off|acquisition|merger|divestiture|transaction|deal|offering|IPO"
    r"|recast)\b"
)


# "Embedded reportable segment"
_PART_WORD = r"(?:(?:reportable|operating)\s+)?(?:segment|business|division)\b"


def _opens(name: str, item: str) -> bool:
    """The name is the first word(s) of a longer line item the question writes, not an owner."""
    return len(item) > len(name) and item.lower().startswith(name.lower()) and not item[len(name)].isalnum()


def _called_a_part(name: str, asked: AskedFor) -> bool:
    """The question calls the name a part of the company and asks its own figure ("AMD's Gaming segment's
    operating income"): a segment's name, even when the filing also writes it as a common word ("gaming
    consoles"); not its share of the company's whole ("came from its Domestic segment")."""
    if asked.formula is not None and asked.formula.name in SHARE_FORMULAS:
        return False
    return bool(re.search(rf"\b{re.escape(name)}\s+{_PART_WORD}", asked.question))


def headed(name: str, table: str) -> bool:
    """A table heads a column with ``name`` printed over two header rows ("Canadian" above "Operations")."""
    words = name.split()
    return len(words) > 1 and all(re.search(rf"\|\s*{re.escape(w)}\s*\|", table) for w in words)


# a yes/no question put after the figure's own ("…, and did that include …?", "? Was it …")
_FOLLOW_UP = re.compile(r"(?:,\s*and|[?;])\s+(?:did|does|do|was|were|is|are|has|have|had)\b", re.I)


def _in_follow_up(name: str, asked: AskedFor) -> bool:
    """The name is first written in a follow-up question after every item asked: it owns none of them."""
    at = asked.question.find(name)
    follow = _FOLLOW_UP.search(asked.question)
    items_end = max((m.end for m in asked.line_items if m.start >= 0), default=-1)
    return follow is not None and items_end <= follow.start() < at


# "earned outside the United States": the foreign part, under the name a table prints for it
_OUTSIDE = re.compile(r"\boutside\s+(?:of\s+)?(?:the\s+)?(U\.S\.|US|United States)(?![\w.])", re.I)
_ABROAD = ("Foreign", "International", "Non-U.S.", "Outside the U.S.", "Outside U.S.", "Rest of world")


def abroad_part(asked: AskedFor, context: list[Chunk]) -> tuple[list[str], str]:
    """The question's names and wording with the home country it asks outside of ("earned outside the
    United States") replaced by the row or column a retrieved table prints for the rest of the world
    ("Foreign" beside "Domestic"); both as they are when no table prints one."""
    m = _OUTSIDE.search(asked.question)
    if m is None:
        return asked.entities, asked.question
    tables = "\n".join(c.text for c in context if "|" in c.text)
    printed = (rf"(?:^|\|)\s*{re.escape(w)}\s*(?:\(\w\)\s*)?\|" for w in _ABROAD)  # a row or a column
    cell = next((w for w, p in zip(_ABROAD, printed, strict=True) if re.search(p, tables, re.I | re.M)), None)
    if cell is None:
        return asked.entities, asked.question
    home = m.group(1).rstrip(".")
    names = [*(e for e in asked.entities if e.rstrip(".") != home), cell]
    return names, asked.question[: m.start()] + cell + asked.question[m.end() :]


def unfound_firm(asked: AskedFor, names: list[str], chunks: list[Chunk]) -> bool:
    """A Chinese question names a company other than the filer that no retrieved text prints as named
    (``names``: the subject names found): the filer's figure is not that company's."""
    return asked.language == "zh" and any(
        ZH_FIRM.search(e) and e not in names and not is_filer(e, asked, chunks) for e in asked.entities
    )


def subject_names(asked: AskedFor, context: list[Chunk]) -> list[str]:
    """Names in the question, other than the filer, that the retrieved text prints as written and only as a
    name (a capitalised common word, "Company" or "Effective", is also printed in lower case); a product
    written after the filer's name ("Microsoft Azure") is one."""
    text = " ".join(c.text for c in context)
    named = [e.rstrip("'’") for e in asked.entities]  # "Boeing Global Services' revenues": a possessive
    names = [n for e in named for n in (e, _beyond_filer(e, asked, context)) if n]
    # "its Comirnaty COVID-19 vaccine": a product's own name leads a descriptor the text words otherwise
    names += [e.split()[0] for e in named if " " in e and e not in text]
    return [
        e
        for e in dict.fromkeys(names)
        if len(e) >= MIN_NAME_CHARS
        and not re.search(rf"{re.escape(e)}['’]?s?\s+{_EVENT_NOUN}", asked.question)  # "Kenvue separation"
        and (
            _called_a_part(e, asked)
            or not e.isascii()  # a Chinese name has no lower-case spelling to tell it from a common word
            or not re.search(rf"(?<![\w-]){re.escape(e.lower())}(?![\w-])", text)
        )
        and e.lower() not in MONTHS  # "three months ended March 31": a month owns no figure
        and not any(_opens(e, m.printed) for m in asked.line_items)  # "Research, development and … expenses"
        and not _in_follow_up(e, asked)  # "…headcount at June 30, and did that include First Republic staff?"
        and (e in text or any(headed(e, c.text) for c in context if "|" in c.text))
        and (
            not is_filer(e, asked, context) or _called_a_part(e, asked)
        )  # "Activision Blizzard's Blizzard segment"
    ]


def called_parts(asked: AskedFor, names: list[str]) -> list[str]:
    """The names the question calls a segment or division of the company ("Blizzard segment")."""
    return [n for n in names if _called_a_part(n, asked)]


def owned_facts(
    facts: list[Fact],
    names: list[str],
    chunk_of: dict[str, Chunk],
    *,
    part: bool = False,
    segments: list[str] | None = None,
) -> list[Fact]:
    """The facts of the figure's owner the question names: the rows under its heading in a table ("AWS" over
    "Net sales", "Operating income") or of a table titled by it, its own row under the heading of what is
    asked ("Greater China" under "REVENUES", read as that heading's item), else the facts whose chunk prints
    every name. ``part``: the owner is the part of a share whose whole is the company's: only the chunk check
    applies."""
    if not names:
        return facts
    wanted = [n.lower() for n in names]
    under = [f for f in facts if any(_owns(n, f.section) for n in wanted)]
    rows = [
        replace(f, line_item=f"{f.line_item} ({f.section})", line_item_norm=normalise(f.section))
        for f in facts
        if f.section and any(_owns(n, f.line_item) for n in wanted)
    ]
    # a table titled by the owner ("International Segment": its "Operating income" and "Revenue" rows)
    titled = [f for f in facts if any(_owns(n, f.statement) for n in wanted) and f not in under]
    # a segment's column ("Blizzard" over "Segment operating income"), never a chunk's other figures
    named = [s.lower() for s in segments or []]
    columns = [
        replace(f, line_item=f"{f.line_item} ({f.column_label})")
        for f in facts
        if any(_owns(n, c) for n in named for c in _column_parts(f.column_label))
    ]
    if (under or rows) and not part:
        return under + rows + titled + columns  # a segment row of one table, its column in another
    if not part and (listed := _listed_rows(facts, wanted)):
        return listed + columns
    if segments:
        return columns
    return [
        f
        for f in facts
        if (c := chunk_of.get(f.chunk_id)) is not None and all(n in c.text.lower() for n in wanted)
    ]


def _column_parts(label: str) -> list[str]:
    """A column heading and its words after a period ("For the Year Ended December 31, 2019 Blizzard")."""
    parts = [label]
    if m := _AFTER_YEAR.search(label):
        parts.append(label[m.end() :].strip())
    return parts


_AFTER_YEAR = re.compile(r".*(?:19|20)\d{2}\b")


def kind_facts(
    facts: list[Fact], kinds: list[str], chunk_of: dict[str, Chunk], items: list[LineItemMatch] | None = None
) -> list[Fact]:
    """The facts of the kind of item asked ("rooms" revenue, "comparable store" sales): rows or tables
    printing it ("Pharmacy Services Segment": its "Total revenues"), and rows named by it under the
    heading of what is asked ("Rooms" under "Revenues:"), else the facts of chunks printing it; never the
    total's row alone. A row named by the kind in a table titled by one of ``items`` ("Work-in-process" in
    "the components of Inventories") is read as that item."""
    own = [
        f
        for f in facts
        if not (ks := _unclassified(f, kinds))
        or prints_qualifiers(_row_label(f), ks)
        or prints_qualifiers(f.statement, ks)
    ]
    named = owned_facts(own or facts, kinds, chunk_of)
    titled = [
        replace(f, line_item=f"{f.line_item} ({m.printed})", line_item_norm=normalise(m.printed))
        for f in own
        if prints_qualifiers(_row_label(f), kinds)
        for m in (items or [])
        if m.printed and (titles_item(m, f.statement) or _totalled_by(m, f, facts))
    ]
    return [*own, *(f for f in named if f not in own), *titled]


def _row_label(f: Fact) -> str:
    """A row's label with the heading it sits under ("Current:" over "International": current international
    tax provision)."""
    return f"{f.section} {f.line_item}"


def _totalled_by(item: LineItemMatch, part: Fact, facts: list[Fact]) -> bool:
    """The part's table also prints the item itself ("Domestic", "Foreign" over "Income (loss) before income
    taxes"): the part's row is a component of that item. A Chinese note's rows (a project in 在建工程情况)
    carry their own measures in columns: read by the note's cells instead."""
    return (
        bool(item.concept)
        and part.line_item.isascii()
        and any(
            f.table_ref == part.table_ref
            and f.doc_id == part.doc_id
            and label_matches(f.line_item_norm, item.concept) >= 1
            for f in facts
        )
    )


def titles_item(item: LineItemMatch, title: str) -> bool:
    """The table title names the item (its printed words or a synonym of its concept), or a Chinese title
    names the last words of it ("成本分析表" of 营业成本: its rows are the cost's parts)."""
    low = normalise(title)
    core = _ZH_TITLE_TAIL.sub("", _NOTE_NUMBER.sub("", low))
    tail = len(core) >= _MIN_TITLE_WORD and not core.isascii() and normalise(item.printed).endswith(core)
    return tail or normalise(item.printed) in low or any(s in low for s in synonyms(item.concept) if s)


_ZH_TITLE_TAIL = re.compile(r"(?:分析|构成|明细|情况)?表?$")
_MIN_TITLE_WORD = 2  # "成本": a Chinese word of two characters


def _listed_rows(facts: list[Fact], wanted: list[str]) -> list[Fact]:
    """The owner's row of a table that lists owners as rows under no heading and totals them ("Digital
    Marketing" above "Total revenue"), read as the total's item: the table's total is no owner's figure."""
    tables: dict[tuple[str, str | None], list[Fact]] = {}
    for f in facts:
        tables.setdefault((f.doc_id, f.table_ref), []).append(f)
    out: list[Fact] = []
    for group in tables.values():
        total = next((f for f in group if f.line_item_norm.startswith("total ")), None)
        if total is None:
            continue
        item = total.line_item_norm.removeprefix("total ")
        out += [
            replace(f, line_item=f"{f.line_item} ({item})", line_item_norm=item)
            for f in group
            if not f.section and any(_owns(n, f.line_item) for n in wanted)
        ]
    return out


_NOT_CURRENT = re.compile(r"\bnon-?current\b|\blong-term\b", re.I)


def _unclassified(f: Fact, kinds: list[str]) -> list[str]:
    """The kinds a fact must print: a balance sheet row that is not a long-term one is "current" by where it
    stands ("current inventories" is the "Inventories" row of current assets)."""
    if statement_kind(f.statement) != "balance" or _NOT_CURRENT.search(f.line_item):
        return kinds
    return [k for k in (" ".join(w for w in q.split() if w != "current") for q in kinds) if k]


def _owns(name: str, label: str) -> bool:
    """A row or heading label that is the owner's name, give or take a qualifier ("MGM China", "AWS")."""
    low = _TRAIL.sub("", label.lower()).strip(" :：")
    rest = low.removeprefix(name) if low.startswith(name) else None
    return rest is not None and (rest in _PLURAL or not rest[:1].isalnum())  # "Membership fees"


# a note's number before its title ("64、 管理费用", "（3）")
_NOTE_NUMBER = re.compile(r"^[\s\d一二三四五六七八九十()（）、.．]+")


def noted_in_question(facts: list[Fact], question: str) -> list[Fact]:
    """The rows of the Chinese note of a line item the question names ("管理费用中的折旧及摊销费": note "64、
    管理费用", not 销售费用's row of the same name), when any fact is of such a note (a sub-note's title
    such as "按账龄披露" names no item)."""
    kept = [f for f in facts if _noted_item(f.statement, question)]
    return kept or facts


def _noted_item(statement: str, question: str) -> bool:
    title = _NOTE_NUMBER.sub("", statement).strip()
    return not title.isascii() and title in question and concept_of(title) is not None
