"""Words an English question puts before a line item that name a kind of it: "comparable store sales",
"same-store sales", "organic revenue", "Azure revenue".

The statement row "Total revenue" is not the comparable-store figure, and growth computed from it would be a
wrong number. A fact answers such a question only where its row, heading or table prints the qualifier.
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.lexicon import LineItemMatch, concept_of, find_line_items
from finrag.answer.periods import YEAR
from finrag.answer.text import terms

_TOKEN = re.compile(r"[A-Za-z][\w&.-]*(?:['’]s|(?<=s)['’])?|\S")
# Words before an item that say how it is taken or what is done with it, not which kind of it is asked
_NOT_KINDS = frozenset(
    re.findall(
        r"\S+",
        """
        minus plus less over times divided average days define defined use calculate exclude excluding
        including include taking take through between after before under into about via versus vs than
        highest lowest largest smallest biggest most least fastest slowest declining increasing decreasing
        grew grow grows growing spend spent generate generated earn earned report reported record recorded
        pay paid collect collected return returned buy bought sell sold make made get got post posted see
        saw net gross operating consolidated worldwide global overall full full-year quarterly unadjusted
        adjusted diluted basic gaap non-gaap its their his her our the a an in of for on at to by from with
        and or is was were are be been what which how much many did does do has have had this that these
        those total annual fiscal year years end ended year-end company company's corporation group segment
        segments reportable business businesses change changes ratio margin share portion percent percentage
        cash comfortably easily adequately sufficiently fully consistently out up off back
        increase increases decrease decreases growth decline declines rise drop fall amount value level
        balance carrying figure number dollar dollars difference movement
        """,
    )
)
# What may stand right before the qualifier: a possessive, a year, or a word that opens a noun phrase
_OPENERS = frozenset(re.findall(r"\S+", "the its their in of for on what was is were did much many")) | {""}
_POSSESSIVE_ENDS = ("'s", "’s", "s'", "s’")  # "Adobe's", "MGM Resorts'"
_OWNER_WORDS = frozenset({"segment", "segment's", "division", "division's", "unit", "brand"})


def _is_year(token: str) -> bool:
    return re.fullmatch(r"(?:fy)?(?:19|20)\d{2}|fy\d{2}|[hq][1-4]", token.lower()) is not None  # "FY23", "H1"


def item_qualifiers(question: str, starts: list[int], names: list[str]) -> list[str]:
    """Lower-case qualifier phrases written right before a line item or formula name starting at one of
    ``starts``, after a possessive, a year, an opening word, a company name (``names``, no qualifier
    themselves) or the question's start ("Adobe's same-store sales", "CVS pharmacy services segment
    revenue", "frito-lay north america operating margin")."""
    named = {w for n in names for w in terms(n)}
    found: list[str] = []
    for start in starts:
        words: list[str] = []
        opener = ""
        for token in reversed(_TOKEN.findall(question[:start])):
            low = token.lower()
            if not words and low in _OWNER_WORDS:
                continue  # "pharmacy services segment revenue": the segment's name comes before the word
            kind_word = low[0].isalpha() and bool(terms(low)) and low not in _NOT_KINDS  # not punctuation
            if not kind_word or low in named or low.endswith(_POSSESSIVE_ENDS) or _is_year(low):
                opener = low
                break
            words.append(low)
        accepted = (
            opener in named or opener.endswith(_POSSESSIVE_ENDS) or _is_year(opener) or opener in _OPENERS
        )
        phrase = " ".join(reversed(words))
        if not words and (m := _PART_OF.search(question[:start])):
            phrase, accepted = _part_before(question[: m.start()], named), True
        # "share of sales revenue": an item's own other name is no kind of it
        if accepted and phrase and phrase not in found and concept_of(phrase) is None:
            found.append(phrase)
    return found


# "the work-in-process component of inventories", "buildings and improvements in property and equipment":
# the part of a line item asked for, written before it
_PART_OF = re.compile(
    r"\s+(?:(?:component|portion|part)\s+of|included\s+in|within|in)\s+"
    r"(?:the\s+|its\s+|their\s+|(?:[A-Z][\w&.-]*\s+)*[A-Z][\w&.-]*['’]s?\s+)?"  # "of Pfizer's inventories"
    r"(?:(?:net|total|gross)\s+)?$"  # "of Corning's net inventories"
)
MAX_PART_WORDS = 4  # "buildings and improvements": a part's name is a few words
_ASIDE_END = re.compile(r"\s*\([^()]{1,30}\)\s*$")
_QUOTED_END = re.compile(r"['‘\"“]([^'‘’\"“”]{2,80})['’\"”]\s*$")  # a part quoted as the filing prints it


