"""What a Chinese question asks of a row it names: a measure of it ("太阳能边框的平均单价": the unit
price rows, not the revenue row) or a part of its balance ("固定资产的累计折旧": the accumulated
depreciation, not the net balance)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.answer.asks import ZH_LESS, ZH_TURN
from finrag.answer.lexicon import LineItemMatch, concept_of, find_line_items
from finrag.answer.zh_qualifiers import ZH_CLASS_WORD

# What a Chinese question asks of a row it names ("太阳能边框的平均单价"): that kind of figure only
_ZH_MEASURE = re.compile(
    r"的?\s*((?:平均)?单价|(?:平均)?(?:销售)?(?:价格|售价)|均价|销售量|销量|生产量|产量|产能|采购量"
    r"|市场占有率|市场份额|占有率)"
)
# one measure in the words tables print it in ("平均销售价格" asked, "平均售价（元/吨）" printed)
_MEASURE_WORDS = (
    ("价", ("单价", "售价", "价格", "均价")),
    ("销", ("销售量", "销量")),
    ("产", ("生产量", "产量")),
)


def measure_after(question: str, item: LineItemMatch) -> str:
    """The measure a Chinese question writes right after a row it names, else ""."""
    if item.concept or item.start <= 0 or item.printed.isascii():
        return ""
    m = _ZH_MEASURE.match(question, item.end)
    return m.group(1) if m else ""


# a rate or degree of the item written after it that no formula works out ("固定资产的总体成新度", "机器设备的
# 成新率"); "净值和成新率" asks a second item beside it, no measure of the first
_ZH_RATE_AFTER = re.compile(
    r"(?![和及与或、])的?(?:总体|综合|整体|平均)?([\u4e00-\u9fff]{1,3}(?:度|率))(?![\u4e00-\u9fff]*[=＝])"
)
_NOT_RATES = frozenset({"年度", "季度", "月度", "额度", "制度", "程度", "进度", "力度"})


def rate_after(question: str, item: LineItemMatch) -> str:
    """The rate or degree a Chinese question asks of the item it writes right before ("成新度"), else ""."""
    m = _ZH_RATE_AFTER.match(question, item.end) if item.start >= 0 else None
    return m.group(1) if m and m.group(1) not in _NOT_RATES else ""


def shows_measure(measure: str, text: str) -> bool:
    """``text`` (a row's label, column and heading) prints ``measure`` in any of its usual words."""
    words = next((w for key, w in _MEASURE_WORDS if key in measure and measure.endswith(w)), (measure,))
    return any(w in text for w in words)


# A part of an asset's balance a Chinese question writes right after it ("固定资产的累计折旧")
# "商誉所在资产组": the asset group holding the goodwill, another balance than the goodwill's own
_ZH_PART = re.compile(
    r"(?:的|中的|计提的|所计提的|已计提的)?\s*(累计折旧|累计摊销|坏账准备|坏账损失|减值准备|减值损失|跌价准备|账面原值|原值|所在资产组)"
)


def part_after(question: str, item: LineItemMatch) -> str:
    """The part of an item's balance a Chinese question asks for, else ""."""
    m = part_match(question, item)
    return m.group(1) if m else ""


def part_match(question: str, item: LineItemMatch) -> re.Match[str] | None:
    """Where a Chinese question writes the part of an item's balance it asks for, else None."""
    return _ZH_PART.match(question, item.end) if item.start >= 0 and not item.printed.isascii() else None


# "罐式集装箱卖了多少钱", "内衬箱、电加热箱这些特种罐箱卖了多少钱": a colloquial item's subject after the year
_ZH_SOLD = re.compile(
    r"(?:\d{2,4}\s*年(?:度|全年)?|[，,]\s*)([\u4e00-\u9fff、]{2,30}?)(?:总共|一共|合计|共)?$"
)
_ZH_NOT_SOLD = re.compile(r"^(?:公司|本公司|发行人|集团|全年|全部|一共|总共)$")


def zh_sold_kind(question: str, items: list[LineItemMatch]) -> list[str]:
    """What a Chinese question says was sold or earned when it asks colloquially ("…卖了多少钱" is a
    revenue row matched over its words): the words between the year and the phrase, never the company."""
    out: list[str] = []
    for item in items:
        if not item.span or item.printed.isascii() or item.start <= 0:
            continue  # a row the question writes as printed names its own kind, if any
        m = _ZH_SOLD.search(question[: item.start])
        kind = _ZH_FILLER.sub("", m.group(1)) if m else ""
        if len(kind) >= 2 and not _ZH_NOT_SOLD.match(kind):
            out.append(kind)
    return out


_ZH_FILLER = re.compile(r"这些|这个|那些|的$")


# "A比B多产了多少", "A比B少卖多少": two names (no punctuation, no year) and the verb of the measure
_COMPARED = re.compile(
    r"(?:^|[年，,的])(?P<a>[\u4e00-\u9fff]{2,8}?)比(?P<b>[\u4e00-\u9fff]{2,8}?)"
    r"(?P<way>多|少)(?P<verb>产|生产|卖|销售|销|收入|赚)?了?多少"
)
# the column a verb names: what was produced is the 产量 column, sold the 销量 (or 销售量) one
_MEASURE = {"产": "产量", "生产": "产量", "卖": "销", "销售": "销", "销": "销", "收入": "收入", "赚": "收入"}
_NOT_A_KIND = re.compile(r"^(?:公司|本公司|发行人|今年|去年|上年|本年|当年)$")


def compared_kinds(question: str) -> tuple[str, str, str | None, bool] | None:
    """The two kinds, the measure column's word (None: any) and whether the first is asked as the larger."""
    m = _COMPARED.search(question)
    if m is None or any(_NOT_A_KIND.match(k) or concept_of(k) for k in (m.group("a"), m.group("b"))):
        return None  # "销售收入比上年多多少": an item's change, no two kinds
    return m.group("a"), m.group("b"), _MEASURE.get(m.group("verb") or ""), m.group("way") == "多"


def kinds_topic(question: str) -> str:
    """The question with its comparison written as the two kinds' names ("铵梯比乳化多产了多少吨": 铵梯 乳化),
    what the evidence must print (the verb and the comparison are the calculator's)."""
    m = _COMPARED.search(question)
    if m is None or compared_kinds(question) is None:
        return question
    return f"{question[: m.start('a')]} {m.group('a')} {m.group('b')} {question[m.end() :]}"


# "是否高于国外主营业务？", "是否高于国外的": the second kind, up to its "的" or the clause's end
_SECOND = re.compile(r"([\u4e00-\u9fffA-Za-z0-9]{2,16}?)(?:的|[？?，,。；;]|$)")
# "热敏纸产品的毛利率比双胶纸产品高多少个百分点", "…比罐式集装箱少多少元": the second kind and which way
_BY_HOW_MUCH = re.compile(r"比([\u4e00-\u9fffA-Za-z0-9]{2,16}?)(?P<way>高出|高|低|多|少)了?多少")


@dataclass(frozen=True)
class KindsCompared:
    """Two kinds of one table a Chinese question compares on one measure: yes or no (``judged``), or by
    how much the first exceeds the second (``lower``: falls short of it)."""

    first: str
    second: str
    judged: bool
    lower: bool
    written: str  # the second as written ("双胶纸产品"): a row may print it so
    stem: str  # the question up to the turn ("…热敏纸产品的毛利率"): what is asked of each kind


def compared_sides(question: str, language: str, qualifiers: list[str]) -> KindsCompared | None:
    """The two kinds a Chinese question compares: the one kind it asks the measure of (``qualifiers``),
    written before the turn ("是否高于", "比"), and the one written right after it (no line item itself)."""
    if language != "zh" or len(qualifiers) != 1:
        return None
    turn = ZH_TURN.search(question)
    if turn and (m := _SECOND.match(question, turn.end())):
        judged, at = True, turn.start()
    elif m := _BY_HOW_MUCH.search(question):
        judged, at = False, m.start()
    else:
        return None
    first = qualifiers[0]
    if not 0 <= question.find(first) < at:
        return None
    second = ZH_CLASS_WORD.sub("", m.group(1))
    if len(second) < 2 or second in first or first in second or concept_of(second) or find_line_items(second):
        return None
    lower = bool(ZH_LESS.search(question)) if judged else m.group("way") in ("低", "少")
    return KindsCompared(first, second, judged, lower, m.group(1), question[:at])
