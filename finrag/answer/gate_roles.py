"""The evidence gate's attribute check ("…的发行数量是多少", "X高管变动事件对应的变动后职位"): a value of
the asked kind, with its cue words, in a context chunk about the question's subject; else a refusal."""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.answer.events import event_names, named_event
from finrag.answer.gate_names import FILINGS
from finrag.answer.owner_names import is_filer
from finrag.answer.query import AskedFor
from finrag.answer.role_words import HEAD_KINDS
from finrag.answer.roles import (
    RELEASE,
    Role,
    RoleEvidence,
    asked_role,
    checks,
    role_evidence,
    subject_of,
)
from finrag.answer.subjects import subject_name
from finrag.answer.text import coverage
from finrag.config import AnswerSettings
from finrag.model import Chunk

_FIGURE_KINDS = frozenset({"money", "percent", "shares", "stake"})  # amounts a table row prints

_YEAR_WORDS = re.compile(r"(?:fy\s*)?(?:19|20)\d{2}\s*(?:年度?)?", re.I)  # "2019年", "2005年度", "FY2022"


def _report_subject(asked: AskedFor, subject: str) -> str:
    """In a question about an indexed filer's report ("四方科技2019年前五名客户销售额占…的比例") the
    subject is what follows the filer's name and year: the report's pages need not repeat either."""
    if not asked.years or not (asked.companies or asked.entities):  # "南岭民爆2005年…": a name before a year
        return subject
    rest = _YEAR_WORDS.sub(" ", subject)
    for name in asked.entities:
        rest = rest.replace(name, " ")
    return "".join(rest.split())  # "" when the subject was only the filer and year: any page may answer


def _role_topic(phrase: str) -> str:
    """The attribute without its head word: "研发人员数量占比" -> "研发人员数量" (what the value is of)."""
    head = max((h for h, _ in HEAD_KINDS if phrase.endswith(h)), key=len, default="")
    return phrase[: len(phrase) - len(head)] if head else phrase


def role_gate(
    asked: AskedFor, context: list[tuple[int, Chunk]], cfg: AnswerSettings
) -> tuple[Role, RoleEvidence] | None:
    """For an attribute question, the value found for it in the context chunks about the subject (those
    that cover the subject's words best, then by rank); None when the question asks no checkable role."""
    role = asked_role(asked.question) if asked.language == "zh" else None
    if role is None or not checks(role) or asked.intent == "calculation":
        return None
    if asked.intent == "lookup" and any(
        m.printed in role.phrase or role.phrase in m.printed for m in asked.line_items
    ):
        return None  # a table line item is asked for ("研发投入金额"): the fact lookup answers it
    subject = _report_subject(asked, subject_name(asked.question)) or _role_topic(role.phrase)
    scored = [(coverage(subject, c.text.lower()) if len(subject) > 1 else 1.0, n, c) for n, c in context]
    scored = [
        t for t in scored if t[0] >= cfg.role_subject_coverage
    ]  # a value about someone else is no answer
    chosen = sorted(scored, key=lambda t: (-round(t[0], 2), t[1]))[: cfg.role_context_chunks]
    context_texts = [(n, c.text) for _, n, c in chosen]
    release = bool(RELEASE.search(asked.question))
    event = named_event(subject_of(asked.question) or "") if cfg.role_event_exclusions else None
    return role, role_evidence(
        role,
        context_texts,
        subject,
        cfg.role_sentence_subject_coverage,
        release,
        event=event,
        event_chunk=cfg.role_event_chunk,
        years=tuple(asked.years),
    )


@dataclass(slots=True)
class RoleCheck:
    role: Role
    found: RoleEvidence
    passed: bool  # a value of the role's kind with enough of its cues, about the subject
    # not passed, but an amount a filing's table may print without the cue beside it ("…补充资料中X的本期
    # 金额"): the figure lookup may answer; a quoted sentence must then print the role's cue words
    deferred: bool = False

    @property
    def cue_groups(self) -> tuple[tuple[str, ...], ...]:
        return self.role.cues or ((self.role.phrase,),)

    def detail(self) -> dict[str, object]:
        f = self.found
        return {
            "role": self.role.phrase,
            "kind": self.role.kind,
            "value": f.value,
            "cue_share": f.score,
            "sentence": f.sentence,
            "values_seen": f.tried,
        }


