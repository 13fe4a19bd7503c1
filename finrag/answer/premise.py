"""False premises the evidence contradicts: a listing venue the documents do not name while they name
another one ("which New York ticker?" when the prospectus applies for a Shenzhen listing)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from finrag.answer.figures import beyond_context
from finrag.answer.query import AskedFor
from finrag.answer.text import split_sentences, terms
from finrag.model import AccessScope, Chunk, Filters, SearchRequest, SearchResult

EXCHANGES: dict[str, tuple[str, ...]] = {
    "纽约证券交易所": ("纽约证券交易所", "纽交所", "new york stock exchange", "nyse"),
    "纳斯达克": ("纳斯达克", "nasdaq"),
    "香港联合交易所": ("香港联合交易所", "香港联交所", "港交所", "hong kong stock exchange", "hkex"),
    "上海证券交易所": ("上海证券交易所", "上交所", "shanghai stock exchange"),
    "深圳证券交易所": ("深圳证券交易所", "深交所", "shenzhen stock exchange"),
    "伦敦证券交易所": ("伦敦证券交易所", "london stock exchange"),
}


# Words by which a filing speaks of its own issuer (a venue named for some other company does not count)
ISSUER_WORDS = (
    "本公司",
    "发行人",
    "本次发行",
    "公司股票",
    "our common stock",
    "our stock",
    "the company's stock",
    "we are listed",
    "our shares",
)
_OTHERS = re.compile(
    r"(?:本公司|发行人|公司)(?:的)?(?:主要)?(?:客户|供应商|竞争对手|同行)|our (?:customers|competitors)"
)
PREMISE_DOCS = 3  # documents searched again for the listing venue a question wrongly assumes
# What to search for when the retrieved context does not say where the company is listed
LISTING_QUERY = {
    "zh": "股票 上市 证券交易所 股票代码",
    "en": "common stock listed stock exchange ticker symbol",
}


def listing_query(question: str, entities: list[str], language: str) -> str | None:
    """A search for the listing venue when the question assumes one; None when it assumes none."""
    if not venues(question):
        return None
    return " ".join([*entities, LISTING_QUERY.get(language, LISTING_QUERY["en"])])


@dataclass(slots=True)
class Correction:
    asked: str  # the venue the question assumes
    found: str  # the venue the documents name
    n: int  # citation of the sentence that names it
    sentence: str


def venues(text: str) -> list[str]:
    low = text.lower()
    return [name for name, aliases in EXCHANGES.items() if any(a in low for a in aliases)]


def find_correction(
    question: str, context: list[tuple[int, Chunk]], entities: list[str] | None = None
) -> Correction | None:
    asked = venues(question)
    if not asked:
        return None
    own = [*ISSUER_WORDS, *(e.lower() for e in entities or [])]
    for _, chunk in context:
        for sentence in split_sentences(chunk.text):
            low = _OTHERS.sub("", sentence.lower())
            if set(asked) & set(venues(sentence)) and any(w in low for w in own):
                return None  # the documents say the company itself is listed there
    wanted = [t for t in terms(question) if not venues(t)]
    best: tuple[tuple[bool, bool, int], Correction] | None = None
    for n, chunk in context:
        text = (chunk.text + " " + chunk.meta.file).lower()
        overlap = sum(t in text for t in wanted)  # the chunk about the company asked about
        for sentence in split_sentences(chunk.text):
            others = [v for v in venues(sentence) if v not in asked]
            low = sentence.lower()
            if not others or _OTHERS.search(low):  # a customer's or competitor's listing says nothing
                continue
            rank = (any(w in low for w in own), any(w in low for w in ("上市", "listed")), overlap)
            if best is None or rank > best[0]:
                best = (rank, Correction(asked[0], others[0], n, sentence))
    return best[1] if best else None


def correction_text(c: Correction, language: str) -> str:
    if language == "zh":
        return f"文档中没有该公司在{c.asked}上市的信息；文档显示的是{c.found}：{c.sentence}[{c.n}]"
    return (
        f"The documents do not show a listing on the {c.asked}; they name the {c.found}: {c.sentence} [{c.n}]"
    )


def search_listing(
    asked: AskedFor,
    context: list[tuple[int, Chunk]],
    access: AccessScope,
    search: Callable[[SearchRequest], SearchResult],
    k: int,
) -> tuple[Correction, list[tuple[int, Chunk]]] | None:
    """Search the retrieved documents again for the venue; the correction and the chunks it adds."""
    query = listing_query(asked.question, asked.entities, asked.language)
    if query is None:
        return None
    docs = list(dict.fromkeys(c.doc_id for _, c in context))[:PREMISE_DOCS]
    result = search(SearchRequest(query, k, Filters(access=access, doc_ids=docs)))
    extra = beyond_context(context, result.hits)
    correction = find_correction(asked.question, context + extra, asked.entities)
    return (correction, extra) if correction is not None else None
