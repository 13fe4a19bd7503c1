"""A company's debt as its balance sheet prints it: the debt rows (short-term borrowings, the current
portion of long-term debt, long-term debt) summed for a year, every row cited. Two uses: whether debt rose
between two years ("Has Microsoft increased its debt on balance sheet between FY2023 and the FY2022
period?": the yes or no read off the two sums), and an English debt-to-equity ratio the question does not
define (total debt over total equity, as analysts and FinanceBench work it; not total liabilities)."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.calc import calc_text, compute
from finrag.answer.concepts import CONCEPTS
from finrag.answer.formula_base import Formula
from finrag.answer.judgment import is_yes_no
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import CiteFn, NumericAnswer, operand
from finrag.answer.query import AskedFor
from finrag.answer.statement_rows import statement_kind
from finrag.answer.units import format_number
from finrag.errors import AnswerError
from finrag.model import CalcInput, Calculation, Fact

_DEBT_ASKED = re.compile(
    r"\b(?:increas|decreas|reduc|rais|grow|grew|r[oi]se)\w*\b[^?]*\bdebt\b|\bdebt\b[^?]*\b(?:increas|decreas|reduc|grow|grew|r[oi]se)\w*",
    re.I,
)
TOTAL_DEBT = "total debt"  # printed by some filers (Corning): used as is, its parts are not added again
# Rows that are debt on a balance sheet (the lexicon's borrowings plus the names filers print for notes)
DEBT_ROWS = frozenset(
    normalise(s)
    for s in (
        *CONCEPTS["short_term_borrowings"],
        *CONCEPTS["long_term_borrowings"],
        "loans and notes payable",
        "notes payable",
        "commercial paper",
        "commercial paper and other short-term debt",
        "debt maturing within one year",
        "long-term debt, net",
        "long-term debt, net of current portion",
        "long-term debt, less current portion",
        "long-term debt, excluding current portion",
        TOTAL_DEBT,
    )
    if s.isascii()
)
DEBT_ITEMS = [LineItemMatch("", name, 0) for name in sorted(DEBT_ROWS)]
CASH = LineItemMatch("cash", "cash and cash equivalents", 0)  # what net debt takes off the debt rows


def asks_debt_change(asked: AskedFor) -> bool:
    """A yes/no question on whether debt rose or fell between two years, with no formula of its own."""
    return (
        asked.language == "en"
        and len(asked.years) == 2
        and asked.formula is None
        and asked.definition is None
        and is_yes_no(asked)
        and bool(_DEBT_ASKED.search(asked.question))
        and not _DEBT_RATIO.search(asked.question)
    )


# "Did Best Buy's debt to earnings ratio rise": a ratio the filer prints, not its debt
_DEBT_RATIO = re.compile(r"\bdebt[- ](?:to|/)[- ]?[a-z]+(?:[- ][a-z]+)?\s+ratio\b", re.I)


def asks_debt_ratio(asked: AskedFor) -> bool:
    """An English debt-to-equity ratio without the question's own definition ("Activision Blizzard
    debt-to-equity at end of 2019?"); a Chinese 产权比率 is total liabilities over equity by definition."""
    return (
        asked.language == "en"
        and asked.formula is not None
        and asked.formula.name == "debt_to_equity"
        and (asked.definition is None or _defined_as_debt(asked))
    )


_DEBT_TERM = re.compile(r"(?:total )?debt", re.I)


def _defined_as_debt(asked: AskedFor) -> bool:
    """The question's own definition is this ratio's: total debt over equity ("(total debt incl. current
    portion / total stockholders' equity)")."""
    terms = asked.definition.terms if asked.definition else []
    return (
        len(terms) == 2
        and _DEBT_TERM.fullmatch(terms[0].item.printed) is not None
        and terms[1].item.concept == "equity"
    )


