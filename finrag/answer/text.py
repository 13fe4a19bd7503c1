"""Sentences, content terms and numbers of answer/evidence text (zh and en)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

import rjieba

from finrag.chunk.build import heading_prefix
from finrag.model import Chunk

# a full stop after an initial, a title or a note's number ("Mary N. Dillon", "U.S. Steel", "Mr. Smith", "Note
# 17. Quarterly Financial Data") ends no sentence
_NOT_END = (
    r"(?<![\s(.][A-Z]\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bMrs\.)(?<!\bNo\.)(?<!\bvs\.)"
    r"(?<!(?i:note) \d\.)(?<!(?i:note) \d\d\.)"
)
_SENTENCE_END = re.compile(rf"(?<=[。！？!?；;])|(?<=\.){_NOT_END}\s+(?=[A-Z(\"“\[])|\n+")
_LEADING_CITES = re.compile(r"^(?:\s*\[\d{1,3}\])+")
_CITE = re.compile(r"\[(\d{1,3})\]")
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,])[-−]?\(?\d[\d,]*(?:\.\d+)?\)?%?")
_WORD = re.compile(r"[a-z][a-z0-9&'\-]+|\d+(?:\.\d+)?")
# a heading's or caption's number before its title: "十、", "(1).", "64、 ", "②"
CJK = re.compile(r"[\u4e00-\u9fff]")  # a Chinese character
HEADING_NUMBER = re.compile(r"^[\s\d①-⑳一二三四五六七八九十()（）、.．:：]+")
_SUFFIX = re.compile(r"(?:股份有限公司|有限责任公司|有限公司|集团|公司)$")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_STOP_ZH = _words(
    "的 是 在 了 和 与 及 或 有 为 对 中 多少 什么 哪些 哪个 如何 怎么 怎样 请问 请 根据 公司 年报 年度 情况"
    " 简要 介绍 一下 能否 给 我 描述 具体 分析 报告 报告期 数据 是否 呢 吗 元 年 上 下 其 该 这 那 本 分别"
    " 以及 谁 哪 保留 两位 小数 位 概述 针对 提供 内 事件 对应 主体 披露 日期 时间 所属 标的 数量 下文 发生"
    " 涉及 完成 相关 哪家 哪个 有关 方面 类型 姓名 截至 截止"
    # the document a figure is read from and how it shows it ("招股意向书中列示的…"), no topic
    " 招股 意向书 说明书 招股书 增发 列示 列明 所列"
    # colloquial "一共发了多少": how it is asked, no topic
    " 一共 总共 共计 发了 花了 赚了 亏了 付了 收了 拿了"
    # how a rate is worked out ("以2008年为基期", "按…计算"), no topic
    " 基期 为基期 计算 算术 平均值"
    # how a worked-out figure is checked ("按…的口径算出来…和招股书列示的一致吗"), no topic
    " 口径 出来 算出 一致 相符 吻合"
    # how a change over years or a multiple is asked ("累计下降了多少个百分点", "是2009年的几倍"), no topic
    " 累计下降 累计上升 累计增长 几倍 哪一年 哪年"
)
_STOP_EN = _words(
    "the a an of in on at for to from by and or is are was were be been what which who how did does do has"
    " have its it this that with as per answer question please calculate using based provide units unit round"
    " decimal place places usd million millions fy year years total amount much many company's company"
    " statement information details primarily referencing considering according we need reasonable"
    " approximation exact number if possible basing judgment plainly provided clearly outlined shown"
    " within only your when among drawing conclusions stated roughly drove expected had during using"
    " numerator denominator annual respond answers describe describes described explain explains them they"
    " whom whose identify identifies identified you get"
    " would could should will may might can say says said tell"  # "How did X say it would pay for …"
    " prospectus"  # "according to its prospectus": where a figure is read, no topic
)


# English endings a filing may print a question's word with ("competitors" / "competitive", "competition")
_ENDINGS = re.compile(r"(?:ors|ers|ions|ion|ive|ing|ed|es|s)$")
MIN_STEM = 6  # shorter stems match unrelated words


def stem_words(text: str) -> set[str]:
    """The singular stems of an English text's words ("advertising expenses" and "advertising expense")."""
    return {singular_stem(w) for w in re.findall(r"[a-z][a-z'&-]+", text.lower())}


def singular_stem(word: str) -> str:
    """``word_stem`` of a word and of its plural alike ("expenses" and "expense", "liabilities" and
    "liability")."""
    word = word.strip("'-")
    if word.endswith("ies") and len(word) > 4:
        return word_stem(word[:-3] + "y")
    return word_stem(word[:-1] if word.endswith("s") and not word.endswith("ss") else word)


def word_stem(word: str) -> str:
    """An English word without its inflectional or agent ending, when the rest is long enough to mean it;
    other words as they are."""
    stem = _ENDINGS.sub("", word) if word.isascii() else word
    return stem if len(stem) >= MIN_STEM else word


