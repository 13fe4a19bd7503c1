"""Who a company's largest customer or supplier was ("2006年度的第一大客户是谁？", "Who was X's largest
supplier in 2008?"): the row ranked first by amount in the year's top-customer (top-supplier) table, with
its amount and its printed share; never a guess from prose.

Prospectuses and annual reports list the five largest customers and suppliers by year ("前五名客户销售金额",
"前五大供应商情况"); the N-th largest is the row with the N-th largest amount of the year, totals aside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from finrag.answer.calc import DEFAULT_PLACES, HUNDRED, rounded
from finrag.answer.numeric import CiteFn, NumericAnswer, value_text
from finrag.answer.query import AskedFor
from finrag.answer.statement_rows import HOME_STATEMENT
from finrag.answer.units import format_number
from finrag.model import CalcInput, Calculation, Fact

_ZH_RANKS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5}
_EN_RANKS = {"largest": 1, "biggest": 1, "top": 1, "second largest": 2}
_ASKED_ZH = re.compile(r"(?:第(?P<n>[一二三四五1-5])大|最大的?)(?P<kind>客户|供应商|股东)")
# "前五大客户中排第二的", "前五名供应商里排名第三": a rank within the listed ones
_RANKED_ZH = re.compile(
    r"前\s*(?:[五十]|5|10)\s*(?:名|大|位)?(?P<kind>客户|供应商|股东)[中里]?(?:排名|排在|排)?第(?P<n>[一二三四五1-5])"
)
# a shareholder list ranks by the shares held at the period's end ("期末持股数量"), not by the year's change
_HOLDING = re.compile(r"持股数量|持股数")
_ASKED_EN = re.compile(
    r"\b(?P<rank>second[- ]largest|largest|biggest|top)\s+(?P<kind>customer|supplier|vendor)s?\b", re.I
)
_KIND_WORDS = {
    "客户": "客户",
    "供应商": "供应商",
    "股东": "股东",
    "customer": "客户",
    "supplier": "供应商",
    "vendor": "供应商",
}
# the title of a table listing the largest counterparties ("前五名客户", "前5大供应商", "主要客户")
_TOP_LIST = re.compile(r"前\s*(?:[五十]|5|10)\s*(?:名|大|位)|主要")
# rows that are no counterparty: totals, the top five's sum, the rest
_NOT_PARTY = re.compile(r"合\s*计|小\s*计|总\s*计|前[五5]名|其他|其它|total|others?", re.I)
_TOTAL_ROW = re.compile(r"合\s*计|小\s*计|总\s*计|前[五5]名|^total", re.I)
# "第一大客户的销售额占当年前五大客户销售额合计的比例": a share of the listed counterparties' sum, not
# the printed share of all sales
_OF_LISTED = re.compile(
    r"占[^，。？?]{0,12}前\s*[五5十]\s*(?:名|大)[^，。？?]{0,12}(?:合计|总额|之和|总计)"
    r"|\bof (?:the|its) (?:top|largest) (?:five|5|ten|10)\b",
    re.I,
)


# how a text words the largest counterparty when no table ranks them ("上海住友成为发行人报告期内第一大客户",
# "Our largest customer, Walmart Inc., represented …")
_WORDINGS = {
    "客户": ("第一大客户", "最大客户", "最大的客户", "largest customer", "largest customers"),
    "股东": ("第一大股东", "控股股东"),
    "供应商": (
        "第一大供应商",
        "最大供应商",
        "最大的供应商",
        "largest supplier",
        "largest suppliers",
        "largest vendor",
    ),
}


@dataclass(slots=True, frozen=True)
class PartyAsked:
    kind: str  # "客户" or "供应商": the word the table's title or text prints
    rank: int  # 1 for the largest
    phrase: str  # as the question writes it ("第一大客户")

    @property
    def holders(self) -> bool:
        """A shareholder ranked: by shares held at the report's end (columns without a year), not money."""
        return self.kind == "股东"


def party_balance(asked: AskedFor) -> str | None:
    """The balance a question asks of a ranked customer or supplier ("对第一大客户的应收账款余额"): the
    counterparty tables print sales and purchases, never what one of them owes. Only for a question
    ``asked_party`` finds a party in."""
    return next((m.printed for m in asked.line_items if HOME_STATEMENT.get(m.concept) == "balance"), None)


def asked_party(asked: AskedFor) -> PartyAsked | None:
    """The counterparty rank a question asks for, if any."""
    if m := _RANKED_ZH.search(asked.question) or _ASKED_ZH.search(asked.question):
        n = m.group("n")
        rank = 1 if n is None else int(n) if n.isdigit() else _ZH_RANKS[n]
        return PartyAsked(m.group("kind"), rank, m.group(0))
    if m := _ASKED_EN.search(asked.question):
        rank = _EN_RANKS[m.group("rank").lower().replace("-", " ")]
        return PartyAsked(_KIND_WORDS[m.group("kind").lower()], rank, m.group(0))
    return None


def party_wordings(party: PartyAsked) -> list[str]:
    """What a sentence naming the asked counterparty prints (the question's own phrase first)."""
    words = [party.phrase.lower(), *(_WORDINGS[party.kind] if party.rank == 1 else ())]
    return list(dict.fromkeys(words))


