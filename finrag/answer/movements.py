"""Roll-forward tables: an account's balance at the beginning of a year, what moved it, and its balance at the
end ("Schedule II - Valuation and Qualifying Accounts", a reserve's rollforward, a liability's activity).

Filers print them either way round: movements as rows under the account ("Allowance for doubtful accounts"
over "Balance at beginning of year", "Bad debt write-offs", "Balance at end of year", a column per fiscal
year), or as columns beside the account ("Sales returns reserve | Balance at Beginning of Period | Charged
to Costs and Expenses | Write-offs, Net | Balance at End of Period", a row per year). Read here as series:
one account's cells by year and label. A question naming the account is answered from its series:
- a movement it names ("bad debt write-offs", "charged to costs and expenses"): that cell, its share of the
  opening balance ("as a percentage of the allowance at the beginning of the year"), or its change between
  two years;
- the opening balance it names ("at the beginning of fiscal 2020");
- its change over a year ("how much did the returns reserve fall during 2019, in percent"): the closing
  balance against the opening one.
"""

from __future__ import annotations

import re
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from finrag.answer.calc import Operand, calc_text, compute
from finrag.answer.fact_access import asked_doc_ranks, citer, readable
from finrag.answer.formulas import FORMULAS, GROWTH_FORMULAS
from finrag.answer.judgment import is_yes_no
from finrag.answer.numeric import CiteFn, NumericAnswer
from finrag.answer.prepared import Prepared
from finrag.answer.query import AskedFor
from finrag.answer.quoted import value_text
from finrag.answer.rollforward import CLOSING, OPENING, introduced_item
from finrag.answer.text import singular_stem
from finrag.errors import AnswerError
from finrag.index.store import Store
from finrag.model import AccessScope, Fact, Filters, Hit

MIN_WORD = 3  # shorter words ("of", "to") name no account or movement
MIN_ACCOUNT_WORDS = 2  # one word ("decrease", "allowance") names no account: too many questions write it
# what a label says of when, not of which account: "For the fiscal year ended May 31, 2021", "At December
# 31, 2019", "Fiscal Year 2020", "2022"
_DATES = re.compile(
    r"(?:(?:for\s+the\s+)?(?:fiscal\s+)?(?:years?|quarters?|periods?)\s+ended\s+|(?:at|as\s+of)\s+)?"
    r"[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d{2}|\bfiscal\s+(?:year\s+)?(?:19|20)\d{2}\b|\b(?:19|20)\d{2}\b",
    re.I,
)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
# the question opens the account's year ("… of the allowance at the beginning of that fiscal year")
_ASKSOPENING = re.compile(
    r"\b(?:at|as\s+of)\s+the\s+(?:beginning|start)\s+of\b|\bopening\s+balance\b|\bbeginning(?:-of-year)?\s+"
    r"balance\b|\bbalance\s+at\s+the\s+beginning\b",
    re.I,
)
# "during 2019", "in fiscal 2016", "over the year": a change over one year
_OVER_YEAR = re.compile(
    r"\b(?:during|in|over|for)\s+(?:the\s+)?(?:fiscal\s+|fy\s*)?(?:(?:19|20)\d{2}|year)\b", re.I
)
# "did … go up", "rise", "fall": a yes/no question on which way the balance moved
_MOVED = re.compile(
    r"\b(?:go|went)\s+(?:up|down)\b|\b(?:rise|rose|fall|fell|increas|decreas|declin|grow|grew)\w*", re.I
)
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")
_NOTE_TITLE = re.compile(r"^\s*(?:note\s+\d+|\d{1,2}\.\s|item\s+\d)", re.I)
_BRACKETED = re.compile(r"\(([A-Za-z][^()]{3,60})\)")


def _words(text: str) -> set[str]:
    """The stems of ``text``'s words that may name an account or a movement."""
    low = _DATES.sub(" ", text).lower().replace("write-off", "writeoff")
    return {s for w in _WORD.findall(low) if len(w) >= MIN_WORD and (s := singular_stem(w)) not in _GENERIC}


# words of every such table, naming no account ("Schedule II - Valuation and Qualifying Accounts", "Col. B",
# "A summary of changes … consisted of the following"), as stems
_GENERIC = frozenset(
    singular_stem(w)
    for w in re.findall(
        r"\w+",
        "schedule valuation qualifying accounts note balance period year fiscal ended dollars millions "
        "thousands col rollforward roll forward changes following table activity segment other total the "
        "and for with from net summary company consisted our analysis",
    )
)