def _subject_check(
    asked: AskedFor, context: list[tuple[int, Chunk]], cfg: AnswerSettings
) -> RoleCheck | None:
    """An event attribute question whose value has no shape to check ("X高管变动事件对应的变动类型"): its
    subject must at least be named by a context chunk, else the evidence is about someone else."""
    role = asked_role(asked.question) if asked.language == "zh" and asked.intent == "text" else None
    subject = subject_name(asked.question) if role is not None else ""
    if role is None or len(subject) <= 1 or not event_names().search(subject_of(asked.question) or ""):
        return None
    if any(coverage(subject, c.text.lower()) >= cfg.role_subject_coverage for _, c in context):
        return None
    return RoleCheck(role, RoleEvidence(False), False)


def check_role(asked: AskedFor, context: list[tuple[int, Chunk]], cfg: AnswerSettings) -> RoleCheck | None:
    """The role check as the pipeline runs it: the value found and whether it passes the cue share."""
    if (checked := role_gate(asked, context, cfg)) is None:
        return _subject_check(asked, context, cfg)
    role, found = checked
    passed = found.found and found.score >= cfg.role_min_cue_share
    filings = bool(context) and all(c.meta.doc_type in FILINGS for _, c in context)
    if passed and filings and (unnamed := _others_unnamed(asked, context, found.sentence)):
        passed = False  # "向First Solar销售…的金额": a sentence not naming First Solar states no amount of it
        found = RoleEvidence(False, sentence=found.sentence, n=found.n, tried=found.tried, value=unnamed[0])
    if passed and filings and not role.cues and _object_of(asked.question) not in found.sentence:
        passed = False  # "实际用于补充流动资金的金额": a sentence on the bond issue states no amount of it
    # "X减持事件对应的交易金额": news, whose sentence must say it, not a table ("上市公司" names no event)
    event = "事件" in asked.question and event_names().search(subject_of(asked.question) or "")
    deferred = not passed and role.kind in _FIGURE_KINDS and filings and not event
    return RoleCheck(role, found, passed, deferred=deferred)


# "…中，实际用于补充流动资金的金额是多少": the thing a bare attribute is of, in the clause right before it
_OBJECT_CLAUSE = re.compile(r"[，,；;：:中]\s*(?:实际)?(?:用于|投入|计入)?([\u4e00-\u9fff]{3,12})$")


def _object_of(question: str) -> str:
    """What a bare attribute ("金额") is of, when the question writes it in a clause of its own; "" else."""
    head = _OBJECT_CLAUSE.search(subject_of(question) or "")
    return head.group(1) if head else ""


def _others_unnamed(asked: AskedFor, context: list[tuple[int, Chunk]], sentence: str) -> list[str]:
    """The Latin-script names a filing question writes besides the filer's (a customer, "First Solar") that
    the value's sentence does not print."""
    chunks = [c for _, c in context]
    low = sentence.lower()
    others = [e for e in asked.entities if e.isascii() and not is_filer(e, asked, chunks)]
    # "用于EVA胶膜产品研发的金额": a product a Chinese question names in Latin letters
    latin = (m.group(0) for m in _LATIN_PRODUCT.finditer(asked.question))
    others += [w for w in latin if w not in _FINANCE_TERMS]
    return [e for e in others if e.lower() not in low]


_LATIN_PRODUCT = re.compile(r"(?<![A-Za-z])[A-Z]{2,6}(?=[\u4e00-\u9fff])")  # "EVA胶膜"
# finance terms a Chinese question writes in Latin letters ("本次IPO拟…"), which no sentence need repeat
_FINANCE_TERMS = frozenset({"IPO", "EPS", "ROE", "ROA", "EBIT", "EBITDA", "GDP", "PE", "PB"})
