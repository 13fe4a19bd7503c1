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

if TYPE_CHECKING:
    from finrag.index.store import Store

# Legal suffixes stripped to derive the short name people use in questions (longest first)
_ZH_SUFFIXES = (
    "集团股份有限公司",
    "股份有限公司",
    "集团有限公司",
    "有限责任公司",
    "有限公司",
    "集团",
    "股份",
)
# Business words that end many Chinese legal names before the suffix: "江苏爱康太阳能科技股份有限公司" is
# asked about as "江苏爱康太阳能公司" or "爱康太阳能"; stripped once, after the legal suffix
_ZH_BUSINESS_WORDS = ("科技", "技术", "实业", "控股", "发展", "投资", "产业", "电子", "信息")
MIN_ZH_BUSINESS_STRIPPED = 4  # what is left after also stripping a business word must stay this long
# Provinces, municipalities and large cities that open many legal names: "厦门安妮股份有限公司" is asked
# about as 安妮股份, "安徽天源科技股份有限公司" as 天源科技 (the exchanges' short names drop the place)
_ZH_PLACE_NAMES = (
    "北京 天津 上海 重庆 河北 山西 辽宁 吉林 黑龙江 江苏 浙江 安徽 福建 江西 山东 河南 湖北 湖南 广东 "
    "海南 四川 贵州 云南 陕西 甘肃 青海 内蒙古 广西 西藏 宁夏 新疆 香港 澳门 台湾 深圳 厦门 大连 "
    "青岛 宁波 苏州 无锡 常州 杭州 南京 武汉 广州 成都 西安 长沙 合肥 济南 沈阳 哈尔滨 郑州 福州 "
    "珠海 东莞 佛山 温州 绍兴 烟台 江阴 昆山 中山 南通 徐州 扬州 泉州"
)
_ZH_PLACES = tuple(_ZH_PLACE_NAMES.split())
# "中钢集团安徽天源科技": a parent group's name before the company's own (kept when 4+ characters follow)
_ZH_GROUP_PREFIX = re.compile(r"^[\u4e00-\u9fff]{2,4}集团(?=[\u4e00-\u9fff]{4,})")
# what a city bank or utility is called without its place names nobody ("上海银行" is not "银行股份")
_ZH_INDUSTRY_TEXT = (
    "银行 证券 保险 信托 期货 电力 能源 钢铁 建设 建工 投资 控股 科技 实业 发展 国际 电子 医药 农商 商业银行 "
    "农村商业银行 水务 燃气 港务 机场 高速 交通 地产 置业 城建 旅游 传媒 文化"
)
_ZH_INDUSTRY_WORDS = frozenset(_ZH_INDUSTRY_TEXT.split())
ZH_SHORT_PART = 2  # exchange short names join two-character parts: the parent's and the company's own
MIN_ZH_PLACE_STRIPPED = 4  # what is left after the place must stay a name (四方科技, not 四方)
_EN_SUFFIX = re.compile(
    r"[,.]?\s+(?:inc|incorporated|corp|corporation|company|co|ltd|limited|plc|holdings?|group|n\.?v|s\.?a|llc|lp)"
    r"\.?$",
    re.I,
)
_LEADING_THE = re.compile(r"^the\s+", re.I)
MIN_ZH_ALIAS = 2  # shorter Chinese aliases match too much ordinary text
MIN_ZH_DERIVED = 3  # a name cut from a legal name ("生物股份" -> "生物") must keep this many characters
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


def short_forms(name: str) -> set[str]:
    """The name itself plus the forms left after stripping legal suffixes ("3M Company" -> "3M")."""
    out = {name.strip()}
    base = _LEADING_THE.sub("", name.strip())
    out.add(base)
    for _ in range(2):  # "Foo Holdings, Inc." -> "Foo Holdings" -> "Foo"
        stripped = _EN_SUFFIX.sub("", base).strip(" ,.")
        if stripped and stripped != base:
            out.add(stripped)
            base = stripped
    parts = base.split(" & ")
    if len(parts) == 2 and all(p.strip().isalpha() for p in parts):  # "Johnson & Johnson" is "J&J"
        out.add("&".join(p.strip()[0].upper() for p in parts))
    for zh in _zh_names(name.strip()):
        out.add(zh)
        for suffix in _ZH_SUFFIXES:
            if zh.endswith(suffix) and len(zh) - len(suffix) >= MIN_ZH_DERIVED:
                core = zh[: -len(suffix)]
                out.add(core)
                for word in _ZH_BUSINESS_WORDS:
                    if core.endswith(word) and len(core) - len(word) >= MIN_ZH_BUSINESS_STRIPPED:
                        out.add(core[: -len(word)])
    return {s for s in out if s}


def _legal_core(name: str) -> str:
    return next((name[: -len(s)] for s in _ZH_SUFFIXES if name.endswith(s)), name)


def _zh_names(name: str) -> list[str]:
    """A Chinese legal name without a parent group's name before it, then also without its place."""
    out = [name]
    rest = name[m.end() :] if (m := _ZH_GROUP_PREFIX.match(name)) else ""
    if rest and len(_legal_core(rest)) >= MIN_ZH_DERIVED:  # not "四方科技集团" + "股份有限公司"
        out.append(rest)
    for form in list(out):
        place = next((p for p in _ZH_PLACES if form.startswith(p)), None)
        rest = form[len(place) :] if place else ""
        if len(rest) >= MIN_ZH_PLACE_STRIPPED and _legal_core(rest) not in _ZH_INDUSTRY_WORDS:
            out.append(rest)
    # "中钢集团安徽天源科技" is listed as 中钢天源: the parent's short name and the company's own
    if m and len(group := m.group(0).removesuffix("集团")) == ZH_SHORT_PART:
        core = _legal_core(out[-1])
        word = next((w for w in _ZH_BUSINESS_WORDS if core.endswith(w)), "")
        own = core[: len(core) - len(word)]
        if len(own) == ZH_SHORT_PART:
            out.append(group + own)
    return out


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
            if self._is_ticker(comp, alias) and alias != comp.code and sum(ch.isupper() for ch in alias) < 2:
                continue  # "mmm" in running text is not the ticker MMM (but "JnJ" is JNJ)
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
        openings = tuple(p + m.group(1) for p in ("", *_ZH_PLACES)) if m else ()
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
            place = next((p for p in _ZH_PLACES if run.group(0).startswith(p)), "")
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
