"""A roll-forward table's closing balance is the item its introducing sentence names."""

from __future__ import annotations

from decimal import Decimal

from finrag.answer.facts import extract_facts
from finrag.answer.rollforward import introduced_item, is_closing
from finrag.model import Block, BlockKind, Table

from .helpers import make_chunk, make_doc, table_chunks, table_text


def test_the_sentence_above_a_reconciliation_names_its_item() -> None:
    above = "The following table provides a reconciliation of changes in unrecognized tax benefits for 2017:"
    assert introduced_item([above]) == "unrecognized tax benefits"
    assert introduced_item(["Changes in the Company's product warranty liability were as follows:"]) == (
        "product warranty liability"
    )
    assert introduced_item(["The changes in the carrying amount of goodwill by segment were:"]) == "goodwill"
    assert introduced_item(["Net revenue grew 5% on higher volumes."]) is None
    assert is_closing("Balance at end of period") and is_closing("Ending balance")
    assert not is_closing("Balance at beginning of period")


def test_the_closing_balance_row_is_the_year_s_balance_of_the_item_and_the_opening_row_is_not() -> None:
    table = Table(
        "t1",
        [86],
        [["", "2017", "2016"]],
        [
            ["Balance at beginning of period", "$469", "$410"],
            ["Gross decreases related to prior period tax positions", "(144)", "(13)"],
            ["Balance at end of period", "$374", "$469"],
        ],
    )
    doc = make_doc([table], company="Best Buy", year=2017, language="en", unit_line="")
    above = "The following table reconciles changes in unrecognized tax benefits ($ in millions):"
    doc.blocks.insert(0, Block(BlockKind.TEXT, above, 86))
    facts = extract_facts(doc, table_chunks(doc))
    items = {(f.line_item_norm, f.fiscal_year): f.value for f in facts}
    assert items[("unrecognized tax benefits", 2017)] == Decimal("374")
    assert items[("balance at beginning of period", 2017)] == Decimal("469")


def test_a_known_item_the_introducing_sentence_names_outranks_a_note_heading_pages_above() -> None:
    table = Table(
        "t2",
        [98],
        [["", "Display Technologies", "Optical Communications", "Total"]],
        [
            ["Balance at December 31, 2019", "$129", "$931", "$1,060"],
            ["Acquired goodwill", "", "3", "3"],
            ["Balance at December 31, 2020", "$132", "$943", "$1,075"],
        ],
    )
    doc = make_doc([table], company="Glassco", year=2020, language="en", unit_line="")
    above = "Changes in the carrying amount of goodwill for the twelve months ended December 31, 2020, "
    doc.blocks.insert(0, Block(BlockKind.TEXT, f"{above}were as follows (in millions):", 98))
    chunk = make_chunk(doc, table_text(table), 98, table_ref="t2", section=["Notes", "8. Income Taxes"])
    closing = [f for f in extract_facts(doc, [chunk]) if f.value == Decimal("943")]
    assert [f.line_item_norm for f in closing] == ["goodwill"]  # not the stale heading's "income taxes"
