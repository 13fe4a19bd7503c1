from __future__ import annotations

from finrag.answer.gate import decide, refusal_text
from finrag.answer.gate_names import in_known_name, name_spans, spelled_alike
from finrag.answer.gate_periods import only_in_end_date
from finrag.answer.gate_roles import check_role
from finrag.answer.query import AskedFor, analyze
from finrag.config import AnswerSettings
from finrag.model import Hit, QueryAnalysis, Table
from finrag.retrieve.periods import find_periods

from .helpers import INCOME_ZH, make_chunk, make_doc, table_chunks

OPERATIONS_EN = Table(
    "t9",
    [57],
    [["(Amounts in millions)", "2018", "2017"]],
    [["Operating income", "20,437", "22,764"], ["Depreciation and amortization", "10,529", "10,080"]],
    caption="Consolidated Statements of Income",
)


def _hits() -> list[Hit]:
    doc = make_doc([INCOME_ZH])
    text = "四方科技集团股份有限公司 2019年年度报告。公司的电子信箱为 zqb@ntsquare.com。"
    intro = make_chunk(doc, text, 4, n=5)
    return [Hit(table_chunks(doc)[0], 0.03), Hit(intro, 0.02)]


def test_answers_when_company_year_and_item_are_covered() -> None:
    d = decide(analyze("2019年四方科技的营业收入是多少元?"), _hits(), ["四方科技"], AnswerSettings())
    assert d.answerable and d.reason == "ok" and d.scores["keyword_coverage"] == 1.0


def test_refuses_absent_company() -> None:
    asked = analyze("请问，2020年诺泰生物的所得税费用是多少元?")
    d = decide(asked, _hits(), ["四方科技"], AnswerSettings())
    assert not d.answerable and d.reason == "company" and d.missing == ["诺泰生物"]
    assert refusal_text(asked, d).startswith("在已有文档中未找到相关信息")


def test_refuses_absent_year_and_names_the_year_found() -> None:
    asked = analyze("2021年四方科技的营业收入是多少元?")
    d = decide(asked, _hits(), ["四方科技"], AnswerSettings())
    assert not d.answerable and d.reason == "period" and d.found_years == [2019]
    assert "只找到2019年的数据" in refusal_text(asked, d)
    # the 2019 report holds 2018 comparatives: not a refusal
    earlier = analyze("2018年四方科技的营业收入是多少元?")
    assert decide(earlier, _hits(), ["四方科技"], AnswerSettings()).answerable


def test_refuses_when_the_topic_is_absent_in_english() -> None:
    asked = analyze("What does the prospectus say about lithium mining royalties?")
    d = decide(asked, _hits(), ["四方科技"], AnswerSettings())
    assert not d.answerable and d.reason == "keywords"
    assert refusal_text(asked, d).startswith("The documents do not contain")


def test_no_hits_is_a_refusal() -> None:
    assert decide(analyze("营业收入是多少"), [], [], AnswerSettings()).reason == "no_evidence"


def test_english_abbreviation_matches_the_document_name() -> None:
    doc = make_doc([INCOME_ZH], company="Johnson & Johnson", year=2022, file="JOHNSON_JOHNSON_2022_10K.pdf")
    hit = Hit(make_chunk(doc, "Sales increased 1.3% in fiscal 2022 to $94.9 billion.", 30), 0.03)
    asked = analyze("Are JnJ's FY2022 financials that of a high growth company?")
    assert decide(asked, [hit], [], AnswerSettings()).reason != "company"
    other = analyze("What was Globex's FY2022 net income?")
    assert decide(other, [hit], [], AnswerSettings()).reason == "company"


def test_a_question_about_a_text_it_does_not_include_asks_for_the_text() -> None:
    asked = analyze("下文中发生的事件类型有哪些？")
    d = decide(asked, _hits(), ["四方科技"], AnswerSettings())
    assert not d.answerable and d.reason == "no_text"
    assert "请附上原文" in refusal_text(asked, d)
    # a question that names its own topic is not about a missing text
    named = analyze("下文中四方科技2019年的营业收入是多少元?")
    assert decide(named, _hits(), ["四方科技"], AnswerSettings()).reason != "no_text"
    # asked within one selected document, "下文" is that document
    d = decide(asked, _hits(), ["四方科技"], AnswerSettings(), one_document=True)
    assert d.reason != "no_text"


def test_a_party_role_is_a_slot_to_fill_not_a_topic_word() -> None:
    doc = make_doc([], company="", file="p5.txt")
    text = "8月15日消息，D＆D Pharmatech获投1.37亿美元B轮融资，该轮融资由SmileGate、InterVest投资。"
    hits = [Hit(make_chunk(doc, text, 1), 0.9)]
    asked = analyze("D＆D Pharmatech企业融资事件对应的投资方是什么？")
    assert decide(asked, hits, [], AnswerSettings()).answerable  # "投资方" is not printed: no matter


def test_an_event_category_counts_through_its_wordings() -> None:
    from finrag.answer.subjects import with_event_words

    doc = make_doc([], company="", file="p6.txt")
    text = "格隆汇9月1日丨蓝秀莲因个人原因辞去公司总经理职务，董事会聘任王志刚为总经理。"
    hits = [Hit(make_chunk(doc, text, 1), 0.9)]
    asked = analyze("高管变动事件对应的主体有哪些？")
    assert decide(asked, hits, [], AnswerSettings()).answerable  # "高管变动" is printed as 辞去/聘任
    assert "聘任" in with_event_words("高管变动事件对应的主体有哪些？")


def test_an_unchecked_attribute_needs_evidence_naming_its_subject() -> None:

    doc = make_doc([], company="", file="p7.txt")
    about_others = [(1, make_chunk(doc, "如有变动，金培荣先生将根据后续质押情况及时履行告知义务。", 1))]
    about_him = [(1, make_chunk(doc, "凯众股份公告，副总经理王慕昊因个人原因离职。", 1))]
    asked = analyze("王慕昊高管变动事件对应的变动类型是什么？")
    refused = check_role(asked, about_others, AnswerSettings())
    assert refused is not None and not refused.passed
    assert check_role(asked, about_him, AnswerSettings()) is None  # nothing to check beyond the subject


def test_evidence_from_the_section_a_question_is_answered_from_passes_the_keyword_check() -> None:
    doc = make_doc([INCOME_ZH], company="Boeing", year=2022, file="BOEING_2022_10K.pdf", language="en")
    text = "Item 3. Legal Proceedings. Various legal proceedings, claims and investigations are pending."
    hit = Hit(make_chunk(doc, text, 20), 0.03)
    asked = analyze("Has Boeing reported any materially important ongoing legal battles from FY2022?")
    assert not decide(asked, [hit], ["Boeing"], AnswerSettings()).answerable  # wording alone: too few terms
    asked.section_titles = ["legal proceedings|litigation|contingencies"]  # the retriever's section concept
    d = decide(asked, [hit], ["Boeing"], AnswerSettings())
    assert d.answerable and d.scores["section"] == 1.0


def test_a_forecast_for_next_year_is_read_from_this_years_report() -> None:
    doc = make_doc([INCOME_ZH], company="Boeing", year=2022, file="BOEING_2022_10K.pdf", language="en")
    text = "We expect 737 production rates to increase to 38 per month in 2023."
    hit = Hit(make_chunk(doc, text, 40), 0.03)
    forecast = analyze("What 737 production rate is Boeing forecasting for FY2023?")
    assert decide(forecast, [hit], ["Boeing"], AnswerSettings()).answerable
    actual = analyze("What was Boeing's 737 production rate in FY2024?")
    assert decide(actual, [hit], ["Boeing"], AnswerSettings()).reason == "period"


def test_a_computed_metric_s_qualifier_need_not_be_printed() -> None:
    doc = make_doc([OPERATIONS_EN], company="Walmart", year=2018, language="en", unit_line="")
    hits = [Hit(c, 0.03) for c in table_chunks(doc)]
    asked = analyze("What is Walmart's FY2018 unadjusted EBITDA (in USD millions)?")
    assert decide(asked, hits, ["Walmart"], AnswerSettings()).answerable
    # a topic word the evidence lacks still refuses
    other = analyze("What is Walmart's FY2018 unadjusted lithium royalty income?")
    assert not decide(other, hits, ["Walmart"], AnswerSettings()).answerable


def test_a_maturity_year_is_not_a_period_the_documents_must_cover() -> None:
    doc = make_doc([OPERATIONS_EN], company="Walmart", year=2018, language="en", unit_line="")
    hits = [Hit(c, 0.03) for c in table_chunks(doc)]
    asked = analyze(
        "What is Walmart's FY2018 operating income, and when are the senior notes due 2028 repaid?"
    )
    assert asked.years == [2018]
    assert decide(asked, hits, ["Walmart"], AnswerSettings()).reason != "period"


