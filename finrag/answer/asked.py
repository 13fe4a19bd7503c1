"""What a question asks, as the answer stage reads it (`query.analyze` fills it in)."""

from __future__ import annotations

from dataclasses import dataclass, field

from finrag.answer.calc import Formula
from finrag.answer.definition import Definition
from finrag.answer.lexicon import LineItemMatch


@dataclass(slots=True)
class AskedFor:
    question: str
    language: str
    intent: str  # "chitchat", "calculation", "lookup", "text"
    years: list[int] = field(default_factory=list)  # fiscal years named, in question order
    instant: bool = False  # asks for a balance at a date ("年末", "上年末", "as of")
    prior_year_end: bool = False  # "上年末"/"期初": the previous year's closing balance
    part_year: bool = False  # a quarter or half year is asked ("Q1 2021", "2007年1-6月")
    quarters: list[str] = field(default_factory=list)  # quarters named ("Q1"): no other quarter answers
    dates: list[str] = field(default_factory=list)  # the balance dates the question writes, ISO, in order
    span_ends: list[str] = field(default_factory=list)  # the days a quarter or part of a year asked ends
    line_items: list[LineItemMatch] = field(default_factory=list)
    formula: Formula | None = None
    definition: Definition | None = None  # a formula the question spells out itself
    places: int | None = None
    year_offset: int = (
        0  # the question names fiscal years by the year they start in ("Fiscal 2022 ended … 2023")
    )
    scope: str = "consolidated"  # "parent" when the question says 母公司
    companies: list[str] = field(default_factory=list)  # company names the analysis matched
    mentions: list[str] = field(default_factory=list)  # the question's words that named them ("GD Power")
    entities: list[str] = field(default_factory=list)  # company-like names in the question (matched or not)
    section_titles: list[str] = field(default_factory=list)  # titles of the sections that answer it (regexes)
    qualifiers: list[str] = field(default_factory=list)  # kinds of item asked: "comparable store" sales

    def written_day(self, year: int) -> str | None:
        """The balance day the question writes for that year ("at December 31, 2007"), if any."""
        return next((d for d in self.dates if d.startswith(str(year))), None)

    def summary(self) -> dict[str, object]:
        """What the trace shows of this reading."""
        asked = self
        return {
            "language": asked.language,
            "intent": asked.intent,
            "years": asked.years,
            "instant": asked.instant,
            "prior_year_end": asked.prior_year_end,
            "line_items": [m.printed for m in asked.line_items],
            "formula": asked.formula.name if asked.formula else None,
            "definition": asked.definition.name if asked.definition else None,
            "places": asked.places,
            "scope": asked.scope,
            "entities": asked.entities,
            "companies": asked.companies,
            "qualifiers": asked.qualifiers,
        }
