"""The points a share an annual report prints for this year and the last moved, read off its 成本分析表, as
the held-out sets of session 62 asked. Runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

REPORT = """# 金宇生物技术股份有限公司2020年年度报告

## 第四节 经营情况讨论与分析

### (3). 成本分析表

单位：元

| 分行业 | 成本构成项目 | 本期金额 | 本期占总成本比例(%) | 上年同期金额 | 上年同期占总成本比例(%) | 变动(%) |
|---|---|---|---|---|---|---|
| 生物制药 | 原材料 | 265,207,009.60 | 47.17 | 164,108,696.75 | 42.65 | 61.60 |
|  | 人工费用 | 36,735,221.64 | 6.53 | 59,023,632.84 | 15.34 | -37.76 |
|  | 制造费用 | 260,278,663.32 | 46.30 | 161,605,066.46 | 42.01 | 61.06 |
|  | 小计 | 562,220,894.56 | 100.00 | 384,737,396.05 | 100.00 | 46.13 |
| 其他行业 | 原材料 | 1,383,710.15 | 3.26 | 178,239.20 | 0.51 | 676.32 |
|  | 人工 | 16,526,352.38 | 38.94 | 16,515,754.63 | 47.17 | 0.06 |
|  | 其他 | 24,527,037.46 | 57.80 | 18,317,954.38 | 52.32 | 33.90 |
|  | 小计 | 42,437,099.99 | 100.00 | 35,011,947.21 | 100.00 | 21.21 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"2021-04-23__金宇生物技术股份有限公司__600201__生物股份__2020年__年度报告.md": REPORT}
    yield from indexed_answerer(tmp_path_factory, "share_points", docs)


def test_a_printed_share_s_move_is_this_year_s_column_less_last_year_s(answerer: Answerer) -> None:
    text = ask(answerer, "金宇生物2020年生物制药业务成本中，原材料占总成本的比例比上年提高了几个百分点？")
    assert "4.52个百分点" in text, text  # 47.17 − 42.65, the 生物制药 row, not 其他行业's 原材料
    # "人工费用" is the row, not the other segment's "人工" it contains
    labour = ask(answerer, "金宇生物2020年生物制药业务的人工费用占总成本的比例较上年下降了多少个百分点？")
    assert "-8.81个百分点" in labour, labour  # 6.53 − 15.34


def test_a_row_under_two_segments_the_question_does_not_tell_apart_moves_nothing(answerer: Answerer) -> None:
    text = ask(answerer, "金宇生物2020年原材料占总成本的比例比上年提高了几个百分点？")
    assert "4.52个百分点" not in text and "2.75个百分点" not in text, text
