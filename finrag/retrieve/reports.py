"""Reports a question names by their form: "J&J's 8-K dated August 30, 2023", "the fourth-quarter earnings
release", "according to its 10-Q", "招股意向书".

A filer's 8-K that recasts a quarter, or its earnings release, holds figures its 10-Q or 10-K prints
differently (restated for a separation, rounded, adjusted); a question naming the form wants that report.
:func:`named_reports` narrows each company's reports to the forms named (and, among several, to those
filed within a week of a day the question writes out), so docfit's period choice runs among those.
"""

from __future__ import annotations

import re

from finrag.model import DocumentRecord
from finrag.retrieve.docfit import days_near
from finrag.retrieve.periods import report_days

FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("8-K", re.compile(r"\b8-?K\b", re.I)),
    ("10-Q", re.compile(r"\b10-?Q\b", re.I)),
    ("10-K", re.compile(r"\b10-?K\b", re.I)),
    ("earnings_release", re.compile(r"\b(?:earnings|press) release\b", re.I)),
    ("prospectus", re.compile(r"\bprospectus\b|招股(?:说明|意向)书", re.I)),
    ("annual_report", re.compile(r"年度报告|年报")),
)
FILED_NEAR_DAYS = 7  # an 8-K's event date and the date it is filed (and called "dated") differ by days


def named_forms(text: str) -> list[str]:
    """Report forms ``text`` names, in :data:`FORMS` order."""
    return [form for form, pattern in FORMS if pattern.search(text)]


def named_reports(text: str, records: list[DocumentRecord]) -> list[DocumentRecord]:
    """The ``records`` of the forms ``text`` names (those filed nearest a day it writes out, when several
    are); [] when it names none or the company has none of them (no constraint)."""
    forms = named_forms(text)
    mine = [r for r in records if r.meta.report_type in forms]
    days = report_days(text)
    near = [
        r
        for r in mine
        if r.meta.report_date and any(days_near(r.meta.report_date, d, FILED_NEAR_DAYS) for d in days)
    ]
    return near or mine
