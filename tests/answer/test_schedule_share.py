"""The share of a maturity schedule due in a year or after one, read off the schedule table the context
prints: the table the question names, its column the question names, each cell cited."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.query import analyze
from finrag.answer.schedule_share import asks_schedule_share, schedule_answer

from .helpers import make_chunk, make_doc

AMORTIZATION = """Note 7 Intangibles
(in millions)
| Fiscal Year | (In millions) |
| 2023 | $ 2,804 |
| 2024 | 2,286 |
| 2025 | 2,061 |
| 2026 | 1,951 |
| 2027 | 1,844 |
| 2028 and thereafter | 11,978 |
| Total | $ 22,924 |"""

COMMITMENTS = """Note 16 Commitments
(in millions)
| Year | (In millions) |
| 2023 .............................. | $6,489 |
| 2024 .............................. | 1,434 |
| 2025 . . . . . . . . . . . . . . . | 271 |
| 2026 .............................. | 129 |
| 2027 .............................. | 85 |
| 2028 and thereafter ............... | 202 |
| Total unconditional purchase commitments | $8,610 |"""

LEASES = """Note 6 Leasing Arrangements
(in millions)
| Years | Operating Leases | Finance Leases |
| 2022 | $4,383 | $402 |
| 2023 | 4,169 | 344 |
| 2024 | 3,908 | 275 |
| 2025 | 3,521 | 155 |
| 2026 | 3,173 | 150 |
| Thereafter | 12,335 | 69 |
| Total lease payments | 31,489 | 1,395 |
| Less interest | 4,427 | 70 |"""


def _context() -> list:
    doc = make_doc([], company="Acme", year=2022, language="en", unit_line="")
    texts = (AMORTIZATION, COMMITMENTS, LEASES)
    return [(n + 1, make_chunk(doc, t, 80 + n, table_ref=f"t{n}", n=n)) for n, t in enumerate(texts)]


def _result(question: str) -> Decimal | None:
    found = schedule_answer(analyze(question), _context())
    return found.calculation.result if found is not None and found.calculation is not None else None


def test_the_schedule_the_question_names_and_the_year_asked() -> None:
    question = "Of Acme's total future unconditional purchase commitments, what percentage falls due in 2023?"
    assert asks_schedule_share(analyze(question))
    found = schedule_answer(analyze(question), _context())
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("75.37")  # 6,489 / 8,610, never the amortization table
    assert "[2]" in found.text and "6,489" in found.text


def test_the_bucket_after_the_listed_years_in_the_column_named() -> None:
    # 12,335 / 31,489 operating leases; the finance leases column is another schedule
    operating = "What percentage of Acme's operating lease payments is due after 2026?"
    assert _result(operating) == Decimal("39.17")
    # 2026's payments and the bucket after them
    after_2025 = _result("What percentage of Acme's operating lease payments is due after 2025?")
    assert after_2025 == Decimal("49.25")  # (3,173 + 12,335) / 31,489


def test_no_share_without_the_schedule_asked() -> None:
    assert _result("What percentage of Acme's lease payments is due after 2026?") is None  # which column?
    # 2027 is not listed: the bucket after the listed years starts after 2026
    assert _result("What percentage of Acme's operating lease payments is due after 2027?") is None
    assert not asks_schedule_share(analyze("What percentage of Acme's 2023 revenue came from leases?"))


MATURITIES = """Note 18 Debt: aggregate principal maturities of long-term debt (in millions)
| 2020 | $995 |
| 2021 | 990 |
| 2022 | 2,073 |
| 2023 | 1,678 |
| 2024 | 617 |
| Thereafter | 22,460 |"""

TWO_SCHEDULES = """Note 9 Leases (in millions)
| Finance leases | |
| 2020 | 33 |
| 2021 | 74 |
| 2022 | 22 |
| Operating leases | |
| 2020 | 137 |
| 2021 | 105 |
| 2022 | 70 |
| Total future undiscounted lease payments | 226 |"""


def test_a_span_of_years_over_a_schedule_printing_no_total() -> None:
    """ "falls due in 2020 through 2024": those years added up, over all the lines when no total is printed;
    a table stacking two schedules under one total answers nothing."""
    doc = make_doc([], company="Acme", year=2019, language="en", unit_line="")
    context = [(1, make_chunk(doc, TWO_SCHEDULES, 90, table_ref="t1", n=1))]
    question = "What share of Acme's principal maturities of long-term debt falls due in 2020 through 2022?"
    assert schedule_answer(analyze(question), context) is None
    context.append((2, make_chunk(doc, MATURITIES, 101, table_ref="t2", n=2)))
    found = schedule_answer(analyze(question.replace("2022?", "2024?")), context)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("22.05")  # 6,353 / 28,813
    assert "22,460" in found.text and "[2]" in found.text


RELATIVE = """Note 15 Leases (MILLIONS)
| Period | Operating Lease Liabilities |
| Next one year (a) | $520 |
| 1-2 years | 417 |
| 2-3 years | 322 |
| 3-4 years | 279 |
| 4-5 years | 217 |
| Thereafter | 1,865 |
| Total undiscounted lease payments | 3,621 |
| Less: Imputed interest | 661 |"""


def test_a_schedule_by_years_from_now_and_the_bucket_after_five_years() -> None:
    """ "falls due after five years" of "Next one year … 4-5 years | Thereafter": the bucket after the
    five listed years; a calendar year asked of it answers nothing; over a schedule by calendar years, the
    years five after its first."""
    doc = make_doc([], company="Acme", year=2021, language="en", unit_line="")
    context = [(1, make_chunk(doc, RELATIVE, 70, table_ref="t1", n=1))]
    question = "Of Acme's undiscounted operating lease payments, what percentage falls due after five years?"
    found = schedule_answer(analyze(question), context)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("51.51")  # 1,865 / 3,621
    thereafter = "Of Acme's operating lease payments, what share falls due in the 'Thereafter' bucket?"
    assert _result_in(thereafter, context) == Decimal("51.51")
    assert _result_in(question.replace("after five years", "in 2023"), context) is None
    assert _result(question) == Decimal("39.17")  # 2022's schedule: the years after 2026, its Thereafter


def _result_in(question: str, context: list) -> Decimal | None:
    found = schedule_answer(analyze(question), context)
    return found.calculation.result if found is not None and found.calculation is not None else None


DEBT = """Contractual obligations
(in millions)
| (Dollars in Millions) | Tax Legislation (TCJA) | Debt Obligations | Interest on Debt Obligations | Total |
| 2023 | $1,522 | 1,551 | 893 | 3,966 |
| 2024 | 2,029 | 1,392 | 843 | 4,264 |
| 2025 | 2,536 | 1,667 | 789 | 4,992 |
| 2026 | — | 1,996 | 744 | 2,740 |
| After 2026 | — | 19,562 | 8,772 | 28,334 |
| Total | $6,087 | 28,439 | 12,777 | 47,303 |"""


def test_the_amount_of_two_years_of_a_schedule_added_up() -> None:
    doc = make_doc([], company="Acme", year=2022, language="en", unit_line="")
    context = [(1, make_chunk(doc, DEBT, 39, table_ref="t1"))]
    question = "How much of Acme's long-term debt is scheduled to mature in 2023 and 2024 combined?"
    assert asks_schedule_share(analyze(question))
    found = schedule_answer(analyze(question), context)
    # the "Debt Obligations" column, not the interest on it
    assert found is not None and found.calculation is not None and found.calculation.result == Decimal(2943)



def test_one_year_of_a_schedule_is_its_line_when_the_question_names_all_of_it() -> None:
    doc = make_doc([], company="Acme", year=2022, language="en", unit_line="")
    context = [(1, make_chunk(doc, DEBT, 39, table_ref="t1"))]
    found = schedule_answer(analyze("How much of Acme's debt obligations mature in 2023?"), context)
    assert found is not None and found.result == Decimal(1551) and "[1]" in found.text
    # "Debt Obligations" says more than "long-term debt": no line of this schedule answers it
    assert schedule_answer(analyze("How much of Acme's long-term debt matures in 2023?"), context) is None
    assert not asks_schedule_share(analyze("How much revenue was due to price increases in 2023?"))
    # a line naming a part of the item asked is not all of it
    leases = """Noncancelable future lease commitments are: (in millions)
