"""Ratios and shares a filing prints itself, quoted instead of worked out: a kind's ratio column
("罐式集装箱的毛利率"), a ratio printed by the profit it is worked on ("按扣除非经常性损益后的
净利润计算的全面摊薄净资产收益率"), a named ratio's own row ("利息保障倍数" in 主要财务指标), the ratios
only their printed figure answers (加权平均净资产收益率), and a part's printed share of its whole ("合计 |
74,892.64 | 60.01%")."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from finrag.answer.cells import PERIOD_WORD, amount_beside
from finrag.answer.fetch import of_item
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.lookup import SHARE_FORMULAS
from finrag.answer.qualifiers import prints_qualifiers
from finrag.answer.query import AskedFor
from finrag.answer.quoted import CiteFn, NumericAnswer, lookup_answer
from finrag.model import Fact

_CHANGE_COLUMN = re.compile(r"增减|变动|同比|\bchange\b", re.I)  # "毛利率比上年增减（%）" is no 毛利率

_BASIS = re.compile(r"口径|合并|母公司|按.{0,12}计算")


def ratio_forms(asked: AskedFor) -> list[LineItemMatch]:
    """The rows a Chinese filing prints a named ratio under ("利息保障倍数" in 主要财务指标), when the
    question names the ratio without writing its formula: its name and each Chinese wording of it, "的"
    dropped ("每股经营现金流量" is printed "每股经营活动产生现金流量净额"). The filer's own figure follows
    the filer's own definition (息税前利润 over 利息费用, turnover over average balances), a recomputation
    need not."""
    formula = asked.formula
    if formula is None or not formula.named or asked.language != "zh" or asked.definition is not None:
        return []
    if _BASIS.search(asked.question) and asked.scope != "parent":
        return []  # "按合并报表口径计算的资产负债率": the printed ratio may be the parent's
    words = [k.replace("的", "") for k in formula.keywords if not k.isascii()]
    return [LineItemMatch("", w, 0) for w in dict.fromkeys([formula.zh, *words])]


def printed_ratio(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """The named ratio quoted from the row the filing prints it in, else None."""
    formula = asked.formula
    ratio_named = formula is not None and (formula.named or formula.percent)  # not "average", a column word
    # a kind asked of the ratio ("罐式集装箱"), not the ratio's own name read as a row ("应收账款周转率")
    names_own = (formula.zh, *formula.keywords) if formula is not None else ()
    kinds = [q for q in asked.qualifiers if not any(q in k or k in q for k in names_own)]
    if kinds and formula is not None and ratio_named and asked.definition is None:
        # "罐式集装箱的毛利率", "X's biopharmaceutical (生物制药) business gross margin", "普莱柯的销售费用
        # 占营业收入比例": the kind's row of a breakdown table with a column for the ratio
        names = (formula.zh, formula.en.lower())
        cells = [
            f
            for f in facts
            if any(n in (label := normalise(f.column_label)) for n in names)
            and not _CHANGE_COLUMN.search(label)
            and prints_qualifiers(f.line_item, kinds)
        ]
        # "分产品毛利率" over columns of years: the ratio named by the table's title, its year's column
        titled = [
            f
            for f in facts
            if f.unit == "%"
            and any(n in normalise(f.statement) for n in names)
            and prints_qualifiers(f.line_item, kinds)
        ]
        # a breakdown's ratio column is the report year's (undated), unless a year heads it ("2004年度")
        dated = bool(asked.years) and any(f.fiscal_year for f in cells)
        cells = [f for f in cells if f.fiscal_year in asked.years] if dated else cells
        if not cells and not titled:
            return None
        kind_row = LineItemMatch("", (cells or titled)[0].line_item, 0)
        years = asked.years if not cells or dated else []
        row_asked = replace(asked, line_items=[kind_row], formula=None, years=years)
        amount = amount_beside(asked, facts, kind_row.printed) if cells else []
        quoted = (lookup_answer(row_asked, p, doc_rank, cite) for p in (amount, cells or titled) if p)
        found = [a for a in quoted if a is not None]  # the amount first, then the ratio
        text, used = "\n".join(a.text for a in found), [f for a in found for f in a.facts]
        return replace(found[-1], text=text, facts=used) if found else None
    if basis := _basis_cells(asked, facts):  # "按扣除非经常性损益后的净利润计算的全面摊薄净资产收益率"
        row_asked = replace(asked, line_items=[LineItemMatch("", basis[0].line_item, 0)], formula=None)
        if (quoted_cell := lookup_answer(row_asked, basis, doc_rank, cite)) is not None:
            return quoted_cell
    for form in ratio_forms(asked):  # its name, then a Chinese wording ("每股经营活动产生现金流量净额")
        own = [  # a ratio is no amount: the money unit of the table's header is not its unit
            f if f.unit == "%" else replace(f, unit=None, scale=Decimal(1))
            for f in facts
            if _names_ratio(f.line_item_norm.replace("的", ""), form.printed, asked.question)
            and (asked.scope != "parent" or "母公司" in f.line_item_norm)  # "资产负债率（母公司）"
            and not _PEERS.search(f.statement)  # a comparison with peers is not the filer's own indicator
        ]
        if own and (
            quoted_row := lookup_answer(replace(asked, line_items=[form], formula=None), own, doc_rank, cite)
        ):
            return quoted_row
    return None


def _basis_cells(asked: AskedFor, facts: list[Fact]) -> list[Fact]:
    """A table of a ratio worked on several bases, a row each ("净利润", "扣除非经常性损益后的净利润"), its
    columns the ratio's variants ("净资产收益率 全面摊薄", "… 加权平均"): the cells of the longest row the
    question names, in a column of the ratio whose other words it writes too, in the year asked."""
    formula = asked.formula
    if formula is None or not formula.named or asked.language != "zh":
        return []
    question = normalise(asked.question)
    cells = []
    for f in facts:
        words = [normalise(w) for w in PERIOD_WORD.sub(" ", f.column_label).split()]
        if (
            formula.zh not in words
            or not all(w in question for w in words)
            or f.line_item_norm not in question
        ):
            continue
        if not asked.years or f.fiscal_year in asked.years:
            cells.append(f)
    longest = max((len(f.line_item_norm) for f in cells), default=0)
    return [f for f in cells if len(f.line_item_norm) == longest]


def basis_items(asked: AskedFor) -> list[LineItemMatch]:
    """The items a Chinese question names as the basis a ratio is worked on ("按扣除非经常性损益后的净利润
    计算的…净资产收益率"): rows to read the printed ratio by, beside the formula's own operands."""
    spans = [m.span(1) for m in _ON_BASIS.finditer(asked.question)]
    return [m for m in asked.line_items if any(lo <= m.start < hi for lo, hi in spans)]


_ON_BASIS = re.compile(r"按(?:照)?(.{2,30}?)计算")


def _names_ratio(label: str, ratio: str, question: str) -> bool:
    """The row prints the ratio asked: its name first, or after words the question also writes before it
    ("加权平均净资产收益率（归属于普通股股东的净利润）" for "加权平均净资产收益率")."""
    at = label.find(ratio)
    if bool(_NET_OF_ONE_OFFS.search(label)) != bool(_NET_OF_ONE_OFFS.search(question)):
        return False  # "扣除非经常性损益后的…" is another figure than the ratio on the whole profit
    return at == 0 or (at > 0 and label[: at + len(ratio)] in question)


_NET_OF_ONE_OFFS = re.compile(r"扣除非经常|扣非|(?:excluding|after deducting) non-?recurring", re.I)


_PEERS = re.compile(r"同行业|可比公司|同业")  # "与同行业公司的比较分析": the peers' figures side by side


# A ratio the filer works out by a rule the statements cannot reproduce (equity weighted by the months it was
# held): only its printed figure answers
_WEIGHTED_ROE = re.compile(r"加权平均净资产收益率|weighted[- ]average (?:return on equity|roe)", re.I)


def printed_only(asked: AskedFor) -> bool:
    """The ratio asked is one only its printed figure answers (no recomputation, no operand quoted)."""
    return _WEIGHTED_ROE.search(asked.question) is not None


def printed_share(
    asked: AskedFor, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer | None:
    """A share the filing prints ("合计 | 74,892.64 | 60.01%"): the % cell of the part's row (the whole's
    "占主营业务收入的比例" row is not it), with the row's amount when that is asked too."""
    if asked.formula is None or asked.formula.name not in SHARE_FORMULAS:
        return None
    parts = [m for m in asked.line_items if not _whole(asked.question, m)]
    percents = [f for f in facts if f.unit == "%"]
    if not parts or not percents:
        return None
    if not whole_named(asked):
        return None
    over = [f for f in percents if any(_part_over(f.line_item_norm, normalise(m.printed)) for m in parts)]
    share = lookup_answer(replace(asked, line_items=parts), over or percents, doc_rank, cite)
    if share is None or _of_a_larger_whole(asked, share.facts, percents):
        return None
    return with_row_amount(asked, share, facts, doc_rank, cite)


def _of_a_larger_whole(asked: AskedFor, shares: list[Fact], percents: list[Fact]) -> bool:
    """The whole asked is itself a row of the share's column at less than 100% ("流动资产 | 81.22%" over
    "预付款项 | 13.69%"): the printed shares are of a larger whole (资产总计), not of the one asked."""
    wholes = {normalise(m.printed) for m in asked.line_items if _whole(asked.question, m)}
    cells = {(f.doc_id, f.table_ref, f.column_label) for f in shares}
    mine = {f.fact_id for f in shares}  # a part's row read as the item (its title names it): no whole
    return any(
        (g.doc_id, g.table_ref, g.column_label) in cells
        and g.fact_id not in mine
        and normalise(g.line_item) in wholes  # as printed: the row's own label
        and g.value != HUNDRED
        for g in percents
    )


HUNDRED = 100  # the whole's own row prints 100%


_PART_OVER = re.compile(r"(?:总额|合计|金额|总计)?占")


def _part_over(label: str, part: str) -> bool:
    """ "研发投入占比" reads the part's row over a whole ("研发投入总额占营业收入比例"), not a share
    within the item ("研发投入资本化的比重")."""
    return label.startswith(part) and _PART_OVER.match(label, len(part)) is not None


_SHARE_OF = r"\b(?:share|percent(?:age)?|portion|proportion) of "


def whole_named(asked: AskedFor) -> bool:
    """An English share's whole is an item the question names ("share of net sales"); "what share of the
    pre-tax restructuring charges …" names none: no printed percentage of a row is known to be of it."""
    return (
        asked.language != "en"
        or any(_whole(asked.question, m) for m in asked.line_items)
        or any(re.search(rf"% of {re.escape(m.printed)}", asked.question, re.I) for m in asked.line_items)
        or any(_OWN_WHOLE.search(m.printed) for m in asked.line_items)
    )  # "operating income as a % of revenue": the question or the row names the whole


_OWN_WHOLE = re.compile(r"%\s*of\b|\bpercent(?:age)?\s+of\b", re.I)  # a row printing its whole


def whole_in_table(asked: AskedFor, quoted: list[Fact], facts: list[Fact]) -> bool:
    """Each printed percentage quoted for an English share comes from a table of the whole asked: one that
    prints the whole's row or names it in its title ("what proportion of Boeing's accumulated other
    comprehensive loss …": never the "pension" row of a table of actuarial assumptions)."""
    wholes = [m for m in asked.line_items if _whole(asked.question, m)]
    if asked.language != "en" or not wholes:
        return True
    tables = {
        (f.doc_id, f.table_ref)
        for f in facts
        if any(of_item(f.line_item_norm, m) for m in wholes)
        or any(m.printed.lower() in f"{f.statement} {f.section}".lower() for m in wholes)
    }
    return all((f.doc_id, f.table_ref) in tables or _OWN_WHOLE.search(f.line_item) for f in quoted)


def _whole(question: str, item: LineItemMatch) -> bool:
    """The item is the whole a share is taken of ("占主营业务收入的比例", "what share of X's revenues"); where
    the question writes the item, that mention ("欧洲地区的营业收入…占营业收入的比例": the second)."""
    i = re.escape(item.printed)
    whole_en = rf"{_SHARE_OF}(?:[\w&.]+['’]s )?(?:total |consolidated )?{i}"
    if question[item.start : item.start + len(item.printed)] == item.printed:
        zh = re.search(r"占(?:总|全部)?$", question[: item.start]) is not None
    else:
        zh = re.search(rf"占(?:总|全部)?{i}", question) is not None
    return zh or re.search(whole_en, question, re.I) is not None


# "销售金额合计是多少？占总销售的比例是多少？": the amount asked before the share
_AMOUNT_THEN_SHARE = re.compile(r"(?:是多少|多少元)[？?，,；;].{0,24}(?:比例|占比)")


def with_row_amount(
    asked: AskedFor, share: NumericAnswer, facts: list[Fact], doc_rank: dict[str, int], cite: CiteFn
) -> NumericAnswer:
    """A printed share asked with its amount: the amount of the share's own row and year first."""
    if not _AMOUNT_THEN_SHARE.search(asked.question):
        return share
    rows = {(f.table_ref, f.line_item, f.fiscal_year) for f in share.facts}
    beside = [f for f in facts if f.unit != "%" and (f.table_ref, f.line_item, f.fiscal_year) in rows]
    amount = lookup_answer(asked, beside, doc_rank, cite) if beside else None
    if amount is None:
        return share
    facts = amount.facts + share.facts
    return replace(share, text=f"{amount.text}\n{share.text}", facts=facts, detail=[f.fact_id for f in facts])
