"""A figure asked of one thing "alone" ("Fios video service alone", "in 2028 alone",
"气体罐式集装箱这一细分产品单独的毛利率"): an answer that never names that thing is the figure of something
wider (the segment, the product line, the schedule's later years), however close, and is no answer."""

from __future__ import annotations

import re

# up to four words before "alone": what the figure is asked of
_EN_ALONE = re.compile(r"((?:[\w&.'’()/-]+\s+){1,4}?)alone\b", re.I)
# words that end the name of the thing asked, read backwards from "alone"
_EN_STOP = frozenset(
    re.findall(
        r"\w+",
        "the its their in at on of for from by to did does do was were is are came come generate generated "
        "earn earned spend spent falls fall due",
    )
)
# kinds of thing, which an answer names in its own way ("the Gatorade brand": "Gatorade")
_EN_KIND = frozenset(
    re.findall(
        r"\w+", "brand brands segment business unit division franchise program product products line service"
    )
)
_PERIOD_WORD = re.compile(r"(?:quarter|month|week|year|fiscal|period|q[1-4]|ended)", re.I)
MIN_EN_WORD = 3  # shorter words ("in", "of") say nothing of the thing asked
# "…里，气体罐式集装箱这一细分产品单独的…": the run of characters before "单独", its kind word cut off
_ZH_ALONE = re.compile(r"([\u4e00-\u9fffA-Za-z0-9]{2,20}?)(?:这一(?:细分)?(?:产品|业务|项目|品种)?)?单独")
_ZH_BREAK = re.compile(r"[，,。；;：:、里中在的]|\d+年度?")  # what opens the name before "单独"
_ZH_ROLE = re.compile(r"^.*?(?:可比公司|全资子公司|控股子公司|子公司|公司)")  # "可比公司华能国际": the name
MIN_ZH_CHARS = 2
_SHARE_CLASS = re.compile(r"\b(?:Series|Class)\s+(?:[A-Z]{1,2}|[IVX]{1,4})\b(?!['’-])")


def unnamed_alone(question: str, text: str) -> str | None:
    """What the question asks a figure of alone that ``text`` (the answer) never names; None when it names
    it, or the question asks nothing alone. A class of shares named ("its Series I preferred stock", "Class B
    shares") is asked alone too: another series' dividend is no answer."""
    if (c := _SHARE_CLASS.search(question)) is not None and not re.search(rf"\b{c.group(0)}\b", text):
        return c.group(0)
    if (m := _ZH_ALONE.search(question)) is not None:
        name = _ZH_ROLE.sub("", _ZH_BREAK.split(m.group(1))[-1])
        return name if len(name) >= MIN_ZH_CHARS and name not in text else None
    if (e := _EN_ALONE.search(question)) is None:
        return None
    words: list[str] = []
    for w in reversed(e.group(1).split()):  # back to the verb or preposition before the thing asked
        if w.lower() in _EN_STOP:
            break
        words.insert(0, w.strip("()").lower())
    kept = [w for w in words if len(w) >= MIN_EN_WORD and w not in _EN_KIND]
    if any(_PERIOD_WORD.match(w) for w in kept):
        return None  # "the first quarter alone": a period, which answers name in many ways ("Q1")
    low = text.lower()
    return " ".join(kept) if any(w not in low for w in kept) else None
