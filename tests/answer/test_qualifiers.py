"""The kind of item a question asks ("same-store sales", "rooms revenue") is never answered with the total."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.defined import defined_answer
from finrag.answer.extractive import select_sentences
from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.numeric import calculation_answer, lookup_answer
from finrag.answer.owners import kind_facts
from finrag.answer.qualifiers import (
    business_rows,
    glossed_kinds,
    item_qualifiers,
    other_class,
    part_qualifiers,
    prints_qualifiers,
)
from finrag.answer.query import analyze
from finrag.answer.quote_focus import Focus
from finrag.answer.zh_qualifiers import (
    aging_brackets,
    asked_after_of_which,
    printed_rows,
    zh_item_qualifiers,
    zh_parts_after,
    zh_quoted,
    zh_rows_named,
)
from finrag.model import Period, QueryAnalysis, Table

from .helpers import make_chunk, make_doc, table_chunks


def _kinds(question: str, companies: tuple[str, ...] = ()) -> list[str]:
    analysis = QueryAnalysis(question, question, "en", "lookup", companies=list(companies))
    return analyze(question, analysis).qualifiers


def test_the_words_naming_a_kind_of_item_are_read_from_the_question() -> None:
    assert _kinds("What was Adobe's same-store sales growth in fiscal 2017?") == ["same-store"]
    assert _kinds("What was the comparable store sales growth of Microsoft's retail stores in FY2016?") == [
        "comparable store"
    ]
    assert _kinds("CVS pharmacy services segment revenue 2022 and growth", ("CVS Health",)) == [
        "pharmacy services"
    ]
    assert _kinds("frito-lay north america operating margin Q1 2023?") == ["frito-lay north america"]


def test_how_an_item_is_taken_is_no_kind_of_it() -> None:
    for question in (
        "What is Walmart's FY2020 total revenue?",
        "What is Amazon's FY2019 net sales in USD millions?",
        "How much did Lockheed Martin spend buying back its own shares in 2022?",
        "In 2020, did MGM's Regional Operations bring in more net revenues than its Las Vegas Strip Resorts?",
        "How much cash did Pfizer pay out in dividends during the first six months of 2023?",
        "Which of Amazon's reportable segments grew net sales the fastest in FY2019?",
        "What is PepsiCo's FY2022 net working capital? Define net working capital as total current assets"
        " less total current liabilities.",
        "What is 3M's FY2022 inventory turnover ratio? Inventory turnover ratio is defined as: (FY2022 COGS)"
        " / (average inventory between FY2021 and FY2022).",
    ):
        assert _kinds(question) == [], question


def test_words_print_singular_or_plural_and_dotted() -> None:
    assert prints_qualifiers("Membership fees 3,877", ["membership fee"])
    assert prints_qualifiers("U.S. sales grew", ["us"])
    assert prints_qualifiers("| Work in process | 482 |", ["work-in-process"])  # hyphens are spaces
    assert not prints_qualifiers("Total revenue 85,320", ["comparable store"])


INCOME = Table(
    "t1",
    [52],
    [["(In millions)", "2016", "2015"]],
    [
        ["Revenue:", "", ""],
        ["Rooms", "897", "636"],
        ["Casino", "1,200", "1,100"],
        ["Total revenue", "85,320", "93,580"],
    ],
    caption="Income Statements",
)


def test_a_kind_absent_from_every_table_gets_no_figure() -> None:
    doc = make_doc([INCOME], company="Acme", year=2016, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze("What was Acme's comparable store sales growth in FY2016?")
    facts = kind_facts(extract_facts(doc, chunks), asked.qualifiers, {c.chunk_id: c for c in chunks})
    assert facts == []  # not (85,320 − 93,580) / 93,580
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_the_kind_s_own_row_under_the_heading_of_the_item() -> None:
    doc = make_doc([INCOME], company="Acme", year=2016, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze("What was the year-over-year change in Acme's rooms revenue in 2016? Answer in percents.")
    assert asked.qualifiers == ["rooms"]
    facts = kind_facts(extract_facts(doc, chunks), asked.qualifiers, {c.chunk_id: c for c in chunks})
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) or lookup_answer(
        asked, facts, {doc.doc_id: 0}, lambda f: 1
    )
    assert out is not None and out.calculation is not None
    assert out.calculation.result == Decimal("41.04")  # (897 − 636) / 636


def test_a_quoted_sentence_must_print_the_kind_asked() -> None:
    doc = make_doc([], company="Adobe", year=2017, language="en")
    text = "Creative revenue in fiscal 2017 was $4.17 billion, up 31% from fiscal 2016."
    context = [(1, make_chunk(doc, text, 40))]
    kinds = ("same-store",)
    strict = Focus(["sales", "revenue"], 2017, kinds=kinds, strict=True)
    assert select_sentences("same-store sales growth fiscal 2017", context, 3, strict) == []
    loose = Focus(["sales", "revenue"], 2017)
    assert select_sentences("revenue growth fiscal 2017", context, 3, loose)


def test_a_chinese_product_before_the_item_is_its_kind_but_a_statement_or_period_is_not() -> None:
    assert analyze("金宇生物2020年非洲猪瘟疫苗的营业收入是多少元？").qualifiers == ["非洲猪瘟疫苗"]
    assert analyze("四方科技2019年销往俄罗斯市场的营业收入是多少元？").qualifiers == ["销往俄罗斯"]
    for question in (
        "四方科技2019年母公司利润表中的营业收入是多少元?",
        "国电电力2007年第三季度的净利润是多少元？",
        "南岭民爆2006年全年的主营业务收入是多少元？",
        "请问，2020年诺泰生物的所得税费用是多少元?",
    ):
        assert analyze(question).qualifiers == [], question


def test_a_use_written_before_the_item_written_again_is_its_kind() -> None:
    question = "四方科技2019年研发投入中，用于罐式集装箱业务的研发投入是多少元？"
    analysis = QueryAnalysis(question, question, "zh", "lookup", line_items=["研发投入"])
    assert analyze(question, analysis).qualifiers == ["罐式集装箱"]  # not the whole spending on R&D
    alone = "四方科技2019年研发投入是多少元？"
    whole = QueryAnalysis(alone, alone, "zh", "lookup", line_items=["研发投入"])
    assert analyze(alone, whole).qualifiers == []


def test_current_is_where_a_balance_sheet_row_stands() -> None:
    balance = Table(
        "t9",
        [10],
        [["(Millions)", "July 2, 2023", "December 31, 2022"]],
        [
            ["Inventories", "10,310", "8,981"],
            ["Deferred revenues", "1,375", "1,493"],
            ["Noncurrent inventories", "5,868", "5,827"],
            ["Long-term debt obligations", "40,370", "39,000"],
        ],
        caption="Condensed Consolidated Balance Sheets",
    )
    doc = make_doc([balance], company="Pfizer", year=2023, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    current = kind_facts(facts, ["current"], {})
    assert {f.line_item for f in current} == {"Inventories", "Deferred revenues"}  # not the noncurrent row
    assert {f.line_item for f in kind_facts(facts, ["current deferred"], {})} == {"Deferred revenues"}
    noncurrent = {f.line_item for f in kind_facts(facts, ["non-current"], {})}  # long-term is non-current
    assert noncurrent == {"Long-term debt obligations", "Noncurrent inventories"}


def test_a_product_s_ratio_is_read_from_its_row_of_the_breakdown_not_worked_out_for_the_company() -> None:
    breakdown = Table(
        "t11",
        [11],
        [["分产品", "营业收入", "营业成本", "毛利率（%）", "毛利率比上年增减（%）"]],
        [
            ["罐式集装箱", "764,321,152.14", "632,091,386.24", "17.30", "-4.12"],
            ["冷冻设备", "371,318,200.00", "250,600,000.00", "32.51", "1.02"],
        ],
        caption="主营业务分行业、分产品、分地区情况",
    )
    income = Table(
        "t12",
        [65],
        [["项目", "2019年度"]],
        [["营业收入", "1,175,301,034.32"], ["营业成本", "903,236,584.52"]],
        caption="合并利润表",
    )
    doc = make_doc([breakdown, income], company="四方科技", year=2019)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("四方科技2019年罐式集装箱产品的毛利率是多少？")
    assert asked.qualifiers == ["罐式集装箱"]
    out = calculation_answer(asked, kind_facts(facts, asked.qualifiers, {}), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "17.30%" in out.text and "23.15" not in out.text
    by_year = Table(
        "t13",
        [144],
        [["产品", "2005年度", "2004年度"]],
        [["乳化炸药", "30.25%", "29.82%"], ["铵梯炸药", "18.10%", "17.95%"]],
        caption="2、综合毛利率、分产品毛利率的数据及变动情况",
    )
    doc = make_doc([by_year, income], company="南岭民爆", year=2006)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("南岭民爆2005年度乳化炸药的毛利率是多少？")
    out = calculation_answer(asked, kind_facts(facts, asked.qualifiers, {}), {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "30.25%" in out.text and "29.82" not in out.text  # the title names the ratio


def test_a_lower_case_part_after_the_company_s_possessive_is_the_kind_asked_in_the_documents_words() -> None:
    question = "What was the gross margin of Jinyu's (金宇生物) biopharmaceutical (生物制药) business?"
    assert analyze(question).qualifiers == ["生物制药"]
    assert part_qualifiers("What was Boeing's defense business (BDS) operating margin?") == []
    assert part_qualifiers("the revenue of Adobe's Digital Marketing segment") == []  # a name: an owner
    # a segment named in lower case: the figure must be of it (a consolidated row is not)
    assert part_qualifiers("What operating income did Costco's e-commerce segment report?") == ["e-commerce"]
    assert part_qualifiers("What was the company's largest operating segment?") == []
    # what a part of the company made: its figure, not the company's
    stores = (
        "What net sales did Amazon's physical stores (which include Whole Foods Market) generate in 2017?"
    )
    assert part_qualifiers(stores) == ["physical stores"]
    polysilicon = "How much revenue did Corning's polycrystalline silicon products generate in 2022?"
    assert part_qualifiers(polysilicon) == ["polycrystalline silicon products"]  # a long name of a part
    assert part_qualifiers("How much cash did Amazon's operations generate in 2017?") == []


def test_a_name_a_chinese_question_quotes_is_what_the_figure_is_of_not_a_quoted_table_title() -> None:
    question = "安徽天源科技本次募集资金投资项目中，“年产1万吨四氧化三锰项目”的预计投资额是多少万元？"
    assert "年产1万吨四氧化三锰项目" in analyze(question).qualifiers
    assert zh_quoted("四方科技2019年年报“主营业务分行业、分产品情况”表中，罐式集装箱的毛利率") == []
    assert zh_quoted("四方科技2019年年报“非经常性损益项目和金额”表中，非经常性损益合计") == []  # "…”表中"
    # a section title the source clause quotes says where to look
    assert zh_quoted("根据金宇生物2020年年报“主要控股参股公司分析”，全资子公司金宇保灵的净利率") == []


def test_a_chinese_kind_is_read_without_where_to_look_and_a_basis_is_no_kind() -> None:
    question = "金宇生物2020年主营业务中国外地区的营业收入是多少？"
    assert zh_item_qualifiers(question, [question.index("营业收入")], []) == ["国外"]
    basis = "厦门安妮股份2007年度按归属于普通股股东的净利润计算的加权平均净资产收益率是多少？"
    assert zh_item_qualifiers(basis, [basis.index("净利润")], []) == []
    recorded = "四方科技2019年计入其他收益的与收益相关的政府补助金额是多少元？"
    assert zh_item_qualifiers(recorded, [recorded.index("政府补助")], []) == ["与收益相关"]
    source = "江苏爱康科技2010年度来自欧洲地区的营业收入是多少？"
    assert zh_item_qualifiers(source, [source.index("营业收入")], []) == ["欧洲"]  # not "来自欧洲"
    lab = "金宇生物2020年末新园区P3实验室的累计折旧是多少？"
    assert zh_item_qualifiers(lab, [lab.index("折旧")], []) == ["新园区P3实验室"]  # the lab's, not 累计
    # "这类产品" points back at the kind written before it; "…里" says where, as "…中" does
    pointed = "天源科技2004年磁性材料及器件这类产品的毛利率是多少？"
    assert zh_item_qualifiers(pointed, [pointed.index("毛利率")], []) == ["磁性材料及器件"]
    within = "爱康2010年非经常性损益里记入损益的政府补助是多少？"
    assert zh_item_qualifiers(within, [within.index("政府补助")], []) == ["记入损益"]


def test_a_kind_after_a_plural_possessive_is_read() -> None:
    question = "What was MGM Resorts' casino revenue for the full year 2018?"
    assert item_qualifiers(question, [question.index("revenue")], ["MGM Resorts"]) == ["casino"]


INVENTORIES = Table(
    "t2",
    [25],
    [["(MILLIONS)", "July 2, 2023", "December 31, 2022"]],
    [
        ["Finished goods", "3,048", "2,603"],
        ["Work-in-process", "6,409", "5,519"],
        ["Raw materials and supplies", "853", "858"],
        ["Inventories", "10,310", "8,981"],
    ],
    caption="The following summarizes the components of Inventories:",
)


def test_a_part_written_before_of_or_in_is_the_row_asked_not_the_whole() -> None:
    asked = analyze("What was the work-in-process component of Acme's inventories as of July 2, 2023?")
    assert asked.qualifiers == ["work-in-process"]
    assert _kinds(
        "Costco: gross carrying amount of buildings and improvements in property and equipment?"
    ) == ["buildings and improvements"]
    assert _kinds("What was the increase in inventories in 2023?") == []  # how it moved, no part of it
    glossed = "What was the LIFO reserve (excess of FIFO over LIFO cost) in Acme's inventories in 2020?"
    assert _kinds(glossed) == ["excess of fifo over lifo cost"]  # the gloss is the row's printed words
    # "capitalize as part of property, plant and equipment": the verb's object is the part, not the verb
    capitalized = "How much interest cost did Acme capitalize as part of property and equipment in 2020?"
    assert _kinds(capitalized) == ["interest cost"]
    # "did Acme receive in net proceeds from …": a verb after the company, no part, stands before "in"
    received = "How much did Acme receive in net proceeds from long-term debt in fiscal 2017?"
    assert _kinds(received) == []
    quoted = "What was the 'accrued vacation, salaries and wages' component of Acme's accounts payable?"
    assert _kinds(quoted) == ["accrued vacation, salaries and wages"]  # quoted as the filing prints it
    doc = make_doc([INVENTORIES], company="Acme", year=2023, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = kind_facts(
        extract_facts(doc, chunks), asked.qualifiers, {c.chunk_id: c for c in chunks}, asked.line_items
    )
    out = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "6,409" in out.text and "10,310" not in out.text


def test_an_aging_bracket_and_an_english_gloss_of_a_chinese_row_are_kinds() -> None:
    assert analyze("金宇生物2020年末其他应收款中，账龄2至3年的期末账面余额是多少元？").qualifiers == [
        "2至3年"
    ]
    assert aging_brackets("账龄3年以上的其他应付款") == ["3年以上"]
    assert aging_brackets("2-3年的应收账款") == []  # no 账龄: a span of years, not a bracket
    assert aging_brackets("05年末应付账款中1年以内的金额和占比？") == ["1年以内"]  # a bracket within the item
    assert aging_brackets("应收账款账龄在半年以内的有多少？") == ["半年以内"]
    eps = "What was Akcome's basic EPS for 2010 after deducting non-recurring gains and losses?"
    assert glossed_kinds(eps) == ["扣除非经常性损益"]


def test_a_chinese_part_after_its_item_and_an_english_question_s_glossed_row_are_kinds() -> None:
    assert analyze("天源科技截至2005年12月31日的短期借款中，信用借款有多少？").qualifiers == ["信用借款"]
    assert analyze("中钢天源2005年末短期借款里的保证借款是多少？").qualifiers == ["保证借款"]
    assert analyze("爱康太阳能2010年末存货中的产成品有多少？").qualifiers == ["产成品"]  # not "的产成品"
    # a part and its sub-part joined by a dash, as the note prints it; "本期增加" is that column, no change
    moved = analyze("示远科技2019年应付职工薪酬中，离职后福利—设定提存计划本期增加了多少元？")
    assert moved.qualifiers == ["离职后福利-设定提存计划"] and moved.formula is None
    assert analyze("金宇生物2020年年报存货附注中，在产品的期初账面余额是多少元？").qualifiers == ["在产品"]
    assert analyze("四方科技2019年营业收入中主营业务收入占比是多少？").qualifiers == []  # an item, not a part
    q = "How much property tax (房产税) did Jinyu (金宇生物) record within taxes and surcharges (税金及附加)?"
    assert _kinds(q) == ["房产税"]  # the company's gloss and the item's own are no part
    assert _kinds("What were Jinyu Bio-Technology's (金宇生物) R&D investment (研发投入) in 2020?") == []
    project = "安妮股份募集资金投资项目中，票据印务扩建项目的建设期是多长?"
    assert analyze(project).qualifiers == []  # a project has no note of rows
    project = "How much of Jinyu's project (金宇生物科技产业园项目一期工程) left construction in progress?"
    assert _kinds(project, ("金宇生物",)) == ["金宇生物科技产业园项目一期工程"]  # named by the filer
    assert analyze("四方科技2019年其他应付款中，按款项性质列示的押金保证金是多少？").qualifiers == []
    assert analyze("厦门安妮2006年度华北区市场实现的主营业务收入是多少？").qualifiers == ["华北区"]


def test_where_a_row_stands_is_no_kind_of_it() -> None:
    assert analyze("请问金宇生物2020年非经常性损益项目中的所得税影响额是多少元？").qualifiers == []


def test_a_named_project_owns_the_figure_asked_of_it() -> None:
    asked = analyze("安妮股份募投的票据印务扩建项目总投资中固定资产投资和流动资金各是多少？")
    assert asked.qualifiers == ["票据印务扩建项目"]  # not the balance sheet's 固定资产


def test_a_component_named_before_a_net_item_or_after_it_is_the_row_asked() -> None:
    assert _kinds(
        "What was the finished goods component of Corning's net inventories at December 31, 2020?"
    ) == ["finished goods"]
    boeing = "How much of Boeing's inventory in 2018 was attributable to commercial aircraft programs?"
    assert "commercial aircraft programs" in _kinds(boeing)
    mills = "How much of General Mills' valuation allowance at May 26, 2019 related to Pillsbury acquisition "
    mills += "losses?"
    assert "pillsbury acquisition losses" in _kinds(mills)  # (once the whole allowance was answered)
    walmart = (
        "What was the current international (non-U.S.) component of Walmart's provision for income taxes?"
    )
    asked = analyze(walmart, QueryAnalysis(walmart, walmart, "en", "lookup"))
    assert asked.qualifiers == ["current international"] and asked.entities == [
        "Walmart"
    ]  # "non-U.S." no name


def test_a_component_s_words_may_be_split_between_its_heading_and_its_row() -> None:
    taxes = Table(
        "t60",
        [78],
        [["(Amounts in millions)", "2018", "2017"]],
        [
            ["Current:", "", ""],
            ["U.S. federal", "$2,998", "$3,454"],
            ["International", "1,377", "1,510"],
            ["Total current tax provision", "4,780", "5,459"],
            ["Deferred:", "", ""],
            ["International", "(146)", "(360)"],
            ["Total provision for income taxes", "$4,600", "$6,204"],
        ],
        caption="A summary of the provision for income taxes is as follows:",
    )
    doc = make_doc([taxes], company="Walmart", year=2018, language="en", unit_line="(in millions)")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    kinds = kind_facts(facts, ["current international"], {c.chunk_id: c for c in chunks})
    assert {f.value for f in kinds} == {
        Decimal("1377"),
        Decimal("1510"),
    }  # not the deferred row, nor the total


def test_a_part_named_after_a_table_row_is_a_kind_of_it() -> None:
    q = "国电电力2006年电力销售收入中，水电机组实现的收入是多少？"
    row = LineItemMatch("", "电力销售收入", q.find("电力销售收入"))
    assert zh_parts_after(q, [row], rows=True) == ["水电机组"]  # "实现" is no part of the row's name
    assert zh_parts_after(q, [row]) == []  # a statement item's note parts only, unless asked for rows
    owed = "截至2005年末，天源科技的其他应付款中欠持股5%以上股东马鞍山矿山研究院（马矿院）的款项是多少元？"
    payable = LineItemMatch("other_payables", "其他应付款", owed.find("其他应付款"))
    assert zh_parts_after(owed, [payable]) == ["马鞍山矿山研究院"]  # the party owed, not the whole balance


def test_a_note_s_row_is_read_past_the_scope_before_it_and_the_verb_after_it() -> None:
    asked = analyze("四方科技2019年年报存货附注里，合并口径原材料在2019年末的账面余额是多少？")
    assert asked.qualifiers == ["原材料"]
    assert analyze("四方科技2019年度合并销售费用中，运输费发生了多少？").qualifiers == ["运输费"]
    assert analyze("金宇生物2020年末存货中，库存商品计提的存货跌价准备期末余额是多少元？").qualifiers == [
        "库存商品"
    ]
    growth = analyze("生物股份2020年合并研发费用中的折旧费比2019年增长了多少？")
    assert growth.qualifiers == ["折旧费"]
    assert analyze("南岭民爆2004年12月31日房屋及建筑物的固定资产净值是多少元？").qualifiers == [
        "房屋及建筑物"
    ]


def test_row_labels_named_beside_the_item_are_its_parts_as_printed() -> None:
    question = "截至2007年6月30日，国电电力瀑布沟水电站在建工程的期末余额是多少？"
    items = analyze(question).line_items
    rows = [
        LineItemMatch("", "瀑布沟水电站", question.index("瀑布沟")),
        LineItemMatch("", "2010年度", 0),  # a period's row
        LineItemMatch("", "国电电力", question.index("国电电力")),  # the company itself
    ]
    assert zh_rows_named(question, rows, items, ["国电电力"]) == ["瀑布沟水电站"]
    assert printed_rows(["华南区"], ["华南区市场"]) == ["华南区市场"]  # the row as printed
    assert printed_rows(["组建爆破工程公司项目"], ["组建爆破工程公司"]) == ["组建爆破工程公司项目"]
    assert printed_rows(["1年以内"], ["账龄"]) == ["1年以内"]  # a header cell beside the row asked
    assert printed_rows([], ["瀑布沟水电站"]) == ["瀑布沟水电站"]
    title = "四方科技2019年年报“主营业务分行业、分产品、分地区情况”表中，罐式集装箱产品的毛利率是多少？"
    heads = [LineItemMatch("", "分产品", title.index("分产品"))]
    assert zh_rows_named(title, heads, [], []) == []  # words of a quoted table title
    years = "爱康太阳能经住友商社最终销售给夏普的产品金额，2010年度比2009年度增长了多少？"
    assert zh_rows_named(years, [LineItemMatch("", "年度", years.index("年度"))], [], []) == []  # a heading


def test_a_kind_may_hold_digits_after_its_first_character() -> None:
    assert analyze("天源科技2005年Y30BH粉料的营业收入是多少？").qualifiers == ["Y30BH粉料"]
    aging = analyze("金宇生物2020年末应收账款中，账龄3至4年的应收账款余额是多少元？").qualifiers
    assert "账龄3至4年" not in aging  # an aging bracket, as aging_brackets reads it


def test_a_row_asked_in_its_own_clause_after_of_which_is_a_second_figure_not_a_kind() -> None:
    q = "国电电力2005年12月31日长期股权投资是多少元？其中股权投资差额是多少？"
    assert asked_after_of_which(q, ["股权投资差额", "资产"]) == ["股权投资差额"]
    assert asked_after_of_which("应收账款中股权投资差额是多少？", ["股权投资差额"]) == []


def _one(_: object) -> int:
    return 1


def test_a_kind_or_part_named_with_the_question_s_own_formula_is_what_the_formula_is_worked_on() -> None:
    breakdown = Table(
        "t21",
        [152],
        [["产品类别", "2005年度 主营业务收入", "2005年度 主营业务成本"]],
        [
            ["磁性材料及器件", "150,000,000.00", "123,225,000.00"],
            ["电解金属锰", "12,927,273.60", "10,000,000.00"],
        ],
        caption="主营业务收入及成本构成",
    )
    income = Table(
        "t22",
        [178],
        [["项目", "2005年度"]],
        [["主营业务收入", "209,125,400.20"], ["主营业务成本", "169,750,977.39"]],
        caption="合并利润表",
    )
    doc = make_doc([breakdown, income], company="中钢天源", year=2005)
    facts = extract_facts(doc, table_chunks(doc))
    question = (
        "中钢天源2005年度磁性材料及器件类产品的主营业务毛利率是多少？"
        "毛利率=(主营业务收入-主营业务成本)/主营业务收入，保留两位小数。"
    )
    asked = analyze(question)
    assert asked.qualifiers == ["磁性材料及器件"]
    assert asked.definition is not None
    out = defined_answer(
        asked, asked.definition, kind_facts(facts, asked.qualifiers, {}), {doc.doc_id: 0}, _one
    )
    assert out is None or "18.83" not in out.text  # never the company's margin for the product's
    assert analyze(
        "湖南南岭民爆2005年膨化硝铵炸药的销售收入比2004年增长了多少？"
        "增长率=(2005年销售收入-2004年销售收入)/2004年销售收入"
    ).qualifiers == ["膨化硝铵炸药"]
    assert analyze("国电电力2006年度在西南地区实现的主营业务收入是多少万元？").qualifiers == ["西南"]
    glossed = "中钢天源2005年度电解锰（电解金属锰）产品的主营业务收入是多少元？"
    assert analyze(glossed).qualifiers == ["电解金属锰"]  # the name in the bracket, as the tables print it
    two_years = "厦门安妮股份2005年度和2006年度的营业收入合计是多少？合计=2005年营业收入+2006年营业收入"
    assert analyze(two_years).qualifiers == []  # "和2006年度" is a second year, no kind


def test_a_row_of_the_item_s_note_named_after_it_is_the_operand_of_the_question_s_formula() -> None:
    inventories = Table(
        "t23",
        [132],
        [["项目", "期末余额 账面余额", "期初余额 账面余额"]],
        [["原材料", "64,230,000.65", "60,000,000.00"], ["在产品", "117,132,140.72", "53,710,344.61"]],
        caption="(1).存货分类",
    )
    balance = Table(
        "t24",
        [60],
        [["项目", "2020年12月31日", "2019年12月31日"]],
        [["存货", "350,661,798.80", "245,294,801.84"]],
        caption="合并资产负债表",
    )
    doc = make_doc([inventories, balance], company="金宇生物", year=2020)
    facts = extract_facts(doc, table_chunks(doc))
    q = (
        "金宇生物2020年末合并存货中，在产品的账面余额较年初增长了多少？"
        "增长率=(期末账面余额-期初账面余额)/期初账面余额，保留两位小数。"
    )
    periods = [
        Period("2020年末", 2020, "FY", "2020-12-31", "instant"),
        Period("年初", 2019, "FY", "2019-12-31"),
    ]
    asked = analyze(q, QueryAnalysis(q, q, "zh", "calculation", periods=periods))
    assert asked.qualifiers == ["在产品"]
    assert asked.definition is not None
    out = defined_answer(
        asked, asked.definition, kind_facts(facts, asked.qualifiers, {}), {doc.doc_id: 0}, _one
    )
    assert out is not None and "118.08%" in out.text and "42.96" not in out.text


def test_the_top_debtors_of_an_item_are_a_part_of_it_not_its_balance() -> None:
    ranked = analyze("金宇生物2020年末按欠款方归集的期末余额前五名应收账款汇总金额是多少元？")
    assert ranked.qualifiers == ["前五名"]
    assert analyze("江苏爱康太阳能截至2009年12月31日的应收账款前五名合计是多少？").qualifiers == ["前五名"]
    assert analyze("金宇生物2020年向前五名客户的销售额是多少？").qualifiers == []  # no statement item ranked


def test_a_fair_value_asked_is_a_kind_the_figure_must_print_not_the_carrying_amount() -> None:
    asked = analyze(
        "What was the fair value of Nike's long-term debt, including the current portion, at May 31, 2021?"
    )
    assert [m.printed for m in asked.line_items] == ["long-term debt"] and "fair value" in asked.qualifiers
    assert "fair value" not in analyze("What was Nike's long-term debt at May 31, 2021?").qualifiers


def test_what_a_chinese_question_says_was_sold_is_the_kind_of_revenue_asked() -> None:
    assert analyze("四方科技2019年罐式集装箱卖了多少钱？").qualifiers == ["罐式集装箱"]
    assert analyze("四方科技2019年卖了多少钱？").qualifiers == []  # the company's own revenue


def test_a_region_written_right_before_the_item_is_its_kind() -> None:
    q = "国电电力2006年华东地区主营业务收入比2005年增长了多少？"
    assert zh_item_qualifiers(q, [q.find("主营业务收入")], ["国电电力"]) == ["华东地区"]


def test_a_share_a_total_consisted_of_names_the_part_after_it() -> None:
    q = "What share of Coca-Cola's total inventories in 2017 consisted of raw materials and packaging?"
    assert part_qualifiers(q) == ["raw materials and packaging"]


def test_a_kind_written_after_a_terse_quarter_or_year_is_the_kind_asked() -> None:
    assert analyze("jpm 1q21 equity markets revenue, yoy?").qualifiers == ["equity markets"]
    assert analyze("What was Boeing's 2022 revenue?").qualifiers == []


def test_a_quoted_row_under_its_heading_is_the_row() -> None:
    question = "四方科技2019年度合并所有者权益变动表中，本年“利润分配—对所有者（或股东）的分配”金额是多少元？"
    assert zh_quoted(question) == ["对所有者（或股东）的分配"]


def test_restricted_cash_is_the_row_of_the_restricted_assets_table() -> None:
    assert analyze("四方19年末受限货币资金多少").qualifiers == ["受限"]
    assert prints_qualifiers("81、 所有权或使用权受到限制的资产", ["受限"])
    assert not prints_qualifiers("1、 货币资金", ["受限"])  # the note of the whole balance


def test_a_kind_s_row_in_a_table_titled_by_the_measure_asked() -> None:
    margins = Table(
        "t5",
        [90],
        [["项目", "2007年6月30日", "2006年"]],
        [["电力产品", "24.65", "25.95"], ["热力产品", "-36.69", "-32.37"]],
        caption="公司综合毛利率及分行业毛利率的数据及变动情况如下表：",
    )
    doc = make_doc([margins], company="国电电力", year=2007, language="zh", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    heat = kind_facts(facts, ["热力产品", "毛利率"], {})  # the row prints one, the title the other
    assert {f.line_item for f in heat} == {"热力产品"} and len(heat) == 2


def test_parts_listed_after_an_item_are_kinds_of_it() -> None:
    listed = analyze("江苏爱康太阳能2010年营业成本中，直接材料、直接人工和制造费用各占多少比例？")
    assert listed.qualifiers == ["直接材料"]  # a part of the cost, never the cost's total


def test_a_quoted_row_or_a_part_held_within_an_item_is_the_kind_asked() -> None:
    quoted = "By what percentage did 'Service and other' revenue grow in fiscal 2016?"
    assert item_qualifiers(quoted, [quoted.find("revenue")], ["Microsoft"]) == ["service and other"]
    held = "How much casino front money did MGM Resorts carry within other accrued liabilities at year end?"
    assert item_qualifiers(held, [held.find("accrued liabilities")], ["MGM Resorts"]) == [
        "casino front money"
    ]


def test_an_aging_bracket_prints_in_digits_or_chinese_numerals() -> None:
    assert prints_qualifiers("其中账龄为一年以内的款项占58.04%，一至二年的款项占38.70%", ["1至2年"])
    assert prints_qualifiers("| 1年以内 | 6,389,800.32 |", ["1年以内"])
    assert not prints_qualifiers("| 2至3年 | 151,618.00 |", ["1至2年"])


def test_an_aging_bracket_is_printed_with_a_dash_or_a_space_before_its_year() -> None:
    assert prints_qualifiers("| 4-5 年 | 70% |", ["4至5年"])
    assert prints_qualifiers("| 4－5年 | 80 |", ["4至5年"])
    assert prints_qualifiers("四至五年的款项", ["4至5年"])
    assert not prints_qualifiers("| 3-4年 | 50% |", ["4至5年"])


def test_words_opening_an_item_the_question_names_whole_are_no_kind_of_another() -> None:
    asked = analyze(
        "In fiscal 2023, did Acme spend more cash on common stock repurchases than on common stock cash "
        "dividends?"
    )
    assert asked.qualifiers == []  # "Common stock repurchased" and "Common stock cash dividends paid" rows
    preferred = analyze("What were Acme's preferred stock cash dividends in 2023?")
    assert preferred.qualifiers == ["preferred stock"]


def test_a_business_line_is_looked_up_by_the_row_its_note_prints() -> None:
    question = "四方科技2019年度母公司报表的其他业务毛利率是多少？"
    assert business_rows(question, ["其他"]) == ["其他业务"]  # the kind is read without its class word
    assert business_rows("华东地区的营业收入是多少", ["华东地区"]) == []


def test_a_project_written_right_before_the_item_is_the_kind_asked() -> None:
    # "牛腹泻快检项目递延收益": the project's grant, never the balance sheet's whole 递延收益
    assert analyze("金宇2020年牛腹泻快检项目递延收益期末余额多少").qualifiers == ["牛腹泻快检项目"]
    project = analyze("四方科技2019年冷链装备扩产项目在建工程期末余额是多少？")
    assert project.qualifiers == ["冷链装备扩产项目"]


def test_the_other_class_of_a_word_the_question_writes() -> None:
    # "U.S. pension plans" is never the "Non-U.S. Plans" column, nor "current assets" a "Non-current" row
    assert other_class(("Non-U.S. Plans December 28, 2019",), "Kraft Heinz's U.S. pension plans in 2019")
    assert other_class(("2019", "Non-current assets"), "What were Globex's current assets?")
    # the other class asked itself: "outside the United States", "non-U.S.", "current plus non-current"
    assert not other_class(("Non-United States",), "What share of PP&E was outside the United States?")
    assert not other_class(("Non-U.S. Plans",), "What was the funded status of its non-U.S. plans?")
    assert not other_class(("Non-current lease liabilities",), "lease liabilities (current + non-current)?")
    assert not other_class(("U.S. Plans",), "What was the funded status of its U.S. plans?")
    # a remark inside a row is no class: "…, net of $48 of non-cash capital expenditures"
    assert not other_class(("Additions to property, net of $48 of non-cash capital",), "total cash provided?")


def test_the_part_of_a_whole_held_by_someone_named_after_it_is_the_kind_asked() -> None:
    question = (
        "Of Kraft Heinz's cash and cash equivalents at December 28, 2019, how much was held by its"
        " international subsidiaries?"
    )
    assert part_qualifiers(question) == ["international subsidiaries"]  # never the whole 2,279 million
    assert part_qualifiers("How much cash did Kraft Heinz hold at December 28, 2019?") == []


def test_an_allowance_asked_after_the_item_it_is_provided_for_is_that_item_s_allowance() -> None:
    asked = analyze("星河精工2023年末应收账款计提了多少坏账准备？")
    assert "应收账款计提的坏账准备" in asked.question
    assert analyze("星河精工2023年末应收账款是多少？").question == "星河精工2023年末应收账款是多少？"
