"""What values of each kind look like in Chinese financial news and filings, and which of them can be an
event's argument at all (names next to their cue, no holder's state after a release, a title next to
its holder). Used by :mod:`finrag.answer.roles`."""

from __future__ import annotations

import re

from finrag.answer.text import coverage

_NUM = r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_CURRENCY = r"(?:元|美元|港元|港币|欧元|英镑|日元|韩元|新元|澳元|加元|卢布|美金|纽元|法郎|人民币)"
# "19至22美元", "0.047元-0.049元", "65.45元/股-73.82元/股": a range may repeat the unit on its lower end
_RANGE = rf"{_NUM}\s*(?:(?:{_CURRENCY}(?:/股)?|[%％])?\s*[-—~～至到]\s*{_NUM})?"
_SCALE = r"(?:万亿|千万|百万|十万|万|亿|千)"
_DATE = (
    r"(?:(?:(?:19|20)\d{2}\s*年\s*)?\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?|(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}"
    r"|(?:(?:19|20)\d{2}\s*年\s*)?(?:第?[一二三四1-4]季度|[上下]半年|年底|年初|年末)"
    r"|(?<![\d月])[1-3]?\d日(?=[，,晚上下早]|表示|宣布|公告|消息)"
    r"|(?<!截至)(?<!截止)(?<!截至本)(?<!截止本)(?:本)?公告(?:披露)?日|当日|今日|当天|今天)"
)
_DAYPART = r"晚间|午间|早间|盘后|盘前|晚|早"  # "5月13日晚间": news dates carry the part of the day
# Latin-script runs, full-width letters too ("Ｒｅｓｏｒｔ　Ｃｌａｓｓ")
_LATIN_RUN = r"[A-Za-zＡ-Ｚａ-ｚ][A-Za-zＡ-Ｚａ-ｚ\s　]{1,40}"
# A bound stated with a figure is part of it: "不超过2%" is not "2%"
_BOUND = r"(?:(?:不超过|不低于|不少于|不高于|不超|最多|至少|约|逾|超过)\s*){0,2}"
# What a value of each kind looks like in Chinese financial news and filings.
VALUE_PATTERNS: dict[str, re.Pattern[str]] = {
    "money": re.compile(
        rf"{_BOUND}(?:{_RANGE}\s*{_SCALE}?\s*{_CURRENCY}|{_RANGE}\s*{_SCALE}(?![股人户次台辆吨件个家名平方米只])"
        rf"|{_CURRENCY}\s*{_RANGE}\s*{_SCALE}?\s*{_CURRENCY}?)"
    ),
    "date": re.compile(rf"{_DATE}(?:\s*[至到~～—-]\s*{_DATE})?(?:{_DAYPART})?"),
    "period": re.compile(
        r"(?:(?:19|20)\d{2}\s*年(?:度)?)?(?:第?[一二三四1-4]季度|前三季度|[上下]半年|半年度|年度|中期|全年|Q[1-4])"
        r"|(?:19|20)\d{2}\s*(?:财年|年报|年度|年)"
    ),
    "shares": re.compile(rf"{_BOUND}{_RANGE}\s*{_SCALE}?\s*股"),
    "percent": re.compile(
        rf"{_BOUND}{_RANGE}\s*[%％](?!\s*(?:以上|以下|及以上))|百分之[零一二三四五六七八九十百点]+"
    ),
    # what an acquisition takes: a stake ("51%股权", "全部已发行股本") or a property
    "stake": re.compile(
        rf"{_RANGE}\s*[%％]\s*(?:的)?(?:股权|股份|权益|股本|A股|H股)|全部(?:已发行)?(?:股本|股权|股份|权益)"
        rf"|(?:{_LATIN_RUN}|[\u4e00-\u9fff]{{2,8}})之(?:物业|地块|土地|资产|业务)"
    ),
    "round": re.compile(
        r"(?:pre-?)?[A-F]\d?\+*\s*(?:\+|＋)?轮|天使(?:\+|＋)?轮?|种子轮|战略(?:投资|融资)|(?:pre-?)?ipo",
        re.I,
    ),
    "title": re.compile(
        r"董事长|董事|总经理|总裁|首席\w{1,6}官|CEO|CFO|COO|CTO|秘书|总监|监事|经理|主席|行长|负责人|合伙人"
        r"|书记|院长|部长|局长|主任|总干事|发言人|顾问|总编|总工程师|会长|理事",
        re.I,
    ),
}


