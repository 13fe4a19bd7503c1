"""Every failure becomes ``{"error", "stage", "detail"}`` with a meaningful status; never a stack trace."""

from __future__ import annotations

import json
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from finrag.errors import (
    AccessDeniedError,
    ConfigError,
    FileTooLargeError,
    FinragError,
    NotFoundError,
    ParseError,
    ServeError,
    StoreUnavailableError,
    UnsupportedFileError,
)
from finrag.serve.auth import AuthenticationError
from finrag.serve.jobs import JobConflictError
from finrag.serve.schemas import error_json
from finrag.serve.service import ModelLoadError

log = logging.getLogger(__name__)
MULTIPART_OVERHEAD_BYTES = 1 << 20  # form boundaries and fields on top of the file bytes
TOO_LARGE_FLAG = "finrag_body_too_large"
TOO_LARGE_DETAIL = "request body exceeds the upload limit (serve.max_upload_mb)"

# most specific first: the first matching class decides status and error code
_STATUS: list[tuple[type[FinragError], int, str]] = [
    (AuthenticationError, 401, "unauthorized"),
    (AccessDeniedError, 403, "forbidden"),
    (NotFoundError, 404, "not_found"),
    (FileTooLargeError, 413, "too_large"),
    (UnsupportedFileError, 415, "unsupported_file"),
    (JobConflictError, 409, "conflict"),
    (StoreUnavailableError, 503, "store_unavailable"),
    (ModelLoadError, 500, "model_load_failed"),
    (ParseError, 422, "invalid_file"),
    (ConfigError, 500, "config"),
    (ServeError, 422, "invalid_request"),
]


def status_for(err: FinragError) -> tuple[int, str]:
    for cls, status, code in _STATUS:
        if isinstance(err, cls):
            return status, code
    return 500, "failed"


def _respond(status: int, code: str, stage: str, detail: str) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(error_json(code, stage, detail), status_code=status, headers=headers)


class BodyLimit:
    """Refuse request bodies above the upload limit before they are spooled to disk."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes + MULTIPART_OVERHEAD_BYTES

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.max_bytes:
            body = json.dumps(error_json("too_large", "serve", TOO_LARGE_DETAIL)).encode()
            await send({"type": "http.response.start", "status": 413,
                        "headers": [(b"content-type", b"application/json"), (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": body})
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:
                scope.setdefault("state", {})[TOO_LARGE_FLAG] = True
                raise FileTooLargeError(TOO_LARGE_DETAIL)
            return message

        await self.app(scope, counted, send)


def install_error_handlers(app: FastAPI, max_request_bytes: int) -> None:
    app.add_middleware(BodyLimit, max_bytes=max_request_bytes)

    @app.exception_handler(FinragError)
    async def finrag_error(request: Request, err: FinragError) -> JSONResponse:
        status, code = status_for(err)
        if status >= 500:
            log.error("%s %s failed: %s", request.method, request.url.path, err)
        return _respond(status, code, err.stage, str(err))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', '')}" for e in err.errors()
        )
        return _respond(422, "invalid_request", "serve", problems or "invalid request")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        if request.scope.get("state", {}).get(TOO_LARGE_FLAG):
            return _respond(413, "too_large", "serve", TOO_LARGE_DETAIL)
        code = {404: "not_found", 405: "method_not_allowed"}.get(err.status_code, "http_error")
        return _respond(err.status_code, code, "serve", str(err.detail))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, err: Exception) -> JSONResponse:
        log.exception("%s %s: unexpected error", request.method, request.url.path)
        detail = f"internal error ({type(err).__name__}); see the server log"
        return _respond(500, "internal_error", "serve", detail)
