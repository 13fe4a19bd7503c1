"""The question read against the retrieved context's tables: the rows it names (a longer printed label, a
breakdown's cell, a filer's own metric, a group it counts within) become its items and kinds before the
numeric step reads facts."""

from __future__ import annotations

from dataclasses import replace

from finrag.answer.acronyms import with_acronyms
from finrag.answer.activities import activity_items, asks_activities
from finrag.answer.asks import asks_amount, asks_reason, typed_tersely
from finrag.answer.cells import named_cell
from finrag.answer.formula_words import driven_spans
from finrag.answer.formulas import FORMULAS
from finrag.answer.growth_subject import growth_subject
from finrag.answer.labelled_chunks import quoted_rows
from finrag.answer.lexicon import LineItemMatch, concept_of, normalise
from finrag.answer.operands import printed_margin, printed_metric, with_rows
from finrag.answer.owner_names import abroad_part
from finrag.answer.prepared import Prepared
from finrag.answer.prose_series import series_facts, series_item
from finrag.answer.query import AskedFor, change_asked
from finrag.answer.segments import asks_ranking
from finrag.answer.sources import not_share_class
from finrag.answer.table_items import headings_written, in_filer_name, items_from_tables, titled_total
from finrag.answer.tickers import leading_ticker
from finrag.answer.which_year import WHICH_YEAR
from finrag.answer.zh_qualifiers import (
    ZH_FIRM,
    asked_after_of_which,
    printed_rows,
    zh_groups,
    zh_quoted,
    zh_rows_named,
)
from finrag.answer.zh_stated import stated_by_year
from finrag.model import Chunk
from finrag.retrieve.expand import load_translations
from finrag.retrieve.shorthand import spelled_out

SHARES = ("share_of_total", "share_of_revenue")  # formulas of a part over its whole


