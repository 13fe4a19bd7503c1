"""Company, stock code and reporting period from the cover page and the file name (cover wins)."""

from __future__ import annotations

import dataclasses
import re
from datetime import date

from finrag.model import DocumentMeta

MONTHS = {
    m: i
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ],
        1,
    )
}
_MONTH = r"(January|February|March|April|May|June|July|August|September|October|November|December)"
_EN_DATE = _MONTH + r"\s+(\d{1,2})\s*,?\s*(\d{4})"
QUARTER_END = {"Q1": "03-31", "H1": "06-30", "Q2": "06-30", "Q3": "09-30", "Q4": "12-31", "FY": "12-31"}
QUARTER_WORDS = {"first": "Q1", "second": "Q2", "third": "Q3", "fourth": "Q4"}

# ---- file names
_ZH_FILE = re.compile(r"(\d{4}-\d{2}-\d{2})__(.+?)__(\d{6})__(.+?)__(\d{4})年__(.+?)(?:\.\w+)?$")
_EN_FILE = re.compile(r"^(.+?)_(\d{4})(Q[1-4])?_(10K|10Q|8K|EARNINGS|annualreport)", re.IGNORECASE)
_DATED = re.compile(r"dated[-_](\d{4})-(\d{2})-(\d{2})")
# ---- English covers
_FORM = re.compile(r"FORM\s+(10-K|10-Q|8-K|20-F)", re.IGNORECASE)
_PERIOD = re.compile(
    # 'period ("fiscal year") ended January 28, 2023': the name may be quoted in brackets
    r"(fiscal year|quarterly period|year|quarter)[\"”’)]*\s+ended[^0-9]{0,40}?" + _EN_DATE,
    re.IGNORECASE,
)
_EVENT = re.compile(r"Date of (?:report|earliest event)[^:]{0,60}:\s*" + _EN_DATE, re.IGNORECASE)
_EXACT_NAME = re.compile(r"\(Exact name of (?:the )?registrant", re.IGNORECASE)
_SUFFIX_LINE = re.compile(
    r"^[A-Z0-9][A-Za-z0-9&.,' -]{1,60}\b(COMPANY|INC\.?|CORPORATION|CORP\.?|PLC|CO\.|"
    r"INCORPORATED|LTD\.?)$",
    re.IGNORECASE,
)
_LISTED = re.compile(r"([^–—()\n]{2,80})\((?:NYSE|NASDAQ|Nasdaq|NYSE American)\s*:\s*([A-Z.]{1,6})\)")
# a symbol before its exchange's name; an exchange's own words are none ("…Market LLC The Nasdaq …"); in a
# cover table the notes' symbols may follow in the same cell ("| AMCR AUKF/27 | New York Stock Exchange")
_TICKER = re.compile(
    r"\b(?!(?:LLC|NYSE|INC|LP|CO)\b)([A-Z]{1,5})(?:\s+[A-Z]{1,5}[/\d][A-Z\d/.]*)*\s*\|?\s+"
    r"(?i:(?:the )?new york stock exchange|nyse|(?:the )?nasdaq)"
)
# the cover's "Trading Symbol" column read apart from its exchange ("Common Stock, $0.0001 par value per
# share ADBE"); a line naming the exchange ends in its name ("… Stock Market LLC"), no symbol
_SYMBOL_COLUMN = re.compile(
    r"^(?!.*(?i:exchange|nasdaq|nyse|market|llc)).*\b(?i:common stock|ordinary shares)\b.*\s([A-Z]{2,5})\s*$",
    re.M,
)
# the class of stock, then its symbol when the cover's columns are read one after another ("Common stock,
# $0.00000625 par value per share MSFT 3.125% Notes due 2028 MSFT …"): the first capitals word after it
_CLASS_SYMBOL = re.compile(
    r"\b(?i:common stock|common shares|ordinary shares)\b[^\n]{0,60}?"
    r"(?<![\w$.])(?<![A-Z]{2} )([A-Z]{2,5})(?=\s|$)"  # no word of a capitals phrase ("INCORPORATED BY")
)
SYMBOL_TABLE_CHARS = 600  # the cover's securities table runs this far after its "Trading Symbol" heading
_NOT_SYMBOLS = frozenset(
    re.findall(r"\S+", "PAR VALUE PER SHARE CLASS THE NEW YORK STOCK LLC INC NYSE NASDAQ USD")
)
_REPORTS = re.compile(r"^([A-Z][\w&.' ]{1,40}?)\s+(?:[Rr]eports|[Aa]nnounces)\b")
_NAME_STOP = re.compile(r"\d|Commission|FORM|\(|\)")
NAME_SCAN_LINES = 40  # a registrant name ending in Inc./Company is looked for in the cover's first lines
HEADLINE_CHARS = 2000  # "first quarter 2023" / "fiscal 2023" count only in a release's headline part
NAME_MAX_LINES = 4  # a registrant name broken one word a line spans at most this many lines
FORM_HEAD_CHARS = 400  # "FORM 10-K" counts only at the top of the cover, not as a later mention
EARLY_JANUARY_DAY = 7  # a 52/53-week year ending in the first days of January belongs to the year before
_QUARTER = re.compile(
    r"(?:(\d{4})\s+)?\b(first|second|third|fourth)[- ]quarter\b(?:\s+(?:of\s+)?(?:fiscal\s+)?(\d{4}))?",
    re.IGNORECASE,
)
_FISCAL_YEAR = re.compile(r"\bfiscal\s+(?:year\s+)?(\d{4})\b", re.IGNORECASE)
_EN_SUFFIX = re.compile(
    r"(,?\s*(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.|plc|Ltd\.?|& Co\.?))+\s*$", re.IGNORECASE
)
# ---- Chinese covers
_ZH_CODE = re.compile(r"(?:公司|股票|证券)代码\s*[：:]\s*(\d{6})")
_ZH_SHORT = re.compile(
    r"(?:公司|股票|证券)简称\s*[：:]\s*([^\s：:，,；;]{2,12}?)(?=$|[\s，,；;]|(?:公司|股票|证券)代码)",
    re.MULTILINE,
)
_ZH_FULL = re.compile(r"^([\u4e00-\u9fa5（）()]{2,40}?(?:股份有限公司|有限责任公司|有限公司))")
_ZH_REPORT = re.compile(r"(\d{4})\s*年\s*(年度|半年度|第一季度|第三季度)\s*报告")
# "高测股份(688556.SH)": the company a research report covers
_ZH_LISTED = re.compile(r"([\u4e00-\u9fa5A-Z]{2,10})\s*[（(](\d{6})(?:\.(?:SH|SZ|BJ))?[）)]")
_ZH_ISSUE_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_ZH_PROSPECTUS = re.compile(r"招股(说明书|意向书)|募集说明书")
_ZH_DATE = re.compile(
    r"(?:签署日期|公告日期|披露日期)\s*[：:]\s*(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"
)
_ZH_SUFFIX = re.compile(r"(集团)?(股份有限公司|有限责任公司|有限公司)$")
REPORT_LABELS_ZH = {"annual_report": "年度报告", "prospectus": "招股说明书", "research_report": "研究报告"}
REPORT_LABELS_EN = {
    "annual_report": "Annual Report",
    "prospectus": "Prospectus",
    "earnings_release": "Earnings Release",
}
ZH_DATE_WINDOW = 40  # a research report's issue date follows the "公司(代码)" title within this many chars
ZH_PERIODS = {"年度": "FY", "半年度": "H1", "第一季度": "Q1", "第三季度": "Q3"}


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def _en_iso(month: str, day: str, year: str) -> str | None:
    return _iso(int(year), MONTHS[month.lower()], int(day))


