from __future__ import annotations

import pytest

from finrag.chunk.metadata import english_name, extract_meta, from_file_name, short_english

TEN_K_COVER = """UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
Washington, D.C. 20549
FORM 10-K
☒ ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934
For the fiscal year ended December 31, 2018
Commission file number 1-3285
3M COMPANY
State of Incorporation: Delaware
"""

TEN_Q_COVER = """FORM 10-Q
Quarterly report pursuant to Section 13 or 15(d) of
For the quarterly period ended Commission file
June 30, 2022 number 1-5805
JPMorgan Chase & Co.
(Exact name of registrant as specified in its charter)
Title of each class Trading Symbol(s) Name of each exchange on which registered
Common stock JPM The New York Stock Exchange
"""

ZH_COVER = """2019 年年度报告
1 / 156
公司代码：603339 公司简称：四方科技
四方科技集团股份有限公司
2019 年年度报告
"""


def test_file_name_patterns() -> None:
    zh = from_file_name("2020-04-16__四方科技集团股份有限公司__603339__四方科技__2019年__年度报告.pdf")
    assert (zh.company, zh.company_full, zh.company_code) == (
        "四方科技",
        "四方科技集团股份有限公司",
        "603339",
    )
    assert (zh.fiscal_year, zh.fiscal_period, zh.report_date, zh.report_type) == (
        2019,
        "FY",
        "2020-04-16",
        "annual_report",
    )
    en = from_file_name("3M_2018_10K.pdf")
    assert (en.company, en.fiscal_year, en.fiscal_period, en.report_type) == ("3M", 2018, "FY", "10-K")
    q = from_file_name("BESTBUY_2024Q2_10Q.pdf")
    assert (q.fiscal_year, q.fiscal_period, q.report_type) == (2024, "Q2", "10-Q")
    eight = from_file_name("FOOTLOCKER_2022_8K_dated_2022-08-19.pdf")
    assert (eight.report_type, eight.report_date) == ("8-K", "2022-08-19")


def test_ten_k_cover_gives_company_and_period() -> None:
    meta = extract_meta("report.pdf", TEN_K_COVER, "en")
    assert (meta.company, meta.company_full) == ("3M", "3M COMPANY")
    assert (meta.report_type, meta.fiscal_year, meta.fiscal_period, meta.period_end) == (
        "10-K",
        2018,
        "FY",
        "2018-12-31",
    )


def test_ten_q_cover_with_interleaved_columns() -> None:
    meta = extract_meta("JPMORGAN_2022Q2_10Q.pdf", TEN_Q_COVER, "en")
    assert (meta.company, meta.company_code, meta.report_type) == ("JPMorgan Chase", "JPM", "10-Q")
    assert (meta.period_end, meta.fiscal_year, meta.fiscal_period) == ("2022-06-30", 2022, "Q2")


def test_cover_beats_file_name() -> None:
    meta = extract_meta("ACME_2017_10K.pdf", TEN_K_COVER, "en")
    assert meta.company == "3M" and meta.fiscal_year == 2018
    assert "Acme" in meta.aliases  # the file name's company is kept as an alias


def test_chinese_annual_report_cover() -> None:
    meta = extract_meta("年报.pdf", ZH_COVER, "zh")
    assert (meta.company, meta.company_code, meta.company_full) == (
        "四方科技",
        "603339",
        "四方科技集团股份有限公司",
    )
    assert (meta.fiscal_year, meta.fiscal_period, meta.period_end, meta.report_type) == (
        2019,
        "FY",
        "2019-12-31",
        "annual_report",
    )


def test_chinese_prospectus_cover() -> None:
    cover = (
        "厦门安妮股份有限公司\n（住所：厦门市集美区）\n首次公开发行股票招股意向书\n"
        "本招股意向书签署日期：2008年3月20日"
    )
    meta = extract_meta("x.PDF", cover, "zh")
    assert (meta.company, meta.company_full, meta.report_type) == (
        "厦门安妮",
        "厦门安妮股份有限公司",
        "prospectus",
    )
    assert meta.report_date == "2008-03-20"


def test_research_report_names_the_covered_company() -> None:
    cover = "证券研究报告 | 公司点评\n高测股份(688556.SH)\n2022 年 07 月 19 日\n增持（维持）"
    meta = extract_meta("report.pdf", cover, "zh")
    assert (meta.company, meta.company_code, meta.report_date) == ("高测股份", "688556", "2022-07-19")