def test_a_figure_of_a_company_that_filed_nothing_here_is_refused() -> None:
    amd = make_doc([OPERATIONS_EN], company="Advanced Micro Devices", year=2022, language="en", unit_line="")
    mention = make_chunk(
        amd, "Intel's position in the microprocessor market and its pricing strategy.", 20, n=7
    )
    hits = [Hit(mention, 0.04), *(Hit(c, 0.03) for c in table_chunks(amd))]
    known = ["Advanced Micro Devices", "Amd", "Square"]  # a document's names, former names and file name
    intel = decide(analyze("What was Intel's FY2022 operating income?"), hits, known, AnswerSettings())
    assert not intel.answerable and intel.reason == "company" and intel.missing == ["Intel"]
    assert decide(
        analyze("What was AMD's FY2022 operating income?"), hits, known, AnswerSettings()
    ).answerable
    # a count asked, whatever items are read: "shares of its common stock" names the class, no item
    counted = analyze("How many shares of its common stock did Intel repurchase in 2022?")
    refused = decide(counted, hits, known, AnswerSettings())
    assert not refused.answerable and refused.reason == "company"


def test_a_named_report_and_a_fiscal_year_s_end_date_do_not_ask_for_the_next_year() -> None:
    asked = analyze("What was Acme's FY2022 revenue (fiscal year ended January 28, 2023)?")
    assert asked.years == [2023] and asked.year_offset == 1 and not asked.instant  # one year, by its end
    # a filer naming its fiscal years by the year they start in: FY2022 is the column dated 2023
    shifted = analyze("What is Acme's FY2022 inventory turnover? Fiscal 2022 ended January 28, 2023.")
    assert shifted.years == [2023] and shifted.year_offset == 1
    assert not only_in_end_date(analyze("What was Acme's revenue in FY2022 and FY2023?"), 2023)


def test_a_report_question_s_subject_is_what_follows_the_filer_and_year() -> None:
    q = "四方科技2019年前五名客户销售额占年度销售总额的比例是多少?"
    asked = analyze(q, QueryAnalysis(q, q, "zh", "other", companies=["四方科技"]))
    doc = make_doc([])
    page = make_chunk(doc, "√适用 □不适用前五名客户销售额32,932.48万元，占年度销售总额28.02%；", 28)
    checked = check_role(asked, [(1, page)], AnswerSettings())
    assert checked is not None and checked.passed and checked.found.value == "28.02%"  # the page never
    # repeats the filer's name: the subject "前五名客户销售额占年度销售总额" is what it must print


def test_a_quarter_after_the_latest_filing_is_refused_and_the_filed_one_answered() -> None:
    doc = make_doc([], company="Acme", year=2023, language="en")
    doc.meta.period_end = "2023-06-30"  # a 10-Q for the quarter to June 30
    text = "Net revenues were $3,942 million in the quarter ended June 30, 2023."
    hits = [Hit(make_chunk(doc, text, 4), 0.9)]

    def asked(q: str) -> AskedFor:  # dates as the retriever's query analysis reads them
        return analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))

    later = asked("What were Acme's net revenues for the three months ended September 30, 2023?")
    decision = decide(later, hits, ["Acme"], AnswerSettings())
    assert not decision.answerable and decision.reason == "period" and decision.missing == ["2023-09-30"]
    filed = asked("What were Acme's net revenues for the three months ended June 30, 2023?")
    assert decide(filed, hits, ["Acme"], AnswerSettings()).answerable


def test_a_date_after_the_report_s_year_that_its_cover_page_writes_out_is_covered() -> None:
    doc = make_doc([], company="Acme", year=2022, language="en")
    doc.meta.period_end = "2022-12-31"  # an annual report, filed weeks after its year
    cover = "At January 31, 2023, 4,199,882,937 shares were outstanding, net of 91,550,709 in treasury."
    q = "How many Acme shares were held in treasury at January 31, 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
    assert decide(asked, [Hit(make_chunk(doc, cover, 2), 0.9)], ["Acme"], AnswerSettings()).answerable
    later = "At February 14, 2023, 4,199,882,937 shares were outstanding."  # another day: not covered
    decision = decide(asked, [Hit(make_chunk(doc, later, 2), 0.9)], ["Acme"], AnswerSettings())
    assert not decision.answerable and decision.missing == ["2023-01-31"]
    # a text question may ask of any day the evidence writes ("an agreement running to February 14, 2023")
    q = "What did Acme's supply agreement running to February 14, 2023 commit it to?"
    text = analyze(q, QueryAnalysis(q, q, "en", "text", periods=find_periods(q)))
    deal = "The supply agreement, running to February 14, 2023, commits Acme to buy 500 tons of steel."
    assert decide(text, [Hit(make_chunk(doc, deal, 9), 0.9)], ["Acme"], AnswerSettings()).answerable


def test_a_month_after_the_report_s_year_that_it_tells_of_is_covered_for_a_text_question() -> None:
    doc = make_doc([], company="Acme", year=2022, language="en")
    doc.meta.period_end = "2022-12-31"
    event = (
        "Upon payment of the $2.0 billion purchase price on January 4, 2023, the Company received "
        "approximately 17.4 million shares at a price of $92.19 per share."
    )
    q = "Under its accelerated share repurchase, how many shares did Acme receive in January 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "text", periods=find_periods(q)))
    assert decide(asked, [Hit(make_chunk(doc, event, 88), 0.9)], ["Acme"], AnswerSettings()).answerable
    q = "Under its accelerated share repurchase, how many shares did Acme receive in March 2023?"
    later = analyze(q, QueryAnalysis(q, q, "en", "text", periods=find_periods(q)))
    decision = decide(later, [Hit(make_chunk(doc, event, 88), 0.9)], ["Acme"], AnswerSettings())
    assert not decision.answerable and decision.reason == "period"  # a month the report never tells of


def test_a_figure_of_a_named_company_that_filed_nothing_here_is_refused() -> None:
    doc = make_doc(
        [], company="Lockheed Martin", year=2022, language="en", file="LOCKHEEDMARTIN_2022_10K.pdf"
    )
    text = "Net cash provided by operating activities was $7,802 million; total current liabilities $15,887."
    hits = [Hit(make_chunk(doc, text, 70), 0.9)]
    q = "What is the FY2022 operating cash flow ratio for Target Corporation?"
    decision = decide(analyze(q), hits, ["Lockheed Martin"], AnswerSettings())
    assert not decision.answerable and decision.reason == "company"
    q = "What is the FY2022 operating cash flow ratio for Lockheed Martin?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "calculation", companies=["Lockheed Martin"]))
    assert decide(asked, hits, ["Lockheed Martin"], AnswerSettings()).answerable


def test_a_known_company_named_as_the_customer_does_not_make_the_owner_known() -> None:
    doc = make_doc([], company="PepsiCo", year=2022, language="en", file="PEPSICO_2022_10K.pdf")
    text = "Sales to Walmart and its affiliates represented approximately 14% of our net revenue."
    hits = [Hit(make_chunk(doc, text, 6), 0.9)]
    known = ["PepsiCo", "Walmart"]
    q = "What percentage of Kellogg Company's fiscal 2022 net sales came from Walmart?"
    decision = decide(analyze(q), hits, known, AnswerSettings())
    assert not decision.answerable and decision.missing == ["Kellogg Company"]
    own = "What percentage of PepsiCo's fiscal 2022 net revenue came from Walmart?"
    assert decide(analyze(own), hits, known, AnswerSettings()).answerable
    bby = make_doc([], company="Best Buy", year=2024, language="en", file="BESTBUY_2024Q2_10Q.pdf")
    told = "Our credit ratings: Standard & Poor's BBB+ Stable; Moody's A3 Stable."
    rated = [Hit(make_chunk(bby, told, 30), 0.9)]
    ratings = "What credit ratings did Best Buy report from S&P and Moody's in its 10-Q?"
    assert decide(analyze(ratings), rated, ["Best Buy"], AnswerSettings()).answerable  # Best Buy's, first


def test_a_chinese_short_name_in_order_inside_the_legal_name_is_the_filer() -> None:
    doc = make_doc([], company="湖南南岭民用爆破器材", year=2006, file="湖南南岭民用爆破器材股份有限公司.PDF")
    hits = [Hit(make_chunk(doc, "| 向前5名客户的合计销售金额（万元） | 5,042.87 |", 68), 0.9)]
    decision = decide(analyze("南岭民爆2005年向前5名客户的合计销售金额是多少?"), hits, [], AnswerSettings())
    assert decision.scores["company:南岭民爆"] == 1.0  # 南岭…民…爆 in order in 湖南南岭民用爆破器材


