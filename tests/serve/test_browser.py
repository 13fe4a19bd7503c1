"""The web page in headless chromium: upload, wait for indexing, ask, click a citation, see the page."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.conftest import PUBLIC_TEXT, make_pdf

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
INDEX_TIMEOUT_MS = 120_000  # first ingest loads the embedder
STEP_TIMEOUT_MS = 60_000
SERVER_START_S = 30.0
CONTOSO_TEXT = [
    "Contoso Ltd Annual Report 2019",
    "Total revenue for fiscal year 2019 was 900 million dollars.",
]
# counts yellow-tinted pixels (the highlight fill) in the loaded page image
HIGHLIGHTED_PIXELS_JS = """img => {
  const c = document.createElement("canvas"); c.width = img.naturalWidth; c.height = img.naturalHeight;
  const ctx = c.getContext("2d"); ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, c.width, c.height).data; let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] > 200 && d[i + 1] > 200 && d[i + 2] < 190) n++;
  return n;
}"""

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="/usr/bin/chromium absent (apt-get install chromium): browser test skipped",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[str]:
    import uvicorn

    from finrag.config import load_settings
    from finrag.serve.api import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(load_settings(tmp_path / "data")), host="127.0.0.1", port=port,
                            log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + SERVER_START_S
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert srv.started, "server did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_upload_ask_and_open_the_cited_page(server: str, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    pdf = make_pdf(tmp_path / "northwind_2019.pdf", [PUBLIC_TEXT, ["Outlook for 2020 is stable."]])
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-US")
            page.set_default_timeout(STEP_TIMEOUT_MS)
            page.goto(server)
            page.set_input_files("#file-input", str(pdf))
            page.click("#upload-button")
            page.wait_for_selector("#job-files .status.indexed", timeout=INDEX_TIMEOUT_MS)
            page.wait_for_selector("#doc-list li:has-text('northwind_2019.pdf')")
            page.fill("#question", "What was total revenue in 2019?")
            page.click("#ask-button")
            page.wait_for_selector("#answer-text a.cite")
            assert "1,250" in page.inner_text("#answer-text")
            page.click("#answer-text a.cite >> nth=0")
            page.wait_for_selector("#page-image[data-loaded='1']")
            highlighted = page.eval_on_selector("#page-image", HIGHLIGHTED_PIXELS_JS)
            assert highlighted > 0, "the cited page shows the evidence highlighted"
            assert "p." in page.inner_text("#viewer-title")
            page.click("#explain summary")
            page.screenshot(path=str(ARTIFACTS / "web_answer.png"), full_page=True)
            # a second company's report; the same question asked within that one document answers for it
            other = make_pdf(tmp_path / "contoso_2019.pdf", [CONTOSO_TEXT])
            page.set_input_files("#file-input", str(other))
            page.click("#upload-button")
            page.wait_for_selector("#ask-scope option:has-text('contoso_2019.pdf')", state="attached",
                                   timeout=INDEX_TIMEOUT_MS)
            page.select_option("#ask-scope", label="contoso_2019.pdf")
            page.fill("#question", "What was total revenue in 2019?")
            page.click("#ask-button")
            page.wait_for_function("document.querySelector('#answer-text').innerText.includes('900')")
            assert "1,250" not in page.inner_text("#answer-text")
            assert "contoso_2019.pdf" in page.inner_text("#citations")
            page.click("#lang-toggle")
            assert page.inner_text("#upload-card h2") == "上传文档"
            page.screenshot(path=str(ARTIFACTS / "web_answer_zh.png"), full_page=True)
        finally:
            browser.close()
