"""Seneschal's rules engines: pure, deterministic, no I/O.

The import guard below: ``make build`` (:mod:`engine.compile`) may have compiled a module to a C
extension beside its source. Python would import the extension even after the source changed, so
an ``engine`` module is taken from its source instead when the source is newer than its build, or
when ``SENESCHAL_PURE=1`` asks for plain Python everywhere (mutation testing, a debugger).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder, SourceFileLoader
from importlib.util import spec_from_file_location
from types import ModuleType


class _SourceWhenStale(MetaPathFinder):
    def __init__(self, pure: bool) -> None:
        self.pure = pure

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("engine.") or path is None:
            return None
        spec = PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(EXTENSION_SUFFIXES)):
            return spec
        source = origin[:origin.index(".", origin.rindex(os.sep))] + ".py"
        if not os.path.exists(source):
            return spec
        if self.pure or os.path.getmtime(source) > os.path.getmtime(origin):
            return spec_from_file_location(name, source, loader=SourceFileLoader(name, source))
        return spec


if not any(isinstance(f, _SourceWhenStale) for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceWhenStale(os.environ.get("SENESCHAL_PURE", "") not in ("", "0")))