def test_a_release_dated_by_its_quarter_and_a_current_report_by_its_date() -> None:
    release = make_chunk(
        make_doc([], company="Acme", year=2023, language="en", file="acme_2023q1_earnings.pdf"),
        "Acme reported first-quarter 2023 net revenues of $17,846 million.",
        1,
    )
    release.meta.period_end, release.meta.fiscal_period = None, "Q1"  # a quarter's release, no date read
    filing = make_doc([], company="Acme", year=2023, language="en", file="acme_8k.pdf")
    current = make_chunk(filing, "Acme met.", 1)
    current.meta.period_end, current.meta.report_date = None, "2023-05-26"  # a current report
    hits = [Hit(release, 0.9), Hit(current, 0.8)]

    def asked(q: str) -> AskedFor:
        return analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))

    later = asked("What were Acme's net revenues for the 12 weeks ended June 17, 2023?")
    assert decide(later, hits, ["Acme"], AnswerSettings()).reason == "period"
    # a fiscal calendar running weeks past the calendar quarter is still that quarter's release
    shifted = asked("What were Acme's net revenues for the 13 weeks ended April 29, 2023?")
    assert decide(shifted, hits[:1], ["Acme"], AnswerSettings()).answerable


def test_a_named_rate_no_evidence_prints_is_refused() -> None:
    doc = make_doc([], company="Acme", year=2021, language="en")
    hits = [Hit(make_chunk(doc, "Acme serves 3.4 million customers in 14 states in 2021.", 5), 0.9)]
    churn = analyze("What was Acme's customer churn rate in FY2021?")
    decision = decide(churn, hits, ["Acme"], AnswerSettings())
    assert not decision.answerable and decision.missing == ["churn rate"]
    customers = analyze("How many customers did Acme serve in FY2021?")
    assert decide(customers, hits, ["Acme"], AnswerSettings()).answerable
    zh = analyze("四方科技的员工离职率是多少?")
    assert decide(zh, _hits(), ["四方科技"], AnswerSettings()).missing == ["离职率"]
    score = analyze("What was Acme's Net Promoter Score (NPS) in FY2021?")
    assert decide(score, hits, ["Acme"], AnswerSettings()).missing == ["Promoter Score"]
    aside = analyze("What was Acme's employee turnover (attrition) rate in FY2021?")
    assert decide(aside, hits, ["Acme"], AnswerSettings()).missing == ["turnover rate"]


def test_a_segment_written_after_the_company_s_short_name_is_the_company_s() -> None:
    doc = make_doc([], company="Johnson & Johnson", year=2023, language="en", file="JOHNSON_JOHNSON_2023.pdf")
    hits = [Hit(make_chunk(doc, "MedTech worldwide sales grew 12.9% in the second quarter of 2023.", 2), 0.9)]
    asked = analyze("how much did J&J's MedTech sales grow in Q2 2023?")
    assert asked.entities == ["J&J MedTech", "MedTech"]  # the owner with its part, then the part
    assert decide(asked, hits, ["Johnson & Johnson"], AnswerSettings()).answerable
    product = [
        Hit(make_chunk(doc, "Fourth quarter worldwide sales: Oncology DARZALEX WW 2,083 1,645", 17), 0.9)
    ]
    darzalex = analyze("J&J Darzalex worldwide sales Q4 2022")
    assert decide(darzalex, product, ["Johnson & Johnson"], AnswerSettings()).reason != "company"  # capitals
    mills = make_doc([], company="General Mills", year=2020, language="en", file="GENERALMILLS_2020_10K.pdf")
    sales = [Hit(make_chunk(mills, "Net sales in fiscal 2020 were $17,626.6 million.", 40), 0.9)]
    other = analyze("What were General Dynamics' total revenues for FY2020, in USD millions?")
    assert decide(other, sales, ["General Mills"], AnswerSettings()).reason == "company"  # not "General"


def test_a_line_item_after_the_year_is_no_company_name() -> None:
    # "信用减值损失" after "2020年的" is the item: the company named before the year is the one checked
    asked = analyze("请问，四方科技2020年的信用减值损失是多少元?")
    assert asked.entities == ["四方科技"]
    assert decide(asked, _hits(), ["四方科技"], AnswerSettings()).reason == "period"


def test_the_company_the_retriever_matched_narrows_the_evidence_to_its_reports() -> None:
    # no name guessed from the wording: the matched company's reports alone decide the year coverage
    other = make_doc([INCOME_ZH], company="南岭民爆", year=2006, file="nanling.pdf")
    asked = analyze("中钢天源（安徽天源科技）2006年全年的主营业务收入是多少元？")
    asked.companies, asked.entities = ["四方科技"], []
    hits = [Hit(table_chunks(other)[0], 0.9), *_hits()]
    decision = decide(asked, hits, ["四方科技", "南岭民爆"], AnswerSettings())
    assert not decision.answerable and decision.reason == "period"


def test_the_filing_a_question_is_read_from_is_no_keyword_it_must_find() -> None:
    doc = make_doc([], company="JPMorgan Chase", year=2022, language="en", file="JPMORGAN_2022Q2_10Q.pdf")
    sheet = make_chunk(
        doc, "Consolidated balance sheets June 30, 2022: Loans 1,104,155; Deposits 2,471,544.", 90
    )
    asked = analyze(
        "According to JPMorgan Chase's 10-Q for the second quarter of 2022, what was its loans-to-deposits "
        "ratio at June 30, 2022? Define it as total loans / total deposits from the consolidated balance "
        "sheet."
    )
    assert decide(asked, [Hit(sheet, 0.9)], ["JPMorgan Chase"], AnswerSettings()).answerable


def test_a_peer_a_prospectus_names_is_no_company_the_index_holds() -> None:
    doc = make_doc([INCOME_ZH], company="国电电力", year=2006, file="guodian.pdf")
    peers = make_chunk(
        doc, "注1：可比公司为华能国际、大唐发电、华电国际和国投电力。主营业务收入逐年增加。", 44
    )
    hits = [Hit(peers, 0.9)]
    asked = analyze("华能国际2006年度的主营业务收入是多少元？")
    assert asked.entities == ["华能国际"]
    decision = decide(asked, hits, ["国电电力"], AnswerSettings())
    assert not decision.answerable and decision.reason == "company"
    peer = decide(analyze("大唐发电2006年的净利润是多少？"), hits, ["国电电力"], AnswerSettings())
    assert not peer.answerable and peer.reason == "company"  # a power producer's short name
    own = analyze("国电电力2006年度的主营业务收入是多少元？")
    assert decide(own, hits, ["国电电力"], AnswerSettings()).answerable


def test_a_sister_company_sharing_the_filer_s_group_name_is_another_company() -> None:
    doc = make_doc([INCOME_ZH], company="中钢集团安徽天源科技股份有限公司", year=2005, file="tianyuan.pdf")
    hits = [
        Hit(make_chunk(doc, "中钢集团安徽天源科技股份有限公司2005年度主营业务收入20,912.54万元。", 90), 0.9)
    ]
    known = ["中钢集团安徽天源科技股份有限公司"]
    sister = decide(
        analyze("中钢集团吉林炭素股份有限公司2005年的主营业务收入是多少？"), hits, known, AnswerSettings()
    )
    assert not sister.answerable and sister.missing == ["吉林炭素股份有限公司"]
    own = analyze("中钢集团安徽天源科技股份有限公司2005年的主营业务收入是多少？")
    assert decide(own, hits, known, AnswerSettings()).answerable


def test_a_subsidiary_or_acquisition_the_prospectus_describes_is_answered_from_it() -> None:
    doc = make_doc([INCOME_ZH], company="国电电力", year=2006, file="guodian.pdf")
    target = make_chunk(
        doc, "（三）收购国电大渡河流域水电开发有限公司股权。该公司2006年度主营业务收入为100,000万元。", 179
    )
    asked = analyze("国电大渡河流域水电开发有限公司2006年度的主营业务收入是多少元？")
    assert decide(asked, [Hit(target, 0.9)], ["国电电力"], AnswerSettings()).answerable
    peer = make_chunk(doc, "可比公司为华能国际、大唐发电。华能国际2006年度主营业务收入逐年增加。", 44)
    named = analyze("华能国际2006年度的主营业务收入是多少元？")
    assert not decide(named, [Hit(peer, 0.9)], ["国电电力"], AnswerSettings()).answerable


def test_a_metric_named_by_an_abbreviation_no_evidence_prints_is_refused() -> None:
    doc = make_doc([], company="Acme", year=2019, language="en")
    hits = [
        Hit(
            make_chunk(
                doc, "Acme had 409 million monthly active users and net revenues of $6,489 million.", 5
            ),
            0.9,
        )
    ]
    arppu = analyze("What was Acme's average revenue per paying user (ARPPU) in 2019?")
    assert arppu.formula is None  # "average … per paying user" is a per-unit metric, not a mean of figures
    decision = decide(arppu, hits, ["Acme"], AnswerSettings())
    assert not decision.answerable and decision.missing == ["ARPPU"]
    mau = analyze("How many monthly active users (MAUs) did Acme have in 2019?")
    assert decide(mau, hits, ["Acme"], AnswerSettings()).answerable  # the words before it are printed
    eps = analyze("What was Acme's diluted earnings per share (EPS) in 2019?")
    assert "EPS" not in decide(eps, hits, ["Acme"], AnswerSettings()).missing  # a statement item


