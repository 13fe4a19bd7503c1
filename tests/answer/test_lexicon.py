from __future__ import annotations

import pytest

from finrag.answer.lexicon import TOTAL_MATCH, concept_of, find_line_items, label_matches, normalise


@pytest.mark.parametrize(
    ("printed", "norm", "concept"),
    [
        ("Inventories (Notes 1 and 3)", "inventories", "inventory"),
        (
            "Payments to acquire property, plant and equipment",
            "payments to acquire property, plant and equipment",
            "capex",
        ),
        ("货币资金（附注五、1）", "货币资金", "cash"),
        ("减：营业费用", "营业费用", "selling_expense"),  # the pre-2007 standards' name for 销售费用
        ("Net earnings (b)(c)(d)", "net earnings", "net_profit"),
        ("Marketing, general and administrative", "marketing, general and administrative", "sga_expense"),
        ("(Loss)/earnings before income taxes", "earnings before income taxes", "total_profit"),
        ("Income tax (expense)/benefit", "income tax benefit", "income_tax"),
        (
            "Net cash provided/(used) by operating activities",
            "net cash provided by operating activities",
            "operating_cash_flow",
        ),
        (
            "Net cash (used)/provided by financing activities",
            "net cash provided by financing activities",
            "financing_cash_flow",
        ),
        ("Other income (expense), net", "other income, net", None),
        ("二、营业利润（亏损以“－”号填列）", "营业利润", "operating_profit"),
        (
            "Net income/(loss) attributable to common shareholders",
            "net income attributable to common shareholders",
            None,
        ),
        ("Cash dividend payments", "cash dividend payments", "dividends_paid"),
        (
            "Earnings (loss) per share-diluted",
            "earnings per share-diluted",
            "eps_diluted",
        ),  # a quarterly note
        ("Provision for taxes on income", "provision for taxes on income", "income_tax"),
        (
            "Earnings before provision for taxes on income",
            "earnings before provision for taxes on income",
            "total_profit",
        ),
        (
            "Earnings before income tax expense and equity in income of affiliates",
            "earnings before income tax expense and equity in income of affiliates",
            "total_profit",
        ),
        ("Contract assets", "contract assets", "contract_assets"),
        ("Unearned revenue", "unearned revenue", "unearned_revenue"),  # a liability, not revenue
        (  # the equity balance, not the year's other comprehensive income
            "Accumulated other comprehensive income (loss)",
            "accumulated other comprehensive income",
            "accumulated_oci",
        ),
        ("城建税", "城建税", "city_construction_tax"),  # how people write 城市维护建设税
        ("应付帐款", "应付账款", "accounts_payable"),  # 帐, the old form of 账
        ("每股净资产", "每股净资产", "net_assets_per_share"),  # a key indicator, not the net assets
        # Boeing's segment table
        ("(Loss)/earnings from operations", "earnings from operations", "operating_profit"),
        ("WW", "worldwide", None),  # a release's product rows: US, Intl, WW
        (
            "购建固定资产、无形资产和其他长期资产所支付的现金",
            "购建固定资产、无形资产和其他长期资产所支付的现金",
            "capex",
        ),
        # an English question's words for a Chinese filer's lines, and the parent's profit written without 的
        ("Credit impairment loss", "credit impairment loss", "credit_loss_provision"),
        ("归属于母公司所有者净利润", "归属于母公司所有者净利润", "net_profit_parent"),
    ],
)
def test_printed_labels_normalise_to_concepts(printed: str, norm: str, concept: str | None) -> None:
    assert normalise(printed) == norm
    assert concept_of(printed) == concept


