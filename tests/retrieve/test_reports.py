"""Reports a question names by their form and day: "J&J's 8-K dated August 30, 2023"."""

from __future__ import annotations

from finrag.model import AccessInfo, DocumentMeta, DocumentRecord
from finrag.retrieve.periods import find_periods, report_days
from finrag.retrieve.reports import named_forms, named_reports


def _rec(file: str, form: str, year: int, period: str | None, day: str | None = None) -> DocumentRecord:
    meta = DocumentMeta(
        company="Acme", report_type=form, fiscal_year=year, fiscal_period=period, report_date=day
    )
    return DocumentRecord("id-" + file, file, "pdf", "filing", "en", 10, meta, AccessInfo())


ACME = [
    _rec("ACME_2022_10K.pdf", "10-K", 2022, "FY"),
    _rec("ACME_2023Q2_EARNINGS.pdf", "earnings_release", 2023, "Q2"),
    _rec("ACME_2023_8K_dated-2023-05-05.pdf", "8-K", 2023, None, "2023-05-03"),
    _rec("ACME_2023_8K_dated-2023-08-30.pdf", "8-K", 2023, None, "2023-08-30"),
]


def _files(question: str) -> list[str]:
    return [r.file for r in named_reports(question, ACME)]


def test_a_named_form_and_its_day_pick_that_report() -> None:
    q = "In Acme's 8-K dated August 30, 2023, what were net earnings for the second quarter of 2023?"
    assert _files(q) == ["ACME_2023_8K_dated-2023-08-30.pdf"]  # not the Q2 release the quarter points to
    # filed two days after the event it reports: still that 8-K
    assert _files("the 8-K filed on May 5, 2023") == ["ACME_2023_8K_dated-2023-05-05.pdf"]
    assert _files("Acme's 8-K about its 2023 annual meeting") == [r.file for r in ACME if "8K" in r.file]
    assert _files("Acme's Q2 2023 earnings release: net sales?") == ["ACME_2023Q2_EARNINGS.pdf"]


def test_no_form_named_or_none_of_that_form_is_no_constraint() -> None:
    assert _files("Acme net sales for the second quarter of 2023") == []
    assert _files("According to Acme's 10-Q, what were net sales?") == []  # Acme has no 10-Q here
    assert named_forms("招股意向书披露的2005年营业收入") == ["prospectus"]
    assert named_forms("the 10-K and the 10-Q") == ["10-Q", "10-K"]


def test_the_day_a_report_is_dated_is_no_period_asked() -> None:
    q = "In Acme's 8-K dated August 30, 2023, what were net earnings for the second quarter of 2023?"
    assert [(p.fiscal_year, p.fiscal_period) for p in find_periods(q)] == [(2023, "Q2")]
    assert report_days(q) == ["2023-08-30"]
    assert [p.period_end for p in find_periods("Acme's cash as of August 30, 2023")] == ["2023-08-30"]
    assert report_days("Acme's cash as of August 30, 2023") == []
