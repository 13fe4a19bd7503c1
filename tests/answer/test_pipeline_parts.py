"""Parts of a whole the held-out sets of session 25 asked: a region's revenue and its share, a row of one
expense's note, a segment's margin from its note's "Segment" rows. Each runs the real parser, chunker, fact
extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

AKCOME = """# 江苏爱康科技股份有限公司 2010年年度报告

同行业可比公司包括大唐国际发电等上市公司。

## 3、营业收入市场结构分析

单位：万元

| 地区 | 2010年度 | 2010年度 | 2009年度 | 2009年度 |
|---|---|---|---|---|
| | 金额 | 比例 | 金额 | 比例 |
| 欧洲 | 25,547.16 | 20.47% | 8,934.94 | 16.13% |
| 亚洲 | 99,248.31 | 79.53% | 46,452.32 | 83.87% |
| 合计 | 124,795.47 | 100.00% | 55,387.26 | 100.00% |

## 合并利润表

单位：元 币种：人民币

| 项目 | 2010年度 | 2009年度 |
|---|---|---|
| 一、营业收入 | 1,247,954,726.81 | 553,872,638.56 |
| 销售费用 | 30,112,334.10 | 18,001,220.00 |
| 管理费用 | 46,869,502.38 | 41,220,118.52 |

## 63、 销售费用

公司产品的售后服务费（产品质量保证费用）按实际发生计入当期销售费用。

单位：元 币种：人民币

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 运输费 | 3,520,118.20 | 2,910,004.51 |
| 折旧及摊销费 | 140,487.68 | 450,035.64 |

## 64、 管理费用

单位：元 币种：人民币

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 职工薪酬 | 9,001,223.10 | 8,120,114.22 |
| 折旧及摊销费 | 11,717,156.94 | 8,768,191.54 |
"""

GLOBEX = """# Globex Corp Annual Report on Form 10-K for fiscal year 2019

## NOTE 19: OPERATING SEGMENTS

(in millions)

| | 2019 Games | 2019 Devices | 2019 Total |
|---|---|---|---|
| Segment net revenues | 2,031 | 4,000 | 6,031 |
| Segment operating income | 740 | 500 | 1,240 |

## CONSOLIDATED STATEMENTS OF INCOME

(in thousands)

| | 2019 | 2018 |
|---|---|---|
| Revenue: | | |
| Subscription | 6,133,869 | 4,584,833 |
| Services and support | 460,869 | 412,000 |
| Total revenue | 6,594,738 | 4,996,833 |
| Cost of revenue: | | |
| Subscription | 623,048 | 409,934 |
| Services and support | 330,361 | 302,000 |
| Total cost of revenue | 953,409 | 711,934 |
| Gross profit | 5,641,329 | 4,284,899 |

## NOTE 14: OTHER INCOME (EXPENSE), NET

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Dividends and interest income | 903 | 766 |
| Interest expense | (1,243) | (781) |

## NOTE 6: INVENTORIES

Inventories consisted of the following (in millions):

| | December 28, 2019 | December 29, 2018 |
|---|---|---|
| Packaging and ingredients | $511 | $510 |
| Work in process | 364 | 343 |
| Finished product | 1,846 | 1,814 |
| Inventories | $2,721 | $2,667 |

## NOTE 20: GEOGRAPHIC INFORMATION

(in millions)

| | 2019 | 2018 |
|---|---|---|
| Net sales: | | |
| United States | 12,462.8 | 11,115.6 |
| Non-United States | 4,402.4 | 4,624.8 |
| Net sales | 16,865.2 | 15,740.4 |
| Land, buildings, and equipment: | | |
| United States | 2,872.8 | 3,031.7 |
| Non-United States | 914.4 | 1,015.5 |
| Land, buildings, and equipment | 3,787.2 | 4,047.2 |
"""


INITECH = """# Initech Foods Inc. Annual Report on Form 10-K for fiscal year 2022

## Note 17. Business Segment Information

(in millions)

| | Fiscal 2022 | Fiscal 2021 |
|---|---|---|
| Net sales: | | |
| North America Retail | 11,572.0 | 11,254.0 |
| Pet | 2,259.4 | 1,731.2 |
| Total | 13,831.4 | 12,985.2 |
| Operating profit: | | |
| North America Retail | 2,699.7 | 2,766.0 |
| Pet | 470.6 | 385.0 |
| Total segment operating profit | 3,170.3 | 3,151.0 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"akcome_2010_annual_report.md": AKCOME, "GLOBEX_2019_10K.md": GLOBEX}
    docs["INITECH_2022_10K.md"] = INITECH
    yield from indexed_answerer(tmp_path_factory, "parts", docs)


