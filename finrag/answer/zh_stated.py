"""Figures a Chinese filing states only in a sentence, for several years at once:
"2006年1—6月、2005年、2004年发行人向南岭化工厂支付的综合服务费用分别为91.39万元、187.47万元、141.25万元".
Each amount is read as a fact of its year under the sentence's subject ("综合服务费用") when the question
writes that subject and names the party it is paid to or received from; a part year's amount
("2006年1—6月") is no year's figure and is left out. The growth, sum and lookup steps then work on them as
on table facts. A prospectus also lists its report years' figures without writing the years ("报告期研发投入
资金逐年增长，分别为1,298.13万元、1,687.89万元及3,850.66万元", "近三年…分别为"): oldest first, the years its
statements print.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from finrag.answer.prepared import Prepared
from finrag.answer.prose_facts import sentence_fact
from finrag.answer.series import RESPECTIVELY, listed_years
from finrag.answer.units import PERCENT, Unit, parse_number, zh_unit
from finrag.index.store import Store
from finrag.model import Chunk, ChunkKind, Fact, Filters

_AMOUNT = re.compile(r"(?P<num>-?\d[\d,]*(?:\.\d+)?)\s*(?P<unit>亿元|万元|千元|元|%)")
_SENTENCE_END = re.compile(r"[。；;\n]")
# the party a payment goes to or comes from: "向南岭化工厂支付的…" (another party's fee is another figure)
_PARTY = re.compile(r"(?:向|对|从|自)(.{2,20}?)(?:支付|采购|销售|收取|提供|购买|借入|拆借)")
MIN_DATED_YEARS = 2  # one year's clause is a lookup the sentence quote answers itself
MIN_SUBJECT_CHARS = 4  # a shorter subject ("收入", "费用") is part of too many other names to be read
# the report's years a sentence lists without writing them: "近三年", "最近两年", "报告期内"
IMPLICIT_YEARS = re.compile(r"(?:最近|近)([三两二])(?:个会计)?年(?:末|内|来)?|报告期(?:内|各期)?")
_SPAN_WORDS = {"三": 3, "两": 2, "二": 2}
REPORT_SPAN = 3  # a prospectus's report period: its last three full years (and a part year it may add)
# what a subject's name ends with that says how it moved, not what it is: "研发投入资金逐年增长"
_TREND = re.compile(r"(?:逐年|逐步|稳步|持续|基本|大幅|有所|均)?(?:增长|上升|提高|下降|减少|降低|稳定|增加)$")
_STATEMENTS = re.compile(r"资产负债表|利润表|现金流量表")  # the statements that date a report's years
_STATEMENT_ROWS = ["营业收入", "资产总计", "负债合计"]  # rows every statement prints: enough to date them
_YEAR_END = "-12-31"
_OWN = re.compile(r"^(?:本公司|公司|发行人)")  # "报告期内公司太阳能边框毛利率": the filer's own figure


@dataclass(slots=True, frozen=True)
class ReportYears:
    """The years a prospectus reports: its last full year, and whether a part year follows it."""

    last: int
    part_year: bool


def report_years(facts: list[Fact]) -> ReportYears | None:
    """The report's years from its financial statements' facts (not a forecast's or an industry table's):
    the latest year closed on December 31 (a Chinese filer's fiscal year end; "2007.6.30" closes none), and
    whether a later day follows it ("2007年1-6月", "2007.6.30": a part year); None without a closed year."""
    days = [f.period_end for f in facts if f.period_end and _STATEMENTS.search(f.statement)]
    closed = [int(d[:4]) for d in days if d.endswith(_YEAR_END)]
    if not closed:
        return None
    last = max(closed)
    return ReportYears(last, any(d > f"{last}{_YEAR_END}" for d in days))


def _implicit_years(head: str, report: ReportYears | None) -> tuple[int, list[tuple[int, bool]]] | None:
    """The years a head lists by "近三年" or "报告期" alone, oldest first; None where the report's part year
    makes "报告期" four periods and the count of its values uncertain."""
    found = list(IMPLICIT_YEARS.finditer(head))
    if report is None or not found:
        return None
    m = found[-1]
    if m.group(1) is None and report.part_year:
        return None
    span = _SPAN_WORDS[m.group(1)] if m.group(1) else REPORT_SPAN
    return m.end(), [(report.last - span + 1 + i, True) for i in range(span)]


def stated_by_year(
    question: str, context: list[tuple[int, Chunk]], reports: dict[str, ReportYears] | None = None
) -> list[Fact]:
    """The facts of every "…分别为" sentence in the context's text whose subject the question writes (with
    ``reports``, each document's report years, also those listing the report's years unwritten)."""
    out: list[Fact] = []
    for _, chunk in context:
        if chunk.kind != ChunkKind.TEXT:
            continue
        report = (reports or {}).get(chunk.doc_id)
        for sentence in _SENTENCE_END.split(chunk.text):
            out += _read(sentence, chunk, question, report)
        out += _dated(chunk, question)
    return out


# "2004年技术开发费用675万元，…，2005年技术开发费用725万元": a year, the figure's name and its amount, one
# clause per year
_DATED = re.compile(
    r"(?P<year>(?:19|20)\d{2})\s*年度?\s*(?:公司|本公司|发行人)?(?P<name>[\u4e00-\u9fff]{4,12}?)"
    r"(?:为|达到|共计|合计|约)?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>亿元|万元|千元|元)"
)


def _dated(chunk: Chunk, question: str) -> list[Fact]:
    """The figures a chunk states year by year in clauses of their own, under a name the question writes,
    when it states that name for two years or more (each year once)."""
    by_name: dict[str, dict[int, re.Match[str]]] = {}
    for m in _DATED.finditer(chunk.text):
        if m["name"] in question:
            by_name.setdefault(m["name"], {}).setdefault(int(m["year"]), m)
    facts: list[Fact] = []
    for name, years in by_name.items():
        if len(years) < MIN_DATED_YEARS:
            continue
        for year, m in years.items():
            if (parsed := parse_number(m["num"])) is not None:
                unit = zh_unit(m["unit"])
                dated = (f"{year}-12-31", year, "FY")
                key, scaled = f"{name}:{year}:{m.start()}", (unit.label, unit.scale)
                facts.append(sentence_fact(chunk, name, parsed.value, scaled, key, f"{year}年", dated))
    return facts


def _subject(head: str, question: str) -> str | None:
    """The figure's name, the words after the head's last "的" ("…向南岭化工厂支付的综合服务费用":
    综合服务费用), when the question writes it and the party the head names."""
    name = head.rsplit("的", 1)[-1].strip("，,、 ").split("，")[0]
    name = _OWN.sub("", _TREND.sub("", name))  # "报告期内公司太阳能边框毛利率基本稳定": its 毛利率
    if len(name) < MIN_SUBJECT_CHARS or name not in question:
        return None
    if (party := _PARTY.search(head)) and party.group(1) not in question:
        return None
    return name


def _read(sentence: str, chunk: Chunk, question: str, report: ReportYears | None) -> list[Fact]:
    first = sentence.find(RESPECTIVELY)
    if first < 0:
        return []
    listed = listed_years(sentence[:first]) or _implicit_years(sentence[:first], report)
    if listed is None:
        return []
    start, years = listed
    marks = [m.start() for m in re.finditer(RESPECTIVELY, sentence)] + [len(sentence)]
    facts: list[Fact] = []
    for at, stop in itertools.pairwise(marks):
        name = _subject(sentence[start:at], question)
        amounts = list(_AMOUNT.finditer(sentence, at, stop))
        start = amounts[-1].end() if amounts else stop  # the next subject follows these amounts
        if name is None or len(amounts) != len(years):
            continue
        for m, (year, whole_year) in zip(amounts, years, strict=True):
            parsed = parse_number(m["num"])
            if parsed is None or not whole_year:
                continue
            unit: Unit = PERCENT if m["unit"] == "%" else zh_unit(m["unit"])
            dated = (f"{year}-12-31", year, "FY")
            key = f"{name}:{year}:{m.start()}"
            facts.append(
                sentence_fact(chunk, name, parsed.value, (unit.label, unit.scale), key, f"{year}年", dated)
            )
    return facts


def report_stated(store: Store, prep: Prepared) -> list[Fact]:
    """The facts of the context's sentences that list a prospectus's report years unwritten ("报告期…分别为"),
    each document's years read off its statements' facts."""
    reports: dict[str, ReportYears] = {}
    for _, chunk in prep.context:
        text = chunk.text if chunk.kind == ChunkKind.TEXT and chunk.meta.doc_type == "prospectus" else ""
        if RESPECTIVELY in text and IMPLICIT_YEARS.search(text) and chunk.doc_id not in reports:
            only = Filters(access=prep.request.filters.access, doc_ids=[chunk.doc_id])
            if (report := report_years(store.get_facts(only, containing=_STATEMENT_ROWS))) is not None:
                reports[chunk.doc_id] = report
    if not reports:
        return []
    question = prep.asked.question
    # "2010年3,850.66万元研发投入资金中，用于…的金额": a figure the question gives is the whole, no answer
    given = {parsed.value for m in _AMOUNT.finditer(question) if (parsed := parse_number(m["num"]))}
    return [f for f in stated_by_year(question, prep.context, reports) if f.value not in given]
