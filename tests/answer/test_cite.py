from __future__ import annotations

from decimal import Decimal

from finrag.answer.cite import check_answer, make_citation
from finrag.model import CalcInput, Calculation

from .helpers import INCOME_ZH, make_chunk, make_doc, table_chunks


def _context():
    doc = make_doc([INCOME_ZH])
    text = make_chunk(doc, "公司的电子信箱为 zqb@ntsquare.com。报告期内公司向慈善总会捐款100万元。", 4, n=9)
    return {1: table_chunks(doc)[0], 2: text}


def test_fabricated_citation_id_is_removed() -> None:
    checked, report = check_answer("公司的电子信箱为 zqb@ntsquare.com[2][7]。", _context())
    assert checked == "公司的电子信箱为 zqb@ntsquare.com[2]。"
    assert report.removed_ids == [7]


def test_sentence_with_unsupported_number_is_dropped() -> None:
    answer = "营业收入为1,175,301,034.32元[1]。净利润为999,999.99元[1]。公司捐款100万元[2]。"
    checked, report = check_answer(answer, _context())
    assert "999,999.99" not in checked
    assert "1,175,301,034.32" in checked and "100万元[2]" in checked
    assert report.dropped_sentences == ["净利润为999,999.99元[1]。"]


def test_number_must_be_in_a_chunk_the_sentence_cites() -> None:
    # 100 is in chunk 2, but this sentence cites only chunk 1
    checked, _ = check_answer("公司捐款100万元[1]。", _context())
    assert checked == ""


def test_calculation_outputs_count_as_supported() -> None:
    calc = Calculation(
        "gross_margin",
        "(a − b) / a",
        [CalcInput("a", Decimal("1175301034.32"), "元", 1)],
        Decimal("23.15"),
        "%",
        "毛利率 = … = 23.15%",
    )
    checked, _ = check_answer("毛利率为23.15%[1]。", _context(), calc)
    assert checked == "毛利率为23.15%[1]。"


def test_citation_carries_file_page_and_table() -> None:
    ctx = _context()
    c = make_citation(1, ctx[1], page=60)
    assert (c.n, c.file, c.page, c.table_ref) == (1, "sifang_2019.pdf", 60, "t1")
    assert c.snippet.startswith("合并利润表")


def test_a_dates_day_from_a_column_label_needs_no_source() -> None:
    """ "Three months ended March 31, 2021" names the column the figure is read from; its day is no figure
    the cited chunk must print (its header says only "2021")."""
    doc = make_doc([INCOME_ZH])
    chunk = make_chunk(doc, "| Net cash (used in) operating activities | (43,872) | (120,089) |", 5, n=3)
    answer = "Operating activities (Three months ended March 31, 2021): -43,872 million [1]."
    question = "How much cash did operating activities use in the first quarter of 2021?"
    checked, report = check_answer(answer, {1: chunk}, None, question)
    assert checked == answer and report.dropped_sentences == []
    wrong = "Operating activities (2021): -43,831 million [1]."  # a figure is still checked
    assert check_answer(wrong, {1: chunk}, None, question)[0] == ""