@pytest.mark.parametrize(
    ("label", "concept", "matches"),
    [
        ("purchases of property, plant and equipment (pp&e)", "capex", True),
        ("net income attributable to costco", "net_profit_parent", True),
        ("consolidated net income attributable to walmart", "net_profit_parent", True),  # a safe word first
        ("consolidated net income", "net_profit_parent", False),  # the noncontrolling interests' share too
        ("total inventories", "inventory", True),
        ("merchandise inventories", "inventory", True),
        ("net cash from operations", "operating_cash_flow", True),
        ("segment operating income", "operating_profit", True),  # a segment note's row
        ("total net operating revenues", "revenue", True),
        ("other current assets", "current_assets", False),  # another item, not a qualified one
        ("cost of sales", "revenue", False),
        ("total liabilities and stockholders' equity", "total_liabilities", False),  # two items summed
        ("income taxes payable", "income_tax", False),  # a balance owed, not the year's tax
        ("long-term debt due within one year", "long_term_borrowings", True),  # scored, then vetoed:
    ],
)
def test_a_row_label_holds_an_item_only_with_a_qualifier(label: str, concept: str, matches: bool) -> None:
    assert (label_matches(label, concept) > 0) is matches
    if matches and concept_of(label) not in (None, concept):
        # best_fact drops a row that is another known item: the current portion is not long-term debt
        assert concept_of(label) == "short_term_borrowings"


def test_a_remark_after_a_row_name_does_not_weaken_the_match() -> None:
    with_remark = "property and equipment, net of accumulated depreciation of $68,251 and $59,660"
    assert label_matches(with_remark, "fixed_assets") == 1.0
    assert label_matches("accounts receivable (less allowances of $33)", "accounts_receivable") == 1.0


def test_a_reordered_item_name_prefers_the_row_with_fewest_other_words() -> None:
    short = label_matches("diluted earnings per common share", "", "diluted earnings per share")
    long = label_matches(
        "net income available to common shareholders used in diluted earnings per common share calculation",
        "",
        "diluted earnings per share",
    )
    assert short > long > 0


def test_the_item_s_own_total_row_matches_almost_as_well_as_the_item() -> None:
    assert label_matches("total provisions for credit losses", "credit_loss_provision") == TOTAL_MATCH
    assert label_matches("provisions for credit losses", "credit_loss_provision") == 1.0
    # a question's own "total deposits" is the balance sheet's "Deposits" row, not a segment's longer one
    assert label_matches("deposits", "", "total deposits") == TOTAL_MATCH
    held = label_matches("total client deposits and other third-party liabilities", "", "total deposits")
    assert held < TOTAL_MATCH
    assert concept_of("income before income tax provision") == "total_profit"
    assert concept_of("selling, informational and administrative expenses") == "sga_expense"  # Pfizer's SI&A
    assert concept_of("research, development and related expenses") == "rd_expense"  # 3M
    assert concept_of("property, plant and equipment additions") == "capex"  # Boeing


def test_an_item_named_around_its_subject() -> None:
    found = find_line_items("how much cash did American Water Works generate from operations in 2022?")
    assert [(m.concept, m.printed) for m in found] == [
        ("operating_cash_flow", "cash generated from operations")
    ]
    assert find_line_items("How much cash did Amazon hold at year end?") == []


def test_an_item_a_company_s_possessive_interrupts_is_read_whole() -> None:
    found = find_line_items("What was the current portion of Amcor's long-term debt at June 30, 2023?")
    assert [(m.concept, m.printed) for m in found] == [
        ("short_term_borrowings", "current portion of long-term debt")
    ]
    found = find_line_items("What was the cost of Best Buy's revenue in fiscal 2023?")
    assert [m.printed for m in found] == ["cost of revenue"]


def test_an_item_the_question_interrupts_with_its_other_sign_and_colloquial_chinese_names() -> None:
    found = find_line_items("What was MGM's net cash provided by (used in) operating activities for FY2020?")
    assert [(m.concept, m.printed) for m in found] == [
        ("operating_cash_flow", "net cash provided by operating activities")
    ]
    assert found[0].end == found[0].start + len("net cash provided by (used in) operating activities")
    assert [m.concept for m in find_line_items("安妮股份05年净利多少？")] == ["net_profit"]
    assert find_line_items("2019年净利率是多少") == []  # a ratio, not the profit
    assert [m.concept for m in find_line_items("生物股份20年营收同比涨了多少")] == ["revenue"]
    assert [m.concept for m in find_line_items("四方科技19年买固定资产花了多少钱")] == ["capex"]


