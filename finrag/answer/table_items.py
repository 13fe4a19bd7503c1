"""Row labels of the context's tables that a question names: items the lexicon lacks ("无形资产投资",
"Bitcoin revenue"), read as the question's line items."""

from __future__ import annotations

import re

from finrag.answer.formula_words import SHARE_ASKED
from finrag.answer.lexicon import (
    TURNOVER,
    LineItemMatch,
    concept_of,
    normalise,
    valuation_after,
    without_statement_names,
)
from finrag.answer.lookup import UNIT_TAIL
from finrag.answer.owner_names import is_filer
from finrag.answer.periods import BARE_YEAR, MONTH_NAMES
from finrag.answer.qualifiers import QUOTED_BEFORE
from finrag.answer.query import AskedFor
from finrag.answer.sources import without_places
from finrag.answer.text import row_cells
from finrag.answer.units import parse_number
from finrag.answer.zh_qualifiers import ZH_HEADER_WORD
from finrag.model import Chunk
from finrag.retrieve.periods import MONTH_ABBR, bare_quarters
from finrag.retrieve.shorthand import spelled_out

_PARTICLES = ("的", "之", "和", "及", "与", "或")
# a statement the question reads from ("on the consolidated balance sheet") names no row ("Balance sheet:");
# "on-balance sheet exposure" is a row's own words
_STATEMENT = re.compile(
    r"(?<![\w-])balance\s+sheets?\b|\bincome\s+statements?\b|\bstatements?\s+of\s+operations\b"
    r"|资产负债表|利润表|损益表"  # "合并资产负债表中，应付工资…": where, not its "资产" and "负债" headings
)
_MIN_ASCII_LABEL = 4  # shorter English row labels ("Net", "Q1") match too many questions by accident


# a Chinese total row's bare label ("合计"): a question's "…的发生额合计" is a word for a sum, not that row
# (an English question names "the Total" row as such)
_BARE_TOTAL = re.compile(r"\s*(?:合\s*计|小\s*计|总\s*计)\s*[:：]?\s*")
_EN_TOTAL = re.compile(r"\s*(?:total|subtotal)\s*:?\s*", re.I)
# "the Total in 2019", "the total row": a table's "Total" row named as such; "total goodwill" qualifies
# the item after it and "commitments - total, and …" asks the item's total, neither names that row
_TOTAL_ROW_NAMED = re.compile(r"\s+(?:in|of|for|at|on|as|row|line)\b")
_EN_TOTAL_OF = re.compile(r"total\s+([a-z][a-z,&-]*(?:\s+[a-z,&-]+){2,})")  # three words or more after it
_FISCAL_YEAR_LABEL = re.compile(r"\s*fiscal\s+(?:year\s+)?(?:19|20)\d{2}\s*", re.I)  # a year's row
# months of a year ("2006年1-6月"): a period's row
_MONTHS_LABEL = re.compile(r"\s*(?:19|20)\d{2}\s*年\s*\d{1,2}\s*[-—–~至]\s*\d{1,2}\s*月份?\s*")
_PERIOD_LABELS = (BARE_YEAR, _FISCAL_YEAR_LABEL, _MONTHS_LABEL)


def _norm(label: str) -> str:
    return UNIT_TAIL.sub("", normalise(label))


