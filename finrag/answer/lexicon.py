"""Financial line items: normalisation of printed labels and the synonyms questions use for them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from finrag.answer.concepts import CONCEPTS
from finrag.answer.zh_labels import only_listed, zh_total_forms

_LEADING = re.compile(
    r"^(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+[、.．)）]\s*|"
    r"加[:：]|减[:：]|其中[:：]|less[:：]?\s|add[:：]?\s|including[:：])\s*",
    re.I,
)
_REMARK = re.compile(r"[（(][^（）()]*(?:填列|号|以|列示|loss|亏损)[^（）()]*[)）]")
_NOTE_REF = re.compile(r"\s*[（(]\s*(?:notes?\b|附注|注释)[^（）()]*[)）]", re.I)  # "(Notes 1 and 3)"
_DEFINED_TERM = re.compile(r'\s*[（(]\s*"[^"()（）]{1,20}"\s*[)）]')  # '("TBVPS")': the term it defines
_FOOTNOTE = re.compile(r"(?:\s*[（(]\s*(?:\d{1,2}|[a-z]|注\s*\d*)\s*[)）])+\s*$", re.I)  # "(a)(b)(c)"
# The other sign of a two-way line item is dropped: "(Loss)/earnings before income taxes", "Income tax
# (expense)/benefit", "Net cash provided by (used in) operating activities" keep one direction's words.
SIGN_ALT = re.compile(
    r"\s*/?\s*[（(]\s*(?:loss(?:es)?|expense|benefit|used(?:\s+(?:in|for))?|decrease|income|gains?|credit|"
    r"deficit|provision)\s*[)）]\s*/?\s*",
    re.I,
)
_SPACE = re.compile(r"\s+")
_DANGLING_SLASH = re.compile(r"\s*/(?=\s|$)")
# quotes and full-width brackets as ASCII; 帐, the old form of 账 ("应付帐款"), as 账
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "（": "(", "）": ")", "：": ":", "帐": "账"})


def normalise(label: str) -> str:
    """A printed line item -> its comparable form: "一、营业总收入" -> "营业总收入", "Less: Cost of sales" ->
    "cost of sales"."""
    text = _DEFINED_TERM.sub("", label.translate(_QUOTES)).strip()
    text = SIGN_ALT.sub(" ", _NOTE_REF.sub("", _REMARK.sub("", text))).strip()
    for _ in range(3):
        stripped = _LEADING.sub("", text).strip()
        if stripped == text:
            break
        text = stripped
    text = _DANGLING_SLASH.sub(" ", _FOOTNOTE.sub("", text))  # "net income/(loss) attributable" lost "(loss)"
    text = _SPACE.sub(" ", text).replace(" ,", ",").strip(" :：.").lower()
    if re.search(r"[\u4e00-\u9fff]", text):
        text = QUANTITY_UNIT.sub("", text.replace(" ", ""), count=1) or text  # "产量(吨)" is the 产量 row
    return _ABBREVIATED.get(text, text)


# units of quantity a row or column is counted in ("产量（吨）", "销售量（万米）"), after 万/千/百/亿
QUANTITY_UNITS = "米|吨|台套|台|只|件|套|辆|发|千瓦时|千瓦|瓦|人|户|平方米|立方米|公里|箱|个"
# such a unit after a row's name is the cell's unit, no part of the name ("产量(吨)" is the 产量 row)
QUANTITY_UNIT = re.compile(rf"[（(]\s*(?P<unit>(?:万|千|百|亿)?(?:{QUANTITY_UNITS}))\s*[)）]$")


# row labels releases abbreviate ("WW" under a product's "US" and "Intl" rows): the words a question uses
_ABBREVIATED = {"ww": "worldwide", "intl": "international", "int'l": "international"}


# "per share", "per common share", "每股": a per-share figure's words
PER_SHARE = re.compile(r"per (?:common |ordinary )?share|每股", re.I)

# Statement names are not line items: "cash" of "the cash flow statement" is no request for cash
_STATEMENT_NAMES = re.compile(
    r"cash flows? statements?|statements? of cash flows?|现金流量表|(?:所有者|股东)权益变动表"
    # "the reconciliation of net income to net cash used in operating activities": a table, no operands
    r"|reconciliation of (?:the )?[a-z'’ -]{3,60}? to (?:net cash (?:provided by|used in"
    r"|provided by \(used in\)|\(used in\) provided by) (?:operating|investing|financing) activities"
    r"|[a-z'’-]+(?: [a-z'’-]+){0,3}?)(?=\s+(?:in|for|from|of)\s|[,?.]|$)"
)
_SYNONYM_TO_CONCEPT: dict[str, str] = {normalise(s): c for c, syns in CONCEPTS.items() for s in syns}
_BY_LENGTH = sorted(_SYNONYM_TO_CONCEPT, key=len, reverse=True)
_ZH_HEADS = [s for s in _BY_LENGTH if not s.isascii() and not s.endswith("合计")]  # items a total may close


@dataclass(slots=True, frozen=True)
class LineItemMatch:
    concept: str  # key of CONCEPTS, or "" for a label that is not in the lexicon
    printed: str  # as written in the question (or the row label a reworded mention stands for)
    start: int
    span: int = 0  # characters of the question it covers when ``printed`` is a row label (0: len(printed))
    within: str = ""  # the concept whose heading the row sits under ("Subscription" under "Revenue:")

    @property
    def end(self) -> int:
        return self.start + (self.span or len(self.printed))

    def covers(self, other: LineItemMatch) -> bool:
        """This mention spans the other's and more ("membership fee revenue" over "revenue")."""
        return (
            self.start <= other.start
            and other.end <= self.end
            and self.end - self.start > other.end - other.start
        )


