"""Chinese years typed with two digits ("19年研发投入", "06上半年", "爱康09总资产周转率", "18-20年")
written out in full before the periods are read, never a count or term of years ("近10年", "10年期",
"折旧年限20-40年")."""

from __future__ import annotations

import re

# "四方科技19年研发投入", "天源科技05年毛利率": a two-digit year; not a count of years ("近10年", "10年期")
_SHORT_YEAR = re.compile(
    r"(?<![\d.])(?<!近)(?<!前)(?<!后)(?<!每)(?<!第)(?<!约)(?<!共)(?<!满)(?<!逾)(?<!去)(?<!来)(\d{2})"
    # "06上半年": 2006年上半年; "06年期间费用率": 2006's expense ratio, no term of years
    r"(?:年(?!期(?!间费用)|内|以|来|后|间|左右|多|的时间)|(?=[上下]半年|[一二三四1-4]季度))"
)
SHORT_YEAR_PIVOT = 50  # "05年" is 2005, "98年" is 1998
# "生物股份18-20年归母净利润": two-digit years spanning a few years, not a term ("折旧年限20-40年")
_SHORT_SPAN = re.compile(r"(?<![\d.])(?<!限)(?<!期)(?<!命)(\d{2})\s*([-—–~至到])\s*(\d{2})(?=年)")
MAX_SHORT_SPAN = 5  # a reporting span runs over three years and a period; a longer one is a term of years


def full_years(text: str) -> str:
    """Chinese two-digit years written out in full ("19年" -> "2019年")."""

    def year(yy: str) -> str:
        return f"{2000 + int(yy) if int(yy) < SHORT_YEAR_PIVOT else 1900 + int(yy)}年"

    def span(m: re.Match[str]) -> str:
        a, b = int(m.group(1)), int(m.group(3))
        return f"{year(m.group(1))}{m.group(2)}{m.group(3)}" if 0 < b - a <= MAX_SHORT_SPAN else m.group(0)

    text = _SHORT_SPAN.sub(span, text)  # "18-20年": 2018年-2020年
    text = _SHORT_YEAR.sub(lambda m: year(m.group(1)), text)
    return _NAME_SHORT_YEAR.sub(lambda m: m.group(1) + year(m.group(2)), text)


# "爱康09总资产周转率": two digits right after the opening name, before the item: its year
_NAME_SHORT_YEAR = re.compile(
    r"^([\u4e00-\u9fff]{2,10}?)(\d{2})(?=[\u4e00-\u9fff])"
    r"(?![月日年个名家位倍天期季大余多项万亿元股次种条只座台套吨号])"  # "10大股东", "20余家": counts
)
