"""A quoted answer to an English figure question must print the kind of figure and the quarter asked."""

from __future__ import annotations

from finrag.answer.lexicon import LineItemMatch
from finrag.answer.measures import unanswered_measure
from finrag.answer.query import AskedFor, analyze
from finrag.model import QueryAnalysis
from finrag.retrieve.periods import find_periods


def _asked(question: str, intent: str = "lookup") -> AskedFor:
    return analyze(question, QueryAnalysis(question, question, "en", intent, periods=find_periods(question)))


def test_a_share_asked_needs_a_percentage_and_a_price_per_share_a_price() -> None:
    share = _asked("What share of PepsiCo's net revenue in 2022 came from sales to Walmart?")
    assert unanswered_measure(share, "| Net Revenue | $17,846 | $16,200 |[7]") == "a percentage"
    assert (
        unanswered_measure(share, "Sales to Walmart represented approximately 14% of net revenue.[2]") is None
    )
    price = _asked("What price per share did Amazon pay Whole Foods Market shareholders?", "text")
    assert (
        unanswered_measure(price, "We acquired Whole Foods Market on August 28, 2017.[2]")
        == "a price per share"
    )
    assert unanswered_measure(price, "Amazon paid $42 per share in cash.[1]") is None
    bought = _asked("How many shares did Acme buy back in 2022, and at what average price per share?", "text")
    said = "We repurchased 20 million common shares at an average price of $168.14 in 2022.[6]"
    assert unanswered_measure(bought, said) is None
    assert unanswered_measure(bought, "| Average price paid per share | $79.11 | $69.18 |[6]") is None
    typed = _asked("what % of 3M's accumulated other comprehensive loss in 2018 came from pensions?")
    loss = "| Accumulated other comprehensive loss | (6,866) |[7]"
    assert unanswered_measure(typed, loss) == "a percentage"


def test_a_quarter_asked_is_not_answered_by_sentences_about_another() -> None:
    q1 = _asked("What were Best Buy's comparable sales for the first quarter of fiscal 2024?")
    other = "Revenue fell in the second quarter of fiscal 2024 on comparable sales declines.[1]"
    assert unanswered_measure(q1, other) == "Q1"
    assert (
        unanswered_measure(q1, "Comparable sales declined 10.1% in the first quarter of fiscal 2024.[1]")
        is None
    )


def test_a_chinese_amount_share_or_head_count_asked_needs_one_in_the_quote() -> None:
    fee = analyze("厦门安妮本次发行的承销及保荐费用是多少万元？")
    assert unanswered_measure(fee, "保荐人（主承销商）：平安证券有限责任公司[5]") == "金额"
    assert unanswered_measure(fee, "承销及保荐费用为1,200万元。[2]") is None
    share = analyze("生物股份2020年口蹄疫疫苗的国内市场份额是多少(百分比)?")
    assert unanswered_measure(share, "口蹄疫疫苗市场份额连续多年位居国内第一。[1]") == "百分比"
    assert unanswered_measure(share, "| 大专及以上 | 641 | 30.40 |[2]") is None  # the % in the header
    staff = analyze("金宇生物2020年末控股子公司辽宁益康有多少名在职员工？")
    assert unanswered_measure(staff, "| 金宇保灵 | 1,587,740,189.04 | 85,719,429.54 |[4]") == "人数"
    assert unanswered_measure(staff, "截至2020年末，辽宁益康共有在职员工312人。[3]") is None
    turnover = analyze("南岭民爆的合资方代诺诺贝尔公司2005年在全球的营业额是多少？")
    assert unanswered_measure(turnover, "代诺诺贝尔公司是世界民爆产品行业的领导者。[2]") == "金额"
    assert unanswered_measure(turnover, "代诺诺贝尔公司2004年营业额折合86.9亿元。[2]") is None


