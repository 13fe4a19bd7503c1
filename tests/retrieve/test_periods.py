"""Periods in questions: absolute forms on their own, relative forms against the document's report period."""

from __future__ import annotations

from finrag.model import Period
from finrag.retrieve.periods import Reference, find_periods, resolve

ANNUAL_2020 = Reference(2020, "FY", "2020-12-31")
TENQ_Q2_2023 = Reference(2023, "Q2", "2023-06-30")


def _one(text: str, ref: Reference | None = None) -> Period:
    found = find_periods(text, ref)
    assert len(found) == 1, found
    return found[0]


def test_relative_chinese_periods_resolve_against_a_2020_annual_report() -> None:
    same = _one("上年同期营业收入是多少", ANNUAL_2020)
    assert (same.fiscal_year, same.fiscal_period, same.kind) == (2019, "FY", "duration")
    end = _one("上年末货币资金余额", ANNUAL_2020)
    assert (end.fiscal_year, end.period_end, end.kind) == (2019, "2019-12-31", "instant")
    now = _one("本期净利润", ANNUAL_2020)
    assert (now.fiscal_year, now.period_end) == (2020, "2020-12-31")
    opening = _one("期初存货", ANNUAL_2020)
    assert opening.period_end == "2019-12-31" and opening.kind == "instant"
    assert _one("去年的研发费用", ANNUAL_2020).fiscal_year == 2019
    assert _one("今年的研发费用", ANNUAL_2020).fiscal_year == 2020


def test_prior_year_period_of_a_q2_10q_is_q2_of_the_year_before() -> None:
    p = _one("What were net sales in the prior year period?", TENQ_Q2_2023)
    assert (p.fiscal_year, p.fiscal_period, p.period_end) == (2022, "Q2", "2022-06-30")
    last = _one("net sales last year", TENQ_Q2_2023)
    assert (last.fiscal_year, last.fiscal_period) == (2022, "FY")
    ye = _one("cash at the prior year end", TENQ_Q2_2023)
    assert ye.period_end == "2022-12-31" and ye.kind == "instant"


def test_absolute_periods_in_both_languages() -> None:
    cases = {
        "2024年营业收入": (2024, "FY", "2024-12-31", "duration"),
        "2024年第三季度净利润": (2024, "Q3", "2024-09-30", "duration"),
        "2023年上半年营收": (2023, "H1", "2023-06-30", "duration"),
        "2007上半年营业收入": (2007, "H1", "2007-06-30", "duration"),
        "2007年度1～6月的营业收入": (2007, "H1", "2007-06-30", "duration"),  # 年度 before the months
        "2007年1～6月净利润": (2007, "H1", "2007-06-30", "duration"),
        "2019年12月31日的总资产": (2019, None, "2019-12-31", "instant"),
        "FY2018 capital expenditure": (2018, "FY", None, "duration"),
        "revenue in Q2 2023": (2023, "Q2", "2023-06-30", "duration"),
        "total assets as of December 31, 2022": (2022, None, "2022-12-31", "instant"),
        "the second quarter of 2023": (2023, "Q2", "2023-06-30", "duration"),
        "jpm cib net income 3q23?": (2023, "Q3", "2023-09-30", "duration"),  # as banks and analysts type it
        # a fiscal quarter ends where the filer's year puts it (Amcor's fourth ends in June): no date
        "bby q3 fy24 comparable sales": (2024, "Q3", None, "duration"),
        "Q4 FY2023 net sales": (2023, "Q4", None, "duration"),
    }
    for text, want in cases.items():
        p = _one(text)
        assert (p.fiscal_year, p.fiscal_period, p.period_end, p.kind) == want, text


def test_a_us_numeric_date_is_a_day() -> None:
    day = _one("bby quick ratio at 7/30/22, 2dp")
    assert (day.period_end, day.kind) == ("2022-07-30", "instant")
    assert _one("for the quarter ended 6/30/2023").period_end == "2023-06-30"
    assert find_periods("a ratio of 3/4 and 1/2 of sales") == []


def test_relative_periods_without_a_reference_stay_unresolved_until_one_is_known() -> None:
    p = _one("上年末货币资金")
    assert p.fiscal_year is None and p.kind == "instant"
    (r,) = resolve([p], ANNUAL_2020)
    assert r.period_end == "2019-12-31"


def test_numbers_that_are_not_years_are_not_periods() -> None:
    assert find_periods("revenue was 12,019.5 million and 3,2018 units") == []
    assert [p.fiscal_year for p in find_periods("2019年和2018年的营收")] == [2019, 2018]