# "the corporate aircraft Netflix carried in property and equipment": the holder and its verb name no part
_HOLDING_VERBS = frozenset({"carried", "carries", "carry", "held", "holds", "hold", "kept", "keeps", "owned"})


def _part_before(text: str, named: set[str]) -> str:
    """The words naming a part, read back from its end until a word that names none ("the", "what"), past
    the company (``named``: its names' words) and the verb saying it holds the part."""
    if quoted := _QUOTED_END.search(text):  # "the 'accrued vacation, salaries and wages' component of"
        return quoted.group(1).strip().lower()
    text = _ASIDE_END.sub("", text)  # "the current international (non-U.S.) component of"
    tokens = text.split()
    while tokens and tokens[-1].lower() in _HOLDING_VERBS and len(tokens) > 1:
        tokens.pop()  # "… Netflix carried": the verb, then the company's name
        while tokens and tokens[-1].lower().strip("'’s") in named:
            tokens.pop()
    words: list[str] = []
    for token in reversed(tokens[-MAX_PART_WORDS:]):
        low = token.lower()
        if not re.fullmatch(r"[a-z][\w-]*", low) or (low in _NOT_KINDS and low != "and"):
            break
        words.append(low)
    while words and words[-1] == "and":
        words.pop()
    return " ".join(reversed(words)) if words and words[0] != "and" else ""


# "金宇生物2020年非洲猪瘟疫苗的销售收入": what stands between the year and "的" before a line item names the
# kind asked (a product, a market; not statements, scopes and periods), a bracketed short name aside
_ZH_BEFORE = re.compile(
    r"(?:\d{2,4}\s*年(?:度|末|初|底)?|\d{1,2}\s*日|[，,：:])\s*([A-Za-z\u4e00-\u9fff][A-Za-z0-9\u4e00-\u9fff]{1,11}?)(?:[（(][^（）()]{1,10}[)）])?的$"
)
# a word a line item's name may open with ("新园区P3实验室的累计折旧": the lab's, the item being 折旧); a
# product's kind may stand right before the item ("冷冻设备产品营业成本": the 冷冻设备 rows)
_ZH_ITEM_PREFIX, _ZH_PRODUCT_END = re.compile(r"累计$"), re.compile(r"(?<=产品)$")
_ZH_NOT_KINDS = re.compile(
    r"公司|集团|合并|报表|利润表|资产负债表|现金流量表|年报|报告|招股|本期|上年|期末|期初|年末|全年|半年|季度"
    r"|财务|会计|经营|主要|^和|(?:19|20)\d{2}年"  # "2005年度和2006年度的营业收入": two years, no kind
)


# How a Chinese company's name ends (a product, a line item or "截至" does not)
ZH_FIRM = re.compile(
    r"(?:公司|集团|股份|科技|国际|电力|发电|能源|光能|实业|控股|银行|证券|药业|化工|电子|材料|生物|研究院|研究所"
    r"|设计院)$"
)
# "华北区市场实现的主营业务收入": the row prints "华北区" (a verb and a class word are no part of its label)
_ZH_CLASS_WORD = re.compile(r"类?(?:产品|业务|板块|分部|行业|类|地区|市场)?(?:实现|取得|完成|产生)?$")
_ZH_INNER_GLOSS = re.compile(
    r"(?<=[年度末底的，,])[\u4e00-\u9fff]{2,10}?[（(]([\u4e00-\u9fff]{2,12})[)）](产品|业务|类产品)?的$"
)
# "在西南地区实现的": the region, without the preposition before it
_ZH_AT = re.compile(r"^在(?=.{2,}(?:地区|市场|区域)(?:实现|取得|完成|产生)?$)")
_ZH_WITHIN = re.compile(r"^.{2,8}?中(?=.{2})")  # "主营业务中国外地区": "国外地区" within 主营业务
_ZH_BASIS, _ZH_PLACE_END = "按", ("中", "里")


