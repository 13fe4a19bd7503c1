"""Parts of a company a question names as such ("Lockheed Martin's Marine Systems segment", "Costco's Canadian
Operations segment"): the figure asked for is the part's, so the company's own row never answers it. A part
no retrieved text prints is looked for once more in the company's documents; still unprinted, the question
is refused rather than answered with the company's total."""

from __future__ import annotations

import re

from finrag.answer.definition_terms import Term
from finrag.answer.fetch import TOTAL_ROWS
from finrag.answer.formulas import FORMULAS, GROWTH_FORMULAS, Formula
from finrag.answer.lexicon import LineItemMatch, normalise
from finrag.answer.owner_names import called_parts, headed, is_filer, programs
from finrag.answer.owner_rows import heads_row
from finrag.answer.query import AskedFor
from finrag.index.store import Store
from finrag.model import AccessScope, Chunk, ChunkKind, Fact, Filters

# a capitalised word or a joiner next to a name: the name is a piece of a longer one ("Defense, Space &
# Security" prints no segment called "Space")
_LONGER_BEFORE = re.compile(r"&\s+$")
_LONGER_AFTER = re.compile(r"^\s+(?:&|and\s+[A-Z]|[A-Z])")
_TABLES = (ChunkKind.TABLE, ChunkKind.TABLE_ROWS)