def test_a_margin_or_an_amount_of_money_asked_needs_one_in_the_quote() -> None:
    spend = _asked("How much did Walmart spend on research and development in fiscal 2020?", "text")
    prose = (
        "Walmart has expended a significant amount of time, money and effort in developing its systems.[1]"
    )
    assert unanswered_measure(spend, prose) == "an amount of money"
    assert unanswered_measure(spend, "Walmart spent $1.2 billion on technology development.[1]") is None
    margin = _asked("What gross margin did Pfizer earn on its Comirnaty vaccine in FY2021?", "text")
    assert (
        unanswered_measure(margin, "Comirnaty is an mRNA-based vaccine developed with BioNTech.[2]")
        == "a margin"
    )
    covenant = _asked("What minimum interest coverage ratio does Acme's credit agreement require?", "text")
    named = "The agreement requires us to maintain a minimum quarterly interest coverage ratio.[3]"
    assert unanswered_measure(covenant, named) == "a ratio"  # the covenant's level, not that there is one
    assert unanswered_measure(covenant, "The minimum interest coverage ratio is 3.0 to 1.0.[3]") is None


def test_a_chinese_amount_asked_as_jin_e_needs_an_amount_in_yuan() -> None:
    asked = analyze("江苏爱康太阳能2010年度向First Solar销售安装支架的金额是多少？")
    told = "公司已经与First Solar、Enfinity等客户建立了合作关系。[3]"
    assert unanswered_measure(asked, told) == "金额"
    assert unanswered_measure(asked, "2010年度向First Solar销售安装支架1,200万元。[2]") is None
    balance = analyze("天源科技2005年12月31日存货中原材料的账面余额是多少？")
    turnover = "2005年存货集中在产成品和原材料，存货周转率4.80次，周转天数为75天。[8]"
    assert unanswered_measure(balance, turnover) == "金额"  # a turnover is no balance
    assert unanswered_measure(balance, "2005年末原材料账面余额为1,234.56万元。[2]") is None
    growth = analyze("南岭民爆2005年工业炸药销量比2004年增长了多少？保留两位小数。")
    assert unanswered_measure(growth, "公司工业炸药销量逐年增长，2005年达13,561吨。[1]") == "百分比"
    assert unanswered_measure(growth, "2005年工业炸药销量比上年增长12.50%。[1]") is None
    table = "单位：元 关联交易关联方 交易内容 辽宁省电力有限公司 电力销售 1,275,864,073.21 11.23 现金[2]"
    related = analyze("2006年国电电力向辽宁省电力有限公司销售电力的关联交易金额是多少？")
    assert unanswered_measure(related, table) is None  # the amount's unit printed over the table
    why = analyze("What drove General Mills' net sales growth in fiscal 2019?")
    assert (
        unanswered_measure(why, "Net sales grew on the addition of Blue Buffalo and favorable price.[2]")
        is None
    )


def test_a_margin_asked_is_not_answered_by_a_quoted_cost_row() -> None:
    margin = analyze(
        "国电大渡河流域水电开发有限公司2006年度的主营业务毛利率是多少？"
        "毛利率=(主营业务收入-主营业务成本)/主营业务收入，保留两位小数。"
    )
    assert unanswered_measure(margin, "| 减:(一)主营业务成本 | 424,929,405.59 |[1]") == "百分比"
    assert unanswered_measure(margin, "2006年主营业务毛利率为57.13%。[1]") is None
    both = analyze("金宇生物2017年度研发投入多少元，占营业收入的比重？")
    assert both.formula is not None and both.formula.percent
    assert unanswered_measure(both, "2017年研发投入1.73亿元。[1]") is None  # the amount is half the answer