# "“年产1万吨…项目”的预计投资额": a name the question quotes is what the figure is of; a quoted table or
# section title ("“主营业务分行业、分产品、分地区情况”表中") only says where to look
_ZH_QUOTED = re.compile(r"[“「]([^”」]{2,40})[”」](表|中|一节|部分|章节|栏目?|项下)?")
_ZH_PLACE = re.compile(r"(?:表|情况|资料|报告|附注|章节|分析|说明|明细)$")
# "根据金宇生物2020年年报“主要控股参股公司分析”，": a title the source clause quotes says where to look
_ZH_SOURCE = re.compile(r"(?:根据|依据|按照)[^，,。？“”]{0,24}$")


def zh_quoted(question: str) -> list[str]:
    """The names a Chinese question quotes, other than table and section titles (by their ending, by the
    word after them: "“非经常性损益项目和金额”表中", or by the source clause they close: "根据…年报“…”，")."""
    return [
        m[1]
        for m in _ZH_QUOTED.finditer(question)
        if not m[2] and not _ZH_PLACE.search(m[1]) and not _ZH_SOURCE.search(question, 0, m.start())
    ]


def zh_item_qualifiers(question: str, starts: list[int], names: list[str]) -> list[str]:
    """The kinds a Chinese question writes between a year and "的" right before a line item starting at one
    of ``starts`` ("非洲猪瘟疫苗", "销往俄罗斯市场"), not a company's name (``names``)."""
    found: list[str] = []
    for start in starts:
        # "电解锰（电解金属锰）产品的": the name in the bracket, as the tables print it
        before = _ZH_PRODUCT_END.sub("的", _ZH_ITEM_PREFIX.sub("", question[:start]))
        before = _ZH_INNER_GLOSS.sub(r"\1\2的", before)
        m = _ZH_BEFORE.search(before) or _ZH_REGION_BEFORE.search(before)  # "2006年华东地区主营业务收入"
        # "主营业务中国外地区": where to look, then the kind; "罐式集装箱产品": the row prints "罐式集装箱"
        # "计入其他收益的与收益相关": where it is recorded, then the kind ("与收益相关的政府补助")
        kind = _ZH_AT.sub("", _ZH_WITHIN.sub("", m.group(1).rsplit("的", 1)[-1])) if m else ""
        if m is None or m.re is not _ZH_REGION_BEFORE:  # "华东地区": the row prints the region whole
            kind = _ZH_CLASS_WORD.sub("", kind)
        kind = _ZH_VERB_TAIL.sub("", kind)  # "库存商品计提的存货跌价准备": the row is "库存商品"
        kind = _ZH_FROM.sub("", kind)  # "来自欧洲地区的营业收入": the row is "欧洲"
        if _AGING.search(kind):
            continue  # "账龄3至4年的应收账款": an aging bracket, read by aging_brackets
        if kind.startswith(_ZH_BASIS) or kind.endswith(_ZH_PLACE_END):
            continue  # "按归属于普通股股东的净利润计算的…": how the figure is worked out, not a kind of it;
            # "非经常性损益项目中的所得税影响额": where the row is, not a kind of it
        named = any(kind in n or n in kind for n in names if n)
        if len(kind) >= 2 and not named and not _ZH_NOT_KINDS.search(kind) and not ZH_FIRM.search(kind):
            found.append(kind)
    return list(dict.fromkeys(found))


# a region written right before the item with no "的": "2006年华东地区主营业务收入"
_ZH_REGION_BEFORE = re.compile(r"(?:\d{2,4}\s*年度?|[，,、])\s*([\u4e00-\u9fff]{1,8}(?:地区|区域))$")


# "账龄2至3年的期末账面余额", "账龄3年以上": an aging table's row, written as the tables print it ("1至2年")
_AGING = re.compile(
    r"(?<![\d.])(\d+)\s*(?:至|-|－|~|～|到)\s*(\d+)\s*年|(?<![\d.])(\d+|半)\s*(年|个月)以(内|上)"
)
_AGING_AFTER = re.compile(r"[中里]\s*的?\s*(?=\d|半)")  # "应付账款中1年以内的金额": a bracket of the item


