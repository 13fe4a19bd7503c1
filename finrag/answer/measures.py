"""What a quoted (extractive) answer to a figure question must print: the kind of figure asked and, in
English, the quarter asked. Sentences about the topic that give no percentage for "what share …"
("占比是多少"), no price for "what price per share …", no amount for "是多少万元", or speak only of another
quarter, answer nothing: the question is refused instead."""

from __future__ import annotations

import re
from itertools import pairwise

from finrag.answer.alone import unnamed_alone
from finrag.answer.asks import AFTER_ISSUE, asks_reason
from finrag.answer.formulas import GROWTH_FORMULAS
from finrag.answer.lexicon import normalise, synonyms
from finrag.answer.owner_names import programs
from finrag.answer.parts import came_from_parts
from finrag.answer.periods import MONTH_NAMES, quarter_named, quarter_number
from finrag.answer.qualifiers import qualifier_rows
from finrag.answer.query import AskedFor
from finrag.answer.stub_periods import QUARTER_PRINTED
from finrag.answer.text import CJK, body_of, row_cells, split_sentences, terms
from finrag.answer.within_item import names_item, within_names
from finrag.model import Chunk
from finrag.retrieve.docfit import FORWARD

# a table row's small decimal ("| 大专及以上 | 641 | 30.40 |"): a percentage whose sign is in the header
_ROW_SHARE = re.compile(r"\|\s*\d{1,2}\.\d{1,2}\s*\|")
_PERCENT = re.compile(rf"\d\s*[%％]|\d\s*percent\b|{_ROW_SHARE.pattern}", re.I)
# what a kind's name may end in beyond the row that prints it ("双胶系列产品": 双胶; "湖南省外": 省外)
_ZH_KIND_TAIL = re.compile(r"(?:系列)?(?:产品|业务|市场|项目)$")
_ZH_KIND_PERIOD = re.compile(r"\d{4}\s*年")  # a period read as a kind ("2006年度") names no part
_MIN_KIND = 2  # a Chinese kind is two characters or more ("国外", "省外")


def _unsaid_kind(asked: AskedFor, text: str) -> str | None:
    """The kind a Chinese growth asks of ("国外业务", "湖南省外市场") that a quote never names, else None."""
    growth = asked.formula is not None and asked.formula.name in GROWTH_FORMULAS
    kinds = [q for q in asked.qualifiers if not _ZH_KIND_PERIOD.search(q)]
    if asked.language != "zh" or not growth or not kinds:
        return None
    for kind in kinds:
        core = _ZH_KIND_TAIL.sub("", kind)
        forms = [*qualifier_rows([kind]), core if len(core) >= _MIN_KIND else kind]
        if any(f in text for f in forms) or (len(core) >= _MIN_KIND * 2 and core[-_MIN_KIND:] in text):
            return None
    return kinds[0]


