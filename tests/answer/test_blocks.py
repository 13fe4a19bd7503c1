"""Tables printed in blocks of one year each (the year once per block, a total row closing it)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from finrag.answer.blocks import year_blocks
from finrag.answer.facts import extract_facts
from finrag.answer.pipeline import Answerer
from finrag.config import load_settings
from finrag.model import SearchRequest, Table

from .corpus import build_index
from .helpers import make_doc, table_chunks

HEADER = [["年度", "序号", "客户名称", "销售金额", "占总销售比例"]]
CUSTOMERS = [
    ["", "1", "上海住友商事有限公司", "44,225.12", "35.44%"],
    ["2010年度", "2", "常州天合光能有限公司", "5,508.83", "4.41%"],
    ["", "合计", "-", "74,892.64", "60.01%"],
    ["", "1", "上海住友商事有限公司", "22,041.08", "39.79%"],
    ["2009年度", "2", "江苏林洋新能源有限公司", "4,160.15", "7.51%"],
    ["", "合计", "-", "39,599.73", "71.50%"],
]


def test_every_row_of_a_block_is_dated_by_its_year_and_the_share_column_is_a_fact() -> None:
    table = Table("t1", [129], HEADER, CUSTOMERS, caption="3、前五大客户情况 单位：万元")
    doc = make_doc([table], company="爱康科技", year=2010)
    facts = extract_facts(doc, table_chunks(doc))
    got = {(f.line_item, f.fiscal_year, f.unit): f.value for f in facts}
    assert got[("合计", 2010, "%")] == Decimal("60.01") and got[("合计", 2009, "万元")] == Decimal("39599.73")
    assert got[("上海住友商事有限公司", 2010, "万元")] == Decimal("44225.12")  # above the year's row
    assert got[("上海住友商事有限公司", 2009, "%")] == Decimal("39.79")
    assert not any(f.line_item in ("2010年度", "2009年度") or f.column_label == "序号" for f in facts)


def test_a_year_wrapped_over_two_rows_of_its_merged_cell_dates_its_block() -> None:
    wrapped = [
        ["", "1", "江阴东华铝材科技有限公司", "29,287.83", "28.05%"],
        ["2010", "2", "佛山市广成铝业有限公司", "28,278.43", "27.08%"],
        ["年度", "3", "广东豪美铝业有限公司", "13,375.74", "12.81%"],
        ["", "合计", "-", "85,891.05", "82.26%"],
        ["", "1", "徐州徐江物资贸易有限公司", "18,267.79", "56.54%"],
        ["2009", "2", "江阴东华铝材科技有限公司", "8,062.81", "24.95%"],
        ["年度", "合计", "-", "29,897.38", "92.53%"],
    ]
    table = Table("t5", [133], HEADER, wrapped, caption="3、前五大供应商情况 单位：万元")
    doc = make_doc([table], company="爱康科技", year=2010)
    got = {(f.line_item, f.fiscal_year, f.unit): f.value for f in extract_facts(doc, table_chunks(doc))}
    assert got[("徐州徐江物资贸易有限公司", 2009, "万元")] == Decimal("18267.79")
    assert got[("江阴东华铝材科技有限公司", 2010, "%")] == Decimal("28.05")


def test_tables_of_another_layout_are_left_as_printed() -> None:
    one_block = Table("t2", [1], HEADER, CUSTOMERS[:3])  # one year: read the usual way
    assert year_blocks(HEADER, one_block.rows, one_block) is None
    no_totals = [r for r in CUSTOMERS if r[1] != "合计"]  # where a block ends is not known
    assert year_blocks(HEADER, no_totals, Table("t3", [1], HEADER, no_totals)) is None
    statement = [["营业收入", "1,000.00", "900.00"], ["合计", "1,000.00", "900.00"]]
    assert year_blocks([["项目", "2010年度", "2009年度"]], statement, Table("t4", [1], [], statement)) is None


def test_a_share_question_is_answered_with_the_block_s_printed_share(tmp_path: Path) -> None:
    settings = load_settings(tmp_path / "data")
    rows = "\n".join("| " + " | ".join(r) + " |" for r in CUSTOMERS)
    prospectus = (
        "# 爱康科技招股说明书\n\n## 3、前五大客户情况\n\n单位：万元\n\n"
        "| 年度 | 序号 | 客户名称 | 销售金额 | 占总销售比例 |\n|---|---|---|---|---|\n" + rows + "\n"
    )
    store, retriever = build_index(settings, tmp_path / "docs", {"akcome.md": prospectus})
    try:
        answer = Answerer(settings, store, retriever).ask(
            SearchRequest("爱康科技2010年度向前五大客户的销售金额合计占总销售的比例是多少？")
        )
        assert not answer.refused and "60.01%" in answer.answer and "74,892.64" not in answer.answer
        both = Answerer(settings, store, retriever).ask(
            SearchRequest("爱康科技2009年度向前五大客户的销售金额合计是多少？占总销售的比例是多少？")
        )
        assert "39,599.73万元" in both.answer and "71.50%" in both.answer
    finally:
        store.close()
