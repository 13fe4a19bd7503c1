"""Rows an English question names word for word ("What was accrued compensation and benefits …") that no
context table prints (prose may name them): the retrieved ranking may hold the note's page below the
context cut, or not at all, while the best documents' facts carry the row. The chunk printing it joins the
context, so the row is read as the item asked instead of the broader lexicon item around it ("accrued
expenses")."""

from __future__ import annotations

import re

from finrag.answer.asks import asks_amount
from finrag.answer.lexicon import concept_of, normalise
from finrag.answer.query import AskedFor
from finrag.answer.text import row_cells
from finrag.index.store import Store
from finrag.model import AccessScope, Chunk, ChunkKind, Filters

MIN_LABEL_WORDS = 3  # "net revenue" is a lexicon item; a row named by three words or more is the filer's own
MAX_LABEL_WORDS = 8  # longer runs of a question's words are no row label
LABEL_DOCUMENTS = 2  # the best-ranked documents whose rows are looked up (the filing asked, its neighbour)
LABEL_CHUNKS = 2  # chunks added at most: the row's table, and its prior-year twin in another filing
_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)
# "what interest and debt expense …", "what was accrued compensation …": the figure asked, named next
# also after a company's possessive name ("what were general mills' restructuring, … costs")
_ASKED_BEFORE = re.compile(
    r"\b(?:what|how much)(?:\s+(?:was|were|is|are))?"
    r"(?:\s+(?:the|its|their|(?:[\w&.-]+\s+){0,3}[\w&.-]+['’]s?))?\s+$"
)
_WORD = re.compile(r"[a-z](?:[a-z&'’-]*[a-z])?")  # a closing quote is no part of the word before it
_QUOTED = re.compile(r"(?<![A-Za-z])['‘\"“]([A-Za-z][^'’\"”?]{4,80})['’\"”]")  # a row named in quotes


def _phrases(question: str) -> list[str]:
    """The question's runs of words that could be a row label, normalised as labels are, with and without
    the commas between them ("restructuring, impairment, and other exit costs")."""
    low = question.lower()
    words = list(_WORD.finditer(low))
    runs = set()
    for n in range(MIN_LABEL_WORDS, MAX_LABEL_WORDS + 1):
        for i in range(len(words) - n + 1):
            runs.add(normalise(" ".join(w.group() for w in words[i : i + n])))
            if "," in (printed := low[words[i].start() : words[i + n - 1].end()]):
                runs.add(normalise(printed))
    return sorted(runs)


def quoted_rows(question: str) -> list[str]:
    """The row labels a question quotes ("the current liability 'salaries, wages and …'")."""
    return _QUOTED.findall(question)


MIN_ZH_LABEL = 6  # a Chinese row named by six characters or more is the filer's own ("研究与开发费用占…比例")
MAX_ZH_LABEL = 30
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")


def _zh_phrases(question: str) -> list[str]:
    """The question's runs of Chinese characters that could be a row label, also without the 的 a row
    leaves out ("…占主营业务收入的比例" for the row "…占主营业务收入比例")."""
    runs = [r for m in _CJK_RUN.finditer(question) for r in {m.group(0), m.group(0).replace("的", "")}]
    return sorted(
        {
            r[i : i + n]
            for r in runs
            for n in range(MIN_ZH_LABEL, min(MAX_ZH_LABEL, len(r)) + 1)
            for i in range(len(r) - n + 1)
        }
    )


def _names_printed(chunk: Chunk) -> str:
    """A table chunk's text, normalised, without the rows whose label the table reader merged into a
    figure's cell ("|  | Restructuring, … costs $275.1 $165.6 | $180.4 |"): those label no row."""
    return normalise("\n".join(line for line in chunk.text.split("\n") if not _merged_label(line)))


def _merged_label(line: str) -> bool:
    cells = row_cells(line) if "|" in line else []
    return len(cells) > 1 and not cells[0] and _FIGURE.search(cells[1]) is not None and cells[1][:1].isalpha()


_FIGURE = re.compile(r"\$\s?\d|\d,\d{3}|\d\.\d")  # "$275.1", "1,234", "3.5": an amount, not a name


def with_labelled_chunks(
    store: Store, asked: AskedFor, context: list[tuple[int, Chunk]], access: AccessScope
) -> list[tuple[int, Chunk]]:
    """``context`` plus the chunks of the best documents' rows the question names and no context chunk
    prints, the longest label first."""
    quoted = {normalise(q) for q in quoted_rows(asked.question)}  # "the current liability 'salaries, …'"
    zh = asked.language == "zh"
    if (asked.language != "en" and not zh) or (
        asked.intent == "text" and (zh or (not asks_amount(asked.question) and not quoted))
    ):
        return context
    shown = "\n".join(_names_printed(c) for _, c in context if c.kind in _TABLES)  # prose names no row
    # a lexicon item is fetched by its synonyms anyway: only the filer's own row names are looked up
    phrases = _zh_phrases(asked.question) if zh else [*_phrases(asked.question), *quoted]  # quoted as printed
    wanted = [p for p in phrases if p not in shown and concept_of(p) is None]
    docs = list(dict.fromkeys(c.doc_id for _, c in context))[:LABEL_DOCUMENTS]
    if not wanted or not docs:
        return context
    facts = store.get_facts(Filters(access=access, doc_ids=docs), line_items=wanted)
    if asked.intent == "text":  # a description's words name no row unless the question asks that figure
        low = normalise(asked.question)
        facts = [
            f
            for f in facts
            if f.line_item_norm in quoted
            or ((at := low.find(f.line_item_norm)) > 0 and _ASKED_BEFORE.search(low[:at]))
        ]
    facts = [f for f in facts if not asked.years or f.fiscal_year in asked.years] or facts
    facts.sort(key=lambda f: (-len(f.line_item_norm), docs.index(f.doc_id)))
    have = {c.chunk_id for _, c in context}
    ids = [i for i in dict.fromkeys(f.chunk_id for f in facts) if i not in have][:LABEL_CHUNKS]
    added = store.get_chunks(ids, access) if ids else []
    return context + [(len(context) + k + 1, c) for k, c in enumerate(added)]
