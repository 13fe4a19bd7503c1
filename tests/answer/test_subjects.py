"""What an event question is about: its subject, the wordings of its event, the chunks naming the subject."""

from __future__ import annotations

from finrag.answer.events import event_names, named_event, taxonomy, trigger_words
from finrag.answer.extractive import extractive_answer
from finrag.answer.query import analyze
from finrag.answer.subjects import filer_context, subject_context, subject_name, with_event_words
from finrag.answer.text import terms
from finrag.config import AnswerSettings

from .helpers import make_chunk, make_doc


def test_event_names_come_from_the_taxonomy_labels_and_their_cores() -> None:
    labels = {e.label for e in taxonomy().events}
    assert {"企业收购", "收购", "被约谈", "约谈", "解除质押", "质押"} <= set(event_names().pattern.split("|"))
    assert all(named_event(label) is not None for label in labels)
    assert named_event("程少良解除质押").label == "解除质押"  # type: ignore[union-attr]
    assert named_event("X股东减持").label == "股东减持"  # type: ignore[union-attr]
    assert subject_name("程少良解除质押事件对应的披露时间是什么？") == "程少良"
    assert subject_name("长实集团企业收购事件对应的收购标的是什么？") == "长实集团"


def test_an_event_word_jieba_would_cut_is_matched_whole() -> None:
    assert "约谈" not in terms("被约谈事件对应的主体有哪些？")  # jieba: 被/约/谈
    assert "约谈" in terms(with_event_words("被约谈事件对应的主体有哪些？"), keep=trigger_words())
    bankrupt = with_event_words("企业破产事件对应的主体有哪些？")  # "企业破产" is one jieba word
    assert {"破产", "清盘"} <= set(terms(bankrupt, keep=trigger_words()))


def test_an_event_answer_quotes_only_chunks_naming_its_subject() -> None:
    doc = make_doc([], company="", file="news.txt")
    other = (1, make_chunk(doc, "如有变动，金培荣先生将根据后续质押情况及时履行告知义务。", 1))
    own = (2, make_chunk(doc, "中国银行公告，自2020年9月11日起，崔世平就任独立非执行董事。", 2))
    asked = analyze("崔世平高管变动事件对应的变动类型是什么？")
    assert subject_context(asked, [other, own], AnswerSettings()) == [own]
    no_subject = analyze("高管变动事件对应的主体有哪些？")
    assert subject_context(no_subject, [other, own], AnswerSettings()) == [other, own]


def test_a_chunk_naming_the_subject_below_the_context_cut_joins_the_context() -> None:
    from finrag.answer.subjects import with_subject_chunks

    doc = make_doc([], company="", file="news.txt")
    others = [(n, make_chunk(doc, f"某公司高管变动的新闻第{n}条，董事长辞职。", n)) for n in (1, 2)]
    later = make_chunk(doc, "鉴于原激励对象中袁某芳因离职已不具备激励对象资格。", 3)
    asked = analyze("袁某芳高管变动事件对应的高管姓名是什么？")
    assert with_subject_chunks(asked, others, [later], AnswerSettings()) == [*others, (3, later)]
    named = [(1, later)]
    assert with_subject_chunks(asked, named, [others[0][1]], AnswerSettings()) == named


def test_a_quote_comes_only_from_the_named_filer_s_documents() -> None:
    costco = make_doc([], company="Costco Wholesale", year=2021, file="costco.pdf", language="en")
    corning = make_doc([], company="Corning", year=2021, file="corning.pdf", language="en")
    own = make_chunk(costco, "Costco leases land and buildings under finance leases.", 53, n=1)
    other = make_chunk(corning, "The weighted average discount rate for finance leases was 4.4%.", 85, n=2)
    asked = analyze("costco wtd-avg discount rate on finance leases, FY21?")
    asked.companies = ["Costco Wholesale"]
    names = {costco.doc_id: ["Costco Wholesale", "COST"], corning.doc_id: ["Corning", "GLW"]}
    context = [(1, own), (2, other)]
    kept = filer_context(asked, context, lambda doc_id: names[doc_id])
    assert kept == [(1, own)]
    assert "4.4%" not in extractive_answer(asked.question, kept, 3, 600)
    asked.companies = ["Generalmills"]  # the named company has no document here: nothing is dropped
    assert filer_context(asked, context, lambda doc_id: names[doc_id]) == context