@dataclass(slots=True)
class Series:
    """One account's cells in one table: the words naming it and, by year, each label's cell."""

    doc_id: str
    words: set[str]
    name: str
    cells: dict[int, dict[str, Fact]]

    def role(self, year: int, pattern: re.Pattern[str]) -> Fact | None:
        return next((f for label, f in self.cells.get(year, {}).items() if pattern.search(label)), None)


def rollforwards(facts: list[Fact]) -> list[Series]:
    """The series of the tables that print an opening and a closing balance for an account's year."""
    tables: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for f in facts:
        tables[(f.doc_id, f.table_ref)].append(f)
    out: list[Series] = []
    for (doc_id, _), cells in tables.items():
        rows_are_roles = sum(1 for f in cells if OPENING.search(f.line_item) or CLOSING.search(f.line_item))
        columns_are_roles = sum(
            1 for f in cells if OPENING.search(f.column_label) or CLOSING.search(f.column_label)
        )
        if not rows_are_roles and not columns_are_roles:
            continue
        grouped: dict[str, dict[int, dict[str, Fact]]] = defaultdict(lambda: defaultdict(dict))
        for f in cells:
            role, other = (
                (f.line_item, f.column_label)
                if rows_are_roles >= columns_are_roles
                else (f.column_label, f.line_item)
            )
            year = f.fiscal_year or max((int(y) for y in _YEAR.findall(f"{other} {f.section}")), default=0)
            if year:  # the labels of the account's own row or column, without their dates
                own = " ".join(
                    t for t in (_DATES.sub(" ", t).strip(" ,:") for t in (f.section, other)) if _words(t)
                )
                grouped[" ".join(own.split())][year].setdefault(" ".join(role.split()), f)
        statement = cells[0].statement
        for own, by_year in grouped.items():
            name = _account(statement, own, [label for c in by_year.values() for label in c])
            s = Series(doc_id, _words(name), name, by_year)
            out += [s] if len(s.words) >= MIN_ACCOUNT_WORDS and _has_year(s) else []
    return out


def _account(statement: str, own: str, labels: list[str]) -> str:
    """The account's name a question must write: its table's title (the item a caption introduces, "changes
    in the Company's goodwill"; no note's title, "NOTE 10 — INCOME TAXES") with its own row or column label
    ("Pharmaceutical Segment" over "Accrued returns", "CONSOLIDATED STATEMENTS OF SHAREOWNERS' EQUITY" over
    "TREASURY STOCK"), else a name its balance labels give in brackets ("Ending Balance (card member
    receivables reserve)"), else the title alone."""
    title = "" if _NOTE_TITLE.match(statement) else (introduced_item([statement]) or statement.strip(" :"))
    named = [m.group(1) for label in labels if (m := _BRACKETED.search(label)) and _words(m.group(1))]
    title = title if _words(title) else ""  # "Schedule II - Valuation and Qualifying Accounts": no name
    return f"{title} {own}".strip() if own else (named or [title])[0]


def _has_year(s: Series) -> bool:
    return any(s.role(y, OPENING) and s.role(y, CLOSING) for y in s.cells)


def _asked_series(asked: AskedFor, found: list[Series], doc_rank: dict[str, int]) -> Series | None:
    """The series whose account the question writes every word of, the most words (then the better-ranked
    document's); None when none, or two accounts tie."""
    words = _words(asked.question)
    scored = [((-len(s.words), doc_rank.get(s.doc_id, len(doc_rank))), s) for s in found if s.words <= words]
    scored.sort(key=lambda t: t[0])
    if not scored:
        return None
    best, tied = scored[0], [s for k, s in scored[1:] if k == scored[0][0] and s.name != scored[0][1].name]
    return None if tied else best[1]


def _named_movement(s: Series, year: int, words: set[str]) -> str | None:
    """The movement label of ``s`` the question writes every word of, beyond the account's own words
    ("purchases of stock for treasury" names no movement of the treasury stock account); None when it names
    two that say different things ("write-offs" beside "expected credit losses": a comparison)."""
    labels = [
        (lw, label)
        for label in s.cells.get(year, {})
        if not OPENING.search(label) and not CLOSING.search(label)
        if (lw := _words(label)) and lw <= words
    ]
    labels.sort(key=lambda t: -len(t[0]))
    if not labels or not s.words - labels[0][0] or any(not lw <= labels[0][0] for lw, _ in labels[1:]):
        return None
    return labels[0][1]