def test_earnings_release_and_short_names() -> None:
    text = (
        "PURCHASE, N.Y. - April 25, 2023 - PepsiCo, Inc. (NASDAQ: PEP) today reported results for "
        "the first quarter 2023."
    )
    meta = extract_meta("release.pdf", text, "en")
    assert (meta.company, meta.company_code, meta.fiscal_period, meta.fiscal_year) == (
        "PepsiCo",
        "PEP",
        "Q1",
        2023,
    )
    ulta = (
        "Ulta Beauty Announces Fourth Quarter\nFiscal 2022 Results\nUlta Beauty, Inc. (NASDAQ: ULTA) today "
        "announced financial results for the thirteen-week period (“fourth quarter”) and fifty-two-week\n"
        "period (“fiscal year”) ended January 28, 2023 compared to the same periods ended January 29, 2022."
    )
    meta = extract_meta("release.pdf", ulta, "en")  # the quarter's name, and its end read past the quotes
    assert (meta.fiscal_year, meta.fiscal_period, meta.period_end) == (2022, "Q4", "2023-01-28")
    assert short_english("AMERICAN WATER WORKS COMPANY, INC.") == "American Water Works"
    assert short_english("CVS HEALTH CORPORATION") == "CVS Health"
    assert short_english("The Kraft Heinz Company") == "Kraft Heinz"


def test_a_trading_symbol_read_apart_from_its_exchange_is_the_ticker() -> None:
    # the cover's securities table read column by column: the symbol ends the class line, the exchange
    # comes on a line of its own
    cover = (
        "FORM 10-K\nADOBE INC.\n(Exact name of registrant as specified in its charter)\n"
        "Title of Each Class Trading Symbol Common Stock, $0.0001 par value per share ADBE\n"
        "Name of Each Exchange on Which Registered NASDAQ\n"
        "For the fiscal year ended December 2, 2022\n"
    )
    assert extract_meta("ADOBE_2022_10K.pdf", cover, "en").company_code == "ADBE"
    exchange_last = cover.replace(" ADBE\n", " The Nasdaq Stock Market LLC\n").replace("NASDAQ\n", "\n")
    assert extract_meta("ADOBE_2022_10K.pdf", exchange_last, "en").company_code != "LLC"


def test_an_exchange_s_own_words_are_no_ticker() -> None:
    cover = (
        "FORM 10-K\nPEPSICO, INC.\n(Exact name of registrant as specified in its charter)\n"
        "Common Stock, par value 1-2/3 cents per share The Nasdaq Stock Market LLC The Nasdaq Stock Market\n"
        "For the fiscal year ended December 25, 2021\n"
    )
    assert extract_meta("PEPSICO_2021_10K.pdf", cover, "en").company_code is None  # not "LLC"
    listed = cover.replace("per share The", "per share PEP The", 1)
    assert extract_meta("PEPSICO_2021_10K.pdf", listed, "en").company_code == "PEP"


@pytest.mark.parametrize(
    ("securities", "ticker"),
    [
        (  # the symbol column read after the classes, the exchanges elsewhere
            "Title of each class Trading Symbol Common stock, $0.00000625 par value per share MSFT 3.125% "
            "Notes due 2028 MSFT Securities registered pursuant to Section 12(g) of the Act: None",
            "MSFT",
        ),
        (
            "Trading Symbol\nName of each exchange on which registered\nCOST The NASDAQ Global Select Market",
            "COST",
        ),
        (
            "Title of each class | Trading symbol(s) | Name of each exchange on which registered\n"
            "Ordinary Shares, par value $0.01 per share 1.125% Notes Due 2027 | AMCR AUKF/27 | "
            "New York Stock Exchange New York Stock Exchange",
            "AMCR",
        ),
    ],
)
def test_ticker_read_from_the_covers_securities_table(securities: str, ticker: str) -> None:
    cover = (
        "UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\n"
        "For the fiscal year ended June 30, 2023\n"
        f"ACME CORPORATION\n(Exact name of registrant as specified in its charter)\n{securities}\n"
        "Indicate by check mark if the registrant is a well-known seasoned issuer. CLASS B COMMON STOCK"
    )
    assert extract_meta("report.pdf", cover, "en").company_code == ticker


def test_a_chinese_filing_s_english_name_with_its_commas_spaced() -> None:
    anne = english_name("英文名称： XIAMEN ANNE CORPORATION LIMITED \r\n")
    assert anne == "XIAMEN ANNE CORPORATION LIMITED"
    jinyu = english_name("外文名称 JINYU BIO-TECHNOLOGY CO.，LTD.\r外文名称缩写 JINYU")
    assert jinyu == "JINYU BIO-TECHNOLOGY CO., LTD."
    starlight = english_name("公司英文名称：Xiamen Starlight Paper Corporation。")
    assert starlight == "Xiamen Starlight Paper Corporation"
    square = english_name("| 公司的外文名称 | SQUARE TECHNOLOGY GROUP CO.,LTD |")  # a table cell
    assert square == "SQUARE TECHNOLOGY GROUP CO., LTD"
    tianyuan = english_name("3、英文名称： Sinosteel Anhui Tianyuan Technology Co.,Ltd. 4、注册资本：")
    assert tianyuan == "Sinosteel Anhui Tianyuan Technology Co., Ltd."
    assert english_name("公司名称：厦门安妮股份有限公司") is None
