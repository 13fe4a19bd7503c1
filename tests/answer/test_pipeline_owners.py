"""Whose figure a question asks, as the held-out sets of session 29 asked it: a segment's share of a total
its table prints under another heading too, a segment's row of a table titled only by its total row, a
subsidiary's figure stated in its paragraph, a shareholder's figure the filing never prints, and a figure a
note states only in a sentence for three years at once. Each runs the real parser, chunker, fact extractor,
store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.model import SearchRequest

from .corpus import indexed_answerer

ORBITAL = """# Orbital Systems Corporation Annual Report on Form 10-K for fiscal year 2020

## Note 1 - Significant Accounting Policies

Advertising. The Company expenses advertising costs as they are incurred. Advertising expense that primarily
relates to media placement costs and which is generally included in general and administrative expenses, was
$88 million, $195 million and $226 million for 2020, 2019 and 2018, respectively.

## Note 4 - Information on Business Segments

(in millions)

| | 2020 | 2019 |
|---|---|---|
| Net sales | | |
| Aeronautics | 26,266 | 23,693 |
| Space | 11,880 | 10,860 |
| Total net sales | 38,146 | 34,553 |
| Operating profit | | |
| Aeronautics | 2,843 | 2,521 |
| Space | 1,149 | 1,191 |
| Total business segment operating profit | 3,992 | 3,712 |

(in millions)

| | 2020 | 2019 |
|---|---|---|
| Flexibles | 384 | 376 |
| Rigid Packaging | 133 | 136 |
| Other | 9 | 15 |
| Total capital expenditures for the acquisition of long-lived assets | 526 | 527 |
| Depreciation and amortization by reportable segment were: | | |
| Flexibles | 436 | 450 |
| Rigid Packaging | 125 | 120 |
| Other | 8 | 9 |
| Total depreciation and amortization | 569 | 579 |

## 20. Reportable Segments (Continued)

Selected financial information concerning the Company's product lines follows (in millions):

| Revenue from external customers | 2020 | 2019 |
|---|---|---|
| Space Vehicles | | |
| Orbital® Starlite® Glass | 1,403 | 1,420 |
| Other space products | 605 | 464 |
| Total Space Vehicles | 2,008 | 1,884 |
| Property and Equipment | 2020 | 2019 |
| Space Vehicles | | |
| Helios Array | 655 | 644 |

## Note 7 - Goodwill and Purchased Intangibles

(in thousands)

| | 2020 | 2019 |
|---|---|---|
| Launch Services | $291,779 | $147,182 |
| Ground Systems | 174 | 1,394 |
| Purchased and other intangible assets, net | $291,953 | $148,576 |

(in thousands)

| | 2019 | Acquisitions | 2020 |
|---|---|---|---|
| Launch Services | $2,057,398 | $747,964 | $2,796,302 |
| Ground Systems | 258,423 | — | 258,421 |
| Goodwill | $2,315,821 | $747,964 | $3,054,723 |

## Note 12 - Revenue

(in millions)

| | 2020 | 2019 |
|---|---|---|
| Revenue by reportable segment | | |
| Launch Services | $8,890 | $9,569 |
| Ground Systems | 693 | 760 |
| Total revenue | $9,583 | $10,329 |
| Revenue by product category | | |
| Launch Services: | | |
| Satellites | $3,674 | $3,964 |
| Crewed Flights | 5,216 | 5,605 |
| Total Launch Services revenue | $8,890 | $9,569 |
| Ground Systems: | | |
| Satellites | $309 | $327 |
| Crewed Flights | 384 | 433 |
| Total Ground Systems revenue | $693 | $760 |

## Note 11 - Depreciation expense by segment

(in millions)

| | 2020 | 2019 |
|---|---|---|
| Launch Services | 4,524 | 3,461 |
| Ground Systems | 1,278 | 930 |
| Consolidated | 5,802 | 4,391 |

## Lunar Resorts

| | 2020 | 2019 |
|---|---|---|
| Occupancy | 55% | 91% |
| Average Daily Rate (ADR) | $161 | $167 |
"""

HUAXIN = """# 华信制冷集团股份有限公司 2019年年度报告

公司的中文简称为华信制冷。公司股东包括中国新时代控股（集团）公司。

## 合并利润表

单位：元 币种：人民币

| 项目 | 2019年度 | 2018年度 |
|---|---|---|
| 一、营业收入 | 1,175,301,034.32 | 1,020,115,551.27 |
| 五、净利润 | 129,465,020.68 | 182,223,387.13 |

## (七) 主要控股参股公司分析

1、南通华信制冷工程有限公司公司全资子公司，成立于2018年5月29日。注册资本：人民币10,000,000.00元总资产：人民币6,474,411.00元营业收入：2,385,321.10元净利润：人民币1,291,522.10元

2、南通华信节能科技有限公司公司全资子公司，目前尚在筹备阶段，截止2019年12月31日已出资131,000,000元。
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"ORBITAL_2020_10K.md": ORBITAL, "huaxin_2019_annual_report.md": HUAXIN}
    yield from indexed_answerer(tmp_path_factory, "owners", docs)


def test_a_segment_s_share_is_read_under_the_heading_of_the_total_asked(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "What percentage of Orbital Systems' 2020 total business segment operating profit came from its "
            "Space segment? Round to one decimal place."
        )
    )
    assert "28.8%" in a.answer and "11,880" not in a.answer  # 1,149 / 3,992, not its net sales


