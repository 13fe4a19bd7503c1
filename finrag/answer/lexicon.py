"""Financial line items: normalisation of printed labels and the synonyms questions use for them."""

from __future__ import annotations

import re
from dataclasses import dataclass

_LEADING = re.compile(
    r"^(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十\d]+[)）]|\d+[、.．)）]\s*|"
    r"加[:：]|减[:：]|其中[:：]|less[:：]?\s|add[:：]?\s|including[:：])\s*",
    re.I,
)
_REMARK = re.compile(r"[（(][^（）()]*(?:填列|号|以|列示|loss|亏损)[^（）()]*[)）]")
_NOTE_REF = re.compile(r"\s*[（(]\s*(?:notes?\b|附注|注释)[^（）()]*[)）]", re.I)  # "(Notes 1 and 3)"
_FOOTNOTE = re.compile(r"(?:\s*[（(]\s*(?:\d{1,2}|[a-z]|注\s*\d*)\s*[)）])+\s*$", re.I)  # "(a)(b)(c)"
# The other sign of a two-way line item is dropped: "(Loss)/earnings before income taxes", "Income tax
# (expense)/benefit", "Net cash provided by (used in) operating activities" keep one direction's words.
_SIGN_ALT = re.compile(
    r"\s*/?\s*[（(]\s*(?:loss(?:es)?|expense|benefit|used(?:\s+(?:in|for))?|decrease|income|gains?|credit|"
    r"deficit|provision)\s*[)）]\s*/?\s*",
    re.I,
)
_SPACE = re.compile(r"\s+")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "（": "(", "）": ")", "：": ":"})

# concept -> synonyms (Chinese as printed in CAS statements, English as in US GAAP filings)
CONCEPTS: dict[str, tuple[str, ...]] = {
    "revenue": (
        "营业收入",
        "营业总收入",
        "主营业务收入",
        "revenue",
        "revenues",
        "total revenue",
        "total revenues",
        "net revenue",
        "net revenues",
        "net sales",
        "total net sales",
        "sales",
        "total net revenue",
    ),
    "cost_of_revenue": (
        "营业成本",
        "主营业务成本",
        "cost of revenue",
        "cost of revenues",
        "cost of sales",
        "cost of goods sold",
        "cost of products sold",
        "cogs",
        "total cost of revenue",
    ),
    "gross_profit": ("毛利", "gross profit"),
    "selling_expense": ("销售费用", "selling expenses", "selling and marketing", "sales and marketing"),
    "admin_expense": (
        "管理费用",
        "general and administrative",
        "administrative expenses",
        "general and administrative expenses",
    ),
    "rd_expense": ("研发费用", "research and development", "research and development expenses"),
    "finance_expense": ("财务费用", "finance costs", "financial expenses"),
    "operating_profit": ("营业利润", "operating income", "income from operations", "operating profit"),
    "total_profit": (
        "利润总额",
        "income before income taxes",
        "earnings before income taxes",
        "loss before income taxes",
        "earnings before provision for income taxes",
    ),
    "income_tax": (
        "所得税费用",
        "所得税",
        "income tax expense",
        "provision for income taxes",
        "income taxes",
        "income tax benefit",
        "benefit for income taxes",
        "income tax provision",
        "total income tax expense",
    ),
    "net_profit": ("净利润", "net income", "net earnings", "net profit", "net loss", "净亏损"),
    "net_profit_parent": (
        "归属于母公司所有者的净利润",
        "归属于母公司股东的净利润",
        "归属于上市公司股东的净利润",
        "net income attributable to",
        "net earnings attributable to",
    ),
    "total_assets": ("资产总计", "总资产", "资产总额", "total assets"),
    "total_liabilities": ("负债合计", "总负债", "负债总额", "负债总计", "total liabilities"),
    "equity": (
        "所有者权益合计",
        "股东权益合计",
        "所有者权益(或股东权益)合计",
        "净资产",
        "total equity",
        "total stockholders' equity",
        "total shareholders' equity",
    ),
    "current_assets": ("流动资产合计", "流动资产", "total current assets", "current assets"),
    "current_liabilities": ("流动负债合计", "流动负债", "total current liabilities", "current liabilities"),
    "cash": ("货币资金", "cash and cash equivalents"),
    "accounts_receivable": ("应收账款", "accounts receivable", "accounts receivable, net"),
    "inventory": ("存货", "inventories", "inventory"),
    "accounts_payable": ("应付账款", "accounts payable"),
    "short_term_borrowings": ("短期借款", "short-term borrowings", "short-term debt"),
    "long_term_borrowings": ("长期借款", "long-term debt", "long-term borrowings"),
    "fixed_assets": (
        "固定资产",
        "property and equipment, net",
        "property, plant and equipment, net",
        "property and equipment",
        "property, plant and equipment",
        "property, plant, and equipment",
        "net property, plant and equipment",
        "net property, plant, and equipment",
        "property, plant, and equipment, net",
        "net pp&e",
        "net property and equipment",
    ),
    "intangible_assets": ("无形资产", "intangible assets"),
    "operating_cash_flow": (
        "经营活动产生的现金流量净额",
        "经营活动现金流量净额",
        "net cash provided by operating activities",
        "net cash provided by (used in) operating activities",
        "cash provided by operations",
        "cash provided by operating activities",
        "cash flow from operating activities",
        "cash flows from operating activities",
        "net cash from operating activities",
        "cash from operations",
        "operating cash flow",
    ),
    "investing_cash_flow": (
        "投资活动产生的现金流量净额",
        "net cash used in investing activities",
        "net cash provided by investing activities",
        "cash provided by investing activities",
    ),
    "financing_cash_flow": (
        "筹资活动产生的现金流量净额",
        "net cash used in financing activities",
        "net cash provided by financing activities",
        "cash provided by financing activities",
    ),
    "capex": (
        "购建固定资产、无形资产和其他长期资产支付的现金",
        "capital expenditures",
        "capital expenditure",
        "capex",
        "capital expenditures, net of construction payable",
        "capital expenditures (including capitalized software)",
        "cash paid for capital expenditures",
        "additions to property and equipment",
        "payments for property and equipment",
        "purchases of property, plant and equipment",
        "purchases of property and equipment, net",
        "purchases of property and equipment",
        "payments for acquisition of property, plant and equipment",
    ),
    "depreciation_amortization": (
        "折旧与摊销",
        "折旧和摊销",
        "depreciation and amortization",
        "depreciation, depletion and amortization",
        "depreciation & amortization",
        "depreciation, amortization and other",
        "depreciation and amortization expense",
    ),
    "dividends_paid": (
        "分配股利、利润或偿付利息支付的现金",
        "cash dividends paid",
        "dividends paid",
        "cash dividends declared",
        "dividends paid to shareholders",
    ),
    "interest_expense": ("利息费用", "利息支出", "interest expense", "interest expense, net"),
    "eps_basic": ("基本每股收益", "basic earnings per share", "basic"),
}


