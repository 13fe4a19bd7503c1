"""Parts of a company a question names as such: printed on their own, or not at all."""

from __future__ import annotations

from finrag.answer.facts import extract_facts
from finrag.answer.owner_names import parts_in_rows
from finrag.answer.parts import came_from_parts, left_out, owner_parts, unprinted_parts
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_chunk, make_doc, table_chunks


def test_a_segment_the_question_names_that_no_text_prints_is_an_unprinted_part() -> None:
    doc = make_doc([], company="Lockheed Martin", year=2022, language="en", unit_line="")
    chunk = make_chunk(doc, "Our segments are Aeronautics, Missiles and Fire Control, and Space.", 39)
    marine = analyze("What net sales did Lockheed Martin's Marine Systems segment report in 2022?")
    marine.companies = ["Lockheed Martin"]
    assert unprinted_parts(marine, [chunk]) == ["Marine Systems"]
    space = analyze("What net sales did Lockheed Martin's Space segment report in 2022?")
    space.companies = ["Lockheed Martin"]
    assert unprinted_parts(space, [chunk]) == []


def test_a_name_printed_only_inside_a_longer_name_is_not_printed() -> None:
    doc = make_doc([], company="Boeing", year=2022, language="en", unit_line="")
    chunk = make_chunk(doc, "Our segments are Commercial Airplanes and Defense, Space & Security.", 3)
    asked = analyze("How much revenue did Boeing's Space segment generate in 2022?")
    asked.companies = ["Boeing"]
    assert unprinted_parts(asked, [chunk]) == ["Space"]


def test_a_place_a_figure_was_made_in_and_a_business_named_after_the_filer_are_parts() -> None:
    amex = make_doc([], company="American Express", year=2022, language="en", unit_line="")
    chunk = make_chunk(amex, "Total revenues net of interest expense were $52,862 million in 2022.", 50)
    canada = analyze(
        "What total revenues net of interest expense did American Express generate in Canada in 2022?"
    )
    canada.companies = ["American Express"]
    assert unprinted_parts(canada, [chunk]) == ["Canada"]
    bby = make_doc([], company="Best Buy", year=2024, language="en", unit_line="")
    revenue = make_chunk(bby, "Best Buy revenue was $9,583 million in the quarter.", 5)
    health = analyze("How much revenue did Best Buy's Best Buy Health business generate in Q2 fiscal 2024?")
    health.companies = ["Best Buy"]
    assert "Best Buy Health" in unprinted_parts(health, [revenue])  # the filer's name and more words
    mgm = analyze("What revenue per available room did MGM Resorts report for MGM China in Q2 2023?")
    mgm.companies = ["MGM Resorts"]
    assert unprinted_parts(mgm, [chunk]) == ["MGM China"]
    rmb = analyze("What were Square Technology Group's taxes payable at December 31, 2019, in RMB?")
    assert unprinted_parts(rmb, [chunk]) == []  # the unit asked, not a place
    joined = analyze("What operating margin did Best Buy's Domestic segment earn in fiscal 2023?")
    joined.companies = ["Best Buy"]
    assert "Best Buy Domestic" not in unprinted_parts(joined, [revenue])  # the filer, then its segment
    own = analyze("How much revenue did Best Buy generate in Q2 fiscal 2024?")
    own.companies = ["Best Buy"]
    assert unprinted_parts(own, [revenue]) == []
    corning = make_doc([], company="Corning", year=2021, language="en", unit_line="")
    segment = make_chunk(corning, "Specialty Materials represented 14% of Corning's net sales in 2021.", 20)
    apple = analyze("What were Corning's 2021 net sales to Apple?")
    apple.companies = ["Corning"]
    assert unprinted_parts(apple, [segment]) == ["Apple"]  # a customer's sales, never the segment's share


def test_a_brand_of_the_filer_s_own_is_a_part() -> None:
    khc = make_doc([], company="Kraft Heinz", year=2019, language="en", unit_line="")
    sales = make_chunk(khc, "Net sales were $24,977 million in 2019.", 40)
    brand = analyze("What were Kraft Heinz's 2019 net sales of its Oscar Mayer brand?")
    brand.companies = ["Kraft Heinz"]
    assert unprinted_parts(brand, [sales]) == ["Oscar Mayer"]


def test_the_subject_of_a_did_question_is_a_part_when_it_is_not_the_filer() -> None:
    mgm = make_doc([], company="MGM Resorts", year=2023, language="en", unit_line="")
    chunk = make_chunk(mgm, "MGM Resorts reported consolidated net revenues of $3,942 million.", 30)
    asked = analyze(
        "What net revenue did BetMGM generate in the second quarter of 2023, per MGM Resorts' 10-Q?"
    )
    asked.companies = ["MGM Resorts"]
    assert unprinted_parts(asked, [chunk]) == ["BetMGM"]


