"""The parent company's share of a group figure ("What share of Jinyu's 2020 consolidated administrative
expenses (管理费用) was recorded in the parent company's own income statement?", "母公司管理费用占合并
管理费用的比例"): the item of the parent's own statement over the same item of the consolidated one; and
how far the two differ ("合并资产负债表的无形资产比母公司资产负债表多多少"): the group's less the parent's."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.calc import FORMULAS, calc_text, compute
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.lookup import Want, best_fact
from finrag.answer.query import AskedFor
from finrag.answer.quoted import CiteFn, NumericAnswer, operand
from finrag.answer.zh_qualifiers import zh_quoted
from finrag.errors import AnswerError
from finrag.model import Fact

# the question names the group's figure too: the whole the parent's part is a share of
_GROUP_WORDS = re.compile(r"\bconsolidated\b|\bgroup'?s?\b|合并", re.I)
_SCOPE_NAMES = {"en": ("parent company", "consolidated"), "zh": ("母公司", "合并")}
_SCOPE_WORDS = re.compile(r"parent(?: company)?|consolidated|group|母公司|合并", re.I)  # a row no item
# "比母公司多出多少", "相差多少", "how much more than the parent company's": the two scopes' difference
_DIFFERENCE = re.compile(
    r"[多少](?:出|了)?多少|相差|差额|差异|高出|低了"
    r"|\bdiffer(?:ence|s)?\b|\bhow much (?:more|less|higher|lower)\b",
    re.I,
)


def asks_parent_share(asked: AskedFor) -> bool:
    """The parent's figure over the group's, or the group's less the parent's, of one item and year."""
    return _scope_formula(asked) is not None


def _item(asked: AskedFor) -> LineItemMatch | None:
    """The one item asked: a known statement item, else the one row the question names besides its scopes
    ("main-business taxes and surcharges (主营业务税金及附加)")."""
    known = {m.concept: m for m in asked.line_items if m.concept}
    rows = {m.printed: m for m in asked.line_items if not m.concept and not _SCOPE_WORDS.fullmatch(m.printed)}
    pick = known or rows
    return next(iter(pick.values())) if len(pick) == 1 else None


def _scope_formula(asked: AskedFor) -> str | None:
    item = _item(asked)
    one = (
        asked.scope == "parent"
        and item is not None
        and len(asked.years) == 1
        and _GROUP_WORDS.search(asked.question) is not None
    )
    if not one:
        return None
    if asked.formula is not None and asked.formula.name == "share_of_total":
        return "share_of_total"
    # (a difference the question defines itself, "差额=合并…-母公司…", is worked out as it writes it; one
    # with a row it quotes, "比母公司报表附注中“对联营、合营企业投资”多出多少", is of two different rows)
    named = asked.definition is None and (asked.formula is None or asked.formula.name == "difference")
    named = named and not zh_quoted(asked.question)
    return "difference" if named and _DIFFERENCE.search(asked.question) else None


def parent_share_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The parent's figure over the group's, or the group's less the parent's (None unless both are printed
    for the year asked)."""
    name, item = _scope_formula(asked), _item(asked)
    if name is None or item is None:
        return None
    want = Want(item, asked.years[0])
    part = best_fact([f for f in facts if f.scope == "parent"], want, asked, doc_rank)
    group = replace(asked, scope="consolidated")
    whole = best_fact([f for f in facts if f.scope == "consolidated"], want, group, doc_rank)
    if part is None or whole is None or part.doc_id != whole.doc_id or part.value == whole.value:
        return None
    lang = "zh" if asked.language == "zh" else "en"
    own, ours = _SCOPE_NAMES[lang]
    label = "{0}（{1}，{2}年）" if lang == "zh" else "{0} ({1}, {2})"
    sides = ((part, own), (whole, ours)) if name == "share_of_total" else ((whole, ours), (part, own))
    operands = [operand(f, label.format(f.line_item, scope, f.fiscal_year), cite) for f, scope in sides]
    try:
        calc = compute(FORMULAS[name], operands, places=asked.places, lang=lang)
    except AnswerError:
        return None  # the two scopes print one figure: no share read
    facts = [f for f, _ in sides]
    return NumericAnswer(calc_text(calc, operands, lang), facts, calc, [f.fact_id for f in facts])
