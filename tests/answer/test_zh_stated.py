"""Figures a prospectus sentence lists for its report years without writing them ("报告期研发投入资金逐年
增长，分别为…"): read oldest first, the years its statements print. Runs the real parser, chunker, fact
extractor, store and retriever."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from finrag.answer.facts import extract_facts
from finrag.answer.pipeline import Answerer
from finrag.answer.zh_stated import ReportYears, report_years, stated_by_year
from finrag.model import Table

from .corpus import ask, indexed_answerer
from .helpers import make_chunk, make_doc, table_chunks

PROSPECTUS = """# 江苏爱康太阳能科技股份有限公司首次公开发行股票招股意向书

## 第六节 业务和技术

### （六）保持技术不断创新的机制

3、加大研发投入

发行人一贯重视科研资金投入，报告期研发投入资金逐年增长，分别为1,298.13万元、1,687.89万元及3,850.66万元；同时不断提高自主创新能力。

近五年行业平均毛利率分别为18.00%、19.00%及20.00%。

近三年研发支出的情况：2008 年技术开发费用 484 万元，占销售收入 4.3%；
2009 年技术开发费用 675万元，占销售收入4.4%，2010年技术开发费用725万元，占销售收入3.8%。

## 第十节 财务会计信息

### 合并利润表

单位：元

| 项目 | 2010年度 | 2009年度 | 2008年度 |
|---|---|---|---|
| 一、营业收入 | 1,247,954,726.81 | 553,872,638.56 | 377,803,567.69 |
| 减：营业成本 | 1,034,217,591.64 | 440,100,200.00 | 300,200,100.00 |
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Answerer]:
    yield from indexed_answerer(tmp_path_factory, "zh_stated", {"aikang_prospectus.md": PROSPECTUS})


def test_a_report_period_list_is_read_oldest_first_for_the_years_the_statements_print(
    answerer: Answerer,
) -> None:
    assert "1,298.13" in ask(answerer, "江苏爱康太阳能2008年度的研发投入资金是多少？")
    assert "3,850.66" in ask(answerer, "江苏爱康太阳能招股意向书披露的2010年度研发投入资金是多少？")
    summed = ask(answerer, "江苏爱康太阳能2008年至2010年三年研发投入资金合计是多少万元？")
    assert "6,836.68" in summed  # 1,298.13 + 1,687.89 + 3,850.66


def test_a_report_with_a_part_year_reads_its_last_three_full_years_and_no_report_period_list() -> None:
    """A prospectus to June 30, 2006: "近三年" is 2003–2005 (a balance on June 30, 2006 closes no year), and
    "报告期" holds four periods, so three figures after it are no year's."""
    head = [["项目", "2006年1-6月", "2005年度", "2004年度", "2003年度"]]
    rows = [["一、营业收入", "120,000.00", "230,000.00", "200,000.00", "180,000.00"]]
    income = Table("t1", [108], head, rows, caption="合并利润表", row_pages=[108])
    head = [["项目", "2006年6月30日", "2005年12月31日", "2004年12月31日", "2003年12月31日"]]
    rows = [["资产总计", "520,000.00", "500,000.00", "450,000.00", "400,000.00"]]
    sheet = Table("t2", [106], head, rows, caption="合并资产负债表", row_pages=[106])
    doc = make_doc([sheet, income], company="南岭民爆", year=2006, file="nanling.pdf")
    report = report_years(extract_facts(doc, table_chunks(doc)))
    assert report == ReportYears(2005, part_year=True)
    text = (
        "近三年公司研发投入资金分别为96.90万元、69.30万元和77.00万元。"
        "报告期内公司销售费用率分别为3.10%、3.20%及3.30%。"
    )
    context = [(1, make_chunk(doc, text, 60))]
    facts = stated_by_year("南岭民爆2005年研发投入资金和销售费用率是多少？", context, {doc.doc_id: report})
    assert sorted((f.line_item, f.fiscal_year, str(f.value)) for f in facts) == [
        ("研发投入资金", 2003, "96.90"),
        ("研发投入资金", 2004, "69.30"),
        ("研发投入资金", 2005, "77.00"),
    ]


def test_a_figure_stated_year_by_year_in_clauses_of_its_own(answerer: Answerer) -> None:
    text = ask(answerer, "爱康2010年的技术开发费用比2009年增长了多少？保留两位小数。")
    assert "7.41%" in text and "725" in text and "675" in text, text
