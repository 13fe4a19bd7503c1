"""Items a question names by their printed row labels, and which of two is the whole of a share."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.numeric import calculation_answer, lookup_answer
from finrag.answer.operands import printed_metric, share_order, with_rows
from finrag.answer.query import AskedFor, analyze
from finrag.answer.table_items import items_from_tables
from finrag.model import Fact, Table

from .helpers import make_chunk, make_doc, table_chunks

OPERATIONS = Table(
    "t1",
    [86],
    [["(in thousands)", "Year Ended December 31, 2020", "Year Ended December 31, 2019"]],
    [
        ["Transaction-based revenue", "3,294,978", "3,081,074"],
        ["Bitcoin revenue", "4,571,543", "516,465"],
        ["Third-party seller services", "31,881", "22,993"],
        ["Total net revenue", "9,497,578", "4,713,500"],
        ["Product development", "1,139,408", "670,606"],
        ["Membership fees", "3,877", "3,541"],
        ["Total revenues net of interest expense", "52,862", "42,380"],
        ["Card Member rewards", "14,002", "11,007"],
        ["Research and development expense, net", "(949,758)", "(471,350)"],
    ],
    caption="Consolidated Statements of Operations",
)


def _asked(question: str) -> tuple[AskedFor, list[Fact], dict[str, int]]:
    doc = make_doc([OPERATIONS], company="Block", year=2020, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze(question)
    rows = items_from_tables(question, chunks)
    asked.line_items = with_rows(asked, rows) if asked.line_items else rows
    return asked, extract_facts(doc, chunks), {doc.doc_id: 0}


def _result(question: str) -> tuple[Decimal, list[str]]:
    asked, facts, rank = _asked(question)
    out = calculation_answer(asked, facts, rank, lambda f: 1)
    assert out is not None and out.calculation is not None, question
    return out.calculation.result, [i.label for i in out.calculation.inputs]


def test_the_whole_of_a_share_is_the_item_after_percentage_of_whichever_comes_first() -> None:
    result, inputs = _result(
        "What percentage of total net revenue did product development represent in 2020?"
    )
    assert result == Decimal("12.00") and inputs[0].startswith("product development")
    result, inputs = _result("What was product development as a percentage of total net revenue in 2020?")
    assert result == Decimal("12.00") and inputs[1].startswith("total net revenue")


def test_a_row_named_in_other_words_is_that_row() -> None:
    # "bitcoin sales" is the row "Bitcoin revenue": the lexicon's bare "sales" is not asked
    result, inputs = _result("What share of total net revenue in 2020 came from bitcoin sales?")
    assert result == Decimal("48.13") and inputs[0].startswith("Bitcoin revenue")
    asked, facts, rank = _asked(
        "In billions of dollars, how much membership fee revenue was collected in 2020?"
    )
    assert [m.printed for m in asked.line_items] == ["Membership fees"]
    out = lookup_answer(asked, facts, rank, lambda f: 1)
    assert out is not None and "3,877" in out.text


def test_a_row_covering_two_lexicon_items_and_a_missing_operand_from_the_rows() -> None:
    result, inputs = _result(
        "For 2020, compute Card Member rewards divided by total revenues net of interest expense."
    )
    assert result == Decimal("0.26") and inputs[1].startswith("total revenues net of interest expense")


def test_a_generic_item_narrowed_to_a_printed_row() -> None:
    result, inputs = _result(
        "By what percentage did net sales from third-party seller services grow from 2019 to 2020?"
    )
    assert result == Decimal("38.66") and inputs[0].startswith("third-party seller services")


def test_an_expense_printed_in_brackets_enters_a_share_by_its_size() -> None:
    result, _ = _result(
        "What was research and development expense (net) as a percentage of total net revenue in 2020?"
    )
    assert result == Decimal("10.00")


def test_a_row_named_before_a_generic_item_is_read_under_that_item_s_heading() -> None:
    adobe = Table(
        "t2",
        [58],
        [["(in thousands)", "2017", "2016"]],
        [
            ["Revenue:", "", ""],
            ["Subscription", "$ 6,133,869", "$ 4,584,833"],
            ["Total revenue", "7,301,505", "5,854,430"],
            ["Cost of revenue:", "", ""],
            ["Subscription", "623,048", "461,860"],
        ],
        caption="Consolidated Statements of Income",
    )
    doc = make_doc([adobe], company="Adobe", year=2017, language="en", unit_line="")
    chunks = table_chunks(doc)
    q = "What is the year-over-year change in subscription revenue from FY2016 to FY2017?"
    asked = analyze(q)
    asked.line_items = with_rows(asked, items_from_tables(q, chunks))
    out = calculation_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("33.79")


CASH_NOTE = Table(
    "t2",
    [91],
    [["项目", "期末余额", "期初余额"]],
    [
        ["库存现金", "290,518.73", "301,110.20"],
        ["银行存款", "900,273,149.20", "598,593,470.82"],
        ["合计", "905,402,299.44", "603,733,212.66"],
    ],
    caption="1、货币资金",
)


def test_a_row_of_an_items_breakdown_or_the_row_a_question_brackets_is_the_item() -> None:
    doc = make_doc([CASH_NOTE], company="四方科技", year=2019, language="zh")
    chunks = table_chunks(doc)
    question = "四方科技2019年末货币资金里的银行存款余额是多少元？"
    asked = analyze(question)
    assert [m.printed for m in with_rows(asked, items_from_tables(question, chunks))] == ["银行存款"]
    asked, _, _ = _asked("What was the 2020 R&D expense (Research and development expense, net)?")
    assert [m.printed for m in asked.line_items][-1].lower() == "research and development expense, net"


def test_a_cash_flow_row_is_named_with_or_without_its_suo() -> None:
    flows = Table(
        "t3",
        [96],
        [["项目", "2006年度", "2005年度"]],
        [["分配股利、利润或偿付利息支付的现金", "1,681,483,573.21", "1,344,118,225.16"]],
        caption="合并现金流量表",
    )
    chunks = table_chunks(make_doc([flows], company="国电电力", year=2006))
    question = "国电电力2006年度分配股利、利润或偿付利息所支付的现金是多少元？"
    (row,) = items_from_tables(question, chunks)
    assert row.printed == "分配股利、利润或偿付利息所支付的现金"


def test_a_period_heading_read_as_a_row_is_no_item() -> None:
    chunk = make_chunk(
        make_doc([], company="JPMorgan Chase", year=2021, language="en"),
        "| Three months ended | 2,851 | 1,866 |",
        23,
    )
    q = "What were JPMorgan Chase's investment banking fees for the three months ended March 31, 2021?"
    assert items_from_tables(q, [chunk]) == []


def test_a_kind_of_inventory_is_its_breakdown_row_and_a_whole_named_twice_takes_a_row_as_the_part() -> None:
    note = Table(
        "t5",
        [68],
        [["(In millions)", "December 26, 2015", "December 27, 2014"]],
        [
            ["Raw materials", "16", "40"],
            ["Work in process", "482", "431"],
            ["Total inventories, net", "678", "685"],
        ],
        caption="Inventories",
    )
    doc = make_doc([note], company="AMD", year=2015, language="en", unit_line="")
    chunks = table_chunks(doc)
    question = "What was the value of AMD's work-in-process inventory at December 26, 2015?"
    asked = analyze(question)
    asked.line_items = with_rows(asked, items_from_tables(question, chunks))
    got = lookup_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert got is not None and "482" in got.text and "678" not in got.text
    share, facts, rank = _asked(
        "What was Block's product development as a percentage of total net revenue in 2020? "
        "Compute product development / total net revenue."
    )
    out = calculation_answer(share, facts, rank, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("12.00")  # 1,139,408 / 9,497,578


def test_an_operand_the_question_writes_twice_is_one_side_of_the_share() -> None:
    asked = analyze(
        "What percentage of Pfizer's FY2021 revenues went to research and development? Use 'Research and "
        "development expenses' and total revenues from the consolidated statement of income."
    )
    ordered = [m.concept for m in share_order(asked)]
    assert ordered[-1] == "revenue" and ordered[0] == "rd_expense"


def test_a_part_named_after_zhong_is_read_from_the_items_own_note_not_another_table() -> None:
    cost = Table(
        "t4",
        [40],
        [["成本构成项目", "本期金额", "上年同期金额"]],
        [["原材料", "480,000,000.00", "450,000,000.00"], ["人工工资", "40,000,000.00", "38,000,000.00"]],
        caption="成本分析表",
    )
    stock = Table(
        "t5",
        [95],
        [["项目", "期末余额", "期初余额"]],
        [
            ["原材料", "61,234,567.89", "55,000,000.00"],
            ["库存商品", "80,000,000.00", "70,000,000.00"],
            ["合计", "141,234,567.89", "125,000,000.00"],
        ],
        caption="7、存货",
    )
    doc = make_doc([cost, stock], company="四方科技", year=2019, language="zh")
    chunks = table_chunks(doc)
    question = "四方科技2019年末存货中原材料的余额是多少元？"
    asked = analyze(question)
    asked.line_items = with_rows(asked, items_from_tables(question, chunks))
    out = lookup_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "61,234,567.89" in out.text


def test_a_row_the_question_quotes_is_the_one_item_asked() -> None:
    supplement = Table(
        "t80",
        [130],
        [["补充资料", "本期金额", "上期金额"]],
        [
            ["净利润", "208,051,337.17", "229,946,183.56"],
            ["经营性应付项目的增加（减少以“－”号填列）", "166,481,230.07", "69,476,049.57"],
        ],
        caption="(1).现金流量表补充资料",
    )
    doc = make_doc([supplement], company="四方科技", year=2019)
    chunks = table_chunks(doc)
    q = "四方科技2019年补充资料里，将净利润调节为经营现金流量时，“经营性应付项目的增加”本期金额是多少元？"
    asked = analyze(q)
    assert [m.printed for m in with_rows(asked, items_from_tables(q, chunks))] == ["经营性应付项目的增加"]


def test_a_quoted_part_s_share_is_over_the_whole_named_after_it() -> None:
    rd = Table(
        "t82",
        [123],
        [["项目", "本期发生额", "上期发生额"]],
        [
            ["直接材料、燃料和动力", "23,389,712.54", "20,649,115.03"],
            ["合计", "48,428,964.78", "41,196,263.15"],
        ],
        caption="研发费用",
    )
    doc = make_doc([rd], company="四方科技", year=2019)
    q = "四方科技2019年研发费用中“直接材料、燃料和动力”占研发费用合计的比例是多少？"
    asked = analyze(q)
    items = with_rows(asked, items_from_tables(q, table_chunks(doc)))
    assert [m.printed for m in items] == ["直接材料、燃料和动力", "研发费用"]


def test_a_named_metric_printed_with_the_filer_s_qualifiers_is_read_not_recomputed() -> None:
    segments = Table(
        "t81",
        [91],
        [["", "2018", "2017"]],
        [
            ["Adjusted Property EBITDA", "", ""],
            ["Las Vegas Strip Resorts", "1,705,479", "1,736,485"],
            ["MGM China", "568,294", "535,524"],
        ],
        caption="NOTE 16 — SEGMENT INFORMATION",
    )
    doc = make_doc([segments], company="MGM Resorts", year=2018, language="en", unit_line="(in thousands)")
    chunks = table_chunks(doc)
    q = "What Adjusted Property EBITDA did MGM Resorts' MGM China segment generate in 2018?"
    asked = analyze(q)
    assert asked.formula is not None and asked.formula.name == "ebitda"
    assert [m.printed for m in printed_metric(asked, items_from_tables(q, chunks, asked.entities))] == [
        "Adjusted Property EBITDA"
    ]
    plain = analyze("What was MGM Resorts' EBITDA in 2018?")  # no row longer than the name: computed
    assert printed_metric(plain, items_from_tables("What was MGM Resorts' EBITDA in 2018?", chunks)) == []


def test_a_row_a_verb_apart_from_the_whole_is_no_part_of_it() -> None:
    income = Table(
        "t3",
        [140],
        [["项目", "2005年度", "2004年度"]],
        [
            ["一.主营业务收入", "191,634,516.98", "153,350,476.79"],
            ["管理费用", "14,316,239.93", "12,836,279.88"],
        ],
        caption="合并利润表",
    )
    by_year = "主要财务数据\n| 2005年 | 191,634,516.98 | 14,316,239.93 |"
    doc = make_doc([income], company="南岭民爆", year=2006)
    chunks = [*table_chunks(doc), make_chunk(doc, by_year, 14, n=9)]
    q = "南岭民爆2005年管理费用占主营业务收入的比例多少？按合并利润表算，保留2位小数。"
    rows = items_from_tables(q, chunks)
    asked = analyze(q)
    asked.line_items = with_rows(asked, rows)
    assert [m.concept for m in asked.line_items] == ["admin_expense", "revenue"]
    out = calculation_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("7.47")


def test_a_measure_asked_of_a_row_is_that_row() -> None:
    question = "What carrying amount of membership fees did Block report for 2020?"
    asked = analyze(question)
    asked.line_items = [LineItemMatch("", "carrying amount", question.index("carrying"))]
    doc = make_doc([OPERATIONS], company="Block", year=2020, language="en", unit_line="")
    rows = items_from_tables(question, table_chunks(doc))
    assert [m.printed.lower() for m in with_rows(asked, rows)] == ["membership fees"]  # not "carrying amount"


def test_several_parts_of_one_share_are_summed_over_the_whole_named_after_zhan() -> None:
    income = Table(
        "t9",
        [117],
        [["项目", "2005年度", "2004年度"]],
        [
            ["主营业务收入", "249,545,200.00", "210,000,000.00"],
            ["销售费用", "10,971,662.89", "9,000,000.00"],
            ["管理费用", "10,141,837.54", "8,000,000.00"],
            ["财务费用", "1,900,241.70", "1,500,000.00"],
        ],
        caption="合并利润表",
    )
    doc = make_doc([income], company="安妮", year=2005, language="zh", unit_line="单位：元")
    chunks = table_chunks(doc)
    q = "安妮2005年度销售费用、管理费用、财务费用三项期间费用合计占主营业务收入的比例是多少？"
    asked = analyze(q)
    asked.line_items = with_rows(asked, items_from_tables(q, chunks))
    out = calculation_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("9.22")  # (10.97 + 10.14 + 1.90) / 249.55 million, not 管理/销售


def test_a_place_revenue_comes_from_owns_the_figure_and_the_item_stays_revenue() -> None:
    countries = Table(
        "t2",
        [71],
        [["", "2021", "2020"]],
        [["United States", "44,545", "40,800"], ["China", "2,679", "1,732"], ["Total", "79,474", "70,372"]],
        caption="Net revenue by country",
    )
    doc = make_doc([countries], company="PepsiCo", year=2021, language="en", unit_line="")
    question = "By how much did PepsiCo's net revenue from China grow in 2021 over 2020? Percent, two places."
    asked = analyze(question)
    assert "China" in asked.entities and "Percent" not in asked.entities  # an instruction is no company
    items = with_rows(asked, items_from_tables(question, table_chunks(doc)))
    assert items[0].printed.lower() == "net revenue"  # China's row is found as the owner's, not as the item


def test_a_lookup_s_last_sentence_names_the_row_its_earlier_sentences_only_set_the_scene() -> None:
    note = Table(
        "t3",
        [82],
        [["", "2015", "2014"]],
        [
            ["Accrued compensation and benefits", "312,776", "320,679"],
            ["Total accrued expenses", "678,364", "683,866"],
        ],
        caption="NOTE 8. ACCRUED EXPENSES",
    )
    doc = make_doc([note], company="Adobe", year=2015, language="en", unit_line="")
    question = (
        "In Adobe's fiscal 2015 Form 10-K, the accrued expenses note gives a comparative column for "
        "November 28, 2014. What was accrued compensation and benefits at that date?"
    )
    asked = analyze(question)
    items = with_rows(asked, items_from_tables(question, table_chunks(doc)))
    assert [normalise(m.printed) for m in items] == ["accrued compensation and benefits"]


EXPOSURE = Table(
    "t77",
    [152],
    [["(Billions)", "", "2022", "2021"]],
    [
        ["Individuals:", "(a)", "$156", "$131"],
        ["", "Outside the United States (b)", "27", "23"],
        ["Total on-balance sheet", "", "$213", "$172"],
    ],
    caption="NOTE 23 SIGNIFICANT CREDIT CONCENTRATIONS",
)


def test_an_on_balance_sheet_row_is_a_named_row_not_a_statement() -> None:
    doc = make_doc([EXPOSURE], company="Amex", year=2022, language="en", unit_line="")
    question = "What share of total on-balance sheet exposure was outside the United States in 2022?"
    rows = [m.printed for m in items_from_tables(question, table_chunks(doc))]
    assert "total on-balance sheet" in rows


def test_what_an_allowance_is_held_against_is_no_operand() -> None:
    """ "valuation allowance on deferred tax assets … change": the allowance's change alone."""
    allowance = Table(
        "t40",
        [85],
        [["", "2022", "2021"]],
        [["Deferred tax assets", "4,408", "4,710"], ["Valuation allowances", "(5,013)", "(4,628)"]],
        caption="Income Taxes",
    )
    doc = make_doc([allowance], company="PepsiCo", year=2022, language="en", unit_line="")
    question = "PepsiCo valuation allowance on deferred tax assets: how much did it change from 2021 to 2022?"
    asked = analyze(question)
    asked.line_items = with_rows(asked, items_from_tables(question, table_chunks(doc)))
    assert [m.concept for m in asked.line_items] == ["valuation_allowance"]
    out = calculation_answer(asked, extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("385")  # the allowance widened: printed (5,013) against (4,628)


def test_a_part_s_change_over_the_year_is_its_own_not_a_difference_from_its_whole() -> None:
    note = Table(
        "t6",
        [160],
        [["项目", "本期发生额", "上期发生额"]],
        [
            ["非流动资产毁损报废损失", "397,026.34", "1,337,750.63"],
            ["对外捐赠", "1,200,000.00", "900,000.00"],
            ["合计", "1,797,426.33", "2,237,750.63"],
        ],
        caption="75、营业外支出",
    )
    doc = make_doc([note], company="金宇生物", year=2020, language="zh")
    chunks = table_chunks(doc)
    question = "金宇生物2020年营业外支出里的非流动资产毁损报废损失比上年降了多少？"
    asked = analyze(question)
    assert [m.printed for m in asked.line_items] == ["营业外支出"]  # none inside the row's label
    taxes = analyze("金宇生物2020年末应交税费中，应交企业所得税的期末余额是多少元？")
    assert "所得税" in [m.printed for m in taxes.line_items]  # a part ending with an item is that item
    asked.line_items = with_rows(asked, items_from_tables(question, chunks))
    out = calculation_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("-940724.29"), out.text  # never 营业外支出 less its own line


def test_an_item_inside_a_bracket_saying_what_a_figure_holds_is_no_operand() -> None:
    question = "厦门安妮2005年度非经常性损益小计（扣除所得税及少数股东影响之前）占当年归母净利润的比例？"
    assert [m.printed for m in analyze(question).line_items] == ["归母净利润"]  # the part is a row
    formula = "毛利率=（营业收入-营业成本）/营业收入，2005年厦门安妮的毛利率是多少？"
    assert {"营业收入", "营业成本"} <= {m.printed for m in analyze(formula).line_items}  # operands stay


def test_a_printed_share_row_holding_what_the_question_leaves_out_is_not_read() -> None:
    gains = Table(
        "t7",
        [252],
        [["项目", "2010年度", "2009年度"]],
        [
            ["公允价值变动损益", "-261.13", "24.60"],
            ["投资收益", "1,599.58", "90.68"],
            ["公允价值变动损益及投资收益占当期利润总额比例", "12.07%", "2.07%"],
        ],
        caption="公允价值变动损益及投资收益",
    )
    doc = make_doc([gains], company="爱康太阳能", year=2010, language="zh", unit_line="单位：万元")
    question = "爱康太阳能2010年投资收益占当年利润总额的比重是多少？不含公允价值变动损益"
    rows = [t.printed for t in items_from_tables(question, table_chunks(doc))]
    assert rows == ["投资收益"], rows  # what it leaves out is no item (nor the printed 12.07% of both)


def test_a_difference_written_a_jianqu_b_subtracts_the_items_beside_it() -> None:
    quarters = Table(
        "t9",
        [6],
        [["项目", "第三季度（7-9月份）", "第四季度（10-12月份）"]],
        [
            ["归属于上市公司股东的净利润", "113,287,251.42", "110,462,531.29"],
            ["归属于上市公司股东的扣除非经常性损益后的净利润", "110,543,617.87", "101,492,664.67"],
        ],
        caption="2020年分季度主要财务数据",
    )
    recurring = Table(
        "t10",
        [152],
        [["项目", "2005年度", "2004年度"]],
        [["净利润", "14,776,405.41", "12,000,000.00"], ["非经常性损益净影响数", "2,896,031.04", "958,291.6"]],
        caption="非经常性损益明细表",
    )
    quarterly = "金宇生物2020年第四季度的非经常性损益是多少元？按该季度归属于上市公司股东的净利润减去"
    quarterly += "扣除非经常性损益后的净利润计算。"
    deducted = "天源科技2005年扣除非经常性损益后的净利润是多少元？用净利润减去非经常性损益净影响数。"
    # never the asked figure less the first operand
    cases = ((quarters, 2020, quarterly, "8969866.62"), (recurring, 2005, deducted, "11880374.37"))
    for table, year, question, expected in cases:
        doc = make_doc([table], company="金宇生物", year=year, language="zh")
        chunks = table_chunks(doc)
        asked = analyze(question)
        asked.line_items = with_rows(asked, items_from_tables(question, chunks))
        out = calculation_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
        assert out is not None and out.calculation is not None, question
        assert out.calculation.result == Decimal(expected), out.text


def test_a_whole_the_question_names_without_total_is_the_table_s_total_row() -> None:
    charges = Table(
        "t11",
        [76],
        [["", "2021", "2020"]],
        [
            ["Cost of sales", "$29", "$30"],
            ["Selling, general and administrative expenses", "208", "239"],
            ["Total restructuring and impairment charges", "$247", "$289"],
        ],
        caption="2019 Multi-Year Productivity Plan",
    )
    doc = make_doc([charges], company="PepsiCo", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    question = (
        "What share of PepsiCo's 2021 restructuring and impairment charges under the 2019 Multi-Year"
        " Productivity Plan was recorded in selling, general and administrative expenses?"
    )
    asked = analyze(question)
    asked.line_items = with_rows(asked, items_from_tables(question, chunks))
    out = calculation_answer(asked, extract_facts(doc, chunks), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None, [m.printed for m in asked.line_items]
    assert out.calculation.result == Decimal("84.21"), out.text  # 208 / 247


def test_a_row_whose_growth_is_raced_against_an_item_is_an_operand_too() -> None:
    costs = Table(
        "t12",
        [38],
        [["(Dollars in millions)", "FISCAL 2023", "FISCAL 2022"]],
        [["Revenues", "$51,217", "$46,710"], ["Demand creation expense(1)", "4,060", "3,850"]],
        caption="Consolidated Operating Results",
    )
    doc = make_doc([costs], company="Nike", year=2023, language="en", unit_line="")
    question = "Did Nike's demand creation expense grow faster than Nike, Inc. revenues in fiscal 2023?"
    asked = analyze(question)
    items = with_rows(asked, items_from_tables(question, table_chunks(doc)))
    assert [m.printed for m in items] == ["demand creation expense", "revenues"], items
