"""The largest customer or supplier of a year: the top row of the year's top-counterparty table."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.counterparty import asked_party, party_answer, unranked_subset
from finrag.answer.facts import extract_facts
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

TOP_CUSTOMERS = Table(
    "t1",
    [83],
    [["年度", "序号", "客户名称", "销售金额（万元）", "占比"]],
    [
        ["", "1", "厦门鑫盛捷企业有限公司", "3,332.52", "8.28%"],
        ["2007", "2", "NCR", "2,526.09", "6.28%"],
        ["年度", "小计", "——", "9,792.11", "24.34%"],
        ["", "1", "NCR", "2,513.21", "8.15%"],
        ["2006", "2", "辽宁福利彩票发行中心", "1,068.84", "3.46%"],
        ["年度", "小计", "——", "5,906.04", "19.14%"],
    ],
    caption="近三年本公司对前5名客户销售金额及其占总销售收入比例如下表所示。",
)
BY_LINE = Table(  # customers by business line: no ranking of counterparties
    "t2",
    [78],
    [["客户", "2007年度", "2006年度"]],
    [["福彩中心", "4,083.22", "3,000.00"], ["NCR", "2,526.09", "2,527.20"]],
    caption="近三年本公司行业及客户解决方案销售情况如下表所示。",
)


def _answer(question: str, tables: list[Table]):
    doc = make_doc(tables, company="安妮股份", year=2007)
    asked = analyze(question)
    party = asked_party(asked)
    assert party is not None
    facts = extract_facts(doc, table_chunks(doc))
    return party_answer(asked, party, facts, {doc.doc_id: 0}, lambda f: 1)


def test_the_largest_customer_of_the_year_asked_with_its_amount_and_share() -> None:
    out = _answer("安妮股份2006年度的第一大客户是谁？销售金额是多少？", [BY_LINE, TOP_CUSTOMERS])
    assert out is not None and out.result == Decimal("2513.21")
    assert "NCR" in out.text and "8.15%" in out.text and "福彩中心" not in out.text
    second = _answer("安妮股份2007年度的第二大客户是谁？", [TOP_CUSTOMERS])
    assert second is not None and "NCR" in second.text and second.result == Decimal("2526.09")
    ranked = _answer("安妮股份2007年度前五大客户中排第二的是哪家客户？", [TOP_CUSTOMERS])
    assert ranked is not None and "NCR" in ranked.text and "6.28%" in ranked.text


def test_a_share_of_the_top_five_s_total_divides_by_the_listed_total_not_all_sales() -> None:
    question = "安妮股份2006年度第一大客户的销售额占当年前五名客户销售额合计的比例是多少？"
    out = _answer(question, [TOP_CUSTOMERS])
    assert out is not None and out.result == Decimal("42.55")  # 2,513.21 / 5,906.04, not the printed 8.15%
    assert "8.15%" not in out.text and "5,906.04" in out.text


def test_no_table_ranking_counterparties_gives_no_answer() -> None:
    assert _answer("安妮股份2006年度的第一大客户是谁？", [BY_LINE]) is None
    assert asked_party(analyze("What was Acme's largest customer in 2020?")) is not None
    assert asked_party(analyze("安妮股份2006年度的营业收入是多少？")) is None


def test_a_ranked_subset_of_a_balance_is_never_its_total() -> None:
    q = "江苏爱康太阳能2008年末应收账款前五名客户合计金额是多少？"
    assert unranked_subset(q, [], []) == "前五名"  # nothing found: refused, not quoted
    assert unranked_subset("安妮股份2007年末应收账款余额最大的单一客户是谁？", [], []) == "最大的单一客户"
    largest = "金宇生物2020年末应收账款欠款余额最大的那一家客户欠了多少钱？"
    assert unranked_subset(largest, [], []) == "最大的那一家客户"  # the balance's total is no one customer's
    assert unranked_subset("江苏爱康太阳能2008年末应收账款是多少？", [], []) is None
    top = Table(
        "t9", [231], [["客户名称", "2009"]], [["上海住友商事有限公司", "2,172.80"], ["合计", "7,705.71"]]
    )
    doc = make_doc([top], company="爱康科技", year=2010, unit_line="单位：万元")
    facts = extract_facts(doc, table_chunks(doc))
    total = [f for f in facts if f.line_item == "合计"]
    ranked = "截至2009年12月31日，公司前五名应收账款及占总应收账款比例情况如下："
    assert unranked_subset("爱康2009年末应收账款前五名合计是多少？", total, [ranked]) is None  # read off it
    assert unranked_subset("爱康2009年末应收账款前五名合计是多少？", total, ["资产状况分析"]) == "前五名"


def test_the_n_th_largest_shareholder_is_ranked_by_shares_held_not_by_the_year_s_change() -> None:
    holders = Table(
        "t3",
        [43],
        [["股东名称（全称）", "报告期内增减", "期末持股数量", "比例(%)", "股东性质"]],
        [
            ["黄杰", "0", "84,187,105", "39.96", "境内自然人"],
            ["钱洪", "-460,000", "4,246,901", "2.02", "境内自然人"],
            ["黄晓颖", "-490,000", "5,508,138", "2.61", "境内自然人"],
        ],
        caption="(二) 截止报告期末前十名股东、前十名流通股东持股情况表",
    )
    out = _answer("截至2007年末，安妮股份的第二大股东是谁？持股多少股？", [holders])
    assert out is not None and out.result == Decimal("5508138")
    assert "黄晓颖" in out.text and "持股5,508,138股" in out.text and "2.61%" in out.text


def test_the_later_numbered_parts_of_a_top_supplier_listing_by_year_are_that_listing_too() -> None:
    def part(ref: str, caption: str, rows: list[list[str]]) -> Table:
        return Table(ref, [69], [["供应商", "金额", "占当年总采购量的比例"]], rows, caption=caption)

    tables = [
        part(
            "t1",
            "（1）2006年1—6月",
            [["柳州化工股份公司", "1125.50", "16.92%"], ["福建邵武化肥厂", "445.01", "6.69%"]],
        ),
        part(
            "t2",
            "（2）2005年度",
            [["柳州化工股份公司", "2011.74", "19.98%"], ["南岭包装材料公司", "469.52", "4.66%"]],
        ),
        part(
            "t3",
            "（3）2004年度",
            [["柳州化工股份公司", "1920.93", "19.10%"], ["川化新天府化工公司", "669.83", "9.26%"]],
        ),
    ]
    doc = make_doc(tables, company="南岭民爆", year=2006, unit_line="4、报告期内向前五名供应商采购情况")
    facts = extract_facts(doc, table_chunks(doc))
    assert {f.statement for f in facts if f.table_ref == "t3"} == {
        "4、报告期内向前五名供应商采购情况 （3）2004年度"
    }
    asked = analyze("南岭民爆2004年度的第二大供应商是哪家？采购金额是多少？")
    party = asked_party(asked)
    assert party is not None
    out = party_answer(asked, party, facts, {doc.doc_id: 0}, lambda f: 1)
    assert out is not None and "川化新天府化工公司" in out.text and out.result == Decimal("669.83")
