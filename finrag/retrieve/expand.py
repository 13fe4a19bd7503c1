"""Query expansion from a bilingual finance glossary: synonyms in the question's language and a
cross-language variant (营收 ↔ revenue; capex ↔ 购建固定资产、无形资产和其他长期资产支付的现金).

The glossary ships as ``finrag/data/glossary.txt`` (one concept a line, synonyms separated by ``|``);
``retrieve.glossary_file`` adds a user's own lines in the same format. A line ``cue | cue => term | term``
is one-way: a judgment a question asks ("a high growth company") is looked for by the figures that decide
it ("revenue growth"); the cue names no line item and the terms after ``=>`` are not matched in questions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from finrag.config import AnswerSettings
from finrag.errors import ConfigError

GLOSSARY = "glossary.txt"
TRANSLATIONS = "translations.txt"  # read with the glossary for English questions over Chinese filings


def _is_cjk(s: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in s)


CUE = "=>"  # "cue | cue => term | term": a one-way concept


@dataclass(slots=True)
class Concept:
    terms: list[str]  # matched in questions
    expands: list[str] = field(default_factory=list)  # a cue's search terms, never matched

    @property
    def cue(self) -> bool:
        return bool(self.expands)

    @property
    def wordings(self) -> list[str]:
        """What evidence of the concept prints: its terms, or a cue's search terms."""
        return self.expands or self.terms

    def first(self, lang: str) -> str | None:
        return next((t for t in self.wordings if _is_cjk(t) == (lang == "zh")), None)

    def same_language(self, lang: str) -> list[str]:
        return [t for t in self.expands + self.terms if _is_cjk(t) == (lang == "zh")]


@dataclass(slots=True)
class TermMatch:
    concept: Concept
    term: str  # as written in the question
    start: int
    end: int


def _parse(text: str) -> list[Concept]:
    out = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head, _, tail = line.partition(CUE)
        terms = [t.strip() for t in head.split("|") if t.strip()]
        expands = [t.strip() for t in tail.split("|") if t.strip()]
        if expands and terms:
            out.append(Concept(terms, expands))
        elif len(terms) >= 2:
            out.append(Concept(terms))
    return out


class Glossary:
    def __init__(self, concepts: list[Concept]) -> None:
        self.concepts = concepts
        by_term: dict[str, Concept] = {}
        for c in concepts:
            for t in c.terms:
                by_term.setdefault(t.lower(), c)
        self._by_term = by_term
        parts = []
        for t in sorted(by_term, key=len, reverse=True):
            esc = re.escape(t)
            parts.append(esc if _is_cjk(t) else rf"(?<![A-Za-z0-9]){esc}(?![A-Za-z0-9])")
        self._pattern = re.compile("|".join(parts), re.I) if parts else None

    def find(self, text: str) -> list[TermMatch]:
        if self._pattern is None:
            return []
        return [
            TermMatch(self._by_term[m.group(0).lower()], m.group(0), m.start(), m.end())
            for m in self._pattern.finditer(text)
        ]


@lru_cache(maxsize=1)
def load_translations() -> Glossary:
    """The glossary and the translations of note rows and prospectus terms (``translations.txt``): for reading
    an English question against a Chinese filing, never for expanding queries."""
    text = resources.files("finrag.data").joinpath(TRANSLATIONS).read_text(encoding="utf-8")
    return Glossary(load_glossary().concepts + _parse(text))


@lru_cache(maxsize=4)
def load_glossary(user_file: str | None = None) -> Glossary:
    text = resources.files("finrag.data").joinpath(GLOSSARY).read_text(encoding="utf-8")
    if user_file:
        path = Path(user_file)
        if not path.is_file():
            raise ConfigError("glossary file not found", stage="retrieve", file=user_file)
        text += "\n" + path.read_text(encoding="utf-8")
    return Glossary(_parse(text))


def synonym_variant(text: str, matches: list[TermMatch], lang: str, max_terms: int) -> str | None:
    """The question with same-language synonyms of each matched term appended (None when nothing to add)."""
    extra: list[str] = []
    for m in matches:
        for t in m.concept.same_language(lang):
            if t.lower() != m.term.lower() and t.lower() not in text.lower() and t not in extra:
                extra.append(t)
    extra = extra[:max_terms]
    return f"{text} {' '.join(extra)}" if extra else None


