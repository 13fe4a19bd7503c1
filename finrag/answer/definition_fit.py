"""A definition the question spells out, fitted to the question around it: a defined amount asked as a
"% margin" is divided by revenue, operands naming only a date ("期末余额") are the question's own item at
that date, and a rate defined on dates alone ("(本期-上期)/上期") is the growth of the item asked."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.definition import Definition, find_definition
from finrag.answer.definition_terms import Constant, Term
from finrag.answer.definition_text import asking_text
from finrag.answer.lexicon import LineItemMatch, concept_of, find_line_items

# "3 year average unadjusted EBITDA % margin ... Define unadjusted EBITDA as operating income + D&A": the
# question defines an amount and asks it as a share of revenue
_MARGIN_OF = re.compile(
    r"%\s*margin|\bmargin\s*%|\bas a (?:%|percent(?:age)?) of (?:total )?(?:revenue|sales)", re.I
)


def as_margin(definition: Definition | None, question: str) -> Definition | None:
    """A defined amount asked "% margin": the definition divided by revenue (already a ratio: as is)."""
    if definition is None or not definition.additive() or not _MARGIN_OF.search(question):
        return definition
    revenue = Term(LineItemMatch("revenue", "revenue", 0))
    return Definition(f"{definition.name} % margin", ["(", *definition.tokens, ")", "/", revenue])


_SHARE_WORD = r"(?:%|percent(?:age)?|share|portion|proportion|fraction)"
_OWNER = r"(?:[\w&.'’-]+\s+){0,4}?"  # "of Initech's 2022 free cash flow": the owner and year before it


def as_share(definition: Definition | None, question: str) -> Definition | None:
    """A defined amount the question asks a share of, or as a share of another item: "what share of free
    cash flow was paid out as dividends? Define free cash flow as A minus B" is dividends / (A − B),
    "dividends paid as a percentage of free cash flow" the same, "its free cash flow (A minus B) as a
    percentage of adjusted net earnings" (A − B) / adjusted net earnings. Anything else: as is."""
    if definition is None or not definition.additive() or not definition.name:
        return definition
    name = re.escape(definition.name)
    whole = ["(", *definition.tokens, ")"]
    asking = asking_text(question)  # not the definition's own words
    if m := re.search(
        rf"\b(?:what|which)\s+{_SHARE_WORD}\s+of\s+{_OWNER}{name}\b(?P<part>[^?.]*)", asking, re.I
    ):
        part = next(iter(find_line_items(m["part"])), None)
        return Definition(f"share of {definition.name}", [Term(part), "/", *whole]) if part else definition
    if m := re.search(
        rf"(?P<part>[^?.,]*?)\s+as\s+an?\s+{_SHARE_WORD}\s+of\s+{_OWNER}{name}\b", asking, re.I
    ):
        parts = find_line_items(m["part"])
        return (
            Definition(f"share of {definition.name}", [Term(parts[-1]), "/", *whole]) if parts else definition
        )
    # "有息负债占负债合计的比例是多少？有息负债=短期借款+…": the defined amount over the item after 占
    if m := re.search(rf"{name}占(?P<whole>[^，,。？?；的]{{2,20}}?)的?(?:比例|比重|百分比|占比)", question):
        label = m["whole"]
        item = LineItemMatch(concept_of(label) or "", label, m.start("whole"))
        return Definition(f"{definition.name}占{label}的比例", [*whole, "/", Term(item)])
    aside = r"(?:\s*\([^()]*\))?"  # "free cash flow (A minus B) as a percentage of …"
    over = rf"\b{name}\b{aside}\s+as\s+an?\s+{_SHARE_WORD}\s+of\s+{_OWNER}(?P<whole>[A-Za-z][\w ,&'-]*?)"
    if m := re.search(over + r"\s*(?:[?(.]|,\s|$)", question, re.I):
        label = m["whole"].strip()
        item = LineItemMatch(concept_of(label) or "", label, m.start("whole"))
        return Definition(f"{definition.name} as a percentage of {label}", [*whole, "/", Term(item)])
    return definition


