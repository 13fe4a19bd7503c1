"""Which financial events a selected document reports ("下文中发生的事件类型有哪些？").

A question about "the text" names no subject: it can only be answered when the user asked within one
document (the request is scoped to a single file or document). The event types and their trigger words
live in ``finrag/data/events.toml``; each event found is cited with the sentence that reports it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from finrag.answer.text import split_sentences
from finrag.errors import ConfigError
from finrag.model import Chunk, Filters, Hit, SearchRequest, SearchResult

Search = Callable[[SearchRequest], SearchResult]

EVENTS_FILE = "events.toml"  # shipped in finrag/data/
NONE_FOUND = {
    "zh": "在已有文档中未找到相关信息（查找：事件）。所选文档没有报道可识别的金融事件。",
    "en": "The documents do not contain the information asked for (looked for: events). The selected "
    "document reports no recognisable financial event.",
}
ASKS_EVENTS = re.compile(
    r"事件类型|哪些事件|什么事件|何种事件|发生了(?:哪些|什么)事|\bwhat (?:kinds? of )?events?\b|"
    r"\bwhich events?\b|\bevent types?\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class EventType:
    label: str
    label_en: str
    triggers: tuple[str, ...]
    exclude: tuple[str, ...]  # phrases containing a trigger that do not report the event
    near: tuple[str, ...]  # words that, close to a trigger, show it is not the event


@dataclass(frozen=True, slots=True)
class Taxonomy:
    window: int
    events: tuple[EventType, ...]


@dataclass(frozen=True, slots=True)
class EventMention:
    event: EventType
    n: int  # context number of the chunk that reports it
    sentence: str


@lru_cache(maxsize=1)
def taxonomy() -> Taxonomy:
    text = resources.files("finrag.data").joinpath(EVENTS_FILE).read_text(encoding="utf-8")
    try:
        raw = tomllib.loads(text)
        events = tuple(
            EventType(
                str(e["label"]),
                str(e["label_en"]),
                tuple(e["triggers"]),
                tuple(e.get("exclude", ())),
                tuple(e.get("near", ())),
            )
            for e in raw["events"]
        )
        return Taxonomy(int(raw["window"]), events)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError) as err:
        raise ConfigError(f"event taxonomy malformed: {err}", stage="answer", file=EVENTS_FILE) from err


def asks_event_types(question: str) -> bool:
    return ASKS_EVENTS.search(question) is not None


def single_document(filters: Filters) -> bool:
    """The request names exactly one document: "the text" has a referent."""
    return len(set(filters.files)) + len(set(filters.doc_ids)) == 1


def _spans(text: str, phrases: tuple[str, ...]) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for p in phrases for m in re.finditer(re.escape(p), text)]


def reports(text: str, event: EventType, window: int) -> bool:
    """True when a trigger of ``event`` occurs in ``text`` outside its exclusions."""
    excluded = _spans(text, event.exclude)
    for trigger in event.triggers:
        for m in re.finditer(re.escape(trigger), text, re.IGNORECASE):
            if any(s <= m.start() and m.end() <= e for s, e in excluded):
                continue
            around = text[max(0, m.start() - window) : m.end() + window]
            if not any(w in around for w in event.near):
                return True
    return False


def find_events(context: list[tuple[int, Chunk]]) -> list[EventMention]:
    """The first sentence reporting each event type, in taxonomy order."""
    tax = taxonomy()
    found: dict[str, EventMention] = {}
    for n, chunk in context:
        for sentence in split_sentences(chunk.text):
            for event in tax.events:
                if event.label not in found and reports(sentence, event, tax.window):
                    found[event.label] = EventMention(event, n, sentence.strip())
    order = {e.label: i for i, e in enumerate(tax.events)}
    return sorted(found.values(), key=lambda m: order[m.event.label])


def events_answer(mentions: list[EventMention], language: str) -> str:
    """The event types, then each one's sentence with its citation."""
    if language == "zh":
        head = "文中发生的事件类型：" + "、".join(m.event.label for m in mentions) + "。"
        lines = [f"- {m.event.label}：{m.sentence}[{m.n}]" for m in mentions]
    else:
        names = ", ".join(f"{m.event.label_en} ({m.event.label})" for m in mentions)
        head = f"Events reported: {names}."
        lines = [f"- {m.event.label_en}: {m.sentence} [{m.n}]" for m in mentions]
    return "\n".join([head, *lines])


def event_hits(request: SearchRequest, hits: list[Hit], search: Search, max_chunks: int) -> list[Hit]:
    """Context for an event-type question asked within one document: the question's own hits plus the
    document's chunks that hold trigger words (a search for them within the same filters)."""
    words = " ".join(dict.fromkeys(t for e in taxonomy().events for t in e.triggers))
    found = search(SearchRequest(words, max_chunks, request.filters)).hits
    return list({h.chunk.chunk_id: h for h in [*hits[:max_chunks], *found]}.values())
