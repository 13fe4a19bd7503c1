"""The answer stage: retrieve -> evidence gate -> (facts + calculation | LLM | extractive) -> citation check.

``Answerer.ask`` returns an :class:`~finrag.model.Answer`; ``Answerer.ask_stream`` yields text pieces
for server-sent events and ends with the checked Answer.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from finrag.answer.blanks import asked_blank_cell, blank_figure
from finrag.answer.cite import check_answer, make_citation
from finrag.answer.context_items import read_against_tables
from finrag.answer.counterparty import asked_party, party_balance, unranked_subset
from finrag.answer.debt import DEBT_ITEMS, asks_debt_change, asks_net_debt
from finrag.answer.derived_quarters import derived_used
from finrag.answer.events import (
    NONE_FOUND,
    asks_event_types,
    event_hits,
    event_snippets,
    events_answer,
    find_events,
    single_document,
)
from finrag.answer.extractive import extractive_answer
from finrag.answer.fact_access import company_names_of
from finrag.answer.fetch import known_companies
from finrag.answer.figure_fit import figure_unanswered
from finrag.answer.figures import (
    absent_line_items,
    beyond_context,
    extractive_inputs,
    search_again,
)
from finrag.answer.gate import GateDecision, decide, refusal_text
from finrag.answer.gate_roles import check_role
from finrag.answer.keyword_rescue import rescued_hits
from finrag.answer.labelled_chunks import with_labelled_chunks
from finrag.answer.llm import LLMClient, build_messages
from finrag.answer.measures import measure_sentences, unanswered_measure
from finrag.answer.numeric import NumericAnswer
from finrag.answer.numeric_step import numeric_answer
from finrag.answer.owner_ratios import described_ratio
from finrag.answer.parts import part_query, unprinted_parts
from finrag.answer.premise import correction_text, find_correction, search_listing
from finrag.answer.prepared import CHITCHAT, NOTHING_FOUND, Prepared, Searcher
from finrag.answer.purchases import purchases_step
from finrag.answer.query import analyze
from finrag.answer.related_party import related_step
from finrag.answer.roles import role_answer
from finrag.answer.row_asks import compared_kinds
from finrag.answer.schedule_share import asks_schedule_share, schedule_answer
from finrag.answer.stub_periods import stub_period
from finrag.answer.subjects import filer_context, with_subject_chunks
from finrag.answer.table_steps import TABLE_STEPS
from finrag.answer.text import citations_in
from finrag.answer.votes import votes_step
from finrag.config import Settings
from finrag.errors import LLMError
from finrag.index.store import Store
from finrag.model import Answer, Chunk, ChunkKind, Hit, SearchRequest, Trace, to_jsonable
from finrag.retrieve.pipeline import in_simplified


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


class Answerer:
    def __init__(self, settings: Settings, store: Store, retriever: Searcher) -> None:
        self.settings = settings
        self.cfg = settings.answer
        self.store = store
        self.retriever = retriever

    # ------------------------------------------------------------ public
    def ask(self, request: SearchRequest) -> Answer:
        prep = self._prepare(request)
        if isinstance(prep, Answer):
            return prep
        text, answerer = self._generate(prep)
        return self._finish(prep, text, answerer)

    def ask_stream(self, request: SearchRequest) -> Iterator[str | Answer]:
        """Text pieces as they are generated, then the final (checked) Answer."""
        prep = self._prepare(request)
        if isinstance(prep, Answer):
            yield prep.answer
            yield prep
            return
        if self.cfg.llm_base_url and prep.numeric is None:
            pieces: list[str] = []
            t0 = time.perf_counter()
            try:
                messages = build_messages(
                    prep.asked.question, prep.context, None, prep.asked.language, self.cfg
                )
                for piece in LLMClient(self.cfg).stream(messages):
                    pieces.append(piece)
                    yield piece
                prep.trace.add("answer", "llm_stream", {"chars": sum(map(len, pieces))}, _ms(t0))
                yield self._finish(prep, "".join(pieces), "llm")
                return
            except LLMError as err:
                prep.trace.add("answer", "llm_failed", {"error": str(err), "fallback": "offline"}, _ms(t0))
        text, answerer = self._offline(prep)
        yield text
        yield self._finish(prep, text, answerer)

    # ------------------------------------------------------------ steps
    def _prepare(self, request: SearchRequest) -> Prepared | Answer:
        request = in_simplified(request, self.settings.retrieve)  # "母公司報表的其他業務毛利率"
        trace = Trace()
        t0 = time.perf_counter()
        asked = analyze(request.question)
        if asked.intent == "chitchat":
            trace.add("answer", "chitchat", None, _ms(t0))
            return Answer(
                request.question,
                CHITCHAT[asked.language],
                False,
                asked.language,
                trace=trace,
                answerer="chitchat",
            )
        top_k = max(request.top_k, self.cfg.context_chunks)
        search = SearchRequest(request.question, top_k, request.filters, request.history, request.explain)
        result = self.retriever.search(search)
        trace.steps.extend(result.trace.steps)
        t1 = time.perf_counter()
        asked = analyze(request.question, result.analysis, [h.chunk for h in result.hits])
        if asks_debt_change(asked):  # "Has Microsoft increased its debt on balance sheet …": the debt rows
            asked.intent, asked.line_items = "calculation", [*asked.line_items, *DEBT_ITEMS]
        elif asks_net_debt(asked):  # "Verizon's net debt at the end of 2022": its debt rows less cash
            asked.intent = "calculation"
        trace.add("answer", "analyze", asked.summary(), _ms(t1))
        one_doc = single_document(request.filters)  # "the text" is the document the user selected
        if one_doc and asks_event_types(asked.question):
            return self._events(Prepared(request, asked, result, GateDecision(True, "events"), trace))
        t2 = time.perf_counter()
        known = known_companies(self.store, result.hits, request.filters.access)
        decision = decide(asked, result.hits, known, self.cfg, one_document=one_doc)
        trace.add("gate", "decision", decision.summary(), _ms(t2))
        deeper = rescued_hits(asked, decision, result.hits, search, self.retriever.search, self.cfg)
        if deeper and (again := decide(asked, deeper, known, self.cfg, one_document=one_doc)).answerable:
            # "at what average price": the filing's sentence ranked below the first hits
            decision = again
            trace.add("gate", "rescued", decision.summary())
        prep = Prepared(request, asked, result, decision, trace)
        if (
            not decision.answerable and decision.reason == "keywords"
        ):  # a false premise is answered, not refused
            hits = result.hits[: self.cfg.context_chunks]
            if find_correction(asked.question, [(i + 1, h.chunk) for i, h in enumerate(hits)]) is not None:
                decision.answerable, decision.reason, decision.evidence = True, "false_premise", hits
            elif votes_step(self.store, Prepared(request, asked, result, decision, trace), hits) is not None:
                # "votes cast for … re-election as a director": the vote table names the nominee, no prose
                decision.answerable, decision.reason, decision.evidence = True, "votes", hits
        if not decision.answerable and decision.reason in ("keywords", "period"):
            hits = result.hits[: self.cfg.context_chunks]
            bought = purchases_step(self.store, Prepared(request, asked, result, decision, trace), hits)
            if bought is not None:
                # "at what average price", "in its fiscal fourth quarter": the purchases table's row of those
                # dates prints it, whatever the prose around it says
                decision.answerable, decision.reason, decision.evidence = True, "purchases", hits
        if not decision.answerable:
            return self._refuse(prep, refusal_text(asked, decision))
        hits = decision.evidence[: self.cfg.context_chunks]
        prep.context = [(i + 1, h.chunk) for i, h in enumerate(hits)]
        later = [h.chunk for h in decision.evidence[self.cfg.context_chunks :]]
        prep.context = with_subject_chunks(asked, prep.context, later, self.cfg)
        prep.context = with_labelled_chunks(self.store, asked, prep.context, request.filters.access)
        if asked.language == "zh" and (blank := blank_figure(asked.question, [c for _, c in prep.context])):
            return self._refuse_as(prep, "keywords", [blank])  # "发行后每股净资产：【 】元/股"
        chunks = [c for _, c in prep.context]
        read_against_tables(prep, chunks)  # the rows, cells and kinds the context's tables print
        if (related := related_step(self.store, prep, hits)) is not None:  # "向关联方X出售商品的金额"
            prep.numeric = related
            trace.add("answer", "related_party", {"facts": related.detail})
            return prep
        checked = check_role(asked, prep.context, self.cfg) if decision.reason != "false_premise" else None
        if checked is not None:
            trace.add("gate", "role", checked.detail())
            if checked.deferred:
                prep.deferred = checked
            elif not checked.passed:
                return self._refuse_as(prep, "role", [checked.role.phrase])
            else:
                prep.role = (checked.role.kind, checked.found)
                prep.snippets[checked.found.n] = checked.found.sentence
        party = asked_party(asked) is not None
        if party and (owed := party_balance(asked)) is not None:  # "对第一大客户的应收账款余额"
            return self._refuse_as(prep, "keywords", [owed])
        # "第一大客户是谁": read off the year's top-customer table; "铵梯比乳化多产了多少吨": two rows of one
        if party or (asked.language == "zh" and compared_kinds(asked.question)):
            asked.intent = "lookup"
        elif asks_schedule_share(asked):  # "what percentage … is due after 2026": a maturity table's buckets
            asked.intent = "calculation"
        if read := next(((n, got) for n, step in TABLE_STEPS if (got := step(self.store, prep, hits))), None):
            prep.numeric = read[1]
            trace.add("answer", read[0], {"facts": read[1].detail})
        elif asked.intent in ("lookup", "calculation"):
            t3 = time.perf_counter()
            prep.numeric = self._numeric(prep, hits)
            trace.add(
                "answer",
                "facts",
                {"found": prep.numeric is not None, "facts": prep.numeric.detail if prep.numeric else []},
                _ms(t3),
            )
            if prep.numeric is None and (absent := absent_line_items(asked, prep.context)):
                return self._refuse_as(prep, "line_item", absent)
            if prep.numeric is None and (parts := unprinted_parts(asked, [c for _, c in prep.context])):
                # "Costco's Canadian Operations segment": its table is looked for once more
                access, k = prep.request.filters.access, self.cfg.context_chunks
                query = part_query(parts, asked)
                prep.context.extend(search_again(query, prep.context, access, self.retriever.search, k))
                prep.numeric = self._numeric(prep, hits)
                if prep.numeric is None and (parts := unprinted_parts(asked, [c for _, c in prep.context])):
                    return self._refuse_as(prep, "part", parts)  # "Lockheed Martin's Marine Systems segment"
            if prep.numeric is None and (stub := stub_period(asked, prep.context)):  # "2007年全年" of 1-6月
                return self._refuse_as(prep, "period", [stub])
            seen = [c for _, c in prep.context]
            if prep.numeric is None and (blank := asked_blank_cell(asked, seen)):  # "稀释每股收益 |  |"
                return self._refuse_as(prep, "keywords", [blank])
            found = prep.numeric.facts if prep.numeric else []
            shown = [c.text for _, c in prep.context if c.chunk_id in {f.chunk_id for f in found}]
            if ranked := unranked_subset(asked.question, found, shown):  # "应收账款前五名": not the total
                return self._refuse_as(prep, "keywords", [ranked])
            if prep.numeric is None and asked.scope == "parent" and any(m.concept for m in asked.line_items):
                # "母公司利润表中的基本每股收益": no parent-company row prints it; the group's is another one
                return self._refuse_as(prep, "scope", [m.printed for m in asked.line_items if m.concept])
        if (day := decision.derived_end) and not derived_used(prep.numeric, prep.derived):  # "Q1 2023" of a
            return self._refuse_as(prep, "period", [day])  # 10-Q to June, not worked out: none
        return prep

    def _events(self, prep: Prepared) -> Answer:
        """The event types one selected document reports, each cited with its sentence (or a refusal)."""
        hits = event_hits(prep.request, prep.result.hits, self.retriever.search, self.cfg.context_chunks)
        prep.decision.evidence, prep.context = hits, [(i + 1, h.chunk) for i, h in enumerate(hits)]
        mentions = find_events(prep.context)
        prep.trace.add("answer", "events", {"found": [m.event.label for m in mentions], "chunks": len(hits)})
        if not mentions:
            return self._refuse(prep, NONE_FOUND[prep.asked.language])
        prep.snippets = event_snippets(mentions)  # the sentences each citation stands for
        return self._finish(prep, events_answer(mentions, prep.asked.language), "offline")

    def _generate(self, prep: Prepared) -> tuple[str, str]:
        if self.cfg.llm_base_url and prep.numeric is None:
            t0 = time.perf_counter()
            try:
                messages = build_messages(
                    prep.asked.question, prep.context, None, prep.asked.language, self.cfg
                )
                text = LLMClient(self.cfg).complete(messages)
                prep.trace.add("answer", "llm", {"chars": len(text)}, _ms(t0))
                return text, "llm"
            except LLMError as err:
                prep.trace.add("answer", "llm_failed", {"error": str(err), "fallback": "offline"}, _ms(t0))
        return self._offline(prep)

    def _offline(self, prep: Prepared) -> tuple[str, str]:
        t0 = time.perf_counter()
        correction = None  # a venue the question assumes: search its documents again for the real listing
        access, k = prep.request.filters.access, self.cfg.context_chunks
        if found := search_listing(prep.asked, prep.context, access, self.retriever.search, k):
            correction = found[0]
            prep.context.extend(found[1])
        if correction is not None:
            prep.trace.add("answer", "false_premise", to_jsonable(correction), _ms(t0))
            return correction_text(correction, prep.asked.language), "offline"
        if prep.numeric is not None:
            return prep.numeric.text, "offline"
        if prep.role is not None:
            return role_answer(prep.role[1], prep.role[0]), "offline"
        question, context, focus = extractive_inputs(prep.asked, prep.context, self.cfg)  # "被约谈" = "约谈"
        cfg = self.cfg
        names_of = company_names_of(self.store, access, prep.doc_names)  # read once for the whole request

        def quote(chunks: list[tuple[int, Chunk]]) -> str:
            """The sentences matching the question's topic, else (only the company's name matched) its
            whole wording; never another filer's."""
            chunks = filer_context(prep.asked, chunks, names_of)
            found = extractive_answer(question, chunks, cfg.max_sentences, cfg.max_answer_chars, focus)
            if not found and question != prep.asked.question:
                found = extractive_answer(
                    prep.asked.question, chunks, cfg.max_sentences, cfg.max_answer_chars, focus
                )
            return found

        text = quote(context)
        if not text and (later := beyond_context(prep.context, prep.decision.evidence)):
            # the best chunks were a diagram's debris under the right heading: quote the next ones
            text = quote(later)
            prep.context.extend(later if text else [])
        if not text and prep.asked.intent == "text":  # nothing to quote: the documents' prose searched again
            search = self.retriever.search
            prose = search_again(prep.asked.question, prep.context, access, search, k, [ChunkKind.TEXT])
            text = quote(prose)
            prep.context.extend(prose if text else [])
        if (role := prep.deferred) is not None and not all(
            any(w in text for w in g) for g in role.cue_groups
        ):
            text = ""  # the quoted sentences say nothing of the amount asked ("总市值"): no answer
        cited = "\n".join(c.text for n, c in prep.context if f"[{n}]" in text)
        if unanswered_measure(prep.asked, text, cited) is not None and (
            more := measure_sentences(prep.asked, text, [(n, c) for n, c in prep.context if f"[{n}]" in text])
        ):
            text = f"{text}\n{more}"  # "what share … in the U.S.": the quoted chunk's sentence that gives it
        if (unsaid := unanswered_measure(prep.asked, text, cited)) is not None:
            prep.trace.add("answer", "unanswered", {"missing": unsaid})
            text, prep.unsaid = "", unsaid  # "what price per share …" quoted by sentences that print none
        prep.trace.add("answer", "extractive", {"chars": len(text)}, _ms(t0))
        return text, "offline"

    def _numeric(self, prep: Prepared, hits: list[Hit]) -> NumericAnswer | None:
        """The numeric step's answer, unless it prints no percentage where one is asked ("what portion of its
        interest was capitalized" answered by the interest incurred alone)."""
        if asks_schedule_share(prep.asked):  # "what percentage … is due after 2026": the schedule's buckets
            if (scheduled := schedule_answer(prep.asked, prep.context)) is not None:
                return scheduled
            access, k = prep.request.filters.access, self.cfg.context_chunks  # its table, looked for again
            tables: list[str] = [ChunkKind.TABLE, ChunkKind.TABLE_ROWS]
            more = search_again(prep.asked.question, prep.context, access, self.retriever.search, k, tables)
            if (scheduled := schedule_answer(prep.asked, more)) is not None:
                prep.context.extend(more)
                return scheduled
        found = numeric_answer(self.store, prep, hits)
        if found is None:  # "中钢集团上海公司2005年末的资产负债率": its paragraph's total and net assets
            found = described_ratio(self.store, prep, hits, self.retriever.search, self.cfg.context_chunks)
        unanswered = found is not None and figure_unanswered(prep.asked, found.text, found.facts)
        return None if unanswered else found

    def _finish(self, prep: Prepared, text: str, answerer: str) -> Answer:
        t0 = time.perf_counter()
        context = dict(prep.context)
        calc = prep.numeric.calculation if prep.numeric else None
        checked, report = check_answer(text, context, calc, prep.asked.question)
        prep.trace.add(
            "answer",
            "citation_check",
            {"removed_ids": report.removed_ids, "dropped_sentences": report.dropped_sentences},
            _ms(t0),
        )
        cited = list(dict.fromkeys(n for n in citations_in(checked) if n in context))
        if not checked.strip() or not cited:
            if prep.deferred is not None:  # say which amount was looked for
                return self._refuse_as(prep, "role", [prep.deferred.role.phrase], answerer)
            if prep.unsaid is not None:  # and what the quote left out ("Apple", "December 31, 2022")
                return self._refuse_as(prep, "keywords", [prep.unsaid], answerer)
            return self._refuse(prep, NOTHING_FOUND[prep.asked.language], answerer)
        citations = [make_citation(n, context[n], prep.pages.get(n), prep.snippets.get(n)) for n in cited]
        prep.trace.add("answer", "answerer", {"answerer": answerer, "citations": cited})
        by_id = {h.chunk.chunk_id: h for h in prep.decision.evidence}
        hits = [by_id.get(c.chunk_id) or Hit(c, 0.0, features={"fact_chunk": 1.0}) for _, c in prep.context]
        return Answer(
            prep.request.question,
            checked,
            False,
            prep.asked.language,
            citations,
            calc,
            hits,
            prep.trace,
            answerer,
        )

    def _refuse_as(
        self, prep: Prepared, reason: str, missing: list[str], answerer: str = "offline"
    ) -> Answer:
        """A refusal for ``reason`` naming what was looked for, recorded in the gate decision."""
        d = prep.decision
        d.answerable, d.reason, d.missing = False, reason, missing
        return self._refuse(prep, refusal_text(prep.asked, d), answerer)

    def _refuse(self, prep: Prepared, text: str, answerer: str = "offline") -> Answer:
        prep.trace.add("answer", "answerer", {"answerer": answerer, "refused": True})
        return Answer(
            prep.request.question,
            text,
            True,
            prep.asked.language,
            [],
            None,
            prep.result.hits[: self.cfg.context_chunks],
            prep.trace,
            answerer,
        )