def items_from_tables(
    question: str, chunks: list[Chunk], names: list[str] | None = None
) -> list[LineItemMatch]:
    """Row labels of the context's table chunks that the question names (items the lexicon lacks),
    longest first and not overlapping, in question order; not a label written right before one of ``names``
    (what the company named is: "全资子公司金宇保灵…")."""
    blanked = without_places(question)  # "(… intangibles note)": a source
    low = without_statement_names(blanked)  # folded as labels normalise: "应收帐款" is 应收账款
    low = _STATEMENT.sub(lambda m: " " * len(m.group()), low)  # "on the balance sheet": where, no row
    before = tuple(n.lower() for n in names or [])
    shared = SHARE_ASKED.search(low) is not None
    labels: dict[str, tuple[int, int, str]] = {}  # norm -> where the question writes it, the row label
    headings: set[str] = set()
    reworded: dict[str, str] = {}  # multi-word English labels the question may name in other word forms
    for chunk in chunks:
        for line in chunk.text.split("\n"):
            if "|" not in line:
                continue
            cells = line.strip().strip("|").split("|")
            label = cells[0].strip()
            if _ROW_NUMBER.fullmatch(label) and len(cells) > 1 and not _RANK_ROW.match(cells[1].strip()):
                label = cells[1].strip()  # "| 2 | 设备购置费 | 2985.08 |": the label after the row's number
            if not label or parse_number(label) is not None or label.startswith(_PARTICLES):
                continue  # "的净利润": the tail of a label the table reader cut, not a row name
            if any(p.fullmatch(label) for p in _PERIOD_LABELS) or _quarter_row(label):
                continue  # "2004年", "2006年1-6月", "Fourth Quarter": a period, no item
            if label.startswith("占"):
                continue  # "占主营业务收入的比例": the row above's share, the question's formula says it
            if ZH_HEADER_WORD.fullmatch(label):
                continue  # "| 项目 | 承诺投资总额 | …": a header's heading, no row ("募投项目" names none)
            if _BARE_TOTAL.fullmatch(label) or _BARE_OTHER.fullmatch(label) or _GROWTH_ROW.fullmatch(label):
                continue  # not the total row of whichever table prints one, nor its "Other" row
            if _SPAN_LABEL.match(label):
                continue  # a period heading read as a row ("Three months ended …"): no item
            if _heads_columns(cells[1:]):
                continue  # "| 分产品 | 营业收入 | 营业成本 |": a sub-table's column headings, no row
            norm = _norm(label)  # "合计销售金额(万元)" is asked as "合计销售金额"
            at = _written(low, norm)
            if at is None and shared and (whole := _EN_TOTAL_OF.fullmatch(norm)):  # "Total restructuring and
                at = _written(low, whole[1])  # impairment charges": the whole a share names without "total"
            if label.endswith(":") and not any(c.strip() for c in cells[1:]):
                headings.add(norm)  # "| Reconciling Items: | | |": a heading over rows
            if at is not None and _EN_TOTAL.fullmatch(label) and not _TOTAL_ROW_NAMED.match(low, at[1]):
                continue  # "commitments at 5/31/21 - total, and …": the item's total, not a "Total" row
            named = at is not None and not valuation_after(low, at[1]) and not low.startswith(before, at[1])
            named = named and not _left_out(low, at, norm)  # "(before any sublease income)"
            # the company's own row in a peer table ("天源科技"); an English name is a segment's ("Americas")
            if named and at is not None and not norm.isascii() and normalise(label) in before:
                named = False
            if named and at is not None and low.startswith(TURNOVER, at[1]):
                named = False  # "应收帐款周转率": a ratio of the balance row, not the balance
            if named and at is not None and (m := _MEASURE_AFTER.match(low, at[1])):
                # "四氧化三锰的全球市场占有率": not this row's; "…进项税额的增长率": worked out from the row
                named = m[1] in _GENERIC or m[1] in chunk.text or _CHANGE_OF_ROW.fullmatch(m[1]) is not None
                named = named or m[1].endswith("中")  # "…项目”的投资概算中，设备购置费": a place, no measure
            if named and at is not None and _RANK_ROW.match(norm):  # "第一名供应商": a rank of what follows
                follow = low[at[1] : at[1] + _RANKED_CHARS]
                named = not _CJK_PAIR.fullmatch(follow) or follow in chunk.text
            shortest = _MIN_ASCII_LABEL if norm.isascii() else 2
            if at is not None and (len(norm) >= shortest or _acronym(label, question)) and named:
                labels.setdefault(norm, (*at, label))
            elif norm.isascii() and " " in norm:
                reworded.setdefault(norm, label)
    spans: list[tuple[int, int, str, bool]] = []  # (start, end, row label, worded as printed)
    for start, end, label in labels.values():
        spans.append((start, end, label, True))
    for norm, label in reworded.items():  # "bitcoin sales" for the row "Bitcoin revenue"
        at = find_reworded(norm, low)
        if at is not None and not valuation_after(low, at[1]) and not _left_out(low, at):
            spans.append((*at, label, False))
    # "the 'taxation of non-U.S. operations' reconciling item": the quoted row is asked, not its heading
    spans = [t for t in spans if not (_norm(t[2]) in headings and QUOTED_BEFORE.search(low, 0, t[0]))]
    taken = [False] * len(low)
    found: list[LineItemMatch] = []
    for start, end, label, as_printed in sorted(spans, key=lambda t: t[0] - t[1]):  # longest first
        if not any(taken[start:end]):
            taken[start:end] = [True] * (end - start)
            written = question[start:end]
            as_printed = as_printed and not _POSSESSIVE.search(written)  # "MGM China's first …": the row
            row, said = UNIT_TAIL.sub("", normalise(label)), normalise(written)
            added_de = row != said and row.replace("的", "") == said.replace("的", "")
            if not label.isascii() and added_de:
                as_printed = False  # "…收入的比例" written for the row "…收入比例": the row's own words
            printed, span = (written, 0) if as_printed else (label, end - start)
            found.append(LineItemMatch(concept_of(label) or "", printed, start, span))
    return sorted(found, key=lambda m: m.start)


