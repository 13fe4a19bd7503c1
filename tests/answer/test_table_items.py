"""Row labels of the context's tables that a question names, read as its line items."""

from __future__ import annotations

from finrag.answer.operands import with_rows
from finrag.answer.query import analyze
from finrag.answer.table_items import items_from_tables

from .helpers import make_chunk, make_doc

RECEIVABLES = (
    "按欠款方归集的期末余额前五名的其他应收款情况\n| 单位名称 | 期末余额 |\n| 第一名 | 23,457,900.00 |"
)
SUPPLIERS = "前五名供应商情况\n| 供应商名称 | 采购额 |\n| 第一名 | 45,123,000.00 |"
SUBSIDIARY = "(1). 对子公司投资\n| 被投资单位 | 本期增加 |\n| 子公司 | 87,059,979.27 |"


def test_a_rank_row_belongs_only_to_the_list_the_question_ranks() -> None:
    doc = make_doc([])
    question = "生物股份2020年向第一名供应商的采购额是多少元？"
    assert items_from_tables(question, [make_chunk(doc, RECEIVABLES, 150, table_ref="t1")]) == []
    found = items_from_tables(question, [make_chunk(doc, SUPPLIERS, 16, table_ref="t2")])
    assert [m.printed for m in found] == ["第一名"]


def test_a_label_that_says_what_a_named_company_is_to_the_filer_is_no_item() -> None:
    doc = make_doc([])
    question = "生物股份2020年年报中，全资子公司金宇保灵生物药品有限公司2020年的净利润是多少？"
    chunk = make_chunk(doc, SUBSIDIARY, 191, table_ref="t3")
    assert [m.printed for m in items_from_tables(question, [chunk])] == ["子公司"]
    assert items_from_tables(question, [chunk], ["金宇保灵生物药品有限公司"]) == []


def test_a_row_whose_table_lacks_the_measure_asked_of_it_and_the_company_s_own_row_are_no_items() -> None:
    doc = make_doc([])
    sales = make_chunk(
        doc, "主要产品产销情况\n| 产品 | 销售量（吨） |\n| 四氧化三锰 | 10,158.3 |", 83, table_ref="t4"
    )
    peers = make_chunk(doc, "同行业毛利率比较\n| 公司 | 毛利率 |\n| 天源科技 | 22.00% |", 184, table_ref="t5")
    share = "天源科技2005年四氧化三锰产品的全球市场占有率是多少？"
    assert items_from_tables(share, [sales, peers], ["天源科技"]) == []
    volume = "天源科技2005年四氧化三锰的销售量是多少？"  # the table prints the measure: the row is asked
    assert [m.printed for m in items_from_tables(volume, [sales, peers], ["天源科技"])] == ["四氧化三锰"]


def test_a_bare_total_row_is_no_item_the_question_names() -> None:
    doc = make_doc([])
    other = "非经常性损益\n| 项目 | 2005年度 |\n| 合计 | -53,286.27 |"
    question = "南岭民爆2005年向关联方采购的发生额合计是多少万元？"
    assert items_from_tables(question, [make_chunk(doc, other, 120, table_ref="t9")]) == []
    income = "Other comprehensive income\n| Other | (2) | 5 |\n| Royalty-related income | (857) | (770) |"
    royalty = (
        "How much royalty-related income did Pfizer record in 2021 within Other (income)/deductions—net?"
    )
    found = items_from_tables(royalty, [make_chunk(doc, income, 78, table_ref="t10")])
    assert [m.printed for m in found] == ["royalty-related income"]  # not the "Other" row


def test_a_row_asked_for_its_carrying_amount_is_named_inside_the_item_it_belongs_to() -> None:
    doc = make_doc([])
    note = "（3）无形资产\n| 项目 | 2010.12.31 |\n| 土地使用权 | 12,190.71 |\n| 合计 | 12,623.18 |"
    question = "江苏爱康太阳能2010年末无形资产中土地使用权的账面价值是多少？"
    found = items_from_tables(question, [make_chunk(doc, note, 236, table_ref="t3")])
    assert [m.printed for m in found] == ["土地使用权"]


