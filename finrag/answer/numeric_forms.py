"""The forms a numeric answer takes once its facts are gathered: two figures compared, the question's own
definition worked out, a calculation (with what may be quoted when it cannot be worked out)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from finrag.answer.alongside import with_amount, with_item_too
from finrag.answer.asks import GROWTH_COMPARED, compared_parts, compared_quarters, compares_periods
from finrag.answer.defined import defined_answer
from finrag.answer.definition_expr import Definition
from finrag.answer.formulas import GROWTH_FORMULAS
from finrag.answer.judgment import (
    comparison_answer,
    growth_items_answer,
    items_answer,
    rates_answer,
    sign_answer,
)
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import SHARE_FORMULAS, Want, best_fact
from finrag.answer.measures import AMOUNT_ASKED
from finrag.answer.numeric import CiteFn, NumericAnswer, calculation_answer, lookup_answer
from finrag.answer.owner_names import called_parts
from finrag.answer.owners import owned_facts
from finrag.answer.printed_growth import printed_growth, printed_rates
from finrag.answer.printed_ratios import printed_only, printed_share, whole_in_table, whole_named
from finrag.answer.prose_facts import prose_facts
from finrag.answer.quarters_compared import quarters_answer
from finrag.answer.query import AskedFor
from finrag.model import Chunk, Fact

SHARE_INPUTS = 2  # a share's part and whole: both quoted when the share itself could not be worked out
OneYear = Callable[[AskedFor], NumericAnswer | None]


def compared_answer(
    asked: AskedFor,
    names: list[str],
    pair: tuple[LineItemMatch, LineItemMatch] | None,
    facts: list[Fact],
    every: list[Fact],
    chunk_of: dict[str, Chunk],
    doc_rank: dict[str, int],
    cite: CiteFn,
    one_year: OneYear,
) -> NumericAnswer | None:
    """A yes/no or difference between two figures: two named parts, two items, two periods or two quarters
    (``every`` holds the facts before they were narrowed to the owners: parts are looked up one by one)."""
    # "In 2019, did AWS earn more operating income than Amazon's North America segment?"
    if named_parts := compared_parts(asked.question, asked.language, names, len(asked.line_items)):
        want = Want(asked.line_items[0], asked.years[0] if asked.years else None)
        a, b = (
            best_fact(
                owned_facts(every, [n], chunk_of, segments=called_parts(asked, [n])), want, asked, doc_rank
            )
            or best_fact(owned_facts(every, [initials(n)], chunk_of), want, asked, doc_rank)  # "AWS"
            for n in named_parts
        )
        if compared := items_answer(asked, (a, b), named_parts, cite):
            return compared
    # "did Best Buy spend more cash on share repurchases than on dividends?"
    if pair:
        year = max(asked.years) if asked.years else None  # two years only for a growth: the later
        both = (
            best_fact(facts, Want(pair[0], year), asked, doc_rank),
            best_fact(facts, Want(pair[1], year), asked, doc_rank),
        )
        pair_names = (pair[0].printed, pair[1].printed)
        if GROWTH_COMPARED.search(asked.question):  # "did REVPAR grow faster than ADR": their growth rates
            if year is None:
                return None
            before = (
                best_fact(facts, Want(pair[0], year - 1), asked, doc_rank),
                best_fact(facts, Want(pair[1], year - 1), asked, doc_rank),
            )
            # no year before printed: the rates a change column prints ("营业成本比上年增减（%）")
            if not all(before) and (rates := printed_rates(asked, facts, pair, doc_rank)):
                return rates_answer(asked, rates, cite)
            return growth_items_answer(asked, both, before, pair_names, cite)
        if compared := items_answer(asked, both, pair_names, cite):
            return compared
    # "Did X's net income in Q2 2022 exceed Q2 2021's?"
    if compares_periods(asked.question, asked.language, len(asked.years)) and (
        compared := comparison_answer(asked, lookup_answer(asked, facts, doc_rank, cite), one_year)
    ):
        return compared
    # "2020年第三季度的经营活动产生的现金流量净额是否高于第四季度？"
    pair_q = compared_quarters(asked.question, asked.language, asked.quarters, len(asked.years))
    if pair_q and (
        compared := quarters_answer(asked, pair_q, lambda a: answer_for(doc_rank, cite)(a, facts))
    ):
        return compared
    return None


def definition_answer(
    asked: AskedFor,
    definition: Definition,
    facts: list[Fact],
    context: list[tuple[int, Chunk]],
    names: list[str],
    doc_rank: dict[str, int],
    cite: CiteFn,
) -> NumericAnswer | None:
    """The question's own formula worked out; no textbook formula stands in for it, except where the
    definition reader took a named formula's wording apart wrongly."""
    defined = defined_answer(asked, definition, facts, doc_rank, cite)
    if defined is None and asked.language == "zh":  # "本项目总投资4032.74万元，其中固定资产投资…"
        terms = [t.item.printed for t in definition.terms]
        if prose := prose_facts(terms, context, asked.qualifiers, names):
            defined = defined_answer(asked, definition, facts + prose, doc_rank, cite)
    parts = any(t.item.within for t in definition.terms)  # "services and support cost of revenue"
    # known items the textbook formula does not use: the definition was read right and is another formula,
    # an operand is missing ("(short-term debt + current portion of long-term debt + long-term debt) /
    # equity" is no total liabilities / equity)
    own = {t.item.concept for t in definition.terms}
    other = asked.formula is not None and "" not in own and len(own) > len(set(asked.formula.concepts))
    formula = asked.formula
    # ("贡献度=热敏纸毛利率×…÷综合毛利率": another figure than the 毛利率 its operands name)
    spelled = formula is not None and (
        not definition.name  # "operating margin? (op income / net revenues)": the ratio asked spelled out
        or any(k.lower() in definition.name.lower() for k in (formula.zh, formula.en, *formula.keywords) if k)
    )
    if defined is None and formula is not None and formula.named and spelled and not parts and not other:
        # a wording the definition reader takes apart wrongly: the named formula it spells out (never for
        # a part's rows: the company's own margin is another figure)
        defined = calculation_answer(replace(asked, definition=None), facts, doc_rank, cite)
    found = sign_answer(asked, defined) or lookup_answer(asked, facts, doc_rank, cite)
    if defined is None and found is not None:
        # a figure it could not work out: only the figure printed as such ("EBITDA"; a ratio's percentage),
        # never one of its operands (operating income for "EBITDA (operating income plus D&A)")
        name = normalise(definition.name)
        ratio = not definition.additive()
        printed = all((ratio and f.unit == "%") or (name and name in f.line_item_norm) for f in found.facts)
        return found if printed else None
    return found