HEADING_ITEMS = 2  # a row of text cells naming at least this many statement items heads the columns below


def _heads_columns(cells: list[str]) -> bool:
    """The cells after a row's label are column headings: no figure among them, statement items in several."""
    texts = [c.strip() for c in cells if c.strip()]
    if any(parse_number(c) is not None for c in texts):
        return False
    return sum(concept_of(c) is not None for c in texts) >= HEADING_ITEMS


# a row named only by its rank ("第一名"): it belongs to the list the question names after it
_RANK_ROW = re.compile(r"^(?:第[一二三四五六七八九十\d]+名|前[一二三四五六七八九十\d]+名)$")
# what a question asks of a row it names, which the table must print to answer it: "四氧化三锰产品的全球市场
# 占有率", "…项目的投资利润率", "“罐式集装箱扩产项目”本年度实现的效益"
_MEASURE_AFTER = re.compile(
    r"(?:[”\"」』][\u4e00-\u9fff]{0,6}?)?(?:产品|业务|项目)?的([\u4e00-\u9fff]{2,12}?)(?:是|为|有|分别|[？?，,。]|$)"
)
_GENERIC = frozenset(
    {"金额", "数额", "数值", "余额", "数量", "规模", "情况", "数据", "发生额", "总额"}
    | {"账面价值", "账面余额", "账面净值", "净值", "净额"}  # a balance row's own amount, however worded
)
# a row's change worked out from its own two figures, which no table need print
_CHANGE_OF_ROW = re.compile(
    r"(?:同比|年均|复合)?(?:增长|增减|变动|变化|下降|增加|减少)(?:率|额|幅度?|百分比)?"
)
_RANKED_CHARS = 2  # "第一名供应商": the first characters of what is ranked must be printed in the table
_CJK_PAIR = re.compile(r"[\u4e00-\u9fff]{2}")


# "| 同比增长(%) | 12.3 |": the row above's growth, the question's formula says it, no item
_GROWTH_ROW = re.compile(r"\s*(?:同比|环比)?(?:增长|增减|变动|增幅)率?\s*(?:[(（]%[)）]|%)?\s*")
# "Other": the catch-all row of many tables; a question writing "Other (income)/deductions" names another item
_BARE_OTHER = re.compile(r"\s*(?:all\s+)?others?\s*[:：]?\s*", re.I)
_SPAN_LABEL = re.compile(
    r"\s*(?:(?:three|six|nine|twelve|\d{1,2})\s+(?:months|weeks)|years?)(?:\s+ended\b|\s*$)"
    rf"|\s*(?:(?:as\s+of|at)\s+)?(?:{MONTH_NAMES}|(?:{'|'.join(MONTH_ABBR)})\.?)\s+\d{{1,2}},?"
    r"\s*(?:(?:19|20)\d{2})?\s*:?\s*$",  # "December 31,", "At December 31:": a date heading
    re.I,
)
# "所支付的现金" and "支付的现金" are one cash flow row, however the question or the statement words it
_PAID_OR_RECEIVED = re.compile(r"所?(支付|收到)")


