from __future__ import annotations

from finrag.answer.query import analyze, is_chitchat, language_of
from finrag.model import Period, QueryAnalysis
from finrag.retrieve.periods import find_periods
from finrag.retrieve.short_years import full_years


def test_language_and_chitchat() -> None:
    assert language_of("2019年四方科技毛利率是多少？") == "zh"
    assert language_of("What is Nike's FY2019 revenue?") == "en"
    assert is_chitchat("你好！") and is_chitchat("Thanks") and not is_chitchat("你好，营业收入是多少？")


def test_lookup_question_fields() -> None:
    a = analyze("请问，光云科技2019年的财务费用是多少元?")
    assert a.intent == "lookup" and a.years == [2019] and a.entities == ["光云科技"]
    assert [m.concept for m in a.line_items] == ["finance_expense"]


def test_calculation_question_fields() -> None:
    a = analyze("2019年四方科技毛利率是多少？请保留两位小数。")
    assert a.intent == "calculation" and a.formula is not None and a.formula.name == "gross_margin"
    assert a.places == 2 and a.entities == ["四方科技"]
    b = analyze(
        "What is Amazon's year-over-year change in revenue from FY2016 to FY2017 (one decimal place)?"
    )
    assert b.formula is not None and b.formula.name == "yoy_growth"
    assert b.places == 1 and b.years == [2016, 2017]
    assert analyze("Compute Acme's 2022 gross margin. Round to one decimal.").places == 1


def test_prior_year_end_and_parent_scope() -> None:
    a = analyze("四方科技母公司上年末的货币资金是多少？")
    assert a.prior_year_end and a.instant and a.scope == "parent"
    english = analyze(
        "According to GD Power Development's (国电电力) prospectus, what was the parent company's operating "
        "revenue for the first quarter of 2007?"
    )
    assert english.scope == "parent" and english.language == "en"  # a Chinese gloss: still English
    glossed = analyze(
        "What were Jiangsu Akcome Solar's (江苏爱康太阳能) financial expenses (财务费用) for 2010?"
    )
    assert glossed.language == "en"  # eleven Chinese characters, nine English words
    assert analyze("四方科技2019年ROE是多少？").language == "zh"
    owners = analyze("What was net income attributable to the parent company in 2020?")
    assert owners.scope == "consolidated"  # the owners' share of the group's figure


def test_analysis_from_the_retriever_wins() -> None:
    period = Period("2019年", 2019, "FY", None, "duration")
    completed = "四方科技2019年的营业收入是多少？"
    qa = QueryAnalysis(
        "它的营业收入呢？", completed, "zh", "lookup", ["四方科技"], [period], line_items=["营业收入"]
    )
    a = analyze("它的营业收入呢？", qa)
    assert a.question == completed and a.companies == ["四方科技"] and a.years == [2019]


def test_a_formula_word_after_the_year_is_not_taken_for_a_company_name() -> None:
    asked = analyze("星河精工2023年毛利率是多少？", None)
    assert asked.formula is not None and asked.formula.name == "gross_margin"
    assert asked.entities == ["星河精工"]


def test_a_role_asked_about_is_not_read_as_the_company() -> None:
    assert analyze("金宇生物2020年的董事长是谁?").entities == ["金宇生物"]
    assert analyze("四方科技2019年聘请的境内会计师事务所是哪家?").entities == ["四方科技"]


def test_statement_names_banks_lines_and_growth_wordings() -> None:
    a = analyze("Using the cash flow statement, what was the FY2020 capital expenditure of Block?")
    assert [m.printed for m in a.line_items] == ["capital expenditure"]  # no "cash" of the statement's name
    b = analyze("What were net interest income and the provision for credit losses in 2022?")
    assert [m.concept for m in b.line_items] == ["net_interest_income", "credit_loss_provision"]
    c = analyze(
        "By what percentage did net sales grow in fiscal 2022 versus fiscal 2021? Use the FY2023 10-K."
    )
    assert c.formula is not None and c.formula.name == "yoy_growth" and c.years == [2022, 2021]


def test_chinese_shares_and_the_annual_report_named_as_the_source() -> None:
    a = analyze("生物股份2020年年报中，上年同期（2019年度）营业外收入占利润总额的比例是多少?")
    assert a.formula is not None and a.formula.name == "share_of_total" and a.years == [2019]


def test_a_segment_named_is_its_row_not_the_word_segment() -> None:
    q = "What share of 2022 total net sales did the Aeronautics segment account for?"
    glossary = QueryAnalysis(q, q, "en", "lookup", line_items=["total net sales", "segment"])
    assert [m.printed.lower() for m in analyze(q, glossary).line_items] == ["total net sales"]