def test_a_region_s_revenue_and_its_share_of_the_whole(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest("江苏爱康科技2010年度来自欧洲地区的营业收入是多少？占营业收入的比例是多少？")
    )
    assert not answer.refused and "25,547.16" in answer.answer and "20.47%" in answer.answer


def test_a_row_of_the_expense_note_the_question_names(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest("江苏爱康科技2010年管理费用中的折旧及摊销费比2009年增长了多少？保留两位小数。")
    )
    assert "33.63%" in answer.answer and "140,487.68" not in answer.answer


def test_a_segment_margin_from_the_note_s_segment_rows(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What operating margin did Globex's Games segment earn in 2019, taking segment operating income "
            "over segment net revenues?"
        )
    )
    assert "36.44%" in answer.answer


def test_a_kind_s_share_of_inventories_over_the_note_s_unworded_total_row(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What percentage of Globex's total inventories at December 28, 2019 consisted of finished "
            "product?"
        )
    )
    assert "67.84%" in answer.answer


def test_two_items_a_yes_no_question_joins_with_and_are_compared_as_one_row(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest("Did Globex's dividends and interest income cover its interest expense in 2019?")
    )
    assert answer.answer.startswith("No.") and "903" in answer.answer and "1,243" in answer.answer


def test_a_part_s_margin_written_out_reads_the_part_s_rows_under_each_heading(answerer: Answerer) -> None:
    answer = answerer.ask(
        SearchRequest(
            "What gross margin did Globex earn on its services and support revenue in 2019? Compute "
            "(services and support revenue - services and support cost of revenue) / services and support "
            "revenue."
        )
    )
    assert "28.32%" in answer.answer and "5,641,329" not in answer.answer


def test_a_peer_company_the_filings_never_print_gets_no_figure_of_the_filer(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "爱康科技年报中，可比公司大唐发电（大唐国际发电股份有限公司）2010年度的营业收入是多少元？"
        )
    )
    assert "1,247,954,726.81" not in a.answer  # the filer's own revenue is not the peer's
    own = answerer.ask(SearchRequest("江苏爱康科技股份有限公司2010年度的营业收入是多少元？"))
    assert "1,247,954,726.81" in own.answer


def test_a_share_outside_the_united_states_is_the_filer_s_row_for_the_rest_of_the_world(
    answerer: Answerer,
) -> None:
    """"located outside the United States" is the row the filer prints for it ("Non-United States")."""
    answer = answerer.ask(
        SearchRequest(
            "What share of Globex's land, buildings, and equipment was located outside the United States at "
            "the end of 2019?"
        )
    )
    assert "24.14%" in answer.answer and "914.4" in answer.answer
    # the item named twice ("net sales … of its total net sales") is still one item's part and whole
    sales = answerer.ask(
        SearchRequest(
            "What is Globex's 2019 net sales from outside the United States as a percentage of its total net "
            "sales? Round to two decimal places."
        )
    )
    assert "26.10%" in sales.answer


def test_a_note_row_glossed_in_brackets_that_the_note_does_not_print_is_refused(answerer: Answerer) -> None:
    """"销售费用中的售后服务费（产品质量保证费用）": no row of the note; its total is no answer."""
    question = "江苏爱康科技2010年销售费用中的售后服务费（产品质量保证费用）是多少元？"
    answer = answerer.ask(SearchRequest(question))
    assert answer.refused and "30,112,334.10" not in answer.answer


def test_a_rate_defined_on_this_and_last_period_is_the_change_asked(answerer: Answerer) -> None:
    """"变动率=(本期…-上期…)/上期…" already spans both years: the rate itself, not a change of it between
    2010 and 2009 (which found no 2008 and refused)."""
    answer = answerer.ask(
        SearchRequest(
            "江苏爱康科技2010年销售费用比2009年变动了多少？变动率=(本期销售费用-上期销售费用)/上期销售费用，"
            "保留两位小数。"
        )
    )
    assert "67.28%" in answer.answer


def test_a_margin_the_question_defines_for_one_segment_is_that_segment_s(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "In fiscal 2022, was Initech's Pet segment operating margin (segment operating profit / segment "
            "net sales) higher than that of its North America Retail segment?"
        )
    )
    assert "20.83%" in a.answer, a.answer  # 470.6 / 2,259.4
    assert "= 23.33%" not in a.answer or "North America Retail segment operating margin" in a.answer, a.answer
