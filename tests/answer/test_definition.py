"""A formula the question spells out: parsed, bound to cited facts, worked out as defined."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.defined import defined_answer
from finrag.answer.definition import find_definition
from finrag.answer.definition_eval import evaluate, template
from finrag.answer.definition_terms import Constant
from finrag.answer.facts import extract_facts
from finrag.answer.formulas import detect_formula
from finrag.answer.numeric import calculation_answer
from finrag.answer.query import analyze
from finrag.model import QueryAnalysis, Table
from finrag.retrieve.periods import find_periods

from .helpers import BALANCE_ZH, INCOME_ZH, make_doc, table_chunks

QUICK = (
    "What is 3M's FY2022 quick ratio? Define quick ratio as (cash and cash equivalents + current marketable "
    "securities + net accounts receivable) / total current liabilities. Round your answer to two decimal "
    "places."
)
# A balance sheet whose indented rows print their labels one cell right, as pdfplumber reads many 10-Ks
BALANCE = Table(
    "t1",
    [50],
    [["(Millions)", "", "2022", "2021"]],
    [
        ["Cash and cash equivalents", "", "3,655", "4,564"],
        ["Marketable securities — current", "", "238", "201"],
        ["", "Accounts receivable — net of allowances", "4,532", "4,660"],
        ["Total inventories", "", "5,372", "4,985"],
        ["Total current assets", "", "14,688", "15,403"],
        ["", "Total current liabilities", "9,523", "9,035"],
    ],
    caption="Consolidated Balance Sheet",
)


def test_a_defined_quick_ratio_is_parsed_with_its_brackets() -> None:
    d = find_definition(QUICK)
    assert d is not None and d.name == "quick ratio"
    assert template(d.tokens) == "({0} + {1} + {2}) / {3}"
    assert [t.item.concept for t in d.terms] == ["cash", "", "accounts_receivable", "current_liabilities"]
    values = [[Decimal(3655)], [Decimal(238)], [Decimal(4532)], [Decimal(9523)]]
    assert round(evaluate(d.tokens, values), 4) == Decimal("0.8847")


def test_operands_dated_relative_to_the_questions_year() -> None:
    d = find_definition("2006年净利润增长率是多少？净利润增长率=(本年净利润-上年净利润)/上年净利润")
    assert d is not None and [t.back for t in d.terms] == [0, 1, 1]
    assert {t.item.concept for t in d.terms} == {"net_profit"}
    doc = make_doc([INCOME_ZH])
    asked = analyze("四方科技2019年营业收入增长率？营业收入增长率=(本年营业收入-上年营业收入)/上年营业收入")
    assert asked.definition is not None
    out = defined_answer(
        asked, asked.definition, extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}, lambda f: 1
    )
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("15.21")  # % of (1,175.3 − 1,020.1) / 1,020.1, not 0


def test_a_defined_growth_is_in_percent_a_defined_difference_an_amount() -> None:
    doc = make_doc([INCOME_ZH])
    facts = extract_facts(doc, table_chunks(doc))

    def result(question: str) -> tuple[Decimal, str | None]:
        asked = analyze(question)
        assert asked.definition is not None
        out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
        assert out is not None and out.calculation is not None
        return out.calculation.result, out.calculation.unit

    growth = "What was Sifang's 2019 revenue growth? Growth = 2019 revenue / 2018 revenue - 1."
    assert result(growth) == (Decimal("15.21"), "%")  # not 0.15
    gap = "How much did Sifang's revenue grow in 2019? Growth = 2019 revenue - 2018 revenue."
    assert result(gap) == (Decimal("155185483.05"), "元")


def test_words_and_averages_in_a_definition() -> None:
    d = find_definition(
        "Inventory turnover ratio is defined as: (FY2019 cost of goods sold) / (average merchandise "
        "inventories between FY2018 and FY2019)."
    )
    assert d is not None
    assert [(t.item.concept, t.year, t.average_of) for t in d.terms] == [
        ("cost_of_revenue", 2019, None),
        ("inventory", None, (2018, 2019)),
    ]
    total = find_definition(
        "what is Verizon's year end FY2021 total debt (debt maturing within one year plus long-term debt)?"
    )
    assert total is not None and total.name == "total debt" and total.additive()
    assert find_definition("What is Nike's FY2019 revenue (in USD millions)?") is None
    roe = find_definition(
        "Define ROE as FY2019 net income divided by the average of total shareholders' equity at the end of "
        "FY2018 and FY2019 (fiscal years ended May 31)."
    )
    assert roe is not None and [t.average_of for t in roe.terms] == [None, (2018, 2019)]
    measured = find_definition(
        "Did Acme convert its 2021 net income into operating cash at a rate of at least 1.5x? Measure cash "
        "conversion as net cash provided by operating activities divided by net income."
    )
    assert measured is not None and measured.name == "cash conversion"
    sourced = find_definition(
        "Using the prior-year columns in Acme's 2021 Form 10-K, compute its 2019 capital expenditure "
        "intensity: capital expenditures (cash flow statement) ÷ operating revenues (income statement)."
    )  # "Using the prior-year columns …" says where to read; the formula follows the colon
    assert sourced is not None and sourced.name == "capital expenditure intensity"
    assert [t.item.concept for t in sourced.terms] == ["capex", "revenue"]
    assert [t.item.concept for t in measured.terms] == ["operating_cash_flow", "net_profit"]
    ratio = find_definition(
        "Define current ratio as total current assets / total current liabilities, using the condensed "
        "consolidated balance sheet in the Q1 2023 earnings release."
    )
    assert ratio is not None and ratio.terms[1].item.printed == "total current liabilities"
    debt = find_definition("What is total debt, defined as short-term borrowings plus long-term debt?")
    assert debt is not None and debt.name == "total debt" and debt.additive()
    quick = find_definition("速动比率是多少？速动比率=（流动资产-存货）/流动负债，保留两位小数。")
    assert quick is not None and [t.item.concept for t in quick.terms] == [
        "current_assets",
        "inventory",
        "current_liabilities",
    ]
    assert find_definition("What is the gross margin (gross profit as a % of net sales)?") is None
    ebitda = find_definition(
        "Define EBITDA as operating income + depreciation and amortization from the cash flow statement."
    )
    assert ebitda is not None and [t.statement for t in ebitda.terms] == [None, "cash_flow"]
    dso = find_definition(
        "Define DSO as 365 x (average of net accounts receivable at year-end 2017 and 2018) / FY2018 net "
        "sales."
    )
    assert dso is not None and dso.tokens[:2] == [Constant(Decimal(365)), "*"]
    turnover = find_definition(
        "Define inventory turnover as FY2020 cost of sales / average inventories at January 31, 2019 and "
        "January 31, 2020."
    )
    assert turnover is not None and [t.average_of for t in turnover.terms] == [None, (2019, 2020)]


def test_an_operand_read_from_the_statement_named_and_an_item_used_twice() -> None:
    earnings = Table(
        "t7",
        [45],
        [["", "Fiscal 2022", "Fiscal 2021"]],
        [
            ["Net earnings attributable to General Mills", "2,707.3", "2,339.8"],
            ["Dividends per share", "2.04", "2.02"],
            ["Depreciation and amortization", "570.3", "601.3"],
        ],
        caption="Consolidated Statements of Earnings",
    )
    cash = Table(
        "t8",
        [49],
        [["", "Fiscal 2022", "Fiscal 2021"]],
        [["Depreciation and amortization", "570.0", "601.0"], ["Dividends paid", "(1,244.5)", "(1,246.4)"]],
        caption="Consolidated Statements of Cash Flows",
    )
    doc = make_doc([earnings, cash], company="General Mills", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    retention = analyze(
        "What is General Mills' FY2022 retention ratio? Retention ratio is defined as: (net earnings "
        "attributable to General Mills - dividends paid) / net earnings attributable to General Mills."
    )
    assert retention.definition is not None
    out = defined_answer(retention, retention.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("0.54")
    ebitda = analyze(
        "What is General Mills' FY2022 EBITDA? Define EBITDA as net earnings attributable to General Mills + "
        "depreciation and amortization from the cash flow statement."
    )
    assert ebitda.definition is not None
    out = defined_answer(ebitda, ebitda.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("3277.30")


def test_the_question_s_own_quick_ratio_is_worked_out_on_cited_facts() -> None:
    doc = make_doc([BALANCE], company="3M", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(QUICK)
    assert asked.definition is not None and asked.intent == "calculation"
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal(
        "0.88"
    )  # (3,655 + 238 + 4,532) / 9,523, not (CA − inventory) / CL
    assert "4,532" in answer.text and "9,523" in answer.text  # the shifted-label rows were read


def test_a_definition_with_an_operand_the_documents_lack_gives_no_number() -> None:
    doc = make_doc([BALANCE], company="3M", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "Define cash ratio as cash and cash equivalents / total deposits from customers. "
        "What is 3M's FY2022 cash ratio?"
    )
    assert asked.definition is not None
    assert defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_an_amount_worked_out_in_thousands_is_restated_in_the_millions_asked_for() -> None:
    flows = Table(
        "t5",
        [63],
        [["(In thousands)", "2015", "2014"]],
        [
            ["Net cash provided by operating activities", "1,469,502", "1,287,482"],
            ["Purchases of property and equipment", "(184,936)", "(148,332)"],
        ],
        caption="Consolidated Statements of Cash Flows (In thousands)",
    )
    doc = make_doc([flows], company="Adobe", year=2015, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What is Adobe's FY2015 free cash flow (in USD millions)? Define free cash flow as cash from "
        "operations minus capital expenditures (purchases of property and equipment)."
    )
    assert asked.definition is not None
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None
    assert "1,469,502 − 184,936 = 1,284,566.00 thousands" in answer.text  # the outflow's size is subtracted
    assert "= 1,284.57 millions" in answer.text


def test_numbers_and_a_trailing_division_in_a_definition() -> None:
    dso = find_definition(
        "What is Kraft Heinz's FY2019 days sales outstanding (DSO)? DSO is defined as: 365 * (average trade "
        "receivables between FY2018 and FY2019) / (FY2019 net sales)."
    )
    assert dso is not None and [t.item.concept for t in dso.terms] == ["accounts_receivable", "revenue"]
    values = [[Decimal(2000), Decimal(2100)], [Decimal(24977)]]
    assert round(evaluate(dso.tokens, values), 2) == Decimal("29.96")  # 365 × 2,050 / 24,977
    margin = find_definition(
        "Define unadjusted EBITDA as unadjusted operating income plus depreciation and amortization from the "
        "cash flow statement, and divide by total revenue."
    )
    assert margin is not None and template(margin.tokens) == "({0} + {1}) / ({2})"


def test_chained_definitions_roots_spelled_out_terms_and_changes() -> None:
    fcf = find_definition(
        "What is Adobe's FY2022 free cash flow margin? Define free cash flow as cash provided by operating "
        "activities minus purchases of property and equipment, and free cash flow margin as free cash flow / "
        "total revenue."
    )
    assert fcf is not None and fcf.name == "free cash flow margin"
    assert template(fcf.tokens) == "({0} − {1}) / {2}"
    cagr = find_definition("CAGR is defined as (FY2016 total revenue / FY2014 total revenue)^(1/2) - 1.")
    assert cagr is not None and template(cagr.tokens) == "({0} / {1})^(1 / 2) − 1"
    assert round(evaluate(cagr.tokens, [[Decimal(5854430)], [Decimal(4147065)]]), 4) == Decimal("0.1882")
    debt = find_definition(
        "Define debt-to-equity as total debt (short-term borrowings + long-term debt) / total equity."
    )
    assert debt is not None and template(debt.tokens) == "({0} + {1}) / {2}"
    dpo = find_definition(
        "DPO is defined as: 365 * (average accounts payable between FY2016 and FY2017) / (FY2017 COGS + "
        "change in inventory between FY2016 and FY2017)."
    )
    assert dpo is not None and "({2} + ({3} − {4}))" in template(dpo.tokens)
    values = [[Decimal(34616), Decimal(25309)], [Decimal(111934)], [Decimal(16047), Decimal(11461)]]
    assert round(evaluate(dpo.tokens, values), 2) == Decimal("93.86")
    assert find_definition("Define coverage as the figure management reports. What is it?") is None
    ebitda = find_definition(
        "What is Lockheed Martin's FY2020 unadjusted EBITDA margin? Define unadjusted EBITDA as operating "
        "profit (income statement) + depreciation and amortization (cash flow statement), and EBITDA margin "
        "as unadjusted EBITDA / total net sales."
    )  # the operand "unadjusted EBITDA" is the first definition, read without its qualifier
    assert ebitda is not None and template(ebitda.tokens) == "({0} + {1}) / {2}"


def test_chinese_operands_dated_by_their_year_and_an_average_at_year_end() -> None:
    growth = find_definition("增长率=(2006年末长期借款-2005年末长期借款)/2005年末长期借款，保留2位小数。")
    assert growth is not None and template(growth.tokens) == "({0} − {1}) / {2}"
    years = [t.year for t in growth.tokens if not isinstance(t, str)]
    assert years == [2006, 2005, 2005]
    roe = find_definition(
        "Define ROE as FY2022 net income / (average of total shareholders' equity at year end FY2021 and "
        "FY2022)."
    )
    assert roe is not None and any(getattr(t, "average_of", None) == (2021, 2022) for t in roe.tokens)


def test_a_definition_of_it_names_the_ratio_the_question_asks() -> None:
    loans = find_definition(
        "According to JPMorgan Chase's 10-Q for the second quarter of 2022, what was its loans-to-deposits "
        "ratio at June 30, 2022? Define it as total loans / total deposits from the consolidated balance "
        "sheet."
    )
    assert loans is not None and loans.name == "loans-to-deposits ratio"
    assert template(loans.tokens) == "{0} / {1}"


def test_a_defined_amount_asked_as_a_percent_margin_is_divided_by_revenue() -> None:
    from finrag.answer.definition import find_definition
    from finrag.answer.definition_fit import as_margin

    q = (
        "What is the FY2020 - FY2022 3 year average unadjusted EBITDA % margin for Acme? Define unadjusted "
        "EBITDA as unadjusted operating income + depreciation and amortization."
    )
    d = as_margin(find_definition(q), q)
    assert d is not None and d.tokens[-1] != ")" and d.tokens[-2] == "/"
    assert [t.item.concept for t in d.terms] == ["operating_profit", "depreciation_amortization", "revenue"]
    plain = "What is Acme's FY2022 EBITDA? Define EBITDA as operating income + depreciation and amortization."
    kept = as_margin(find_definition(plain), plain)
    assert kept is not None and kept.additive()  # an amount stays an amount


def test_a_defined_free_cash_flow_is_read_at_the_period_end_asked_and_subtracts_the_outflow_s_size() -> None:
    # a June year-end filer: its 10-K's "2022" column ended 30 June 2022; the quarter asked ended in December
    annual = Table(
        "t1",
        [53],
        [["($ in millions)", "2023", "2022"]],
        [
            ["Net cash provided by operating activities", "1,261", "1,526"],
            ["Purchase of property, plant, and equipment, and other intangible assets", "(526)", "(527)"],
        ],
        caption="Consolidated Statements of Cash Flows",
    )
    interim = Table(
        "t2",
        [8],
        [["($ in millions)", "Six Months Ended December 31, 2022", "Six Months Ended December 31, 2021"]],
        [
            ["Net cash provided by operating activities", "145", "323"],
            ["Purchase of property, plant, and equipment, and other intangible assets", "(250)", "(255)"],
        ],
        caption="Condensed Consolidated Statements of Cash Flows",
    )
    ten_k = make_doc(
        [annual], company="Amcor", year=2023, file="AMCOR_2023_10K.pdf", language="en", unit_line=""
    )
    ten_k.meta.period_end = "2023-06-30"
    ten_q = make_doc(
        [interim], company="Amcor", year=2023, file="AMCOR_2023Q2_10Q.pdf", language="en", unit_line=""
    )
    facts = extract_facts(ten_k, table_chunks(ten_k)) + extract_facts(ten_q, table_chunks(ten_q))
    text = (
        "What was Amcor's free cash flow for the six months ended December 31, 2022 (in USD millions)? "
        "Define free cash flow as net cash provided by operating activities minus purchase of property, "
        "plant, and equipment, and other intangible assets."
    )
    asked = analyze(text, QueryAnalysis(text, text, "en", "calculation", periods=find_periods(text)))
    assert asked.definition is not None
    answer = defined_answer(asked, asked.definition, facts, {ten_k.doc_id: 0, ten_q.doc_id: 1}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal("-105.00")  # 145 − 250, not the 10-K's June year
    assert "145 − 250" in answer.text  # the purchases printed "(250)" are subtracted by their size


def test_an_expense_printed_in_brackets_is_divided_by_its_size_and_a_ratio_asked_in_percent_is_one() -> None:
    operations = Table(
        "t4",
        [4],
        [["(In thousands)", "Three Months Ended June 30, 2023"]],
        [
            ["Operating income", "371,378"],
            ["Interest expense, net of amounts capitalized", "(111,945)"],
            ["Income before income taxes", "4,325"],
            ["Income tax expense", "2,392"],
        ],
        caption="Consolidated Statements of Operations",
    )
    doc = make_doc([operations], company="MGM", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What was MGM's interest coverage for the three months ended June 30, 2023? Define interest "
        "coverage as operating income divided by interest expense, net of amounts capitalized, both from "
        "the statement of operations."
    )
    assert asked.definition is not None
    assert [t.item.printed for t in asked.definition.terms][
        1
    ] == "interest expense, net of amounts capitalized"
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("3.32")
    rate = analyze(
        "What was MGM's effective tax rate in 2023? Compute it as income tax expense divided by income "
        "before income taxes. Answer in percent, rounded to one decimal place."
    )
    out = calculation_answer(rate, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.text.split(" = ")[-1].startswith("55.3%")


def test_a_bracket_after_a_possessive_names_the_company_not_a_formula() -> None:
    question = "What was the gross margin of Jinyu Bio-Technology's (金宇生物 / 生物股份) business in 2020?"
    assert find_definition(question) is None


def test_an_item_used_twice_keeps_its_name_and_a_source_said_of_all_operands_is_no_operand() -> None:
    balance = Table(
        "t50",
        [41],
        [["(In millions)", "2021", "2020"]],
        [
            ["Inventories", "2,481", "2,438"],
            ["Inventory turns", "3.7", "3.2"],
            ["Accounts payable", "1,612", "1,174"],
        ],
        caption="Balance Sheet",
    )
    income = Table(
        "t51", [65], [["(In millions)", "2021"]], [["Cost of sales", "9,019"]], caption="Statements of Income"
    )
    doc = make_doc([balance, income], company="Corning", year=2021, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What is the FY2021 DPO for Corning? DPO is defined as: 365 * (average accounts payable between "
        "FY2020 and FY2021) / (FY2021 COGS + change in inventory between FY2020 and FY2021)."
    )
    assert asked.definition is not None
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "(2,481 − 2,438)" in out.text  # the inventories row, not "Inventory turns"
    capex = find_definition(
        "Define it as capital expenditures / (depreciation + amortization of purchased intangibles), all as "
        "shown in the cash flow statement."
    )
    assert (
        capex is not None
        and [t.item.printed for t in capex.terms][-1] == "amortization of purchased intangibles"
    )


def test_how_to_round_is_no_operand_and_a_share_or_a_part_of_a_whole_is_in_percent() -> None:
    d = find_definition(
        "What was X's operating margin for the three months ended June 30, 2023? Define operating margin as "
        "operating income / total revenues, rounded to one decimal place."
    )
    assert d is not None and [t.item.printed for t in d.terms] == ["operating income", "total revenues"]
    tax = find_definition(
        "Define effective tax rate as income tax expense / income before income taxes, and round to one "
        "decimal place"
    )
    assert tax is not None and tax.terms[-1].item.printed == "income before income taxes"
    doc = make_doc([INCOME_ZH, BALANCE_ZH])
    facts = extract_facts(doc, table_chunks(doc))
    for question, shown in (
        ("四方科技2019年流动资产比率是多少？流动资产比率=流动资产合计/资产总计", "%"),  # a part of its whole
        ("四方科技2019年费用比例是多少？费用比例=销售费用/管理费用", "%"),  # 比例: a share
        ("四方科技2019年成本收入比率是多少？成本收入比率=营业成本/营业收入", None),  # a multiple
    ):
        asked = analyze(question)
        assert asked.definition is not None
        out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
        assert out is not None and ("%" in out.text) == (shown == "%"), question


def test_an_income_tax_expense_printed_in_brackets_is_used_by_its_size() -> None:
    income = Table(
        "t6",
        [5],
        [["($ million)", "Three Months Ended December 31, 2022", "Three Months Ended December 31, 2021"]],
        [["Income before income taxes", "494", "520"], ["Income tax expense", "(33)", "(95)"]],
        caption="Condensed Consolidated Statements of Income",
    )
    doc = make_doc([income], company="Amcor", year=2023, language="en", unit_line="")
    asked = analyze(
        "What was Amcor's effective tax rate for the three months ended December 31, 2022? Define effective "
        "tax rate as income tax expense / income before income taxes, and round to one decimal place"
    )
    assert asked.definition is not None
    facts = extract_facts(doc, table_chunks(doc))
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "6.7%" in out.text and "-6.7" not in out.text


def test_the_answer_form_after_the_last_operand_and_a_remark_in_brackets_are_no_operands() -> None:
    d = find_definition(
        "Define working capital as total current assets minus total current liabilities, from the condensed "
        "consolidated balance sheet. Answer in USD millions."
    )
    assert d is not None and [t.item.printed for t in d.terms] == [
        "total current assets",
        "total current liabilities",
    ]
    margin = find_definition(
        "Define operating margin as operating income / net sales, in percent to one decimal place."
    )
    assert margin is not None and margin.terms[-1].item.printed == "net sales"
    debt = find_definition(
        "Define net debt as current portion of long-term debt + short-term debt + long-term debt "
        "(less current portion) - cash and cash equivalents."
    )
    assert debt is not None and [t.item.printed for t in debt.terms][2:] == [
        "long-term debt",
        "cash and cash equivalents",
    ]
    assert debt.tokens.count("-") == 1  # "less current portion" names the row, it subtracts nothing


def test_an_english_formula_written_with_an_equals_sign() -> None:
    d = find_definition(
        "What was the growth? Growth = Q1 2023 net revenue / Q1 2022 net revenue - 1. Answer in percent."
    )
    assert d is not None and d.name == "Growth"
    assert [(t.item.printed, t.year) for t in d.terms] == [("net revenue", 2023), ("net revenue", 2022)]
    assert isinstance(d.tokens[-1], Constant) and d.tokens[-1].value == Decimal(1)


def test_operands_naming_only_a_date_are_the_questions_item_then() -> None:
    asked = analyze(
        "四方科技2019年末应付账款期末余额较期初余额增长了多少？增长率=(期末余额-期初余额)/期初余额，保留两位小数。"
    )
    assert asked.definition is not None
    terms = [(t.item.printed, t.back) for t in asked.definition.terms]
    assert terms == [("应付账款", 0), ("应付账款", 1), ("应付账款", 1)]
    english = analyze(
        "What was the year-over-year change in Acme's deferred revenue between July 30, 2022 and "
        "July 29, 2023? Compute (balance at July 29, 2023 / balance at July 30, 2022 - 1) x 100."
    )
    assert english.definition is not None  # "balance at <date>": the item asked, at that date
    assert [(t.item.printed, t.year) for t in english.definition.terms] == [
        ("deferred revenue", 2023),
        ("deferred revenue", 2022),
    ]


def test_balances_named_by_their_year_end_or_day_are_the_questions_item_at_that_date() -> None:
    year_ends = analyze(
        "天源科技合并资产负债表中，2005年12月31日的预收账款比2004年12月31日减少了多少元？"
        "变动率=(2005年末余额−2004年末余额)/2004年末余额，保留两位小数。"
    )
    assert year_ends.definition is not None
    terms = [(t.item.printed, t.year) for t in year_ends.definition.terms]
    assert terms == [("预收账款", 2005), ("预收账款", 2004), ("预收账款", 2004)]
    days = analyze(
        "南岭民爆合并资产负债表中，2006年6月30日的在建工程较2005年12月31日增加了多少元？"
        "增长率=(2006年6月30日余额−2005年12月31日余额)/2005年12月31日余额"
    )
    assert days.definition is not None
    dated = [(t.item.printed, t.year) for t in days.definition.terms]
    assert dated[:2] == [("在建工程", 2006), ("在建工程", 2005)]


def test_an_opening_balance_named_only_by_its_date_shares_the_item_the_closing_one_names() -> None:
    asked = analyze(
        "爱康科技2010年的净资产收益率是多少？净资产收益率=归属于母公司股东的净利润/[(期初+期末归属于母公司股东权益)/2]"
        "，保留2位小数。"
    )
    assert asked.definition is not None  # square brackets nest like round ones
    terms = [(t.item.printed, t.back) for t in asked.definition.terms]
    assert terms == [
        ("归属于母公司股东的净利润", 0),
        ("归属于母公司股东权益", 1),
        ("归属于母公司股东权益", 0),
    ]


def test_a_bracketed_formula_after_its_verb_is_named_by_the_metric_asked() -> None:
    d = find_definition(
        "What net income margin did Acme's Optical segment earn in 2020 (segment net income / segment net "
        "sales)? Round to one decimal place."
    )
    assert d is not None and d.name == "net income margin"  # not "Optical segment earn"


def test_an_average_balance_written_without_years_is_the_mean_of_the_year_s_start_and_end() -> None:
    doc = make_doc([BALANCE], company="3M", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "What was 3M's FY2022 inventory turnover? Inventory turnover = total current assets / average total "
        "inventories. Round to two decimal places."
    )
    asked = analyze(
        question, QueryAnalysis(question, question, "en", "calculation", periods=find_periods(question))
    )
    assert asked.definition is not None
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal("2.84")  # 14,688 / ((5,372 + 4,985) / 2), a multiple
    d = find_definition("2006年应收账款周转率是多少？应收账款周转率=主营业务收入/应收账款平均余额")
    assert d is not None and [t.average_of for t in d.terms] == [None, (-1, 0)]


def test_parts_named_only_by_where_they_stand_are_parts_of_the_defined_item() -> None:
    found = find_definition(
        "What was Microsoft's total unearned revenue (short-term plus long-term) at June 30, 2016?"
    )
    assert found is not None
    assert [t.item.printed for t in found.terms] == [
        "short-term unearned revenue",
        "long-term unearned revenue",
    ]


def test_operands_dated_by_a_period_phrase_and_a_trailing_times_365() -> None:
    turnover = find_definition(
        "Calculate Costco's total asset turnover for fiscal 2021, defined as total revenue for the 52"
        " weeks ended August 29, 2021 divided by the average of total assets at August 29, 2021 and"
        " August 30, 2020."
    )
    assert turnover is not None
    revenue, assets = turnover.terms
    assert (revenue.item.concept, revenue.year) == ("revenue", 2021)
    assert (assets.item.concept, assets.average_of) == ("total_assets", (2020, 2021))
    dpo = find_definition(
        "Using Ulta's fiscal 2022 results, compute days payables outstanding = accounts payable at"
        " January 28, 2023 / fiscal 2022 cost of sales x 365. Round to one decimal."
    )
    assert dpo is not None and dpo.tokens[-2:] == ["*", Constant(Decimal(365))]
    payable, cost = dpo.terms
    assert (payable.item.concept, payable.year, payable.dated) == ("accounts_payable", 2023, True)
    assert (cost.item.concept, cost.year, cost.dated) == ("cost_of_revenue", 2022, False)


def _shape(question: str) -> tuple[str, list[object]] | None:
    d = find_definition(question)
    if d is None:
        return None
    return d.name, [t if isinstance(t, str) else (t.item.printed, t.average_of) for t in d.tokens]


def test_a_formula_after_a_colon_or_using_and_one_ending_its_sentence() -> None:
    # "= … at December 28, 2019 and December 29, 2018. What is it": the formula ends with its sentence
    assert _shape(
        "Kraft Heinz 2019 inventory turnover = cost of products sold for fiscal 2019 / average of "
        "inventories at December 28, 2019 and December 29, 2018. What is it, to two decimals?"
    ) == ("inventory turnover", [("cost of products sold", None), "/", ("inventories", (2018, 2019))])
    assert _shape(
        "Compute Corning's 2022 return on average assets: net income for 2022 divided by the average of "
        "total assets at December 31, 2022 and December 31, 2021. Express as a percentage."
    ) == ("return on average assets", [("net income", None), "/", ("total assets", (2021, 2022))])
    assert _shape(
        "Activision Blizzard quick ratio at December 31, 2019, using (cash and cash equivalents + accounts "
        "receivable, net) / total current liabilities. Two decimals."
    ) == (
        "quick ratio",
        [
            "(",
            ("cash and cash equivalents", None),
            "+",
            ("accounts receivable, net", None),
            ")",
            "/",
            ("total current liabilities", None),
        ],
    )
    # the formula first, the metric it gives after it
    assert _shape(
        "Using (cash and cash equivalents + receivables, net) / total current liabilities, what was the "
        "quick ratio of Acme's closed group at June 30, 2023?"
    ) == (
        "quick ratio",
        [
            "(",
            ("cash and cash equivalents", None),
            "+",
            ("receivables, net", None),
            ")",
            "/",
            ("total current liabilities", None),
        ],
    )
    # a colon or "using" that opens no formula defines nothing
    assert find_definition("Answer this: what was Acme's revenue in 2022?") is None
    assert find_definition("What was Acme's revenue in 2022, using the 10-K?") is None


def test_a_balance_date_written_out_picks_its_column_whatever_the_fiscal_year_is_called() -> None:
    balance = Table(
        "t40",
        [11],
        [["(In thousands)", "January 28, 2023", "January 29, 2022"]],
        [
            ["Total current assets", "2,709,304", "2,281,183"],
            ["Total current liabilities", "1,681,775", "1,558,010"],
        ],
        caption="Consolidated Balance Sheets",
    )
    doc = make_doc([balance], company="Ulta Beauty", year=2022, language="en", unit_line="")
    q = (
        "Using the balance sheet in Ulta Beauty's fourth-quarter fiscal 2022 earnings release, what was its "
        "current ratio at January 28, 2023? Current ratio = total current assets / total current liabilities."
    )
    asked = analyze(q, QueryAnalysis(q, q, "en", "calculation", periods=find_periods(q)))
    assert asked.definition is not None
    facts = extract_facts(doc, table_chunks(doc))
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result.quantize(Decimal("0.01")) == Decimal("1.61")  # not the prior year's 1.46


def test_a_formula_in_letters_takes_what_its_where_clause_names() -> None:
    q = (
        "From its Q4 earnings release: compute cash conversion X = A / B, where A = net cash provided by "
        "operating activities and B = net income. Round to two decimals."
    )
    assert _shape(q) == (
        "cash conversion",
        [("net cash provided by operating activities", None), "/", ("net income", None)],
    )
    assert find_definition("What was revenue where A = 2022?") is None  # no formula in letters


def test_a_sum_before_a_comma_is_divided_whole() -> None:
    d = find_definition(
        "Boeing FY2018 unadjusted EBITDA margin: take earnings from operations plus depreciation and "
        "amortization from the cash flow statement, divided by total revenues."
    )
    assert d is not None
    assert [t if isinstance(t, str) else t.item.printed for t in d.tokens] == [
        "(",
        "earnings from operations",
        "+",
        "depreciation and amortization",
        ")",
        "/",
        "(",
        "total revenues",
        ")",
    ]
    its = find_definition("What was its marketing intensity, defined as marketing expense / total revenues?")
    assert its is not None and its.name == "marketing intensity"


def test_compute_a_metric_as_a_formula_defines_it_with_the_rows_as_printed() -> None:
    coverage = find_definition(
        "For fiscal 2019, compute interest coverage as operating profit divided by interest, net."
    )
    assert coverage is not None and coverage.name == "interest coverage"
    assert [t.item.printed for t in coverage.terms] == ["operating profit", "interest, net"]
    assert find_definition("Compute Nike's working capital as of May 31, 2018.") is None  # a date, no formula


def test_a_split_named_with_a_slash_after_using_defines_no_metric() -> None:
    q = (
        "What share of Adobe's fiscal 2015 income before income taxes was earned by foreign operations, "
        "using the domestic/foreign split in the income tax note?"
    )
    assert find_definition(q) is None
    quick = "What was the quick ratio at year end, using (cash + receivables) / current liabilities?"
    assert find_definition(quick) is not None


def test_a_row_under_its_income_statement_heading_and_a_metric_asked_at_a_date() -> None:
    operations = Table(
        "t60",
        [58],
        [["", "Year Ended December 31, 2018", "Year Ended December 31, 2017"]],
        [
            ["Revenues", "", ""],
            ["Casino", "5,753,150", "5,307,756"],
            ["Rooms", "2,212,573", "2,133,942"],
            ["Total revenues", "11,763,096", "10,773,904"],
            ["Expenses", "", ""],
            ["Casino", "3,199,775", "2,929,143"],
        ],
        caption="CONSOLIDATED STATEMENTS OF OPERATIONS",
    )
    segment = Table("t61", [36], [["", "2018", "2017"]], [["Casino revenue", "1,407,733", "1,394,450"]])
    doc = make_doc([operations, segment], company="MGM Resorts", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What was MGM Resorts' casino department margin in 2018, defined as (casino revenue - casino"
        " expenses) / casino revenue, using the 2018 income statement? Round to one decimal place."
    )
    assert asked.definition is not None and asked.definition.name == "casino department margin"
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    # the statement's Casino rows under Revenues and Expenses, not a segment table's "Casino revenue"
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal("44.4")
    dated = find_definition(
        "What was CVS Health's debt-to-equity ratio at December 31, 2018, defined as total debt (short-term"
        " debt + long-term debt) divided by total shareholders' equity?"
    )
    assert dated is not None and dated.name == "debt-to-equity ratio" and len(dated.terms) == 3


def test_chinese_operands_named_with_their_statement_or_note_and_an_instruction_to_compute() -> None:
    ratio = find_definition("比例=合并现金流量表经营活动产生的现金流量净额/合并利润表净利润，保留两位小数。")
    assert ratio is not None
    assert [(t.item.concept, t.statement) for t in ratio.terms] == [
        ("operating_cash_flow", "cash_flow"),
        ("net_profit", "income"),
    ]
    capex = find_definition(
        "覆盖率=经营活动产生的现金流量净额/购建固定资产、无形资产和其他长期资产所支付的现金"
    )
    assert capex is not None and capex.terms[1].item.concept == "capex"  # the older "所支付" wording
    fixed = Table(
        "t62",
        [127],
        [["项目", "2006年12月31日", "2007年12月31日"]],
        [["原值合计", "4,919.56", "6,838.32"], ["净值合计", "3,456.78", "4,658.35"]],
        caption="固定资产",
    )
    doc = make_doc([fixed], company="厦门安妮", year=2007, unit_line="单位：万元")
    asked = analyze(
        "截至2007年12月31日，安妮股份的成新率是多少？成新率=固定资产账面净值合计/账面原值合计，保留两位小数。"
    )
    assert asked.definition is not None
    answer = defined_answer(asked, asked.definition, extract_facts(doc, table_chunks(doc)), {}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal("68.12")  # 4,658.35 / 6,838.32, the note's rows
    told = find_definition(
        "Did Square make money on hardware in 2016? Compute hardware revenue minus hardware costs."
    )
    assert told is not None and [t.item.printed for t in told.terms] == ["hardware", "hardware costs"]
    unnamed = find_definition(
        "What was J&J's R&D expense as a percentage of sales in Q4 2022? Compute R&D expense / sales to"
        " customers."
    )
    assert unnamed is None  # an unnamed ratio is the share the question names, worked out as such


def test_parts_summed_are_read_under_the_heading_they_share() -> None:
    taxes = Table(
        "t71",
        [85],
        [["($ in millions)", "2019", "2018"]],
        [
            ["United States", "1,574", "1,700"],
            ["Foreign", "314", "193"],
            ["Earnings before income tax expense", "1,888", "1,893"],
            ["Current:", "", ""],
            ["Federal", "275", "597"],
            ["State", "75", "98"],
            ["Foreign", "64", "39"],
            ["Deferred:", "", ""],
            ["Federal", "4", "54"],
            ["Foreign", "6", "(4)"],
        ],
        caption="Income Taxes",
    )
    doc = make_doc([taxes], company="Best Buy", year=2019, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("best buy fy19 current income tax expense (federal + state + foreign)?")
    assert asked.definition is not None
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    # the current Foreign row (64), not the pre-tax earnings' Foreign (314) above the heading
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("414")


def test_a_metric_named_with_a_percent_sign_is_defined_by_what_follows_its_equals_sign() -> None:
    d = find_definition("What was the third quarter gross margin? Gross margin % = gross margin / net sales.")
    assert d is not None and d.name == "Gross margin %"
    assert [t.item.printed for t in d.terms] == ["gross margin", "net sales"]


def test_a_share_the_question_defines_as_a_quotient_is_shown_in_percent() -> None:
    doc = make_doc([BALANCE], company="3M", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "What share of 3M's total current assets was held as cash and cash equivalents in 2022? "
        "Compute cash and cash equivalents / total current assets."
    )
    assert asked.definition is not None
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert "24.88%" in answer.text  # 3,655 / 14,688 as a share, not the bare quotient 0.25


def test_one_item_on_two_bases_is_each_read_on_its_own() -> None:
    reconciliation = Table(
        "t4",
        [34],
        [["", "Fiscal Year 2022", "Fiscal Year 2021"]],
        [
            ["Diluted earnings per share, as reported", "$ 4.42", "$ 3.78"],
            ["Mark-to-market effects", "(0.10)", "0.01"],
            ["Adjusted diluted earnings per share", "$ 3.94", "$ 3.79"],
            ["Impact of income tax adjustments on adjusted diluted EPS", "(0.05)", "0.04"],
        ],
        caption="Adjusted Diluted EPS",
    )
    doc = make_doc([reconciliation], company="Acme", year=2022, language="en", file="ACME_2022_10K.pdf")
    asked = analyze(
        "How far apart were Acme's 2022 EPS figures? Compute reported diluted EPS minus adjusted diluted EPS."
    )
    assert asked.definition is not None
    printed = [t.item.printed for t in asked.definition.terms]
    assert printed == ["reported diluted EPS", "adjusted diluted EPS"]
    facts = extract_facts(doc, table_chunks(doc))
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("0.48"), out.text  # 4.42 − 3.94, not a tax adjustment's row


def test_a_chinese_formula_introduced_by_its_label_is_read() -> None:
    d = find_definition("四方科技2019年的毛利额是多少？计算方式：营业收入−营业成本。")
    assert d is not None and d.tokens[1] == "-"
    assert [t.item.concept for t in d.terms] == ["revenue", "cost_of_revenue"]


def test_a_computed_metric_named_with_a_dated_period_is_read() -> None:
    d = find_definition(
        "Using JPMorgan Chase's 10-Q for the second quarter of 2022, compute net long-term borrowing for the "
        "six months ended June 30, 2022 as proceeds from long-term borrowings minus payments of long-term "
        "borrowings."
    )
    assert d is not None and d.tokens[1] == "-"
    assert [t.item.printed for t in d.terms] == [
        "proceeds from long-term borrowings",
        "payments of long-term borrowings",
    ]


def test_a_gloss_after_i_e_defines_the_metric_before_it() -> None:
    d = find_definition(
        "What was Activision Blizzard's cash conversion in 2019, i.e. net cash provided by operating "
        "activities relative to net income? Round to two decimals."
    )
    assert d is not None and d.name == "cash conversion" and d.tokens[1] == "/"
    assert [t.item.concept for t in d.terms] == ["operating_cash_flow", "net_profit"]


def test_a_metric_asked_at_a_date_keeps_its_name_and_a_row_its_comma() -> None:
    d = find_definition(
        "Compute MGM Resorts' leverage at December 31, 2020 as long-term debt, net divided by total "
        "stockholders' equity (including noncontrolling interests). Two decimals."
    )
    assert d is not None and d.name == "leverage"
    assert [t.item.printed for t in d.terms] == ["long-term debt, net", "total stockholders' equity"]


def test_a_formula_typed_between_commas_after_the_metric_defines_it() -> None:
    d = find_definition(
        "bby quick ratio at 7/30/22 from the Q2 FY24 10-Q balance sheet, (cash + receivables) / "
        "current liabs, 2dp"
    )
    assert d is not None and d.name.endswith("quick ratio")
    assert [t.item.concept for t in d.terms] == ["cash", "", "current_liabilities"]


def test_cash_flow_rows_and_the_filing_named_after_an_instruction() -> None:
    net = find_definition(
        "What was J&J's net short-term borrowing in fiscal 2022? Use proceeds from short-term debt minus "
        "repayment of short-term debt from the cash flow statement in its 2022 10-K."
    )
    assert net is not None and [t.item.printed for t in net.terms] == [
        "proceeds from short-term debt",  # the flow's row, not the short-term debt balance
        "repayment of short-term debt",
    ]
    assert net.terms[1].statement == "cash_flow"
    intensity = find_definition(
        "What was its capital expenditure intensity for the six months ended December 31, 2022? Compute "
        "purchase of property, plant, and equipment (cash flow statement) divided by net sales, in percent."
    )
    assert intensity is not None and intensity.name == "capital expenditure intensity"


def test_a_ratio_named_by_its_two_items_and_items_joined_by_a_plus() -> None:
    ratio = detect_formula(
        "What was AMD's capex-to-revenue ratio for fiscal 2015? Round to two decimals in percent."
    )
    assert ratio is not None and ratio.name == "ratio" and ratio.percent
    debt = detect_formula("What was the debt-to-equity ratio in 2020?")
    assert debt is not None and debt.name == "debt_to_equity"  # a named ratio keeps its own formula
    total = detect_formula("jpm 1q21 cash out to holders - dividends paid + treasury stock repurchased?")
    assert total is not None and total.name == "sum"


def test_a_zero_operand_added_in_a_defined_ratio_is_no_division_by_zero() -> None:
    sheet = Table(
        "t2",
        [54],
        [["(In millions)", "2016", "2015"]],
        [
            ["Short-term debt", "12,904", "4,985"],
            ["Current portion of long-term debt", "0", "2,499"],
            ["Long-term debt", "40,783", "27,808"],
            ["Total liabilities", "121,697", "94,389"],
            ["Total stockholders' equity", "71,997", "80,083"],
        ],
        caption="BALANCE SHEETS",
    )
    doc = make_doc([sheet], company="Microsoft", year=2016, language="en", unit_line="")
    asked = analyze(
        "Using Microsoft's 2016 balance sheet, compute debt-to-equity as (short-term debt + current portion "
        "of long-term debt + long-term debt) / total stockholders' equity. Round to two decimals."
    )
    assert asked.definition is not None
    out = defined_answer(
        asked, asked.definition, extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}, lambda f: 1
    )
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("0.75")  # (12,904 + 0 + 40,783) / 71,997, not refused


def test_an_english_name_glossed_by_two_chinese_names_is_no_division() -> None:
    glossed = "How much revenue did Jinyu Bio-Technology (金宇生物 / 生物股份) generate in East China?"
    assert find_definition(glossed) is None  # was "How much revenue … = 金宇生物 / 生物股份"
    assert analyze(glossed).definition is None


def test_an_instruction_computing_an_unnamed_ratio_is_the_questions_own_formula() -> None:
    """ "how many dollars of operating cash flow did each dollar of net income produce? Compute A / B": no
    named formula asks it, the instruction is the formula (a named one keeps it: "operating margin …")."""
    d = find_definition(
        "For Adobe's fiscal 2016, how many dollars of operating cash flow did each dollar of net income "
        "produce? Compute net cash provided by operating activities / net income, to two decimals."
    )
    assert d is not None and template(d.tokens) == "{0} / {1}"
    assert [t.item.concept for t in d.terms] == ["operating_cash_flow", "net_profit"]
    growth = "What was Acme's operating income growth for the six months? Compute H1 FY24 / H1 FY23 - 1."
    assert find_definition(growth) is None  # periods divided: the growth the question names


def test_a_terse_formula_between_commas_and_spelled_out_abbreviations() -> None:
    """ "cash conversion, CFO / net earnings, 2dp": the ratio typed after its name; "additions to PP&E" is
    the cash flow statement's "additions to property, plant and equipment" (capital expenditure)."""
    d = find_definition("Lockheed Martin 2019 cash conversion, CFO / net earnings, 2dp?")
    assert d is not None and d.name == "cash conversion"
    assert [t.item.concept for t in d.terms] == ["operating_cash_flow", "net_profit"]
    fcf = find_definition("J&J FY22 FCF (CFO − additions to PP&E), $mm?")
    assert fcf is not None and [t.item.concept for t in fcf.terms] == ["operating_cash_flow", "capex"]


