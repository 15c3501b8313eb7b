"""Seneschal's rules engines: pure, deterministic, no I/O.

The import guard below: ``make build`` (:mod:`engine.compile`) may have compiled the engine's modules
to C, in libraries beside the engine folder with a small extension module beside each source, and
written its record (``engine/compiled.json``). Python would import the extensions even after a
source changed, and the compiled modules call each other directly, so the engine is taken from its
sources, every module of it, when any compiled source is newer than the record, when there is no
record, or when ``SENESCHAL_PURE=1`` asks for plain Python (mutation testing, a debugger).
:func:`running` says which engine runs and why (the bot logs it at start; ``python -m bot check``
prints it).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from functools import cache
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder, SourceFileLoader
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

RECORD = "compiled.json"   # written by engine.compile, in the engine folder
HERE = Path(__file__).resolve().parent


def stale(root: Path) -> str | None:
    """Why the build of the engine folder ``root`` cannot run, or None when it can: its record is
    there and at least as new as every source it compiled."""
    record = root / RECORD
    if not record.exists():
        return "there is no build (make build compiles one)"
    made = record.stat().st_mtime
    for name in json.loads(record.read_text(encoding="utf-8"))["modules"]:
        source = root.parent.joinpath(*name.split(".")).with_suffix(".py")
        shown = source.relative_to(root.parent).as_posix()
        if not source.exists():
            return f"{shown} is gone since the build (make build)"
        if source.stat().st_mtime > made:
            return f"{shown} changed after the build (make build)"
    return None


def _sources_because() -> str | None:
    if os.environ.get("SENESCHAL_PURE", "") not in ("", "0"):
        return "SENESCHAL_PURE is set"
    return stale(HERE)


SOURCES_BECAUSE = _sources_because()   # None: the compiled engine runs


def running() -> str:
    """Which engine runs, in words: "compiled", or "from its sources" and why."""
    return "compiled (make build)" if SOURCES_BECAUSE is None else f"from its sources: {SOURCES_BECAUSE}"


@cache
def _written() -> dict[str, dict[str, dict[str, str]]]:
    modules: dict[str, dict[str, dict[str, str]]] = json.loads((HERE / RECORD).read_text(encoding="utf-8"))["modules"]
    return modules


def written_annotations(cls: type) -> dict[str, str] | None:
    """The annotations of a compiled class as its source writes them (``list[Offer]``, where the class
    itself keeps ``list``), from the build's record ({} for a class that declares none); None for a
    class that runs as Python (the engine from its sources, or a module the build left alone)."""
    if SOURCES_BECAUSE is not None:
        return None
    module = _written().get(cls.__module__)
    return None if module is None else module.get(cls.__qualname__, {})


class _SourceWhenStale(MetaPathFinder):
    """Every ``engine`` module from its source while ``sources`` holds (no current build, or plain
    Python asked for); else Python's own choice, the compiled module."""

    def __init__(self, sources: bool) -> None:
        self.sources = sources

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("engine.") or path is None:
            return None
        spec = PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if not self.sources or origin is None or not origin.endswith(tuple(EXTENSION_SUFFIXES)):
            return spec
        source = origin[:origin.index(".", origin.rindex(os.sep))] + ".py"
        if not os.path.exists(source):
            return spec
        return spec_from_file_location(name, source, loader=SourceFileLoader(name, source))


if not any(isinstance(f, _SourceWhenStale) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceWhenStale(SOURCES_BECAUSE is not None))