def split_sentences(text: str) -> list[str]:
    """Sentences; citation markers right after a full stop stay with the sentence they cite."""
    out: list[str] = []
    for piece in _SENTENCE_END.split(text):
        piece = (piece or "").strip()
        lead = _LEADING_CITES.match(piece)
        if lead and out:
            out[-1] += lead.group(0).strip()
            piece = piece[lead.end() :].strip()
        if piece:
            out.append(piece)
    return out


def body_of(chunk: Chunk) -> str:
    """A chunk's text without its first line when that line is the heading path ("PART II > Item 8. ...
    > Note 9 ..."): the path is there for search, it is no sentence to quote (split at "Item 8." it
    would read as one)."""
    head = heading_prefix(chunk.section_path)
    if head and (chunk.text == head or chunk.text.startswith(head + "\n")):
        return chunk.text[len(head) + 1 :]
    return chunk.text


def terms(text: str, keep: tuple[str, ...] = ()) -> list[str]:
    """Content terms: jieba words (>= 2 chars) for Chinese, lower-cased words for English, no stop words;
    words of ``keep`` found in ``text`` are terms whole (jieba cuts "约谈" into two characters)."""
    low = text.lower()
    out = [w for w in keep if w and w.lower() in low]
    for part in re.split(r"[^\u4e00-\u9fff]+", low):
        if part:
            out.extend(w for w in rjieba.cut(part) if len(w) >= 2 and w not in _STOP_ZH)
    words = (w.removesuffix("'s").removesuffix("’s").rstrip("'’") for w in _WORD.findall(low))  # "works'"
    out.extend(w for w in words if w not in _STOP_EN and len(w) >= 2)
    return list(dict.fromkeys(out))


def prints_any(text: str, wordings: list[str]) -> bool:
    """Whether ``text`` prints one of ``wordings`` (lower-case): Latin ones as written, Chinese ones
    ignoring the stray spaces PDFs put between characters ("营 业 收 入")."""
    low = " ".join(text.lower().split())
    packed = low.replace(" ", "")
    return any(w in low if w.isascii() else w.replace(" ", "") in packed for w in wordings if w)


def citations_in(text: str) -> list[int]:
    return [int(m) for m in _CITE.findall(text)]


def row_cells(line: str) -> list[str]:
    """A chunk's markdown table row ("| Net sales | 1,234 | 1,100 |") as its stripped cells."""
    return [c.strip() for c in line.strip().strip("|").split("|")]


def table_span(lines: list[str], at: int) -> tuple[int, int]:
    """The markdown table rows around line ``at`` (each starting "|"): its first row and the row after it."""
    start = at
    while start > 0 and lines[start - 1].startswith("|"):
        start -= 1
    end = at + 1
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return start, end


def strip_citations(text: str) -> str:
    return _CITE.sub("", text)


def numbers_in(text: str) -> list[Decimal]:
    """Numbers stated in ``text`` (citation markers excluded), as Decimals without sign or grouping."""
    out: list[Decimal] = []
    for raw in _NUMBER.findall(strip_citations(text)):
        cleaned = raw.strip("()%-−").replace(",", "")
        try:
            out.append(Decimal(cleaned))
        except InvalidOperation:
            continue
    return out


def number_forms(value: Decimal) -> set[Decimal]:
    """A number and its usual restatements (rounded to 0-2 places) for support checks."""
    forms = {value.normalize()}
    for places in (0, 1, 2):
        try:
            forms.add(value.quantize(Decimal(1).scaleb(-places)).normalize())
        except InvalidOperation:  # more digits than the decimal context holds (a 27-digit "number")
            continue
    return forms


def _pairs(text: str) -> set[str]:
    t = "".join(text.lower().split())
    return {t[i : i + 2] for i in range(len(t) - 1)} if len(t) > 1 else {t}


def coverage(name: str, text: str) -> float:
    """Share of ``name``'s character pairs found in ``text`` (English names: share of words); ``text``
    is expected in lower case."""
    if name.isascii():
        words = [w for w in name.lower().replace("'s", "").split() if len(w) > 1]
        # whole words: "Lowe" is not in "lower"
        return (
            sum(bool(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text)) for w in words) / len(words)
            if words
            else 1.0
        )
    pairs = _pairs(_SUFFIX.sub("", name) or name)  # "股份有限公司" is in every filing: not evidence
    return sum(p in text for p in pairs) / len(pairs)


_IES = re.compile(r"(?<=[a-z])ies\b")
_S = re.compile(r"(?<=[a-z]{2})(?<![su])s\b")  # not "gross", "bonus"


def singular(text: str) -> str:
    """English words in lower case and singular ("Deferred Tax Liabilities" -> "deferred tax liability"),
    to compare headings and questions that inflect them differently."""
    return _S.sub("", _IES.sub("y", text.lower()))
