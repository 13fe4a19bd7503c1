"""Kinds and parts a Chinese question names of a line item: the product, market or region written before
it ("金宇生物2020年非洲猪瘟疫苗的销售收入", "2006年华东地区主营业务收入"), the row of the item's note written
after it ("短期借款中，信用借款"), quoted names, projects, aging brackets, and the context's row labels it
writes beside its items. A fact answers such a question only from that row or table, not the total."""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch, concept_of, find_line_items
from finrag.answer.periods import YEAR

# "金宇生物2020年非洲猪瘟疫苗的销售收入": what stands between the year and "的" before a line item names the
# kind asked (a product, a market; not statements, scopes and periods), a bracketed short name aside
_ZH_BEFORE = re.compile(
    r"(?:\d{2,4}\s*年(?:度|末|初|底)?|\d{1,2}\s*日|[，,：:])\s*([A-Za-z\u4e00-\u9fff][A-Za-z0-9\u4e00-\u9fff]{1,11}?)(?:[（(][^（）()]{1,10}[)）])?的$"
)
# a word a line item's name may open with ("新园区P3实验室的累计折旧": the lab's, the item being 折旧); a
# product's kind may stand right before the item ("冷冻设备产品营业成本": the 冷冻设备 rows)
_ZH_ITEM_PREFIX, _ZH_PRODUCT_END = re.compile(r"累计$"), re.compile(r"(?<=产品|项目)$")
_ZH_OWN = re.compile(r"^(?:本公司|公司|发行人)(?=[\u4e00-\u9fff]{2})")  # the filer's own kind, no kind word
_ZH_NOT_KINDS = re.compile(
    r"公司|集团|合并|报表|利润表|资产负债表|现金流量表|年报|报告|招股|本期|上年|期末|期初|年末|全年|半年|季度"
    r"|财务|会计|经营|主要|^和|(?:19|20)\d{2}年"  # "2005年度和2006年度的营业收入": two years, no kind
)


# How a Chinese company's name ends (a product, a line item or "截至" does not)
ZH_FIRM = re.compile(
    r"(?:公司|集团|股份|科技|国际|电力|发电|能源|光能|实业|控股|银行|证券|药业|化工|电子|材料|生物|研究院|研究所"
    r"|设计院|工厂|化工厂)$"  # "湖南省南岭化工厂": a state-owned works, a company too
)
# "华北区市场实现的主营业务收入": the row prints "华北区" (a verb and a class word are no part of its label);
# "境外地区主营业务的毛利额": the region's row of the 主营业务 table
# "磁性材料及器件这类产品": the class word, and the demonstrative pointing back at the kind before it
ZH_CLASS_WORD = re.compile(
    r"(?:[这那此该]一?)?类?(?:主营)?(?:产品|业务|板块|分部|行业|类|地区|市场)?(?:实现|取得|完成|产生)?$"
)
_ZH_INNER_GLOSS = re.compile(
    r"(?<=[年度末底的，,])[\u4e00-\u9fff]{2,10}?[（(]([\u4e00-\u9fff]{2,12})[)）](产品|业务|类产品)?的$"
)
# "在西南地区实现的": the region, without the preposition before it
_ZH_AT = re.compile(r"^在(?=.{2,}(?:地区|市场|区域)(?:实现|取得|完成|产生)?$)")
# "主营业务中国外地区": "国外地区" within 主营业务 ("非经常性损益里记入损益": within it, the row's words)
_ZH_WITHIN = re.compile(r"^.{2,8}?[中里](?=.{2})")
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
        _HEADED_ROW.sub("", m[1])  # "利润分配—对所有者（或股东）的分配": the row under its heading
        for m in _ZH_QUOTED.finditer(question)
        if not m[2] and not _ZH_PLACE.search(m[1]) and not _ZH_SOURCE.search(question, 0, m.start())
    ]


_HEADED_ROW = re.compile(r"^[\u4e00-\u9fff]{2,10}[—－–-]+(?=[\u4e00-\u9fff])")


