"""Words an English question puts before a line item that name a kind of it: "comparable store sales",
"same-store sales", "organic revenue", "Azure revenue".

The statement row "Total revenue" is not the comparable-store figure, and growth computed from it would be a
wrong number. A fact answers such a question only where its row, heading or table prints the qualifier.
"""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.lexicon import LineItemMatch, concept_of
from finrag.answer.text import terms
from finrag.answer.zh_qualifiers import RESTRICTED, ZH_DIGITS

_TOKEN = re.compile(r"[A-Za-z][\w&.-]*(?:['’]s|(?<=s)['’])?|[1-4][qQ]\d{2}\b|\S")  # "1Q21": one token
# Words before an item that say how it is taken or what is done with it, not which kind of it is asked
_NOT_KINDS = frozenset(
    re.findall(
        r"\S+",
        """
        minus plus less over times divided average days define defined use calculate exclude excluding
        including include taking take through between after before under into about via versus vs than
        against toward towards per
        highest lowest largest smallest biggest most least fastest slowest declining increasing decreasing
        more fewer higher lower greater larger smaller bring brings brought
        grew grow grows growing spend spent generate generated earn earned report reported record recorded
        pay paid collect collected return returned buy bought sell sold make made get got post posted see
        saw net gross operating consolidated parent parent-company parent-co parent-only parent-company-only
        stand-alone standalone worldwide global overall full full-year quarterly unadjusted
        adjusted diluted basic gaap non-gaap its their his her our the a an in of for on at to by from with
        and or is was were are be been what which how much many did does do has have had this that these
        those total annual fiscal year years end ended year-end company company's corporation group segment
        segments reportable business businesses change changes ratio margin share portion percent percentage
        cash comfortably easily adequately sufficiently fully consistently out up off back
        increase increases decrease decreases growth decline declines rise drop fall amount value level
        balance carrying figure number dollar dollars difference movement
        """,
    )
)
# What may stand right before the qualifier: a possessive, a year, or a word that opens a noun phrase
_OPENERS = frozenset(re.findall(r"\S+", "the its their in of for on what was is were did much many")) | {""}
_POSSESSIVE_ENDS = ("'s", "’s", "s'", "s’")  # "Adobe's", "MGM Resorts'"
_OWNER_WORDS = frozenset({"segment", "segment's", "division", "division's", "unit", "brand"})


_PERIOD_TOKEN = re.compile(r"(?:fy)?(?:19|20)\d{2}|fy\d{2}|[hq][1-4](?:fy)?(?:\d{2})?|[1-4]q\d{2}")


def _is_year(token: str) -> bool:
    # "FY23", "H1", "1Q21", "Q3FY22"
    return _PERIOD_TOKEN.fullmatch(token.lower()) is not None


def item_qualifiers(question: str, starts: list[int], names: list[str]) -> list[str]:
    """Lower-case qualifier phrases written right before a line item or formula name starting at one of
    ``starts``, after a possessive, a year, an opening word, a company name (``names``, no qualifier
    themselves) or the question's start ("Adobe's same-store sales", "CVS pharmacy services segment
    revenue", "frito-lay north america operating margin")."""
    named = {w for n in names for w in terms(n)}
    found: list[str] = []
    for start in starts:
        # "'Service and other' revenue": a printed row; "how much casino front money did MGM carry within …"
        if given := QUOTED_BEFORE.search(question[:start]) or _HELD_IN.search(question[:start]):
            if (phrase := given.group(1).strip().lower()) not in found and concept_of(phrase) is None:
                found.append(phrase)
            continue
        words: list[str] = []
        opener = ""
        for token in reversed(_TOKEN.findall(question[:start])):
            low = token.lower()
            if not words and low in _OWNER_WORDS:
                continue  # "pharmacy services segment revenue": the segment's name comes before the word
            kind_word = low[0].isalpha() and bool(terms(low)) and low not in _NOT_KINDS  # not punctuation
            if not kind_word or low in named or low.endswith(_POSSESSIVE_ENDS) or _is_year(low):
                opener = low
                break
            words.append(low)
        accepted = (
            opener in named or opener.endswith(_POSSESSIVE_ENDS) or _is_year(opener) or opener in _OPENERS
        )
        phrase = " ".join(reversed(words))
        if not words and (m := _PART_OF.search(question[:start])):
            phrase, accepted = _part_before(question[: m.start()], named), True
        # "share of sales revenue": an item's own other name is no kind of it; "capex-to-revenue": an operand
        if (
            accepted
            and phrase
            and phrase not in found
            and concept_of(phrase) is None
            and not phrase.endswith("-")
        ):
            found.append(phrase)
    return found


