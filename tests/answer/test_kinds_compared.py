"""Two kinds of one table compared by how much one exceeds the other ("铵梯比乳化多产了多少吨"): the two rows'
cells of the year and measure asked, differenced. Runs the real parser, chunker, fact extractor, store and
retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.answer.row_asks import compared_kinds
from finrag.model import SearchRequest

from .corpus import indexed_answerer

LINGNAN = """# 湖南岭南民用爆破器材股份有限公司首次公开发行股票招股说明书

## 1、近三年主要产品生产能力及产量

| 产品 | 2005年凭照产能 | 2005年产量 | 2004年凭照产能 | 2004年产量 |
|---|---|---|---|---|
| 铵梯炸药(吨) | 17,000 | 18,959 | 17,000 | 16,250 |
| 乳化炸药(吨) | 14,000 | 10,799 | 14,000 | 9,180 |

## 2、近三年主要产品收入构成情况

| 产品 | 2005年销售收入(万元) | 2004年销售收入(万元) |
|---|---|---|
| 铵梯炸药 | 8,897.28 | 7,512.40 |
| 乳化炸药 | 5,119.31 | 4,003.66 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "kinds", {"岭南民爆招股说明书.md": LINGNAN})


def test_the_verb_names_the_measure_and_an_item_s_change_is_no_comparison() -> None:
    assert compared_kinds("岭南民爆05年铵梯比乳化多产了多少吨") == ("铵梯", "乳化", "产量", True)
    assert compared_kinds("岭南民爆2005年乳化比铵梯少卖了多少万元") == ("乳化", "铵梯", "销", False)
    assert compared_kinds("岭南民爆2005年营业收入比上年多多少") is None


def test_two_kinds_output_is_differenced_in_the_year_asked(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("岭南民爆05年铵梯比乳化多产了多少吨"))
    assert not a.refused and a.calculation is not None, a.answer
    assert a.calculation.result == 8160, a.answer  # 18,959 − 10,799, not the capacity columns
    earlier = answerer.ask(SearchRequest("岭南民爆2004年铵梯比乳化多产了多少吨"))
    assert earlier.calculation is not None and earlier.calculation.result == 7070, earlier.answer