def movement_answer(
    asked: AskedFor, found: list[Series], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The cell, share or change of the roll-forward account the question names; None when it names none."""
    if asked.language != "en" or not asked.years or (s := _asked_series(asked, found, doc_rank)) is None:
        return None
    year, first = max(asked.years), min(asked.years)
    formula = asked.formula.name if asked.formula is not None else ""
    formula = "yoy_growth" if formula == "cagr" else formula
    opening_asked = _ASKSOPENING.search(asked.question) is not None
    opening, closing = s.role(year, OPENING), s.role(year, CLOSING)
    begun = [] if opening is None else [("Balance at beginning", opening, year)]
    if (moved := _named_movement(s, year, _words(asked.question))) is not None:
        cell = (moved, s.cells[year][moved], year)
        earlier = s.cells.get(first, {}).get(moved) if first < year else None
        if formula in ("share_of_total", "ratio") and opening_asked and begun:
            return _worked("share_of_total", [cell, *begun], s, cite)
        if formula in (*GROWTH_FORMULAS, "difference") and earlier is not None:
            return _worked(formula, [cell, (moved, earlier, first)], s, cite)
        return _quoted(cell, s, cite) if not formula else None
    if opening_asked and not formula:
        return _quoted(begun[0], s, cite) if begun else None
    over_year = first in (year, year - 1) and _OVER_YEAR.search(asked.question) is not None
    if not formula and is_yes_no(asked) and _MOVED.search(asked.question):
        formula = "difference"  # "did its LIFO reserve go up in fiscal 2020": by how much, either way
    if formula in ("yoy_growth", "difference") and over_year and closing is not None and begun:
        return _worked(formula, [("Balance at end", closing, year), *begun], s, cite)
    return None


def _operand(label: str, f: Fact, year: int, s: Series, cite: CiteFn, moved: bool) -> Operand:
    value = abs(f.value) if moved else f.value  # "(22.9)" written off: an amount taken out of the account
    return Operand(f"{label} ({s.name}, {year})", value, f.unit, f.scale, cite(f))


def _worked(name: str, cells: list[tuple[str, Fact, int]], s: Series, cite: CiteFn) -> NumericAnswer | None:
    balances = (OPENING, CLOSING)
    operands = [
        _operand(label, f, year, s, cite, not any(p.search(label) for p in balances))
        for label, f, year in cells
    ]
    try:
        calc = compute(FORMULAS[name], operands, lang="en")
    except AnswerError:
        return None
    facts = [f for _, f, _ in cells]
    return NumericAnswer(calc_text(calc, operands, "en"), facts, calc, [f.fact_id for f in facts])


def _quoted(cell: tuple[str, Fact, int], s: Series, cite: CiteFn) -> NumericAnswer:
    label, f, _ = cell
    text = f"{label} ({s.name}, {f.column_label or f.line_item}): {value_text(f, 'en')} [{cite(f)}]."
    return NumericAnswer(text, [f], None, [f.fact_id], f.value)


def movements_step(store: Store, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
    """The roll-forward account a question names, read off its filer's retrieved reports."""
    asked = prep.asked
    if asked.language != "en" or not asked.years:
        return None
    doc_rank = asked_doc_ranks(store, prep, hits, fallback=False)
    access = prep.request.filters.access
    words = _words(asked.question)
    named = [s for d in doc_rank for s in _doc_series(store, d, access) if s.words <= words]
    if not named:
        return None
    cells = [f for s in named for by_year in s.cells.values() for f in by_year.values()]
    cells, by_chunk, extra = readable(store, prep, cells)  # only the cells whose chunk the caller may read
    return movement_answer(asked, rollforwards(cells), doc_rank, citer(prep, by_chunk, extra))


SERIES_CACHE_DOCS = (
    256  # documents whose roll-forward series a store keeps between questions (read once each)
)
_series_caches: WeakKeyDictionary[
    Store, OrderedDict[tuple[str, int, frozenset[str] | None], list[Series]]
] = WeakKeyDictionary()


def _doc_series(store: Store, doc_id: str, access: AccessScope) -> list[Series]:
    """A document's roll-forward series as the caller may see them, read once per store and caller scope
    (a document's facts change only with its content, and so its id); a closed store's go with it."""
    cache = _series_caches.setdefault(store, OrderedDict())
    key = (doc_id, access.max_level, access.groups)
    if key not in cache:
        cache[key] = rollforwards(store.get_facts(Filters(access=access, doc_ids=[doc_id])))
        while len(cache) > SERIES_CACHE_DOCS:
            cache.popitem(last=False)
    cache.move_to_end(key)
    return cache[key]
