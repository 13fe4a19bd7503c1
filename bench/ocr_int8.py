"""Would int8 help the OCR recogniser here? Quantise the bundled PP-OCRv6 rec model (static, QDQ and
QOperator, per-channel u8/s8, derived locally from the rapidocr wheel's file) and time one text line.

    nice -n 10 python bench/ocr_int8.py [--width 1600] [--repeat 5] [--out /tmp/finrag-int8]
    # needs the `onnx` package (Apache-2.0), which finrag itself does not depend on: pip install onnx

Prints CPU ms per 1 x 3 x 48 x W line, one ONNX thread, for fp32 and both int8 formats, on onnxruntime and
(when installed) OpenVINO. Calibration uses random line-shaped inputs: enough to time the kernels, not to
judge accuracy. Finding on the AVX2 (no VNNI) dev box: int8 is *slower* (see docs/BENCHMARKS.md, OCR).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import time
from pathlib import Path

import numpy as np

from finrag.parse.ocr_engine import model_path

_OPSET = 17  # per-channel DequantizeLinear needs opset >= 13; the wheel's model is opset 11
_CALIB_BATCHES = 4
_CALIB_WIDTH = 320


def _cpu_ms(run: object, repeat: int) -> float:
    assert callable(run)
    run()  # warm-up
    times = []
    for _ in range(repeat):
        t = time.process_time()
        run()
        times.append(time.process_time() - t)
    return round(1000 * min(times), 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=1600)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--out", type=Path, default=Path("/tmp/finrag-int8"))
    args = ap.parse_args()
    import onnx
    import onnxruntime as ort
    from onnx import version_converter
    from onnxruntime.quantization import (
        CalibrationDataReader,
        QuantFormat,
        QuantType,
        quant_pre_process,
        quantize_static,
    )

    src, _ = model_path("rec", "ppocrv6_small")
    args.out.mkdir(parents=True, exist_ok=True)
    fp32 = args.out / "rec_fp32.onnx"
    onnx.save(version_converter.convert_version(onnx.load(str(src)), _OPSET), str(fp32))
    pre = args.out / "rec_pre.onnx"
    quant_pre_process(str(fp32), str(pre), skip_symbolic_shape=True)
    input_name = ort.InferenceSession(str(fp32), providers=["CPUExecutionProvider"]).get_inputs()[0].name

    class Lines(CalibrationDataReader):
        def __init__(self) -> None:
            rng = np.random.default_rng(0)
            shape = (1, 3, 48, _CALIB_WIDTH)
            self._it = iter([{input_name: rng.uniform(-1, 1, shape).astype(np.float32)}
                             for _ in range(_CALIB_BATCHES)])  # fmt: skip

        def get_next(self) -> dict[str, np.ndarray] | None:
            return next(self._it, None)

    models = {"fp32": fp32}
    for name, fmt in (("int8_qdq", QuantFormat.QDQ), ("int8_qop", QuantFormat.QOperator)):
        models[name] = args.out / f"rec_{name}.onnx"
        quantize_static(str(pre), str(models[name]), Lines(), quant_format=fmt, per_channel=True,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
                        op_types_to_quantize=["Conv", "MatMul", "Gemm"])  # fmt: skip
    x = np.random.default_rng(1).uniform(-1, 1, (1, 3, 48, args.width)).astype(np.float32)
    result: dict[str, object] = {"width": args.width, "load_avg_1m": round(os.getloadavg()[0], 1)}
    for name, path in models.items():
        so = ort.SessionOptions()
        so.intra_op_num_threads = 1
        so.inter_op_num_threads = 1
        sess = ort.InferenceSession(str(path), so, providers=["CPUExecutionProvider"])
        result[f"ort_{name}_ms"] = _cpu_ms(lambda s=sess: s.run(None, {input_name: x}), args.repeat)
        if name != "int8_qop" and importlib.util.find_spec("openvino") is not None:  # OV reads QDQ only
            import openvino as ov

            core = ov.Core()
            model = core.read_model(str(path))
            model.reshape({model.inputs[0]: list(x.shape)})
            compiled = core.compile_model(model, "CPU", {"INFERENCE_NUM_THREADS": 1, "NUM_STREAMS": 1,
                                                         "ENABLE_CPU_PINNING": False})  # fmt: skip
            req = compiled.create_infer_request()
            result[f"openvino_{name}_ms"] = _cpu_ms(lambda r=req: r.infer({0: x}), args.repeat)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
