"""Which values a formula question needs (its operands as wants): several items at one year, one item over the
years or quarters asked, or the latest year a table prints."""

from __future__ import annotations

import re

from finrag.answer.calc import VARIADIC
from finrag.answer.formulas import GROWTH_FORMULAS
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.lookup import SHARE_FORMULAS, Want, best_fact
from finrag.answer.operands import listed
from finrag.answer.query import AskedFor
from finrag.answer.row_asks import part_after
from finrag.model import Fact
from finrag.retrieve.periods import shift_year


def variable_wants(asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int]) -> list[Want]:
    """Inputs of growth/difference/share/sum/average: several line items at one year, or one line item
    over the years asked (the latest and the one before when no year is given)."""
    formula = asked.formula
    # one item written twice is one operand, unless a part of its balance follows it
    # ("商誉减值准备占商誉账面原值")
    items = list(
        {
            (m.concept or m.printed.lower(), part_after(asked.question, m)): m for m in asked.line_items
        }.values()
    )
    if formula is None or not items:
        return []
    year = asked.years[0] if asked.years else None
    if len(items) >= 2 and formula.name not in GROWTH_FORMULAS:  # a growth is one item's ("年复合增长率")
        # several parts listed together over one whole ("销售费用、管理费用、财务费用三项合计占…")
        every = formula.name in VARIADIC or (
            formula.name == "share_of_total" and listed(asked.question, items[:-1])
        )
        return [Want(it, year) for it in (items if every else items[:2])]
    if formula.name == "sum" and len(asked.years) <= 1 and len(quarters := sorted(set(asked.quarters))) >= 2:
        return [Want(items[0], year, quarter=q) for q in quarters]  # "Q3 and Q4 combined"
    if (
        formula.name == "share_of_total"
        and len(asked.years) <= 1
        and (quarters := sorted(set(asked.quarters)))
    ):
        # "一季度占全年", "下半年（第三季度+第四季度）占全年": the quarters summed over the year
        return [*(Want(items[0], year, quarter=q) for q in quarters), Want(items[0], year, quarter="FY")]
    twice = asked.question.lower().count(items[0].printed.lower()) >= 2
    if formula.name == "share_of_total" and len(set(asked.years)) == 2 and twice:
        # the item written twice, each with its year ("2006年1-6月的主营业务收入相当于2005年全年主营业务收入的
        # 百分之多少"): the first year's over the second's
        years = asked.years[:2]
        return [Want(items[0], y, quarter="FY" if _whole_year(asked.question, y) else None) for y in years]
    if formula.name in SHARE_FORMULAS or (formula.name == "sum" and len(asked.years) <= 1):
        return []  # one item is no share of another; "X and Y combined" with Y not found is no sum over years
    item = items[0]
    if formula.name in ("yoy_growth", "difference") and len(asked.dates) >= 2:
        # two balance dates written: "at July 29, 2023 compared with July 30, 2022"
        return [Want(item, None, d) for d in sorted(asked.dates[:2], reverse=True)]
    if formula.name in ("yoy_growth", "difference") and len(asked.years) <= 1 and (pair := _quarters(asked)):
        return [Want(item, year, quarter=q) for q in pair]  # "Q2 2023 compared with Q1 2023"
    ends = sorted(set(asked.span_ends), reverse=True)  # "the three months ended July 29, 2023"
    if (
        formula.name in ("yoy_growth", "difference")
        and 1 <= len(ends) <= 2
        and not _SEQUENTIAL.search(asked.question)
    ):
        # "grow in the three months ended July 29, 2023": that column and the same months a year earlier
        return [
            Want(item, None, ends[0]),
            Want(item, None, ends[1] if len(ends) == 2 else shift_year(ends[0], -1)),
        ]
    changed = formula.name in ("yoy_growth", "difference")
    if changed and len(asked.dates) == 1 and _OPENING.search(asked.question):
        # "2007年6月30日…应交税费，较年初余额变动了": that day's balance against the year's opening one
        return [Want(item, None, asked.dates[0]), Want(item, None, f"{int(asked.dates[0][:4]) - 1}-12-31")]
    if formula.name == "average" and len(asked.years) == 1:  # "2019 average X": its opening and closing
        return [Want(item, year - 1), Want(item, year)] if year is not None else []
    if formula.name in VARIADIC and len(asked.years) >= 2:
        return [Want(item, y) for y in range(min(asked.years), max(asked.years) + 1)]
    if len(asked.years) >= 2:  # a balance day written for a year ("at December 31, 2007") is that year's
        return [Want(item, y, asked.written_day(y)) for y in (max(asked.years), min(asked.years))]
    latest = best_fact(facts, Want(item, year), asked, doc_rank)
    if latest is None or latest.fiscal_year is None:
        return []
    if formula.name in VARIADIC:  # "average X": every period the table shows for that row
        same_row = {
            f.fiscal_year
            for f in facts
            if f.table_ref == latest.table_ref
            and f.doc_id == latest.doc_id
            and f.line_item == latest.line_item
        }
        return [Want(item, y) for y in sorted(y for y in same_row if y is not None)]
    return [Want(item, latest.fiscal_year), Want(item, latest.fiscal_year - 1)]