def test_a_row_named_only_as_the_note_to_read_is_no_item() -> None:
    doc = make_doc([], company="Adobe", language="en")
    chunk = make_chunk(doc, "Intangibles\n| Goodwill | 12,787 |\n| Trademarks | 65 |", 70, table_ref="t4")
    q = "In Adobe's 10-K (goodwill and other intangibles note), what was the net amount of trademarks?"
    assert [m.printed for m in items_from_tables(q, [chunk])] == ["trademarks"]  # not goodwill


def test_a_label_s_bracketed_words_may_be_written_without_brackets_but_a_unit_cell_is_no_item() -> None:
    doc = make_doc([], company="Netflix", year=2015, language="en")
    table = "| (millions) | 2015 | 2014 |\n| Weighted-average fair value (per share) | $39.22 | $30.17 |"
    chunk = make_chunk(doc, table, 56, table_ref="t1")
    q = "What was the weighted-average fair value per share of options granted in 2015, in USD millions?"
    found = [m.printed.lower() for m in items_from_tables(q, [chunk])]
    assert len(found) == 1 and "weighted-average fair value" in found[0]  # not "(millions)"


def test_a_row_is_named_by_its_label_after_the_row_number_and_a_quoted_project_owns_the_row_after_it() -> (
    None
):
    doc = make_doc([], company="天源科技", year=2005)
    budget = "项目投资情况如下：\n| 序号 | 工程项目 | 合计（万元） |\n| 1 | 建筑工程费 | 1494.50 |\n"
    budget += "| 2 | 设备购置费 | 2985.08 |"
    projects = (
        "募集资金投资项目\n| 项目名称 | 预计投资额 |\n| 年产3000吨高性能永磁铁氧体瓦形磁体项目 | 5734.49 |"
    )
    chunks = [make_chunk(doc, budget, 220, table_ref="t1"), make_chunk(doc, projects, 199, table_ref="t2")]
    q = "天源科技募投项目“年产3000吨高性能永磁铁氧体瓦形磁体项目”的投资概算中，设备购置费是多少万元？"
    rows = items_from_tables(q, chunks)
    assert [m.printed for m in rows] == ["年产3000吨高性能永磁铁氧体瓦形磁体项目", "设备购置费"]
    asked = analyze(q)
    asked.line_items = asked.line_items or rows[:1]
    assert [m.printed for m in with_rows(asked, rows)] == ["设备购置费"]  # not the project's total


def test_a_year_s_row_of_a_table_by_year_is_no_item() -> None:
    doc = make_doc([], company="国电电力", year=2006)
    share = "市场份额情况如下表：\n| 年份 | 占有率（%） |\n| 2004年 | 3.72 |\n| 2005年 | 3.85 |"
    question = "国电电力2004年前5名供应商合计采购额占年度原材料采购总额的比例是多少？"
    assert items_from_tables(question, [make_chunk(doc, share, 49, table_ref="t1")]) == []


def test_what_the_figure_asked_leaves_out_is_no_item() -> None:
    doc = make_doc([], language="en")
    leases = make_chunk(
        doc,
        "Future minimum lease payments\n| | Operating Leases |\n| Minimum lease payments | 2,961 |\n"
        "| Sublease income | (15) |",
        84,
        table_ref="t6",
    )
    question = "What minimum lease payments did Acme owe (before any sublease income)?"
    assert [m.printed for m in items_from_tables(question, [leases])] == ["minimum lease payments"]
    asked = "How much sublease income did Acme expect under its operating leases?"
    assert [m.printed for m in items_from_tables(asked, [leases])] == ["sublease income"]


def test_a_row_named_only_inside_a_hyphenated_word_is_no_item() -> None:
    doc = make_doc([], language="en")
    recast = make_chunk(
        doc, "Recast sales\n| | Q1 2023 | Q2 2023 |\n| Operations | (491) | (491) |", 9, table_ref="t7"
    )
    question = (
        "Based on the recast continuing-operations sales, by what percentage did sales grow sequentially?"
    )
    assert items_from_tables(question, [recast]) == []
    assert [m.printed for m in items_from_tables("What did Operations lose in Q2 2023?", [recast])] == [
        "Operations"
    ]


