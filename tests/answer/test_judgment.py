from __future__ import annotations

from decimal import Decimal

from finrag.answer.asks import compared_items, compares_periods
from finrag.answer.cite import check_answer
from finrag.answer.facts import extract_facts
from finrag.answer.judgment import (
    asks_direction,
    comparison_answer,
    direction_answer,
    items_answer,
    sign_answer,
)
from finrag.answer.lookup import Want, best_fact
from finrag.answer.numeric import calculation_answer, lookup_answer
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

INCOME = Table(
    "t1",
    [60],
    [["(In millions)", "2022", "2021"]],
    [
        ["Total revenue", "17,606", "15,785"],
        ["Operating income", "6,098", "5,802"],
        ["Total current assets", "5,308", "5,853"],
        ["Total current liabilities", "4,476", "5,146"],
    ],
    caption="Consolidated Statements of Income",
)


def _facts() -> tuple[list, dict[str, int]]:
    doc = make_doc([INCOME], company="Acme", year=2022, language="en", unit_line="")
    return extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}


def test_an_improving_margin_question_is_answered_from_both_years_figures() -> None:
    facts, rank = _facts()
    asked = analyze("Does Acme have an improving operating margin profile as of FY2022?")
    assert asks_direction(asked)
    found = direction_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None
    assert found.text.startswith(
        "No. Operating margin deteriorated by 2.12 percentage points: 34.64% in FY2022 from 36.76% in FY2021"
    )
    assert "6,098 / 17,606" in found.text and "5,802 / 15,785" in found.text  # both years' steps shown
    assert not asks_direction(analyze("What is Acme's FY2022 operating margin?"))  # no yes/no, no verdict


def test_positive_working_capital_is_read_off_the_sign_of_the_worked_figure() -> None:
    facts, rank = _facts()
    asked = analyze("Does Acme have positive working capital based on FY2022 data?")
    assert asked.formula is not None and asked.formula.name == "net_working_capital"
    found = sign_answer(asked, calculation_answer(asked, facts, rank, lambda f: 1))
    assert found is not None and found.calculation is not None
    assert found.text.startswith("Yes.") and found.calculation.result == Decimal("832.00")


def test_a_change_in_a_margin_between_two_years_is_the_difference_in_points() -> None:
    from finrag.answer.judgment import asks_change, change_answer

    facts, rank = _facts()
    asked = analyze("What is the FY2021 - FY2022 change in operating margin for Acme? Round to two decimals.")
    assert asks_change(asked)
    found = change_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None and found.result == Decimal("-2.12")  # 34.64% - 36.76%, not a growth rate
    assert "percentage points" in found.text and "basis points" not in found.text
    asked = analyze("By how many basis points did Acme's operating margin change from FY2021 to FY2022?")
    found = change_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None and "(-212 basis points)" in found.text  # the unrounded difference, in bps
    asked = analyze("How much did Acme's operating margin compress between fiscal 2021 and fiscal 2022?")
    assert asks_change(asked)  # both margins and their difference, not the two margins alone


def test_a_margin_change_in_points_asked_of_one_year_is_against_the_year_before() -> None:
    from finrag.answer.judgment import asks_change, change_answer

    facts, rank = _facts()
    asked = analyze("What was Acme's operating margin change in fiscal 2022, in percentage points?")
    assert asks_change(asked)
    found = change_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None and found.result == Decimal("-2.12"), found  # FY2022 less FY2021
    assert not asks_change(analyze("What was Acme's operating margin in fiscal 2022?"))


