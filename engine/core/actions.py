"""Actions: what a seat asks the engine to do.

An action is a small immutable value: a kind (``"move"``, ``"bid"``, ``"respond"``) and
keyword arguments made of JSON values. It round-trips through JSON and through the
local-table text form, and its repr rebuilds it, so a failing test prints something you
can paste back into a test.
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from typing import Any

JsonValue = Any


# Argument types kept as they are (the fast path of :meth:`Action.of`: enumerations build thousands).
_SCALARS = frozenset({str, int, bool, float})


def _freeze(value: JsonValue) -> JsonValue:
    """Lists become tuples so that actions hash and compare by value."""
    if isinstance(value, list | tuple):
        items = tuple(value)
        for v in items:
            if type(v) not in _SCALARS:
                return tuple(_freeze(v) for v in items)
        return items
    if isinstance(value, dict):
        raise TypeError("action arguments are flat: use several arguments instead of a mapping")
    return value


def _thaw(value: JsonValue) -> JsonValue:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _quote(text: str) -> str:
    """Quote a value for the text form only when it needs it (``to:"King's Lynn"``)."""
    if text and shlex.quote(text) == text:
        return text
    if '"' not in text and "\\" not in text and "$" not in text and "`" not in text:
        return f'"{text}"'
    return shlex.quote(text)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    args: tuple[tuple[str, JsonValue], ...] = ()

    @classmethod
    def of(cls, kind: str, **args: JsonValue) -> Action:
        items = sorted(args.items()) if len(args) > 1 else args.items()   # names are unique: sorted by name
        for value in args.values():
            if type(value) not in _SCALARS:   # a list to freeze, or None to leave out
                return cls(kind, tuple([(k, v if type(v) in _SCALARS else _freeze(v)) for k, v in items
                                        if v is not None]))
        return cls(kind, tuple(items))

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled by its fields (a frozen dataclass compiled by ``make build`` cannot be rebuilt field by field)
        return Action, (self.kind, self.args)

    def get(self, name: str, default: JsonValue = None) -> JsonValue:
        for key, value in self.args:
            if key == name:
                return value
        return default

    def __getitem__(self, name: str) -> JsonValue:
        for key, value in self.args:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def params(self) -> dict[str, JsonValue]:
        return dict(self.args)

    def to_json(self) -> dict[str, JsonValue]:
        return {"kind": self.kind, "args": {k: _thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: dict[str, JsonValue]) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        return cls.of(data["kind"], **dict(data.get("args") or {}))

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    def text(self) -> str:
        """The local-table form: ``move noble:Henri to:London``."""
        parts = [self.kind]
        for key, value in self.args:
            shown = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
            parts.append(f"{key}:{_quote(shown)}")
        return " ".join(parts)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_thaw(v)!r}" for k, v in self.args)
        return f"Action.of({self.kind!r}{', ' if inner else ''}{inner})"
