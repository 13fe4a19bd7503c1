"""The geometry behind OCR pages, on hand-made boxes (no models): rows/columns of a tilted table, column-first
reading order, paragraph breaks, orientation box mapping, token joining, tesseract TSV reading."""

from __future__ import annotations

import math

import numpy as np

from finrag.parse.ocr_engine import OcrLine, join_tokens
from finrag.parse.ocr_layout import unrotate_box
from finrag.parse.ocr_lines import page_skew, paragraphs, reading_order, visual_lines
from finrag.parse.ocr_table import grid_runs, is_amount, rebuild_table
from finrag.parse.ocr_tesseract import parse_tesseract_tsv

H = 30.0  # line height in pixels


def box(text: str, x0: float, y0: float, w: float, tilt_deg: float = 0.0, page_w: float = 1600) -> OcrLine:
    """A box whose y is shifted by the page tilt (right side higher for positive tilt)."""
    shift = -(x0 + w / 2 - page_w / 2) * math.tan(math.radians(tilt_deg))
    return OcrLine(text, x0, y0 + shift, x0 + w, y0 + shift + H, 0.95, angle=tilt_deg, text_h=H)


def test_tilted_table_is_rebuilt_label_to_value_per_period() -> None:
    tilt = 1.5
    cells = [
        ["", "2019年", "2018年"],
        ["营业收入", "1,234,567.89", "1,143,120.00"],
        ["营业成本", "856,432.10", "801,765.43"],
        ["净利润", "(178,901.23)", "150,222.80"],
    ]
    boxes = []
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            if text:  # right-aligned numbers: widths differ, right edges line up
                w = 20.0 * len(text)
                boxes.append(box(text, [200, 900, 1400][c] - (w if c else 0), 100 + r * 50, w, tilt))
    table = rebuild_table(boxes, page_skew(boxes), 1600)
    assert table is not None
    assert table.header == [["", "2019年", "2018年"]]
    assert table.rows == [r for r in cells[1:]]


def test_non_grid_region_is_not_a_table() -> None:
    assert rebuild_table([box("一段文字", 100, 100, 600), box("另一段", 100, 150, 500)], 0.0, 1600) is None


def test_amounts_versus_years() -> None:
    assert is_amount("1,234.56") and is_amount("(1,234)") and is_amount("12.3%") and is_amount("-")
    assert not is_amount("2019") and not is_amount("2019年") and not is_amount("营业收入")


def test_two_columns_under_a_full_width_title_are_read_column_by_column() -> None:
    lines = [box("TITLE ACROSS THE WHOLE PAGE", 100, 50, 1400)]
    for i in range(4):  # lines of both columns at the same heights, as in a typeset report
        lines.append(box(f"left {i}", 100, 150 + i * 40, 600))
        lines.append(box(f"right {i}", 850, 150 + i * 40, 600))
    vls = visual_lines(lines, ["text"] * len(lines), 0.0, 1600)
    order = [v.text for v in reading_order(vls)]
    assert order == ["TITLE ACROSS THE WHOLE PAGE"] + [f"left {i}" for i in range(4)] + [
        f"right {i}" for i in range(4)
    ]


def test_boxes_on_one_line_merge_and_wrapped_lines_form_one_paragraph() -> None:
    words = [box("The company's revenue", 100, 100, 600), box("increased by eight percent in", 720, 100, 780)]
    wrapped = [box("the year, driven by higher sales volumes.", 100, 135, 900)]
    vls = visual_lines(words + wrapped, ["text"] * 3, 0.0, 1600)
    (par,) = paragraphs(reading_order(vls), 0.5)
    assert (
        par.text
        == "The company's revenue increased by eight percent in the year, driven by higher sales volumes."
    )


