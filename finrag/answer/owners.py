"""Whose figure a question asks for: a product, segment or subsidiary it names owns the number.

"How much revenue did Pfizer's vaccine Comirnaty generate?" asks for Comirnaty's revenue; the company's total
revenue row is another figure, and quoting it would be a wrong number. A name the question gives that the
retrieved text prints, and that is not the filer itself, must be printed in the chunk a fact comes from.
Which names a question gives is read in owner_names.py; here, which facts are theirs.
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.lexicon import (
    LineItemMatch,
    find_line_items,
    label_matches,
    normalise,
    synonyms,
)
from finrag.answer.owner_rows import heading_and_row, owns, owns_row
from finrag.answer.periods import BARE_YEAR
from finrag.answer.qualifiers import prints_qualifiers
from finrag.answer.query import AskedFor
from finrag.answer.statement_rows import statement_kind
from finrag.answer.text import HEADING_NUMBER, row_cells, table_span
from finrag.model import Chunk, Fact


def owned_facts(
    facts: list[Fact],
    names: list[str],
    chunk_of: dict[str, Chunk],
    *,
    part: bool = False,
    segments: list[str] | None = None,
    asked: AskedFor | None = None,
    headings: bool = True,
) -> list[Fact]:
    """The facts of the figure's owner the question names: the rows under its heading in a table ("AWS" over
    "Net sales", "Operating income") or of a table titled by it, its own row under the heading of what is
    asked ("Greater China" under "REVENUES", read as that heading's item), else the facts whose chunk prints
    every name. ``part``: the owner is the part of a share whose whole is the company's: only the chunk check
    applies. ``asked``: the question, whose item an untotalled table's title may name ("Segment Sales
    Results": "MedTech segment worldwide sales"). ``headings``: a table under a heading of the name is its
    owner's (a segment's capitals heading), not for a kind of item ("Casino" heads every segment's rows)."""
    if not names:
        return facts
    wanted = [n.lower() for n in names]
    if asked is not None and (compound := heading_and_row(facts, wanted, asked.line_items, chunk_of)):
        return compound  # "Domestic Entertainment": the category's row under its segment, not the segment's
    # a row printing the company's name before its product's ("Corning Gorilla Glass")
    labels = wanted + [f"{c.lower()} {n}" for c in (asked.companies if asked else []) for n in wanted]
    under = [f for f in facts if any(owns(n, f.section) for n in wanted)]
    # a table under the owner's heading ("ASSET & WEALTH MANAGEMENT" > "Selected income statement data")
    under += [
        f
        for f in facts
        if headings
        and f not in under
        and (c := chunk_of.get(f.chunk_id)) is not None
        and any(owns(n, h) for n in wanted for h in c.section_path[:-1])
    ]
    rows = [
        replace(f, line_item=f"{f.line_item} ({f.section})", line_item_norm=_heading_item(f, chunk_of, asked))
        for f in facts
        if f.section and any(owns_row(n, f.line_item, f.section) for n in labels)
    ]
    # a table titled by the owner ("International Segment": its "Operating income" and "Revenue" rows)
    titled = [f for f in facts if any(owns(n, f.statement) for n in wanted) and f not in under]
    # a segment's column ("Blizzard" over "Segment operating income"), never a chunk's other figures
    named = [s.lower() for s in segments or []]
    columns = [
        replace(
            f,
            line_item=f"{f.line_item} ({f.column_label})",
            fiscal_year=f.fiscal_year or _report_year(f, chunk_of),
        )
        for f in facts
        if any(owns(n, c) for n in named for c in _column_parts(f.column_label))
    ]
    # its row of a table listing the owners, unless its rows under the items' headings give its figures
    given = bool(rows) and (asked is None or any(_heads_asked(f.section, asked) for f in rows))
    listed = [] if part or given else _listed_rows(facts, wanted, asked, chunk_of)
    if (under or rows or titled or listed) and not part:
        found = under + rows + titled + listed + columns  # a segment row of one table, its column in another
        return _unsegmented(found, asked.question) if asked is not None else found
    if segments:
        return columns
    return [
        f
        for f in facts
        if (c := chunk_of.get(f.chunk_id)) is not None and all(n in c.text.lower() for n in wanted)
    ]


# "BCA revenues by customer location": a table titled by a segment's acronym holds that segment's figures
_SEGMENT_TITLE = re.compile(r"^([A-Z]{2,4})\s+[a-z]")


def _unsegmented(facts: list[Fact], question: str) -> list[Fact]:
    """The owner's facts without those of a table titled by a segment the question does not name (Boeing's
    "Middle East" row of "BCA revenues by customer location" beside the company's), unless only those."""
    whole = [
        f for f in facts if not ((m := _SEGMENT_TITLE.match(f.statement)) and m.group(1) not in question)
    ]
    return whole or facts


def _report_year(f: Fact, chunk_of: dict[str, Chunk]) -> int | None:
    """The fiscal year of the report printing an undated segment column ("| 项目 | 冷冻设备 | 罐式集装箱 |"):
    a report's segment note gives its own year's figures."""
    return c.meta.fiscal_year if (c := chunk_of.get(f.chunk_id)) is not None else None


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
        # "热力产品的毛利率": the row "热力产品" of a table titled by its margins
        or prints_qualifiers(f"{_row_label(f)} {f.statement}", ks)
    ]
    named = owned_facts(own or facts, kinds, chunk_of, headings=False)
    titled = [
        replace(f, line_item=f"{f.line_item} ({m.printed})", line_item_norm=normalise(m.printed))
        for f in own
        if prints_qualifiers(_row_label(f), kinds)
        for m in (items or [])
        if m.printed
        and (titles_item(m, f.statement) or _totalled_by(m, f, facts) or _projects_of(m, f, chunk_of))
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


# a construction-in-progress note, whatever its title ("2007上半年的新建项目如下表"): projects by row, with
# what each moved into fixed assets
_CIP_COLUMN = "转入固定"


def _projects_of(item: LineItemMatch, row: Fact, chunk_of: dict[str, Chunk]) -> bool:
    """The row is a project of the construction in progress asked ("瀑布沟水电站在建工程的期末余额"): its
    table has a column of what moved into fixed assets."""
    chunk = chunk_of.get(row.chunk_id)
    text = re.sub(r"\s+", "", chunk.text) if chunk is not None else ""
    return item.concept == "construction_in_progress" and _CIP_COLUMN in text


def titles_item(item: LineItemMatch, title: str) -> bool:
    """The table title names the item (its printed words or a synonym of its concept), or a Chinese title
    names the last words of it ("成本分析表" of 营业成本: its rows are the cost's parts)."""
    low = normalise(title)
    core = _ZH_TITLE_TAIL.sub("", HEADING_NUMBER.sub("", low))
    tail = len(core) >= _MIN_TITLE_WORD and not core.isascii() and normalise(item.printed).endswith(core)
    return tail or normalise(item.printed) in low or any(s in low for s in synonyms(item.concept) if s)


_ZH_TITLE_TAIL = re.compile(r"(?:分析|构成|明细|情况)?表?$")
_MIN_TITLE_WORD = 2  # "成本": a Chinese word of two characters


_MAX_TITLE_CHARS = 100  # a title is a short line (a lead-in sentence at most); longer is body text


_TITLE_YEARS = re.compile(r"\b(?:19|20)\d{2}\b")
_NOTE_LEAD = re.compile(r"^\s*(?:note\s+)?\d{1,2}[.、:：\s]*[-–—.:]?\s*", re.I)


def _title_item(title: str, asked: AskedFor) -> str | None:
    """The item asked that a table's title names ("Core Net Sales": net sales; "SEGMENT SALES RESULTS":
    "worldwide" written before "sales" in the question), normalised; None when the title names none
    ("Operating Metrics") or is a row the table reader took for a title ("Core net income $ 1,237")."""
    title = _NOTE_LEAD.sub("", title)  # "Note 4 - Merchandise Inventories": the number is no amount
    # "Revenue by geographic area for fiscal 2022, 2021 and 2020": the years it covers are no amount either
    if len(title) > _MAX_TITLE_CHARS or re.search(r"\d", _TITLE_YEARS.sub("", title)):
        return None
    items = _items_asked(asked)
    for t in find_line_items(title):
        for m in items:
            same = (m.concept and m.concept == t.concept) or normalise(m.printed) == normalise(t.printed)
            before = re.search(rf"\b{re.escape(m.printed)}\s+{re.escape(t.printed)}\b", asked.question, re.I)
            if same or before:
                return normalise(m.printed)
    # an item no lexicon entry names, printed in the title ("Total depreciation expense")
    low = normalise(title)
    return next(
        (
            p
            for m in items
            if not m.concept and re.search(rf"\b{re.escape(p := normalise(m.printed))}\b", low)
        ),
        None,
    )


def _items_asked(asked: AskedFor) -> list[LineItemMatch]:
    """The items a question asks: those it names, else its own formula's operands ("Use (2018 assets / 2017
    assets - 1)": assets)."""
    if asked.line_items or asked.definition is None:
        return asked.line_items
    return [t.item for t in asked.definition.terms]


def _heads_asked(heading: str, asked: AskedFor) -> bool:
    """A heading names an item the question asks, or an operand of its own formula ("segment Adjusted
    Property EBITDAR / segment net revenues" under "Adjusted Property EBITDAR")."""
    if _title_item(heading, asked) is not None:
        return True
    head = normalise(heading).rstrip(":： ")
    terms = asked.definition.terms if asked.definition is not None else []
    return bool(head) and any(head in normalise(t.item.printed) for t in terms)


def _heading_item(fact: Fact, chunk_of: dict[str, Chunk], asked: AskedFor | None) -> str:
    """The item an owner's row under a heading is a figure of: its heading's, or, under a grouping that names
    no item asked ("Specialty Materials" over "Corning Gorilla Glass"), the asked item the table's label
    column is headed by ("Revenue from external customers | 2021 | 2020")."""
    if asked is not None and not _heads_asked(fact.section, asked) and (c := chunk_of.get(fact.chunk_id)):
        lines = c.text.splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith(f"| {fact.line_item} |")), 0)
        for line in reversed(lines[:at]):  # the nearest header above the row (a chunk may hold two tables)
            cells = row_cells(line)
            if len(cells) > 1 and any(cells[1:]) and all(BARE_YEAR.fullmatch(x) for x in cells[1:] if x):
                # the label column's header, else the table's title ("Revenue by geographic area" over
                # "Americas:" > "United States")
                titled = _title_item(cells[0], asked) if cells[0] else None
                return titled or _title_item(fact.statement, asked) or normalise(fact.section)
    heading = normalise(fact.section)
    if asked is not None and (abroad := _ABROAD_HEADING.match(fact.section)):
        # "non-U.S. revenues" over "Middle East": a region's revenue (a heading "Subscription revenue" over a
        # segment's row is a part of its revenue, read as printed)
        rest = fact.section[abroad.end() :]
        return next((normalise(m.printed) for m in asked.line_items if titles_item(m, rest)), heading)
    return heading


