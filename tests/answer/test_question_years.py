"""How a question names its fiscal years."""

from __future__ import annotations

from finrag.answer.query import analyze
from finrag.answer.question_years import naming_offset, part_named_years, report_years_only, year_ended
from finrag.model import QueryAnalysis
from finrag.retrieve.periods import find_periods


def test_fiscal_years_named_by_the_year_they_start_in() -> None:
    offset, undated = naming_offset("What was FY2022 net income? Fiscal 2022 ended January 28, 2023.")
    assert offset == 1 and "2023" not in undated
    assert naming_offset("FY2020 revenue (fiscal 2020 ended January 31, 2020)")[0] == 0  # Walmart's naming
    assert naming_offset("What was revenue in 2022?") == (0, "What was revenue in 2022?")
    # 52 weeks are a whole fiscal year, 13 weeks a quarter of one
    assert naming_offset("Ulta's fiscal 2022 results (52 weeks ended January 28, 2023)")[0] == 1
    assert naming_offset("Ulta's fiscal 2022 fourth quarter (13 weeks ended January 28, 2023)")[0] == 0


def test_a_fiscal_year_end_typed_as_a_numeric_date_dates_the_year() -> None:
    assert year_ended("wmt walmart u.s. segment op margin fy18 (yr ended 1/31/18)?") == "2018-01-31"
    assert year_ended("FY2022 (fiscal year ended January 28, 2023)") == "2023-01-28"


def test_a_year_that_only_names_the_report_is_not_asked() -> None:
    q = "By what percentage did net sales grow in fiscal 2022 versus fiscal 2021? Use the FY2023 10-K."
    assert report_years_only(q, [2022, 2021, 2023]) == {2023}
    assert report_years_only("What was revenue in the FY2023 10-K?", [2023]) == set()
    issue = "According to its 2007 follow-on A-share offering prospectus, what was EPS for 2005?"
    assert report_years_only(issue, [2007, 2005]) == {2007}
    recast = "In J&J's 8-K dated August 30, 2023, what were net earnings from continuing operations for 2022?"
    assert report_years_only(recast, [2022, 2023]) == {2023}  # the day names the 8-K, not a period
    terse = "bby quick ratio at 7/30/22 from the Q2 FY24 10-Q balance sheet"
    assert report_years_only(terse, [2022, 2024]) == {2024}  # the quarterly report's own fiscal year
    # the year a Chinese prospectus was issued, asked alone too; written again, it is a year asked
    assert report_years_only("天源06年招股书 每万吨四氧化三锰耗多少电解锰", [2006]) == {2006}
    assert report_years_only("国电电力2007年招股意向书中2007年上半年的净利润", [2007]) == set()


def test_a_report_s_year_a_numeric_balance_day_writes_again_is_asked() -> None:
    q = "3M 2022 10-K: what share of long-term debt (carrying value at 12/31/22) matures after 2027?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["3M"], periods=find_periods(q)))
    assert 2022 in asked.years and asked.dates == ["2022-12-31"]


def test_a_fiscal_year_label_of_a_dated_part_of_a_year_is_no_year_of_its_own() -> None:
    question = "What were Best Buy's net earnings in fiscal 2024 (six months ended July 29, 2023)?"
    assert part_named_years(question) == {2024}
    assert part_named_years("What was revenue in fiscal 2022 (fiscal year ended January 28, 2023)?") == set()


def test_a_quarter_typed_qtr_ended_on_a_day_is_a_flow_not_a_balance() -> None:
    q = "adbe Q1 FY17 (qtr ended Mar 3, 2017) revenue growth y/y, 2dp?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["Adobe"], periods=find_periods(q)))
    assert asked.quarters == ["Q1"] and not asked.instant
