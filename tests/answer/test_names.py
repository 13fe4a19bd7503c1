from __future__ import annotations

from finrag.answer.names import company_names, zh_short_names


def test_company_names_in_questions() -> None:
    full = company_names("请简要介绍2020年上海安硕征信有限公司的资产及负债情况。", "zh")
    assert full == ["上海安硕征信有限公司"]
    assert company_names("北鼎股份在2019年的企业名称是什么？", "zh") == ["北鼎股份"]
    assert company_names("请具体描述一下2020年信濠光电研发投入的情况。", "zh") == ["信濠光电"]
    assert company_names("Has Boeing reported any materially important legal battles?", "en") == ["Boeing"]


def test_guessed_chinese_names_never_cut_a_word_and_terms_are_not_companies() -> None:
    cases = {
        "天源科技2005年度母公司现金流量表中经营活动产生的现金流量净额是多少元?": ["天源科技"],  # not "度母"
        "安妮股份2007年度净利润较2006年度增长了多少?保留2位小数。": ["安妮股份"],  # not "增长了多"
        "国电电力2007年公开增发A股的发行数量是多少?": ["国电电力"],
        "请问，2020年诺泰生物的所得税费用是多少元?": ["诺泰生物"],  # jieba glues "年诺泰"
        "中钢天源（安徽天源科技）2004年末按合并报表计算的流动比率是多少？": ["中钢天源"],  # no "末按合并"
        "中集安瑞科2019年罐式集装箱业务的营业收入是多少元？": ["中集安瑞科"],  # five characters, one word
        "国电电力全资及控股发电企业2006年上网电量占发电量的比例是多少？": [],  # a share of two measures
        "根据安妮股份招股意向书，可比上市公司东港股份2007年度的净利润是多少？": ["东港股份"],  # a peer
    }
    for question, names in cases.items():
        assert company_names(question, "zh") == names, question
    en = company_names("What was Acme's unadjusted (GAAP) EPS as of August 30, 2023? Exclude R&D.", "en")
    assert en == ["Acme"]


def test_a_date_s_opening_word_is_no_company() -> None:
    assert company_names("截至2020年末（报告期末），生物股份的普通股股东总数是多少户？", "zh") == ["生物股份"]
    assert company_names("截止2019年末四方科技的总资产", "zh") == ["四方科技"]


def test_what_a_company_is_to_the_filer_is_not_part_of_its_name() -> None:
    sub = company_names(
        "四方科技2019年年报中，全资子公司南通四方节能科技有限公司2019年的营业收入是多少元？", "zh"
    )
    assert sub == ["南通四方节能科技有限公司"]
    parent = company_names(
        "天源科技招股意向书中，控股股东中国中钢集团公司截至2005年12月31日的总资产是多少", "zh"
    )
    assert parent == ["中国中钢集团"]
    customer = company_names("天源科技的客户南京金康达磁性材料有限公司2005年的营业收入是多少？", "zh")
    assert customer == ["南京金康达磁性材料有限公司"]
    held = company_names("金宇生物2020年末控股子公司辽宁益康生物股份有限公司有多少名在职员工？", "zh")
    assert held == ["辽宁益康生物股份有限公司"]
    projects = company_names(
        "爱康募投的年产300MW光伏发电系统安装支架扩建项目，所得税后投资回收期是几年？", "zh"
    )
    assert projects == []  # the offering's projects ("募投") are no part of a company's name


def test_a_demonstrative_opens_no_chinese_name_and_whom_is_no_english_one() -> None:
    q = "南岭民爆计划用募集资金偿还已投入的1006万元银行贷款，这笔贷款投向的是哪个募股资金投资项目？"
    assert not any(n.startswith("这") for n in company_names(q, "zh"))
    assert company_names("Whom does Netflix identify as its competitors?", "en") == ["Netflix"]


def test_a_modal_verb_opening_a_question_is_no_company() -> None:
    assert company_names("Can Verizon comfortably cover its interest expense in FY2022?", "en") == ["Verizon"]


def test_an_acronym_in_brackets_spells_out_the_name_before_it() -> None:
    question = "What net sales did Lockheed Martin's Missiles and Fire Control (MFC) segment report for 2022?"
    names = company_names(question, "en")
    assert "Missiles and Fire Control" in names and "MFC" in names
    assert "Martin's Missiles and Fire Control" not in names  # the owner's possessive ends the spelled name


