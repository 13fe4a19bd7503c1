"""A yes/no against a fraction of the whole: the fraction read off the question in either language."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.fractions import fraction_compared


def test_a_share_compared_with_a_fraction_of_the_whole() -> None:
    question = "Did property and equipment, net make up more than two-thirds of total assets in 2018?"
    assert fraction_compared(question, "en") == (Decimal(2) / Decimal(3), "two-thirds")
    later = "Did R&D exceed 20% of revenue? Was it more than half of the total?"  # only the question asked
    assert fraction_compared(later, "en") is None
    assert fraction_compared("Was cash less than 10% of total assets?", "en") == (Decimal("0.1"), "10%")
    two_thirds = fraction_compared("固定资产是否超过总资产的三分之二？", "zh")
    assert two_thirds == (Decimal(2) / Decimal(3), "三分之二")
    assert fraction_compared("研发投入是否超过净利润的一半？", "zh") == (Decimal("0.5"), "一半")
    assert fraction_compared("营业收入是否超过上年？", "zh") is None