# an amount or a share: dollars, a scaled figure, a percentage, a grouped number, a table cell; no day or year
_FIGURE = re.compile(
    r"\$\s?\d|\d\s*(?:million|billion|thousand|%|percent)\b|\d\s*%|\d{1,3}(?:,\d{3})+|\|\s*\$?\s?\(?\d", re.I
)
# a ratio's level: "3.0 to 1.0", "3.5x", "2.5 times", "1.54", "33.06%"
_RATIO_LEVEL = re.compile(r"\d\s*(?:x|times|to\s*1(?:\.0+)?|:\s*1)\b|\d\.\d|\d\s*%", re.I)
# (what the question asks, what an answer to it prints, the name of the figure asked)
_MEASURES = (
    (
        re.compile(
            r"\bwhat (?:share|percentage|percent|proportion|portion)\b|\bas a (?:percentage|share) of\b"
            r"|\bwhat\s?%\s+of\b"  # "what % of 3M's accumulated other comprehensive loss …" (a share)
            r"|\bwhat (?:[\w'’-]+ ){1,4}percentages\b"  # "what table games win percentages does MGM apply"
            r"|\b(?:give|answer|express)\w* (?:\w+ ){0,2}(?:as |in )?(?:a )?percent(?:age)?s?\b"
            # "What was Walmart's effective tax benefit rate on share-based compensation": a rate, no amount
            r"|\bwhat (?:was|is|were) (?:[\w&.'’-]+ ){0,5}(?<!dividend )rate\b|\bin percent(?:age)?s?\b",
            re.I,
        ),
        _PERCENT,
        "a percentage",
    ),
    (
        re.compile(r"\bwhat (?:[\w-]+ ){0,3}margin\b|\bmargin (?:did|was|were)\b", re.I),
        _PERCENT,
        "a margin",
    ),
    (
        re.compile(
            r"\bhow much (?:revenue|cash|money|capital|income|profit|debt)\b"
            r"|\bhow much did\b[^?]{0,60}\b(?:spend|pay|invest|earn|generate|raise|borrow)\b"
            r"|\bin (?:usd|us\$|dollars)\b|\bin (?:usd )?(?:millions|billions)\b|\bdollar (?:amount|value)\b",
            re.I,
        ),
        re.compile(r"\$\s?\d|\d\s*(?:million|billion|thousand)\b|\busd\b|\d\s*[万亿]?元", re.I),
        "an amount of money",
    ),
    (  # "What operating income did Walmex contribute …": a list of subsidiaries is no answer
        re.compile(
            r"\bwhat (?:[\w()-]+ ){0,3}"
            r"(?:income|revenues?|sales|profit|earnings|expenditures?|expenses?|costs?)"
            r" (?:did|does|do|was|were)\b"
            # "What was the carrying value of Coca-Cola's investment in fairlife": its amount
            r"|\bwhat (?:was|were|is|are) the (?:carrying (?:value|amount)|book value|fair value) of\b",
            re.I,
        ),
        _FIGURE,
        "a figure",
    ),
    (  # "What minimum interest coverage ratio does the facility require": its level, not its existence
        re.compile(r"\bwhat (?:[\w'’-]+ ){0,4}(?:ratio|multiple) (?:does|did|do|is|was|were|must)\b", re.I),
        _RATIO_LEVEL,
        "a ratio",
    ),
    (
        re.compile(r"\bprice per share\b|\bper[- ]share price\b", re.I),
        # "$168.14 per share", "at an average price of $168.14" (the shares' average price), a table's
        # "Average price paid per share | $79.11"
        re.compile(
            r"\$\s?\d[\d,.]*\s*(?:per|a) share\b"
            r"|\baverage (?:re)?(?:purchase )?price (?:paid )?(?:per share )?of \$\s?\d"
            r"|\bprice (?:paid )?per share\s*\|\s*\$?\s?\d",
            re.I,
        ),
        "a price per share",
    ),
)
PERCENT_MEASURES = _MEASURES[:2]  # a share and a margin asked: an answer prints a percentage
# the same for Chinese questions ("…的承销及保荐费用是多少万元", "…销售安装支架的金额是多少", "市场份额
# 是多少(百分比)", "有多少名在职员工"): a table row's bare number counts, its unit being in the header (a head
# count is a whole number)
_UNDER_UNIT = r"单位\s*[:：]\s*(?:万|亿)?元[^\n]{0,400}?\d{1,3}(?:,\d{3})+(?:\.\d+)?"
_ZH_ROW_NUMBER = r"\|\s*-?[\d,]+(?:\.\d+)?\s*\|"
_ZH_MEASURES = (
    (
        re.compile(r"(?:百分比|占比|比例|比重|份额|占有率)(?:是|为)?多少|多少(?:百分比|%)"),
        re.compile(rf"\d\s*[%％]|个百分点|[(（]%[)）]|{_ROW_SHARE.pattern}"),
        "百分比",
    ),
    (
        # "…多少万元", "存货中原材料的账面余额是多少"; a grouped amount under "单位：元" prints one too
        re.compile(r"多少(?:万|亿)?元|(?:金额|余额|账面价值|净额|营业额|销售额)(?:是|为)多少"),
        re.compile(rf"\d\s*(?:万|亿)?元|{_ZH_ROW_NUMBER}|{_UNDER_UNIT}"),
        "金额",
    ),
    (re.compile(r"多少(?:名|人|位)"), re.compile(r"\d\s*(?:名|人|位)|\|\s*\d{1,3}(?:,\d{3})?\s*\|"), "人数"),
)
_ZH_QUANTITY = re.compile(r"多少((?:万|千)?(?:吨|台|套|件|辆|千瓦时|立方米|平方米)|岁)")  # "平均年龄是多少岁"
_ZH_QUARTER = re.compile(r"第[一二三四1-4]季度")
_AFTER_ISSUE = re.compile(AFTER_ISSUE)  # "增发完成后的总股本" asked; "发行不超过2,500万股后" prints it
_AFTER_ISSUE_SAID = re.compile(r"(?:发行|增发)[^，。？?|]{0,16}?后")
# a question asking an amount beside its rate ("研发投入多少元，占营业收入的比重？"): the amount quoted alone
# answers part of it
AMOUNT_ASKED = re.compile(r"\bhow much\b|\bamount\b|多少(?:万|亿)?元|金额", re.I)
_THREE_MONTHS = re.compile(r"\bthree months\b", re.I)  # a quarter's span, whichever it is


