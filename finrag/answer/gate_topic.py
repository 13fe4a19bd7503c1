"""What a question's evidence must print: the question without what the answer stage supplies or checks
itself (the filing it is read from, years and quarters, a formula's name and words, the direction of a
change, the attribute a role check looks for)."""

from __future__ import annotations

import re

from finrag.answer.averaged import YEARLY_AVERAGE
from finrag.answer.events import event_names
from finrag.answer.formulas import COMPARISON_WORDS, FORMULAS
from finrag.answer.query import AskedFor
from finrag.answer.roles import asked_role, checks, subject_of
from finrag.answer.row_asks import kinds_topic
from finrag.answer.subjects import CLASS_WORDS
from finrag.answer.text import split_sentences

# years and their short forms ("FY16", "2Q23", "Q3'22"): periods, which the period check reads
_YEARS = re.compile(
    r"(?:fy\s*)?(?:19|20)\d{2}|\bfy\s*'?\d{2}\b|\b[1-4]q\s*'?\d{2}\b|\bq[1-4](?:\s*'?\d{2})?(?![a-z0-9])"
    r"|\d{1,2}\s*[-—–－~至到]\s*\d{1,2}\s*月份?"
)  # years, quarters ("20年Q4") and months of a year ("2006年1—6月"): the period check covers them

# The filing a question is read from, before what it asks: the period gate checks it, not the keywords
# "Block (formerly known as Square)": another name of the company, no topic word
_FORMER_NAME = re.compile(r"\((?:formerly|previously)(?: known as)?\b[^()]*\)", re.I)
_SOURCE = re.compile(
    r"^\s*(?:according to|based on|per|using|in)\b[^,?]{0,120}\b(?:10-?[kq]|8-k|release|report|filing)\b"
    r"[^,?]*(?:\d{1,2},\s*(?:19|20)\d{2}\b[^,?]*)?,",  # "… for the quarter ended December 31, 2022,"
    re.I,
)
# "…, based on the comparative columns of its 2022 10-K?": the same, written after the question
_SOURCE_AFTER = re.compile(
    r",\s*(?:according to|based on|per|using|from|in)\b[^,?]{0,80}\b(?:10-?[kq]|8-k|release|report|filing"
    r"|balance sheets?|income statements?|statements? of \w+(?: \w+)?|cash flow statements?)\b[^,?]*(?=\?|$)",
    re.I,
)

# "根据国电电力的公开增发招股意向书，…": the document to read, not words the answer's page must print
# "合并口径的营业利润率", "on a consolidated basis": the scope asked (AskedFor.scope), not a topic to print
_SCOPE = re.compile(
    r"(?:按)?(?:合并|母公司)(?:报表)?口径|\bon an? (?:consolidated|parent[- ]only) basis\b", re.I
)
_ZH_SOURCE = re.compile(
    r"^\s*(?:根据|按照|依据|据|从|在)[^，,？?]{0,40}?(?:招股意向书|招股说明书|招股书|意向书|说明书|年度报告|年报|报告)(?:中|里|显示)?[，,]?"
    # "国电电力增发招股意向书披露的…": the document named mid-question
    r"|(?:公开)?(?:增发)?(?:招股意向书|招股说明书|招股书|年度报告|年报)(?:中|里)?(?:披露|显示|列示|所列)的?"
)


# Words that only say how a computed metric is taken ("unadjusted EBITDA", "turnover ratio"): the
# calculator's inputs are the printed statement lines, so the documents need not print these words
FORMULA_QUALIFIERS = ("unadjusted", "un-adjusted", "as reported", "ratio")


_ZH_WHICH_WAY = re.compile(
    r"比?是?(?:上升|增加|提高|升|增)了?还?是(?:下降|减少|降低|降|减)了?|差?了?(?:几|多少)个?百分点|百分点"
    r"|(?:提高|下降|增加|减少|上升|降低|变动|变化|增减|高出)了?多少(?:次|倍)?"  # "周转率比2009年提高了多少次"
)
_DIRECTION = re.compile(r"\b(?:improv|deteriorat|worsen|shr[iau]nk|widen|narrow)\w*", re.I)
# "人均收入", "平均每人从公司拿了多少": a figure per head, which the answer works out from each person's
_PER_HEAD = re.compile(r"平均每人|每人平均|人均|每人")


def topic(asked: AskedFor) -> str:
    """The question without what the answer stage supplies itself (formula names, years) or checks on its
    own (the asked attribute: the role check looks for a value of its kind)."""
    text = kinds_topic(asked.question) if asked.language == "zh" else asked.question  # "铵梯比乳化多产"
    role = asked_role(text) if asked.language == "zh" else None
    about_event = bool(event_names().search(subject_of(text) or ""))  # "X高管变动事件对应的…"
    if role is not None and (checks(role) or role.kind == "name" or about_event):  # "投资方": a slot
        unchecked = role.phrase if not checks(role) and role.kind != "name" else ""  # "证券代码": a topic
        text = f"{subject_of(text) or text} {unchecked}"
        text = CLASS_WORDS.sub(" ", text)
    asking = [s for s in split_sentences(text) if s.rstrip().endswith(("?", "？"))]
    # instructions around the question are not topic, unless the question leaves its items to them ("Take
    # Coca-Cola's SG&A divided by its net operating revenues. What percentage do you get?")
    named = not asked.line_items or any(m.printed in " ".join(asking) for m in asked.line_items)
    if asking and len(asking) < len(split_sentences(text)) and named:
        text = " ".join(asking)
    # "According to X's 10-Q for the second quarter of 2022, what was …"
    text = _SOURCE_AFTER.sub(" ", _SOURCE.sub(" ", text))
    text = _SCOPE.sub(" ", _FORMER_NAME.sub(" ", _ZH_SOURCE.sub(" ", text)))
    text = _PER_HEAD.sub(" ", text) if asked.language == "zh" else text
    text = _YEARS.sub(" ", YEARLY_AVERAGE.sub(" average ", text.lower()))  # "three year average": no topic
    computed = asked.formula is not None or asked.definition is not None
    if computed:  # "improving operating margin": the two years' results say which way it moved
        text = _ZH_WHICH_WAY.sub(" ", _DIRECTION.sub(" ", text))  # "比是升是降，差几个百分点"
    for word in [
        *(asked.formula.keywords if asked.formula else ()),
        *([asked.definition.name.lower()] if asked.definition else ()),  # the metric the question defines
        *(FORMULA_QUALIFIERS if computed else ()),  # after the name: "loans-to-deposits ratio" whole
        *FORMULAS["average"].keywords,
        *COMPARISON_WORDS,
    ]:
        text = text.replace(word, " ")  # the calculator supplies these, the documents need not print them
    return text
