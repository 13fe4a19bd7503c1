"""Yes/no questions an analyst answers with a metric ("Does Adobe have an improving operating margin
profile as of FY2022?", "Are JnJ's FY2022 financials that of a high growth company?", "Does Amcor have
positive working capital based on FY2023 data?"): the metric worked out on cited facts, for the year asked
and the year before where the question asks about a direction, and the yes or no read off those figures.
The verdict is only ever a comparison of the shown figures (up or down, above or below zero); judgements
without a fixed rule ("capital-intensive", "high growth") show the figures and no verdict."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from finrag.answer.asks import EN_LESS, YES_NO, ZH_LESS
from finrag.answer.formula_words import SHARE_ASKED
from finrag.answer.formulas import BY_HOW_MUCH, FORMULAS
from finrag.answer.fractions import fraction_answer, fraction_compared
from finrag.answer.numeric import CiteFn, NumericAnswer, value_text
from finrag.answer.query import AskedFor
from finrag.answer.question_years import without_year_ended
from finrag.answer.units import format_number
from finrag.model import Calculation, Fact

_IMPROVING = re.compile(r"\bimprov\w*|\bexpand\w*|\bincreas\w*|\bgrow(?:ing|n)?\b|\brising\b", re.I)
_WORSENING = re.compile(
    r"\bdeclin\w*|\bdeteriorat\w*|\bcontract\w*|\bdecreas\w*|\bfalling\b|\bshrink\w*", re.I
)
_POSITIVE = re.compile(r"\bpositive\b", re.I)
_NEGATIVE = re.compile(r"\bnegative\b", re.I)
# Metrics where a lower figure is the better one: "improving" means it fell
_LOWER_IS_BETTER = ("debt_to_asset", "debt_to_equity", "days_sales_outstanding", "days_inventory_outstanding")


def is_yes_no(asked: AskedFor) -> bool:
    return asked.language == "en" and bool(YES_NO.search(asked.question))


def asks_direction(asked: AskedFor) -> bool:
    """A yes/no question about a metric moving ("improving operating margin profile") as of one year (or
    between the two it names)."""
    q = asked.question
    named = asked.definition is not None or (asked.formula is not None and asked.formula.named)
    return (
        is_yes_no(asked)
        and len(asked.years) in (1, 2)
        and named
        and bool(_IMPROVING.search(q) or _WORSENING.search(q))
    )


def two_years(
    asked: AskedFor, year: int, prior: int, answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> tuple[NumericAnswer, NumericAnswer, Calculation, Calculation] | None:
    """The metric worked out for ``year`` and for ``prior`` (a written fiscal-year end belongs to ``year``
    only) with both results; None when either cannot be worked out."""
    earlier = replace(asked, years=[prior], question=without_year_ended(asked.question))
    now, before = answer_for(replace(asked, years=[year])), answer_for(earlier)
    if now is None or before is None or now.calculation is None or before.calculation is None:
        return None
    return now, before, now.calculation, before.calculation


def direction_answer(
    asked: AskedFor, answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> NumericAnswer | None:
    """The metric for the year asked and the year before, and whether it moved the way the question says;
    None when either year cannot be worked out."""
    year = max(asked.years)
    prior = min(asked.years) if len(asked.years) == 2 else year - 1
    if (both := two_years(asked, year, prior, answer_for)) is None:
        return None
    now, before, nc, bc = both
    a, b = nc.result, bc.result
    if a == b:
        return None  # no direction to read: the figures are shown by the plain calculation instead
    up = a > b
    better = not up if asked.formula is not None and asked.formula.name in _LOWER_IS_BETTER else up
    asks_better = not _WORSENING.search(asked.question)
    wording = re.search(r"\bimprov|\bdeteriorat", asked.question, re.I)
    moved = ("improved" if better else "deteriorated") if wording else ("rose" if up else "fell")
    asked_up = asks_better if wording else bool(_IMPROVING.search(asked.question))
    yes = (better if wording else up) == asked_up
    unit = nc.unit or ""
    shown = f"{format_number(a, None)}{unit} in FY{year} from {format_number(b, None)}{unit} in FY{prior}"
    metric = asked.definition.name if asked.definition else asked.formula.en if asked.formula else "It"
    # a margin's move in points ("deteriorated by 1.99 percentage points"), shown as a step of its own
    delta = (a - b).quantize(Decimal(1).scaleb(-_POINT_PLACES)) if unit == "%" else None
    steps = [bc.text, nc.text]
    if delta is not None:
        moved += f" by {format_number(abs(delta), None)} percentage points"
        steps.append(
            f"Change = {format_number(a, None)}% − {format_number(b, None)}% = {format_number(delta, None)}"
        )
    verdict = f"{'Yes' if yes else 'No'}. {metric[:1].upper()}{metric[1:]} {moved}: {shown}."
    calc = replace(nc, inputs=[*bc.inputs, *nc.inputs], text="\n".join(steps))
    return NumericAnswer(
        "\n".join([verdict, before.text, now.text, *steps[2:]]),
        [*before.facts, *now.facts],
        calc,
        [*before.detail, *now.detail],
        a,
    )


def sign_answer(asked: AskedFor, found: NumericAnswer | None) -> NumericAnswer | None:
    """ "Does Amcor have positive working capital?": yes or no from the sign of the worked-out figure."""
    q = asked.question
    if found is None or found.calculation is None or not is_yes_no(asked):
        return found
    if not (_POSITIVE.search(q) or _NEGATIVE.search(q)):
        return found
    positive = found.calculation.result > 0
    yes = positive if _POSITIVE.search(q) else not positive
    return replace(found, text=f"{'Yes' if yes else 'No'}. " + found.text)


# "What is the FY2020 - FY2021 change in unadjusted EBITDA % margin": the later ratio less the earlier one
# "By how many percentage points did the margin change from 2018 to 2019?", "how much did it shrink"
_CHANGE_IN = re.compile(r"\bchange in\b|\bpercentage points?\b|\bbasis points\b", re.I)
_IN_POINTS = re.compile(r"\b(?:percentage|basis)\s+points?\b|\bin\s+points\b", re.I)


def asks_change(asked: AskedFor) -> bool:
    """A change asked of a ratio or margin between two years (in points, not a growth rate of one item)."""
    formula = asked.formula
    ratio = asked.definition is not None or (formula is not None and formula.named and formula.percent)
    asking = asked.question.split("?")[0]  # "change in inventory between …" inside a definition is no ask
    dated = asked.definition is not None and any(t.year or t.average_of for t in asked.definition.terms)
    if asked.language == "zh":  # "应收账款周转率比2009年提高了多少次": any named ratio, printed or worked out
        # a ratio defined or named, not a difference defined ("增加额=期末余额-期初余额")
        defined = asked.definition is not None and not asked.definition.additive()
        named = defined or (formula is not None and formula.named)
        return len(asked.years) == 2 and named and not dated and bool(_ZH_CHANGE.search(asked.question))
    # "gross profit margin change in fiscal 2023, in percentage points": against the year before
    years = len(asked.years) == 2 or (len(asked.years) == 1 and _IN_POINTS.search(asking) is not None)
    return (
        asked.language == "en"
        and years
        and ratio
        and not dated
        and bool(_CHANGE_IN.search(asking) or BY_HOW_MUCH.search(asking.lower()))
    )


def share_in_points(asked: AskedFor) -> AskedFor | None:
    """An English question asking by how many points one item's share of another changed between two periods
    ("by how many percentage points did noninterest expense as a share of total net revenue change in the
    first half of 2022 versus the first half of 2021"): asked as that share, worked out for each period."""
    if asked.language != "en" or len(asked.line_items) != 2 or len(set(asked.years)) != 2:
        return None
    if not (_IN_POINTS.search(asked.question) and SHARE_ASKED.search(asked.question)):
        return None
    return replace(asked, formula=FORMULAS["share_of_total"], definition=None)


_ZH_CHANGE = re.compile(r"(?:提高|下降|增加|减少|上升|降低|变动|变化|增减|高出|低了)了?多少")


def _printed_calc(found: NumericAnswer | None) -> NumericAnswer | None:
    """A ratio quoted from the one row that prints it, read as a result of its own (its value and unit)."""
    if found is None or found.calculation is not None or len(found.facts) != 1:
        return found
    f = found.facts[0]
    calc = Calculation("printed", f.line_item, [], f.value, "%" if f.unit == "%" else None, found.text)
    return replace(found, calculation=calc)


_EXACT_PLACES = 6  # ratios worked this precisely before their difference is taken
_BASIS_POINTS = re.compile(r"\bbasis points?\b|\bbps\b", re.I)
BASIS_POINTS_PER_POINT = 100  # one percentage point is 100 basis points
_POINT_PLACES = 2  # a change in points is shown to two decimals unless the question asks otherwise


def change_answer(
    asked: AskedFor, answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> NumericAnswer | None:
    """The ratio for each of the two years and the later one less the earlier (percentage points)."""
    year = max(asked.years)
    prior = min(asked.years) if len(set(asked.years)) > 1 else year - 1  # one year asked: the year before
    zh = asked.language == "zh"
    # a Chinese filing prints its ratios by year (also asked in English): the printed row answers each year
    answer_for = _with_printed(answer_for)
    if (both := two_years(asked, year, prior, answer_for)) is None:
        return None
    nc, bc = both[2], both[3]
    a, b = nc.result, bc.result
    # the difference of the unrounded ratios, rounded once: 26.507% − 24.765% is 1.74 points, not 1.75
    exact = two_years(replace(asked, places=_EXACT_PLACES), year, prior, answer_for)
    unrounded = exact[2].result - exact[3].result if exact else a - b
    delta = unrounded.quantize(
        Decimal(1).scaleb(-(asked.places if asked.places is not None else _POINT_PLACES))
    )
    unit = nc.unit or ""
    points = " percentage points" if unit == "%" else ""
    if points and _BASIS_POINTS.search(asked.question):  # "by how many basis points": 0.80 points is 80
        points += f" ({format_number(unrounded * BASIS_POINTS_PER_POINT, 0)} basis points)"
    if zh:  # "提高了多少次": a turnover's change in times, a rate's in points
        points = "个百分点" if unit == "%" else ("次" if "次" in asked.question else "")
    quarter = asked.quarters[0] if len(set(asked.quarters)) == 1 else ""
    label = (lambda y: f"{quarter} {y}") if quarter else (lambda y: f"{y}年" if zh else f"FY{y}")
    shown_a, shown_b = f"{format_number(a, None)}{unit}", f"{format_number(b, None)}{unit}"
    shown_delta = f"{format_number(delta, None)}{points}"
    word = "变动" if zh else "Change"
    line = f"{word} = {shown_a} ({label(year)}) − {shown_b} ({label(prior)}) = {shown_delta}"
    return two_year_answer(both, line, "change", "later − earlier", delta, unit or None, zh)


def two_year_answer(
    both: tuple[NumericAnswer, NumericAnswer, Calculation, Calculation],
    line: str,
    formula: str,
    expression: str,
    result: Decimal,
    unit: str | None,
    zh: bool = False,
) -> NumericAnswer:
    """The two years' worked figures (from ``two_years``) and the ``line`` working out ``result`` from them,
    as one answer citing both."""
    now, before, nc, bc = both
    calc = replace(
        nc,
        formula=formula,
        expression=expression,
        inputs=[*bc.inputs, *nc.inputs],
        result=result,
        unit=unit,
        text="\n".join([bc.text, nc.text, line]),
    )
    return NumericAnswer(
        "\n".join([before.text, now.text, line + ("。" if zh else ".")]),
        [*before.facts, *now.facts],
        calc,
        [*before.detail, *now.detail],
        result,
    )


def _with_printed(
    answer_for: Callable[[AskedFor], NumericAnswer | None],
) -> Callable[[AskedFor], NumericAnswer | None]:
    # each year's ratio asked on its own: "比2004年增加了多少" asks no change amount of either year
    return lambda a: _printed_calc(answer_for(replace(a, question=_ZH_CHANGE.sub("是", a.question))))


def comparison_answer(
    asked: AskedFor, found: NumericAnswer | None, answer_for: Callable[[AskedFor], NumericAnswer | None]
) -> NumericAnswer | None:
    """ "Did X's net income in Q2 2022 exceed Q2 2021's?": the figure of each year (looked up in ``found``,
    or a metric worked out per year by ``answer_for``) and yes or no as the first compares with the second
    the way the question says; None when the two figures are not both at hand."""
    first, second = asked.years[0], asked.years[1]
    zh = asked.language == "zh"
    # a ratio named or a share asked ("华北区市场收入占主营业务收入的比重"): worked out for each year
    worked = asked.formula is not None and (asked.formula.named or asked.formula.percent)
    if worked or asked.definition is not None:
        if (both := two_years(asked, first, second, answer_for)) is None:
            return None
        now, before, nc, bc = both
        a, b, unit = nc.result, bc.result, nc.unit or ""
        facts, text = [*before.facts, *now.facts], "\n".join([now.text, before.text])
        calc: Calculation | None = replace(
            nc, inputs=[*bc.inputs, *nc.inputs], text="\n".join([nc.text, bc.text])
        )
        formula = asked.formula
        named = (formula.zh if zh else formula.en) if formula else ""
        name = asked.definition.name if asked.definition else named
    else:
        by_year = {f.fiscal_year: f for f in (found.facts if found else [])}
        if found is None or first not in by_year or second not in by_year:
            return None
        a, b, unit = by_year[first].value, by_year[second].value, ""
        facts, text, calc = found.facts, found.text, found.calculation
        name = asked.line_items[0].printed
    if a == b:
        return None  # one figure read for both years, or no difference to call
    less = ZH_LESS.search(asked.question) if zh else EN_LESS.search(asked.question.split("?")[0])
    yes = a < b if less else a > b
    cites = "".join(dict.fromkeys(re.findall(r"\[\d+\]", text)))  # the figures' own citations
    if zh:
        shown = f"{format_number(a, None)}{unit}（{first}年）对比{format_number(b, None)}{unit}（{second}年）"
        verdict = f"{'是' if yes else '否'}。{name}：{shown}{cites}。"
    else:
        shown = f"{format_number(a, None)}{unit} ({first}) versus {format_number(b, None)}{unit} ({second})"
        verdict = f"{'Yes' if yes else 'No'}. {name[:1].upper()}{name[1:]}: {shown} {cites}."
    return NumericAnswer(f"{verdict}\n{text}", facts, calc, found.detail if found else [], a)


def growth_items_answer(
    asked: AskedFor,
    now: tuple[Fact | None, Fact | None],
    before: tuple[Fact | None, Fact | None],
    names: tuple[str, str],
    cite: CiteFn,
) -> NumericAnswer | None:
    """ "Did REVPAR grow faster than ADR year over year?": each item's growth from the period before, and yes
    or no as the first's compares with the second's; None unless all four figures are different cells."""
    facts = [*now, *before]
    if any(f is None for f in facts) or len({f.fact_id for f in facts if f is not None}) < len(facts):
        return None
    rates: list[Decimal] = []
    lines: list[str] = []
    for name, new, old in zip(names, now, before, strict=True):
        assert new is not None and old is not None
        if old.value == 0:
            return None
        rate = (new.value - old.value) / abs(old.value) * PERCENT
        rates.append(rate)
        lines.append(
            f"{name} {format_number(rate, GROWTH_PLACES)}% ({value_text(new, 'en')} [{cite(new)}] from "
            f"{value_text(old, 'en')} [{cite(old)}])"
        )
    if rates[0] == rates[1]:
        return None
    slower = GROWTH_SLOWER.search(asked.question.split("?")[0]) is not None
    yes = rates[0] < rates[1] if slower else rates[0] > rates[1]
    text = f"{'Yes' if yes else 'No'}. Growth: " + " versus ".join(lines) + "."
    worked = [  # the two growth rates, worked out: what the citation check accepts them as
        f"{name} growth = ({format_number(new.value, None)} − {format_number(old.value, None)}) / "
        f"{format_number(abs(old.value), None)} = {format_number(rate, GROWTH_PLACES)}%"
        for name, new, old, rate in zip(names, now, before, rates, strict=True)
        if new is not None and old is not None
    ]
    calc = Calculation("yoy_growth", "(new − old) / old", [], rates[0], "%", "\n".join(worked))
    return NumericAnswer(text, [f for f in facts if f is not None], calc, [f.fact_id for f in facts if f])


def rates_answer(asked: AskedFor, rates: tuple[Fact, Fact], cite: CiteFn) -> NumericAnswer | None:
    """ "营业成本增速是否高于营业收入增速": yes or no as the first printed growth rate compares with the
    second (signed: a fall is the slower growth), each quoted with its column."""
    first, second = rates
    if first.value == second.value:
        return None
    less = ZH_LESS.search(asked.question) if asked.language == "zh" else GROWTH_SLOWER.search(asked.question)
    yes = first.value < second.value if less else first.value > second.value
    lang = asked.language
    joint = "为" if lang == "zh" else ": "
    shown = [f"{f.column_label}{joint}{value_text(f, lang)}[{cite(f)}]" for f in rates]
    verdict = ("是" if yes else "否") if lang == "zh" else ("Yes" if yes else "No")
    text = f"{verdict}。{'，'.join(shown)}。" if lang == "zh" else f"{verdict}. {' versus '.join(shown)}."
    return NumericAnswer(text, [first, second], None, [first.fact_id, second.fact_id])


GROWTH_SLOWER = re.compile(r"\bslower\b|\bless\b", re.I)
PERCENT = Decimal(100)
GROWTH_PLACES = 1  # growth rates compared in a yes/no answer are shown to one decimal


def items_answer(
    asked: AskedFor, pair: tuple[Fact | None, Fact | None], names: tuple[str, str], cite: CiteFn
) -> NumericAnswer | None:
    """ "Did Best Buy spend more cash on share repurchases than on dividends?": the two items' figures of the
    period and yes or no as the first compares with the second by size (an outflow printed in brackets is
    an amount spent); None unless both are found as different cells in one unit."""
    first, second = pair
    if first is None or second is None or first.fact_id == second.fact_id:
        return None
    if (first.unit == "%") != (second.unit == "%"):
        return None
    # a row whose table stated no unit is in its filing's unit ("| Research, development … | 1,862 |" beside
    # capital expenditures "in millions")
    pairs = ((first, second), (second, first))
    a, b = (abs(f.value * (f.scale if f.unit or not o.unit else o.scale)) for f, o in pairs)
    if a == b:
        return None
    less = (
        ZH_LESS.search(asked.question)
        if asked.language == "zh"
        else EN_LESS.search(asked.question.split("?")[0])
    )
    if (fraction := fraction_compared(asked.question, asked.language)) is not None:
        return fraction_answer(asked, (first, second), names, fraction, cite, less=bool(less))
    yes = a < b if less else a > b
    sizes = [replace(f, value=abs(f.value)) for f in (first, second)]
    if asked.language == "zh":
        shown = "，".join(f"{n}为{value_text(f, 'zh')}[{cite(f)}]" for n, f in zip(names, sizes, strict=True))
        return NumericAnswer(
            f"{'是' if yes else '否'}。{shown}。", [first, second], None, [first.fact_id, second.fact_id]
        )
    shown = " versus ".join(
        f"{n} {value_text(f, 'en')} [{cite(f)}]" for n, f in zip(names, sizes, strict=True)
    )
    verdict = f"{'Yes' if yes else 'No'}. {shown[:1].upper()}{shown[1:]}."
    return NumericAnswer(verdict, [first, second], None, [first.fact_id, second.fact_id])