def _debt_table(facts: list[Fact], doc_rank: dict[str, int]) -> dict[str, dict[int, Fact]]:
    """The best-ranked document's balance-sheet debt rows by label and fiscal year (each row's first
    printing)."""
    rows = [
        f
        for f in facts
        if f.line_item_norm in DEBT_ROWS and statement_kind(f.statement) == "balance" and f.value is not None
    ]
    if not rows:
        return {}
    best_doc = min({f.doc_id for f in rows}, key=lambda d: doc_rank.get(d, len(doc_rank)))
    by_label: dict[str, dict[int, Fact]] = {}
    for f in sorted((f for f in rows if f.doc_id == best_doc), key=lambda f: f.page):
        if f.fiscal_year is not None and f.fiscal_period in (None, "FY"):
            by_label.setdefault(f.line_item_norm, {}).setdefault(f.fiscal_year, f)
    return by_label


def _with_long_term(rows: dict[str, Fact]) -> dict[str, Fact] | None:
    """A printed total debt row alone (its parts are not added again); None without a long-term row."""
    if TOTAL_DEBT in rows:
        return {TOTAL_DEBT: rows[TOTAL_DEBT]}
    if not any(k.startswith("long-term") for k in rows):
        return None
    return rows


# "net debt", not "net debt issuance" or "net debt to EBITDA"; a filer's own reported or defined measure is
# read as printed ("What net debt did 3M report, and how does 3M define it")
_NET_DEBT = re.compile(r"\bnet debt\b(?!\s+(?:issu|repay|proceeds|to\b))", re.I)
_FILER_MEASURE = re.compile(r"\b(?:report|defin)\w*", re.I)


def asks_net_debt(asked: AskedFor) -> bool:
    """An English net debt (total debt less cash and cash equivalents) asked on its own, by name or by
    that definition; not one the question defines otherwise ("minus short-term investments"), nor a ratio
    built on it ("net debt to EBITDA")."""
    terms = asked.definition.terms if asked.definition else []
    return (
        asked.language == "en"
        and _NET_DEBT.search(asked.question) is not None
        and _FILER_MEASURE.search(asked.question) is None
        and (asked.formula is None or asked.formula.name not in ("ratio", "debt_to_equity"))
        and "ebitda" not in asked.question.lower()
        and (
            not terms
            or (
                len(terms) == 2
                and _DEBT_TERM.fullmatch(terms[0].item.printed) is not None
                and terms[1].item.concept == "cash"
            )
        )
    )


def _year_debt(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], other: LineItemMatch
) -> tuple[int, list[Fact], Fact] | None:
    """The year asked (the latest printed when none is), its balance-sheet debt rows (largest first) and
    ``other``'s balance that year in the same document; None without a long-term debt row or ``other``."""
    table = _debt_table(facts, doc_rank)
    years = {y for v in table.values() for y in v}
    year = max(asked.years) if asked.years else max(years, default=None)
    if year is None:
        return None
    debt = _with_long_term({k: v[year] for k, v in table.items() if year in v})
    if debt is None:
        return None
    day = asked.dates[0] if asked.instant and len(asked.dates) == 1 else None
    if day is not None and any(f.period_end not in (None, day) for f in debt.values()):
        return None  # "net debt at March 31, 2023": no fiscal year-end's balance stands in for that day
    doc = next(iter(debt.values())).doc_id
    balance = [f for f in facts if f.doc_id == doc and statement_kind(f.statement) == "balance"]
    found = best_fact(balance, Want(other, year), asked, doc_rank)
    if found is None:
        return None
    return year, sorted(debt.values(), key=lambda f: abs(f.value or Decimal(0)), reverse=True), found


def _debt_calculation(
    asked: AskedFor, found: tuple[int, list[Fact], Fact], formula: Formula, cite: CiteFn
) -> NumericAnswer | None:
    """``formula`` worked out over the year's debt rows and the other balance (its last operand)."""
    year, rows, other = found
    operands = [operand(f, f"{f.line_item.strip()} ({year})", cite) for f in [*rows, other]]
    try:
        calc = compute(formula, operands, places=asked.places, lang="en")
    except AnswerError:  # no balance printed as a number to divide by
        return None
    used = [*rows, other]
    return NumericAnswer(calc_text(calc, operands, "en"), used, calc, [f.fact_id for f in used], calc.result)


def _summed_rows(count: int) -> str:
    """ "({0} + {1} + {2})": the debt rows added up (one row alone as itself)."""
    summed = " + ".join("{" + str(i) + "}" for i in range(count))
    return f"({summed})" if count > 1 else summed


