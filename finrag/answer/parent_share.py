"""The parent company's share of a group figure ("What share of Jinyu's 2020 consolidated administrative
expenses (管理费用) was recorded in the parent company's own income statement?", "母公司管理费用占合并
管理费用的比例"): the item of the parent's own statement over the same item of the consolidated one."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.calc import FORMULAS, calc_text, compute
from finrag.answer.lookup import Want, best_fact
from finrag.answer.query import AskedFor
from finrag.answer.quoted import CiteFn, NumericAnswer, operand
from finrag.model import Fact

# the question names the group's figure too: the whole the parent's part is a share of
_GROUP_WORDS = re.compile(r"\bconsolidated\b|\bgroup'?s?\b|合并", re.I)
_SCOPE_NAMES = {"en": ("parent company", "consolidated"), "zh": ("母公司", "合并")}


def asks_parent_share(asked: AskedFor) -> bool:
    items = {m.concept for m in asked.line_items if m.concept}
    return (
        asked.formula is not None
        and asked.formula.name == "share_of_total"
        and asked.scope == "parent"
        and len(items) == 1
        and len(asked.years) == 1
        and _GROUP_WORDS.search(asked.question) is not None
    )


def parent_share_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The parent's figure over the group's (None unless both are printed for the year asked)."""
    if not asks_parent_share(asked):
        return None
    item = next(m for m in asked.line_items if m.concept)
    want = Want(item, asked.years[0])
    part = best_fact([f for f in facts if f.scope == "parent"], want, asked, doc_rank)
    group = replace(asked, scope="consolidated")
    whole = best_fact([f for f in facts if f.scope == "consolidated"], want, group, doc_rank)
    if part is None or whole is None or part.doc_id != whole.doc_id or part.value == whole.value:
        return None
    lang = "zh" if asked.language == "zh" else "en"
    own, ours = _SCOPE_NAMES[lang]
    label = "{0}（{1}，{2}年）" if lang == "zh" else "{0} ({1}, {2})"
    sides = ((part, own), (whole, ours))
    operands = [operand(f, label.format(f.line_item, name, f.fiscal_year), cite) for f, name in sides]
    calc = compute(FORMULAS["share_of_total"], operands, places=asked.places, lang=lang)
    return NumericAnswer(calc_text(calc, operands, lang), [part, whole], calc, [part.fact_id, whole.fact_id])