def test_an_english_total_row_and_a_fiscal_year_row_are_no_items() -> None:
    doc = make_doc([], company="General Mills", year=2020, language="en")
    lease = "Components of our lease cost\n| Fiscal 2020 | 115.4 |\n| Total | 170.1 |"
    question = "What share of General Mills' total goodwill in fiscal 2020 was allocated to its Pet segment?"
    assert items_from_tables(question, [make_chunk(doc, lease, 70, table_ref="t1")]) == []


def test_a_balance_row_is_no_item_of_its_turnover_and_a_quoted_project_keeps_its_row_before_zhong() -> None:
    doc = make_doc([], company="南岭民爆", year=2006)
    ratios = "主要财务指标\n| 项目 | 2005年度 |\n| 应收帐款周转率(次) | 15.08 |\n| 应收帐款 | 13,727,604.40 |"
    turnover = "南岭民爆2005年度的应收帐款周转率是多少次？"
    assert items_from_tables(turnover, [make_chunk(doc, ratios, 60, table_ref="t1")]) == []
    projects = "募集资金投资项目\n| 项目名称 | 预计投资额 |\n| 粗粒级强磁选机项目 | 2,000.48 |"
    chunk = make_chunk(doc, projects, 199, table_ref="t2")
    asked = "天源科技募投项目“粗粒级强磁选机项目”的投资利润率是多少？"  # a measure the table never prints
    assert items_from_tables(asked, [chunk]) == []


def test_a_row_of_column_headings_inside_a_table_is_no_item() -> None:
    doc = make_doc([])
    text = (
        "主营业务分行业、分产品、分地区情况\n| 分产品 | 营业收入 | 营业成本 | 毛利率（%） |\n"
        "| 冷冻设备 | 371,318,215.91 | 250,587,829.59 | 32.51 |"
    )
    chunk = make_chunk(doc, text, 12, table_ref="t15")
    question = "按四方科技2019年年报“主营业务分产品情况”表，冷冻设备营业收入占主营业务收入合计的比例是多少？"
    assert [m.printed for m in items_from_tables(question, [chunk])] == ["冷冻设备"]
    # the product's row right before the generic item is that item's row, the whole stays the other item
    rows = with_rows(analyze(question), items_from_tables(question, [chunk]))
    assert [m.printed for m in rows] == ["冷冻设备", "主营业务收入"]


def test_the_statement_a_question_reads_from_names_no_row_and_headings_it_writes_are_found() -> None:
    from finrag.answer.table_items import headings_written

    doc = make_doc([], language="en")
    vie = make_chunk(doc, "VIEs\n| Balance sheet | | |\n| Total assets | 1,200 | 1,100 |", 40)
    question = "By how much did Acme's current portion of debt on the consolidated balance sheet fall?"
    assert items_from_tables(question, [vie]) == []
    leases = make_chunk(
        doc, "| | 2021 | 2020 |\n| Weighted-average discount rate | | |\n| Finance leases | 4.91% | 6.34% |",
        57,
    )
    assert headings_written("acme wtd-avg discount rate on finance leases, FY20?", [leases]) == [
        "weighted-average discount rate"
    ]
    assert headings_written("acme finance lease payments in FY20?", [leases]) == []
    equity = make_chunk(make_doc([]), "资产负债表\n| 项目 | 2019年 |\n| 所有者权益 | 4,647,275,880.19 |", 66)
    asked = "2019年度合并所有者权益变动表中，实收资本（或股本）当年减少了多少元？"
    assert items_from_tables(asked, [equity]) == []  # the statement's name is no row of the balance sheet