def test_a_chinese_question_asking_why_is_answered_from_text() -> None:
    asked = analyze("金宇生物2020年主营业务成本同比增速高于主营业务收入增速，年报解释的主要原因是什么？")
    assert asked.intent == "text"
    assert analyze("金宇生物2020年主营业务成本同比增长了多少？").intent == "calculation"


def test_a_balance_compared_at_two_dates_asks_for_the_difference() -> None:
    q = "How did Best Buy's cash and cash equivalents at July 29, 2023 compare with January 28, 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert asked.formula is not None and asked.formula.name == "difference"
    assert asked.intent == "calculation" and sorted(asked.dates) == ["2023-01-28", "2023-07-29"]
    one = "What were Best Buy's cash and cash equivalents at July 29, 2023?"
    assert analyze(one, QueryAnalysis(one, one, "en", "lookup", periods=find_periods(one))).formula is None


def test_the_total_of_one_item_is_looked_up_not_summed() -> None:
    one = analyze("四方科技2019年的营业外收入合计是多少元？")
    assert one.formula is None and one.intent == "lookup"
    two = analyze("四方科技2019年销售费用和管理费用合计是多少元？")
    assert two.formula is not None and two.formula.name == "sum" and two.intent == "calculation"


def test_what_figure_a_company_reported_asks_for_the_figure() -> None:
    asked = analyze("What net income did Foot Locker report for the first quarter of fiscal 2022?")
    assert asked.intent == "lookup" and [m.concept for m in asked.line_items] == ["net_profit"]
    why = analyze("What drove the net income Foot Locker reported in fiscal 2022?")
    assert why.intent != "lookup"


def test_an_item_naming_the_note_to_read_is_not_the_item_asked() -> None:
    q = "In Acme's 10-K (goodwill and other intangibles note), what was the net amount of trademarks?"
    assert [m.printed for m in analyze(q).line_items] == []
    plain = analyze("What was Acme's goodwill at year-end 2022?")
    assert [m.printed for m in plain.line_items] == ["goodwill"]


def test_the_opening_balance_a_closing_one_is_compared_with_is_not_the_balance_asked() -> None:
    q = "四方科技2019年其他应付款中押金保证金的期末余额是多少元？比期初增加了多少？"
    periods = [*find_periods(q), Period("期初", 2018, "FY", "2018-12-31", "instant")]
    asked = analyze(q, QueryAnalysis(q, q, "zh", "lookup", periods=periods))
    assert not asked.prior_year_end and asked.years == [2019]
    assert analyze("四方科技2019年其他应付款的期初余额是多少元？").prior_year_end


def test_a_cash_flow_row_named_by_its_opening_word_is_the_years_own_row() -> None:
    """ "期初现金及现金等价物余额" is a row each year's column of the cash flow statement prints: the year
    asked, not the year before's closing balance."""
    q = "金宇生物2020年母公司现金流量表中，期初现金及现金等价物余额是多少元？"
    assert [p.label for p in find_periods(q)] == ["2020年"]
    asked = analyze(q)
    assert not asked.prior_year_end and asked.years == [2020]


def test_a_question_opening_with_why_asks_for_the_text_not_a_calculation() -> None:
    assert (
        analyze("Why was Nike's effective income tax rate higher in fiscal 2021 than in fiscal 2020?").intent
        == "text"
    )
    assert (
        analyze(
            "What explains MGM Resorts' unusually high effective income tax rate of 77.1% in 2022?"
        ).intent
        == "text"
    )
    assert analyze("What was Nike's effective income tax rate in fiscal 2021?").intent != "text"


def test_a_terse_question_with_a_quarter_code_asks_for_the_figure() -> None:
    assert analyze("MGM 2Q23 diluted EPS?").intent == "lookup"


def test_a_quarter_naming_the_report_read_is_no_quarter_asked_and_a_basis_aside_no_item() -> None:
    q = (
        "By what percentage did JPMorgan's tangible book value per share grow between December 31, 2022 and "
        "June 30, 2023, according to its 10-Q for the second quarter of 2023?"
    )
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert asked.quarters == []  # the 10-Q's quarter: the two balance dates are asked
    roe = analyze("爱康太阳能2009年度的加权平均净资产收益率（按归属于公司普通股股东的净利润）是多少？")
    assert "净利润" not in [m.printed for m in roe.line_items]  # the basis of the printed ratio, no operand


