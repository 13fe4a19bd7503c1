"""The evidence gate: answer or refuse, from signals the trace shows.

Signals: the best hit's score; whether each company the question names is covered by the evidence (share
of the name's character pairs found in hit texts, file names and document metadata); whether each year
asked is covered by a document of a matching fiscal year; the share of the question's content terms the
evidence holds. Refusals say what was looked for and, where possible, what was found instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from finrag.answer.gate_names import (
    FILINGS,
    HELD,
    HELD_GAP,
    LISTING_CODE,
    abbreviates_document,
    compared_unfiled,
    files_here,
    held_by_filer,
    in_known_name,
    name_spans,
    names_document,
    names_known,
    of_companies,
    owner_text,
    part_words,
    spelled_alike,
    writes_known,
)
from finrag.answer.gate_periods import next_quarter_only, uncovered_period
from finrag.answer.gate_topic import topic
from finrag.answer.gate_words import translated_words, unprinted_abbreviation, unprinted_rate
from finrag.answer.lexicon import synonyms
from finrag.answer.names import glossed_by, in_gloss, zh_short_names
from finrag.answer.owner_names import subject_names
from finrag.answer.periods import MONTHS
from finrag.answer.query import AskedFor
from finrag.answer.ranked import RANK_WORDS, asks_zh_ranking
from finrag.answer.subjects import event_words
from finrag.answer.text import coverage, terms, word_stem
from finrag.answer.tickers import opening_ticker, unknown_ticker
from finrag.answer.zh_qualifiers import ZH_FIRM
from finrag.config import AnswerSettings
from finrag.model import Hit
from finrag.retrieve.entities import squash

# "2006年末": a date; a balance sheet that prints "2006年12月31日" need not print the word
_DATE_WORDS = frozenset(
    {
        "年末",
        "年初",
        "年底",
        "年度",
        "期末",
        "期初",
        "上年",  # "和上年同期比": the period the answer stage reads, no topic
        "同期",
        "上年同期",
        "上期",
        "本期",
        "quarter",
        "quarters",
        "ended",
        "ending",
        "months",
        "fiscal",
        "full-year",  # "REVPAR for full-year 2018": the year's column, however the filing heads it
        "year-end",
    }
)
# the scope a figure is read at is the answer stage's own check (consolidated by default), not a topic
# "综合毛利率": the whole company's, as computed; "the parent-company gross margin": read from the parent's
# statements, the scope no topic a Chinese filing prints in English
_SCOPE_WORDS = frozenset(
    {"consolidated", "合并", "综合", "parent", "parent-company", "parent-co", "parent-only", "standalone"}
)
# how a ratio is worked out ("全面摊薄净资产收益率": over the year-end equity), no topic the evidence
# must print
_BASIS_WORDS = frozenset({"全面", "摊薄", "全面摊薄"})
# A question about a text it does not include ("下文中…", "the following passage"): no search can tell
# which text is meant, so it is refused with a request for the text.
_DEICTIC = re.compile(
    r"下文|上文|(?:下面|以下|上述|上面)的?(?:文字|文章|段落|内容|新闻|公告)"
    r"|the (?:following|above|preceding) (?:text|passage|paragraph|article)",
    re.I,
)


@dataclass(slots=True)
class GateDecision:
    answerable: bool
    # "ok", "no_evidence", "no_text", "company", "period", "keywords", "score", "role", "line_item"
    reason: str
    missing: list[str] = field(default_factory=list)  # what was looked for and not found
    found_years: list[int] = field(default_factory=list)  # years the evidence does cover (for the refusal)
    scores: dict[str, float] = field(default_factory=dict)
    evidence: list[Hit] = field(default_factory=list)  # hits that passed the company check
    derived_end: str | None = None  # a quarter only the next quarter's report holds: answered if worked out

    def summary(self) -> dict[str, object]:
        """What the trace shows of the decision."""
        return {
            "answerable": self.answerable,
            "reason": self.reason,
            "missing": self.missing,
            "scores": self.scores,
        }


# "Mary Dillon", "Richard A. Johnson": a person's name (no company word), whose agreement a filing prints
_PERSON = re.compile(
    r"(?![^,]*\b(?:Inc|Corp|Corporation|Company|Co|Group|Holdings|Bank|Partners|Technologies|Ltd|LLC)\b)"
    r"[A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-z]+"
)


# a country a question abbreviates, as filings spell it (lower case, as the haystacks are)
_COUNTRY_SPELLINGS = {
    "US": ["u.s.", "united states"],
    "USA": ["u.s.", "united states"],
    "UK": ["u.k.", "united kingdom"],
}


_LEGAL_SUFFIX = "有限公司"  # a Chinese company's registered name ends so; a short name or group does not


def _haystack(hit: Hit) -> str:
    m = hit.chunk.meta
    return " ".join([hit.chunk.text, m.file, m.company or "", m.company_code or ""]).lower()


# "How many shares did Northrop Grumman repurchase …": a figure asked, whatever the items read
_HOW_MANY = re.compile(r"\s*how\s+(?:many|much)\b", re.I)


# a customer or supplier the figure is traded with: "sales to Foot Locker", "purchased from Samsung" (not
# "sales in Q4 2022 came from Oncology": a part of the filer)
_TRADED = r"\b(?:sales|sold|sells|purchases?|purchased|bought|buys)\s+(?:directly\s+)?(?:to|from)\s+"


_YEAR_WORDS = frozenset({"年末", "年初", "年度", "年底", "年报", "年内"})  # words of a year that are printed


def _glued_year(term: str, question: str) -> bool:
    """A term the segmenter cut from a year's 年 and the next word ("2005年少"), not a word of a year."""
    glued = term.startswith("年") and term not in _YEAR_WORDS
    return glued and re.search(rf"\d{re.escape(term)}", question) is not None