def _over_debt(
    asked: AskedFor,
    facts: list[Fact],
    doc_rank: dict[str, int],
    cite: CiteFn,
    other: LineItemMatch,
    names: tuple[str, str, str],
    sign: str,
) -> NumericAnswer | None:
    """The year's debt rows added up, then divided by (``sign`` "/") or less (``sign`` "−") ``other``'s
    balance; ``names``: the formula's key, Chinese and English names."""
    found = _year_debt(asked, facts, doc_rank, other)
    if found is None:
        return None
    last = len(found[1])

    def worked(xs: list[Decimal]) -> Decimal:
        debt = sum((abs(x) for x in xs[:-1]), Decimal(0))
        return debt / xs[-1] if sign == "/" else debt - xs[-1]

    formula = Formula(
        *names,
        ("total_debt",) * last + (other.concept,),
        f"{_summed_rows(last)} {sign} {{{last}}}",
        worked,
        False,
        (),
        same_unit=sign == "−",
    )
    return _debt_calculation(asked, found, formula, cite)


def debt_ratio_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Total debt (the balance sheet's debt rows) over total equity at the year asked (the latest printed
    when none is), from one document; None without a long-term debt row or an equity row that year."""
    equity = LineItemMatch("equity", "total equity", 0)
    return _over_debt(
        asked, facts, doc_rank, cite, equity, ("debt_to_equity", "产权比率", "Debt-to-equity ratio"), "/"
    )


def net_debt_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Net debt: the balance sheet's debt rows less cash and cash equivalents at the year asked (the latest
    printed when none is), from one document; None without a long-term debt row or a cash row that year."""
    return _over_debt(asked, facts, doc_rank, cite, CASH, ("net_debt", "净债务", "Net debt"), "−")


def debt_change_answer(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The balance sheet's debt rows for both years summed and compared; None without a long-term debt
    row printed for both years."""
    later, earlier = max(asked.years), min(asked.years)
    table = _debt_table(facts, doc_rank)
    both = {k: v for k, v in table.items() if later in v and earlier in v}
    if (kept := _with_long_term({k: v[later] for k, v in both.items()})) is None:
        return None
    pairs = {k: both[k] for k in kept}
    calcs = {year: _summed(year, [v[year] for v in pairs.values()], cite) for year in (earlier, later)}
    before, now = calcs[earlier], calcs[later]
    up = now.result > before.result
    rose = _DEBT_ASKED.search(asked.question)
    asked_up = bool(rose and re.search(r"increas|rais|grow|grew|r[oi]se", rose.group(0), re.I))
    moved = "rose" if up else "fell"
    was, became = format_number(before.result, None), format_number(now.result, None)
    by = format_number(abs(now.result - before.result), None)
    head = (
        f"{'Yes' if up == asked_up else 'No'}. Debt on the balance sheet {moved} by {by}, from {was} in "
        f"FY{earlier} to {became} in FY{later}."
    )
    change = f"Change = {became} − {was} = {format_number(now.result - before.result, None)}"
    text = "\n".join([head, before.text, now.text, change])
    chosen = [f for v in pairs.values() for f in v.values()]
    shown = "\n".join([before.text, now.text, change])
    merged = replace(now, inputs=[*before.inputs, *now.inputs], text=shown)
    return NumericAnswer(text, chosen, merged, [f.fact_id for f in chosen], now.result)


def _summed(year: int, rows: list[Fact], cite: CiteFn) -> Calculation:
    """One year's debt: its rows by size, each cited, added up (one row is its own total)."""
    unit = rows[0].unit
    inputs = [CalcInput(f"{f.line_item.strip()} ({year})", abs(f.value), f.unit, cite(f)) for f in rows]
    total = sum((i.value for i in inputs), Decimal(0))
    parts = " + ".join(f"{format_number(i.value, None)} [{i.citation}]" for i in inputs)
    names = " + ".join(i.label for i in inputs)
    text = f"Debt FY{year} = {names} = {parts} = {format_number(total, None)}" + (f" {unit}" if unit else "")
    return Calculation("sum", names, inputs, total, unit, text)
