"""Figures a question's own formula names that a filing states only in a sentence."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.defined import defined_answer
from finrag.answer.prose_facts import prose_facts
from finrag.answer.query import analyze

from .helpers import make_chunk, make_doc

PROJECT = "建设年产1万吨高纯高比表面积低硒四氧化三锰项目"
BUDGET = "4、项目投资概算本项目总投资4032.74万元，其中固定资产投资3313.45万元，铺底流动资金719.29万元。"


def _one(_: object) -> int:
    return 1


def test_an_amount_stated_after_its_name_in_the_chunk_about_the_project_is_a_fact() -> None:
    doc = make_doc([], company="天源科技", year=2005)
    about = make_chunk(doc, BUDGET, 213, section=["第十三节 募集资金运用", f"（二）{PROJECT}"])
    facts = prose_facts(["固定资产投资", "项目总投资"], [(1, about)], [PROJECT[2:]])
    assert {(f.line_item, f.value, f.unit) for f in facts} == {
        ("固定资产投资", Decimal("3313.45"), "万元"),
        ("项目总投资", Decimal("4032.74"), "万元"),
    }
    other = make_chunk(doc, BUDGET.replace("4032.74", "5734.49"), 220, n=1, section=[f"（三）{PROJECT}"])
    both = prose_facts(["项目总投资"], [(1, about), (2, other)], [PROJECT[2:]])
    assert both == []  # two amounts for one name: which is meant is not known
    unrelated = make_chunk(doc, BUDGET, 221, n=2, section=["（四）年产3000吨瓦形磁体项目"])
    assert prose_facts(["项目总投资"], [(1, unrelated)], [PROJECT[2:]]) == []


def test_the_question_s_own_ratio_is_worked_out_of_the_amounts_a_sentence_states() -> None:
    doc = make_doc([], company="天源科技", year=2005)
    about = make_chunk(doc, BUDGET, 213, section=[f"（二）{PROJECT}"])
    asked = analyze(
        "天源科技募投项目“年产1万吨高纯高比表面积低硒四氧化三锰项目”总投资中，固定资产投资占多大比例？"
        "比例=固定资产投资/项目总投资，保留两位小数。"
    )
    assert asked.definition is not None
    names = [t.item.printed for t in asked.definition.terms]
    assert names == ["固定资产投资", "项目总投资"]  # an investment, not the 固定资产 balance
    facts = prose_facts(names, [(1, about)], asked.qualifiers)
    out = defined_answer(asked, asked.definition, facts, {doc.doc_id: 0}, _one)
    assert out is not None and out.calculation is not None and out.calculation.result == Decimal("82.16")


def test_a_subsidiary_s_figures_are_read_from_its_own_paragraph_at_the_report_s_year() -> None:
    doc = make_doc([], company="生物股份", year=2020)
    text = (
        "（1）金宇保灵生物药品有限公司为公司全资子公司，营业收入105,586万元，营业利润33,864万元。\n"
        "（3）辽宁益康生物股份有限公司为公司控股子公司，营业收入28,845万元，营业利润5,451万元。"
    )
    chunk = make_chunk(doc, text, 28, section=["(七) 主要控股参股公司分析"])
    assert prose_facts(["营业利润"], [(1, chunk)], []) == []  # two amounts: whose is not known
    facts = prose_facts(["营业利润", "营业收入"], [(1, chunk)], [], ["辽宁益康生物股份有限公司"])
    assert {(f.line_item, f.value, f.fiscal_year) for f in facts} == {
        ("营业利润", Decimal("5451"), 2020),
        ("营业收入", Decimal("28845"), 2020),
    }
