"""The named formulas the calculator knows (margins, expense ratios, turnover, growth, shares, sums) and the
question words that ask for each."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.expense_share import period_expense_share
from finrag.answer.formula_base import (
    DAYS_PER_YEAR,
    VARIADIC,
    Formula,
    diff,
    dpo,
    growth,
    margin,
    mean,
    mean_share,
    ratio,
    total,
    turnover,
)
from finrag.answer.formula_words import PERIOD_EXPENSE_WORDS, ZH_MINUS, mentions
from finrag.answer.lexicon import find_line_items
from finrag.answer.ratios import ANALYST_RATIOS

__all__ = [
    "COMPARISON_WORDS",
    "DAYS_PER_YEAR",
    "FORMULAS",
    "VARIADIC",
    "Formula",
    "detect_formula",
    "summed_share",
]

# "How does X in FY2022 compare to FY2021?": the calculator works out each year, so these words name the
# operation, not something the documents print (whole phrases: "compare" alone is part of "comparable")
COMPARISON_WORDS = ("compare to", "compare with", "compared to", "compared with")


def _expense_ratio(concept: str, zh: str, en: str, words: tuple[str, ...]) -> Formula:
    return Formula(f"{concept}_ratio", zh, en, (concept, "revenue"), "{0} / {1}", ratio, True, words)


AVERAGE_SHARE = Formula(
    "average_share", "平均占比", "Average share", ("*", "*"), "", mean_share, True, (), same_unit=False
)

# "全面摊薄净资产收益率": the year's profit over the equity at its end, not over the mean of two balances
ENDING_ROE = Formula(
    "return_on_ending_equity",
    "全面摊薄净资产收益率",
    "Return on ending equity",
    ("net_profit", "equity"),
    "{0} / {1}",
    ratio,
    True,
    (),
)
ON_ENDING_EQUITY = re.compile(r"全面摊薄|\bfully diluted (?:return on equity|roe)\b", re.I)

GROWTH_FORMULAS = frozenset({"yoy_growth", "cagr"})  # rates of change of one item between periods
FORMULAS: dict[str, Formula] = {
    f.name: f
    for f in [
        Formula(
            "gross_margin",
            "毛利率",
            "Gross margin",
            ("revenue", "cost_of_revenue"),
            "({0} − {1}) / {0}",
            margin,
            True,
            ("毛利率", "gross margin", "gross profit margin", "gross profit rate"),
        ),
        Formula(
            "net_margin",
            "净利率",
            "Net margin",
            ("net_profit", "revenue"),
            "{0} / {1}",
            ratio,
            True,
            ("净利率", "净利润率", "销售净利率", "net margin", "net profit margin"),
        ),
        _expense_ratio(
            "selling_expense", "销售费用率", "Selling expense ratio", ("销售费用率", "selling expense ratio")
        ),
        _expense_ratio(
            "admin_expense", "管理费用率", "G&A expense ratio", ("管理费用率", "administrative expense ratio")
        ),
        _expense_ratio(
            "rd_expense",
            "研发费用率",
            "R&D expense ratio",
            # "R&D intensity": research spending over revenue, as analysts name it
            ("研发费用率", "r&d expense ratio", "r&d intensity", "research and development intensity"),
        ),
        _expense_ratio("finance_expense", "财务费用率", "Finance expense ratio", ("财务费用率",)),
        Formula(  # "三费": the three period expenses of a Chinese income statement, over operating revenue
            "period_expense_ratio",
            "三费比重",
            "Period expense ratio",
            ("selling_expense", "admin_expense", "finance_expense", "revenue"),
            "({0} + {1} + {2}) / {3}",
            lambda xs: (xs[0] + xs[1] + xs[2]) / xs[3],
            True,
            ("三费比重", "三费占比", "三费率", "期间费用率"),
        ),
        Formula(  # 期间费用: the three period expenses summed
            "period_expenses",
            "期间费用",
            "Period expenses",
            ("selling_expense", "admin_expense", "finance_expense"),
            "{0} + {1} + {2}",
            total,
            False,
            PERIOD_EXPENSE_WORDS,
            same_unit=True,
        ),
        Formula(
            "debt_to_asset",
            "资产负债率",
            "Debt-to-asset ratio",
            ("total_liabilities", "total_assets"),
            "{0} / {1}",
            ratio,
            True,
            ("资产负债率", "debt-to-asset", "debt to asset", "debt-to-assets"),
        ),
        Formula(
            "current_ratio",
            "流动比率",
            "Current ratio",
            ("current_assets", "current_liabilities"),
            "{0} / {1}",
            ratio,
            False,
            ("流动比率", "current ratio", "working capital ratio"),
        ),
        Formula(
            "net_working_capital",
            "营运资金",
            "Net working capital",
            ("current_assets", "current_liabilities"),
            "{0} − {1}",
            diff,
            False,
            ("营运资金", "net working capital", "working capital"),
            same_unit=True,
        ),
        Formula(
            "inventory_turnover",
            "存货周转率",
            "Inventory turnover",
            ("cost_of_revenue", "inventory", "inventory@-1"),
            "{0} / (({1} + {2}) / 2)",
            turnover,
            False,
            ("存货周转率", "inventory turnover"),
        ),
        Formula(
            "fixed_asset_turnover",
            "固定资产周转率",
            "Fixed asset turnover",
            ("revenue", "fixed_assets", "fixed_assets@-1"),
            "{0} / (({1} + {2}) / 2)",
            turnover,
            False,
            ("固定资产周转率", "fixed asset turnover"),
        ),
        Formula(
            "days_payable_outstanding",
            "应付账款周转天数",
            "Days payable outstanding",
            ("accounts_payable", "accounts_payable@-1", "cost_of_revenue", "inventory", "inventory@-1"),
            "365 × (({0} + {1}) / 2) / ({2} + {3} − {4})",
            dpo,
            False,
            ("应付账款周转天数", "days payable outstanding", "dpo", "payable days", "days payable"),
        ),
        Formula(
            "yoy_growth",
            "同比增长率",
            "Year-over-year growth",
            ("*", "*"),
            "({0} − {1}) / {1}",
            growth,
            True,
            (
                "增长率",
                "同比",
                "环比",  # over the quarter before
                "增幅",
                "增长了多少",
                "累计增长",  # "从2003年度到2005年度累计增长了多少": the last year over the first
                "涨了多少",
                "涨幅",
                "增速",  # "应收账款增速多少": a growth rate
                *("增加了百分之", "增长了百分之", "减少了百分之", "下降了百分之", "上升了百分之"),
                *("多了百分之", "少了百分之", "降了百分之", "涨了百分之", "跌了百分之"),
                *("降幅", "减幅", "跌幅"),
                *("变动了百分之", "变化了百分之", "变动幅度", "变化幅度", "变动比例", "变动率", "变化率"),
                "growth rate",
                "year-over-year",
                "year over year",
                "yoy",
                "growth",
                "percentage change",
                "percent change",
                "% change",
                "% change in",  # longer than the difference's "change in": "the % change in net sales"
                "grow",
                "grew",
                "percentage increase",
                "percent increase",
                "percentage decrease",
                "percent decrease",
                # "compared with the year-earlier quarter"; "what was it a year earlier" asks two figures
                "year-earlier",
            ),
        ),
        Formula(
            "share_of_total",
            "占比",
            "Share of total",
            ("*", "*"),
            "{0} / {1}",
            ratio,
            True,
            (
                *("占比", "比重", "所占比例", "的比例", "的百分之多少", "的百分之几"),
                *("share of", "percentage of", "proportion of", "fraction of", "what portion of"),
                *("what share was", "what share were"),  # "Of the total …, what share was attributed to …"
                "what percent of",  # "what percent of total goodwill was attributed to …"
                *("as a % of", "% of"),
            ),
        ),
        Formula(
            "difference",
            "差额",
            "Difference",
            ("*", "*"),
            "{0} − {1}",
            diff,
            False,
            (
                *("差额", "相差", "差值", "difference", "more than", "less than", "change in"),
                *("变化", "变动"),
                *("多了多少", "少了多少"),  # "07年末短期借款比06年末多了多少"
                ZH_MINUS,  # "按归属于上市公司股东的净利润减去扣除非经常性损益后的净利润计算"
            ),
            same_unit=True,
        ),
        Formula(
            "sum",
            "合计",
            "Sum",
            ("*", "*"),
            "{0} + {1}",
            total,
            False,
            ("合计", "总和", "之和", "加起来", "一共", "总共", "共计", "combined", "sum of", "in total"),
            same_unit=True,
        ),
        Formula(
            "ratio",
            "比率",
            "Ratio",
            ("*", "*"),
            "{0} / {1}",
            ratio,
            False,
            ("比值", "之比", "的多少倍", "的几倍", "ratio of", "proportion", "times", "divided by"),
        ),
        Formula(
            "average",
            "平均值",
            "Average",
            ("*", "*"),
            "({0} + {1}) / 2",
            mean,
            False,
            ("平均", "average", "mean"),
            same_unit=True,
        ),
        *ANALYST_RATIOS,
    ]
}


# A formula's result the statements print a line for: worked out from that line first ("Gross profit" holds
# costs some filers print outside "Cost of sales", such as amortisation of acquired intangibles)
PRINTED_FIRST: dict[str, Formula] = {
    "gross_margin": Formula(
        "gross_margin",
        "毛利率",
        "Gross margin",
        ("gross_profit", "revenue"),
        "{0} / {1}",
        ratio,
        True,
        (),
    ),
}


def detect_formula(question: str) -> Formula | None:
    """The formula a question asks for (longest keyword wins: "销售费用率" over "费用")."""
    low = question.lower()
    named = _CHANGE_STATEMENT.sub(" ", low)  # "所有者权益变动表中": a statement, no change
    low = low if _CHANGED.search(named) else named  # "…变动表显示，所有者权益净增加了多少": a change asked
    low = _RECONCILIATION.sub(" ", low)  # "in the statutory-to-effective tax rate reconciliation": a table
    low = _PER_UNIT.sub(lambda m: m.group().replace("平均", "  "), low)  # "平均每吨": no mean of years
    best: tuple[int, Formula] | None = None
    for f in FORMULAS.values():
        for word in f.keywords:
            if mentions(low, word) and (best is None or len(word) > best[0]):
                best = (len(word), f)
    if (expense := period_expense_share(low)) is not None:  # "财务费用占期间费用合计的比例"
        return expense  # one expense over the three, not the three over revenue
    # "三项加起来是多少？占营业收入的比重是多少": the sum over the whole, the sum shown as a step
    shared = _SHARE_OF_SUM.get(best[1].name) if best else None
    if shared and any(mentions(low, w) for w in FORMULAS["share_of_total"].keywords):
        return FORMULAS[shared]
    # "天源03年末固定资产占总资产多少": a share of a statement item, however tersely asked (not
    # "用量约占工业炸药产量的多少": a share the text states)
    share = _ZH_SHARE_OF.search(low)
    if best is None and share and any(m.concept for m in find_line_items(share.group(0))):
        return FORMULAS["share_of_total"]
    if best is None and _BY_WHAT_PERCENT.search(low):  # "by what percentage did X change from 2018 to 2019"
        return FORMULAS["yoy_growth"]
    if best is None and _HOW_MUCH_MORE.search(low):  # "how much bigger at the end of FY2023 than …"
        return FORMULAS["difference"]
    if best is None and (_PLUS_JOINED.search(low) or _ADD_LIST.search(low)):  # "dividends paid + treasury
        return FORMULAS["sum"]  # stock repurchased", "add short-term borrowings, …, and …"
    if best is not None and best[1].name == "ratio" and _AVERAGE_OF.search(low):
        return FORMULAS["average"]  # "the three-year average of that ratio": the mean of a printed ratio
    if (best is None or best[1].name == "ratio") and _X_TO_Y.search(low):  # "capex-to-revenue ratio"
        return replace(FORMULAS["ratio"], percent=_IN_PERCENT_WORDS.search(low) is not None)
    return best[1] if best else None


# a price, rate or cost per unit ("平均每吨", "平均售价", "加权平均月利率"): no mean of several years' figures
_PER_UNIT = re.compile(r"加权平均|平均(?:每|单价|售价|价格|销售价格|采购价|采购单价|利率|月利率|年利率|单位成本)")  # noqa: E501
# "capex-to-revenue ratio": one item over another, named by the two (a named ratio's keyword wins above)
_X_TO_Y = re.compile(r"\b[a-z&]+(?:[ -][a-z&]+)?-to-[a-z&]+(?:-[a-z&]+)?\s+ratio\b")
_IN_PERCENT_WORDS = re.compile(r"\bpercent|%")
_AVERAGE_OF = re.compile(
    r"\baverage\s+of\s+(?:that|the|this|its)\s+ratio\b|\b(?:two|three|four|five)-year\s+average\b"
)
_PLUS_JOINED = re.compile(r"[a-z)]\s+\+\s+[a-z(]")  # two items written with a plus between them
# "add A, B and C": their sum ("adding back D&A to …" builds another measure)
_ADD_LIST = re.compile(r"\b(?:add|adding)\s+(?:up\s+)?(?!to\b|back\b)[a-z(][^?.;]{0,200}?\band\b")


_SHARE_OF_SUM = {"sum": "share_of_total", "period_expenses": "period_expense_ratio"}  # a sum's share asked
# the name of a table the question reads a row of, not a formula it asks
_RECONCILIATION = re.compile(
    r"\b(?:statutory[- ]to[- ]effective\s+|effective\s+)?(?:income\s+)?tax[- ]rate\s+reconciliation\b"
    # "the reconciliation of the U.S. federal statutory rate to Microsoft's effective tax rate"
    r"|\breconciliation\s+of\s+(?:the\s+)?(?:u\.s\.\s+)?(?:federal\s+)?statutory\s+(?:income\s+)?(?:tax\s+)?rate"
    r"\s+to\s+(?:[\w'’.&-]+\s+){0,3}?effective\s+(?:income\s+)?tax\s+rate\b"
    # "how much of them would affect the effective tax rate if recognized": what a balance would do to it
    r"|\b(?:would|could|will|to)\s+(?:favorably\s+)?(?:affect|impact|reduce|lower)\s+(?:the|our|its)\s+"
    r"effective\s+(?:income\s+)?tax\s+rate\b"
)
_CHANGE_STATEMENT = re.compile(r"(?:所有者|股东)权益变动表")
_CHANGED = re.compile(r"增加|减少|增长|下降|变动|变化")
# "占总资产多少" (no 比例 said); not 占地面积, 占用, 占有率, nor an amount or a count ("占用资金多少万元")
_ZH_SHARE_OF = re.compile(
    r"占(?![地用有])[\u4e00-\u9fff]{2,12}?的?多少(?![万亿千百]?(?:元|吨|人|名|股|平方|千瓦|套|台|辆|件))"
)
_HOW_MUCH_MORE = re.compile(r"\bhow much (?:bigger|larger|smaller|higher|lower|greater)\b")
_BY_WHAT_PERCENT = re.compile(r"\bby (?:what|how many) (?:percent(?:age)?|%)(?: points?)?\b(?! of)")
BY_HOW_MUCH = re.compile(  # "(by) how much did X shrink between 2016 and 2017": a difference
    # ("by how many shares (in millions) did … change": a count's; points of a rate are read elsewhere)
    r"\b(?:(?:by )?how much|by how many(?: (?!(?:percentage |basis )?points)[\w() -]{1,40}?)?)"
    r"(?: \([^()]{1,30}\))? (?:did|has|have|had|was|were|is|are|does|do)\b"  # "by how much (in percent) did"
    r"[^?]{3,160}?"
    r"\b(?:(?:increase|decrease|rise|rose|fall|fell|shr[iau]nk|decline|drop|improve|deteriorate|widen|narrow"
    r"|change|go up|go down|compress|expand|contract|grow|grew)"
    # (not "how much did 'foreign currency translation' change the segment's goodwill": that row's amount)
    r"(?!\s+(?:the|its|their|our)\s)|exceed|outpace|surpass)"
)


def summed_share(parts: int) -> Formula:
    """Several parts' share of one whole ("销售费用、管理费用、财务费用三项合计占主营业务收入的比例"):
    the parts summed over the last operand."""
    base = FORMULAS["share_of_total"]
    summed = " + ".join("{" + str(i) + "}" for i in range(parts))
    return replace(
        base,
        concepts=("*",) * (parts + 1),
        template=f"({summed}) / {{{parts}}}",
        evaluate=lambda xs: total(xs[:-1]) / xs[-1],
    )