def test_how_reports_write_a_period_is_added_for_keyword_search() -> None:
    from finrag.retrieve.periods import period_words

    assert period_words(find_periods("Q3 2023 revenue"), "en")[:2] == ["third quarter", "Q3"]
    assert "fiscal 2022" in period_words(find_periods("In FY22, what changed?"), "en")
    assert period_words(find_periods("FY2022 revenue"), "en") == []  # written in full already
    assert "半年度" in period_words(find_periods("2023年上半年营收"), "zh")
    ytd = find_periods("2023年前三季度营收")
    assert (ytd[0].fiscal_year, ytd[0].fiscal_period) == (2023, "Q3")
    assert "年初至报告期末" in period_words(ytd, "zh")
    h1 = find_periods("Revenue in H1 FY2023")
    assert (h1[0].fiscal_year, h1[0].fiscal_period) == (2023, "H1")


def test_a_quarter_written_without_a_year_still_gets_the_reports_wording() -> None:
    from finrag.retrieve.periods import period_words

    assert "third quarter" in period_words([], "en", "What was JPM's Q3 net revenue?")
    assert "Q3" in period_words([], "en", "operating income in the third quarter")
    assert "三季度" in period_words([], "zh", "第三季度营收是多少")
    assert period_words([], "en", "What was revenue?") == []


def test_a_year_naming_a_debt_instrument_is_no_period() -> None:
    q = "Which subsidiary replaced the issuer of the 3.625% senior notes due 2026 and the 2028 Notes in 2022?"
    assert [p.fiscal_year for p in find_periods(q)] == [2022]
    assert [p.fiscal_year for p in find_periods("revenue in 2021 and notes in 2022")] == [2021, 2022]
    # a maturity month, or the range of a class of notes, between "due" and the year
    q = "What share of CVS's total debt at the end of FY2022 is its 5.05% senior notes due March 2048?"
    assert [p.fiscal_year for p in find_periods(q)] == [2022]
    assert find_periods("What share of total debt were the notes due 2028-2060?") == []
    assert [p.fiscal_year for p in find_periods("What was revenue in March 2048?")] == [2048]


def test_a_quarter_with_its_months_in_an_aside_is_still_that_quarter() -> None:
    found = find_periods("What was Sifang's operating revenue in the third quarter (July–September) of 2019?")
    assert [(p.fiscal_year, p.fiscal_period) for p in found] == [(2019, "Q3")]
    hyphened = find_periods("What share of its fourth-quarter 2022 worldwide sales came from Pharmaceutical?")
    assert [(p.fiscal_year, p.fiscal_period) for p in hyphened] == [(2022, "Q4")]


def test_a_year_in_a_plan_s_name_is_no_period() -> None:
    q = "What is PepsiCo's 2019 Multi-Year Productivity Plan, and what did it cost in 2022?"
    assert [p.fiscal_year for p in find_periods(q)] == [2022]
    assert [p.fiscal_year for p in find_periods("How did the plan perform in 2019?")] == [2019]


def test_bank_style_quarters_are_periods() -> None:
    found = find_periods("JPM total net revenue growth 2Q23 vs 1Q23, %?")
    assert [(p.fiscal_year, p.fiscal_period) for p in found] == [(2023, "Q2"), (2023, "Q1")]
    assert [p.fiscal_period for p in find_periods("net income in 3Q 2021")] == ["Q3"]


def test_a_span_ending_in_a_month_ends_on_that_month_s_last_day() -> None:
    (p,) = find_periods("How much did Best Buy spend on buybacks in the six months to July 2023?")
    assert (p.label, p.fiscal_year, p.period_end) == ("July 2023", 2023, "2023-07-31")
    assert [q.label for q in find_periods("sales in July 2023")] == ["2023"]  # no span named: the year


def test_months_written_short_date_a_period_as_the_full_names_do() -> None:
    (p,) = find_periods("Amcor rigid packaging share of net sales, quarter ended Dec 2022")
    assert (p.label, p.period_end) == ("Dec 2022", "2022-12-31")
    days = find_periods("cash at Sept. 30, 2023 and Sep 30, 2022")
    assert [d.period_end for d in days] == ["2023-09-30", "2022-09-30"]
    assert [q.label for q in find_periods("the Junk 30, 2020 results")] == ["2020"]  # no month
    (june,) = find_periods("Amcor interest expense for the June 2023 quarter")  # the quarter ending then
    assert (june.label, june.period_end) == ("June 2023", "2023-06-30")


def test_a_day_naming_a_note_s_maturity_is_no_period() -> None:
    q = "At what interest rate do Best Buy's notes due October 1, 2030 bear interest as of January 28, 2023?"
    assert [p.period_end for p in find_periods(q)] == ["2023-01-28"]


def test_a_year_after_a_coupon_names_notes_no_period() -> None:
    q = "Which guarantors did Amcor name for its 3.625% 2026 and 4.500% 2028 notes in 2022?"
    assert [p.fiscal_year for p in find_periods(q)] == [2022]
