"""Chinese two-digit years written out in full, never counts or terms of years."""

from __future__ import annotations

from finrag.retrieve.short_years import full_years


def test_two_digit_chinese_years_are_written_out_but_counts_of_years_are_not() -> None:
    assert full_years("四方科技19年研发投入多少") == "四方科技2019年研发投入多少"
    assert full_years("天源科技05年毛利率") == "天源科技2005年毛利率"
    assert full_years("国电06年期间费用率？") == "国电2006年期间费用率？"  # 期间费用, no "10年期" term
    assert full_years("公司成立于98年") == "公司成立于1998年"
    assert full_years("南岭06上半年存货周转率") == "南岭2006年上半年存货周转率"  # a half year typed tersely
    assert full_years("07一季度") == "2007年一季度"
    assert full_years("爱康09总资产周转率") == "爱康2009年总资产周转率"  # right after the name, no 年
    counts = (
        "近10年的收入",
        "10年期国债",
        "每10年",
        "2019年营业收入",
        "南岭民爆10大股东",
        "示例12月营业收入",
    )
    for text in counts:
        assert full_years(text) == text


def test_a_span_of_two_digit_years_is_written_out_but_a_term_of_years_is_not() -> None:
    assert full_years("生物股份18-20年归母净利润复合增速？") == "生物股份2018年-2020年归母净利润复合增速？"
    assert full_years("09—10年营收") == "2009年—2010年营收"
    assert "2020年-" not in full_years("房屋建筑物折旧年限20-40年")  # a term, no years