def test_a_label_asked_with_its_remark_matches_that_row_exactly() -> None:
    label = "interest expense, net of amounts capitalized"
    assert label_matches(label, "", "interest expense, net of amounts capitalized") == 1.0


def test_colloquial_profit_and_a_deal_value_are_read_as_people_mean_them() -> None:
    assert [m.concept for m in find_line_items("天源科技03年赚了多少钱？")] == ["net_profit"]
    assert [m.concept for m in find_line_items("四方科技2019年卖了多少钱？")] == ["revenue"]
    assert find_line_items("What was the deal's total equity value?") == []
    assert [m.concept for m in find_line_items("What was Pfizer's total equity in 2021?")] == ["equity"]


def test_statement_rows_and_bank_balances_are_items() -> None:
    assert [m.concept for m in find_line_items("请问，四方科技2019年的在建工程是多少元?")] == [
        "construction_in_progress"
    ]
    assert [m.concept for m in find_line_items("How did JPMorgan's total deposits change?")] == ["deposits"]
    assert concept_of("营业总成本") == "total_operating_cost"  # no partial match for 营业成本
    plan = find_line_items("四方科技2017年度的分红方案是每10股派息多少元？当年现金分红总额是多少？")
    assert [m.concept for m in plan] == ["dividend_per_10_shares", "cash_dividends_total"]
    assert concept_of("每10股派息数(元)（含税）") == "dividend_per_10_shares"  # as the table prints it
    parent = find_line_items("爱康2010年度扣除非经常性损益后归属于母公司股东的净利润是多少？")
    assert [m.concept for m in parent] == ["net_profit_parent_deducted"]  # not 归母净利润
    assert [m.concept for m in find_line_items("扣除非经常性损益后的净利润")] == ["net_profit_deducted"]
    short = find_line_items("四方科技2017年经营活动现金流净额多少？投资活动现金流净额呢？")
    assert [m.concept for m in short] == ["operating_cash_flow", "investing_cash_flow"]


def test_a_chinese_row_printed_with_its_unit_is_the_item_itself() -> None:
    assert label_matches(normalise("基本每股收益（元／股）"), "eps_basic") == 1.0
    assert label_matches(normalise("资产负债率（%）"), "", "资产负债率") == 1.0
    assert label_matches(normalise("归属于母公司股东的每股净资产（元）"), "eps_basic") == 0.0


def test_a_year_s_bare_income_is_its_revenue_but_a_named_income_is_itself() -> None:
    for question in ("天源04年收入多少", "天源2004年的收入是多少？"):
        assert [m.concept for m in find_line_items(question)] == ["revenue"], question
    assert [m.concept for m in find_line_items("天源2004年营业外收入多少")] != ["revenue"]


def test_an_item_read_across_its_sign_aside_wins_over_an_item_inside_it() -> None:
    found = find_line_items("what was the foreign component of income (loss) before income taxes for 2019?")
    assert [m.concept for m in found] == ["total_profit"]


def test_a_defined_term_in_brackets_is_no_part_of_the_row_name() -> None:
    assert normalise("Tangible book value per share (“TBVPS”)(a)") == "tangible book value per share"


def test_a_segment_s_backlog_and_paid_memberships_are_items_of_their_own() -> None:
    asked = find_line_items("By what percentage did the Aeronautics segment backlog change in 2021?")
    assert [m.concept for m in asked] == ["backlog"]
    assert concept_of("Paid memberships at end of period") == "paid_memberships"
    assert concept_of("Backlog at year-end") == "backlog"
    assert concept_of("Revenue from external customers") == "revenue"  # a geographic note's heading


def test_a_balance_s_turnover_is_no_mention_of_the_balance() -> None:
    assert find_line_items("南岭民爆2005年度的应收帐款周转率是多少次？") == []
    balance = find_line_items("南岭民爆2005年末的应收帐款余额是多少？")
    assert [m.concept for m in balance] == ["accounts_receivable"]