def _counterpart(name: str, question: str) -> bool:
    """``name`` is written as whom the figure's sales or purchases are made with."""
    return re.search(rf"{_TRADED}(?:the\s+)?{re.escape(name)}\b", question) is not None


def decide(
    asked: AskedFor, hits: list[Hit], known: list[str], cfg: AnswerSettings, *, one_document: bool = False
) -> GateDecision:
    """Answerable or not; ``known`` are company names/aliases of indexed documents the caller may see;
    ``one_document``: the question was asked within one selected document ("下文" refers to it)."""
    m = None if one_document else _DEICTIC.search(asked.question)
    if m and not terms(_DEICTIC.sub(" ", topic(asked))):
        return GateDecision(False, "no_text", missing=[m.group(0)])  # "下文中发生的事件类型有哪些？"
    if not hits:
        return GateDecision(False, "no_evidence", missing=[asked.question])
    top = hits[0].score
    scores: dict[str, float] = {"top_score": round(top, 6)}
    if cfg.gate_min_score > 0 and top < cfg.gate_min_score:
        return GateDecision(False, "score", missing=[asked.question], scores=scores)
    texts = [_haystack(h) for h in hits]
    evidence = list(hits)
    missing: list[str] = []
    parts: list[str] = []
    given = {*asked.entities, *asked.companies}
    for name in asked.entities:
        if in_gloss(name, asked.question) or any(g in given for g in glossed_by(name, asked.question)):
            continue  # "Xiamen Anne's (厦门安妮股份有限公司)": the Chinese name is checked instead
        # "JnJ" for Johnson & Johnson, 南岭民爆: the letters in order in a document's name count too
        # a subsidiary's legal name ("全资子公司南通四方节能科技有限公司") is "四方节能" in its parent's notes
        shorts = zh_short_names(name) if HELD.search(asked.question.split(name)[0][-HELD_GAP:]) else []
        shorts += _COUNTRY_SPELLINGS.get(name.replace(".", "").upper(), [])  # "outside the US": "U.S."
        per_hit = [
            max(coverage(name, t), float(abbreviates_document(name, h) or any(x in t for x in shorts)))
            for t, h in zip(texts, hits, strict=True)
        ]
        first = name.split()[0] if " " in name else ""
        words = part_words(name)  # "Pfizer Upjohn": "Upjohn"; "Corning Incorporated": none
        if max(per_hit) < cfg.gate_entity_coverage and first:  # "J&J MedTech": the company, then its segment
            # "MedTech" is printed in J&J's filings, "Dynamics" not in General Mills'
            rest = (words or name[len(first) :].strip()).lower()  # "Web Services'": its words
            initials = re.compile(rf"\b{re.escape(''.join(w[0] for w in name.split()))}\b")  # "AWS"
            per_hit = [
                float(
                    (abbreviates_document(first, h) or names_document(first, h))
                    and (rest in h.chunk.text.lower() or bool(initials.search(h.chunk.text)))
                )
                for h in hits
            ]
        best = max(per_hit)
        scores[f"company:{name}"] = round(best, 3)
        matching = [h for h, c in zip(hits, per_hit, strict=True) if c >= cfg.gate_entity_coverage]
        part = words if first and asked.language == "en" else ""
        if matching:
            evidence = [h for h in evidence if h in matching] or matching
        elif any(spelled_alike(name, k) for k in known):
            continue  # "Hunan Nanling Industrial Explosive Materials": a filer's English name, other endings
        elif part and any(names_known(first, k) for k in known):
            parts.append(part)  # "Pfizer Upjohn": a part of a filer no evidence prints
        elif not any(name.lower() in k.lower() or k.lower() in name.lower() for k in known if len(k) >= 2):
            missing.append(name)
    if parts and asked.intent in ("lookup", "calculation"):
        return GateDecision(False, "company", missing=parts, scores=scores)
    # "revenues came from sales to Foot Locker": the filer's sales to a customer (or purchases from a
    # supplier) no evidence names are not its total
    unnamed = [n for n in asked.entities if scores.get(f"company:{n}", 1.0) < cfg.gate_entity_coverage]
    counterparts = [n for n in unnamed if asked.language == "en" and _counterpart(n, asked.question)]
    if counterparts and asked.intent in ("lookup", "calculation"):  # (it may file a report of its own)
        return GateDecision(False, "keywords", missing=counterparts, scores=scores)
    # "Raytheon Technologies' total backlog": the figure's owner files no indexed document (another's 10-K
    # mentioning it is no report of its own)
    owners = [n for n in asked.entities if re.search(rf"{re.escape(n)}['’]", asked.question)]
    # "Honeywell's Aerospace segment": read as one name "Honeywell Aerospace", owned by its first word, unless
    # the evidence prints the possessive as a name ("Sam's Club")
    owners += [
        first
        for e in asked.entities
        if " " in e
        and (said := re.search(rf"\b{re.escape(first := e.split()[0])}['’]s?\s+\w+", asked.question))
        and not any(said.group(0).lower().replace("’", "'") in t.replace("’", "'") for t in texts)
    ]
    owners = list(dict.fromkeys(owners))
    if asked.companies or writes_known(asked.question, known):  # "Mary Dillon's agreement with Foot Locker"
        owners = [n for n in owners if not (_PERSON.fullmatch(n) and scores.get(f"company:{n}", 0) >= 1)]
    if (
        asked.language == "en"
        and owners
        and not files_here(owners, asked, hits, known)
        and not any(writes_known(owner_text(asked.question, o), known) for o in owners)
    ):  # "Kellogg Company's … from Walmart": a known customer named after the owner is not it
        return GateDecision(False, "company", missing=owners, scores=scores)
    if asked.language == "en" and (unfiled := compared_unfiled(owners, asked, hits, known)):
        return GateDecision(False, "company", missing=unfiled, scores=scores)  # "… twice Adidas's revenue"
    if missing and len(missing) == len(asked.entities) and not writes_known(asked.question, known):
        return GateDecision(False, "company", missing=missing, scores=scores)  # one known name is enough
    # "四方股份（601126）": a listing code is the company; none of the evidence's companies has it
    for code in (m.group(1) or m.group(2) or m.group(0) for m in LISTING_CODE.finditer(asked.question)):
        if code not in known and not any(code in h.chunk.text for h in hits):
            return GateDecision(False, "company", missing=[code], scores=scores)
    # "华能国际2006年度的主营业务收入": a peer or customer a filing names files nothing here (news passages
    # name their subject, not a filer)
    firms = [e for e in asked.entities if ZH_FIRM.search(e) and not held_by_filer(e, hits)]
    figure = asked.language == "zh" and asked.intent in ("lookup", "calculation") and not asked.companies
    filings = all(h.chunk.meta.doc_type in FILINGS for h in hits)
    # "中钢集团吉林炭素股份有限公司": a full legal name is that company, whichever filer shares its group name
    unfiled = [e for e in firms if e.endswith(_LEGAL_SUFFIX) and not files_here([e], asked, hits, known)]
    if figure and firms and known and filings and (unfiled or not files_here(firms, asked, hits, known)):
        return GateDecision(False, "company", missing=unfiled or firms, scores=scores)
    asks_figure = asked.intent in ("lookup", "calculation") or _HOW_MANY.match(asked.question) is not None
    asks_figure = asks_figure or bool(asked.line_items and unknown_ticker(asked.question))  # "intc 3q15 eps?"
    if asked.language == "en" and asks_figure and not asked.companies:
        # "What was Intel's FY2021 revenue?" over AMD's report, which mentions Intel: a figure of a company
        # no indexed document is filed by (names, former names, file names, abbreviations)
        others = subject_names(asked, [h.chunk for h in evidence]) or unknown_ticker(asked.question)
        firsts = [
            e.split()[0] for e in asked.entities if " " in e
        ]  # "J&J MedTech": the filer, then its segment
        filer = files_here([*asked.entities, *firsts], asked, hits, known)
        if (others or asked.entities) and not filer:  # "Target Corporation": named, filed nothing here
            return GateDecision(False, "company", missing=others or asked.entities, scores=scores)
    # no name guessed from the wording: the years of the companies the retriever matched decide the period
    # "gis" names General Mills, whose filings spell it "Generalmills" and "General Mills"
    named = {squash(c) for c in asked.companies}
    own = [h for h in evidence if squash(h.chunk.meta.company or "") in named] if not asked.entities else []
    # "PepsiCo's Latin America division in 2022": the filer's reports all count, also those that print the
    # part by another name ("LatAm") and so are no evidence naming it; only they count when the question
    # names the filer ("lmt 2023 net sales to European customers": not another filer's page naming Europe)
    docs = {h.chunk.doc_id for h in hits if of_companies(h, named)}
    if named and not asked.entities and not docs:  # "3M adjusted EPS for 2023": never Amcor's 2023 pages
        wanted_for = [*asked.companies, *(str(y) for y in asked.years)]
        return GateDecision(False, "company_evidence", missing=wanted_for, scores=scores)
    docs = docs or {h.chunk.doc_id for h in own or evidence}
    # the years a document covers are read from all its hits: the chunk that prints its English name (a
    # prospectus's cover) holds no year of its track record
    in_docs = [h for h in hits if h.chunk.doc_id in docs]
    dated = [h for h in own or evidence if h.chunk.doc_id in docs] or in_docs
    years = sorted({h.chunk.meta.fiscal_year for h in dated if h.chunk.meta.fiscal_year})
    derived_end = next_quarter_only(asked, in_docs)  # "Q1 2023" of a 10-Q to June: worked out, or none
    if (uncovered := uncovered_period(asked, in_docs)) is not None:
        scores["period_covered"] = 0.0
        return GateDecision(False, "period", missing=[uncovered], found_years=years, scores=scores)
    spans = name_spans(asked.question, known)
    wanted = [
        t
        for t in terms(topic(asked))
        if not any(t in e.lower() for e in asked.entities)
        and not opening_ticker(t, asked.question, asked.companies)  # "msft current ratio": the filer's
        and not t.isdigit()
        and t not in MONTHS  # dates
        and t not in _SCOPE_WORDS
        and t not in _BASIS_WORDS
        and not _glued_year(t, asked.question)  # "2005年少": a year's 年 and the next word, no topic
        and not in_known_name(t, asked.question, spans)  # "按中钢天源招股书": "按中", "钢天源" cut across it
    ]
    if asked.language == "zh" and asks_zh_ranking(asked.question):  # "金额最大的是哪一项": no topic words
        wanted = [t for t in wanted if t not in RANK_WORDS]
    text = " ".join(_haystack(h) for h in evidence)
    if (rate := unprinted_rate(asked, text) or unprinted_abbreviation(asked, text)) is not None:
        return GateDecision(False, "keywords", missing=[rate], found_years=years, scores=scores)  # "NPS"
    if any(re.search(p, text, re.IGNORECASE) for p in asked.section_titles):
        wanted = []  # the evidence is the part of a filing this kind of question is answered from
        scores["section"] = 1.0
    if wanted:
        # a line item the question names by a synonym ("capex") counts when the evidence prints another one
        printed = [
            m.printed.lower()
            for m in asked.line_items
            if m.concept and any(s in text for s in synonyms(m.concept))
        ]
        translated = translated_words(asked.question, text)  # "main business revenue" over 主营业务收入
        found = [
            word_stem(t) in text
            or all(word_stem(w) in text for w in t.split("-to-"))  # "backlog-to-sales": both words printed
            or any(t in p for p in printed + translated)
            or any(w.lower() in text for w in event_words(t))
            for t in wanted
        ]
        kept = [(t, ok) for t, ok in zip(wanted, found, strict=True) if ok or t not in _DATE_WORDS]
        wanted, found = [t for t, _ in kept], [ok for _, ok in kept]
        share = sum(found) / len(wanted) if wanted else 1.0
        scores["keyword_coverage"] = round(share, 3)
        threshold = cfg.gate_keyword_coverage if asked.language == "zh" else cfg.gate_keyword_coverage_en
        if share < threshold:
            missing = [t for t, ok in zip(wanted, found, strict=True) if not ok]
            return GateDecision(False, "keywords", missing=missing, found_years=years, scores=scores)
    return GateDecision(
        True, "ok", scores=scores, found_years=years, evidence=evidence, derived_end=derived_end
    )


