"""Chinese rows and columns as the held-out sets of session 43 asked them: a note's 账面价值 column beside
账面余额, a row's growth defined on 本期发生额 and 上期发生额, an aging bracket written "一年以内", a day no
report prints, a printed share row asked with a 的 it leaves out, a net loss's share of the profit, the
parent's profit written without 的, and two profits compared. Each runs the real parser, chunker, fact
extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

ANNUAL = """# 示例生物股份有限公司 2020年年度报告

## 合并资产负债表

单位：元 币种：人民币

| 项目 | 2020年12月31日 | 2019年12月31日 |
|---|---|---|
| 预付款项 | 6,541,418.32 | 13,049,361.91 |
| 存货 | 180,000,000.00 | 170,000,000.00 |

## 7、预付款项

(1).预付款项按账龄列示

单位：元 币种：人民币

| 账龄 | 期末余额 金额 | 期末余额 比例(%) | 期初余额 金额 | 期初余额 比例(%) |
|---|---|---|---|---|
| 1年以内 | 6,389,800.32 | 97.68 | 12,800,000.00 | 98.09 |
| 1至2年 | 151,618.00 | 2.32 | 249,361.91 | 1.91 |
| 合计 | 6,541,418.32 | 100.00 | 13,049,361.91 | 100.00 |

## 9、存货

(1).存货分类

单位：元 币种：人民币

| 项目 | 期末余额 账面余额 | 期末余额 存货跌价准备 | 期末余额 账面价值 |
|---|---|---|---|
| 原材料 | 60,000,000.00 | 0.00 | 60,000,000.00 |
| 开发产品 | 6,041,303.72 | 1,115,854.91 | 4,925,448.81 |

## 研发费用

单位：元 币种：人民币

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 职工薪酬 | 20,000,000.00 | 19,000,000.00 |
| 委托外部研究开发投入 | 1,093,279.41 | 127,087.38 |
| 合计 | 48,428,964.78 | 51,663,182.04 |

## 经营情况讨论与分析

公司口蹄疫疫苗已在巴基斯坦完成注册，出口疫苗业务稳步推进，实现销售收入持续增长。

## 所得税费用

(2).会计利润与所得税费用调整过程

单位：元 币种：人民币

| 项目 | 本期发生额 |
|---|---|
| 利润总额 | 480,000,000.00 |
| 视同销售收入的影响 | 45,014.18 |
| 所得税费用 | 72,000,000.00 |
"""

PROSPECTUS = """# 示例太阳能科技股份有限公司 首次公开发行股票招股意向书

## 第十节 财务会计信息

### 合并利润表

单位：元

| 项目 | 2010年度 | 2009年度 | 2008年度 |
|---|---|---|---|
| 净利润 | 100,004,100.00 | 60,000,000.00 | 48,500,000.00 |
| 归属于母公司股东的净利润 | 98,000,000.00 | 58,000,000.00 | 47,995,858.88 |

### 六、非经常性损益

单位：元

| 项目 | 2010年度 | 2009年度 | 2008年度 |
|---|---|---|---|
| 非经常性损益合计 | -2,611,260.00 | 1,728,415.56 | -293,561.38 |
| 扣除非经常性损益后归属于母公司股东的净利润 | 100,611,260.00 | 56,271,584.44 | 48,289,420.26 |

### 研发投入

发行人一贯重视科研资金投入，报告期研发投入资金逐年增长，分别为 1,298.13万元、1,687.89万元及3,850.66万元；

### 关联交易

示例集团向发行人提供水、电、住宿等综合服务，2011年1—6月、2010年、2009年、2008年发行人向示例集团支付的综合服务费用分别为91.39万元、187.47万元、141.25万元、154.57万元。

### （1）报告期内公司的环保投入情况

单位：万元

| 项目 | 2010年度 | 2009年度 |
|---|---|---|
| 设备费 | 114.52 | 70.44 |
| 排污费 | 53.20 | 48.55 |
| 合计 | 167.72 | 118.99 |

### 设备利用情况

公司全年平均设备利用小时情况如下：

| 项目 | 2010年 | 2009年 | 2008年 |
|---|---|---|---|
| 利用小时 | 5,993 | 6,623 | 7,279 |

### （一）近三年的主要财务指标

| 公司主要财务指标 | 2010.12.31 | 2009.12.31 | 2008.12.31 |
|---|---|---|---|
| 流动比率 | 1.21 | 1.10 | 1.05 |
| 研究与开发费用占主营业务收入比例 | 5.23% | 5.11% | 5.04% |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"示例生物_2020_年度报告.md": ANNUAL, "示例太阳能_招股意向书.md": PROSPECTUS}
    yield from indexed_answerer(tmp_path_factory, "printed", docs)


