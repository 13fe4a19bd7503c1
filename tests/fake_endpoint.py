"""A local stand-in for a paid OpenAI-compatible / rerank API (the only kind of fake the project allows).

Subclass :class:`JsonHandler`, implement ``answer(path, body) -> (status, reply)``, and serve it with
:func:`serve` on a free loopback port for the duration of a test.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class JsonHandler(BaseHTTPRequestHandler):
    def answer(self, path: str, body: Any) -> tuple[int, Any]:
        raise NotImplementedError

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        status, reply = self.answer(self.path, body)
        out = json.dumps(reply).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, format: str, *args: object) -> None:
        return


@contextmanager
def serve(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Base URL (``http://127.0.0.1:PORT``) of ``handler`` served in a background thread."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