# a column of part of a year in a quoted row's table: a quarter's, months', weeks'
_PART_COLUMN = re.compile(rf"{QUARTER_PRINTED.pattern}|\b(?:six|nine) months\b", re.I)


def _rows_only(text: str) -> bool:
    """The quoted answer is table rows alone ("| Operating income | $305,826 | … |[1]")."""
    lines = [line for line in text.split("\n") if line.strip()]
    return bool(lines) and all(line.lstrip().startswith("|") for line in lines)


def _other_rows(asked: AskedFor, text: str) -> str | None:
    """The item asked when no quoted row's label words it (nor a synonym of it), else None."""
    items = [m for m in asked.line_items if m.start >= 0]
    named = [m.printed.lower() for m in items]  # as the question writes it, or a synonym as the whole label
    whole = {w for m in items if m.concept for w in synonyms(m.concept)}
    labels = [normalise(row_cells(line)[0]) for line in text.split("\n") if line.strip()]
    if any(CJK.search(label) for label in labels):
        return None  # an English question over a Chinese filing: its rows word the item in Chinese
    dated = any(_DATED_ROW.match(label) for label in labels)  # "| 2022 | 1,100 |": a schedule of the item
    # "how much did the employee stock ownership plan (ESOP) reduce income taxes": the row naming the ESOP
    named += [e.lower() for e in asked.entities if not any(e.lower() in c.lower() for c in asked.companies)]
    if not items or dated or any(any(w in label for w in named) or label in whole for label in labels):
        return None
    return items[0].printed


_DATED_ROW = re.compile(r"^(?:fiscal\s+)?(?:19|20)\d{2}\b|^thereafter$|^\d{4}年")


def _prints_quarter(text: str, quarter: int) -> bool:
    return bool(quarter_named(quarter).search(text) or _THREE_MONTHS.search(text))


def _other_quarter_only(text: str, quarter: int) -> bool:
    """The text speaks of another quarter ("the second quarter") and never of the one asked."""
    others = [q for q in range(1, 5) if q != quarter and _prints_quarter(text, q)]
    return bool(others) and not _prints_quarter(text, quarter)


def _unquoted_part(asked: AskedFor, text: str) -> str | None:
    """The part of a share the question asks ("research and development" of "what percentage of revenue …
    spend on research and development") that the quoted ``text`` never names, else None."""
    if asked.language != "en" or asked.formula is None or asked.formula.name not in _SHARES:
        return None
    if CJK.search(text):
        return None  # an English question over a Chinese filing: the quote words the part in Chinese
    part = next((m for m in asked.line_items if m.concept != "revenue"), None)
    if part is None or len(asked.line_items) < 2:
        return None
    names = [part.printed, *(synonyms(part.concept) if part.concept else [])]
    words = {w for n in names for w in re.findall(r"[a-z&]{4,}", n.lower())}  # any of its words will do
    low = text.lower()
    return None if not words or any(w in low for w in words) else part.printed


