"""The section lexicon: question concepts map to the filing parts and statements that answer them."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.errors import ConfigError
from finrag.retrieve.sections import (
    answering_statements,
    asked_concepts,
    implied_statements,
    load_concepts,
)
from finrag.retrieve.statements import named_statements


@pytest.mark.parametrize(
    ("question", "concept"),
    [
        ("Has the company reported any materially important ongoing legal battles?", "legal"),
        ("Who are the primary customers of the company as of FY2022?", "customers"),
        ("Is the business subject to cyclicality?", "risk"),
        ("How does the effective tax rate in FY2022 compare to FY2021?", "tax"),
        ("Is it a capital-intensive business based on FY2022 data?", "capital"),
        ("What is the fixed asset turnover ratio (revenue / average PP&E)?", "fixed_assets"),
        ("Which product categories represent more than 20% of revenue?", "segments"),
        ("2019年该公司电子信箱是什么?", "contact"),
        ("请介绍报告期内公司的社会责任工作情况", "responsibility"),
        ("公司的实际控制人是谁？", "ownership"),
    ],
)
def test_qualitative_questions_name_the_part_of_the_filing_that_answers_them(
    question: str, concept: str
) -> None:
    assert concept in [c.name for c in asked_concepts(question, load_concepts())]


def test_a_ratio_implies_the_statements_it_is_computed_from_beyond_those_named() -> None:
    cs = load_concepts()
    q = "Calculate the inventory turnover ratio for FY2022"
    assert {s.key for s in implied_statements(asked_concepts(q, cs), [])} == {"balance", "income"}
    named = named_statements("Using the balance sheet, what is the inventory turnover?")
    q2 = "Using the balance sheet, what is the inventory turnover?"
    assert implied_statements(asked_concepts(q2, cs), named) == []  # the question says which to use


def test_plain_lookups_and_instructions_ask_for_no_section() -> None:
    cs = load_concepts()
    assert asked_concepts("What is the FY2018 total current assets? Address the question in USD.", cs) == []


def test_a_user_lexicon_adds_concepts_and_a_broken_one_is_a_config_error(tmp_path: Path) -> None:
    good = tmp_path / "mine.toml"
    good.write_text('[[concept]]\nname = "esg"\nasked = ["carbon"]\ntitled = ["climate"]\n', encoding="utf-8")
    found = asked_concepts("What are the carbon targets?", load_concepts(str(good)))
    assert [c.name for c in found] == ["esg"] and found[0].words == "climate"
    bad = tmp_path / "bad.toml"
    bad.write_text('[[concept]]\nname = "x"\nasked = ["("]\n', encoding="utf-8")
    with pytest.raises(ConfigError):
        load_concepts(str(bad))


def test_a_tax_rate_or_a_margin_implies_the_income_statement() -> None:
    cs = load_concepts()
    for q in ("How does the effective tax rate in FY2022 compare to FY2021?", "2020年公司的实际税率是多少？",
              "Does the company have an improving gross margin profile as of FY2022?"):
        assert [s.key for s in implied_statements(asked_concepts(q, cs), [])] == ["income"], q


def test_social_responsibility_and_the_environment_are_separate_sections() -> None:
    cs = load_concepts()
    social = asked_concepts("请介绍报告期内公司的社会责任工作情况", cs)
    assert [c.name for c in social] == ["responsibility"]
    assert "环境" not in social[0].words_in("zh")  # the environment chapter's words stay out of its query
    green = asked_concepts("公司报告期内的环境信息和排污情况如何？", cs)
    assert [c.name for c in green] == ["environment"]


def test_investment_securities_are_their_own_concept() -> None:
    q = "Which type of debt received the largest investment among the short term investments in H1 FY2023?"
    assert "investments" in [c.name for c in asked_concepts(q, load_concepts())]


def test_non_gaap_and_forecast_figures_are_not_answered_by_the_statements_themselves() -> None:
    cs = load_concepts()
    for q in (
        "Is growth in the company's adjusted EPS expected to accelerate in FY2023?",
        "What was the interest coverage ratio using FY2022 Adjusted EBIT as the numerator?",
        "2020年扣除非经常性损益后的净利润增长率是多少？",
    ):  # reconciliation tables and guidance print these, the GAAP/CAS statements never do
        concepts = asked_concepts(q, cs)
        implied = implied_statements(concepts, [])
        assert implied and answering_statements(concepts, [], implied) == [], q  # tables still searched
    q = "What was the FY2022 EBIT margin?"
    concepts = asked_concepts(q, cs)
    assert [s.key for s in answering_statements(concepts, [], implied_statements(concepts, []))] == ["income"]
    named = named_statements("From the income statement, what was adjusted EBITDA?")
    adjusted = asked_concepts("adjusted EBITDA", cs)
    assert answering_statements(adjusted, named, []) == named  # a named statement is taken at its word