def test_a_name_leading_the_item_a_brand_of_the_filer_and_a_growth_s_place_are_parts() -> None:
    jnj = make_doc([], company="Johnson & Johnson", year=2022, language="en", unit_line="")
    sales = make_chunk(jnj, "Worldwide sales were $23,706 million in the fourth quarter of 2022.", 13)
    cases = {
        "What were worldwide ERLEADA sales in the fourth quarter of 2022?": "ERLEADA",
        "What were net sales of the Cheerios brand in fiscal 2019?": "Cheerios",
        "What total assets did Lockheed Martin attribute to its Space business segment in 2021?": "Space",
        "By what percentage did Corning's net sales to customers in China grow in 2020?": "China",
    }
    for question, part in cases.items():
        asked = analyze(question)
        asked.companies = ["Johnson & Johnson", "Lockheed Martin", "Corning"]
        assert unprinted_parts(asked, [sales]) == [part], question
    topic = analyze("What was the Federal Republic of Nigeria litigation about, per JPMorgan Chase's 10-Q?")
    topic.companies = ["JPMorgan Chase"]
    assert unprinted_parts(topic, [sales]) == []  # a topic the name leads, no figure of its own
    own = analyze("By what percentage did Corning's net sales grow in 2020?")
    own.companies = ["Corning"]
    assert unprinted_parts(own, [sales]) == []  # the filer's own growth


def test_a_name_after_the_filer_s_possessive_or_before_its_business_word_is_a_part() -> None:
    nike = make_doc([], company="Nike", year=2023, language="en", unit_line="")
    income = make_chunk(nike, "NIKE, Inc. EBIT was $6,447 million for fiscal 2023.", 35)
    cases = {
        "What operating income (EBIT) did Nike's Jordan Brand generate in fiscal 2023?": "Jordan Brand",
        "How much revenue did Square's (now Block) Caviar food-ordering business generate in 2016?": "Caviar",
    }
    for question, part in cases.items():
        asked = analyze(question)
        asked.companies = ["Nike", "Square"]
        assert unprinted_parts(asked, [income]) == [part], question
    mgm = analyze("What net revenues did MGM Resorts' BetMGM online sports betting venture generate in 2020?")
    mgm.companies = ["MGM Resorts International"]
    assert unprinted_parts(mgm, [income]) == ["BetMGM"]
    strip = analyze("What was Las Vegas Strip Resorts' Adjusted Property EBITDAR in Q4 2022?")
    strip.companies = ["MGM Resorts International"]
    assert "Adjusted Property" not in unprinted_parts(strip, [income])  # a metric after a part's possessive


def test_what_a_figure_came_from_or_is_included_in_is_the_part_asked() -> None:
    respirators = analyze(
        "How much revenue did 3M generate specifically from sales of disposable respirators in 2018?"
    )
    assert came_from_parts(respirators) == ["disposable respirators"]
    costs = analyze(
        "How much in pre-contract costs was included in Lockheed Martin's inventories at December 31, 2021?"
    )
    assert came_from_parts(costs) == ["pre-contract costs"]
    online = analyze("How much of General Mills' fiscal 2020 net sales came through e-commerce channels?")
    assert came_from_parts(online) == ["e-commerce channels"]
    abroad = analyze(
        "What percentage of Walmart's total revenues in fiscal 2018 came from its non-U.S. operations?"
    )
    assert came_from_parts(abroad) == ["non-U.S. operations"]  # not "non-U"
    assert came_from_parts(analyze("How much of Nike's 2022 revenue came from the wholesale channel.")) == [
        "wholesale channel"
    ]
    assert came_from_parts(analyze("How much revenue did 3M generate in 2018?")) == []
    # which segment, no part of one: "only reportable" is what the question asks the name of
    assert came_from_parts(analyze("Which is Acme's only reportable segment, and what does it sell?")) == []
    units = analyze(
        "How much of Walmart's fiscal 2018 share-based compensation expense came from restricted stock units?"
    )
    assert came_from_parts(units) == ["restricted stock units"]  # a part named in three words
    business = analyze("What operating income did Costco's e-commerce business generate in fiscal 2021?")
    assert came_from_parts(business) == ["e-commerce"]


def test_a_figure_asked_without_a_part_a_table_reports_is_only_a_row_that_leaves_it_out() -> None:
    revenue = Table(
        "t1",
        [52],
        [["", "2020", "2019"]],
        [["Total net revenue", "9,497,578", "4,713,500"], ["Rent expense", "120", "100"]],
        caption="Selected Financial Data",
    )
    doc = make_doc([revenue], company="Square", year=2020, language="en", unit_line="")
    facts = extract_facts(doc, table_chunks(doc))
    rows = [
        make_chunk(
            doc, "| Bitcoin revenue | 4,571,543 | 516,465 |\n| Transaction-based revenue | 3,294,978 |", 62
        )
    ]
    asked = analyze("Strip out bitcoin: how much did Square's total net revenue grow in 2020?")
    assert left_out(asked, facts, rows) == []  # the total holds bitcoin; no row leaves it out
    whole = analyze("How much did Square's total net revenue grow in 2020?")
    assert left_out(whole, facts, rows) == facts
    prose = [make_chunk(doc, "Rent expense, excluding executory costs, was $120 million.", 70)]
    rent = analyze("By what percentage did Square's rent expense (excluding executory costs) rise in 2020?")
    assert left_out(rent, facts, prose) == facts  # how the row is measured: no row of executory costs
    debt = analyze("What was Square's long-term debt (excluding the current portion) at the end of 2020?")
    assert left_out(debt, facts, rows) == facts  # the balance sheet's long-term row itself