def test_a_chinese_quantity_or_quarter_asked_needs_a_quote_printing_it() -> None:
    sold = analyze("江苏爱康太阳能2010年度向REC MODULES PTE.LTD销售了多少万套太阳能边框？")
    assert unanswered_measure(sold, "|  | 2 | REC MODULES PTE.LTD | 10,188.75 | 8.16% |[2]") == "万套"
    assert unanswered_measure(sold, "2010年度向REC MODULES PTE.LTD销售太阳能边框126.51万套。[3]") is None
    quarter = analyze("国电电力2006年第四季度的上网电量是多少亿千瓦时？")
    assert unanswered_measure(quarter, "我国年发电量2006年达28,344亿千瓦时。[1]") == "第四季度"
    age = analyze("金宇生物2020年员工的平均年龄是多少岁?")
    assert unanswered_measure(age, "| 在职员工的数量合计 | 1,444 |[3]") == "岁"  # a head count is no age
    assert unanswered_measure(age, "公司员工平均年龄为36岁。[2]") is None
    after = analyze("国电电力本次公开增发A股完成后，公司总股本是多少股？")
    assert unanswered_measure(after, "本次发行前发行人总股本为2,546,943,890股。[3]") == "发行后"
    assert unanswered_measure(after, "本次发行后总股本为2,800,000,000股。[3]") is None
    both = analyze("按发行2,500万股计算，安妮股份张杰与林旭曦发行后合计持股比例是多少？")
    assert unanswered_measure(both, "本次发行不超过2,500万股后，二人合计持有约64.61%的股权。[4]") is None
    before_and_after = analyze("天源科技首次公开发行前后的总股本分别是多少万股？")
    assert unanswered_measure(before_and_after, "发行前 | 4,000 |[1]") is None


def test_a_part_the_figure_came_through_must_be_named_by_the_quote() -> None:
    asked = _asked("How much of General Mills' fiscal 2020 net sales came through e-commerce channels?")
    walmart = "During fiscal 2020, Walmart accounted for 21 percent of our consolidated net sales.[2]"
    assert unanswered_measure(asked, walmart) == "e-commerce channels"
    online = "E-commerce sales more than doubled in fiscal 2020 to $1.1 billion.[3]"
    assert unanswered_measure(asked, online) is None


def test_an_income_or_revenue_asked_needs_a_number_in_the_quote_not_just_a_citation() -> None:
    asked = analyze(
        "What operating income did Walmart de México (Walmex) contribute to Walmart in fiscal 2018?"
    )
    names = "Wal-Mart de Mexico, S.A.B. de C.V. Mexico Wal-Mart Canada Corp.[1]"
    assert unanswered_measure(asked, names) == "a figure"
    assert unanswered_measure(asked, "Walmex contributed operating income of $2.1 billion.[1]") is None
    stake = analyze("What was the carrying value of Acme's investment in its fairlife joint venture in 2017?")
    venture = "fairlife, LLC is a joint venture with Select Milk Producers.[4]"
    assert unanswered_measure(stake, venture) == "a figure"
    assert unanswered_measure(stake, "Our fairlife investment was carried at $181 million.[4]") is None


def test_a_share_quoted_without_its_part_answers_nothing() -> None:
    asked = analyze("What percentage of its fiscal 2021 revenue did Costco spend on research and development")
    quote = "Net sales increased 18% to $192,052 driven by a 16% increase in comparable sales.[1]"
    assert unanswered_measure(asked, quote) == "research and development"
    said = "Research and development costs were 2% of revenue in fiscal 2021.[3]"
    assert unanswered_measure(asked, said) is None
    chinese = "2010年末公司员工中研发人员占员工总数的12.5%。[2]"  # a Chinese filing words its part its way
    assert unanswered_measure(asked, chinese) is None


def test_a_chinese_part_asked_is_not_answered_by_the_whole_or_another_table_s_row() -> None:
    abroad = analyze("金宇生物2020年国外业务的营业收入比2019年增长了多少？")
    whole = "报告期内，公司实现主营业务收入156,732万元，较上年同期增加39.98%；[6]"
    assert unanswered_measure(abroad, whole) == "国外"  # the whole company's growth is not the part's
    assert unanswered_measure(abroad, "国外业务收入较上年增长12.50%。[2]") is None
    raw = analyze("南岭民爆2005年12月31日存货中原材料的账面余额是多少元？")
    raw.line_items = [LineItemMatch("", "原材料", raw.question.find("原材料"), within="inventory")]  # its row
    allowance = "二、存货跌价准备合计 其中：原材料 246,730.80元[5]"
    assert unanswered_measure(raw, allowance) == "存货"  # raw materials' write-down, not their balance
    assert unanswered_measure(raw, "2005年末存货中原材料账面余额为1,234.56万元。[2]") is None


