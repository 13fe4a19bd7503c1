"""Load test of the HTTP service: N concurrent clients asking for T seconds while an ingest runs.

    python bench/load.py [--clients 20] [--duration 60] [--ingest FILE] [--docs FILE ...] [--json]

Starts ``finrag serve`` on a free loopback port with a temporary data folder, ingests the seed documents
(generated PDFs unless --docs is given), then runs the clients (httpx, asyncio) and, after a short
delay, uploads the --ingest file(s) (default: a generated 40-page PDF). Reports errors and p50/p95
latency overall and for cached / uncached answers, both as the clients saw it and inside the service
(Server-Timing), then times one client asking cached questions alone. Loopback only, bounded in time;
the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

SERVER_START_S = 60.0  # the first start may compile regexes and open models
REQUEST_TIMEOUT_S = 60.0
INGEST_DELAY_S = 5.0  # let the clients warm the cache before the ingest starts
POLL_S = 0.5
QUESTIONS = [
    "What was total revenue in 2019?",
    "What was net income in 2019?",
    "What is the outlook for 2020?",
    "How much cash did the company hold at year end?",
    "What were operating expenses in 2019?",
    "2019年营业收入是多少？",
    "Who is the chief executive officer?",
    "What was the dividend per share?",
]
SEED_LINES = [
    "Northwind Traders Annual Report 2019",
    "Total revenue for fiscal year 2019 was 1,250 million dollars.",
    "Net income for 2019 was 310 million dollars.",
    "Operating expenses in 2019 were 640 million dollars.",
    "Cash and cash equivalents at year end were 92 million dollars.",
    "The dividend per share was 1.20 dollars.",
    "Outlook for 2020 is stable.",
]


@dataclass
class Sample:
    ms: float  # as the client saw it (queueing on a loaded 2-core box included)
    cached: bool
    server_ms: float  # Server-Timing: time inside the service


@dataclass
class Results:
    samples: list[Sample] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    ingest_s: float | None = None
    ingest_status: list[str] = field(default_factory=list)
    sequential: list[Sample] = field(default_factory=list)  # one client, cached answers, after the load


def _server_ms(response: httpx.Response) -> float:
    timing = response.headers.get("server-timing", "")
    _, _, dur = timing.partition("dur=")
    return float(dur) if dur else float("nan")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _make_pdf(path: Path, pages: int, lines: list[str]) -> Path:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    for p in range(pages):
        y = A4[1] - 72
        for line in lines:
            c.setFont("Helvetica", 12)
            c.drawString(72, y, f"{line} (section {p + 1})" if pages > 1 else line)
            y -= 20
        c.showPage()
    c.save()
    return path


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


async def _ingest(client: httpx.AsyncClient, files: list[Path]) -> tuple[float, list[str]]:
    t0 = time.perf_counter()
    handles = [("files", (f.name, f.read_bytes(), "application/octet-stream")) for f in files]
    r = await client.post("/ingest", files=handles)
    r.raise_for_status()
    job_id = r.json()["job_id"]
    while True:
        job = (await client.get(f"/jobs/{job_id}")).json()
        if job["state"] == "done":
            return time.perf_counter() - t0, [f"{f['file']}: {f['status']}" for f in job["files"]]
        await asyncio.sleep(POLL_S)


async def _client(base: str, n: int, stop_at: float, out: Results) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT_S) as client:
        i = n
        while time.perf_counter() < stop_at:
            question = QUESTIONS[i % len(QUESTIONS)]
            i += 1
            t0 = time.perf_counter()
            try:
                r = await client.post("/ask", json={"question": question})
                ms = (time.perf_counter() - t0) * 1000
                if r.status_code != 200:
                    out.errors.append(f"{r.status_code}: {r.text[:200]}")
                    continue
                out.samples.append(Sample(ms, bool(r.json().get("cached")), _server_ms(r)))
            except httpx.HTTPError as err:
                out.errors.append(f"{type(err).__name__}: {err}")


async def _run(base: str, args: argparse.Namespace, ingest_files: list[Path]) -> Results:
    out = Results()
    stop_at = time.perf_counter() + args.duration

    async def ingest_later() -> None:
        await asyncio.sleep(INGEST_DELAY_S)
        async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT_S) as client:
            out.ingest_s, out.ingest_status = await _ingest(client, ingest_files)

    tasks = [asyncio.create_task(_client(base, n, stop_at, out)) for n in range(args.clients)]
    ingest = asyncio.create_task(ingest_later())
    await asyncio.gather(*tasks)
    try:
        await asyncio.wait_for(ingest, timeout=max(1.0, args.ingest_timeout))
    except TimeoutError:
        out.errors.append("ingest did not finish in time")
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT_S) as client:
        for i in range(args.sequential):
            t0 = time.perf_counter()
            r = await client.post("/ask", json={"question": QUESTIONS[i % len(QUESTIONS)]})
            ms = (time.perf_counter() - t0) * 1000
            if r.status_code == 200 and r.json().get("cached"):
                out.sequential.append(Sample(ms, True, _server_ms(r)))
    return out


def _summary(res: Results, args: argparse.Namespace) -> dict[str, object]:
    all_ms = sorted(s.ms for s in res.samples)
    hit = sorted(s.ms for s in res.samples if s.cached)
    miss = sorted(s.ms for s in res.samples if not s.cached)
    hit_server = sorted(s.server_ms for s in res.samples if s.cached)
    seq = sorted(s.ms for s in res.sequential)
    seq_server = sorted(s.server_ms for s in res.sequential)
    r = lambda v: round(v, 2)  # noqa: E731
    return {
        "clients": args.clients,
        "duration_s": args.duration,
        "requests": len(all_ms),
        "errors": len(res.errors),
        "error_examples": res.errors[:3],
        "rps": r(len(all_ms) / args.duration),
        "p50_ms": r(_pct(all_ms, 50)),
        "p95_ms": r(_pct(all_ms, 95)),
        "cached": len(hit),
        "cached_p50_ms": r(_pct(hit, 50)),
        "cached_p95_ms": r(_pct(hit, 95)),
        "cached_server_p50_ms": r(_pct(hit_server, 50)),
        "cached_server_p95_ms": r(_pct(hit_server, 95)),
        "uncached": len(miss),
        "uncached_p50_ms": r(_pct(miss, 50)),
        "uncached_p95_ms": r(_pct(miss, 95)),
        "sequential_cached": len(seq),
        "sequential_cached_p50_ms": r(_pct(seq, 50)),
        "sequential_cached_p95_ms": r(_pct(seq, 95)),
        "sequential_cached_server_p50_ms": r(_pct(seq_server, 50)),
        "ingest_s": None if res.ingest_s is None else r(res.ingest_s),
        "ingest_status": res.ingest_status,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--duration", type=float, default=60.0)
    ap.add_argument("--docs", type=Path, nargs="*", default=[], help="seed documents (default: generated)")
    ap.add_argument("--ingest", type=Path, nargs="*", default=[], help="ingested during the run")
    ap.add_argument("--ingest-timeout", type=float, default=300.0)
    ap.add_argument("--sequential", type=int, default=300, help="cached asks by one client after the load")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="finrag-load-") as tmp:
        root = Path(tmp)
        seeds = args.docs or [_make_pdf(root / "northwind_2019.pdf", 1, SEED_LINES)]
        ingest_files = args.ingest or [_make_pdf(root / "segments_2019.pdf", 40, SEED_LINES)]
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        repo = Path(__file__).resolve().parents[1]
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(repo)}
        env.pop("FINRAG_SERVE__KEYS_FILE", None)  # local mode: loopback, no keys
        cmd = [
            sys.executable,
            "-m",
            "finrag.cli",
            "serve",
            "--data",
            str(root / "data"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        log = (root / "server.log").open("wb")
        server = subprocess.Popen(cmd, env=env, cwd=repo, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + SERVER_START_S
            while True:
                try:
                    if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("server did not start")
                time.sleep(POLL_S)

            async def seed() -> None:
                async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT_S) as client:
                    await _ingest(client, seeds)

            asyncio.run(seed())
            res = asyncio.run(_run(base, args, ingest_files))
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
            log.close()
    summary = _summary(res, args)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, indent=2))
    else:
        for k, v in summary.items():
            print(f"{k}: {v}")
    return 1 if res.errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
