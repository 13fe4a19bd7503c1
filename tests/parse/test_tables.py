"""Table helpers: header rows, captions and units."""

from __future__ import annotations

from finrag.parse.layout import Line, Segment
from finrag.parse.tables import (
    RUNNING_LINE_PAGES,
    caption_and_unit,
    is_amount,
    running_lines,
    split_header,
    tidy,
    unit_of,
)


def test_amounts_exactly_as_printed_are_numbers_but_years_are_not() -> None:
    zeros = ["$—", "$ —"]  # a zero printed as a currency sign and a dash
    for cell in ["1,516,034,246.28", "(1,234)", "-196,713.26", "12.3%", "$ 2,853", "—"[:0] + "0", *zeros]:
        assert is_amount(cell), cell
    for cell in ["2019", "2020年12月31日", "Item", "七、1", ""]:
        assert not is_amount(cell), cell


def test_header_rows_stop_at_first_amount_and_section_rows_stay_in_body() -> None:
    rows = [
        ["", "June 30,", "December 31,"],
        ["(in millions)", "2022", "2021"],
        ["Assets", "", ""],
        ["Cash", "$27,215", "$26,438"],
    ]
    header, body = split_header(rows)
    assert header == rows[:2]
    assert body[0] == ["Assets", "", ""]


def test_text_only_table_takes_first_row_as_header() -> None:
    header, body = split_header([["Name", "Role"], ["Ann", "CEO"], ["Bo", "CFO"]])
    assert header == [["Name", "Role"]] and len(body) == 2


def test_units_from_captions_and_headers() -> None:
    assert unit_of("编制单位: 金宇生物技术股份有限公司 单位:元 币种:人民币") == "元"
    assert unit_of("单位：万元") == "万元"
    assert unit_of("(Dollars in millions, except per share amount)") == "in millions"
    assert unit_of("(in thousands)") == "in thousands"
    assert unit_of("Total assets") is None


def test_caption_prefers_statement_title_over_date_lines() -> None:
    above = ["编制单位: 金宇生物技术股份有限公司 单位:元 币种:人民币", "2020年12月31日", "合并资产负债表"]
    assert caption_and_unit(above, []) == ("合并资产负债表", "元")
    above = ["At December 31", "Consolidated Balance Sheets", "3M Company and Subsidiaries"]
    assert caption_and_unit(above, [])[0] == "Consolidated Balance Sheets"


def test_first_row_of_amounts_is_body_not_header() -> None:
    # SEC cash flow statements print "$(660)" and their year header as a separate line above the grid
    assert is_amount("$(660)") and is_amount("$ (1,043)")
    rows = [["Net loss", "$(660)", "$(403)"], ["Depreciation and amortization", "167", "203"]]
    header, body = split_header(rows)
    assert header == [] and body == rows


def test_year_and_date_lines_above_a_table_are_not_its_caption() -> None:
    above = [
        "December 26, December 27, December 28,",
        "2015 2014 2013 (In millions)",
        "Statements of Cash Flows",
    ]
    assert caption_and_unit(above, []) == ("Statements of Cash Flows", "in millions")


def test_a_lead_in_sentence_names_the_table_below() -> None:
    above = [
        "depreciation expense, are allocated to all segments based on usage. Total depreciation expense, by"
        " segment, is as follows (in millions):",
        "Depreciation expense, including amortization of capitalized internal-use software and website",
    ]
    assert caption_and_unit(above, []) == (
        "Total depreciation expense, by segment, is as follows:",
        "in millions",
    )
    assert caption_and_unit(["(in thousands):", "NOTE 7. GOODWILL"], []) == (
        "NOTE 7. GOODWILL",
        "in thousands",
    )
    assert caption_and_unit(["Revenue from U.S. operations is as follows:"], [])[0] == (
        "Revenue from U.S. operations is as follows:"
    )


