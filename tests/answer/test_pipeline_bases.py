"""The basis a figure is asked on, as the held-out sets of session 35 asked it: the group's or the parent's
statements, the profit net of one-off items, a quarter printed down a table's side, the same months a year
earlier, the heading a row sits under. Each runs the real parser, chunker, fact extractor, store and
retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

SIFANG = """# 四方科技集团股份有限公司 2019年年度报告

## 合并资产负债表

单位：元 币种：人民币

| 项目 | 2019年12月31日 | 2018年12月31日 |
|---|---|---|
| 其他应收款 | 5,405,727.39 | 4,120,000.00 |
| 资产总计 | 2,000,000,000.00 | 1,800,000,000.00 |

## 母公司资产负债表

单位：元 币种：人民币

| 项目 | 2019年12月31日 | 2018年12月31日 |
|---|---|---|
| 其他应收款 | 3,370,277.39 | 2,900,000.00 |
| 资产总计 | 1,500,000,000.00 | 1,400,000,000.00 |

## 七、分季度主要财务数据

单位：元 币种：人民币

| 项目 | 第一季度（1-3月份） | 第二季度（4-6月份） | 第三季度（7-9月份） | 第四季度（10-12月份） |
|---|---|---|---|---|
| 营业收入 | 333,437,272.78 | 292,129,683.29 | 270,000,000.00 | 279,734,078.25 |

## 合并利润表

公司罐式集装箱系列产品的销售收入占比最高。

单位：元 币种：人民币

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 营业收入 | 1,175,301,034.32 | 1,230,537,181.80 |
| 营业成本 | 903,236,584.52 | 950,000,000.00 |

## 十七、母公司财务报表主要项目注释

单位：元 币种：人民币

| 项目 | 期初余额 | 计提 | 期末余额 |
|---|---|---|---|
| 其他应收款坏账准备 | 39,439,039.87 | 1,149,145.31 | 40,518,838.65 |
"""

ANNIE = """# 厦门安妮股份有限公司首次公开发行股票招股说明书

## 净资产收益率及每股收益

| 报告期利润 | 2006年度 基本每股收益 | 2005年度 基本每股收益 |
|---|---|---|
| 归属于公司普通股股东的净利润 | 0.29 | 0.25 |
| 扣除非经常性损益后归属于公司普通股股东的净利润 | 0.24 | 0.21 |

## 合并利润表

单位：元

| 项目 | 2006年度 | 2005年度 |
|---|---|---|
| 净利润 | 20,984,900.00 | 17,200,000.00 |
| 基本每股收益 | 0.29 | 0.25 |

## 5、营业收入季节性分析

单位：万元

| 季度 | 2009年度 | 2008年度 |
|---|---|---|
| 第一季度 | 8,186.10 | 7,311.80 |
| 第二季度 | 10,000.00 | 9,038.06 |
| 第三季度 | 17,888.28 | 11,976.93 |
| 第四季度 | 19,312.88 | 9,453.57 |
| 合计 | 55,387.26 | 37,780.36 |
"""

GLOBEX = """# Globex Corp Quarterly Report on Form 10-Q for the quarter ended July 29, 2023

## Revenue by category

($ in millions)

| | Three Months Ended July 29, 2023 | Three Months Ended July 30, 2022 |
|---|---|---|
| Domestic: | | |
| Services | 550 | 516 |
| Appliances | 1,200 | 1,380 |
| International: | | |
| Services | 38 | 37 |
"""

INITECH = """# Initech Inc Annual Report on Form 10-K for fiscal year 2017

## NOTE 14: INCOME TAXES

(in millions)

| | December 31, 2017 | December 31, 2016 |
|---|---|---|
| Deferred tax assets: | | |
| Trademarks and other intangible assets | 98 | 114 |
| Total deferred tax assets | 4,000 | 4,100 |
| Deferred tax liabilities: | | |
| Trademarks and other intangible assets | (978) | (2,694) |
| Total deferred tax liabilities | (3,000) | (4,500) |