def test_an_average_whose_item_a_bracket_spells_out_averages_each_operand() -> None:
    """ "the average of shareholders' equity (total equity minus noncontrolling interests) at December 31,
    2021 and December 31, 2022": each operand averaged over the two dates; a remark in the bracket
    ("excluding noncontrolling interests") leaves the item's own average."""
    d = find_definition(
        "Compute Verizon's 2022 return on equity as net income attributable to Verizon divided by the average"
        " of Verizon shareholders' equity (total equity minus noncontrolling interests) at December 31, 2021"
        " and December 31, 2022. Percent, two decimals."
    )
    assert d is not None and template(d.tokens) == "{0} / ((({1} + {2}) / 2) − (({3} + {4}) / 2))"
    assert [(t.item.concept, t.average_of) for t in d.terms] == [
        ("net_profit_parent", None),
        ("equity", (2021, 2022)),
        ("minority_interests", (2021, 2022)),
    ]
    gis = find_definition(
        "What was General Mills' return on average equity for fiscal 2020? Use net earnings attributable to"
        " General Mills divided by the average of total stockholders' equity (excluding noncontrolling"
        " interests) at May 26, 2019 and May 31, 2020; percent, two decimals."
    )
    assert gis is not None and gis.name == "return on average equity"
    assert [(t.item.concept, t.average_of) for t in gis.terms] == [
        ("net_profit_parent", None),
        ("equity", (2019, 2020)),
    ]


