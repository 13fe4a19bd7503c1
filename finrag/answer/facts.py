"""Table facts: every numeric cell of a document's tables as a :class:`~finrag.model.Fact`.

One fact per (row, period column): line item as printed and normalised, the column label resolved to a
fiscal period/date, consolidated (合并) or parent-company (母公司) scope, the value as a Decimal with its
unit and scale, and the chunk that shows it (for citations and access filtering).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from finrag.answer.blocks import block_columns, year_blocks
from finrag.answer.caption_dates import after_previous, dated_by_caption, dated_by_title, report_year_column
from finrag.answer.cash_paid import paid_name
from finrag.answer.column_periods import fiscal_quarter
from finrag.answer.columns import (
    Column,
    Previous,
    carried,
    is_span_heading,
    period_columns,
    periods_from_above,
    with_span_heading,
)
from finrag.answer.fact_rows import FOOTNOTE_MARK, YEAR_ROW, chunk_for, label_column, split_header
from finrag.answer.fact_units import except_per_share, own_unit, unit_cell, unit_column
from finrag.answer.group_rows import grouped_labels, printed_down
from finrag.answer.joined_columns import unjoined
from finrag.answer.lexicon import concept_of, find_line_items, normalise
from finrag.answer.per_share import per_share_name
from finrag.answer.periods import UNKNOWN, resolve_label
from finrag.answer.quarters import (
    block_period,
    heading_period,
    last_quarter_day,
    quarter_column,
    quarter_groups,
    quarter_heads,
    quarter_only,
)
from finrag.answer.restarts import past_pushed_labels, restarted
from finrag.answer.rollforward import balance_date, introduced_item, is_closing
from finrag.answer.statement_rows import HOME_STATEMENT, statement_kind
from finrag.answer.table_context import (
    PARENT_NOTES,
    SCOPE_ZH,
    blocks_before,
    declared_unit,
    equity_continued,
    listing_part,
    scope_of,
    statement_of,
)
from finrag.answer.table_rows import BARE_SUMMARY, closes_block, section_totals, totalled_rows
from finrag.answer.transpose import transposed
from finrag.answer.units import PERCENT, Unit, detect_unit, parse_number
from finrag.model import AccessInfo, Chunk, Document, Fact, Table

_TITLE_BLOCKS = 2  # blocks above a table that may be its title line with the statement's date
# Longest printed line item kept (longer "labels" are sentences in a text table, not line items).
_MAX_LABEL_CHARS = 120  # longer "labels" are sentences the table reader took for a row (10-K rows reach ~110)
# a remark after the item, not its name's length: "(net of allowances …)", ", net of $53 … of non-cash capex"
_TRAILING_NOTE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$|,\s*(?:net of|including|excluding)\b.*$", re.I)
_TOTAL_HEAD = re.compile(r"total\b", re.I)
_CUT_LABEL = (";", ",", "；", "，")  # a label-only row ending so goes on in the row under it
_PAGE_HEAD = re.compile(r"pages?(?:\s+(?:no\.?|number))?|页码|页次", re.I)


def _footnote_marks(header: list[list[str]], rows: list[list[str]], index: int) -> bool:
    """A column of no heading of its own whose every cell is a footnote's mark ("(1)", "(4)"): no amounts,
    however a negative number in brackets would look."""
    if any(index < len(r) and r[index].strip() for r in header):
        return False
    cells = [r[index].strip() for r in rows if index < len(r) and r[index].strip()]
    return bool(cells) and all(FOOTNOTE_MARK.fullmatch(c) for c in cells)


_LEADERS = re.compile(r"(?:\s*\.){3,}")  # dot leaders between a row label and its amounts
SCOPE_CAPTION_CHARS = 40  # a caption's head names the statement; further on it is prose about anything


def extract_facts(doc: Document, chunks: list[Chunk]) -> list[Fact]:
    """All numeric table cells of ``doc`` as facts, each tied to the chunk that shows it."""
    facts: list[Fact] = []
    previous: Previous | None = None
    last = ""  # the statement of the table before: a listing's numbered parts are titled by it
    for table in doc.tables:
        for k, part in enumerate(restarted(table)):  # tables the reader ran together, read apart
            found, previous = _table_facts(doc, part, chunks, previous, part=k, last=last)
            facts.extend(found)
            last = found[0].statement if found else last
    return facts


def _table_facts(
    doc: Document,
    table: Table,
    chunks: list[Chunk],
    previous: Previous | None,
    part: int = 0,
    last: str = "",
) -> tuple[list[Fact], Previous | None]:
    """``part`` > 0: a table read apart from the one above it, which the lines before the table head, not it
    (its facts' ids count the part: its rows are numbered from its own start)."""
    later = part > 0
    header, rows = split_header(table)
    if (split := unjoined(header, rows, table)) is not None:  # "2019 2018" read as one column: two again
        table, header, rows = split, split.header, split.rows
    blocked = year_blocks(header, rows, table)  # a year per block of rows: re-laid with a column per year
    if (turned := transposed(header, rows, table) or blocked) is not None:
        table, header, rows = turned, turned.header, turned.rows  # years down the side, items across
    if not rows:
        return [], previous
    width = max(len(r) for r in rows)
    label_col = label_column(rows, width)
    if label_col is None:
        return [], previous
    before = blocks_before(doc, table)
    table_unit = declared_unit(table, header, before, prose_stops=doc.language == "zh")
    before = [] if later else before
    columns = block_columns(doc, table) if blocked else period_columns(doc, header, width, label_col)
    # a contents table's "Page" column holds page numbers, no figures (however the column is dated)
    columns = [
        c
        for c in columns
        if not any(_PAGE_HEAD.fullmatch(r[c.index].strip()) for r in header if c.index < len(r))
        and not _footnote_marks(header, rows, c.index)
    ]
    if columns and all(c.period is UNKNOWN for c in columns):
        same_rows = previous is not None and _rows_of(rows, label_col, statement_kind(previous.statement))
        for dating in (past_pushed_labels(rows, columns, label_col), columns):  # amount columns first
            found = periods_from_above(doc, dating, before) or carried(
                table, header, dating, previous, same_rows=same_rows
            )
            if any(c.period is not UNKNOWN for c in found):
                by_index = {c.index: c for c in found}
                columns = [by_index.get(c.index, c) for c in columns]
                break
    if columns and all(c.period is UNKNOWN for c in columns) and doc.meta.period_end is None:
        columns = dated_by_title(columns, [table.caption or "", *before[:_TITLE_BLOCKS]])
    if later and previous is not None and columns and all(c.period is UNKNOWN for c in columns):
        columns = after_previous(columns, previous)
    if doc.language == "zh":  # "截至2010年12月31日，公司固定资产情况如下："
        columns = dated_by_caption(columns, [table.caption or "", *before[:_TITLE_BLOCKS]])
        columns = report_year_column(doc, columns)
    else:  # segments' columns under the caption "Year Ended December 31, 2018"
        columns = dated_by_caption(columns, [table.caption or ""])
    columns = with_span_heading(columns, [table.caption or "", *before])
    columns = quarter_heads(columns, [table.caption or "", *before])  # "Fourth Third Second First" above
    columns = quarter_groups(columns, [table.caption or "", *before])  # "First Quarter … Fourth Quarter"
    columns = last_quarter_day(columns, doc.meta.period_end)  # "2016 December 2" beside "2016 September 2"
    table_chunks = [c for c in chunks if c.table_ref == table.table_id]
    # Without a caption, the heading the table sits under names the statement ("合并利润表")
    heading = table_chunks[0].section_path[-1] if table_chunks and table_chunks[0].section_path else ""
    statement = listing_part(statement_of(table, before, heading), before, last)
    if previous and table.pages and doc.language == "zh":
        gap = table.pages[0] - previous.last_page
        statement = equity_continued(statement, header, previous.statement, gap)
    if (
        previous
        and is_span_heading(table.caption or "")
        and table.pages
        and previous.last_page == table.pages[0]
    ):
        statement = previous.statement  # "52 Weeks Ended" under the quarter's statement: the same statement
    # "利润表（母公司）": the caption or heading the statement name was cleaned of may say whose it is
    named = f"{statement} {' '.join(' '.join(r) for r in header)}"
    scope = scope_of(named) or scope_of(f"{(table.caption or '')[:SCOPE_CAPTION_CHARS]} {heading}")
    path = table_chunks[0].section_path if table_chunks else []
    if not scope and any(PARENT_NOTES.search(h) for h in path):
        scope = "parent"  # "十七、母公司财务报表主要项目注释" over "(1).营业收入和营业成本情况"
    if later and not scope and previous is not None and (scope := scope_of(previous.statement)):
        # "母公司资产负债表" run on into its 利润表: the parent's too, named as the statements before it
        statement = f"{SCOPE_ZH[scope]}{statement}" if statement in _BARE_STATEMENTS else statement
    resolved = any(c.period is not UNKNOWN for c in columns) and table.pages
    previous = Previous(table.pages[-1], columns, statement) if resolved else None
    facts: list[Fact] = []
    per_share_unscaled = except_per_share([table.caption, named, *before[:_TITLE_BLOCKS]])
    totals = section_totals(rows, label_col, {c.index for c in columns if c.period is not UNKNOWN})
    summed = totalled_rows(rows, label_col) if doc.language == "en" else {}
    section = _opening_heading(header, label_col)  # "Net revenue:" read into the header heads the first rows
    row_year = _opening_year(header, label_col)  # "| 2021 | | |" above a block of rows: their year
    under: dict[str, dict[int, Column]] = {}  # the columns dated by each row year
    # "Q1 | Q2 | Q3 | Q4": the year of the heading above, or of the row starting each year's block
    by_quarter = quarter_only(columns)
    closing = introduced_item(before) if doc.language == "en" else None  # "a reconciliation of changes in X"
    # a roll-forward by segment titled by its item ("Goodwill"): its "Balance at <date>" rows are the item's;
    # a known item the sentence introducing the table names is nearer than a note's heading pages above
    titled = find_line_items(statement) if doc.language == "en" and len(statement) <= _TITLE_CHARS else []
    introduced = find_line_items(closing) if closing else []
    item_of = introduced if len(introduced) == 1 else titled
    balance_of = normalise(item_of[0].printed) if len(item_of) == 1 else closing
    year = heading_period([row_year, table.caption or "", *before, *reversed(path)]) if by_quarter else None
    # "2 0 / 0 / 5 / 年" printed down a block closed by its 合计 row, left of the items or as their column
    down = None
    if doc.language == "zh":
        down = printed_down(rows, label_col - 1) if label_col else None
        down = down or printed_down(rows, label_col)
    grouped = down or (grouped_labels(rows, label_col) if doc.language == "zh" else None)
    wrapped, heading_row = "", -1
    units_at = unit_column(header)  # "| 指标名称 | 单位 | 所得税前 |": each row's unit printed beside it
    for r, row in enumerate(rows):
        label = row[label_col].strip() if label_col < len(row) else ""
        if grouped and r in grouped:  # "| 罐式集装箱 | 直接材料 | …": the item, under its group
            section, label = grouped[r]
            if down and resolve_label(section, None) is not UNKNOWN:  # "2005年" down its block: its year
                row_year, section = section, ""
            elif YEAR_ROW.fullmatch(label):  # "| 净利润 | 2004年度 | 21.85% |": the group's figure that year
                row_year, label, section = label, section, ""
        if (YEAR_ROW.fullmatch(label) or _YEAR_ENDED_ROW.fullmatch(label)) and not any(
            c.strip() for c in row[label_col + 1 :]
        ):
            row_year = label  # "2021", "For the year ended December 31, 2021": the year of the rows below
            continue
        if by_quarter and (next_year := block_period(row)):
            year = next_year  # "| | Year Ended December 31, 2019 (1) | |" starts the next year's block
            continue
        label = label or _shifted_label(row, label_col)
        printed = label or totals.get(r, "")  # as the chunk shows it: "Net income ........... $"
        label = _LEADERS.sub(" ", printed).strip(" $")
        core = _TRAILING_NOTE.sub("", label)  # "Trade receivables (net of allowances of $33 at …)"
        if not label or len(core) > _MAX_LABEL_CHARS or parse_number(label) is not None:
            continue
        if all(parse_number(c) is None for c in row[label_col + 1 :]):
            # "TOTAL NIKE BRAND WHOLESALE EQUIVALENT" over "REVENUES": a total heads no block, its label
            # wraps; so does a label cut after ";" or "," ("… $100 per share;" over "Shares authorized …")
            wrapped = label if _TOTAL_HEAD.match(label) or label.endswith(_CUT_LABEL) else ""
            joins = bool(section) and heading_row == r - 1 and label[:1].islower() and section[-1:] != ":"
            if not wrapped and joins:
                section = f"{section} {label}"  # a heading wrapped: "… changes in foreign" / "currency and …"
            elif not wrapped and heading_row == r - 1 and section.endswith(":") and not label.endswith(":"):
                section = f"{section} {label}"  # "Current:" over "United States": both head the rows below
            elif not wrapped and not _rank(section) < _rank(label) < len(_NUMBERINGS):  # "(1)处置", nothing
                section = label  # stays under "二、累计摊销": a deeper numbered row heads no block of its own
            heading_row = r
            continue
        label, wrapped = (f"{wrapped} {label}" if wrapped else label), ""
        page = table.row_pages[r] if r < len(table.row_pages) else (table.pages[0] if table.pages else 1)
        chunk = chunk_for(printed, row, page, table_chunks, chunks)
        if chunk is None:
            continue
        summary = bool(section) and doc.language == "en" and bool(BARE_SUMMARY.fullmatch(label))
        label = section.rstrip(": ") if summary else label  # "Average" under "Average price per share"
        row_unit = detect_unit(label)
        if row_unit is None and units_at is not None and units_at < len(row):
            row_unit = unit_cell(row[units_at])
        for col in columns:
            if col.index >= len(row):
                continue
            parsed = parse_number(row[col.index])
            if parsed is None:
                continue
            unit = PERCENT if parsed.percent else (row_unit or col.unit or table_unit)
            if unit is table_unit:  # "销售量（万米）", an EPS row of a table "in millions, except EPS"
                unit = own_unit(unit, f"{label} {col.label}", f"{section} {label}", per_share_unscaled)
            row_day = None
            where = (statement, scope_of(col.label) or scope)  # a "合并 | 母公司" column pair says its own
            if by_quarter and year:
                col = quarter_column(col, year)
            elif col.period is UNKNOWN and (row_day := balance_date(label, balance_of)) is not None:
                at_day = resolve_label(row_day[1], doc.meta.fiscal_year)  # "Balance at December 31, 2017"
                col = replace(col, label=f"{row_day[1]} {col.label}", period=at_day)
            elif row_year and col.period is UNKNOWN:  # the segment columns of a block of rows under "2021"
                if row_year not in under:  # "2017 First": 2017's first quarter; dated once per block
                    under[row_year] = _under_row_year(doc, row_year, columns)
                col = under[row_year][col.index]
            fact = _fact(doc, table, chunk, (part, r), col, label, parsed.value, unit, page, where)
            fact.section = (section if section != label else "") or summed.get(r, "")
            fact.line_item_norm = (
                per_share_name(label, fact.section) or paid_name(label, fact.section) or fact.line_item_norm
            )
            if closing and is_closing(label):  # "Balance at end of period": the year's balance of X
                fact.line_item, fact.line_item_norm = f"{label} ({closing})", normalise(closing)
            elif row_day is not None and fact.period_end:  # dated by its row
                fact.line_item, fact.line_item_norm = f"{label} ({row_day[0]})", normalise(row_day[0])
            facts.append(fact)
        if section and (summary or r in totals or closes_block(label, section)):
            section = ""  # "Total Americas" closes the Americas block: "EMEA" below is no part of it
    return facts, previous


_TITLE_CHARS = 60  # a table's title line; a longer statement text names no one item


def _under_row_year(doc: Document, row_year: str, columns: list[Column]) -> dict[int, Column]:
    """The columns of a block of rows under a year row dated with it: "2015 June 30" is the second quarter
    of a year ending December 31 and "2015 December 31" beside three quarters its fourth."""
    year, end = doc.meta.fiscal_year, doc.meta.period_end
    labels = [f"{row_year} {c.label}" for c in columns]
    pairs = zip(columns, labels, strict=True)
    dated = [replace(c, label=x, period=resolve_label(x, year, end)) for c, x in pairs]
    return {c.index: c for c in last_quarter_day(dated, end)}


def _rank(label: str) -> int:
    """How deep a row's numbering sits: "一、" 0, "1." 1, "(1)" 2; unnumbered rows 3."""
    return next((n for n, p in enumerate(_NUMBERINGS) if p.match(label)), len(_NUMBERINGS))


_NUMBERINGS = (
    re.compile(r"[一二三四五六七八九十]+[、.．]"),
    re.compile(r"\d+[、.．](?!\d)"),
    re.compile(r"[(（]\d+[)）]"),
)


_YEAR_ENDED_ROW = re.compile(
    r"(?:for\s+the\s+)?(?:fiscal\s+)?years?\s+ended\s+\w+\.?\s+\d{1,2},\s*(?:19|20)\d{2}", re.I
)


def _shifted_label(row: list[str], label_col: int) -> str:
    """An indented row's label printed right of the label column ("|  | Total Current Liabilities | 26,785"):
    the text cells before the row's first amount."""
    words: list[str] = []
    for cell in row[label_col + 1 :]:
        if parse_number(cell) is not None:
            break
        words.extend([cell.strip()] if cell.strip() else [])
    return " ".join(words)


def _fact(
    doc: Document,
    table: Table,
    chunk: Chunk,
    row: tuple[int, int],
    col: Column,
    label: str,
    value: object,
    unit: Unit | None,
    page: int,
    where: tuple[str, str],
) -> Fact:
    from decimal import Decimal

    assert isinstance(value, Decimal)
    part, r = row  # a table read apart numbers each part's rows from its start: the part keeps ids apart
    key = f"{doc.doc_id}|{table.table_id}|{r}|{col.index}" + (f"|{part}" if part else "")
    return Fact(
        fact_id=hashlib.sha256(key.encode()).hexdigest()[:24],
        doc_id=doc.doc_id,
        chunk_id=chunk.chunk_id,
        statement=where[0],
        line_item=label,
        line_item_norm=normalise(label),
        column_label=col.label,
        value=value,
        unit=unit.label if unit else None,
        scale=unit.scale if unit else Decimal(1),
        page=page,
        table_ref=table.table_id,
        company=doc.meta.company,
        period_end=col.period.period_end,
        fiscal_year=col.period.fiscal_year,
        fiscal_period=(
            fiscal_quarter(col.label, col.period.period_end, doc.meta.fiscal_period, doc.meta.period_end)
            if col.period.fiscal_period == "FY"
            else None
        )
        or col.period.fiscal_period,
        scope=where[1],
        meta=AccessInfo(access_level=chunk.meta.access_level, groups=list(chunk.meta.groups)),
    )


def _opening_year(header: list[list[str]], label_col: int) -> str:
    """The year the last header row prints alone over the first block of rows ("| 2018 | | (In thousands) |"),
    where each block of a quarterly table is headed by its year; else ""."""
    last = header[-1] if len(header) > 1 else []
    label = last[label_col].strip() if label_col < len(last) else ""
    others = [c for i, c in enumerate(last) if i != label_col and c.strip()]
    return label if YEAR_ROW.fullmatch(label) and all(detect_unit(c) for c in others) else ""


def _opening_heading(header: list[list[str]], label_col: int) -> str:
    """The last header row when it is a heading of the rows below ("| Net revenue: | | |"): a label that ends
    in a colon over blank cells. Empty when the header ends in column headings."""
    last = header[-1] if header else []
    label = last[label_col].strip() if label_col < len(last) else ""
    blank = not any(c.strip() for i, c in enumerate(last) if i != label_col)
    return label if blank and label.endswith((":", "：")) else ""


def _rows_of(rows: list[list[str]], label_col: int, kind: str | None) -> bool:
    """Every row the lexicon knows belongs in statements of ``kind`` (a balance sheet's continuation, not
    the income statement that starts on the same page)."""
    homes = {
        HOME_STATEMENT.get(concept_of(normalise(r[label_col])) or "") for r in rows if label_col < len(r)
    }
    return kind is not None and homes - {None} <= {kind}


_BARE_STATEMENTS = ("资产负债表", "利润表", "现金流量表")
