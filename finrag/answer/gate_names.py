"""Which company a question's names are, for the evidence gate: a filer of an indexed document (its name,
alias, abbreviation or file name), a part of one ("Pfizer Upjohn"), or a company a filing only names (a peer,
a customer) unless the filing holds or buys it."""

from __future__ import annotations

import re

from finrag.answer.owner_names import is_filer
from finrag.answer.query import AskedFor
from finrag.model import Hit
from finrag.retrieve.entities import ZH_ABBREVIATION, abbreviates, squash

_LEGAL_SUFFIX = re.compile(
    r"^(?:incorporated|inc|corp(?:oration)?|company|co|ltd|limited|plc|group|holdings?)$", re.I
)


def part_words(name: str) -> str:
    """The words of a name after the company's first word, when they name a part of it ("Pfizer Upjohn":
    "Upjohn"), not its legal form ("Corning Incorporated") or a possessive."""
    rest = name.split(maxsplit=1)[1].rstrip(".'’ ") if " " in name else ""
    rest = re.sub(r"['’]s?$", "", rest)
    return "" if not rest or _LEGAL_SUFFIX.match(rest) else rest


def names_known(word: str, known: str) -> bool:
    """``word`` is (a form of) the known company name ``known``."""
    return len(known) >= 2 and (word.lower() == known.lower() or word.lower() in known.lower().split())


def abbreviates_document(name: str, hit: Hit) -> bool:
    """``name``'s letters appear in order in the document's company or file name, from its first letter
    ("JnJ"); a Chinese short name of 4+ characters, from its first two together ("南岭民爆")."""
    letters = squash(name)
    if not name.isascii() and len(letters) < ZH_ABBREVIATION:
        return False
    m = hit.chunk.meta
    return any(abbreviates(letters, squash(full)) for full in (m.company or "", m.file))


def of_companies(hit: Hit, named: set[str]) -> bool:
    """The hit's document is filed by one of the ``named`` companies (squashed): the same name, or one an
    abbreviation of the other ("Amd" of "Advanced Micro Devices")."""
    own = squash(hit.chunk.meta.company or "")
    return bool(own) and any(own == n or abbreviates(own, n) or abbreviates(n, own) for n in named)


ALIKE_PREFIX = 5  # "Industrial Explosive Materials" spells "Industry Explosive Material" alike: same openings
MIN_ALIKE_WORDS = 3  # a shorter name matched by its word openings alone would match too many others


def spelled_alike(name: str, known: str) -> bool:
    """An English name written with other endings than a known one ("Hunan Nanling Industrial Explosive
    Materials" of "Hunan Nanling Industry Explosive Material Co., LTD"): every word opens a word of it."""
    words = {w[:ALIKE_PREFIX] for w in re.findall(r"[a-z]{3,}", name.lower())}
    return len(words) >= MIN_ALIKE_WORDS and words <= {
        w[:ALIKE_PREFIX] for w in re.findall(r"[a-z]+", known.lower())
    }


def files_here(names: list[str], asked: AskedFor, hits: list[Hit], known: list[str]) -> bool:
    """One of ``names`` is the filer of an indexed document: a name, alias or abbreviation of one."""
    chunks = [h.chunk for h in hits]
    return any(
        is_filer(n, asked, chunks, known)
        or any(abbreviates_document(n, h) for h in hits)
        or any(spelled_alike(n, k) for k in known)
        for n in names
    )


# a comparison of two companies' figures ("Was Nike's revenue more than twice Adidas's?")
_COMPARED = re.compile(
    r"\b(?:than|versus|vs\.?|compared (?:with|to)|twice|times|exceed\w*|outpac\w*|overtak\w*)\b", re.I
)


def compared_unfiled(owners: list[str], asked: AskedFor, hits: list[Hit], known: list[str]) -> list[str]:
    """Of two or more companies whose figures a question compares, those no indexed document is filed by
    (when another is): the comparison needs each one's own report."""
    if len(owners) < 2 or not _COMPARED.search(asked.question):
        return []
    unfiled = [
        o
        for o in owners
        if not files_here([o], asked, hits, known) and not any(names_known(o.split()[0], k) for k in known)
    ]
    return unfiled if len(unfiled) < len(owners) else []


