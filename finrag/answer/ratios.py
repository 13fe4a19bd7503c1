"""Analyst ratios in their textbook form (operating margin, asset/receivable turnover, days ratios, quick
ratio, EBITDA, ROA/ROE, payout, free cash flow, cash ratios, interest coverage, effective tax rate, leverage).

Each is a :class:`~finrag.answer.formula_base.Formula` over lexicon concepts; ``concept@-1`` is the
balance a year earlier, for averages of opening and closing balances. Where a question spells out its
own definition, the keywords still pick the formula and the operands are the same line items.
"""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.formula_base import DAYS_PER_YEAR, Formula, ratio, turnover
from finrag.errors import AnswerError


def _average(xs: list[Decimal], i: int) -> Decimal:
    return (xs[i] + xs[i + 1]) / 2


def _days_over_flow(xs: list[Decimal]) -> Decimal:
    """365 × average balance / the year's flow (DSO: receivables over revenue; DIO: inventory over COGS)."""
    return DAYS_PER_YEAR * _average(xs, 0) / xs[2]


def _quick(xs: list[Decimal]) -> Decimal:
    return (xs[0] - xs[1]) / xs[2]


def _plus(xs: list[Decimal]) -> Decimal:
    return xs[0] + abs(xs[1])  # D&A is sometimes printed as a negative adjustment


def _plus_over(xs: list[Decimal]) -> Decimal:
    return (xs[0] + abs(xs[1])) / xs[2]


def _less_abs(xs: list[Decimal]) -> Decimal:
    return xs[0] - abs(xs[1])  # capex is printed as an outflow "(1,234)"


def _abs_ratio(xs: list[Decimal]) -> Decimal:
    return abs(xs[0]) / xs[1]  # dividends paid / capex are outflows in the cash flow statement


def _over_average(xs: list[Decimal]) -> Decimal:
    return xs[0] / _average(xs, 1)


def cagr(xs: list[Decimal], years: int) -> Decimal:
    """Compound annual growth from ``xs[1]`` (the earlier value) to ``xs[0]`` over ``years`` years."""
    if xs[0] / xs[1] <= 0:
        raise AnswerError("CAGR needs two values of the same sign")
    return Decimal(float(xs[0] / xs[1]) ** (1 / years)) - 1


def _cagr_unbound(xs: list[Decimal]) -> Decimal:
    return cagr(xs, 1)  # the calculator binds the number of years from the question's period