| In Millions | Operating Leases | Capital Leases |
| Fiscal 2020 | $ 119.2 | $ 0.4 |
| Fiscal 2021 | 91.8 | 0.1 |
| Fiscal 2022 | 70.5 | — |
| Total | $ 496.1 | $ 0.5 |"""
    asked = analyze("How much principal on long-term debt and capital leases matures in 2021?")
    assert schedule_answer(asked, [(1, make_chunk(doc, leases, 100, table_ref="t2"))]) is None


BUCKETS = """Contractual Obligations (in millions)
| | | Less | | | |
| | | than 1 | 1-3 | 3-5 | After 5 |
| (Dollars in millions) | Total | year | years | years | years |
| Long-term debt (including current portion) | $13,932 | $3,137 | $1,927 | $1,326 | $7,542 |
| Total contractual obligations | $183,376 | $75,462 | $47,138 | $30,168 | $30,608 |"""

FISCAL = """Contractual obligations
| In Millions | Total | 2020 | 2021-22 | 2023-24 | 2025 and Thereafter |
| Long-term debt | $11,624.8 | $1,396.2 | $3,366.5 | $2,136.9 | $4,725.2 |
| Purchase obligations | 2,961.8 | 2,605.1 | 275.2 | 48.9 | 32.6 |"""


def test_a_schedule_of_several_year_buckets_under_a_heading_printed_over_lines() -> None:
    """ "Less | than 1 | year" over three lines is the first year's bucket; "2021-22" buckets count as the
    schedule's periods."""
    doc = make_doc([], company="Acme", year=2018, language="en", unit_line="")
    context = [(1, make_chunk(doc, BUCKETS, 40, table_ref="t1", n=1))]
    within = "What share of Acme's contractual obligations at December 31, 2018 was due within one year?"
    assert _result_in(within, context) == Decimal("41.15")  # 75,462 / 183,376
    context = [(1, make_chunk(doc, FISCAL, 33, table_ref="t2", n=2))]
    purchases = "What share of Acme's purchase obligations falls due in fiscal 2020?"
    assert _result_in(purchases, context) == Decimal("87.96")  # 2,605.1 / 2,961.8


