"""Attribute questions ("X事件对应的发行价格是什么？", "X的领投方是谁？"): what kind of value the
asked attribute (the argument role) takes, and whether the evidence states one for it.

The role's kind comes from its head word (价格/金额 -> money, 时间/日期 -> date, 数量 -> share count,
收购标的 -> a stake or property,
比例 -> percentage, 轮次 -> funding round, 职位 -> job title, 方/公司/机构 -> a name ...), never
from a list of questions. The words before the head (发行, 领投, 质押物占持股 ...) are the role's
cues: a value of the right kind counts only when the words around it also say what it is (a price
near 发行/定价, a date near 公告/披露 for a disclosure date). A cue word is matched through its
synonyms (``CUE_SYNONYMS``), one naming an event type by that event's triggers (finrag/data/events.toml),
any other by itself or its first/last two characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.answer.events import EventType, core_label, event_names, only_excluded, reports, taxonomy
from finrag.answer.role_values import (
    CLAUSE_MARKS,
    RELATIVE_DAY,
    RELEASE,
    TICKER,
    TOTAL_BASE_CUE,
    VALUE_PATTERNS,
    clause,
    fits,
    implied_total,
    names_next_to,
)
from finrag.answer.role_words import CUE_SYNONYMS, HEAD_KINDS
from finrag.answer.series import value_years
from finrag.answer.text import coverage, split_sentences

__all__ = [
    "CLAUSE_MARKS",
    "CUE_SYNONYMS",
    "RELEASE",
    "VALUE_PATTERNS",
    "Role",
    "RoleEvidence",
    "asked_role",
    "role_evidence",
]

_THINGS = ("标的", "对象")  # name roles that take a project, asset or stake, not an organisation
WINDOW_CHARS = 60  # a cue counts within this many characters of the value (same sentence)
_ROLE = re.compile(
    r"(?:对应的|的)(?P<role>[\u4e00-\u9fffA-Za-z/／]{2,12}?)"
    r"(?:是什么|是多少|为多少|有哪些|是哪些|是谁|是哪[个家位天年些]|分别是|为何|如何)"
)
# Words that name the subject's class or the question template, not which value is meant
_STOP_CUES = frozenset(
    ["事件", "对应", "高管", "公司", "企业", "股东", "主体", "部分", "相关", "具体", "情况"]
)
SUBJECT_SENTENCES = 1  # a value's sentence may name its subject, or the sentence before it may
_POINT_CUE = "披露"  # a role cued by 披露 asks for a day, not a period
SELF_NAME_COVERAGE = 0.6  # a name holding this share of the subject's name is the subject itself
_PAIR = 2  # a cue word without listed synonyms also matches by its first or last two characters


@dataclass(slots=True, frozen=True)
class Role:
    phrase: str  # the asked attribute as written ("发行价格")
    kind: str  # "money", "date", "period", "shares", "percent", "round", "title", "name", "any"
    cues: tuple[tuple[str, ...], ...]  # cue groups (alternatives) that say which value of that kind is meant


@dataclass(slots=True)
class RoleEvidence:
    found: bool
    value: str = ""  # the typed span stated for the role
    sentence: str = ""
    n: int = 0  # citation number of the chunk that states it
    score: float = 0.0  # share of the cue groups found near the value
    tried: int = 0  # typed values seen (for the trace)


def _kind_of(phrase: str) -> tuple[str, str]:
    for head, kind in sorted(HEAD_KINDS, key=lambda hk: -len(hk[0])):
        if phrase.endswith(head):
            return kind, phrase[: -len(head)]
    return "any", ""


def _cue_groups(phrase: str, modifier: str, kind: str) -> tuple[tuple[str, ...], ...]:
    """Cue groups of a role in phrase order (the last one, next to the head, says most about which value
    is meant): listed cue words anywhere in the phrase (持股 in 占持股比), then the rest of the modifier's
    words; "A/B" are alternatives."""
    placed: list[tuple[int, tuple[str, ...]]] = []
    rest = modifier
    for cue in sorted(CUE_SYNONYMS, key=len, reverse=True):
        if cue in phrase and (cue in rest or cue not in modifier):
            placed.append((phrase.find(cue), (cue,)))
            rest = rest.replace(cue, " " * len(cue))
    if kind != "name":  # names have no shape of their own: only a listed cue word says much
        for m in re.finditer(r"[^\s的之及与和占]+", rest):
            alternatives = tuple(
                w for w in re.split(r"[/／]", m.group(0)) if len(w) >= _PAIR and w not in _STOP_CUES
            )
            if alternatives:
                placed.append((m.start(), alternatives))
    return tuple(group for _, group in sorted(placed))


def subject_of(question: str) -> str | None:
    """The words before the asked attribute ("程少良解除质押" of "程少良解除质押事件对应的披露时间…")."""
    m = _ROLE.search(question)
    if m is None:
        return None
    return re.sub(r"事件$", "", question[: m.start()].strip())


def asked_role(question: str) -> Role | None:
    """The attribute a Chinese question asks for, with its kind and cue words; None when it asks none."""
    m = _ROLE.search(question)
    if m is None:
        return None
    phrase = m.group("role")
    kind, modifier = _kind_of(phrase)
    # an untyped attribute is checked by its listed cue words only for an event ("X亏损事件对应的亏损变化":
    # a change stated with the loss); elsewhere ("发行人律师事务所是哪家") the text is quoted as found
    about_event = bool(event_names().search(question[: m.start()]))
    return Role(phrase, kind, _cue_groups(phrase, modifier, kind) if kind != "any" or about_event else ())


def _event_wordings(cue: str) -> tuple[str, ...]:
    """A cue naming an event type ("收购" of 收购完成时间) is worded by its triggers ("收为子公司")."""
    return tuple(
        w for e in taxonomy().events if cue in (e.label, core_label(e.label)) for w in (cue, *e.triggers)
    )


def _cue_distance(cue: str, text: str, at: int) -> int | None:
    """How far from position ``at`` the nearest wording of ``cue`` sits in ``text`` (None: absent)."""
    words = (
        CUE_SYNONYMS.get(cue)
        or _event_wordings(cue)
        or (
            cue,
            *((cue[:_PAIR], cue[-_PAIR:]) if len(cue) > _PAIR else ()),
        )
    )
    best: int | None = None
    for w in words:
        i = text.find(w)
        while i >= 0:
            d = abs(i - at)
            best = d if best is None else min(best, d)
            i = text.find(w, i + 1)
    return best


def _about(subject: str, sentences: list[str], i: int) -> float:
    """How well the sentence ``i`` (or the one before it, which "其/该/本次" refer back to) names
    ``subject``."""
    lo = max(0, i - SUBJECT_SENTENCES)
    return max(coverage(subject, s.lower()) for s in sentences[lo : i + 1])


# "继X离职后，Y…": X's event is only the background of what the sentence reports after it
_PRIOR = re.compile(r"继[^，,。；;]{1,40}?(?:之)?后\s*[，,]")
_BARE_NUMBER = re.compile(r"^\s*-?\d[\d,]*(?:\.\d+)?\s*$")


def _percent_rows(text: str) -> str:
    """A table row labelled in percent ("研发人员数量占公司总人数的比例（%） | 18.63") prints its values
    without the sign: they are percentages."""
    out = []
    for line in text.split("\n"):
        cells = line.split("|")
        label = next((c for c in cells if c.strip()), "")
        if "|" in line and ("%" in label or "％" in label):
            cells = [f"{c.strip()}%" if _BARE_NUMBER.match(c) else c for c in cells]
            line = "|".join(cells)
        out.append(line)
    return "\n".join(out)


def role_evidence(
    role: Role,
    context: list[tuple[int, str]],
    subject: str = "",
    min_subject: float = 0.0,
    release: bool = False,
    *,
    event: EventType | None = None,
    event_chunk: bool = False,
    years: tuple[int, ...] = (),
) -> RoleEvidence:
    """The best typed value in ``context`` ((n, text) pairs) for ``role``: most cue groups near it, then
    the head-adjacent cue in its own clause, then the nearest cues. With ``subject``, a value counts only
    in a sentence that names it (share of its character pairs >= ``min_subject``); ``release``: the event
    releases something (解除质押), so the holder's remaining state is not its figure; ``event``: the
    asked event, whose values do not come from a sentence naming it only in phrases that report something
    else (a pledge released is no pledge: "原质押给X的股份解除质押"); ``years``: the years asked, so a
    value a "分别" list gives another year is not theirs."""
    pattern = VALUE_PATTERNS.get(role.kind)
    named = role.kind == "name" and bool(role.cues) and not role.phrase.endswith(_THINGS)
    words = [w for group in role.cues for c in group for w in CUE_SYNONYMS.get(c) or (c,)]
    point = any(_POINT_CUE in group for group in role.cues)
    best = RoleEvidence(False)
    best_key: tuple[float, int, bool, bool, int] = (-1.0, 0, False, False, 0)
    tried = 0
    for n, text in context:
        if event is not None and event_chunk and not reports(text, event, taxonomy().window):
            continue  # a chunk about another event of the subject ("X迎新任副行长" for X融资)
        text = _percent_rows(text) if role.kind == "percent" else text
        sentences = split_sentences(TICKER.sub(" ", text))
        for i, sentence in enumerate(sentences):
            if subject and min_subject > 0 and _about(subject, sentences, i) < min_subject:
                continue
            if event is not None and only_excluded(sentence, event, taxonomy().window):
                continue
            if named:
                spans = [  # the subject is not its own counterpart: "X中标" names no tenderer of X
                    (a, b)
                    for a, b in names_next_to(sentence, words)
                    if not subject or coverage(subject, sentence[a:b].lower()) < SELF_NAME_COVERAGE
                ]
                tried += len(spans)
                if spans and best_key < (1.0, len(role.cues), True, True, 0):
                    start, end = spans[0]
                    best_key = (1.0, len(role.cues), True, True, 0)
                    best = RoleEvidence(True, sentence[start:end].strip(), sentence, n, 1.0)
                continue
            spans = [(m.start(), m.end()) for m in pattern.finditer(sentence)] if pattern else [(0, 0)]
            spans = [
                span
                for span in spans
                if not pattern or fits(role.kind, role.phrase, point, sentence, span, release, subject)
            ]
            if (
                subject
                and (prior := _PRIOR.search(sentence))
                and _only_before(subject, sentence, prior.end())
            ):
                spans = [s for s in spans if s[0] < prior.end()]  # what follows is about someone else
            if years and (listed := value_years(sentence, spans)):
                spans = [s for s in spans if listed.get(s, years[0]) in years]
            following = _undated_next(role, pattern, sentences, i)
            for start, end in spans:
                tried += bool(pattern)
                lo = max(0, start - WINDOW_CHARS) if pattern else 0
                near = (sentence[lo : end + WINDOW_CHARS] if pattern else sentence).lower()
                near += following
                dists = [_group_distance(group, near, start - lo) for group in role.cues]
                if role.kind == "percent" and implied_total(sentence, start, end):  # "拟减持不超1%"
                    dists = [
                        0 if d is None and TOTAL_BASE_CUE in g else d
                        for g, d in zip(role.cues, dists, strict=True)
                    ]
                found = [d for d in dists if d is not None]
                score = len(found) / len(role.cues) if role.cues else 1.0
                around = clause(sentence, start, end) if pattern and role.cues else ""
                own = bool(around) and _group_distance(role.cues[-1], around, 0) is not None
                explicit = RELATIVE_DAY.match(sentence, start) is None  # "近日" only when no date is given
                # a cue printed whole beats one matched by a fragment ("研发人员数量" over "研发")
                whole = sum(1 for g in role.cues if any(c in near for c in g))
                key = (score, whole, explicit, own, -sum(found))
                if key > best_key:
                    best_key = key
                    best = RoleEvidence(True, sentence[start:end].strip(), sentence, n, score)
    best.tried = tried
    return best


def _only_before(subject: str, sentence: str, at: int) -> bool:
    """Whether ``sentence`` names ``subject`` before ``at`` and not after it."""
    return coverage(subject, sentence[:at].lower()) >= 1 > coverage(subject, sentence[at:].lower())


def _undated_next(role: Role, pattern: re.Pattern[str] | None, sentences: list[str], i: int) -> str:
    """For a date, the next sentence when it states no date of its own: a date often opens the sentence on
    the process and the event word follows ("于10月20日，公司参与了…谈判。确定公司为此项目的成交人。")."""
    nxt = sentences[i + 1] if i + 1 < len(sentences) else ""
    return nxt.lower() if role.kind == "date" and pattern and nxt and not pattern.search(nxt) else ""


def _group_distance(group: tuple[str, ...], text: str, at: int) -> int | None:
    return min((d for c in group if (d := _cue_distance(c, text, at)) is not None), default=None)


def checks(role: Role | None) -> bool:
    """Whether the evidence can be checked for ``role`` (a typed value or a cue word to look for)."""
    return role is not None and (role.kind in VALUE_PATTERNS or bool(role.cues))


def role_answer(evidence: RoleEvidence, kind: str) -> str:
    """A typed value (or a name) stated with its citation; other untyped roles quote the sentence."""
    if evidence.value and (kind in VALUE_PATTERNS or kind == "name"):
        return f"{evidence.value}[{evidence.n}]"
    return f"{evidence.sentence}[{evidence.n}]"
