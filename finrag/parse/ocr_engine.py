"""OCR engines behind one interface: an image in, text lines with pixel boxes and confidences out.

``rapidocr`` (default) runs PP-OCR det/rec models that ship inside PyPI wheels (see :data:`MODELS`) on
OpenVINO or onnxruntime with explicit thread counts; ``tesseract`` (:mod:`finrag.parse.ocr_tesseract`)
calls the apt-installed binary through subprocess (TSV output). Neither downloads anything at run time:
model files are always passed by path, and a model whose package or file is missing is a
:class:`ParseError` naming it. Images are BGR ``uint8`` arrays of shape (h, w, 3).
"""

from __future__ import annotations

import importlib.util
import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from finrag.config import OcrSettings
from finrag.errors import ParseError

Image = npt.NDArray[np.uint8]

# rapidocr's own per-line score floor; finrag filters by OcrSettings.min_confidence afterwards.
_RAPID_TEXT_SCORE = 0.3


@dataclass(slots=True)
class OcrLine:
    """One recognised text line, in pixels of the image it was read from (top-left origin)."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    score: float
    angle: float = 0.0  # slope of the line's baseline in degrees (positive = rising to the right)
    text_h: float = 0.0  # glyph height measured across the (possibly tilted) line; 0 = box height

    @property
    def height(self) -> float:
        return self.text_h if self.text_h > 0 else self.y1 - self.y0

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2


class OcrEngine(Protocol):
    name: str

    def read(self, image: Image) -> list[OcrLine]: ...


@dataclass(frozen=True, slots=True)
class ModelFile:
    """An ONNX model inside an installed wheel (found without importing the package)."""

    package: str  # import name of the distribution that ships the file
    pip_name: str  # what to ``pip install`` when it is missing
    file: str  # path inside the package
    version: str  # rapidocr OCRVersion value
    model_type: str  # rapidocr ModelType value
    dynamic_height: bool = False  # the recogniser accepts input heights other than its trained 48 px


# Selectable det/rec models (OcrSettings.det_model / rec_model), all Apache-2.0. PP-OCRv6 small (the rapidocr
# wheel) is the default; PP-OCRv4 mobile (optional rapidocr-onnxruntime wheel) recognises ~1.5x faster on
# OpenVINO but misreads 入 as 人 on the synthetic scan (see docs/BENCHMARKS.md, OCR section).
MODELS: dict[tuple[str, str], ModelFile] = {
    ("det", "ppocrv4_mobile"): ModelFile(
        "rapidocr_onnxruntime",
        "rapidocr-onnxruntime",
        "models/ch_PP-OCRv4_det_infer.onnx",
        "PP-OCRv4",
        "mobile",
    ),
    ("rec", "ppocrv4_mobile"): ModelFile(
        "rapidocr_onnxruntime",
        "rapidocr-onnxruntime",
        "models/ch_PP-OCRv4_rec_infer.onnx",
        "PP-OCRv4",
        "mobile",
        dynamic_height=True,
    ),
    ("det", "ppocrv6_small"): ModelFile(
        "rapidocr", "rapidocr", "models/PP-OCRv6_det_small.onnx", "PP-OCRv6", "small"
    ),
    ("rec", "ppocrv6_small"): ModelFile(
        "rapidocr", "rapidocr", "models/PP-OCRv6_rec_small.onnx", "PP-OCRv6", "small"
    ),
}
BACKENDS = ("openvino", "onnxruntime")
# The height PP-OCR recognisers were trained at; models with a fixed input height always get it.
_REC_TRAINED_HEIGHT = 48
# rapidocr's recogniser pads every batch to at least this width-to-height ratio (its 48 x 320 default).
# Within a batch every line is also padded to the widest one: that costs recogniser time and can change a
# short crop's reading (a margin note "14(I)" came back as "14(1)" in a batch of 6), so rec_batch is 1.
_REC_MIN_RATIO = 320 / 48


def model_path(task: str, name: str) -> tuple[Path, ModelFile]:
    """Where the ``task`` ('det'/'rec') model ``name`` is installed; ParseError when it is not."""
    entry = MODELS.get((task, name))
    if entry is None:
        known = sorted(n for t, n in MODELS if t == task)
        raise ParseError(f"unknown OCR {task} model {name!r} (use one of {known})", stage="parse")
    spec = importlib.util.find_spec(entry.package)
    if spec is None or not spec.submodule_search_locations:
        raise ParseError(
            f"OCR {task} model {name!r} needs the Python package {entry.pip_name} "
            f"(pip install {entry.pip_name}), or choose another ocr.{task}_model",
            stage="parse",
        )
    path = Path(next(iter(spec.submodule_search_locations))) / entry.file
    if not path.is_file():
        raise ParseError(
            f"OCR {task} model {name!r} missing: {path} (reinstall {entry.pip_name})", stage="parse"
        )
    return path, entry


def _backend_available(backend: str) -> None:
    if backend not in BACKENDS:
        raise ParseError(f"unknown OCR backend {backend!r} (use one of {list(BACKENDS)})", stage="parse")
    if importlib.util.find_spec(backend) is None:
        raise ParseError(
            f"OCR backend {backend!r} is not installed (pip install {backend}), or set ocr.backend",
            stage="parse",
        )


class RapidOcrEngine:
    """PP-OCR (rapidocr 3.x) on OpenVINO or onnxruntime, with models shipped inside PyPI wheels."""

    name = "rapidocr"

    def __init__(self, settings: OcrSettings) -> None:
        from rapidocr import EngineType, ModelType, OCRVersion, RapidOCR

        _backend_available(settings.backend)
        engine = EngineType(settings.backend)
        det_path, det = model_path("det", settings.det_model)
        rec_path, rec = model_path("rec", settings.rec_model)
        rec_h = settings.rec_height if rec.dynamic_height else _REC_TRAINED_HEIGHT
        threads = max(settings.threads, 1)
        logging.getLogger("RapidOCR").setLevel(logging.ERROR)
        params: dict[str, object] = {
            "Global.log_level": "error",
            "Global.text_score": _RAPID_TEXT_SCORE,
            "Global.max_side_len": max(settings.det_max_side, 1) * 4,
            "Det.limit_type": "max",
            "Det.limit_side_len": settings.det_max_side,
            "Det.engine_type": engine,
            "Det.model_path": str(det_path),
            "Det.ocr_version": OCRVersion(det.version),
            "Det.model_type": ModelType(det.model_type),
            "Rec.engine_type": engine,
            "Rec.model_path": str(rec_path),
            "Rec.ocr_version": OCRVersion(rec.version),
            "Rec.model_type": ModelType(rec.model_type),
            "Rec.rec_img_shape": [3, rec_h, math.ceil(rec_h * _REC_MIN_RATIO)],
            "Rec.rec_batch_num": max(settings.rec_batch, 1),
            "EngineConfig.onnxruntime.intra_op_num_threads": threads,
            "EngineConfig.onnxruntime.inter_op_num_threads": 1,
            "EngineConfig.openvino.inference_num_threads": threads,
            "EngineConfig.openvino.num_streams": 1,
            "EngineConfig.openvino.performance_hint": "LATENCY",
            "EngineConfig.openvino.enable_cpu_pinning": False,  # two workers must not pin to the same core
        }
        self._ocr = RapidOCR(params=params)

    def read(self, image: Image) -> list[OcrLine]:
        out = self._ocr(image, use_cls=False)
        boxes = getattr(out, "boxes", None)
        txts = getattr(out, "txts", None)
        scores = getattr(out, "scores", None)
        if boxes is None or txts is None or scores is None:
            return []
        lines: list[OcrLine] = []
        for quad, text, score in zip(boxes, txts, scores, strict=False):
            pts = np.asarray(quad, dtype=np.float64).reshape(-1, 2)
            (tlx, tly), (trx, try_), _, (blx, bly) = pts[0], pts[1], pts[2], pts[3]
            angle = -math.degrees(math.atan2(try_ - tly, max(trx - tlx, 1e-6)))
            text_h = math.hypot(blx - tlx, bly - tly)
            lines.append(
                OcrLine(
                    text=str(text).strip(),
                    x0=float(pts[:, 0].min()),
                    y0=float(pts[:, 1].min()),
                    x1=float(pts[:, 0].max()),
                    y1=float(pts[:, 1].max()),
                    score=float(score),
                    angle=angle,
                    text_h=text_h,
                )
            )
        return [ln for ln in lines if ln.text]


def is_cjk(ch: str) -> bool:
    """Chinese/Japanese characters and full-width punctuation: no space is written around them."""
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0x3000 <= code <= 0x303F
    )


def join_tokens(tokens: list[str]) -> str:
    """Join pieces read left to right: a space between Latin pieces, none next to CJK."""
    out = ""
    for tok in tokens:
        tok = tok.strip()
        if not tok:
            continue
        if out and not is_cjk(out[-1]) and not is_cjk(tok[0]):
            out += " "
        out += tok
    return out


def make_engine(settings: OcrSettings) -> OcrEngine:
    if settings.engine == "rapidocr":
        return RapidOcrEngine(settings)
    if settings.engine == "tesseract":
        from finrag.parse.ocr_tesseract import TesseractEngine

        return TesseractEngine(settings)
    raise ParseError(f"unknown OCR engine {settings.engine!r} (use 'rapidocr' or 'tesseract')", stage="parse")
