"""Extractive answers quote the evidence's sentences, never the heading path a chunk's text starts with."""

from __future__ import annotations

from finrag.answer.extractive import extractive_answer
from finrag.answer.text import body_of
from finrag.model import Chunk, ChunkKind, ChunkMeta

PATH = ["PART II", "Item 8. Financial Statements and Supplementary Data", "Note 9 – Customer Financing",
        "Rating categories"]
BODY = ("Customer financing is concentrated among a limited number of airline customers. "
        "Commercial Airplanes revenue represented 39% of total revenue in 2022.")


def _chunk(text: str, path: list[str]) -> Chunk:
    meta = ChunkMeta("ACME_2022_10K.pdf", "filing", "en", company="Acme")
    return Chunk("c1", "d1", text, ChunkKind.TEXT, [83], path, meta)


def test_the_heading_path_is_not_quoted_as_a_sentence() -> None:
    chunk = _chunk(" > ".join(PATH) + "\n" + BODY, PATH)
    question = "Which revenue categories represent more than 20% of revenue?"
    answer = extractive_answer(question, [(1, chunk)], 3, 600)
    assert "39% of total revenue" in answer
    assert "Rating categories" not in answer and "Note 9" not in answer  # the path, cut at "Item 8." before


def test_body_keeps_text_that_does_not_start_with_the_path() -> None:
    assert body_of(_chunk(" > ".join(PATH) + "\n" + BODY, PATH)) == BODY
    assert body_of(_chunk(BODY, PATH)) == BODY
    assert body_of(_chunk(BODY, [])) == BODY
    assert body_of(_chunk(" > ".join(PATH), PATH)) == ""  # a chunk that is only its heading


def test_sub_heading_paths_inside_a_merged_chunk_are_not_quoted() -> None:
    text = ("十七、积极履行社会责任的工作情况 > (一) 上市公司扶贫工作情况\n□适用 √不适用\n"
            "十七、积极履行社会责任的工作情况 > (二) 社会责任工作情况\n"
            "公司报告期内捐赠防疫物资，积极履行社会责任。")
    answer = extractive_answer("公司社会责任工作情况如何？", [(1, _chunk(text, ["第五节 重要事项"]))], 3, 600)
    assert "捐赠防疫物资" in answer and " > " not in answer
