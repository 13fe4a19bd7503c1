"""Who a question names as the owner of a figure: the filer itself (its names, short forms and the words a
filing calls itself), or a product, segment or subsidiary it names that the retrieved text prints.

The facts-side reading of those names (which rows, columns and tables are the owner's) is in owners.py.
"""

from __future__ import annotations

import re

from finrag.answer.acronyms import printed_short
from finrag.answer.lookup import SHARE_FORMULAS
from finrag.answer.names import glossed_by
from finrag.answer.owner_rows import heads_row
from finrag.answer.periods import MONTHS
from finrag.answer.query import AskedFor
from finrag.answer.sources import in_source_clause
from finrag.answer.zh_qualifiers import ZH_FIRM
from finrag.model import Chunk, Fact
from finrag.retrieve.entities import ZH_ABBREVIATION, abbreviates, squash

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
    if re.search(rf"(?:子|孙|参股)公司{re.escape(name)}", asked.question):
        return False  # "厦门安妮股份的全资子公司厦门安妮企业有限公司": the subsidiary, sharing the name
    if any(key == squash(m) for m in asked.mentions):
        return True  # "GD Power": the filer's English name as the question typed it (never "BetMGM" of "MGM")
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
# "under the 2019 Multi-Year Productivity Plan", "the Tax Cuts and Jobs Act": a scheme the figures fall
# under, no owner of them
_SCHEME = re.compile(r"\b(?:Plans?|Programs?|Programmes?|Initiatives?|Acts?)$")


# "Embedded reportable segment"
_PART_WORD = (
    r"(?:\s+(?:(?:reportable|operating)\s+)?(?:segment|business|division|product\s+line|franchise)\b|分部)"
)


def _opens(name: str, item: str) -> bool:
    """The name is the first word(s) of a longer line item the question writes, not an owner."""
    return len(item) > len(name) and item.lower().startswith(name.lower()) and not item[len(name)].isalnum()


def _called_a_part(name: str, asked: AskedFor) -> bool:
    """The question calls the name a part of the company and asks its own figure ("AMD's Gaming segment's
    operating income"): a segment's name, even when the filing also writes it as a common word ("gaming
    consoles"); not its share of the company's whole ("came from its Domestic segment")."""
    if asked.formula is not None and asked.formula.name in SHARE_FORMULAS:
        return False
    if re.search(rf"\b{re.escape(name)}{_PART_WORD}", asked.question):
        return True
    # "Microsoft's Gaming revenue": a name between the filer's possessive and the item asked is its part
    return any(
        re.search(rf"['’]s?\s+{re.escape(name)}\s+{re.escape(m.printed)}\b", asked.question)
        for m in asked.line_items
    )


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
    """A Chinese question names a company other than the filer (by its legal name, or as a subsidiary: "全资
    子公司南通爱康") that no retrieved text prints as named (``names``: the subject names found): the filer's
    figure is not that company's."""
    if asked.language != "zh":
        return False
    firms = [e for e in asked.entities if ZH_FIRM.search(e)] + held_names(asked.question)
    return any(e not in names and not is_filer(e, asked, chunks) for e in firms)


# "全资子公司南通爱康最近一年末的…", "参股公司广东爱康的净利润": the company the figure is of
_HELD_NAME = re.compile(
    r"(?:(?:全资|控股)子公司|参股(?:子)?公司)([\u4e00-\u9fff]{2,12}?)(?=的|最近|近|截至|于|在|[（(，,？?]|\d)"
)


def held_names(question: str) -> list[str]:
    """The subsidiaries and investees a Chinese question names by what they are to the filer."""
    return [
        m.group(1)
        for m in _HELD_NAME.finditer(question)
        if len(m.group(1)) >= MIN_NAME_CHARS and not _DOING.search(m.group(1))
    ]


# "控股子公司支付给少数股东的股利": what the subsidiaries did, no name
_DOING = re.compile(r"支付|收到|给|向|对|实现|取得|发生|持有|股东|合计|数量")


_PLACE = re.compile(r"[\u4e00-\u9fff]{2,3}[省市](?=[\u4e00-\u9fff])")


