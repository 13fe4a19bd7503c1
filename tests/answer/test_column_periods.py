"""Which column of a row answers the period asked: parts of a year, spans, a row's total beside its parts."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from finrag.answer.column_periods import (
    fiscal_quarter,
    names_no_part,
    other_span,
    part_of_year,
    quarter_column_of,
    same_week_end,
    spans_named,
    total_column,
)
from finrag.model import Fact


def _fact(column: str, period: str | None = None) -> Fact:
    return Fact(
        "f",
        "d",
        "c",
        "",
        "Revenue",
        "revenue",
        column,
        Decimal(1),
        None,
        Decimal(1),
        1,
        "t1",
        fiscal_period=period,
    )


def test_a_quarter_six_months_or_a_short_month_range_is_part_of_a_year() -> None:
    assert part_of_year(_fact("Three Months Ended December 31, 2022"))
    assert part_of_year(_fact("SIX MONTHS 2023")) and part_of_year(_fact("2002年10-12月"))
    assert part_of_year(_fact("2023", "Q2")) and quarter_column_of(_fact("2023年第二季度"), ["Q3"])
    assert not part_of_year(_fact("2006年1-12月")) and not part_of_year(
        _fact("Year Ended December 31, 2022", "FY")
    )
    # a quarterly note's columns dated by their quarter's end day are quarters, its year's total is not
    quarterly = "12. Selected Quarterly Financial Data (Unaudited)"
    assert part_of_year(replace(_fact("2016 December 31", "FY"), statement=quarterly))
    assert not part_of_year(replace(_fact("2017 Full Year", "FY"), statement=quarterly))
    assert not part_of_year(replace(_fact("2016 December 31", "FY"), statement="Balance Sheets"))


def test_a_column_of_another_span_is_told_apart_from_the_one_asked() -> None:
    asked = spans_named("net income for the three months ended June 30, 2023")
    assert other_span(spans_named("Twelve Months Ended June 30, 2023"), asked)
    assert not other_span(spans_named("Three Months Ended June 30, 2023"), asked)
    assert not other_span(spans_named("June 30, 2023"), asked)  # a column naming no span
    assert other_span(spans_named("16 weeks ended"), spans_named("the 52 weeks ended"))


def test_a_row_s_total_column_answers_unless_a_part_is_named() -> None:
    row = [_fact("2022 Aeronautics"), _fact("2022 Space"), _fact("2022 Total")]
    assert names_no_part(row, "what were lockheed's 2022 net sales in the middle east?")
    assert not names_no_part(row, "what were lockheed's aeronautics net sales in the middle east in 2022?")
    assert total_column("2022 Total") and not total_column("2022 Space") and not total_column("Total")


def test_a_fiscal_year_s_end_a_few_days_from_the_calendar_s_is_the_same_end() -> None:
    assert same_week_end("2021-12-25", "2021-12-31") and not same_week_end("2021-12-15", "2021-12-31")
    assert not same_week_end(None, "2021-12-31")


def test_a_quarter_s_column_dated_by_its_end_is_the_fiscal_quarter_counted_back_from_the_year_s_end() -> None:
    # Ulta's fourth-quarter release (fiscal 2022 ended January 28, 2023): the year before's 13 weeks are Q4
    assert fiscal_quarter("13 Weeks Ended January 29, 2022", "2022-01-29", "Q4", "2023-01-28") == "Q4"
    # a June year-end filer's 10-Q for its second quarter: the three months to December 31
    assert fiscal_quarter("Three Months Ended December 31, 2022", "2022-12-31", "Q2", "2022-12-31") == "Q2"
    # a 52/53-week year ending in the first days of a month closes the month before ("May 4" is April's)
    assert fiscal_quarter("Three Months Ended May 4, 2019", "2019-05-04", "FY", "2019-02-02") == "Q1"
    # six months, a year, a named quarter or an unknown report end: no quarter worked out
    assert fiscal_quarter("Six Months Ended July 2, 2023", "2023-07-02", "Q2", "2023-07-02") is None
    year = "Year Ended December 31, 2018 Second Quarter"
    assert fiscal_quarter(year, "2018-12-31", "FY", "2018-12-31") is None
    assert fiscal_quarter("Three Months Ended June 30, 2023", "2023-06-30", "Q2", None) is None
    # "the trailing four quarters" are a year; a heading over two days' columns heads a balance's too
    trailing = "FOR THE TRAILING FOUR QUARTERS ENDED MAY 31, 2021"
    assert fiscal_quarter(trailing, "2021-05-31", "FY", "2021-05-31") is None
    mixed = "Three months ended June 30, December 31, 2021"
    assert fiscal_quarter(mixed, "2021-12-31", "Q2", "2022-06-30") is None