def test_a_carrying_value_is_the_net_column_not_the_gross_balance(answerer: Answerer) -> None:
    question = "示例生物2020年末存货中“开发产品”的账面价值（扣除存货跌价准备后）是多少元？"
    a = answerer.ask(SearchRequest(question))
    assert "4,925,448.81" in a.answer and "6,041,303.72" not in a.answer, a.answer


def test_a_growth_defined_on_the_period_columns_is_the_quoted_row_s(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "示例生物2020年研发费用中“委托外部研究开发投入”比2019年增长了多少？"
            "增长率=(本期发生额-上期发生额)/上期发生额，保留两位小数。"
        )
    )
    assert "760.26%" in a.answer, a.answer  # 1,093,279.41 / 127,087.38 − 1, not the 研发费用 total's


def test_an_aging_bracket_in_chinese_numerals_is_its_row(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例生物20年末预付款项一年以内的多少"))
    assert "6,389,800.32" in a.answer, a.answer


def test_a_day_the_annual_report_prints_no_figure_for_is_refused(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例生物2020年6月30日合并资产负债表中的预付款项是多少元？"))
    assert a.refused and "6月30日" in a.answer, a.answer


def test_a_printed_share_row_asked_with_an_added_de_is_read_as_printed(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "示例太阳能招股意向书主要财务指标表中，2009年度研究与开发费用占主营业务收入的比例是多少？"
        )
    )
    assert "5.11%" in a.answer, a.answer


def test_a_net_loss_s_share_of_the_profit_is_negative(answerer: Answerer) -> None:
    question = "示例太阳能2008年非经常性损益合计相当于当期净利润的百分之几？保留两位小数。"
    a = answerer.ask(SearchRequest(question))
    assert "-0.61%" in a.answer, a.answer  # −293,561.38 / 48,500,000.00


def test_the_parent_s_profit_written_without_de_is_its_own_row(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "示例太阳能2009年度非经常性损益合计占当年归属于母公司所有者净利润的比重是多少？保留两位小数。"
        )
    )
    assert "2.98%" in a.answer, a.answer  # 1,728,415.56 / 58,000,000.00, not over 净利润


def test_the_profit_net_of_one_off_items_compared_with_the_parent_s_profit(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "示例太阳能2008年扣除非经常性损益后归属于母公司股东的净利润，是否高于同年归属于母公司股东的净利润？"
        )
    )
    assert a.answer.startswith("是") and "47,995,858.88" in a.answer, a.answer


def test_a_part_named_in_latin_letters_no_sentence_prints_is_refused(answerer: Answerer) -> None:
    question = "示例太阳能2010年3,850.66万元研发投入资金中，用于EVA胶膜产品研发的金额是多少？"
    a = answerer.ask(SearchRequest(question))
    assert a.refused and "1,298.13" not in a.answer, a.answer  # the years' totals, no EVA part


def test_amounts_a_sentence_lists_for_several_years_are_each_its_own_year_s(answerer: Answerer) -> None:
    question = "示例太阳能2008年至2010年三年向示例集团支付的综合服务费用合计是多少万元？"
    a = answerer.ask(SearchRequest(question))
    assert "483.29万元" in a.answer, a.answer  # 154.57 + 141.25 + 187.47, not the half year's 91.39
    a = answerer.ask(SearchRequest("示例太阳能2009年向示例集团支付的综合服务费用比上年增长了多少？"))
    assert "-8.62%" in a.answer or "−8.62%" in a.answer, a.answer  # 141.25 / 154.57 − 1


def test_a_fee_paid_to_another_party_is_not_the_listed_party_s(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例太阳能2009年向某某能源公司支付的综合服务费用合计是多少万元？"))
    assert "为141.25万元" not in a.answer, a.answer  # the sentence may be quoted, never credited to it


def test_a_reconciling_effect_of_an_item_is_not_the_item_s_figure(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例生物2020年向巴基斯坦出口疫苗实现了多少销售收入？"))
    assert "为45,014.18元" not in a.answer, a.answer  # "视同销售收入的影响" reconciles the tax expense


def test_an_average_the_row_prints_for_one_year_is_no_mean_of_years(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例太阳能10年平均设备利用小时"))
    assert "5,993" in a.answer and "6,308" not in a.answer, a.answer  # not (5,993 + 6,623) / 2


def test_a_total_of_what_a_table_s_title_names_is_its_total_row(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("示例太阳能2010年度的环保投入合计同比增长率是多少？（保留两位小数）"))
    assert "40.95%" in a.answer, a.answer  # 167.72 / 118.99 − 1: the 合计 row of the 环保投入 table
