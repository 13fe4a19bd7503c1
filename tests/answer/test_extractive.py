"""Extractive answers quote the evidence's sentences, never the heading path a chunk's text starts with."""

from __future__ import annotations

from finrag.answer.extractive import extractive_answer
from finrag.answer.figures import extractive_inputs
from finrag.answer.query import analyze
from finrag.answer.quote_focus import Focus
from finrag.answer.text import body_of
from finrag.config import AnswerSettings
from finrag.model import Chunk, ChunkKind, ChunkMeta, QueryAnalysis
from finrag.retrieve.periods import find_periods

from .helpers import make_chunk, make_doc

PATH = [
    "PART II",
    "Item 8. Financial Statements and Supplementary Data",
    "Note 9 – Customer Financing",
    "Rating categories",
]
BODY = (
    "Customer financing is concentrated among a limited number of airline customers. "
    "Commercial Airplanes revenue represented 39% of total revenue in 2022."
)


def _chunk(text: str, path: list[str]) -> Chunk:
    meta = ChunkMeta("ACME_2022_10K.pdf", "filing", "en", company="Acme")
    return Chunk("c1", "d1", text, ChunkKind.TEXT, [83], path, meta)


def test_the_heading_path_is_not_quoted_as_a_sentence() -> None:
    chunk = _chunk(" > ".join(PATH) + "\n" + BODY, PATH)
    question = "Which revenue categories represent more than 20% of revenue?"
    answer = extractive_answer(question, [(1, chunk)], 3, 600)
    assert "39% of total revenue" in answer
    assert "Rating categories" not in answer and "Note 9" not in answer  # the path, cut at "Item 8." before


def test_body_keeps_text_that_does_not_start_with_the_path() -> None:
    assert body_of(_chunk(" > ".join(PATH) + "\n" + BODY, PATH)) == BODY
    assert body_of(_chunk(BODY, PATH)) == BODY
    assert body_of(_chunk(BODY, [])) == BODY
    assert body_of(_chunk(" > ".join(PATH), PATH)) == ""  # a chunk that is only its heading


def test_sub_heading_paths_inside_a_merged_chunk_are_not_quoted() -> None:
    text = (
        "十七、积极履行社会责任的工作情况 > (一) 上市公司扶贫工作情况\n□适用 √不适用\n"
        "十七、积极履行社会责任的工作情况 > (二) 社会责任工作情况\n"
        "公司报告期内捐赠防疫物资，积极履行社会责任。"
    )
    answer = extractive_answer("公司社会责任工作情况如何？", [(1, _chunk(text, ["第五节 重要事项"]))], 3, 600)
    assert "捐赠防疫物资" in answer and " > " not in answer


