"""Fetching the facts a question may need: the rows its line items allow (their synonyms, the longer label
it writes out, the total row of a table titled by an item), and the names its companies go by."""

from __future__ import annotations

import re
from dataclasses import replace

from finrag.answer.definition_terms import zh_row_form
from finrag.answer.lexicon import (
    ROW_UNITS,
    LineItemMatch,
    contained_forms,
    key_word,
    normalise,
    synonyms,
)
from finrag.answer.lookup import FALLBACK
from finrag.answer.periods import ZH_QUARTER_ROWS
from finrag.answer.row_asks import measure_after, part_after
from finrag.answer.text import HEADING_NUMBER
from finrag.answer.zh_labels import zh_total_forms
from finrag.index.store import Store
from finrag.model import AccessScope, Fact, Filters, Hit

_EN_ROW_UNITS = ("millions", "in millions", "thousands", "in thousands")  # a row printed with its unit
MIN_ZH_CONTAINED = 4  # a Chinese row name this long is specific enough to fetch rows that contain it
SPELLED_WORDS = 5  # a row label the question writes out may run this many words past the item matched


def fetch_facts(
    store: Store, filters: Filters, items: list[LineItemMatch], doc_ids: list[str], question: str = ""
) -> list[Fact]:
    """Facts of the retrieved documents whose normalised line item is one the question's items allow; the
    total row of a table titled by an item when the ``question`` asks a total of an item no row is
    labelled with ("非经常性损益合计") or a part of an item's balance ("商誉减值准备": the total of
    "(2).商誉减值准备")."""
    names: list[str] = []
    contained: list[str] = []  # "purchases of property, plant and equipment (pp&e)" is capex too
    for it in items:
        for concept in (it.concept, FALLBACK.get(it.concept, "")):
            names.extend(synonyms(concept) if concept else [])
            contained.extend(contained_forms(concept) if concept else [])
        names += [normalise(it.printed), *_spelled_forms(question, it)]
        names += [de] if not it.concept and (de := de_form(it.printed)) else []  # "研发人员的数量"
        names += [] if it.concept else list(zh_total_forms(normalise(it.printed)))  # "在职员工的数量合计"
        word = None if it.concept else key_word(it.printed)
        contained.extend([word] if word else [])
        if not it.concept and not it.printed.isascii() and len(it.printed) >= MIN_ZH_CONTAINED:
            contained.append(normalise(it.printed))  # a row that adds its unit: "合计销售金额(万元)"
        if row := zh_row_form(it):  # "固定资产账面净值合计": the 固定资产 note's "净值合计"
            names.append(normalise(row.printed))
        if not it.printed.isascii() and (part := part_after(question, it)):
            names.append(normalise(it.printed + part))  # "其他应收款的坏账准备": the row "其他应收款坏账准备"
        if measure := measure_after(question, it):  # "四氧化三锰的销售量": the 销售量 rows of its block
            contained.append(measure)
    # the row printed with its unit after the name ("基本每股收益（元／股）"): the same row
    names += [f"{n}({u})" for n in set(names) if n and not n.isascii() for u in ROW_UNITS]
    names += [f"{n}(元)" for n in set(names) if "每股" in n]  # "每股净资产(元)": a per-share row's unit
    names += [
        f"{n} ({u})" for n in set(names) if n and n.isascii() for u in _EN_ROW_UNITS
    ]  # "Sales (millions)"
    scoped = Filters(
        access=filters.access, doc_ids=doc_ids or list(filters.doc_ids), companies=filters.companies
    )
    facts = store.get_facts(
        scoped, line_items=sorted(set(n for n in names if n)), containing=sorted(set(contained))
    )
    if not any(_EFFECT.search(normalise(it.printed)) for it in items):  # no effect asked: no effect's row
        facts = [f for f in facts if f.line_item_norm in names or not _EFFECT.search(f.line_item_norm)]
    if not _ASKS_ACCUMULATED.search(question.lower()):  # "depreciation expense": no accumulated balance
        facts = [f for f in facts if f.line_item_norm in names or not _ACCUMULATED.search(f.line_item_norm)]
    titled = [it for it in items if it.printed and part_after(question, it)]
    if _TOTAL_ASKED.search(question):
        titled += [
            it for it in items if it.printed and not any(of_item(f.line_item_norm, it) for f in facts)
        ]
    facts += _quarter_rows(store, scoped, items) if _QUARTER_ASKED.search(question) else []
    unprinted = [
        it for it in items if _zh_named(it) and not any(of_item(f.line_item_norm, it) for f in facts)
    ]
    facts += _titled_tails(store, scoped, unprinted) if unprinted else []
    return facts + _titled_totals(store, scoped, titled) if titled else facts


def _zh_named(item: LineItemMatch) -> bool:
    return bool(item.printed) and not item.concept and not item.printed.isascii()


def _titled_tails(store: Store, scoped: Filters, items: list[LineItemMatch]) -> list[Fact]:
    """A row printing the tail of a Chinese item no row is labelled with, in a table whose title writes the
    whole item ("本公司成立以来员工人数的变化情况如下：| 人数 |" for "员工人数"): that item's row."""
    out: list[Fact] = []
    for it in items:
        whole = normalise(it.printed)
        tails = [whole[k:] for k in range(1, len(whole) - 1)]  # down to two characters
        for f in store.get_facts(scoped, line_items=tails) if tails else []:  # no list: every row
            if whole in normalise(f.statement):
                out.append(replace(f, line_item_norm=whole))
    return out