## NOTE 15: SEGMENTS

(in millions)

| | 2017 | 2016 |
|---|---|---|
| Revenues: | | |
| U.S. operations | 380,580 | 362,000 |
| Non-U.S. operations | 119,763 | 118,000 |
| Total revenues | 500,343 | 480,000 |
| Long-lived assets: | | |
| U.S. operations | 81,000 | 80,000 |
| Non-U.S. operations | 33,340 | 32,000 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {
        "sifang_2019_annual_report.md": SIFANG,
        "annie_prospectus.md": ANNIE,
        "GLOBEX_2024Q2_10Q.md": GLOBEX,
        "INITECH_2017_10K.md": INITECH,
    }
    yield from indexed_answerer(tmp_path_factory, "bases", docs)


def test_a_difference_between_the_group_s_and_the_parent_s_balance(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "四方科技2019年末合并资产负债表中的其他应收款比母公司的多多少元？差额=合并其他应收款-母公司其他应收款。"
        )
    )
    assert "2,035,450.00" in a.answer and "母公司其他应收款" in a.answer


def test_one_cell_read_for_two_different_operands_gives_no_figure(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "四方科技2019年第一季度营业收入占全年营业收入的比例是多少？比例=第一季度营业收入/全年营业收入"
        )
    )
    assert "100.00%" not in a.answer


def test_the_parent_s_bad_debt_provision_row_of_its_note(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("截至报告期末，四方科技母公司其他应收款的坏账准备余额是多少？"))
    assert "40,518,838.65" in a.answer and "3,370,277.39" not in a.answer


def test_eps_on_the_profit_net_of_one_off_items_is_not_the_plain_eps(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "厦门安妮2006年度按扣除非经常性损益后归属于公司普通股股东的净利润计算的基本每股收益是多少？"
        )
    )
    assert "0.24" in a.answer and "0.29" not in a.answer


def test_a_second_half_summed_from_quarters_printed_down_the_side(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("厦门安妮2009年下半年（第三、四季度）的营业收入合计是多少万元？"))
    assert "37,201.16" in a.answer


def test_growth_of_the_months_ended_a_day_over_the_same_months_a_year_earlier(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "How fast did Globex's Domestic services revenue grow in Q2 FY24 "
            "(three months ended July 29, 2023)?"
        )
    )
    assert "6.59%" in a.answer


def test_a_row_under_the_heading_the_question_names_and_by_how_much_it_shrank(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "By how much did the deferred tax liability Initech carried for trademarks and other intangible "
            "assets shrink between December 31, 2016 and December 31, 2017?"
        )
    )
    assert "1,716" in a.answer and "114" not in a.answer


def test_an_operand_named_as_its_row_and_then_its_heading(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "At December 31, 2017, what percentage of Initech's total deferred tax liabilities came from "
            "trademarks? Compute trademarks and other intangible assets deferred tax liability divided by "
            "total deferred tax liabilities."
        )
    )
    assert "32.6" in a.answer  # 978 / 3,000, not the assets' 98


def test_a_part_the_figure_came_from_over_the_item_s_total_under_the_item_s_heading(
    answerer: Answerer,
) -> None:
    a = answerer.ask(
        SearchRequest(
            "What percentage of Initech's total revenues in 2017 came from its non-U.S. operations?"
        )
    )
    assert "23.94%" in a.answer  # 119,763 / 500,343, not the long-lived assets' 33,340


def test_a_figure_its_own_formula_defines_is_no_textbook_ratio_of_its_operands(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "四方科技2019年罐式集装箱系列产品毛利率对公司综合毛利率的贡献度是多少？"
            "贡献度=罐式集装箱毛利率×罐式集装箱占销售收入比例÷综合毛利率"
        )
    )
    assert "23.15" not in a.answer, a.answer  # the company's gross margin is not the contribution asked
