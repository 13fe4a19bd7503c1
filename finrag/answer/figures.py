"""What a figure question needs of its evidence: a context chunk of the asked year that prints the asked
line item (else a refusal naming it), and for an extractive answer the sentences that state it."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from finrag.answer.asks import YES_NO
from finrag.answer.column_periods import HALF_YEAR, same_week_end
from finrag.answer.counterparty import asked_party, party_wordings
from finrag.answer.counts import ASKS_COUNT, count_focus, thing_focus
from finrag.answer.extractive import spans_of
from finrag.answer.gate_periods import COMPARATIVE_YEARS, PROSPECTUS_YEARS, report_covers
from finrag.answer.gate_words import named_rates, tax_named
from finrag.answer.lexicon import synonyms
from finrag.answer.numeric import asks_rate
from finrag.answer.owner_names import is_filer, subject_names
from finrag.answer.parts import owner_parts
from finrag.answer.peers import PEER_PRINTS, asks_peers, named_peer
from finrag.answer.periods import EN_DATE, MONTH_NAMES
from finrag.answer.query import AskedFor
from finrag.answer.quote_focus import Focus
from finrag.answer.stub_periods import item_wordings
from finrag.answer.subjects import subject_context, with_event_words
from finrag.answer.text import prints_any, terms
from finrag.answer.zh_qualifiers import ZH_FIRM
from finrag.config import AnswerSettings
from finrag.model import AccessScope, Chunk, Filters, Hit, SearchRequest, SearchResult
from finrag.retrieve.docfit import FORWARD
from finrag.retrieve.expand import load_glossary, load_translations

_WRITTEN_DATE = re.compile(
    rf"\b(?:as of |as at |on )?(?:{MONTH_NAMES})\s+\d{{1,2}},?\s+(?:19|20)\d{{2}}\b", re.I
)
# "排放总量是多少吨", "员工有多少人": a quantity in a unit of measure; sentences without one do not answer
_ASKS_UNIT = re.compile(r"多少\s*(吨标准煤|千瓦时|平方米|立方米|万吨|千瓦|吨|人|名|家|辆|台|套|户|岁)")
_RATE_WORDS = ("利率", "rate")  # what a sentence giving an interest rate calls it
# "员工总人数是多少": a count of people, in 人
_ASKS_HEADCOUNT = re.compile(r"(?:员工|职工|在职员工)(?:总)?(?:人数|总数)(?:是|为|有)?多少")
# "…市盈率是多少?保留2位小数。": a computed figure; a page that never prints the metric does not answer it
_ROUNDED = re.compile(r"保留\s*\d\s*位小数")


def _about_years(chunk: Chunk, years: list[int]) -> bool:
    """The chunk can hold figures of an asked year: its report's fiscal year covers it (with comparatives)
    or, undated, it prints the year."""
    y = chunk.meta.fiscal_year
    window = PROSPECTUS_YEARS if chunk.meta.doc_type == "prospectus" else COMPARATIVE_YEARS
    if any(re.search(rf"^\|\s*(?:fiscal\s+)?{year}\s*\|", chunk.text, re.M | re.I) for year in years):
        return True  # a schedule's row of the year ("| 2024 | 1,109 |" of debt maturities)
    if y is not None:
        return any(report_covers(y, year, window) for year in years)
    return any(str(year) in chunk.text for year in years)


def absent_line_items(asked: AskedFor, context: list[tuple[int, Chunk]]) -> list[str]:
    """The line items a figure question names when no context chunk of the asked years prints any wording
    of any of them ("net income" for Q3 2024 asked, only revenue and margins found): what is left to
    quote is about other figures."""
    named = [m for m in asked.line_items if m.concept]
    if asked.intent not in ("lookup", "calculation") or not named:
        return []
    text = " ".join(c.text for _, c in context if not asked.years or _about_years(c, asked.years))
    wordings = [w for m in named for w in (m.printed.lower(), *synonyms(m.concept))]
    if prints_any(_singular(text), [_singular(w) for w in wordings]):  # "Total provisions for credit losses"
        return []
    return [m.printed for m in named] + [str(y) for y in asked.years]


_PLURAL_S = re.compile(r"\b([a-z]{3,}?)e?s\b")


def _singular(text: str) -> str:
    """Lower-case text with English plural endings cut ("provisions" and "provision" read alike)."""
    return _PLURAL_S.sub(r"\1", text.lower())


# "how much <item> did/was …": the item a lexicon does not know, as the question words it
_HOW_MUCH_ITEM = re.compile(
    r"\bhow much\s+(?!(?:more|less|lower|higher|larger|smaller|bigger|greater|fewer|of|did|was|is)\b)"
    r"(?!(?:would|could|should|might|will|can|it|they|this|that)\b)"  # "how much would it have grown"
    r"(?P<item>[a-z][a-z ,&'-]{2,60}?)\s+"
    r"(?:did|does|do|has|have|had|was|were|is|are|will)\b",
    re.I,
)
# words joining an item's name, printed or not ("interest, net of amounts capitalized")
_GLUE = frozenset({"and", "of", "the", "net", "in", "on", "for", "to", "its", "their", "a", "an", "by"})
_HOW_MUCH = re.compile(r"是多少|多少元")  # an English question's year may date an event, not the figure
# "at December 31, 2020", "as of 7/30/22": the day a balance is asked at (a date naming an event is none)
_BALANCE_AT = re.compile(
    rf"\b(?:at|as of)\s+(?:(?:{MONTH_NAMES})\.?\s+\d{{1,2}},?\s+(?:19|20)\d{{2}}"
    r"|\d{1,2}/\d{1,2}/\d{2,4})",
    re.I,
)


_QUARTER_WORDS = {
    "Q1": ("first quarter", "q1", "1q", "第一季度", "一季度", "1-3月"),
    "Q2": ("second quarter", "q2", "2q", "第二季度", "二季度", "4-6月"),
    "Q3": ("third quarter", "q3", "3q", "第三季度", "三季度", "7-9月"),
    "Q4": ("fourth quarter", "q4", "4q", "第四季度", "四季度", "10-12月"),
}


# how a text words a half year ("2007年1-6月", "six months ended June 30")
_HALF_WORDS = ("1-6月", "1－6月", "1—6月", "上半年", "半年度", "6月30日", "six months", "first half", "h1")


def quarter_wordings(asked: AskedFor) -> tuple[str, ...]:
    """How a text words the quarters a question asks for (their ordinals, and any end date the question
    writes: "three months ended October 2, 2022"), lower case; () when it asks none."""
    half = HALF_YEAR.search(asked.question) is not None
    if not asked.quarters and not half:
        return ()
    dates = [m.group(0).lower() for m in EN_DATE.finditer(asked.question)]
    words = [w for q in asked.quarters for w in _QUARTER_WORDS.get(q, ())] + list(_HALF_WORDS if half else ())
    return tuple(dict.fromkeys([*words, *dates]))


_ASIDE = re.compile(r"[（(][^（()）]*[)）]")


# "annualized recurring revenue (ARR)": words the question glosses by the acronym a filing may print instead
_GLOSSED = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,5})\(([A-Z]{2,5})\)")


def _acronymed(words: str, question: str) -> tuple[str, bool]:
    """The words with those an acronym the question glosses spells replaced by the acronym ("cloud
    annualized recurring" of "Document Cloud annualized recurring revenue (ARR)": "cloud ARR"), and
    whether any were."""
    replaced = False
    for m in _GLOSSED.finditer(question):
        acronym = m.group(2)
        spelled = m.group(1).split()[-len(acronym) :]
        if "".join(w[0] for w in spelled).upper() != acronym:
            continue
        letters = {w.lower() for w in spelled}
        split = words.split()
        if letters & {w.lower() for w in split}:
            words, replaced = " ".join([*(w for w in split if w.lower() not in letters), acronym]), True
    return words, replaced


def extractive_inputs(
    asked: AskedFor, context: list[tuple[int, Chunk]], cfg: AnswerSettings
) -> tuple[str, list[tuple[int, Chunk]], Focus | None]:
    """What an extractive answer matches (the question with its event wordings), quotes from (the chunks
    about the question's subject) and, for a figure question, what a quoted sentence must print when any
    sentence does: a figure, a wording of the asked line item and the asked year ("Revenue for the third
    quarter of 2024 was $812 million", not the cover page)."""
    known = [w for m in asked.line_items if m.concept for w in item_wordings(m)]  # a known item's wordings
    words = list(known)
    glossed = [_acronymed(m.printed, asked.question) for m in asked.line_items]
    words += [w.lower() for w, replaced in glossed if replaced]  # "revenue" of "recurring revenue (ARR)"
    asides = [m.span() for m in _ASIDE.finditer(asked.question)]  # "（南岭民爆的全资子公司）": who, not what
    words += [
        m.printed.lower()
        for m in asked.line_items
        if not m.concept and not any(a <= m.start < b for a, b in asides)
    ]  # a row label ("注册资本")
    words += [w.lower() for w in asked.formula.keywords] if asked.formula else []  # "gross margin was 41.3%"
    one_year = asked.years[0] if len(asked.years) == 1 else None
    if FORWARD.search(asked.question):  # guidance for a year is told in the year before's report
        one_year = None
    # a part of the company ("Lockheed Martin's Space segment", "made in Canada"): only sentences naming it
    texts = [c for _, c in context]
    parts = tuple(owner_parts(asked, texts))
    # "What free cash flow did J&J generate in Q2 2023?": a sentence without the metric's name is no answer
    named_metric = asked.formula is not None and asked.formula.named and not YES_NO.search(asked.question)
    spread = len(asked.years) > 1 and not parts and not named_metric  # "in 2021 and 2022": any sentence
    figures = asked.intent in ("lookup", "calculation") and not spread and words
    # which kind of the item ("same-store" sales): no sentence printing it with the figure, no answer (the
    # company's total sales are another figure)
    kinds = tuple(_acronymed(k, asked.question)[0] for k in asked.qualifiers)
    # a Chinese figure of a company other than the filer (a subsidiary's 净利润): only sentences naming it
    # (English names are capitalised words of many kinds, and a filing names a segment's figures otherwise)
    named = subject_names(asked, texts) if asked.language == "zh" else []
    # a company's name, not a product's ("工业炸药"); a customer's Latin name ("REC MODULES PTE.LTD") too
    # (or any name, when the question names no indexed company: "普莱柯…", a peer a filing mentions)
    owners = tuple(
        n
        for n in named
        if ZH_FIRM.search(n) or (n.isascii() and not is_filer(n, asked, texts)) or not asked.companies
    )
    owners += parts
    # "是多少" of a year other than the reports' own: only a sentence printing that year's figure answers
    # (a sentence without a year speaks of its report's year)
    own_years = {c.meta.fiscal_year for _, c in context}
    elsewhen = one_year is not None and one_year not in own_years
    # (an English question's year may date an event, but a balance date it writes dates the figure)
    dated = _BALANCE_AT.search(asked.question) is not None
    how_much = elsewhen and (_HOW_MUCH.search(asked.question) is not None or dated)
    # "the third quarter of 2022" when no context chunk is that quarter's own report (whose sentences speak
    # of it without naming it): only a sentence naming the quarter answers
    own_report = any(
        c.meta.fiscal_period in asked.quarters and one_year in (None, c.meta.fiscal_year) for _, c in context
    )
    periods = quarter_wordings(asked) if figures and not own_report else ()
    # "for the three months ended June 30, 2023 alone": no six months' figure
    spans = spans_of(asked.question)
    focus = (
        Focus(
            [k.lower() for k in asked.formula.keywords] if named_metric and asked.formula else words,
            one_year,
            kinds=kinds,
            strict=bool(kinds or owners or how_much or periods or named_metric or spans),
            owners=owners,
            periods=periods,
            spans=spans,
            # (English filings only: an English question over a Chinese one reads its Chinese rows)
            mentions=tuple(known) if all(c.meta.language == "en" for c in texts) else (),
        )
        if figures
        else count_focus(asked, one_year)
        if ASKS_COUNT.search(asked.question)
        else None
    )
    names = [e.lower() for e in asked.entities]
    topic = tuple(
        t
        for t in terms(_ROUNDED.sub(" ", asked.question))
        if not any(t in n or n in t for n in names) and not t.isdigit() and "年" not in t  # not periods
    )
    if unit := _ASKS_UNIT.search(asked.question):
        focus = Focus([], one_year, unit.group(1), topic, strict=True)
    elif asks_rate(asked.question):  # "年利率多少": a percentage printed with what it is of
        focus = Focus(list(_RATE_WORDS), one_year, "%", topic, strict=True)
    elif _ASKS_HEADCOUNT.search(asked.question):
        focus = Focus([], one_year, "人", topic, strict=True)
    elif asked.language == "zh" and _ROUNDED.search(asked.question) and topic:
        focus = Focus(list(topic), one_year, strict=True)
    if not (focus and focus.count):  # "how many customer transactions did …": those, not any figure
        focus = thing_focus(asked, one_year) or focus
    if focus is not None and focus.count:  # "how many people … in its AWS segment": counted there
        counted_in = owner_parts(replace(asked, intent="lookup"), [c for _, c in context])
        focus = replace(focus, owners=tuple(dict.fromkeys([*focus.owners, *counted_in])))
    # "2007年…市场占有率": a sentence printing the rate with that year's figure
    if focus is None and asked.intent in ("lookup", "text") and (rates := named_rates(asked)):
        focus = Focus([tax_named(r.lower()) for r in rates], one_year, strict=True)  # "房产税率": its row
    if (
        (focus is None or not (focus.wordings or focus.strict))
        and asked.language == "en"
        and not asked.line_items
        and (how := _HOW_MUCH_ITEM.search(asked.question))
    ):
        # "How much restructuring and related cost did X record …": a sentence or row printing each of its
        # words ("Restructuring and related costs"; "Interest paid, net of amounts capitalized"), or none
        spelled = tuple(w for w in re.findall(r"[a-z][a-z-]+", how.group("item").lower()) if w not in _GLUE)
        focus = (
            Focus([], one_year, kinds=spelled, strict=True, periods=_unreported_day(asked, texts))
            if spelled
            else focus
        )
    # "截至2007年12月31日…对外担保余额" (an English "as of" may date an event instead)
    if focus is None and asked.language == "zh" and (day := _unreported_day(asked, texts)):
        focus = Focus([], one_year, strict=True, periods=day)
    if (party := asked_party(asked)) is not None:  # no table ranks them: a sentence naming the largest one
        focus = Focus(party_wordings(party), one_year, strict=True)
    if asks_peers(asked):  # "同行业可比上市公司…的平均资产负债率": never the filer's own row
        peer = named_peer(asked)  # "竞争对手横店东磁": printed with its name too, else nothing
        focus = replace(focus or Focus([], one_year), peers=PEER_PRINTS, strict=True)
        focus = replace(focus, owners=(*focus.owners, peer)) if peer else focus
    if focus is not None and asked.scope == "parent":  # no parent row, no figure (the group's is not it)
        focus = replace(focus, parent_only=True, strict=True)
    chunks = subject_context(asked, context, cfg)
    return _with_synonyms(with_event_words(_without_company(asked, chunks)), asked, chunks), chunks, focus


def _unreported_day(asked: AskedFor, chunks: list[Chunk]) -> tuple[str, ...]:
    """The balance day a question writes ("at November 30, 2019") when no retrieved report closes on it: a
    quoted figure must print that day (a report's own day is the date its sentences speak of unwritten)."""
    m = _BALANCE_AT.search(asked.question) or _ZH_BALANCE_AT.search(asked.question)
    if m is None or not asked.dates:
        return ()
    if any(c.meta.period_end and same_week_end(c.meta.period_end, d) for c in chunks for d in asked.dates):
        return ()
    return (re.sub(r"^(?:at|as of|截[至止])\s*", "", m.group(0), flags=re.I).lower(),)


_ZH_BALANCE_AT = re.compile(r"截[至止]\s*(?:19|20)\d{2}年\d{1,2}月\d{1,2}日")  # "截至2007年12月31日"


def _with_synonyms(question: str, asked: AskedFor, context: list[tuple[int, Chunk]]) -> str:
    """An English question word no context chunk prints ("topline") is looked for by its glossary synonyms
    ("net revenues"), so the sentence that answers it in the filing's own words can be quoted; over a
    Chinese filing, by its Chinese ones ("government grants": 政府补助)."""
    if asked.language != "en":
        return question
    text = " ".join(c.text for _, c in context).lower()
    chinese = bool(context) and all(c.meta.language == "zh" for _, c in context)
    extra = [
        t
        for m in (load_translations() if chinese else load_glossary()).find(question)
        if m.term.lower() not in text
        for t in m.concept.same_language("zh" if chinese else "en")
        if t.lower() in text
    ]
    return " ".join([question, *dict.fromkeys(extra)])


_ZH_LEGAL_NAME = re.compile(r"[\u4e00-\u9fff]{2,20}?(?:股份有限公司|有限责任公司|有限公司)")


def _without_company(asked: AskedFor, context: list[tuple[int, Chunk]]) -> str:
    """An English question without the company it names: the name chose the filing, and inside it every
    biography and cover line repeats it ("Benson joined General Mills in 2001" for "the operating segments
    of General Mills"). Chinese questions keep theirs: there a name is often the subject asked about."""
    text = asked.question
    chunks = [c for _, c in context]  # a product or person the question names stays
    if asked.language != "en":  # but the filer's own legal name ("四方科技集团股份有限公司的注册地址") goes
        rest = text  # when what is left names something the context prints ("注册地址")
        for m in _ZH_LEGAL_NAME.finditer(text):
            if any(is_filer(e, asked, chunks) for e in asked.entities if e in m.group(0)):
                rest = rest.replace(m.group(0), " ")
        printed = " ".join(c.text for c in chunks)
        return rest if any(t in printed for t in terms(rest)) else text
    names = {e for e in asked.entities if is_filer(e, asked, chunks)}
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}(?:'s|’s)?\b", " ", text)
    return _WRITTEN_DATE.sub(" ", text)  # "as of August 30, 2023" dates the answer, it is not its topic


def beyond_context(context: list[tuple[int, Chunk]], evidence: list[Hit]) -> list[tuple[int, Chunk]]:
    """The evidence chunks the context left out, numbered after it (for an extractive answer that found
    nothing to quote in the context, or hits of a search made again)."""
    shown = {c.chunk_id for _, c in context}
    later = {h.chunk.chunk_id: h.chunk for h in evidence if h.chunk.chunk_id not in shown}
    return [(len(context) + i + 1, c) for i, c in enumerate(later.values())]


SEARCH_AGAIN_DOCS = 2  # retrieved documents searched once more (prose for a text question, a part's table)


def search_again(
    query: str,
    context: list[tuple[int, Chunk]],
    access: AccessScope,
    search: Callable[[SearchRequest], SearchResult],
    k: int,
    kinds: list[str] | None = None,
) -> list[tuple[int, Chunk]]:
    """The chunks (of ``kinds``, any when None) of the best retrieved documents that a second search for
    ``query`` finds, numbered after the context: the prose a text question's best chunks lacked (a diagram's
    or a table's under the right heading: "主要产品的工艺流程图" for "主营业务是什么"), a part's own table."""
    docs = list(dict.fromkeys(c.doc_id for _, c in context))[:SEARCH_AGAIN_DOCS]
    if not docs:
        return []
    result = search(SearchRequest(query, k, Filters(access=access, doc_ids=docs, kinds=kinds or [])))
    return beyond_context(context, result.hits)
