"""A formula the question spells out itself: "Define quick ratio as (cash and cash equivalents + current
marketable securities + net accounts receivable) / total current liabilities", "total debt (debt maturing
within one year plus long-term debt)".

The definition is parsed into an expression over line items (+ − × / ^ and brackets; "plus", "minus",
"less", "divided by", "and divide by"; numbers; "average X between FY2018 and FY2019" as the mean of two
balances, "change in X between …" as their difference; chained definitions). Each operand is looked up as
a fact like any other line item (:mod:`finrag.answer.defined`), so the answer is the question's own formula
worked out on cited figures. A definition the parser (:mod:`finrag.answer.definition_expr`) cannot read
is ignored as a whole (a named formula may answer); one it reads but cannot bind to facts gets no textbook
formula in its place. This module finds where the question defines a metric and what it names.
"""

from __future__ import annotations

import re

from finrag.answer.asks import YES_NO
from finrag.answer.definition_expr import (
    OPERATOR_WORDS,
    Definition,
    parse_expression,
)
from finrag.answer.definition_terms import Constant, Term, bare_name, without_years
from finrag.answer.definition_text import definition_text
from finrag.answer.formulas import detect_formula
from finrag.answer.periods import EN_DATE

_PAIRED_WORDS = re.compile(r"(?<=[a-z])/(?=[a-z])")  # "domestic/foreign", "and/or"
# "Define X as <expr>", "X is defined as: <expr>", "X = <expr>"; the expression runs to the sentence end
_DEFINE = re.compile(
    r"\bdefine[sd]?\s+(?P<name>[^.?:]{2,60}?)\s+as\s*:?\s*(?P<expr>[^?]+?)(?:\.(?:\s|$)|\?|$)"
    r"|(?P<name2>[A-Za-z][\w\s%&'()-]{1,60}?)"
    # "… ratio at December 31, 2018, defined as …": the date the metric is asked at, before its definition
    r"(?:\s+(?:at|as of|on)\s+[A-Z][a-z]+\.?\s+\d{1,2},\s*(?:19|20)\d{2})?"
    r"(?:\s+(?:is|are)\s+|,\s*)(?:defined|calculated|computed|measured|(?P<taken>taken))\s+as\s*:?\s*"
    r"(?P<expr2>[^?]+?)(?:\.(?:\s|$)|\?|$)"
    # "期间费用率=(销售费用+管理费用+研发费用+财务费用)/营业收入", "Growth = Q1 2023 net revenue / …"
    # "gis debt/equity at 5/31/20 = (…) / …": a slash in the name, a typed date after it
    r"|(?P<name3>[\u4e00-\u9fff]{2,12}|(?<![\w-])[A-Z][A-Za-z %/-]{1,40}?)"
    r"(?:\s+(?:at|as of|on)\s+\d{1,2}/\d{1,2}/\d{2,4})?\s*[=＝]\s*"
    # "at January 28, 2023 / …": a date's comma; "U.S.", "3.5": a point inside the sentence
    r"(?P<expr3>(?:[^，。？?；;,.]|,(?=\s*(?:19|20)\d{2})|\.(?!\s|$))+)"
    # "compute interest coverage as operating profit divided by interest, net"
    # "compute net borrowing for the six months ended June 30, 2022 as …": a date's comma inside the name
    r"|\b(?:compute|calculate|measure)\s+(?P<name4>(?:[^.?:,]|,(?=\s*(?:19|20)\d{2}\b)){2,120}?)\s+as\s+"
    r"(?P<expr4>[^?]+?)(?:\.(?:\s|$)|\?|$)"
    # "…, with free cash flow defined as net cash provided by operating activities minus capital expenditures"
    r"|\bwith\s+(?P<name5>[A-Za-z][\w\s%&'-]{1,60}?)\s+(?:defined|calculated|computed|taken)\s+as\s*:?\s*"
    r"(?P<expr5>[^?]+?)(?:\.(?:\s|$)|\?|$)",
    re.I,
)
# "return on average assets: A divided by B", "quick ratio …, using (A + B) / C": a formula after a colon or
# "using", taken only when it reads as one (a colon opens many other things)
_INTRODUCED = re.compile(
    r"(?P<name>[A-Za-z][\w\s%&'’-]{1,60}?)\s*:\s*(?P<expr>[^?:]+?)(?:\.(?:\s|$)|\?|$)"
    # "Using the prior-year columns in …, compute X: A ÷ B": a source clause, the formula after the colon
    r"|,?\s*(?:\b(?:using|calculated as|computed as)|(?P<ie>\bi\.e\.,?))\s+"
    r"(?P<expr2>[^?:]+?)(?:\.(?:\s|$)|\?|$)",
    re.I,
)
_QUESTION_OPENS = re.compile(r"\s*(?:what|how|which|did|does|was|were|is|are)\b", re.I)
# A bracket right after the metric that spells its parts out: "total debt (A plus B)", "(A / B)"
_BRACKET = re.compile(
    r"\((?:using\s+|calculated as\s+|i\.e\.,?\s+)?(?P<expr>[^()]*(?:\([^()]*\)[^()]*)*)\)", re.I
)
# a formula typed between commas after the metric: ", (cash + receivables) / current liabs,"
# ", cfo / net earnings,": two items divided, typed between commas after the metric
_BARE_FORMULA = re.compile(
    r",\s*(?P<expr>\([^()?]+\)\s*[/÷×*]\s*[^,?()]+?|[A-Za-z][\w&'’ -]{1,40}?\s/\s[A-Za-z][\w&'’ -]{1,40}?)"
    r"\s*(?=,|\?|$)"
)