def test_a_rate_defined_on_dates_alone_is_the_growth_of_the_item_asked() -> None:
    q = "金宇生物2020年母公司投资收益中，成本法核算的长期股权投资收益比上年下降多少？变动率=(本期-上期)/上期"
    asked = analyze(q)
    assert asked.formula is not None and asked.formula.name == "yoy_growth"  # not the difference "下降了多少"
    assert asked.qualifiers == ["成本法核算"]
    years = analyze("生物股份2020年研发费用中的折旧费比2019年增长了多少？增长率=(2020年-2019年)/2019年")
    assert years.formula is not None and years.formula.name == "yoy_growth" and years.qualifiers == ["折旧费"]


def test_a_chinese_clause_naming_the_breakdown_to_read_asks_no_item_of_its_own() -> None:
    asked = analyze("按招股意向书中的财务费用明细，江苏爱康2010年合并口径的利息支出同比增长了多少？")
    assert [m.printed for m in asked.line_items] == ["利息支出"]  # not 财务费用's growth
    alone = analyze("按财务费用明细，江苏爱康太阳能2010年财务费用是多少？")
    assert [m.printed for m in alone.line_items] == ["财务费用"]  # the one item named stays asked


def test_an_opening_clause_naming_the_filing_read_names_no_kind_of_the_item() -> None:
    asked = analyze(
        "Based on the recast continuing-operations sales in Johnson & Johnson's 8-K dated August 30, 2023,"
        " what share of worldwide sales for the first six months of 2023 came from the U.S.?"
    )
    assert "recast continuing-operations" not in asked.qualifiers


def test_an_item_a_total_is_said_to_include_is_not_the_item_asked() -> None:
    asked = analyze(
        "What were General Mills' total restructuring charges in fiscal 2019, including the portion"
        " classified in cost of sales?"
    )
    assert [m.printed for m in asked.line_items] == []  # not cost of sales: the total's row is read


def test_a_figure_asked_again_a_year_earlier_is_two_figures_and_a_comparison_with_one_is_a_growth() -> None:
    again = analyze(
        "What was Acme's Document Cloud ARR at the end of fiscal 2015, and what was it a year earlier?"
    )
    assert again.formula is None
    compared = analyze(
        "What diluted EPS did Acme report for Q1 2023, and how does it compare with the year-earlier quarter?"
    )
    assert compared.formula is not None and compared.formula.name == "yoy_growth"


def test_a_quarter_named_by_its_end_is_a_part_of_a_year_not_a_balance_date() -> None:
    q = "What was Asset & Wealth Management's total net revenue for the three months ended June 30, 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert asked.part_year and not asked.instant and asked.years == [2023]
    q = "What was JPMorgan's total deposits at June 30, 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert asked.instant and not asked.part_year
    q = "What was Best Buy's revenue for the fiscal year ended January 28, 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert not asked.part_year


def test_an_opening_ticker_is_the_company_not_a_kind_of_the_item() -> None:
    q = "msft stock-based comp growth fy23 vs fy22?"
    asked = analyze(
        q, QueryAnalysis(q, q, "en", "calculation", companies=["Microsoft"], periods=find_periods(q))
    )
    assert asked.qualifiers == [] and [m.concept for m in asked.line_items] == ["share_based_compensation"]


def test_a_sum_over_the_years_asked_is_a_sum_not_one_item_s_total_row() -> None:
    asked = analyze("爱康太阳能2008到2010年三年一共花了多少应收账款信用保险费？")
    assert asked.formula is not None and asked.formula.name == "sum"
    assert analyze("金宇生物2020年营业收入合计是多少？").formula is None  # that item's 合计 row


def test_years_counted_out_before_a_total_are_summed() -> None:
    dividends = analyze("四方科技2017、2018、2019三个年度的现金分红合计是多少元？")
    assert dividends.formula is not None and dividends.formula.name == "sum"
    cash = analyze("江苏爱康太阳能2008—2010年三年合并经营活动产生的现金流量净额累计是多少元？")
    assert cash.formula is not None and cash.formula.name == "sum"
    assert analyze("四方科技2019年固定资产累计折旧是多少元？").formula is None  # accumulated, no sum


def test_a_total_row_s_change_and_one_item_as_a_multiple_of_another() -> None:
    change = analyze("四方科技2019年营业外收入合计比2018年减少了多少元？")
    assert change.formula is not None and change.formula.name == "difference"
    times = analyze("厦门安妮2007年度经营活动产生的现金流量净额是净利润的多少倍？")
    assert times.formula is not None and times.formula.name == "ratio"
    assert [m.concept for m in times.line_items] == ["operating_cash_flow", "net_profit"]  # in that order


