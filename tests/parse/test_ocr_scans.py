"""Real scans from ../shared/eval/docs/parsing (two Chinese book scans, one English business letter) come out
as readable paragraphs in reading order. One page of each, OCR'd together in one pool run."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.config import Settings
from finrag.model import Block, BlockKind
from finrag.parse.base import PageContent
from finrag.parse.ocr import PageJob, run_pages
from finrag.parse.ocr_engine import is_cjk

pytestmark = pytest.mark.shared

LETTER = "en_scanned_enron_letter_2001.pdf"
ZH_TWO = "zh_scanned_2pages_mineru_example.pdf"
ZH_EIGHT = "zh_scanned_8pages_mineru_small_ocr.pdf"


@pytest.fixture(scope="module")
def pages(shared_eval: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, PageContent]:
    from finrag.config import load_settings

    settings: Settings = load_settings(tmp_path_factory.mktemp("data"))
    folder = shared_eval / "docs" / "parsing"
    jobs = [
        PageJob("pdf", str(folder / LETTER), 0, 1),
        PageJob("pdf", str(folder / ZH_TWO), 1, 2),
        PageJob("pdf", str(folder / ZH_EIGHT), 0, 3),
    ]
    letter, zh_two, zh_eight = run_pages(jobs, settings.ocr)
    return {LETTER: letter, ZH_TWO: zh_two, ZH_EIGHT: zh_eight}


def _index(blocks: list[Block], start: str) -> int:
    return next(i for i, b in enumerate(blocks) if b.text.startswith(start))


def test_letter_date_addressee_and_signature_are_separate_paragraphs(pages: dict[str, PageContent]) -> None:
    blocks = pages[LETTER].blocks
    assert pages[LETTER].warnings == []
    texts = [b.text for b in blocks]
    assert "November 6, 2001" in texts  # the date alone
    addressee = blocks[_index(blocks, "Ms. Patricia F. Mire")].text
    assert (
        "Houston, Texas 77095-5002" in addressee and "November" not in addressee and "Dear" not in addressee
    )
    signature = blocks[_index(blocks, "Darrell Stovall")].text
    assert "Regards" not in signature and "Project Manager" in signature
    order = [
        _index(blocks, "November 6, 2001"),
        _index(blocks, "Ms. Patricia F. Mire"),
        _index(blocks, "Dear Ms. Mire"),
        _index(blocks, "In accordance with the provisions"),
        _index(blocks, "Regards"),
        _index(blocks, "Darrell Stovall"),
    ]
    assert order == sorted(order)
    body = blocks[order[3]].text  # a wrapped paragraph is one block, lines joined with spaces
    assert "Agreement for Longview, this letter" in body and body.endswith("information for Buyer.")
    assert not any("Endless possibilities" in t for t in texts)  # the footer slogan is dropped


@pytest.mark.parametrize(
    ("name", "phrases"),
    [
        (ZH_TWO, ["内在的交换价值似乎是", "某种特殊的商品，例如一夸特小麦", "用一个初级几何的例子"]),
        (ZH_EIGHT, ["物的有用性使物成为使用价值", "交换价值首先表现为量的关系"]),
    ],
)
def test_chinese_scans_are_readable_paragraphs_in_reading_order(
    pages: dict[str, PageContent], name: str, phrases: list[str]
) -> None:
    content = pages[name]
    assert content.warnings == []
    text_blocks = [b for b in content.blocks if b.kind is BlockKind.TEXT]
    assert all(b.source == "ocr" and b.confidence is not None and b.confidence >= 0.5 for b in text_blocks)
    long_paragraphs = [b for b in text_blocks if len(b.text) >= 60]
    assert len(long_paragraphs) >= 2  # lines were merged into paragraphs
    full = "".join(b.text for b in content.blocks)
    letters = [ch for ch in full if ch.isalpha()]
    assert sum(is_cjk(ch) for ch in letters) / len(letters) > 0.9
    where = [full.index(p) for p in phrases]  # each phrase read correctly, in reading order
    assert where == sorted(where)
    ys = [b.bbox.y0 for b in long_paragraphs if b.bbox is not None]
    assert ys == sorted(ys)  # one column: paragraphs go down the page
