"""Query understanding: companies by any alias, intent, codes, line items, follow-up completion."""

from __future__ import annotations

from typing import Any

import pytest

from finrag.index.tokenize import get_analyzer
from finrag.model import AccessInfo, DocumentMeta, DocumentRecord, Turn
from finrag.retrieve.analyze import QueryAnalyzer, intent_of
from finrag.retrieve.entities import CompanyIndex
from finrag.retrieve.expand import load_glossary
from finrag.retrieve.name_forms import short_forms


def _record(doc: str, **meta: Any) -> DocumentRecord:
    return DocumentRecord(
        doc, f"{doc}.pdf", "pdf", "annual_report", "zh", 10, DocumentMeta(**meta), AccessInfo()
    )


@pytest.fixture(scope="module")
def companies() -> CompanyIndex:
    return CompanyIndex(
        [
            _record("a", company="四方科技", company_full="四方科技集团股份有限公司", company_code="603339",
                    fiscal_year=2019, fiscal_period="FY", period_end="2019-12-31"),
            _record("b", company="3M", company_full="3M Company", company_code="MMM", fiscal_year=2018,
                    fiscal_period="FY"),
            _record("c", company="Acme Widgets", company_full="Acme Widgets, Inc.", company_code="ACW",
                    fiscal_year=2023, fiscal_period="Q2", period_end="2023-06-30"),
        ]
    )  # fmt: skip


@pytest.fixture(scope="module")
def qa() -> QueryAnalyzer:
    return QueryAnalyzer(get_analyzer(None, False), load_glossary())


def test_a_company_is_found_by_short_name_full_name_or_code(companies: CompanyIndex) -> None:
    for text in ("四方科技的营收", "四方科技集团股份有限公司的营收", "603339 的营收"):
        assert [m.company.name for m in companies.match(text)] == ["四方科技"], text
    for text in ("3M revenue", "3M Company revenue", "What was MMM's capex?"):
        assert [m.company.name for m in companies.match(text)] == ["3M"], text
    assert [m.company.name for m in companies.match("Acme Widgets net sales")] == ["Acme Widgets"]
    assert companies.match("a hammer weighs 3 kg; mmm tasty") == []  # lower-case "mmm" is no ticker


def test_short_forms_drop_a_parent_group_and_a_place_but_never_leave_a_bare_suffix() -> None:
    assert {"天源科技", "中钢天源"} <= short_forms("中钢集团安徽天源科技股份有限公司")
    assert "安妮股份" in short_forms("厦门安妮股份有限公司")
    assert "股份有限公司" not in short_forms("四方科技集团股份有限公司")  # the "group" is the name itself
    assert "银行股份" not in short_forms("上海银行股份有限公司")  # an industry word alone names no one


def test_an_english_name_is_also_known_without_its_business_word() -> None:
    """ "GD POWER DEVELOPMENT CO., LTD." is asked as "GD Power"; a business word never leaves one word
    ("SQUARE TECHNOLOGY GROUP" is no "Square", Block's old name)."""
    assert "GD POWER" in short_forms("GD POWER DEVELOPMENT CO., LTD.")
    assert "Jiangsu Akcome Solar" in short_forms("Jiangsu Akcome Solar Science & Technology Co., Ltd.")
    square = short_forms("SQUARE TECHNOLOGY GROUP CO., LTD")
    assert "SQUARE TECHNOLOGY" in square and "SQUARE" not in square


def test_a_name_of_two_words_joined_by_an_ampersand_is_also_their_initials() -> None:
    assert "J&J" in short_forms("Johnson & Johnson")
    idx = CompanyIndex([_record("j", company="Johnson & Johnson", company_code="JNJ")])
    assert [m.company.name for m in idx.match("J&J R&D expense first half 2023")] == ["Johnson & Johnson"]
    assert idx.match("R&D and M&A spending") == []


def test_a_camel_case_short_form_names_the_one_company_it_abbreviates() -> None:
    idx = CompanyIndex(
        [
            _record("x", company="American Express", company_code="AXP"),
            _record("y", company="Acme Widgets", company_code="ACW"),
        ]
    )
    assert [m.company.name for m in idx.match("AmEx Commercial Services segment total assets")] == [
        "American Express"
    ]
    assert idx.match("PayPal's revenue") == []  # abbreviates no indexed company


