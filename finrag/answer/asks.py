"""What kind of answer a question's wording asks for: an amount, a reason, a yes or no between two periods."""

from __future__ import annotations

import re

from finrag.answer.lexicon import LineItemMatch

# "增发完成后", "发行不超过2,500万股后": after the offering (not "发行前后", both)
AFTER_ISSUE = r"(?:发行|增发)[^，。？?|前]{0,6}?(?:完成)?后"
_ASKS_REASON = re.compile(r"原因是什么|什么原因|为什么|为何|主要原因|(?:怎么|如何|怎样|作何)解释")
# an English question that opens by asking why ("What explains MGM's unusually high effective tax rate of
# 77.1%?"), or asks so after a clause ("According to its 10-K, why did …", "… shows $775 million at June 30,
# 2022. What explains the difference?"): a figure it names is what the text explains, not one to work out
_REASON_ASKED = (
    r"(?:why\b|what\s+(?:explains|explained|drove|caused|accounts?\s+for)\b"
    r"|what\s+(?:were|are|was|is)\s+the\s+(?:main\s+|primary\s+|key\s+)?(?:reasons?|drivers?|factors?)\b)"
)
_EN_ASKS_REASON = re.compile(
    rf"^\s*{_REASON_ASKED}"
    # "… what was diluted EPS …? What was the main reason?": a figure asked first, its reason besides
    r"|[.?!]\s+(?:why\b|what\s+explains?\b)"
    # "According to its Q2 2023 earnings release, what drove …": the clause after a source
    rf"|,\s+{_REASON_ASKED}",
    re.I,
)


# "What were the volume, price and currency components of …'s sales change", "decline - how much was fx",
# "growth split - volume vs price/mix vs fx", "How did Amcor explain the change in its net sales": what a
# change is made of, as the filer tells it (its bridge), not the change worked out again
_EN_ASKS_DRIVERS = re.compile(
    r"\b(?:components?|contribut\w*|split|break\s*down|breakdown"
    r"|how\s+much\s+(?:of\s+(?:that|it)\b|(?:came\s+)?from|was\s+(?:due\s+to|from|fx|currency))"
    r"|\badd(?:ed)?\s+to\b)",  # "how much did changes in gasoline prices … add to net sales"
    re.I,
)
_EN_DRIVERS = re.compile(r"\b(?:volume|pric(?:e|ing)|mix|currenc(?:y|ies)|fx|foreign\s+exchange)\b", re.I)
_EN_CHANGE = re.compile(r"\b(?:change|growth|grow|increase|decrease|decline|rise|rose|fall|fell)\w*", re.I)
_EN_EXPLAINS = re.compile(r"\bhow\s+did\s+[^?]{1,80}?\bexplain\b", re.I)


def asks_reason(text: str) -> bool:
    """A question asking why, or what a change is made of: the text says, no figure worked out does."""
    drivers = all(p.search(text) for p in (_EN_ASKS_DRIVERS, _EN_DRIVERS, _EN_CHANGE))
    why = _ASKS_REASON.search(text) or _EN_ASKS_REASON.search(text) or _EN_EXPLAINS.search(text)
    return bool(why or drivers)


# a name asked, no figure: "What is the name of the customer that accounted for more than 10% of …"
_WORDING = re.compile(
    r"^\s*what (?:is|was|are|were) the names? of\b(?![^?]*\b(?:how much|how many)\b)"
    # "How does General Mills define free cash flow?": the wording of a definition, no figure worked out
    r"|^\s*how (?:does|do|did|is|are|was|were)\b[^?]*\bdefined?\b(?![^?]*\b(?:how much|how many|what)\b)"
    r"|如何定义|怎么定义|如何界定",
    re.I,
)


def asks_wording(text: str) -> bool:
    """The question asks for a name or how something is defined: the text says, no figure worked out does."""
    return _WORDING.search(text) is not None


def asks_amount(text: str) -> bool:
    """The question asks for a figure ("是多少", "what was", "What net income did X report"), not a
    description."""
    low = text.lower()
    words = (
        "多少",
        "是多少",
        "金额",
        "数额",
        "几年",  # "所得税后投资回收期是几年": a period in years is a figure
        "几个月",
        "how much",
        "what is",
        "what was",
        "what were",
        "amount",
        "total",
    )
    asked = any(w in low for w in words) or _WHAT_ITEM_DID.search(low) is not None
    return asked and not any(w in low for w in ("介绍", "描述", "情况", "why", "describe"))


