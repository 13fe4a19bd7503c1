"""What a question asks about, apart from whom and how it asks: the topic words the ranker's
``topic_idf`` and ``topic_bigram`` features look for in a chunk.

The plain ``coverage`` feature counts every question keyword alike, so inside one company's filing the
words of the company's own name (江苏 / 爱康 / 太阳能, "boeing") and the question's wording (哪些, 多少)
weigh as much as the one word that tells the right table from its neighbours (国有 in 国有法人股东): a
page of share-capital history that repeats the company name outscores the shareholder table. Here the
name and period words are removed and the rest is weighted by inverse document frequency over the index
(``Store.term_frequencies``, a statistic), and Chinese topic text is also compared by character bigrams,
which match a phrase however the segmenter cut it (国有法人股东 in the question, 国有法人股 in a table).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from finrag.index.store import Store
from finrag.index.tokenize import Analyzer

# interrogatives and question framing in Chinese: how a question asks, never what it asks about
_ASK = "哪些 哪个 哪家 哪一 哪里 什么 多少 是否 如何 怎样 怎么 为何 为什么 分别 请问 是谁 有无 哪"
ZH_ASK_WORDS = tuple(_ASK.split(" "))
MIN_TOPIC_CHARS = 2  # shorter tokens (particles, single letters) are not topic words
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


@dataclass(slots=True)
class Topic:
    """Topic words of a question with their idf weights, and its Chinese topic character bigrams."""

    weights: dict[str, float] = field(default_factory=dict)  # token -> idf (index-wide)
    bigrams: set[str] = field(default_factory=set)

    def idf_share(self, text: str) -> float:
        """Idf-weighted share of the topic words ``text`` (lower case) holds, as written or as the plural
        the analyzer stemmed them from (liability <- liabilities); 0 without topic words."""
        total = sum(self.weights.values())
        held = sum(w for t, w in self.weights.items() if any(f in text for f in _forms(t)))
        return held / total if total > 0 else 0.0

    def bigram_share(self, text: str) -> float:
        """Share of the topic's Chinese character bigrams ``text`` holds; 0 when it has none (English:
        token-pair phrases were tried and gave no held-out gain, see docs/BENCHMARKS.md)."""
        return sum(1 for b in self.bigrams if b in text) / len(self.bigrams) if self.bigrams else 0.0


def _forms(token: str) -> tuple[str, ...]:
    """How a stemmed token may be written: the analyzer's plural stemmer turns -ies into -y, the only
    rule whose stem is not a prefix of the written word."""
    if token.endswith("y") and len(token) > 2 and token.isascii():
        return (token, token[:-1] + "ies")
    return (token,)


def _idf(df: int, chunks: int) -> float:
    """BM25's idf with its +1 floor: positive for every df, largest for the rarest terms."""
    return math.log((chunks - df + 0.5) / (df + 0.5) + 1.0)


def question_topic(
    question: str,
    keywords: list[str],
    names: list[str],
    analyzer: Analyzer,
    store: Store,
    rare: list[str] | None = None,
) -> Topic:
    """The topic of ``question`` (``keywords``: its analyzer tokens) without the words of ``names`` (the
    named companies' spellings and the period words) and without the Chinese ask words. ``rare``: the
    rare-term list's index terms (a name the question cuts differently, 杨振高管 -> 杨振) are topic words
    too: without them the topic is only the question's template wording."""
    text = analyzer.normalize(question)
    for name in sorted({analyzer.normalize(n) for n in names if n}, key=len, reverse=True):
        text = text.replace(name, " ")
    for w in ZH_ASK_WORDS:
        text = text.replace(w, " ")
    dropped = {t for n in names if n for t in analyzer.analyze(n)} | set(ZH_ASK_WORDS)
    left = set(analyzer.analyze(text))  # the tokens of what is left once the names are cut out
    words = [
        k for k in dict.fromkeys(keywords) if len(k) >= MIN_TOPIC_CHARS and k not in dropped and k in left
    ]
    words += [t for t in rare or [] if t not in words and t not in dropped]
    stats = store.term_frequencies(words) if words else None
    weights = {w: _idf(stats.dfs[w], stats.chunks) for w in words if stats and stats.dfs.get(w)}
    bigrams = {run[i : i + 2] for run in _CJK_RUN.findall(text) for i in range(len(run) - 1)}
    return Topic(weights, bigrams)