def test_a_listing_code_no_indexed_company_has_is_another_company() -> None:
    peer = analyze("四方股份（601126）2019年的营业收入是多少元？")
    decision = decide(peer, _hits(), ["四方科技", "603339"], AnswerSettings())
    assert not decision.answerable and decision.reason == "company" and decision.missing == ["601126"]
    own = analyze("四方科技（603339）2019年的营业收入是多少元？")
    assert decide(own, _hits(), ["四方科技", "603339"], AnswerSettings()).answerable
    amount = analyze("四方科技2019年营业收入超过300000元吗？")  # a number, not a code
    assert decide(amount, _hits(), ["四方科技", "603339"], AnswerSettings()).reason != "company"


def test_an_interim_report_holds_its_year_and_the_year_before_only() -> None:
    doc = make_doc([], company="Acme", year=2021, language="en", file="ACME_2021Q1_10Q.pdf")
    chunk = make_chunk(doc, "Net income was $14,300 million for the first quarter of 2021.", 3)
    chunk.meta.fiscal_period, chunk.meta.period_end = "Q1", "2021-03-31"
    hits = [Hit(chunk, 0.9)]
    old = analyze("What was Acme's net income for full-year 2019?")
    assert decide(old, hits, ["Acme"], AnswerSettings()).reason == "period"
    prior = analyze("What was Acme's net income in the first quarter of 2020?")
    assert decide(prior, hits, ["Acme"], AnswerSettings()).answerable


def test_an_english_question_writing_the_company_s_chinese_name_is_about_it() -> None:
    asked = analyze("What was Sifang Technology's (四方科技) operating revenue in 2019?")
    decision = decide(asked, _hits(), ["四方科技"], AnswerSettings())
    assert decision.reason != "company"
    other = analyze("What was Acme Technology's operating revenue in 2019?")
    assert decide(other, _hits(), ["四方科技"], AnswerSettings()).reason == "company"


def test_an_amount_a_filing_s_table_prints_is_no_role_to_check_in_its_sentences() -> None:
    asked = analyze("四方科技2019年现金流量表补充资料中，固定资产折旧的本期金额是多少元？")
    table = make_chunk(make_doc([]), "| 固定资产折旧 | 33,506,337.42 | 30,112,000.00 |", 129, table_ref="t1")
    checked = check_role(asked, [(1, table)], AnswerSettings())
    assert checked is not None and checked.deferred  # the fact lookup may answer it
    assert checked.cue_groups == (("本期",),)  # a quoted sentence must print what is asked
    event = analyze("肖清股东减持事件对应的交易金额是什么？")  # news: the sentence must say it
    news = make_chunk(make_doc([]), "公司董事肖清计划减持公司股份不超过约1.57万股。", 1)
    checked = check_role(event, [(1, news)], AnswerSettings())
    assert checked is not None and not checked.passed and not checked.deferred
    # "上市公司" names no listing event: the dividend table's ratio is looked up
    ratio = analyze(
        "四方科技2018年度分红每10股派息多少元？现金分红占当年合并报表归属于上市公司普通股股东净利润的比率是多少？"
    )
    shares = make_chunk(make_doc([]), "| 2018年 | 2.00 | 42,134,975.00 | 23.12 |", 21, table_ref="t2")
    checked = check_role(ratio, [(1, shares)], AnswerSettings())
    assert checked is not None and checked.deferred


def test_a_former_name_in_brackets_is_no_topic_word() -> None:
    doc = make_doc([OPERATIONS_EN], company="Block", year=2020, language="en", file="BLOCK_2020_10K.pdf")
    hits = [Hit(table_chunks(doc)[0], 0.03)]
    asked = analyze("What is Block's (formerly known as Square) FY2020 operating margin?")
    assert decide(asked, hits, ["Block"], AnswerSettings()).answerable
    other = analyze("What was Block's FY2020 hashrate of bitcoin mining rigs?")
    assert decide(other, hits, ["Block"], AnswerSettings()).reason == "keywords"


def test_a_rate_the_evidence_names_without_a_figure_is_not_reported() -> None:
    doc = make_doc([INCOME_ZH], company="Walmart", year=2020, file="WALMART_2020_10K.pdf", language="en")
    vague = Hit(make_chunk(doc, "Membership income rose on higher overall renewal rates.", 39), 0.03)
    asked = analyze("What was Walmart's membership renewal rate in fiscal 2020?")
    d = decide(asked, [vague], ["Walmart"], AnswerSettings())
    assert not d.answerable and d.missing == ["renewal rate"]
    printed = Hit(make_chunk(doc, "Our membership renewal rate was 90.4% in fiscal 2020.", 39), 0.03)
    assert decide(asked, [printed], ["Walmart"], AnswerSettings()).answerable
    defined = Hit(
        make_chunk(
            doc,
            "For 2020, the Company's employee turnover rate, which the Company defines as the ratio of the"
            " number of separated employees during the year to all active employees as of December 31,"
            " 2020, was 7.4%, down from 9.7% in 2019.",
            23,
        ),
        0.03,
    )
    turnover = analyze("What employee turnover rate did Walmart report for 2020?")
    assert decide(turnover, [defined], ["Walmart"], AnswerSettings()).answerable  # its definition aside


def test_a_year_end_is_a_date_not_a_topic_word() -> None:
    doc = make_doc([INCOME_ZH], company="国电电力", year=2006)
    hit = Hit(make_chunk(doc, "合并资产负债表 2006年12月31日 | 长期负债合计 | 16,804,021,771.39 |", 94), 0.03)
    q = "国电电力2006年末的非流动负债比率是多少?非流动负债比率=长期负债合计/负债合计"
    assert decide(analyze(q), [hit], ["国电电力"], AnswerSettings()).answerable


def test_a_part_of_a_filer_no_evidence_prints_is_not_that_filer() -> None:
    doc = make_doc([OPERATIONS_EN], company="Pfizer", year=2023, language="en", file="Pfizer_2023Q2_10Q.pdf")
    hits = [Hit(table_chunks(doc)[0], 0.03)]
    asked = analyze("How much revenue did Pfizer's Upjohn segment generate in 2023?")
    d = decide(asked, hits, ["Pfizer"], AnswerSettings())
    assert not d.answerable and d.reason == "company" and d.missing == ["Upjohn"]
    printed = Hit(make_chunk(doc, "Upjohn segment revenues were $1,234 million in 2023.", 40), 0.03)
    assert decide(asked, [*hits, printed], ["Pfizer"], AnswerSettings()).reason != "company"


def test_a_segment_named_by_its_initials_or_with_the_legal_form_is_the_filers() -> None:
    doc = make_doc([OPERATIONS_EN], company="Amazon", year=2017, language="en", file="AMAZON_2017_10K.pdf")
    text = "AWS segment operating income was $4,331 million on net sales of $17,459."
    aws = Hit(make_chunk(doc, text, 25), 0.03)
    asked = analyze("What was Amazon Web Services' operating margin in 2017?")
    assert decide(asked, [aws], ["Amazon"], AnswerSettings()).reason != "company"
    corning = make_doc([OPERATIONS_EN], company="Corning", year=2020, language="en", file="CORNING_10K.pdf")
    hit = Hit(table_chunks(corning)[0], 0.03)
    legal = analyze("What was the 2020 operating income of Corning Incorporated.?")
    assert decide(legal, [hit], ["Corning"], AnswerSettings()).reason != "company"


def _prospectus_hits(text: str) -> list[Hit]:
    doc = make_doc([], company="厦门安妮", year=2007, file="厦门安妮股份有限公司.PDF")
    doc.meta.fiscal_year = (
        None  # a prospectus dated by no fiscal year: its track record is read from its text
    )
    doc.doc_type = "prospectus"
    cover = make_chunk(doc, "公司名称：厦门安妮股份有限公司 英文名称：XIAMEN ANNE CORPORATION LIMITED", 34)
    body = make_chunk(doc, text, 118, n=1)
    return [Hit(cover, 0.9), Hit(body, 0.8)]