def test_a_segment_the_question_names_binds_a_quoted_margin_as_well() -> None:
    doc = make_doc([], company="Advanced Micro Devices", year=2022, language="en", unit_line="")
    chunk = make_chunk(doc, "Gross margin, as a percentage of net revenue for 2022, was 45%.", 40)
    asked = analyze("What gross margin did AMD's Data Center segment earn in 2022?")
    asked.companies = ["Advanced Micro Devices"]
    assert owner_parts(asked, [chunk]) == ["Data Center"]


def test_a_segment_an_amount_was_spent_or_held_by_is_the_figure_s_owner() -> None:
    doc = make_doc([], company="Costco", year=2021, language="en", unit_line="")
    chunk = make_chunk(doc, "Selling, general and administrative expenses were $18,537 million.", 40)
    asked = analyze("How much of Costco's 2021 SG&A expense was incurred by its Canadian operations segment?")
    asked.companies = ["Costco"]
    assert owner_parts(asked, [chunk]) == ["Canadian"]


def test_customers_in_a_place_make_the_place_the_part() -> None:
    japan = analyze("How much revenue did Adobe generate from customers in Japan in fiscal 2016?")
    japan.entities = [e for e in japan.entities if e != "Japan"]
    assert came_from_parts(japan) == ["Japan"]  # never "customers"
    unplaced = analyze("How much revenue did Adobe generate from customers in fiscal 2016?")
    assert came_from_parts(unplaced) == []


def test_a_segment_a_figure_was_spent_at_is_its_owner() -> None:
    asked = analyze(
        "How much of MGM Resorts' capital expenditures in the six months ended June 30, 2023 was spent "
        "at its Las Vegas Strip Resorts segment alone?"
    )
    asked.companies = ["MGM Resorts"]
    assert owner_parts(asked, []) == ["Las Vegas Strip Resorts"]


def test_a_part_the_retrieved_text_does_not_print_but_a_fetched_row_does_owns_the_figure() -> None:
    segments = Table(
        "t70",
        [64],
        [["", "United States Operations", "Other International Operations", "Total"]],
        [["2021", "", "", ""], ["Operating income", "4,262", "1,270", "6,708"]],
        caption="Note 12—Segment Reporting",
    )
    doc = make_doc([segments], company="Costco", year=2021, language="en", unit_line="")
    chunks = table_chunks(doc)
    facts = extract_facts(doc, chunks)
    asked = analyze(
        "How much did operating income of Costco's Other International Operations segment grow in fiscal "
        "2021 (52 weeks ended August 29, 2021) compared with fiscal 2020?"
    )
    found, printing = parts_in_rows(asked, [], facts, {c.chunk_id: c for c in chunks})
    assert found == ["Other International Operations"] and printing == chunks
    assert parts_in_rows(asked, ["Costco"], facts, {}) == ([], [])  # an owner found in the text already
    flipkart = analyze("What operating income did Costco's Flipkart segment earn in fiscal 2021?")
    assert parts_in_rows(flipkart, [], facts, {})[0] == []  # no row prints it


def test_a_count_of_the_filer_s_segments_is_no_part() -> None:
    asked = analyze("Which of Acme's four business segments earned the highest operating income in 2022?")
    assert came_from_parts(asked) == []  # "four" counts the segments; the ranking reads them all
    assert came_from_parts(analyze("What operating income did Acme's e-commerce business generate?")) == [
        "e-commerce"
    ]


def test_a_ratio_of_a_body_written_as_its_owner_is_that_body_s_not_the_filer_s() -> None:
    doc = make_doc([], company="Amcor", year=2023, language="en", unit_line="")
    rows = "| Total current assets | 5,863 | 5,853 |\n| Total current liabilities | 4,393 | 5,144 |"
    chunk = make_chunk(doc, rows, 3)
    asked = analyze("What was the Obligor Group's current ratio at December 31, 2022? Give two decimals.")
    asked.companies = ["Amcor"]
    assert asked.intent == "calculation"
    assert unprinted_parts(asked, [chunk]) == ["Obligor Group"]  # the consolidated rows are not its own
    own = analyze("What was Amcor's current ratio at December 31, 2022? Give two decimals.")
    own.companies = ["Amcor"]
    assert unprinted_parts(own, [chunk]) == []
