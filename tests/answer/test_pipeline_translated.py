"""English questions over a Chinese filing: a note row the glossary translates but no lexicon knows is looked
up by its Chinese wording, and a growth defined on two dates alone is the growth of the item asked. Each
runs the real parser, chunker, fact extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

HUAFANG = """# 华方科技集团股份有限公司 2019年年度报告

## 第十一节 财务报告

### 合并资产负债表

单位：元 币种：人民币

| 项目 | 附注 | 2019年12月31日 | 2018年12月31日 |
|---|---|---|---|
| 货币资金 | 七、1 | 401,234,567.89 | 350,000,000.00 |
| 短期借款 | 七、32 | 35,500,000.00 | 20,500,000.00 |
| 负债合计 | | 800,000,000.00 | 720,000,000.00 |

### 十二、关联方及关联交易

#### (7).关键管理人员报酬

单位：万元 币种：人民币

| 项目 | 本期发生额 | 上期发生额 |
|---|---|---|
| 关键管理人员报酬 | 401.89 | 424.02 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "translated", {"huafang_2019.md": HUAFANG})


def test_a_note_row_no_lexicon_knows_is_read_in_the_filing_s_chinese(answerer: Answerer) -> None:
    text = ask(answerer, "What was the compensation of key management personnel at 华方科技 in 2019?")
    assert "401.89" in text and "424.02" not in text  # the 本期 column, not the prior year's


def test_a_growth_defined_on_two_dates_is_the_item_s_growth(answerer: Answerer) -> None:
    q = (
        "By what percentage did 华方科技's short-term borrowings increase from December 31, 2018 to "
        "December 31, 2019? Growth = (end-2019 − end-2018) / end-2018, two decimals."
    )
    assert "73.17%" in ask(answerer, q)
