"""What the evidence must print for a question's words to count as found: a named rate or an abbreviated
metric (else the figure would be invented), and English words over a Chinese filing (glossary terms and
words the question glosses in Chinese)."""

from __future__ import annotations

import re

from finrag.answer.formulas import detect_formula
from finrag.answer.lexicon import find_line_items
from finrag.answer.names import gloss_parts, word_cuts
from finrag.answer.query import AskedFor
from finrag.answer.text import prints_any
from finrag.retrieve.expand import GLOSSED_TERM, load_translations

# A rate or score the question names in its own words: "customer churn rate", "Net Promoter Score", "离职率"
_EN_RATE = re.compile(r"\b([a-z][a-z-]{2,})\s+(?:rate|score)\b", re.I)
_ZH_RATE = re.compile(r"[\u4e00-\u9fff]{2}税率|([\u4e00-\u9fff]{2})率")  # "房产税率", "占有率"
_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]")  # "turnover (attrition) rate": the aside names the same rate


def named_rates(asked: AskedFor) -> list[str]:
    """The rates, scores and operating measures a question names in its own words that no formula computes
    and no statement item is ("customer churn rate", "市场占有率", "the average selling price")."""
    question = _ASIDE.sub("", asked.question)
    # measures no formula works out ("inventory shrink rate (shrinkage as a percentage of net sales)")
    measures = [m.group(0) for m in _EN_MEASURE.finditer(question)] if asked.language == "en" else []
    named_formula = asked.formula is not None and asked.formula.named
    if named_formula or asked.definition is not None or any(m.concept for m in asked.line_items):
        return measures  # a rate the calculator works out ("effective tax rate") or a statement item
    pattern = _ZH_RATE if asked.language == "zh" else _EN_RATE
    computed = [k.lower() for k in asked.formula.keywords] if asked.formula is not None else []
    cuts = word_cuts(question) if asked.language == "zh" else set()
    rates = [_whole_rate(question, m, cuts) for m in pattern.finditer(question)]
    # "增长率", "growth rate": the calculator's own word (of "compound annual growth rate" too)
    named = dict.fromkeys(rates + measures)
    return [r for r in named if not any(r.lower().removesuffix(" rate") in k for k in computed)]


def _whole_rate(question: str, m: re.Match[str], cuts: set[int]) -> str:
    """The rate a match names: the word jieba cuts ending there when the match starts inside a word ("怎么应对
    汇率风险": 汇率, no "对汇率"); as matched otherwise ("离职率", "市场占有率", an English rate)."""
    if not cuts or m.start() in cuts or m.end() not in cuts:
        return m.group(0)
    word = question[max(c for c in cuts if c < m.end()) : m.end()]
    return word if 2 <= len(word) < len(m.group(0)) else m.group(0)


def tax_named(rate: str) -> str:
    """The tax a "…税率" names ("房产税率" -> "房产税"), which a table prints as the row of its 税率 column;
    other rates as they are."""
    return rate.removesuffix("率") if rate.endswith("税率") else rate


def unprinted_rate(asked: AskedFor, text: str) -> str | None:
    """A named rate, score or measure that no evidence text prints with a figure (a metric the filer does
    not report: a figure for it would be invented), else None. ``text``: the evidence, lower case."""
    for rate in named_rates(asked):
        low = rate.lower()
        if _row_of(low, text):
            continue  # "occupancy rate": a table's "| Occupancy | 55% |" row
        if low.endswith("税率") and "税率" in text and tax_named(low) in text:
            continue  # "房产税率": the 房产税 row of a table's 税率 column
        if low not in text or (not low.endswith("率") and not _with_figure(low, text)):
            return rate  # "higher overall renewal rates" with no rate printed reports none
    return None


def _row_of(rate: str, text: str) -> bool:
    """A table row labelled with the rate's name less "rate" prints it in percent ("| occupancy | 55%")."""
    name = rate.removesuffix(" rate")
    return name != rate and re.search(rf"\|\s*{re.escape(name)}\s*\|\s*[\d.]+\s*%", text) is not None


