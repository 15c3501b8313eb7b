"""The state fields a scenario's ``setup`` can reach, written out from a game's state dataclasses.

    python -m engine.scenario --state-doc fief > docs/fief-state.md

Every path a ``setup`` override may set (docs/scenarios.md) is a field of the game's state as the
save format writes it (engine.core.serial): this module walks the dataclasses from the game's
``state_type`` down, with their types and the comment written beside each field, so the page
cannot drift from the code (tests/test_statedoc.py compares it with the checked-in file).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import io
import sys
import tokenize
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any

from engine.core import Rules, serial

PLAIN = {int: "number", str: "text", bool: "true/false", float: "number", type(None): "null"}
KEY_SAMPLE = 6   # keys of a new game shown for each table


@cache
def field_comments(cls: type) -> dict[str, str]:
    """The ``# comment`` written on the line of each field of ``cls`` (its source, read by tokens)."""
    source = class_source(cls)
    if source is None:
        return {}
    names = {f.name for f in dataclasses.fields(cls)}
    out: dict[str, str] = {}
    line_field: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.NAME and tok.start[1] == 4 and tok.string in names and tok.start[0] not in line_field:
            line_field[tok.start[0]] = tok.string
        elif tok.type == tokenize.COMMENT and tok.start[0] in line_field:
            out.setdefault(line_field[tok.start[0]], tok.string.lstrip("#").strip())
    return out


def class_source(cls: type) -> str | None:
    """The source of ``cls``, read from the ``.py`` file beside the module when the module is compiled
    (engine/compile.py), where :func:`inspect.getsource` finds none."""
    try:
        return inspect.getsource(cls)
    except (OSError, TypeError):
        pass
    compiled = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if compiled is None:
        return None
    path = Path(compiled)
    path = path.with_name(path.name.split(".", 1)[0] + ".py")
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8")
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return "".join(text.splitlines(keepends=True)[node.lineno - 1:node.end_lineno])   # whole lines: comments too
    return None


def summary(cls: type) -> str:
    doc = inspect.getdoc(cls) or ""
    if doc.startswith(f"{cls.__name__}("):   # the dataclass's generated signature, not a docstring
        return ""
    return " ".join(doc.split("\n\n")[0].split())


def inner_dataclass(tp: Any) -> type | None:
    """The dataclass a field holds (directly, optionally, or as the items of a list or table)."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return tp
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        return inner_dataclass(options[0]) if len(options) == 1 else None
    return None


def describe(tp: Any) -> str:
    """A field's type in words a scenario writer reads (the JSON it takes)."""
    if tp in PLAIN:
        return PLAIN[tp]
    if tp is Any or tp is object:
        return "any JSON value"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return f"object ({tp.__name__})"
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe(a) for a in args)
    if origin in (list, tuple, set, frozenset):
        return f"list of {describe(args[0])}" if args else "list"
    if origin is dict:
        return f"table of {describe(args[1])}" if args else "table"
    if isinstance(tp, type):
        return tp.__name__
    return str(tp)


def container(tp: Any) -> tuple[str, Any] | None:
    """("{key}" or "{n}", item type) when the field is a table or list of objects."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        return container(options[0]) if len(options) == 1 else None
    if origin is dict and args and inner_dataclass(args[1]):
        return "{key}", args[1]
    if origin in (list, tuple) and args and inner_dataclass(args[0]):
        return "{n}", args[0]
    return None


def lookup(data: Any, path: list[str]) -> Any:
    """The value at ``path`` in a new game's data; ``{key}``/``{n}`` follow the first item."""
    for key in path:
        if isinstance(data, dict):
            data = next(iter(data.values()), None) if key == "{key}" else data.get(key)
        elif isinstance(data, list):
            data = data[0] if data else None
        else:
            return None
    return data


def rows(cls: type, prefix: list[str], sample: Any, seen: tuple[type, ...]) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    hints = serial.type_hints(cls)
    notes = field_comments(cls)
    for f in dataclasses.fields(cls):
        if f.name.startswith("_") or not f.metadata.get("serialise", True):
            continue          # not saved, so no scenario sets it (serial skips it alike)
        tp = hints[f.name]
        path = [*prefix, f.name]
        note = notes.get(f.name, "")
        default = "" if f.default is dataclasses.MISSING else f"default {_json(f.default)}"
        value = lookup(sample, path)
        keys = ""
        if isinstance(value, dict) and value and typing.get_origin(_strip(tp)) is dict:
            shown = sorted(value)[:KEY_SAMPLE]
            keys = "keys in a new game: " + ", ".join(f"`{k}`" for k in shown) + (", …" if len(value) > KEY_SAMPLE else "")
        meaning = "; ".join(x for x in (note, default, keys) if x)
        out.append((".".join(path), describe(tp), meaning))
        inner = container(tp)
        if inner is not None:
            slot, item = inner
            item_cls = inner_dataclass(item)
            if item_cls is not None and item_cls not in seen:
                out += rows(item_cls, [*path, slot], sample, (*seen, item_cls))
            continue
        sub = inner_dataclass(tp)
        if sub is not None and sub not in seen:
            out += rows(sub, path, sample, (*seen, sub))
    return out


def _strip(tp: Any) -> Any:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(tp) if a is not type(None)]
        return options[0] if len(options) == 1 else tp
    return tp


def _json(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def state_doc(rules: Rules) -> str:
    """The Markdown page of ``rules``' state fields, from its state dataclasses and a new game."""
    seats = [f"seat{i}" for i in range(1, rules.max_seats + 1)]
    state, _ = rules.new_game(seats, {}, 1)
    sample = rules.dump(state)["data"]
    cls = rules.state_type
    lines = [
        f"# {rules.title}: the state fields a scenario's setup can reach",
        "",
        f"Generated by `python -m engine.scenario --state-doc {rules.name} > docs/{rules.name}-state.md` from the",
        "state dataclasses (the comment beside each field is its meaning); do not edit it by hand:",
        "`tests/test_statedoc.py` fails when it is out of date. How `setup` overrides work, and what",
        "the runner keeps consistent or refuses, is in docs/scenarios.md.",
        "",
        "A path is dotted; `{key}` stands for a key of a table (the keys of a new "
        f"{rules.max_seats}-player game are shown, with seats named `seat1`...), `{{n}}` for a list position from 0.",
        "",
    ]
    if summary(cls):
        lines += [summary(cls), ""]
    lines += ["| path | type | meaning |", "|---|---|---|"]
    for path, kind, meaning in rows(cls, [], sample, (cls,)):
        cell = meaning.replace("|", "\\|")
        lines.append(f"| `{path}` | {kind} | {cell} |")
    return "\n".join(lines) + "\n"
