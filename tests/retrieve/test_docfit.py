"""Document-period fit: which of a company's reports answers the period a question asks about."""

from __future__ import annotations

from finrag.model import AccessInfo, DocumentMeta, DocumentRecord, QueryAnalysis
from finrag.retrieve.docfit import FIT, LATER, OTHER, PARTIAL, PeriodAsk, best_files, doc_fit, period_ask
from finrag.retrieve.periods import find_periods

WINDOW = 1


def _ask(question: str) -> PeriodAsk | None:
    qa = QueryAnalysis(question, question, "en", "lookup", periods=find_periods(question))
    return period_ask(qa)


def _rec(file: str, year: int, period: str | None) -> DocumentRecord:
    meta = DocumentMeta(company="Acme", fiscal_year=year, fiscal_period=period)
    return DocumentRecord("id-" + file, file, "pdf", "filing", "en", 10, meta, AccessInfo())


ACME = [
    _rec("ACME_2020_10K.pdf", 2020, "FY"),
    _rec("ACME_2022_10K.pdf", 2022, "FY"),
    _rec("ACME_2022Q4_EARNINGS.pdf", 2022, "Q4"),
    _rec("ACME_2023Q2_EARNINGS.pdf", 2023, "Q2"),
    _rec("ACME_2023Q2_10Q.pdf", 2023, "Q2"),
]


def test_a_full_year_question_wants_that_years_annual_reports_not_next_years_interim() -> None:
    ask = _ask("Which region had the highest revenue for Acme during FY2022?")
    assert best_files(ask, [ACME], WINDOW) == ["ACME_2022_10K.pdf", "ACME_2022Q4_EARNINGS.pdf"]
    assert doc_fit(ask, 2023, "Q2", WINDOW) == PARTIAL  # repeats only the prior year's interim period
    assert doc_fit(ask, 2023, "FY", WINDOW) == LATER  # next year's annual report repeats the year
    assert doc_fit(ask, 2019, "FY", WINDOW) == OTHER
    assert doc_fit(ask, 2022, None, WINDOW) == LATER  # an 8-K of the year may hold it, below the 10-K


def test_a_span_of_years_wants_the_latest_report_which_holds_all_of_them() -> None:
    ask = _ask("What is Acme's 2 year revenue CAGR from FY2020 to FY2022?")
    assert best_files(ask, [ACME], WINDOW) == ["ACME_2022_10K.pdf", "ACME_2022Q4_EARNINGS.pdf"]
    assert doc_fit(ask, 2020, "FY", WINDOW) == PARTIAL


def test_a_span_longer_than_any_report_prints_wants_the_reports_of_both_ends() -> None:
    wide = [*ACME, _rec("ACME_2016_10K.pdf", 2016, "FY")]
    ask = _ask("acme retained earnings: how much bigger at the end of FY2022 than at the end of FY2016?")
    assert best_files(ask, [wide], WINDOW) == [
        "ACME_2022_10K.pdf",
        "ACME_2022Q4_EARNINGS.pdf",
        "ACME_2016_10K.pdf",
    ]


def test_guidance_for_a_year_is_in_the_year_end_report_of_the_year_before() -> None:
    ask = _ask("Is growth in Acme's adjusted EPS expected to accelerate in FY2023?")
    assert ask is not None and ask.forward and ask.target == 2022
    assert "ACME_2023Q2_EARNINGS.pdf" not in best_files(ask, [ACME], WINDOW)


def test_a_quarter_wants_that_quarters_reports_and_a_half_year_the_second_quarters() -> None:
    ask = _ask("Acme operating margin in Q2 of FY2023")
    assert best_files(ask, [ACME], WINDOW) == ["ACME_2023Q2_EARNINGS.pdf", "ACME_2023Q2_10Q.pdf"]
    assert doc_fit(_ask("Acme revenue in H1 FY2023"), 2023, "Q2", WINDOW) == FIT


def test_no_year_or_no_report_of_the_period_means_no_preference() -> None:
    assert _ask("Who are Acme's primary customers?") is None
    assert best_files(_ask("Acme revenue in FY2015"), [ACME], WINDOW) == []
    assert best_files(_ask("Acme revenue in FY2017"), [ACME], WINDOW) == []  # the 2020 10-K ends at 2018


def test_a_year_no_report_of_the_window_holds_is_read_in_the_annual_report_two_years_on() -> None:
    # the FY2020 10-K prints its cash flow statement for 2020, 2019 and 2018
    assert best_files(_ask("How much did Acme pay in dividends in 2018?"), [ACME], WINDOW) == [
        "ACME_2020_10K.pdf"
    ]
    assert doc_fit(_ask("Acme revenue in FY2022"), None, None, WINDOW) == 0.0  # undated: neutral


def test_a_quarter_compared_with_the_year_before_wants_the_latest_quarters_report() -> None:
    ask = _ask("Acme gross margin in Q2 FY2023 versus Q2 FY2022")
    assert best_files(ask, [ACME], WINDOW) == ["ACME_2023Q2_EARNINGS.pdf", "ACME_2023Q2_10Q.pdf"]
    assert doc_fit(ask, 2022, "FY", WINDOW) == PARTIAL


def test_a_period_end_the_question_writes_wants_the_report_ending_then_whatever_its_fiscal_name() -> None:
    june_filer = [
        DocumentRecord(
            "id-k",
            "AMCOR_2023_10K.pdf",
            "pdf",
            "filing",
            "en",
            10,
            DocumentMeta(company="Amcor", fiscal_year=2023, fiscal_period="FY", period_end="2023-06-30"),
            AccessInfo(),
        ),
        DocumentRecord(
            "id-q",
            "AMCOR_2023Q2_10Q.pdf",
            "pdf",
            "filing",
            "en",
            10,
            DocumentMeta(company="Amcor", fiscal_year=2023, fiscal_period="Q2", period_end="2022-12-31"),
            AccessInfo(),
        ),
    ]
    ask = _ask("Amcor free cash flow for the six months ended December 31, 2022")
    assert best_files(ask, [june_filer], WINDOW) == ["AMCOR_2023Q2_10Q.pdf"]
    # a calendar-year filer's June balance is in its second-quarter 10-Q, not the year's 10-K
    ask = _ask("Acme total assets as of June 30, 2023")
    assert doc_fit(ask, 2023, "Q2", WINDOW, "2023-06-30") == FIT
    assert doc_fit(ask, 2023, "FY", WINDOW, "2023-12-31") < FIT
    assert doc_fit(_ask("J&J cash as of January 1, 2023"), 2022, "FY", WINDOW, "2023-01-01") == FIT


def test_a_company_whose_documents_carry_no_year_is_searched_in_all_of_them() -> None:
    meta = DocumentMeta(company="南岭民爆", report_type="prospectus")
    prospectus = DocumentRecord("id-p", "nanling.pdf", "pdf", "prospectus", "zh", 10, meta, AccessInfo())
    periods = find_periods("2005年度的主营业务收入")
    asked = period_ask(QueryAnalysis("q", "q", "zh", "lookup", periods=periods))
    assert best_files(asked, [[prospectus]], WINDOW) == ["nanling.pdf"]  # not a year range it cannot match
    assert best_files(asked, [ACME, [prospectus]], WINDOW) == []  # Acme has no report of 2005