_POSSESSIVE = re.compile(r"['’]s\b")
# "(before any sublease income)", "excluding stock options": what the figure asked leaves out, not an item
_LEFT_OUT = re.compile(r"\b(?:before|excluding|exclusive of|other than|without)\s+(?:any\s+|the\s+|its\s+)?$")


def _left_out(low: str, at: tuple[int, int] | None, norm: str = "") -> bool:
    """The question writes the label after a word leaving it out of the figure asked, or the label holds
    what the question leaves out ("投资收益占利润总额的比重？不含公允价值变动损益": not the row
    "公允价值变动损益及投资收益占当期利润总额比例")."""
    if any(p in norm for p in _ZH_LEFT_OUT.findall(low)):
        return True
    return at is not None and _LEFT_OUT.search(low, 0, at[0]) is not None


_ZH_LEFT_OUT = re.compile(r"(?:不含|不包括|剔除|未含)([\u4e00-\u9fff]{2,16})")


_ROW_NUMBER = re.compile(r"[（(]?[一二三四五六七八九十\d]{1,2}[)）、.．]?")  # a 序号 cell


_ACRONYM = re.compile(r"[A-Z]{2,3}")  # "TNT", "EVA": a product's short name


def _acronym(label: str, question: str) -> bool:
    """A short row label in capitals the question writes as such ("2005年TNT的价格"), a product's name."""
    written = re.search(rf"(?<![A-Za-z]){label}(?![A-Za-z])", question) if _ACRONYM.fullmatch(label) else None
    return written is not None


_MIN_DE_LABEL = 4  # a Chinese row label long enough to be found with a 的 the question adds


def _written(low: str, norm: str) -> tuple[int, int] | None:
    """Where the question writes a row label (start, end), or None."""
    outside = re.sub(r"\([^()]*\)", "", norm).strip()  # "(millions)", a unit cell, has no name outside
    if norm.isascii() and "(" in norm and outside and norm not in low:  # "fair value (per share)"
        norm = re.sub(r"\s+", " ", norm.replace("(", " ").replace(")", " ")).strip()
    added_de = not norm.isascii() and len(norm) >= _MIN_DE_LABEL and norm not in low and "的" in low
    # "…占主营业务收入的比例" for the row "…占主营业务收入比例": a 的 the row leaves out
    if added_de and (m := re.search("的?".join(map(re.escape, norm)), low)):
        return m.start(), m.end()
    if norm.isascii() or not _PAID_OR_RECEIVED.search(norm):
        i = low.find(norm)
        while norm.isascii() and i > 0 and (low[i - 1].isalnum() or low[i - 1] == "-"):
            i = low.find(norm, i + 1)  # "operations" is no row named in "continuing-operations sales"
        if i < 0 and norm.isascii() and " " in norm:  # "MGM China's first revolving credit facility"
            m = re.search(r"(?:['’]s)?\s+".join(map(re.escape, norm.split())), low)
            return (m.start(), m.end()) if m else None
        return (i, i + len(norm)) if i >= 0 else None
    pattern = "".join(
        f"所?{p}" if p in ("支付", "收到") else re.escape(p) for p in _PAID_OR_RECEIVED.split(norm) if p
    )
    m = re.search(pattern, low)
    return (m.start(), m.end()) if m else None


def _quarter_row(label: str) -> bool:
    return any(p.label.lower() == label.lower() for p in bare_quarters(label))