def test_short_forms_strip_legal_suffixes() -> None:
    assert "四方科技" in short_forms("四方科技集团股份有限公司")
    assert "3M" in short_forms("3M Company")
    assert "Acme Widgets" in short_forms("Acme Widgets, Inc.")
    assert "江苏爱康太阳能" in short_forms("江苏爱康太阳能科技股份有限公司")  # "江苏爱康太阳能公司" names it
    assert "四方" not in short_forms("四方科技集团股份有限公司")  # too short once the business word goes


def test_intents() -> None:
    assert intent_of("你好") == "chitchat"
    assert intent_of("Hello!") == "chitchat"
    assert intent_of("如何申请退款？") == "howto"
    assert intent_of("What does EBITDA mean?") == "definition"
    assert intent_of("2019年营业收入同比增长率是多少？") == "calculation"
    assert intent_of("公司是否存在对外担保？") == "yesno"
    assert intent_of("四方科技的董事长是谁？") == "lookup"


def test_analysis_resolves_relative_periods_against_the_named_companys_report(
    qa: QueryAnalyzer, companies: CompanyIndex
) -> None:
    a = qa.understand("四方科技集团股份有限公司上年末货币资金是多少？", [], companies).analysis
    assert a.companies == ["四方科技"] and a.intent == "lookup"
    assert [(p.fiscal_year, p.period_end) for p in a.periods] == [(2018, "2018-12-31")]
    assert a.line_items == ["货币资金"]
    b = qa.understand("Acme Widgets net sales in the prior year period", [], companies).analysis
    assert [(p.fiscal_year, p.fiscal_period) for p in b.periods] == [(2022, "Q2")]


def test_relative_words_count_from_the_year_the_question_names_when_no_report_has_it(
    qa: QueryAnalyzer, companies: CompanyIndex
) -> None:
    a = qa.understand("四方科技2006年净利润比上年增长多少？", [], companies).analysis
    assert sorted(p.fiscal_year for p in a.periods) == [2005, 2006]  # not the 2019 report's 2018


def test_codes_must_match_literally_and_years_are_not_codes(
    qa: QueryAnalyzer, companies: CompanyIndex
) -> None:
    a = qa.understand("What does error E-5021 mean in FY2018 for MMM?", [], companies).analysis
    assert "E-5021" in a.codes and "MMM" in a.codes and "FY2018" not in a.codes


def test_follow_up_takes_company_and_period_from_history(qa: QueryAnalyzer, companies: CompanyIndex) -> None:
    history = [Turn("user", "四方科技2019年的董事长是谁？"), Turn("assistant", "……")]
    u = qa.understand("那实际控制人是谁？", history, companies)
    assert u.followup == "prefixed"
    assert "四方科技" in u.analysis.completed and "实际控制人" in u.analysis.completed
    assert u.analysis.companies == ["四方科技"] and u.analysis.periods[0].fiscal_year == 2019
    assert u.analysis.question == "那实际控制人是谁？"


def test_elliptical_follow_up_repeats_the_question_for_the_year_before(
    qa: QueryAnalyzer, companies: CompanyIndex
) -> None:
    history = [Turn("user", "What was 3M revenue in 2018?")]
    u = qa.understand("and the year before?", history, companies)
    assert u.followup == "elliptical"
    assert u.analysis.completed == "What was 3M revenue in 2017?"
    assert [p.fiscal_year for p in u.analysis.periods] == [2017]


def test_a_question_that_stands_alone_is_not_rewritten(qa: QueryAnalyzer, companies: CompanyIndex) -> None:
    history = [Turn("user", "四方科技2019年的董事长是谁？")]
    u = qa.understand("3M的资本支出是多少？", history, companies)
    assert u.followup == "" and u.analysis.completed == "3M的资本支出是多少？"


