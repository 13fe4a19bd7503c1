from __future__ import annotations

from finrag.answer.premise import correction_text, find_correction

from .helpers import make_chunk, make_doc


def test_correction_names_the_listing_of_the_company_asked_about() -> None:
    sifang = make_doc([], company="四方科技", file="sifang.pdf")
    aikang = make_doc([], company="爱康科技", file="江苏爱康太阳能科技股份有限公司.PDF")
    context = [
        (1, make_chunk(sifang, "公司股票在上海证券交易所上市，股票代码为603339。", 3, n=1)),
        (
            2,
            make_chunk(
                aikang, "江苏爱康太阳能科技股份有限公司本次发行后拟申请在深圳证券交易所上市。", 1, n=2
            ),
        ),
    ]
    c = find_correction("江苏爱康太阳能公司在美国纽约证券交易所的股票代码是什么？", context)
    assert c is not None and c.found == "深圳证券交易所" and c.n == 2
    text = correction_text(c, "zh")
    assert "纽约证券交易所" in text and "深圳证券交易所" in text and text.endswith("[2]")


def test_no_correction_when_the_venue_is_in_the_documents() -> None:
    doc = make_doc([], company="Acme", language="en", file="acme.pdf")
    context = [(1, make_chunk(doc, "Our stock trades on the New York Stock Exchange under ACME.", 2))]
    assert find_correction("What is Acme's ticker on the NYSE?", context) is None
    assert find_correction("What is Acme's ticker?", context) is None