def test_a_short_name_before_its_stock_code_and_a_subsidiary_s_short_name_are_names() -> None:
    assert company_names("金瑞科技（600390）2005年度的净利润是多少元？", "zh") == ["金瑞科技"]
    sub = company_names(
        "天源科技招股意向书中，控股子公司通力磁材公司2005年12月31日的资产总计是多少元？", "zh"
    )
    assert "通力磁材" in sub


def test_a_filing_s_form_a_clause_s_opening_word_and_a_short_month_are_no_companies() -> None:
    pfizer = company_names("According to Pfizer's Form 10-Q, what was the work-in-process inventory?", "en")
    assert pfizer == ["Pfizer"]
    assert company_names("Under the agreement in Foot Locker's 8-K, what was the bonus?", "en") == [
        "Foot Locker"
    ]
    assert company_names("Costco FY2021 (year ended Aug 29, 2021): total assets?", "en") == ["Costco"]
    weighted = "根据国电电力的公开增发招股意向书，公司2005年的加权平均净资产收益率是多少？"
    assert "加权平均" not in company_names(weighted, "zh")  # how the ratio is taken


def test_a_region_named_by_what_it_leaves_out_is_one_name_and_a_basis_is_none() -> None:
    q = "What were J&J's sales to customers in the Western Hemisphere excluding the U.S. in Q4 2022?"
    assert company_names(q, "en") == ["J&J", "Western Hemisphere excluding U.S."]
    assert "合并口径" not in company_names("爱康太阳能2009年度合并口径的营业利润率是多少？", "zh")


def test_an_instruction_or_a_sentence_s_first_word_is_no_company() -> None:
    take = (
        "Take Coca-Cola's 2017 SG&A divided by its 2017 net operating revenues. What percentage do you get?"
    )
    assert company_names(take, "en") == ["Coca-Cola"]
    defined = (
        "What is 3M's FY2018 retention ratio? Retention ratio is defined as: (net income - total cash "
        "dividends) / net income."
    )
    assert company_names(defined, "en") == []  # "3M" is matched by the retriever; "Retention" is a word


def test_a_subsidiary_named_after_what_the_parent_holds_is_the_name_and_has_short_forms() -> None:
    q = "截至2019年12月31日，四方科技母公司对全资子公司南通四方节能科技有限公司的长期股权投资余额是多少？"
    assert company_names(q, "zh") == ["南通四方节能科技有限公司"]
    plain = "金宇生物母公司对辽宁益康生物股份有限公司的长期股权投资，2020年末余额是多少？"
    assert company_names(plain, "zh") == ["辽宁益康生物股份有限公司"]  # no relation word after 对
    assert "四方节能" in zh_short_names("南通四方节能科技有限公司")
    assert zh_short_names("国电电力发展股份有限公司") == ["国电电力发展"]  # never a line of business alone


def test_a_group_company_a_held_company_and_a_name_before_its_document() -> None:
    holder = "南岭民爆的股东中国新时代控股（集团）公司2006年1-6月实现的净利润是多少？"
    assert company_names(holder, "zh") == ["中国新时代控股（集团）公司"]
    held = "四方科技全资子公司南通四方制冷工程有限公司2019年实现的净利润是多少元？"
    assert company_names(held, "zh") == ["南通四方制冷工程有限公司"]
    source = "天源科技招股意向书中，公司2005年度按净利润计算的加权平均净资产收益率是多少？"
    assert company_names(source, "zh") == ["天源科技"]  # not "按净利润计算"


def test_a_shareholder_or_related_party_a_balance_is_owed_to_is_named_after_dui() -> None:
    question = "截至2006年6月30日，南岭民爆对控股股东湖南省南岭化工厂的应付账款余额是多少元？"
    assert company_names(question, "zh") == ["湖南省南岭化工厂"]


def test_how_a_rate_is_worked_out_names_no_company() -> None:
    q = "以2008年为基期，江苏爱康太阳能太阳能边框产量2008—2010年的年均复合增长率是多少？"
    assert not any(w in n for n in company_names(q, "zh") for w in ("基期", "复合"))


def test_a_sum_word_and_the_filing_read_are_no_names() -> None:
    assert company_names("爱康太阳能2008到2010年三年一共花了多少应收账款信用保险费？", "zh") == []
    ipo = "What was the 2005 net profit in Xiamen Anne Corporation's (厦门安妮股份有限公司) IPO prospectus?"
    assert "IPO" not in company_names(ipo, "en")


def test_a_fiscal_year_end_abbreviation_and_a_months_tail_are_no_names() -> None:
    bby = "bby fiscal 2015 (FYE jan 31 2015) free cash flow?"
    assert "FYE" not in company_names(bby, "zh") + company_names(bby, "en")
    half = "南岭民爆膨化硝铵炸药的毛利率，2006年1—6月比2005年度提高了多少个百分点？"
    assert "月比" not in company_names(half, "zh")