def zh_item_qualifiers(question: str, starts: list[int], names: list[str]) -> list[str]:
    """The kinds a Chinese question writes between a year and "的" right before a line item starting at one
    of ``starts`` ("非洲猪瘟疫苗", "销往俄罗斯市场"), not a company's name (``names``)."""
    found: list[str] = []
    for start in starts:
        if _ZH_RESTRICTED.search(question[:start]):  # "受限货币资金": the restricted assets table's row
            found.append(RESTRICTED)
            continue
        if _ZH_RELATED.search(
            question[:start]
        ):  # "关联方预收账款": the related parties' balances, not the whole
            found.append(RELATED)
            continue
        # "电解锰（电解金属锰）产品的": the name in the bracket, as the tables print it
        before = _ZH_PRODUCT_END.sub("的", _ZH_ITEM_PREFIX.sub("", question[:start]))
        before = _ZH_INNER_GLOSS.sub(r"\1\2的", before)
        # "，永磁铁氧体器件2004年的产能利用率": the kind, then its year; "2006年华东地区主营业务收入"
        m = (
            _ZH_KIND_YEAR.search(before)
            or _ZH_BEFORE.search(before)
            or _ZH_REGION_BEFORE.search(before)
            or _ZH_KIND_EARNED.search(before)
        )
        # "主营业务中国外地区": where to look, then the kind; "罐式集装箱产品": the row prints "罐式集装箱"
        # "计入其他收益的与收益相关": where it is recorded, then the kind ("与收益相关的政府补助")
        kind = _ZH_AT.sub("", _ZH_WITHIN.sub("", m.group(1).rsplit("的", 1)[-1])) if m else ""
        if m is None or m.re is not _ZH_REGION_BEFORE:  # "华东地区": the row prints the region whole
            kind = ZH_CLASS_WORD.sub("", kind)
        kind = _ZH_VERB_TAIL.sub("", kind)  # "库存商品计提的存货跌价准备": the row is "库存商品"
        kind = _ZH_OWN.sub("", kind)  # "公司磁分离及相关设备的产能利用率": the filer's own product
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


# "受限货币资金", "使用受到限制的货币资金": the item's row of the table of assets whose use is restricted
_ZH_RESTRICTED = re.compile(r"(?:使用|所有权或使用权)?受(?:到)?限(?:制)?的?$")
RESTRICTED = "受限"
_ZH_RELATED = re.compile(r"关联(?:方|企业|单位)(?:之间)?的?$")
RELATED = "关联方"


_ZH_KIND_YEAR = re.compile(
    r"[，,：:]\s*([\u4e00-\u9fff][A-Za-z0-9\u4e00-\u9fff]{1,11}?)\s*\d{2,4}\s*年度?的$"
)
# "2019年速冻设备单独实现了多少营业收入": the kind that earned the item, between the year and the verb
_ZH_KIND_EARNED = re.compile(
    r"(?:\d{2,4}\s*年度?|[，,])\s*([\u4e00-\u9fff]{2,12}?)(?:单独|自身)?(?:实现|取得|贡献)了?多少$"
)
# a region written right before the item with no "的": "2006年华东地区主营业务收入"
_ZH_REGION_BEFORE = re.compile(r"(?:\d{2,4}\s*年度?|[，,、])\s*([\u4e00-\u9fff]{1,8}(?:地区|区域))$")


