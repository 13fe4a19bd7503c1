"""Rule-based query understanding: language, intent, companies, periods, codes, line items, and the
completion of follow-up questions from the conversation history. Fast and explainable: every decision
is a named rule recorded in :class:`Understanding` for the trace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from finrag.index.tokenize import Analyzer
from finrag.model import DocumentRecord, Period, QueryAnalysis, Turn
from finrag.retrieve.entities import CompanyIndex, CompanyMatch
from finrag.retrieve.expand import Glossary, line_items
from finrag.retrieve.periods import Reference, find_periods, is_relative, resolve, spans
from finrag.retrieve.short_years import full_years
from finrag.retrieve.shorthand import spelled_out
from finrag.retrieve.statements import Statement, named_statements

_CJK = re.compile(r"[\u3400-\u9fff]")

# Intent rules, first match wins: (intent, pattern)
_INTENTS: list[tuple[str, re.Pattern[str]]] = [
    (
        "chitchat",
        re.compile(
            r"^\s*(?:你好|您好|hi|hello|hey|thanks?|thank you|谢谢|再见|bye|"
            r"good (?:morning|afternoon|evening)|"
            r"早上好|晚上好|在吗|你是谁|who are you)[\s!！。.?？,，]*$",
            re.I,
        ),
    ),
    (
        "howto",
        re.compile(r"如何|怎么|怎样|步骤|流程|\bhow (?:to|do|can|should)\b|\bsteps? to\b|\bprocedure", re.I),
    ),
    (
        "definition",
        re.compile(
            r"是什么意思|什么是|指什么|的定义|含义|"
            r"\bwhat does .+ mean\b|\bdefin(?:e|ition)\b|\bwhat is meant\b",
            re.I,
        ),
    ),
    (
        "calculation",
        re.compile(
            r"增长率|增长了|增速|同比|环比|比率|比例|占比|率是多少|多少倍|差额|变动|计算|平均|"
            r"\b(?:growth|ratio|margin|percentage|percent|change|increase|decrease|compute|calculate|average|cagr|"
            r"turnover|yoy|year-over-year)\b",
            re.I,
        ),
    ),
    (
        "comparison",
        re.compile(
            r"比较|对比|相比|高于|低于|哪个更|哪家|\bcompare|\bversus\b|\bvs\.?\b|\bdifference between\b",
            re.I,
        ),
    ),
    (
        "yesno",
        re.compile(
            r"是否|有没有|是不是|能否|吗[？?]?\s*$|^\s*(?:is|are|does|do|did|was|were|has|have|can|will)\b",
            re.I,
        ),
    ),
    (
        "lookup",
        re.compile(
            r"多少|是谁|哪|何时|什么时候|几|"
            r"\bwhat\b|\bhow (?:much|many)\b|\bwho\b|\bwhen\b|\bwhich\b|\bwhere\b",
            re.I,
        ),
    ),
]
# Literal codes/IDs: stock codes, tickers with digits, error/document IDs (years are periods, not codes)
_CODE = re.compile(
    r"(?<![A-Za-z0-9])(?:\d{6}(?:\.(?:SH|SZ|HK))?|[A-Za-z]{1,8}[-_]\d[\w-]*|[A-Z]{1,6}\d{2,}[A-Z0-9]*)(?![A-Za-z0-9])"
)
_QUOTED = re.compile(r"[\"“「『]([^\"”」』]{2,40})[\"”」』]")
_FOLLOWUP_START = re.compile(
    r"^\s*(?:那么?|那该|还有|另外|以及|同时|此外|and\b|what about\b|how about\b|also\b|then\b|same for\b)",
    re.I,
)
_PRONOUN = re.compile(r"它|该公司|这家公司|他们|\bits\b|\btheir\b|\bthey\b|\bthe company\b", re.I)
_RECENT = re.compile(r"最新|最近|近期|目前|\b(?:latest|most recent|recent|current)\b", re.I)
_PUNCT = re.compile(r"[\s?？!！。.,，、;；:：]+")
_ASK_WORDS = re.compile(
    r"是多少|多少|是什么|什么|是谁|呢|吗|的|了|呀|\b(?:what|was|were|is|are|the|a|an|about|how|for|in|of|"
    r"did|does|do|it|that|one|same)\b",
    re.I,
)  # question words that carry no topic: what is left after removing them is the follow-up's subject
ELLIPTICAL_CHARS = 2  # a follow-up with fewer subject characters than this reuses the previous question


@dataclass(slots=True)
class Understanding:
    """The analysis plus the evidence behind it (for the trace and later steps)."""

    analysis: QueryAnalysis
    matches: list[CompanyMatch] = field(default_factory=list)
    reference: Reference | None = None
    followup: str = ""  # "", "prefixed", "elliptical": how the question was completed
    recent: bool = False  # asks for the latest/most recent figures: newer reports are re-weighted up
    rules: list[str] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)  # financial statements the question names


def language_of(text: str) -> str:
    return "zh" if _CJK.search(text) else "en"


def intent_of(text: str) -> str:
    for name, pattern in _INTENTS:
        if pattern.search(text):
            return name
    return "other"


def codes_of(text: str) -> list[str]:
    out = [m.group(0) for m in _CODE.finditer(text) if not find_periods(m.group(0))]
    out += [m.group(1) for m in _QUOTED.finditer(text)]
    return list(dict.fromkeys(out))


def reference_for(records: list[DocumentRecord], periods: list[Period]) -> Reference | None:
    """The report period relative words refer to: the named year's report if any, else the named year
    itself ("2006年…(本年净利润-上年净利润)" over a prospectus, or a year no report covers), else the
    latest report."""
    dated = [r for r in records if r.meta.fiscal_year]
    named = [p for p in periods if p.fiscal_year and not is_relative(p)]
    pick = [r for r in dated if r.meta.fiscal_year in {p.fiscal_year for p in named}]
    if not pick and named:
        first = named[0]
        return Reference(first.fiscal_year or 0, first.fiscal_period or "FY", first.period_end)
    if not pick and not dated:
        return None
    rec = max(pick or dated, key=lambda r: (r.meta.fiscal_year or 0, r.meta.period_end or ""))
    return Reference(rec.meta.fiscal_year or 0, rec.meta.fiscal_period or "FY", rec.meta.period_end)


def _dated(p: Period, records: list[DocumentRecord]) -> Period:
    """A fiscal year without an end date takes it from the company's own report for that year (FY ≠ Dec)."""
    if p.period_end or p.fiscal_year is None or p.fiscal_period != "FY":
        return p
    for r in records:
        m = r.meta
        if m.fiscal_year == p.fiscal_year and (m.fiscal_period or "FY") == "FY" and m.period_end:
            return Period(p.label, p.fiscal_year, "FY", m.period_end, p.kind)
    return p


