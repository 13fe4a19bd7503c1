"""Kinds of a statement item a question names by how the figure is ranked or valued: the top debtors of
the item ("期末余额前五名应收账款汇总金额": the note's top five, never the balance) and the item's fair value
("the fair value of Nike's long-term debt": a fair value printed as such, never the carrying amount); and the
wordings of a Chinese question asking which row of a breakdown ranks first ("哪一项…最大", ``zh_ranked``)."""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch

# "期末余额前五名应收账款汇总金额", "应收账款前五名合计": the top debtors' part of the item, never its total
_ZH_TOP = re.compile(r"前\s*(?:五|5|十|10|三|3)\s*名")
_ZH_TOP_REACH = 12  # characters between a "前五名" and the statement item it ranks


def zh_top_ranked(question: str, items: list[LineItemMatch]) -> list[str]:
    """The rank ("前五名") a question puts on a statement item: the note's top debtors, not the balance."""
    return [
        m.group(0)
        for m in _ZH_TOP.finditer(question)
        if any(
            it.concept and (0 <= it.start - m.end() <= _ZH_TOP_REACH or it.end == m.start()) for it in items
        )
    ]


_FAIR_VALUE = re.compile(r"\bfair values?\b", re.I)
FAIR_VALUE = "fair value"


def fair_value_kind(question: str, items: list[LineItemMatch]) -> list[str]:
    """The kind "fair value" when the question asks a fair value no item it names is printed as."""
    if not _FAIR_VALUE.search(question) or any(_FAIR_VALUE.search(m.printed) for m in items):
        return []
    return [FAIR_VALUE]


# "哪一项…最大", "最高的是哪个", "排名第三的是哪一项"
ZH_RANKING = re.compile(
    r"哪(?:一|个|种|类|项|家|年|笔|些)+[^，。？?；]{0,30}?最(?P<a>大|高|多|低|小|少)"
    r"|最(?P<b>大|高|多|低|小|少)的(?:是)?哪"
    r"|排(?:名|在)?第(?P<nth>[一二三四五六七八九十\d]+)"
)
# words of any ranking question ("金额排名第三的是哪一项"): no title or heading they pick, no topic the
# evidence must print
RANK_WORDS = frozenset(
    {
        *("项目", "金额", "明细", "一项", "一类", "一笔", "一年", "哪个", "哪家", "哪一", "排名", "合并"),
        *("前三名", "前五名", "第一", "第二", "第三", "分别", "依次", "多少"),
        *("最大", "最高", "最低", "最小", "最多", "最少"),
    }
)


def asks_zh_ranking(question: str) -> bool:
    """A Chinese question asking which row of a breakdown ranks first or N-th ("哪一项…最大")."""
    return ZH_RANKING.search(question) is not None