def test_gaps_indents_and_short_lines_start_new_paragraphs() -> None:
    lines = [
        box("November 6, 2001", 100, 100, 300),  # date, then a blank line
        box("Ms. Patricia F. Mire", 100, 180, 330),  # address block: short lines kept together
        box("Alstom Power, Inc.", 100, 212, 300),
        box("Houston, Texas 77095-5002", 100, 244, 420),
        box("本段第一行文字很长很长很长很长很长很长很长很长很长很长很长很长", 100, 330, 1400),
        box("最后一行。", 100, 362, 200),
        box("新段落首行缩进两个字符很长很长很长很长很长很长很长很长很长很长", 160, 394, 1340),
    ]
    vls = visual_lines(lines, ["text"] * len(lines), 0.0, 1600)
    texts = [p.text for p in paragraphs(reading_order(vls), 0.5)]
    assert texts == [
        "November 6, 2001",
        "Ms. Patricia F. Mire\nAlstom Power, Inc.\nHouston, Texas 77095-5002",
        "本段第一行文字很长很长很长很长很长很长很长很长很长很长很长很长最后一行。",
        "新段落首行缩进两个字符很长很长很长很长很长很长很长很长很长很长",
    ]


def test_boxes_map_back_through_quarter_turns() -> None:
    h, w = 100, 200
    page = np.zeros((h, w), dtype=np.uint8)
    page[20:40, 10:30] = 1  # a "text box" at x 10..30, y 20..40
    for turns in range(4):
        turned = np.rot90(page, turns)
        ys, xs = np.nonzero(turned)
        found = (float(xs.min()), float(ys.min()), float(xs.max() + 1), float(ys.max() + 1))
        assert unrotate_box(found, turns, w, h) == (10, 20, 30, 40)


def test_tokens_join_with_spaces_only_between_latin_pieces() -> None:
    assert join_tokens(["营业", "收入", "Revenue", "2019", "年"]) == "营业收入Revenue 2019年"


def test_tesseract_tsv_words_become_lines() -> None:
    header = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
    rows = [
        "5\t1\t1\t1\t1\t1\t10\t10\t50\t20\t96\tNet",
        "5\t1\t1\t1\t1\t2\t70\t10\t60\t20\t90\tincome",
        "5\t1\t1\t1\t2\t1\t10\t40\t40\t20\t80\t净利润",
        "4\t1\t1\t1\t2\t0\t10\t40\t40\t20\t-1\t",
    ]
    lines = parse_tesseract_tsv("\n".join([header, *rows]))
    assert [ln.text for ln in lines] == ["Net income", "净利润"]
    assert lines[0].x0 == 10 and lines[0].x1 == 130 and abs(lines[0].score - 0.93) < 1e-9


def test_table_without_a_layout_region_is_found_from_cells_with_amounts() -> None:
    prose = [box("Revenue grew strongly in both years, as the table below shows in detail.", 100, 40, 1300)]
    cells = [
        box("Year ended December 31", 100, 120, 450),
        box("2019", 900, 120, 80),
        box("2018", 1300, 120, 80),
        box("Net sales", 100, 170, 200),
        box("1,234.5", 860, 170, 120),
        box("1,100.0", 1260, 170, 120),
        box("Cost of sales", 100, 220, 260),
        box("(856.4)", 860, 220, 120),
        box("(801.7)", 1260, 220, 120),
    ]
    vls = visual_lines(prose + cells, ["text"] * 10, 0.0, 1600)
    (run,) = grid_runs(vls, 2)
    assert {v.text for v in run} == {c.text for c in cells}
    table = rebuild_table([b for v in run for b in v.boxes], 0.0, 1600)
    assert table is not None
    assert table.header == [["Year ended December 31", "2019", "2018"]]
    assert table.rows == [["Net sales", "1,234.5", "1,100.0"], ["Cost of sales", "(856.4)", "(801.7)"]]


def test_two_columns_of_prose_are_not_a_table() -> None:
    lines = []
    for i in range(4):
        lines.append(box(f"left column sentence number {i} goes on", 100, 100 + i * 40, 600))
        lines.append(box(f"right column sentence {i} also goes on", 850, 100 + i * 40, 600))
    assert grid_runs(visual_lines(lines, ["text"] * 8, 0.0, 1600), 2) == []
