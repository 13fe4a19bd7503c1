"""A product or segment the question names owns the figure: the company's total is not its answer."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.noted_facts import noted_in_question, unnamed_segments
from finrag.answer.numeric import calculation_answer, lookup_answer
from finrag.answer.owner_names import (
    abroad_part,
    called_parts,
    held_names,
    is_filer,
    subject_names,
    unfound_firm,
)
from finrag.answer.owners import kind_facts, owned_facts
from finrag.answer.query import analyze
from finrag.model import Block, BlockKind, Table

from .helpers import INCOME_ZH, make_chunk, make_doc, table_chunks

TOTALS = Table(
    "t1",
    [57],
    [["(Millions)", "2021", "2020"]],
    [["Revenues", "81,288", "41,651"], ["Net income attributable to Pfizer Inc.", "21,979", "9,616"]],
    caption="Consolidated Statements of Income",
)
PRODUCTS = Table(
    "t2",
    [41],
    [["(Millions)", "2021", "2020"]],
    [["Comirnaty revenues", "36,781", "154"], ["Eliquis revenues", "5,970", "4,949"]],
    caption="Revenues by product",
)


def test_a_product_s_revenue_is_never_answered_with_the_company_total() -> None:
    doc = make_doc([TOTALS], company="Pfizer", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Comirnaty is our COVID-19 vaccine developed with BioNTech.", 40, n=9)
    asked = analyze("How much revenue did Pfizer's vaccine Comirnaty generate in FY2021?")
    asked.companies = ["Pfizer"]
    names = subject_names(asked, [*chunks, prose])
    assert names == ["Comirnaty"]
    facts = owned_facts(extract_facts(doc, chunks), names, {c.chunk_id: c for c in chunks})
    assert facts == []  # the 81,288 total is Pfizer's, not Comirnaty's
    assert lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None


def test_a_table_named_in_the_clause_saying_where_to_read_owns_no_figure() -> None:
    doc = make_doc([TOTALS], company="Pfizer", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Certain Line Items: reported results reconciled to adjusted ones.", 40, n=9)
    asked = analyze(
        "Using the 'Certain Line Items' reconciliation in Pfizer's 2021 earnings release, what net income "
        "attributable to Pfizer did it report for 2021?"
    )
    asked.companies = ["Pfizer"]
    assert "Certain Line Items" not in subject_names(asked, [*chunks, prose])
    named = analyze("What net income did Pfizer's Certain Line Items unit report for 2021?")
    named.companies = ["Pfizer"]
    assert "Certain Line Items" in subject_names(named, [*chunks, prose])  # named as an owner, it is one


def test_a_product_named_with_a_descriptor_the_text_words_otherwise_owns_the_figure() -> None:
    income = Table(
        "t3",
        [57],
        [["(Millions)", "2021", "2020"]],
        [["Revenues", "81,288", "41,651"], ["Cost of sales", "30,821", "8,692"]],
        caption="Consolidated Statements of Income",
    )
    doc = make_doc([income], company="Pfizer", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Comirnaty is our vaccine to help prevent COVID-19, sold with BioNTech.", 40, n=9)
    asked = analyze("What gross margin did Pfizer earn on its Comirnaty COVID-19 vaccine in FY2021?")
    asked.companies = ["Pfizer"]
    names = subject_names(asked, [*chunks, prose])
    assert "Comirnaty" in names
    facts = owned_facts(extract_facts(doc, chunks), names, {c.chunk_id: c for c in chunks})
    assert calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None  # not Pfizer's margin


def test_the_product_s_own_row_and_the_filer_s_own_figures_stay() -> None:
    doc = make_doc([TOTALS, PRODUCTS], company="Pfizer", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    by_id = {c.chunk_id: c for c in chunks}
    facts = extract_facts(doc, chunks)
    asked = analyze("How much revenue did Pfizer's vaccine Comirnaty generate in FY2021?")
    asked.companies = ["Pfizer"]
    kept = owned_facts(facts, subject_names(asked, chunks), by_id)
    assert {f.line_item for f in kept} == {"Comirnaty revenues", "Eliquis revenues"}
    plain = analyze("What was Pfizer's FY2021 net income attributable to Pfizer Inc.?")
    plain.companies = ["Pfizer"]
    assert subject_names(plain, chunks) == []  # the filer's own name restricts nothing


def test_a_month_is_no_owner_of_a_figure() -> None:
    doc = make_doc([TOTALS], company="JPMorgan", year=2021, language="en", unit_line="")
    chunks = [make_chunk(doc, "Net income for the three months ended March 31, 2021 was $14.3 billion.", 3)]
    asked = analyze("What was JPMorgan's net income in Q1 2021 (three months ended March 31, 2021)?")
    asked.companies = ["JPMorgan Chase"]
    assert subject_names(asked, chunks) == []


def test_common_words_and_the_filer_s_word_for_itself_own_nothing() -> None:
    doc = make_doc([TOTALS], company="Walmart", year=2020, language="en", unit_line="")
    chunks = [make_chunk(doc, "The Company repurchased shares; the effective tax rate was 24.4%.", 55)]
    asked = analyze(
        "Effective immediately: how much did Walmart spend on purchase of Company stock in FY2020?"
    )
    asked.companies = ["Walmart"]
    assert subject_names(asked, chunks) == []


SEGMENTS = Table(
    "t3",
    [69],
    [["", "2016", "2017"]],
    [
        ["North America", "", ""],
        ["Net sales", "$ 79,785", "$ 106,110"],
        ["Operating income", "2,361", "2,837"],
        ["AWS", "", ""],
        ["Net sales", "$ 12,219", "$ 17,459"],
        ["Operating income", "3,108", "4,331"],
    ],
    caption="Segment Information",
)
REGIONS = Table(
    "t4",
    [40],
    [["(Dollars in millions)", "2023", "2022"]],
    [
        ["REVENUES", "", ""],
        ["North America", "$ 21,608", "$ 18,353"],
        ["Greater China", "7,248", "7,547"],
        ["EARNINGS BEFORE INTEREST AND TAXES", "", ""],
        ["North America", "5,454", "5,114"],
        ["Greater China", "2,283", "2,365"],
    ],
    caption="Operating segments",
)


def _owned(table: Table, question: str, company: str):
    doc = make_doc([table], company=company, year=2023, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze(question)
    asked.companies = [company]
    names = subject_names(asked, chunks)
    return asked, owned_facts(extract_facts(doc, chunks), names, {c.chunk_id: c for c in chunks}), doc


def test_a_segment_s_figures_are_the_rows_under_its_heading() -> None:
    asked, facts, doc = _owned(SEGMENTS, "What was AWS's operating margin in 2017?", "Amazon")
    assert {f.section for f in facts} == {"AWS"}
    out = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("24.81")


def test_a_region_s_own_row_under_the_heading_of_what_is_asked() -> None:
    question = "How much revenue did Nike generate in Greater China in 2023?"
    asked, facts, doc = _owned(REGIONS, question, "Nike")
    out = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "7,248" in out.text and "2,283" not in out.text


def test_a_product_after_the_filer_s_name_owns_the_figure_and_a_short_form_is_the_filer() -> None:
    doc = make_doc([TOTALS], company="Microsoft", year=2023, language="en", unit_line="")
    prose = make_chunk(doc, "Azure and other cloud services revenue grew 29%.", 40, n=9)
    azure = analyze("What was Microsoft Azure revenue in FY2023?")
    azure.companies = ["Microsoft"]
    assert subject_names(azure, [prose]) == ["Azure"]
    amex = make_doc([TOTALS], company="American Express", year=2022, language="en", unit_line="")
    chunk = make_chunk(amex, "Amex card members spent more in 2022.", 5)
    asked = analyze("What was Amex's provision for credit losses in 2022?")
    assert is_filer("Amex", asked, [chunk]) and subject_names(asked, [chunk]) == []
    jnj = make_chunk(
        make_doc([TOTALS], company="Johnson & Johnson", year=2022, language="en", unit_line=""), "x", 5
    )
    asked = analyze("In J&J's fourth-quarter 2022 earnings release, what were sales to customers?")
    assert is_filer("J&J", asked, [jnj])  # initials joined by "&"
    assert not is_filer("JJ", asked, [jnj]) and not is_filer("P&G", asked, [jnj])
    # the filer's English name as the question typed it, matched to a Chinese filer ("GD Power" of 国电电力)
    power = make_chunk(make_doc([TOTALS], company="国电电力", year=2006), "国电电力2006年发电量", 5)
    asked = analyze("What was GD Power's 2006 net profit?")
    assert not is_filer("GD Power", asked, [power])
    asked.companies, asked.mentions = ["国电电力"], ["GD Power"]
    assert is_filer("GD Power", asked, [power]) and subject_names(asked, [power]) == []
    mgm = make_chunk(make_doc([TOTALS], company="MGM Resorts International", language="en"), "x", 5)
    bet = analyze("What net revenue did BetMGM generate in Q2 2023, per MGM's 10-Q?")
    bet.companies, bet.mentions = ["MGM Resorts International"], ["MGM"]
    assert not is_filer("BetMGM", bet, [mgm])  # a name holding the typed one is another company's


def test_a_segment_row_above_the_table_s_total_is_the_segment_s_figure_not_the_total() -> None:
    segments = Table(
        "t44",
        [44],
        [["", "Fiscal 2016", "Fiscal 2015"]],
        [
            ["Digital Media", "4,011.6", "3,095.2"],
            ["Digital Marketing", "1,736.6", "1,508.9"],
            ["Total revenue", "5,854.4", "4,795.5"],
        ],
        caption="Segment Information (dollars in millions)",
    )
    doc = make_doc([segments], company="Adobe", year=2016, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    owned = owned_facts(facts, ["Digital Marketing"], {c.chunk_id: c for c in chunks})
    assert {f.value for f in owned} == {Decimal("1736.6"), Decimal("1508.9")}
    asked = analyze(
        "What was the year-over-year percentage change in revenue of Adobe's Digital Marketing segment from "
        "fiscal 2015 to fiscal 2016?"
    )
    out = calculation_answer(asked, owned, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("15.09")


def test_a_segment_row_above_a_total_assets_row_run_into_its_figures_is_the_segment_s_assets() -> None:
    assets = Table(
        "t86",
        [86],
        [["", "2021", "2020"]],
        [
            ["Aeronautics", "10,756", "9,903"],
            ["Space", "6,199", "6,451"],
            ["Total assets $ 50,873", "50,710", ""],  # the label ran into the row's first figure
        ],
        caption="Assets",
    )
    doc = make_doc([assets], company="Lockheed Martin", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze("What total assets did Lockheed Martin attribute to its Space business segment in 2021?")
    owned = owned_facts(extract_facts(doc, chunks), ["Space"], {c.chunk_id: c for c in chunks}, asked=asked)
    out = lookup_answer(asked, owned, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "6,199" in out.text and "50,710" not in out.text


def test_a_row_named_less_the_word_its_heading_prints_is_the_owner_s() -> None:
    by_type = Table(
        "t85",
        [85],
        [["", "Aeronautics", "Space", "Total"]],
        [
            ["Net sales by contract type:", "", "", ""],
            ["Fixed-price", "18,477", "2,247", "39,106"],
            ["Cost-reimbursable", "7,789", "9,633", "26,292"],
            ["Total net sales", "26,266", "11,880", "65,398"],
        ],
        caption="Net Sales by Type",
    )
    doc = make_doc([by_type], company="Lockheed Martin", year=2020, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze("How much of Lockheed Martin's 2020 net sales came from fixed-price contracts?")
    facts = extract_facts(doc, chunks)
    owned = owned_facts(facts, ["fixed-price contracts"], {c.chunk_id: c for c in chunks}, asked=asked)
    assert {f.value for f in owned} == {Decimal("18477"), Decimal("2247"), Decimal("39106")}
    assert owned_facts(facts, ["fixed-price programs"], {c.chunk_id: c for c in chunks}, asked=asked) == []


def test_a_name_taking_part_in_an_event_owns_no_figure() -> None:
    doc = make_doc([TOTALS], company="Johnson & Johnson", year=2023, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Results were recast for the Kenvue separation completed in August 2023.", 4, n=9)
    asked = analyze("In the 8-K recasting results for the Kenvue separation, what were revenues in 2021?")
    assert "Kenvue" not in subject_names(asked, [*chunks, prose])


def test_a_segment_the_question_names_owns_its_figure_even_as_a_common_word() -> None:
    doc = make_doc([TOTALS], company="Advanced Micro Devices", year=2022, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "The Gaming segment sells graphics for gaming consoles and PCs.", 40, n=9)
    asked = analyze("What was the operating income of AMD's Gaming segment in 2022?")
    asked.companies = ["Advanced Micro Devices"]
    assert "Gaming" in subject_names(asked, [*chunks, prose])
    plain = analyze("What was AMD's gaming revenue in 2022?")
    plain.companies = ["Advanced Micro Devices"]
    assert "Gaming" not in subject_names(plain, [*chunks, prose])


def test_a_table_titled_by_the_segment_holds_its_figures() -> None:
    by_segment = Table(
        "t4",
        [13],
        [["(in millions)", "2023", "2022"]],
        [["International:", "", ""], ["Total International revenue", "693", "760"]],
        caption="Revenue by reportable segment",
    )
    segment = Table(
        "t5",
        [18],
        [["(in millions)", "2023", "2022"]],
        [["Revenue", "693", "760"], ["Operating income", "19", "28"]],
        caption="International Segment",
    )
    doc = make_doc([by_segment, segment], company="Best Buy", year=2023, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = owned_facts(extract_facts(doc, chunks), ["International"], {c.chunk_id: c for c in chunks})
    assert {(f.line_item, str(f.value)) for f in facts if f.fiscal_year == 2023} >= {
        ("Operating income", "19"),
        ("Total International revenue", "693"),
    }


def test_the_first_word_of_a_quoted_row_is_no_owner() -> None:
    doc = make_doc([TOTALS], company="3M", year=2022, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "| Research, development and related expenses | 1,862 | 1,994 |", 50, n=9)
    asked = analyze(
        "What is 3M's FY2022 R&D expense as a % of net sales? Use 'Research, development and related "
        "expenses' from the income statement."
    )
    asked.companies = ["3M"]
    asked.line_items.append(LineItemMatch("", "Research, development and related expenses", 60))
    assert "Research" not in subject_names(asked, [*chunks, prose])


def test_an_english_name_glossed_with_the_filer_s_chinese_name_is_the_filer() -> None:
    doc = make_doc([], company="厦门安妮", file="厦门安妮股份有限公司.PDF")
    chunk = make_chunk(doc, "英文名称：XIAMEN ANNE CORPORATION LIMITED 净利润 20,984,945.95", 20)
    asked = analyze(
        "What was Xiamen Anne Corporation's (厦门安妮股份有限公司) consolidated net profit for 2006?"
    )
    assert is_filer("Xiamen Anne Corporation", asked, [chunk])
    assert subject_names(asked, [chunk]) == []  # no figure owner other than the filer: its facts stay
    other = analyze("What was Xiamen Anne Corporation's consolidated net profit for 2006?")
    assert not is_filer("Xiamen Anne Corporation", other, [chunk])


def test_a_subsidiary_the_question_names_as_such_is_not_the_filer_though_it_shares_the_name() -> None:
    doc = make_doc([], company="厦门安妮", file="厦门安妮股份有限公司.PDF")
    chunk = make_chunk(doc, "厦门安妮企业有限公司，2007年度净利润1,544.95万元。", 43)
    asked = analyze("厦门安妮股份的全资子公司厦门安妮企业有限公司2007年度的销售净利率是多少？")
    asked.companies = ["厦门安妮"]
    assert not is_filer("厦门安妮企业有限公司", asked, [chunk])
    assert "厦门安妮企业有限公司" in subject_names(asked, [chunk])
    plain = analyze("厦门安妮股份有限公司2007年度的销售净利率是多少？")
    plain.companies = ["厦门安妮"]
    assert is_filer("厦门安妮股份有限公司", plain, [chunk])


def test_a_name_first_written_in_a_follow_up_question_owns_no_figure() -> None:
    doc = make_doc([TOTALS], company="JPMorgan Chase", year=2023, language="en", unit_line="")
    chunks = [make_chunk(doc, "Headcount excludes staff of First Republic, who joined in July.", 3)]
    q = "What was JPMorgan Chase's headcount at June 30, 2023, and did that include First Republic?"
    asked = analyze(q)
    asked.companies = ["JPMorgan Chase"]
    assert "First Republic" not in subject_names(asked, chunks)  # the follow-up's subject, not the owner
    owner = analyze("What was First Republic's headcount at June 30, 2023, and did it grow?")
    owner.companies = ["JPMorgan Chase"]
    assert "First Republic" in subject_names(owner, chunks)


def test_a_component_row_above_the_item_it_sums_to_is_that_item_s_part() -> None:
    pretax = Table(
        "t9",
        [125],
        [["", "Year Ended December 31, 2020", "Year Ended December 31, 2019"]],
        [
            ["Domestic", "$ 369,016", "$ 456,335"],
            ["Foreign", "(153,049)", "(78,122)"],
            ["Income (loss) before income taxes", "$ 215,967", "$ 378,213"],
        ],
        caption="NOTE 14 - INCOME TAXES",
    )
    doc = make_doc([pretax], company="Block", year=2020, language="en", unit_line="(in thousands)")
    chunks = table_chunks(doc)
    asked = analyze("What was Block's foreign component of income (loss) before income taxes for 2019?")
    facts = kind_facts(
        extract_facts(doc, chunks), asked.qualifiers, {c.chunk_id: c for c in chunks}, asked.line_items
    )
    out = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "-78,122" in out.text


def test_a_subsidiary_whose_name_contains_the_filer_s_short_name_is_another_company() -> None:
    jinyu = make_chunk(make_doc([TOTALS], company="生物股份", year=2020), "公司2020年实现净利润。", 5)
    asked = analyze("生物股份2020年年报中，控股子公司辽宁益康生物股份有限公司2020年实现的净利润是多少？")
    assert not is_filer("辽宁益康生物股份有限公司", asked, [jinyu])
    assert is_filer("生物股份有限公司", asked, [jinyu])  # the filer's name written out from its start


def test_a_part_of_the_note_the_question_names_is_read_from_that_note() -> None:
    def note(table_id: str, title: str, values: list[str]) -> Table:
        header = [["项目", "本期发生额", "上期发生额"]]
        return Table(table_id, [122], header, [["折旧及摊销费", *values]], caption=title)

    selling = note("t1", "63、 销售费用", ["140,487.68", "450,035.64"])
    admin = note("t2", "64、 管理费用", ["11,717,156.94", "8,768,191.54"])
    doc = make_doc([selling, admin])
    chunks = table_chunks(doc)
    asked = analyze("四方科技2019年合并管理费用中的折旧及摊销费比2018年增长了多少？保留两位小数。")
    facts = kind_facts(extract_facts(doc, chunks), asked.qualifiers, {c.chunk_id: c for c in chunks})
    assert {f.statement for f in facts} == {"63、 销售费用", "64、 管理费用"}
    noted = noted_in_question(facts, asked.question)
    assert {f.value for f in noted} == {Decimal("11717156.94"), Decimal("8768191.54")}
    other = analyze("四方科技2019年的折旧及摊销费是多少？")  # no note named: every row stays
    assert noted_in_question(facts, other.question) == facts
    # the note's own item asked ("管理费用是多少") is not narrowed to its note's rows
    assert noted_in_question(facts, asked.question, frozenset({"admin_expense"})) == facts


def test_a_segment_s_column_is_its_figure_even_where_another_table_lists_it_as_a_row() -> None:
    sales = Table(
        "t80",
        [33],
        [["", "Year ended December 31, 2021", "Year ended December 31, 2020"]],
        [
            ["Display Technologies", "3,700", "3,172"],
            ["Optical Communications", "4,349", "3,563"],
            ["Total segment net sales", "8,049", "6,735"],
        ],
        caption="Net sales by segment",
    )
    capex = Table(
        "t81",
        [115],
        [["", "Display Technologies", "Optical Communications", "Total"]],
        [
            ["For the year ended December 31, 2021", "", "", ""],
            ["Capital expenditures", "$710", "$301", "$1,699"],
        ],
        caption="Segment Information (in millions)",
    )
    doc = make_doc([sales, capex], company="Corning", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze("How much capital expenditure did Corning's Display Technologies segment incur in 2021?")
    facts = owned_facts(
        extract_facts(doc, chunks),
        ["Display Technologies"],
        {c.chunk_id: c for c in chunks},
        segments=["Display Technologies"],
    )
    out = lookup_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "710" in out.text  # the segment's capex column, not its net sales row


def test_outside_the_home_country_is_the_rest_of_the_world_row_a_table_prints() -> None:
    taxes = Table(
        "t90",
        [85],
        [["(in thousands)", "2016", "2015"]],
        [
            ["Domestic", "805,749", "589,371"],
            ["Foreign", "629,389", "284,410"],
            ["Income before income taxes", "1,435,138", "873,781"],
        ],
        caption="NOTE 9. INCOME TAXES",
    )
    doc = make_doc([taxes], company="Acme", year=2016, language="en", unit_line="")
    asked = analyze(
        "What percentage of Acme's 2016 income before income taxes was earned outside the United States?"
    )
    names, worded = abroad_part(asked, table_chunks(doc))
    assert names[-1] == "Foreign" and "United States" not in names
    assert worded.endswith("was earned Foreign?")
    assert abroad_part(asked, []) == (asked.entities, asked.question)  # no such row printed: as asked


COSTS = Table(
    "t92",
    [12],
    [["分产品", "成本构成项目", "本期金额", "本期占总成本比例(%)", "上年同期金额"]],
    [
        ["冷冻设备", "直接材料", "174,759,098.51", "69.74", "161,907,247.59"],
        ["", "制造费用", "37,187,898.42", "14.84", "36,210,854.43"],
        ["罐式集装箱", "直接材料", "549,224,205.50", "86.89", "576,179,192.11"],
        ["", "制造费用", "41,022,730.97", "6.49", "38,368,727.19"],
    ],
    caption="(3). 成本分析表",
)


def test_a_product_s_cost_part_is_read_from_the_cost_table_and_never_as_a_share_of_itself() -> None:
    doc = make_doc([COSTS], company="四方科技", year=2019)
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("四方科技2019年冷冻设备产品营业成本中的制造费用是多少元？")
    assert asked.qualifiers == ["冷冻设备", "制造费用"]  # the product written right before the item
    kinds = kind_facts(facts, asked.qualifiers, {}, asked.line_items)
    found = lookup_answer(asked, kinds, {doc.doc_id: 0}, lambda f: 1)
    assert found is not None and [f.value for f in found.facts] == [Decimal("37187898.42")]  # quoted once
    share = analyze("四方科技2019年冷冻设备产品营业成本中的制造费用占营业成本的比例是多少？")
    kinds = kind_facts(facts, share.qualifiers, {}, share.line_items)
    assert calculation_answer(share, kinds, {doc.doc_id: 0}, lambda f: 1) is None  # not 100.00%


def test_a_table_under_the_owner_s_capitals_heading_holds_its_figures() -> None:
    firm = Table(
        "t6",
        [25],
        [["(in millions)", "2023", "2022"]],
        [["Total net revenue", "17,233", "12,558"]],
        caption="Selected income statement data",
    )
    awm = Table(
        "t7",
        [41],
        [["(in millions)", "2023", "2022"]],
        [["Total net revenue", "4,943", "4,306"], ["Asset & Wealth Management", "33", "31"]],
        caption="Selected income statement data",
    )
    doc = make_doc([firm, awm], company="JPMorgan Chase", year=2023, language="en", unit_line="")
    ccb, lob = table_chunks(doc)
    ccb.section_path = ["CONSUMER & COMMUNITY BANKING", "Selected income statement data"]
    lob.section_path = ["ASSET & WEALTH MANAGEMENT", "Selected income statement data"]
    asked = analyze(
        "What was Asset & Wealth Management's total net revenue for the three months ended June 30, 2023?"
    )
    asked.companies = ["JPMorgan Chase"]
    names = subject_names(asked, [ccb, lob])
    assert names == ["Asset & Wealth Management"]  # "Asset", a stop word alone, stays in the name
    owned = owned_facts(extract_facts(doc, [ccb, lob]), names, {c.chunk_id: c for c in (ccb, lob)})
    assert {f.value for f in owned if f.line_item == "Total net revenue"} == {
        Decimal("4943"),
        Decimal("4306"),
    }


def test_an_owner_row_in_an_untotalled_table_titled_by_what_is_asked_is_its_figure() -> None:
    sales = Table(
        "t8",
        [2],
        [["($ in Millions)", "2022", "2021"]],
        [
            ["Pharmaceutical", "13,163", "14,217"],
            ["MedTech", "6,776", "6,859"],
            ["Worldwide", "23,706", "24,804"],
        ],
        caption="SEGMENT SALES RESULTS",
    )
    doc = make_doc([sales], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts, chunk_of = extract_facts(doc, chunks), {c.chunk_id: c for c in chunks}
    asked = analyze("What were MedTech segment worldwide sales in Q4 2022?")
    asked.line_items = [LineItemMatch("", "worldwide", 25)]  # the row named, as the pipeline reads it
    owned = owned_facts(facts, ["MedTech"], chunk_of, asked=asked)
    assert {(f.line_item_norm, f.value) for f in owned if f.fiscal_year == 2022} == {
        ("worldwide", Decimal("6776"))
    }
    other = analyze("What was MedTech segment worldwide operating income in Q4 2022?")
    other.line_items = [LineItemMatch("", "worldwide", 25)]
    unnamed = owned_facts(facts, ["MedTech"], chunk_of, asked=other)
    assert ("worldwide", Decimal("6776")) not in {(f.line_item_norm, f.value) for f in unnamed}  # sales


def test_a_chinese_segment_s_undated_column_is_its_report_year_figure() -> None:
    segments = Table(
        "t9",
        [146],
        [["项目", "冷冻设备", "罐式集装箱", "合计"]],
        [
            ["主营业务收入", "385,198,159.09", "765,832,276.02", "1,135,639,368.05"],
            ["主营业务成本", "261,383,071.69", "637,794,098.13", "882,679,215.83"],
        ],
        caption="6、 分部信息",
    )
    doc = make_doc([segments, INCOME_ZH])
    chunks = table_chunks(doc)
    asked = analyze(
        "按四方科技2019年年报附注中的分部信息，冷冻设备分部的主营业务毛利率是多少？"
        "毛利率=(主营业务收入-主营业务成本)/主营业务收入，保留两位小数。"
    )
    asked.companies = ["四方科技"]
    names = subject_names(asked, chunks)
    assert "冷冻设备" in names
    chunk_of = {c.chunk_id: c for c in chunks}
    owned = owned_facts(extract_facts(doc, chunks), names, chunk_of, segments=called_parts(asked, names))
    assert {(f.line_item_norm, f.fiscal_year, f.value) for f in owned} >= {
        ("主营业务收入", 2019, Decimal("385198159.09"))
    }


def test_a_province_prefixed_name_is_matched_by_its_short_form_in_a_table() -> None:
    balances = Table(
        "t10",
        [96],
        [["项目", "2006年6月30日", "2005年期末"]],
        [
            ["应付帐款：", "", ""],
            ["南岭包装材料公司", "606,464.55", "697,189.26"],
            ["南岭化工厂", "1,221,410.94", "570,207.36"],
        ],
        caption="5、关联方应收应付款项的余额",
    )
    doc = make_doc([balances], company="湖南南岭民用爆破器材", year=2006)
    chunks = table_chunks(doc)
    asked = analyze("截至2006年6月30日，南岭民爆对控股股东湖南省南岭化工厂的应付账款余额是多少元？")
    asked.companies = ["湖南南岭民用爆破器材"]
    names = subject_names(asked, chunks)
    assert "南岭化工厂" in names
    owned = owned_facts(extract_facts(doc, chunks), names, {c.chunk_id: c for c in chunks})
    assert {(f.line_item_norm, f.value) for f in owned if f.period_end == "2006-06-30"} == {
        ("应付账款", Decimal("1221410.94"))
    }


def test_a_segment_table_introduced_as_the_segment_s_results_is_titled_by_it() -> None:
    space = Table(
        "t11",
        [48],
        [["", "2020", "2019"]],
        [["Net sales", "$11,880", "$10,860"], ["Backlog at year-end", "$25,148", "$28,253"]],
    )
    doc = make_doc([space], company="Lockheed Martin", year=2020, language="en", unit_line="")
    above = "Space builds satellites. Space’s operating results included the following (in millions):"
    doc.blocks.insert(0, Block(BlockKind.TEXT, above, 48))
    chunks = table_chunks(doc)
    owned = owned_facts(extract_facts(doc, chunks), ["Space"], {c.chunk_id: c for c in chunks})
    assert {(f.line_item, f.value) for f in owned if f.fiscal_year == 2020} == {
        ("Net sales", Decimal("11880")),
        ("Backlog at year-end", Decimal("25148")),
    }


def test_the_business_a_part_sits_within_is_no_owner_of_its_figure() -> None:
    doc = make_doc([TOTALS], company="JPMorgan Chase", year=2022, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(
        doc, "Asset & Wealth Management holds Asset Management and Global Private Bank.", 40, n=9
    )
    asked = analyze(
        "How much revenue did the Global Private Bank business within Asset & Wealth Management make in 2022?"
    )
    asked.companies = ["JPMorgan Chase"]
    assert subject_names(asked, [*chunks, prose]) == ["Global Private Bank"]


def test_a_part_named_after_the_filer_s_possessive_owns_its_row_of_a_table_its_lead_in_titles() -> None:
    offerings = Table(
        "t1",
        [95],
        [["Year Ended June 30,", "2023", "2022"]],
        [["Windows", "21,507", "24,732"], ["Gaming", "15,466", "16,230"], ["Total", "$211,915", "$198,270"]],
    )
    doc = make_doc([offerings], company="Microsoft", year=2023, language="en", unit_line="(In millions)")
    lead = "Revenue, classified by significant product and service offerings, was as follows:"
    doc.blocks.insert(0, Block(BlockKind.TEXT, lead, 95))
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Xbox content and services revenue grew on third-party gaming content.", 40, n=9)
    asked = analyze("By what percentage did Microsoft's Gaming revenue change in fiscal year 2023?")
    asked.companies = ["Microsoft"]
    names = subject_names(asked, [*chunks, prose])
    assert names == ["Gaming"]  # a capitalised common word, but written as the part whose revenue is asked
    facts = extract_facts(doc, chunks)
    assert {f.statement for f in facts} == {"Revenue by significant product and service offerings"}
    owned = owned_facts(facts, names, {c.chunk_id: c for c in chunks}, asked=asked)
    out = calculation_answer(asked, owned, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("-4.71")


def test_a_segment_table_s_rows_under_a_segment_heading_are_not_the_company_s_figure() -> None:
    segments = Table(
        "t1",
        [36],
        [["", "2018", "2017"]],
        [
            ["Las Vegas Strip Resorts", "", ""],
            ["Casino revenue", "1,407,733", "1,436,830"],
            ["Net revenues", "5,881,975", "5,968,206"],
            ["MGM China", "", ""],
            ["Casino revenue", "2,318,417", "1,740,296"],
        ],
        caption="Net Revenues by Segment",
    )
    doc = make_doc([segments], company="MGM Resorts", year=2018, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    assert unnamed_segments(facts, "What was MGM Resorts' casino revenue for the full year 2018?") == []
    china = unnamed_segments(facts, "What was MGM China's casino revenue in 2018?")
    assert {f.section for f in china} == {"MGM China"}


def test_an_owner_s_rows_of_tables_a_lead_in_titles_count_beside_its_heading_in_another_table() -> None:
    sales = Table(
        "t1",
        [28],
        [["", "2022", "2021"]],
        [["Display Technologies", "3,306", "3,700"], ["Environmental Technologies", "1,584", "1,586"]],
    )
    income = Table(
        "t2",
        [29],
        [["", "2022", "2021"]],
        [["Display Technologies", "769", "960"], ["Environmental Technologies", "292", "269"]],
    )
    products = Table(
        "t3",
        [105],
        [["", "2022", "2021"]],
        [["Environmental Technologies", "", ""], ["Diesel", "578", "597"], ["Automotive", "1,006", "989"]],
        caption="Revenue by product line",
    )
    doc = make_doc([sales, income, products], company="Corning", year=2022, language="en", unit_line="")
    leads = {
        "t1": "The following table presents segment net sales by reportable segment (in millions):",
        "t2": "The following table presents segment net income (loss) by reportable segment (in millions):",
    }
    for i in range(len(doc.blocks) - 1, -1, -1):
        if (lead := leads.get(doc.blocks[i].table_id or "")) is not None:
            doc.blocks[i - 1] = Block(BlockKind.TEXT, lead, doc.blocks[i].page)
    chunks = table_chunks(doc)
    asked = analyze(
        "Corning Environmental Technologies: segment net income as a % of segment net sales for 2022?"
    )
    asked.companies = ["Corning"]
    owned = owned_facts(
        extract_facts(doc, chunks),
        ["Environmental Technologies"],
        {c.chunk_id: c for c in chunks},
        asked=asked,
    )
    out = calculation_answer(asked, owned, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("18.43")


def test_a_region_s_row_in_a_note_titled_by_the_item_beside_its_row_under_another_heading() -> None:
    """ "Other International" is a row of the results table (under "Increases in net sales:") and of the
    inventories note ("Note 4 - Merchandise Inventories", totalled by an unlabelled row): the growth of its
    inventories is read from the note."""
    results = Table(
        "t1",
        [25],
        [["", "2021", "2020"]],
        [["Increases in net sales:", "", ""], ["Other International", "23%", "14%"]],
        caption="Results of Operations",
    )
    note = Table(
        "t2",
        [43],
        [["", "2021", "2020"]],
        [
            ["Canada", "1,456", "1,310"],
            ["Other International", "2,511", "2,061"],
            ["Merchandise inventories", "14,215", "12,242"],
        ],
        caption="Note 4 - Merchandise Inventories",
    )
    doc = make_doc([results, note], company="Harbor", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    asked = analyze(
        "How fast did Harbor's merchandise inventories in its Other International operations grow in 2021?"
    )
    facts = owned_facts(
        extract_facts(doc, chunks), ["Other International"], {c.chunk_id: c for c in chunks}, asked=asked
    )
    answer = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and "21.83%" in answer.text


def test_a_product_line_s_row_under_its_business_group_in_a_table_titled_by_the_item() -> None:
    """ "Personal Safety" is a row under the grouping "Safety and Graphics Business Group" of a revenue table:
    its net sales, never the company's; the question calls it a product line, so the text's "personal
    safety" in lower case does not make it a common word."""
    revenue = Table(
        "t9",
        [72],
        [["", "Year ended December 31, 2018", "Year ended December 31, 2017"]],
        [
            ["Safety and Graphics Business Group", "", ""],
            ["Personal Safety", "3,681", "3,012"],
            ["Commercial Solutions", "1,842", "1,757"],
        ],
        caption="Disaggregated revenue information:",
    )
    totals = Table("t2", [50], [["", "2018", "2017"]], [["Net sales", "32,765", "31,657"]], caption="Income")
    doc = make_doc([revenue, totals], company="3M", year=2018, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Demand for personal safety products grew in every region.", 30, n=9)
    asked = analyze("How fast did 3M's Personal Safety product line grow its net sales in 2018?")
    asked.companies = ["3M"]
    assert subject_names(asked, [*chunks, prose]) == ["Personal Safety"]
    facts = owned_facts(
        extract_facts(doc, chunks), ["Personal Safety"], {c.chunk_id: c for c in chunks}, asked=asked
    )
    answer = calculation_answer(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert answer is not None and "22.21%" in answer.text and "32,765" not in answer.text


def test_a_part_named_as_of_a_segment_owns_the_figure_not_the_segment() -> None:
    doc = make_doc([TOTALS], company="Verizon Communications", year=2022, language="en", unit_line="")
    prose = make_chunk(
        doc,
        "Business segment revenues were $31.1 billion; Global Enterprise revenues were $9.7 billion.",
        32,
        n=9,
    )
    asked = analyze(
        "What revenue did the Global Enterprise customer group of Verizon's Business segment make in 2022?"
    )
    asked.companies = ["Verizon Communications"]
    names = subject_names(asked, [*table_chunks(doc), prose])
    assert "Global Enterprise" in names and "Business" not in names  # the part, not the segment it is of
    boeing = analyze(
        "How much did the backlog of Boeing's Defense, Space & Security business shrink during 2022?"
    )
    assert "Defense, Space & Security" in boeing.entities  # one segment, its name a list


def test_a_project_row_of_a_construction_table_titled_otherwise_is_its_construction_in_progress() -> None:
    projects = Table(
        "t7",
        [80],
        [["工程名称", "预算数", "期初数", "本期增加", "转入固定 资产", "期末数"]],
        [["瀑布沟水电站", "1,993,277.58", "623,610.28", "124,372.03", "-", "747,982.31"]],
        caption="4．2007上半年的新建项目如下表：",
    )
    doc = make_doc([projects], company="国电电力", year=2007, language="zh", unit_line="单位：万元")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    item = LineItemMatch("construction_in_progress", "在建工程", 14)
    kinds = kind_facts(facts, ["瀑布沟水电站"], {c.chunk_id: c for c in chunks}, [item])
    closing = [f for f in kinds if f.column_label == "期末数" and "在建工程" in f.line_item]
    assert [f.value for f in closing] == [Decimal("747982.31")]  # the project's row read as the item


def test_a_subsidiary_named_by_what_it_is_to_the_filer_owns_the_figure() -> None:
    question = "江苏爱康太阳能招股意向书所列全资子公司南通爱康最近一年（2010年）末的资产负债率是多少？"
    assert held_names(question) == ["南通爱康"]
    assert held_names("参股公司广东爱康的净利润是多少？") == ["广东爱康"]
    assert held_names("其中控股子公司支付给少数股东的股利、利润是多少？") == []  # what they paid, no name
    asked = analyze(question)
    doc = make_doc([], company="江苏爱康太阳能科技")
    filer_only = [make_chunk(doc, "江苏爱康太阳能科技股份有限公司资产负债率为45.28%。", 1)]
    assert unfound_firm(asked, [], filer_only)  # the filer's ratio is not the subsidiary's
    assert not unfound_firm(asked, ["南通爱康"], filer_only)


def test_a_segment_s_row_in_a_table_titled_by_the_item_its_own_formula_names_is_its_figure() -> None:
    results = Table(
        "t10",
        [114],
        [["(Dollars in millions)", "2018", "2017"]],
        [
            ["Revenues:", "", ""],
            ["Global Services", "17,018", "14,581"],
            ["Total revenues", "101,127", "94,005"],
        ],
        caption="Summary of Business Segment Data",
    )
    assets = Table(
        "t11",
        [116],
        [["", "2018", "2017"]],
        [
            ["Global Services", "17,910", "12,491"],
            ["Boeing Capital", "2,809", "3,156"],
            ["Total", "117,359", "112,362"],
        ],
        caption="Segment assets are summarized in the table below:",
    )
    doc = make_doc([results, assets], company="Boeing", year=2018, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts, chunk_of = extract_facts(doc, chunks), {c.chunk_id: c for c in chunks}
    asked = analyze(
        "By what percentage did the segment assets of Boeing Global Services grow between December 31, 2017 "
        "and December 31, 2018? Use (2018 assets / 2017 assets - 1)."
    )
    assert not asked.line_items and asked.definition is not None  # the items asked are the formula's
    owned = owned_facts(facts, ["Global Services"], chunk_of, asked=asked)
    assert {Decimal("17910"), Decimal("12491")} <= {f.value for f in owned}  # not only its revenues


def test_a_plan_the_figures_fall_under_owns_no_figure() -> None:
    doc = make_doc([TOTALS], company="PepsiCo", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "The 2019 Multi-Year Productivity Plan will simplify our organization.", 76, n=9)
    asked = analyze(
        "What share of PepsiCo's 2021 restructuring charges under the 2019 Multi-Year Productivity Plan was"
        " recorded in selling, general and administrative expenses?"
    )
    asked.companies = ["PepsiCo"]
    assert subject_names(asked, [*chunks, prose]) == []  # the plan's table is the filer's own


def test_every_name_an_exclusion_lists_owns_no_figure() -> None:
    doc = make_doc([TOTALS], company="3M", year=2018, language="en", unit_line="")
    chunks = table_chunks(doc)
    prose = make_chunk(doc, "Adjusted for the TCJA and the Minnesota NRD resolution, EPS was $10.46.", 2, n=9)
    asked = analyze(
        "What was 3M's full-year 2018 adjusted earnings per diluted share, i.e. excluding the TCJA "
        "measurement-period adjustment and the Minnesota NRD resolution?"
    )
    asked.companies = ["3M"]
    assert subject_names(asked, [*chunks, prose]) == []
    named = analyze("What EPS did the Minnesota NRD resolution cost 3M in 2018?")
    named.companies = ["3M"]
    assert subject_names(named, [*chunks, prose]) == ["Minnesota NRD"]  # named as an owner, it is one
