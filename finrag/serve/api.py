"""The HTTP API (OpenAPI at /docs) and the web page, in one FastAPI app: ``create_app(settings)``."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, File, Form, Query, Request, UploadFile
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import iterate_in_threadpool

from finrag.app import Finrag, IngestOptions
from finrag.config import Settings
from finrag.errors import AccessDeniedError, FinragError, NotFoundError, ServeError
from finrag.model import AccessInfo, Answer, BBox, SearchRequest
from finrag.model import to_jsonable as J
from finrag.serve.auth import Principal
from finrag.serve.errors import install_error_handlers
from finrag.serve.schemas import AskIn, SearchIn, answer_json, document_json, search_json, to_request
from finrag.serve.service import Service
from finrag.serve.timing import ServerTiming
from finrag.serve.uploads import BYTES_PER_MB, discard, new_staging_dir, stage_upload

WEB_DIR = Path(__file__).with_name("web")
MAX_QUOTE_CHARS = 2000  # a quoted sentence longer than this is not a sentence


def _parse_boxes(raw: str, limit: int) -> list[BBox]:
    """``x0,y0,x1,y1;x0,y0,x1,y1`` (PDF points, top-left origin) -> boxes; malformed input is a 422."""
    boxes: list[BBox] = []
    for part in filter(None, raw.split(";")):
        nums = part.split(",")
        try:
            x0, y0, x1, y1 = (float(n) for n in nums)
        except ValueError as err:
            raise ServeError(f"bad box {part!r}: expected x0,y0,x1,y1") from err
        boxes.append(BBox(x0, y0, x1, y1))
    if len(boxes) > limit:
        raise ServeError(f"at most {limit} boxes per page")
    return boxes


async def _principal(request: Request) -> Principal:  # async: no thread hop for a hash and a compare
    """The caller, from ``Authorization: Bearer <key>`` (or ``X-API-Key``)."""
    svc: Service = request.app.state.service
    header = request.headers.get("authorization", "")
    key = header[len("bearer "):].strip() if header.lower().startswith("bearer ") else None
    return svc.keyring.authenticate(key or request.headers.get("x-api-key"))


async def _admin(who: Annotated[Principal, Depends(_principal)]) -> Principal:
    if not who.admin:
        raise AccessDeniedError(f"role {who.role!r} may not ingest or delete documents")
    return who


Caller = Annotated[Principal, Depends(_principal)]
Admin = Annotated[Principal, Depends(_admin)]


def _sse(event: str, data: Any) -> str:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def create_app(settings: Settings, finrag: Finrag | None = None) -> FastAPI:
    svc = Service(settings, finrag)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        svc.start_warm_up()
        yield
        await run_in_threadpool(svc.close)

    app = FastAPI(title="finrag", version="0.1.0", lifespan=lifespan,
                  description="Cited answers from financial documents. Send 'Authorization: Bearer <key>'.")
    app.state.service = svc
    install_error_handlers(app, max_request_bytes=int(settings.serve.max_upload_mb * BYTES_PER_MB))
    app.add_middleware(ServerTiming)

    def request_for(body: SearchIn, who: Principal) -> SearchRequest:
        if len(body.question) > settings.serve.max_question_chars:
            raise ServeError(f"question longer than {settings.serve.max_question_chars} characters")
        return to_request(body, who.scope, settings.retrieve.top_k)

    @app.get("/health", tags=["service"])
    def health() -> dict[str, Any]:
        stats = svc.stats()
        cache = svc.cache.stats()
        error = svc.models_error
        return {
            "status": "ok", "store": stats.engine,
            "models_loaded": svc.models_ready.is_set() and error is None,
            "models_error": None if error is None else str(error),
            "documents": stats.documents, "chunks": stats.chunks, "facts": stats.facts,
            "index_version": stats.index_version, "embedder": stats.embedder, "auth": svc.keyring.enabled,
            "cache": J(cache),
        }

    @app.post("/ingest", status_code=202, tags=["documents"])
    async def ingest(
        who: Admin,
        files: Annotated[list[UploadFile], File(description="one or more documents")],
        doc_type: Annotated[str | None, Form()] = None,
        access_level: Annotated[int, Form(ge=0)] = 0,
        groups: Annotated[list[str] | None, Form()] = None,
    ) -> dict[str, Any]:
        staging = new_staging_dir(svc.uploads_dir)
        try:
            staged, seen = [], set()
            for upload in files:
                s = await stage_upload(upload, staging, int(settings.serve.max_upload_mb * BYTES_PER_MB))
                if s.sha256 not in seen:
                    seen.add(s.sha256)
                    staged.append(s)
            group_list = sorted({g.strip() for raw in groups or [] for g in raw.split(",") if g.strip()})
            options = IngestOptions(doc_type=doc_type or None, access=AccessInfo(access_level, group_list))
            job = svc.jobs.submit(staged, options)
        except BaseException:
            discard(staging)
            raise
        return {"job_id": job.job_id, "files": [{"file": f.file, "sha256": f.sha256} for f in job.files]}

    @app.get("/jobs/{job_id}", tags=["documents"])
    def job_status(job_id: str, who: Admin) -> Any:
        return J(svc.jobs.get(job_id))

    @app.get("/documents", tags=["documents"])
    def documents(who: Caller) -> dict[str, Any]:
        return {"documents": [document_json(r, with_report=False) for r in svc.finrag.documents(who.scope)]}

    @app.get("/documents/{doc_id}", tags=["documents"])
    def document(doc_id: str, who: Caller) -> dict[str, Any]:
        return document_json(svc.finrag.document(doc_id, who.scope), with_report=True)

    @app.delete("/documents/{doc_id}", tags=["documents"])
    def delete(doc_id: str, who: Admin) -> dict[str, Any]:
        if not svc.delete(doc_id):
            raise NotFoundError(f"no document {doc_id}")
        return {"doc_id": doc_id, "deleted": True}

    @app.get("/documents/{doc_id}/pages/{page}", tags=["documents"], response_class=Response,
             responses={200: {"content": {"image/png": {}}}})
    def page_image(
        doc_id: str, page: int, who: Caller,
        chunk_id: Annotated[str | None, Query(description="highlight this chunk's boxes")] = None,
        boxes: Annotated[str | None, Query(description="x0,y0,x1,y1;... in PDF points")] = None,
        quote: Annotated[list[str] | None, Query(description="text to find and highlight")] = None,
    ) -> Response:
        record = svc.finrag.document(doc_id, who.scope)
        if not 1 <= page <= max(record.pages, 1):
            raise NotFoundError(f"page {page} out of range 1..{record.pages}", file=record.file)
        quotes = quote or []
        if len(quotes) > settings.serve.max_boxes or any(len(q) > MAX_QUOTE_CHARS for q in quotes):
            raise ServeError(f"at most {settings.serve.max_boxes} quotes of {MAX_QUOTE_CHARS} characters")
        explicit = _parse_boxes(boxes or "", settings.serve.max_boxes)
        marks = svc.page_marks(doc_id, page, chunk_id, who.scope, explicit, quotes)
        png = svc.page_png(record, page, marks)
        return Response(png, media_type="image/png", headers={"Cache-Control": "private, max-age=300"})

    @app.post("/search", tags=["questions"])
    def search(body: SearchIn, who: Caller) -> dict[str, Any]:
        svc.require_models()
        req = request_for(body, who)
        return search_json(svc.finrag.search(req), body.explain)

    @app.post("/ask", tags=["questions"], responses={200: {"content": {"text/event-stream": {}}}})
    async def ask(body: AskIn, request: Request, who: Caller) -> Any:
        req = request_for(body, who)
        key, hit = svc.cached_answer(req)
        streaming = body.stream or "text/event-stream" in request.headers.get("accept", "")
        if not streaming:
            answer, cached = (hit, True) if hit is not None else await run_in_threadpool(svc.answer, req, key)
            # answer_json is JSON-safe already: a JSONResponse skips FastAPI's slower re-encoding
            return JSONResponse(answer_json(answer, cached, req.explain))
        events = _stream(svc, req, key, hit)
        return StreamingResponse(iterate_in_threadpool(events), media_type="text/event-stream")

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(WEB_DIR / "index.html")

    return app


def _stream(svc: Service, req: SearchRequest, key: str, hit: Answer | None) -> Iterator[str]:
    """SSE: ``delta`` events while an LLM writes (when the answer stage streams), then one ``answer``."""
    if hit is not None:
        yield _sse("answer", answer_json(hit, True, req.explain))
        return
    try:
        svc.require_models()
        stream = getattr(svc.finrag.answerer, "ask_stream", None)
        if stream is None or not svc.settings.answer.llm_base_url:
            answer, cached = svc.answer(req, key)
            yield _sse("answer", answer_json(answer, cached, req.explain))
            return
        for item in stream(req):
            if isinstance(item, Answer):
                svc.cache.put(key, item)
                yield _sse("answer", answer_json(item, False, req.explain))
            else:
                yield _sse("delta", {"text": str(item)})
    except FinragError as err:
        yield _sse("error", {"error": "answer_failed", "stage": err.stage, "detail": str(err)})
