from __future__ import annotations

import itertools

from finrag.chunk.merge import Piece, merge_text, naive_merge, split_sentences
from finrag.index.tokenize import count_tokens

ZH = (
    "公司主营业务为冷冻设备的研发、生产和销售。报告期内营业收入同比增长12.5%！"
    "净利润为1.2亿元；毛利率保持稳定？"
)
EN = (
    "Revenue grew 12% in 2018. Operating income was $7.2 billion, up from $6.9 billion. "
    "The U.S. segment led growth; international sales were flat! Cash flow remained strong."
)


def test_split_sentences_on_chinese_and_english_delimiters() -> None:
    zh = [p.text for p in split_sentences(ZH)]
    assert zh == [
        "公司主营业务为冷冻设备的研发、生产和销售。", "报告期内营业收入同比增长12.5%！",
        "净利润为1.2亿元；", "毛利率保持稳定？",
    ]
    en = [p.text for p in split_sentences(EN)]
    assert en[0] == "Revenue grew 12% in 2018."
    assert "The U.S. segment led growth;" in en  # "U.S." is not a sentence end


def test_offsets_point_back_into_the_text() -> None:
    for p in split_sentences(ZH, start=100):
        assert ZH[p.start - 100 : p.end - 100] == p.text


def test_chunks_respect_budget_and_never_end_mid_sentence() -> None:
    text = "".join(f"第{i}句话说明了报告期内的经营情况和主要财务数据。" for i in range(60))
    chunks = merge_text(text, max_tokens=60, overlap=0.15)
    assert len(chunks) > 3
    for c in chunks:
        assert count_tokens(c) <= 60
        assert c.endswith("。")
        assert c.startswith("第")


def test_overlap_repeats_whole_sentences() -> None:
    sentences = [f"Sentence number {i} has a few words." for i in range(30)]
    groups = naive_merge(split_sentences(" ".join(sentences)), max_tokens=40, overlap=0.25)
    for prev, nxt in itertools.pairwise(groups):
        assert nxt[0].text in [p.text for p in prev]  # the next chunk starts with the previous one's tail
    no_overlap = naive_merge(split_sentences(" ".join(sentences)), max_tokens=40, overlap=0.0)
    assert sum(len(g) for g in no_overlap) == 30


def test_oversized_sentence_is_cut_at_clauses_not_left_oversized() -> None:
    long_sentence = "，".join(f"第{i}项指标" for i in range(80)) + "。"
    groups = naive_merge([Piece(long_sentence, 0, len(long_sentence), 1)], max_tokens=50)
    assert len(groups) > 1
    for g in groups:
        t = "".join(p.text for p in g)
        assert count_tokens(t) <= 50
        assert t.endswith(("，", "。"))


def test_unbroken_text_is_hard_cut_within_budget() -> None:
    blob = "数" * 500
    groups = naive_merge([Piece(blob, 0, 500, 1)], max_tokens=100)
    assert len(groups) > 1
    assert all(count_tokens(g[0].text) <= 100 for g in groups)
    assert "".join(g[0].text for g in groups) == blob