def test_the_grand_total_of_liabilities_and_equity_is_total_assets() -> None:
    """ "负债和所有者权益合计" is the balance sheet's other grand total: never its equity or liabilities."""
    found = find_line_items("资产负债率=负债合计/负债和所有者权益合计，保留两位小数")
    assert [m.concept for m in found] == ["total_liabilities", "total_assets"]
    assert concept_of("负债和所有者权益(或股东权益)总计") == "total_assets"
    assert concept_of("Total liabilities and shareholders' equity") == "total_assets"


def test_cash_used_for_an_activity_is_that_activity_s_net_cash_flow() -> None:
    assert concept_of("Net Cash Used for Operating Activities") == "operating_cash_flow"
    assert concept_of("Net Cash Used for Investing Activities") == "investing_cash_flow"
    assert concept_of("Net Cash Used for Financing Activities") == "financing_cash_flow"
    assert concept_of("Accrued liabilities") == "accrued_liabilities"


def test_treasury_purchases_of_common_stock_are_share_repurchases() -> None:
    assert concept_of("Purchases of common stock for treasury") == "share_repurchases"  # General Mills
    assert concept_of("Purchases of common stock") == "share_repurchases"  # Pfizer
    q = "How much cash did MGM Resorts spend on purchases of its own common stock in 2018?"
    assert [m.concept for m in find_line_items(q)] == ["share_repurchases"]  # not the balance's common stock


def test_cash_burned_in_operations_is_the_operating_cash_flow() -> None:
    found = find_line_items("how much cash did Square burn in operating activities in 2014?")
    assert [m.concept for m in found] == ["operating_cash_flow"]


def test_a_charge_on_a_balance_is_its_own_row_not_the_balance() -> None:
    found = find_line_items("How much did Pfizer's amortization of intangible assets increase in Q2 2023?")
    assert [(m.concept, m.printed) for m in found] == [("", "amortization of intangible assets")]
    assert [m.concept for m in find_line_items("What were Pfizer's intangible assets in 2023?")] == [
        "intangible_assets"
    ]
    named_after = find_line_items("What goodwill impairment charges did CVS record in 2018?")
    assert [(m.concept, m.printed) for m in named_after] == [("", "goodwill impairment charges")]


def test_an_other_financing_row_asked_in_english_over_a_chinese_statement() -> None:
    from finrag.answer.gate_words import translated_words

    question = "In 2020, how much cash was received from other financing activities?"
    items = find_line_items(question)
    assert [m.concept for m in items] == ["other_financing_received"]
    text = "| 收到其他与筹资活动有关的现金 | 91,673,400.00 | |"
    assert "received from other financing activities" in translated_words(question, text)


def test_analyst_abbreviations_of_expense_lines_are_their_items() -> None:
    rd = find_line_items("jnj fy2020 r&d expense as % of sales")
    assert [m.concept for m in rd] == ["rd_expense", "revenue"]


def test_a_reconciliation_named_as_a_table_gives_no_operands() -> None:
    asked = (
        "In the reconciliation of net income to net cash used in operating activities in Netflix's 2017 Form "
        "10-K, how large was the add-back for amortization, and how many times net income was it?"
    )
    printed = [m.printed.lower() for m in find_line_items(asked)]
    assert "net cash used in operating activities" not in printed
    assert printed.count("net income") == 1  # the one asked after the table's name


def test_what_was_left_unrecognised_is_no_balance_and_a_tax_basis_no_tax_row() -> None:
    unrecognised = [m.printed for m in find_line_items("2020年末未确认递延所得税资产的可抵扣亏损是多少？")]
    assert not any("所得税" in p for p in unrecognised)
    assert [m.concept for m in find_line_items("2020年末递延所得税资产是多少？")] == ["deferred_tax_assets"]
    assert not find_line_items("项目的所得税后财务内部收益率是多少？")  # the column of the return, no tax


def test_an_item_named_only_in_a_list_inside_a_row_label_is_not_that_row() -> None:
    listed = normalise(
        "除同公司正常经营业务相关的有效套期保值业务外，持有交易性金融资产、衍生金融资产、交易性金融负债、"
        "衍生金融负债产生的公允价值变动损益"
    )
    assert label_matches(listed, "", "衍生金融资产") == 0
    assert label_matches(normalise("衍生金融资产期末余额"), "", "衍生金融资产") > 0  # the item, qualified
