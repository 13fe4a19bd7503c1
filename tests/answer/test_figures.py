"""What a figure question needs of its evidence: the asked item printed for the asked year."""

from __future__ import annotations

from pathlib import Path

from finrag.answer.extractive import extractive_answer
from finrag.answer.figures import (
    absent_line_items,
    beyond_context,
    extractive_inputs,
    search_again,
)
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.query import analyze
from finrag.config import AnswerSettings, load_settings
from finrag.model import AccessScope, Chunk, ChunkKind, Hit, QueryAnalysis, SearchRequest
from finrag.retrieve.periods import find_periods

from .corpus import build_index
from .helpers import make_chunk, make_doc

Q3_2024 = make_doc([], company="Northwind", year=2024, file="northwind_2024q3.pdf", language="en")
CN_2023 = make_doc([], company="星河精工", year=2023, file="xinghe_2023.pdf")


def test_an_item_printed_only_in_another_years_report_is_absent() -> None:
    context = [
        (1, make_chunk(Q3_2024, "Revenue for the third quarter of 2024 was $812 million. Net cash rose.", 3)),
        (2, make_chunk(CN_2023, "净利润 170,791,672.51", 2)),  # net income, but of 2023
    ]
    asked = analyze("What was Northwind's net income in the third quarter of 2024?")
    assert absent_line_items(asked, context) == ["net income", "2024"]
    assert absent_line_items(analyze("What was Northwind's revenue in 2024?"), context) == []
    assert absent_line_items(analyze("星河精工2023年的净利润是多少？"), context) == []
    plural = [(1, make_chunk(Q3_2024, "Total provisions for credit losses 2,182 in 2024.", 3))]
    asked = analyze("What was Northwind's provision for credit losses in 2024?")
    assert absent_line_items(asked, plural) == []  # printed in the plural


def test_figure_questions_focus_on_the_item_and_year_text_questions_do_not() -> None:
    context = [(1, make_chunk(Q3_2024, "Gross margin was 41.3% in 2024.", 3))]
    _, _, focus = extractive_inputs(analyze("What was the gross margin in 2024?"), context, AnswerSettings())
    assert focus is not None and focus.year == 2024 and "gross margin" in focus.wordings
    _, _, none = extractive_inputs(analyze("Who are Northwind's customers?"), context, AnswerSettings())
    assert none is None


def test_words_the_question_glosses_by_an_acronym_may_be_printed_as_the_acronym() -> None:
    text = "Document Cloud ARR exiting fiscal 2016 was $475 million, up from $385 million at the end of 2015."
    context = [(1, make_chunk(Q3_2024, text, 41))]
    asked = analyze("What was Northwind's Document Cloud annualized recurring revenue (ARR) in fiscal 2016?")
    asked.qualifiers = ["cloud annualized recurring"]
    question, chunks, focus = extractive_inputs(asked, context, AnswerSettings())
    assert focus is not None and focus.kinds == ("cloud ARR",) and "arr" in focus.wordings
    assert "$475 million" in extractive_answer(question, chunks, 3, 500, focus)


def test_a_named_metric_asked_is_not_answered_by_sentences_that_never_name_it() -> None:
    text = "Other (income) expense, net includes $37 million related to the interest in Kenvue."
    context = [(1, make_chunk(Q3_2024, text, 10))]
    asked = analyze("What free cash flow did Northwind generate in the third quarter of 2024?")
    question, chunks, focus = extractive_inputs(asked, context, AnswerSettings())
    assert focus is not None and focus.strict and extractive_answer(question, chunks, 3, 500, focus) == ""
    named = [(1, make_chunk(Q3_2024, "Free cash flow was $1.2 billion in the third quarter of 2024.", 10))]
    question, chunks, focus = extractive_inputs(asked, named, AnswerSettings())
    assert "$1.2 billion" in extractive_answer(question, chunks, 3, 500, focus)


def test_a_peer_the_filing_mentions_is_the_only_owner_of_a_figure_asked_of_it() -> None:
    text = (
        "同行业公司普莱柯、瑞普生物的研发投入均较高。\n"
        "研发投入情况表\n"
        "| 公司报告期内研发投入占营业收入比例（%） | 13.09 |"
    )
    context = [(1, make_chunk(CN_2023, text, 40))]
    asked = analyze("普莱柯2023年的研发投入占营业收入比例是多少？")
    assert not asked.companies  # the question names no indexed company
    question, chunks, focus = extractive_inputs(asked, context, AnswerSettings())
    assert focus is not None and "普莱柯" in focus.owners
    assert "13.09" not in extractive_answer(question, chunks, 3, 500, focus)  # the filer's own ratio


def _numbered(*chunks: Chunk) -> list[tuple[int, Chunk]]:
    return [(n, c) for n, c in enumerate(chunks, 1)]