def concept_of(label: str) -> str | None:
    """The concept a printed or normalised label stands for, if it is one the lexicon knows."""
    return _SYNONYM_TO_CONCEPT.get(_OLD_WORDING.sub("", normalise(label)))


# "…所支付的现金", "…所收到的现金": older cash flow statements' wording of the same rows
_OLD_WORDING = re.compile(r"所(?=支付|收到)")


def synonyms(concept: str) -> list[str]:
    return [normalise(s) for s in CONCEPTS.get(concept, ())]


def without_statement_names(question: str) -> str:
    """The question lower-cased, statement names blanked out (same length, so offsets still hold)."""
    return _STATEMENT_NAMES.sub(lambda m: " " * len(m.group(0)), question.translate(_QUOTES).lower())


TURNOVER = ("周转率", "周转天数", "周转次数")  # a balance's turnover, another figure than the balance
_UNRECOGNISED = "未确认"  # "未确认递延所得税资产": what was left off the balance, not the balance itself
_UNRECOGNISED_REACH = 8  # characters before an item where "未确认" still qualifies it ("未确认递延所得税")
_TAX_BASIS = ("所得税后", "所得税前")  # a project's return "所得税后": the column of its basis, no tax row


def set_aside(low: str, at: int) -> bool:
    """The Chinese words at ``at`` of lower-cased ``low`` name no item: the basis column of a project's return
    ("所得税后财务内部收益率") or what was left unrecognised ("未确认递延所得税资产")."""
    return low.startswith(_TAX_BASIS, at) or _UNRECOGNISED in low[max(0, at - _UNRECOGNISED_REACH) : at]


def find_line_items(question: str) -> list[LineItemMatch]:
    """Line items named in a question, longest match first, non-overlapping, in question order."""
    low = without_statement_names(question)
    taken = [False] * len(low)
    found: list[LineItemMatch] = []
    for pattern, concept, name in _SPLIT_NAMES:  # "how much cash did X generate from operations": first
        for m in pattern.finditer(low):
            start, end = m.span("item") if "item" in pattern.groupindex else m.span()
            if not any(taken[start:end]):
                taken[start:end] = [True] * (end - start)
                found.append(LineItemMatch(concept, name, start, span=end - start))
    if SIGN_ALT.search(low):  # "net cash provided by (used in) …", "income (loss) before income taxes": the
        found += _across_asides(low, taken)  # item read without the aside, before "income taxes" inside it
    for syn in _BY_LENGTH:
        if len(syn) < 2 or (syn.isascii() and len(syn) < 4):
            continue
        start = 0
        while (i := low.find(syn, start)) >= 0:
            end = i + len(syn)
            ascii_ok = not syn.isascii() or (_whole_words(low, i, end) and not valuation_after(low, end))
            # "毛利率" is not "毛利", nor "应收账款周转率" 应收账款
            ratio_word = not syn.isascii() and (low[end : end + 1] == "率" or low.startswith(TURNOVER, end))
            if not syn.isascii() and set_aside(low, i):
                taken[i:end] = [True] * (end - i)  # nor an item inside it ("所得税")
                start = end
                continue
            if _total_of_longer(low, i, syn):  # "合同负债合计": the total of 合同负债, not 负债合计
                start = end
                continue
            flow = _FLOW_OF.search(low, 0, i) if syn.isascii() else None
            after = _FLOW_AFTER.match(low, end) if syn.isascii() else None
            if ascii_ok and not ratio_word and flow and not any(taken[flow.start() : end]):
                # "amortization of intangible assets": the expense row, not the balance it is charged on
                taken[flow.start() : end] = [True] * (end - flow.start())
                found.append(LineItemMatch("", question[flow.start() : end], flow.start()))
            elif ascii_ok and not ratio_word and after and not any(taken[i : after.end()]):
                taken[i : after.end()] = [True] * (after.end() - i)  # "goodwill impairment charges": likewise
                found.append(LineItemMatch("", question[i : after.end()], i))
            elif ascii_ok and not ratio_word and not any(taken[i:end]):
                taken[i:end] = [True] * (end - i)
                found.append(LineItemMatch(_SYNONYM_TO_CONCEPT[syn], question[i:end], i))
            start = end
    return sorted(found, key=lambda m: m.start)