def test_a_kind_counted_last_must_be_in_the_quote() -> None:
    asked = analyze("How many of Costco's employees at the end of fiscal 2021 were part-time?")
    total = "At the end of 2021, we employed 288,000 employees worldwide.[1]"
    assert unanswered_measure(asked, total) == "part-time"
    said = "Of our 288,000 employees, 120,000 were part-time.[1]"
    assert unanswered_measure(asked, said) is None


def test_an_expense_asked_is_no_answer_without_an_amount() -> None:
    asked = analyze("What operating lease (rent) expense did Kraft Heinz record for 2018?")
    dates_only = "At December 28, 2019, our leases that had not yet commenced were insignificant.[2]"
    assert unanswered_measure(asked, dates_only) == "a figure"  # a day and a year are no amount
    assert unanswered_measure(asked, "Rent expense was $284 million in 2018.[1]") is None
    assert unanswered_measure(asked, "| Operating lease cost | 2,256 | 2,140 |[1]") is None


def test_a_quoted_row_of_another_item_answers_no_lookup() -> None:
    asked = analyze("What net sales did Haleon report for the three months ended June 30, 2023?")
    other = "| Income from collaborations and sales of compound rights | (7) | (5) |[2]"
    assert unanswered_measure(asked, other) == "net sales"
    assert unanswered_measure(asked, "| Net sales | 2,900 | 2,800 |[1]") is None
    schedule = analyze("How much of Globex's long-term debt is scheduled to mature in fiscal 2022?")
    assert unanswered_measure(schedule, "| 2022 | 1,100 |[1]") is None  # a schedule's row of the year


def test_a_quoted_row_naming_the_body_asked_of_is_the_row_asked() -> None:
    q = (
        "In Costco's fiscal 2021 tax rate reconciliation, how much did the employee stock ownership plan "
        "(ESOP) reduce income taxes, in dollars and in rate points?"
    )
    asked = analyze(q)
    federal = "| Federal taxes at statutory rate | $1,403 | 21.0 % |[1]"
    esop = "| Employee stock ownership plan (ESOP) | (91) | (1.3) |[1]"
    assert unanswered_measure(asked, f"{federal}\n{esop}") is None  # the ESOP's own row of the reconciliation
    assert unanswered_measure(asked, federal) == "income taxes"


def test_rows_that_never_name_the_things_counted_answer_no_count() -> None:
    asked = analyze("How many Acme employees worked in the Intelligent Cloud segment as of June 30, 2016?")
    rows = "| Intelligent Cloud | 25,042 | 23,715 | 21,735 |[1]"
    assert unanswered_measure(asked, rows, "Revenue by segment\n" + rows) == "employees"
    counted = "| Intelligent Cloud | 41,000 |[1]"
    assert unanswered_measure(asked, counted, "Employees by segment\n" + counted) is None
    both = analyze("Who is Acme's controlling shareholder, and how many shares did that holder own in 2019?")
    holder = "| Huang Jie | controlling shareholder | 39.96 |[1]"
    assert unanswered_measure(both, holder, holder) is None  # the row names who: one of the two asks


def test_the_things_a_count_asks_are_never_the_verb_after_them() -> None:
    stores = _asked("how many stores does nike lease worldwide, per its FY2023 10-K?", "text")
    rows = "| NIKE Brand factory stores | 560 |[3]"
    assert unanswered_measure(stores, rows, "| NIKE Brand factory stores | 560 |") is None  # "stores" printed
    other = "| Distribution centers | 7 |[3]"
    assert unanswered_measure(stores, other, "| Distribution centers | 7 |") == "stores"