def test_an_english_question_glossing_a_chinese_filer_is_read_from_its_filing() -> None:
    hits = _prospectus_hits("近三年合并利润表 2006年度 营业收入 312,345,678.00 净利润 20,984,945.95")
    asked = analyze(
        "What was Xiamen Anne Corporation's (厦门安妮股份有限公司) consolidated net profit for 2006?"
    )
    assert "厦门安妮股份有限公司" in asked.entities
    # the cover that prints the English name holds no year: the filing's other pages cover 2006
    assert decide(asked, hits, ["厦门安妮"], AnswerSettings()).answerable
    revenue = analyze(
        "What was Xiamen Anne Corporation's (厦门安妮股份有限公司) main business revenue in 2006?"
    )
    assert decide(revenue, hits, ["厦门安妮"], AnswerSettings()).answerable  # 营业收入 is revenue
    absent = analyze("What was Xiamen Anne Corporation's (厦门安妮股份有限公司) net profit for 2001?")
    assert decide(absent, hits, ["厦门安妮"], AnswerSettings()).reason == "period"


def test_english_words_glossed_in_chinese_count_where_the_chinese_is_printed() -> None:
    asked = analyze(
        "How much did Xiamen Anne (厦门安妮) spend on technology development (技术开发费用) in 2006?"
    )
    printed = _prospectus_hits("2006年技术开发费用1,348.63万元，占销售收入3.1%。")
    assert decide(asked, printed, ["厦门安妮"], AnswerSettings()).answerable
    silent = _prospectus_hits("2006年公司营业费用1,115.20万元。")
    assert decide(asked, silent, ["厦门安妮"], AnswerSettings()).reason == "keywords"


def test_words_that_only_frame_an_english_question_are_not_looked_for() -> None:
    doc = make_doc([OPERATIONS_EN], company="Acme", year=2022, language="en")
    note = (
        "Contingencies - Brazil. The Company's operations in Brazil are involved in various governmental "
        "assessments and litigation, principally related to claims for excise and income taxes. At December "
        "31, 2022, the Company had recorded accruals of $12 million."
    )
    hits = [Hit(make_chunk(doc, note, 31, n=1), 0.03)]
    asked = analyze(
        "What tax contingencies in Brazil does Acme describe in its 10-Q for the quarter ended December 31, "
        "2022, and how much had it accrued for them?"
    )
    assert decide(asked, hits, ["Acme"], AnswerSettings()).answerable


def test_a_figure_owner_only_another_filer_mentions_is_not_covered() -> None:
    doc = make_doc(
        [], company="Lockheed Martin", year=2022, language="en", file="LOCKHEEDMARTIN_2022_10K.pdf"
    )
    said = "Javelin is built by a joint venture of Lockheed Martin and Raytheon Technologies; backlog grew."
    hits = [Hit(make_chunk(doc, said, 12), 0.9)]
    asked = analyze("What was Raytheon Technologies' total backlog at the end of 2022?")
    d = decide(asked, hits, ["Lockheed Martin"], AnswerSettings())
    assert not d.answerable and d.reason == "company" and d.missing == ["Raytheon Technologies"]
    own = analyze("What was Lockheed Martin's total backlog at the end of 2022?")
    assert decide(own, hits, ["Lockheed Martin"], AnswerSettings()).reason != "company"


def test_a_segment_of_a_company_filing_nothing_here_is_not_covered_by_a_namesake_segment() -> None:
    doc = make_doc([], company="Boeing", year=2018, language="en", file="BOEING_2018_10K.pdf")
    said = "Global Services Segment. BGS sustains aerospace platforms; Aerospace earnings rose in 2018."
    hits = [Hit(make_chunk(doc, said, 12), 0.9)]
    asked = analyze("What segment profit did Honeywell's Aerospace segment report for 2018?")
    d = decide(asked, hits, ["Boeing"], AnswerSettings())
    assert not d.answerable and d.reason == "company" and "Honeywell" in d.missing
    own = analyze("What segment profit did Boeing's Aerospace segment report for 2018?")
    assert decide(own, hits, ["Boeing"], AnswerSettings()).reason != "company"
    shop = make_doc([], company="Walmart", year=2018, language="en", file="WALMART_2018_10K.pdf")
    printed = "The Sam's Club segment operates membership-only warehouse clubs; Member's Mark topped $10B."
    club = [Hit(make_chunk(shop, printed, 9), 0.9)]
    named = analyze("Which Sam's Club private-label brand topped $10 billion in sales in fiscal 2018?")
    assert decide(named, club, ["Walmart"], AnswerSettings()).reason != "company"  # a name, not an owner


def test_a_person_whose_agreement_the_filer_prints_is_no_company_to_find() -> None:
    doc = make_doc([], company="Foot Locker", year=2022, language="en", file="FOOTLOCKER_2022_8K.pdf")
    said = (
        "Foot Locker will reimburse Richard A. Johnson for legal fees of up to $25,000 under the agreement."
    )
    hits = [Hit(make_chunk(doc, said, 8), 0.9)]
    asked = analyze(
        "Under Richard A. Johnson's August 17, 2022 letter agreement with Foot Locker, up to what amount "
        "will the company reimburse his legal fees?"
    )
    assert decide(asked, hits, ["Foot Locker"], AnswerSettings()).reason != "company"


def test_the_document_a_chinese_question_names_is_where_to_look_not_words_to_find() -> None:
    prospectus = analyze("根据四方科技的公开增发招股意向书，2019年四方科技的营业收入是多少元?")
    assert decide(prospectus, _hits(), ["四方科技"], AnswerSettings()).answerable


def test_an_operating_measure_printed_without_a_figure_is_refused() -> None:
    doc = make_doc([], company="Acme", year=2022, language="en")
    text = "Airplane prices reflect the 737 MAX backlog and our customers' fleet plans."
    hits = [Hit(make_chunk(doc, text, 5), 0.9)]
    asp = analyze("What was the average selling price of an Acme 737 MAX airplane in FY2022?")
    assert decide(asp, hits, ["Acme"], AnswerSettings()).missing == ["average selling price"]
    shrink = analyze(
        "What was Acme's inventory shrink rate (shrinkage as a percentage of net sales) in FY2022?"
    )
    assert decide(shrink, hits, ["Acme"], AnswerSettings()).missing == ["shrink"]  # no inventory / sales
    deficit = [Hit(make_chunk(doc, "Acme's pension funded status deficit was $80 million in 2022.", 7), 0.9)]
    shrank = analyze("By how much did Acme's pension funded status deficit shrink during 2022?")
    assert "shrink" not in decide(shrank, deficit, ["Acme"], AnswerSettings()).missing  # a verb, no measure
    printed = [Hit(make_chunk(doc, "Our total backlog was $404,381 million at year end 2022.", 6), 0.9)]
    backlog = analyze("What was Acme's total backlog at the end of 2022?")
    assert decide(backlog, printed, ["Acme"], AnswerSettings()).answerable
    described = (
        "Advertising expense that primarily relates to media placement costs and which is generally included "
        "in general and administrative expenses, was $88 million, $195 million and $226 million for 2022, "
        "2021 and 2020, respectively."
    )
    ads = analyze("By how much did Acme's advertising expense change in 2022 versus 2021?")
    assert decide(ads, [Hit(make_chunk(doc, described, 7), 0.9)], ["Acme"], AnswerSettings()).answerable


def test_a_release_covers_the_calendar_year_it_ends_in_only_for_a_date_written_out() -> None:
    from dataclasses import replace

    from finrag.answer.gate_periods import uncovered_period

    doc = make_doc([], company="Ulta Beauty", year=2022, language="en")
    chunk = make_chunk(doc, "Ulta Beauty announces fourth quarter fiscal 2022 results.", 1)
    chunk = replace(chunk, meta=replace(chunk.meta, fiscal_period="Q4", period_end="2023-01-28"))
    hits = [Hit(chunk, 0.9)]

    def uncovered(q: str) -> str | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
        return uncovered_period(asked, hits)

    assert uncovered("Ulta Beauty total current assets at January 28, 2023?") is None
    assert uncovered("ulta beauty net sales Q1 fiscal 2023?") == "2023"  # a later fiscal year's quarter


def test_an_annual_report_covers_the_day_its_fiscal_year_ends_in_the_next_calendar_year() -> None:
    from dataclasses import replace

    from finrag.answer.gate_periods import uncovered_period

    doc = make_doc([], company="Johnson & Johnson", year=2022, language="en")
    chunk = make_chunk(doc, "Goodwill as of January 1, 2023 and January 2, 2022, as allocated by segment.", 1)
    hits = [Hit(replace(chunk, meta=replace(chunk.meta, fiscal_period="FY", period_end="2023-01-01")), 0.9)]

    def uncovered(q: str) -> str | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
        return uncovered_period(asked, hits)

    assert uncovered("J&J MedTech goodwill at the end of fiscal 2022 (January 1, 2023)?") is None
    assert uncovered("J&J MedTech goodwill at January 1, 2023?") is None
    assert uncovered("J&J MedTech goodwill at December 31, 2023?") == "2023-12-31"
    assert uncovered("J&J MedTech sales in fiscal 2023?") == "2023"  # a later fiscal year by its name