# the question going on after its formula ("computed as gross margin / revenue, change between fiscal year
# 2012 and fiscal year 2016"): what is asked of the metric, not an operand
_CLAUSE_AFTER = re.compile(
    r",\s*(?=(?:change[sd]?|gr[eo]w|grown|r[io]se|risen|f[ae]ll|fallen|declined?|increased?|decreased?"
    r"|improved?|compared?|moved?|shifted?)\s+(?:between|from|over|since|versus|vs\.?|with|by|in)\b)",
    re.I,
)


def find_definition(question: str) -> Definition | None:
    """The formula the question defines, or None. Several definitions chain ("Define free cash flow as A
    minus B, and free cash flow margin as free cash flow / total revenue"): the one no other uses is the
    answer's, the others are worked into it."""
    question = definition_text(question)
    defined: list[Definition] = []
    explicit = False
    for m in _DEFINE.finditer(question):
        if m.group("taken") and YES_NO.search(question):
            continue  # "Is total debt, taken as A plus B, above …": the verdict's figure, no formula asked
        explicit = True
        name = next(
            (g for k in ("name", "name2", "name3", "name4", "name5") if (g := m.group(k))), ""
        ).strip()
        name = _ASIDE.sub("", name)  # "… fiscal 2018 (quarter ended October 31, 2017)": a date, no name
        if _ASKING.match(name) or _POSSESSED.search(name):  # "What is Pfizer's year end FY2021 total debt,
            name = _name_before(name)  # defined as …", "MGM Resorts' casino department margin in 2018, …"
        name = _VERB.sub("", name)  # "compute cash conversion = …"
        if _PRONOUN.fullmatch(name):  # "what was its loans-to-deposits ratio …? Define it as …"
            named = list(_METRIC.finditer(question, 0, m.start()))
            name = _OWNER_WORD.sub("", _name_before(named[-1].group(0))) if named else name
        expr = (
            m.group("expr")
            or m.group("expr2")
            or m.group("expr4")
            or m.group("expr5")
            or _ascii_operators(m.group("expr3") or "")
        )
        expr = _CLAUSE_AFTER.split(expr, maxsplit=1)[0]  # ", change between fiscal year 2012 and …"
        parts = _AND_DEFINE.split(expr)
        for part_name, expr in zip([name, *parts[1::2]], parts[0::2], strict=True):
            found = parse_expression(part_name.strip(), expr)
            if found is None:
                return None  # a definition it cannot read: ignored as a whole
            defined.append(found)
    if defined:
        return _chained(defined)
    if explicit:
        return None
    for m in _INTRODUCED.finditer(question):
        expr = _CLAUSE_AFTER.split(m.group("expr") or m.group("expr2") or "", maxsplit=1)[0]
        # "Using (A + B) / C, what was the quick ratio …": the formula leads, the metric it gives follows
        expr, *after = _ASKED_AFTER.split(expr, maxsplit=1) if m.group("expr2") else [expr]
        if not OPERATOR_WORDS.search(_PAIRED_WORDS.sub(" ", expr)):
            continue  # "using the domestic/foreign split": two words paired by a slash divide nothing
        if m.group("name") and _QUESTION_OPENS.match(expr):
            continue  # "American Express 2021: what share of … (A / B)?": the question after a colon
        metrics = [k.group(0) for k in _METRIC.finditer(question, 0, m.start())] or [
            k.group(0) for k in _METRIC.finditer(after[0] if after else "")
        ][:1]
        name = m.group("name") or (metrics[-1] if metrics else "")  # "… quick ratio at …, using (A + B) / C"
        if m.group("ie") and not name:  # "cash conversion in 2019, i.e. A relative to B": what "i.e." glosses
            name = question[: m.start()]
        found = parse_expression(_LEADING_NAMES.sub("", _name_before(name)), expr)
        if found is not None:
            return found
    for m in _COMPUTE.finditer(question):  # "…? Compute Oncology worldwide sales / total Pharmaceutical …"
        metrics = [k.group(0) for k in _METRIC.finditer(question, 0, m.start())]
        asked = _ASKED_METRIC.search(question, 0, m.start())
        name = _name_before(metrics[-1]) if metrics else asked.group(1) if asked else ""
        by = m.group("by") or m.group("clause")
        zh = m.group("zh") or (by.replace("除以", "/") if by else "")
        if by and not name and (rate := _ZH_RATE.search(question, 0, m.start())):
            name = rate.group(1)  # "…的产销率是多少？请用销量除以产量计算": the rate it works out
        found = parse_expression(name, m.group("expr") or _ascii_operators(zh))
        # an unnamed ratio: a named formula's, else the question's own when it divides known items ("how many
        # dollars of operating cash flow did each dollar of net income produce? Compute A / B"), not periods
        # ("Compute H1 FY24 / H1 FY23 - 1": the growth asked)
        if found is None:
            continue
        own = all(t.item.concept for t in found.terms) and detect_formula(question) is None
        if name or found.additive() or own or by:
            return found
    for m in _BARE_FORMULA.finditer(question):  # "bby quick ratio at 7/30/22, (cash + receivables) / …"
        metrics = [k.group(0) for k in _METRIC.finditer(question, 0, m.start())]
        if metrics and (
            found := parse_expression(_LEADING_NAMES.sub("", _name_before(metrics[-1])), m.group("expr"))
        ):
            return found
    if (zh := _zh_bracket(question)) is not None:
        return zh
    for m in [*_PLUS_SUBJECT.finditer(question), *_PLUS_GROWN.finditer(question)]:  # "change in A plus B"
        if (found := parse_expression(m["expr"], m["expr"])) is not None and found.additive():
            return found
    for m in _BRACKET.finditer(question):
        if _MATH_AFTER.match(question, m.end()):
            continue  # "(A / B)^(1/2) - 1": the bracket is part of a longer expression
        if _NAMED_BEFORE.search(question, 0, m.start()):
            continue  # "Jinyu Bio-Technology's (金宇生物 / 生物股份)": other names of a company
        if OPERATOR_WORDS.search(m.group("expr")):
            name = _name_before(question[: m.start()])
            sentence = re.split(r"[?.!]\s", question[: m.start()])[-1]
            amount = _ADDITIVE_ONLY.fullmatch(m.group("expr")) is not None  # "free cash flow (A minus B)"
            if not _METRIC.search(name) and not amount and (metrics := _METRIC.findall(sentence)):
                name = _name_before(metrics[-1])  # "What net income margin did X earn in 2020 (A / B)?"
            found = parse_expression(name, m.group("expr"))
            if found is not None:
                return found
    return None