def _printed(name: str, text: str) -> bool:
    """``text`` prints ``name`` on its own, not as a piece of a longer name."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
        if not _LONGER_BEFORE.search(text[max(0, m.start() - 30) : m.start()]) and not _LONGER_AFTER.match(
            text[m.end() : m.end() + 30]
        ):
            return True
    return False


def unprinted_parts(asked: AskedFor, context: list[Chunk]) -> list[str]:
    """The parts the question names (``named_parts``) that no retrieved text prints on its own."""
    parts = named_parts(asked, context)
    if not parts:
        return []
    text = " ".join(c.text for c in context)
    tables = [c.text for c in context if c.kind in _TABLES]
    return [
        p for p in parts if not _printed(p, text) and not any(headed(p, t) or heads_row(p, t) for t in tables)
    ]


def named_parts(asked: AskedFor, context: list[Chunk]) -> list[str]:
    """The parts a question names: called a segment, business or division (not the filer itself), or an
    owner of the figure other than the filer (``owner_parts``)."""
    owners = owner_parts(asked, context)
    called = [p for p in called_parts(asked, asked.entities) if not is_filer(p, asked, context)]
    return list(dict.fromkeys(called + owners))


_PART_NOUN = r"(?:segment|division|business|unit|brand|franchise|region|operations)\b"


def owner_parts(asked: AskedFor, context: list[Chunk]) -> list[str]:
    """Who made an English lookup's or calculation's figure when it is not the filer: a place or unit
    ("revenue … generate in Canada", "RevPAR for MGM China"), a possessive owner ("LinkedIn's operating
    income") or a business called by the filer's name and more words ("Best Buy's Best Buy Health business").
    Names the question writes as such ("Boeing's Global Services" joins the filer and its segment into no
    name); a sentence quoted for such a figure must name it."""
    calculated = (
        asked.intent == "calculation" and asked.formula is not None and asked.formula.name in GROWTH_FORMULAS
    )
    q = asked.question
    if asked.language != "en":
        return []
    if not (asked.intent == "lookup" or calculated):  # "By what percentage did net sales to customers in
        # China grow": China's growth; "What gross margin did AMD's Data Center segment earn": the segment's
        others = [e for e in asked.entities if e in q and not is_filer(e, asked, context)]
        # "what was the Obligor Group's current ratio": a ratio of the body written as its owner
        owning = [e for e in others if asked.intent == "calculation" and _possessive(e, q)]
        return list(dict.fromkeys(called_parts(asked, others) + owning))
    owners = [
        e
        for e in asked.entities
        if e in q
        and not is_filer(e, asked, context)  # "in Jinyu Bio-Technology's (金宇生物) fixed assets": the filer
        and (
            re.search(rf"\b(?:in|from|for)\s+(?:the\s+)?{re.escape(e)}\b(?!['’])", q)
            or re.search(rf"\bfrom\s+its\s+{re.escape(e)}\b(?!['’])", q)  # "earn from its Platinum Card"
            # "in its AWS segment", "spent at its Las Vegas Strip segment" (not "in its IPO prospectus")
            or re.search(rf"\b(?:in|from|for|at)\s+its\s+{re.escape(e)}\s+{_PART_NOUN}", q)
            # "of the Cheerios brand", "attribute to its Space business segment", "assigned to the Digital
            # Media segment", "incurred by its Canadian operations segment"
            or re.search(rf"\b(?:of|to|by)\s+(?:its|the)\s+{re.escape(e)}\s+{_PART_NOUN}", q)
            or re.search(rf"\bof\s+its\s+{re.escape(e)}\b", q)  # "net sales of its Oscar Mayer brand"
            # "worldwide ERLEADA sales", "Pfizer's Eliquis revenues": the name leads the item asked
            or any(_sold(e, m, q) for m in asked.line_items)
            # "What net revenue did BetMGM generate", "did the Call of Duty franchise alone generate"
            or re.search(rf"\b(?:did|does|do)\s+(?:the\s+|its\s+)?{re.escape(e)}\b(?!['’])", q)
            or _possessive(e, q)
            # "Nike's Jordan Brand", "Square's (now Block) Caviar": the whole name right after the filer's own
            or _after_filer(e, asked, context)
            # "revenue … from sales of Apple products": sales of the name's products are its figure; "net
            # sales to Apple": the customer's share of them
            or re.search(
                rf"\b(?:sales|revenues?|shipments)\s+(?:of|from|to)\s+(?:the\s+|its\s+)?{re.escape(e)}\b", q
            )
        )
    ]
    owners += programs(q)  # "Boeing's 787 program": the program's figure
    longer = [
        e
        for e in called_parts(asked, asked.entities)
        if e in q and any(e.lower().startswith(f"{c.lower()} ") for c in asked.companies)
    ]
    return list(dict.fromkeys(owners + longer))


def _possessive(name: str, question: str) -> bool:
    return re.search(rf"\b{re.escape(name)}['’]s?\s", question) is not None


def _after_filer(name: str, asked: AskedFor, context: list[Chunk]) -> bool:
    """``name`` follows the filer's possessive as a whole name ("Nike's Jordan Brand", "MGM Resorts'
    BetMGM", "Square's (now Block) Caviar"; not "Firm's Standardized" of "Standardized and Advanced CET1", nor
    a name after a part's possessive: "Las Vegas Strip Resorts' Adjusted Property EBITDAR")."""
    firsts = {c.split()[0].lower() for c in asked.companies if c.split()}
    pattern = rf"{_POSSESSOR}['’]s?\s+(?:\([^()]*\)\s+)?{re.escape(name)}\b(?!\s+(?:and|&)\s+[A-Z])"
    for m in re.finditer(pattern, asked.question):
        words = m.group(1).split()
        for i in range(len(words)):
            owner = words[i:]  # a one-word owner must be the company's own first word ("Nike", not "Resorts")
            if (len(owner) > 1 or owner[0].lower() in firsts) and is_filer(" ".join(owner), asked, context):
                return True
    return False


_POSSESSOR = r"((?:[\w&.-]+\s+){0,3}[\w&.-]+)"


def _sold(name: str, item: LineItemMatch, question: str) -> bool:
    """The name leads the sales asked ("worldwide ERLEADA sales"): a product's or brand's own revenue."""
    return (
        item.concept == "revenue"
        and re.search(rf"\b{re.escape(name)}\s+{re.escape(item.printed)}\b", question) is not None
    )


def part_query(parts: list[str], asked: AskedFor) -> str:
    """What to search the company's documents for when no retrieved text prints a part: its name and the
    items asked ("Canadian Operations segment operating income")."""
    items = " ".join(m.printed for m in asked.line_items)
    return f"{' '.join(parts)} segment {items}".strip()


# "How much of Ulta Beauty's net sales came from e-commerce": a part of the figure named in lower case (a
# capitalised part is an entity, "came from its Space segment")
# ("did 3M generate specifically from sales of disposable respirators"); "How much in pre-contract costs was
# included in Lockheed Martin's inventories": the part asked before the whole it is included in
_CAME_FROM = re.compile(
    r"\b(?:came|come|comes|derived?|generated?|earned?)\s+(?:(?:specifically|solely|only|directly)\s+)?"
    r"(?:from|through|via)\s+(?:(?:the\s+)?sales?\s+of\s+)?(?:its\s+|the\s+)?"
    r"([a-z][\w-]*(?:\.[\w-]+)*(?:\.(?=\s))?(?:\s+[a-z][\w-]*){0,2})"  # "non-U.S. operations"
    r"(?=\s*(?:[,?.;]|$|\s+(?:in|during|for|of)\b))"
    r"|\b[Hh]ow\s+much\s+(?:in|of)\s+(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:was|were|is|are)\s+"
    r"(?:included|recorded|recognized|reported)\s+(?:in|within|as\s+part\s+of)\b"
    # "What operating income did Costco's e-commerce business generate": a part the filer's possessive names
    # (a count, or which one: "Pfizer's only reportable segment")
    r"|[A-Z][\w&.-]*['’]s?\s+(?!(?:two|three|four|five|six|seven|eight|several|many|all|other|only|sole|main"
    r"|primary|principal|largest|biggest|smallest|reportable)\b)"
    r"([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:business|segment|division|unit)\b"
)


_WHO_BOUGHT = frozenset({"customers", "clients", "buyers", "consumers", "operations"})
_PLACE_AFTER = re.compile(r"\s+(?:(?:located|based)\s+)?in\s+(?:the\s+)?([A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*)*)")


def asks_part_share(asked: AskedFor) -> bool:
    """A share of one item's whole the question asks of a part it names by what the figure came from."""
    shares = asked.formula is not None and asked.formula.name in ("share_of_total", "share_of_revenue")
    # "net sales … as a percentage of its total net sales": one item, named as the part's and the whole's
    one = len({_WHOLE_LEAD.sub("", m.printed.lower()) for m in asked.line_items}) == 1
    return shares and one and asked.definition is None


# what the whole of a share is called beside its part's item ("Germany net sales / consolidated net sales")
_WHOLE_LEAD = re.compile(r"^(?:total|consolidated|company[- ]wide|worldwide)\s+", re.I)


def owner_share(asked: AskedFor, owner: str) -> Formula | None:
    """The share formula of an English question asking an ``owner``'s part of the company's whole ("what share
    of Amazon's net sales was attributed to Germany"), also where it defines the share as the item over
    itself ("Germany net sales divided by consolidated net sales"); None for any other question, and where
    the owner is named before the item, as the whole's ("Pfizer's Vyndaqel revenues … outside the U.S.")."""
    items = [m.start for m in asked.line_items]
    if asked.language != "en" or not items or asked.question.find(owner) < min(items):
        return None
    if asks_part_share(asked):
        return asked.formula
    tokens = asked.definition.tokens if asked.definition is not None else []
    if len(tokens) != 3 or tokens[1] != "/" or not all(isinstance(t, Term) for t in tokens[::2]):
        return None
    part, whole = (t.item.printed.lower() for t in tokens[::2] if isinstance(t, Term))
    return FORMULAS["share_of_total"] if _WHOLE_LEAD.sub("", whole) == part else None


def rows_of_item(
    store: Store, access: AccessScope, facts: list[Fact], owner: str, whole: list[Fact]
) -> list[Fact]:
    """``facts`` keeping the ``owner``'s rows only in tables whose total row prints a figure of the ``whole``
    asked (Germany beside "Consolidated | 177,866", the net sales total), not a table of another item (a
    segment's deposits beside a share of its net revenue)."""
    row = normalise(owner)
    mine = [f for f in facts if f.line_item_norm == row]
    if not mine:
        return facts
    sums = {(w.fiscal_year, w.value * w.scale) for w in whole}
    tables = {(f.doc_id, f.table_ref) for f in mine}
    docs = sorted({d for d, _ in tables})
    closing = [*TOTAL_ROWS, *_WHOLE_ROWS]
    totals = store.get_facts(Filters(access=access, doc_ids=docs), containing=closing)
    agreeing = {
        (t.doc_id, t.table_ref)
        for t in totals
        if (t.doc_id, t.table_ref) in tables and (t.fiscal_year, t.value * t.scale) in sums
    }
    return [f for f in facts if f.line_item_norm != row or (f.doc_id, f.table_ref) in agreeing]


_WHOLE_ROWS = ("consolidated", "worldwide")  # a country or product table's closing row beside "total"


def came_from_parts(asked: AskedFor) -> list[str]:
    """The part of an English figure the question says it came from, when no item or entity names it: the
    figure asked is that part's, never the whole's."""
    if asked.language != "en" or (m := _CAME_FROM.search(asked.question)) is None:
        return []
    part = m.group(1) or m.group(2) or m.group(3)
    if part.lower() in _WHO_BOUGHT:  # "generate from customers in Japan": the place is the part
        place = _PLACE_AFTER.match(asked.question, m.end())
        if place is None:
            return []
        part = place.group(1)
    named = [*asked.entities, *(i.printed for i in asked.line_items)]
    return [] if any(part.lower() in n.lower() or n.lower() in part.lower() for n in named) else [part]


# "Strip out bitcoin: how much did total net revenue grow", "revenue excluding the Kenvue business": the
# figure asked leaves a named part out
_LEFT_OUT = re.compile(
    r"\b(?:excluding|excl\.|exclusive\s+of|strip(?:ping)?\s+out|leav(?:e|ing)\s+out|setting\s+aside)\s+"
    r"(?!(?:the\s+|its\s+)?current\s+(?:portion|maturities))"
    r"(?:the\s+|its\s+)?(?:effects?\s+of\s+|impact\s+of\s+)?([a-z][\w-]*)",
    re.I,
)  # "long-term debt excluding the current portion" is the long-term row itself


def left_out(asked: AskedFor, facts: list[Fact], context: list[Chunk]) -> list[Fact]:
    """Without a formula of its own, a figure asked without a part ("excluding bitcoin") that a retrieved
    table reports as a row of its own ("| Bitcoin revenue |") is only a row that says it leaves the part out:
    a total holds it. When no table row names the part, the phrase says how a row is measured ("rent
    expense, excluding executory costs"), and every row stays."""
    if (
        asked.language != "en"
        or asked.definition is not None
        or (m := _LEFT_OUT.search(asked.question)) is None
    ):
        return facts
    word = m.group(1).lower()
    rows = (line for c in context for line in c.text.lower().splitlines() if line.startswith("|"))
    if not any(word in line.split("|")[1] for line in rows if line.count("|") > 1):
        return facts
    return [f for f in facts if word in (t := _printed_text(f)) and _LEAVES_OUT.search(t)]


def _printed_text(f: Fact) -> str:
    return f"{f.line_item} {f.section} {f.column_label} {f.statement}".lower()


_LEAVES_OUT = re.compile(r"\bexclud\w*|\bexcl\.|\bex-|\bwithout\b|\bother than\b|\bless\b")