def test_a_quantity_asked_in_a_unit_is_quoted_only_where_a_figure_in_that_unit_is_printed() -> None:
    mention = _chunk("公司推出液体二氧化碳喷淋式深冷速冻装置，满足食品行业需求。", [])
    asked = analyze("四方科技2019年的二氧化碳排放总量是多少吨?")
    question, context, focus = extractive_inputs(asked, [(1, mention)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # a mention is no emission figure
    figure = _chunk("报告期内公司二氧化碳排放总量为1,234吨，同比下降5%。", [])
    question, context, focus = extractive_inputs(asked, [(1, mention), (2, figure)], AnswerSettings())
    assert "1,234吨" in extractive_answer(question, context, 3, 400, focus)


def test_a_count_of_a_named_product_is_quoted_only_where_the_product_s_count_is_printed() -> None:
    phones = _chunk(
        "We sold 13.8 million Microsoft Lumia phones and 75.5 million other phones in fiscal year 2016.", []
    )
    surface = _chunk("Surface revenue increased $486 million or 13% in fiscal year 2016.", [])
    context = [(1, phones), (2, surface)]
    asked = analyze("How many Surface devices did Acme sell in fiscal year 2016?")
    question, chunks, focus = extractive_inputs(asked, context, AnswerSettings())
    assert extractive_answer(question, chunks, 3, 400, focus) == ""  # its revenue is no count of devices
    lumia = analyze("How many Lumia phones did Acme sell in fiscal year 2016?")
    question, chunks, focus = extractive_inputs(lumia, context, AnswerSettings())
    assert "13.8 million" in extractive_answer(question, chunks, 3, 400, focus)


def test_a_count_dated_to_another_year_does_not_answer_the_year_asked() -> None:
    other = _chunk("截止2006年6月30日，公司员工总数为1439人，其结构如下：", [])
    asked = analyze("南岭民爆2005年末的员工总数是多少人？")
    question, context, focus = extractive_inputs(asked, [(1, other)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""
    same = _chunk("截至2005年12月31日，公司员工总数为1,380人。", [])
    question, context, focus = extractive_inputs(asked, [(1, other), (2, same)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus).endswith("1,380人。[2]")


SUBSIDIARIES = (
    "（1）金宇保灵生物药品有限公司为公司全资子公司，主要从事兽用生物制品的生产。2020年12月末资产总计285,087万元，"
    "营业收入105,586万元，净利润30,062万元。（2）扬州优邦生物药品有限公司为公司全资子公司。2020年12月末资产"
    "总计43,251万元，营业收入19,030万元，净利润5,235万元。（3）内蒙古金宇保灵兽药科技有限公司为公司全资子公司，"
    "尚在筹备阶段，截止2020年12月31日已出资6,000,000元。"
)


def test_a_subsidiary_s_figure_is_quoted_only_from_sentences_about_it() -> None:
    meta = ChunkMeta("jinyu_2020.pdf", "annual_report", "zh", company="生物股份")
    chunk = Chunk("c1", "d1", SUBSIDIARIES, ChunkKind.TEXT, [28], [], meta)
    asked = analyze("生物股份2020年年报中，全资子公司扬州优邦生物药品有限公司2020年的净利润是多少？")
    question, context, focus = extractive_inputs(asked, [(1, chunk)], AnswerSettings())
    answer = extractive_answer(question, context, 3, 400, focus)
    assert "5,235万元" in answer and "30,062" not in answer
    idle = analyze("生物股份2020年年报中，全资子公司内蒙古金宇保灵兽药科技有限公司2020年的净利润是多少？")
    question, context, focus = extractive_inputs(idle, [(1, chunk)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # its sentences print no 净利润


def test_a_head_count_asked_without_its_unit_is_quoted_only_where_a_count_of_people_is_printed() -> None:
    asked = analyze("国电电力截至2006年末的员工总人数是多少？")
    prose = _chunk("截至2006年底，我国人均拥有发电装机只有0.48千瓦，人均发电量只有2,180千瓦时。", [])
    question, context, focus = extractive_inputs(asked, [(1, prose)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""
    count = _chunk("截至2006年12月31日，公司员工总数为3,512人。", [])
    question, context, focus = extractive_inputs(asked, [(1, prose), (2, count)], AnswerSettings())
    assert "3,512人" in extractive_answer(question, context, 3, 400, focus)


def test_the_kind_asked_may_be_the_heading_a_sentence_stands_under() -> None:
    doc = make_doc([], company="爱康科技", year=2010, file="akcome.pdf")
    risk = make_chunk(
        doc,
        "2008-2010年，公司太阳能边框销售额占同期主营业务收入比例分别为99.37%、88.11%及93.12%。",
        28,
        section=["第四节 风险因素", "（二）主要产品集中风险"],
    )
    other = make_chunk(doc, "2010年公司主营业务收入为124,803.16万元。", 40, section=["第九节 财务会计信息"])
    focus = Focus(["主营业务收入"], 2010, kinds=("主要产品集中风险",), strict=True)
    got = extractive_answer(
        "主要产品集中风险指什么？2010年边框占主营业务收入的比例？", [(1, risk), (2, other)], 3, 500, focus
    )
    assert "93.12%" in got and "124,803.16" not in got


def test_a_group_figure_does_not_answer_the_parent_company_s_own() -> None:
    doc = make_doc([], company="爱康科技", year=2010, file="akcome.pdf")
    staff = make_chunk(doc, "截至2010年12月31日，公司及控股子公司共有员工2,111人。", 73)
    parent = Focus([], 2010, "人", ("员工",), strict=True, parent_only=True)
    assert extractive_answer("2010年末母公司的员工人数是多少？", [(1, staff)], 3, 500, parent) == ""
    group = Focus([], 2010, "人", ("员工",), strict=True)
    assert "2,111人" in extractive_answer("2010年末的员工人数是多少？", [(1, staff)], 3, 500, group)


def test_a_table_row_answers_a_year_only_when_its_table_prints_that_year() -> None:
    doc = make_doc([], company="四方科技", year=2019, file="sifang.pdf")
    rows = make_chunk(doc, "| 项目 | 2019年度 | 2018年度 |\n| 研发费用 | 48,428,964.78 | 51,663,182.04 |", 64)
    asked_2017 = Focus(["研发费用"], 2017, strict=True)
    assert extractive_answer("四方科技2017年的研发费用是多少元?", [(1, rows)], 3, 500, asked_2017) == ""
    asked_2018 = Focus(["研发费用"], 2018, strict=True)
    assert "51,663,182.04" in extractive_answer(
        "四方科技2018年的研发费用是多少元?", [(1, rows)], 3, 500, asked_2018
    )


def test_a_row_under_relative_columns_is_of_its_report_s_year_or_the_year_before() -> None:
    doc = make_doc([], company="四方科技", year=2019, file="sifang.pdf")
    rows = make_chunk(doc, "| 科目 | 本期数 | 上年同期数 |\n| 研发费用 | 48,428,964.78 | 51,663,182.04 |", 14)
    ask = "四方科技{}年的研发费用是多少元?"
    older = Focus(["研发费用"], 2017, strict=True)
    assert extractive_answer(ask.format(2017), [(1, rows)], 3, 500, older) == ""
    prior = Focus(["研发费用"], 2018, strict=True)
    assert "51,663,182.04" in extractive_answer(ask.format(2018), [(1, rows)], 3, 500, prior)


def test_a_count_of_another_year_does_not_answer_the_year_asked() -> None:
    old = _chunk(
        "We sold 12.1 million Xbox consoles in fiscal year 2015 compared with 11.7 million in 2014.", []
    )
    focus = Focus([], 2023, kinds=("xbox", "consoles"), strict=True, count=True)
    question = "How many Xbox consoles did Microsoft sell in fiscal year 2023?"
    assert extractive_answer(question, [(1, old)], 3, 500, focus) == ""
    undated = _chunk("We sold 19.0 million Xbox consoles, our most ever.", [])
    assert "19.0 million" in extractive_answer(question, [(1, undated)], 3, 500, focus)


def test_a_day_in_a_date_is_no_figure() -> None:
    header = _chunk("| Revenue | Three Months Ended | As of July 29, 2023 |", [])
    focus = Focus(["revenue"], None, strict=True)
    assert (
        extractive_answer("online revenue three months ended July 29, 2023", [(1, header)], 3, 500, focus)
        == ""
    )


def test_a_year_closing_a_sentence_is_no_figure() -> None:
    said = _chunk(
        "Revenues rose on Call of Duty: Mobile, which was released in October 2019, as compared to 2018.", []
    )
    focus = Focus(["revenue", "revenues"], 2019, strict=True)
    assert extractive_answer("Call of Duty revenue 2019", [(1, said)], 3, 400, focus) == ""
    priced = _chunk("Call of Duty revenues were $1,250 million in 2019.", [])
    assert "1,250" in extractive_answer("Call of Duty revenue 2019", [(1, said), (2, priced)], 3, 400, focus)


def test_a_subsidiary_named_in_full_is_found_by_its_short_name() -> None:
    text = "截至2007年12月31日，济南安妮总资产2,184.72万元、净资产1,594.18万元。"
    focus = Focus(["净资产"], 2007, strict=True, owners=("济南安妮纸业有限公司",))
    answer = extractive_answer("济南安妮纸业有限公司净资产", [(1, _chunk(text, []))], 3, 400, focus)
    assert "1,594.18万元" in answer


def test_a_head_count_row_must_name_every_word_of_the_group_asked() -> None:
    rows = _chunk("| 公司研发人员的数量 | 172 |\n| 研发人员数量占公司总人数的比例（%） | 12.23% |", [])
    masters = Focus([], 2019, "人", ("研发", "人员", "硕士"), strict=True)
    assert extractive_answer("研发人员中硕士有多少人", [(1, rows)], 3, 400, masters) == ""
    everyone = Focus([], 2019, "人", ("研发", "人员"), strict=True)
    assert "172" in extractive_answer("研发人员有多少人", [(1, rows)], 3, 400, everyone)
    helped = _chunk("2019年公司工会帮扶困难员工 9 人，帮扶金额共计 10 万元。", [])
    doctors = Focus([], 2019, "人", ("员工", "博士", "学历"), strict=True)
    assert extractive_answer("员工中博士学历的有多少人", [(1, helped)], 3, 400, doctors) == ""
    total = _chunk("截至2019年末，公司在职员工1,406人。", [])
    staff = Focus([], 2019, "人", ("员工", "总数"), strict=True)  # "总数" need not be printed with the count
    assert "1,406人" in extractive_answer("员工总数是多少人", [(1, total)], 3, 400, staff)


def test_a_schedule_row_of_the_year_asked_is_that_year_s_amount() -> None:
    table = _chunk(
        "| Total long-term debt |  | 7,531 | 7,657 |\n"
        "|  | Maturities of long-term debt during the next five fiscal years are as follows: |  |  |\n"
        "| 2023 |  |  | 91 |\n| 2024 |  |  | 1,109 |\n| Thereafter |  |  | 5,295 |",
        [],
    )
    focus = Focus(["long-term debt"], 2024, strict=True)
    answer = extractive_answer("long-term debt maturing in fiscal 2024", [(1, table)], 3, 400, focus)
    assert "1,109" in answer and "7,531" not in answer


def test_a_quoted_table_header_or_lead_in_brings_the_rows_it_heads() -> None:
    doc = make_doc([], company="四方科技", year=2019, language="zh")
    text = (
        "(5).未办妥产权证书的固定资产情况 单位：元\n| 项目 | 账面价值 | 未办妥产权证书的原因 |\n"
        "| 罐式集装箱扩产车间 | 43,994,103.35 | 尚在办理过程中，预计2020年办妥 |"
    )
    chunk = make_chunk(doc, text, 105)
    got = extractive_answer("四方科技有哪些固定资产尚未办妥产权证书？原因是什么？", [(1, chunk)], 2, 600)
    assert "43,994,103.35" in got and "尚在办理过程中" in got
    lead = make_chunk(doc, "主要税收管辖区的审计情况如下：\n美国 2014-2019\n墨西哥 2014-2016", 82, n=1)
    assert "墨西哥 2014-2016" in extractive_answer("主要税收管辖区的审计情况", [(1, lead)], 1, 600)


def test_a_total_row_beside_the_segment_s_own_row_is_not_the_segment_s_figure() -> None:
    table = "| Space | 6,199 | 6,451 |\n| Total assets | $ 50,873 | $ 50,710 |"
    focus = Focus(["total assets"], 2021, strict=True, owners=("Space",))
    answer = extractive_answer("Space total assets", [(1, _chunk(table, []))], 3, 400, focus)
    assert "50,873" not in answer
    headed = _chunk("|  | Space | Aeronautics |\n| Total assets | $ 50,873 | $ 10,596 |", [])  # its column
    assert "50,873" in extractive_answer("Space total assets", [(1, headed)], 3, 400, focus)
    customers = _chunk(
        "| 2010年度 | 3 | REC MODULES PTE.LTD | 6,100.00 |\n| 2010年度 | 4 | 常州天合光能 | 5,508.83 |", []
    )
    rec = Focus(["销售"], 2010, strict=True, owners=("REC MODULES PTE.LTD",))
    assert "5,508.83" not in extractive_answer("向REC MODULES PTE.LTD销售", [(1, customers)], 3, 400, rec)
    excluding = _chunk("| Worldwide sales excluding COVID-19 Vaccine (3) 2022 | $23,017 | 23,186 |", [])
    vaccine = Focus(["sales"], 2022, strict=True, owners=("COVID-19 Vaccine",))
    assert extractive_answer("COVID-19 Vaccine sales", [(1, excluding)], 3, 400, vaccine) == ""  # all but it
    own = _chunk("| Worldwide sales of COVID-19 Vaccine 2022 | $689 | 1,311 |", [])
    assert "689" in extractive_answer("COVID-19 Vaccine sales", [(1, own)], 3, 400, vaccine)


def test_a_parent_company_figure_is_not_quoted_from_a_consolidated_note_row() -> None:
    row = "| 直接人工 | 21,951,249.29 | 20,137,463.00 |"
    group = _chunk(row, ["第十一节 财务报告", "七、合并财务报表项目注释", "65、 研发费用"])
    parent = _chunk(row, ["第十一节 财务报告", "十七、 母公司财务报表主要项目注释", "5、 研发费用"])
    focus = Focus(["直接人工"], 2019, strict=True, parent_only=True)
    question = "四方科技2019年母公司研发费用中，直接人工是多少元？"
    assert extractive_answer(question, [(1, group)], 3, 400, focus) == ""
    assert "21,951,249.29" in extractive_answer(question, [(1, parent)], 3, 400, focus)


def test_a_figure_of_another_span_does_not_answer_the_span_asked() -> None:
    half = _chunk(
        "Cash provided by operating activities was $1.3 billion in the six months ended June 30, 2023 "
        "compared to $933 million in the prior year period.",
        [],
    )
    asked = analyze(
        "What was Acme's net cash provided by operating activities for the three months ended June 30, 2023?"
    )
    question, context, focus = extractive_inputs(asked, [(1, half)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # six months, not the quarter
    six = analyze(
        "What was Acme's net cash provided by operating activities for the six months ended June 30, 2023?"
    )
    question, context, focus = extractive_inputs(six, [(1, half)], AnswerSettings())
    assert "$1.3 billion" in extractive_answer(question, context, 3, 400, focus)


def test_an_undated_head_count_row_is_its_report_s_year_end_count_only() -> None:
    rows = "| 母公司在职员工的数量 | 652 |\n| 在职员工的数量合计 | 1,406 |"
    meta = ChunkMeta("sifang_2019.pdf", "annual_report", "zh", company="四方科技", fiscal_year=2019)
    chunk = Chunk("c9", "d9", rows, ChunkKind.TABLE, [40], ["员工情况"], meta)
    staff = Focus([], 2018, "人", ("在职", "员工"), strict=True)
    assert extractive_answer("2018年末在职员工有多少人", [(1, chunk)], 3, 400, staff) == ""  # 2019's count
    staff = Focus([], 2019, "人", ("在职", "员工"), strict=True)
    assert "1,406" in extractive_answer("2019年末在职员工有多少人", [(1, chunk)], 3, 400, staff)


def test_a_named_peer_s_figure_is_never_the_filer_s_row() -> None:
    meta = ChunkMeta("国电电力.PDF", "prospectus", "zh", company="国电电力")
    rows = (
        "合并利润表\n| 项目 | 2006年度 | 2005年度 |\n|---|---|---|\n"
        "| 四、净利润 | 188,422,819.15 | 190,085,959.28 |"
    )
    statement = Chunk("c1", "d1", rows, ChunkKind.TABLE, [96], ["合并利润表"], meta)
    peer = analyze("可比公司大唐发电（大唐国际发电股份有限公司）2006年度的净利润是多少？")
    question, context, focus = extractive_inputs(peer, [(1, statement)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # the filer's profit is not the peer's
    own = analyze("国电电力2006年度的净利润是多少元？")
    question, context, focus = extractive_inputs(own, [(1, statement)], AnswerSettings())
    assert "188,422,819.15" in extractive_answer(question, context, 3, 400, focus)


def test_how_much_a_modal_verb_asks_names_no_item_a_quote_must_print() -> None:
    mention = _chunk("Billed business grew 23% as reported and 36% assuming no changes in FX rates.", [])
    question = "How much did billed business grow in 2022? How much would it have grown at constant FX?"
    asked = analyze(question)
    question, context, focus = extractive_inputs(asked, [(1, mention)], AnswerSettings())
    assert focus is None or "would" not in focus.kinds  # "would it" is no row's name
    assert "36%" in extractive_answer(question, context, 3, 400, focus)


def test_sentences_not_naming_the_figure_asked_are_no_answer_to_it() -> None:
    other = _chunk(
        "For fiscal 2020, these decreases were primarily due to price investment in the Walmart U.S. "
        "segment. "
        "Other gains and losses consisted of a gain of $2.0 billion for fiscal 2020.",
        [],
    )
    asked = analyze("How much did Acme spend on research and development in fiscal 2020?")
    question, context, focus = extractive_inputs(asked, [(1, other)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""
    named = _chunk("Research and development efforts continued across our merchandising teams.", [])
    question, context, focus = extractive_inputs(asked, [(1, other), (2, named)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus).startswith("Research and development")


def test_a_table_row_is_named_by_its_caption_and_answers_though_it_prints_no_word_of_the_question() -> None:
    meta = ChunkMeta("sifang_2019.pdf", "annual_report", "zh", company="四方科技", fiscal_year=2019)
    caption = "2) 应收账款——信用风险特征组合的账龄与整个存续期预期信用损失率对照表"
    rows = f"{caption}\n| 3-4年 | 50 |\n| 4-5年 | 80 |"
    chunk = Chunk("c10", "d10", rows, ChunkKind.TABLE, [79], ["金融工具"], meta)
    asked = analyze("四方科技2019年应收账款账龄4-5年的预期信用损失率是多少？")
    question, context, focus = extractive_inputs(asked, [(1, chunk)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == "| 4-5年 | 80 |[1]"
    # the only row printing the bracket asked, though no word of the question: "4-5年" is no term of it
    table = "| 账龄 | 计提比例 |\n| 3-4年 | 50% |\n| 4-5年 | 70% |"
    chunk = Chunk("c11", "d11", table, ChunkKind.TABLE, [120], ["坏账准备"], meta)
    bracket = Focus(["账龄", "4-5年"], None, kinds=("4至5年",), strict=True)
    found = extractive_answer("南岭民爆坏账计提比例多少", [(1, chunk)], 3, 400, bracket)
    assert found == "| 4-5年 | 70% |[1]"


def test_a_named_metric_is_quoted_only_where_its_name_is_printed_not_an_operand() -> None:
    row = _chunk("| Operating income | 447,618 | 13.9% |", [])
    asked = analyze(
        "What was Acme's EBITDA (operating income plus depreciation and amortization) for the fourth quarter "
        "of fiscal 2022 (13 weeks ended January 28, 2023)?"
    )
    question, context, focus = extractive_inputs(asked, [(1, row)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""


def _text(meta: ChunkMeta, text: str, page: int) -> Chunk:
    return Chunk(f"c{page}", "d1", text, ChunkKind.TEXT, [page], [], meta)


def test_a_balance_day_no_report_closes_on_must_be_printed_with_the_figure() -> None:
    q = "How much commercial paper did Acme have outstanding at November 30, 2019, in its fiscal 2020?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "text", periods=find_periods(q)))
    meta = ChunkMeta("ACME_2021_10K.pdf", "filing", "en", company="Acme", period_end="2021-05-31")
    later = _text(meta, "As of May 31, 2020, we had $248 million of commercial paper outstanding.", 47)
    question, context, focus = extractive_inputs(asked, [(1, later)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # another day's balance
    day = _text(meta, "At November 30, 2019, commercial paper outstanding was $110 million.", 48)
    question, context, focus = extractive_inputs(asked, [(1, later), (2, day)], AnswerSettings())
    assert "$110 million" in extractive_answer(question, context, 3, 400, focus)
    zh = "截至2007年12月31日，国电电力对外担保余额是多少万元？"
    asked = analyze(zh, QueryAnalysis(zh, zh, "zh", "text", periods=find_periods(zh)))
    meta = ChunkMeta("国电电力.PDF", "prospectus", "zh", company="国电电力", period_end="2007-06-30")
    june = _text(meta, "截至2007年6月30日，本公司对外担保余额为317,217.59万元。", 85)
    question, context, focus = extractive_inputs(asked, [(1, june)], AnswerSettings())
    assert extractive_answer(question, context, 3, 400, focus) == ""  # the half year's, not the year's end


def test_a_shareholder_s_ratio_is_never_the_filer_s_row_of_it() -> None:
    meta = ChunkMeta("南岭民爆.PDF", "prospectus", "zh", company="湖南南岭民用爆破器材")
    rows = "主要财务指标\n| 项目 | 2005年 | 2004年 |\n| 利息保障倍数 | 18.14 | 11.74 |"
    about = "1、湖南省南岭化工厂为本公司控股股东。"
    chunk = Chunk("c15", "d15", f"{about}\n{rows}", ChunkKind.TABLE, [42], ["控股股东"], meta)
    asked = analyze("南岭民爆控股股东湖南省南岭化工厂2005年的利息保障倍数是多少？")
    asked.companies = ["湖南南岭民用爆破器材"]
    question, context, focus = extractive_inputs(asked, [(1, chunk)], AnswerSettings())
    assert focus is not None and "湖南省南岭化工厂" in focus.owners
    assert extractive_answer(question, context, 3, 400, focus) == ""  # the filer's ratio, not its owner's


def test_a_kind_row_from_a_table_of_other_years_does_not_answer_the_year_asked() -> None:
    doc = make_doc([], company="3M", year=2022, file="3M_2022_10K.pdf")
    balance = "Balance Sheet\n| (Dollars in millions) | 2022 | 2021 |\n| Finished goods | 2,497 | 2,196 |"
    rows = make_chunk(doc, balance, 50)
    asked = Focus(["finished goods"], 2020, kinds=("finished goods",), strict=True)
    question = "What finished goods inventory did 3M report at December 31, 2020?"
    assert extractive_answer(question, [(1, rows)], 3, 500, asked) == ""
    asked_2021 = Focus(["finished goods"], 2021, kinds=("finished goods",), strict=True)
    assert "2,196" in extractive_answer(question.replace("2020", "2021"), [(1, rows)], 3, 500, asked_2021)


def test_a_table_of_contents_is_never_quoted() -> None:
    doc = make_doc([], company="Best Buy", year=2024, file="BESTBUY_2024Q2_10Q.pdf")
    contents = "\n".join(
        f"|  | {x}) Condensed Consolidated Statements of {s} for the six months ended July 29, 2023 | {p} |"
        for x, s, p in [("a", "Balance Sheets", 3), ("b", "Earnings", 4), ("c", "Comprehensive Income", 5),
                        ("d", "Cash Flows", 6), ("e", "Changes in Equity", 7)]
    )  # fmt: skip
    amortization = "Amortization expense was $21 million for the three months ended July 29, 2023."
    note = make_chunk(doc, amortization, 10)
    got = extractive_answer(
        "bby intangibles amortization, three months ended july 29, 2023?",
        [(1, make_chunk(doc, contents, 2)), (2, note)],
        3,
        500,
    )
    assert "$21 million" in got and "Condensed Consolidated" not in got


def test_a_bracket_s_rate_table_is_no_table_of_contents() -> None:
    doc = make_doc([], company="四方科技", year=2019, file="sifang.pdf")
    brackets = [("1-2年", 10), ("2-3年", 30), ("3-4年", 50), ("4-5年", 80)]
    rates = "\n".join(f"| {b} | {r} |" for b, r in brackets)
    chunk = make_chunk(doc, f"应收账款——账龄与整个存续期预期信用损失率对照表\n{rates}", 120)
    focus = Focus(["应收账款"], None, kinds=("4-5年",), strict=True)
    got = extractive_answer("账龄4-5年的预期信用损失率是多少？", [(1, chunk)], 3, 500, focus)
    assert "| 4-5年 | 80 |" in got
