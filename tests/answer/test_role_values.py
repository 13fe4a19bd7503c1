"""Which typed values can be an event's argument: names next to their cue, no holder's state after a
release, titles next to their holder, totals that are not prices per share."""

from __future__ import annotations

from finrag.answer.role_values import VALUE_PATTERNS, fits, is_name, names_next_to

RELEASE_TEXT = "华熙昕宇将其所持公司股份解除部分质押，解除质押1410万股，占其所持股份比例2.65%。"
STATE_TEXT = "截至2019年9月4日，鸿达兴业集团处于质押状态约8.3310亿股，占其所持公司股份总数的88.18%。"


def _span(pattern: str, text: str, value: str) -> tuple[int, int]:
    for m in VALUE_PATTERNS[pattern].finditer(text):
        if m.group(0).strip() == value:
            return m.start(), m.end()
    raise AssertionError(f"{value} not read as {pattern} in {text}")


def test_a_pledgee_is_the_organisation_right_after_the_cue() -> None:
    text = "该公司于2019年9月5日将质押给民生加银资产管理有限公司的无限售流通股进行了解除。"
    spans = names_next_to(text, ["质押给"])
    assert [text[a:b] for a, b in spans] == ["民生加银资产管理有限公司"]


def test_a_lead_investor_is_the_name_right_before_the_cue() -> None:
    text = "本轮融资由红杉资本中国基金领投，IDG跟投。"
    assert [text[a:b] for a, b in names_next_to(text, ["领投"])] == ["红杉资本中国基金"]


def test_no_organisation_next_to_the_cue_is_no_name() -> None:
    text = "该《中标通知书》确定公司为“珠江三角洲水资源配置工程土建施工A3标”的中标单位，中标价为12.738亿元。"
    assert names_next_to(text, ["招标", "中标"]) == []
    assert not is_name("本公司") and not is_name("天府新区仁寿县交通基础设施PPP项目总投资")
    assert is_name("SmileGate") and is_name("烟台智库典当有限公司")


def test_after_a_release_the_holders_remaining_pledge_is_not_its_share() -> None:
    released = _span("percent", RELEASE_TEXT, "2.65%")
    remaining = _span("percent", STATE_TEXT, "88.18%")
    assert fits("percent", "质押物占持股比", False, RELEASE_TEXT, released, True, "")
    assert not fits("percent", "质押物占持股比", False, STATE_TEXT, remaining, True, "")
    # for a new pledge the cumulative figure may still be what is asked
    assert fits("percent", "质押物占持股比", False, STATE_TEXT, remaining, False, "")


def test_a_title_taken_is_the_position_after_the_change_not_the_one_held() -> None:
    text = "原标题：世联行选举陈劲松为董事长 继续聘任朱敏为总经理"
    span = _span("title", text, "总经理")
    assert fits("title", "变动后职位", False, text, span, False, "朱敏")
    assert not fits("title", "高管职位", False, text, span, False, "朱敏")


def test_a_title_belongs_to_the_person_named_in_its_clause() -> None:
    text = "孙又文将退休，台积电公共关系部部门经理高孟华接任"
    span = _span("title", text, "经理")
    assert not fits("title", "高管职位", False, text, span, False, "孙又文")
    assert fits("title", "高管职位", False, text, span, False, "高孟华")


def test_a_price_per_share_is_no_total_amount() -> None:
    text = "同意将回购价格由14.47元/股调整为9.51元/股，回购总金额为300万元。"
    price = _span("money", text, "9.51元")
    total = _span("money", text, "300万元")
    assert not fits("money", "交易金额", False, text, price, False, "")
    assert fits("money", "每股交易价格", False, text, price, False, "")
    assert fits("money", "交易金额", False, text, total, False, "")


def test_earnings_per_share_listed_for_several_years_is_no_deal_amount() -> None:
    text = "公司收购格拉默之后地位巩固，预计公司2019/20/21年EPS为0.42/0.52/0.62元，给予“买入”评级。"
    last = _span("money", text, "0.62元")
    assert not fits("money", "交易金额", False, text, last, False, "")


