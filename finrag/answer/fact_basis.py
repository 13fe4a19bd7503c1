"""The basis a figure is asked on: the filer's adjusted (non-GAAP) row or the reported one ("adjusted diluted
EPS", "unadjusted (GAAP) diluted EPS", "reported …"), and for a Chinese figure the profit net of one-off items
("扣除非经常性损益后的基本每股收益"). A row on another basis is another number."""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.answer.asks import compared_items
from finrag.answer.formula_words import ZH_MINUS
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.query import AskedFor
from finrag.model import Fact

# "unadjusted (GAAP) diluted EPS": the non-GAAP rows beside the reported ones are other numbers
_UNADJUSTED = re.compile(r"\bunadjusted\b|\bun-adjusted\b|(?<!non-)\bGAAP\b", re.I)
_ADJUSTED_ROW = re.compile(r"(?<!un)adjusted\b|non-gaap", re.I)
_REPORTED_ITEM = re.compile(r"(?:as\s+)?(?:reported|gaap)\s", re.I)  # "reported diluted EPS": the GAAP row
# "What adjusted diluted EPS …", "(…, non-GAAP)": the filer's adjusted row, not the GAAP one ("split-adjusted"
# is a restatement, not a non-GAAP measure; "(a non-GAAP measure)" describes the metric asked)
_ADJUSTED_BEFORE = re.compile(r"(?<![-\w])adjusted\s+(?:[a-z&-]+\s+)?$", re.I)
_NON_GAAP = re.compile(r"\bnon-gaap\b(?!\s+(?:financial\s+)?measures?\b)", re.I)
# "扣除非经常性损益后的…", "扣非后": a figure on the profit net of one-offs ("扣除非经常性损益前后": both)
_DEDUCTED_ASKED = re.compile(r"(?:扣除非经常性损益|扣非)(?!前)(?!.{0,3}前后)")
_DEDUCTED_ROW = re.compile(r"扣除|扣非")


@dataclass(slots=True, frozen=True)
class Basis:
    """Which rows answer one operand: reported only, adjusted only, on the deducted profit only; ``named``:
    the operand names its basis itself, a known item ("adjusted diluted EPS" beside "reported …")."""

    reported: bool
    adjusted: bool
    deducted: bool
    named: bool

    def row(self, label: str) -> str:
        """A row label as the operand's item is matched against it: without the basis the operand names."""
        return _ADJUSTED_ROW.sub("", label, count=1).strip() if self.named else label

    def fits(self, f: Fact) -> bool:
        """The fact's row is on the basis asked."""
        if self.reported and (_ADJUSTED_ROW.search(f.line_item) or _ADJUSTED_ROW.search(f.section)):
            return False
        if self.adjusted and not _ADJUSTED_ROW.search(f"{f.line_item} {f.section}"):
            return False  # in a reconciliation table too
        return not self.deducted or bool(_DEDUCTED_ROW.search(f"{f.line_item}{f.column_label}{f.section}"))


_SENTENCE_END = re.compile(r"[？?。]")


def asked_basis(asked: AskedFor, item: LineItemMatch) -> Basis:
    """The basis the question asks ``item`` on: the one the operand names, else the question's."""
    named_basis = _ADJUSTED_ROW.search(item.printed) is not None
    named = bool(item.concept) and named_basis
    reported = bool(_REPORTED_ITEM.match(item.printed)) or (
        not named_basis and bool(_UNADJUSTED.search(asked.question))
    )
    before = asked.question[: item.start] if item.start > 0 else ""
    adjusted = not reported and (
        named or bool(_ADJUSTED_BEFORE.search(before) or _NON_GAAP.search(asked.question))
    )
    said = _DEDUCTED_ASKED.search(q := asked.question)
    deducted = (
        said is not None
        and not _DEDUCTED_ROW.search(item.printed)
        # "扣除非经常性损益后归属于…的净利润，是否高于…归属于…的净利润", "归属于…的净利润减去扣除非经常性损益
        # 后的净利润": the other item's own words
        and not (
            (compared_items(q, asked.language, asked.line_items, len(asked.years)) or ZH_MINUS in q)
            and any(m.start <= said.start() < m.end for m in asked.line_items if m != item)
        )
        # "扣除非经常性损益后的净利润是多少元？用合并净利润减去…": another sentence's words
        and not _SENTENCE_END.search(q, min(said.end(), item.start), max(said.start(), item.start))
    )
    return Basis(reported, adjusted, deducted, named)