# a row reconciling a total by an item's effect ("视同销售收入的影响", "不可抵扣的成本的影响"): not the
# item's own figure, only read as one where the question asks an effect
_EFFECT = re.compile(r"影响(?:数|额|金额)?$")
_ASKS_ACCUMULATED = re.compile(r"\baccumulated\b|累计")
# a row of the accumulated balance itself ("Less accumulated depreciation", "减：累计折旧"), not one netting
# it ("Property and equipment, net of accumulated depreciation")
_ACCUMULATED = re.compile(
    r"^(?:less:?\s*|减[:：]?)?(?:accumulated\s+(?:depreciation|amortization|depletion)\b|累计(?:折旧|摊销))"
)
TOTAL_ROWS = ("合计", "总计", "total")  # a table's closing row, normalised
_TOTAL_ASKED = re.compile(r"合计|总计|\btotal\b", re.I)


def of_item(label: str, item: LineItemMatch) -> bool:
    return label == normalise(item.printed) or (bool(item.concept) and label in synonyms(item.concept))


def _titled_totals(store: Store, scoped: Filters, items: list[LineItemMatch]) -> list[Fact]:
    """The total row of a table whose title opens with an item no row is labelled with ("十、非经常性损益项目
    和金额" ... "合计"): that item's total, labelled as the item."""
    out: list[Fact] = []
    for f in store.get_facts(scoped, line_items=list(TOTAL_ROWS)):
        title = HEADING_NUMBER.sub("", normalise(f.statement))  # "十、 非经常性损益项目和金额"
        item = next((it for it in items if _titles(title, it)), None)
        if item is not None:
            label = f"{f.statement.strip()} {f.line_item}"
            out.append(replace(f, line_item=label, line_item_norm=normalise(item.printed)))
    return out


def _titles(title: str, item: LineItemMatch) -> bool:
    """The title opens with the item ("非经常性损益项目和金额"), or names an item no lexicon knows as a
    Chinese table's subject ("报告期内公司的环保投入情况"; a statement item is in many notes' titles)."""
    name = normalise(item.printed)
    return title.startswith(name) or (not item.concept and not name.isascii() and f"的{name}" in title)


# quarters printed down a table's side ("5、营业收入季节性分析": | 第三季度 | 17,888.28 | … | by year)
_QUARTER_ASKED = re.compile(r"季度|上半年|下半年")


def _quarter_rows(store: Store, scoped: Filters, items: list[LineItemMatch]) -> list[Fact]:
    """Rows named by a quarter in a table whose caption names an item asked, read as that item's figure of
    that quarter of the column's year."""
    out: list[Fact] = []
    forms = [(it, _written_forms(it)) for it in items]  # "营收" asked: the caption says 营业收入 (a synonym)
    for f in store.get_facts(scoped, line_items=list(ZH_QUARTER_ROWS)):
        title = normalise(f.statement)
        item = next((it for it, names in forms if any(n in title for n in names)), None)
        if item is not None and f.fiscal_year is not None:
            label = f"{f.statement.strip()} {f.line_item}"
            quarter = ZH_QUARTER_ROWS[f.line_item_norm]
            column = f"{f.fiscal_year}年{f.line_item}"  # "2009年第三季度": not the year's "2009年度" column
            row = normalise(item.printed)
            out.append(
                replace(f, line_item=label, line_item_norm=row, fiscal_period=quarter, column_label=column)
            )
    return out


def _written_forms(item: LineItemMatch) -> list[str]:
    """An item as the question writes it and, for a known one, its other Chinese names."""
    others = [normalise(s) for s in synonyms(item.concept) if not s.isascii()] if item.concept else []
    return [normalise(item.printed), *others]


def _spelled_forms(question: str, item: LineItemMatch) -> list[str]:
    """Longer row labels the question may write where it names an English item: the item and each of up to
    SPELLED_WORDS words after it ("net earnings from continuing operations")."""
    if item.start < 0 or not question or not item.printed.isascii():
        return []
    words = normalise(question[item.start :]).split()
    n = len(normalise(item.printed).split())
    return [" ".join(words[:k]) for k in range(n + 1, min(len(words), n + SPELLED_WORDS) + 1)]


def known_companies(store: Store, hits: list[Hit], access: AccessScope) -> list[str]:
    """Company names, codes and aliases of the retrieved documents (what a question may call them)."""
    names: set[str] = set()
    for doc_id in dict.fromkeys(h.chunk.doc_id for h in hits):
        record = store.get_document(doc_id, access)
        if record is not None:
            m = record.meta
            names.update(n for n in [m.company, m.company_full, m.company_code, *m.aliases] if n)
    names.update(h.chunk.meta.company for h in hits if h.chunk.meta.company)
    return sorted(names)


# the measure a Chinese row names after "的" that a question may write without it ("研发人员的数量")
_MEASURES_AFTER_DE = ("数量", "人数", "金额", "余额", "比例", "比重", "占比")


def de_form(printed: str) -> str | None:
    """A Chinese item written without "的" before its measure ("公司研发人员数量"), as a row may print it
    ("公司研发人员的数量"); None when it has one or names no such measure."""
    text = normalise(printed)
    if "的" in text or text.isascii():
        return None
    suffix = next((s for s in _MEASURES_AFTER_DE if text.endswith(s) and len(text) > len(s) + 1), None)
    return f"{text.removesuffix(suffix)}的{suffix}" if suffix else None