# what a question typed as a name, an item and a period leaves over: its period words ("Q1 2023 (12 weeks
# ended March 25, 2023)", "05年") and punctuation
_PERIOD_WORDS = re.compile(
    r"\b(?:[1-4]q|q[1-4]|fy|h[12])'?\d{2,4}\b"  # "2Q23", "Q4FY22", "FY'23"
    r"|\b(?:fy|q[1-4]|h[12]|fiscal|year|quarter|weeks?|months?|ended|ending|as of|at|end(?: of)?"
    r"|in|for|the|of|on"
    r"|worldwide|global|consolidated"  # "j&j darzalex worldwide sales q4 2022": the scope of the item typed
    r"|parent|co|company|only|stand-?alone"  # "xiamen anne parent co AR at end-06?"
    r"|vs|versus|net"  # "amcor net interest expense for the june 2023 quarter vs the june 2022 quarter"
    r"|expenses?"  # "adobe sales and marketing expense for fiscal 2014 (year ended nov 28, 2014)"
    r"|per|according to|form|10-k|10-q"  # "mmm 2016 SG&A, per the 2018 10-K?": where to read it
    r"|line|row"  # "gis fy17 'restructuring, impairment, and other exit costs' line?": the row itself
    r"|quarterly|note|data"  # "boeing 1Q17 diluted EPS (2018 10-K quarterly note)?": where to read it
    # "mgm 2018 D&A in USD mm?", "(one decimal)": the unit and rounding the figure is wanted in
    r"|usd|us\$|mm|mn|bn|millions?|billions?|thousands?|dollars|one|two|decimals?|places?|rounded|to"
    r"|january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b"
    r"|\d+|[年度末初底月日季第一二三四]|[\W_]",
    re.I,
)


def typed_tersely(text: str, names: list[str], items: list[str]) -> bool:
    """ "pepsico net cash from investing activities Q1 2023?", "国电05年少数股东损益": nothing but a company,
    a line item and a period, so the figure is asked ("3M safety and industrial segment operating income"
    names a part besides)."""
    rest = text.lower()
    for word in sorted([*names, *items], key=len, reverse=True):
        rest = rest.replace(word.lower(), " ")
    return bool(items) and not _PERIOD_WORDS.sub("", rest).strip()


# "Did X's net income in Q2 2022 exceed its net income in Q2 2021?": a yes or no read off two figures
_EXCEEDS = re.compile(
    r"\b(?:exceed(?:ed|s)?|outpaced?|(?:higher|greater|more|larger|bigger|lower|less|smaller|fewer)\s+than"
    r"|above|below)\b",
    re.I,
)
# A yes/no question (not "what is …"), perhaps after a clause naming its period ("In fiscal 2023, did …"):
# the verdict opens the answer
YES_NO = re.compile(
    r"^\s*(?:(?:in|for|during|as of|at)\b(?:\([^)?]*\)|\d{1,2},\s*(?:19|20)\d{2}|[^,?(]){0,80},\s*)?"
    r"(?:does|do|is|are|was|were|has|have|did|can)\b",
    re.I,
)
# where a comparison of two items turns to the second ("more cash on A than on B", "A exceeded B")
_TURN = re.compile(
    r"\b(?:more|less|higher|greater|lower|larger|bigger|smaller|fewer|faster|slower)\b.{0,80}?\b(than)\b"
    # "did net income cover the dividends", "did the increase in payables fully fund the inventory build-up"
    r"|\b(exceed(?:ed|s)?|outpac(?:ed|es|e)|cover(?:ed|s)?|fund(?:ed|s)?)\b",
    re.I,
)


# "did REVPAR grow faster than ADR": the two items' growth rates are compared, not their sizes
GROWTH_COMPARED = re.compile(
    r"\b(?:grow|grew|grown|increase[sd]?|rise|rose|decline[sd]?|fall|fell)\b.{0,40}?\b(?:faster|slower|more|less)\b"
    r"|\b(?:faster|slower)\b"
    r"|增速|增幅|增长率|增长幅度",  # "营业成本增速是否高于其营业收入增速"
    re.I,
)

# where a Chinese yes/no comparison of two items turns to the second ("A是否超过了B", "A是否低于B")
ZH_TURN = re.compile(r"是否(?:超过|高于|多于|大于|低于|少于|小于)了?")
# the second is asked to be the larger: "是否低于", "是不是比2006年低", "是否比第二季度少"
ZH_LESS = re.compile(r"(?:是否|是不是)(?:低于|少于|小于|(?:比|较)[^，。？?；]{0,12}?(?:低|少|小))")
EN_LESS = re.compile(r"\b(?:lower|less|smaller|fewer|below)\b", re.I)