# "what share of its cash and cash equivalents plus short-term investments consisted of …": a whole written
# as a sum, the part after the verb
_SUM_WHOLE = re.compile(
    rf"\b(?:what|which)\s+{_SHARE_WORD}\s+of\s+(?:(?:its|their|the|[\w&.-]+['’]s?)\s+)?"
    r"(?P<whole>[a-z][\w ,&'-]*?\s+plus\s+[a-z][\w ,&'-]*?)\s+"
    r"(?:consisted of|was|were|came from|went to|is|are)\s+(?:made up of\s+)?"
    r"(?P<part>[a-z][^?.]*?)\s*(?:[?.]|$)",
    re.I,
)


def sum_share(question: str) -> Definition | None:
    """An English share of a whole the question writes as a sum ("cash and cash equivalents plus short-term
    investments"): the part over that sum, never over its first item alone; None when not so asked."""
    m = _SUM_WHOLE.search(question)
    if m is None:
        return None
    summed = " + ".join(w.strip() for w in re.split(r"\s+plus\s+", m["whole"]))
    return find_definition(f"Define share as {m['part']} / ({summed}).")


# "(期末余额-期初余额)/期初余额": an operand that only names a balance's date is the question's item then
_PERIOD_OPERAND = re.compile(
    r"^(?:(期初|年初|上期|上年同期|上年末?)|期末|年末|本期|本年末?)(?:余额|数|金额|账面余额|账面价值)?$"
)


# a rate the question defines on dates alone ("(本期-上期)/上期", "(2020年-2019年)/2019年")
_DATE_OPERAND = r"(?:本期|上期|本年|上年|(?:19|20)\d{2}\s*年)(?:发生额|金额|数)?"
_DATED_GROWTH = re.compile(
    rf"[=＝]\s*[（(]\s*{_DATE_OPERAND}\s*[-－−]\s*({_DATE_OPERAND})\s*[)）]\s*[/／÷]\s*\1(?![\u4e00-\u9fff])"
)


# "(end-2005 − end-2004) / end-2004", "(FY2019 value / FY2018 value - 1)": an English rate on dates alone
_EN_DATE = (
    r"(?:(?:the\s+)?(?:(?:fiscal\s+)?year[- ]end\s+|end[- ](?:of[- ])?|fiscal\s+(?:year\s+)?|FY\s?)?"
    r"(?:19|20)\d{2}(?:\s+(?:value|balance|amount|figure))?)"
)
_EN_DATED_GROWTH = re.compile(
    rf"[(]\s*{_EN_DATE}\s*[-−–]\s*({_EN_DATE})\s*[)]\s*(?:/|÷|divided by)\s*\1(?![\w-])"
    rf"|{_EN_DATE}\s*(?:/|÷)\s*{_EN_DATE}\s*[-−–]\s*1\b",
    re.I,
)


def growth_on_dates(question: str) -> bool:
    """The question defines its rate on dates alone, the growth of the item it asks: no operand names an item
    for ``find_definition`` to read."""
    return _DATED_GROWTH.search(question) is not None or _EN_DATED_GROWTH.search(question) is not None


# "(balance at July 29, 2023 / balance at July 30, 2022 - 1)": an English operand naming only a measure and
# the date it is read at
_EN_DATED_MEASURE = re.compile(r"^(?:the\s+)?(?:balance|amount|value)s?$", re.I)
# "(2005年末余额−2004年末余额)", "2006年6月30日余额": a Chinese one, its year read off before it
_ZH_DATED_MEASURE = re.compile(r"^(?:\d{1,2}月\d{1,2}日)?(?:账面)?(?:余额|金额|数)$")
# "发生额" left of "本期发生额" / "上期发生额" once its period is read off: a flow's column, no row
_ZH_PERIOD_MEASURE = re.compile(r"^(?:发生额|金额)$")


def _years_back(t: Term | Constant | str) -> int | None:
    """For an operand naming only a date: 1 for an opening balance (the year before's end), else 0; None for
    any other operand."""
    if not isinstance(t, Term) or t.item.concept:
        return None
    if m := _PERIOD_OPERAND.match(t.item.printed):
        return 1 if m.group(1) else 0
    if _ZH_PERIOD_MEASURE.match(t.item.printed) and t.year is None:
        return t.back  # "(本期发生额-上期发生额)/上期发生额": the period's column of the question's row
    measure = _EN_DATED_MEASURE.match(t.item.printed) or _ZH_DATED_MEASURE.match(t.item.printed)
    return 0 if (t.year or t.dated) and measure else None


