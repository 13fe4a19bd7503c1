"""What the lines around a table say of it: the blocks just above it, the unit it declares, the statement it
is (its caption or a title line above it) and whose figures they are (合并 or 母公司)."""

from __future__ import annotations

import re

from finrag.answer.lexicon import find_line_items
from finrag.answer.units import PERCENT, Unit, detect_unit, unit_from_label
from finrag.model import BlockKind, Document, Table

# Blocks looked at before a table for its title and "单位：元" line (they sit just above the table).
_LOOKBACK_BLOCKS = 4
PROSE_CHARS = 200  # a block of sentences above a table this long is a paragraph, no unit line of the table
MAX_TITLE_CHARS = 30  # a statement title is a short line, not a sentence that mentions "利润表"
_STATEMENT_TITLE = re.compile(
    r"(?:合并|母公司)?(?:资产负债表|利润表|现金流量表|(?:所有者|股东)权益变动表)|"
    r"(?:consolidated\s+)?(?:balance\s+sheets?|statements?\s+of\s+[a-z ,']+)",
    re.I,
)
_PARENT_WORDS = ("母公司", "parent company")
_CONSOLIDATED_WORDS = ("合并", "consolidated")
# the parent named together with its subsidiaries: the group, not the parent alone; and the group's equity
# "归属于母公司所有者权益" (a column group of the consolidated statement of changes in equity)
_WITH_SUBSIDIARIES = re.compile(
    r"母公司(?:和|及|与|以及)(?:其)?(?:主要|下属|控股)?子公司|parent (?:company )?and (?:its )?subsidiaries"
    r"|归属于母公司(?:的)?(?:所有者|股东)"
)


def blocks_before(doc: Document, table: Table) -> list[str]:
    """Texts of the few blocks just above the table, nearest first."""
    for i, block in enumerate(doc.blocks):
        if block.kind == BlockKind.TABLE and block.table_id == table.table_id:
            return [b.text for b in reversed(doc.blocks[max(0, i - _LOOKBACK_BLOCKS) : i])]
    return []


def declared_unit(
    table: Table, header_rows: list[list[str]], before: list[str], prose_stops: bool = False
) -> Unit | None:
    """The unit the table declares, in its caption, header or the lines above it; ``prose_stops``: not
    past a paragraph (a Chinese report's units change from table to table: 元, 万元)."""
    if table.unit:
        declared = detect_unit(table.unit) or unit_from_label(table.unit.strip())
        if declared is not None:
            return declared
    header = " ".join(" ".join(r) for r in header_rows)
    for k, text in enumerate((table.caption, header, *before)):
        unit = detect_unit(text)
        if unit is not None and unit is not PERCENT:  # a "(%)" column does not make the table a % table
            return unit
        if k >= 2 and prose_stops and len(text) > PROSE_CHARS and "|" not in text and "。" in text:
            return None  # a paragraph between: a unit above it is another table's ("金额（万元）")
    return None


def statement_of(table: Table, before: list[str], heading: str) -> str:
    """The caption, else a statement title printed just above the table, else the section heading."""
    for text in (table.caption, *before):
        m = _STATEMENT_TITLE.search(text) if len(text.strip()) <= MAX_TITLE_CHARS else None
        if m:
            return m.group(0)
    # the paragraph right above the table, over a unit line between ("(In millions)")
    above = next((b for b in before if b.strip() and not _ASIDE_LINE.fullmatch(b.strip())), "")
    if table.caption:
        return table.caption
    if owner := _OWNER_RESULTS.search(above):
        return owner.group(1)
    if (lead := _LEAD_IN.search(above)) and find_line_items(title := lead.group(1) or lead.group(2)):
        return _CLASSIFIED.sub(r" \1", title[:1].upper() + title[1:])
    return heading


# the paragraph above a segment's untitled table says whose figures follow: "Space’s operating results
# included the following (in millions):"
_OWNER_RESULTS = re.compile(
    r"(?:^|[.;]\s+)([A-Z][\w&.\-]*(?:\s+[A-Z&][\w&.\-]*){0,4}['’]s\s+(?:[a-z]+\s+){0,3}"
    r"(?:results|data|information|sales|revenues?))\s+(?:included|include|were|are|is|was)\s+"
    r"(?:as\s+follows|the\s+following)\b[^.]*$"
)