ANALYST_RATIOS: tuple[Formula, ...] = (
    Formula(
        "share_of_revenue",
        "占营业收入比例",
        "Share of revenue",
        ("*", "revenue"),
        "{0} / {1}",
        ratio,
        True,
        (
            "% margin",
            "margin %",
            "as a % of revenue",
            "as a percentage of revenue",
            "% of revenue",
            "% of sales",
            "as a % of sales",
            # "How large were capital expenditures relative to its revenue?"
            *(
                f"relative to {o}{w}"
                for o in ("", "its ", "total ", "its total ")
                for w in ("revenue", "sales")
            ),
            "relative to net sales",
            "relative to its net sales",
            "占营业收入的比例",
            "占营业收入比例",
            "占营业收入比率",
            "占营业收入的比率",
            "占营收比例",
        ),
    ),
    Formula(  # cash quality of revenue: cash collected from sales over revenue (CAS direct-method row)
        "cash_to_revenue",
        "营业收入现金含量",
        "Cash collected to revenue",
        ("cash_from_sales", "revenue"),
        "{0} / {1}",
        ratio,
        True,
        ("营业收入现金含量", "收现比", "营业收入现金比率"),
    ),
    Formula(  # cash quality of profit: operating cash flow over net profit, a multiple
        "cash_to_profit",
        "净现比",
        "Operating cash flow to net profit",
        ("operating_cash_flow", "net_profit"),
        "{0} / {1}",
        ratio,
        False,
        # "cash conversion" (CFO over net income), never the cash conversion cycle (days)
        (
            "净现比",
            "净利润现金含量",
            "cash conversion ratio",
            "cash conversion",
            "operating cash flow to net income",
        ),
    ),
    Formula(
        "cagr",
        "年复合增长率",
        "CAGR",
        ("*", "*"),
        "({0} / {1})^(1/n) − 1",
        _cagr_unbound,
        True,
        ("cagr", "compound annual growth", "年复合增长率", "复合增长率", "复合增速", "年均增速", "年均复合"),
    ),
    Formula(
        "operating_margin",
        "营业利润率",
        "Operating margin",
        ("operating_profit", "revenue"),
        "{0} / {1}",
        ratio,
        True,
        ("营业利润率", "operating margin", "operating income margin", "operating profit margin"),
    ),
    Formula(
        "asset_turnover",
        "总资产周转率",
        "Asset turnover",
        ("revenue", "total_assets", "total_assets@-1"),
        "{0} / (({1} + {2}) / 2)",
        turnover,
        False,
        ("总资产周转率", "asset turnover", "total asset turnover"),
    ),
    Formula(
        "receivables_turnover",
        "应收账款周转率",
        "Receivables turnover",
        ("revenue", "accounts_receivable", "accounts_receivable@-1"),
        "{0} / (({1} + {2}) / 2)",
        turnover,
        False,
        ("应收账款周转率", "receivables turnover", "receivable turnover"),
    ),
    Formula(
        "days_sales_outstanding",
        "应收账款周转天数",
        "Days sales outstanding",
        ("accounts_receivable", "accounts_receivable@-1", "revenue"),
        "365 × (({0} + {1}) / 2) / {2}",
        _days_over_flow,
        False,
        # "how many days of sales were sitting in receivables"
        (
            "应收账款周转天数",
            "days sales outstanding",
            "days of sales",
            "dso",
            "receivable days",
            "days receivable",
        ),
    ),
    Formula(
        "days_inventory_outstanding",
        "存货周转天数",
        "Days inventory outstanding",
        ("inventory", "inventory@-1", "cost_of_revenue"),
        "365 × (({0} + {1}) / 2) / {2}",
        _days_over_flow,
        False,
        (
            "存货周转天数",
            "days inventory outstanding",
            "days of inventory",
            "dio",
            "inventory days",
            "days in inventory",
        ),
    ),
    Formula(
        "quick_ratio",
        "速动比率",
        "Quick ratio",
        ("current_assets", "inventory", "current_liabilities"),
        "({0} − {1}) / {2}",
        _quick,
        False,
        ("速动比率", "quick ratio", "acid-test ratio", "acid test ratio"),
    ),
    Formula(
        "ebitda",
        "EBITDA",
        "EBITDA",
        ("operating_profit", "depreciation_amortization"),
        "{0} + {1}",
        _plus,
        False,
        ("ebitda", "息税折旧摊销前利润"),
        same_unit=True,
    ),
    Formula(
        "ebitda_margin",
        "EBITDA利润率",
        "EBITDA margin",
        ("operating_profit", "depreciation_amortization", "revenue"),
        "({0} + {1}) / {2}",
        _plus_over,
        True,
        ("ebitda margin", "ebitda % margin", "ebitda利润率"),
    ),
    Formula(
        "return_on_assets",
        "总资产收益率",
        "Return on assets",
        ("net_profit", "total_assets", "total_assets@-1"),
        "{0} / (({1} + {2}) / 2)",
        _over_average,
        True,
        ("总资产收益率", "总资产净利率", "return on assets", "roa"),
    ),
    Formula(
        "return_on_equity",
        "净资产收益率",
        "Return on equity",
        ("net_profit", "equity", "equity@-1"),
        "{0} / (({1} + {2}) / 2)",
        _over_average,
        True,
        ("净资产收益率", "return on equity", "roe"),
    ),
    Formula(
        "dividend_payout",
        "股利支付率",
        "Dividend payout ratio",
        ("dividends_paid", "net_profit_parent"),
        "{0} / {1}",
        _abs_ratio,
        True,
        ("股利支付率", "分红率", "dividend payout", "payout ratio"),
    ),
    Formula(
        "free_cash_flow",
        "自由现金流",
        "Free cash flow",
        ("operating_cash_flow", "capex"),
        "{0} − {1}",
        _less_abs,
        False,
        ("自由现金流", "free cash flow"),
        same_unit=True,
    ),
    Formula(  # "lmt 2022 net long-term debt issuance", "how much debt did X pay down on a net basis"
        "net_debt_issuance",
        "净借款",
        "Net debt issuance",
        ("debt_issued", "debt_repaid"),
        "{0} − {1}",
        _less_abs,
        False,
        (
            *("net long-term debt issuance", "net debt issuance", "net issuance of long-term debt"),
            *("net issuance of debt", "pay down on a net basis", "paid down on a net basis"),
            *("net repayment of debt", "net repayments of debt", "net debt repayment", "net borrowing"),
        ),
        same_unit=True,
    ),
    Formula(
        "capex_to_revenue",
        "资本开支占收入比",
        "Capex to revenue",
        ("capex", "revenue"),
        "{0} / {1}",
        _abs_ratio,
        True,
        (
            "capex to revenue",
            "capital expenditure to revenue",
            "capital intensity",
            "capex intensity",
            "capital-intensive",
            "capital intensive",
        ),
    ),
    Formula(
        "interest_coverage",
        "利息保障倍数",
        "Interest coverage",
        ("operating_profit", "interest_expense"),
        "{0} / {1}",
        _abs_ratio,
        False,
        # "can X cover its interest expense": the times operating income covers it
        (
            "利息保障倍数",
            "interest coverage",
            "cover its interest",
            "cover interest",
            "times interest earned",
        ),
    ),
    Formula(
        "effective_tax_rate",
        "实际税率",
        "Effective tax rate",
        ("income_tax", "total_profit"),
        "{0} / {1}",
        ratio,
        True,
        ("实际税率", "有效税率", "实际所得税税率", "effective tax rate", "effective income tax rate"),
    ),
    Formula(
        "debt_to_equity",
        "产权比率",
        "Debt-to-equity ratio",
        ("total_liabilities", "equity"),
        "{0} / {1}",
        ratio,
        False,
        ("产权比率", "debt-to-equity", "debt to equity", "debt/equity"),
    ),
    Formula(
        "cash_ratio",
        "现金比率",
        "Cash ratio",
        ("cash", "current_liabilities"),
        "{0} / {1}",
        ratio,
        False,
        ("现金比率", "cash ratio"),
    ),
    Formula(
        "operating_cash_flow_ratio",
        "现金流动负债比率",
        "Operating cash flow ratio",
        ("operating_cash_flow", "current_liabilities"),
        "{0} / {1}",
        ratio,
        False,
        ("现金流动负债比率", "operating cash flow ratio", "cash flow from operations ratio"),
    ),
    Formula(
        "operating_cash_flow_per_share",
        "每股经营现金流量",
        "Operating cash flow per share",
        ("operating_cash_flow", "share_capital"),
        "{0} / {1}",
        ratio,
        False,
        (
            *("每股经营现金流量", "每股经营活动现金流量", "每股经营现金流"),
            *("每股经营活动产生的现金流量净额", "每股经营活动产生现金流量净额", "每股经营活动现金流量净额"),
        ),
    ),
    Formula(  # FinGLM's 研发经费占费用比例: R&D over the four period expenses of a Chinese income statement
        "rd_share_of_expenses",
        "研发经费占费用比例",
        "R&D share of operating expenses",
        ("rd_expense", "selling_expense", "admin_expense", "finance_expense"),
        "{0} / ({1} + {2} + {0} + {3})",
        lambda xs: xs[0] / (xs[1] + xs[2] + xs[0] + xs[3]),
        True,
        ("研发经费占费用比例", "研发费用占费用比例", "研发经费占费用的比例"),
    ),
)
