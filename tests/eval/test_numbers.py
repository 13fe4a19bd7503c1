"""Numbers in references and predictions: units, scales, the key number, the match rule."""

from __future__ import annotations

from decimal import Decimal

import pytest

from finrag.eval.metrics import AnswerOutcome, answer_scores
from finrag.eval.numbers import MAX_NUMERIC_REFERENCE_CHARS, numeric_match, parse_numbers, reference_numbers


def test_parse_numbers_scales_units_and_skips_years() -> None:
    nums = parse_numbers("2019年营业收入为1,175,301,034.32元，增长12.5%，约3.2亿元")
    values = [(n.value, n.scale, n.percent) for n in nums]
    assert values == [
        (Decimal("1175301034.32"), Decimal(1), False),
        (Decimal("12.5"), Decimal(1), True),
        (Decimal("3.2"), Decimal(10) ** 8, False),
    ]
    assert parse_numbers("On August 30, 2023 JnJ") == []
    assert parse_numbers("a loss of (1,234) million")[0].value == Decimal(-1234)


@pytest.mark.parametrize(
    ("prediction", "reference", "ok"),
    [
        ("Total current assets were $16,525 million.", "$16525.00", True),
        ("约为1.18亿元", "117,530,103.43元", True),  # 1.18e8 vs 1.1753e8: 0.4% apart
        ("约为1.19亿元", "117,530,103.43元", False),  # 1.2% apart
        ("毛利率为23.15%", "23.15%", True),
        ("gross margin 0.2315", "23.15%", True),
        ("1526.45万元", "15264500元", True),
        ("55.0%", "55.1%", True),
        ("54.5%", "55.1%", False),
        ("no figures here", "$20 billion", False),
    ],
)
def test_numeric_match(prediction: str, reference: str, ok: bool) -> None:
    assert numeric_match(prediction, reference_numbers(reference)) is ok


def test_reference_number_after_cue_and_prom_answer() -> None:
    ref = (
        "根据公式，得出四方科技2019年的管理费用率是3.99%，"
        "其中管理费用为46869502.38元，营业收入为1175301034.32元。"
    )
    (n,) = reference_numbers(ref)
    assert n.value == Decimal("3.99") and n.percent
    (p,) = reference_numbers("电子信箱是x", "12.5")
    assert p.value == Decimal("12.5")


def test_bracketed_asides_do_not_hide_the_answer_number() -> None:
    # the cue 为 sits inside the aside: the figure asked is the one outside the brackets
    (n,) = reference_numbers("10,896,603.56元（合并报表同日为868,889.89元）")
    assert n.value == Decimal("10896603.56")
    (m,) = reference_numbers("$2,182 million (vs. a net benefit of $1,419 million in 2021)")
    assert m.value == Decimal(2182)
    # a reference that opens with its figure is about it, even when a cue precedes a later one
    (o,) = reference_numbers("About $226.6 million in 2017, swinging from a loss of $308.5 million in 2016")
    assert o.value == Decimal("226.6")
    (c,) = reference_numbers("3M committed $1.0 billion, and recorded a charge of $1.2 billion")
    assert c.value == Decimal("1.2")  # "3M" is a name, not the opening figure
    # a negative amount in parentheses is a number, not an aside
    assert [x.value for x in reference_numbers("$(19) million")] == [Decimal(-19)]


def test_list_markers_and_names_with_digits_are_not_amounts() -> None:
    values = [n.value for n in parse_numbers("(1) usual pricing; FY22 Q2 COVID-19 costs; a loss of (83)")]
    assert values == [Decimal(-83)]
    assert [n.value for n in parse_numbers("(5) million")] == [Decimal(-5)]


def test_long_narrative_reference_has_no_single_answer_number() -> None:
    narrative = "公司捐赠了价值30多万元的物资，" + "并开展扶贫结对共建工作，" * 30 + "帮扶金额共计10万元。"
    assert len(narrative) > MAX_NUMERIC_REFERENCE_CHARS
    assert reference_numbers(narrative) == []
    s = answer_scores(AnswerOutcome("x", refused=False), answerable=True, reference=narrative, gold=[])
    assert "numeric_match" not in s and "token_f1" in s
    # a short answer with several figures still has its key number
    (n,) = reference_numbers("Effective tax rate in FY2022 was 0.62%, compared to -14.76% in FY2021.")
    assert n.value == Decimal("0.62")


def test_reference_printed_with_decimals_matches_at_its_precision() -> None:
    # "2.7 times" is 2.72 rounded to one decimal (0.74% apart, outside the relative tolerance)
    assert numeric_match("Inventory turnover = 2.72", reference_numbers("JnJ sold its inventory 2.7 times"))
    assert not numeric_match("2.76", reference_numbers("2.7 times"))
    assert not numeric_match("19.6%", reference_numbers("20%"))  # an integer reference keeps the tolerance
    assert not numeric_match("2.72%", reference_numbers("2.7 times"))