# A-share (Shanghai 60/68, Shenzhen 00/30) and Hong Kong listing codes written with the name they stand for
LISTING_CODE = re.compile(
    r"(?<=[(（])(?:(?:60|68|00|30)\d{4}|0\d{4})(?=[)）.])|(?<=代码)[:：\s]*((?:60|68|00|30)\d{4})(?!\d)"
    r"|(?:^|(?<=\s))((?:60|68|00|30)\d{4})(?=\s|$)"  # "600202 20年净利多少": typed alone, a word of its own
)
FILINGS = frozenset({"annual_report", "filing", "prospectus"})


HELD = re.compile(r"子公司|联营|合营|参股")  # what the filer holds, named right before the holding
HELD_GAP = 8  # characters between "子公司" and the name ("全资子公司", "控股子公司之一")
MIN_KNOWN_CHARS = 3  # shorter names and codes ("GE", "四方") stand in for too much


def held_by_filer(firm: str, hits: list[Hit]) -> bool:
    """The evidence calls ``firm`` the filer's subsidiary or an acquisition ("本公司控股子公司X",
    "（三）收购X"): a prospectus prints its figures (a peer named beside the filer is not held)."""
    held = re.compile(rf"(?:{HELD.pattern}|收购|购买)[^，。；|\n]{{0,{HELD_GAP}}}{re.escape(firm)}")
    return any(held.search(h.chunk.text) for h in hits)


def writes_known(question: str, known: list[str]) -> bool:
    """The question writes an indexed company's name as printed ("Sifang Technology's (四方科技)")."""
    for k in known:
        if len(k) < MIN_KNOWN_CHARS:
            continue
        if k.isascii() and re.search(rf"(?<![\w&]){re.escape(k)}(?![\w&])", question, re.I):
            return True
        if not k.isascii() and k in question:
            return True
    return False


_OWNER_GLOSS = re.compile(r"['’]s?\s*([(（][^()（）]{1,40}[)）])")


def owner_text(question: str, owner: str) -> str:
    """The question up to the owner's name and the gloss bracketed after its possessive ("Sifang
    Technology's (四方科技)"): a company written there is what the question is about ("Best Buy report from
    S&P and Moody's"), one written after it is not ("Kellogg Company's net sales … from Walmart")."""
    at = question.find(owner)
    if at < 0:
        return owner
    m = _OWNER_GLOSS.match(question, at + len(owner))
    return question[: at + len(owner)] + (f" {m.group(1)}" if m else "")


def names_document(name: str, hit: Hit) -> bool:
    """``name`` is written in the hit's document's company or file name (not merely in its text)."""
    m = hit.chunk.meta
    return name.lower() in f"{m.company or ''} {m.file}".lower()


# where a question writes a company's name: (start, end, the known name; "" where written in full)
NameSpan = tuple[int, int, str]


def name_spans(question: str, known: list[str]) -> list[NameSpan]:
    """The known names the question writes in full, and the Chinese abbreviations of one it writes ("中钢天源"
    of 中钢集团安徽天源科技), never printed so."""
    written = [(i, i + len(k), "") for k in known if len(k) >= 2 and (i := question.find(k)) >= 0]
    # "按爱康招股书的口径": the core of a name (爱康 of 江苏爱康太阳能科技) after a preposition
    cores = [
        (i, i + n, "")
        for k in known
        if not k.isascii()
        for m in _BEFORE_NAME.finditer(question)
        if (i := m.end()) and (n := _common_prefix(question[i:], k)) >= 2
    ]
    return written + cores + [
        (i, i + ZH_ABBREVIATION, k)
        for k in known
        if not k.isascii()
        for i in range(len(question) - ZH_ABBREVIATION + 1)
        if question[i : i + 2] in k
        and question[i : i + ZH_ABBREVIATION] not in k
        and abbreviates(question[i : i + ZH_ABBREVIATION], k)
    ]


_BEFORE_NAME = re.compile(r"[按据从在和与对比较同]")


def _common_prefix(text: str, name: str) -> int:
    """How many characters from the start of ``text`` run on as one piece of ``name``."""
    n = 0
    while n < len(text) and text[: n + 1] in name:
        n += 1
    return n


def in_known_name(term: str, question: str, spans: list[NameSpan]) -> bool:
    """The term is cut across a company's name and the word before it ("按中" of "按中钢天源"), or is a piece
    of an abbreviation the name never prints ("钢天源" of "中钢天源")."""
    at = question.find(term)
    if at < 0 or term.isascii():
        return False
    end = at + len(term)
    across = any(at < a < end or at < b < end for a, b, _ in spans)
    return across or any(k and a <= at and end <= b and term not in k for a, b, k in spans)
