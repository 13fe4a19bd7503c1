"""What values of each kind look like in Chinese financial news and filings, and which of them can be an
event's argument at all (names next to their cue, no holder's state after a release, a title next to
its holder). Used by :mod:`finrag.answer.roles`."""

from __future__ import annotations

import re

from finrag.answer.role_words import CUE_SYNONYMS
from finrag.answer.text import coverage

_NUM = r"(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_CURRENCY = r"(?:元|美元|港元|港币|欧元|英镑|日元|韩元|新元|澳元|加元|卢布|美金|纽元|法郎|人民币)"
# written before the figure ("人民币1,200万元"); a bare 元 is the unit of the figure before it
# ("单位：元2007年…" holds no amount)
_PREFIX_CURRENCY = r"(?:人民币|美元|港元|港币|欧元|英镑|日元|美金)"
# "19至22美元", "0.047元-0.049元", "65.45元/股-73.82元/股": a range may repeat the unit on its lower end
_RANGE = rf"{_NUM}\s*(?:(?:{_CURRENCY}(?:/股)?|[%％])?\s*[-—~～至到]\s*{_NUM})?"
_SCALE = r"(?:万亿|千万|百万|十万|万|亿|千)"
_DATE = (
    r"(?:(?:(?:19|20)\d{2}\s*年\s*)?\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?|(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}"
    r"|(?:(?:19|20)\d{2}\s*年\s*)?(?:第?[一二三四1-4]季度|[上下]半年|年底|年初|年末)"
    r"|(?<![\d月])[1-3]?\d日(?=[，,晚上下早午]|表示|宣布|公告|消息)"
    r"|(?<!截至)(?<!截止)(?<!截至本)(?<!截止本)(?:本)?公告(?:披露)?日|当日|今日|当天|今天|近日|日前|近期"
    r"|截[至止](?:本)?公告(?:披露)?日)"
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
        rf"|{_PREFIX_CURRENCY}\s*{_RANGE}(?![\d年])\s*{_SCALE}?\s*{_CURRENCY}?)"
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
_FORMER = re.compile(r"[曾历原]")  # right before a cue word: a former state ("曾任", "原质押给")
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
    r"(?:聘任?|(?<![卸离辞解免曾历])任命?|出任|担任|接任|委任|当选|选举\S{0,8}为|[^\s]为)\S{0,15}$"
)
_PER_SHARE_ROLE = re.compile(r"每股|价")  # roles asking for a price take per-share figures
_PER_SHARE = re.compile(r"\s*/\s*股|\s*每股")
# a price word ("回购价格为", "收盘价：") but not a total consideration ("作价", "总价", "对价", "价款")
_PRICE_WORD = re.compile(r"(?<![作总对代])价(?!款)|每股|eps", re.I)
# "EPS为0.42/0.52/0.62元": the earlier values of a list stand between a figure and its price word
_LISTED_BEFORE = re.compile(r"(?:\d[\d.,]*\s*[/／]\s*)+$")
_PRICE_REACH = 8  # characters before a figure searched for a price word ("回购价格为9.51元")
_RANGE_MARK = re.compile(r"[至到~～—-]")
TITLE_HOLDER_COVERAGE = 0.5  # share of the person's name a title's clause must hold to be theirs
_COMPLETION = "完成"  # "收购完成时间": the role asks when the event was done
_AFTER = "后"  # "变动后职位": the role asks for the position after the change


# Dates news text gives without naming the day ("近日", "日前", "截至公告披露日"): an answer only when no
# date is stated
RELATIVE_DAY = re.compile(r"近日|日前|近期|截[至止]")
# Words saying a text was published: the date they go with is when the news came out, not when the event
# happened ("10月7日消息，X获投…", "格隆汇5月6日丨X公布"). A disclosure-date role takes the wider 披露
# wordings (收到 a notice …); an event-date role refuses the narrower set. "讯"/"电" count only right
# after the date ("7月31日讯", "8月16日电"): elsewhere they are parts of names (腾讯, 电网).
_DATELINE_WORDS = ("讯", "电", "晚间")
PUBLISHED = re.compile(r"消息|丨|\||发布|公告|公布|宣布|披露|报道|获悉|表示")
DISCLOSED = re.compile("|".join(re.escape(w) for w in CUE_SYNONYMS["披露"] if w not in _DATELINE_WORDS))
_DATELINE = re.compile(r"\s*(?:讯|电)")
# a relative day before a notice received ("于近日收到…通知") dates the notice, not the event
_NOTIFIED = re.compile(r"\s*(?:收到|接到|获悉)")
_SEGMENT_MARKS = CLAUSE_MARKS + "丨|"  # a dateline "格隆汇8月21日丨" ends at its bar
_PARENTHESES = re.compile(r"[（(][^（()）]*[)）]")
DATELINE_REST = 8  # a date followed by at most this many characters in its clause heads the next clause
# Another milestone after a date in its clause makes it that milestone's date ("2020年9月30日开工",
# "至2021年8月30日设备搬入"), not the event's
_MILESTONE = re.compile(r"开工|竣工|完工|投产|到期|搬入|交付|复牌|停牌|起息|兑付|开业|召开")
_DONE = re.compile(r"已(?!发行)|完成|完毕|交割")  # after a date in its clause: the event is done by that day
_DAY = re.compile(r"日|今天|当天")  # a disclosure happens on a day: "9月" (of "9月底") or "一季度" is none