_OPENING = re.compile(
    r"(?:较|比|相比|对比)(?:年初|期初|上年末|上年年末)|\bsince the (?:start|beginning) of the year", re.I
)
_SEQUENTIAL = re.compile(r"quarter[\s-]+(?:over|on)[\s-]+quarter|\bqoq\b|sequential|环比", re.I)


def _quarters(asked: AskedFor) -> tuple[str, str] | None:
    """The later and the earlier quarter of one year a change is asked between: the two named, or the one
    named and the quarter before it ("quarter over quarter in Q3")."""
    named = sorted(set(asked.quarters), reverse=True)
    if len(named) >= 2:
        return named[0], named[-1]
    if len(named) == 1 and named[0] != "Q1" and _SEQUENTIAL.search(asked.question):
        return named[0], f"Q{int(named[0][1]) - 1}"
    return None


def latest_year(facts: list[Fact], concept: str, asked: AskedFor, doc_rank: dict[str, int]) -> int | None:
    """The latest year the best fact of ``concept`` is printed for."""
    f = best_fact(facts, Want(LineItemMatch(concept, concept, 0)), asked, doc_rank)
    return f.fiscal_year if f else None


def yearly_pairs(asked: AskedFor) -> list[Want]:
    """Two items at every year from the first asked to the last ("X and Y in 2019-2021")."""
    # one item written twice is one operand, unless a part of its balance follows it
    # ("商誉减值准备占商誉账面原值")
    items = list(
        {
            (m.concept or m.printed.lower(), part_after(asked.question, m)): m for m in asked.line_items
        }.values()
    )
    if len(items) < 2:
        return []
    years = range(min(asked.years), max(asked.years) + 1)
    return [Want(it, y) for y in years for it in items[:2]]


def part_beside_whole(chosen: list[Fact], wants: list[Want], facts: list[Fact]) -> list[Fact]:
    """A share's part is read in the table of its whole where that table prints it: the goodwill note's
    segment row beside its total, an allocation's goodwill beside its total consideration. A part named by a
    row alone ("came from its Space segment") is read under the whole's own heading: the "Space" row beside
    "Total business segment operating profit", not the one under "Net sales" of the same table."""
    if len(chosen) != 2:
        return chosen
    part, whole = chosen
    if (part.doc_id, part.table_ref) != (whole.doc_id, whole.table_ref):
        return _beside_same_whole(part, whole, facts) or chosen
    if wants[0].item.concept or not whole.section or part.section == whole.section:
        return chosen
    key = (whole.doc_id, whole.table_ref, whole.column_label, whole.section)
    beside = (
        f
        for f in facts
        if (f.doc_id, f.table_ref, f.column_label, f.section) == key
        and f.line_item_norm == part.line_item_norm
        and f.fact_id != whole.fact_id
    )
    return [found, whole] if (found := next(beside, None)) is not None else chosen


def _beside_same_whole(part: Fact, whole: Fact, facts: list[Fact]) -> list[Fact] | None:
    """The part's row of a table printing the same whole, with that whole ("what share of Adobe's goodwill …
    its Digital Marketing segment": the goodwill note's row, not the segment's revenue in another table);
    under the whole's own heading when it has one ("Non-United States" of land and buildings, not sales)."""
    for f in facts:
        same = f.line_item_norm == whole.line_item_norm and f.value * f.scale == whole.value * whole.scale
        if f.doc_id != whole.doc_id or not same:
            continue
        key = (f.doc_id, f.table_ref, f.column_label)
        rows = [
            g
            for g in facts
            if (g.doc_id, g.table_ref, g.column_label) == key
            and g.fact_id != f.fact_id
            and g.line_item_norm == part.line_item_norm
        ]
        found = next(
            (g for g in rows if g.section == f.section), None if f.section else next(iter(rows), None)
        )
        if found is not None:
            return [found, f]
    return None


def _whole_year(question: str, year: int) -> bool:
    """The question writes ``year`` as a whole year ("2005年全年", "2005年度", "full-year 2005")."""
    written = rf"{year}\s*年(?:全年|度)|(?:full[- ]year|fiscal(?: year)?)\s+{year}"
    return re.search(written, question, re.I) is not None
