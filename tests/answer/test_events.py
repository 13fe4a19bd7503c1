"""Event types of a selected document ("下文中发生的事件类型有哪些？"), end to end on a small real index."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.events import reports, taxonomy
from finrag.answer.pipeline import Answerer
from finrag.model import Filters, SearchRequest

from .corpus import indexed_answerer

PLEDGE = (
    "格隆汇9月26日丨超华科技公布，公司近日接到控股股东梁俊丰函告，获悉其所持有公司的1600万股股份办理了"
    "解除质押手续。同日，梁俊丰将所持有的800万股股份质押给华创证券。"
)
RATING = "中国银河将广发证券评级上调至增持，目标价为19.05元人民币。报告认为公司经纪业务有望回暖。"
QUESTION = "下文中发生的事件类型有哪些？"


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "events", {"pledge.txt": PLEDGE, "rating.txt": RATING})


def test_selected_document_lists_its_events_with_cited_sentences(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest(QUESTION, filters=Filters(files=["pledge.txt"])))
    assert not a.refused
    assert a.answer == "文中发生的事件类型：质押[1]、解除质押[1]。"
    assert {c.file for c in a.citations} == {"pledge.txt"}
    snippet = a.citations[0].snippet or ""
    assert "质押给华创证券" in snippet and "解除质押手续" in snippet  # each event's sentence is the evidence


def test_analyst_rating_is_not_a_shareholder_purchase_so_it_refuses(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest(QUESTION, filters=Filters(files=["rating.txt"])))
    assert a.refused and a.citations == []


def test_without_a_selected_document_the_text_has_no_referent(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest(QUESTION))
    assert a.refused


def test_exclusions_and_nearby_words() -> None:
    tax = {e.label: e for e in taxonomy().events}
    w = taxonomy().window
    assert reports("上市公司董事会审议通过议案", tax["公司上市"], w) is False
    assert reports("公司股票将于10月29日在创业板上市", tax["公司上市"], w) is True
    assert reports("央行开展逆回购操作", tax["股份回购"], w) is False
    assert reports("股东拟减持不超过1%", tax["股东减持"], w) is True


def test_background_denials_and_released_pledges_are_no_events() -> None:
    tax = {e.label: e for e in taxonomy().events}
    w = taxonomy().window
    assert reports("公司资金储备充足，暂无上市计划。", tax["公司上市"], w) is False
    assert reports("星宇车灯于2011年成功上市，是车灯行业的龙头。", tax["公司上市"], w) is False
    assert reports("湖北省企业上市发展促进会协办", tax["公司上市"], w) is False
    released = "该公司将原质押给中国国际金融股份有限公司的股份解除质押。"
    assert reports(released, tax["质押"], w) is False and reports(released, tax["解除质押"], w) is True
    assert reports("将其质押给广发证券的1300万股股份办理了解质押手续", tax["质押"], w) is False
    assert reports("小米董事会将行使股份购回授权", tax["股份回购"], w) is True
    assert reports("部分提前购回手续并解除质押", tax["股份回购"], w) is False


def test_a_post_taken_is_an_executive_change() -> None:
    tax = {e.label: e for e in taxonomy().events}
    text = "联想中国区确定陈某加入消费事业部，任中国区手机业务部总经理一职。"
    assert reports(text, tax["高管变动"], taxonomy().window) is True
