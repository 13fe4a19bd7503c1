"""Section paths of SEC filings and Chinese reports (issue #9): TOC pages, Item order, Notes, exhibits."""

from __future__ import annotations

from finrag.chunk.sections import build_sections, is_sentence_fragment
from finrag.model import Block, BlockKind
from tests.chunk.helpers import heading, make_doc, text


def caption(value: str, page: int = 1) -> Block:
    return Block(BlockKind.CAPTION, value, page)


def _paths(blocks: list[Block]) -> dict[str, list[str]]:
    """Body text -> its section path."""
    doc = make_doc(blocks, language="en")
    out: dict[str, list[str]] = {}
    for sec in build_sections(doc, []):
        for i in sec.blocks:
            out[doc.blocks[i].text] = sec.path
    return out


def _toc(page: int = 2) -> list[Block]:
    return [heading("PART I", page), text("Item 1.", page), text("Item 1A.", page), heading("PART II", page),
            text("Item 7.", page), text("Item 7A.", page), text("Item 8.", page), text("Item 15.", page),
            text("Item 16.", page)]


def _filing() -> list[Block]:
    return [
        *_toc(),
        heading("PART I", 3), heading("Item 1. Business", 3), text("We build airplanes.", 3),
        heading("ITEM 1A. RISK FACTORS", 4), text("Demand may fall.", 4),
        heading("PART II", 5), text("Item 7 - Management's Discussion and Analysis", 5),
        text("Revenue grew.", 5),
        heading("(Dollars in millions)", 6), text("Backlog rose.", 6),
        heading("* Intercompany deliveries identified by parentheses", 6), text("Deliveries rose.", 6),
        text("Item 7A.", 7), text("Quantitative and Qualitative Disclosures About Market Risk", 7),
        text("Rates may rise.", 7),
        caption("Item 8. Financial Statements and Supplementary Data Index to the Financial Statements", 8),
        text("Note 16 – Postretirement Plans", 9), text("Pension cost was small.", 9),
        caption("Note 21 – Legal Proceedings Various legal proceedings are pending against us.", 10),
        text("Item 7. Management's Discussion and Analysis", 11), text("See above.", 11),
        heading("Item 15. Exhibits and Financial Statement Schedules", 12), text("Exhibit list.", 12),
        heading("Item 16. Form 10-K Summary", 12), text("None.", 12),
        text("Exhibit 10.13", 14), heading("EXECUTIVE SUPPLEMENTAL SAVINGS PLAN", 14),
        heading("ARTICLE II Definitions", 15), text("Plan means this plan.", 15),
    ]


def test_toc_page_does_not_set_the_path_and_item_headings_are_found_in_all_forms() -> None:
    paths = _paths(_filing())
    assert paths["We build airplanes."] == ["PART I", "Item 1. Business"]
    assert paths["Demand may fall."] == ["PART I", "ITEM 1A. RISK FACTORS"]
    assert paths["Revenue grew."] == ["PART II", "Item 7 - Management's Discussion and Analysis"]
    # "Item 7A." alone on its line, its title on the next line: one heading
    assert paths["Rates may rise."] == [
        "PART II", "Item 7A. Quantitative and Qualitative Disclosures About Market Risk"]


def test_notes_nest_under_the_financial_statements_item() -> None:
    paths = _paths(_filing())
    # the label line ran on into the index title: cut after the standard Form 10-K Item title
    item8 = "Item 8. Financial Statements and Supplementary Data"
    assert paths["Pension cost was small."] == ["PART II", item8, "Note 16 – Postretirement Plans"]
    # a Note label run on into its first paragraph: the title is cut, the paragraph stays body text
    note21 = "Note 21 – Legal Proceedings Various legal proceedings are pending against us."
    assert paths[note21] == ["PART II", item8, "Note 21 – Legal Proceedings"]


def test_a_lower_item_in_the_body_is_no_new_section() -> None:
    paths = _paths(_filing())
    assert paths["See above."][1].startswith("Item 8.")