def compared_items(
    question: str, language: str, items: list[LineItemMatch], years: int
) -> tuple[LineItemMatch, LineItemMatch] | None:
    """ "In fiscal 2023, did Best Buy spend more cash on share repurchases than on dividends?",
    "借款所收到的现金是否超过了偿还债务所支付的现金": the two items a yes/no question compares within one
    period (the last named before the turn, the first after)."""
    if language == "zh":  # "借款所收到的现金是否超过了偿还债务所支付的现金"
        zh = ZH_TURN.search(question)
        if zh is None or years > 1:
            return None
        turn = zh.start()
    else:
        asking = question.split("?")[0]
        m = _TURN.search(asking)
        two_years = years > 1 and not (years == 2 and GROWTH_COMPARED.search(asking))  # growth: year and base
        if language != "en" or two_years or not YES_NO.search(asking) or m is None:
            return None
        turn = m.start(1) if m.group(1) else m.start(2)
    ordered = sorted(items, key=lambda i: i.start)
    # "货币资金占总资产的比例，是否高于固定资产占总资产的比例": two shares of one whole compare as their parts
    parts = [i for i in ordered if not (language == "zh" and question[i.start - 1 : i.start] == "占")]
    ordered = parts or ordered
    before = [i for i in ordered if i.start + len(i.printed) <= turn]
    after = [i for i in ordered if i.start >= turn]
    if not before or not after or (before[-1].concept == after[0].concept and after[0].concept):
        return None
    return before[-1], after[0]


def compared_parts(question: str, language: str, names: list[str], items: int) -> tuple[str, str] | None:
    """ "In 2019, did AWS earn more operating income than Amazon's North America segment?": one item and the
    two named parts it compares, the one written last before the turn and the first after it."""
    asking = question.split("?")[0]
    m = _TURN.search(asking)
    if language != "en" or items != 1 or not YES_NO.search(asking) or m is None:
        return None
    turn = m.start(1) if m.group(1) else m.start(2)
    written = [n for n in names if n in asking]  # not "Web Services" alone, nor an unwritten "Amazon North …"
    names = [n for n in written if not any(n != o and n in o for o in written)]
    before = sorted((at, n) for n in names if -1 < (at := asking.find(n)) < turn)
    after = sorted((at, n) for n in names if (at := asking.find(n, turn)) > turn)
    return (before[-1][1], after[0][1]) if before and after else None


# "2007年是不是比2006年低", "2020年的…是否高于2019年": one year's figure set against another's
ZH_YEARS_COMPARED = re.compile(
    r"(?:19|20)\d{2}年[^，。？?；]{0,40}?(?:是否|是不是)(?:比|较|高于|低于|超过|多于|少于|大于|小于)"
    r"[^，。？?；]{0,6}?(?:19|20)\d{2}年"
)


def compares_periods(question: str, language: str, years: int) -> bool:
    """A yes/no question comparing a figure of one year with another's (``years`` named)."""
    if language == "zh":
        return years == 2 and ZH_YEARS_COMPARED.search(question) is not None
    asking = question.split("?")[0]
    return (
        language == "en"
        and years == 2
        and bool(YES_NO.search(asking))
        and _EXCEEDS.search(asking) is not None
    )


# "What net income did Foot Locker report …", "what revenue does the segment generate", "What deferred tax
# asset related to research and development expenditures did Lockheed Martin carry": the figure is asked
_WHAT_ITEM_DID = re.compile(
    r"\bwhat\s+(?:[\w'&()-]+\s+){1,12}?(?:did|does|do|has|have|had)\s+.{1,90}?\b"
    r"(?:report|record|post|generate|earn|recognize|book|have|pay|spend|incur|carry|hold|show|disclose|owe"
    r"|allocate|assign|attribute|add back|charge|receive|collect)s?\b"
    # "What goodwill was allocated to its MedTech segment", "what diluted share count was used for the 13
    # weeks": the same asked in the passive
    r"|\bwhat\s+(?:[\w'&()-]+\s+){1,8}?(?:was|were|is|are)\s+(?:allocated|assigned|attributed)\s+to\b"
    r"|\bwhat\s+(?:[\w'&()-]+\s+){1,8}?(?:was|were)\s+(?:used|reported|recorded|recognized)\s+(?:for|in|at)\b"
    r"|\bwhat\s+(?:[\w'&()-]+\s+){1,8}?(?:is|are|was|were)\s+(?:shown|printed|given)\s+(?:for|in|at)\b"
)


_ZH_PLACES = re.compile(r"保留\s*([0-9一二两三四])\s*位小数")
# "two decimal places", "Round to one decimal"
_EN_PLACES = re.compile(r"(\d|one|two|three|four|zero)\s+decimals?(?:\s+places?)?\b", re.I)
_NUM_WORDS = {
    "0": 0,
    "1": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
}