def subject_names(asked: AskedFor, context: list[Chunk]) -> list[str]:
    """Names in the question, other than the filer, that the retrieved text prints as written and only as a
    name (a capitalised common word, "Company" or "Effective", is also printed in lower case); a product
    written after the filer's name ("Microsoft Azure") is one."""
    text = " ".join(c.text for c in context)
    named = [e.rstrip("'’") for e in asked.entities]  # "Boeing Global Services' revenues": a possessive
    names = [n for e in named for n in (e, _beyond_filer(e, asked, context)) if n]
    # "its Comirnaty COVID-19 vaccine": a product's own name leads a descriptor the text words otherwise
    # ("Asset & Wealth Management" is one name, its heading printed in capitals)
    names += [e.split()[0] for e in named if " " in e and "&" not in e and e not in text]
    names += [e.removesuffix("分部") for e in named if e.endswith("分部") and len(e) > 4]  # "冷冻设备分部"
    # "四方科技子公司南通四方罐式储运设备制造有限公司": the subsidiary written after the filer owns the figure
    names += [m.group(1) for e in named if (m := _SUBSIDIARY_AFTER.search(e))]
    names += held_names(asked.question) if asked.language == "zh" else []  # "全资子公司南通爱康"
    # "湖南省南岭化工厂": a table names it without its province ("南岭化工厂")
    names += [e[m.end() :] for e in named if (m := _PLACE.match(e)) and len(e) - m.end() >= MIN_NAME_CHARS]
    # "unrecognized tax benefits (UTB)" where a table prints "Gross UTB Balance": the item's short name
    short = printed_short(asked.question, "\n".join(c.text for c in context if "|" in c.text))
    kept = [
        e
        for e in dict.fromkeys(names)
        if len(e) >= MIN_NAME_CHARS
        and e not in short
        and not re.search(rf"{re.escape(e)}['’]?s?\s+{_EVENT_NOUN}", asked.question)  # "Kenvue separation"
        and (
            _called_a_part(e, asked)
            or not e.isascii()  # a Chinese name has no lower-case spelling to tell it from a common word
            or not re.search(rf"(?<![\w-]){re.escape(e.lower())}(?![\w-])", text)
        )
        and e.lower() not in MONTHS  # "three months ended March 31": a month owns no figure
        and not _SCHEME.search(e)
        and not in_source_clause(e, asked.question)  # "Using the 'Certain Line Items' reconciliation in …,"
        and not any(_opens(e, m.printed) for m in asked.line_items)  # "Research, development and … expenses"
        and not _in_follow_up(e, asked)  # "…headcount at June 30, and did that include First Republic staff?"
        and not re.search(
            rf"\b(?:within|inside)\s+(?:the\s+|its\s+)?{re.escape(e)}", asked.question
        )  # a whole
        and not excluded(e, asked.question, text)  # "customers outside the United States": not its figure
        and (
            e in text
            or e.upper() in text
            or any(headed(e, c.text) or heads_row(e, c.text) for c in context if "|" in c.text)
        )
        and (
            not is_filer(e, asked, context) or _called_a_part(e, asked)
        )  # "Activision Blizzard's Blizzard segment"
    ]
    kept = [e for e in kept if not _whole_of(e, kept, asked.question)]
    return kept + [p for p in programs(asked.question) if p in text and p not in kept]


# a program the filer runs, named by its model or its name ("Boeing's 787 program", "its F-35 program")
_PROGRAM = re.compile(r"(?:['’]s?|\b(?:its|the))\s+((?:[A-Z0-9][\w-]*\s+){0,2}[A-Z0-9][\w-]*)\s+programs?\b")


_MODEL = re.compile(r"\d")  # a model number ("787", "F-35", "KC-46A"), not a plan ("Share Repurchase")
_YEAR_FIRST = re.compile(r"^(?:19|20)\d{2}\b")  # "the 2022 Share Repurchase program": a year, no model


def programs(question: str) -> list[str]:
    """The aircraft or weapons programs an English question asks a figure of ("How much revenue did Boeing's
    787 program generate"): named by a model number."""
    names = (m.group(1) for m in _PROGRAM.finditer(question))
    return [n for n in names if _MODEL.search(n) and not _YEAR_FIRST.match(n)]


def excluded(name: str, question: str, text: str = "") -> bool:
    """The question asks for everything but the name ("net sales from outside the United States", "footwear
    revenues excluding Converse"), unless the evidence ``text`` prints the words as a measure's own name, a
    table row ("Net yield on average interest-earning assets excluding Markets"; prose saying "earned outside
    the United States" names no row)."""
    # "excluding the TCJA adjustment and the Minnesota NRD resolution": every name the exclusion lists
    listed = r"(?:[^,;?]*?\s(?:and|or)\s+(?:the\s+)?)?"
    said = rf"\b(?:outside|excluding)\s+(?:of\s+)?(?:the\s+)?{listed}{re.escape(name)}"
    m = re.search(said, question, re.I)
    rows = "\n".join(line for line in text.lower().splitlines() if line.lstrip().startswith("|"))  # not prose
    return m is not None and m.group(0).lower() not in rows


_SUBSIDIARY_AFTER = re.compile(r"(?:全资|控股)?子公司([\u4e00-\u9fff（）()]{4,})$")


def _whole_of(name: str, names: list[str], question: str) -> bool:
    """``name`` is the whole another name is a part of ("the Global Enterprise customer group of Verizon's
    Business segment"): the part owns the figure."""
    after = rf"\bof\s+(?:the\s+|its\s+)?(?:[A-Z][\w&.-]*['’]s?\s+)?{re.escape(name)}\b"
    return any(o != name and re.search(rf"{re.escape(o)}\b[^.?]{{0,40}}?{after}", question) for o in names)


def called_parts(asked: AskedFor, names: list[str]) -> list[str]:
    """The names the question calls a segment or division of the company ("Blizzard segment")."""
    return [n for n in names if _called_a_part(n, asked)]


def parts_in_rows(
    asked: AskedFor, names: list[str], facts: list[Fact], chunk_of: dict[str, Chunk]
) -> tuple[list[str], list[Chunk]]:
    """With no owner found in the retrieved text (``names``), the parts the question calls by name
    ("Costco's Other International Operations segment") that a fetched row or column prints (a date written
    in brackets may rank the statements above the segment note), and the chunks of those rows: the owners,
    printed there."""
    if names:
        return [], []
    parts = [e for e in asked.entities if e.isascii() and _called_a_part(e, asked)]
    rows = {
        p: [f for f in facts if re.search(rf"\b{re.escape(p)}\b", f"{f.line_item} {f.column_label}")]
        for p in parts
    }
    found = [p for p in parts if rows[p]]
    chunks = {f.chunk_id: chunk_of[f.chunk_id] for p in found for f in rows[p] if f.chunk_id in chunk_of}
    return found, list(chunks.values())
