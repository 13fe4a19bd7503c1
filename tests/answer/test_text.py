"""Text helpers the answer stage matches evidence with."""

from __future__ import annotations

from finrag.answer.text import prints_any, split_sentences, terms, word_stem


def test_prints_any_reads_pdf_spacing_and_latin_case() -> None:
    assert prints_any("一、营 业 收 入 1,175,301,034.32", ["营业收入"])
    assert prints_any("Net  Income was $300 million", ["net income"])
    assert not prints_any("Net sales 2,400; income taxes 80", ["net income", "净利润"])


def test_an_english_word_is_found_in_the_form_a_filing_prints_it() -> None:
    assert word_stem("competitors") in "the market is intensely competitive"
    assert word_stem("acquisitions") in "the acquisition of Aria"
    assert word_stem("sales") == "sales" and word_stem("净利润") == "净利润"  # short stems stay whole


def test_a_possessive_is_no_part_of_a_term() -> None:
    assert "works" in terms("What is American Water Works' FY2021 operating margin?")
    assert "services" in terms("What were Boeing Global Services’ revenues?")


def test_an_initial_or_a_title_ends_no_sentence() -> None:
    text = "Incoming CEO Mary N. Dillon gets a salary. The U.S. Steel unit grew. Mr. Smith left."
    assert split_sentences(text) == [
        "Incoming CEO Mary N. Dillon gets a salary.",
        "The U.S. Steel unit grew.",
        "Mr. Smith left.",
    ]
    cited = "diluted EPS (Note 17. Quarterly Financial Data, 2018 Q4): 0.73 [2]. NOTE 18. SEGMENTS follow."
    assert split_sentences(cited) == [
        "diluted EPS (Note 17. Quarterly Financial Data, 2018 Q4): 0.73 [2].",
        "NOTE 18. SEGMENTS follow.",
    ]


def test_colloquial_chinese_verbs_of_how_much_are_no_topic_words() -> None:
    words = terms("生物股份20年董监高薪酬一共发了多少？")
    assert "薪酬" in words and not {"一共", "发了"} & set(words)


def test_how_a_worked_out_figure_is_checked_is_no_topic() -> None:
    words = terms("按爱康招股书的口径，利息保障倍数算出来是多少？和招股书列示的一致吗？")
    assert "利息" in words and not {"口径", "出来", "一致"} & set(words)


def test_how_a_change_over_years_or_a_multiple_is_asked_is_no_topic() -> None:
    words = terms("2010年末比2008年末累计下降了多少个百分点？2014年是2009年的几倍？")
    assert "累计下降" not in words and "几倍" not in words