def calculation_step(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """A calculation worked out, or what may be quoted in its place: a printed share or growth, a lookup."""
    found = with_amount(asked, calculation_answer(asked, facts, doc_rank, cite), facts, doc_rank, cite)
    found = with_item_too(asked, found, facts, doc_rank, cite)
    quoted = None
    if found is None and printed_only(asked):
        return None  # the printed ratio was not found: its operands are no answer
    if found is None:
        quoted = printed_share(asked, facts, doc_rank, cite)
        quoted = quoted or printed_growth(asked, facts, doc_rank, cite)  # "comparable sales growth"
        quoted = quoted or lookup_answer(asked, facts, doc_rank, cite)
    if quoted and asked.formula and asked.formula.name in GROWTH_FORMULAS:
        # a growth with the earlier year missing: the later year's level is no answer, a printed rate is
        # (the level is, where the question asks the amount too: "how much did STELARA sell …, and what
        # was the reported growth")
        level = AMOUNT_ASKED.search(asked.question) is not None
        # (not the item's own ratio: "毛利" asked, the "分产品毛利率" table's 36.02% is no growth of it)
        ratios = [f"{m.printed}率" for m in asked.line_items]
        rates = all(
            f.unit == "%" and not any(r in f"{f.section} {f.statement} {f.column_label}" for r in ratios)
            for f in quoted.facts
        )
        quoted = quoted if level or rates else None
    if quoted and asked.formula and asked.formula.name == "difference" and len(quoted.facts) == 1:
        # a change asked ("总股本减少了多少股"): one balance is no answer, a row of the change itself is
        quoted = quoted if _CHANGE_ROW.search(quoted.facts[0].line_item) else None
    if quoted and asked.formula and asked.formula.name == "sum" and len(set(asked.quarters)) > 1:
        quoted = None  # "前三季度（1-9月）的营业收入": one quarter's figure is no sum of three
    if quoted and asked.formula and asked.formula.named and asked.formula.percent and not _the_ratio(quoted):
        quoted = None  # "股利支付率": the net profit it divides by is no answer, only the ratio printed is
    if quoted and asked.formula and asked.formula.name in SHARE_FORMULAS:
        # a share with an operand missing: the other operand is no answer, a printed percentage is
        percent = all(f.unit == "%" for f in quoted.facts) and whole_named(asked)
        percent = percent and whole_in_table(asked, quoted.facts, facts)
        quoted = quoted if len(quoted.facts) >= SHARE_INPUTS or percent else None
    return sign_answer(asked, found) or quoted


_CHANGE_ROW = re.compile(
    r"增加|减少|增减|变动|变化|增长|下降|increase|decrease|change|decline|growth|reduction", re.I
)


# "Fiscal 2015 Increase/(Decrease)": a column of each row's change (a currency impact), not of its amount
_CHANGE_LABEL = re.compile(r"\b(?:increase|decrease|change|impact|effect)\b", re.I)
_ASKS_CHANGE = re.compile(r"\b(?:increase|decrease|change|impact|effect)", re.I)


def level_facts(asked: AskedFor, facts: list[Fact]) -> list[Fact]:
    """An English question's facts without those of change columns, unless it looks a change up itself: a
    growth or a share works its change out of amounts, never of another change."""
    if asked.language != "en" or (asked.formula is None and _ASKS_CHANGE.search(asked.question)):
        return facts
    return [f for f in facts if not _CHANGE_LABEL.search(f.column_label)]


def beyond_total(found: NumericAnswer) -> bool:
    """A part's share of a table's total row above 100%: the part is no part of that total (research and
    development spending "over" a head count's whole read as another total row)."""
    calc = found.calculation
    if calc is None or calc.formula != "share_of_total" or len(calc.inputs) != SHARE_INPUTS:
        return False
    part, whole = calc.inputs
    return whole.label.lower().startswith("total") and 0 < whole.value < part.value


def _the_ratio(quoted: NumericAnswer) -> bool:
    """Every quoted figure is a percentage (a ratio as printed), not an operand of the ratio."""
    return all(f.unit == "%" for f in quoted.facts)


def answer_for(
    doc_rank: dict[str, int], cite: CiteFn
) -> Callable[[AskedFor, list[Fact]], NumericAnswer | None]:
    """How one figure is answered from given facts: by the question's definition, its formula, or a lookup."""

    def answer(asked: AskedFor, facts: list[Fact]) -> NumericAnswer | None:
        if asked.definition is not None:
            return defined_answer(asked, asked.definition, facts, doc_rank, cite)
        if asked.formula is not None:
            return calculation_answer(asked, facts, doc_rank, cite)
        return lookup_answer(asked, facts, doc_rank, cite)

    return answer


def initials(name: str) -> str:
    """ "Amazon Web Services" -> "AWS": how a filing's tables often print a part it names in full."""
    return "".join(w[0] for w in name.split() if w[:1].isupper())