# "Revenue, classified by significant product and service offerings, was as follows:": an untitled table
# introduced by the item it lists, titled by it ("Revenue by significant product and service offerings")
# "The following table presents segment net sales by reportable segment (in millions):" likewise
_LEAD_IN = re.compile(
    r"(?:^|[.;:)]\s+)(?:([A-Z][^.;:()]{2,90}?),?\s+(?:was|were|is|are)\s+as\s+follows"
    r"|the\s+following\s+tables?\s+(?:presents?|summari[sz]es?|shows?|sets?\s+forth|provides?|details?)\s+"
    r"(?:the\s+|our\s+)?((?:[^.;:()]|\([^()]{1,20}\)){2,90}?))\s*(?:\([^()]{0,30}\))?\s*:\s*$",
    re.I,
)
_ASIDE_LINE = re.compile(r"[(（][^()（）]{0,40}[)）]")
_CLASSIFIED = re.compile(r",\s*(?:classified|disaggregated|presented|summari[sz]ed)\s+(by)\b")


# "4、报告期内向前五名供应商采购情况" over tables captioned "（1）2006年1—6月", "（2）2005年度",
# "（3）2004年度": the numbered parts of one listing by period, each titled by the listing's title
_NUMBERED_PART = re.compile(r"^\s*[（(](\d)[)）]\s*(?:19|20)\d{2}\s*年[^\s|]{0,8}$")
_LISTING_PART = re.compile(r"^(.{4,}?)\s*[（(](\d)[)）]")


def listing_part(statement: str, before: list[str], last: str) -> str:
    """A caption that is only a numbered part of a listing, with the listing's title before it: the short
    line above the first part, the title of the part before (``last``, the previous table's statement) for
    the others; else the caption as it is."""
    part = _NUMBERED_PART.match(statement)
    if part is None:
        return statement
    if part.group(1) == "1":
        lines = [b.strip() for b in before if b.strip() and b.strip() != statement.strip()]
        title = lines[0] if lines and "|" not in lines[0] and len(lines[0]) <= MAX_TITLE_CHARS else ""
        return f"{title} {statement.strip()}" if title and not _NUMBERED_PART.match(title) else statement
    lead = _LISTING_PART.match(last)
    if lead is None or int(part.group(1)) != int(lead.group(2)) + 1:
        return statement
    return f"{lead.group(1)} {statement.strip()}"


# the heading of the parent company's own notes, which the tables under it do not repeat
PARENT_NOTES = re.compile(r"母公司(?:财务|会计)?报表(?:主要|重要)?项目(?:的)?(?:注释|附注)")
# how a Chinese filing names each scope ("母公司资产负债表", "合并其他应收款")
SCOPE_ZH = {"parent": "母公司", "consolidated": "合并"}


def scope_of(text: str) -> str:
    low = _WITH_SUBSIDIARIES.sub(" ", text.lower())  # "母公司和主要子公司的员工情况": the group's
    if any(w in low for w in _PARENT_WORDS):
        return "parent"
    if any(w in low for w in _CONSOLIDATED_WORDS):
        return "consolidated"
    return ""


# a statement of changes in equity, and the columns that tell one ("实收资本(或股本) … 未分配利润")
_EQUITY_STATEMENT = re.compile(r"(?:所有者|股东)权益变动表")
_EQUITY_COLUMNS = ("未分配利润", "盈余公积")


def equity_continued(statement: str, header: list[list[str]], previous: str, gap: int) -> str:
    """A statement of changes in equity whose comparative year runs on to the next page under a bare
    heading ("（六）其他" over the 2018 columns of "母公司所有者权益变动表"): the statement before it."""
    head = "".join(c for row in header for c in row)
    continued = gap <= 1 and _EQUITY_STATEMENT.search(previous) is not None
    if continued and not _EQUITY_STATEMENT.search(statement) and all(w in head for w in _EQUITY_COLUMNS):
        return previous
    return statement