_TOTAL = "合计"


def _total_of_longer(low: str, i: int, syn: str) -> bool:
    """A Chinese total ("负债合计") read inside a longer item written before its "合计" ("合同负债合计")."""
    if syn.isascii() or not syn.endswith(_TOTAL):
        return False
    head_end = i + len(syn) - len(_TOTAL)
    return any(
        len(s) > head_end - i and low.startswith(s, head_end - len(s))
        for s in _ZH_HEADS
        if head_end - len(s) >= 0
    )


# a charge or flow named on a balance ("amortization of intangible assets", "impairment of goodwill")
_FLOW_OF = re.compile(r"\b(?:amortization|impairments?|depreciation|write-downs?|write-offs?) of (?:the )?$")
_FLOW_AFTER = re.compile(  # "goodwill impairment charges": the charge named after the balance
    r"\s+(?:impairments?|amortization|write-downs?|write-offs?)(?:\s+(?:charges?|expenses?|losses?))?\b"
)
_VALUATION = re.compile(r"\s+value\b")  # "the deal's total equity value" is a price, not the balance sheet's


def valuation_after(text: str, end: int) -> bool:
    """The item's name ending at ``end`` goes on as a valuation ("total equity value"): no line item."""
    return bool(_VALUATION.match(text, end))


def _whole_words(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` neither starts nor ends inside a word."""
    return (start == 0 or not text[start - 1].isalnum()) and (end == len(text) or not text[end].isalnum())


def _across_asides(low: str, taken: list[bool]) -> list[LineItemMatch]:
    """Items whose name the question interrupts with the row's other sign ("provided by (used in)")."""
    text, at = "", []  # the question with each aside one space; at[k]: the question offset of text[k]
    last = 0
    for m in SIGN_ALT.finditer(low):
        text += low[last : m.start()] + " "
        at += [*range(last, m.start()), m.start()]
        last = m.end()
    text += low[last:]
    at += list(range(last, len(low)))
    found: list[LineItemMatch] = []
    for syn in _BY_LENGTH:
        if not syn.isascii() or len(syn) < _MIN_ASIDE_ITEM or (i := text.find(syn)) < 0:
            continue
        end = i + len(syn)
        start, stop = at[i], at[end - 1] + 1
        if _whole_words(text, i, end) and stop - start > len(syn) and not any(taken[start:stop]):
            taken[start:stop] = [True] * (stop - start)
            found.append(LineItemMatch(_SYNONYM_TO_CONCEPT[syn], syn, start, span=stop - start))
    return found


_MIN_ASIDE_ITEM = 8  # "net cash provided by operating activities"; short words need no aside reading


# Items a question names around its subject: "cash did American Water Works generate from operations"
_SPLIT_NAMES: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(
            r"\bcash (?:did|does|do|has|have) .{2,60}? (?:(?:generate|produce)d?|burn(?:ed)?|use|consume) "
            r"(?:from|in|by|on) (?:its )?operat\w*"
        ),
        "operating_cash_flow",
        "cash generated from operations",
    ),
    # "weighted-average number of ordinary shares used for diluted EPS": the share count, not the EPS
    (
        re.compile(
            r"\bweighted[- ]average (?:number of )?(?:ordinary |common )?shares?(?: outstanding)?"
            r" (?:used )?(?:for|in|to compute|behind) (?:the )?diluted (?:eps|earnings per share)\b"
        ),
        "weighted_shares_diluted",
        "weighted-average diluted shares",
    ),
    # "how much interest did CVS pay in cash", "how much did X pay in income taxes": the cash paid
    (
        re.compile(r"\binterest (?:did|does|do|has|have) .{2,60}? pa(?:y|id)\b(?: in cash)?"),
        "interest_paid",
        "interest paid",
    ),
    (
        re.compile(r"\bpa(?:y|id) (?:in )?(?:cash )?(?:for )?income taxes\b"),
        "income_taxes_paid",
        "income taxes paid",
    ),
    # "how much cash did Amcor pay in total for interest (net of amounts capitalized) and income taxes": both
    # paid (an "item" group is the item's own words, the rest only says how it is asked)
    (
        re.compile(
            r"\bpa(?:y|id) (?:in total |in cash |cash )*for interest\b"
            r"[^?]{0,60}?\band (?P<item>income taxes)\b"
        ),
        "income_taxes_paid",
        "income taxes paid",
    ),
    (
        re.compile(r"\bpa(?:y|id) (?:in total |in cash |cash )*for interest\b"),
        "interest_paid",
        "interest paid",
    ),
    # "03年赚了多少钱": the year's profit
    (re.compile(r"(?:赚|挣|盈利|亏)了?多少钱?"), "net_profit", "净利润"),
    (re.compile(r"卖了多少钱"), "revenue", "营业收入"),
    # "天源04年收入多少": a year's bare 收入 is its revenue (营业外收入, 利息收入 name themselves)
    (re.compile(r"(?<=年)(?:度|的|全年)?总?收入(?=是?多少|有多少|为多少|[?？]|$)"), "revenue", "营业收入"),
)
# "the current portion of Amcor's long-term debt": a name's possessive written inside an item "A of B"
_NAME_INSIDE = r" of (?:the )?[a-z0-9][\w&.-]*(?: [a-z0-9][\w&.-]*){0,2}'s? "
_SPLIT_NAMES += tuple(
    (re.compile(r"\b" + re.escape(syn[:at]) + _NAME_INSIDE + re.escape(syn[at + 4 :]) + r"\b"), concept, syn)
    for syn, concept in _SYNONYM_TO_CONCEPT.items()
    if syn.isascii()
    for at in (i for i in range(len(syn)) if syn.startswith(" of ", i))
)


# a remark after a row's name: "…, net of accumulated depreciation of $68,251", "(less allowances of $33)"
_REMARK_TAIL = re.compile(
    r"\s*\((?:net of|less|including|excluding)\b[^()]*\)\s*$|,\s*(?:net of|less|including|excluding)\b.*$"
    # "Sales (millions)", "营业收入（万元）": the unit the row is printed in
    r"|\s*\((?:in\s+|\$\s*|us\$\s*)?(?:millions|thousands|billions|万元|亿元|千元|元)\)\s*$"
)


# the unit a Chinese ratio or per-share row prints after its name: "基本每股收益(元/股)", "资产负债率(%)"
ROW_UNITS = ("%", "元/股", "元／股")  # a ratio's or a per-share figure's unit (money units mark sub-tables)
_UNIT_BRACKET = re.compile(rf"\((?:{'|'.join(map(re.escape, ROW_UNITS))})\)$")


def core_label(norm: str) -> str:
    """A normalised row label without the remark or the unit after its name."""
    return _UNIT_BRACKET.sub("", _REMARK_TAIL.sub("", norm) or norm) or norm


def label_matches(fact_norm: str, concept: str, printed: str = "") -> float:
    """How well a fact's normalised line item matches a concept (or a raw printed label): 1 exact, less for
    a label that merely contains it, 0 for none. An English label contains a synonym only where the extra
    words qualify the same item: "purchases of property, plant and equipment (pp&e)", "total inventories",
    "net income attributable to costco"; "other current assets" is not "current assets"."""
    wanted = synonyms(concept) if concept else [_OLD_WORDING.sub("", normalise(printed))]
    fact_norm = _OLD_WORDING.sub("", fact_norm)
    if fact_norm in wanted:  # "interest expense, net of amounts capitalized" asked as printed
        return 1.0
    if not concept and not fact_norm.isascii() and fact_norm.replace("的", "") == wanted[0].replace("的", ""):
        return 1.0  # "公司研发人员数量" asked, "公司研发人员的数量" printed
    fact_norm = core_label(fact_norm)  # "property and equipment, net of accumulated depreciation of …"
    best = 0.0
    if not concept and fact_norm in zh_total_forms(wanted[0]):
        best = TOTAL_MATCH  # "在职员工总数" asked, "在职员工的数量合计" printed
    if not concept and wanted[0].startswith("total ") and fact_norm == wanted[0].removeprefix("total "):
        best = TOTAL_MATCH  # "total deposits" asked: the balance sheet's "Deposits" row is their total
    for syn in wanted:
        if not syn:
            continue
        if fact_norm == syn:
            return 1.0
        if fact_norm == f"total {syn}":  # "Total provisions for credit losses": the item's own total
            best = max(best, TOTAL_MATCH)
        if syn in fact_norm and len(syn) >= 2 and (not syn.isascii() or _qualifies(fact_norm, syn)):
            if not syn.isascii() and only_listed(fact_norm, syn):
                continue  # "持有交易性金融资产、衍生金融资产…产生的…变动损益": one of a list, not the row
            best = max(best, 0.5 * len(syn) / len(fact_norm))
    if not concept and not best and printed.isascii():  # "current marketable securities" for the row
        words = set(_WORD.findall(normalise(printed)))  # "marketable securities — current"
        held = set(_WORD.findall(fact_norm))
        if words and words <= held:
            best = WORDS_MATCH * len(words) / len(held)  # the fewer other words, the closer
    return best


_WORD = re.compile(r"[a-z&]{3,}")
TOTAL_MATCH = 0.95  # "total X" is X summed, a hair below the row printed as X itself
WORDS_MATCH = 0.3  # every word of a question's own item name is in the row label, in another order


def heads(heading: str, within: str) -> bool:
    """A statement's heading ("Revenues:", "Costs and expenses") is the one named by ``within``: a concept, or
    a word such as "expenses" the lexicon has no concept for."""
    norm = normalise(heading)
    return label_matches(norm, within) > 0 if within in CONCEPTS else within in _WORD.findall(norm)


def key_word(printed: str) -> str | None:
    """The longest word of a printed item name: what a row label holding its words must contain."""
    words = sorted(_WORD.findall(normalise(printed)), key=len)
    return words[-1] if words and len(words[-1]) >= MIN_CONTAINED - 2 and printed.isascii() else None


# Words that may stand before an item's name without changing what it is ("total inventories", a segment
# note's "Segment operating income")
_SAFE_PREFIXES = ("total ", "net ", "merchandise ", "consolidated ", "trade ", "common stock ", "segment ")
MIN_CONTAINED = 8  # shorter English synonyms ("sales", "revenue") sit inside too many other row labels


# "total liabilities and stockholders' equity": the balance sheet's grand total, not the liabilities
_JOINED_ITEM = re.compile(
    r"\s+(?:and|&)\s+(?:total\s+)?(?:(?:stock|share)holders['’]?|owners['’]?|shareowners['’]?)?\s*(?:equity|deficit)\b",
    re.I,
)


_OWED = re.compile(r"\s+(?:payables?|receivables?|recoverable|refundable|prepaid)\b")


def _qualifies(label: str, syn: str) -> bool:
    """``label`` is ``syn`` with a qualifier after it (a comma, dash, bracket or "attributable to ..."
    continuation) or one of the safe words before it."""
    if len(syn) < MIN_CONTAINED:
        return False
    if label.startswith(syn):  # "income taxes payable" is a balance owed, not the year's income taxes
        rest = len(syn)
        return (
            not label[rest].isalnum() and not _JOINED_ITEM.match(label, rest) and not _OWED.match(label, rest)
        )
    if label.endswith(syn) and label[: -len(syn)] in _SAFE_PREFIXES:
        return True
    # "consolidated net income attributable to walmart": a safe word, then the item with its qualifier
    lead = next((p for p in _SAFE_PREFIXES if label.startswith(p)), "")
    return bool(lead) and _qualifies(label[len(lead) :], syn)


def contained_forms(concept: str) -> list[str]:
    """The English synonyms of ``concept`` long enough to be looked for inside longer row labels."""
    return [s for s in synonyms(concept) if s.isascii() and len(s) >= MIN_CONTAINED]
