"""What a question asks for, as far as the answer stage needs it (language, intent, periods, line items,
formula, rounding, scope, company names).

This is the light fallback used until/unless the retriever's QueryAnalysis fills these in; where an
analysis is given, its fields win. Kept in one module so that it can be replaced.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from finrag.answer.analysis_items import analysis_items, outside_names
from finrag.answer.asked import AskedFor
from finrag.answer.asked_periods import read_periods
from finrag.answer.asked_quarters import quarters_summed, sums_periods
from finrag.answer.asks import (
    asked_places,
    asks_amount,
    asks_reason,
    asks_wording,
    compared_items,
    compared_parts,
    compared_quarters,
    compares_periods,
    threshold_asked,
    typed_tersely,
)
from finrag.answer.calc import FORMULAS, asks_change_amount, detect_formula
from finrag.answer.definition import Definition, find_definition
from finrag.answer.definition_fit import (
    as_margin,
    as_share,
    bracketed_share,
    growth_on_dates,
    sum_share,
    with_named_totals,
    with_period_operands,
)
from finrag.answer.definition_terms import Term
from finrag.answer.formula_base import Formula
from finrag.answer.formula_words import driven_spans
from finrag.answer.formulas import BY_HOW_MUCH, GROWTH_FORMULAS
from finrag.answer.labelled_chunks import quoted_rows
from finrag.answer.lexicon import LineItemMatch, find_line_items, normalise
from finrag.answer.lower_names import recased
from finrag.answer.names import company_names
from finrag.answer.qualifiers import (
    deducted_items,
    glossed_kinds,
    item_qualifiers,
    part_qualifiers,
    share_whole,
)
from finrag.answer.ranked import fair_value_kind, zh_top_ranked
from finrag.answer.row_asks import compared_sides, zh_sold_kind
from finrag.answer.sources import asked_items, without_places, without_source_sentences, without_sources
from finrag.answer.text import CJK
from finrag.answer.tickers import leading_ticker, without_ticker
from finrag.answer.zh_qualifiers import (
    aging_brackets,
    glossed_parts,
    outside_parts,
    provision_asked,
    zh_item_qualifiers,
    zh_parts_after,
    zh_projects,
    zh_quoted,
)
from finrag.model import Chunk, QueryAnalysis

_IN_PERCENT = re.compile(r"\(in %\)|in (?:units of )?percents?\b|\bpercentage\b|百分比", re.I)
# "did goodwill rise or fall during fiscal 2019, and by how much?": the change, either way
_WHICH_WAY = re.compile(
    r"\b(?:rise or fall|increase or decrease|go up or down|grow or shrink|rise or decline)\b"
    r"[^?]*\bby how much\b",
    re.I,
)
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_CHARS_PER_ZH_WORD = 2  # Chinese words are about two characters: the unit the English words are counted in
_GREETINGS = re.compile(
    r"^\s*(?:你好|您好|嗨|哈喽|早上好|下午好|晚上好|谢谢|多谢|感谢|再见|你是谁|hi|hello|hey|thanks|thank you|"
    r"good (?:morning|afternoon|evening)|bye|who are you)[\s!！。.?？,，~]*$",
    re.I,
)
_ZH_NAME_LEAD = 6  # characters of an item ("主营业务") a defined name may open with after "的"
_CHANGE_WORDS = ("变化", "变动")
_OVER_YEARS = re.compile(r"一共|总共|共计|加起来")  # a sum over the years asked, never one item's 合计 row
# "三个年度的现金分红合计", "三年…累计": the years counted out, then their total (never 累计折旧/累计增长)
_YEARS_TOTAL = re.compile(
    r"[两二三四五六七八九十\d]\s*个?(?:会计)?年度?[^，。？?]{0,40}?(?:合计|累计|总计)(?!增长|折旧|摊销)"
)
# "Are JnJ's FY2022 financials that of a high growth company?": answered with its revenue growth
_HIGH_GROWTH = re.compile(r"\bhigh[- ]growth\b", re.I)


# "the parent company's operating revenue" (not the parent's owners' share of the group's profit);
# "parent-co", "parent-company-only"
_PARENT_ONLY = re.compile(
    r"(?<!attributable to )(?<!attributable to the )(?<!owners of )(?<!owners of the )"
    r"\b(?:the )?parent(?:[- ](?:company|co\b\.?))?(?:[- ]only)?(?:['’]s)? "
    r"(?:own |stand-?alone )?(?!shareholders|stockholders|owners|equity|company shareholders)",
    re.I,
)


def language_of(text: str) -> str:
    """Chinese when its characters outnumber the English words: an English question glossing a name in
    Chinese ("Jiangsu Akcome Solar's (江苏爱康太阳能) financial expenses (财务费用)") stays English."""
    words = len(CJK.findall(text)) / _CHARS_PER_ZH_WORD
    return "zh" if words and words >= len(_LATIN_WORD.findall(text)) else "en"


_MOVEMENT_ASKED = re.compile(r"本[期年](?:增加|减少)了?(?:多少|的金额|金额)")


def _in_formula(item: LineItemMatch, text: str, formula: Formula) -> bool:
    """``item`` is written inside the name of the formula asked ("growth rate" of "compound annual growth
    rate")."""
    low = text.lower()
    spans = [(m.start(), m.end()) for k in formula.keywords for m in re.finditer(re.escape(k.lower()), low)]
    return any(a <= item.start < b for a, b in spans)


def change_asked(text: str) -> Formula | None:
    """The change a question asks of its item ("by how much did the deferred tax liability shrink"): its rate
    when asked in percent ("… change? Percent, two decimals", "by how much (in percent)"), else the
    difference; None when it asks none."""
    if not (BY_HOW_MUCH.search(text.lower()) or _WHICH_WAY.search(text)):
        return None
    rate = _PERCENT_ANSWER.search(text) or _IN_PERCENT.search(text)
    return FORMULAS["yoy_growth" if rate else "difference"]


def is_chitchat(text: str) -> bool:
    return bool(_GREETINGS.match(text))


def analyze(
    question: str, analysis: QueryAnalysis | None = None, retrieved: Sequence[Chunk] = ()
) -> AskedFor:
    """The fallback reading of ``question``; fields the retriever's ``analysis`` holds take precedence; the
    ``retrieved`` chunks tell the names a terse question types in lower case ("in japan")."""
    text = analysis.completed if analysis else question
    lang = language_of(text)  # an English question glossing a name in Chinese is answered in English
    text = provision_asked(recased(text, lang, retrieved))  # "costco … in japan": Costco's, in Japan
    asked = AskedFor(question=text, language=lang, intent="text")
    if is_chitchat(text) or (analysis is not None and analysis.intent == "chitchat"):
        asked.intent = "chitchat"
        return asked
    read_periods(asked, text, analysis.periods if analysis else [])
    full, text = text, without_source_sentences(text)  # "… ? Use the … column of the … table.": where to read
    asked.question = text
    entities = company_names(text, lang)
    asked.line_items = find_line_items(text)
    if analysis:  # the retriever's items the lexicon missed, where the question writes them as rows
        asked.line_items += analysis_items(asked.line_items, analysis.line_items, text, entities)
    asked.line_items = asked_items(asked.line_items, text)  # not where to read, nor what a total holds
    asked.line_items = outside_names(asked.line_items, text, entities)  # "Cash" of "Cash App" is no item
    if not asked.line_items and lang == "en" and (whole := share_whole(text)):  # "… total debt consisted of"
        asked.line_items = [whole]
    asked.formula = detect_formula(without_places(text))  # "… in its working capital table": where to read
    formula = asked.formula
    if formula is not None and formula.named and driven_spans(text.lower(), formula.keywords):
        asked.formula, asked.line_items = None, []  # "the raw material impact on operating margin": no ratio
    if asked.formula is None and asked.line_items:
        asked.formula = change_asked(text)
    # "非经常性损益合计比2018年减少了多少元": one item's total row, its change
    one_total = asked.formula is not None and asked.formula.name == "sum" and len(asked.line_items) <= 1
    if (
        (asked.formula is None or one_total)
        and (asked.line_items or one_total)
        and lang == "zh"
        and asks_change_amount(text)
        and "是多少" not in text
    ):
        asked.formula = FORMULAS["difference"]  # "比上年减少了多少元": the change, not the two years' figures
    if asked.formula is None and len(asked.dates) >= 2 and asked.language == "en" and _COMPARED.search(text):
        asked.formula = FORMULAS["difference"]  # "how did X at June 30 compare with December 31": by how much
    if asked.formula is not None and asked.formula.name == "difference" and _IN_PERCENT.search(text):
        asked.formula = FORMULAS["yoy_growth"]  # "the change in operating profit (in %)" is a growth rate
    if growth_on_dates(text):  # "变动率=(本期-上期)/上期": the item's growth, however it is asked
        asked.formula = FORMULAS["yoy_growth"]
    if (formula := asked.formula) is not None:  # "compound annual growth rate": its words name no row
        asked.line_items = [m for m in asked.line_items if m.concept or not _in_formula(m, text, formula)]
    if (
        asked.formula is not None
        and asked.formula.name == "difference"
        and any(w in text for w in _CHANGE_WORDS)
        and not asks_amount(text)
    ):
        asked.formula = None  # "主营业务是否发生过变化": whether it changed, not by how much
    if asked.formula is not None and asked.formula.name == "difference" and _MOVEMENT_ASKED.search(text):
        asked.formula = None  # "…本期增加了多少": a note's 本期增加 column, printed, no two balances' change
    # "2008到2010年三年一共", "三个年度的现金分红合计": a sum over the years asked
    years_summed = len(asked.years) >= 2 and bool(_OVER_YEARS.search(text) or _YEARS_TOTAL.search(text))
    if (
        asked.formula is not None
        and asked.formula.name == "sum"
        and len(asked.line_items) == 1
        and len(set(asked.quarters)) < 2  # "第三季度和第四季度…合计": the quarters' sum
        and not years_summed
    ):
        asked.formula = None  # "非经常性损益合计", "in total": one item's total, no sum of items
    if asked.formula is None and len(asked.line_items) == 1 and years_summed:
        asked.formula = FORMULAS["sum"]  # "2008—2010年三年…累计": the years' sum
    if asked.formula is None and len(asked.line_items) == 1 and quarters_summed(text):
        asked.formula = FORMULAS["sum"]  # "2019年下半年的净利润": its third and fourth quarters
    if lang == "en" and _HIGH_GROWTH.search(text) and not asked.line_items:  # its revenue growth tells
        asked.formula = FORMULAS["yoy_growth"]
        asked.line_items = [LineItemMatch("revenue", "revenue", len(text))]
    if asked.formula is not None:  # "year-over-year" names the calculation, not a row to look up
        words = {k.lower() for k in asked.formula.keywords}
        asked.line_items = [m for m in asked.line_items if m.concept or m.printed.lower() not in words]
    asked.places = asked_places(full)  # "Use the … table and round to two decimals."
    parent = ("母公司" in full and "归属于母公司" not in full) or _PARENT_ONLY.search(full) is not None
    asked.scope = "parent" if parent else "consolidated"
    asked.companies = list(analysis.companies) if analysis else []
    mentions = asked.mentions = list(analysis.company_mentions) if analysis else []  # "xiamen anne"
    asked.section_titles = list(analysis.section_titles) if analysis else []
    asked.entities = entities
    asked.definition = as_share(as_margin(find_definition(text), text), text) or (
        bracketed_share(text) if lang == "zh" else sum_share(text)
    )
    if asked.definition is not None and lang == "en" and growth_on_dates(text):
        asked.definition = None  # "Growth = (end-2005 − end-2004) / end-2004": the item's growth on two dates
    if sums_periods(asked.definition):
        asked.definition = None  # "下半年合计=第三季度(7-9月)+第四季度(10-12月)" sums periods, read as such
    if asked.definition is not None:  # "应付账款…增长率=(期末余额-期初余额)/期初余额": the item asked
        own = {t.item.printed for t in asked.definition.terms}
        # "研发费用中“委托外部研究开发投入”…增长率=(本期发生额-上期发生额)/上期发生额": the quoted row first
        quoted = [LineItemMatch("", q, text.find(q)) for q in zh_quoted(text)] if lang == "zh" else []
        asked.definition = with_period_operands(
            with_named_totals(asked.definition, text),
            [*quoted, *(m for m in asked.line_items if m.printed not in own)],
        )
    if asked.definition is None:  # a question's own formula names its operands itself
        if lang == "en":  # "Based on the recast continuing-operations sales in J&J's 8-K, …": where to read
            kinds_in = without_sources(text)  # same offsets, no kinds in "Based on … 8-K," or "including …"
            found = item_qualifiers(kinds_in, _item_starts(asked), _filer_words(asked)) + glossed_kinds(
                kinds_in
            )
            named = asked.formula is not None and asked.formula.named  # "gross margin on power products"
            found += glossed_parts(
                kinds_in, asked.line_items, [*_filer_words(asked), *asked.entities], measured=named
            )
            found += part_qualifiers(kinds_in) + fair_value_kind(text, asked.line_items)
            found = [k for k in (without_ticker(k, text, asked.companies) for k in found) if k]
            asked.line_items = deducted_items(asked.line_items, found)
        else:  # "非洲猪瘟疫苗的销售收入", "罐式集装箱产品的毛利率": any row or ratio named, not a company's
            names = [*_filer_words(asked), *asked.entities]
            starts = sorted({m.start for m in asked.line_items} | set(_item_starts(asked)) | _again(asked))
            found = zh_item_qualifiers(text, starts, names) + zh_quoted(text) + aging_brackets(text)
            found += zh_parts_after(text, asked.line_items, rows=True) + zh_projects(text, asked.line_items)
            found += zh_top_ranked(text, asked.line_items)  # "前五名应收账款汇总金额": not the balance
            found += zh_sold_kind(text, asked.line_items)  # "罐式集装箱卖了多少钱": its revenue row
            found += part_qualifiers(text)  # also in a mixed question
            asked.line_items = outside_parts(text, asked.line_items, found)
        # "common stock repurchases … than on common stock cash dividends": the words open an item the
        # question names whole, so they are its name's, no kind of the other item
        opening = [m.printed.lower() for m in asked.line_items]
        found = [q for q in found if not any(o.startswith(f"{q} ") for o in opening)]
        # "main-business gross margin (主营业务毛利率)": an English question's Chinese gloss of the ratio
        # asked names it, no kind of it (a gloss of a part, "property tax (房产税)", is one)
        keywords = asked.formula.keywords if asked.formula else ()
        glosses = {g for g in _CJK_GLOSS.findall(text) if lang == "en" and any(w in g for w in keywords)}
        asked.qualifiers = [q for q in dict.fromkeys(found) if q not in glosses]
    elif lang == "zh" and (at := text.find(asked.definition.name)) > 0:
        # "罐式集装箱的产销率": the kind written before the defined name is its operands' kind too, also
        # before the item the name opens with ("磁性材料及器件类产品的主营业务毛利率")
        terms = [t.item.printed for t in asked.definition.terms]
        of = text.rfind("的", max(0, at - _ZH_NAME_LEAD), at) + 1
        before = [m.start for m in asked.line_items] + [text.find(t) for t in terms]  # "…的销售收入比…"
        heads = sorted({at, of, *(s for s in before if 0 < s < at)} - {0})
        kinds = zh_item_qualifiers(text, heads, [*_filer_words(asked), *asked.entities])
        kinds += zh_quoted(text) + zh_projects(text, asked.line_items)  # "募投项目“…项目”…的销售净利率"
        kinds += zh_parts_after(text, asked.line_items, rows=True)  # "存货中，在产品的账面余额…增长率="
        asked.qualifiers = [k for k in kinds if not any(t in k for t in terms)]  # "A占B的比例" names no kind
        asked.definition = _zh_part_operands(text, asked.definition, asked.line_items)
    if lang == "en":  # "how much did 'foreign currency translation adjustment and other' change …": that row
        asked.line_items = [*_quoted_labels(text, asked.line_items), *asked.line_items]
    growth = asked.formula is not None and asked.formula.name in GROWTH_FORMULAS
    if lang == "zh" and growth and not asked.line_items and asked.definition is None:
        # "“收到的税费返还”较2009年度增长了多少？增长率=(2010年度−2009年度)/…": the quoted row is the item
        rows = zh_quoted(text)
        asked.line_items = [LineItemMatch("", r, text.find(r)) for r in rows]
        asked.qualifiers = [q for q in asked.qualifiers if q not in rows]
    if asked.definition is not None or (
        asked.formula is not None and (asked.line_items or asked.formula.named)
    ):
        asked.intent = "calculation"
    elif asked.line_items and (
        asks_amount(text)
        or typed_tersely(
            text,
            [*asked.entities, *asked.companies, *mentions, *leading_ticker(text, asked.companies)],
            [m.printed for m in asked.line_items],
        )
        or threshold_asked(text, lang) is not None  # "Did its net income exceed $1 billion?"
        or compares_periods(text, lang, len(asked.years))
        or compared_quarters(text, lang, asked.quarters, len(asked.years)) is not None
        or compared_items(text, lang, asked.line_items, len(asked.years))
        or compared_parts(text, lang, _parts_named(asked), len(asked.line_items)) is not None
        or compared_sides(text, lang, asked.qualifiers) is not None  # "境外地区的营业收入是否高于境内地区"
    ):
        asked.intent = "lookup"
    if asks_reason(text) or asks_wording(text):  # "…年报解释的主要原因是什么？": the text says why
        asked.intent = "text"  # (or whose name: "What is the name of the customer that accounted for …")
    # "“关停小火电的风险”是指什么？涉及多少装机容量？": a passage to quote, its figures with it (a row label
    # such as 风险因素 names where to read, no statement figure)
    if asked.intent == "lookup" and _DESCRIBED.search(text) and not any(m.concept for m in asked.line_items):
        asked.intent = "text"
    return asked


_CJK_GLOSS = re.compile(r"[（(]([\u4e00-\u9fff]{2,20})[)）]")


def _quoted_labels(text: str, items: list[LineItemMatch]) -> list[LineItemMatch]:
    """Row labels an English question quotes as printed, in lower case and of two words or more, that no item
    read already is ("'foreign currency translation adjustment and other'"); titles and names are
    capitalised."""
    read = {normalise(m.printed) for m in items}
    out: list[LineItemMatch] = []
    for q in quoted_rows(text):
        at = text.find(q)
        asked = _HOW_MUCH_DID.search(text, 0, max(at - 1, 0))  # the figure asked is the row's own
        if asked and q[:1].islower() and len(q.split()) >= MIN_QUOTED_WORDS and normalise(q) not in read:
            out.append(LineItemMatch("", q, at))
    return out


_HOW_MUCH_DID = re.compile(r"\bhow much (?:did|does|do|was|were|is|are)\s*$", re.I)


MIN_QUOTED_WORDS = 2  # a quoted single word is a term ("'adjusted'"), not a row's label


# "…? Percent, two decimals", ", in percent?": the answer asked as a rate, not an amount (nor in points)
_PERCENT_ANSWER = re.compile(
    r"[?,]\s*(?:answer|give|express|state)?\s*(?:it\s+|the\s+answer\s+)?(?:in\s+|as\s+a\s+)?percent(?:age)?s?\b"
    r"(?!\s+points?)",
    re.I,
)
_DESCRIBED = re.compile(r"是指什么|指的是什么|是怎样的|是怎么说的|具体内容|有哪些|涉及哪些|包括哪些")
_COMPARED = re.compile(r"\bcompare[ds]?\b|\bchange[ds]?\b|\bversus\b|\bvs\b", re.I)


def _zh_part_operands(text: str, definition: Definition, items: list[LineItemMatch]) -> Definition:
    """Operands read as the part of their item the question names ("存货中，在产品的账面余额…增长率=": the
    在产品 row of the 存货 note, not 存货)."""
    spelled = text[text.find("=") :] if "=" in text else ""  # "比重=职工薪酬/销售费用合计": its own operands
    for item in items:
        for part in zh_parts_after(text, [item], rows=True):
            if part in spelled:
                continue  # the definition names the part as an operand of its own, beside the whole
            row = LineItemMatch("", part, item.start, within=item.concept)
            tokens = [
                replace(t, item=row) if isinstance(t, Term) and t.item.printed == item.printed else t
                for t in definition.tokens
            ]
            definition = replace(definition, tokens=tokens)
    return definition


def _again(asked: AskedFor) -> set[int]:
    """Where an item is written a second time ("研发投入中，用于罐式集装箱业务的研发投入"): the part asked is
    written before that one."""
    return {
        at
        for m in asked.line_items
        if m.printed and (at := asked.question.find(m.printed, m.start + len(m.printed))) >= 0
    }


def _item_starts(asked: AskedFor) -> list[int]:
    """Where the question writes its line items and the name of a formula with operands of its own
    ("operating margin")."""
    low = asked.question.lower()
    starts = [m.start for m in asked.line_items if m.concept and m.start > 0]
    formula = asked.formula
    keywords = formula.keywords if formula is not None and formula.named else ()  # not "growth"
    return starts + [i for k in keywords if (i := low.find(k.lower())) > 0][:1]


def _parts_named(asked: AskedFor) -> list[str]:
    """Names other than the company's own ("Amazon" of "Amazon.com" is the whole, not a part)."""
    return [e for e in asked.entities if not any(e.lower() in c.lower() for c in asked.companies)]


def _filer_words(asked: AskedFor) -> list[str]:
    """Names that are the company's own: the matched companies and each name's first word ("J&J" of "J&J
    MedTech"; its product or segment follows)."""
    return [*asked.companies, *(e.split()[0] for e in asked.entities if e.split())]
