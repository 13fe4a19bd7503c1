"""Two kinds of one table compared ("国内主营业务的毛利率是否高于国外主营业务？", "…比国内高多少个百分点"):
each kind's measure read from its own row (a region's row may print its name without "地区"), then yes or
no, or the difference. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from finrag.answer.pipeline import Answerer
from finrag.answer.qualifiers import prints_qualifiers
from finrag.answer.row_asks import compared_sides
from finrag.model import SearchRequest

from .corpus import indexed_answerer

REPORT = """# 星河动保股份有限公司 2020年年度报告

## 第四节 经营情况讨论与分析

### (1). 主营业务分行业、分产品、分地区情况

单位：元 币种：人民币

| 分地区 | 营业收入 | 营业成本 | 毛利率（%） | 营业收入比上年增减（%） |
|---|---|---|---|---|
| 国内 | 1,030,416,002.34 | 397,721,651.20 | 61.40 | 25.30 |
| 国外 | 47,150,100.00 | 10,848,400.00 | 76.99 | 12.10 |
| 合计 | 1,077,566,102.34 | 408,570,051.20 | 62.08 | 24.70 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "judged", {"星河动保2020年年度报告.md": REPORT})


def test_the_second_kind_is_written_after_the_turn_without_its_class_word() -> None:
    question = "星河动保2020年国内主营业务的毛利率是否高于国外主营业务？"
    sides = compared_sides(question, "zh", ["国内"])
    assert sides is not None and (sides.first, sides.second, sides.judged) == ("国内", "国外", True)
    assert sides.stem == "星河动保2020年国内主营业务的毛利率" and sides.written == "国外主营业务"
    again = compared_sides("星河动保2020年国内营业收入是否高于国外的营业收入？", "zh", ["国内"])
    assert again is not None and again.second == "国外"
    by = compared_sides("星河动保2020年国外的毛利率比国内低多少个百分点？", "zh", ["国外"])
    assert by is not None and (by.second, by.judged, by.lower) == ("国内", False, True)
    assert compared_sides("星河动保2020年国内营业收入是否高于营业成本？", "zh", ["国内"]) is None  # two items
    assert compared_sides(question, "zh", []) is None


def test_a_region_asked_with_its_class_word_matches_the_row_printing_its_name_alone() -> None:
    assert prints_qualifiers("境外", ["境外地区"])
    assert prints_qualifiers("华东地区", ["华东地区"])
    assert not prints_qualifiers("境内", ["境外地区"])


def test_each_kind_s_printed_ratio_is_compared(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("星河动保2020年国内主营业务的毛利率是否高于国外主营业务？"))
    assert not a.refused and a.answer.startswith("否"), a.answer
    assert "61.40%" in a.answer and "76.99%" in a.answer, a.answer
    lower = answerer.ask(SearchRequest("星河动保2020年国内主营业务的毛利率是否低于国外主营业务？"))
    assert lower.answer.startswith("是"), lower.answer


def test_each_kind_s_amount_is_compared_by_size(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("星河动保2020年国外地区的营业收入是否高于国内地区？"))
    assert not a.refused and a.answer.startswith("否"), a.answer
    assert "47,150,100.00元" in a.answer and "1,030,416,002.34元" in a.answer, a.answer


def test_by_how_many_points_one_kind_s_ratio_exceeds_the_other_s(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("星河动保2020年国外主营业务的毛利率比国内高多少个百分点？"))
    assert not a.refused and a.calculation is not None, a.answer
    assert a.calculation.result == Decimal("15.59") and "个百分点" in a.answer, a.answer  # 76.99 − 61.40
    short = answerer.ask(SearchRequest("星河动保2020年国外的营业收入比国内少多少元？"))
    assert short.calculation is not None and short.calculation.result == Decimal("983265902.34"), short.answer


def test_a_region_s_amount_worked_out_by_the_question_s_definition(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("星河动保2020年国外地区主营业务的毛利额是多少元？毛利额=营业收入−营业成本")
    )
    assert not a.refused and a.calculation is not None, a.answer
    assert a.calculation.result == 36301700, a.answer  # 47,150,100.00 − 10,848,400.00