def short_english(full: str) -> str:
    """ "3M COMPANY" -> "3M", "AMERICAN WATER WORKS COMPANY, INC." -> "American Water Works"."""
    name = _EN_SUFFIX.sub("", re.sub(r"\s+\.", ".", full.strip())).strip(" ,")
    name = re.sub(r"^the\s+", "", name, flags=re.IGNORECASE)
    if name.isupper():
        name = " ".join(w if _keeps_case(w) else w.title().replace(".Com", ".com") for w in name.split())
    return name or full.strip()


def _keeps_case(word: str) -> bool:
    """Acronyms stay upper case: words with digits, of two letters, or without vowels (CVS, MGM)."""
    return any(c.isdigit() for c in word) or len(word) <= 2 or not re.search(r"[AEIOU]", word)


def from_file_name(file: str) -> DocumentMeta:
    meta = DocumentMeta()
    if m := _ZH_FILE.search(file):
        meta.report_date, meta.company_full, meta.company_code, meta.company = m.group(1, 2, 3, 4)
        meta.fiscal_year = int(m.group(5))
        kind = m.group(6)
        if "招股" in kind:
            meta.report_type = "prospectus"
        else:
            meta.report_type = "annual_report" if kind.endswith("年度报告") and "半" not in kind else kind
            meta.fiscal_period = next((v for k, v in ZH_PERIODS.items() if kind.startswith(k)), None)
    elif m := _EN_FILE.search(file):
        meta.company = m.group(1).replace("_", " ").title()
        meta.fiscal_year = int(m.group(2))
        kind = m.group(4).upper()
        meta.report_type = {"10K": "10-K", "10Q": "10-Q", "8K": "8-K", "EARNINGS": "earnings_release"}.get(
            kind, "annual_report"
        )
        meta.fiscal_period = m.group(3) or ("FY" if kind in ("10K", "ANNUALREPORT") else None)
    if d := _DATED.search(file):
        meta.report_date = _iso(int(d.group(1)), int(d.group(2)), int(d.group(3)))
    return meta