def test_a_chinese_ratio_s_change_between_two_years_is_the_difference_in_points() -> None:
    from finrag.answer.judgment import asks_change, change_answer

    balance = Table(
        "t3",
        [56],
        [["项目", "2005年12月31日", "2004年12月31日"]],
        [["资产总计", "196,508,066.75", "186,619,730.46"], ["负债合计", "104,826,744.65", "109,671,916.38"]],
        caption="合并资产负债表",
    )
    doc = make_doc([balance], company="天源科技", year=2005, unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze("天源科技2005年资产负债率比2004年增加了多少个百分点？")
    asked.years = [2005, 2004]
    assert asks_change(asked)
    found = change_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None and found.result == Decimal("-5.42") and "个百分点" in found.text


def test_a_product_s_printed_margin_change_asked_in_english_over_a_chinese_filing() -> None:
    from finrag.answer.judgment import asks_change, change_answer

    margins = Table(
        "t5",
        [90],
        [["项目", "2006年", "2005年"]],
        [["电力产品", "25.95%", "26.50%"], ["热力产品", "-32.37%", "-46.95%"]],
        caption="公司综合毛利率及分行业毛利率的数据及变动情况如下表：",
    )
    doc = make_doc([margins], company="国电电力", year=2006, language="zh", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze(
        "By how many percentage points did GD Power's (国电电力) gross margin on power products (电力产品) "
        "change in 2006 compared with 2005?"
    )
    assert asked.qualifiers == ["电力产品"] and asks_change(asked)
    found = change_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None and found.result == Decimal("-0.55"), found  # the printed rows, each year


def test_a_change_inside_a_definition_is_no_change_asked() -> None:
    from finrag.answer.judgment import asks_change

    dpo = analyze(
        "What is Acme's FY2020 days payable outstanding? DPO is defined as: 365 * (average accounts payable "
        "between FY2019 and FY2020) / (FY2020 COGS + change in inventory between FY2019 and FY2020)."
    )
    assert not asks_change(dpo)


def test_a_figure_compared_between_two_years_is_answered_yes_or_no_with_both() -> None:
    facts, rank = _facts()
    asked = analyze(
        "Did Acme's operating income in 2022 exceed its operating income in 2021? Give both figures."
    )
    assert compares_periods(asked.question, asked.language, len(asked.years)) and asked.intent == "lookup"
    found = comparison_answer(asked, lookup_answer(asked, facts, rank, lambda f: 1), lambda a: None)
    assert found is not None
    assert found.text.startswith("Yes. Operating income: 6,098 (2022) versus 5,802 (2021) [1].")
    lower = analyze("Was Acme's total revenue in 2022 lower than its total revenue in 2021?")
    found = comparison_answer(lower, lookup_answer(lower, facts, rank, lambda f: 1), lambda a: None)
    assert found is not None and found.text.startswith("No. ")


def test_a_margin_compared_between_two_years_is_worked_out_for_each() -> None:
    facts, rank = _facts()
    asked = analyze("Did Acme's operating margin in 2022 exceed its operating margin in 2021?")
    found = comparison_answer(asked, None, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None  # 6,098 / 17,606 = 34.64% against 5,802 / 15,785 = 36.76%
    assert found.text.startswith("No. Operating margin: 34.64% (2022) versus 36.76% (2021)")


def _compared(question: str, facts: list, rank: dict[str, int], year: int) -> str:
    """The yes/no answer comparing the two items the question names, in ``year``."""
    asked = analyze(question)
    pair = compared_items(question, asked.language, asked.line_items, len(asked.years))
    assert pair is not None
    both = (
        best_fact(facts, Want(pair[0], year), asked, rank),
        best_fact(facts, Want(pair[1], year), asked, rank),
    )
    found = items_answer(asked, both, (pair[0].printed, pair[1].printed), lambda f: 1)
    assert found is not None
    return found.text


def test_two_items_of_one_year_are_compared_by_size_with_both_cited() -> None:
    flows = Table(
        "t2",
        [42],
        [["($ in millions)", "Fiscal 2023", "Fiscal 2022"]],
        [["Repurchase of common stock", "(1,014)", "(3,502)"], ["Dividends paid", "(789)", "(688)"]],
        caption="Consolidated Statements of Cash Flows",
    )
    doc = make_doc([flows], company="Best Buy", year=2023, language="en", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    for question, verdict in (
        ("In fiscal 2023, did Best Buy spend more cash on share repurchases than on dividends?", "Yes. "),
        ("In fiscal 2023, did Best Buy spend less on share repurchases than on dividends?", "No. "),
    ):
        found = _compared(question, facts, rank, 2023)
        assert found.startswith(verdict)
        assert "1,014" in found and "789" in found and "-" not in found  # sizes, not signs


def test_two_items_a_chinese_question_compares_are_answered_yes_or_no_with_both() -> None:
    flows = Table(
        "t2",
        [120],
        [["项目", "2006年度", "2005年度"]],
        [
            ["借款所收到的现金", "15,931,590,809.31", "9,100,000,000.00"],
            ["偿还债务所支付的现金", "12,155,088,878.22", "8,083,730,597.68"],
        ],
        caption="合并现金流量表",
    )
    doc = make_doc([flows], company="国电电力", year=2006, file="guodian.pdf")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    for question, verdict in (
        ("国电电力2006年度合并现金流量表中，借款所收到的现金是否超过了偿还债务所支付的现金？", "是。"),
        ("国电电力2006年度合并现金流量表中，借款所收到的现金是否低于偿还债务所支付的现金？", "否。"),
    ):
        assert analyze(question).intent == "lookup"
        found = _compared(question, facts, rank, 2006)
        assert found.startswith(verdict), found
        assert "15,931,590,809.31" in found and "12,155,088,878.22" in found


def test_a_change_in_points_is_taken_between_unrounded_margins() -> None:
    from finrag.answer.judgment import asks_change, change_answer

    income = Table(
        "t3",
        [70],
        [["(In millions)", "2019", "2018"]],
        [["Total net revenues", "6,489", "7,500"], ["Operating income", "1,607", "1,988"]],
        caption="Consolidated Statements of Operations",
    )
    doc = make_doc([income], company="Activision Blizzard", year=2019, language="en", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze(
        "By how many percentage points did Activision Blizzard's operating margin change from 2018 to 2019?"
    )
    assert asks_change(asked)
    found = change_answer(asked, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    # 24.765% − 26.507% = −1.742: the shown margins (24.76%, 26.51%) would give −1.75
    assert found is not None and found.result == Decimal("-1.74")


def test_two_items_growth_rates_are_compared_not_their_sizes() -> None:
    from finrag.answer.asks import GROWTH_COMPARED, compared_items
    from finrag.answer.judgment import growth_items_answer
    from finrag.answer.lookup import Want, best_fact

    facts, rank = _facts()
    q = "Did Acme's operating income grow faster than its revenue in FY2022?"
    asked = analyze(q)
    pair = compared_items(q, "en", asked.line_items, len(asked.years))
    assert pair is not None and GROWTH_COMPARED.search(q)
    now = (
        best_fact(facts, Want(pair[0], 2022), asked, rank),
        best_fact(facts, Want(pair[1], 2022), asked, rank),
    )
    before = (
        best_fact(facts, Want(pair[0], 2021), asked, rank),
        best_fact(facts, Want(pair[1], 2021), asked, rank),
    )
    found = growth_items_answer(asked, now, before, (pair[0].printed, pair[1].printed), lambda f: 1)
    assert found is not None and found.text.startswith("No. Growth: operating income 5.1%")  # 6,098 / 5,802
    assert "revenue 11.5%" in found.text  # 17,606 / 15,785: revenue grew faster
    # the rates are a shown calculation: the citation check keeps the sentence that states them
    assert found.calculation is not None and "11.5%" in found.calculation.text
    doc = make_doc([INCOME], company="Acme", year=2022, language="en", unit_line="")
    context = {1: table_chunks(doc)[0]}
    kept, report = check_answer(found.text, context, found.calculation, q)
    assert kept == found.text and not report.dropped_sentences


def test_a_growth_comparison_may_name_the_base_year_and_open_with_a_dated_clause() -> None:
    q = (
        "In the six months ended December 31, 2022, did Acme grow its operating income faster than its "
        "revenue, compared with the six months ended December 31, 2021?"
    )
    asked = analyze(q)
    pair = compared_items(q, "en", asked.line_items, len(asked.years))
    assert pair is not None and [m.printed for m in pair] == ["operating income", "revenue"]


def test_a_chinese_question_comparing_two_years_is_answered_shi_or_fou() -> None:
    """ "2019年的营业收入是不是比2018年低": each year's figure, and 是/否 as the first compares with the
    second; a share asked is worked out for each year (never the part's amount set against the whole's)."""
    from .helpers import INCOME_ZH

    doc = make_doc([INCOME_ZH])
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze("四方科技2019年的营业收入是不是比2018年低？")
    assert compares_periods(asked.question, asked.language, len(asked.years))
    found = comparison_answer(asked, lookup_answer(asked, facts, rank, lambda f: 1), lambda a: None)
    assert found is not None and found.text.startswith("否。营业收入：1,175,301,034.32（2019年）对比")
    share = analyze("四方科技销售费用占营业收入的比重，2019年是否高于2018年？")
    assert compares_periods(share.question, share.language, len(share.years))
    found = comparison_answer(share, None, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None  # 40,112,334.10 / 1,175,301,034.32 = 3.41% against 3.73%
    assert found.text.startswith("否。") and "3.41%（2019年）对比3.73%（2018年）" in found.text
    assert not compares_periods("四方科技2019年的营业收入是多少？", "zh", 1)


def test_a_row_printed_without_a_unit_is_compared_in_its_filing_s_unit() -> None:
    from dataclasses import replace

    facts, _ = _facts()
    revenue = next(f for f in facts if f.line_item == "Total revenue" and f.fiscal_year == 2022)
    income = next(f for f in facts if f.line_item == "Operating income" and f.fiscal_year == 2022)
    bare = replace(revenue, unit=None, scale=Decimal(1))  # "| Total revenue | 17,606 |" under no unit line
    assert income.unit and income.scale > 1
    asked = analyze("Did Acme's total revenue exceed its operating income in 2022?")
    found = items_answer(asked, (bare, income), ("Total revenue", "operating income"), lambda f: 1)
    assert found is not None and found.text.startswith("Yes. ")


def test_a_share_s_change_in_points_is_the_share_worked_out_for_each_period() -> None:
    from finrag.answer.judgment import change_answer, share_in_points

    facts, rank = _facts()
    asked = analyze(
        "By how many percentage points did Acme's operating income as a share of total revenue change in"
        " 2022 versus 2021?"
    )
    shared = share_in_points(asked)
    assert shared is not None
    found = change_answer(shared, lambda a: calculation_answer(a, facts, rank, lambda f: 1))
    assert found is not None and found.result == Decimal("-2.12"), found  # 34.64% − 36.76%, no growth
    assert share_in_points(analyze("By what percentage did Acme's operating income grow in 2022?")) is None
