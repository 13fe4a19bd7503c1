"""Fuzzing: parse_file on mutated small valid files, and the query path (analyzer, retriever, answerer,
HTTP API) on arbitrary text. Nothing may escape but a FinragError (the API: no 500s).

Bounded for CI (a few dozen examples per target); ``FINRAG_SOAK=1`` multiplies the examples."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finrag.config import Settings
from finrag.errors import FinragError
from finrag.index.tokenize import analyze, count_tokens
from finrag.model import SearchRequest, Turn
from finrag.parse import parse_file
from tests.reliability.conftest import SOAK, Served, tight_settings
from tests.reliability.hostile import small_pdf

SOAK_FACTOR = 20  # examples multiplier under FINRAG_SOAK=1
PARSE_EXAMPLES = 12 * (SOAK_FACTOR if SOAK else 1)  # per PDF target (~2 s each here); 3x for other types
CHEAP_FACTOR = 3  # office/text files parse in a thread: ten times cheaper than a PDF in a child
QUERY_EXAMPLES = 100 * (SOAK_FACTOR if SOAK else 1)
FUZZ_PARSE_TIMEOUT_S = 10.0  # a mutated small file that takes longer is a hang: the error must say so


def fuzz(examples: int) -> settings:
    """Bounded, reproducible in CI (derandomized), random and longer under FINRAG_SOAK=1; no example files."""
    return settings(
        max_examples=examples, deadline=None, derandomize=not SOAK, database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )  # fmt: skip


def _docx() -> bytes:
    import docx

    d = docx.Document()
    d.add_heading("Northwind 2019", 1)
    d.add_paragraph("Total revenue for 2019 was 1,250 million dollars.")
    t = d.add_table(rows=2, cols=2)
    t.cell(0, 0).text, t.cell(0, 1).text, t.cell(1, 0).text, t.cell(1, 1).text = (
        "项目",
        "2019",
        "营业收入",
        "1,250",
    )
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def _xlsx() -> bytes:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for row in (["项目", "2019年", "2018年"], ["营业收入", 1250, 1100], ["净利润", 310, 280]):
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def _pdf(tmp: Path) -> bytes:
    return small_pdf(tmp / "seed.pdf").read_bytes()


SEEDS: dict[str, Callable[[Path], bytes]] = {
    "seed.pdf": _pdf,
    "seed.docx": lambda _: _docx(),
    "seed.xlsx": lambda _: _xlsx(),
    "seed.csv": lambda _: "项目,2019年,2018年\n营业收入,1250,1100\n净利润,310,280\n".encode(),
    "seed.md": lambda _: (
        b"# Report\n\n## Revenue\n\nRevenue was **1,250** million.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    ),
    "seed.html": lambda _: (
        b"<html><body><h1>R</h1><table><tr><td>a</td><td>1</td></tr></table></body></html>"
    ),
}

mutations = st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), min_size=1, max_size=16)
cuts = st.one_of(st.none(), st.integers(1, 1 << 20))


def _mutate(data: bytes, flips: list[tuple[int, int]], cut: int | None) -> bytes:
    out = bytearray(data)
    for pos, value in flips:
        out[pos % len(out)] = value
    return bytes(out[: cut % len(out) + 1] if cut is not None else out)


def _parse_or_finrag_error(path: Path, cfg: Settings) -> None:
    try:
        parse_file(path, cfg)
    except FinragError as err:
        assert err.stage == "parse" and err.file == path.name


@pytest.fixture(scope="module")
def fuzz_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    cfg = tight_settings(tmp_path_factory.mktemp("fuzz") / "data")
    cfg.parse.timeout_s = FUZZ_PARSE_TIMEOUT_S
    return cfg


@pytest.mark.parametrize("seed", sorted(SEEDS))
def test_mutated_files_parse_or_fail_with_a_finrag_error(
    seed: str, tmp_path: Path, fuzz_settings: Settings
) -> None:
    original = SEEDS[seed](tmp_path)
    target = tmp_path / seed

    @fuzz(PARSE_EXAMPLES if seed.endswith(".pdf") else PARSE_EXAMPLES * CHEAP_FACTOR)
    @given(flips=mutations, cut=cuts)
    def run(flips: list[tuple[int, int]], cut: int | None) -> None:
        target.write_bytes(_mutate(original, flips, cut))
        _parse_or_finrag_error(target, fuzz_settings)

    run()


@pytest.mark.parametrize("seed", ["seed.docx", "seed.xlsx"])
def test_mutated_office_xml_inside_a_valid_zip(seed: str, tmp_path: Path, fuzz_settings: Settings) -> None:
    """Byte flips rarely get past the zip layer: mutate the main XML part and re-zip it."""
    original = SEEDS[seed](tmp_path)
    main = "word/document.xml" if seed.endswith("docx") else "xl/worksheets/sheet1.xml"
    with zipfile.ZipFile(io.BytesIO(original)) as zf:
        parts = {n: zf.read(n) for n in zf.namelist()}
    target = tmp_path / seed

    @fuzz(PARSE_EXAMPLES * CHEAP_FACTOR)
    @given(flips=mutations, cut=cuts)
    def run(flips: list[tuple[int, int]], cut: int | None) -> None:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
            for name, data in parts.items():
                zf.writestr(name, _mutate(data, flips, cut) if name == main else data)
        _parse_or_finrag_error(target, fuzz_settings)

    run()


@fuzz(QUERY_EXAMPLES * 5)
@given(text=st.text(max_size=300))
def test_analyzer_and_token_count_take_any_text(text: str) -> None:
    tokens = analyze(text)
    assert all(isinstance(t, str) and t for t in tokens)
    assert count_tokens(text) >= 0


questions = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="营业收入净利润2019年上年末同比增长%（）()'\";-[]{}*?\\/<>&|OR AND NOT", max_size=80),
    st.sampled_from(["", " ", "\x00", "'; DROP TABLE chunks; --", '" OR 1=1', "*" * 300, "年" * 1000]),
)


def test_retriever_and_answerer_take_any_question(served_local: Served) -> None:
    fr = served_local.client.app.state.service.finrag  # type: ignore[attr-defined]

    @fuzz(QUERY_EXAMPLES)
    @given(q=questions, prev=st.lists(st.text(max_size=40), max_size=2))
    def run(q: str, prev: list[str]) -> None:
        history = [Turn("user", p) for p in prev]
        try:
            fr.search(SearchRequest(q, top_k=3, history=history))
            fr.ask(SearchRequest(q, top_k=3, history=history))
        except FinragError:
            pass  # a clear, staged error is an acceptable answer to garbage

    run()


def test_api_never_answers_500_to_any_question(served_local: Served) -> None:
    client = served_local.client

    @fuzz(QUERY_EXAMPLES)
    @given(q=questions, top_k=st.one_of(st.integers(1, 20), st.integers(-5, 500)))
    def run(q: str, top_k: int) -> None:
        for route in ("/search", "/ask"):
            r = client.post(route, json={"question": q, "top_k": top_k})
            assert r.status_code in (200, 400, 413, 422), (route, q, r.status_code, r.text[:300])

    run()