def test_a_quarter_named_by_its_end_needs_a_report_ending_then_or_a_year_later() -> None:
    from dataclasses import replace

    from finrag.answer.gate_periods import uncovered_period

    doc = make_doc([], company="JPMorgan Chase", year=2023, language="en")
    hits = []
    for year in (2022, 2023):
        chunk = make_chunk(doc, f"Quarterly report for the period ended June 30, {year}.", 1, n=year)
        meta = replace(chunk.meta, fiscal_year=year, fiscal_period="Q2", period_end=f"{year}-06-30")
        hits.append(Hit(replace(chunk, meta=meta), 0.9))

    def uncovered(q: str) -> str | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
        return uncovered_period(asked, hits)

    assert uncovered("JPMorgan's average total VaR for the three months ended September 30, 2022?") == (
        "2022-09-30"
    )
    assert uncovered("JPMorgan's total net revenue for the three months ended June 30, 2022?") is None
    assert uncovered("JPMorgan's total deposits at September 30, 2022?") is None  # a balance: not a span


def test_a_quarter_of_the_year_before_is_in_an_annual_report_s_quarterly_note() -> None:
    """A 52-week year ending January 31, 2020 (fiscal 2020): its 10-K's quarterly data prints the quarters
    of fiscal 2019 too, so the quarter ended July 31, 2018 is covered; one ended a year before is not."""
    from dataclasses import replace

    from finrag.answer.gate_periods import uncovered_period

    doc = make_doc([], company="Walmart", year=2020, language="en")
    chunk = make_chunk(doc, "Quarterly Financial Data (Unaudited) fiscal 2020 and fiscal 2019.", 1)
    meta = replace(chunk.meta, fiscal_year=2020, fiscal_period="FY", period_end="2020-01-31")
    hits = [Hit(replace(chunk, meta=meta), 0.9)]

    def uncovered(q: str) -> str | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
        return uncovered_period(asked, hits)

    assert uncovered("Walmart's consolidated net income for the quarter ended July 31, 2018?") is None
    assert uncovered("Walmart's consolidated net income for the quarter ended July 31, 2017?") == "2017-07-31"


def test_a_fiscal_quarter_no_report_holds_is_uncovered() -> None:
    from dataclasses import replace

    from finrag.answer.gate_periods import uncovered_period

    doc = make_doc([], company="Best Buy", year=2024, language="en")
    chunk = make_chunk(doc, "Quarterly report for the second quarter of fiscal 2024.", 1)
    hits = [Hit(replace(chunk, meta=replace(chunk.meta, fiscal_year=2024, fiscal_period="Q2")), 0.9)]

    def uncovered(q: str) -> str | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
        return uncovered_period(asked, hits)

    assert uncovered("bby q3 fy24 domestic comparable sales?") == "Q3 2024"  # the 10-Q ends with Q2
    assert uncovered("bby q2 fy24 domestic comparable sales?") is None
    assert uncovered("bby q2 fy23 domestic comparable sales?") is None  # the 10-Q's comparatives


def test_the_filing_named_after_the_question_is_no_keyword_either() -> None:
    doc = make_doc([], company="CVS Health", year=2022, language="en", file="CVSHEALTH_2022_10K.pdf")
    income = make_chunk(
        doc,
        "Consolidated Statements of Operations 2020: Total revenues 268,706; Operating income 13,911.",
        108,
    )
    asked = analyze(
        "What was CVS Health's operating margin in 2020, based on the comparative columns of its 2022 10-K?"
    )
    assert decide(asked, [Hit(income, 0.9)], ["CVS Health"], AnswerSettings()).answerable


def test_the_document_or_statement_a_question_names_is_no_topic_word() -> None:
    indicators = Table(
        "t90",
        [135],
        [["财务指标", "2006年", "2005年"]],
        [["利息保障倍数（倍）", "1.49", "1.60"]],
        caption="1．公司最近三年的主要财务指标",
    )
    doc = make_doc([indicators], company="国电电力", year=2006)
    hits = [Hit(table_chunks(doc)[0], 0.9)]
    asked = analyze("国电电力增发招股意向书披露的2006年利息保障倍数是多少？")
    assert decide(asked, hits, ["国电电力"], AnswerSettings()).answerable  # not "增发、招股、意向书" missing
    balance = make_doc([OPERATIONS_EN], company="Acme", year=2018, language="en", unit_line="")
    asked = analyze("What was Acme's operating income in 2018, based on its consolidated balance sheet?")
    assert decide(asked, [Hit(table_chunks(balance)[0], 0.9)], ["Acme"], AnswerSettings()).answerable


def test_a_five_year_table_s_footnoted_year_column_covers_that_year() -> None:
    selected = Table(
        "t91",
        [34],
        [["", "2015(1)", "2014(1)", "2013(1)", "2012(1)", "2011(1)", ""]],
        [["Net revenue", "$3,991", "$5,506", "$5,299", "$5,422", "$6,568", ""]],
        caption="Five Years Ended December 26, 2015",
    )
    doc = make_doc([selected], company="AMD", year=2015, language="en", unit_line="(in millions)")
    asked = analyze(
        "Per the selected financial data in AMD's 2015 10-K, what net revenue did AMD report for 2011?"
    )
    d = decide(asked, [Hit(table_chunks(doc)[0], 0.9)], ["AMD"], AnswerSettings())
    assert d.answerable, d.reason


def test_an_amount_in_a_filing_sentence_not_naming_the_customer_asked_is_not_its_amount() -> None:
    doc = make_doc([], company="江苏爱康", year=2010, file="aikang.pdf")
    text = "苏州爱康安装是由发行人在2010年04月设立的全资子公司，注册资本8,000万元。"
    asked = analyze("江苏爱康太阳能2010年度向First Solar销售安装支架的金额是多少？")
    asked.companies = ["江苏爱康太阳能科技"]
    checked = check_role(asked, [(1, make_chunk(doc, text, 290))], AnswerSettings())
    assert checked is not None and not checked.passed
    sold = "2010年度公司向First Solar销售安装支架的金额为1,200万元。"
    checked = check_role(asked, [(1, make_chunk(doc, sold, 130))], AnswerSettings())
    assert checked is not None and checked.passed and checked.found.value == "1,200万元"


def test_an_amount_of_the_thing_a_clause_names_is_not_read_from_a_sentence_about_something_else() -> None:
    doc = make_doc([], company="国电电力", year=2007, file="guodian.pdf")
    issue = (
        "前次募集资金运用：2003年发行可转换公司债券的前次募集资金实际使用补充流动资金情况如下。"
        "本公司在2003年发行20亿元可转换债券，扣除有关发行费用后，共募集资金19.8亿元。"
    )
    asked = analyze("国电电力2003年发行可转换公司债券的前次募集资金中，实际用于补充流动资金的金额是多少？")
    asked.companies = ["国电电力"]
    checked = check_role(asked, [(1, make_chunk(doc, issue, 184))], AnswerSettings())
    assert checked is not None and not checked.passed
    used = "前次募集资金中，实际用于补充流动资金的金额为5,557.97万元。"
    checked = check_role(asked, [(1, make_chunk(doc, used, 185))], AnswerSettings())
    assert checked is not None and checked.passed and checked.found.value == "5,557.97万元"


def test_full_year_is_a_period_word_not_a_topic_the_evidence_must_print() -> None:
    doc = make_doc([], company="MGM Resorts", year=2018, language="en")
    told = make_chunk(doc, "Las Vegas Strip Resorts REVPAR was $147 in 2018, compared to $146 in 2017.", 37)
    asked = analyze("What was REVPAR at MGM Resorts' Las Vegas Strip Resorts for full-year 2018?")
    assert decide(asked, [Hit(told, 0.9)], ["MGM Resorts"], AnswerSettings()).answerable


def test_a_full_year_is_not_covered_by_a_quarter_s_report_and_its_comparative_columns() -> None:
    doc = make_doc([], company="Pfizer", year=2023, language="en", file="Pfizer_2023Q2_10Q.pdf")
    table = "(MILLIONS)\n| Six Months Ended | 2023 | 2022 |\n| Research and development | 5,153 | 5,116 |"
    chunk = make_chunk(doc, table, 30)
    chunk.meta.fiscal_period = "Q2"
    hits = [Hit(chunk, 0.9)]
    full = analyze("What were Pfizer's research and development expenses for full-year 2022?")
    decision = decide(full, hits, ["Pfizer"], AnswerSettings())
    assert not decision.answerable and decision.reason == "period" and decision.missing == ["2022"]
    six = analyze("What were Pfizer's research and development expenses for the six months of 2022?")
    assert decide(six, hits, ["Pfizer"], AnswerSettings()).answerable
    guidance = analyze("What full-year 2023 revenue guidance did Pfizer give in its second-quarter 10-Q?")
    assert decide(guidance, hits, ["Pfizer"], AnswerSettings()).reason != "period"  # an outlook of the year


