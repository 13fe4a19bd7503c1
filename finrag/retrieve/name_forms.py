"""The forms a company's legal name is asked by: without its legal suffix ("3M Company" -> "3M"), its place
("厦门安妮股份有限公司" -> 安妮股份), its business word or its parent group's name ("中钢集团安徽天源科技" ->
中钢天源), and "J&J" for "Johnson & Johnson". Derived from the name alone, never keyed to a company."""

from __future__ import annotations

import re

# Legal suffixes stripped to derive the short name people use in questions (longest first)
_ZH_SUFFIXES = (
    "集团股份有限公司",
    "股份有限公司",
    "集团有限公司",
    "有限责任公司",
    "有限公司",
    "集团",
    "股份",
)
# Business words that end many Chinese legal names before the suffix: "江苏爱康太阳能科技股份有限公司" is
# asked about as "江苏爱康太阳能公司" or "爱康太阳能"; stripped once, after the legal suffix
_ZH_BUSINESS_WORDS = ("科技", "技术", "实业", "控股", "发展", "投资", "产业", "电子", "信息")
MIN_ZH_BUSINESS_STRIPPED = 4  # what is left after also stripping a business word must stay this long
# Provinces, municipalities and large cities that open many legal names: "厦门安妮股份有限公司" is asked
# about as 安妮股份, "安徽天源科技股份有限公司" as 天源科技 (the exchanges' short names drop the place)
_ZH_PLACE_NAMES = (
    "北京 天津 上海 重庆 河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 "
    "海南 四川 贵州 云南 陕西 甘肃 青海 内蒙古 广西 西藏 宁夏 新疆 香港 澳门 台湾 深圳 厦门 大连 "
    "青岛 宁波 苏州 无锡 常州 杭州 南京 武汉 广州 成都 西安 长沙 合肥 济南 沈阳 哈尔滨 郑州 福州 "
    "珠海 东莞 佛山 温州 绍兴 烟台 江阴 昆山 中山 南通 徐州 扬州 泉州"
)
ZH_PLACES = tuple(_ZH_PLACE_NAMES.split())
# "中钢集团安徽天源科技": a parent group's name before the company's own (kept when 4+ characters follow)
_ZH_GROUP_PREFIX = re.compile(r"^[\u4e00-\u9fff]{2,4}集团(?=[\u4e00-\u9fff]{4,})")
# what a city bank or utility is called without its place names nobody ("上海银行" is not "银行股份")
_ZH_INDUSTRY_TEXT = (
    "银行 证券 保险 信托 期货 电力 能源 钢铁 建设 建工 投资 控股 科技 实业 发展 国际 电子 医药 农商 商业银行 "
    "农村商业银行 水务 燃气 港务 机场 高速 交通 地产 置业 城建 旅游 传媒 文化"
)
_ZH_INDUSTRY_WORDS = frozenset(_ZH_INDUSTRY_TEXT.split())
ZH_SHORT_PART = 2  # exchange short names join two-character parts: the parent's and the company's own
MIN_ZH_PLACE_STRIPPED = 4  # what is left after the place must stay a name (四方科技, not 四方)
_EN_SUFFIX = re.compile(
    r"[,.]?\s+(?:inc|incorporated|corp|corporation|company|co|ltd|limited|plc|holdings?|group|n\.?v|s\.?a|llc|lp)"
    r"\.?$",
    re.I,
)
_LEADING_THE = re.compile(r"^the\s+", re.I)
_EN_BUSINESS_END = re.compile(
    r"\s+(?:science\s*&\s*technology|technology|development|industrial|industry)$", re.I
)
MIN_ZH_DERIVED = 3  # a name cut from a legal name ("生物股份" -> "生物") must keep this many characters


def short_forms(name: str) -> set[str]:
    """The name itself plus the forms left after stripping legal suffixes ("3M Company" -> "3M")."""
    out = {name.strip()}
    base = _LEADING_THE.sub("", name.strip())
    out.add(base)
    for _ in range(3):  # "Foo Group Co., Ltd." -> "Foo Group Co" -> "Foo Group" -> "Foo"
        stripped = _EN_SUFFIX.sub("", base).strip(" ,.")
        if stripped and stripped != base:
            out.add(stripped)
            base = stripped
    # "GD Power Development" is "GD Power": a business word off the end, two words or more left
    if (core := _EN_BUSINESS_END.sub("", base).strip(" ,.")) != base and len(core.split()) >= 2:
        out.add(core)
    parts = base.split(" & ")
    if len(parts) == 2 and all(p.strip().isalpha() for p in parts):  # "Johnson & Johnson" is "J&J"
        out.add("&".join(p.strip()[0].upper() for p in parts))
    for zh in _zh_names(name.strip()):
        out.add(zh)
        for suffix in _ZH_SUFFIXES:
            if zh.endswith(suffix) and len(zh) - len(suffix) >= MIN_ZH_DERIVED:
                core = zh[: -len(suffix)]
                out.add(core)
                for word in _ZH_BUSINESS_WORDS:
                    if core.endswith(word) and len(core) - len(word) >= MIN_ZH_BUSINESS_STRIPPED:
                        out.add(core[: -len(word)])
    return {s for s in out if s}


def _legal_core(name: str) -> str:
    return next((name[: -len(s)] for s in _ZH_SUFFIXES if name.endswith(s)), name)


def _zh_names(name: str) -> list[str]:
    """A Chinese legal name without a parent group's name before it, then also without its place."""
    out = [name]
    rest = name[m.end() :] if (m := _ZH_GROUP_PREFIX.match(name)) else ""
    if rest and len(_legal_core(rest)) >= MIN_ZH_DERIVED:  # not "四方科技集团" + "股份有限公司"
        out.append(rest)
    for form in list(out):
        place = next((p for p in ZH_PLACES if form.startswith(p)), None)
        rest = form[len(place) :] if place else ""
        if len(rest) >= MIN_ZH_PLACE_STRIPPED and _legal_core(rest) not in _ZH_INDUSTRY_WORDS:
            out.append(rest)
    # "中钢集团安徽天源科技" is listed as 中钢天源: the parent's short name and the company's own
    if m and len(group := m.group(0).removesuffix("集团")) == ZH_SHORT_PART:
        core = _legal_core(out[-1])
        word = next((w for w in _ZH_BUSINESS_WORDS if core.endswith(w)), "")
        own = core[: len(core) - len(word)]
        if len(own) == ZH_SHORT_PART:
            out.append(group + own)
    return out
