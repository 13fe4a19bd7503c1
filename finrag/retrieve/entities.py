"""Companies named in a question, matched against the companies the indexed documents say they are.

Names come only from document metadata (``DocumentMeta.company``, ``company_full``, ``company_code``,
``aliases``) plus short forms derived by stripping legal suffixes, so
四方科技 ↔ 四方科技集团股份有限公司 ↔ 603339 and 3M ↔ 3M Company ↔ MMM all map to one canonical
company. Nothing here is keyed to a particular company.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import rjieba

from finrag.model import AccessScope, DocumentRecord
from finrag.retrieve.name_forms import ZH_PLACES, short_forms

if TYPE_CHECKING:
    from finrag.index.store import Store

MIN_ZH_ALIAS = 2  # shorter Chinese aliases match too much ordinary text
MIN_LATIN_ALIAS = 2  # one-letter tickers ("A", "F") are ordinary words
MIN_FILE_STEM = 8  # shorter file stems ("report") are ordinary words, not a file named in the question
TICKER_MAX = 5  # all-capital aliases up to this length are tickers: matched case-sensitively
_GENERIC = {"公司", "本公司", "集团", "本集团", "company", "the company", "group", "inc", "corp"}


ZH_ABBREVIATION = 4  # "南岭民爆": a Chinese abbreviation's length (shorter ones match too many names)
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]{4,}")
_CLIPPED = re.compile(r"^\s*([\u4e00-\u9fff]{2,3})(?=\s*(?:19|20)?\d{2}\s*年)")  # "国电05年…", "天源2004年…"


def _ends_a_word(run: str, n: int) -> bool:
    """The first ``n`` characters of a Chinese run end where a word ends (jieba)."""
    at = 0
    for word in rjieba.cut(run):
        at += len(word)
        if at >= n:
            return at == n
    return False


@dataclass(slots=True)
class Company:
    name: str  # canonical: the short name documents give (DocumentMeta.company)
    code: str | None = None
    aliases: set[str] = field(default_factory=set)
    doc_ids: list[str] = field(default_factory=list)
    records: list[DocumentRecord] = field(default_factory=list)
    names: set[str] = field(default_factory=set)  # every DocumentMeta.company its documents give

    def filter_names(self) -> list[str]:
        """The values a company filter must accept: every spelling of the name its documents use."""
        return sorted({self.name, *self.names})


@dataclass(slots=True)
class CompanyMatch:
    company: Company
    alias: str  # the text that matched
    start: int
    end: int


def _is_cjk(s: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in s)


def _usable(alias: str) -> bool:
    if alias.lower() in _GENERIC:
        return False
    return len(alias) >= (MIN_ZH_ALIAS if _is_cjk(alias) else MIN_LATIN_ALIAS)


class CompanyIndex:
    """Alias -> company lookup built from document records (rebuild when the index version changes)."""

    def __init__(self, records: list[DocumentRecord]) -> None:
        self.companies: dict[str, Company] = {}
        self.files = sorted({r.file for r in records}, key=len, reverse=True)
        by_alias: dict[str, Company] = {}
        for rec in records:
            m = rec.meta
            name = m.company or m.company_full or m.company_code
            if not name:
                continue
            key = name.lower()
            comp = self.companies.get(key)
            if comp is None:
                comp = Company(name=name, code=m.company_code)
                self.companies[key] = comp
            comp.doc_ids.append(rec.doc_id)
            comp.records.append(rec)
            comp.names.add(name)
            comp.code = comp.code or m.company_code
            for raw in [m.company, m.company_full, *m.aliases]:
                if raw:
                    comp.aliases |= {a for a in short_forms(raw) if _usable(a)}
            if m.company_code and _usable(m.company_code):
                comp.aliases.add(m.company_code)
        self.companies = _merge_sharing_aliases(self.companies)
        for comp in self.companies.values():
            for alias in comp.aliases:
                by_alias.setdefault(alias.lower(), comp)
        self._by_alias = by_alias
        # every spelling of each company in one string: where a Chinese abbreviation's characters are sought
        self._spelled = [(c, " ".join(sorted({*c.names, *c.aliases}))) for c in self.companies.values()]
        self._pattern = self._compile(sorted(by_alias, key=len, reverse=True))
        # "coca-cola" / "Wal-Mart" for the file-derived "Cocacola" / "Walmart": names written in parts
        self._joined = {
            squash(a): c for a, c in by_alias.items() if a.isascii() and len(squash(a)) >= MIN_JOINED_ALIAS
        }

    def _compile(self, aliases: list[str]) -> re.Pattern[str] | None:
        if not aliases:
            return None
        parts = []
        for a in aliases:
            esc = re.escape(a)
            parts.append(esc if _is_cjk(a) else rf"(?<![A-Za-z0-9]){esc}(?![A-Za-z0-9])")
        return re.compile("|".join(parts), re.I)

    def match(self, text: str) -> list[CompanyMatch]:
        """Companies named in ``text``, longest alias first, each company once, in order of appearance."""
        if self._pattern is None:
            return []
        found: dict[str, CompanyMatch] = {}
        for m in self._pattern.finditer(text):
            alias = m.group(0)
            comp = self._by_alias[alias.lower()]
            lower = (
                not _is_cjk(alias) and " " not in alias and not alias[0].isupper() and not alias[0].isdigit()
            )
            plain = lowercase_writer(text) and not _ARTICLE.search(text, 0, m.start())
            if lower and not (_POSSESSIVE.match(text, m.end()) or plain):
                continue  # a one-word Latin name ("Block", "Target") counts when capitalised or possessive
            if (
                self._is_ticker(comp, alias)
                and alias != comp.code
                and sum(ch.isupper() for ch in alias) < 2
                and not _opens_terse(text, m)
            ):
                continue  # "mmm" in running text is not the ticker MMM (but "JnJ" is JNJ, "bby q3 …" is BBY)
            found.setdefault(comp.name, CompanyMatch(comp, alias, m.start(), m.end()))
        for m in _HYPHENATED.finditer(text):
            joined = self._joined.get(squash(m.group(0)))
            if joined is not None:
                found.setdefault(joined.name, CompanyMatch(joined, m.group(0), m.start(), m.end()))
        if not found:
            found = {c.company.name: c for c in self._abbreviated(text) + self._camel_case(text)}
        if not found:
            found = {c.company.name: c for c in self._clipped(text)}
        return sorted(found.values(), key=lambda c: c.start)

    def _camel_case(self, text: str) -> list[CompanyMatch]:
        """A short form written in camel case ("AmEx", "JnJ"): the letters in order from the start of one
        company's name, and of no other's."""
        out: list[CompanyMatch] = []
        for m in _CAMEL.finditer(text):
            short = m.group(0).lower()
            comps = {
                c.name: c for c, _ in self._spelled if any(abbreviates(short, squash(n)) for n in c.names)
            }
            if len(comps) == 1:
                out.append(CompanyMatch(next(iter(comps.values())), m.group(0), m.start(), m.end()))
        return out

    def _clipped(self, text: str) -> list[CompanyMatch]:
        """A name clipped to its first characters before a year, as typed tersely ("国电05年少数股东损益"):
        the opening of one company's name (a place before it aside), and of no other's."""
        m = _CLIPPED.match(text)
        openings = tuple(p + m.group(1) for p in ("", *ZH_PLACES)) if m else ()
        comps = {
            c.name: c
            for c in self.companies.values()
            if openings and any(_is_cjk(n) and n.startswith(openings) for n in (*c.names, *c.aliases))
        }
        if m is None or len(comps) != 1:
            return []
        return [CompanyMatch(next(iter(comps.values())), m.group(1), m.start(1), m.end(1))]

    def _abbreviated(self, text: str) -> list[CompanyMatch]:
        """A Chinese abbreviation opening a clause ("南岭民爆" for 湖南南岭民用爆破器材): its first two
        characters together in a company's name, the others after them in order, not all together."""
        out: list[CompanyMatch] = []
        for run in _CJK_RUN.finditer(text):
            place = next((p for p in ZH_PLACES if run.group(0).startswith(p)), "")
            for lead in dict.fromkeys(("", place)):  # "湖南南岭民爆": the place, then the abbreviation
                words = run.group(0)[len(lead) :]
                short = words[:ZH_ABBREVIATION]
                if len(short) < ZH_ABBREVIATION or not _ends_a_word(words, ZH_ABBREVIATION):
                    continue  # "中国建设银行": the four characters are part of a longer word
                for comp, full in self._spelled:
                    if short not in full and abbreviates(short, full):
                        end = run.start() + len(lead) + len(short)
                        out.append(CompanyMatch(comp, run.group(0)[: end - run.start()], run.start(), end))
        return out[:1] if len({m.company.name for m in out}) == 1 else []

    def files_in(self, text: str) -> list[str]:
        """Indexed file names written in ``text`` (with or without the extension): an explicit constraint."""
        low = text.lower()
        out = []
        for f in self.files:
            stem = f.rsplit(".", 1)[0].lower()
            if f.lower() in low or (len(stem) >= MIN_FILE_STEM and stem in low):
                out.append(f)
        return out

    @staticmethod
    def _is_ticker(comp: Company, alias: str) -> bool:
        code = comp.code or ""
        return alias.lower() == code.lower() and code.isascii() and code.isalpha() and len(code) <= TICKER_MAX