# "短期借款中，信用借款有多少", "存货附注中，在产品的期初账面余额", "短期借款里的保证借款": a row of the
# item's note, written after it
_ZH_PART_AFTER = re.compile(
    r"(?:附注|明细)?[中里][，,、]?\s*的?\s*([\u4e00-\u9fff]{2,8}?)"
    r"(?=的|有|是|为|在|比|较|金额|余额|账面|期初|期末|年初|年末|合计|多少|同比|环比|增长|增速|增幅|变动)"
)
# "其他应付款中欠持股5%以上股东马鞍山矿山研究院（马矿院）的款项": the row of the party owed (or owing)
_ZH_OWED = re.compile(
    r"[中里][，,]?\s*(?:欠|应付|应收|对)(?:[^，,。？?的]{0,12}?股东)?([\u4e00-\u9fff]{2,20}?)"
    r"(?:[（(][^（）()]{1,10}[)）])?的(?:款项|余额|金额)"
)
# "合并口径原材料", "库存商品计提的", "运输费发生了": the scope before a part and the verb after it are no
# part of the row's label
_ZH_SCOPE_LEAD = re.compile(r"^(?:合并|母公司)(?:口径|报表)?")
_ZH_VERB_TAIL = re.compile(r"(?:计提|发生)了?$")
_ZH_FROM = re.compile(r"^(?:来自于?|来源于|源自)")  # where a revenue comes from: the source is the row


# "募投的票据印务扩建项目总投资中固定资产投资": the project a figure belongs to (its row of the 募投
# table), not the company's balance of the same name; a quoted one is read by zh_quoted
_ZH_PROJECT = re.compile(
    r"(?:的|、|，|,)([\u4e00-\u9fff]{4,20}?项目)(?=的|总投资|投资|中|建设|达产|[，,。？?])"
)


def zh_projects(question: str, items: list[LineItemMatch]) -> list[str]:
    """The named projects a Chinese question asks a line item of ("票据印务扩建项目…固定资产投资"), not a
    class of items ("非经常性损益项目"); a project's other facts (its 建设期) are read from its text."""
    return [
        m.group(1)
        for m in _ZH_PROJECT.finditer(question)
        if "损益" not in m.group(1)
        and concept_of(m.group(1)) is None
        and any(i.start > m.end(1) for i in items)
    ]


def zh_parts_after(question: str, items: list[LineItemMatch], *, rows: bool = False) -> list[str]:
    """The parts of Chinese statement items (``rows``: or of table rows) a question names right after
    them ("短期借款中，信用借款", "电力销售收入中，水电机组实现的"); a part that is a line item itself
    ("营业收入中主营业务收入的占比") is asked as that item, not as a kind, and a project or a risk has no
    note of parts ("募集资金投资项目中，票据印务扩建项目的建设期")."""
    out: list[str] = []
    for item in items:
        row = rows and not item.printed.endswith(_ZH_NO_PARTS)  # "募集资金投资项目中，…": no note of parts
        known = (row or bool(item.concept)) and item.start >= 0 and not item.printed.isascii()
        at = item.end
        m = (_ZH_PART_AFTER.match(question, at) or _ZH_OWED.match(question, at)) if known else None
        part = m.group(1) if m else ""
        part = _ZH_CLASS_WORD.sub("", part) if len(_ZH_CLASS_WORD.sub("", part)) >= 2 else part
        part = _ZH_AGING_WORD.sub("", part)  # "账龄一至二年": the bracket a note's row prints
        bare = _ZH_VERB_TAIL.sub("", _ZH_SCOPE_LEAD.sub("", part))
        part = bare if len(bare) >= 2 else part
        item_itself = concept_of(part) is not None or bool(find_line_items(part))
        if part and not part.startswith(_ZH_BASIS) and not item_itself and not _ZH_NOT_KINDS.search(part):
            out.append(part)
    return out


_ZH_NO_PARTS = ("项目", "风险", "工程")
_ZH_AGING_WORD = re.compile(r"^账龄(?:为|在)?(?=.{2})")
_ZH_GLOSSED = re.compile(r"[（(]\s*([\u4e00-\u9fff]{2,20})\s*[)）]")