def with_period_operands(definition: Definition | None, items: list[LineItemMatch]) -> Definition | None:
    """The definition with operands that name only a date ("期末余额", "期初余额") read as the question's own
    line item (the first of ``items``) at that date, or as the item the next operand names after its date
    ("期初+期末归属于母公司股东权益"): the opening balance is the prior year's end."""
    if definition is None:
        return definition
    tokens = list(definition.tokens)
    for i, t in enumerate(tokens):
        if not isinstance(t, Term) or (back := _years_back(t)) is None:
            continue
        later = tokens[i + 2] if i + 2 < len(tokens) and tokens[i + 1] in ("+", "-") else None
        if isinstance(later, Term) and _years_back(later) is None:
            item = later.item  # "期初+期末归属于母公司股东权益": the item the later date's operand names
        elif items:
            item = items[0]
        else:
            continue
        tokens[i] = replace(t, item=item, back=back)
    return Definition(definition.name, tokens)


# "非经常性损益合计比2019年增长了多少？增长率=(2020年合计-2019年合计)/2019年合计": a bare total operand is the
# total of the item the question names before "合计"
_BARE_TOTALS = frozenset({"合计", "总计"})
_TOTAL_OF = re.compile(r"(?:年度?|的|[，,、])([\u4e00-\u9fff]{2,12}?)(?:合计|总计)")


def with_named_totals(definition: Definition | None, question: str) -> Definition | None:
    """The definition with bare "合计" operands read as the total of the item the question names so."""
    if definition is None:
        return None
    bare = [t for t in definition.terms if not t.item.concept and t.item.printed in _BARE_TOTALS]
    m = _TOTAL_OF.search(re.split(r"[=＝]", question)[0]) if bare else None
    if m is None:
        return definition
    item = LineItemMatch("", m.group(1), m.start(1))
    tokens = [replace(t, item=item) if isinstance(t, Term) and t in bare else t for t in definition.tokens]
    return Definition(definition.name, tokens)


# "本科及以上学历（博士+硕士+本科）的人数占在职员工总数的比例": a part given as the sum of its rows in
# brackets, and the whole it is a share of
_BRACKET_SUM = re.compile(r"[（(]\s*([^（）()+＋]{1,20}(?:\s*[+＋]\s*[^（）()+＋]{1,20})+)\s*[)）]")
_SHARE_OF = re.compile(r"占([\u4e00-\u9fffA-Za-z]{2,20}?)的?(?:比例|比重|百分比)")


# "营业费用在营业费用、管理费用、财务费用三项合计中的占比": one item's share of the listed items' sum
_SHARE_OF_LISTED = re.compile(
    r"(?P<part>[\u4e00-\u9fff]{2,12})(?:在|占)(?P<listed>[\u4e00-\u9fff]{2,12}(?:[、和及与][\u4e00-\u9fff]{2,12})+?)"
    r"(?:[两三四五六]项)?(?:之?和|合计|总和|总额)中?的?(?:占比|比例|比重)"
)
_LIST_JOIN = re.compile(r"[、和及与]")


def bracketed_share(question: str) -> Definition | None:
    """A Chinese share whose part the question spells out as a bracketed sum of rows ("（博士+硕士+本科）的
    人数占在职员工总数的比例"), or whose whole it lists ("A在A、B、C三项合计中的占比"): the share worked out
    as that sum over the whole, or the part over that sum."""
    part = _BRACKET_SUM.search(question)
    whole = _SHARE_OF.search(question, part.end()) if part else None
    if part is not None and whole is not None:
        return find_definition(f"占比=({part.group(1).replace('＋', '+')})/{whole.group(1)}")
    if m := _SHARE_OF_LISTED.search(question):
        listed = _LIST_JOIN.split(m["listed"])
        part_name = next((n for n in listed if m["part"].endswith(n)), None)
        if part_name is not None:  # the part is one of the listed items
            return find_definition(f"占比={part_name}/({'+'.join(listed)})")
    return None