# Operating measures a filer may or may not report, named in a question's own words
_EN_MEASURE = re.compile(
    r"\b(?:average (?:selling )?price|market share|average ticket|shrinkage|churn|backlog|advertising)\b"
    # retail "shrink", not a balance that shrank ("did the deficit shrink during 2021")
    r"|\bshrink\b(?!\s*\?)(?!\s+(?:between|during|in|from|by|over|to|since|after)\b)",
    re.I,
)


RATE_AFTER = 80  # characters after a rate's name where its figure is printed ("… renewal rate was 90.4%")
RATE_BEFORE = 30  # and before it ("a 90.4% renewal rate")
RATE_ASIDE_CHARS = 300  # a rate's defining aside ("…, which the Company defines as …,") may run this long
# ", which the Company defines as …,"; " expense that primarily relates to … and which is … expenses," too
_DEFINING_ASIDE = re.compile(
    r"^(?:\s*[\w-]+)?\s*,?\s*(?:which|that|as|defined|calculated)\b[^.;]*?,(?=\s*(?:was|were|is|of)\b)"
)
_FIGURE = re.compile(r"(?<![\d.])(?!(?:19|20)\d{2}(?!\d))\d[\d.,]*")  # a number, not a year


def _with_figure(rate: str, text: str) -> bool:
    """Some mention of ``rate`` in ``text`` prints a figure in the same sentence, right after or right
    before it ("renewal rate was 90.4%", "production rates to increase to 38 per month")."""
    for m in re.finditer(re.escape(rate), text):
        # "turnover rate, which the Company defines as …, was 7.4%": the definition aside is skipped
        after = _DEFINING_ASIDE.sub(" ", text[m.end() : m.end() + RATE_ASIDE_CHARS])[:RATE_AFTER]
        after = re.split(r"[.;](?:\s|$)", after)[0]
        before = re.split(r"[.;]\s", text[max(0, m.start() - RATE_BEFORE) : m.start()])[-1]
        if _FIGURE.search(after) or _FIGURE.search(before):
            return True
    return False


ITEM_GAP = 3  # " (" between a line item and the abbreviation the question adds to it
# A metric the question names with its abbreviation: "average revenue per paying user (ARPPU)"
# "one-day value-at-risk (VaR)", "revenue per available room (RevPAR)": capitals at both ends
_ABBREVIATED = re.compile(r"((?:[A-Za-z][\w'-]*\s+){0,2}[A-Za-z][\w'-]*)\s*\(([A-Z][A-Za-z]{0,5}[A-Z])s?\)")


def unprinted_abbreviation(asked: AskedFor, text: str) -> str | None:
    """A metric named with an abbreviation that neither the calculator knows nor the evidence prints, by
    abbreviation or by the words right before it (a figure the filer does not report), else None.
    ``text``: the evidence, lower case."""
    if asked.language != "en" or asked.definition is not None:
        return None
    for m in _ABBREVIATED.finditer(asked.question):
        abbr, words = m.group(2), m.group(1).lower()
        item_before = any(i.concept and 0 <= m.start(2) - i.end <= ITEM_GAP for i in asked.line_items)
        if item_before or any(find_line_items(w) or detect_formula(w) for w in (abbr, words)):
            continue  # "EBITDA", "diluted earnings per share (EPS)": computed or read as statement items
        if re.search(rf"(?<![a-z]){abbr.lower()}(?![a-z])", text) or words in text:
            continue
        return abbr
    return None


def translated_words(question: str, text: str) -> list[str]:
    """The question's English words whose Chinese wording ``text`` prints (an English question over a
    Chinese filing), lower-cased: glossary terms, and words the question glosses in brackets."""
    glossary = [
        m.term.lower()
        for m in load_translations().find(question)
        if m.term.isascii() and prints_any(text, [t.lower() for t in m.concept.terms if not t.isascii()])
    ]
    glossed = [
        m.group(1).lower()
        for m in GLOSSED_TERM.finditer(question)
        if prints_any(text, gloss_parts(m.group(2)))
    ]
    return glossary + glossed
