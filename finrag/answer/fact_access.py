"""Which facts an answer may read and cite: the caller's readable facts, the context's citation numbers, and
the chunks outside the context a fact is cited from (added to the context when cited)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from finrag.answer.numeric import CiteFn
from finrag.answer.prepared import Prepared
from finrag.answer.subjects import filer_context
from finrag.index.store import Store
from finrag.model import AccessScope, Chunk, ChunkKind, Fact, Filters, Hit
from finrag.retrieve.periods import report_days


def doc_ranks(hits: list[Hit]) -> dict[str, int]:
    """Each retrieved document's rank: where its first chunk stands in ``hits``."""
    ranks: dict[str, int] = {}
    for h in hits:
        ranks.setdefault(h.chunk.doc_id, len(ranks))
    return ranks


def asked_doc_ranks(
    store: Store, prep: Prepared, hits: list[Hit], *, fallback: bool = True
) -> dict[str, int]:
    """Each retrieved document's rank among those the question reads figures from: the named company's
    (names, codes and aliases: never another filer's year the named one lacks), and of those the report it
    names by its day ("in its 8-K dated August 30, 2023": the recast figures) when one was retrieved; all
    documents when none is the named company's (with ``fallback``; else none)."""
    names_of = company_names_of(store, prep.request.filters.access, prep.doc_names)
    hit_context = [(i, h.chunk) for i, h in enumerate(hits)]
    context = filer_context(prep.asked, hit_context, names_of, fallback=fallback)
    own = {c.doc_id for _, c in context}
    days = report_days(prep.asked.question)
    dated = {h.chunk.doc_id for h in hits if h.chunk.meta.report_date and h.chunk.meta.report_date in days}
    return doc_ranks([h for h in hits if h.chunk.doc_id in (dated or own)])


def company_names_of(
    store: Store, access: AccessScope, known: dict[str, list[str]]
) -> Callable[[str], list[str]]:
    """A document's company names (company, full name, code, aliases), each document read once into
    ``known`` (the request's: the numeric step and the quotes share it)."""

    def names_of(doc_id: str) -> list[str]:
        if doc_id not in known:
            record = store.get_document(doc_id, access)
            m = record.meta if record is not None else None
            known[doc_id] = (
                [n for n in [m.company, m.company_full, m.company_code, *m.aliases] if n] if m else []
            )
        return known[doc_id]

    return names_of


def readable(
    store: Store, prep: Prepared, facts: list[Fact]
) -> tuple[list[Fact], dict[str, int], dict[str, Chunk]]:
    """The facts whose chunk the caller may read, with the context's citation numbers by chunk and the
    chunks outside the context they come from."""
    by_chunk = {c.chunk_id: n for n, c in prep.context}
    missing = sorted({f.chunk_id for f in facts} - set(by_chunk))
    extra = {c.chunk_id: c for c in store.get_chunks(missing, prep.request.filters.access)} if missing else {}
    return [f for f in facts if f.chunk_id in by_chunk or f.chunk_id in extra], by_chunk, extra


def citer(prep: Prepared, by_chunk: dict[str, int], extra: dict[str, Chunk]) -> CiteFn:
    """The citation number of a fact's chunk, the chunk added to the context when it is not there yet;
    the fact's row becomes the chunk's snippet."""

    def cite(f: Fact) -> int:
        if f.chunk_id not in by_chunk:
            by_chunk[f.chunk_id] = len(prep.context) + 1
            prep.context.append((by_chunk[f.chunk_id], extra[f.chunk_id]))
        n = by_chunk[f.chunk_id]
        prep.pages.setdefault(n, f.page)
        row = next((ln for ln in dict(prep.context)[n].text.split("\n") if f.line_item in ln), "")
        if row and row not in prep.snippets.get(n, ""):
            prep.snippets[n] = (prep.snippets.get(n, "") + "\n" + row).strip()
        return n

    return cite


def table_facts(
    store: Store, prep: Prepared, chunk: Chunk, read: dict[str, list[Fact]]
) -> tuple[list[Fact], CiteFn]:
    """The readable facts of a table chunk's table, with a citation function for them; ``read`` keeps each
    document's facts, fetched once per question however many of its tables are read."""
    if chunk.doc_id not in read:
        access = prep.request.filters.access
        read[chunk.doc_id] = store.get_facts(Filters(access=access, doc_ids=[chunk.doc_id]))
    cells = [f for f in read[chunk.doc_id] if f.table_ref == chunk.table_ref]
    table, by_chunk, extra = readable(store, prep, cells)
    return table, citer(prep, by_chunk, extra)


def own_tables(
    store: Store, prep: Prepared, own: dict[str, int], wanted: Callable[[Chunk], bool]
) -> Iterator[tuple[Chunk, list[Fact], CiteFn]]:
    """The retrieved table chunks ``wanted`` keeps, of the documents ``own`` ranks only (the asked company's,
    ``asked_doc_ranks``: never another filer's like table), with their readable facts and a citation
    function; each document's facts read once."""
    read: dict[str, list[Fact]] = {}
    for _, chunk in list(prep.context):
        tabled = chunk.kind in (ChunkKind.TABLE, ChunkKind.TABLE_ROWS) and bool(chunk.table_ref)
        if tabled and chunk.doc_id in own and wanted(chunk):
            yield (chunk, *table_facts(store, prep, chunk, read))


def document_tables(
    store: Store, prep: Prepared, doc_id: str, wanted: Callable[[list[Fact]], bool]
) -> Iterator[tuple[list[Chunk], list[Fact], CiteFn]]:
    """A document's tables whose cells ``wanted`` keeps, retrieved or not, each with the chunks it is printed
    in, its readable cells and a citation function (for a note the retriever missed)."""
    access = prep.request.filters.access
    tables: dict[str, list[Fact]] = {}
    for f in store.get_facts(Filters(access=access, doc_ids=[doc_id])):
        tables.setdefault(f.table_ref, []).append(f)
    for cells in tables.values():
        if wanted(cells):
            table, by_chunk, extra = readable(store, prep, cells)
            chunks = store.get_chunks(sorted({f.chunk_id for f in table}), access)
            yield chunks, table, citer(prep, by_chunk, extra)


def top_document(
    store: Store, prep: Prepared, doc_rank: dict[str, int], extra: dict[str, Chunk], cite: CiteFn
) -> tuple[list[Fact], CiteFn]:
    """Every fact of the best-ranked document ("which segment had the highest …", "第一大客户": rows carry
    any name), and a citation function that fetches their chunks only for the facts an answer cites."""
    top = min(doc_rank, key=lambda d: doc_rank[d])
    pool = store.get_facts(Filters(access=(access := prep.request.filters.access), doc_ids=[top]))
    known = {c.chunk_id for _, c in prep.context}

    def cite_fetched(f: Fact) -> int:
        if f.chunk_id not in known and f.chunk_id not in extra:
            extra.update({c.chunk_id: c for c in store.get_chunks([f.chunk_id], access)})
        return cite(f)

    return pool, cite_fetched


def load_chunks(
    store: Store, prep: Prepared, facts: list[Fact], by_chunk: dict[str, int], extra: dict[str, Chunk]
) -> None:
    """The chunks of facts read beyond the context (``readable``'s ``extra``), loaded so the answer can cite
    them."""
    unseen = [f.chunk_id for f in facts if f.chunk_id not in by_chunk and f.chunk_id not in extra]
    if unseen:
        extra.update({c.chunk_id: c for c in store.get_chunks(unseen, prep.request.filters.access)})