_CAMEL = re.compile(r"(?<![\w&])[A-Z][a-z]+[A-Z][A-Za-z]*(?![\w&])")  # "AmEx", "JnJ", "PayPal"
_HYPHENATED = re.compile(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\w-])")
MIN_JOINED_ALIAS = 5  # shorter joined names ("e-on") are too often ordinary hyphenated words


def squash(name: str) -> str:
    """A name's letters and digits, lower-case: "General Mills" is the file's "Generalmills"."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def abbreviates(short: str, full: str) -> bool:
    """``short`` abbreviates ``full``: Latin, its letters in order from ``full``'s first ("jnj" of
    "johnsonjohnson", "amex" of "americanexpress"); Chinese, its first two characters together in ``full``
    and the others after them in order ("南岭民爆" of 湖南南岭民用爆破器材)."""
    if not short:
        return False
    start = (0 if full.startswith(short[0]) else -1) if short.isascii() else full.find(short[:2])
    rest = iter(full[start:])
    return start >= 0 and all(ch in rest for ch in short)


# a word that makes an opening lower-case ticker an ordinary word ("cost of sales", "pep to")
_PHRASE_NEXT = re.compile(r"\s+(?:of|to|and|or|for|in|on|at|as|per|is|was|are|were|by|from)\b", re.I)
MIN_LOWER_TICKER = 3  # "ko", "ba" opening a question are too often words, unless a period follows
# "vz 2019 …", "ba 1q16 …": a period after an opening ticker
PERIOD_NEXT = re.compile(r"\s+(?:fy|q[1-4]\b|[1-4]q\d{2}\b|h[12]\b|(?:19|20)\d{2}\b|'\d{2}\b)", re.I)


def _opens_terse(text: str, m: re.Match[str]) -> bool:
    """A lower-case ticker opening a question typed in lower case names the company ("bby q3 fy24
    comparable sales?", "adbe fy22 document cloud revenue"), unless the next word makes it a phrase."""
    return (
        not text[: m.start()].strip()
        and (len(m.group(0)) >= MIN_LOWER_TICKER or bool(PERIOD_NEXT.match(text, m.end())))
        and lowercase_writer(text)
        and not _PHRASE_NEXT.match(text, m.end())
    )


_ARTICLE = re.compile(r"\b(?:a|an|the)\s+$", re.I)  # "a block of shares": a word, not the company
_POSSESSIVE = re.compile(r"['’]s\b")
_TITLE_WORD = re.compile(r"(?<![\w'’-])[A-Z][a-z]")
# capitalised however the rest is written: months ("ended March 25, 2023"), "Fiscal", "Form 10-Q"
_ALWAYS_CAPITALISED = re.compile(
    r"\b(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t|tember)?"
    r"|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Fiscal|Form)\b"
)


def lowercase_writer(text: str) -> bool:
    """The question capitalises no word after its first ("what were coca-cola's revenues in 2020"): a name
    written in lower case there is still a name."""
    first = re.match(r"\s*\S+", text)
    rest = _ALWAYS_CAPITALISED.sub(" ", text[first.end() if first else 0 :])
    return _TITLE_WORD.search(rest) is None


def _merge_sharing_aliases(companies: dict[str, Company]) -> dict[str, Company]:
    """One company per group of names that share an alias: filings of one issuer spell its name in
    several ways ("General Mills" / "Generalmills", "Adobe Systems" / "Adobe"); the name with the most
    documents stays canonical and the others become its names and aliases."""
    parent = {k: k for k in companies}

    def root(k: str) -> str:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[str, str] = {}
    for key, comp in companies.items():
        for alias in comp.aliases:
            first = owner.setdefault(alias.lower(), key)
            if root(first) != root(key):
                parent[root(key)] = root(first)
    groups: dict[str, list[Company]] = {}
    for key, comp in companies.items():
        groups.setdefault(root(key), []).append(comp)
    out: dict[str, Company] = {}
    for members in groups.values():
        members.sort(key=lambda c: (-len(c.doc_ids), c.name))
        head = members[0]
        for member in members[1:]:
            head.code = head.code or member.code
            head.aliases |= member.aliases
            head.doc_ids += member.doc_ids
            head.records += member.records
            head.names |= member.names
        out[head.name.lower()] = head
    return out


REFRESH_S = 5.0  # how often the company list is checked against the store's index version (stats is not free)


class CompanyCache:
    """One :class:`CompanyIndex` per access scope (a caller only ever matches companies of documents it
    may see), rebuilt when the store's index version changes (checked every REFRESH_S)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._indexes: dict[str, CompanyIndex] = {}
        self._version = -1
        self._checked = 0.0
        self._lock = threading.Lock()

    def get(self, access: AccessScope) -> CompanyIndex:
        now = time.monotonic()
        key = access.key()
        with self._lock:
            if now - self._checked >= REFRESH_S:
                version = self.store.stats().index_version
                self._checked = now
                if version != self._version:
                    self._indexes.clear()
                    self._version = version
            index = self._indexes.get(key)
            if index is None:
                index = self._indexes[key] = CompanyIndex(self.store.find_documents(access=access))
            return index