# "产能利用率（产量÷产能）", "产能利用率是多少（实际产量/生产能力）": a Chinese rate, a bracketed quotient
_ZH_BRACKET = re.compile(
    r"(?P<name>[\u4e00-\u9fff]{1,8}(?:率|比例|比重|占比|倍数))(?:是多少|为多少|有多少)?[？?]?"
    # "现金流量比率？（A/B，合并口径，保留两位）": what follows a comma inside says how, no operand
    r"[（(](?P<expr>[^（）()，,。？]{1,30}?[÷/][^（）()，,。？]{1,30})(?:[，,][^（）()]{0,20})?[)）]"
)


def _zh_bracket(question: str) -> Definition | None:
    m = _ZH_BRACKET.search(question)
    name = m["name"].split("的")[-1] if m else ""  # "相关设备的产能利用率": the rate
    name = re.sub(r"^年度?", "", name)  # "20年现金流量比率": the year's 年 is no part of the name
    return parse_expression(name, _ascii_operators(m["expr"])) if m else None


_ASCII_BRACKETS = str.maketrans("（）[]［］【】", "()()()()")  # "/[(期初+期末)/2]": brackets all nest alike


def _ascii_operators(expr: str) -> str:
    """A Chinese formula's full-width brackets and unspaced minus signs as the parser reads them."""
    expr = expr.translate(_ASCII_BRACKETS).replace("＋", "+").replace("／", "/")
    # "long-term": a hyphen inside an English word joins it, no minus
    return re.sub(r"(?<![A-Za-z])\s*[-－−]\s*|\s*[-－−]\s*(?![A-Za-z])|\s+[-－−]|[-－−]\s+", " - ", expr)