def glossed_parts(question: str, items: list[LineItemMatch], names: list[str]) -> list[str]:
    """Rows an English question glosses in Chinese besides a known line item it asks within ("property tax
    (房产税) … within taxes and surcharges (税金及附加)"): the row the figure is read from; a company's gloss
    is no row."""
    if not any(m.concept for m in items):
        return []
    printed = {m.printed for m in items}
    return [
        g
        for g in _ZH_GLOSSED.findall(question)
        if g not in printed
        and concept_of(g) is None
        and not find_line_items(g)
        and not any(g in n for n in names if n)  # "金宇生物科技产业园项目一期工程": a project, not the name
        and not ZH_FIRM.search(g)
    ]


def aging_brackets(question: str) -> list[str]:
    """The aging brackets a question asks about, when it speaks of 账龄 or writes one within an item
    ("应付账款中1年以内")."""
    if "账龄" not in question and not _AGING_AFTER.search(question):
        return []
    return [f"{a}至{b}年" if a else f"{n}{span}以{w}" for a, b, n, span, w in _AGING.findall(question)]


# English wordings of the kinds Chinese reports print ("EPS … after deducting non-recurring gains and
# losses" is the 扣除非经常性损益后 row, not the basic EPS row)
_GLOSSED_KINDS = (
    (
        re.compile(r"\b(?:after deducting|excluding|net of|before)\s+non-?recurring\b", re.I),
        "扣除非经常性损益",
    ),
)


def glossed_kinds(question: str) -> list[str]:
    """The Chinese kinds an English question writes in English."""
    return [kind for pattern, kind in _GLOSSED_KINDS if pattern.search(question)]


# profit asked after non-recurring items is a row of its own ("归属于上市公司股东的扣除非经常性损益的净利润")
_DEDUCTED = {"net_profit": "net_profit_deducted", "net_profit_parent": "net_profit_parent_deducted"}


def deducted_items(items: list[LineItemMatch], kinds: list[str]) -> list[LineItemMatch]:
    """The items of a question asking profit "after deducting non-recurring gains and losses": the deducted
    profit rows, not the profit rows narrowed to that kind."""
    if _GLOSSED_KINDS[0][1] not in kinds:
        return items
    return [replace(m, concept=_DEDUCTED.get(m.concept, m.concept)) for m in items]


# "the gross margin of Jinyu's biopharmaceutical (生物制药) business": a part of the company named in lower
# case after its possessive (capitalised names are owners: answer/owners.py); a bracketed Chinese name is how
# the documents print it
_PART_AFTER = re.compile(
    r"['’]s\s+(?:\([^()]{1,40}\)\s*)?(?P<kind>[a-z][a-z -]{2,40}?)\s*"
    r"(?:\((?P<zh>[\u4e00-\u9fff]{2,12})\)\s*)?(?:business|segment|division|product line)\b"
)


# "How much of Boeing's inventory … was attributable to commercial aircraft programs?": the part named after
_PART_LATER = re.compile(
    r"\bhow much of\b[^?]{3,100}?\b(?:was|were|is|are)\s+(?:attributable|related|allocated)\s+to\s+"
    r"(?:the\s+|its\s+|their\s+)?(?P<kind>[a-z][a-z&-]*(?:\s+[a-z&-]+){0,4}?)\s*(?=\?|$|[,.;]|\s(?:at|as|in|for|on|during)\b)",
    re.I,
)


# "What share of Coca-Cola's total inventories … consisted of raw materials and packaging?": the part after
_SHARE_MADE_OF = re.compile(
    r"\bwhat\s+(?:share|portion|percentage|proportion|fraction)\s+of\b[^?]{3,100}?"
    r"\b(?:consisted\s+of|consists\s+of|(?:was|were)\s+made\s+up\s+of|comprised|(?:was|were)\s+in)\s+"
    r"(?:the\s+|its\s+|their\s+)?(?P<kind>[a-z][a-z&-]*(?:\s+[a-z&-]+){0,4}?)\s*(?=\?|$|[,.;]|\s(?:at|as|in|for|on|during)\b)",
    re.I,
)