def test_a_fiscal_year_takes_its_end_date_and_prior_year_from_the_companys_report(qa: QueryAnalyzer) -> None:
    may = CompanyIndex([_record("s", company="Stride Shoes", company_code="STRD", fiscal_year=2018,
                                fiscal_period="FY", period_end="2018-05-31")])  # fmt: skip
    a = qa.understand("Stride Shoes revenue in FY2018 and the prior year", [], may).analysis
    assert [(p.fiscal_year, p.period_end) for p in a.periods] == [(2018, "2018-05-31"), (2017, "2017-05-31")]


def test_ordinary_words_are_not_taken_for_companies() -> None:
    idx = CompanyIndex([
        _record("x", company="Block", company_full="Block, Inc.", company_code="SQ"),
        _record("y", company="生物股份", company_full="金宇生物技术股份有限公司", company_code="600201"),
    ])  # fmt: skip
    assert idx.match("the block of shares was sold") == []
    assert [m.company.name for m in idx.match("Block revenue in 2020")] == ["Block"]
    assert idx.match("生物制品的收入") == []  # "生物" alone is not 生物股份
    assert [m.company.name for m in idx.match("生物股份的营业收入")] == ["生物股份"]


def test_latest_without_a_year_is_a_weak_recency_preference(
    qa: QueryAnalyzer, companies: CompanyIndex
) -> None:
    assert qa.understand("四方科技最新的实际控制人是谁", [], companies).recent
    assert not qa.understand("四方科技2019年的实际控制人是谁", [], companies).recent


def test_file_names_written_in_a_question_are_found() -> None:
    idx = CompanyIndex([_record("NIKE_2018_10K", company="Nike"), _record("report", company="X Co")])
    assert idx.files_in("In NIKE_2018_10K, what was revenue?") == ["NIKE_2018_10K.pdf"]
    assert idx.files_in("what does the report say") == []


def test_a_mixed_case_ticker_names_the_company_but_lower_case_words_do_not() -> None:
    idx = CompanyIndex([_record("j", company="Johnson & Johnson", company_code="JNJ")])
    assert [m.company.name for m in idx.match("How did JnJ's US sales grow?")] == ["Johnson & Johnson"]
    assert [m.company.name for m in idx.match("JNJ revenue")] == ["Johnson & Johnson"]
    assert idx.match("the jnj folder") == []


def test_a_lower_case_ticker_opening_a_terse_question_names_the_company() -> None:
    idx = CompanyIndex(
        [
            _record("b", company="Best Buy", company_code="BBY"),
            _record("c", company="Costco", company_code="COST"),
        ]
    )
    assert [m.company.name for m in idx.match("bby q3 fy24 domestic comparable sales?")] == ["Best Buy"]
    assert idx.match("what were sales at bby stores") == []  # inside running text: a word
    assert idx.match("cost of sales fy21?") == []  # "cost of": an ordinary phrase
    assert [m.company.name for m in idx.match("cost fy21 membership fees?")] == ["Costco"]


def test_a_two_letter_ticker_opening_a_terse_question_names_the_company_before_a_period() -> None:
    idx = CompanyIndex([_record("v", company="Verizon Communications", company_code="VZ")])
    assert [m.company.name for m in idx.match("vz 2019 free cash flow?")] == ["Verizon Communications"]
    assert [m.company.name for m in idx.match("vz fy22 capex?")] == ["Verizon Communications"]
    assert idx.match("vz free cash flow?") == []  # two letters alone are too often a word
    assert [m.company.name for m in idx.match("vz 1q16 diluted eps?")] == ["Verizon Communications"]


def test_a_chinese_abbreviation_names_its_company_but_a_longer_word_does_not() -> None:
    idx = CompanyIndex(
        [
            _record("n", company="湖南南岭民用爆破器材", company_full="湖南南岭民用爆破器材股份有限公司"),
            _record("g", company="国电电力", company_full="国电电力发展股份有限公司"),
        ]
    )
    found = idx.match("南岭民爆2006年1-6月合并利润表中的净利润是多少元?")
    assert [m.company.name for m in found] == ["湖南南岭民用爆破器材"] and found[0].alias == "南岭民爆"
    assert idx.match("国电南瑞2019年的营业收入是多少?") == []  # 南瑞 is not in 国电电力's name
    assert idx.match("湖南建设银行企业融资事件的时间是什么？") == []  # one word, not an abbreviation
    placed = idx.match("湖南南岭民爆2005年度的应收账款周转率是多少次？")  # the place, then the abbreviation
    assert [m.alias for m in placed] == ["湖南南岭民爆"]


