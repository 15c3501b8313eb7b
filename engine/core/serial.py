"""Dataclasses to JSON and back, driven by type hints.

Game states are trees of dataclasses holding ints, strings, lists, dicts with string keys,
enums and optional values. ``dump`` turns one into JSON-ready data; ``load`` rebuilds it
from its class. Converters are compiled once per type, so this is cheap enough to run after
every action in random playouts.
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any

import engine

Converter = Callable[[Any], Any]


def _identity(value: Any) -> Any:
    return value


@cache
def _dumper(tp: Any) -> Converter:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp in (int, str, bool, float, Any, type(None)) or tp is typing.Any:
        return _identity
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda v: v.value
    if dataclasses.is_dataclass(tp):
        return _dump_dataclass
    if origin in (list, tuple, set, frozenset):
        inner = _dumper(args[0]) if args else _identity
        if inner is _identity:
            return (lambda v: sorted(v)) if origin in (set, frozenset) else list
        if origin in (set, frozenset):
            return lambda v: sorted(inner(x) for x in v)
        return lambda v: [inner(x) for x in v]
    if origin is dict:
        inner = _dumper(args[1]) if args else _identity
        if inner is _identity:
            return dict
        return lambda v: {k: inner(x) for k, x in v.items()}
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            inner = _dumper(options[0])
            return lambda v: None if v is None else inner(v)
        return _dump_any
    return _dump_any


def _dump_any(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dump_dataclass(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_dump_any(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump_any(v) for k, v in value.items()}
    return value


def type_hints(cls: type) -> dict[str, Any]:
    """The field types of a dataclass, as :func:`typing.get_type_hints` gives them. A class that
    ``make build`` compiled (mypyc) keeps only their erased forms (``list`` for ``list[Offer]``): the
    build's record keeps their written forms (:func:`engine.written_annotations`), evaluated here in
    the module's namespace as ``get_type_hints`` evaluates the text of a plain Python class."""
    written = [engine.written_annotations(base) for base in cls.__mro__[:-1]]
    if all(w is None for w in written):
        return typing.get_type_hints(cls)
    out: dict[str, Any] = {}
    for base, texts in reversed(list(zip(cls.__mro__[:-1], written, strict=True))):
        namespace = vars(sys.modules[base.__module__])
        own = texts if texts is not None else vars(base).get("__annotations__", {})
        for name, text in own.items():
            out[name] = eval(text, namespace) if isinstance(text, str) else text   # noqa: S307 (the engine's own)
    return out


@cache
def _fields(cls: Any) -> tuple[tuple[str, Converter, Converter], ...]:
    hints = type_hints(cls)
    return tuple(
        (f.name, _dumper(hints[f.name]), _loader(hints[f.name]))
        for f in dataclasses.fields(cls)
        if not f.name.startswith("_") and f.metadata.get("serialise", True)
    )


def _dump_dataclass(obj: Any) -> dict[str, Any]:
    cls: Any = type(obj)
    return {name: conv(getattr(obj, name)) for name, conv, _ in _fields(cls)}


@cache
def _loader(tp: Any) -> Converter:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp in (int, str, bool, float, type(None)) or tp is typing.Any:
        return _identity
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if dataclasses.is_dataclass(tp):
        cls = typing.cast(type, tp)
        return lambda data: load(cls, data)
    if origin in (list, tuple, set, frozenset):
        inner = _loader(args[0]) if args else _identity
        return lambda v: origin(inner(x) for x in v)
    if origin is dict:
        inner = _loader(args[1]) if args else _identity
        if inner is _identity:
            return dict
        return lambda v: {k: inner(x) for k, x in v.items()}
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            inner = _loader(options[0])
            return lambda v: None if v is None else inner(v)
        return _identity
    return _identity


def dump(obj: Any) -> Any:
    """JSON-ready data for a dataclass tree (or any JSON-like value)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return _dump_dataclass(obj)
    return _dump_any(obj)


def load(cls: type, data: dict[str, Any]) -> Any:
    """Rebuild a dataclass of ``cls`` from :func:`dump` output. Unknown keys are an error."""
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__}: expected an object, got {type(data).__name__}")
    known = _fields(cls)
    names = {name for name, _, _ in known}
    extra = set(data) - names
    if extra:
        raise ValueError(f"{cls.__name__}: unknown field(s) {sorted(extra)}")
    kwargs = {name: conv(data[name]) for name, _, conv in known if name in data}
    return cls(**kwargs)