_SHARES = ("share_of_total", "share_of_revenue")
# "What share of Microsoft's purchase commitments outstanding at …": the whole a share is taken of
_SHARE_OF = re.compile(
    r"\bwhat (?:share|percentage|percent|portion|proportion) of (?:[\w&.-]+['’]s?\s+)?"
    r"((?:[a-z][a-z-]+\s+){0,3}?[a-z][a-z-]+)\s+(?:outstanding|was|were|is|are|at|in|for|fall|falls|came|comes"
    r"|come|did|does|went|due|consisted|related)\b",
    re.I,
)
_STEM = 6  # letters of a word its other forms share ("commitments", "commitment")
_PRONOUNS = frozenset({"them", "these", "those", "this", "that", "which"})  # "what share of them"


def _unquoted_whole(asked: AskedFor, text: str) -> str | None:
    """The whole of a share no line item names ("purchase commitments") when the quoted ``text`` never
    writes one of its words, else None (a quote of employees' share purchases answers nothing)."""
    shares = asked.formula is not None and asked.formula.name in _SHARES
    if asked.language != "en" or asked.line_items or not shares:
        return None
    m = _SHARE_OF.search(asked.question)
    words = [w[:_STEM] for w in m.group(1).lower().split() if len(w) > 3 and w not in _PRONOUNS] if m else []
    low = text.lower()
    return m.group(1) if m and words and not all(w in low for w in words) else None


# "How many of Costco's employees at the end of fiscal 2021 were part-time?": the kind counted, said last
_COUNTED_KIND = re.compile(
    r"\bhow many of\b[^?]{3,120}?\b(?:were|are|was|is)\s+([a-z][a-z-]{2,30})\s*\?", re.I
)
# "how many Microsoft employees …", "how many stores did …": the things counted
_ASKED_BEFORE = re.compile(r"\b(?:who|which|what|when|where)\b", re.I)  # an earlier ask in the question
_HOW_MANY = re.compile(  # (never the verb after them: "how many stores does nike lease")
    r"\b[Hh]ow\s+many\s+(?!(?:percentage|basis)\s+points)"  # (the points of a rate count nothing)
    r"(?:[A-Z][\w.&'’-]*\s+)?(?:[a-z-]+\s+)?(?!(?:does|was|has|is)\b)([a-z]{3,}s)\b"
)


def _counted_things(asked: AskedFor, text: str, cited: str) -> str | None:
    """The things an English question counts, where the quote is table rows that, with their chunks, never
    name them."""
    m = _HOW_MANY.search(asked.question) if asked.language == "en" else None
    if m is None or not _rows_only(text) or _ASKED_BEFORE.search(asked.question, 0, m.start()):
        return None  # "who is the controlling shareholder, and how many shares …": its row answers one
    stem = m.group(1)[:-1].lower()
    return None if stem in f"{text}\n{cited}".lower() else m.group(1)


# words of when, not of what: no topic a sentence must share
_PERIOD_TERM = re.compile(r"^(?:\d+|fy\d*|fiscal|years?|quarters?|months?|ended|end|weeks?)$")
MEASURE_SENTENCES = 2  # sentences of the cited chunks added at most when the quote leaves the measure out
MIN_SHARED_TERMS = 2  # content words such a sentence shares with the question


def measure_sentences(asked: AskedFor, text: str, cited: list[tuple[int, Chunk]]) -> str:
    """The sentence right after a quoted one that prints the kind of figure the quote ``text`` leaves out
    ("… 116,000 employees …", then "approximately 93% of our workforce was located in the U.S." for "what
    share … was located in the U.S."), each with its citation; "" when none names enough of the question."""
    if asked.language != "en":
        return ""
    wanted = [prints for asks, prints, _ in PERCENT_MEASURES if asks.search(asked.question)]
    if not wanted:
        return ""
    names = {w for name in [*asked.companies, *asked.entities] for w in terms(name)}
    words = {w for w in terms(asked.question) if not _PERIOD_TERM.match(w)} - names  # what the figure is of
    found: list[str] = []
    for n, chunk in cited:
        sentences = split_sentences(body_of(chunk))
        for before, sentence in pairwise(sentences):
            if before not in text or sentence in text or not any(p.search(sentence) for p in wanted):
                continue  # the quote's next sentence only, printing the measure
            if len(words & set(terms(sentence))) >= MIN_SHARED_TERMS:
                found.append(f"{sentence}[{n}]")
    return "\n".join(found[:MEASURE_SENTENCES])


