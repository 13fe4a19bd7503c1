"""Receiving uploads: stream to disk with a size limit, hash, check the type, stage by content hash."""

from __future__ import annotations

import hashlib
import shutil
import uuid
from pathlib import Path

from starlette.datastructures import UploadFile

from finrag.errors import FileTooLargeError, UnsupportedFileError
from finrag.serve.jobs import StagedFile, safe_name

READ_BLOCK = 1 << 20  # 1 MiB reads keep memory flat for large uploads
SNIFF_BYTES = 8192  # bytes looked at to confirm a file's type
BYTES_PER_MB = 1024 * 1024
ZIP_MAGIC = b"PK\x03\x04"
# suffix -> magic prefixes its content must start with (None: a text format, must not contain NUL bytes)
SUPPORTED: dict[str, tuple[bytes, ...] | None] = {
    ".pdf": (b"%PDF",),
    ".docx": (ZIP_MAGIC,),
    ".pptx": (ZIP_MAGIC,),
    ".xlsx": (ZIP_MAGIC,),
    ".png": (b"\x89PNG",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
    ".tif": (b"II*\x00", b"MM\x00*"),
    ".tiff": (b"II*\x00", b"MM\x00*"),
    ".csv": None,
    ".txt": None,
    ".md": None,
    ".html": None,
    ".htm": None,
}
PDF_MAGIC_WINDOW = 1024  # PDF readers accept a header anywhere in the first KiB


def check_type(name: str, head: bytes) -> None:
    suffix = Path(name).suffix.lower()
    if suffix not in SUPPORTED:
        raise UnsupportedFileError(f"unsupported file type {suffix or '(none)'}", file=name)
    magics = SUPPORTED[suffix]
    if magics is None:
        if b"\x00" in head:
            raise UnsupportedFileError("binary content in a text file", file=name)
        return
    window = head[:PDF_MAGIC_WINDOW] if suffix == ".pdf" else head[:8]
    ok = any(m in window for m in magics) if suffix == ".pdf" else any(head.startswith(m) for m in magics)
    if not ok:
        raise UnsupportedFileError(f"content is not a {suffix[1:].upper()} file", file=name)


def new_staging_dir(uploads_dir: Path) -> Path:
    """A fresh folder for one request's files (removed by the job, or by :func:`discard`)."""
    path = uploads_dir / uuid.uuid4().hex
    path.mkdir(parents=True)
    return path


async def stage_upload(upload: UploadFile, staging_dir: Path, max_bytes: int) -> StagedFile:
    """Copy one upload to ``staging_dir/<sha256>/<safe name>``; 413/415 errors leave nothing behind."""
    name = safe_name(upload.filename or "upload")
    tmp = staging_dir / f".part-{uuid.uuid4().hex}"
    digest = hashlib.sha256()
    size = 0
    head = b""
    try:
        with tmp.open("wb") as out:
            while block := await upload.read(READ_BLOCK):
                size += len(block)
                if size > max_bytes:
                    limit_mb = max_bytes // BYTES_PER_MB
                    raise FileTooLargeError(f"larger than the {limit_mb} MB upload limit", file=name)
                if len(head) < SNIFF_BYTES:
                    head += block[: SNIFF_BYTES - len(head)]
                digest.update(block)
                out.write(block)
        check_type(name, head)
        sha = digest.hexdigest()
        target_dir = staging_dir / sha
        target_dir.mkdir(exist_ok=True)
        target = target_dir / name
        tmp.replace(target)
        return StagedFile(name, sha, target, size, staging_dir)
    finally:
        tmp.unlink(missing_ok=True)


def discard(staging_dir: Path) -> None:
    shutil.rmtree(staging_dir, ignore_errors=True)