# "the work-in-process component of inventories", "buildings and improvements in property and equipment":
# the part of a line item asked for, written before it
_PART_OF = re.compile(
    r"\s+(?:(?:component|portion|part)\s+of|included\s+in|within|in)\s+"
    r"(?:the\s+|its\s+|their\s+|(?:[A-Z][\w&.-]*\s+)*[A-Z][\w&.-]*['’]s?\s+)?"  # "of Pfizer's inventories"
    r"(?:(?:net|total|gross)\s+)?$"  # "of Corning's net inventories"
)
MAX_PART_WORDS = 4  # "buildings and improvements": a part's name is a few words
_ASIDE_END = re.compile(r"\s*\([^()]{1,30}\)\s*$")
_GLOSS_END = re.compile(r"\(([a-z][^()]{2,60})\)\s*$")  # a part glossed in the filing's words
MIN_GLOSS_WORDS = 3  # "(excess of FIFO over LIFO cost)", not an aside "(non-U.S.)"
# a row quoted right before the item ("'Service and other' revenue"), its opening quote no apostrophe
QUOTED_BEFORE = re.compile(r"(?:^|(?<=[\s(]))['‘\"“]([^'‘’\"“”?]{2,60})['’\"”]\s*$")
_QUOTED_END = re.compile(r"['‘\"“]([^'‘’\"“”]{2,80})['’\"”]\s*$")  # a part quoted as the filing prints it


# "the corporate aircraft Netflix carried in property and equipment": the holder and its verb name no part
_HOLDING_VERBS = frozenset({"carried", "carries", "carry", "held", "holds", "hold", "kept", "keeps", "owned"})
_AUXILIARIES = frozenset({"did", "does", "do", "was", "were", "is", "are", "has", "have", "had"})
# "How much casino front money did MGM carry within other accrued liabilities": a part held in the item
_HELD_IN = re.compile(
    r"\bhow much ([a-z][a-z -]{2,40}?) (?:did|does|do) .{1,60}? (?:carr|h[oe]ld|record|report|includ)\w* "
    r"(?:with)?in (?:its |their |the )?(?:other |total )?$",
    re.I,
)


def _part_before(text: str, named: set[str]) -> str:
    """The words naming a part, read back from its end until a word that names none ("the", "what"), past
    the company (``named``: its names' words) and the verb saying it holds the part."""
    if quoted := _QUOTED_END.search(text):  # "the 'accrued vacation, salaries and wages' component of"
        return quoted.group(1).strip().lower()
    if (gloss := _GLOSS_END.search(text)) and len(gloss.group(1).split()) >= MIN_GLOSS_WORDS:
        return gloss.group(1).lower()  # "LIFO reserve (excess of FIFO over LIFO cost) in": the row's words
    text = _ASIDE_END.sub("", text)  # "the current international (non-U.S.) component of"
    tokens = text.split()
    if len(tokens) > 2 and tokens[-1].lower() == "as":  # "interest cost did Corning capitalize as part of"
        tokens = tokens[:-2]  # "as" and the verb; then the company and the auxiliary: the part is its object
        while tokens and tokens[-1].lower().strip("'’s") in named:
            tokens.pop()
        if tokens and tokens[-1].lower() in _AUXILIARIES:
            tokens.pop()
    while tokens and tokens[-1].lower() in _HOLDING_VERBS and len(tokens) > 1:
        tokens.pop()  # "… Netflix carried": the verb, then the company's name
        while tokens and tokens[-1].lower().strip("'’s") in named:
            tokens.pop()
    words: list[str] = []
    for at in range(len(tokens) - 1, max(-1, len(tokens) - 1 - MAX_PART_WORDS), -1):
        low = tokens[at].lower()
        if low in named and at > 0 and tokens[at - 1].lower() in _AUXILIARIES:
            return ""  # "How much did Nike receive in net proceeds …": a verb, no part, before "in"
        if not re.fullmatch(r"[a-z][\w-]*", low) or (low in _NOT_KINDS and low != "and"):
            break
        words.append(low)
    while words and words[-1] == "and":
        words.pop()
    return " ".join(reversed(words)) if words and words[0] != "and" else ""


# English wordings of the kinds Chinese reports print ("EPS … after deducting non-recurring gains and
# losses" is the 扣除非经常性损益后 row, not the basic EPS row)
_GLOSSED_KINDS = (
    (
        re.compile(r"\b(?:after deducting|excluding|net of|before)\s+non-?recurring\b", re.I),
        "扣除非经常性损益",
    ),
)


def glossed_kinds(question: str) -> list[str]:
    """The Chinese kinds an English question writes in English."""
    return [kind for pattern, kind in _GLOSSED_KINDS if pattern.search(question)]


# profit asked after non-recurring items is a row of its own ("归属于上市公司股东的扣除非经常性损益的净利润")
_DEDUCTED = {"net_profit": "net_profit_deducted", "net_profit_parent": "net_profit_parent_deducted"}


