"""A question's own formula (see :mod:`finrag.answer.definition`) worked out on cited facts: operands bound
to facts, the expression evaluated and shown by :mod:`finrag.answer.definition_eval`."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.calc import Formula, asks_change_amount, calc_text, compute
from finrag.answer.conversion import with_conversion
from finrag.answer.definition_eval import evaluate, template
from finrag.answer.definition_expr import Definition
from finrag.answer.definition_terms import (
    BASIS_LEAD,
    LATEST_TWO,
    Constant,
    Term,
    question_statement,
    zh_row_form,
)
from finrag.answer.lexicon import LineItemMatch, concept_of, find_line_items, heads, normalise
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import EXPENSE_ROW, LESS_ROW, OUTFLOW_CONCEPTS, CiteFn, NumericAnswer, operand
from finrag.answer.query import AskedFor
from finrag.answer.question_years import part_named_years, year_ended
from finrag.answer.statement_rows import statement_kind
from finrag.answer.table_context import SCOPE_ZH
from finrag.answer.text import singular
from finrag.errors import AnswerError
from finrag.model import Fact

# A result shown as a percentage: the question asks for one, or the metric is a margin or a rate
# "What share of Amazon's total assets was cash? Compute …": a share, not a bare ratio ("per share" is none)
_PERCENT = re.compile(
    r"%|\bpercent|\bmargin\b|\brate\b|(?<!per )\bshare\b|\bproportion\b|\bcagr\b|\bgrowth\b|百分比|率", re.I
)
_PLAIN_RATIOS = ("比率", "比", "周转率")  # 速动比率, 负债权益比, 应收账款周转率: a multiple, not a percentage
# an expense printed in brackets ("Interest expense, net of amounts capitalized (111,945)") is used by its
# size: a definition names the expense, not its sign; "Other income (expense)" or a tax benefit may be a
# true negative ("Income tax expense" is an expense)
_NOT_EXPENSE = re.compile(r"\b(?:income(?!\s+tax)|gains?|benefits?)\b", re.I)


# a cash flow row of money paid out, printed in brackets ("Purchase of property, plant, and equipment")
_PAID_ROW = re.compile(
    r"\s*(?:purchases?|payments?|repayments?|acquisitions?|capital expenditures?|additions? to"
    r"|dividends paid)\b",
    re.I,
)


# a share asked in percent ("what share of total income tax expense was deferred (A / B)")
_PERCENT_ASKED = re.compile(r"%|percent|百分比|\bwhat (?:share|proportion|portion)\b", re.I)


def defined_answer(
    asked: AskedFor, definition: Definition, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """Each operand's fact at the question's year (or the year the operand names), then the definition
    applied with Decimal arithmetic; None when an operand has no fact. A period end the question writes
    ("for the six months ended December 31, 2022") dates the operands that name no year of their own,
    where every one of them has a fact at it."""
    ended = year_ended(asked.question)  # "FY2022 (fiscal year ended January 28, 2023)": that column
    # the date of the one year asked (a per-year pass of "FY2020 and FY2021" keeps to its own year)
    # ("fiscal 2024 (six months ended July 29, 2023)": the fiscal year's label is no other year)
    labels = part_named_years(asked.question)
    own = [y for y in asked.years if y not in labels]
    # "current ratio at January 28, 2023" of "fiscal 2022": the one balance date written, whatever its year
    one_day = len(asked.dates) == 1 and asked.instant and int(asked.dates[0][:4]) in asked.years
    written = asked.dates[0] if asked.dates and not ended else None
    dated = written if written and (own == [int(written[:4])] or one_day) else None
    found = _bind(asked, definition, facts, doc_rank, dated) if dated else None
    found = found or _bind(asked, definition, facts, doc_rank, ended)
    if found is None:
        return None
    wants, chosen = found
    lang = asked.language
    if lang == "zh" and _unnamed_group(asked.question, chosen, facts):
        return None  # "产能利用率（产量÷产能）" over a table of products: whose, the question does not say
    scoped = any(t.scope for t in definition.terms)  # "合并…-母公司…": each operand shown with its scope
    operands = [
        operand(
            f, f"{_shown(f, w, scoped)} ({f.fiscal_year})" if f.fiscal_year else _shown(f, w, scoped), cite
        )
        for w, f in zip(wants, chosen, strict=True)
    ]
    subtracted = _subtracted(definition)
    ratio = not definition.additive()  # "purchases of property … divided by net sales": the outflow's size
    operands = [
        replace(op, value=abs(op.value))
        if w.item.concept in OUTFLOW_CONCEPTS
        or (f.value < 0 and EXPENSE_ROW.search(f.line_item) and not _NOT_EXPENSE.search(f.line_item))
        # a payment printed in brackets and subtracted ("less purchases of property and equipment"), on the
        # cash flow statement or in a reconciliation of free cash flow
        or (
            subtracted[j]
            and f.value < 0
            and (statement_kind(f.statement) == "cash_flow" or _PAID_ROW.match(f.line_item) is not None)
        )
        or (f.value < 0 and LESS_ROW.match(f.line_item) is not None)
        or (
            ratio
            and f.value < 0
            and statement_kind(f.statement) == "cash_flow"
            and _PAID_ROW.match(f.line_item)
        )
        else op
        for j, (op, w, f) in enumerate(zip(operands, wants, chosen, strict=True))
    ]
    grouped: list[list[int]] = []
    i = 0
    for t in definition.terms:
        n = 2 if t.average_of else 1
        grouped.append(list(range(i, i + n)))
        i += n

    def run(xs: list[Decimal]) -> Decimal:
        return evaluate(definition.tokens, [[xs[j] for j in g] for g in grouped])

    # "operating margin? (op income / net sales)": an unnamed definition of a named formula takes its name
    named = asked.formula if asked.formula is not None and asked.formula.named else None
    unnamed = "Result" if lang == "en" else "结果"
    name = definition.name or (named.en if named and lang == "en" else named.zh if named else unnamed)
    formula = Formula(
        "defined",
        name,
        name[:1].upper() + name[1:],
        ("*",) * len(operands),
        template(definition.tokens),
        run,
        # an amount (sums and differences) is never shown in percent: a percent asked of it is another step's
        not definition.additive()
        and (
            _in_percent(name, definition)
            or _PERCENT_ASKED.search(asked.question) is not None
            or (named is not None and not definition.name and named.percent)
        ),
        (),
        same_unit=definition.additive(),
    )
    try:
        change_too = asks_change_amount(asked.question)
        worked = compute(formula, operands, places=asked.places, lang=lang, change_too=change_too)
        calc = with_conversion(asked, worked, operands)
    except AnswerError:
        return None
    return NumericAnswer(calc_text(calc, operands, lang), chosen, calc, [f.fact_id for f in chosen])


_SHARE_NAME = re.compile(r"比例|比重|占")  # "研发经费占费用比例": a share of a whole
_TOTAL_WORD = re.compile(r"合计|总计|总额|^total\s+", re.I)


def _in_percent(name: str, definition: Definition) -> bool:
    """A margin, rate or share is shown in percent; a "比率" only when it is a part over its whole
    ("流动负债比率 = 流动负债合计 / 负债合计"), not a multiple ("速动比率", "流动比率"). (An amount never is:
    the caller asks this of ratios only.)"""
    if _SHARE_NAME.search(name):
        return True
    if not _PERCENT.search(name):
        return False
    if not name.endswith(_PLAIN_RATIOS):
        return True
    tokens = definition.tokens
    if len(tokens) != 3 or tokens[1] != "/" or not all(isinstance(t, Term) for t in tokens[::2]):
        return False
    part, whole = (_TOTAL_WORD.sub("", normalise(t.item.printed)) for t in definition.terms)
    return bool(whole) and whole in part and whole != part


def _bind(
    asked: AskedFor, definition: Definition, facts: list[Fact], doc_rank: dict[str, int], end: str | None
) -> tuple[list[Want], list[Fact]] | None:
    """The fact of every operand (undated ones at ``end`` when given), or None when one has none."""
    year = asked.years[0] if asked.years else None
    wants: list[Want] = []
    homes: list[str | None] = []  # the statement each operand is to be read from, where the definition says
    scopes: list[str | None] = []  # and the scope ("合并其他应收款-母公司其他应收款")
    # concepts two differently worded operands share ("short-term debt" and "current portion of long-term
    # debt"): those operands are looked up by their words; one item used twice keeps its concept
    home_named = question_statement(asked.question)  # "…, using the 2018 income statement"
    worded: dict[str, set[str]] = {}
    for t in definition.terms:
        # "reported diluted EPS" and "adjusted diluted EPS": one item on two bases, each read by its basis
        worded.setdefault(t.item.concept, set()).add(BASIS_LEAD.sub("", t.item.printed.lower()))
    for t in definition.terms:
        if t.average_of == LATEST_TWO and year is None:
            return None  # "应收账款平均余额" with no year asked: whose balances is not known
        named = list(t.average_of) if t.average_of else [t.year] if t.year is not None else []
        # the question's own year is shifted already ("Fiscal 2022 ended January 28, 2023")
        back = year - t.back if year is not None and t.back else year  # "上年净利润": the year before
        shift = 0 if t.dated else asked.year_offset  # "accounts payable at January 28, 2023": that date's
        years: list[int | None] = [y + shift for y in named] or [back]
        if t.average_of == LATEST_TWO and year is not None:
            years = [year + d for d in LATEST_TWO]
        item = t.item
        if item.concept and len(worded[item.concept]) > 1:
            item = replace(item, concept="")  # "short-term debt + current portion of long-term debt": by name
        # an operand of the year before ("期初…") is not read at the question's date
        if end and not t.average_of and t.year is None and not t.back:
            wants.append(Want(item, None, end))
            homes.append(t.statement or home_named)
            scopes.append(t.scope)
            continue
        wants.extend(Want(item, y) for y in reversed(years))  # the later balance first, as statements print
        homes.extend([t.statement or home_named] * len(years))
        scopes.extend([t.scope] * len(years))
    # "子公司净利润/合并利润表净利润": an operand left unscoped beside the group's own is another entity's
    # figure (a subsidiary's, stated in its paragraph), where the facts hold one
    others = [f for f in facts if f.scope not in ("consolidated", "parent")]
    scoped_items = {t.item.concept for t in definition.terms if t.scope}
    chosen: list[Fact] = []
    taken: dict[str, str] = {}  # fact id -> the operand it was read for
    for w, home, scope in zip(wants, homes, scopes, strict=True):
        entity = scope is None and w.item.concept in scoped_items and bool(others)
        # a row read for one operand is no other's ("交易性金融资产在持有期间的投资收益" is no 投资收益)
        pool_of = others if entity else facts
        cands = [f for f in pool_of if taken.get(f.fact_id, w.item.printed) == w.item.printed]
        home = None if entity else home
        # "depreciation and amortization from the cash flow statement": that statement's rows only
        read = [f for f in cands if statement_kind(f.statement) == home] if home else []
        scoped = replace(asked, scope=scope) if scope else asked  # "母公司其他应收款": the parent's rows
        tables = {(c.doc_id, c.table_ref) for c in chosen}  # the table the other operands came from first
        same_table = [f for f in read or cands if (f.doc_id, f.table_ref) in tables]
        # "federal + state + foreign" read under "Current:": the heading the other operands share, then the
        # table (its "Foreign" under no heading is pre-tax earnings)
        sections = {(c.doc_id, c.table_ref, c.section) for c in chosen if c.section}
        same_section = (
            [f for f in same_table if (f.doc_id, f.table_ref, f.section) in sections]
            if not w.item.within
            else []
        )  # an operand named with its own heading ("casino expenses") is read under that one
        pool = [f for f in read or cands if chosen and f.doc_id == chosen[0].doc_id] or read or cands
        f = next(
            (
                b
                for p in (same_section, same_table, pool)
                if (b := best_fact(p, w, scoped, doc_rank, fallback=False))
            ),
            None,
        )
        f = f or best_fact(cands, w, scoped, doc_rank) or _unqualified(cands, w, scoped, doc_rank)
        f = f or _zh_plain(cands, w, scoped, doc_rank) or _under_heading(cands, w, scoped, doc_rank)
        if f is None:
            return None
        chosen.append(f)
        taken[f.fact_id] = w.item.printed
    # an item may come twice ("(A − B) / B"); written differently ("第一季度营业收入", "全年营业收入": the
    # item at another offset of its operand) it is another operand: one cell for both is a wrong reading
    asked_for = {(w.item.printed.lower(), w.item.start, w.year, w.period_end) for w in wants}
    if len({(f.line_item_norm, f.fiscal_year, f.scope) for f in chosen}) < len(asked_for):
        return None  # one row standing for two operands: the definition was not read right
    return wants, chosen


def _shown(f: Fact, w: Want, scoped: bool = False) -> str:
    """The operand's row as shown in the steps, with its heading when read under one ("Subscription, cost
    of revenue" beside "Subscription" of revenue); a Chinese row without its lead-in ("其中：营业收入"),
    after its scope when operands of two scopes are taken ("母公司其他应收款")."""
    row = f.line_item.strip().rstrip(":")
    row = row if row.isascii() else SCOPE_ZH.get(f.scope, "") * scoped + normalise(row)
    heading = f.section.strip().rstrip(":")
    return f"{row}, {heading.lower()}" if w.item.within and heading and heads(heading, w.item.within) else row


def _subtracted(definition: Definition) -> list[bool]:
    """Per looked-up value: whether the definition subtracts it ("operating cash flow minus purchases of
    property …"); an outflow the cash flow statement prints in brackets is then taken by its size."""
    out: list[bool] = []
    previous: Term | Constant | str | None = None
    for t in definition.tokens:
        if isinstance(t, Term):
            out.extend([previous == "-"] * (2 if t.average_of else 1))
        previous = t
    return out


# "long-term debt excluding redeemable preferred stock": what the metric leaves out, not part of a row name
_QUALIFIER = re.compile(
    r"\s+(?:excluding|including|excl\.|incl\.|other than|but not)\b.*$"
    r"|(?<=\w)\s+(?:expenses?|costs?)$",  # "marketing expense": the income statement's "Marketing" row
    re.I,
)


def _unqualified(facts: list[Fact], w: Want, asked: AskedFor, doc_rank: dict[str, int]) -> Fact | None:
    """The row for an operand named with a qualifier no row prints, looked up by its name alone."""
    name = _QUALIFIER.sub("", w.item.printed)
    if name == w.item.printed or not name:
        return None
    item = LineItemMatch(concept_of(name) or "", name, w.item.start)
    return best_fact(facts, replace(w, item=item), asked, doc_rank)


def _under_heading(facts: list[Fact], w: Want, asked: AskedFor, doc_rank: dict[str, int]) -> Fact | None:
    """An operand named as its row and then its heading ("spectrum and other intangible amortization deferred
    tax liability"): the row ("Spectrum and other intangible amortization") under that heading ("Deferred Tax
    Liabilities")."""
    printed = singular(w.item.printed)
    for section in dict.fromkeys(f.section for f in facts if f.section):
        heading = singular(section.strip(" :"))
        if heading and printed.endswith(f" {heading}"):
            name = " ".join(w.item.printed.split()[: -len(heading.split())])
            under = [f for f in facts if f.section == section]
            return best_fact(under, replace(w, item=LineItemMatch("", name, w.item.start)), asked, doc_rank)
    return None


def _zh_plain(facts: list[Fact], w: Want, asked: AskedFor, doc_rank: dict[str, int]) -> Fact | None:
    """A Chinese operand named as its note's item and row ("固定资产账面净值合计"): that row, under the
    note."""
    row = zh_row_form(w.item)
    return best_fact(facts, replace(w, item=row), asked, doc_rank, fallback=False) if row else None


def _unnamed_group(question: str, chosen: list[Fact], facts: list[Fact]) -> bool:
    """An operand read under a row group that names a kind ("四氧化三锰" over its "产量（吨）" row, not a
    statement's heading such as "销售费用") which the question does not name, where its table prints the
    same row under other groups too."""
    for f in chosen:
        if not f.section or f.section in question or find_line_items(f.section):
            continue  # no group, the one named, or a statement item heading the rows
        key = (f.doc_id, f.table_ref, f.line_item_norm)
        if len({g.section for g in facts if (g.doc_id, g.table_ref, g.line_item_norm) == key}) > 1:
            return True
    return False
