"""Loading the Fief data files, with validation errors that name the file and the field.

Every data file under ``engine/fief/data`` is read once, checked field by field, and turned into
frozen values. A mistake raises :class:`DataError` such as ``map.json: cities[3].region: unknown
region 'VII'``.
"""

from __future__ import annotations

import builtins
import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"


class DataError(ValueError):
    """A data file does not have the shape the rules need."""


class Field:
    """A cursor into a JSON document that knows its own path, for error messages."""

    def __init__(self, file: str, value: Any, path: str = "") -> None:
        self.file, self.value, self.path = file, value, path

    def fail(self, message: str) -> DataError:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return DataError(f"{where}: {message}")

    def __getitem__(self, key: str | int) -> Field:
        if isinstance(key, int):
            if not isinstance(self.value, list) or not -len(self.value) <= key < len(self.value):
                raise self.fail(f"no item {key}")
            return Field(self.file, self.value[key], f"{self.path}[{key}]")
        if not isinstance(self.value, dict):
            raise self.fail("expected an object")
        if key not in self.value:
            raise self.fail(f"missing field {key!r}")
        return Field(self.file, self.value[key], f"{self.path}.{key}" if self.path else key)

    def get(self, key: str, default: Any = None) -> Field:
        if isinstance(self.value, dict) and key in self.value:
            return self[key]
        return Field(self.file, default, f"{self.path}.{key}" if self.path else key)

    def items(self) -> list[Field]:
        if not isinstance(self.value, list):
            raise self.fail("expected a list")
        return [self[i] for i in range(len(self.value))]

    def keys(self) -> list[str]:
        if not isinstance(self.value, dict):
            raise self.fail("expected an object")
        return list(self.value)

    def str(self, *, choices: tuple[str, ...] | list[str] | set[str] | None = None) -> str:
        if not isinstance(self.value, str) or not self.value:
            raise self.fail("expected a non-empty text")
        if choices is not None and self.value not in choices:
            raise self.fail(f"unknown value {self.value!r}; expected one of {sorted(choices)}")
        return self.value

    def int(self, *, low: int | None = None, high: int | None = None) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.fail("expected a whole number")
        if (low is not None and self.value < low) or (high is not None and self.value > high):
            raise self.fail(f"{self.value} is outside {low}..{high}")
        return self.value

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail("expected true or false")
        return self.value

    def point(self, width: builtins.int, height: builtins.int) -> tuple[builtins.int, builtins.int]:
        if not isinstance(self.value, list) or len(self.value) != 2:
            raise self.fail("expected [x, y]")
        x, y = self[0].int(low=0, high=width), self[1].int(low=0, high=height)
        return (x, y)


@cache
def read(name: str) -> Field:
    """The parsed JSON of ``data/<name>`` as a :class:`Field` cursor."""
    path = DATA / name
    try:
        return Field(name, json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise DataError(f"{name}: file not found in {DATA}") from None
    except json.JSONDecodeError as err:
        raise DataError(f"{name}: not valid JSON: {err}") from None


def unique(field: Field, values: list[str], what: str) -> None:
    seen: set[str] = set()
    for v in values:
        if v in seen:
            raise field.fail(f"{what} {v!r} appears twice")
        seen.add(v)