def _segment(sentence: str, start: int, end: int) -> tuple[str, int]:
    """The text around a value up to the clause marks either side (a bar "丨" closes a dateline and is
    kept), and where the segment ends."""
    masked = _PARENTHESES.sub(lambda m: "#" * len(m.group(0)), sentence)  # "（证券代码：000975）"
    left = max(masked.rfind(p, 0, start) for p in _SEGMENT_MARKS)
    rights = [i for p in _SEGMENT_MARKS if (i := masked.find(p, end)) >= 0]
    stop = min(rights, default=len(sentence))
    return sentence[left + 1 : stop + 1], stop


def published_with(words: re.Pattern[str], sentence: str, start: int, end: int) -> bool:
    """Whether the date at ``start:end`` is when something was published (``words``): in its own segment,
    or heading the next clause when little follows it ("9月3日，小米集团公告称")."""
    blanked = sentence[:start] + " " * (end - start) + sentence[end:]  # "本公告日" is no notice itself
    own, stop = _segment(blanked, start, end)
    if words.search(own) or _DATELINE.match(sentence, end):
        return True
    if stop >= len(sentence) or stop - end > DATELINE_REST:
        return False
    following, _ = _segment(sentence, stop + 1, stop + 1)
    return bool(words.search(following))


def _date_fits(point_in_time: bool, sentence: str, start: int, end: int, completion: bool = False) -> bool:
    """A disclosure date (``point_in_time``) is a day the text says something was disclosed; an event's
    date is no publication date and no other milestone's date, except that a statement on that day that the
    event is done dates its completion (``completion``: "15日表示已将X收为子公司")."""
    value = sentence[start:end]
    relative = RELATIVE_DAY.match(value) is not None
    stop = _segment(sentence, start, end)[1]
    if _MILESTONE.search(sentence, end, stop) or (relative and _NOTIFIED.match(sentence, end)):
        return False
    if point_in_time:
        return (
            not relative
            and _RANGE_MARK.search(value) is None
            and _DAY.search(value) is not None
            and published_with(DISCLOSED, sentence, start, end)
        )
    if completion and _DONE.search(sentence, end, stop):
        return True
    return not published_with(PUBLISHED, sentence, start, end)


# A share of a trade stated without its base ("拟减持不超1%", "减持不超过2%的公司股份") is, by the usage of
# Chinese announcements, a share of the company's total share capital; a holder's stake is always named
# ("占其所持股份的23.09%").
_TRADE_VERB = re.compile(r"(?:减持|增持|回购|转让|出售|受让|买入|卖出|认购|质押)(?:公司)?(?:股份|股票)?\s*$")
_TOTAL_AFTER = re.compile(r"\s*(?:的(?:公司)?(?:股份|股票|总股本|A股|H股)|[，,；;。]|$)")
TOTAL_BASE_CUE = "总股"  # the cue that names total share capital (``CUE_SYNONYMS``)


def implied_total(sentence: str, start: int, end: int) -> bool:
    """The percent at ``start:end`` is a trade's share stated without a base, i.e. of total capital."""
    return bool(_TRADE_VERB.search(sentence[:start])) and bool(_TOTAL_AFTER.match(sentence, end))


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
            if _FORMER.search(low, max(0, m.start() - 1), m.start()):
                continue  # "曾任X客户经理": a former post says nothing of the event
            after = _NAME_AFTER.match(sentence, m.end())
            before = _NAME_BEFORE.search(sentence[: m.start()])
            for found in (after, before):
                if found is None or VALUE_PATTERNS["title"].match(sentence, found.end("name")):
                    continue  # "为新任基金经理": a job title, not an organisation
                if is_name(found.group("name")):
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
        lead = _LISTED_BEFORE.sub("", before)[-_PRICE_REACH:]
        per_share = _PER_SHARE.match(sentence, end) or _PRICE_WORD.search(lead)
        return per_share is None  # a price per share is no total amount
    if kind == "date":
        return _date_fits(point_in_time, sentence, start, end, _COMPLETION in phrase)
    if kind == "title":
        if subject and coverage(subject, clause(sentence, start, end)) < TITLE_HOLDER_COVERAGE:
            return False
        own = before[max(before.rfind(p) for p in CLAUSE_MARKS) + 1 :]
        return bool(_APPOINTED.search(own)) == (_AFTER in phrase)
    return True
