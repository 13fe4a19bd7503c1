from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from finrag.errors import NotFoundError
from finrag.model import BBox
from finrag.serve.pages import POINTS_PER_INCH, PageRenderer, render_page_png
from finrag.serve.pages_text import Marks, needles
from tests.serve.conftest import make_pdf

DPI = 72  # 1 px per point keeps the pixel arithmetic below obvious


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_pdf(tmp_path_factory.mktemp("pages") / "two.pdf", [["first page"], ["second page"]])


def _pixel(png: bytes, x: float, y: float) -> tuple[int, ...]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    value = image.getpixel((int(x), int(y)))
    assert isinstance(value, tuple)
    return value


def test_page_renders_with_the_box_highlighted(pdf: Path) -> None:
    box = BBox(300, 400, 400, 450)
    png = render_page_png(pdf, "pdf", 2, [box], DPI)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and abs(image.width - 595) <= 1  # A4 width in points at 72 dpi
    r, g, b = _pixel(png, 350, 425)  # inside the box: yellow tint
    assert r > 200 and g > 200 and b < 200
    assert _pixel(png, 100, 600) == (255, 255, 255)  # elsewhere: untouched white page
    assert _pixel(png, 300 - 2, 425)[0] > 200 and _pixel(png, 300 - 2, 425)[1] < 100  # red outline


def test_without_boxes_the_page_is_plain(pdf: Path) -> None:
    png = render_page_png(pdf, "pdf", 1, [], DPI)
    assert _pixel(png, 350, 425) == (255, 255, 255)


def test_resolution_follows_the_dpi(pdf: Path) -> None:
    image = Image.open(io.BytesIO(render_page_png(pdf, "pdf", 1, [], 144)))
    assert abs(image.width - 595 * 144 / POINTS_PER_INCH) <= 2


@pytest.mark.parametrize(("media", "page"), [("pdf", 3), ("pdf", 0), ("docx", 1)])
def test_missing_pages_are_not_found(pdf: Path, media: str, page: int) -> None:
    with pytest.raises(NotFoundError):
        render_page_png(pdf, media, page, [], DPI)


def test_image_documents_have_one_page(tmp_path: Path) -> None:
    path = tmp_path / "scan.png"
    Image.new("RGB", (200, 100), "white").save(path)
    png = render_page_png(path, "image", 1, [BBox(50, 20, 150, 80)], DPI)
    assert _pixel(png, 100, 50)[2] < 200
    with pytest.raises(NotFoundError):
        render_page_png(path, "image", 2, [], DPI)


def test_renderer_process_renders_caches_and_reports_errors(pdf: Path) -> None:
    renderer = PageRenderer(DPI, cache_entries=4)
    try:
        first = renderer.render(pdf, "pdf", 1, [BBox(10, 10, 50, 50)])
        assert renderer.render(pdf, "pdf", 1, [BBox(10, 10, 50, 50)]) is first  # served from memory
        with pytest.raises(NotFoundError):
            renderer.render(pdf, "pdf", 9, [])
        renderer.forget(str(pdf))
        assert renderer.render(pdf, "pdf", 1, [BBox(10, 10, 50, 50)]) is not first
    finally:
        renderer.close()


def test_quoted_sentences_and_amounts_are_found_and_highlighted(tmp_path: Path) -> None:
    lines = ["Revenue for 2019 was 1,250 million dollars,", "up from 1,100 million in 2018.", "Other text."]
    path = make_pdf(tmp_path / "q.pdf", [lines])
    quote = "Revenue for 2019 was 1,250 million dollars, up from 1,100 million in 2018.[1]"
    png = render_page_png(path, "pdf", 1, Marks(quotes=[quote]), DPI)
    # make_pdf puts baselines 72, 96, 120 pt below the top edge: lines 1 and 2 tinted, line 3 not
    assert _pixel(png, 71, 72 - 4)[2] < 200
    assert _pixel(png, 71, 96 - 4)[2] < 200
    assert _pixel(png, 71, 120 - 4) == (255, 255, 255)


def test_fallback_to_the_chunk_text_when_quotes_are_not_on_the_page(tmp_path: Path) -> None:
    lines = ["营业收入为 1,256,780,432.15 元", "净利润为 310 万元"]
    path = make_pdf(tmp_path / "f.pdf", [lines], "STSong-Light")
    marks = Marks(quotes=["a paraphrase that is not printed anywhere"], fallback_quotes=["净利润为 310 万元"])
    png = render_page_png(path, "pdf", 1, marks, DPI)
    assert _pixel(png, 71, 96 - 4)[2] < 200 and _pixel(png, 71, 72 - 4) == (255, 255, 255)


def test_needles_skip_years_and_short_fragments() -> None:
    found = needles(["In 2019 revenue was 1,250.5 million [2]. Up.", "收入 | 12345"])
    assert "1,250.5" in found and "12345" in found
    assert any(n.startswith("In 2019 revenue was 1,250.5 million") for n in found)
    assert "2019" not in found and "Up." not in found
