"""Analyst shorthand spelled out before a question is read ("costco wtd-avg discount rate on finance
leases": the weighted-average discount rate the lease note prints)."""

from __future__ import annotations

import re

# shorthand -> the words filings print; whole words only, any case
_SPELLED = {
    r"wtd\.?[- ]?avg\.?": "weighted-average",
    r"wtd\.?": "weighted",
    r"amort\.?": "amortization",
    r"disc\.? rate": "discount rate",
    r"net adds": "net additions",
    r"attrib\.?": "attributable",
    r"equivs?\.?": "equivalents",
    r"chn?g\.?": "change",
    r"yrs?\.?": "year",
    r"rev\.?": "revenue",
    r"px": "price",  # "avg px": the average price per share
    r"shs\.?": "shares",
    r"opex": "operating expenses",
}
# "current LTD", "LTD": long-term debt, only as capitals (a company's "Co., Ltd." is no debt)
_LTD = re.compile(r"(?<![\w.,-])(?<!, )(current )?LTD(?![\w.-])")
# "parent co AR", "A/P": receivables and payables, only as capitals ("AR" is no word of a sentence)
_AR_AP = re.compile(r"(?<![\w/.-])A/?([RP])(?![\w/-])")
_AR_AP_NAMES = {"R": "accounts receivable", "P": "accounts payable"}
# "at end-06", "mid-21": a two-digit year after the point of it
_TWO_DIGIT_END = re.compile(r"(?<![\w-])(end|mid|start)-(\d{2})(?![\w-])", re.I)
_CENTURY_PIVOT = 50  # two digits below this are of the 2000s ("end-06"), others of the 1900s ("end-98")
# "op margin", "op income": operating, only before what it qualifies; "2dp": two decimal places
_OP = re.compile(r"(?<![\w.-])op\.?(?= (?:margin|income|profit|expenses?|cash flow|leases?)\b)", re.I)
_DP = re.compile(r"(?<![\w.])(\d)\s?dp\b")
# "ba avg operating cash flow 2020-2022": a mean of the years (not "ROE on avg equity", whose ratio names the
# balance it divides by)
_AVG = re.compile(r"(?<![\w-])(?<!\bon )avg\.?(?![\w-])", re.I)
# "ST investments", "ST debt": short-term, only as capitals before the noun
_ST = re.compile(r"(?<![\w.-])ST (?=investments|debt|borrowings)")
# "Walmart CFO for the year …": cash flow from operating activities, unless the question is about a person
_CFO = re.compile(r"(?<![\w-])CFO(?![\w-])")
_PERSON_ASKED = re.compile(r"\b(?:who|whom|name[ds]?|officer|appoint\w*|hired?|resign\w*|serv\w+ as)\b", re.I)
_DA = re.compile(r"(?<![\w&-])D&A(?![\w&-])", re.I)
_FORMULA = re.compile(r"[/÷=+−]|\s-\s|\b(?:minus|divided|less|plus|over|times)\b", re.I)
# a Chinese question's English ratio names ("国电07上半年加权roe多少"): the names Chinese reports print
_ZH_RATIO = re.compile(r"(加权)?(?<![a-z])(roe|roa|eps)(?![a-z])", re.I)
_ZH_RATIO_NAMES = {"roe": "净资产收益率", "roa": "总资产收益率", "eps": "每股收益"}
_CJK = re.compile(r"[\u4e00-\u9fff]")
_SHORTHAND = re.compile(r"(?<![\w-])(" + "|".join(f"(?:{k})" for k in _SPELLED) + r")(?![\w-])", re.I)
_PATTERNS = [(re.compile(rf"^{k}$", re.I), v) for k, v in _SPELLED.items()]


def spelled_out(text: str) -> str:
    """``text`` with the shorthand analysts type written out ("wtd-avg" -> "weighted-average")."""

    def word(m: re.Match[str]) -> str:
        return next(v for p, v in _PATTERNS if p.match(m.group(1)))

    text = _LTD.sub(lambda m: "current portion of long-term debt" if m.group(1) else "long-term debt", text)
    text = _ST.sub("short-term ", _OP.sub("operating", text))
    text = _AR_AP.sub(lambda m: _AR_AP_NAMES[m.group(1)], text)
    text = _TWO_DIGIT_END.sub(lambda m: f"{m[1]}-{_century(int(m[2]))}", text)  # "end-2006"
    text = _DP.sub(lambda m: f"{m.group(1)} decimal places", text)
    if not _FORMULA.search(text):  # "capex / D&A", "(CFO − capex)": a formula reads the short names itself
        text = _DA.sub("depreciation and amortization", text)
        text = text if _PERSON_ASKED.search(text) else _CFO.sub("cash flow from operating activities", text)
    if _CJK.search(text):
        text = _ZH_RATIO.sub(lambda m: ("加权平均" if m[1] else "") + _ZH_RATIO_NAMES[m[2].lower()], text)
    return _AVG.sub("average", _SHORTHAND.sub(word, text))


def _century(two_digits: int) -> int:
    return (2000 if two_digits < _CENTURY_PIVOT else 1900) + two_digits