def test_named_statements_are_part_of_the_understanding(qa: QueryAnalyzer, companies: CompanyIndex) -> None:
    und = qa.understand("What is 3M's FY2018 capex? Use the cash flow statement.", [], companies)
    assert [s.key for s in und.statements] == ["cash_flow"] and "statement=cash_flow" in und.rules
    zh = qa.understand("四方科技2019年合并利润表中的营业收入", [], companies)
    assert [s.key for s in zh.statements] == ["income"]
    assert qa.understand("What was 3M's revenue in 2018?", [], companies).statements == []


def test_spellings_of_one_issuer_that_share_an_alias_are_one_company() -> None:
    idx = CompanyIndex([
        _record("g1", company="General Mills", company_full="GENERAL MILLS, INC.", aliases=["Generalmills"]),
        _record("g2", company="Generalmills", aliases=["Generalmills"]),
        _record("g3", company="General Mills", company_full="GENERAL MILLS, INC."),
        _record("a", company="Acme Widgets"),
    ])  # fmt: skip
    (m,) = idx.match("What was Generalmills' revenue in 2022?")
    assert m.company.name == "General Mills" and m.company.filter_names() == ["General Mills", "Generalmills"]
    assert sorted(m.company.doc_ids) == ["g1", "g2", "g3"]
    both = idx.match("Acme Widgets and General Mills")
    assert [c.company.name for c in both] == ["Acme Widgets", "General Mills"]


def test_a_name_in_lower_case_or_in_hyphenated_parts_is_still_the_company() -> None:
    idx = CompanyIndex([
        _record("k", company="Cocacola", company_code="KO"),
        _record("p", company="PepsiCo"),
        _record("x", company="Block", company_full="Block, Inc.", company_code="SQ"),
    ])  # fmt: skip
    names = lambda q: [m.company.name for m in idx.match(q)]  # noqa: E731
    assert names("what were coca-cola's net operating revenues in 2020") == ["Cocacola"]
    assert names("how much did pepsico spend on capex in 2022") == ["PepsiCo"]  # nothing capitalised
    assert names("block's revenue in 2020") == ["Block"]  # a possessive names it
    assert names("what was a block of shares worth") == []  # an article makes it a word
    assert names("How much did the pepsico board approve?") == []  # capitalised elsewhere: a writer who
    # capitalises names would have capitalised this one


def test_a_name_clipped_before_a_year_names_the_one_company_it_opens() -> None:
    idx = CompanyIndex(
        [
            _record("g", company="国电电力发展股份有限公司"),
            _record("a", company="厦门安妮股份有限公司"),
            _record("t", company="中钢集团安徽天源科技股份有限公司"),
        ]
    )
    assert [m.company.name for m in idx.match("国电05年少数股东损益")] == ["国电电力发展股份有限公司"]
    assert [m.company.name for m in idx.match("安妮05年净利多少")] == [
        "厦门安妮股份有限公司"
    ]  # after its place
    assert idx.match("国投06年主营业务收入") == []  # opens no indexed company's name


def test_a_lower_case_question_with_a_month_still_names_its_company() -> None:
    idx = CompanyIndex([_record("p", company="PepsiCo", company_code="PEP")])
    found = idx.match("pepsico net cash from investing activities Q1 2023 (12 weeks ended March 25, 2023)?")
    assert [m.company.name for m in found] == ["PepsiCo"]


def test_analyst_shorthand_is_read_as_the_words_filings_print(
    qa: QueryAnalyzer, companies: CompanyIndex
) -> None:
    u = qa.understand("3M wtd-avg discount rate on finance leases, FY18?", [], companies)
    assert u.analysis.completed == "3M weighted-average discount rate on finance leases, FY18?"
    assert "weighted" in u.analysis.keywords  # searched as the lease note prints it