def asked_places(text: str) -> int | None:
    """The decimal places the question asks its figure rounded to ("保留两位小数", "Round to one decimal")."""
    if _WHOLE.search(text):
        return 0  # "to the nearest whole percent", "保留整数"
    m = _ZH_PLACES.search(text) or _EN_PLACES.search(text)
    return _NUM_WORDS.get(m.group(1).lower()) if m else None


_WHOLE = re.compile(r"\bnearest\s+whole\b|\bwhole\s+(?:percent|number)\b|保留整数|取整", re.I)


# "net interest expense ('Interest, net')": the row label the question glosses an item with, in quotes
_QUOTED_ROW = re.compile(r"""\s*\(\s*['‘"“]([^'’"”()]{2,60})['’"”]\s*\)""")


def quoted_row(question: str, item: LineItemMatch) -> str | None:
    """The statement row a question names in quotes right after an item ("operating income divided by net
    interest expense ('Interest, net')"): the figure is that row's, whatever the item is usually called."""
    m = _QUOTED_ROW.match(question, item.end) if item.start >= 0 else None
    return m.group(1).strip() if m else None


_ZH_QUARTER = r"第[一二三四1-4]季度"
# "第三季度…是否高于第四季度", "第一季度是不是比第二季度低": two quarters of one year set against each other
_ZH_QUARTERS_TURN = re.compile(
    rf"{_ZH_QUARTER}[^，。？?；]{{0,40}}?(?:是否|是不是)(?:比|较|高于|低于|超过|多于|少于|大于|小于)"
    rf"[^，。？?；]{{0,6}}?{_ZH_QUARTER}"
)
_EN_QUARTERS_TURN = re.compile(
    r"\b(?:exceed(?:ed|s)?|(?:higher|greater|more|larger|lower|less|smaller)\s+than)\b", re.I
)


def compared_quarters(
    question: str, language: str, quarters: list[str], years: int
) -> tuple[str, str] | None:
    """The two quarters of one year a yes/no question compares, in the order written; None otherwise."""
    named = list(dict.fromkeys(q for q in quarters if q.startswith("Q")))
    if len(named) != 2 or years > 1:
        return None
    if language == "zh":
        return (named[0], named[1]) if _ZH_QUARTERS_TURN.search(question) else None
    asking = question.split("?")[0]
    turned = YES_NO.search(asking) and _EN_QUARTERS_TURN.search(asking)
    return (named[0], named[1]) if turned else None


# a threshold a yes/no question holds one figure against ("Did net income exceed $1 billion", "是否高于30%"):
# a currency, a percentage or a scale written with the number (a bare "2021" is a year)
_THRESHOLD_EN = re.compile(
    r"\b(?P<op>exceed(?:ed|s)?|top(?:ped|s)?|surpass(?:ed|es)?|(?:more|greater|higher|larger|bigger)\s+than"
    r"|above|(?P<low>(?:less|lower|smaller|fewer)\s+than|below|under))\s+"
    r"(?:(?P<cur>[$€£¥])\s*)?(?P<n>\d[\d,]*(?:\.\d+)?)\s*"
    r"(?:(?P<pct>%|percent\b)|(?P<scale>thousand|million|billion|trillion)\b)?",
    re.I,
)
_THRESHOLD_ZH = re.compile(
    r"(?:是否|是不是|有没有|能否)[^，。？?]{0,30}?(?P<op>超过|高于|大于|多于|(?P<low>低于|少于|小于|不足))\s*"
    r"(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?:(?P<pct>%|％)|(?P<scale>万亿|亿|万|千)?(?P<cur>元|美元))"
)


def threshold_asked(question: str, language: str) -> re.Match[str] | None:
    """The threshold a yes/no question holds a figure against, if any."""
    if language == "zh":
        return _THRESHOLD_ZH.search(question)
    m = _THRESHOLD_EN.search(question) if YES_NO.search(question) else None
    return m if m and (m.group("cur") or m.group("pct") or m.group("scale")) else None


# an expectation asked ("预计将降至", "guidance for"): a forecast the filer prints or none, never a past ratio
# (plans are not here: "计划投资" is a printed amount a share is worked out from)
_EXPECTED = re.compile(
    r"\b(?:expect(?:s|ed|ations?)?|guidance|outlook|forecast(?:s|ed|ing)?|projected|projections?)\b"
    r"|预计|预测|展望|指引|将(?:降至|升至|达到|提高到|增至|下降到|上升到)",
    re.I,
)


def asks_expected(question: str) -> bool:
    """The question asks what is expected (a forecast or guidance), not a figure of the past."""
    return _EXPECTED.search(question) is not None
