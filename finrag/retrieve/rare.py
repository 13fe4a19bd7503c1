"""Rare-term focus: the question's keywords that few chunks of the index hold (a person, a subsidiary, a
product, a project, a bond code) get a keyword list of their own (``bm25@rare``).

In BM25 over the whole question such a name is one token among many template words ("高管变动事件",
"披露日期", "what did ... say about"): the chunks matching several template words outrank the one chunk
naming the entity. A list retrieved with the rare terms alone puts that chunk near its top, and fusion
(``retrieve.rare_weight``) and the ranker's keyword-rank feature lift it.

Which terms are rare is read from the index (``Store.term_frequencies``: document frequency over every
indexed chunk, a statistic, not content): at most ``retrieve.rare_max_df`` chunks and at most
``retrieve.rare_max_share`` of them. Digit-only tokens (amounts, years), the words of a named period and
very short tokens never count. In Chinese, words of the segmenter's dictionary (对应, 类型, 披露) are
question wording even when a small index happens to hold them rarely, so only unknown words (names the
segmenter found by its unknown-word model) count when ``retrieve.rare_unknown_zh``.

Segmentation differs between a question and a document around an unknown name: the question's
"洪崎高管变动" may give one token 洪崎高管 while the news text gave 洪崎到 or 陈伟 + 盛先生. A question token
the index does not hold is therefore looked up by its pieces (and with the characters before it), and by
the index terms that start with its first characters, so the query side meets whatever the index analyzer
produced (index-time tokenization is unchanged).
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, field

from finrag.config import RetrieveSettings
from finrag.index.store import Store
from finrag.index.tokenize import Analyzer
from finrag.model import QueryAnalysis
from finrag.retrieve.expand import Glossary
from finrag.retrieve.periods import spans

_CJK = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$")
_NUMERIC = re.compile(r"^[\d.,%:/_-]+$")  # amounts, years, dates, ratios: never names
_DIGIT = re.compile(r"\d")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9&'.-]*[A-Za-z0-9]|[A-Za-z]")  # a latin word as written
# what precedes a sentence's first word
_SENTENCE_START = re.compile(r"(?:^|[.?!:;。？！：；\n])[\s\"“'(（]*$")
MIN_CJK_CHARS = 2  # a single Chinese character is a morpheme, not a name
MIN_OTHER_CHARS = 3  # shorter latin tokens (ab, q3, co) are abbreviations shared by many documents
CONTEXT_CHARS = 2  # characters before an unknown question token searched with it (name cut before it)
PREFIX_TERMS = 8  # an unknown token's first characters starting more index terms than this are no name


@dataclass(slots=True)
class RarePick:
    """The rare terms chosen for a question, with the figures they were chosen by."""

    terms: list[str] = field(default_factory=list)  # index terms of the rare-term list, question order
    dfs: dict[str, int] = field(default_factory=dict)  # df of every looked-up term the index holds
    max_df: int = 0  # the df cap in effect (absolute cap and share of the chunk count)
    recovered: dict[str, list[str]] = field(default_factory=dict)  # unknown token -> index terms in it


def df_cap(chunks: int, cfg: RetrieveSettings) -> int:
    """The largest df a rare term may have: the absolute cap, and the share of the index (at least 1)."""
    return min(cfg.rare_max_df, max(1, math.ceil(cfg.rare_max_share * chunks)))


class RareTerms:
    def __init__(
        self, store: Store, analyzer: Analyzer, cfg: RetrieveSettings, glossary: Glossary | None = None
    ) -> None:
        self.store, self.analyzer, self.cfg, self.glossary = store, analyzer, cfg, glossary

    def proper(self, question: str) -> set[str]:
        """Tokens of the latin words the question capitalises as names do: inside a sentence, or written
        in capitals or camel case anywhere (Kenvue, Kathy Warden, CVS, DaDa; not "Explain ..." )."""
        text = unicodedata.normalize("NFKC", question)
        out: set[str] = set()
        for m in _WORD.finditer(text):
            w = m.group(0)
            if not w[0].isupper():
                continue
            inner_caps = any(c.isupper() for c in w[1:])
            if inner_caps or not _SENTENCE_START.search(text[: m.start()]):
                out.update(self.analyzer.analyze(w))
        return out

    def eligible(self, token: str) -> bool:
        """Could ``token`` name an entity: long enough, not a number, not Chinese dictionary wording."""
        if _NUMERIC.match(token):
            return False
        if _CJK.match(token):
            if len(token) < MIN_CJK_CHARS:
                return False
            return not (self.cfg.rare_unknown_zh and self.analyzer.known_word(token))
        return len(token) >= MIN_OTHER_CHARS

    def pick(self, question: str, keywords: list[str], excluded: set[str]) -> RarePick:
        """Rare terms of a question (``keywords``: its analyzer tokens); ``excluded`` tokens (the words
        of its periods) never count, nor (``retrieve.rare_capitalized``) latin words not written as names."""
        text = self.analyzer.normalize(question)
        proper = self.proper(question) if self.cfg.rare_capitalized else None
        tokens = [
            t
            for t in dict.fromkeys(keywords)
            if t not in excluded
            and self.eligible(t)
            and (proper is None or _CJK.match(t) or _DIGIT.search(t) or t in proper)
        ]
        if not tokens:
            return RarePick()
        stats = self.store.term_frequencies(tokens)
        cap = df_cap(stats.chunks, self.cfg)
        out = RarePick(dfs=dict(stats.dfs), max_df=cap)
        unknown = [t for t in tokens if t not in stats.dfs and _CJK.match(t)]
        if unknown:
            self._recover(text, unknown, excluded, out)
        for t in tokens:
            if 0 < out.dfs.get(t, 0) <= cap:
                out.terms.append(t)
            out.terms += [r for r in out.recovered.get(t, []) if r not in out.terms]
        return out

    def _recover(self, text: str, unknown: list[str], excluded: set[str], out: RarePick) -> None:
        """Index terms inside each unknown Chinese token (with the characters before it) or starting
        with its first characters: how the document's own segmentation cut the name."""
        pieces: dict[str, set[str]] = {}
        prefixes: dict[str, set[str]] = {}
        for tok in unknown:
            at = start = max(text.find(tok), 0)
            while start > 0 and at - start < CONTEXT_CHARS and _CJK.match(text[start - 1]):
                start -= 1  # the name may begin in the characters before the token
            span = text[start:at] + tok
            pieces[tok] = {  # every piece reaching into the token, the token itself aside
                span[a:b]
                for a in range(len(span))
                for b in range(max(a + MIN_CJK_CHARS, at - start + 1), len(span) + 1)
                if span[a:b] != tok
            }
            prefixes[tok] = {tok[:k] for k in range(MIN_CJK_CHARS, len(tok))}
        wanted = sorted({p for ps in pieces.values() for p in ps if p not in excluded and self.eligible(p)})
        heads = sorted({p for ps in prefixes.values() for p in ps if self.eligible(p)})
        stats = self.store.term_frequencies(wanted, heads, PREFIX_TERMS + 1)
        out.dfs.update(stats.dfs)
        for tok in unknown:
            got = [p for p in sorted(pieces[tok], key=text.find) if 0 < stats.dfs.get(p, 0) <= out.max_df]
            for head in sorted(prefixes[tok], key=len, reverse=True):
                longer = [t for t in stats.dfs if t.startswith(head) and t not in pieces[tok] and t != head]
                if got or not longer or len(longer) > PREFIX_TERMS:
                    continue
                got += [t for t in sorted(longer) if stats.dfs[t] <= out.max_df and self.eligible(t)]
            if got:
                out.recovered[tok] = list(dict.fromkeys(got))

    def choose(self, analysis: QueryAnalysis) -> RarePick:
        """The rare terms of an analysed question: its period words and the financial concepts of the
        glossary (PP&E, COGS: terminology, expanded by the glossary, not names) excluded."""
        text = analysis.completed
        found = spans(text)
        if self.glossary is not None:
            found += [(m.start, m.end) for m in self.glossary.find(text)]
        excluded = {t for a, b in found for t in self.analyzer.analyze(text[a:b])}
        return self.pick(text, analysis.keywords, excluded)
