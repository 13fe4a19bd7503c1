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

from finrag.answer.text import body_of, split_sentences
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


# Words before an event label's core that name who it happens to ("企业", "股东") or mark the passive ("被")
_QUALIFIER = re.compile(r"企业|公司|高管|股东|股份|被")


@dataclass(frozen=True, slots=True)
class EventType:
    label: str
    label_en: str
    triggers: tuple[str, ...]
    exclude: tuple[str, ...]  # patterns of phrases containing a trigger that do not report the event
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
        for pattern in (p for e in events for p in e.exclude):
            re.compile(pattern)
        return Taxonomy(int(raw["window"]), events)
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, re.error) as err:
        raise ConfigError(f"event taxonomy malformed: {err}", stage="answer", file=EVENTS_FILE) from err


def core_label(label: str) -> str:
    """A label without the words naming whom the event concerns ("企业收购" -> "收购", "被约谈" -> "约谈")."""
    while (m := _QUALIFIER.match(label)) and len(label) > m.end():
        label = label[m.end() :]
    return label


@lru_cache(maxsize=1)
def event_names() -> re.Pattern[str]:
    """Words naming an event type in a question: each label and its core, longest first."""
    names = {w for e in taxonomy().events for w in (e.label, core_label(e.label))}
    return re.compile("|".join(re.escape(w) for w in sorted(names, key=lambda w: (-len(w), w))))


@lru_cache(maxsize=1)
def trigger_words() -> tuple[str, ...]:
    """Every wording of every event type (kept whole when a question is cut into terms)."""
    return tuple(
        dict.fromkeys(w for e in taxonomy().events for w in (e.label, core_label(e.label), *e.triggers))
    )


def named_event(text: str) -> EventType | None:
    """The event type ``text`` names ("程少良解除质押" -> 解除质押; "X股东减持" -> 股东减持), if any."""
    m = event_names().search(text)
    if m is None:
        return None
    return next(e for e in taxonomy().events if m.group(0) in (e.label, core_label(e.label)))


def asks_event_types(question: str) -> bool:
    return ASKS_EVENTS.search(question) is not None


def single_document(filters: Filters) -> bool:
    """The request names exactly one document: "the text" has a referent."""
    return len(set(filters.files)) + len(set(filters.doc_ids)) == 1


def _spans(text: str, patterns: tuple[str, ...]) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for p in patterns for m in re.finditer(p, text)]


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


def only_excluded(text: str, event: EventType, window: int) -> bool:
    """True when ``text`` words ``event`` only in phrases that do not report it ("原质押给X的股份解除质押"
    names a pledge being released, not a pledge)."""
    mentioned = any(re.search(re.escape(t), text, re.IGNORECASE) for t in event.triggers)
    return mentioned and not reports(text, event, window)


def find_events(context: list[tuple[int, Chunk]]) -> list[EventMention]:
    """The first sentence reporting each event type, in taxonomy order."""
    tax = taxonomy()
    found: dict[str, EventMention] = {}
    for n, chunk in context:
        for sentence in split_sentences(body_of(chunk)):
            for event in tax.events:
                if event.label not in found and reports(sentence, event, tax.window):
                    found[event.label] = EventMention(event, n, sentence.strip())
    order = {e.label: i for i, e in enumerate(tax.events)}
    return sorted(found.values(), key=lambda m: order[m.event.label])


def events_answer(mentions: list[EventMention], language: str) -> str:
    """The event types, each cited with the chunk whose sentence reports it (the citation's snippet quotes
    that sentence: :func:`event_snippets`)."""
    if language == "zh":
        return "文中发生的事件类型：" + "、".join(f"{m.event.label}[{m.n}]" for m in mentions) + "。"
    return (
        "Events reported: "
        + ", ".join(f"{m.event.label_en} ({m.event.label}) [{m.n}]" for m in mentions)
        + "."
    )


def event_snippets(mentions: list[EventMention]) -> dict[int, str]:
    """[n] -> the sentences of that chunk that report the events (the evidence each citation shows)."""
    out: dict[int, list[str]] = {}
    for m in mentions:
        if m.sentence not in out.setdefault(m.n, []):
            out[m.n].append(m.sentence)
    return {n: "\n".join(sentences) for n, sentences in out.items()}


def event_hits(request: SearchRequest, hits: list[Hit], search: Search, max_chunks: int) -> list[Hit]:
    """Context for an event-type question asked within one document: the question's own hits plus the
    document's chunks that hold trigger words (a search for them within the same filters)."""
    words = " ".join(dict.fromkeys(t for e in taxonomy().events for t in e.triggers))
    found = search(SearchRequest(words, max_chunks, request.filters)).hits
    return list({h.chunk.chunk_id: h for h in [*hits[:max_chunks], *found]}.values())