# "Xiamen Anne Corporation's (厦门安妮股份有限公司)", "Jinyu's (金宇生物 / 生物股份)": the Chinese name an
# English question glosses a name with
ZH_GLOSS = r"\s*[(（]\s*([\u4e00-\u9fff][^()（）]{0,40}?)\s*[)）]"
# the English name before such a gloss: in the other-language query the Chinese name stands for it (its words
# would otherwise outweigh the item asked in a Chinese filing)
GLOSSED_NAME = re.compile(rf"(?:(?:[A-Z][\w&.,'’-]*|&)\s+){{0,8}}[A-Z][\w&.,'’-]*(?:['’]s)?{ZH_GLOSS}")
# "technology development (技术开发费用)": English words a question glosses with the Chinese it means
GLOSSED_TERM = re.compile(rf"((?:[A-Za-z][\w&'’-]*\s+){{0,3}}[A-Za-z][\w&'’-]*){ZH_GLOSS}")


def cross_language_variant(text: str, matches: list[TermMatch]) -> str | None:
    """The question with each matched term replaced by its first term in the other language: the other
    language of the term as written ("inventory" of an English question glossing a Chinese name is read as
    存货 though the question counts as Chinese); English names and terms the question glosses in Chinese
    replaced by their gloss ("financial expenses (财务费用)" is searched as the filing's 财务费用)."""
    names = [g.span() for g in GLOSSED_NAME.finditer(text)]
    edits = [
        (g.start(), g.end(), g.group(2))
        for g in GLOSSED_TERM.finditer(text)
        if not any(a < g.end() and g.start() < b for a, b in names)
    ]
    for m in matches:
        if any(a <= m.start < b for a, b, _ in edits):
            continue
        repl = m.concept.first("en" if _is_cjk(m.term) else "zh")
        if repl is not None:
            edits.append((m.start, m.end, repl))
    if not edits:
        return None
    pieces: list[str] = []
    pos = 0
    for start, stop, repl in sorted(edits):
        if start >= pos:
            pieces += [text[pos:start], f" {repl} "]
            pos = stop
    pieces.append(text[pos:])
    return re.sub(r"\s+", " ", GLOSSED_NAME.sub(r" \1 ", "".join(pieces))).strip()


def line_items(matches: list[TermMatch]) -> list[str]:
    """Financial line items named in the question (as written), each concept once; cues name none."""
    seen: set[int] = set()
    out: list[str] = []
    for m in matches:
        if id(m.concept) not in seen and not m.concept.cue:
            seen.add(id(m.concept))
            out.append(m.term)
    return out


REWRITE_PROMPT = (
    "Rewrite the user's question about financial documents into one self-contained search query. "
    "Keep company names, periods, codes and numbers exactly. Answer with the query only."
)
HYDE_PROMPT = (
    "Write a short passage (2-3 sentences) as it would appear in a company's annual report or filing "
    "that answers the question. Invent no company names. Answer with the passage only."
)
LLM_QUERY_TOKENS = 200  # rewrites and hypothetical passages are short


def rule_variants(text: str, lang: str, glossary: Glossary, cross: bool, synonyms: int) -> dict[str, str]:
    """Named query variants from the glossary: ``#syn`` (same-language synonyms), ``#xl`` (other language),
    and the question itself (``""``) with a cue's search terms when it asks a judgment."""
    matches = glossary.find(text)
    out: dict[str, str] = {}
    cues = [m for m in matches if m.concept.cue]
    if cues:  # the judgment is searched by its figures in every list, the focus lists included
        out[""] = synonym_variant(text, cues, lang, synonyms) or text
    syn = (
        synonym_variant(text, [m for m in matches if not m.concept.cue], lang, synonyms)
        if synonyms > 0
        else None
    )
    if syn:
        out["#syn"] = syn
    xl = cross_language_variant(text, matches) if cross else None
    if xl:
        out["#xl"] = xl
    return out


def llm_variants(
    text: str, answer_cfg: AnswerSettings, timeout_s: float, rewrite: bool, hyde: bool
) -> dict[str, str]:
    """``#llm`` (rewritten query) and ``#hyde`` (hypothetical passage) from the configured endpoint.

    Raises LLMError on failure or timeout; the caller keeps the rule variants alone.
    """
    from finrag.answer.llm import LLMClient

    cfg = answer_cfg.model_copy(update={"llm_timeout_s": timeout_s, "llm_max_tokens": LLM_QUERY_TOKENS})
    client = LLMClient(cfg)
    out: dict[str, str] = {}
    if rewrite:
        msg = client.complete(
            [{"role": "system", "content": REWRITE_PROMPT}, {"role": "user", "content": text}]
        )
        if msg.strip():
            out["#llm"] = msg.strip()
    if hyde:
        msg = client.complete([{"role": "system", "content": HYDE_PROMPT}, {"role": "user", "content": text}])
        if msg.strip():
            out["#hyde"] = msg.strip()
    return out
