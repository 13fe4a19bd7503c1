"""A named ratio of a company the filer only describes in a paragraph (a shareholder, a sister company, a
subsidiary: "中钢集团上海公司…截至2005年12月31日，公司资产总额76,904.19万元，净资产14,481.34万元，
2005年度净利润644.78万元"), which prints no statements: worked out from the figures the paragraph
states, the formula shown the way those figures allow (its debt-to-asset ratio from total and net
assets)."""

from __future__ import annotations

from collections.abc import Callable

from finrag.answer.defined import defined_answer
from finrag.answer.definition import find_definition
from finrag.answer.fact_access import asked_doc_ranks, citer
from finrag.answer.figures import search_again
from finrag.answer.numeric import NumericAnswer
from finrag.answer.owner_names import subject_names
from finrag.answer.prepared import Prepared
from finrag.answer.prose_facts import prose_facts
from finrag.index.store import Store
from finrag.model import ChunkKind, Hit, SearchRequest, SearchResult

# each named ratio in the wordings such paragraphs state its operands in, the first one stated answering
_PARAGRAPH_FORMS: dict[str, tuple[str, ...]] = {
    "debt_to_asset": (
        "资产负债率=负债总额/资产总额",
        "资产负债率=(资产总额-净资产)/资产总额",
        "资产负债率=(总资产-净资产)/总资产",
    ),
    "return_on_equity": ("净资产收益率=净利润/净资产",),
}
_PARAGRAPH_WORDS = "资产总额 总资产 净资产 净利润"  # what such a paragraph states, searched beside the name


def described_ratio(
    store: Store, prep: Prepared, hits: list[Hit], search: Callable[[SearchRequest], SearchResult], k: int
) -> NumericAnswer | None:
    """The ratio asked of a company the question names, worked out on the amounts its paragraph states (the
    paragraph searched for again: a list of such companies runs long), else None."""
    asked = prep.asked
    forms = _PARAGRAPH_FORMS.get(asked.formula.name, ()) if asked.formula is not None else ()
    if asked.language != "zh" or not forms:
        return None
    names = subject_names(asked, [c for _, c in prep.context])
    # "中钢集团上海公司", never "中钢集团" inside it (the group's own paragraph is another company's)
    owners = [n for n in names if not any(n != other and n in other for other in names)]
    if not owners:
        return None
    access = prep.request.filters.access
    more = search_again(f"{owners[0]} {_PARAGRAPH_WORDS}", prep.context, access, search, k, [ChunkKind.TEXT])
    cite = citer(prep, {c.chunk_id: n for n, c in prep.context}, {c.chunk_id: c for _, c in more})
    doc_rank = asked_doc_ranks(store, prep, hits)  # the named filer's documents only
    read = [(n, c) for n, c in [*prep.context, *more] if c.doc_id in doc_rank]
    # the question's own formula ("按（资产总额−净资产）/资产总额计算"), else the wordings paragraphs use
    own = [asked.definition] if asked.definition is not None else []
    definitions = own or [d for f in forms if (d := find_definition(f)) is not None]
    for owner in owners:
        for definition in definitions:
            terms = [t.item.printed for t in definition.terms]
            stated = prose_facts(terms, read, [], [owner])
            if stated and (answer := defined_answer(asked, definition, stated, doc_rank, cite)) is not None:
                return answer
    return None