PROSE_MATURITIES = """NOTE 12. Long-Term Debt
Future Maturities of Long-term Debt. The maturities of long-term debt for the periods subsequent to
December 31, 2022 are as follows (in millions):
2023 2024 2025 2026 2027 After 2027 Total
$ 1,938 $ 1,100 $ 1,865 $ 1,438 $ 845 $ 8,753 $ 15,939 As a result of put provisions, payments due in
2023 include floating rate notes."""

PROSE_LEASES = """NOTE 12. Long-Term Debt
Maturities of lease liabilities were as follows:
| (Millions) | Finance Leases | Operating Leases |
| 2023 | $19 | $268 |
| 2024 | 18 | 192 |
| 2025 | 11 | 131 |
| 2026 | 9 | 83 |
| 2027 | 7 | 55 |
| After 2027 | 26 | 162 |
| Total | 90 | 891 |"""


def test_a_schedule_the_page_reader_left_as_two_lines_of_running_text() -> None:
    doc = make_doc([], company="3M", year=2022, language="en", unit_line="")
    texts = (PROSE_LEASES, PROSE_MATURITIES)
    context = [(n + 1, make_chunk(doc, t, 76 + n, table_ref=f"t{n}", n=n)) for n, t in enumerate(texts)]
    question = "3M 2022 10-K: what share of long-term debt (carrying value at 12/31/22) matures after 2027?"
    asked = analyze(question)
    found = schedule_answer(asked, context)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("54.92")  # 8,753 / 15,939, never the leases' 162 / 891
    assert "[2]" in found.text
    # a line of years over a line of other words is no schedule
    words = PROSE_MATURITIES.replace("$ 1,938 $ 1,100", "Payments $ 1,938 $ 1,100")
    assert schedule_answer(asked, [(1, make_chunk(doc, words, 77, table_ref="t1", n=1))]) is None


SPANNED = """Contractual Commitments (in millions)
|  |  |  | Payments Due By Period |  |  |
|  |  | Less Than | Years | Years | After |
|  | Total | 1 Year | 2 and 3 | 4 and 5 | 5 Years |
| Total debt | $13,299 | $500 | $625 | $1,060 | $11,114 |
| Total contractual cash obligations | $78,523 | $29,049 | $22,389 | $6,596 | $20,489 |"""


