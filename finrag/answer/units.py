"""Numbers and units as printed in tables: "(1,234.56)", "—", "12.3%", "单位：万元", "in millions"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

# Cells that mean "no value" in statements (dash variants, n/a markers).
_EMPTY = {"", "-", "--", "—", "——", "–", "－", "―", "n/a", "na", "n.a.", "不适用", "无", "/", "*"}
_FULLWIDTH = str.maketrans("０１２３４５６７８９，．（）－％", "0123456789,.()-%")
_CURRENCY = re.compile(r"^(?:rmb|cny|usd|us\$|hk\$|\$|¥|￥|€|£)\s*", re.IGNORECASE)
_NUMBER = re.compile(r"^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")

# Scale words, longest first so that "百万元" wins over "万元".
_ZH_UNITS: list[tuple[str, Decimal]] = [
    ("百万元", Decimal(1_000_000)),
    ("千万元", Decimal(10_000_000)),
    ("亿元", Decimal(100_000_000)),
    ("万元", Decimal(10_000)),
    ("千元", Decimal(1_000)),
    ("元", Decimal(1)),
]
_EN_UNITS: list[tuple[re.Pattern[str], str, Decimal]] = [
    (re.compile(r"\bin\s+billions?\b|\$\s*billions?\b", re.I), "billions", Decimal(1_000_000_000)),
    # "($MM)": how earnings releases abbreviate millions
    (
        re.compile(r"\bin\s+millions?\b|\$\s*millions?\b|\(millions?\)|\(\$\s*MM\)", re.I),
        "millions",
        Decimal(1_000_000),
    ),
    (re.compile(r"\bin\s+thousands?\b|\$\s*thousands?\b|\(thousands?\)", re.I), "thousands", Decimal(1_000)),
]
_ZH_UNIT_CONTEXT = re.compile(
    r"(?:单位|金额单位|币种|人民币)[：:\s]*(?:人民币)?\s*(百万元|千万元|亿元|万元|千元|元)"
)
_ZH_PAREN_UNIT = re.compile(r"[（(]\s*(?:单位[：:])?\s*(?:人民币)?(百万元|千万元|亿元|万元|千元|元)\s*[)）]")


# a measure named with its unit, percent: "净资产收益率（%）", "毛利率(%)" (a bare "(%)" may head a share)
_NAMED_PERCENT = re.compile(r"[\u4e00-\u9fff]{2}\s*[（(]\s*[%％]\s*[)）]")
_PER_SHARE_YUAN = re.compile(r"[（(]\s*元\s*[/／]\s*股\s*[)）]")

# "$534 million": a dollar amount in running English text and its scale word (group 1 the number, 2 the word)
DOLLAR_AMOUNT = r"\$\s?(\d[\d,]*(?:\.\d+)?)(?:\s*(million|billion|thousand)\b)?"
SCALE_WORD = {"thousand": Decimal(1_000), "million": Decimal(1_000_000), "billion": Decimal(1_000_000_000)}

@dataclass(slots=True, frozen=True)
class ParsedNumber:
    value: Decimal
    percent: bool  # the cell carried a "%" sign


@dataclass(slots=True, frozen=True)
class Unit:
    label: str  # as it should be shown: "元", "万元", "millions", "%"
    scale: Decimal  # multiplier to the base unit (万元 -> 10000; % -> 1)


PERCENT = Unit("%", Decimal(1))


_FOOTNOTE = re.compile(r"(?<=\d)\([a-z]\)$")


def parse_number(cell: str) -> ParsedNumber | None:
    """A table cell as a Decimal: parentheses or a leading minus make it negative; dashes are empty."""
    text = cell.translate(_FULLWIDTH).strip().replace(" ", "").replace("\u00a0", "")
    text = _FOOTNOTE.sub("", text)  # "300,066 (e)": the amount and its footnote's letter
    if text.lower() in _EMPTY:
        return None
    negative = False
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1]
    text = _CURRENCY.sub("", text).removesuffix("$")  # "$9,889 $": the next column's sign read into this cell
    if text.startswith("(") and text.endswith(")"):
        negative, text = True, text[1:-1]
    percent = text.endswith("%")
    if percent:
        text = text[:-1]
    if text.startswith("-") and len(text) > 1:
        negative, text = not negative, text[1:]
    text = text.lstrip("+")
    if not _NUMBER.match(text):
        return None
    try:
        value = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None
    return ParsedNumber(-value if negative else value, percent)


def detect_unit(text: str) -> Unit | None:
    """The unit a caption, header or "单位：万元" line declares, or None."""
    if not text:
        return None
    m = _ZH_UNIT_CONTEXT.search(text) or _ZH_PAREN_UNIT.search(text)
    if m:
        return zh_unit(m.group(1))
    for pattern, label, scale in _EN_UNITS:
        if pattern.search(text):
            return Unit(label, scale)
    stripped = text.strip()
    if stripped in {"%", "（%）", "(%)"} or stripped.endswith(("(%)", "（%）")):
        return PERCENT
    if _NAMED_PERCENT.search(text):  # "净资产收益率（%） 全面摊薄": a column under a rate's heading
        return PERCENT
    if _PER_SHARE_YUAN.search(text):  # "每股收益（元/股）" in a table of 万元: yuan a share, unscaled
        return Unit("元", Decimal(1))
    return None


def zh_unit(word: str) -> Unit:
    for label, scale in _ZH_UNITS:
        if word == label:
            return Unit(label, scale)
    raise ValueError(f"not a Chinese money unit: {word}")


def unit_from_label(label: str | None) -> Unit | None:
    """A stored unit label ("万元", "millions", "%") back to a Unit."""
    if not label:
        return None
    if label == "%":
        return PERCENT
    for word, scale in _ZH_UNITS:
        if label.endswith(word):
            return Unit(label, scale)
    for _, name, scale in _EN_UNITS:
        if name in label.lower():
            return Unit(label, scale)
    return None


def format_number(value: Decimal, places: int | None = 2, *, grouping: bool = True) -> str:
    """Decimal -> "1,175,301,034.32" (``places=None`` keeps the value's own digits)."""
    if places is not None:
        value = value.quantize(Decimal(1).scaleb(-places))
    text = f"{value:,f}" if grouping else f"{value:f}"
    return text
