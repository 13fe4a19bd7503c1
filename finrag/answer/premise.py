"""False premises the evidence contradicts: a listing venue the documents do not name while they name
another one ("which New York ticker?" when the prospectus applies for a Shenzhen listing)."""

from __future__ import annotations

from dataclasses import dataclass

from finrag.answer.text import split_sentences, terms
from finrag.model import Chunk

EXCHANGES: dict[str, tuple[str, ...]] = {
    "纽约证券交易所": ("纽约证券交易所", "纽交所", "new york stock exchange", "nyse"),
    "纳斯达克": ("纳斯达克", "nasdaq"),
    "香港联合交易所": ("香港联合交易所", "香港联交所", "港交所", "hong kong stock exchange", "hkex"),
    "上海证券交易所": ("上海证券交易所", "上交所", "shanghai stock exchange"),
    "深圳证券交易所": ("深圳证券交易所", "深交所", "shenzhen stock exchange"),
    "伦敦证券交易所": ("伦敦证券交易所", "london stock exchange"),
}


@dataclass(slots=True)
class Correction:
    asked: str  # the venue the question assumes
    found: str  # the venue the documents name
    n: int  # citation of the sentence that names it
    sentence: str


def _venues(text: str) -> list[str]:
    low = text.lower()
    return [name for name, aliases in EXCHANGES.items() if any(a in low for a in aliases)]


def find_correction(question: str, context: list[tuple[int, Chunk]]) -> Correction | None:
    asked = _venues(question)
    if not asked:
        return None
    for _, chunk in context:
        if set(asked) & set(_venues(chunk.text)):
            return None  # the documents do speak of the venue asked about
    wanted = [t for t in terms(question) if not _venues(t)]
    best: tuple[int, Correction] | None = None
    for n, chunk in context:
        text = (chunk.text + " " + chunk.meta.file).lower()
        overlap = sum(t in text for t in wanted)  # the chunk about the company asked about
        for sentence in split_sentences(chunk.text):
            others = [v for v in _venues(sentence) if v not in asked]
            if others and (best is None or overlap > best[0]):
                best = (overlap, Correction(asked[0], others[0], n, sentence))
    return best[1] if best else None


def correction_text(c: Correction, language: str) -> str:
    if language == "zh":
        return f"文档中没有该公司在{c.asked}上市的信息；文档显示的是{c.found}：{c.sentence}[{c.n}]"
    return (
        f"The documents do not show a listing on the {c.asked}; they name the {c.found}: {c.sentence} [{c.n}]"
    )