def test_a_segment_row_of_a_table_named_by_its_total_row(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "How much capital expenditure for long-lived assets did Orbital's Flexibles segment incur "
            "in 2020?"
        )
    )
    assert "384" in a.answer and "526" not in a.answer


def test_a_segment_s_goodwill_is_never_read_off_the_intangibles_table_under_the_same_note(
    answerer: Answerer,
) -> None:
    a = answerer.ask(
        SearchRequest("How much goodwill did Orbital assign to its Launch Services segment in 2020?")
    )
    assert "291,779" not in a.answer  # the purchased intangibles' row, totalled as another item
    assert "2,796,302" in a.answer


def test_a_segment_s_row_under_a_title_naming_an_item_no_lexicon_knows(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "How much depreciation expense did Orbital allocate to its Launch Services segment in 2020?"
        )
    )
    assert "4,524" in a.answer and "5,802" not in a.answer


def test_an_owner_named_by_its_segment_and_category_is_that_category_s_row_in_the_segment(
    answerer: Answerer,
) -> None:
    a = answerer.ask(
        SearchRequest(
            "How much revenue did Orbital's Ground Systems Satellites category bring in during 2020?"
        )
    )
    assert "309" in a.answer and "693" not in a.answer and "3,674" not in a.answer


def test_a_subsidiary_s_figure_is_its_paragraph_s_never_the_group_s(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("华信制冷全资子公司南通华信制冷工程有限公司2019年实现的净利润是多少元？"))
    assert "1,291,522.10" in a.answer and "129,465,020.68" not in a.answer
    unstated = answerer.ask(
        SearchRequest("华信制冷全资子公司南通华信节能科技有限公司2019年的净利润是多少元？")
    )
    assert unstated.refused and "129,465,020.68" not in unstated.answer


def test_a_shareholder_s_figure_is_not_the_filer_s(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("华信制冷的股东中国新时代控股（集团）公司2019年实现的净利润是多少？"))
    assert "129,465,020.68" not in a.answer
    own = answerer.ask(SearchRequest("华信制冷集团股份有限公司2019年度的净利润是多少元？"))
    assert "129,465,020.68" in own.answer


def test_a_figure_a_note_states_for_three_years_in_one_sentence(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest(
            "By how much, in percentage terms, did Orbital Systems' advertising expense change in 2020 "
            "versus 2019? Round to one decimal place."
        )
    )
    assert "-54.9%" in a.answer and "[" in a.answer
    other = answerer.ask(
        SearchRequest("By how much did Orbital Systems' rent expense change in 2020 versus 2019?")
    )
    assert "54.9" not in other.answer  # the sentence states another expense


def test_a_part_the_figure_came_from_is_never_answered_with_the_whole(answerer: Answerer) -> None:
    a = answerer.ask(
        SearchRequest("How much of Orbital Systems' 2020 net sales came from e-commerce, in dollars?")
    )
    assert "38,146" not in a.answer
    whole = answerer.ask(SearchRequest("What were Orbital Systems' total net sales in 2020?"))
    assert "38,146" in whole.answer


def test_a_product_line_s_row_under_a_grouping_is_its_figure_of_the_item_heading_the_labels(
    answerer: Answerer,
) -> None:
    # the row prints the company's name and trademark signs ("Orbital® Starlite® Glass"); the grouping
    # "Space Vehicles" names no item, the label column's header ("Revenue from external customers") does
    question = "What net sales did Orbital's Starlite Glass product line generate in 2020?"
    a = answerer.ask(SearchRequest(question))
    assert not a.refused and "1,403" in a.answer and "Reportable Segments" in a.answer, a.answer
    # a row under the table's second header ("Property and Equipment | 2020") is no revenue
    base = answerer.ask(SearchRequest("What net sales did Orbital's Helios Array generate in 2020?"))
    assert "655" not in base.answer, base.answer


def test_a_rate_printed_as_a_row_of_percentages_under_its_short_name_is_found(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("What hotel occupancy rate did Orbital's Lunar Resorts report for 2020?"))
    assert not a.refused and "55%" in a.answer, a.answer


def test_a_subsidiary_s_share_of_the_group_s_figure_reads_each_from_its_own_place(answerer: Answerer) -> None:
    # the subsidiary's net profit is stated in its paragraph, the group's in the consolidated statement
    a = answerer.ask(
        SearchRequest(
            "华信制冷2019年全资子公司南通华信制冷工程有限公司的净利润占公司2019年合并净利润的比例是多少？"
            "比例=子公司净利润/合并利润表净利润，保留两位小数。"
        )
    )
    assert not a.refused and "1,291,522.10 / 129,465,020.68" in a.answer and "1.00%" in a.answer, a.answer


def test_a_subsidiary_written_right_after_the_filer_owns_the_figure(answerer: Answerer) -> None:
    subsidiary = "华信制冷子公司南通华信制冷工程有限公司2019年"
    margin = answerer.ask(SearchRequest(f"{subsidiary}的营业成本和毛利率是多少？"))
    assert margin.refused, margin.answer  # its paragraph prints no cost of sales: the group's margin is none
    profit = answerer.ask(SearchRequest(f"{subsidiary}的净利润是多少？"))
    assert "1,291,522.10" in profit.answer and "129,465,020.68" not in profit.answer, profit.answer
