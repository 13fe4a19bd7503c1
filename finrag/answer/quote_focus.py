"""What an extractive answer reads and asks for: a sentence scored for quoting (``Scored``) and what the
sentences quoted for a figure question must print (``Focus``)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Scored:
    n: int  # citation number of the chunk
    order: tuple[int, int, int, int]  # reading order: document, page, offset, sentence index
    text: str
    score: float
    # the sentence before it in its chunk ("（1）X为公司全资子公司" names whose figures follow)
    before: str = ""
    heading: str = ""  # the chunk's heading path ("四、风险因素 > （二）主要产品集中风险")
    source: str = ""  # the chunk's whole text: a table row's years are in its header
    # its report's fiscal year: "本期数 | 上年同期数" are that year and the year before
    report_year: int | None = None


@dataclass(slots=True)
class Focus:
    """What the sentences quoted for a figure question print, when any sentence does."""

    wordings: list[str]  # lower-case wordings of the asked line item or ratio (none: any figure will do)
    year: int | None = None  # the one year asked
    unit: str | None = None  # "多少吨": only a figure in this unit answers, else nothing is quoted
    topic: tuple[str, ...] = ()  # with ``unit``: a table row (its unit is in the header) naming one of these
    strict: bool = False  # no sentence printing what is asked: quote nothing (the answer is a refusal)
    kinds: tuple[str, ...] = ()  # words naming the kind of item asked ("comparable store"): all printed
    count: bool = False  # "how many … units": a count (no money, no percentage) is the figure
    # whose figure is asked (a subsidiary): named in the sentence or the one before
    owners: tuple[str, ...] = ()
    # the parent company's own figure is asked: a group figure ("公司及控股子公司") is not it
    parent_only: bool = False
    # the quarter asked, in its wordings ("third quarter", "october 2, 2022"): one printed with the figure
    # (a table row: in its chunk's header)
    periods: tuple[str, ...] = ()
    # the spans asked ("three"): a sentence naming only other spans ("in the six months ended …") is another
    # figure, as is a table row whose table names only others
    spans: tuple[str, ...] = ()
    # an English figure of a known line item: with no sentence printing it, only sentences naming the item
    mentions: tuple[str, ...] = ()
    # the peers' figure is asked: a sentence, or a table row whose table, prints one of these words
    peers: tuple[str, ...] = ()
