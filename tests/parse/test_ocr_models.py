"""OCR model selection: every det/rec model is found inside an installed wheel by path (never downloaded),
and a model, package or backend that is not there is a ParseError that says what to install."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from finrag.config import OcrSettings
from finrag.errors import ParseError
from finrag.parse.ocr import PageJob, run_pages
from finrag.parse.ocr_engine import MODELS, make_engine, model_path


def test_default_models_are_files_inside_the_rapidocr_wheel() -> None:
    settings = OcrSettings()
    for task, name in (("det", settings.det_model), ("rec", settings.rec_model)):
        path, entry = model_path(task, name)
        assert path.is_file() and path.suffix == ".onnx"
        assert entry.package in path.parts  # inside the installed package, not a download cache


def test_every_catalogued_model_is_found_or_its_package_is_named() -> None:
    for (task, name), entry in MODELS.items():
        if importlib.util.find_spec(entry.package) is None:
            with pytest.raises(ParseError) as err:
                model_path(task, name)
            assert f"pip install {entry.pip_name}" in err.value.message and err.value.stage == "parse"
        else:
            path, _ = model_path(task, name)
            assert path.is_file()


def test_unknown_model_or_backend_is_reported_not_skipped() -> None:
    with pytest.raises(ParseError) as err:
        model_path("rec", "ppocr_huge")
    assert "ppocrv6_small" in err.value.message  # the error lists what can be chosen
    with pytest.raises(ParseError) as err:
        make_engine(OcrSettings(backend="tensorflow", threads=1))
    assert "openvino" in err.value.message and "onnxruntime" in err.value.message


@pytest.mark.skipif(importlib.util.find_spec("openvino") is None, reason="optional openvino not installed")
def test_openvino_backend_reads_a_rendered_line() -> None:
    import cv2
    import numpy as np

    image = np.full((120, 900, 3), 255, dtype=np.uint8)
    cv2.putText(image, "Revenue 1,234,567.89", (20, 80), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3)
    (line,) = make_engine(OcrSettings(backend="openvino", threads=1)).read(image)
    assert line.text == "Revenue 1,234,567.89" and line.score > 0.9


def test_a_model_that_is_not_there_is_a_warning_on_every_page(tmp_path: Path) -> None:
    from PIL import Image

    png = tmp_path / "page.png"
    Image.new("RGB", (400, 300), "white").save(png)
    jobs = [PageJob("image", str(png), 0, 1), PageJob("image", str(png), 0, 2)]
    pages = run_pages(jobs, OcrSettings(rec_model="ppocr_huge", workers=1, page_timeout_s=60))
    assert [p.page for p in pages] == [1, 2]
    for p in pages:  # reported at once, not a time-out after a worker restart loop
        assert p.blocks == [] and "OCR failed" in p.warnings[0] and "ppocr_huge" in p.warnings[0]
