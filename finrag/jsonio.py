"""Records <-> plain JSON values: dataclasses, enums and Decimals (as strings, to keep every digit)."""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from decimal import Decimal
from enum import StrEnum
from typing import Any, Literal, TypeVar

_T = TypeVar("_T")
JSON = Any


def to_jsonable(obj: object) -> JSON:
    """Dataclasses/enums/Decimals -> plain JSON values (Decimal as string to keep every digit)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, StrEnum):
        return obj.value
    if isinstance(obj, Decimal):
        return str(obj)
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, frozenset | set):
        return sorted(to_jsonable(v) for v in obj)
    return obj


def from_jsonable(cls: type[_T], data: JSON) -> _T:
    """Inverse of :func:`to_jsonable` for the dataclasses above (used by stores and caches)."""
    built: _T = _build(cls, data)
    return built


@functools.cache
def _type_hints(tp: type) -> dict[str, Any]:
    """``typing.get_type_hints`` evaluates every annotation string on each call (~1 ms a record)."""
    return typing.get_type_hints(tp)


def _build(tp: Any, data: JSON) -> Any:

    if data is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return _build(args[0], data) if len(args) == 1 else data
    if origin is list:
        (arg,) = typing.get_args(tp)
        return [_build(arg, v) for v in data]
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        return frozenset(_build(arg, v) for v in data)
    if origin is dict:
        _, varg = typing.get_args(tp)
        return {k: _build(varg, v) for k, v in data.items()}
    if origin is Literal or tp is Any:
        return data
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _type_hints(tp)
        kwargs = {
            f.name: _build(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.name in data
        }
        return tp(**kwargs)
    if tp is Decimal:
        return Decimal(str(data))
    if isinstance(tp, type) and issubclass(tp, StrEnum):
        return tp(data)
    return data