def test_the_class_of_the_shares_counted_is_no_balance_asked() -> None:
    counted = "How many shares of its common stock did Acme repurchase during 2018, at what average price?"
    analysis = QueryAnalysis(counted, counted, "en", "lookup", line_items=["common stock"])
    assert "common stock" not in [m.printed for m in analyze(counted, analysis).line_items]
    balance = "What was Acme's common stock balance at the end of 2018?"
    analysis = QueryAnalysis(balance, balance, "en", "lookup", line_items=["common stock"])
    assert "common stock" in [m.printed for m in analyze(balance, analysis).line_items]


def test_a_quoted_row_is_the_item_of_a_growth_defined_on_the_years() -> None:
    asked = analyze("江苏示例2010年度“收到的税费返还”较2009年度增长了多少？增长率=(2010−2009)/2009")
    assert asked.intent == "calculation" and [m.printed for m in asked.line_items] == ["收到的税费返还"]
    assert "收到的税费返还" not in asked.qualifiers
    # a product's gross margin names its product as a kind, no row of its own
    margin = analyze("安妮股份2007年度热敏纸系列中“出口票据”产品的毛利率是多少？")
    assert not [m.printed for m in margin.line_items if m.printed == "出口票据"]


def test_a_name_asked_is_no_figure_and_a_quoted_row_is_the_item() -> None:
    named = analyze("What is the name of the customer that accounted for more than 10% of AMD's revenue?")
    assert named.intent == "text"
    quoted = analyze(
        "In Corning's 2022 goodwill roll-forward, how much did 'foreign currency translation adjustment and "
        "other' change the Life Sciences segment's goodwill during 2022?"
    )
    assert quoted.line_items[0].printed == "foreign currency translation adjustment and other"
    assert quoted.formula is None  # the row's own amount, no difference of two balances
    changed = analyze("By how much did Corning's Life Sciences goodwill change during 2022?")
    assert changed.formula is not None and changed.formula.name == "difference"


def test_an_english_question_s_chinese_gloss_names_the_item_not_a_kind_of_it() -> None:
    asked = analyze(
        "According to its IPO prospectus, what was Xiamen Anne Corporation's (厦门安妮股份) main-business "
        "gross margin (主营业务毛利率) in 2005?"
    )
    assert "主营业务毛利率" not in asked.qualifiers


def test_the_words_of_the_formula_asked_name_no_row() -> None:
    q = "What was the compound annual growth rate of Acme's gross interest incurred from 2013 to 2017?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "calculation", line_items=["growth rate"]))
    assert asked.formula is not None and asked.formula.name == "cagr"
    assert [m.printed for m in asked.line_items] == []  # "growth rate" is the CAGR's own name


def test_an_english_rate_defined_on_dates_alone_is_the_growth_of_the_item_asked() -> None:
    q = (
        "By what percentage did Hunan Nanling's consolidated short-term borrowings increase from "
        "December 31, 2004 to December 31, 2005? Growth = (end-2005 − end-2004) / end-2004, two decimals."
    )
    asked = analyze(q)
    assert asked.definition is None  # "end" is no operand to look up
    assert asked.formula is not None and asked.formula.name == "yoy_growth"
    assert [m.concept for m in asked.line_items] == ["short_term_borrowings"]
    fy = analyze(
        "How much did Acme's net sales grow in fiscal 2022? Compute (FY2022 value / FY2021 value - 1)."
    )
    assert fy.definition is None and fy.formula is not None and fy.formula.name == "yoy_growth"
    named = analyze(
        "What was Acme's quick ratio in 2022? Define it as (cash + receivables) / current liabilities."
    )
    assert named.definition is not None  # a formula over items stays the question's own


def test_the_note_or_schedule_an_answer_is_based_on_names_no_item() -> None:
    q = (
        "What share of Acme's unearned revenue at the end of 2018 was recognized during 2019? Base the "
        "answer on the deferred revenues note of the FY2019 10-K."
    )
    assert [m.printed for m in analyze(q).line_items] == ["unearned revenue"]


def test_a_count_asked_by_how_many_it_changed_is_a_difference_of_the_diluted_share_count() -> None:
    """ "By how many shares … did the share count used to compute diluted EPS change": the diluted share
    count's difference, not diluted EPS; points of a rate are not counted so."""
    asked = analyze(
        "By how many shares (in millions) did Acme's share count used to compute diluted EPS change from "
        "FY2015 to FY2017?"
    )
    assert [m.concept for m in asked.line_items] == ["weighted_shares_diluted"]
    assert asked.formula is not None and asked.formula.name == "difference"
    drop = analyze("By how many did Acme's diluted weighted-average share count fall between 2016 and 2017?")
    assert drop.formula is not None and drop.formula.name == "difference"
    payments = analyze("How much in total interest payments did Acme make in 2022?")
    assert [m.concept for m in payments.line_items] == ["interest_paid"]


