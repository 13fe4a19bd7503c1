"""A share whose part the question spells out as a bracketed sum of rows ("本科及以上学历（博士+硕士+本科）的
人数占在职员工总数的比例"), its whole asked as "X总数" while the table prints "X的数量合计". Runs the real
parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import pytest

from finrag.answer.definition_fit import bracketed_share
from finrag.answer.definition_terms import Term
from finrag.answer.lexicon import TOTAL_MATCH, LineItemMatch, label_matches
from finrag.answer.pipeline import Answerer
from finrag.answer.query import analyze
from finrag.answer.zh_qualifiers import zh_groups
from finrag.model import SearchRequest

from .corpus import indexed_answerer

REPORT = """# 青禾装备股份有限公司 2019年年度报告

## 第八节 董事、监事、高级管理人员和员工情况

### 四、公司董事、监事、高级管理人员变动情况

报告期内董事、监事、高级管理人员无变动，2020 年 3 月 3 日，张明因个人原因辞去副总经理职务。

### 六、母公司和主要子公司的员工情况

| (一)员工情况 |  |
|---|---|
| 母公司在职员工的数量 | 652 |
| 主要子公司在职员工的数量 | 754 |
| 在职员工的数量合计 | 1,406 |
| 教育程度 |  |
| 博士 | 1 |
| 硕士 | 14 |
| 本科 | 204 |
| 大专 | 356 |
| 大专以下 | 831 |
| 合计 | 1,406 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "bracketed", {"青禾装备2019年年度报告.md": REPORT})


def test_a_bracketed_sum_is_the_part_of_the_share() -> None:
    found = bracketed_share(
        "青禾装备2019年末本科及以上学历（博士+硕士+本科）的人数占在职员工总数的比例是多少？"
    )
    assert found is not None
    terms = [t.item.printed for t in found.tokens if isinstance(t, Term)]
    assert terms == ["博士", "硕士", "本科", "在职员工总数"]
    assert bracketed_share("青禾装备2019年末本科（含本数）人数占在职员工总数的比例是多少？") is None  # no sum


def test_one_item_s_share_of_the_listed_items_sum() -> None:
    found = bracketed_share("青禾装备2003年度营业费用在营业费用、管理费用、财务费用三项合计中的占比是多少？")
    assert found is not None
    assert [t.item.printed for t in found.tokens if isinstance(t, Term)] == [
        "营业费用",
        "营业费用",
        "管理费用",
        "财务费用",
    ]
    assert found.tokens[1] == "/"  # the one item over the listed ones' sum
    assert (
        bracketed_share("青禾装备销售费用、管理费用、财务费用三项合计占营业收入的比例") is None
    )  # parts' sum


def test_a_total_asked_as_zongshu_is_the_summed_row() -> None:
    assert label_matches("在职员工的数量合计", "", "在职员工总数") == TOTAL_MATCH
    assert label_matches("在职员工合计", "", "在职员工总数") == TOTAL_MATCH
    assert label_matches("母公司在职员工的数量", "", "在职员工总数") < TOTAL_MATCH


def test_the_bracketed_share_is_worked_out_from_the_staff_table(answerer: Answerer) -> None:
    question = (
        "青禾装备2019年末在职员工中本科及以上学历（博士+硕士+本科）的人数占在职员工总数的比例是多少？"
        "保留两位小数。"
    )
    a = answerer.ask(SearchRequest(question))
    assert not a.refused and a.calculation is not None, a.answer
    assert round(a.calculation.result, 2) == Decimal("15.58"), a.answer  # (1 + 14 + 204) / 1,406


def test_a_row_counted_within_a_group_the_table_does_not_print_is_refused(answerer: Answerer) -> None:
    staff = "青禾装备2019年研发人员中硕士有多少人？"
    assert zh_groups(staff, [LineItemMatch("", "硕士", staff.index("硕士"))], ["青禾装备"]) == ["研发人员"]
    stock = "青禾装备2019年末存货中原材料是多少？"
    assert zh_groups(stock, [LineItemMatch("", "原材料", stock.index("原材料"))], []) == []  # an item's part
    a = answerer.ask(SearchRequest("青禾装备2019年研发人员中硕士及以上学历的有多少人？"))
    assert a.refused, a.answer  # the table counts all staff's 硕士 (14), not the R&D staff's


def test_a_defined_amount_asked_as_its_share_of_an_item_after_zhan() -> None:
    """ "有息负债占负债合计的比例？有息负债=A+B+C": the sum over 负债合计, not the sum alone."""
    asked = analyze(
        "爱康2010年末有息负债占负债合计的比例是多少？有息负债=短期借款+一年内到期的非流动负债+长期借款。"
    )
    assert asked.definition is not None
    tokens = asked.definition.tokens
    assert tokens[-2] == "/" and isinstance(tokens[-1], Term) and tokens[-1].item.printed == "负债合计"
    assert [t.item.printed for t in asked.definition.terms][:3] == [
        "短期借款",
        "一年内到期的非流动负债",
        "长期借款",
    ]