_ASIDE = re.compile(r"\s*\([^()]*\)")
# an amount whose change is asked as the sum of two items: "Percentage change in Nike's cash and equivalents
# plus short-term investments from …"
_PLUS_SUBJECT = re.compile(
    r"\b(?:change|growth|increase|decrease|decline|rise)\s+(?:in|of)\s+"
    r"(?:[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*['’]s?\s+)?(?:the\s+)?"
    r"(?P<expr>[a-z][a-z ,&-]{2,60}?\s+(?:plus|\+)\s+[a-z][a-z ,&-]{2,60}?)"
    r"(?=\s+(?:from|between|over|for|at|as of|in|on)\b|\s*[,?]|$)"
)
# "by what % did microsoft's cash + short-term investments grow in FY2016?": the sum's change, asked so
_PLUS_GROWN = re.compile(
    r"\bdid\s+(?:[A-Za-z][\w&.-]*['’]s?\s+)?(?:the\s+)?"
    r"(?P<expr>[a-z][a-z ,&-]{2,60}?\s+(?:plus|\+)\s+[a-z][a-z ,&-]{2,60}?)"
    r"\s+(?:grow|change|increase|decrease|decline|rise|fall)\b"
)
_ASKED_AFTER = re.compile(r",\s*(?=(?:what|how|which)\b)", re.I)
_ASKING = re.compile(r"(?:by\s+)?(?:what|how|which)\b", re.I)  # "By how many points did the ratio"
# "Compute A / B", "Use For / (For + Against)": a formula written as an instruction, without a name
_COMPUTE = re.compile(
    r"(?:^|[.?]\s+)(?:compute|calculate|use)\s+"
    r"(?P<expr>[^?.;:]*?(?:\s/\s|\bdivided by\b|\bminus\b|\bless\b|\s-\s)[^?.;:]*?)"
    r"(?=,\s*(?:in|to|as|expressed|rounded|excluding|ignoring)\b|[.?;]|$)"
    # "计算方式：前五名合计占比−第一名占比": a Chinese formula introduced by its own label
    r"|(?:计算方式|计算公式|计算方法)[:：]\s*(?P<zh>[^。？；]*?[−－\-/÷][^。？；]*?)(?=[。？；，,]|$)"
    # "请按当年产量除以产能计算", "按“销售额÷销售量”计算": the way to work it out, said before 计算
    # (a plain quotient only: "按(期末余额−期初余额)/期初余额计算" is a growth the named formulas read)
    r"|(?:按照?|用)\s*[“\"]?(?P<by>[^。？；，“”\"()（）+−－-]{1,30}?(?:除以|÷|/)[^。？；，“”\"()（）+−－-]{1,30}?)[”\"]?\s*"
    r"(?:来)?(?:计算|算)"
    # "…卖多少万元？销售额除以销售量，保留两位小数": a quotient written as a clause of its own
    r"|(?<=[？?。，,])\s*(?P<clause>[^。？；，“”\"()（）+−－按用算-]{1,30}?除以[^。？；，“”\"()（）+−－按用算-]{1,30}?)"
    r"(?=[，,。；]|$)",
    re.I,
)
# "太阳能边框的产销率是多少": the rate asked, after its owner's 的
_ZH_RATE = re.compile(r"(?:^|[的之，,？?])([\u4e00-\u9fff]{1,5}率)(?:是|为|有)?多少")
_ASKED_METRIC = re.compile(r"\bwhat\s+(share|percentage|proportion|portion)\b", re.I)
_POSSESSED = re.compile(r"(?<=\w)['’]s?\s")  # a metric named after its owner
_VERB = re.compile(  # "compute cash conversion = …", "its marketing intensity, defined as …"
    r"^(?:(?:compute|calculate|work out|find|determine)\s+)?(?:its|their|the)\s+"
    r"|^(?:compute|calculate|work out|find|determine)\s+",
    re.I,
)
_OWNER_WORD = re.compile(r"^(?:its|their|his|her|our)\s+", re.I)
_PRONOUN = re.compile(r"it|this|that|this (?:ratio|metric|measure)", re.I)
# the metric a pronoun definition stands for: the last "… ratio / margin / rate" asked before it
_METRIC = re.compile(
    r"(?:[\w&'’-]+\s+){1,6}?(?:ratio|margin|rate|turnover|coverage|yield|multiple|intensity|conversion)\b"
    r"|\breturn on (?:average )?(?:total )?(?:equity|assets|invested capital|capital)\b",
    re.I,
)
# ", and free cash flow margin as ...": the next definition in one sentence
_AND_DEFINE = re.compile(r",?\s+and\s+(?:define\s+)?([A-Za-z][\w\s%&'-]{1,60}?)\s+as\s+", re.I)
_NAMED_BEFORE = re.compile(r"['’]s\s*$")
_LEADING_NAMES = re.compile(r"^(?:[A-Z][\w&'’-]*\s+)+(?=[a-z])")  # "Activision Blizzard quick ratio"
_MATH_AFTER = re.compile(r"\s*[\^*/×÷+−-]")
# an expression of sums and differences only: an amount, never the ratio or margin the sentence names
_ADDITIVE_ONLY = re.compile(r"(?:(?!\bdivided\b|\btimes\b|\bover\b|\bper\b|[/÷×*%]).)+", re.I | re.S)