def test_notes_header_and_running_lines_are_not_captions() -> None:
    above = [
        "(Dollars in millions)",
        "Summary of Business Segment Data",
        "Notes to the Consolidated Financial Statements",
        "Acme Corporation and Subsidiaries",
    ]
    assert caption_and_unit(above, []) == ("Summary of Business Segment Data", "in millions")
    above = ["Segment Revenue", "ACME CORP 2023 ANNUAL REPORT"]
    running = running_lines([[_line("ACME CORP 2023 ANNUAL REPORT")] for _ in range(RUNNING_LINE_PAGES)])
    assert caption_and_unit(above[1:], [], running)[0] == ""
    assert caption_and_unit(above, [], running)[0] == "Segment Revenue"
    assert caption_and_unit(["Consolidated Balance Sheets"], [], running)[0] == "Consolidated Balance Sheets"


def _line(text: str) -> Line:
    return Line([Segment(text, 0.0, 0.0, 100.0, 10.0, 10.0, False)])


def test_a_first_amount_glued_to_its_chinese_label_gets_its_own_cell() -> None:
    rows = [
        ["预收款项12,337,730.60", "8,852,905.52", "19,359,291.49"],
        ["非流动负债：", "", ""],
        ["长期借款653,498.67", "1,127,388.99", "-"],
        ["所有者权益合计132,783,500.45", "96,740,512.28", "73,933,906.39"],
    ]
    assert tidy(rows) == [
        ["预收款项", "12,337,730.60", "8,852,905.52", "19,359,291.49"],
        ["非流动负债：", "", "", ""],
        ["长期借款", "653,498.67", "1,127,388.99", "-"],
        ["所有者权益合计", "132,783,500.45", "96,740,512.28", "73,933,906.39"],
    ]
    one = [["营业收入2019", "1,000.00"], ["营业成本", "500.00"]]  # a label ending in a year is no glue
    assert tidy(one) == one


def test_a_digit_spilled_over_the_column_rule_goes_back_to_its_amount() -> None:
    rows = tidy([["一.主营业务收入", "153,350,476.791", "12,504,100.20"], ["每股收益", "0.125", "0.3"]])
    assert rows[0] == ["一.主营业务收入", "153,350,476.79", "112,504,100.20"]
    assert rows[1] == ["每股收益", "0.125", "0.3"]  # three decimals of its own: left alone


def test_a_chinese_label_wrapped_around_its_amounts_is_one_row() -> None:
    rows = tidy(
        [
            ["项目", "2006年度", "2005年度"],
            ["分配股利、利润或偿付利息所支付的", "", ""],
            ["", "1,681,483,573.21", "1,607,030,092.71"],
            ["现金", "", ""],
            ["2006年", "", ""],  # a year heading over the rows below is no part of a label
            ["", "710", "2,691"],
            ["权益装机容量（万千瓦）", "", ""],
        ]
    )
    assert rows[1] == ["分配股利、利润或偿付利息所支付的现金", "1,681,483,573.21", "1,607,030,092.71"]
    assert rows[2:] == [["2006年", "", ""], ["", "710", "2,691"], ["权益装机容量（万千瓦）", "", ""]]
    english = [["Third quarter", "", ""], ["", "46.98", "44.15"], ["Second quarter", "", ""]]
    assert tidy(english) == english


def test_a_first_year_printed_over_the_label_column_moves_over_its_values() -> None:
    rows = tidy([["2020", "", "2019", "2018"], ["Occupancy", "55%", "91%", "91%"]])
    assert rows[0] == ["", "2020", "2019", "2018"]
    # a maturity schedule's year rows are labels, not a header of years
    schedule = [["2023", "", "", "$541"], ["2024", "", "", "465"]]
    assert tidy(schedule) == schedule


def test_a_row_of_another_tables_figures_is_no_caption() -> None:
    """The line right above a table may be the last row of the table before it: its figures mark it as a
    row, and the title above is the caption."""
    above = ["Current liabilities (60) (53) (13) (12)", "Pension Plans"]
    assert caption_and_unit(above, [["", "2022", "2021"]])[0] == "Pension Plans"
    assert caption_and_unit(["2017 Acquisition Activity"], [["", "2017"]])[0] == "2017 Acquisition Activity"