def test_a_closing_sentence_naming_the_table_to_read_names_no_item_but_keeps_its_rounding() -> None:
    q = (
        "What share of American Water Works' total operating revenues for 2022 came from residential "
        "water services? Use the total operating revenues column of the disaggregated revenue table and "
        "round to two decimals."
    )
    asked = analyze(q)
    assert [m.printed for m in asked.line_items] == ["total operating revenues"], asked.line_items
    assert asked.qualifiers == [] and asked.places == 2
    # a sentence naming the operands themselves is the question's own: never blanked
    defined = analyze(
        "What is PepsiCo's FY2022 capital expenditure as a % of net revenue? Use capital spending from "
        "the cash flow statement and net revenue from the income statement."
    )
    assert "capital spending" in defined.question
    # nor a sentence asking the question ("Using its 2022 Form 10-K, compute …")
    asking = "Corning's segment note splits sales. Using its 2022 10-K, compute the growth of carrier sales."
    assert "compute the growth" in analyze(asking).question


def test_a_parenthesis_saying_where_an_item_sits_names_no_item() -> None:
    q = "By what percentage did General Mills' accrued payroll (within other current liabilities) grow?"
    assert "other current liabilities" not in [m.printed for m in analyze(q).line_items]
    gloss = analyze("What was the yearly growth in Pfizer's chargebacks (a revenue deduction) in 2021?")
    assert "revenue" not in [m.printed for m in gloss.line_items]


def test_a_colloquial_chinese_change_asked_in_percent_is_a_growth_rate() -> None:
    asked = analyze("四方19年度的现金分红总额跟18年度比变了多少？按百分比算，保留两位小数")
    assert asked.formula is not None and asked.formula.name == "yoy_growth"
    assert analyze("四方科技2019年营业收入比2018年变了多少元？").formula.name == "difference"


def test_what_moved_a_ratio_is_asked_not_the_ratio() -> None:
    moved = analyze("Per 3M's 2022 10-K, what was the raw material impact on operating income margin?")
    assert moved.formula is None and moved.line_items == []
    helped = analyze("How much did foreign exchange movements help Corning's consolidated gross margin?")
    assert helped.formula is None
    plain = analyze("What was 3M's operating income margin in 2022?")
    assert plain.formula is not None and plain.formula.name == "operating_margin"


def test_a_fraction_of_a_whole_is_a_share() -> None:
    asked = analyze("What fraction of Adobe's 2017 total cost of revenue was cost of subscription revenue?")
    assert asked.formula is not None and asked.formula.name == "share_of_total"
    asked = analyze("Acme, March 31, 2021: what percent of total goodwill went to Consumer Banking?")
    assert asked.formula is not None and asked.formula.name == "share_of_total"


def test_a_cash_flow_hedge_names_no_cash_balance() -> None:
    q = (
        "What is the percentage change in the total notional value of Coca-Cola's derivatives designated in "
        "its foreign currency cash flow hedging program between December 31, 2016 and December 31, 2017?"
    )
    retrieved = QueryAnalysis(q, q, "en", "lookup", line_items=["cash"])  # the retriever's lexicon reading
    assert analyze(q, retrieved).line_items == []
    balance = "What were Coca-Cola's cash and cash equivalents at December 31, 2017?"
    held = analyze(balance, QueryAnalysis(balance, balance, "en", "lookup"))
    assert [m.concept for m in held.line_items] == ["cash"]


def test_a_compound_growth_over_a_span_of_two_digit_years_is_a_cagr_of_both_ends() -> None:
    q = "生物股份18-20年归母净利润复合增速？"
    written = full_years(q)  # as the retriever's query analysis reads it
    asked = analyze(q, QueryAnalysis(q, written, "zh", "other", periods=find_periods(written)))
    assert asked.formula is not None and asked.formula.name == "cagr"
    assert sorted(asked.years) == [2018, 2020]


def test_earnings_per_diluted_share_is_diluted_eps_and_a_word_inside_a_name_no_item() -> None:
    eps = analyze("What was 3M's full-year 2018 adjusted (non-GAAP) earnings per diluted share?")
    assert [m.concept for m in eps.line_items] == ["eps_diluted"]
    q = "How much of Square's 2020 share-based compensation expense was attributable to the Cash App segment?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", line_items=["cash"]))
    assert [m.printed for m in asked.line_items] == ["share-based compensation expense"]  # never "Cash"