def in_filer_name(item: LineItemMatch, asked: AskedFor, chunks: list[Chunk]) -> bool:
    """A row label the question writes only inside the filer's name ("Blizzard" of "Activision Blizzard", not
    "… attributed to the Blizzard segment")."""
    low, label = asked.question.lower(), item.printed.lower()
    filers = [*asked.companies, *(e for e in asked.entities if is_filer(e, asked, chunks))]
    names = [n.lower() for n in filers if len(n) > len(label)]
    inside = [(at, at + len(n)) for n in names for at in _occurrences(low, n)]
    return bool(inside) and all(any(a <= at < b for a, b in inside) for at in _occurrences(low, label))


def _occurrences(text: str, word: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(word), text)]


# Reworded row names: "bitcoin sales" is the row "Bitcoin revenue", "membership fee revenue" the row
# "Membership fees"; words compared without plural s, sales and revenue as one word
_STEM_WORD = re.compile(r"[a-z0-9&]+")
_REVENUE_WORDS = frozenset({"sale", "revenue"})
_FUNCTION_WORDS = frozenset(
    {"of", "the", "and", "in", "for", "to", "a", "an", "as", "by", "on", "at", "per", "from"}
)


def _stem(word: str) -> str:
    word = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
    return "revenue" if word in _REVENUE_WORDS else word


def find_reworded(label: str, question: str) -> tuple[int, int] | None:
    """Where the question names a row label in other word forms (start, end), or None. A trailing
    "revenue" after a label that lacks it belongs to the mention ("membership fee revenue")."""
    want = [_stem(w) for w in _STEM_WORD.findall(label.lower())]
    if sum(w not in _FUNCTION_WORDS for w in want) < 2:
        return None  # "% of revenues" is a column heading, not a row the question names
    words = [(m.start(), m.end(), _stem(m.group(0))) for m in _STEM_WORD.finditer(question.lower())]
    n = len(want)
    for i in range(len(words) - n + 1):
        if [w for _, _, w in words[i : i + n]] == want:
            end = words[i + n - 1][1]
            if want[-1] != "revenue" and i + n < len(words) and words[i + n][2] == "revenue":
                end = words[i + n][1]
            return words[i][0], end
    return None


def headings_written(question: str, chunks: list[Chunk]) -> list[str]:
    """Headings of the context's table rows ("| Weighted-average discount rate | | |": a row without figures
    over the rows it heads) that the question writes, shorthand spelled out ("costco wtd-avg discount rate on
    finance leases, FY20": the heading over the "Finance leases" row asked)."""
    low = spelled_out(question).lower()
    found: list[str] = []
    for chunk in chunks:
        for line in chunk.text.split("\n"):
            cells = row_cells(line) if "|" in line else []
            if len(cells) > 1 and cells[0].isascii() and not any(cells[1:]):
                heading = cells[0].rstrip(" :").lower()
                if len(heading.split()) > 1 and heading in low and heading not in found:
                    found.append(heading)
    return found


# "环保投入合计": the total of what the words before 合计 name (after 的, a year or another stop)
_TOTAL_OF = re.compile(r"([\u4e00-\u9fff]{2,10}?)(?:合计|总计|总额)")
_NAME_STOPS = re.compile(r".*[的年度之中、]")
_MIN_TOTALLED = 3  # a shorter name ("薪酬") heads too many tables to say which total is asked


def titled_total(question: str, chunks: list[Chunk]) -> LineItemMatch | None:
    """The item a Chinese question totals ("2010年度的环保投入合计") when no row prints it but a retrieved
    table's title does ("（1）报告期内公司的环保投入情况"): read as that table's total row."""
    for m in _TOTAL_OF.finditer(question):
        name = _NAME_STOPS.sub("", m.group(1))
        titles = (c.section_path[-1] for c in chunks if c.section_path and "|" in c.text)
        if len(name) >= _MIN_TOTALLED and any(name in t for t in titles):
            return LineItemMatch("", name, m.start(1) + m.group(1).find(name))
    return None