def test_an_english_answer_is_chosen_by_the_question_s_words_not_the_company_s_name() -> None:
    mills = make_doc([], company="Generalmills", year=2022, file="GENERALMILLS_2022_10K.pdf", language="en")
    context = _numbered(
        make_chunk(mills, "Benson joined General Mills in 2001 from The Pillsbury Company.", 6),
        make_chunk(mills, "Our businesses are organized into four operating segments: North America.", 20),
    )
    asked = analyze("What are the operating segments of General Mills as of FY2022?")
    asked.companies = ["Generalmills"]
    question, chunks, _ = extractive_inputs(asked, context, AnswerSettings())
    answer = extractive_answer(question, chunks, 3, 500)
    assert "four operating segments" in answer and "Benson" not in answer


def test_a_word_the_filing_never_prints_is_looked_for_by_its_synonyms_and_a_count_by_its_figure() -> None:
    mgm = make_doc([], company="MGM Resorts", year=2022, file="MGMRESORTS_2022_10K.pdf", language="en")
    context = _numbered(
        make_chunk(mgm, "Key performance indicators for each region are described below.", 37),
        make_chunk(mgm, "Net revenues at Regional Operations increased 12% and MGM China decreased 44%.", 37),
    )
    question, _, _ = extractive_inputs(
        analyze("Which region had the worst topline performance?"), context, AnswerSettings()
    )
    assert "net revenues" in question  # "topline" is printed nowhere in the context
    costco = make_doc([], company="Costco", year=2021, file="COSTCO_2021_10K.pdf", language="en")
    rows = _numbered(
        make_chunk(costco, "We operate membership warehouses in the United States and Puerto Rico.", 4),
        make_chunk(costco, "At August 29, 2021, Costco operated 815 membership warehouses worldwide.", 19),
        make_chunk(
            costco, "Of these, 564 membership warehouses were in the United States and Puerto Rico.", 19
        ),
    )
    asked = analyze("How many membership warehouses did Costco operate in the United States and Puerto Rico?")
    question, chunks, focus = extractive_inputs(asked, rows, AnswerSettings())
    assert focus is not None and focus.wordings == [] and focus.owners == ("United States",)
    assert "564" in extractive_answer(question, chunks, 1, 500, focus)  # not the worldwide 815


def test_evidence_the_context_left_out_is_numbered_after_it() -> None:
    doc = make_doc([], company="天源科技", year=2006, file="tianyuan.pdf")
    debris = make_chunk(doc, "| 中和—硫化 |\n| 压滤 |", 82, n=1)
    prose = make_chunk(doc, "公司主营业务为磁性材料、磁器件的研发、生产与销售。", 8, n=2)
    context = [(1, debris)]
    later = beyond_context(context, [Hit(debris, 0.9), Hit(prose, 0.8), Hit(prose, 0.7)])
    assert later == [(2, prose)]
    assert "磁性材料" in extractive_answer("天源科技的主营业务是什么？", later, 3, 500)
    assert extractive_answer("天源科技的主营业务是什么？", context, 3, 500) == ""


