from __future__ import annotations

from finrag.answer.periods import (
    labels_from_line,
    quarter_named,
    resolve_label,
)


def test_header_line_with_one_date_per_column() -> None:
    line = "Year Ended December 26, December 27, December 28, 2015 2014 2013 (In millions)"
    labels = labels_from_line(line, 3)
    assert labels == [
        "Year Ended December 26, 2015",
        "Year Ended December 27, 2014",
        "Year Ended December 28, 2013",
    ]
    period = resolve_label(labels[1], None)
    assert period.fiscal_year == 2014 and period.period_end == "2014-12-27" and period.kind == "duration"


def test_header_line_of_years_and_chinese_dates() -> None:
    assert labels_from_line("2020 2019 2018", 3) == ["2020", "2019", "2018"]
    assert labels_from_line("2020年12月31日 2019年12月31日", 2) == ["2020年12月31日", "2019年12月31日"]
    assert labels_from_line("Year Ended December 31, 2020 2019", 2) == [
        "Year Ended December 31, 2020",
        "Year Ended December 31, 2019",
    ]


def test_sentences_and_mismatched_counts_are_not_headers() -> None:
    assert labels_from_line("Revenue fell 27% in 2015 from 2014", 2) is None
    assert labels_from_line("2015 2014 2013", 2) is None
    assert labels_from_line("2015 2015", 2) is None
    # a staff table under a sentence dating an officer's resignation is not that day's table
    assert (
        labels_from_line(
            "报告期内高级管理人员无变动，2020 年 3 月 3 日，史锦才因个人原因辞去副总经理职务。", 1
        )
        is None
    )


def test_a_quarter_or_half_written_after_nian_du_is_that_part_of_the_year() -> None:
    q1 = resolve_label("2006年度第一季度", 2006)
    assert (q1.fiscal_year, q1.fiscal_period, q1.period_end) == (2006, "Q1", "2006-03-31")
    h1 = resolve_label("2007年度1-6月", 2007)
    assert (h1.fiscal_year, h1.fiscal_period) == (2007, "H1")
    assert resolve_label("2006年度", 2006).fiscal_period == "FY"


def test_a_half_year_written_without_nian_or_with_a_wave_dash_is_no_whole_year() -> None:
    for label in ("2007上半年", "2007年1～6月", "2007中期"):
        got = resolve_label(label, 2007)
        assert (got.fiscal_period, got.period_end) == ("H1", "2007-06-30"), label
    assert resolve_label("2007年1～3月", 2007).fiscal_period == "Q1"


def test_bank_style_quarter_columns() -> None:
    assert resolve_label("1Q21", 2021).period_end == "2021-03-31"
    q = resolve_label("Q2 2022", 2022)
    assert (q.fiscal_year, q.fiscal_period) == (2022, "Q2")
    recast = resolve_label("2023 Q2 Amount", 2023)  # an 8-K's recast quarters under their year
    assert (recast.fiscal_year, recast.fiscal_period) == (2023, "Q2")
    first = resolve_label("2017 First", 2018)  # a 10-K's quarterly note: ordinal columns under the year
    assert (first.fiscal_year, first.fiscal_period, first.period_end) == (2017, "Q1", "2017-03-31")
    assert resolve_label("2018 Quarter Fourth", 2018).fiscal_period == "Q4"
    assert resolve_label("2017 Total", 2018).fiscal_period == "FY"  # the year's own column


def test_an_earnings_release_quarter_column_is_a_quarter() -> None:
    q4 = resolve_label("FOURTH QUARTER 2021 Amount", 2022)
    assert (q4.fiscal_year, q4.fiscal_period) == (2021, "Q4")
    assert resolve_label("Second Quarter 2023", 2023).fiscal_period == "Q2"
    assert resolve_label("2022 Amount", 2022).fiscal_period == "FY"


def test_a_written_fiscal_year_end_names_its_column_and_bare_years_end_in_the_report_month() -> None:
    from finrag.answer.periods import fiscal_year_of
    from finrag.answer.question_years import without_year_ended, year_ended

    q = "What is Ulta's FY2022 operating cash flow ratio (fiscal year ended January 28, 2023)?"
    assert year_ended(q) == "2023-01-28" and fiscal_year_of("2023-01-28") == 2023
    assert "2023" not in without_year_ended(q)
    assert year_ended("What was revenue in FY2022?") is None
    assert resolve_label("2022", 2023, "2023-06-30").period_end == "2022-06-30"  # a June fiscal year
    assert resolve_label("2022", 2022, "2022-12-31").period_end == "2022-12-31"


