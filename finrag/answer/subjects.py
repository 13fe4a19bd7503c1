"""What an event question is about: its subject's name without class and event words, the wordings of
the events it names, and the context chunks that name its subject."""

from __future__ import annotations

import re
from collections.abc import Callable

from finrag.answer.events import core_label, event_names, named_event, taxonomy
from finrag.answer.query import AskedFor
from finrag.answer.roles import CUE_SYNONYMS, subject_of
from finrag.answer.text import coverage
from finrag.config import AnswerSettings
from finrag.model import Chunk
from finrag.retrieve.entities import squash

# Words naming the kind of subject or event ("企业融资", "高管变动"): news text names the subject itself
CLASS_WORDS = re.compile(r"企业|高管|公司|股东")
# Event words news text often words differently ("成交人" for 中标, "投资" for 融资)
TOPIC_SYNONYMS = {word: CUE_SYNONYMS[word] for word in ("融资", "募资", "中标")}
MIN_EVENT_TERM = 2  # one character ("股") is part of too many event labels to stand for one


def event_words(term: str) -> tuple[str, ...]:
    """Wordings of an event category a question names ("高管变动" -> 辞职, 聘任 …; "中标" -> 成交 …):
    the trigger words of the event types (finrag/data/events.toml) whose label holds ``term``."""
    if len(term) < MIN_EVENT_TERM:
        return ()
    found = [w for e in taxonomy().events if term in e.label for w in e.triggers]
    return tuple(dict.fromkeys([*TOPIC_SYNONYMS.get(term, ()), *found]))


def with_event_words(question: str) -> str:
    """``question`` followed by the wordings of the event categories it names (for sentence matching)."""
    named = [named_event(m.group(0)) for m in event_names().finditer(question)]
    found = [
        w for e in named if e is not None for w in (*TOPIC_SYNONYMS.get(core_label(e.label), ()), *e.triggers)
    ]
    return " ".join([question, *dict.fromkeys(w for w in found if w not in question)])


def subject_name(question: str) -> str:
    """The subject's name: the words before the attribute without class and event words."""
    return event_names().sub("", CLASS_WORDS.sub("", subject_of(question) or ""))


def subject_context(
    asked: AskedFor, context: list[tuple[int, Chunk]], cfg: AnswerSettings
) -> list[tuple[int, Chunk]]:
    """For an event question about a named subject ("崔世平高管变动事件对应的变动类型"), the context chunks
    that name the subject (news about other companies answers nothing of it); else all of them."""
    about_event = asked.language == "zh" and event_names().search(subject_of(asked.question) or "")
    subject = subject_name(asked.question) if about_event else ""
    if len(subject) <= 1:
        return context
    named = [(n, c) for n, c in context if _names(subject, c, cfg)]
    return named or context


def _names(subject: str, chunk: Chunk, cfg: AnswerSettings) -> bool:
    """Whether ``chunk`` names the subject (enough of its name's characters)."""
    return coverage(subject, chunk.text.lower()) >= cfg.role_subject_coverage


def with_subject_chunks(
    asked: AskedFor, context: list[tuple[int, Chunk]], later: list[Chunk], cfg: AnswerSettings
) -> list[tuple[int, Chunk]]:
    """An attribute question's context, plus the retrieved chunks below the context cut (``later``) that
    name its subject when no context chunk does: the passage about "王慕昊" may rank 7th behind news that
    shares only the question's template words."""
    subject = subject_name(asked.question) if asked.language == "zh" else ""
    if len(subject) <= 1 or any(_names(subject, c, cfg) for _, c in context):
        return context
    named = [c for c in later if _names(subject, c, cfg)]
    return context + [(len(context) + i + 1, c) for i, c in enumerate(named)]


def filer_context(
    asked: AskedFor,
    context: list[tuple[int, Chunk]],
    names_of: Callable[[str], list[str]],
    *,
    fallback: bool = True,
) -> list[tuple[int, Chunk]]:
    """The context chunks of the companies the question names (``names_of``: a document's company names and
    aliases): a sentence of another company's filing that ranked in answers nothing of the one asked. All of
    them when none is the named company's (with ``fallback``; else none)."""
    wanted = {squash(c) for c in asked.companies}
    if not wanted:
        return context
    names = {doc_id: {squash(n) for n in names_of(doc_id)} for doc_id in {c.doc_id for _, c in context}}
    # the names every matched document goes by: "Amd" is the "Advanced Micro Devices" of code "AMD"
    wanted |= {k for keys in names.values() if keys & wanted for k in keys}
    own = [(n, c) for n, c in context if not names[c.doc_id] or names[c.doc_id] & wanted]
    return own or (context if fallback else [])