# Names of organisations (by their usual endings) and Latin-script names: what a "方/机构/公司" role
# takes. A name counts only right after or before a wording of its cue ("质押给X", "由X领投").
_NAME_CHAR = r"(?:(?![由的和与及在将向给为是了于对等其该已被从把共称以])[A-Za-z0-9\u4e00-\u9fff（）()·&． ])"
_ORG_END = (
    r"(?:有限责任公司|股份有限公司|有限公司|公司|集团|银行|分行|支行|证券|基金|资本|投资|创投|资产管理|资管|信托"
    r"|保险|典当|期货|合伙企业|（有限合伙）|\(有限合伙\)|医院|大学|学院|研究院|研究所|设计院|中心|委员会|管理局"
    r"|局|厅|政府|机场|电网|Capital|Ventures|Partners|Fund|Limited|Ltd\.?|Inc\.?|LLC|Group|Holdings)"
)
_ORG = rf"{_NAME_CHAR}{{1,30}}?{_ORG_END}(?:{_NAME_CHAR}{{0,12}}?{_ORG_END})*"
_LATIN = r"[A-ZＡ-Ｚ][A-Za-zＡ-Ｚａ-ｚ0-9&.\-]*(?:[\s　]+[A-ZＡ-Ｚ][A-Za-zＡ-Ｚａ-ｚ0-9&.\-]*){0,5}"
_NAME_AFTER = re.compile(rf"\s*(?:[为是：:]\s*)?(?P<name>{_ORG}|{_LATIN})")
_NAME_BEFORE = re.compile(
    rf"(?P<name>{_ORG}|{_LATIN})\s*(?:等(?:机构|公司|投资方)?)?\s*(?:共同|联合)?(?:发出|发布|组织|公布)?的?$"
)
_THING_WORDS = re.compile(r"项目|工程|标段|采购|总投资")  # "…PPP项目总投资" ends like a name but is none
_GENERIC_NAME_BODY = 1  # "本公司", "该集团": one character before the ending names no one
_MIN_LATIN_NAME = 2  # one Latin letter is an initial, not a name
# Sina-style price tickers inside news text: "(4.740,-0.02,-0.42%)" is no figure about the event
TICKER = re.compile(r"[（(]\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?[%％]\s*[)）]")
CLAUSE_MARKS = "，,；;：:"
# After a release (解除质押), sentences about the holder's state (what is still pledged or held) state no
# figure of the release itself.
RELEASE = re.compile(r"解除质押|解质|解押|解冻")
_STATE = re.compile(r"累计|截至|截止|处于质押状态|合计持有|共持有|(?:解除质押|解质|解押|变动|完成)后")
_STATE_KINDS = frozenset({"percent", "shares"})
# A title right after an appointment verb is the position taken (变动后职位), not the one held (高管职位)
_APPOINTED = re.compile(
    r"(?:聘任?|(?<![卸离辞解免])任命?|出任|担任|接任|委任|当选|选举\S{0,8}为|[^\s]为)\S{0,15}$"
)
_PER_SHARE_ROLE = re.compile(r"每股|价")  # roles asking for a price take per-share figures
_PER_SHARE = re.compile(r"\s*/\s*股|\s*每股")
# a price word ("回购价格为", "收盘价：") but not a total consideration ("作价", "总价", "对价", "价款")
_PRICE_WORD = re.compile(r"(?<![作总对代])价(?!款)|每股")
_PRICE_REACH = 8  # characters before a figure searched for a price word ("回购价格为9.51元")
_RANGE_MARK = re.compile(r"[至到~～—-]")
TITLE_HOLDER_COVERAGE = 0.5  # share of the person's name a title's clause must hold to be theirs
_AFTER = "后"  # "变动后职位": the role asks for the position after the change


def clause(sentence: str, start: int, end: int) -> str:
    """The comma-delimited clause around a value: "占公司总股本的0.65%" of a longer sentence."""
    left = max(sentence.rfind(p, 0, start) for p in CLAUSE_MARKS)
    rights = [i for p in CLAUSE_MARKS if (i := sentence.find(p, end)) >= 0]
    return sentence[left + 1 : min(rights, default=len(sentence))].lower()


def names_next_to(sentence: str, words: list[str]) -> list[tuple[int, int]]:
    """Names (organisations, Latin-script names) right after or before one of ``words`` (lower case):
    "质押给民生加银资产管理有限公司", "由红杉资本领投"."""
    low = sentence.lower()
    out: list[tuple[int, int]] = []
    for word in words:
        for m in re.finditer(re.escape(word), low):
            after = _NAME_AFTER.match(sentence, m.end())
            before = _NAME_BEFORE.search(sentence[: m.start()])
            for found in (after, before):
                if found is not None and is_name(found.group("name")):
                    out.append((found.start("name"), found.end("name")))
    return out


def is_name(span: str) -> bool:
    span = span.strip()
    if _THING_WORDS.search(span):
        return False
    if span.isascii():
        return len(span) >= _MIN_LATIN_NAME
    return len(re.sub(rf"(?:{_ORG_END})+$", "", span)) > _GENERIC_NAME_BODY


def fits(
    kind: str,
    phrase: str,
    point_in_time: bool,
    sentence: str,
    span: tuple[int, int],
    release: bool,
    subject: str,
) -> bool:
    """Whether the value at ``span`` can be the role's at all: no holder's state after a release; no
    price per share for a total amount; no range for a day (``point_in_time``: a disclosure date); a title
    only next to the person asked about (in its clause), and a title taken (after 聘/任/为) only for a
    role asking for the position after the change."""
    start, end = span
    before = sentence[:start]
    if release and kind in _STATE_KINDS and _STATE.search(before):
        return False
    if kind == "money" and not _PER_SHARE_ROLE.search(phrase):
        per_share = _PER_SHARE.match(sentence, end) or _PRICE_WORD.search(before[-_PRICE_REACH:])
        return per_share is None  # a price per share is no total amount
    if kind == "date" and point_in_time:
        return _RANGE_MARK.search(sentence[start:end]) is None  # a disclosure happens on a day
    if kind == "title":
        if subject and coverage(subject, clause(sentence, start, end)) < TITLE_HOLDER_COVERAGE:
            return False
        own = before[max(before.rfind(p) for p in CLAUSE_MARKS) + 1 :]
        return bool(_APPOINTED.search(own)) == (_AFTER in phrase)
    return True