def normalise(label: str) -> str:
    """A printed line item -> its comparable form: "一、营业总收入" -> "营业总收入", "Less: Cost of sales" ->
    "cost of sales"."""
    text = label.translate(_QUOTES).strip()
    text = _SIGN_ALT.sub(" ", _NOTE_REF.sub("", _REMARK.sub("", text))).strip()
    for _ in range(3):
        stripped = _LEADING.sub("", text).strip()
        if stripped == text:
            break
        text = stripped
    text = _FOOTNOTE.sub("", text)
    text = _SPACE.sub(" ", text).replace(" ,", ",").strip(" :：.").lower()
    if re.search(r"[\u4e00-\u9fff]", text):
        text = text.replace(" ", "")
    return text


# Statement names are not line items: "cash" of "the cash flow statement" is no request for cash
_STATEMENT_NAMES = re.compile(r"cash flows? statements?|statements? of cash flows?|现金流量表")
_SYNONYM_TO_CONCEPT: dict[str, str] = {normalise(s): c for c, syns in CONCEPTS.items() for s in syns}
_BY_LENGTH = sorted(_SYNONYM_TO_CONCEPT, key=len, reverse=True)


@dataclass(slots=True, frozen=True)
class LineItemMatch:
    concept: str  # key of CONCEPTS, or "" for a label that is not in the lexicon
    printed: str  # as written in the question
    start: int


def concept_of(label: str) -> str | None:
    """The concept a printed or normalised label stands for, if it is one the lexicon knows."""
    return _SYNONYM_TO_CONCEPT.get(normalise(label))


def synonyms(concept: str) -> list[str]:
    return [normalise(s) for s in CONCEPTS.get(concept, ())]


def find_line_items(question: str) -> list[LineItemMatch]:
    """Line items named in a question, longest match first, non-overlapping, in question order."""
    low = _STATEMENT_NAMES.sub(lambda m: " " * len(m.group(0)), question.translate(_QUOTES).lower())
    taken = [False] * len(low)
    found: list[LineItemMatch] = []
    for syn in _BY_LENGTH:
        if len(syn) < 2 or (syn.isascii() and len(syn) < 4):
            continue
        start = 0
        while (i := low.find(syn, start)) >= 0:
            end = i + len(syn)
            ascii_ok = not syn.isascii() or (
                (i == 0 or not low[i - 1].isalnum()) and (end == len(low) or not low[end].isalnum())
            )
            ratio_word = not syn.isascii() and low[end : end + 1] == "率"  # "毛利率" is not "毛利"
            if ascii_ok and not ratio_word and not any(taken[i:end]):
                taken[i:end] = [True] * (end - i)
                found.append(LineItemMatch(_SYNONYM_TO_CONCEPT[syn], question[i:end], i))
            start = end
    return sorted(found, key=lambda m: m.start)


def label_matches(fact_norm: str, concept: str, printed: str = "") -> float:
    """How well a fact's normalised line item matches a concept (or a raw printed label): 1 exact, less for
    a label that merely contains it, 0 for none."""
    wanted = synonyms(concept) if concept else [normalise(printed)]
    best = 0.0
    for syn in wanted:
        if not syn:
            continue
        if fact_norm == syn:
            return 1.0
        if syn in fact_norm and len(syn) >= 2:
            best = max(best, 0.5 * len(syn) / len(fact_norm))
    return best
