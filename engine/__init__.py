"""Seneschal's rules engines: pure, deterministic, no I/O.

The import guard below: ``make build`` (:mod:`engine.compile`) may have compiled the engine's modules
to C, one library (``seneschal_engine__mypyc.<platform>.so``, beside the engine folder) with a small
extension module beside each source. Python would import the extensions even after a source
changed, and the compiled modules call each other directly, so the engine is taken from its
sources, every module of it, when any compiled source is newer than the library, when there is no
library, or when ``SENESCHAL_PURE=1`` asks for plain Python (mutation testing, a debugger).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder, SourceFileLoader
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

LIBRARY = "seneschal_engine__mypyc"   # engine.compile's GROUP, as mypyc names its library


def built(root: Path) -> bool:
    """The library beside the engine folder ``root``, at least as new as every source compiled into it
    (each source with an extension module beside it)."""
    libraries = [root.parent / f"{LIBRARY}{suffix}" for suffix in EXTENSION_SUFFIXES]
    library = next((p for p in libraries if p.exists()), None)
    if library is None:
        return False
    made = library.stat().st_mtime
    for extension in root.rglob("*.so"):
        source = extension.with_name(extension.name.split(".")[0] + ".py")
        if source.exists() and source.stat().st_mtime > made:
            return False
    return True


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
    sys.meta_path.insert(0, _SourceWhenStale(os.environ.get("SENESCHAL_PURE", "") not in ("", "0")
                                             or not built(Path(__file__).resolve().parent)))