def test_unit_captions_and_footnotes_are_never_headings() -> None:
    paths = _paths(_filing())
    assert paths["(Dollars in millions)"] == ["PART II", "Item 7 - Management's Discussion and Analysis"]
    assert paths["Deliveries rose."] == ["PART II", "Item 7 - Management's Discussion and Analysis"]
    zh = _paths([heading("第十节 财务报告"), heading("（单位：元）"), text("货币资金 100")])
    assert zh["货币资金 100"] == ["第十节 财务报告"]


def test_appended_exhibits_start_their_own_top_level_path() -> None:
    paths = _paths(_filing())
    assert paths["None."] == ["PART II", "Item 16. Form 10-K Summary"]
    top = "Exhibit 10.13 EXECUTIVE SUPPLEMENTAL SAVINGS PLAN"
    assert paths["Plan means this plan."] == [top, "ARTICLE II Definitions"]


def test_chinese_numbering_keeps_its_levels() -> None:
    paths = _paths([
        heading("第三节 管理层讨论与分析", 5), heading("一、报告期内公司所处行业情况", 5),
        text("行业增长。", 5),
        heading("（一）主营业务分析", 6), text("收入增长。", 6), heading("第十节 财务报告", 40),
        text("审计意见。", 40),
    ])
    assert paths["行业增长。"] == ["第三节 管理层讨论与分析", "一、报告期内公司所处行业情况"]
    assert paths["收入增长。"] == [
        "第三节 管理层讨论与分析", "一、报告期内公司所处行业情况", "（一）主营业务分析"]
    assert paths["审计意见。"] == ["第十节 财务报告"]


def test_sentence_fragments_are_never_headings() -> None:
    for line in ("0.3% on the operational sales growth of the worldwide Consumer Health segment.",
                 "14.0%, 11.0% and 11.0% of the total consolidated revenues.",
                 "34.8 percent compared to 2019.", "determine such matters."):
        assert is_sentence_fragment(line), line
    for line in ("1. Organization.", "Item 7.", "Note 2. Revenue", "eBay Inc.",
                 "23.1 Consent of Independent Registered Public Accounting Firm."):
        assert not is_sentence_fragment(line), line
    doc = make_doc([heading("Item 7. MD&A", level=2), text("Sales fell by"),
                    heading("0.3% on the operational sales growth of the worldwide segment."),
                    text("Gross margin fell."), heading("Cost of Products Sold"), text("Costs rose.")],
                   language="en")
    paths = {doc.blocks[i].text: s.path for s in build_sections(doc) for i in s.blocks}
    assert paths["Gross margin fell."] == ["Item 7. MD&A"]
    assert paths["Costs rose."] == ["Item 7. MD&A", "Cost of Products Sold"]


def test_percentages_are_not_section_numbers() -> None:
    from finrag.parse.headings import numbered_level as parse_level

    assert parse_level("0.3% on the operational sales growth") == 0
    assert parse_level("1.5 billion in 2022.") == 0
    assert parse_level("1.1 Overview") == 4 and parse_level("2.3 概述") == 4


def test_a_heading_in_capitals_heads_the_unnumbered_headings_below_it() -> None:
    paths = _paths([
        heading("PART I", 3), heading("Item 2. Management's Discussion and Analysis", 3),
        heading("CONSUMER & COMMUNITY BANKING", 20), heading("Selected income statement data", 20),
        text("Net revenue was $17.2 billion.", 20),
        heading("ASSET & WEALTH MANAGEMENT", 41), heading("Selected income statement data", 41),
        text("Net revenue was $4.9 billion.", 41), heading("Quarterly results", 41),
        text("Net income rose.", 41),
    ])
    item = ["PART I", "Item 2. Management's Discussion and Analysis"]
    assert paths["Net revenue was $17.2 billion."] == [
        *item, "CONSUMER & COMMUNITY BANKING", "Selected income statement data"]
    # the next heading in capitals replaces the last one, and its sub-headings follow it
    assert paths["Net revenue was $4.9 billion."] == [
        *item, "ASSET & WEALTH MANAGEMENT", "Selected income statement data"]
    assert paths["Net income rose."] == [*item, "ASSET & WEALTH MANAGEMENT", "Quarterly results"]
