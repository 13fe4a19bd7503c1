"""A row an English question names word for word is read from the filing's facts even when no context chunk
prints it: its chunk joins the context, and the row, not the broader statement line, is the item asked."""

from __future__ import annotations

from pathlib import Path

from finrag.answer.labelled_chunks import with_labelled_chunks
from finrag.answer.query import analyze
from finrag.config import load_settings
from finrag.model import AccessScope, Filters

from .corpus import build_index

GLOBEX = """# Globex Corp Annual Report on Form 10-K for fiscal year 2015

## CONSOLIDATED BALANCE SHEETS

(in thousands)

| | November 27, 2015 | November 28, 2014 |
|---|---|---|
| Accrued expenses | 678,364 | 683,866 |
| Total current liabilities | 2,213,556 | 2,494,435 |

## NOTE 8. ACCRUED EXPENSES

Accrued expenses as of November 27, 2015 and November 28, 2014 consisted of the following (in thousands):

| | 2015 | 2014 |
|---|---|---|
| Accrued compensation and benefits | 312,776 | 320,679 |
| Sales and marketing allowances | 66,876 | 75,627 |
| Salaries, benefits and payroll taxes | 98,712 | 87,340 |
| Total accrued expenses | 678,364 | 683,866 |
"""


def test_a_row_named_word_for_word_brings_its_chunk_into_the_context(tmp_path: Path) -> None:
    store, _ = build_index(
        load_settings(tmp_path / "data"), tmp_path / "docs", {"GLOBEX_2015_10K.md": GLOBEX}
    )
    facts = store.get_facts(Filters(access=AccessScope()))
    sheet = next(f.chunk_id for f in facts if f.line_item == "Accrued expenses")
    note = next(f.chunk_id for f in facts if f.line_item == "Accrued compensation and benefits")
    context = [(1, c) for c in store.get_chunks([sheet], AccessScope())]
    asked = analyze("In Globex's 2015 10-K, what was accrued compensation and benefits at November 28, 2014?")
    added = with_labelled_chunks(store, asked, context, AccessScope())
    assert [c.chunk_id for _, c in added] == [sheet, note]
    said = analyze("What was Globex's total current liabilities at November 28, 2014?")
    assert with_labelled_chunks(store, said, context, AccessScope()) == context  # printed already: none added
    # a row quoted as printed, its commas kept, in a question the reader takes for a description
    quoted = analyze("What did Globex report as the liability 'salaries, benefits and payroll taxes' in 2015")
    found = with_labelled_chunks(store, quoted, context, AccessScope())
    assert [c.chunk_id for _, c in found] == [sheet, note]
    store.close()


SIFANG = """# 示例科技股份有限公司 首次公开发行股票招股意向书

## 合并利润表

单位：元

| 项目 | 2005年度 | 2004年度 |
|---|---|---|
| 主营业务收入 | 209,125,400.20 | 165,182,180.79 |

## （一）近三年的主要财务指标

| 公司主要财务指标 | 2005.12.31 | 2004.12.31 |
|---|---|---|
| 流动比率 | 1.21 | 1.10 |
| 研究与开发费用占主营业务收入比例 | 5.23% | 5.11% |
"""


def test_a_chinese_row_named_with_a_de_it_leaves_out_brings_its_chunk(tmp_path: Path) -> None:
    docs = {"示例科技_招股意向书.md": SIFANG}
    store, _ = build_index(load_settings(tmp_path / "data"), tmp_path / "docs", docs)
    facts = store.get_facts(Filters(access=AccessScope()))
    sheet = next(f.chunk_id for f in facts if f.line_item == "主营业务收入")
    ratios = next(f.chunk_id for f in facts if f.line_item == "研究与开发费用占主营业务收入比例")
    context = [(1, c) for c in store.get_chunks([sheet], AccessScope())]
    asked = analyze("示例科技2004年度研究与开发费用占主营业务收入的比例是多少？")
    added = with_labelled_chunks(store, asked, context, AccessScope())
    assert [c.chunk_id for _, c in added] == [sheet, ratios]
    described = analyze("示例科技的主营业务是什么？")  # a description names no row
    assert with_labelled_chunks(store, described, context, AccessScope()) == context
    store.close()


INITECH = """# Initech Inc Annual Report on Form 10-K for fiscal year 2015

## CONSOLIDATED STATEMENTS OF EARNINGS

(in millions)

| | 2015 | 2014 |
|---|---|---|
| Net sales | 9,120.4 | 8,870.2 |
| Restructuring, impairment, and other exit costs | 275.1 | 165.6 |
| Operating profit | 1,515.9 | 1,419.9 |

## NOTE 4. RESTRUCTURING

Restructuring charges are classified in our Consolidated Statements of Earnings as follows:

| | 2015 2014 | |
|---|---|---|
| | Restructuring, impairment, and other exit costs $275.1 | $165.6 |
| Cost of sales | 9.9 | 14.0 |
"""


def test_a_row_named_after_the_filers_possessive_with_its_commas_brings_its_chunk(tmp_path: Path) -> None:
    store, _ = build_index(
        load_settings(tmp_path / "data"), tmp_path / "docs", {"INITECH_2015_10K.md": INITECH}
    )
    facts = store.get_facts(Filters(access=AccessScope()))
    sheet = next(f.chunk_id for f in facts if f.line_item == "Net sales")
    note = next(f.chunk_id for f in facts if f.line_item == "Cost of sales")
    # the note prints the label only run into a figure's cell: no row of the context is labelled so
    context = [(1, c) for c in store.get_chunks([note], AccessScope())]
    asked = analyze("What were Initech's restructuring, impairment, and other exit costs in 2014?")
    added = with_labelled_chunks(store, asked, context, AccessScope())
    assert [c.chunk_id for _, c in added] == [note, sheet]
    store.close()
