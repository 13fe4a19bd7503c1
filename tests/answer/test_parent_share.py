"""The parent company's share of a group figure: its own statement's row over the consolidated one's."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.parent_share import asks_parent_share, parent_share_answer
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import INCOME_ZH, make_doc, table_chunks

PARENT_INCOME = Table(
    table_id="t9",
    pages=[72],
    caption="母公司利润表",
    header=[["项目", "附注", "2019年度", "2018年度"]],
    rows=[
        ["一、营业收入", "十七、4", "612,300,000.00", "580,100,000.00"],
        ["管理费用", "", "9,201,876.21", "8,870,002.10"],
    ],
    row_pages=[72, 72],
)


def test_the_parents_own_row_over_the_groups_same_row() -> None:
    doc = make_doc([INCOME_ZH, PARENT_INCOME])
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    for question in (
        "四方科技2019年母公司管理费用占合并管理费用的比例是多少？",
        "What share of Sifang's (四方科技) 2019 consolidated administrative expenses (管理费用) was recorded"
        " in the parent company's own income statement? Percent, two decimals.",
    ):
        asked = analyze(question)
        assert asks_parent_share(asked), question
        found = parent_share_answer(asked, facts, rank, lambda f: 1)
        assert found is not None and found.calculation is not None
        assert found.calculation.result == Decimal("19.63")  # 9,201,876.21 / 46,869,502.38
    assert not asks_parent_share(analyze("四方科技2019年母公司管理费用占母公司营业收入的比例是多少？"))
