"""A figure asked of one thing alone is never answered by a figure that does not name it."""

from __future__ import annotations

from finrag.answer.alone import unnamed_alone
from finrag.answer.measures import unanswered_measure
from finrag.answer.query import analyze


def test_an_answer_never_naming_the_thing_asked_alone_is_of_something_wider() -> None:
    sub = "四方科技2019年罐式集装箱业务里，气体罐式集装箱这一细分产品单独的毛利率是多少？"
    wider = "四方科技罐式集装箱（主营业务分产品情况，毛利率（%））为17.30%[2]。"
    assert unnamed_alone(sub, wider) == "气体罐式集装箱"
    assert unnamed_alone(sub, "气体罐式集装箱的毛利率为15.20%[2]。") is None
    video = "How much revenue did Acme's Fios video (pay-TV) service alone generate in 2022?"
    assert unnamed_alone(video, "Fios service revenue totaled $10.8 billion.[1]") == "fios video pay-tv"
    year = "How much of Acme's operating lease payments falls due in 2028 alone?"
    assert unnamed_alone(year, "| Thereafter | 4,490 |[3]") == "2028"
    assert unnamed_alone(year, "| 2028 | 1,250 |[3]") is None


def test_a_brand_or_a_period_asked_alone_is_named_as_answers_name_it() -> None:
    brand = "What were Acme's FY2022 net revenues from the Gatorade brand alone?"
    assert unnamed_alone(brand, "Gatorade net revenue was $6.2 billion.[1]") is None  # "brand" is a kind
    supplier = "What percentage of Acme's purchases came from Apple alone?"
    assert unnamed_alone(supplier, "Apple accounted for 35% of merchandise purchases.[2]") is None
    quarter = "What were Acme's comparable sales for the first quarter of fiscal 2024 alone?"
    assert unnamed_alone(quarter, "Q1 comparable sales fell 10.1%.[1]") is None


def test_a_dollar_amount_asked_needs_an_amount_in_the_quote() -> None:
    asked = analyze("What was the dollar amount of Acme's LIFO reserve at the end of fiscal 2021?")
    quote = "U.S. merchandise inventories are valued by the last-in, first-out (LIFO) basis.[1]"
    assert unanswered_measure(asked, quote) == "an amount of money"
    assert unanswered_measure(asked, "The LIFO reserve was $1.2 billion.[1]") is None


def test_a_class_of_shares_named_is_asked_alone() -> None:
    """ "its Series I preferred stock": a sentence about Series Z is another series' figure; "Class B" must
    be said too (the Series Z redemption was once quoted for the Series I dividend)."""
    q = "What dividend per share did JPMorgan Chase declare on its Series I preferred stock in Q2 2022?"
    z = "On February 1, 2022, the Firm redeemed all $2.0 billion of its preferred stock, Series Z.[3]"
    assert unnamed_alone(q, z) == "Series I"
    assert unnamed_alone(q, "| Series I | 119.03 | 58.58 |[2]") is None
    nike = "What average price per share did Nike pay for the Class B shares it repurchased in fiscal 2018?"
    assert unnamed_alone(nike, "we purchased 69.7 million shares of NIKE's Class B Common Stock[5]") is None
