"""Ingest end to end on small files made on the fly: indexed / unchanged / replaced / failed, kept copies."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from finrag.app import Finrag, IngestOptions
from finrag.config import Settings, load_settings
from finrag.index.embed import CachedEmbedder, Embedder, UseEmbedder
from finrag.model import AccessInfo, AccessScope, Filters, SearchRequest

REPORT = """# 四方科技 2019年年度报告

## 主要会计数据

归属于上市公司股东的净利润为129,465,020.68元，同比下降28.95%。

## 经营情况

经营活动产生的现金流量净额为369,100,908.49元。公司证券代码603339。
"""

MANUAL = """# Device manual

## Error codes

Error E5021 means the uplink timed out. Restart the gateway and check SKU-88213 cabling.
"""


@pytest.fixture(scope="module")
def use_model() -> Embedder:
    """The real USE embedder, loaded once for the module (each test still gets its own cache)."""
    return UseEmbedder(load_settings())


@pytest.fixture()
def make_finrag(use_model: Embedder) -> Callable[[Settings, int], Finrag]:
    def build(settings: Settings, workers: int = 1) -> Finrag:
        settings.index.ingest_workers = workers
        settings.index.parallel_min_mb = 0.0  # tiny test files: use the worker pool anyway when asked
        fr = Finrag(settings)
        fr.__dict__["embedders"] = [CachedEmbedder(use_model, settings.cache_dir / "embeddings")]
        return fr

    return build


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _search(fr: Finrag, q: str, **filters: object) -> list[str]:
    req = SearchRequest(q, top_k=3, filters=Filters(**filters))  # type: ignore[arg-type]
    return [h.chunk.meta.file for h in fr.search(req).hits]


def test_ingest_search_and_keep_a_copy(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag]
) -> None:
    docs = tmp_path / "in"
    _write(docs, "report.md", REPORT)
    _write(docs / "sub", "manual.md", MANUAL)
    fr = make_finrag(settings, 1)
    results = fr.ingest([docs], IngestOptions(recursive=True))
    assert sorted((r.file, r.status) for r in results) == [("manual.md", "indexed"), ("report.md", "indexed")]
    assert all(r.chunks > 0 and r.error is None for r in results)
    assert _search(fr, "E5021")[0] == "manual.md"
    assert _search(fr, "归属于上市公司股东的净利润")[0] == "report.md"
    assert _search(fr, "129465020.68")[0] == "report.md"
    record = fr.store.find_documents(file="report.md", access=AccessScope.everything())[0]
    kept = settings.home / record.stored_file
    assert kept.name == f"{record.doc_id}.md" and kept.read_text(encoding="utf-8") == REPORT
    assert record.report is not None and record.report.file == "report.md"
    assert fr.stats().documents == 2
    fr.close()


def test_folder_without_recursive_skips_subfolders(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag]
) -> None:
    docs = tmp_path / "in"
    _write(docs, "report.md", REPORT)
    _write(docs / "sub", "manual.md", MANUAL)
    fr = make_finrag(settings, 1)
    assert [r.file for r in fr.ingest([docs], IngestOptions())] == ["report.md"]
    fr.close()


def test_reingest_is_a_noop_and_never_reembeds(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag]
) -> None:
    path = _write(tmp_path, "report.md", REPORT)
    fr = make_finrag(settings, 1)
    first = fr.ingest([path])[0]
    version = fr.stats().index_version
    again = fr.ingest([path])[0]
    assert (again.status, again.doc_id) == ("unchanged", first.doc_id)
    assert fr.stats().index_version == version
    embedder = fr.embedders[0]
    assert isinstance(embedder, CachedEmbedder)
    computed = embedder.computed
    assert first.doc_id is not None and fr.delete(first.doc_id)
    assert list(settings.files_dir.glob(f"{first.doc_id}.*")) == []  # the kept original went too
    assert fr.ingest([path])[0].status == "indexed"
    assert embedder.computed == computed  # every vector came from the cache
    assert embedder.hits >= first.chunks
    fr.close()


def test_changed_file_replaces_its_old_version(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag]
) -> None:
    path = _write(tmp_path, "report.md", REPORT)
    fr = make_finrag(settings, 1)
    old = fr.ingest([path])[0]
    path.write_text(REPORT.replace("129,465,020.68", "888,888,888.88"), encoding="utf-8")
    new = fr.ingest([path])[0]
    assert new.status == "indexed" and new.doc_id != old.doc_id
    docs = fr.store.find_documents(file="report.md", access=AccessScope.everything())
    assert [d.doc_id for d in docs] == [new.doc_id]
    assert [p.name for p in settings.files_dir.iterdir()] == [f"{new.doc_id}.md"]
    assert set(_search(fr, "888888888.88")) == {"report.md"}
    texts = [h.chunk.text for h in fr.search(SearchRequest("129465020.68", top_k=10)).hits]
    assert texts and not any("129,465,020.68" in t for t in texts)
    fr.close()


def test_broken_file_fails_alone_and_leaves_nothing(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag]
) -> None:
    good = _write(tmp_path, "manual.md", MANUAL)
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.4\n" + b"\x00garbage" * 50)
    missing = tmp_path / "missing.pdf"
    fr = make_finrag(settings, 1)
    results = {r.file: r for r in fr.ingest([bad, good, missing])}
    assert results["manual.md"].status == "indexed"
    for name in ("broken.pdf", "missing.pdf"):
        err = results[name].error
        assert results[name].status == "failed" and err is not None and err.stage == "parse"
    assert fr.stats().documents == 1
    fr.close()


def test_parallel_workers_and_access_options(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag]
) -> None:
    files = [_write(tmp_path, f"r{i}.md", REPORT.replace("603339", f"60333{i}")) for i in range(2)]
    settings.index.embed_in_workers = False  # the parent's already-loaded model: keeps this test fast
    fr = make_finrag(settings, 2)
    opts = IngestOptions(access=AccessInfo(access_level=2, groups=["finance"]), tags=["fy2019"])
    results = fr.ingest(files, opts)
    assert [r.status for r in results] == ["indexed"] * 2
    guest = AccessScope(max_level=0, groups=frozenset())
    assert _search(fr, "603331", access=guest) == []
    assert _search(fr, "603331", access=AccessScope(2, frozenset({"finance"})), tags=["fy2019"])[0] == "r1.md"
    fr.close()


@pytest.mark.parametrize("workers", [1])
def test_unknown_path_kinds_do_not_crash(
    settings: Settings, tmp_path: Path, make_finrag: Callable[[Settings, int], Finrag], workers: int
) -> None:
    fr = make_finrag(settings, workers)
    assert fr.ingest([tmp_path / "nothing-here"])[0].status == "failed"
    fr.close()
