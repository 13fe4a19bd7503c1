"""The analyzer: codes and finance terms kept whole, numbers normalised, both languages, user terms."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.errors import ConfigError
from finrag.index.tokenize import Analyzer, analyze, count_tokens, simplified


@pytest.mark.parametrize(
    "text, token",
    [
        ("证券代码：603339", "603339"),
        ("错误码E5021表示超时", "e5021"),
        ("SKU-88213 out of stock", "sku-88213"),
        ("Annual report on Form 10-K", "10-k"),
        ("2019年归属于上市公司股东的净利润增长", "归属于上市公司股东的净利润"),
        ("经营活动产生的现金流量净额为正", "经营活动产生的现金流量净额"),
        ("合同负债增加", "合同负债"),
        ("period ended 2019-12-31", "2019-12-31"),
    ],
)
def test_codes_ids_and_line_items_stay_whole(text: str, token: str) -> None:
    assert token in analyze(text)


def test_numbers_match_with_or_without_separators_and_full_width() -> None:
    assert "1526.45" in analyze("1,526.45")
    assert "1526.45" in analyze("１，５２６．４５万元")
    assert "1234567" in analyze("1,234,567")
    assert analyze("1526.45") == ["1526.45"]


def test_line_item_subwords_match_shorter_queries() -> None:
    tokens = analyze("归属于上市公司股东的净利润")
    assert {"净利润", "股东"} <= set(tokens)


def test_english_is_lowercased_stemmed_and_stopwords_dropped() -> None:
    assert analyze("The Total Revenues of the Liabilities") == ["total", "revenue", "liability"]
    assert "year-end" in analyze("year-end close") and "year" in analyze("year-end close")


def test_user_dictionary_and_traditional_folding(tmp_path: Path) -> None:
    terms = tmp_path / "terms.txt"
    terms.write_text("# my terms\n冷链装备收入\n", encoding="utf-8")
    custom = Analyzer(str(terms), traditional_to_simplified=True)
    assert "冷链装备收入" in custom.analyze("本年冷链装备收入增长")
    assert "归属于上市公司股东的净利润" in custom.analyze("歸屬於上市公司股東的淨利潤")
    with pytest.raises(ConfigError):
        Analyzer(str(tmp_path / "absent.txt"))


def test_count_tokens_counts_words_not_subwords() -> None:
    assert count_tokens("归属于上市公司股东的净利润为1,526.45万元") == 4
    assert count_tokens("Total revenues were 12.3 million") == 5
    assert count_tokens("") == 0


def test_the_country_written_us_matches_the_u_s_filings_print() -> None:
    assert analyze("How did US sales grow?")[0] == analyze("U.S. sales grew")[0] == "u.s"
    assert "us" in analyze("Tell us about sales")  # the pronoun stays itself


def test_a_question_in_traditional_characters_is_read_in_simplified() -> None:
    assert simplified("母公司報表的其他業務毛利率", 2) == "母公司报表的其他业务毛利率"
    assert simplified("萧頴洁高管变动事件", 2) == "萧頴洁高管变动事件"  # one variant in a name: no script
    assert simplified("What was Nike's revenue?", 2) == "What was Nike's revenue?"