def _rows_named(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[str]:
    """The row labels a Chinese question writes beside its items ("瀑布沟水电站在建工程"): its parts when it
    names none, else only as the printed form of one it names ("华南区市场" for "华南区")."""
    if asked.language != "zh" or asked.definition is not None:
        return []
    names = [*asked.companies, *(e for e in asked.entities if ZH_FIRM.search(e))]  # not a product's name
    rows = zh_rows_named(asked.question, from_tables, asked.line_items, names)
    return [r for r in rows if any(q in r for q in asked.qualifiers)] if asked.qualifiers else rows


def read_against_tables(prep: Prepared, chunks: list[Chunk]) -> None:
    """Sets ``prep.asked``'s items, kinds, formula and intent from the rows ``chunks``' tables print (and
    ``prep.stated``, figures a sentence states by year, for an English text question)."""
    asked = prep.asked
    asked.entities, worded = abroad_part(asked, chunks)  # "earned outside the United States": "Foreign"
    # "gross unrecognized tax benefits (UTB)": the short name a table prints ("Gross UTB Balance")
    worded = with_acronyms(worded, "\n".join(c.text for c in chunks if "|" in c.text))
    filers = {c.lower() for c in asked.companies}  # a "Best Buy" row (a brand's) is no item of Best Buy's
    from_tables = [
        t
        for t in not_share_class(items_from_tables(worded, chunks, asked.entities), asked.question)
        if t.printed.lower() not in filers and not in_filer_name(t, asked, chunks)
    ]
    # "the raw material impact on operating income margin": no row of the ratio moved is asked
    low = asked.question.lower()
    moved = [span for f in FORMULAS.values() if f.named for span in driven_spans(low, f.keywords)]
    from_tables = [t for t in from_tables if not any(a <= t.start < b for a, b in moved)]
    cell = named_cell(asked, chunks)
    named_rows = _rows_named(asked, from_tables)
    if asks_activities(asked.question):  # "Among operations, investing, and financing activities, …"
        asked.line_items, asked.intent, asked.formula = activity_items(), "lookup", None
    elif cell is not None:  # "罐式集装箱的销售量": the 销售量 column of that product's row
        asked.line_items, asked.qualifiers = cell[0], list(dict.fromkeys([*asked.qualifiers, cell[1]]))
        asked.intent = "lookup" if asked.intent == "text" or asked.formula else asked.intent
        asked.formula = None  # "“其他收入”的毛利率": the row's printed 毛利率, not one worked out
    elif printed := printed_metric(asked, from_tables):  # "Adjusted Property EBITDA": the filer's row
        asked.line_items, asked.formula, asked.intent = printed, None, "lookup"
        asked.qualifiers = [q for q in asked.qualifiers if q not in printed[0].printed.lower()]
    elif asked.line_items:  # a longer printed row label wins: "无形资产投资" over "无形资产"
        asked.line_items = with_rows(asked, from_tables)
        rows = {normalise(m.printed) for m in asked.line_items}
        quoted = rows & {normalise(n) for n in zh_quoted(asked.question)}  # a quoted row is the item
        shares = asked.formula is not None and asked.formula.name in SHARES
        # "what percentage of total accounts receivable, net consisted of vendor and manufacturer
        # receivables": the part, printed as its own row read first, the whole's after it, is no kind of it
        part = normalise(asked.line_items[0].printed)
        own = {part} if shares and part.isascii() and len(rows) > 1 else set()
        asked.qualifiers = [q for q in asked.qualifiers if normalise(q) not in quoted | own]
        if asks_ranking(asked):  # "Which segment had the highest operating profit?"
            asked.intent = "lookup"
        words = asked.formula.keywords if asked.formula and shares else ()
        if len(asked.line_items) == 1 and any(w in asked.line_items[0].printed for w in words):
            # "研究与开发费用占主营业务收入的比例": a row printing the share asked, read as printed
            asked.formula, asked.intent = None, "lookup"
    elif asked.intent == "text":  # a quoted project's own row says nothing of which of its figures
        asked.line_items = [t for t in from_tables if t.printed not in asked.qualifiers]
        if not asked.line_items:  # "Advertising expense … was $88 million, $195 million …, respectively",
            stated = series_facts if asked.language == "en" else stated_by_year  # "…费用分别为…万元"
            prep.stated = stated(asked.question, prep.context)
            asked.line_items = [item] if (item := series_item(asked.question, prep.stated)) else []
            if asked.line_items and asked.formula is None:  # "by how much (in percent) did it rise"
                asked.formula = change_asked(asked.question)
        if not asked.line_items and (titled := titled_total(asked.question, chunks)):  # "环保投入合计"
            asked.line_items = [titled]
        if not asked.line_items and (subject := growth_subject(asked)) is not None:
            asked.line_items = [subject]  # "did Boeing's unrecognized tax benefits increase": that row's
        words = asked.formula.keywords if asked.formula else ()
        if any(w in t.printed for t in from_tables for w in words):
            asked.formula = None  # "合计" of the row "向前5名客户的合计销售金额" asks no sum
        mean = asked.formula is not None and asked.formula.name == "average"
        if mean and len(asked.years) <= 1 and not any(m.concept for m in asked.line_items):
            asked.formula = None  # "国电05年平均设备利用小时": a row's own average, no mean of several years
        names = [*asked.entities, *asked.companies, *(c.split()[0] for c in asked.companies if c.split())]
        names += leading_ticker(asked.question, asked.companies)
        headings = headings_written(asked.question, chunks)  # "wtd-avg discount rate on finance leases"
        written = [m.printed for m in asked.line_items]
        # "gis fy17 'restructuring, impairment, and other exit costs' line?": a quoted row, typed tersely
        quoted = {normalise(q) for q in quoted_rows(asked.question)} & {normalise(w) for w in written}
        if asked.line_items and (
            asked.formula is not None
            or asks_amount(asked.question)
            or WHICH_YEAR.search(asked.question.lower())
            or (
                (headings or quoted)
                and typed_tersely(spelled_out(asked.question), names, [*headings, *written])
            )
        ):
            asked.intent = "calculation" if asked.formula is not None else "lookup"
    if margin := printed_margin(asked, from_tables):  # "Adjusted EBITDAR margin": the row over revenue
        asked.definition, asked.intent = margin, "calculation"
    if asks_reason(asked.question):  # "…毛利率小幅下降，主要原因是什么": the text says why, whatever it names
        asked.intent = "text"
    # "长期股权投资是多少元？其中股权投资差额是多少？": the part asked after 其中 is a second figure asked
    if (also := asked_after_of_which(asked.question, named_rows)) and asked.line_items:
        asked.line_items += [LineItemMatch("", r, asked.question.find(r)) for r in also]
    if asked.language == "zh":  # "研发人员中硕士": a row counted within that group's table only
        printed_items = [m for m in asked.line_items if not m.concept]
        asked.qualifiers += zh_groups(asked.question, printed_items, [*asked.companies, *asked.entities])
    items = {m.printed for m in asked.line_items}
    named_rows = [r for r in named_rows if r not in items]  # a row the steps above made an item is none
    if named_rows and asked.intent in ("lookup", "calculation"):
        asked.qualifiers = printed_rows(asked.qualifiers, named_rows)
    chinese = bool(chunks) and all(c.meta.language == "zh" for c in chunks)
    # "What was the compensation of key management personnel": a note row only the translations name
    untyped = chinese and asked.language == "en" and not asked.line_items and asked.intent == "text"
    if (
        untyped
        and (row := _translated_row(asked.question, chunks)) is not None
        and asks_amount(asked.question)
    ):
        asked.line_items, asked.intent = [row], "lookup"
    if chinese and asked.language == "en" and asked.intent in ("lookup", "calculation"):
        asked.line_items = _in_chinese(asked.line_items, chunks)


def _translated_row(question: str, chunks: list[Chunk]) -> LineItemMatch | None:
    """The row of the Chinese filing printing the one term of the translations an English question writes, in
    its Chinese wording ("compensation of key management personnel": "| 关键管理人员报酬 |"); else None."""
    rows = " ".join(c.text for c in chunks if "|" in c.text)
    found = [
        (m.start, wording)
        for m in load_translations().find(question)
        if m.term.isascii()
        and (wording := next((t for t in m.concept.same_language("zh") if f"| {t}" in rows), None))
    ]
    return LineItemMatch(concept_of(found[0][1]) or "", found[0][1], found[0][0]) if len(found) == 1 else None


def _in_chinese(items: list[LineItemMatch], chunks: list[Chunk]) -> list[LineItemMatch]:
    """The one English item asked that the lexicon lacks, in the glossary's Chinese wording the filing prints
    when that is a statement item ("long-term equity investment": the row "长期股权投资"); else unchanged."""
    if len(items) != 1 or items[0].concept or not items[0].printed.isascii():
        return items  # (several pieces of a question, "cash" of "cash flow from …", are no one item)
    printed = items[0].printed.lower()
    entry = next((m.concept for m in load_translations().find(printed) if m.term.lower() == printed), None)
    text = " ".join(c.text for c in chunks)
    wording = next((t for t in entry.same_language("zh") if t in text), None) if entry else None
    concept = concept_of(wording) if wording else None
    return [replace(items[0], concept=concept or "", printed=wording)] if wording else items
