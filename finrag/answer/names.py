"""Company-like names a question writes, matched or not against the index: full legal names, the name
next to a year ("四方科技2019年…", "2019年四方科技的…"), capitalised English names. The gate checks them
against the documents (a name no document covers is refused), so a guess must never be a piece of a word."""

from __future__ import annotations

import re
from collections.abc import Callable

import rjieba

from finrag.answer.calc import detect_formula
from finrag.answer.lexicon import concept_of, find_line_items
from finrag.answer.periods import MONTHS, YEAR
from finrag.retrieve.expand import GLOSSED_NAME, ZH_GLOSS

# full names end in a company form; a state-owned factory's in 厂 ("湖南省南岭化工厂"); a short name is
# whole before its stock code ("金瑞科技（600390）")
_ZH_COMPANY_FULL = re.compile(
    r"([\u4e00-\u9fff]{2,30}?(?:股份有限公司|有限责任公司|有限公司|总公司|[（(]集团[)）](?:有限)?公司|集团"
    r"|[省市][\u4e00-\u9fff]{2,10}厂)"
    r"|[\u4e00-\u9fff]{2,12}(?=[（(]\d{6}[)）]))"
)
# a group's institute, whole ("中钢集团鞍山热能研究院": another body than the group's listed "中钢集团…科技")
_ZH_INSTITUTE = re.compile(
    r"((?:(?!公司)[\u4e00-\u9fff]){2,20}?集团(?:(?!公司)[\u4e00-\u9fff]){2,10}?(?:研究院|研究所|设计院))"
)
# a subsidiary's short name after what it is to the filer ("控股子公司通力磁材公司")
_ZH_SUBSIDIARY = re.compile(
    r"(?:子|孙|参股)公司([\u4e00-\u9fff]{2,10}?)(?<!有限)(?<!股份)(?<!集团)公司"
    r"|(?:子|孙|参股|联营|合营)公司([\u4e00-\u9fff]{2,8}?)(?=(?:19|20)\d{2}\s*年)"  # "参股公司安县纸业2007年"
)
# a counterparty the filer owes or is owed by, named before its balance ("应付股东马矿院的其他应付款"): its
# own row of the related parties' balances, never the filer's whole item
_ZH_COUNTERPARTY = re.compile(
    r"(?:应付|应收|欠)(?:控股股东|股东|关联方)(?P<name>[\u4e00-\u9fff]{2,8}?)的(?=[^，。？?]{0,8}(?:款|余额|金额))"
)
_ZH_ENTITY_NEAR_YEAR = [
    # the name opens the question: "国电电力截至2006年末…"
    re.compile(r"^([\u4e00-\u9fffA-Za-z]{2,10}?)(?:在|截至|截止|于)?(?:19|20)\d{2}(?:[—–~-](?:19|20)\d{2})?年"),
    re.compile(
        r"(?:19|20)\d{2}年(?:度|末|初|底|间)?(?:的)?([\u4e00-\u9fff]{2,10}?)(?:的|在|公司|年报|企业名称|是什么|[，,。？?])"
    ),
    re.compile(r"(?:19|20)\d{2}年(?:度|末|初|底|间)?(?:的)?([\u4e00-\u9fff]{4})"),
    # a short name by its suffix right before the year: "可比上市公司东港股份2007年度"
    re.compile(
        r"(?:^|公司|[，,、的])([\u4e00-\u9fff]{2,4}(?:股份|集团|控股|科技|电力))(?:在|截至|截止|于)?(?:19|20)\d{2}年"
    ),
    # (not a month's tail: "2006年1—6月比2005年度")
    re.compile(r"(?<![\d—–-])([\u4e00-\u9fffA-Za-z]{2,10}?)(?:在|截至|截止|于)?(?:19|20)\d{2}年"),
    # a terse question's two-digit year: "南岭股东中人爆破05年净利润多少"
    re.compile(r"(?<![\d—–-])([\u4e00-\u9fffA-Za-z]{2,10}?)\d{2}年"),
    re.compile(r"[，,、\s]([\u4e00-\u9fffA-Za-z]{2,16}?)的"),
    re.compile(r"^([\u4e00-\u9fff]{2,10}?)(?:公司|股份|集团|在|的)"),
    # a company named right after the document it is read from: "天源招股书里中钢钢铁公司05年…"
    re.compile(r"(?:招股意向书|招股说明书|招股书|年度报告|年报)[中里]([\u4e00-\u9fff]{2,12}?公司)"),
    # the name opens the question before the document it asks from: "天源科技招股意向书中，…"
    re.compile(
        r"^([\u4e00-\u9fffA-Za-z]{2,10}?)(?:公开)?(?:增发)?(?:招股意向书|招股说明书|招股书|年度报告|年报)"
    ),
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Question-template words that never belong to a company name ("中标事件对应的…", "下文中发生的…")
_SHARE_OF = ("占", "比例", "比重")  # "上网电量占发电量的比例": a share of two measures, no name
_NOT_IN_ENTITY = (
    *("事件", "对应", "下文", "发生", "哪些", "什么", "多少", "情况", "是谁", "哪家", "哪位", "哪个"),
    *("是否", "是不是"),  # "2007年是不是比2006年低": a yes/no turn, no name
    *("把", "怎么", "了"),  # "能把猪的…", "股份是怎么来的", "累计降了": a verb's particles, no name
    *("最大", "最小", "最高", "最低", "最多", "最少"),  # "合同中，金额最大的是哪一份": a superlative, no name
    # roles a question asks about ("金宇生物2020年的董事长是谁"), never part of the company's name
    *("董事长", "总经理", "董事会", "控股股东", "实际控制人", "法定代表人", "会计师事务所"),
    *("前五名", "前五大", "前十名", "第一名", "第一大"),  # "向前五名客户的销售额": a ranking, no name
    *("募投", "募集资金", "募资"),  # "爱康募投的…项目": the offering's projects, not part of the name
    *("招股书", "意向书", "说明书", "年报"),  # "天源招股书里中钢钢铁公司…": the document read, no name
    *("基期", "复合", "均复", "几倍"),  # "以2008年为基期", "年均复合增长率", "是2009年的几倍": how asked
    *_SHARE_OF,
)


# Short names are mostly 4 characters ("四方科技"); a longer run after a year is name + topic
_SHORT_NAME_CHARS = 4
_MIN_LATIN_NAME = 4  # "AI", "A股", "EPS" inside Chinese questions are not names
_SHORT_NAME_MAX = 6
_SPLIT = re.compile(r"[和与及、]")
# what stands before a name in a question: its year, a clause, an instruction, or what the company is to
# the filer ("全资子公司金宇保灵生物药品有限公司", "控股股东…")
_PREFIX = re.compile(
    r"^.*(?:年(?:度|末|初|底|间)?|，|,|的|根据|针对|介绍|分析|描述|提供|请问|请)"
    r"|^(?:全资|控股|参股)?(?:子公司|孙公司|股东|客户|供应商)|^控股股东"
    # "X母公司对全资子公司Y": Y is the name
    r"|^.{2,12}?(?:母公司)?对(?:其)?(?:全资|控股|参股)?(?:子公司|孙公司|联营企业|合营企业|股东|关联方)"
    r"|^.{2,12}?母公司对"  # "金宇生物母公司对辽宁益康生物股份有限公司的长期股权投资"
    r"|^.{2,8}?(?:控股)?股东(?=.{2})"  # "南岭股东中人爆破": the shareholder is the name
    r"|^.{2,12}?(?:全资|控股|参股)(?:子公司|孙公司)"  # "四方科技全资子公司南通四方制冷工程有限公司"
    r"|^(?:给|把|被|从)(?=.{3})"  # "国电06年给科环集团增资多少": the name after the word it is given to
)
_COMPANY_SUFFIXES = ("股份有限公司", "有限责任公司", "有限公司", "总公司", "集团", "公司")
# Words that look like a name next to a year but are not companies
_NOT_ENTITY = _words(
    "根据 请问 请 在 报 公司 年度 财务 的 简要 介绍 具体 描述 我们 本公司 能否 给我 数据 企业 主要 资产 "
    # "这笔贷款…": a demonstrative opens no name
    "负债 采购 营业 利润 收入 现金 概述 分析 截至 截止 这 那 该 此 "
    "加权 扣除 归属 合并 母公司 按"  # "2005年的加权平均净资产收益率", "合并口径的…": how a figure is taken
    " 一共 总共 共计 合计"  # "2008到2010年三年一共花了多少": a sum asked, no name
    " 非经常"  # "2006年度非经常性损益明细中": a statement's name after the year, no company's
    " 从 向 对 由 自 分别 谁 哪"  # "2005年从公司取得的收入": a preposition or a question word opens no name
    " 平均 人均 每人"  # "2010年平均每人从公司拿了多少", "2005年人均收入": a figure per head, no name
)
_EN_STOP_CAPS = _words(
    "What How Which Who Whom Whose When Where Why Is Are Was Were Did Does Do Can Could Should Would Will "
    "The In Of For From By As If Answer Please Basing "
    "Using Considering According Among We Calculate Define Round Provide USD FY Q1 Q2 Q3 Q4 Based Has Have "
    "Roughly Give Yes No It This That Address Respond Approach Fixed Base Asset P&L PP&E PPNE CAGR DPO EPS "
    "D&A G&A FYE Limited Ltd Inc Corp Use "
    # accounting terms and instructions, never a company ("unadjusted (GAAP) EPS", "Exclude in-process R&D")
    "GAAP Non-GAAP IFRS EBIT EBITDA EBITDAR ROA ROE ROIC FCF SG&A R&D DSO DIO COGS Exclude Excluding Include "
    "Segment Adjusted "  # a measure's words ("Segment Adjusted EBITDA of its Rest of World segment")
    "Including Ignore Assume Express Show State Explain List Compare Report Treat Compute Determine Find "
    # instructions opening a question ("Take Coca-Cola's 2017 SG&A divided by …")
    "Take Divide Add Subtract Multiply Sum Annualize Tell Get Let Note Look Estimate Work Check "
    # "Pfizer's Form 10-Q", words opening a clause, short month names ("Aug 29, 2021")
    "Form Under After Before During Since Following Given Looking Per Via "
    # currencies a figure is asked in ("in RMB")
    "RMB CNY EUR GBP JPY HKD Renminbi Yuan "
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec "
    # a sentence opened by a date or a rounding instruction ("At December 31, 2022, …", "One decimal.",
    # "Percent, two decimals.")
    "At On To Then Also One Two Three Four Five Six Percent Percentage Millions Billions Thousands Dollars "
    # the filing or its part a figure is read from ("its IPO prospectus", "the MD&A")
    "IPO MD&A "
    # a class of shares ("the Class B shares it repurchased", "its Series I preferred stock"): no owner
    "Class Series "
    # the asker ("I'm looking at 3M's 2018 balance sheet."), and the audit firms that sign a filer's report
    # ("Which critical audit matters did Deloitte & Touche report"): neither owns a figure
    "I I'm I’m I've I'd We We're Let's Deloitte Touche KPMG PwC PricewaterhouseCoopers Ernst Young"
) | {m.title() for m in MONTHS}
# capitalised words, digits only after a hyphen ("COVID-19", not "FY2021"); a free-standing "&" joins two
# ("Deere & Company"), a slash two capitalised halves ("Retail/LTC")
_EN_CAPS = re.compile(
    r"\b([A-Z](?:[A-Za-z&.\-']|(?<=[-\d])\d|/(?=[A-Z]))+"
    r"(?:\s+(?:&\s+)?[A-Z](?:[A-Za-z&.\-']|(?<=[-\d])\d|/(?=[A-Z]))+)*)"
)


_NON = re.compile(r"\b[Nn]on-[A-Z][\w.&-]*")
# a capitalised word joined to a lower-case one before it ("ammonium-TNT"): part of a word, no name
_COMPOUND_TAIL = re.compile(r"(?<![A-Za-z])[a-z]{2,}-$")
_FORM_NUMBER = re.compile(r"\b\d{1,2}-$")  # "10-K", "8-K", "10-Q": a filing form, its letter no name
_YEAR_WORD = re.compile(r"(?:19|20)\d{2}年[度末初底]?")  # one word: jieba glues "年" to a name ("年诺泰")


def word_cuts(text: str) -> set[int]:
    """Offsets between the words of ``text`` (years whole, jieba between): a guessed name starts and ends
    on them."""
    cuts, at = {0}, 0
    for piece in re.split(f"({_YEAR_WORD.pattern})", text):
        for word in rjieba.cut(piece) if piece and not _YEAR_WORD.fullmatch(piece) else [piece]:
            at += len(word)
            cuts.add(at)
    return cuts


def _whole_words(start: int, end: int, cuts: set[int]) -> bool:
    """The span cuts no word in two: "2005年度母公司" holds no name "度母", "增长了多少" no "增长了多"."""
    return start in cuts and end in cuts


def glossed_by(name: str, text: str) -> list[str]:
    """The Chinese names ``text`` glosses ``name`` with ("Jiangsu Akcome Solar Science & Technology's
    (江苏爱康太阳能科技股份有限公司)": the bracket after the rest of the name)."""
    m = re.search(rf"{re.escape(name)}[\w\s&.,'’-]{{0,40}}?{ZH_GLOSS}", text)
    return gloss_parts(m.group(1)) if m else []


def in_gloss(name: str, text: str) -> bool:
    """The Latin ``name`` is written inside a bracket glossing a company in Chinese ("(湖南南岭民用爆破器材,
    Nanling Minbao)"): another name of the glossed company (the Chinese names there are the ones checked)."""
    return name.isascii() and any(name in m.group(1) for m in re.finditer(ZH_GLOSS, text))


def gloss_parts(gloss: str) -> list[str]:
    """The names or terms a bracketed gloss holds ("金宇生物 / 生物股份", "南岭民爆, Nanling Minbao")."""
    return [n.strip() for n in re.split(r"[/,，、;；]", gloss) if n.strip()]


# a bracketed description of what a named firm is ("湘潭电化（电解二氧化锰生产企业）"), not another name of it
_ZH_ASIDE = re.compile(r"[（(][^（）()]{1,30}(?:企业|厂商|生产商|制造商|供应商|经销商|客户|竞争对手)[)）]")
# another name of the firm in brackets before the year ("冰山冷热（大连冰山）2019年度"): the name before it
_ZH_ALIAS = re.compile(r"[（(][\u4e00-\u9fff]{2,10}[)）](?=(?:19|20)?\d{2}\s*年)")


def company_names(text: str, lang: str) -> list[str]:
    """Company-like names in a question: full legal names, names next to a year, capitalised names."""
    found: list[str] = []

    def add(name: str, full: bool) -> None:
        for part in _SPLIT.split(name):
            while (bare := _PREFIX.sub("", part).strip()) != part:  # "…的控股股东湖南省南岭化工厂"
                part = bare
            # judged before truncation: "毛利率是多少" must not survive as the "name" 毛利率是
            bad = any(w in part for w in _NOT_IN_ENTITY) or detect_formula(part) is not None
            if not full and len(part) > _SHORT_NAME_MAX:
                part = part[:_SHORT_NAME_CHARS]
            bad = bad or part in _COMPANY_SUFFIXES or any(part.startswith(w) for w in _NOT_ENTITY)
            bad = bad or any(w in part for w in _NOT_IN_ENTITY)
            if len(part) >= 2 and not bad and concept_of(part) is None and part not in found:
                found.append(part)

    if lang == "zh":
        full_names = (_ZH_COMPANY_FULL, _ZH_SUBSIDIARY, _ZH_INSTITUTE, _ZH_COUNTERPARTY)
        for m in (m for pattern in full_names for m in pattern.finditer(text)):
            add(next(g for g in m.groups() if g), True)
        # "湘潭电化（电解二氧化锰生产企业）2005年末…": the name before its bracketed description, too
        for source in dict.fromkeys([text, _ZH_ASIDE.sub("", text), _ZH_ALIAS.sub("", text)]):
            if found:
                break
            cuts = word_cuts(source)
            for pattern in _ZH_ENTITY_NEAR_YEAR:
                for m in pattern.finditer(source):
                    name = m.group(1)  # cut as add() cuts it: "中集安瑞科" whole, a long run to its start
                    short = name if len(name) <= _SHORT_NAME_MAX else name[:_SHORT_NAME_CHARS]
                    item = any(i.start == 0 for i in find_line_items(source[m.start(1) :]))  # "信用减值损失…"
                    # "上网电量占发电量": a measure shared out, no name
                    item = item or source.startswith(_SHARE_OF, m.start(1) + len(short))
                    if _whole_words(m.start(1), m.start(1) + len(short), cuts) and not item:
                        add(m.group(1), False)
                if found:
                    break
        for m in _EN_CAPS.finditer(text):  # Latin names inside Chinese questions ("Digital China Software")
            name = m.group(1).strip()
            if len(name) >= _MIN_LATIN_NAME and name not in _EN_STOP_CAPS:
                add(name, True)
        _add_glossed(text, add)
        return found
    unnamed = _NON.sub(lambda m: " " * len(m.group()), text)  # "non-U.S." is everything but the name
    for m in _EN_CAPS.finditer(unnamed):
        if _sentence_word(text, m.start(1), m.group(1)) or _COMPOUND_TAIL.search(unnamed, 0, m.start(1)):
            continue  # "ammonium-TNT explosives": a product's word, no name
        if _FORM_NUMBER.search(unnamed, 0, m.start(1)):
            continue  # "its FY2018 Form 10-K.": the form's letter, no name
        runs = _POSSESSIVE.split(m.group(1))
        # "J&J MedTech" (the owner and its part, as the gate reads them), then the part on its own: "General
        # Mills' Pet segment" is the segment named Pet
        for run in dict.fromkeys([" ".join(runs), *(runs[-1:] if len(runs) > 1 else [])]):
            split = run.split()  # a stop word joined by "&" is part of the name ("Asset & Wealth Management")
            words = [
                w
                for i, w in enumerate(split)
                if (w.rstrip(".") not in _EN_STOP_CAPS or split[i + 1 : i + 2] == ["&"])
                and not _ADJECTIVE_TAIL.search(w)  # "Coca-Cola's U.S.-based employees": where, no name
            ]
            if words and not YEAR.fullmatch(words[0]):
                add(" ".join(words), True)
    for name in _spelled_out(text):
        add(name, True)
    for m in _LOWER_SUBJECT.finditer(text):  # "what net sales did adidas report": a name typed in lower case
        if m.group(1) not in _LOWER_NOT_NAMES:
            add(m.group(1), True)
    _add_glossed(text, add)
    for m in _EXCLUDING.finditer(text):  # "Western Hemisphere excluding the U.S.": one region, as printed
        joined = f"{m.group(1)} excluding {m.group(2)}"
        found = [n for n in found if n not in (m.group(1), m.group(2))] + [joined]
    for m in _POSSESSIVE_NAME.finditer(text):  # "the Sam's Club segment": a name written with a possessive
        add(m.group(1), True)
    # "its Rest of World segment", "its Transportation and Electronics segment": one part's name, not two
    for m in (*_OF_PART.finditer(text), *_AND_PART.finditer(text)):
        found = [n for n in found if n not in (m.group(2), m.group(3))] + [m.group(1)]
    for m in _LISTED.finditer(text):  # "Boeing's Defense, Space & Security business": one segment's name
        found.append(m.group(1))  # its parts kept: "Europe, Middle East and Africa" may be printed otherwise
    return [n for n in found if not _abbreviates_before(n, text)]


_JOINERS = frozenset({"and", "of", "&", "the"})
_ADJECTIVE_TAIL = re.compile(r"-(?:based|owned|listed|headquartered|domiciled|made)$")


def _abbreviates_before(name: str, text: str) -> bool:
    """``name`` is the bracketed initials of a line item written before it in lower case ("selling,
    informational and administrative (SI&A)"): the item's short name, no company's."""
    letters = re.sub(r"[^A-Za-z]", "", name)
    m = re.search(rf"([\w ,&-]+?)\s*\({re.escape(name)}\)", text)
    if m is None or not 2 <= len(letters) <= len(name):
        return False
    words = [w for w in re.findall(r"[A-Za-z]+", m.group(1)) if w.lower() not in _JOINERS][-len(letters) :]
    # an item the lexicon knows, in lower case: a segment's ("Missiles and Fire Control (MFC)") or a plan's
    # name ("employee stock ownership plan (ESOP)") is a row the question names
    before = m.group(1).rstrip()
    item = any(i.concept and i.end == len(before) for i in find_line_items(before))
    initials = "".join(w[0] for w in words).lower() == letters.lower()
    return item and initials and all(w.islower() for w in words)


# the subject of "did … report/record/earn …" typed in lower case ("did adidas report"): a company's name
_LOWER_SUBJECT = re.compile(
    r"\b(?:did|does|do)\s+([a-z][a-z0-9&-]{2,})(?:['’]s)?\s+(?:report|record|post|earn|generate|book|spend|pay"
    r"|sell|deliver|ship|announce|recogni[sz]e|incur|disclose)\b"
)
_LOWER_NOT_NAMES = frozenset({"the", "you", "they", "its", "management", "company", "firm", "group", "each"})

# a name listing its parts before an ampersand ("Defense, Space & Security"), printed as one
_LISTED = re.compile(r"\b([A-Z][\w.-]*(?: [A-Z][\w.-]*)*, [A-Z][\w.-]*(?: [A-Z][\w.-]*)* & [A-Z][\w.-]*)")


# A region or line named by what it leaves out ("Western Hemisphere excluding the U.S.", "Worldwide excluding
# COVID-19 Vaccine"): the filer prints it as one row
_EXCLUDING = re.compile(
    r"\b([A-Z][\w.&-]*(?: [A-Z][\w.&-]*)*) excluding (?:the )?([A-Z][\w.&-]*(?: [A-Z][\w.&-]*)*)"
)


# a name holding a possessive after "the", "its" or the filer's own ("the Sam's Club segment", "Walmart's
# Sam's Club"): no owner's possessive follows an article
# (not the word a filer calls itself by: "the Firm's Standardized CET1 ratio")
_POSSESSIVE_NAME = re.compile(
    r"(?:\b[Tt]he |\b[Ii]ts |['’]s )(?!(?:Company|Corporation|Group|Registrant|Firm|Bank|Partnership)['’])"
    r"([A-Z][a-z]+['’]s(?: [A-Z][\w&.-]*)+)"
)
# a part named with "of" before the word saying it is one ("Rest of World segment", "Rest of Asia region")
_OF_PART = re.compile(
    r"\b(([A-Z][a-z]+) of (?:the )?([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)*))"
    r"(?=\s+(?:segment|region|division|unit)s?\b)"
)


# "Transportation and Electronics segment" (one segment, singular), unlike "Americas and EMEA segments"
_AND_PART = re.compile(
    r"\b(([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)*) and ([A-Z][\w&.-]*(?: [A-Z][\w&.-]*)*))"
    r"(?=\s+(?:business\s+|operating\s+|reportable\s+)?segment\b(?!s))"
)


_SENTENCE_START = re.compile(r"(?:^|[.?!:]\s+)$")


def _sentence_word(text: str, start: int, run: str) -> bool:
    """A lone capitalised word opening a sentence that the text also writes in lower case ("… retention
    ratio? Retention ratio is defined as …"): a word of the sentence, not a name."""
    word = run.split()[0] if " " not in run else ""
    # "Working from that 2019 column, …": a participle opening a sentence, no name either ("Boeing revenue")
    verb = _PARTICIPLE.fullmatch(word) and _VERB_OBJECT.match(text, start + len(word))
    lower = re.search(rf"(?<![\w-]){re.escape(word.lower())}\b", text) or verb
    return bool(word and _SENTENCE_START.search(text[:start]) and lower)


_PARTICIPLE = re.compile(r"[A-Z][a-z]{2,}ing")
_VERB_OBJECT = re.compile(r"\s+(?:from|with|off|through|across|only|the|that|this|its|their)\b")


_POSSESSIVE = re.compile(r"(?<=\w)(?:['’]s|(?<=s)['’])(?=\s|$)")
_ACRONYM = re.compile(r"\(([A-Z]{2,6})\)")
_JOINERS = frozenset({"and", "of", "&", "for", "the"})  # "Missiles and Fire Control (MFC)"


def _spelled_out(text: str) -> list[str]:
    """The names an acronym in brackets spells out ("Missiles and Fire Control (MFC)"): the words before it
    whose initials are its letters, joiners aside, opening on a capital."""
    out = []
    for m in _ACRONYM.finditer(text):
        words = re.findall(r"[\w&'’-]+", text[: m.start()])
        letters, taken = m.group(1), 0
        i = len(words)
        while letters and i > 0:
            i -= 1
            word = words[i]
            if word.lower() in _JOINERS and taken:
                continue
            if word[:1] != letters[-1] or word.endswith(("'s", "’s")):  # "Lockheed Martin's": the owner
                break
            letters, taken = letters[:-1], taken + 1
        if not letters and words[i][:1].isupper():
            out.append(" ".join(words[i:]))
    return out


def _add_glossed(text: str, add: Callable[[str, bool], None]) -> None:
    """Each Chinese name the text glosses a capitalised name with, added as a full name."""
    for m in GLOSSED_NAME.finditer(text):  # a capitalised name's gloss (a line item's follows lower case)
        for name in gloss_parts(m.group(1)):
            add(name, True)


_LEGAL_FORM = re.compile(r"(?:股份)?有限(?:责任)?公司$|集团$|合伙企业(?:（有限合伙）)?$")
_TRADE = re.compile(r"(?:科技|技术|实业|发展|投资|控股|贸易|工程|材料|电子|生物|药业|制药|能源|电力)+$")
MIN_SHORT_NAME = 4  # "四方节能": a company's trade name and line of business; shorter ones name too much


def zh_short_names(name: str) -> list[str]:
    """The shorter forms a Chinese legal name is printed under in notes and tables: without its legal form,
    its line of business and its place ("南通四方节能科技有限公司" -> "四方节能"), four characters or more."""
    core = _LEGAL_FORM.sub("", name)
    if core == name or name.isascii():
        return []
    forms = {c for base in (core, core[2:]) for c in (base, _TRADE.sub("", base))}
    named = [f for f in forms if len(f) >= MIN_SHORT_NAME and f != name and _TRADE.sub("", f)]
    return sorted(named, key=len, reverse=True)  # never a line of business alone ("电力发展")