def test_us_numeric_dates_in_column_labels() -> None:
    period = resolve_label("(unaudited) 3/25/2023", None)
    assert period.period_end == "2023-03-25" and period.kind == "instant"
    assert resolve_label("12 Weeks Ended 3/25/2023", None).kind == "duration"
    assert resolve_label("12/31/2022", None).fiscal_year == 2022


def test_a_quarter_column_without_its_year_is_the_report_year_s_quarter() -> None:
    q3 = resolve_label("第三季度（7-9月份）", 2019, "2019-12-31")
    assert (q3.fiscal_year, q3.fiscal_period, q3.period_end) == (2019, "Q3", "2019-09-30")
    assert resolve_label("第三季度（7-9月份）", None).fiscal_year is None  # no report year: not dated


def test_a_balance_heading_split_over_two_rows_still_dates_its_column() -> None:
    closing = resolve_label("期末余 金额", 2019, "2019-12-31")
    opening = resolve_label("期初 金额", 2019, "2019-12-31")
    assert (closing.fiscal_year, closing.kind) == (2019, "instant")
    assert (opening.fiscal_year, opening.kind) == (2018, "instant")


def test_a_quarter_is_named_by_its_word_ordinal_or_code() -> None:
    third = quarter_named(3)
    assert all(third.search(t) for t in ("the third quarter", "3rd quarter", "Q3 2023", "3Q23 results"))
    assert not third.search("the second quarter") and not third.search("Q13")


def test_a_merged_chinese_heading_of_two_quarters_heads_each_column_with_its_quarter() -> None:
    assert labels_from_line("2007年第一季度2006年第一季度", 2) == ["2007年第一季度", "2006年第一季度"]
    assert labels_from_line("2007年1-6月 2006年1-6月", 2) == ["2007年1-6月", "2006年1-6月"]
    assert [
        resolve_label(label, 2007).fiscal_period
        for label in labels_from_line("2007年第一季度2006年第一季度", 2) or []
    ] == ["Q1", "Q1"]


def test_a_bare_year_ends_in_the_report_s_month_unless_that_closes_the_calendar_year_before() -> None:
    assert resolve_label("2022", 2023, "2023-06-30").period_end == "2022-06-30"  # Amcor: June years
    jnj = resolve_label("2022", 2022, "2023-01-01")  # J&J's fiscal 2022 ended January 1, 2023
    assert (jnj.fiscal_year, jnj.period_end) == (2022, "2022-12-31")


def test_an_abbreviated_month_dates_its_column() -> None:
    """A quarterly table heads "Sep. 30, 2020": that quarter's end, not the year's."""
    assert resolve_label("Three Months Ended Sep. 30, 2020", 2020).period_end == "2020-09-30"
    assert resolve_label("Sept 30, 2019", 2019).period_end == "2019-09-30"
    assert resolve_label("Mar. 31, 2021", 2020).period_end == "2021-03-31"
    assert resolve_label("December 31, 2020", 2020).period_end == "2020-12-31"


def test_a_quarterly_table_s_year_above_its_quarters_end_days() -> None:
    end = "2016-12-02"  # Adobe's fiscal 2016 ended on 2 December
    q2 = resolve_label("2016 June 3", 2016, end)
    assert (q2.fiscal_year, q2.fiscal_period, q2.period_end) == (2016, "Q2", "2016-06-03")
    assert resolve_label("2016 Quarter Ended September 2", 2016, end).fiscal_period == "Q3"
    assert resolve_label("2016 December 2", 2016, end).fiscal_period == "FY"  # the year's own end: its column
    q1 = resolve_label("2024 April 29", 2024, "2024-02-03")  # a fiscal year ending in February
    assert (q1.fiscal_period, q1.period_end) == ("Q1", "2023-04-29")


def test_a_percent_sign_glued_to_a_heading_word_is_no_change_column() -> None:
    # NIKE's revenue table: the "%" of the change column beside it lands on "FISCAL" of the year's heading
    assert resolve_label("FISCAL% 2022", 2023, "2023-05-31").fiscal_year == 2022
    assert resolve_label("FISCAL 2022 %", 2023, "2023-05-31").fiscal_year is None  # a share column
    assert resolve_label("% CHANGE 2022", 2023, "2023-05-31").fiscal_year is None