_ABROAD_HEADING = re.compile(r"^(?:non-u\.?s\.?|international|foreign|overseas)\s+", re.I)


_FIGURE_TAIL = re.compile(r"\s*\$?\s*\(?\d[\d,.]*\)?(?:\s.*)?$")


def _listed_rows(
    facts: list[Fact], wanted: list[str], asked: AskedFor | None, chunk_of: dict[str, Chunk]
) -> list[Fact]:
    """The owner's row of a table that lists owners as rows under no heading and totals them ("Digital
    Marketing" above "Total revenue"), read as the total's item: the table's total is no owner's figure.
    Without a total row, a table whose title names what the question asks ("Segment Sales Results": "MedTech
    segment worldwide sales") lists the owners' figures of it: the row is the owner's own."""
    tables: dict[tuple[str, str | None], list[Fact]] = {}
    for f in facts:
        tables.setdefault((f.doc_id, f.table_ref), []).append(f)
    out: list[Fact] = []
    for group in tables.values():
        total = next((f for f in group if f.line_item_norm.startswith("total ")), None)  # not a bare "Total"
        if total is not None:  # "Total assets $ 50,873": a label run into its row's figures
            label = _FIGURE_TAIL.sub("", total.line_item_norm)
            asked_items = {normalise(m.printed) for m in asked.line_items} if asked is not None else set()
            item = label if label in asked_items else label.removeprefix("total ")  # "total assets" is one
        elif asked is not None and _sums_other_item(_last_row(group[0], chunk_of), asked):
            continue  # "Purchased and other intangible assets, net" closing a note titled by goodwill too
        elif asked is not None and (titled := _title_item(group[0].statement, asked)) is not None:
            item = titled
        else:
            continue
        # columns heading the item ("Net Revenue 2021" beside "Long-Lived Assets (a) 2021"): only those
        group = [f for f in group if item in normalise(f.column_label)] or group
        out += [  # under no heading, or under a grouping that names no item ("Safety and Graphics Business")
            replace(f, line_item=f"{f.line_item} ({item})", line_item_norm=item)
            for f in group
            if (not f.section or (asked is not None and not find_line_items(f.section)))
            and any(owns(n, f.line_item) for n in wanted)
        ]
    return out


