"""Fixtures for the service tests: PDFs built on the fly, a keys file with two roles, a served app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from finrag.serve.auth import hash_key

ADMIN_KEY = "admin-secret-key"
ANALYST_KEY = "analyst-secret-key"
PUBLIC_TEXT = [
    "Northwind Traders Annual Report 2019",
    "Total revenue for fiscal year 2019 was 1,250 million dollars.",
    "Net income for 2019 was 310 million dollars.",
]
# a marker that must never reach the analyst role
SECRET_MARKER = "Nightingale"
CONFIDENTIAL_TEXT = [
    "Board Memo: Project Nightingale (confidential)",
    "The planned acquisition price of Project Nightingale is 777 million dollars.",
    "Project Nightingale closing is expected in the third quarter.",
]


def make_pdf(path: Path, pages: list[list[str]], font: str = "Helvetica") -> Path:
    """A text PDF with one line per string, 14 pt, baselines 72, 96, ... pt below the top of each page.

    ``font="STSong-Light"`` (a standard CID font, not embedded) writes Chinese text."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont
    from reportlab.pdfgen import canvas

    if font == "STSong-Light":
        pdfmetrics.registerFont(UnicodeCIDFont(font))
    c = canvas.Canvas(str(path), pagesize=A4)
    _, height = A4
    for lines in pages:
        y = height - 72
        for line in lines:
            c.setFont(font, 14)
            c.drawString(72, y, line)
            y -= 24
        c.showPage()
    c.save()
    return path


def write_keys(path: Path) -> Path:
    path.write_text(
        "[roles.admin]\nmax_level = 9\nadmin = true\n\n"
        "[roles.analyst]\nmax_level = 0\n\n"
        f'[[keys]]\nsha256 = "{hash_key(ADMIN_KEY)}"\nrole = "admin"\n\n'
        f'[[keys]]\nsha256 = "{hash_key(ANALYST_KEY)}"\nrole = "analyst"\n',
        encoding="utf-8",
    )
    return path


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("corpus")
    return {
        "public": make_pdf(root / "northwind_2019.pdf", [PUBLIC_TEXT, ["Outlook for 2020 is stable."]]),
        "confidential": make_pdf(root / "board_memo.pdf", [CONFIDENTIAL_TEXT]),
    }


@pytest.fixture(scope="session")
def served(tmp_path_factory: pytest.TempPathFactory, corpus: dict[str, Path]) -> Iterator[object]:
    """A TestClient on an app with keys, the public document at level 0 and the memo at level 5.

    Shared by the API and ACL tests (one model load, one ingest); tests that add documents remove them."""
    from fastapi.testclient import TestClient

    from finrag.config import load_settings
    from finrag.serve.api import create_app

    root = tmp_path_factory.mktemp("served")
    settings = load_settings(root / "data")
    settings.serve.keys_file = str(write_keys(root / "keys.toml"))
    app = create_app(settings)
    with TestClient(app) as client:
        for name, level in (("public", 0), ("confidential", 5)):
            path = corpus[name]
            r = client.post(
                "/ingest", headers=bearer(ADMIN_KEY), data={"access_level": str(level)},
                files=[("files", (path.name, path.read_bytes(), "application/pdf"))],
            )
            assert r.status_code == 202, r.text
            assert app.state.service.jobs.wait_idle(120)
            job = client.get(f"/jobs/{r.json()['job_id']}", headers=bearer(ADMIN_KEY)).json()
            assert job["files"][0]["status"] == "indexed", (job["files"][0]["error"], job["error"])
        yield client
