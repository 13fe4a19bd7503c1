"""The line items a question asks for once the context's row labels are known, and their order.

A longer printed row label replaces the lexicon's item inside it ("无形资产投资" over "无形资产", "total
revenues net of interest expense" over "total revenues" and "interest expense"); a generic item narrowed to a
row is that row ("net sales from third-party seller services"); a two-operand formula takes its missing
operand from the rows ("product development" as a % of total net revenue); and the whole of a share is the
item written after "percentage of", "share of", "divided by" (or "占"), the part the other one ("what
percentage of total net revenue did net interest income represent").
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from finrag.answer.asks import GROWTH_COMPARED
from finrag.answer.definition import Definition
from finrag.answer.definition_terms import Term
from finrag.answer.formula_words import ZH_MINUS
from finrag.answer.formulas import GROWTH_FORMULAS
from finrag.answer.lexicon import LineItemMatch, label_matches, normalise
from finrag.answer.lookup import SHARE_FORMULAS
from finrag.answer.owner_names import excluded
from finrag.answer.query import AskedFor
from finrag.answer.zh_qualifiers import zh_quoted
from finrag.retrieve.docfit import FORWARD

# the words that put the whole (the denominator) right after them
_WHOLE_MARK = re.compile(
    r"(?:percent(?:age)?|share|proportion|portion|fraction|%)\s+of\b|divided\s+by\b|\bover\b|占|相当于", re.I
)
_WHOLE_GAP = 40  # characters between the marker and the whole's name ("share of Square's total net revenue")
_TWO_OPERANDS = frozenset({"share_of_total", "ratio", "difference"})
# "net sales from third-party seller services", "revenue in the Americas": a printed row owns the generic item
_OWNED_BY = re.compile(r"^\s+(?:from|of|in|for|at|by)\s+(?:the\s+|its\s+|our\s+)?$", re.I)
# items whose breakdown rows a question names by kind ("subscription revenue", "work-in-process inventory")
_GENERIC = frozenset({"revenue", "inventory"})
# "net sales to customers in the Middle East", "net sales of its Canada segment", "net revenue from China": a
# place or part named as an owner; its row under the item's heading is its figure of the item
# (owners.owned_facts), the item stays
_IN_PLACE = re.compile(r"^\s+(?:in|of|from)\s+(?:the\s+|its\s+)?$", re.I)
# a measure a question asks of a row ("carrying amount of …"), no item of its own
_MEASURE = re.compile(r"(?:carrying|book|net book|recorded) (?:amount|value)|balance|amount", re.I)
# "货币资金里的银行存款", "货币资金中，存放在境外的款项": a row of the item's breakdown is the item asked;
# "share repurchases (purchases of stock for treasury)": the row the question brackets is the item's own
_PART_OF = re.compile(r"^(?:里|中|当中)(?:的|，|,)?(?:其中)?[:：]?$")
_PRINTED_AS = re.compile(r"^\s*[(（]$")


def with_rows(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """The question's lexicon items merged with the context's row labels it names (see the module); a row
    the question quotes by name ("“经营性应付项目的增加”本期金额") is the one item asked."""
    quoted = {normalise(n) for n in zh_quoted(asked.question)} if asked.language == "zh" else set()
    rows = [t for t in from_tables if normalise(t.printed) in quoted]
    end = max((r.start + len(r.printed) for r in rows), default=0)
    later = [t for t in from_tables if t not in rows and t.start > end]  # "“…项目”的投资概算中，设备购置费"
    if rows and later and all(r.printed.endswith("项目") for r in rows):
        return later  # "“…项目”的投资概算中，设备购置费": the project owns the row asked after it
    if rows:
        if asked.formula is not None and asked.formula.name in SHARE_FORMULAS and len(rows) == 1:
            # "研发费用中“直接材料…”占研发费用合计的比例": the quoted part over the whole named after it
            return rows + [m for m in asked.line_items if m.start > rows[0].start][:1]
        return rows
    if scene_set := asked_after_scene(asked, from_tables):
        return scene_set  # "…, the accrued expenses note gives …. What was accrued compensation and benefits"
    items = [next((_as_row(t, m) for t in from_tables if t.covers(m)), m) for m in asked.line_items]
    items = _described_by(asked.question, items, from_tables)
    if asked.formula is not None and asked.formula.name == "sum":  # "add A, B, and C": each row once
        items = _own_rows(items, from_tables)
    asked = replace(asked, line_items=list(dict.fromkeys(items)))  # one row may cover two lexicon items
    asked = replace(asked, line_items=owned_rows(asked, from_tables))
    asked = replace(asked, line_items=with_missing_operand(asked, from_tables))
    asked = replace(asked, line_items=_described_by(asked.question, asked.line_items, from_tables))  # again
    return share_order(replace(asked, line_items=_minus_operands(asked, from_tables)))


def _minus_operands(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """A difference written "A减去B": the items on either side of it, not the figure the question asks it
    for ("扣除非经常性损益后的净利润是多少元？用合并净利润减去…非经常性损益净影响数")."""
    at = asked.question.find(ZH_MINUS)
    if at < 0 or asked.formula is None or asked.formula.name != "difference":
        return asked.line_items
    named = sorted([*asked.line_items, *from_tables], key=lambda m: m.start)  # a row the question names too
    before = [m for m in named if m.end <= at]
    after = [m for m in named if m.start >= at + len(ZH_MINUS)]
    return [before[-1], after[0]] if before and after else asked.line_items


# "anti-dilutive securities excluded from diluted net income per share": the item after it says which
# securities the row counts, it is not asked itself
_DESCRIBES = re.compile(
    r"\b(?:excluded|omitted|left out)\s+from\s+(?:the\s+)?(?:(?:computation|calculation)s?\s+of\s+)?"
    r"(?:the\s+)?$",
    re.I,
)


# "valuation allowance on deferred tax assets": the item after a contra account says what it is held against
_HELD_AGAINST = re.compile(r"\b(?:allowances?|reserves?)\s+(?:on|against)\s+(?:the\s+|its\s+)?$", re.I)


def _described_by(
    question: str, items: list[LineItemMatch], rows: list[LineItemMatch]
) -> list[LineItemMatch]:
    """The items less one written only to say what a printed row the question names before it leaves out, or
    what an allowance written right before it is held against."""
    return [
        m
        for m in items
        if not (
            _DESCRIBES.search(question, 0, m.start) and any(t.start + len(t.printed) <= m.start for t in rows)
        )
        and not (
            _HELD_AGAINST.search(question, 0, m.start) and any(i.end <= m.start for i in items if i != m)
        )
    ]


def _own_rows(items: list[LineItemMatch], from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """Items of one concept written differently, each a row the context prints, listed to be added
    ("short-term borrowings", "long-term debt due within one year": both current debt): each its own row."""
    written = {(m.concept, normalise(m.printed)) for m in items if m.concept}
    shared = {c for c, _ in written if sum(k == c for k, _ in written) > 1}  # one concept, two wordings
    printed = {(t.start, normalise(t.printed)) for t in from_tables}
    return [
        replace(m, concept="") if m.concept in shared and (m.start, normalise(m.printed)) in printed else m
        for m in items
    ]


# the end of a sentence before the question's own: "…gives a comparative column for November 28, 2014. What"
_SENTENCE_END = re.compile(r"[.;]\s+(?=[A-Z])")


def asked_after_scene(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """The printed rows a lookup names in its last sentence when its lexicon items are all in the sentences
    before it, which only set the scene ("the accrued expenses note gives a comparative column. What was
    accrued compensation and benefits at that date?"); none otherwise."""
    if asked.intent != "lookup" or asked.language != "en" or not asked.line_items:
        return []
    ends = [m.end() for m in _SENTENCE_END.finditer(asked.question)]
    if not ends or any(m.start >= ends[-1] for m in asked.line_items):
        return []
    return [t for t in from_tables if t.start >= ends[-1]]


def printed_metric(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """A row of the context the question names that is a named metric with the filer's own qualifiers
    ("Adjusted Property EBITDA" for the formula EBITDA): the printed figure is asked, not a recomputation."""
    formula = asked.formula
    if formula is None or not formula.named or asked.line_items or asked.definition is not None:
        return []
    if FORWARD.search(asked.question):  # "what guidance did X give for organic revenue growth": the text
        return []
    keys = [k.lower() for k in formula.keywords]
    longer = [t for t in from_tables if any(k in (p := t.printed.lower()) and len(p) > len(k) for k in keys)]
    return longer[:1]


_MARGIN_AFTER = re.compile(r"\s+margins?\b", re.I)


def printed_margin(asked: AskedFor, from_tables: list[LineItemMatch]) -> Definition | None:
    """ "Adjusted EBITDAR margin" of a row the tables print ("Adjusted EBITDAR") where no row prints the
    margin itself and no formula is named: that row over revenue, worked out; not for a part the question
    names by another row ("amcor flexibles adjusted EBIT margin": the Flexibles segment's)."""
    if asked.language != "en" or asked.formula is not None or asked.definition is not None:
        return None
    rows = [m for m in asked.line_items if not m.concept and m.start >= 0]
    if len(rows) != 1 or not _MARGIN_AFTER.match(asked.question, rows[0].end):
        return None
    if any(not (t.start < rows[0].end and rows[0].start < t.end) for t in from_tables):
        return None
    revenue = LineItemMatch("revenue", "revenue", -1)
    return Definition(f"{rows[0].printed} margin", [Term(rows[0]), "/", Term(revenue)])


def _as_row(row: LineItemMatch, item: LineItemMatch) -> LineItemMatch:
    """A synonym keeps the concept ("sales to customers" is revenue), a longer row label does not ("gross
    profit as a % of revenue", "无形资产投资")."""
    same = label_matches(normalise(row.printed), item.concept) >= 1
    return replace(row, concept=row.concept or (item.concept if same else ""))


def with_missing_operand(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """The question's items plus a row label of the context that names the second operand a two-operand
    formula still lacks ("product development" as a % of the lexicon's "total net revenue"), or, for a sum of
    rows the question lists ("add A, B, and C"), every row it lists."""
    items = asked.line_items
    formula = asked.formula
    distinct = {m.concept or m.printed.lower() for m in items}  # "X / total net sales" names the whole twice
    summed = formula is not None and formula.name == "sum"  # "add A, B, and C": every row listed
    # "Did demand creation expense grow faster than revenues": the two growths compared
    raced = formula is not None and formula.name in GROWTH_FORMULAS and asked.language == "en"
    raced = raced and GROWTH_COMPARED.search(asked.question) is not None  # (not any "增长率" asked)
    two = formula is not None and (formula.name in _TWO_OPERANDS or bool(raced))
    if formula is None or (not summed and (not two or len(distinct) >= 2)):
        return items
    if formula.name == "difference" and len(set(asked.years)) >= 2:
        return items  # "…比上年降了多少": one item's change between the years, no second item
    extra = [
        t
        for t in from_tables
        if not any(t.start < m.end and m.start < t.end for m in items)
        and all(t.printed.lower() not in m.printed.lower() for m in items)
        and not excluded(t.printed, asked.question)  # "net sales from outside the United States"
        and not any(asked.question.lower().startswith(k, t.start) for k in formula.keywords)  # "share of"
    ]
    if summed:
        every = sorted([*items, *extra], key=lambda m: m.start)
        return every if extra and listed(asked.question, every) else items
    return sorted([*items, *extra[:1]], key=lambda m: m.start)


_LIST_JOIN = re.compile(r"\s*(?:[、，,/]|和|及|与|以及|,?\s*and)\s*", re.I)


def listed(question: str, items: list[LineItemMatch]) -> bool:
    """The items are written one after another as a list ("A、B、C", "A, B and C")."""
    ordered = sorted(items, key=lambda m: m.start)
    return all(_LIST_JOIN.fullmatch(question[a.end : b.start]) is not None for a, b in pairwise(ordered))


def share_order(asked: AskedFor) -> list[LineItemMatch]:
    """The line items with the whole of a share last: "percentage of Y did X represent" is X / Y; several
    parts of one share ("A、B、C三项合计占D的比例") are summed over it."""
    items = asked.line_items
    # "percentage of Pfizer's revenues went to research and development? Use 'Research and development
    # expenses' and total revenues": an operand written twice is one operand
    kinds = {_kind(m) for m in items}
    if asked.formula is None or asked.formula.name not in ("share_of_total", "ratio") or len(kinds) < 2:
        return items
    text = asked.question
    for mark in _WHOLE_MARK.finditer(text):
        after = [m for m in items if 0 <= m.start - mark.end() <= _WHOLE_GAP]
        if len(after) >= 1:
            whole = _kind(min(after, key=lambda m: m.start))
            parts = [m for m in items if _kind(m) != whole]
            if len(kinds) > 2 and not (asked.formula.name == "share_of_total" and listed(text, parts)):
                return items  # three items, no list of parts: which two make the share is not known
            return parts + [m for m in items if _kind(m) == whole]
    return items


def _kind(item: LineItemMatch) -> str:
    return item.concept or item.printed.lower()


def owned_rows(asked: AskedFor, from_tables: list[LineItemMatch]) -> list[LineItemMatch]:
    """Items the question narrows to a printed row right after or before them ("net sales from
    third-party seller services", "subscription revenue", "货币资金里的银行存款", "share repurchases
    (purchases of stock for treasury)"), replaced by the row."""
    out: list[LineItemMatch] = []
    question = asked.question
    for m in asked.line_items:
        # "carrying amount of wireless licenses": the measure is the licenses' own row
        generic = m.concept in _GENERIC or (not m.concept and _MEASURE.fullmatch(m.printed) is not None)
        after = [t for t in from_tables if t.start > m.end and generic]
        owner = next((t for t in after if _OWNED_BY.match(asked.question[m.end : t.start])), None)
        if owner and owner.printed in asked.entities and _IN_PLACE.match(question[m.end : owner.start]):
            owner = None  # a place that owns the figure (see _IN_PLACE)
        # "subscription revenue", "冷冻设备营业收入": the row under the revenue heading, not the cost one
        before = [  # right before it, a space apart at most ("管理费用占主营业务收入" names two items)
            t
            for t in from_tables
            if m.concept in _GENERIC and 0 <= m.start - t.end <= 1 and not question[t.end : m.start].strip()
        ]
        row = owner or next((replace(t, within=m.concept) for t in before), None)
        # "存货中原材料": the row under the item's own note, not a cost table's 原材料
        parts = (t for t in from_tables if t.start >= m.end and _PART_OF.match(question[m.end : t.start]))
        part = next(parts, None)
        row = row or (part and replace(part, within=m.concept or part.within))
        row = row or next(
            (t for t in from_tables if t.start > m.end and _PRINTED_AS.match(question[m.end : t.start])),
            None,
        )
        out.append(row or m)
    return list(dict.fromkeys(out))