def test_the_documents_prose_is_searched_when_the_best_chunks_hold_no_sentence(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    prospectus = (
        "# 天源科技招股说明书\n\n## 四、发行人主营业务经营情况\n\n### 主要产品的工艺流程图\n\n"
        "| 中和 | 压滤 |\n|---|---|\n| 破碎 | 浸出 |\n\n## 一、公司简介\n\n"
        "公司主营业务为磁性材料、磁器件的研发、生产与销售，主导产品包括四氧化三锰。\n"
    )
    store, retriever = build_index(settings, tmp_path / "docs", {"tianyuan.md": prospectus})
    try:
        question = "天源科技的主营业务是什么？"
        hits = retriever.search(SearchRequest(question, 5)).hits
        tables = [(n, h.chunk) for n, h in enumerate(hits, 1) if h.chunk.kind != ChunkKind.TEXT]
        assert tables and extractive_answer(question, tables, 3, 500) == ""
        prose = search_again(question, tables, AccessScope(), retriever.search, 5, [ChunkKind.TEXT])
        assert prose and all(c.kind == ChunkKind.TEXT for _, c in prose)
        assert prose[0][0] == len(tables) + 1  # numbered after the context
        assert "磁性材料" in extractive_answer(question, prose, 3, 500)
    finally:
        store.close()


def test_a_figure_of_a_year_before_the_report_s_own_is_quoted_only_from_a_sentence_printing_it() -> None:
    doc = make_doc([], company="四方科技", year=2019, file="sifang_2019.pdf")
    said = "报告期内公司研发费用为4,842.90万元，同比下降6.26%。"  # a sentence without a year: the report's
    context = [(1, make_chunk(doc, said, 12))]
    before = analyze("四方科技2017年的研发费用是多少元?")
    question, chunks, focus = extractive_inputs(before, context, AnswerSettings())
    assert focus is not None and focus.strict and extractive_answer(question, chunks, 3, 500, focus) == ""
    own = analyze("四方科技2019年的研发费用是多少元?")
    question, chunks, focus = extractive_inputs(own, context, AnswerSettings())
    assert focus is not None and not focus.strict
    assert "4,842.90万元" in extractive_answer(question, chunks, 3, 500, focus)


def test_a_quarter_no_sentence_prints_is_not_answered_from_another_period() -> None:
    doc = make_doc([], company="Pfizer", year=2023, file="Pfizer_2023Q2_10Q.pdf", language="en")
    said = (
        "Annual Report on Form 10-K for the fiscal year ended December 31, 2022: total revenues of 100,330."
    )
    context = [(1, make_chunk(doc, said, 3))]
    q3 = "What total revenues did Pfizer report for the third quarter of 2022?"
    asked = analyze(q3, QueryAnalysis(q3, q3, "en", "lookup", periods=find_periods(q3)))
    question, chunks, focus = extractive_inputs(asked, context, AnswerSettings())
    assert focus is not None and focus.strict and "third quarter" in focus.periods
    assert extractive_answer(question, chunks, 3, 500, focus) == ""
    quarter = "Total revenues for the third quarter of 2022 were $22,638 million."
    question, chunks, focus = extractive_inputs(asked, [(1, make_chunk(doc, quarter, 3))], AnswerSettings())
    assert "22,638" in extractive_answer(question, chunks, 3, 500, focus)


def test_the_filer_s_legal_name_is_not_what_a_chinese_question_quotes_by() -> None:
    doc = make_doc([], company="四方科技集团股份有限公司", year=2019)
    name = make_chunk(doc, "| 公司的中文名称 | 四方科技集团股份有限公司 |", 4)
    address = make_chunk(doc, "| 公司注册地址 | 江苏省南通市通州区兴仁镇金通公路3888号 |", 4, n=1)
    asked = analyze("四方科技集团股份有限公司的注册地址在哪里?")
    asked.companies = ["四方科技集团股份有限公司"]
    question, context, focus = extractive_inputs(asked, [(1, name), (2, address)], AnswerSettings())
    answer = extractive_answer(question, context, 1, 400, focus)
    assert "金通公路3888号" in answer and "中文名称" not in answer


def test_what_a_company_is_to_the_filer_is_no_wording_of_the_figure_asked() -> None:
    doc = make_doc([], company="湖南南岭民用爆破器材股份有限公司", year=2006)
    founded = make_chunk(
        doc, "湖南南岭工程爆破有限公司为发行人的全资子公司，设立于2006年6月30日，注册资本200万元。", 41
    )
    asked = analyze("湖南南岭工程爆破有限公司（南岭民爆的全资子公司）截至2006年6月30日的净资产是多少?")
    at = asked.question.find("子公司")  # a context table's row label the question happens to write
    asked.line_items.append(LineItemMatch("", "子公司", at))
    question, context, focus = extractive_inputs(asked, [(1, founded)], AnswerSettings())
    assert focus is not None and "子公司" not in focus.wordings
    assert extractive_answer(question, context, 3, 400, focus) == ""  # registered capital is no net assets


def test_a_parent_company_figure_is_never_quoted_from_the_group_s_note() -> None:
    doc = make_doc([], company="四方科技", year=2019, file="sifang_2019.pdf")
    note = (
        "63、销售费用\n| 项目 | 本期发生额 | 上期发生额 |\n"
        "| 广告费、业务宣传费及展览费 | 3,437,557.29 | 3,689,191.90 |"
    )
    context = [(1, make_chunk(doc, note, 120, section=["七、合并财务报表项目注释", "63、销售费用"]))]
    asked = "四方科技2019年{}销售费用中，“广告费、业务宣传费及展览费”是多少元？"
    question, chunks, focus = extractive_inputs(analyze(asked.format("母公司")), context, AnswerSettings())
    assert "3,437,557.29" not in extractive_answer(question, chunks, 3, 500, focus)  # (the group's: a fact)


def test_an_interest_rate_asked_is_a_percentage_named_a_rate_never_the_amount_borrowed() -> None:
    question = "星河精工子公司2023年借的那笔2亿元短期借款，年利率多少？"
    amounts = [
        (1, make_chunk(CN_2023, "本公司为子公司的银行短期借款2亿元提供担保，未超过净资产的50%。", 5)),
        (2, make_chunk(CN_2023, "| 项目 | 期末余额 |\n|---|---|\n| 短期借款 | 200,222,109.59 |", 6)),
    ]
    q, context, focus = extractive_inputs(analyze(question), amounts, AnswerSettings())
    assert extractive_answer(q, context, 3, 400, focus) == ""
    rated = [*amounts, (3, make_chunk(CN_2023, "该笔短期借款为保证借款，年利率为4.35%，期限一年。", 7))]
    q, context, focus = extractive_inputs(analyze(question), rated, AnswerSettings())
    assert "4.35%" in extractive_answer(q, context, 3, 400, focus)