def test_a_name_listing_its_parts_is_one_name_its_parts_kept_for_other_printings() -> None:
    names = company_names("What were 3M's net sales in Europe, Middle East & Africa in 2022?", "en")
    assert "Europe, Middle East & Africa" in names and "Europe" in names  # printed "… and Africa" too


def test_a_statement_named_after_the_year_is_no_company() -> None:
    q = "国电电力增发招股意向书披露的2006年度非经常性损益明细中，短期投资收益是多少元？"
    assert not any(n.startswith("非经常") for n in company_names(q, "zh"))


def test_a_year_s_du_and_a_preposition_open_no_name() -> None:
    holder = "江苏爱康太阳能招股意向书披露，2010年度股东海澜集团无偿为发行人借款提供担保的金额是多少？"
    assert company_names(holder, "zh") == ["海澜集团"]  # not "度股东海澜集团"
    pay = "天源科技招股意向书中，董事、总经理洪石笙2005年从公司取得的收入是多少元？"
    assert "从公司取得" not in company_names(pay, "zh")
    span = "安妮股份招股书称其涂布纸自给率和产品客户化率在2004年至2006年间分别从多少提高到了多少？"
    assert not any(n.startswith(("间", "分别")) for n in company_names(span, "zh"))  # "年间": a span


def test_a_yes_no_turn_is_no_name() -> None:
    """ "2007年是不是比2006年低": the words after the year turn the question, they name no company."""
    names = company_names("安妮股份华北区市场收入占主营业务收入的比重，2007年是不是比2006年低？", "zh")
    assert not any("是不是" in n or "是否" in n for n in names) and "安妮" in names


def test_a_capitalised_word_joined_to_a_lower_case_one_is_no_name() -> None:
    q = "Nanling Minbao: how much revenue did ammonium-TNT explosives bring in during 2003?"
    assert "TNT" not in company_names(q, "en") and "Nanling Minbao" in company_names(q, "en")
    assert "Coca-Cola" in company_names("What was Coca-Cola's 2017 net revenue?", "en")


def test_the_letter_of_a_filing_form_is_no_company_name() -> None:
    q = "What is the FY2017 COGS % margin for Acme? Use the income statement of Acme's FY2018 Form 10-K."
    assert company_names(q, "en") == ["Acme"]
    assert company_names("What did Acme's 8-K dated May 1 say?", "en") == ["Acme"]


def test_a_participle_opening_a_sentence_is_no_name_but_a_company_ending_in_ing_is() -> None:
    q = "Acme's 10-K still carries 2019. Working from that 2019 column, what share went to taxes?"
    assert company_names(q, "en") == ["Acme"]
    assert company_names("Boeing revenue in 2022?", "en") == ["Boeing"]


def test_a_part_named_with_of_before_segment_is_one_name() -> None:
    q = "In 2019, did Kraft Heinz's Rest of World segment spend more on capital expenditures than EMEA?"
    names = company_names(q, "en")
    assert "Rest of World" in names and "Rest" not in names and "World" not in names
    # "of" between a measure and its company joins nothing: no segment word follows
    assert company_names("What was the Operating Income of Kraft Heinz in 2019?", "en") == ["Kraft Heinz"]


def test_a_verb_s_particles_or_a_superlative_make_no_chinese_name() -> None:
    asked = {
        "天源科技唯一的自然人股东黄志刚，股份是怎么来的？": "股份是怎么来",
        "金宇生物推广的组合免疫方案，能把猪的免疫次数降到多少？": "能把猪",
        "天源过滤机的不含税单价，2005年比2003年累计降了百分之几？": "累计降了",
        "南岭民爆招股意向书披露的重要销售合同中，金额最大的是哪一份？": "金额最大",
    }
    for question, words in asked.items():
        assert words not in company_names(question, "zh")


def test_the_document_a_terse_question_reads_is_no_name_and_the_company_after_it_is() -> None:
    names = company_names("天源招股书里中钢钢铁公司05年净利润多少", "zh")
    assert "中钢钢铁公司" in names and not any("招股书" in n for n in names)
    # a two-digit year closes the name too, and "X股东Y" names the shareholder Y
    assert company_names("南岭股东中人爆破05年净利润多少", "zh") == ["中人爆破"]
    assert company_names("爱康10年经营现金流多少", "zh") == ["爱康"]