# "revenue per employee", "revenue per available room": a figure over a count the quote must name
_PER_UNIT = re.compile(
    r"\b(?:revenues?|sales|income|profit|earnings|costs?)\s+per\s+(?:available\s+|paying\s+)?"
    r"(employee|store|square\s+f(?:oo|ee)t|customer|user|member|subscriber|room|seat|location|account)s?\b",
    re.I,
)
# "what share of its net sales came from Chile": a place, customer or brand named with capitals
_CAME_FROM_NAME = re.compile(
    r"\b(?:came|come|comes|derived|generated)\s+(?:from|through|via)\s+([A-Z][\w&.'’-]*)"
)
# a list of names ("Apple, Samsung, HP, LG and Sony"): a figure beside it is the group's, not one member's
_NAME = r"[A-Z0-9][\w&.'’-]*(?: [A-Z][\w&.'’-]*){0,3}"
_NAME_LIST = re.compile(rf"{_NAME}(?:, {_NAME})*,? and {_NAME}")
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)


def _listed_only(asked: AskedFor, text: str) -> str | None:
    """A name the figure question asks of ("came from Apple") that every quoted sentence naming it lists among
    others the question does not write ("five suppliers – Apple, Samsung, HP, LG and Sony – representing
    57%"), else None."""
    if asked.language != "en" or not any(asks.search(asked.question) for asks, _, _ in _MEASURES[:4]):
        return None
    for name in [*asked.entities, *programs(asked.question)]:
        if any(name in company or company in name for company in asked.companies):
            continue
        sentences = [s for s in split_sentences(text) if name in s and _FIGURE.search(s)]
        if sentences and all(_in_list(name, s, asked.question) for s in sentences):
            return name
    return None


def _in_list(name: str, sentence: str, question: str) -> bool:
    """``sentence`` names ``name`` within a list the question does not write, with no figure for each."""
    lists = [m.group(0) for m in _NAME_LIST.finditer(sentence) if name in m.group(0)]
    return not _RESPECTIVELY.search(sentence) and any(lst not in question for lst in lists)


# a balance date asked ("as of December 31, 2022") and the full dates a quote states
_ASKED_DATE = re.compile(rf"\b(?:as of|at)\s+((?:{MONTH_NAMES})\s+\d{{1,2}},\s*\d{{4}})", re.I)
_FULL_DATE = re.compile(rf"\b(?:{MONTH_NAMES})\s+\d{{1,2}},\s*\d{{4}}", re.I)
_CITE = re.compile(r"\[\d+\]")


def _other_date(asked: AskedFor, text: str) -> str | None:
    """The balance date asked when every quoted sentence with a figure states another full date ("$0 to
    $1.2 billion at June 30, 2022" for "as of December 31, 2022"), else None."""
    m = _ASKED_DATE.search(asked.question) if asked.language == "en" and "|" not in text else None
    if m is None:
        return None
    day = re.sub(r"\s+", " ", m.group(1)).lower()
    figures = [s for s in split_sentences(text) if re.search(r"\d", _CITE.sub("", s))]
    for sentence in figures:
        dates = [re.sub(r"\s+", " ", d).lower() for d in _FULL_DATE.findall(sentence)]
        both = re.search(rf"{re.escape(day[:-4])}\d{{4}}\s*(?:and|,)\s*{day[-4:]}", sentence.lower())
        if not dates or day in dates or both:  # "December 31, 2023 and 2022" states both
            return None
    return m.group(1) if figures else None