def test_a_full_year_is_not_covered_by_a_current_report_dated_within_it() -> None:
    doc = make_doc([], company="PepsiCo", year=2023, language="en", file="PEPSICO_2023_8K.pdf")
    chunk = make_chunk(doc, "PepsiCo entered into a five year credit agreement; net revenue grew 10.2%.", 2)
    chunk.meta.fiscal_period, chunk.meta.report_date = None, "2023-05-26"
    full = analyze("What was PepsiCo's net revenue for full-year fiscal 2023?")
    decision = decide(full, [Hit(chunk, 0.9)], ["PepsiCo"], AnswerSettings())
    assert not decision.answerable and decision.reason == "period"
    assert "only part of 2023" in refusal_text(full, decision)  # not "only 2023 figures were found"
    chunk.meta.report_date = "2023-12-15"
    assert decide(full, [Hit(chunk, 0.9)], ["PepsiCo"], AnswerSettings()).reason != "period"


def test_the_document_a_question_reads_from_is_no_topic_word() -> None:
    """A refusal names the figure's words it looked for, never the prospectus the question names."""
    doc = make_doc([], company="天源科技", year=2005, file="tianyuan_prospectus.pdf")
    hits = [Hit(make_chunk(doc, "公司主营业务为磁性材料的研发、生产和销售。", 20), 0.9)]
    q = "天源科技招股意向书中，公司2005年度按净利润计算的加权平均净资产收益率是多少？"
    d = decide(analyze(q), hits, ["天源科技"], AnswerSettings())
    assert not d.answerable and "加权" in d.missing
    assert not {"招股", "意向书"} & set(d.missing)


def test_a_part_named_otherwise_in_the_latest_report_does_not_hide_its_year() -> None:
    older = make_doc([], company="PepsiCo", year=2021, language="en", file="PEPSICO_2021_10K.pdf")
    latest = make_doc([], company="PepsiCo", year=2022, language="en", file="PEPSICO_2022_10K.pdf")
    hits = [
        Hit(
            make_chunk(latest, "Division operating profit 2022: LatAm 1,627; net revenue LatAm 9,779.", 70),
            0.9,
        ),
        Hit(make_chunk(older, "PepsiCo Latin America (LatAm) operating profit rose in 2021.", 12), 0.8),
    ]
    q = "What operating margin did PepsiCo's Latin America division earn in 2022?"
    asked = analyze(
        q, QueryAnalysis(q, q, "en", "calculation", companies=["PepsiCo"], periods=find_periods(q))
    )
    decision = decide(asked, hits, ["PepsiCo"], AnswerSettings())
    assert decision.reason != "period"  # the 2022 10-K prints the division as "LatAm": its year is covered
    q = "What operating margin did PepsiCo's Latin America division earn in 2024?"
    asked = analyze(
        q, QueryAnalysis(q, q, "en", "calculation", companies=["PepsiCo"], periods=find_periods(q))
    )
    assert decide(asked, hits, ["PepsiCo"], AnswerSettings()).reason == "period"


def test_a_schedule_s_later_years_are_covered_by_the_report_that_prints_them() -> None:
    from dataclasses import replace

    from finrag.answer.gate_periods import uncovered_period

    doc = make_doc([], company="Amazon", year=2019, language="en")
    chunk = make_chunk(doc, "Future principal payments for our total debt as of December 31, 2019.", 1)
    hits = [Hit(replace(chunk, meta=replace(chunk.meta, fiscal_year=2019, fiscal_period="FY")), 0.9)]

    def uncovered(q: str) -> str | None:
        asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", periods=find_periods(q)))
        return uncovered_period(asked, hits)

    assert (
        uncovered("According to Amazon's 2019 Form 10-K, how much debt was it scheduled to repay in 2024?")
        is None
    )
    assert (
        uncovered("What share of Amazon's lease payments as of December 31, 2019 is due after 2022?") is None
    )
    assert uncovered("What was Amazon's net income in 2024?") == "2024"
    payments = (
        "Per Amazon's 2019 10-K, add up the scheduled principal payments for debt for 2020 through 2024."
    )
    assert uncovered(payments) is None
    # a long-term table leaves the current portion out: its five years start a year later
    assert (
        uncovered("What share of Amazon's long-term debt at December 31, 2019 matures in 2021 through 2025?")
        is None
    )
    # intangibles' amortization expected in the years after the report is its schedule's
    expected = "How much amortization expense does Amazon expect to record over 2020 through 2024?"
    assert uncovered(expected) is None
    assert uncovered("How much amortization expense did Amazon record in 2024 on its intangibles?") == "2024"
    # estimated future benefit payments and future minimum lease payments are schedules ahead too
    benefits = "What is the total of Amazon's estimated future benefit payments for 2020 through 2024?"
    assert uncovered(benefits) is None
    assert uncovered("What future minimum lease payments did Amazon show for 2023?") is None
    # a share of the undiscounted lease payments "scheduled for fiscal 2020": the schedule's first year
    share = "At December 31, 2019, what share of Amazon's undiscounted lease payments was scheduled for 2020?"
    assert uncovered(share) is None
    assert uncovered("What were Amazon's lease payments in 2020?") == "2020"
    # an amount "scheduled for" a year is no schedule's share: refused past the report's year as before
    amount = "At December 31, 2019, what undiscounted operating lease payments had Amazon scheduled for 2025?"
    assert uncovered(amount) == "2025"
    # a pension plan is no plan ahead: the year after the report is not covered by it
    assert uncovered("What was the funded status of Amazon's pension plans at the end of 2020?") == "2020"
    assert uncovered("How much does Amazon plan to spend on capital expenditures in 2020?") is None


def test_the_prospectus_a_question_reads_from_is_no_topic_word() -> None:
    doc = make_doc([], company="南岭民爆", year=2005)
    text = "| 息税、折旧摊销前利润（万元） | 3,749.13 | 2,953.89 |"
    hits = [Hit(make_chunk(doc, text, 128, table_ref="t9"), 0.9)]
    asked = analyze(
        "What was Nanling's (南岭民爆) EBITDA (息税、折旧摊销前利润) for 2005, according to its prospectus?"
    )
    assert "prospectus" not in decide(asked, hits, ["南岭民爆"], AnswerSettings()).missing


def test_an_opening_ticker_and_a_months_span_are_no_topic_words() -> None:
    doc = make_doc([], company="Microsoft", year=2016, language="en", file="MICROSOFT_2016_10K.pdf")
    sheet = make_chunk(
        doc,
        "BALANCE SHEETS June 30, 2016: Total current assets 139,660; Total current liabilities 59,357.",
        54,
    )
    q = "msft current ratio at june 30 2016?"
    asked = analyze(
        q, QueryAnalysis(q, q, "en", "calculation", companies=["Microsoft"], periods=find_periods(q))
    )
    assert decide(asked, [Hit(sheet, 0.9)], ["Microsoft"], AnswerSettings()).answerable  # "msft" is the filer
    zh = make_doc([], company="湖南南岭民用爆破器材", year=2006, language="zh")
    note = make_chunk(
        zh, "营业费用：2006年1-6月1,115.20万元，2006年度2,300.00万元，2005年度1,568.88万元。", 143
    )
    for q in (
        "湖南南岭民爆的营业费用2006年1—6月比2005年度增长了多少？",
        "南岭民爆的营业费用从2005年度到2006年度累计增长了多少？",
    ):
        asked = analyze(q, QueryAnalysis(q, q, "zh", "calculation", periods=find_periods(q)))
        assert decide(asked, [Hit(note, 0.9)], ["湖南南岭民用爆破器材"], AnswerSettings()).answerable, q


def test_which_way_a_computed_ratio_moved_and_by_how_many_points_are_no_topic_words() -> None:
    asked = analyze("2019年四方科技的毛利率是多少？和上年同期比是升是降，差几个百分点？")
    d = decide(asked, _hits(), ["四方科技"], AnswerSettings())
    assert d.answerable, d.missing
    # a word the evidence lacks still refuses
    other = analyze("2019年四方科技的毛利率是多少？和同行业的光伏企业比是升是降？")
    assert not decide(other, _hits(), ["四方科技"], AnswerSettings()).answerable


def test_a_filers_reports_count_however_each_spells_its_name() -> None:
    # the ticker names "Generalmills" (two filings' spelling); the FY2019 10-K, spelled "General Mills",
    # holds fiscal 2017 as a comparative year
    older = make_doc([OPERATIONS_EN], company="General Mills", year=2019, language="en", file="G_2019.pdf")
    newer = make_doc([OPERATIONS_EN], company="Generalmills", year=2022, language="en", file="G_2022.pdf")
    q = "gis fy17 operating income?"
    named = QueryAnalysis(q, q, "en", "other", companies=["Generalmills"], periods=find_periods(q))
    asked = analyze(q, named)
    hits = [Hit(table_chunks(newer)[0], 0.9), Hit(table_chunks(older)[0], 0.8)]
    decision = decide(asked, hits, ["Generalmills", "General Mills"], AnswerSettings())
    assert decision.reason != "period", decision