def _en_company(lines: list[str], text: str) -> tuple[str | None, str | None]:
    """(full name, ticker) from an SEC cover or an earnings release's first paragraph."""
    full: str | None = None
    for i, line in enumerate(lines):
        if _EXACT_NAME.search(line):
            full = _name_before(lines[max(0, i - NAME_MAX_LINES) : i])
            break
    if full is None:
        full = next((ln.strip() for ln in lines[:NAME_SCAN_LINES] if _SUFFIX_LINE.match(ln.strip())), None)
    ticker = None
    if m := _LISTED.search(text):
        full = full or re.split(r"\d{4}\s+|\s[-–—]+\s|\)\s", m.group(1))[-1].strip(" ,-–—")
        ticker = m.group(2)
    else:
        common = "\n".join(ln for ln in lines if re.search(r"common|ordinary", ln, re.IGNORECASE))
        symbol = _SYMBOL_COLUMN.search(text) if "Trading Symbol" in text else None
        if symbol is None and (at := re.search(r"trading symbol", text, re.I)):
            table = text[at.start() : at.start() + SYMBOL_TABLE_CHARS]
            symbol = next((m for m in _CLASS_SYMBOL.finditer(table) if m.group(1) not in _NOT_SYMBOLS), None)
        if m := _TICKER.search(common) or _TICKER.search(text) or symbol:
            ticker = m.group(1)
    if full is None and lines and (m := _REPORTS.match(lines[0].strip())):
        full = m.group(1)
    return full, ticker


def _name_before(lines: list[str]) -> str | None:
    """The registrant name printed just above "(Exact name of registrant ...)"."""
    words: list[str] = []
    for line in reversed(lines):
        parts = re.split(r"_{3,}", line)
        tail = parts[-1].strip(" -–—*")
        if tail and not _NAME_STOP.search(tail):
            words.insert(0, tail)
        if len(parts) > 1 or not tail or _NAME_STOP.search(tail):
            break
    return " ".join(words) or None


# a filing's market section naming its symbol where the cover prints none (10-Ks before 2019): "Our common
# stock is traded on the NASDAQ Global Select Market under the symbol “NFLX”", "… the trading symbol AXP"
_UNDER_SYMBOL = re.compile(
    r"\b(?:listed|traded|trades|quoted)\b[^.]{0,120}?\bunder the (?:ticker |trading )?symbol"
    r"\s*[“\"']?([A-Z]{1,5})\b"
)


def listed_symbol(text: str) -> str | None:
    """The stock symbol the document's prose says its common stock trades under, else None."""
    return m.group(1) if (m := _UNDER_SYMBOL.search(text)) else None


def from_english_cover(text: str) -> DocumentMeta:
    meta = DocumentMeta()
    lines = [ln for ln in text.splitlines() if ln.strip()]
    full, meta.company_code = _en_company(lines, text)
    if full:
        meta.company_full, meta.company = full, short_english(full)
    if form := _FORM.search(text[:FORM_HEAD_CHARS]):
        meta.report_type = form.group(1).upper()
    if p := _PERIOD.search(text):
        meta.period_end = _en_iso(p.group(2), p.group(3), p.group(4))
        meta.fiscal_year = int(p.group(4))
        if p.group(2).lower() == "january" and int(p.group(3)) <= EARLY_JANUARY_DAY:
            meta.fiscal_year -= 1
        if "year" in p.group(1).lower():
            meta.fiscal_period = "FY"
    if e := _EVENT.search(text):
        meta.report_date = _en_iso(e.group(1), e.group(2), e.group(3))
        meta.fiscal_year = meta.fiscal_year or int(e.group(3))  # an 8-K belongs to the year of its event
    if meta.report_type != "10-K" and (q := _QUARTER.search(text[:HEADLINE_CHARS])):
        meta.fiscal_period = QUARTER_WORDS[q.group(2).lower()]
        year = q.group(1) or q.group(3)
        meta.fiscal_year = int(year) if year else meta.fiscal_year
    if meta.fiscal_year is None and (f := _FISCAL_YEAR.search(text[:HEADLINE_CHARS])):
        meta.fiscal_year, meta.fiscal_period = int(f.group(1)), meta.fiscal_period or "FY"
    return meta


