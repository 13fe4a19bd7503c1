"""The pay of the people holding one role, summed or averaged, read off a Chinese prospectus's pay table, as
the held-out sets of session 63 asked it. Runs the real parser, chunker, fact extractor, store and
retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer

from .corpus import ask, indexed_answerer

TIANYUAN = """# 中钢集团安徽天源科技股份有限公司首次公开发行股票招股意向书

公司简称为天源科技。

## 第八节 董事、监事、高级管理人员与核心技术人员

### 三、上述人员的薪酬情况

董事、监事、高级管理人员及核心技术人员在最近一年从本公司取得收入的情况：

| 姓名 | 担任公司职务 | 2005年收入（元） | 津贴（元） | 收入领取单位 |
|---|---|---|---|---|
| 王运敏 | 董事长 | 200000 |  | 马矿院 |
| 洪石笙 | 董事、总经理 | 170000 |  | 本公司 |
| 吴永胜 | 董事 | 340000 |  | 中钢集团 |
| 都有为 | 独立董事 |  | 10000 | 本公司 |
| 林钟高 | 独立董事 |  | 10000 | 本公司 |
| 钱国安 | 独立董事 |  | 10000 | 本公司 |
| 孙建华 | 监事会主席 | 150000 |  | 马矿院 |
| 李书会 | 监事、核心技术人员 | 180000 |  | 本公司 |
| 张野 | 副总经理 | 150000 |  | 本公司 |
| 唐志 | 副总经理、董事会秘书 | 120000 |  | 本公司 |
| 余进 | 核心技术人员 | 100000 |  | 本公司 |
| 巫竹盛 | 核心技术人员 | 150000 |  | 本公司 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "role_pay", {"天源科技招股意向书.md": TIANYUAN})


def test_the_pay_of_one_role_is_summed_over_its_rows(answerer: Answerer) -> None:
    text = ask(answerer, "天源科技招股意向书披露的核心技术人员2005年收入合计是多少元？")
    assert "430,000" in text and "李书会" in text and "巫竹盛" in text, text  # a supervisor listed too
    directors = ask(answerer, "天源科技三名独立董事领取的津贴合计是多少元？")
    assert "30,000" in directors and "吴永胜" not in directors, directors  # "独立董事" is no "董事"


def test_the_mean_pay_of_a_role(answerer: Answerer) -> None:
    text = ask(answerer, "天源科技的核心技术人员2005年人均收入是多少元？")
    assert "143,333.33" in text, text  # 430,000 / 3


def test_no_sum_when_the_count_asked_is_not_the_count_found(answerer: Answerer) -> None:
    text = ask(answerer, "天源科技两名独立董事领取的津贴合计是多少元？")
    assert "30,000" not in text and "20,000" not in text, text


def test_one_persons_pay_or_several_roles_are_no_role_sum(answerer: Answerer) -> None:
    one = ask(answerer, "天源科技独立董事都有为2005年领取的津贴总额是多少元？")
    assert "30,000" not in one, one  # his own row, never the three directors' sum
    several = ask(answerer, "天源董事、监事及核心技术人员中，在本公司领收入的人员05年收入合计？")
    assert "430,000" not in several, several  # no one role asked


def test_a_role_with_its_holders_other_titles_bracketed(answerer: Answerer) -> None:
    text = ask(answerer, "天源科技担任副总经理的高级管理人员（含兼任董事会秘书者）2005年收入合计是多少元？")
    assert "270,000" in text and "唐志" in text, text