def deducted_items(items: list[LineItemMatch], kinds: list[str]) -> list[LineItemMatch]:
    """The items of a question asking profit "after deducting non-recurring gains and losses": the deducted
    profit rows, not the profit rows narrowed to that kind."""
    if _GLOSSED_KINDS[0][1] not in kinds:
        return items
    return [replace(m, concept=_DEDUCTED.get(m.concept, m.concept)) for m in items]


# "the gross margin of Jinyu's biopharmaceutical (生物制药) business": a part of the company named in lower
# case after its possessive (capitalised names are owners: answer/owners.py); a bracketed Chinese name is how
# the documents print it
_PART_AFTER = re.compile(
    r"['’]s\s+(?:\([^()]{1,40}\)\s*)?(?P<kind>[a-z][a-z -]{2,40}?)\s*"
    r"(?:\((?P<zh>[\u4e00-\u9fff]{2,12})\)\s*)?(?:business|segment|division|product line)\b"
)


# "How much of Boeing's inventory … was attributable to commercial aircraft programs?", "How much of General
# Mills' valuation allowance … related to Pillsbury acquisition losses?": the part named after
_PART_LATER = re.compile(
    r"\bhow much of\b[^?]{3,100}?\b(?:(?:was|were|is|are)\s+(?:attributable|related|allocated)|relate[sd]?)"
    r"\s+to\s+"
    r"(?:the\s+|its\s+|their\s+)?(?P<kind>[a-z][a-z&-]*(?:\s+[a-z&-]+){0,4}?)\s*(?=\?|$|[,.;]|\s(?:at|as|in|for|on|during)\b)",
    re.I,
)


# "What share of Coca-Cola's total inventories … consisted of raw materials and packaging?": the part after
_SHARE_MADE_OF = re.compile(
    r"\bwhat\s+(?:share|portion|percentage|proportion|fraction)\s+of\b[^?]{3,100}?"
    r"\b(?:consisted\s+of|consists\s+of|(?:was|were)\s+made\s+up\s+of|comprised|(?:was|were)\s+in)\s+"
    r"(?:the\s+|its\s+|their\s+)?(?P<kind>[a-z][a-z&-]*(?:\s+[a-z&-]+){0,4}?)\s*(?=\?|$|[,.;]|\s(?:at|as|in|for|on|during)\b)",
    re.I,
)


# "what share of Amcor's total debt … consisted of commercial paper": the whole is the printed total row
_SHARE_WHOLE = re.compile(
    r"\bwhat\s+(?:share|portion|percentage|proportion|fraction)\s+of\s+(?:[\w&.-]+['’]s?\s+)?"
    r"(?P<whole>total\s+[a-z][a-z-]*(?:\s+[a-z-]+){0,2}?)(?=\s+(?:at|as|in|for|on|during|consisted|consists"
    r"|was|were|came|comprised)\b)",
    re.I,
)


def share_whole(question: str) -> LineItemMatch | None:
    """The whole a "what share of … total X … consisted of Y" question names when X is no known item."""
    m = _SHARE_WHOLE.search(question) if _SHARE_MADE_OF.search(question) else None
    return LineItemMatch("", m["whole"].lower(), m.start("whole")) if m else None


# "Of Kraft Heinz's cash and cash equivalents at December 28, 2019, how much was held by its international
# subsidiaries?": the part named after the whole
_OF_IT_HELD = re.compile(
    r"^\s*of\b[^?]{3,120}?,\s*how much\s+(?:of it\s+)?(?:was|were)\s+(?:held|kept|located)\s+(?:by|in|at)\s+"
    r"(?:the\s+|its\s+|their\s+)?(?P<kind>[a-z][a-z&-]*(?:\s+[a-z&-]+){0,4}?)\s*(?=\?|$|[,.;])",
    re.I,
)


def part_qualifiers(question: str) -> list[str]:
    """The part of the company a question asks about after its name, in the documents' own words: the
    Chinese name bracketed after it ("X's biopharmaceutical (生物制药) business"), or a segment named in lower
    case ("Costco's e-commerce segment": a figure no row or sentence of it prints is not its figure). An
    English "business" or "division" alone may name it otherwise than the filing ("defense business" for
    "Defense, Space & Security")."""
    out: list[str] = []
    for m in _PART_AFTER.finditer(question):
        if m["zh"]:
            out.append(m["zh"])
        elif m.group(0).endswith("segment") and not any(w in _NOT_KINDS for w in m["kind"].split()):
            out.append(m["kind"].strip())
    later = (_PART_LATER, _SHARE_MADE_OF, _OF_IT_HELD)
    out += [m["kind"].lower() for r in later for m in r.finditer(question)]
    out += [  # "What net sales did Amazon's physical stores generate": the stores' sales, not Amazon's
        m["kind"].strip() for m in _PART_MAKES.finditer(question) if not set(m["kind"].split()) & _WHOLE_WORDS
    ]
    return out


