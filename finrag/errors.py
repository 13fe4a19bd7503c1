"""The finrag exception hierarchy. Every error names the pipeline stage it came from.

Callers catch :class:`FinragError` only; anything else escaping a stage is a bug.
"""

from __future__ import annotations


class FinragError(Exception):
    """Base class. ``stage`` is one of: config, parse, chunk, index, retrieve, answer, serve, eval."""

    stage: str = "finrag"

    def __init__(self, message: str, *, stage: str | None = None, file: str | None = None) -> None:
        if stage is not None:
            self.stage = stage
        self.file = file
        self.message = message
        super().__init__(f"{file}: {message}" if file else message)

    def to_dict(self) -> dict[str, str]:
        return {"stage": self.stage, "message": str(self)}


class ConfigError(FinragError):
    stage = "config"


class ParseError(FinragError):
    """A file could not be parsed: corrupt, encrypted, empty, unsupported, too large, timed out."""

    stage = "parse"


class UnsupportedFileError(ParseError):
    """The file's content type is not one finrag reads."""


class FileTooLargeError(ParseError):
    """The file exceeds a configured size or page limit."""


class EncryptedFileError(ParseError):
    """The file needs a password that was not given (or the given one is wrong)."""


class ChunkError(FinragError):
    stage = "chunk"


class IndexError_(FinragError):
    """Store or embedder failure (named with a trailing underscore to not shadow the builtin)."""

    stage = "index"


class EmbedderMismatchError(IndexError_):
    """The index was built with another embedder (name or dimension) than the one configured."""


class StoreUnavailableError(IndexError_):
    """The store cannot be opened or reached."""


class RetrieveError(FinragError):
    stage = "retrieve"


class AnswerError(FinragError):
    stage = "answer"


class LLMError(AnswerError):
    """The configured LLM endpoint failed or timed out (callers fall back to the offline answerer)."""


class ServeError(FinragError):
    stage = "serve"


class AccessDeniedError(ServeError):
    """The caller's role may not do this or see this."""


class NotFoundError(FinragError):
    """A document, job or page that does not exist (or that the caller may not see)."""

    stage = "serve"


class EvalError(FinragError):
    stage = "eval"
