from __future__ import annotations

from decimal import Decimal

from finrag.answer.averaged import averaged, yearly_average_span
from finrag.answer.defined import defined_answer
from finrag.answer.facts import extract_facts
from finrag.answer.numeric import calculation_answer
from finrag.answer.query import analyze
from finrag.model import Table

from .helpers import make_doc, table_chunks

DATA = Table(
    "t1",
    [80],
    [["(In millions)", "2022", "2021", "2020"]],
    [
        ["Revenues", "66,608", "62,286", "58,158"],
        ["Loss from operations", "(3,547)", "(2,902)", "(12,767)"],
        ["Net cash provided by operating activities", "7,802", "9,221", "8,183"],
        ["Capital expenditures", "(1,670)", "(1,522)", "(1,766)"],
    ],
    caption="Consolidated Statements of Operations",
)


def test_a_defined_metric_averaged_over_the_years_named() -> None:
    doc = make_doc([DATA], company="Acme", year=2022, language="en", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze(
        "What is Acme's three year average operating margin from FY2020 to FY2022? Define operating margin "
        "as loss from operations / revenues for each year, then take the simple average of the three "
        "ratios. Round to one decimal place."
    )
    span = yearly_average_span(asked)
    assert span == [2020, 2021, 2022] and asked.definition is not None
    definition = asked.definition
    assert [t.item.printed for t in definition.terms] == ["loss from operations", "revenues"]
    found = averaged(asked, span, lambda a: defined_answer(a, definition, facts, rank, lambda f: 1))
    assert found is not None and found.result == Decimal("-10.6")  # (-21.95 - 4.66 - 5.33) / 3
    fcf = analyze(
        "What is Acme's two year average free cash flow for FY2021 and FY2022? Define free cash flow as "
        "net cash provided by operating activities minus capital expenditures. Round to one decimal place."
    )
    assert fcf.definition is not None
    two = averaged(
        fcf, yearly_average_span(fcf), lambda a: defined_answer(a, fcf.definition, facts, rank, lambda f: 1)
    )
    assert two is not None and two.result == Decimal("6915.5")  # (7,699 + 6,132) / 2
    assert yearly_average_span(analyze("What was Acme's revenue in FY2021 and FY2022?")) == []


def test_a_named_ratio_averaged_over_three_years() -> None:
    doc = make_doc([DATA], company="Acme", year=2022, language="en", unit_line="")
    facts, rank = extract_facts(doc, table_chunks(doc)), {doc.doc_id: 0}
    asked = analyze("What is Acme's 3 year average capex to revenue from FY2020 to FY2022?")
    found = averaged(
        asked, yearly_average_span(asked), lambda a: calculation_answer(a, facts, rank, lambda f: 1)
    )
    assert found is not None and found.result == Decimal("2.66")  # (3.04 + 2.44 + 2.51) / 3 = 2.663