_PART_MAKES = re.compile(  # "Corning's polycrystalline silicon products generate"
    r"['’]s\s+(?P<kind>[a-z][a-z -]{2,40}?)\s*(?:\([^()]*\)\s*)?(?:generated?|earned?|contributed?)\b"
)
_WHOLE_WORDS = frozenset(
    ["segment", "segments", "business", "businesses", "operations", "activities", "company"]
)


_DOT = r"\.?"  # "U.S." for "us"


def prints_qualifiers(text: str, qualifiers: list[str]) -> bool:
    """``text`` prints every word of the qualifiers, singular or plural ("U.S." counts for "us")."""
    low = text.lower()
    words = [w for q in qualifiers for w in re.split(r"[\s-]+", q.lower()) if w]  # "work-in-process"
    dotted = (_pattern(w) for w in words)
    return all(re.search(rf"(?<![a-z]){p}(?:e?s)?(?![a-z])", low) for p in dotted)  # "fee": "fees"


# an aging bracket as tables print it ("1年以内", "1至2年"), and its digits as sentences write them
_AGING_WORD = re.compile(r"^\d(?:至\d)?年(?:以内|以上)?$")
_AGING_GLUE = {"至": r"\s*[至\-－—–~～]\s*", "年": r"\s*年"}  # "4-5 年": a range's dash, a space before 年
# "境外地区": a region's row may print its name alone ("境外", "华东地区")
_ZH_REGION = re.compile(r"(?<=[\u4e00-\u9fff]{2})(地区|区域)$")


def _pattern(word: str) -> str:
    """A qualifier word as a pattern: "U.S." also as "US", "境外地区" also as "境外", "湖南省外" as "省外"."""
    if word == RESTRICTED:  # "受限": "所有权或使用权受到限制的资产"
        return "受到?限制?"
    if _AGING_WORD.match(word):  # "1至2年" also as "一至二年" (a sentence) or "4-5 年" (a text table)
        return "".join(
            f"(?:{c}|{ZH_DIGITS[c]})" if c in ZH_DIGITS else _AGING_GLUE.get(c, re.escape(c)) for c in word
        )
    if m := _ZH_REGION.search(word):
        return f"{re.escape(word[: m.start()])}(?:{m[1]})?"
    if m := _ZH_PROVINCE_SIDE.match(word):  # "湖南省外(市场)": the row "省外" of the filer's province
        return f"(?:{re.escape(word[: m.start(1)])})?{m[1]}"
    return _DOT.join(map(re.escape, word.replace(".", "")))


def business_rows(question: str, qualifiers: list[str]) -> list[str]:
    """The business lines a Chinese question names with their class word ("其他业务毛利率": the kind 其他 is
    read without it), as a note's revenue-and-cost table prints their rows ("主营业务", "其他业务")."""
    return [f"{q}业务" for q in qualifiers if f"{q}业务" in question]


def qualifier_rows(qualifiers: list[str]) -> list[str]:
    """The row labels that may print the qualifiers: each as asked, a region's name alone ("境外"), and the
    side of a province a filer in it prints ("湖南省外": the row 省外)."""
    sides = [m.group(1) for q in qualifiers if (m := _ZH_PROVINCE_SIDE.match(q))]
    return list(dict.fromkeys([*qualifiers, *(_ZH_REGION.sub("", q) for q in qualifiers), *sides]))


_ZH_PROVINCE_SIDE = re.compile(r"^[\u4e00-\u9fff]{2,3}((?:省|市)(?:内|外))(?:市场|地区)?$")


# "Non-U.S. Plans", "Non-current": a row or column opening with the other class of what "non" qualifies
# ("…, net of $48 of non-cash capital expenditures" is a remark, no class)
_NON = re.compile(r"^\s*non-?\s?([a-z][a-z.]*[a-z.])", re.I)


def other_class(labels: tuple[str, ...], question: str) -> bool:
    """One of ``labels`` (a fact's row and column) names the class opposite to one the question writes:
    "Non-U.S. Plans" for "Kraft Heinz's U.S. pension plans", "Non-current" for "current assets"."""
    low = question.lower()
    for m in (m for label in labels if (m := _NON.match(label))):
        word = re.escape(m[1].lower())
        named = [w.start() for w in re.finditer(rf"(?<![\w.]){word}(?![\w-])", low)]
        # "outside the United States", "non-U.S.", "current plus non-current": the other class asked too
        if named and not any(_NEGATED.search(low[:at]) for at in named):
            return True
    return False


_NEGATED = re.compile(r"(?:\bnon-?\s?|\b(?:outside|excluding|other than|except)\s+(?:of\s+)?(?:the\s+)?)$")