def test_a_disclosure_date_is_a_day_and_a_threshold_is_no_figure() -> None:
    text = "杰华公司计划于2020年7月24日至2020年10月23日期间减持。"
    period = _span("date", text, "2020年7月24日至2020年10月23日")
    assert not fits("date", "披露时间", True, text, period, False, "")
    assert fits("date", "交易完成时间", False, text, period, False, "")
    assert [m.group(0) for m in VALUE_PATTERNS["percent"].finditer("持股5%以上股东减持1.2%")] == ["1.2%"]


def test_news_dates_keep_the_part_of_the_day() -> None:
    assert VALUE_PATTERNS["date"].search("5月13日晚间发布公告").group(0) == "5月13日晚间"  # type: ignore[union-attr]


def test_an_acquisition_takes_a_stake() -> None:
    text = "天津乐享荟将收购广州粤华物业有限公司51%股权，总对价为人民币1.95亿元。"
    assert [m.group(0) for m in VALUE_PATTERNS["stake"].finditer(text)] == ["51%股权"]


def test_a_bound_stays_with_its_figure() -> None:
    text = "股东华泰资管拟减持不超过2%的公司股份，即不超过约737万股。"
    assert [m.group(0) for m in VALUE_PATTERNS["percent"].finditer(text)] == ["不超过2%"]
    assert [m.group(0) for m in VALUE_PATTERNS["shares"].finditer(text)] == ["不超过约737万股"]


def _date_fits(role: str, text: str, value: str, point: bool) -> bool:
    return fits("date", role, point, text, _span("date", text, value), False, "")


def test_a_disclosure_date_is_the_day_the_text_says_something_was_published() -> None:
    dateline = "格隆汇8月16日丨申通快递公告称，公司于2019年8月12日审议通过了收购议案。"
    assert _date_fits("披露时间", dateline, "8月16日", True)
    assert not _date_fits("披露时间", dateline, "2019年8月12日", True)  # the board's decision, not the notice
    heading = "挖贝网 8月12日，银泰资源（证券代码：000975）发布公告称，股东程少良办理了解除质押手续。"
    assert _date_fits("披露时间", heading, "8月12日", True)  # a date heading the clause that publishes
    contract = "伯明翰体育发布公告，于2019年7月23日，该公司全资附属公司订立股权收购合同。"
    assert not _date_fits("披露时间", contract, "2019年7月23日", True)  # the contract's date
    month = "凤凰网港股|普星能量(00090)9月底完成收购衢州普星100%股权"
    assert not _date_fits("披露时间", month, "9月", True)  # "9月底" names no day


def test_an_event_date_is_no_publication_date_and_no_other_milestone() -> None:
    news = "【亿邦动力讯】10月7日消息，Natalist获投500万美元种子轮融资。"
    assert not _date_fits("事件时间", news, "10月7日", False)
    both = "每经AI讯，华菱精工5月13日晚间发布公告称，公司于2020年5月13日收到股东薛飞解除质押的通知。"
    assert not _date_fits("事件时间", both, "5月13日晚间", False)
    assert _date_fits("事件时间", both, "2020年5月13日", False)
    works = "中标工期2020年9月30日开工，至2021年8月30日设备搬入。"
    assert not _date_fits("中标日期", works, "2020年9月30日", False)
    notified = "公司于近日收到股东吴玉瑞女士通知，获悉其所持部分股份解除质押。"
    assert not _date_fits("事件时间", notified, "近日", False)  # the day a notice came, not the release
    # "腾讯" holds 讯 but is no dateline
    assert _date_fits("事件时间", "腾讯自8月28日开始进行回购。", "8月28日", False)


def test_a_name_followed_by_a_title_or_after_a_former_post_is_none() -> None:
    appointed = "诺安基金增聘夏荣尧为新任基金经理。"
    assert names_next_to(appointed, ["为"]) == []  # "新任基金" of "新任基金经理" names no employer
    former = "夏荣尧曾任中国农业银行客户经理。"
    assert names_next_to(former, ["任"]) == []


def test_a_unit_line_before_a_date_holds_no_amount() -> None:
    money = VALUE_PATTERNS["money"]
    assert not money.search("单位：元2007年1月至6月占同类交易金额的比例")  # "元" is the table's unit
    assert [m.group(0) for m in money.finditer("承销费用人民币1,200万元")] == ["人民币1,200万元"]