def test_a_row_the_table_subtracts_is_taken_by_its_size() -> None:
    """ "Less: Accumulated depreciation (16,135)": the definition names the depreciation, not its sign."""
    ppe = Table(
        "t6",
        [70],
        [["(Millions)", "2018", "2017"]],
        [
            ["Property, plant and equipment", "24,873", "24,901"],
            ["Less: Accumulated depreciation", "(16,135)", "(16,048)"],
            ["Property, plant and equipment — net", "8,738", "8,853"],
        ],
        caption="Property, Plant and Equipment",
    )
    doc = make_doc([ppe], company="3M", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "At December 31, 2018, what proportion of 3M's gross property, plant and equipment had been"
        " depreciated (accumulated depreciation divided by gross PP&E)? Answer in percent, one decimal."
    )
    assert asked.definition is not None
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal("64.9") and "16,135 / 24,873" in answer.text


def test_a_component_s_share_spelled_after_a_colon_question_is_worked_out_in_percent() -> None:
    """ "American Express 2021: what share … was deferred (deferred income tax expense / total income tax
    expense)?": the question after the colon is no formula, "deferred" keeps its own row (not the total
    income tax expense), and a share is shown in percent (once the rows were quoted, no share)."""
    taxes = Table(
        "t9",
        [146],
        [["(Millions)", "2022", "2021"]],
        [
            ["Total current income tax expense", "3,260", "2,335"],
            ["Total deferred income tax (benefit) expense", "(1,189)", "294"],
            ["Total income tax expense", "$ 2,071", "$ 2,629"],
        ],
        caption="INCOME TAXES",
    )
    doc = make_doc([taxes], company="American Express", year=2022, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze(
        "American Express 2021: what share of total income tax expense was deferred (deferred income tax "
        "expense / total income tax expense)?"
    )
    assert asked.definition is not None
    assert [t.item.printed for t in asked.definition.terms] == [
        "deferred income tax expense",
        "total income tax expense",
    ]
    answer = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and answer.calculation is not None
    assert answer.calculation.result == Decimal("11.18") and "294 / 2,629" in answer.text


def test_a_quoted_row_name_is_one_operand_whatever_it_prints() -> None:
    q = "金宇生物2020年隐含的法定/适用税率是多少？税率=“按法定/适用税率计算的所得税费用”/利润总额。"
    d = find_definition(q)
    assert d is not None and template(d.tokens) == "{0} / {1}"
    assert [t.item.printed for t in d.terms] == ["按法定/适用税率计算的所得税费用", "利润总额"]


def test_a_metric_measured_as_a_formula_is_defined_by_it() -> None:
    q = "Acme net debt at December 31, 2015, measured as long-term debt minus cash and cash equivalents?"
    d = find_definition(q)
    assert d is not None and template(d.tokens) == "{0} − {1}"
    assert [t.item.printed for t in d.terms] == ["long-term debt", "cash and cash equivalents"]


def test_a_chinese_way_to_work_it_out_said_before_jisuan_defines_it() -> None:
    d = find_definition("2003年示远科技甲产品的产能用了多少？请按当年产量除以产能计算，保留两位小数。")
    assert d is not None and template(d.tokens) == "{0} / {1}"
    assert [t.item.printed for t in d.terms] == ["产量", "产能"]
    quoted = find_definition("按“销售额÷销售量”计算甲产品的平均销售单价是多少？")
    assert quoted is not None and [t.item.printed for t in quoted.terms] == ["销售额", "销售量"]


def test_a_metric_taken_as_a_formula_and_one_typed_with_a_slash_and_a_date() -> None:
    assert _shape(
        "Netflix net debt at December 31, 2015, taken as long-term debt minus cash and cash equivalents "
        "minus short-term investments? Answer in USD thousands."
    ) == (
        "Netflix net debt",
        [
            ("long-term debt", None),
            "-",
            ("cash and cash equivalents", None),
            "-",
            ("short-term investments", None),
        ],
    )
    # a yes/no question's "taken as" says which figure the verdict reads, no formula to work out
    verdict = "Was Acme's total debt, taken as short-term plus long-term debt, above $1 billion?"
    assert find_definition(verdict) is None
    # "long-term" keeps its hyphen inside a formula typed after "="
    typed = "gis debt/equity at 5/31/20 = (notes payable + current portion of long-term debt) / equity, 2dp"
    assert _shape(typed) == (
        "gis debt/equity",
        [
            "(",
            ("notes payable", None),
            "+",
            ("current portion of long-term debt", None),
            ")",
            "/",
            ("equity", None),
        ],
    )


def test_a_long_name_with_its_quarter_and_a_dated_aside_before_as() -> None:
    asked = (
        "Compute Walmart's gross profit rate for the third quarter of fiscal 2018 (quarter ended October 31, "
        "2017) as (net sales - cost of sales) / net sales. Percent, two decimals."
    )
    found = _shape(asked)
    assert found is not None and found[0] == "gross profit rate"
    assert found[1] == ["(", ("net sales", None), "-", ("cost of sales", None), ")", "/", ("net sales", None)]


def test_the_question_going_on_after_its_formula_is_no_operand() -> None:
    q = (
        "By how many percentage points did Acme's gross margin percentage, computed as gross margin / "
        "revenue, change between fiscal year 2012 and fiscal year 2016? Two decimals."
    )
    found = find_definition(q)
    assert found is not None and [(t.item.printed, t.year) for t in found.terms] == [
        ("gross margin", None),
        ("revenue", None),
    ]  # each year's margin, then their difference in points
    assert found.name == "gross margin percentage"  # not "By how many percentage points did …"


def test_current_and_long_term_debt_are_the_current_portion_s_row_and_the_long_term_row() -> None:
    found = find_definition(
        "What is Acme's FY2019 debt-to-equity ratio, defined as total debt (notes payable plus current and "
        "long-term debt) divided by stockholders' equity?"
    )
    assert found is not None
    assert [t.item.printed.lower() for t in found.terms] == [
        "notes payable",
        "current portion of long-term debt",
        "long-term debt",
        "stockholders' equity",
    ]


def test_a_chinese_quotient_in_brackets_after_the_question_mark_with_how_it_is_taken() -> None:
    assert _shape("生物股份20年现金流量比率？（经营活动现金流量净额/流动负债，合并口径，保留两位）") == (
        "现金流量比率",
        [("经营活动现金流量净额", None), "/", ("流动负债", None)],
    )


def test_an_amount_asked_as_two_items_added_is_their_sum() -> None:
    assert _shape(
        "Percentage change in Acme's cash and equivalents plus short-term investments from May 31, 2022 to "
        "May 31, 2023?"
    ) == (
        "cash and equivalents plus short-term investments",
        [("cash and equivalents", None), "+", ("short-term investments", None)],
    )
    assert find_definition("What was Acme's cash plus or minus 5% in 2022?") is None


def test_two_items_added_and_asked_how_they_grew_are_their_sum() -> None:
    assert _shape("by what % did microsoft's cash + short-term investments grow in FY2016?") == (
        "cash + short-term investments",
        [("cash", None), "+", ("short-term investments", None)],
    )
