"""A Chinese question's own quotient of one product's figures ("2005年锶铁氧体预烧料平均每吨卖多少钱？按当年
销售额除以销售量计算"): a table of products prints each product's measures as rows under its name
("锶铁氧体预烧料 | 销售量（吨）", " | 销售额（万元）"), so each term is the row of that name under the product
the question writes, never another product's row of the same name."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from finrag.answer.conversion import rescaled
from finrag.answer.defined import defined_answer
from finrag.answer.definition_expr import Definition
from finrag.answer.fact_access import citer, readable
from finrag.answer.lexicon import normalise
from finrag.answer.numeric import NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.index.store import Store
from finrag.model import Fact, Filters

MIN_KIND_CHARS = 3  # a shorter heading ("其他", "合计") names no product a question asks by name


def _kind_cells(asked_question: str, terms: list[str], facts: list[Fact]) -> list[Fact]:
    """The cells of the longest row heading the question writes whose rows print every term."""
    kinds = sorted({f.section for f in facts if len(f.section) >= MIN_KIND_CHARS}, key=len, reverse=True)
    for kind in (k for k in kinds if k in asked_question):
        cells = [f for f in facts if f.section == kind]
        if all(any(normalise(f.line_item).startswith(t) for f in cells) for t in terms):
            return cells
    return []


def kind_quotient(
    store: Store, prep: Prepared, definition: Definition, doc_rank: dict[str, int]
) -> NumericAnswer | None:
    """The question's own formula over the rows of the product it names in its filer's first document; None
    when no product heading the question writes prints every term."""
    asked = prep.asked
    terms = [normalise(t.item.printed) for t in definition.terms]
    # several years asked of an undated quotient ("…单价，2005年比2003年上涨了多少"): a change, not one year's
    undated = len(asked.years) > 1 and not any(t.year for t in definition.terms)
    if asked.language != "zh" or not doc_rank or not all(terms) or undated:
        return None
    doc = min(doc_rank, key=lambda d: doc_rank[d])
    access = prep.request.filters.access
    facts = store.get_facts(Filters(access=access, doc_ids=[doc]), containing=terms)
    cells = _kind_cells(asked.question, terms, facts)
    if not cells:
        return None
    cells, by_chunk, extra = readable(store, prep, cells)
    found = defined_answer(asked, definition, cells, doc_rank, citer(prep, by_chunk, extra))
    calc = found.calculation if found is not None else None
    if (
        found is None
        or calc is None
        or calc.unit is not None
        or not (found.facts[0].unit or "").endswith("元")
    ):
        return found
    # money per unit worked out in 元 ("每台套卖多少万元"): restated in the scale asked
    if (step := rescaled(asked, calc.result, Decimal(1), "元")) is None:
        return found
    calc = replace(calc, result=step[0], unit=step[1], text=f"{calc.text}\n{step[3]}")
    return replace(found, text=f"{found.text}\n{step[3]}。", calculation=calc, result=step[0])
