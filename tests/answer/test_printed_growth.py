"""A growth the filer prints itself (comparable sales, organic growth) is quoted, never recomputed."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
from finrag.answer.numeric_forms import calculation_step
from finrag.answer.printed_growth import printed_growth
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import COMPARABLE, make_doc, table_chunks


def test_the_printed_growth_under_the_heading_the_question_words_is_quoted() -> None:
    doc = make_doc([COMPARABLE], company="Costco", year=2021, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    rank = {doc.doc_id: 0}
    excluding = analyze(
        "Costco FY2021: Canada comparable sales growth excluding the impact of gas prices and FX?"
    )
    found = printed_growth(excluding, facts, rank, lambda f: 1)
    assert found is not None and [f.value for f in found.facts] == [Decimal(12)]
    plain = printed_growth(
        analyze("Costco Canada comparable sales growth in fiscal 2021?"), facts, rank, lambda f: 1
    )
    assert plain is not None and [f.value for f in plain.facts] == [Decimal(20)]
    assert (
        printed_growth(analyze("Costco Canada comparable sales in fiscal 2021?"), facts, rank, lambda f: 1)
        is None
    )


def test_a_table_of_a_product_with_a_change_column_prints_no_growth_of_what_is_asked() -> None:
    margins = Table(
        "t2",
        [144],
        [["产品", "2006年1-6月 毛利率", "2005年 毛利率"]],
        [["铵梯炸药", "38.92%", "35.10%"]],
        caption="2、综合毛利率、分产品毛利率的数据及变动情况",
    )
    doc = make_doc([margins], company="湖南南岭民用爆破器材", year=2006, language="zh")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("南岭民爆2006年1-6月铵梯炸药的平均销售价格比2005年的涨幅是多少？")
    asked.line_items = [*asked.line_items, LineItemMatch("", "铵梯炸药", asked.question.find("铵梯炸药"))]
    assert printed_growth(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None  # its margin is no price growth


def test_the_items_own_ratio_is_no_growth_of_the_item() -> None:
    margins = Table(
        "t3",
        [144],
        [["项目", "2005年度", "2004年度"]],
        [["铵梯炸药", "36.02", "37.11"], ["综合毛利率", "33.56", "35.11"]],
        caption="2、综合毛利率、分产品毛利率的数据及变动情况 (%)",
    )
    doc = make_doc([margins], company="湖南南岭民用爆破器材", year=2005, language="zh")
    facts = extract_facts(doc, table_chunks(doc))
    asked = analyze("南岭民爆铵梯炸药2005年实现的毛利比2004年增长了多少？")
    assert printed_growth(asked, facts, {doc.doc_id: 0}, lambda f: 1) is None  # 36.02% is a margin
    found = calculation_step(asked, facts, {doc.doc_id: 0}, lambda f: 1)
    assert found is None or "36.02" not in found.text, found.text
