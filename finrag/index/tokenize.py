"""The analyzer for keyword search: one for Chinese and English, used at index and at query time.

Steps: NFKC (full-width -> half-width), lower case, optional traditional -> simplified (OpenCC),
thousands separators dropped inside numbers ("1,526.45" -> "1526.45"), then Chinese runs are cut by
rjieba in search mode with a finance user dictionary (long line items such as 归属于上市公司股东的净利润
are kept whole *and* their dictionary sub-words are emitted), and the rest is split into words. Codes,
tickers and IDs (603339, E5021, SKU-88213, 10-K, 2019-12-31) stay whole; plain English words get a light
plural stemmer and stop words are dropped. The country written "US" is read as "U.S.", as filings print it.

Every store receives tokens from this module, so keyword search is engine-neutral.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path

import rjieba

from finrag.errors import ConfigError

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_SPLIT = re.compile(rf"([{_CJK}]+)|([a-z0-9]+(?:[-_./:&][a-z0-9]+)*)")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_HAS_DIGIT = re.compile(r"\d")
_ALPHA = re.compile(r"^[a-z]+$")
_PART = re.compile(r"[a-z]+")
_US = re.compile(r"(?<![A-Za-z.])US(?![A-Za-z])")  # "US sales" is the U.S. filings print, never the pronoun

FINANCE_DICT = "finance_terms.txt"  # shipped in finrag/data/

# Function words that carry no retrieval signal in either language (kept short on purpose: financial
# phrasing makes many "small" words meaningful, e.g. 中 in 中期, "net" in net income).
_EN_STOP_WORDS = "a an and are as at be by for from has have in is it its of on or that the this to was"
_EN_STOP_WORDS += " were will with which what who whom how did do does"
EN_STOP = frozenset(_EN_STOP_WORDS.split(" "))
ZH_STOP = frozenset("的了和与及或是为在之其于对将并等由被把也都而以吗呢啊个这那该")


def _stem(word: str) -> str:
    """Harman's S-stemmer: plural endings only (liabilities -> liability, revenues -> revenue)."""
    if len(word) <= 3 or not word.endswith("s"):
        return word
    if word.endswith("ies") and not word.endswith(("eies", "aies")):
        return word[:-3] + "y"
    if word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
        return word[:-1]
    if word.endswith("s") and not word.endswith(("us", "ss")):
        return word[:-1]
    return word


def _dict_lines(text: str) -> list[str]:
    return [ln.split()[0] for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


class Analyzer:
    """Turns text into keyword tokens. Thread-safe; build through :func:`get_analyzer`."""

    def __init__(self, user_dict: str | None = None, traditional_to_simplified: bool = False) -> None:
        self._jieba = rjieba.Jieba()
        self._lock = threading.Lock()  # rjieba's add_word mutates; cutting is read-only
        shipped = resources.files("finrag.data").joinpath(FINANCE_DICT).read_text(encoding="utf-8")
        terms = _dict_lines(shipped)
        if user_dict:
            path = Path(user_dict)
            if not path.is_file():
                raise ConfigError(f"user dictionary not found: {user_dict}", stage="config", file=user_dict)
            terms += _dict_lines(path.read_text(encoding="utf-8"))
        with self._lock:
            for term in terms:
                self._jieba.add_word(self._fold(term, t2s=None), None, None)
        self.terms = len(terms)
        self._t2s = _t2s() if traditional_to_simplified else None

    @staticmethod
    def _fold(text: str, t2s: object | None) -> str:
        text = _US.sub("U.S", unicodedata.normalize("NFKC", text)).lower()
        if t2s is not None:
            text = t2s.convert(text)  # type: ignore[attr-defined]
        return _THOUSANDS.sub("", text)

    def normalize(self, text: str) -> str:
        """The folded text the tokens come from (exposed for query analysis and tests)."""
        return self._fold(text, self._t2s)

    def analyze(self, text: str) -> list[str]:
        """Keyword tokens of ``text`` in order (Chinese dictionary words may add their sub-words)."""
        out: list[str] = []
        for m in _SPLIT.finditer(self.normalize(text)):
            cjk, word = m.group(1), m.group(2)
            if cjk:
                out.extend(t for t in self._jieba.cut_for_search(cjk) if t not in ZH_STOP)
            elif _HAS_DIGIT.search(word):
                out.append(word)  # codes, tickers, numbers, dates: whole
            elif _ALPHA.match(word):
                if word not in EN_STOP:
                    out.append(_stem(word))
            else:  # year-end, s&p, u.s: whole, plus the alphabetic parts
                out.append(word)
                out.extend(_stem(p) for p in _PART.findall(word) if p not in EN_STOP and len(p) > 1)
        return out

    def known_word(self, word: str) -> bool:
        """Whether the segmenter's dictionary (general + finance terms) holds ``word``: names it found by
        its unknown-word model (people, brands) are not."""
        return bool(self._jieba.has_word(word))

    def count(self, text: str) -> int:
        """Budget tokens (precise-mode words, no sub-words): what the chunker sizes chunks by."""
        n = 0
        for m in _SPLIT.finditer(self.normalize(text)):
            n += len(self._jieba.cut(m.group(1))) if m.group(1) else 1
        return n


@lru_cache(maxsize=1)
def _t2s() -> object:
    import opencc

    return opencc.OpenCC("t2s")


def simplified(text: str, least: int) -> str:
    """``text`` in simplified characters when it writes ``least`` or more in traditional form
    ("母公司報表的其他業務毛利率"), else as it is."""
    if not re.search(f"[{_CJK}]", text):
        return text
    folded: str = _t2s().convert(text)  # type: ignore[attr-defined]
    changed = sum(a != b for a, b in zip(text, folded, strict=False)) if len(folded) == len(text) else least
    return folded if changed >= least else text


@lru_cache(maxsize=8)
def get_analyzer(user_dict: str | None = None, traditional_to_simplified: bool = False) -> Analyzer:
    """One shared analyzer per configuration (loading the dictionary takes ~0.3 s)."""
    return Analyzer(user_dict, traditional_to_simplified)


def analyze(text: str) -> list[str]:
    """Tokens with the default configuration (no user dictionary, no traditional folding)."""
    return get_analyzer().analyze(text)


def count_tokens(text: str) -> int:
    """Token count the chunker budgets with (Chinese words + other words, no sub-words)."""
    return get_analyzer().count(text)