def _chained(defined: list[Definition]) -> Definition:
    """The definition no other one uses, with the operands naming another definition replaced by it."""
    by_name = {k: d for d in defined for k in (d.name.lower(), bare_name(d.name))}  # "unadjusted EBITDA"
    used = {t.item.printed.lower() for d in defined for t in d.terms if t.item.printed.lower() in by_name}
    top = next((d for d in reversed(defined) if d.name.lower() not in used), defined[-1])
    tokens: list[Term | Constant | str] = []
    for t in top.tokens:
        inner = by_name.get(t.item.printed.lower()) if isinstance(t, Term) and not t.item.concept else None
        tokens.extend(["(", *inner.tokens, ")"] if inner is not None and inner is not top else [t])
    return Definition(top.name, tokens)


_PERIOD_TAIL = re.compile(
    r"\s+(?:for|in|during)\s+(?:the\s+)?(?:(?:first|second|third|fourth)\s+quarter|fiscal|full[- ]year)\b.*$",
    re.I,
)


def _name_before(text: str) -> str:
    """The metric a bracket follows: "what is Verizon's year end FY2021 total debt" -> "total debt"."""
    text = EN_DATE.sub(" ", text)  # "leverage at December 31, 2020": the date's comma ends no sentence
    text = without_years(re.split(r"[,?.!]", text)[-1])  # "…? Compare operating margin": this sentence's
    text = _PERIOD_TAIL.sub("", text)  # "gross profit rate for the third quarter of fiscal": the rate
    text = re.split(
        r"'s\b|’s\b|(?<=s)['’]\s|\b(?:is|was|are|were|the|of|for|compare|calculate|compute|what|which|its|their)\b",
        text,
        flags=re.I,
    )[-1]  # "MGM Resorts' casino department margin in 2018": the margin
    text = re.sub(r"\s+(?:in|at|during|as of)\s*$", "", text, flags=re.I)
    return " ".join(w for w in text.split() if w.lower() not in ("year", "end", "year-end"))