def test_a_name_holding_a_possessive_after_an_article_or_its_owner_is_one_name() -> None:
    q = "How much of Walmart's inventories at January 31, 2018 belonged to the Sam's Club segment?"
    assert "Sam's Club" in company_names(q, "en")
    assert "Sam's Club" in company_names("How much cash did Walmart's Sam's Club segment provide?", "en")
    # the word a filer calls itself by owns what follows
    firm = company_names("What were the Firm's Standardized CET1 ratios?", "en")
    assert not any("Firm's" in n for n in firm)


def test_a_group_s_institute_and_a_state_corporation_are_named_whole() -> None:
    # another body than the filer "中钢集团安徽天源科技": its own figures, never the filer's
    institute = (
        "根据中钢集团安徽天源科技股份有限公司招股意向书，中钢集团鞍山热能研究院截至2005年12月31日的资产负债率是多少?"
    )
    assert "中钢集团鞍山热能研究院" in company_names(institute, "zh")
    founder = "中钢天源的发起人股东中国冶金矿业总公司2005年末的资产负债率是否超过60%？"
    assert company_names(founder, "zh") == ["中国冶金矿业总公司"]
    assert company_names("公司技术研究院的研发投入是多少", "zh") == []  # no group, no institute's name


def test_the_word_a_chinese_name_is_given_to_is_no_part_of_it() -> None:
    assert company_names("国电06年给科环集团增资多少", "zh") == ["科环集团"]  # not "给科环集团"


def test_where_a_workforce_is_based_is_no_part_of_the_company_s_name() -> None:
    asked = "By how many did Coca-Cola's U.S.-based employee count fall between 2016 and 2017?"
    assert company_names(asked, "en") == ["Coca-Cola"]


def test_a_name_with_another_name_bracketed_before_the_year_is_a_name() -> None:
    # "冰山冷热（大连冰山）2019年度…": a company the corpus may lack, named before its other name in brackets
    question = "冰山冷热（大连冰山）2019年度经营活动产生的现金流量净额是多少？"
    assert company_names(question, "zh") == ["冰山冷热"]


def test_a_figure_per_head_after_a_year_is_no_company_name() -> None:
    assert company_names("爱康那三位核心技术人员2010年平均每人从公司拿了多少薪酬？", "zh") == []
    assert "人均收入" not in company_names("天源科技的核心技术人员2005年人均收入是多少元？", "zh")


def test_a_part_named_with_and_before_one_segment_is_one_name() -> None:
    q = "What was the operating income margin of 3M's Transportation and Electronics segment in 2022?"
    names = company_names(q, "en")
    assert "Transportation and Electronics" in names and "Electronics" not in names
    two = company_names("How did Adobe's Americas and EMEA segments grow in 2015?", "en")  # two segments
    assert "Americas and EMEA" not in two


def test_a_name_before_a_span_of_years_is_a_name_and_a_multiple_asked_is_none() -> None:
    assert company_names("黄山胶囊2005—2007年营业收入的年均复合增长率是多少？", "zh") == ["黄山胶囊"]
    assert "几倍" not in company_names("EPIA预测中，2014年全球新增装机容量是2009年的几倍？", "zh")


def test_a_class_of_shares_is_no_name() -> None:
    """ "the Class B shares", "its Series I preferred stock": a class of the filer's own shares, no owner (the
    question was once refused as "No document reports Class on its own")."""
    nike = "What average price per share did Nike pay for the Class B shares it repurchased in fiscal 2018?"
    assert company_names(nike, "en") == ["Nike"]
    jpm = "What dividend per share did JPMorgan Chase declare on its Series I preferred stock in Q2 2022?"
    assert company_names(jpm, "en") == ["JPMorgan Chase"]


def test_a_counterparty_named_before_its_balance_is_a_name() -> None:
    """ "应付股东马矿院的其他应付款": the shareholder's own balance (its row of the related parties'
    balances),
    never the filer's whole 其他应付款 (once answered with it)."""
    names = company_names("天源科技应付股东马矿院的其他应付款余额，2005年末比2003年末增加了多少万元？", "zh")
    assert "马矿院" in names
    assert company_names("天源科技2005年末应收账款的余额是多少？", "zh") == ["天源科技"]


def test_an_investee_named_after_what_it_is_to_the_filer_and_before_a_year_is_a_name() -> None:
    """ "原参股公司安县纸业2007年全年净利润": the investee's own profit (once the filer's was quoted)."""
    assert "安县纸业" in company_names("安妮股份原参股公司安县纸业2007年全年净利润是多少？", "zh")
    assert company_names("控股子公司通力磁材公司2005年净利润是多少？", "zh") == ["通力磁材"]