def test_a_total_asked_of_an_item_is_not_a_table_s_total_row() -> None:
    doc = make_doc([])
    commitments = (
        "Contractual obligations\n| Endorsement Contracts | 1,502 | 8,392 |\n| TOTAL | 3,187 | 13,476 |"
    )
    chunk = make_chunk(doc, commitments, 48, table_ref="t7")
    terse = "nke endorsement contract commitments at 5/31/21 - total, and what % falls due in fy22?"
    assert "total" not in [m.printed.lower() for m in items_from_tables(terse, [chunk])]
    named = "What did the Total row of Nike's contractual obligations table show for fiscal 2022?"
    assert "total" in [m.printed.lower() for m in items_from_tables(named, [chunk])]


def test_a_row_asked_for_its_growth_is_named_though_no_table_prints_a_growth() -> None:
    doc = make_doc([])
    other = "其他流动资产\n| 项目 | 期末余额 | 期初余额 |\n| 待抵扣增值税进项税额 | 18,617.79 | 3,411.88 |"
    chunk = make_chunk(doc, other, 101, table_ref="t11")
    question = "2019年四方科技集团股份有限公司其他流动资产中待抵扣增值税进项税额的增长率是多少?保留2位小数。"
    assert "待抵扣增值税进项税额" in [m.printed for m in items_from_tables(question, [chunk])]
    share = "2019年四方科技其他流动资产中待抵扣增值税进项税额的市场占有率是多少?"  # a measure no row prints
    assert items_from_tables(share, [chunk]) == []


def test_a_heading_over_rows_is_no_item_of_its_own() -> None:
    doc = make_doc([], company="Pfizer", year=2021, language="en", unit_line="")
    reconciliation = """B. Tax Rate Reconciliation
| | 2021 | 2020 | 2019 |
| U.S. statutory income tax rate | 21.0 % | 21.0 % | 21.0 % |
| Reconciling Items: | | | |
| Taxation of non-U.S. operations | (4.3) | (9.9) | (4.7) |"""
    question = (
        "What was the three-year average (2019-2021) of the 'taxation of non-U.S. operations' reconciling "
        "item in Pfizer's effective tax rate reconciliation?"
    )
    found = items_from_tables(question, [make_chunk(doc, reconciliation, 80, table_ref="t1")])
    assert [m.printed.lower() for m in found] == ["taxation of non-u.s. operations"]  # no heading's
    revenues = """Operating revenues
| | 2021 | 2020 |
| Regulated Businesses: | | |
| Wastewater services | 208 | 185 |"""
    unquoted = "Wastewater services made up what share of Acme's Regulated Businesses operating revenues?"
    found = items_from_tables(unquoted, [make_chunk(doc, revenues, 64, table_ref="t2")])
    assert "regulated businesses" in {m.printed.lower().rstrip(":") for m in found}  # a whole named, unquoted
    obligations = """Contractual obligations
| | Total | 2019 | After 2023 |
| At December 31: | | | |
| Total contractual cash obligations | 22,177 | 2,838 | 11,316 |"""
    dated = "At December 31, 2018, was more than half of Acme's total contractual cash obligations due later?"
    found = items_from_tables(dated, [make_chunk(doc, obligations, 40, table_ref="t3")])
    assert "at december 31" not in {m.printed.lower().rstrip(":") for m in found}  # a date heading, no item


def test_the_statement_a_question_reads_from_names_none_of_its_rows() -> None:
    """ "合并资产负债表中，应付工资和应付福利费合计": the statement's "资产" and "负债" headings are where the
    question reads, not two more items to add up."""
    doc = make_doc([])
    sheet = "合并资产负债表\n| 资产 |  |\n| 货币资金 | 9,000.00 |\n| 负债 |  |\n"
    sheet += "| 应付工资 | 62,289,196.66 |\n| 应付福利费 | 41,325,983.72 |"
    question = "国电电力2006年12月31日合并资产负债表中，应付工资和应付福利费合计是多少元？"
    found = items_from_tables(question, [make_chunk(doc, sheet, 94, table_ref="t1")])
    assert [m.printed for m in found] == ["应付工资", "应付福利费"]
