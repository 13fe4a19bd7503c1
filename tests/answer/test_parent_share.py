"""The parent company's share of a group figure: its own statement's row over the consolidated one's."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.lexicon import LineItemMatch
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


PARENT_SHEET = Table(
    table_id="t10",
    pages=[120],
    caption="母公司资产负债表",
    header=[["项目", "附注", "2019年12月31日", "2018年12月31日"]],
    rows=[["应收账款", "", "40,000,000.00", "38,000,000.00"]],
    row_pages=[120],
)
GROUP_SHEET = Table(
    table_id="t11",
    pages=[90],
    caption="合并资产负债表",
    header=[["项目", "附注", "2019年12月31日", "2018年12月31日"]],
    rows=[["应收账款", "七、5", "52,500,000.50", "49,000,000.00"]],
    row_pages=[90],
)


def test_how_far_the_group_s_balance_exceeds_the_parent_s() -> None:
    doc = make_doc([GROUP_SHEET, PARENT_SHEET])
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze("四方科技2019年末合并资产负债表的应收账款比母公司资产负债表多多少元？")
    assert asks_parent_share(asked)
    found = parent_share_answer(asked, facts, rank, lambda f: 1)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("12500000.50")  # 52,500,000.50 − 40,000,000.00
    assert found.text.index("合并") < found.text.index("母公司")
    # the parent's balance alone asks no difference, nor does one from another row the question quotes
    assert not asks_parent_share(analyze("四方科技2019年末母公司资产负债表的应收账款是多少元？"))
    quoted = "四方科技2019年末合并资产负债表的应收账款，比母公司报表附注中“应收关联方款项”多出多少元？"
    assert not asks_parent_share(analyze(quoted))


def test_a_row_the_lexicon_lacks_is_the_item_of_both_scopes() -> None:
    """A table row the question names ("主营业务税金及附加"), read beside the scope words a table also
    prints as a row ("parent company"), is the one item of the parent's share."""
    rows = [["主营业务税金及附加", "", "36,018,826.04", "30,000,000.00"]]
    head = [["项目", "附注", "2019年度", "2018年度"]]
    parent = Table("t12", [101], head, rows, caption="母公司利润表", row_pages=[101])
    rows = [["主营业务税金及附加", "", "160,004,047.62", "150,000,000.00"]]
    group = Table("t13", [95], head, rows, caption="合并利润表", row_pages=[95])
    doc = make_doc([group, parent])
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    question = (
        "In Sifang's (四方科技) 2019 report, what share of the consolidated main-business taxes and"
        " surcharges (主营业务税金及附加) was borne by the parent company?"
    )
    asked = analyze(question)
    asked.line_items = [
        LineItemMatch("", "主营业务税金及附加", question.find("主营")),
        LineItemMatch("", "parent company", question.find("parent company")),
    ]
    found = parent_share_answer(asked, facts, rank, lambda f: 1)
    assert found is not None and found.calculation is not None
    assert found.calculation.result == Decimal("22.51")  # 36,018,826.04 / 160,004,047.62
