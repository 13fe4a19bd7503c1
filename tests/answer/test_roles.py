"""Attribute questions: the asked role's kind and cues, and whether a passage states a value for it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.pipeline import Answerer
from finrag.answer.roles import asked_role, checks, role_evidence
from finrag.model import SearchRequest

from .corpus import indexed_answerer

PRICE_MISSING = (
    "恒华科技公告，公司授权经营层启动分拆子公司道亨科技境内上市前期筹备工作，道亨科技是国内领先的电网BIM软件"
    "提供商之一，本次分拆上市的发行方案及发行价格尚未确定。"
)
PLEDGE = (
    "挖贝网 8月12日，银泰资源（证券代码：000975）发布公告称，股东程少良将其质押给广发证券股份有限公司的"
    "1300万股股份办理了解除质押手续。本次解除质押股份占其所持股份比例为4.57%，占公司总股本的0.65%。"
)
IPO = "迈克菲确定了首次公开募股的发行条款。迈克菲将出售3700万股A类股，每股价格在19至22美元之间。"


@pytest.mark.parametrize(
    ("question", "phrase", "kind"),
    [
        ("道亨科技公司上市事件对应的发行价格是什么？", "发行价格", "money"),
        ("程少良解除质押事件对应的披露时间是什么？", "披露时间", "date"),
        ("程少良解除质押事件对应的质押物占持股比是什么？", "质押物占持股比", "percent"),
        ("梁燕生股东减持事件对应的交易股票/股份数量是什么？", "交易股票/股份数量", "shares"),
        ("诺而为企业融资事件对应的融资轮次是什么？", "融资轮次", "round"),
        ("在途商旅企业融资事件对应的领投方是什么？", "领投方", "name"),
        ("企业收购事件对应的主体有哪些？", "主体", "any"),
    ],
)
def test_role_kind_comes_from_the_head_word(question: str, phrase: str, kind: str) -> None:
    role = asked_role(question)
    assert role is not None and role.phrase == phrase and role.kind == kind


def test_questions_without_an_attribute_are_not_checked() -> None:
    assert asked_role("下文中发生的事件类型有哪些？") is None or not checks(
        asked_role("下文中发生的事件类型有哪些？")
    )
    assert not checks(asked_role("企业收购事件对应的主体有哪些？"))
    assert not checks(asked_role("2019年四方科技的电子信箱是什么？"))


def test_a_passage_about_the_event_without_the_price_has_no_value() -> None:
    role = asked_role("道亨科技公司上市事件对应的发行价格是什么？")
    assert role is not None
    assert not role_evidence(role, [(1, PRICE_MISSING)]).found


def test_a_date_near_the_announcement_is_the_disclosure_date() -> None:
    role = asked_role("程少良解除质押事件对应的披露时间是什么？")
    assert role is not None
    found = role_evidence(role, [(1, PLEDGE)])
    assert found.found and found.value == "8月12日" and found.score == 1.0


def test_the_percentage_of_the_holders_stake_is_told_from_the_share_of_total_capital() -> None:
    of_stake = asked_role("程少良解除质押事件对应的质押物占持股比是什么？")
    of_total = asked_role("程少良解除质押事件对应的质押物占总股比是什么？")
    assert of_stake is not None and of_total is not None
    assert role_evidence(of_stake, [(1, PLEDGE)]).value == "4.57%"
    assert role_evidence(of_total, [(1, PLEDGE)]).value == "0.65%"


def test_price_range_with_an_offering_cue_counts() -> None:
    role = asked_role("迈克菲公司上市事件对应的发行价格是什么？")
    assert role is not None
    found = role_evidence(role, [(1, IPO)])
    assert found.score == 1.0 and found.value == "19至22美元"


def test_stock_tickers_in_news_text_are_not_figures() -> None:
    role = asked_role("晨鸣控股有限公司解除质押事件对应的质押物占持股比是什么？")
    assert role is not None
    text = "原标题：晨鸣纸业(4.740,-0.02,-0.42%)控股股东解除质押3767万股A股"
    assert not role_evidence(role, [(1, text)]).found


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    docs = {"p1.txt": PRICE_MISSING, "p2.txt": PLEDGE, "p3.txt": IPO}
    yield from indexed_answerer(tmp_path_factory, "roles", docs)


def test_pipeline_refuses_an_attribute_the_passage_lacks(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("道亨科技公司上市事件对应的发行价格是什么？"))
    assert a.refused and "发行价格" in a.answer
    gate = [s for s in a.trace.steps if s.stage == "gate" and s.name == "role"]
    assert gate and gate[0].detail["kind"] == "money"


def test_pipeline_answers_the_attribute_with_its_value_and_citation(answerer: Answerer) -> None:
    a = answerer.ask(SearchRequest("程少良解除质押事件对应的披露时间是什么？"))
    assert not a.refused and a.answer.startswith("8月12日[")
    assert a.citations and a.citations[0].file == "p2.txt" and "发布公告" in a.citations[0].snippet


def test_a_value_about_another_subject_is_no_answer() -> None:
    from finrag.answer.gate_roles import role_gate
    from finrag.answer.query import analyze
    from finrag.config import AnswerSettings

    from .helpers import make_chunk, make_doc

    doc = make_doc([], company="", file="p2.txt")
    context = [(1, make_chunk(doc, PLEDGE, 1))]
    about_him = role_gate(analyze("程少良解除质押事件对应的披露时间是什么？"), context, AnswerSettings())
    assert about_him is not None and about_him[1].value == "8月12日"
    someone_else = role_gate(analyze("王建国解除质押事件对应的披露时间是什么？"), context, AnswerSettings())
    assert someone_else is not None and not someone_else[1].found


def test_a_name_role_is_answered_with_the_name_next_to_its_cue() -> None:
    from finrag.answer.roles import role_answer

    role = asked_role("程少良解除质押事件对应的质权方是什么？")
    assert role is not None and role.kind == "name"
    found = role_evidence(role, [(1, PLEDGE)])
    assert found.found and found.value == "广发证券股份有限公司"
    assert role_answer(found, role.kind) == "广发证券股份有限公司[1]"
    tenderer = asked_role("粤水电中标事件对应的招标方是什么？")
    assert tenderer is not None
    no_name = "该《中标通知书》确定公司为“珠江三角洲水资源配置工程土建施工A3标”的中标单位。"
    assert not role_evidence(tenderer, [(1, no_name)]).found


def test_a_sentence_about_someone_else_does_not_count_when_asked_to_check() -> None:
    role = asked_role("程少良解除质押事件对应的质押物占持股比是什么？")
    assert role is not None
    other = "王建国持有公司股份，本次解除质押股份占其所持股份比例为9.99%，占公司总股本的1.00%。"
    assert role_evidence(role, [(1, other)]).found  # off: any sentence of a chunk about the subject
    assert not role_evidence(role, [(1, other)], subject="程少良", min_subject=0.5).found
    assert role_evidence(role, [(1, PLEDGE)], subject="程少良", min_subject=0.5).value == "4.57%"


def test_a_pledge_question_takes_no_value_from_a_pledge_being_released() -> None:
    from finrag.answer.events import named_event

    released = "该公司于2019年9月5日将质押给民生加银资产管理有限公司的无限售流通股进行了解除。"
    pledgee = asked_role("山东金晶节能玻璃有限公司质押事件对应的质权方是什么？")
    assert pledgee is not None
    assert role_evidence(pledgee, [(1, released)]).found  # without the event: the name next to 质押给
    assert not role_evidence(pledgee, [(1, released)], event=named_event("质押")).found
    pledged = "公司股东王某将其持有的800万股股份质押给华创证券股份有限公司，占其所持股份比例为10%。"
    assert role_evidence(pledgee, [(1, pledged)], event=named_event("质押")).value == "华创证券股份有限公司"


def test_a_value_comes_from_a_chunk_reporting_the_asked_event() -> None:
    from finrag.answer.events import named_event

    role = asked_role("中国建设银行企业融资事件对应的事件时间是什么？")
    other = "8月3日，中国建设银行北京市分行行长袁桂军或将空降民生银行，出任该行常务副行长一职。"
    assert role is not None and role_evidence(role, [(1, other)]).found
    assert not role_evidence(role, [(1, other)], event=named_event("融资"), event_chunk=True).found


def test_an_explicit_date_wins_over_a_relative_one() -> None:
    role = asked_role("张琴解除质押事件对应的事件时间是什么？")
    text = "荃银高科发布公告称，公司近日持股5%以上股东张琴将其质押的380万股股份于2019年7月29日解除质押手续。"
    assert role is not None and role_evidence(role, [(1, text)]).value == "2019年7月29日"


def test_a_trades_share_stated_without_a_base_is_of_total_capital() -> None:
    text = "晶华科技晚间公告，持股9.44%的股东远山基金拟减持不超1%。"
    of_total = asked_role("远山基金股东减持事件对应的减持部分占总股本比例是什么？")
    of_stake = asked_role("远山基金股东减持事件对应的减持部分占所持比例是什么？")
    assert of_total is not None and of_stake is not None
    found = role_evidence(of_total, [(1, text)])
    assert found.score == 1.0 and found.value == "不超1%"
    assert role_evidence(of_stake, [(1, text)]).score < 1.0  # a holder's stake is always named
    stated = "股东王某拟减持不超过2%的公司股份。"
    assert role_evidence(of_total, [(1, stated)]).score == 1.0
    named = "股东王某减持200万股，占其所持股份的23%。"
    assert role_evidence(of_total, [(1, named)]).score < 1.0


def test_the_subject_is_not_its_own_counterpart() -> None:
    role = asked_role("华东建工中标事件对应的招标方是什么？")
    assert role is not None
    own = "近日，华东建工河南公司中标兰考数字小镇施工总承包项目。"
    assert not role_evidence(role, [(1, own)], subject="华东建工").found
    issued = "近日，息县公用事业服务中心发出中标通知书。"
    assert role_evidence(role, [(1, issued)], subject="华东建工").value.endswith("息县公用事业服务中心")


def test_a_cue_naming_the_event_matches_its_wordings_and_a_done_statement_dates_completion() -> None:
    role = asked_role("樱井金融集团企业收购事件对应的收购完成时间是什么？")
    assert role is not None
    done = "共同社9月16日消息，樱井金融集团15日表示已将IT企业plus medi收为子公司。"
    found = role_evidence(role, [(1, done)])
    assert found.score == 1.0 and found.value == "15日"  # 收为子公司 is a wording of 收购
    planned = "共同社9月16日消息，樱井金融集团15日表示将收购IT企业plus medi。"
    assert role_evidence(role, [(1, planned)]).score < 1.0  # announced, not done: a publication date


def test_a_dates_event_word_may_follow_in_the_next_sentence() -> None:
    role = asked_role("滑县热力公司中标事件对应的中标日期是什么？")
    assert role is not None
    text = "长青集团发布公告，于10月20日，公司参与了供热项目的竞争性谈判。确定子公司为此项目的成交人。"
    assert role_evidence(role, [(1, text)]).score == 1.0
    dated = "于10月20日，公司参与了项目的竞争性谈判。11月3日，公司被确定为此项目的成交人。"
    found = role_evidence(role, [(1, dated)])
    assert found.value == "11月3日"  # the next sentence's own date is the one its event word goes with


def test_a_change_in_a_loss_is_stated_against_another_period() -> None:
    role = asked_role("中泰教育亏损事件对应的亏损变化是什么？")
    assert role is not None and checks(role)
    one_year = "标的学校2018年收入2.2亿人民币，由于利息开支高，2018年净利润亏损400万元。"
    changed = "归属于上市公司股东的净利润亏损38,772,190.35元，同比由盈转亏。"
    assert role_evidence(role, [(1, one_year)]).score < 1.0
    assert role_evidence(role, [(1, changed)]).score == 1.0


def test_a_value_after_another_persons_event_is_not_the_subjects() -> None:
    role = asked_role("叶华俊高管变动事件对应的披露日期是什么？")
    assert role is not None
    text = (
        "继前几日聚光科技董事长叶华俊先生离职后，9月20日，另一家上市公司博晖创新发布公司副总经理的辞职公告。"
    )
    assert not role_evidence(role, [(1, text)], subject="叶华俊").found
    own = "9月20日，聚光科技发布公告，董事长叶华俊先生离职。"
    assert role_evidence(role, [(1, own)], subject="叶华俊").value == "9月20日"