def party_answer(
    asked: AskedFor, party: PartyAsked, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The ranked row of the best-ranked document's top-counterparty table for the year asked (its amount,
    and its share when printed); None when no such table prints two counterparties for that year."""
    years = asked.years or sorted({f.fiscal_year for f in facts if f.fiscal_year}, reverse=True)[:1]
    if len(years) != 1:
        return None
    year = years[0]
    tables: dict[tuple[str, str | None], list[Fact]] = {}
    totals: dict[tuple[str, str | None], Fact] = {}
    for f in facts:
        listing = party.kind in f.statement and _TOP_LIST.search(f.statement)
        dated = f.fiscal_year == year or (party.holders and f.fiscal_year is None)
        if dated and listing and not _NOT_PARTY.search(f.line_item):
            tables.setdefault((f.doc_id, f.table_ref), []).append(f)
        elif dated and listing and _TOTAL_ROW.search(f.line_item) and f.unit != "%":
            totals.setdefault((f.doc_id, f.table_ref), f)
    ranked = sorted(tables.items(), key=lambda t: doc_rank.get(t[0][0], len(doc_rank)))
    for table, rows in ranked:
        amounts = [
            f for f in rows if f.unit != "%" and (not party.holders or _HOLDING.search(f.column_label))
        ]
        names = {f.line_item for f in amounts}
        if len(names) < MIN_PARTIES or len(amounts) != len(names) or party.rank > len(amounts):
            continue  # one figure per counterparty: an amount column, not several measures
        chosen = sorted(amounts, key=lambda f: f.value, reverse=True)[party.rank - 1]
        if _OF_LISTED.search(asked.question):
            return _of_listed(asked, party, year, chosen, totals.get(table), amounts, cite)
        share = next((f for f in rows if f.unit == "%" and f.line_item == chosen.line_item), None)
        return _answer(asked, party, year, chosen, share, cite)
    return None


def _of_listed(
    asked: AskedFor,
    party: PartyAsked,
    year: int,
    chosen: Fact,
    total: Fact | None,
    amounts: list[Fact],
    cite: CiteFn,
) -> NumericAnswer:
    """The ranked counterparty's share of the listed counterparties' total: the table's printed total row,
    else the listed amounts added up (each cited)."""
    parts = [total] if total is not None else sorted(amounts, key=lambda f: f.value, reverse=True)
    whole = sum((f.value for f in parts), Decimal(0))
    share = rounded(chosen.value / whole * HUNDRED, asked.places or DEFAULT_PLACES)
    n, ratio = cite(chosen), format_number(share, None)
    summed = " + ".join(f"{format_number(f.value, None)}[{cite(f)}]" for f in parts)
    summed = f"({summed})" if len(parts) > 1 else summed
    if asked.language == "zh":
        text = (
            f"{year}年{party.phrase}为{chosen.line_item}，金额{value_text(chosen, 'zh')}[{n}]；"
            f"占比 = {format_number(chosen.value, None)} / {summed} = {ratio}%。"
        )
    else:
        text = (
            f"The {party.phrase} in {year} was {chosen.line_item}: {value_text(chosen, 'en')} [{n}]; its "
            f"share of the listed total = {format_number(chosen.value, None)} / {summed} = {ratio}%."
        )
    inputs = [CalcInput(f"{f.line_item} ({year})", f.value, f.unit, cite(f)) for f in [chosen, *parts]]
    used = [chosen, *parts]
    calc = Calculation("share_of_total", "listed share", inputs, share, "%", text)
    return NumericAnswer(text, used, calc, [f.fact_id for f in used], share)


MIN_PARTIES = 2  # a ranking needs two counterparties or more


def _answer(
    asked: AskedFor, party: PartyAsked, year: int, chosen: Fact, share: Fact | None, cite: CiteFn
) -> NumericAnswer:
    amount = value_text(chosen, asked.language)  # "2,513.21万元", "1,176 million"
    n = cite(chosen)
    used = [chosen, *([share] if share else [])]
    if asked.language == "zh":
        # shares held, not an amount of money (whatever the table's unit line)
        measure = f"持股{format_number(chosen.value, None)}股" if party.holders else f"金额{amount}"
        text = f"{year}年{party.phrase}为{chosen.line_item}，{measure}[{n}]"
        text += f"，占比{format_number(share.value, None)}%[{cite(share)}]。" if share else "。"
    else:
        text = f"The {party.phrase} in {year} was {chosen.line_item}: {amount} [{n}]"
        text += f", {format_number(share.value, None)}% of the total [{cite(share)}]." if share else "."
    inputs = [CalcInput(f"{chosen.line_item} ({year})", chosen.value, chosen.unit, n)]
    shown = Calculation("counterparty_rank", "ranked", inputs, chosen.value, chosen.unit, text)
    return NumericAnswer(text, used, shown, [f.fact_id for f in used], chosen.value)


# a ranked subset of a balance's counterparties: "应收账款余额最大的单一客户", "应收账款前五名客户合计金额"
_RANKED_SUBSET = re.compile(
    r"(?:应收账款|应收票据|预付款项|预付账款|其他应收款|应付账款|其他应付款)[^，。？?；;]{0,10}?"
    # "余额最大的那一家客户": the one largest, however many words point at it
    r"(前\s*[五5十]\s*名|最大的?(?:那|哪)?(?:一家|一个|一位)?(?:单一|单个)?(?:客户|单位|债务人|欠款方)"
    r"|第[一二三四五1-5]\s*名)"
)
_RANK_PRINTED = re.compile(r"前\s*[五5十]\s*名|第[一二三四五1-5]\s*名|最大")


def unranked_subset(question: str, found: list[Fact], shown: list[str]) -> str | None:
    """The ranked subset a question asks of a balance ("前五名", "最大的单一客户") when no figure ``found`` is
    read from text that ranks the balance's counterparties (``shown``: the texts of the chunks the facts are
    read from): the balance's own total is no top five's. None when nothing ranked is asked or it is found."""
    m = _RANKED_SUBSET.search(question)
    if m is None:
        return None
    return None if found and any(_RANK_PRINTED.search(t) for t in shown) else m.group(1)