def _shift_label(prev: list[Period], cur: list[Period], lang: str) -> list[str]:
    """Relative words of a follow-up ("the year before", "上一年") measured from the previous question."""
    base = next((p.fiscal_year for p in prev if p.fiscal_year and not is_relative(p)), None)
    out = []
    for p in cur:
        if is_relative(p) and base is not None:
            back = resolve([Period(p.label)], Reference(base))[0]
            year = back.fiscal_year or base
            out.append(f"{year}年" if lang == "zh" else str(year))
        else:
            out.append(p.label)
    return out


def _strip(text: str, cut: list[tuple[int, int]]) -> str:
    out, pos = [], 0
    for a, b in sorted(cut):
        if a >= pos:
            out.append(text[pos:a])
            pos = b
    out.append(text[pos:])
    return "".join(out)


class QueryAnalyzer:
    def __init__(self, analyzer: Analyzer, glossary: Glossary) -> None:
        self.analyzer = analyzer
        self.glossary = glossary

    def complete(self, question: str, history: list[Turn], companies: CompanyIndex) -> tuple[str, str]:
        """(completed question, how) for a follow-up; (question, "") when it stands on its own."""
        prev = next((t.content for t in reversed(history) if t.role == "user"), None)
        if not prev:
            return question, ""
        lang = language_of(question)
        cur_comp = companies.match(question)
        cur_per = find_periods(question)
        marker = _FOLLOWUP_START.match(question)
        prev_comp = companies.match(prev)
        prev_per = find_periods(prev)
        needs = marker or _PRONOUN.search(question) or (not cur_comp and prev_comp)
        if not needs:
            return question, ""
        rest = question[marker.end() :] if marker else question
        cut = spans(rest) + [(m.start, m.end) for m in companies.match(rest)]
        content = _PUNCT.sub("", _ASK_WORDS.sub("", _strip(rest, cut)))
        new_periods = _shift_label(prev_per, cur_per, lang)
        if len(content) < ELLIPTICAL_CHARS:  # "and the year before?" -> the previous question, re-dated
            base = prev
            if new_periods:
                pspans = spans(base)
                if pspans:
                    a, b = pspans[0]
                    base = (
                        base[:a] + new_periods[0] + _strip(base[b:], [(x - b, y - b) for x, y in pspans[1:]])
                    )
                else:
                    base = f"{' '.join(new_periods)} {base}"
            if cur_comp and prev_comp:
                m = prev_comp[0]
                base = base.replace(m.alias, cur_comp[0].alias, 1)
            return base.strip(), "elliptical"
        prefix: list[str] = []
        if not cur_comp:
            prefix += [m.alias for m in prev_comp]
        if not cur_per:
            prefix += [p.label for p in prev_per if not is_relative(p)]
        body = rest.strip()
        if cur_per and new_periods != [p.label for p in cur_per]:
            rel = [(a, b) for a, b in spans(body)]
            body = _strip(body, rel)
            prefix += new_periods
        joiner = "" if lang == "zh" else " "
        return (joiner.join(prefix) + joiner + body).strip(), "prefixed"

    def understand(self, question: str, history: list[Turn], companies: CompanyIndex) -> Understanding:
        completed, how = self.complete(question, history, companies) if history else (question, "")
        completed = spelled_out(full_years(completed))  # "19年" is 2019; "wtd-avg" is weighted-average
        lang = language_of(completed)
        rules = [f"language={lang}"]
        intent = intent_of(completed)
        rules.append(f"intent={intent}")
        matches = companies.match(completed)
        periods = find_periods(completed)
        records = [r for m in matches for r in m.company.records]
        ref = reference_for(records, periods)
        if ref is not None:
            periods = resolve(periods, ref)
        periods = [_dated(p, records) for p in periods]
        terms = self.glossary.find(completed)
        codes = codes_of(completed)
        codes += [
            m.alias for m in matches if m.company.code and m.alias == m.company.code and m.alias not in codes
        ]
        analysis = QueryAnalysis(
            question=question,
            completed=completed,
            language=lang,
            intent=intent,
            companies=[m.company.name for m in matches],
            company_mentions=[m.alias for m in matches],
            periods=periods,
            codes=codes,
            keywords=self.analyzer.analyze(completed),
            line_items=line_items(terms),
        )
        recent = bool(_RECENT.search(completed)) and not periods
        if recent:
            rules.append("recent")
        statements = named_statements(completed)
        rules += [f"statement={s.key}" for s in statements]
        return Understanding(analysis, matches, ref, how, recent, rules, statements)