def part_qualifiers(question: str) -> list[str]:
    """The part of the company a question asks about after its name, in the documents' own words: the
    Chinese name bracketed after it ("X's biopharmaceutical (生物制药) business"), or a segment named in lower
    case ("Costco's e-commerce segment": a figure no row or sentence of it prints is not its figure). An
    English "business" or "division" alone may name it otherwise than the filing ("defense business" for
    "Defense, Space & Security")."""
    out: list[str] = []
    for m in _PART_AFTER.finditer(question):
        if m["zh"]:
            out.append(m["zh"])
        elif m.group(0).endswith("segment") and not any(w in _NOT_KINDS for w in m["kind"].split()):
            out.append(m["kind"].strip())
    out += [m["kind"].lower() for r in (_PART_LATER, _SHARE_MADE_OF) for m in r.finditer(question)]
    out += [  # "What net sales did Amazon's physical stores generate": the stores' sales, not Amazon's
        m["kind"].strip() for m in _PART_MAKES.finditer(question) if not set(m["kind"].split()) & _WHOLE_WORDS
    ]
    return out


_PART_MAKES = re.compile(  # "Corning's polycrystalline silicon products generate"
    r"['’]s\s+(?P<kind>[a-z][a-z -]{2,40}?)\s*(?:\([^()]*\)\s*)?(?:generated?|earned?|contributed?)\b"
)
_WHOLE_WORDS = frozenset(
    ["segment", "segments", "business", "businesses", "operations", "activities", "company"]
)


_DOT = r"\.?"  # "U.S." for "us"


def prints_qualifiers(text: str, qualifiers: list[str]) -> bool:
    """``text`` prints every word of the qualifiers, singular or plural ("U.S." counts for "us")."""
    low = text.lower()
    words = [w for q in qualifiers for w in re.split(r"[\s-]+", q.lower()) if w]  # "work-in-process"
    dotted = (_DOT.join(map(re.escape, w.replace(".", ""))) for w in words)
    return all(re.search(rf"(?<![a-z]){p}(?:e?s)?(?![a-z])", low) for p in dotted)  # "fee": "fees"


_ZH_BRACKETED = re.compile(r"[（(][^（）()]*[）)]")
_ZH_HEADER_WORD = re.compile(r"年度|年份|期间|日期|时间|项目|名称|类别|单位|地区|产品|客户")


def zh_rows_named(
    question: str, rows: list[LineItemMatch], items: list[LineItemMatch], names: list[str]
) -> list[str]:
    """Row labels of the context's tables a Chinese question writes beside its line items, neither one of
    them nor part of one ("瀑布沟水电站在建工程", "原材料的账面余额…存货附注"): the row of the item's note
    asked, not the item's total; no period, scope or company's name (``names``)."""
    out: list[str] = []
    quoted = [m.span(1) for m in _ZH_QUOTED.finditer(question)]  # "“…分行业、分产品…”表": a title's words
    quoted += [m.span() for m in _ZH_BRACKETED.finditer(question)]  # "（按归属于…净利润）": a basis, an aside
    for row in rows:
        if row.concept or any(row.start < m.end and m.start < row.end for m in items):
            continue
        if any(a <= row.start < b for a, b in quoted):
            continue
        label = row.printed
        if _ZH_HEADER_WORD.fullmatch(label) or YEAR.search(label):
            continue  # "年度", "项目": a column's heading read as a row; "2010年度": a period's row
        named = any(label in n or n in label for n in names if n)
        if len(label) >= 2 and not named and not _ZH_NOT_KINDS.search(label):
            out.append(label)
    return out


def printed_rows(qualifiers: list[str], rows: list[str]) -> list[str]:
    """The qualifiers with the row labels named beside the items: a label holding a qualifier stands for it
    as printed ("华南区市场" for "华南区"); without any qualifier, the labels are the qualifiers (with one, a
    further label is a heading or a column of its table: "短期薪酬", "账龄")."""
    if not qualifiers:
        return list(dict.fromkeys(rows))
    return list(dict.fromkeys(next((r for r in rows if q in r), q) for q in qualifiers))


def asked_after_of_which(question: str, rows: list[str]) -> list[str]:
    """The rows a Chinese question asks for in a clause of their own after 其中 ("长期股权投资是多少元？其中
    股权投资差额是多少？"): a second figure asked, not a kind of the first."""
    return [r for r in rows if re.search(rf"[？?，,。；;]\s*其中[:：]?\s*{re.escape(r)}", question)]
