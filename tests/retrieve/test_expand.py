"""Glossary expansion: same-language synonyms and a cross-language variant; user glossary files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from finrag.config import AnswerSettings
from finrag.errors import ConfigError, LLMError
from finrag.retrieve.expand import (
    cross_language_variant,
    line_items,
    llm_variants,
    load_glossary,
    load_translations,
    rule_variants,
)
from tests.fake_endpoint import JsonHandler, serve


def test_chinese_revenue_question_gets_synonyms_and_an_english_variant() -> None:
    v = rule_variants("四方科技2019年营收是多少", "zh", load_glossary(), cross=True, synonyms=4)
    assert "营业收入" in v["#syn"]
    assert "revenue" in v["#xl"] and "四方科技" in v["#xl"] and "2019" in v["#xl"]


def test_capex_maps_to_the_cash_flow_line_in_both_languages() -> None:
    v = rule_variants("What was 3M capex in FY2018?", "en", load_glossary(), cross=True, synonyms=6)
    assert "purchases of property, plant and equipment" in v["#syn"]
    assert "购建固定资产、无形资产和其他长期资产支付的现金" in load_glossary().find("capex")[0].concept.terms
    assert "资本支出" in v["#xl"]


def test_switches_and_questions_without_glossary_terms() -> None:
    g = load_glossary()
    assert rule_variants("谁是董事会秘书的助理", "zh", g, cross=False, synonyms=0) == {}
    assert "#xl" not in rule_variants("营收", "zh", g, cross=False, synonyms=4)


def test_line_items_are_reported_once_per_concept() -> None:
    g = load_glossary()
    assert line_items(g.find("营收和营业收入以及净利润")) == ["营收", "净利润"]


def test_a_user_glossary_extends_the_shipped_one(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("# our terms\n在手订单 | 订单储备 | order backlog | backlog\n", encoding="utf-8")
    v = rule_variants("今年在手订单多少", "zh", load_glossary(str(f)), cross=True, synonyms=4)
    assert "订单储备" in v["#syn"] and "order backlog" in v["#xl"]
    with pytest.raises(ConfigError):
        load_glossary(str(tmp_path / "missing.txt"))


def test_a_judgment_is_searched_by_the_figures_that_decide_it() -> None:
    g = load_glossary()
    q = "Are JnJ's FY2022 financials that of a high growth company?"
    v = rule_variants(q, "en", g, cross=True, synonyms=4)
    assert v[""].startswith(q) and "revenue growth" in v[""] and "sales growth" in v[""]
    assert "营业收入增长" in v["#xl"]
    assert line_items(g.find(q)) == []  # a judgment names no line item
    assert "" not in rule_variants("What was JnJ's FY2022 revenue?", "en", g, cross=True, synonyms=4)
    assert not any(
        m.concept.cue for m in g.find("revenue growth")
    )  # one way: the terms after => match nothing


def test_a_user_cue_line_is_one_way(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("asset light => 固定资产 | property and equipment\n", encoding="utf-8")
    g = load_glossary(str(f))
    assert (
        "property and equipment" in rule_variants("Is X asset light?", "en", g, cross=False, synonyms=2)[""]
    )
    assert not any(m.concept.cue for m in g.find("property and equipment of X"))


class _Chat(JsonHandler):
    """A fake OpenAI-compatible chat endpoint (stands in for a paid API)."""

    def answer(self, path: str, body: Any) -> tuple[int, Any]:
        system = body["messages"][0]["content"]
        text = "3M capital expenditures 2018" if system.startswith("Rewrite") else "3M spent $1,577 million."
        return 200, {"choices": [{"message": {"content": text}}]}


@pytest.fixture()
def chat() -> Iterator[str]:
    with serve(_Chat) as base:
        yield base + "/v1"


def test_llm_rewrite_and_hyde_variants_and_silent_fallback(chat: str) -> None:
    cfg = AnswerSettings(llm_base_url=chat)
    v = llm_variants("capex of 3M in 2018?", cfg, 5.0, rewrite=True, hyde=True)
    assert v == {"#llm": "3M capital expenditures 2018", "#hyde": "3M spent $1,577 million."}
    with pytest.raises(LLMError):  # the retriever catches this and keeps the rule variants
        llm_variants("q", AnswerSettings(llm_base_url="http://127.0.0.1:9/v1"), 1.0, rewrite=True, hyde=False)


def test_prospectus_and_annual_report_terms_have_their_chinese() -> None:
    g = load_glossary()
    q = "How many in-service employees did the parent company have, and who is the sponsor?"
    variant = cross_language_variant(q, g.find(q))
    assert variant is not None and "在职员工" in variant and "母公司" in variant and "保荐人" in variant


def test_an_english_term_in_a_question_counted_as_chinese_still_gets_its_chinese_wording() -> None:
    q = "What was the inventory balance of Xiamen Anne Corporation Limited (厦门安妮股份有限公司) in 2007?"
    v = rule_variants(q, "zh", load_glossary(), cross=True, synonyms=0)
    assert "存货" in v["#xl"] and "inventory" not in v["#xl"]
    # the English name the question glosses with a Chinese one: the Chinese name stands for it
    assert "Xiamen" not in v["#xl"] and "厦门安妮股份有限公司" in v["#xl"]
    glossed = (
        "How much did Jiangsu Akcome Solar Science & Technology Co., Ltd. (江苏爱康太阳能) buy from its top "
        "five suppliers?"
    )
    xl = rule_variants(glossed, "zh", load_glossary(), cross=True, synonyms=0)["#xl"]
    assert xl.startswith("How much did 江苏爱康太阳能 buy") and "前五名供应商" in xl


def test_a_term_the_question_glosses_in_chinese_is_searched_by_its_gloss() -> None:
    g = load_glossary()
    q = "What were Jiangsu Akcome Solar's (江苏爱康太阳能) financial expenses (财务费用) for 2010?"
    xl = rule_variants(q, "zh", g, cross=True, synonyms=0)["#xl"]
    assert "财务费用" in xl and "finance costs" not in xl and "financial expenses" not in xl
    # a gloss the glossary does not know still makes the other-language query
    unknown = "What was Jinyu's (金宇生物) value-added tax payable (应交增值税) at December 31, 2020?"
    assert (
        cross_language_variant(unknown, g.find(unknown))
        == "What was 金宇生物 应交增值税 at December 31, 2020?"
    )


def test_translations_read_english_questions_but_never_expand_queries() -> None:
    q = "四方科技2019年产能利用率是多少"
    assert rule_variants(q, "zh", load_glossary(), cross=True, synonyms=4) == {}  # no variant from them
    asked = "What was the compensation of key management personnel at 四方科技 in 2019?"
    found = [m.concept.first("zh") for m in load_translations().find(asked)]
    assert found == ["关键管理人员报酬"] and not load_glossary().find(asked)
    assert load_translations().find("营收")  # the glossary's own terms are read too