def test_a_year_only_another_filer_covers_is_no_year_of_the_filer_named() -> None:
    lmt = make_doc([], company="Lockheed Martin", year=2022, file="LMT_2022_10K.pdf", language="en")
    amcor = make_doc([], company="Amcor", year=2023, file="AMCOR_2023_10K.pdf", language="en")
    sales = make_chunk(lmt, "Net sales were $65,984 million in 2022, mostly to the U.S. Government.", 35)
    europe = make_chunk(amcor, "Net sales declined across the European and North American businesses.", 4)
    q = "lmt 2023 net sales to european customers?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", companies=["Lockheed Martin"]), [sales, europe])
    known = ["Lockheed Martin", "Amcor"]
    decision = decide(asked, [Hit(sales, 0.9), Hit(europe, 0.8)], known, AnswerSettings())
    assert not decision.answerable and decision.reason == "period" and decision.found_years == [2022]


def test_sales_to_a_customer_no_evidence_names_are_not_the_filer_s_total() -> None:
    acme = make_doc([], company="Acme", year=2023, file="ACME_2023_10K.pdf", language="en")
    income = make_chunk(acme, "Acme revenues were $51,217 million in fiscal 2023, up 10% on demand.", 42)
    hits = [Hit(income, 0.9)]
    q = "How much of Acme's fiscal 2023 revenues came from sales to Foot Locker?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", companies=["Acme", "Foot Locker"]))
    decision = decide(asked, hits, ["Acme"], AnswerSettings())
    assert not decision.answerable and decision.missing == ["Foot Locker"]
    named = make_chunk(acme, "Sales to Foot Locker accounted for 9% of Acme revenues in fiscal 2023.", 6, n=1)
    assert decide(asked, [*hits, Hit(named, 0.8)], ["Acme"], AnswerSettings()).answerable


def test_a_ratio_named_by_its_two_hyphenated_items_is_covered_by_both() -> None:
    acme = make_doc([], company="Acme", year=2022, file="ACME_2022_10K.pdf", language="en")
    text = "Acme's backlog was $149,998 million at year end 2022; net sales were $65,984 million."
    page = make_chunk(acme, text, 40)
    q = "acme backlog-to-sales ratio fy22?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", companies=["Acme"]))
    assert decide(asked, [Hit(page, 0.9)], ["Acme"], AnswerSettings()).answerable


def test_a_year_s_character_glued_to_the_next_word_is_no_topic() -> None:
    doc = make_doc([], company="示例股份", year=2007)
    text = "示例股份2007年营业收入为3,893.10万元，净利润为-16.18万元。"
    q = "示例股份2007年的汇兑损失是否比2005年少？"
    asked = analyze(q, QueryAnalysis(q, q, "zh", "lookup", companies=["示例股份"]))
    decision = decide(asked, [Hit(make_chunk(doc, text, 32), 0.9)], ["示例股份"], AnswerSettings())
    assert not decision.answerable and decision.missing == ["汇兑", "损失"]  # "2005年少" asks no "年少"
    assert "年少" not in refusal_text(asked, decision)


def test_a_later_report_filed_under_an_abbreviated_name_is_still_the_filer_s() -> None:
    old = make_doc([], company="Advanced Micro Devices", year=2015, file="AMD_2015_10K.pdf", language="en")
    new = make_doc([], company="Amd", year=2022, file="AMD_2022_annualreport.pdf", language="en")
    hits = [
        Hit(make_chunk(new, "Depreciation and amortization was $4,174 million in 2022.", 60), 0.9),
        Hit(make_chunk(old, "Depreciation and amortization was $167 million in 2015.", 70), 0.8),
    ]
    q = "What is the FY2022 depreciation and amortization for AMD?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "lookup", companies=["Advanced Micro Devices"]))
    assert decide(asked, hits, ["Advanced Micro Devices", "Amd"], AnswerSettings()).answerable


def test_words_cut_across_a_company_s_abbreviation_are_no_topic() -> None:
    known = ["中钢集团安徽天源科技"]
    question = "按中钢天源招股书的数字，2005年国内软磁用四氧化三锰的生产能力能覆盖多大比例的需求？"
    spans = name_spans(question, known)
    assert in_known_name("按中", question, spans) and in_known_name("钢天源", question, spans)
    assert not in_known_name("四氧化三锰", question, spans)
    # the core of a name after a preposition ("按爱康招股书"): "按爱康" is no topic word
    short = "按爱康招股书的口径，利息保障倍数是多少？"
    assert in_known_name("按爱康", short, name_spans(short, ["江苏爱康太阳能科技"]))
    assert not in_known_name("利息保障", short, name_spans(short, ["江苏爱康太阳能科技"]))
    full = "金宇生物技术股份有限公司"  # a name written in full keeps its own words: the filing prints them
    assert not in_known_name(
        "金宇", "金宇生物2020年年报中的固定资产", name_spans("金宇生物2020年年报中的固定资产", [full])
    )


def test_an_english_name_written_with_other_endings_is_the_filer_s() -> None:
    known = "Hunan Nanling Industry Explosive Material Co., LTD"
    assert spelled_alike("Hunan Nanling Industrial Explosive Materials", known)
    assert not spelled_alike("Hunan Nanling Chemicals", known)  # a word it never opens
    assert not spelled_alike("Hunan Nanling", known)  # too short to tell by openings alone



def test_a_filer_named_but_none_of_its_pages_retrieved_is_refused_not_another_filer_s_answer() -> None:
    amcor = make_doc([], company="Amcor", year=2023, file="amcor_2023q4_earnings.pdf", language="en")
    page = make_chunk(amcor, "Adjusted EPS of 73.3 cents per share for fiscal 2023.", 1)
    q = "3M adjusted EPS for full year 2023?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["3M"], periods=find_periods(q)))
    decision = decide(asked, [Hit(page, 0.8)], ["Amcor", "3M"], AnswerSettings())
    assert not decision.answerable and decision.missing == ["3M", "2023"]
    # the same question of the filer whose page it is: answered
    q = "Amcor adjusted EPS for full year 2023?"
    own = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["Amcor"], periods=find_periods(q)))
    assert decide(own, [Hit(page, 0.8)], ["Amcor", "3M"], AnswerSettings()).answerable


def test_a_country_the_question_abbreviates_is_covered_by_its_spelled_out_name() -> None:
    doc = make_doc([], company="3M", year=2018, language="en")
    said = "At the end of 2018, 56,104 of 3M's workforce of 93,516 people worked outside the U.S."
    q = "What % of 3M's workforce was outside the US at the end of 2018?"
    asked = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["3M"], periods=find_periods(q)))
    assert asked.entities == ["US"]
    assert decide(asked, [Hit(make_chunk(doc, said, 4), 0.9)], ["3M"], AnswerSettings()).answerable
    # a name no evidence prints is still missing
    q = "What % of 3M's workforce worked for Raytheon at the end of 2018?"
    other = analyze(q, QueryAnalysis(q, q, "en", "other", companies=["3M"], periods=find_periods(q)))
    assert not decide(other, [Hit(make_chunk(doc, said, 4), 0.9)], ["3M"], AnswerSettings()).answerable


def test_a_whole_year_a_prospectus_is_dated_in_is_not_in_its_track_record() -> None:
    doc = make_doc([], company="江苏爱康太阳能科技", year=2010, file="akcome.pdf")
    said = "2008年、2009年及2010年净利润分别为4,799.59万元、4,835.75万元及10,000.41万元。2011年7月18日签署。"
    chunk = make_chunk(doc, said, 188)
    chunk.meta.doc_type, chunk.meta.fiscal_year, chunk.meta.report_date = "prospectus", None, "2011-07-18"
    q = "爱康太阳能2011年净利润比2010年增长了多少？"
    asked = analyze(q, QueryAnalysis(q, q, "zh", "other", companies=["江苏爱康太阳能科技"]))
    decision = decide(asked, [Hit(chunk, 0.9)], ["江苏爱康太阳能科技"], AnswerSettings())
    assert not decision.answerable and decision.reason == "period" and decision.missing == ["2011"]
    known = ["江苏爱康太阳能科技"]
    for q in ("爱康太阳能2010年净利润比2009年增长了多少？", "爱康太阳能2011年1—6月的净利润是多少？"):
        held = analyze(q, QueryAnalysis(q, q, "zh", "other", companies=known))  # a part of the year: a stub
        assert decide(held, [Hit(chunk, 0.9)], known, AnswerSettings()).reason != "period", q