def unanswered_measure(asked: AskedFor, text: str, cited: str = "") -> str | None:
    """What the quoted ``text`` (from chunks whose text is ``cited``) leaves out of a figure question, else
    None."""
    if not text:
        return None
    for asks, prints, name in _MEASURES if asked.language == "en" else _ZH_MEASURES:
        if asks.search(asked.question) and not prints.search(text):
            return name
    if asked.language == "zh" and (m := _ZH_QUANTITY.search(asked.question)) and m.group(1) not in text:
        return m.group(1)  # "销售了多少万套": a quote printing no 万套 (a share, an amount) answers nothing
    if asked.language == "zh" and (q := _ZH_QUARTER.search(asked.question)) and q.group(0) not in text:
        return q.group(0)  # "2006年第四季度的上网电量": a quote never naming the quarter is of another period
    if asked.language == "zh" and _AFTER_ISSUE.search(asked.question) and not _AFTER_ISSUE_SAID.search(text):
        return "发行后"  # "增发完成后的总股本": a quote of the count before the offering is another figure
    if (dated := _other_date(asked, text)) is not None:
        return dated  # "the range as of December 31, 2022": the quote's June 30, 2022 range is another
    if (listed := _listed_only(asked, text)) is not None:
        return listed  # "what percentage … came from Apple alone": the five largest suppliers' share is none
    # "came through e-commerce channels", "came from Chile", "earn on the F-35 program": a quote never naming
    # them
    en = asked.language == "en"
    named = [m.group(1) for m in _CAME_FROM_NAME.finditer(asked.question)] if en else []
    for part in [*came_from_parts(asked), *named, *(programs(asked.question) if en else [])]:
        if part.split()[0].lower() not in text.lower():
            return part
    if (kind := _unsaid_kind(asked, text)) is not None:
        return kind  # "国外业务的营业收入比2019年增长了多少": the whole company's growth is no answer
    per = _PER_UNIT.search(asked.question) if asked.language == "en" else None
    if per and per.group(1).split()[0].lower()[:_STEM] not in text.lower():
        return f"per {per.group(1)}"  # "revenue per employee", "RevPAR": a quote never naming the divisor
    counted = _COUNTED_KIND.search(asked.question) if asked.language == "en" else None
    if counted and counted.group(1).lower() not in text.lower():
        return counted.group(1)  # "how many of Costco's employees were part-time": a quote never saying it
    if (alone := unnamed_alone(asked.question, text)) is not None:
        return alone  # "Fios video service alone": the Fios revenue sentence is of something wider
    if (things := _counted_things(asked, text, cited)) is not None:
        return things  # "how many employees worked in Intelligent Cloud": revenue rows count none
    if (within := within_names(asked)) and not names_item(f"{text}\n{cited}", within):
        return within[0]  # "存货中原材料": a row of raw materials' write-downs is no inventory balance
    if (whole := _unquoted_whole(asked, text)) is not None:
        return whole  # "what share of purchase commitments …": a quote of shares bought by employees
    if (part_item := _unquoted_part(asked, text)) is not None:
        return part_item  # "what percentage of revenue did Costco spend on R&D": a quote of revenue alone
    rate = (
        asked.formula is not None
        and (
            asked.formula.name in GROWTH_FORMULAS
            # a named rate (a margin, ROE), not a "share of" that may be an amount (a share of a loss)
            or (asked.formula.named and asked.formula.percent and not AMOUNT_ASKED.search(asked.question))
        )
        and not asks_reason(asked.question)
    )
    percent = _PERCENT if asked.language == "en" else _ZH_MEASURES[0][1]  # "20 percent", "20%"
    if rate and not percent.search(text):
        # a growth rate or a margin no sentence gives ("主营业务毛利率" answered by a cost row alone)
        return "a percentage" if asked.language == "en" else "百分比"
    if (
        asked.language != "en" or asked.intent == "text" or FORWARD.search(asked.question)
    ):  # "what drove …", "what guidance …"
        return None  # its sentences need not name the quarter
    if asked.intent == "lookup" and _rows_only(text) and (item := _other_rows(asked, text)):
        return item  # "What net sales did Haleon report": "| Income from collaborations … |" is another row
    if asked.part_year and _rows_only(text) and not _PART_COLUMN.search(cited):
        return "the quarter"  # "operating income for the quarter ended September 30": a year's row is none
    quarters = {quarter_number(q) for q in asked.quarters if q.startswith("Q") and q[1:].isdigit()}
    written = [q for q in sorted(quarters) if quarter_named(q).search(asked.question)]  # not "12 weeks ended"
    missing = [q for q in written if _other_quarter_only(text, q)]
    return f"Q{missing[0]}" if missing else None
