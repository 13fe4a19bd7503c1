"""The part of an item's balance or charge a Chinese question asks, written right after the item."""

from __future__ import annotations

from finrag.answer.query import analyze
from finrag.answer.row_asks import part_after


def _part(question: str, item: str) -> str:
    match = next(m for m in analyze(question).line_items if m.printed == item)
    return part_after(question, match)


def test_a_charge_or_allowance_written_after_its_item_is_the_part_asked() -> None:
    assert _part("四方科技2019年信用减值损失中，应收账款计提的坏账损失是多少？", "应收账款") == "坏账损失"
    assert _part("四方科技2019年末其他应收款的坏账准备是多少？", "其他应收款") == "坏账准备"
    assert _part("四方科技2019年末应收账款是多少？", "应收账款") == ""