def from_chinese_cover(text: str) -> DocumentMeta:
    meta = DocumentMeta()
    if m := _ZH_CODE.search(text):
        meta.company_code = m.group(1)
    if m := _ZH_SHORT.search(text):
        meta.company = m.group(1)
    for line in text.splitlines():
        if m := _ZH_FULL.match(re.sub(r"\s+", "", line)):
            meta.company_full = m.group(1)
            break
    if meta.company is None and meta.company_full:
        meta.company = _ZH_SUFFIX.sub("", meta.company_full) or meta.company_full
    if m := _ZH_REPORT.search(text):
        meta.fiscal_year = int(m.group(1))
        meta.fiscal_period = ZH_PERIODS[m.group(2)]
        meta.report_type = "annual_report" if m.group(2) == "年度" else f"{m.group(2)}报告"
        meta.period_end = f"{meta.fiscal_year}-{QUARTER_END[meta.fiscal_period]}"
    elif _ZH_PROSPECTUS.search(text):
        meta.report_type = "prospectus"
    if m := _ZH_DATE.search(text):
        meta.report_date = _iso(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if meta.company is None and meta.company_code is None and (m := _ZH_LISTED.search(text)):
        meta.company, meta.company_code = m.group(1), m.group(2)  # a research report on a listed company
        meta.report_type = meta.report_type or ("research_report" if "研究" in text else None)
        after = text[m.end() : m.end() + ZH_DATE_WINDOW]
        if meta.report_date is None and (d := _ZH_ISSUE_DATE.search(after)):
            meta.report_date = _iso(int(d.group(1)), int(d.group(2)), int(d.group(3)))
    return meta


def overlay(base: DocumentMeta, top: DocumentMeta) -> DocumentMeta:
    """``top``'s values win wherever they are set."""
    merged = dataclasses.replace(base)
    for f in dataclasses.fields(DocumentMeta):
        value = getattr(top, f.name)
        if value not in (None, [], ""):
            setattr(merged, f.name, value)
    return merged


def extract_meta(file: str, cover_text: str, language: str) -> DocumentMeta:
    """Metadata from the cover text (first pages) over the file-name patterns."""
    named = from_file_name(file)
    cover_text = cover_text.replace("\xa0", " ").replace("\u3000", " ")
    zh = language == "zh" or bool(re.search(r"[\u4e00-\u9fff]{6}", cover_text))
    cover = from_chinese_cover(cover_text) if zh else from_english_cover(cover_text)
    if named.fiscal_period and named.fiscal_period.startswith("Q") and cover.fiscal_period is None:
        # fiscal quarters follow the company's fiscal year, which only the file name encodes
        cover.fiscal_year, cover.fiscal_period = named.fiscal_year, named.fiscal_period
    meta = overlay(named, cover)
    if meta.period_end is None and meta.fiscal_year and meta.fiscal_period in ("FY", "H1") and zh:
        meta.period_end = f"{meta.fiscal_year}-{QUARTER_END[meta.fiscal_period]}"
    aliases = [
        a
        for a in (named.company, named.company_full, meta.company, meta.company_full, meta.company_code)
        if a
    ]
    meta.aliases = list(dict.fromkeys(aliases))
    labels = REPORT_LABELS_ZH if zh else REPORT_LABELS_EN
    label = labels.get(meta.report_type or "", meta.report_type)
    parts = [meta.company_full or meta.company, str(meta.fiscal_year) if meta.fiscal_year else None, label]
    meta.title = " ".join(p for p in parts if p) or None
    return meta


# "英文名称： XIAMEN ANNE CORPORATION LIMITED", "外文名称 SQUARE TECHNOLOGY GROUP CO.,LTD": a Chinese filer's
# English name, printed on its basic-information page
_ENGLISH_NAME = re.compile(
    r"(?:英文名称|外文名称|英文全称)[\s:：|]*([A-Za-z][A-Za-z0-9&.,，'’()\- ]{3,80})"  # a table cell too
)


def english_name(text: str) -> str | None:
    """The first English name a Chinese filing prints for itself, its commas spaced ("Co., Ltd.") so the
    legal form comes off its short forms; None when it prints none."""
    m = _ENGLISH_NAME.search(text)
    if m is None:
        return None
    name = re.sub(r"\s*[,，]\s*", ", ", m.group(1))
    name = re.sub(r"\s+\d+$", "", name.strip())  # "Co., Ltd. 4、注册资本": the next item's number
    return re.sub(r"\s+", " ", name).strip(" ,")
