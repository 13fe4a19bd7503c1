"""``Server-Timing: app;dur=<ms>`` on every response: time spent in the service, without the network."""

from __future__ import annotations

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTiming:
    """Pure ASGI middleware (cheaper than BaseHTTPMiddleware): stamps the time to the response start."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()

        async def stamped(message: Message) -> None:
            if message["type"] == "http.response.start":
                ms = (time.perf_counter() - start) * 1000
                stamp = (b"server-timing", f"app;dur={ms:.2f}".encode())
                message["headers"] = [*message.get("headers", []), stamp]
            await send(message)

        await self.app(scope, receive, stamped)