def _last_row(fact: Fact, chunk_of: dict[str, Chunk]) -> str:
    """The label of the last row of the table a fact's row is in, as its chunk shows it."""
    lines = chunk_of[fact.chunk_id].text.splitlines() if fact.chunk_id in chunk_of else []
    at = next((i for i, line in enumerate(lines) if line.startswith(f"| {fact.line_item} |")), None)
    if at is None:
        return ""
    _, end = table_span(lines, at)
    return normalise(lines[end - 1].strip().strip("|").split("|")[0])


def _sums_other_item(last: str, asked: AskedFor) -> bool:
    """A table's last row is a known item the question does not ask: the rows above are its parts."""
    named = {t.concept for t in find_line_items(last)} - {""}
    return bool(named) and not named & {m.concept for m in asked.line_items}


_NOT_CURRENT = re.compile(r"\bnon-?current\b|\blong-term\b", re.I)


def _unclassified(f: Fact, kinds: list[str]) -> list[str]:
    """The kinds a fact must print: a balance sheet row that is not a long-term one is "current" by where it
    stands ("current inventories" is the "Inventories" row of current assets), a long-term one non-current."""
    if statement_kind(f.statement) != "balance":
        return kinds
    # a long-term row is non-current by its name ("non-current long-term debt obligations")
    implied = _NON_CURRENT_WORDS if _NOT_CURRENT.search(f.line_item) else ("current",)
    return [k for k in (" ".join(w for w in q.split() if w not in implied) for q in kinds) if k]


_NON_CURRENT_WORDS = ("non-current", "noncurrent")