def refusal_text(asked: AskedFor, decision: GateDecision) -> str:
    """A plain refusal in the question's language naming what was looked for (and what was found)."""
    what = "、".join(decision.missing) if asked.language == "zh" else ", ".join(decision.missing)
    # the year asked is among the years found: only part of it is reported (a 10-Q, an 8-K dated in it)
    part = decision.reason == "period" and any(
        m in {str(y) for y in decision.found_years} for m in decision.missing
    )
    if asked.language == "zh":
        text = f"在已有文档中未找到相关信息（查找：{what}）。"
        if part:
            text += f"文档中只有{what}年部分期间的数据。"
        elif decision.reason == "period" and decision.found_years:
            text += f"文档中只找到{'、'.join(str(y) for y in decision.found_years)}年的数据。"
        elif decision.reason == "company":
            text += f"已索引的文档中没有关于{what}的内容。"
        elif decision.reason == "role":
            text += f"找到的相关段落没有给出{what}。"
        elif decision.reason == "scope":
            text += f"文档的母公司报表没有列示{what}（合并报表的数字是另一个口径）。"
        elif decision.reason == "part":
            text += f"文档中没有{what}的数字（公司整体的数字是另一个口径）。"
        elif decision.reason == "no_text":
            text = f"问题所指的“{what}”没有随问题给出，无法判断指的是哪段文字；请附上原文。"
        return text
    if decision.reason == "no_text":
        return f"The question refers to {what}, which was not given with it; please include the text."
    text = f"The documents do not contain the information asked for (looked for: {what})."
    if part:
        text += f" The documents found report only part of {what}."
    elif decision.reason == "period" and decision.found_years:
        text += f" Only {', '.join(str(y) for y in decision.found_years)} figures were found."
    elif decision.reason == "company":
        text += f" No indexed document covers {what}."
    elif decision.reason == "part":
        text += f" No document reports {what} on its own; the company's total is another figure."
    elif decision.reason == "scope":
        text += (
            " The parent company's own statements do not print it (the consolidated figure is another one)."
        )
    return text
