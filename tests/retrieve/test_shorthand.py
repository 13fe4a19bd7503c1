"""Analyst shorthand is read as the words filings print."""

from __future__ import annotations

from finrag.retrieve.shorthand import spelled_out


def test_shorthand_is_spelled_out_as_whole_words_only() -> None:
    assert spelled_out("costco wtd-avg discount rate on finance leases, FY20?") == (
        "costco weighted-average discount rate on finance leases, FY20?"
    )
    assert spelled_out("wtd avg shares; amort. expense; (attrib. to Acme)") == (
        "weighted-average shares; amortization expense; (attributable to Acme)"
    )
    assert spelled_out("ROE on avg equity") == "ROE on avg equity"  # "average" would read as the mean asked
    assert spelled_out("average, avgs, wtdx, Navg") == "average, avgs, wtdx, Navg"  # no part of a word
    assert spelled_out("postpaid phone net adds, FY22") == "postpaid phone net additions, FY22"
    assert spelled_out("(notes payable + current LTD + LTD)") == (
        "(notes payable + current portion of long-term debt + long-term debt)"
    )
    assert spelled_out("REC MODULES PTE.LTD; Foo Co., LTD") == "REC MODULES PTE.LTD; Foo Co., LTD"  # names
    assert spelled_out("cash equivs and ST investments, ST debt") == (
        "cash equivalents and short-term investments, short-term debt"
    )
    assert spelled_out("the ST segment's sales") == "the ST segment's sales"  # a name, no term
    assert spelled_out("lmt fy19 op margin, 2dp? OP income; op-ed; shop margin") == (
        "lmt fy19 operating margin, 2 decimal places? operating income; op-ed; shop margin"
    )
    assert spelled_out("ba avg operating cash flow 2020-2022, yoy chg in rev?") == (
        "ba average operating cash flow 2020-2022, yoy change in revenue?"
    )
    assert spelled_out("bby fy19 buybacks - shs, avg px?") == "bby fy19 buybacks - shares, average price?"


def test_a_chinese_question_s_english_ratio_names_are_the_ones_reports_print() -> None:
    assert spelled_out("国电07上半年加权roe多少") == "国电07上半年加权平均净资产收益率多少"
    assert spelled_out("四方19年EPS是多少？ROA呢") == "四方19年每股收益是多少？总资产收益率呢"
    assert spelled_out("What was Nike's ROE in FY2022?") == "What was Nike's ROE in FY2022?"  # English: kept


def test_receivables_payables_and_a_two_digit_year_end() -> None:
    assert spelled_out("xiamen anne parent co AR at end-06?") == (
        "xiamen anne parent co accounts receivable at end-2006?"
    )
    assert spelled_out("A/P at mid-98") == "accounts payable at mid-1998"
    # a word of a sentence, a product, a metric: no receivables
    kept = "Ar 2019, AR/VR headsets, an AR-15, ARR growth"
    assert spelled_out(kept) == kept