# "账龄2至3年的期末账面余额", "账龄3年以上": an aging table's row, written as the tables print it ("1至2年")
_AGING = re.compile(
    r"(?<![\d.])(\d+)\s*(?:至|-|－|~|～|到)\s*(\d+)\s*年|(?<![\d.])(\d+|半)\s*(年|个月)以(内|上)"
)
# "应付账款中1年以内的金额", "预付款项一年以内的": a bracket of the item written after it
_AGING_AFTER = re.compile(r"(?:[中里]\s*的?|款项?|票据)\s*(?=\d|半)")
# an aging bracket's digits as sentences write them in Chinese ("一至二年" for the row "1至2年")
ZH_DIGITS = {"1": "一", "2": "二|两", "3": "三", "4": "四", "5": "五"}
_DIGIT_OF = {z: d for d, zs in ZH_DIGITS.items() for z in zs.split("|")}
_ZH_SPAN = re.compile(r"([一二两三四五])(?=\s*(?:年|个月|(?:至|-|－|~|～|到)\s*[一二两三四五\d]\s*年))")


# "短期借款中，信用借款有多少", "存货附注中，在产品的期初账面余额", "短期借款里的保证借款": a row of the
# item's note, written after it
_ZH_PART_AFTER = re.compile(
    # "应付职工薪酬中，离职后福利—设定提存计划本期增加": a part and its sub-part joined by a dash
    # "中的售后服务费（产品质量保证费用）是多少": a gloss in brackets after the part
    r"(?:附注|明细)?[中里][，,、]?\s*的?\s*([\u4e00-\u9fff]{2,12}?(?:[—\-－][\u4e00-\u9fff]{2,8}?)?)"
    r"(?:[（(][^（）()]{1,12}[)）])?(?=的|有|是|为|在|比|较|占|金额|余额|账面|期初|期末|年初|年末|合计|多少|同比|环比|增长|增速|增幅|变动|本期|上期"
    r"|[、和及][\u4e00-\u9fff]{2,8}(?:[、和及][\u4e00-\u9fff]{2,8})*各)"  # "直接材料、直接人工和制造费用各占"
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
# "应收账款计提了多少坏账准备": the allowance of the item before it, asked as "应收账款计提的坏账准备多少"
_ZH_PROVIDED = re.compile(r"计提了?多少([\u4e00-\u9fff]{0,6}准备)")


def provision_asked(question: str) -> str:
    """A Chinese question asking how much of an allowance an item carries, with the allowance written after
    the item as its rows print it ("应收账款计提的坏账准备")."""
    return _ZH_PROVIDED.sub(r"计提的\1多少", question)
# where a revenue comes from, what a spending goes to: the source or the use is the row
_ZH_FROM = re.compile(r"^(?:来自于?|来源于|源自|用于|投向)")


# "募投的票据印务扩建项目总投资中固定资产投资": the project a figure belongs to (its row of the 募投
# table), not the company's balance of the same name ("年产300MW光伏支架扩建项目": its capacity in figures);
# a quoted one is read by zh_quoted
_ZH_PROJECT = re.compile(
    r"(?:的|、|，|,)([\u4e00-\u9fff][\u4e00-\u9fffA-Za-z0-9.]{3,29}?项目)(?=的|总投资|投资|中|建设|达产|[，,。？?])"
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
        part = re.sub(r"[—－]", "-", m.group(1)) if m else ""  # "离职后福利-设定提存计划" as notes print it
        part = ZH_CLASS_WORD.sub("", part) if len(ZH_CLASS_WORD.sub("", part)) >= 2 else part
        part = _ZH_AGING_WORD.sub("", part)  # "账龄一至二年": the bracket a note's row prints
        bare = _ZH_FROM.sub("", _ZH_VERB_TAIL.sub("", _ZH_SCOPE_LEAD.sub("", part)))  # "中，用于…业务的"
        part = bare if len(bare) >= 2 else part
        # "营业收入中主营业务收入", "应交税费中，应交企业所得税": the part ends with an item, it is that item;
        # "营业外支出里的非流动资产毁损报废损失": a row holding an item's name inside (流动资产) is a part
        whole = any(m.end >= len(part) for m in find_line_items(part))
        item_itself = concept_of(part) is not None or whole
        if part and not part.startswith(_ZH_BASIS) and not item_itself and not _ZH_NOT_KINDS.search(part):
            out.append(part)
    return out


def outside_parts(text: str, items: list[LineItemMatch], parts: list[str]) -> list[LineItemMatch]:
    """The items a question names outside the rows it names as parts ("营业外支出里的非流动资产毁损报废损失":
    "流动资产" within the row's label is no item asked) and outside a bracket saying what a figure holds
    ("非经常性损益小计（扣除所得税及少数股东影响之前）": no 所得税 asked), when one is left."""
    spans = [(at, at + len(p)) for p in parts if (at := text.find(p)) >= 0]
    spans += [m.span(1) for m in _ZH_SCOPE_BRACKET.finditer(text)]
    wider = [m for m in items for a, b in spans if a <= m.start <= m.end <= b and b - a > m.end - m.start]
    kept = [m for m in items if m not in wider]
    return kept if kept else items


# a bracket saying what a figure includes or leaves out, no operator in it (a formula's brackets are operands)
_NO_OPERATOR = r"[^（）()＋+−\-×÷/=＝]*"
_HOLDS = r"(?:扣除|之前|之后|不含|含|不包括|包括)"
_ZH_SCOPE_BRACKET = re.compile(rf"[（(]({_NO_OPERATOR}{_HOLDS}{_NO_OPERATOR})[)）]")


_ZH_NO_PARTS = ("项目", "风险", "工程")
_ZH_AGING_WORD = re.compile(r"^账龄(?:为|在)?(?=.{2})")
_ZH_GLOSSED = re.compile(r"[（(]\s*([\u4e00-\u9fff]{2,20})\s*[)）]")


def glossed_parts(
    question: str, items: list[LineItemMatch], names: list[str], *, measured: bool = False
) -> list[str]:
    """Rows an English question glosses in Chinese besides a known line item it asks within ("property tax
    (房产税) … within taxes and surcharges (税金及附加)") or a named ratio it asks of them (``measured``:
    "its gross margin on power products (电力产品)"): the row the figure is read from; a company's gloss is no
    row."""
    if not measured and not any(m.concept for m in items):
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
    question = _ZH_SPAN.sub(lambda m: _DIGIT_OF[m.group(1)], question)  # "一年以内": as tables print it
    if "账龄" not in question and not _AGING_AFTER.search(question):
        return []
    return [f"{a}至{b}年" if a else f"{n}{span}以{w}" for a, b, n, span, w in _AGING.findall(question)]


_ZH_BRACKETED = re.compile(r"[（(][^（）()]*[）)]")
ZH_HEADER_WORD = re.compile(r"年度|年份|期间|日期|时间|项目|名称|类别|单位|地区|产品|客户")


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
        if ZH_HEADER_WORD.fullmatch(label) or YEAR.search(label):
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


# "研发人员中硕士及以上学历的有多少人": the group of people a row is counted within, written before it with 中
_ZH_GROUP = re.compile(
    r"(?:年(?:度|末|初|底)?|[，,、的])([\u4e00-\u9fff]{0,6}(?:人员|员工|职工|股东|董事|监事|高管))[中里]\s*$"
)
_ZH_ALL_STAFF = re.compile(r"^(?:全体|公司|在职|全部)*(?:员工|职工)$")  # all staff: the table's own whole


def zh_groups(question: str, rows: list[LineItemMatch], names: list[str]) -> list[str]:
    """The groups a Chinese question counts table rows within ("研发人员中" before "硕士"): each must be
    printed with the row (all staff's 硕士 is no count of the R&D staff's); no item, place or company."""
    out: list[str] = []
    for row in rows:
        m = _ZH_GROUP.search(question[: row.start]) if row.start > 0 else None
        group = m.group(1) if m else ""
        if len(group) < 2 or concept_of(group) or find_line_items(group) or _ZH_PLACE.search(group):
            continue
        if _ZH_ALL_STAFF.match(group):
            continue
        if not _ZH_NOT_KINDS.search(group) and not any(group in n or n in group for n in names if n):
            out.append(group)
    return list(dict.fromkeys(out))
