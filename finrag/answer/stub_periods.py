"""The period a figure question asks that its evidence never dates a figure to: a whole year, a quarter or a
day (a prospectus reporting "2007年1-6月" for "2007年全年", an annual report for "2020年6月30日", a 10-K's
years for "the fourth quarter of 2022"). The answer stage refuses it by that period's name."""

from __future__ import annotations

import re

from finrag.answer.column_periods import FULL_YEAR
from finrag.answer.gate_periods import past_year_cell
from finrag.answer.lexicon import LineItemMatch, normalise, synonyms
from finrag.answer.query import AskedFor
from finrag.answer.text import split_sentences
from finrag.model import Chunk, Period
from finrag.retrieve.periods import find_periods

DECEMBER = 12


# The months a document dates a year's figures to ("2007年1-6月", "2007年6月30日", "2007年度")
def _months_printed(text: str, year: int) -> list[int]:
    """The months up to which ``text`` dates figures of ``year`` (a year's report counts as December)."""
    y = str(year)
    months = [int(m) for m in re.findall(rf"{y}\s*年\s*(?:1\s*[-－—~至]\s*)?(\d{{1,2}})\s*月", text)]
    months += [int(m) for m in re.findall(rf"{y}[.\-/](\d{{1,2}})[.\-/]\d{{1,2}}", text)]
    whole = re.search(rf"{y}\s*年(?:度(?!\s*(?:第|上半|前三))|末|底)", text)
    return months + ([DECEMBER] if whole else [])


def stub_period(asked: AskedFor, context: list[tuple[int, Chunk]]) -> str | None:
    """The whole year or quarter a Chinese figure question asks when the evidence dates that year's figures
    only to an earlier month (a prospectus with "2007年1-6月") or not at all, or the quarter an English one
    asks of annual reports only: its figures are another period's, else None."""
    if asked.intent not in ("lookup", "calculation"):
        return None
    if asked.language != "zh":
        return _quarter_not_reported(asked, context)
    quarter = _asked_quarter(asked)
    whole = FULL_YEAR.search(asked.question) if len(asked.years) == 1 else None
    if quarter is not None and quarter.period_end and quarter.fiscal_year:  # "2007年第三季度": to September
        year, month, label = quarter.fiscal_year, int(quarter.period_end[5:7]), quarter.label
        text = _flat(context)
        own = re.sub(r"^\d{4}\s*年度?", "", label)  # "第四季度" of "2019年第四季度"
        if re.search(rf"{year}\s*年度?[^，。|]{{0,4}}(?:分季度|{re.escape(own)})", text):
            return None  # "2020年分季度主要财务数据", "2019年第四季度": the quarter of that year is printed
        # a quarter: its own end month; the year's report ("2019年度") dates no quarter of it
        printed = _months_printed(re.sub(rf"{year}\s*年度", " ", text), year)
        return None if month in printed else label
    if whole is not None:  # "2007年全年": figures to December; none printed: the year is not in the evidence
        printed = _months_printed(_flat(context), asked.years[0])
        printed += [DECEMBER] if any(past_year_cell(c, asked.years[0]) for _, c in context) else []
        said = whole.group(0).lstrip("0123456789 ")  # "全年", "年度" (of "2002年度")
        label = f"{asked.years[0]}{'' if said.startswith('年') else '年'}{said}"  # "2007年全年", "2002年度"
        return label if not printed or max(printed) < DECEMBER else None
    if asked.instant and len(asked.dates) == 1 and int(asked.dates[0][5:7]) < DECEMBER:
        # "2020年6月30日的预付款项" asked of a year's report: no figure of that day
        year, month, day = (int(p) for p in asked.dates[0].split("-"))
        written = re.search(rf"{year}\s*年\s*0?{month}\s*月\s*0?{day}\s*日", asked.question)
        if written is None or _DATED_DOCUMENT.match(asked.question, written.end()):
            return None  # "这份2022年7月19日的报告": the day a document is dated, no balance date
        printed = _months_printed(_flat(context), year)
        return None if month in printed else written.group(0)
    return None


# what a day written in a question dates besides a balance ("2022年7月19日的报告", "…日发布")
_DATED_DOCUMENT = re.compile(r"\s*(?:的|发布的|出具的)?\s*(?:研究|调研)?(?:报告|公告|发布|召开|披露)")


# a table column or report of a quarter: "Three Months Ended", "4Q22", "Q2", "13 weeks ended"
QUARTER_PRINTED = re.compile(
    r"\bthree months\b|\bquarters?\b|\b[1-4]Q\s?\d{2}\b|\bQ[1-4]\b|\b1[2-7] weeks\b", re.I
)


def _quarter_not_reported(asked: AskedFor, context: list[tuple[int, Chunk]]) -> str | None:
    """The quarter an English figure question asks when only annual reports answer and no table of theirs
    has a quarter's column ("Boeing's revenues for the fourth quarter of 2022" over its 10-K): the year's
    figure is another one."""
    quarter = _asked_quarter(asked)
    if quarter is None or not context:
        return None
    if any(c.meta.fiscal_period not in (None, "FY") for _, c in context):
        return None  # a quarter's report is among the evidence
    tables = " ".join(c.text for _, c in context if c.table_ref)
    if QUARTER_PRINTED.search(tables):
        return None
    # "… quarterly dividends of $2.60 per share during the fourth quarter of 2020": a sentence says it
    words = [w for m in asked.line_items for w in item_wordings(m)]
    label = quarter.label.lower()
    sentences = (s.lower() for _, c in context if not c.table_ref for s in split_sentences(c.text))
    return None if any(label in s and any(w in s for w in words) for s in sentences) else quarter.label


def _asked_quarter(asked: AskedFor) -> Period | None:
    """The quarter the question asks about ("2007年第三季度", "the fourth quarter of 2022"), if any."""
    return next((p for p in find_periods(asked.question) if (p.fiscal_period or "").startswith("Q")), None)


def _flat(context: list[tuple[int, Chunk]]) -> str:
    return " ".join(" ".join(c.text.split()) for _, c in context)


def item_wordings(item: LineItemMatch) -> list[str]:
    """How documents print a line item: its synonyms, or only the printed label when that is a more
    specific row ("无形资产投资", not every "无形资产")."""
    words = synonyms(item.concept)
    printed = normalise(item.printed)
    return [printed, *words] if printed in words else [printed]
