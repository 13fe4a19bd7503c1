"""Which primary statement prints each kind of line item (a balance is read off the balance sheet: in a cash
flow statement the same row is the year's change; a flow off the income or cash flow statement), and the
statement rows a question may name that the synonym table gains from here."""

from __future__ import annotations

import re

STATEMENT_WORDS: dict[str, tuple[str, ...]] = {
    "balance": ("balance sheet", "financial position", "financial condition", "资产负债表"),
    "income": (
        "statement of income",
        "statements of income",
        "income statement",
        "statement of operations",
        "statements of operations",
        "statement of earnings",
        "statements of earnings",
        "利润表",
    ),
    "cash_flow": ("cash flow", "现金流量"),
}
# Statement rows a question names by their printed Chinese name (and the English name where it is the same
# row): "四方科技2019年的在建工程是多少元" is a lookup even when no table of the row is among the hits
BALANCE_ROWS: dict[str, tuple[str, ...]] = {
    "construction_in_progress": ("在建工程", "construction in progress"),
    "employee_payables": ("应付职工薪酬",),
    "other_payables": ("其他应付款", "其他应付款合计"),
    "other_receivables": ("其他应收款", "其他应收款合计"),
    "prepayments": ("预付款项", "预付账款"),
    "notes_receivable": ("应收票据", "notes receivable"),
    "notes_payable": ("应付票据",),
    "taxes_payable": ("应交税费",),
    "advances_received": ("预收款项", "预收账款"),
    "contract_liabilities": ("合同负债", "contract liabilities"),
    "contract_assets": ("合同资产", "contract assets"),
    "accumulated_oci": (  # the equity balance, not the year's other comprehensive income
        "accumulated other comprehensive loss",
        "accumulated other comprehensive income",
        "accumulated other comprehensive income (loss)",
        "accumulated other comprehensive loss, net",
    ),
    # a liability, not revenue: "unearned revenue" is never the income statement's revenue row
    "unearned_revenue": ("unearned revenue", "unearned revenues", "deferred revenue", "deferred revenues"),
    "capital_reserve": ("资本公积", "additional paid-in capital"),
    "surplus_reserve": ("盈余公积",),
    "retained_earnings": ("未分配利润", "retained earnings"),
    "goodwill": ("商誉", "goodwill"),
    "equity_investments": ("长期股权投资",),
    "minority_interests": ("少数股东权益", "noncontrolling interests"),
    "noncurrent_assets": ("非流动资产合计", "total non-current assets"),
    "noncurrent_liabilities": ("非流动负债合计", "长期负债合计", "total non-current liabilities"),
    "deferred_tax_assets": ("递延所得税资产", "deferred tax assets", "deferred income tax assets"),
    "deferred_tax_liabilities": ("递延所得税负债", "deferred tax liabilities"),
    "long_term_prepaid": ("长期待摊费用",),
    "trading_assets": ("交易性金融资产",),
    "right_of_use_assets": ("使用权资产",),
    "current_noncurrent_liabilities": ("一年内到期的非流动负债",),
    "development_costs": ("开发支出",),
    "deferred_income": ("递延收益",),
    "provisions": ("预计负债",),
    "investment_property": ("投资性房地产",),
    "long_term_receivables": ("长期应收款",),
    "long_term_payables": ("长期应付款",),
    "other_comprehensive_income": ("其他综合收益",),
    "treasury_stock": ("库存股", "treasury stock"),
}
INCOME_ROWS: dict[str, tuple[str, ...]] = {
    "taxes_and_surcharges": ("税金及附加", "营业税金及附加"),
    "non_operating_income": ("营业外收入",),
    "non_operating_expense": ("营业外支出",),
    "asset_impairment": ("资产减值损失",),
    "other_gains": ("其他收益",),
    "fair_value_gains": ("公允价值变动收益",),
    "disposal_gains": ("资产处置收益",),
    "total_operating_cost": ("营业总成本",),
}
HOME_STATEMENT: dict[str, str] = {
    **dict.fromkeys(
        (
            "total_assets",
            "total_liabilities",
            "equity",
            "current_assets",
            "current_liabilities",
            "cash",
            "accounts_receivable",
            "inventory",
            "accounts_payable",
            "short_term_borrowings",
            "long_term_borrowings",
            "fixed_assets",
            "intangible_assets",
            "share_capital",
            "deposits",
            "deposits_with_banks",
            "loans",
            *BALANCE_ROWS,
        ),
        "balance",
    ),
    **dict.fromkeys(
        (
            "revenue",
            "cost_of_revenue",
            "gross_profit",
            "selling_expense",
            "admin_expense",
            "sga_expense",
            "rd_expense",
            "finance_expense",
            "operating_profit",
            "total_profit",
            "income_tax",
            "net_profit",
            "net_profit_parent",
            "interest_expense",
            "net_interest_income",
            "credit_loss_provision",
            "noninterest_revenue",
            "noninterest_expense",
            "eps_basic",
            "eps_diluted",
            "investment_income",
            *INCOME_ROWS,
        ),
        "income",
    ),
    **dict.fromkeys(
        (
            "operating_cash_flow",
            "investing_cash_flow",
            "financing_cash_flow",
            "capex",
            "dividends_paid",
            "share_repurchases",
            "depreciation_amortization",
            "share_based_compensation",
            "interest_paid",
            "income_taxes_paid",
            "debt_issued",
            "debt_repaid",
        ),
        "cash_flow",
    ),
}


def statement_kind(statement: str) -> str | None:
    """Which primary statement a fact's table title names, if any."""
    low = statement.lower()
    if OTHER_ENTITY.search(low):
        return None  # "Joint venture related balance sheet activity": another entity's statement
    return next((kind for kind, words in STATEMENT_WORDS.items() if any(w in low for w in words)), None)


# a table of another entity's figures: a joint venture's, an equity-method investee's
OTHER_ENTITY = re.compile(
    r"\bjoint ventures?\b|\bequity[- ]method\b|\baffiliated? compan|\binvestees?\b", re.I
)


_CASH_FLOW_ASKED = re.compile(r"\bcash flows? statement|statements? of cash flows|现金流量表", re.I)
_CHANGE_ROW = re.compile(r"^(?:\(?(?:increase|decrease)\)?\s*/?\s*)+in\s+|^changes?\s+in\s+")


def cash_flow_asked(question: str) -> bool:
    """The question reads its figure off the cash flow statement ("according to the working-capital lines
    of the cash flow statement"): a balance item there is its change."""
    return bool(_CASH_FLOW_ASKED.search(question))


def changed_balance(label: str) -> str:
    """The balance a cash flow statement's working-capital row changes ("(increase) in inventories")."""
    return _CHANGE_ROW.sub("", label)