def test_a_heading_spanning_the_buckets_is_no_part_of_their_labels() -> None:
    """ "Payments Due By Period" printed over the buckets names none of them; "Years 2 and 3" is a bucket."""
    doc = make_doc([], company="Acme", year=2020, language="en", unit_line="")
    context = [(1, make_chunk(doc, SPANNED, 53, table_ref="t1", n=1))]
    question = (
        "Based on Acme's contractual commitments table as of December 31, 2020, what portion of total"
        " contractual cash obligations was due in less than one year?"
    )
    assert _result_in(question, context) == Decimal("36.99")  # 29,049 / 78,523


LATER = """Note 4 – Goodwill and Acquired Intangibles
Amortization expense for acquired finite-lived intangible assets was $248 million in 2022. Estimated future
amortization expense is as follows: $248 million in 2023; $244 million in 2024; $220 million in 2025; $209
million in 2026; $201 million in 2027 and $1.1 billion thereafter."""

EARLIER = """Note 4 – Goodwill and Acquired Intangibles
Amortization expense for acquired finite-lived intangible assets was $271 million, $284 million and $296
million in 2020, 2019 and 2018. Estimated future amortization expense is as follows: $290 million in 2021;
$252 million in 2022; $249 million in 2023; $245 million in 2024; $223 million in 2025 and $1.3 billion
thereafter."""

RESPECTIVELY = """Other Intangible Assets, Net
Annual amortization expense is expected to be approximately $119 million, $123 million, $121 million,
$101 million and $94 million for years 2023 through 2027, respectively."""


def test_a_schedule_a_sentence_states_is_summed_over_every_year_asked() -> None:
    doc = make_doc([], company="Acme", year=2022, language="en", unit_line="")
    # "$X million in 2023; $Y million in 2024; …": the later report's schedule starts after 2021, so the years
    # 2021 through 2025 are the earlier report's, all five of them (never 2023-2025 alone)
    context = [(n + 1, make_chunk(doc, t, 80 + n, n=n)) for n, t in enumerate((LATER, EARLIER))]
    question = (
        "What is the total estimated future amortization expense for Acme's acquired finite-lived intangible"
        " assets for the five years 2021 through 2025? Answer in USD millions."
    )
    found = schedule_answer(analyze(question), context)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal(1259) and "[2]" in found.text  # 290 + 252 + 249 + 245 + 223
    # "$119 million, $123 million, … for years 2023 through 2027, respectively"
    stated = [(1, make_chunk(doc, RESPECTIVELY, 81))]
    expected = "What is the total amortization expense Acme expects to record over 2023 through 2027?"
    found = schedule_answer(analyze(expected), stated)
    assert found is not None and found.calculation is not None and found.calculation.result == Decimal(558)
    assert "million" in found.text


STACKED = """Note 15. Leases
| Future minimum lease payments for leases in effect at December 28, 2019 were (in millions): |  |  |
|  | Operating | Finance |
|  | Leases | Leases |
| 2020 | $168 | $33 |
| 2021 | 131 | 74 |
| 2022 | 96 | 22 |
| Thereafter | 167 | 80 |
| Total future undiscounted lease payments | 562 | 209 |
| Less imputed interest | (83) | (40) |
| Total lease liability | $479 | $169 |
| Future minimum lease payments under the prior standard at December 29, 2018 were: |  |  |
|  |  | Capital Leases |
| 2019 |  | $185 |
| 2020 |  | 137 |
| 2021 |  | 105 |
| Thereafter |  | 148 |"""


def test_a_schedule_stacked_over_last_year_s_is_read_on_its_own() -> None:
    # the second schedule lists 2019-2021 again: read apart, the operating column of the first is whole
    doc = make_doc([], company="Acme", year=2019, language="en", unit_line="")
    context = [(1, make_chunk(doc, STACKED, 105, table_ref="t1"))]
    question = "Acme, end of 2019: what portion of its undiscounted operating lease payments is due in 2020?"
    found = schedule_answer(analyze(question), context)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("29.89")  # 168 / 562
