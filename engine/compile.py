"""Compile the engine's rules and agents to C with mypyc (``make build``).

    python -m engine.compile [--clean] [--jobs N]

The same sources play random games about two and a half times faster compiled: random playouts are
the search's inner loop (issue 16). mypyc reads the type annotations (the engine is checked with
``mypy --strict``): a dataclass becomes a C structure, a call between two engine functions a C call.
All the modules are compiled together into one library, ``seneschal_engine__mypyc.<platform>.so``
beside the engine folder, and each module ``x.py`` gets a small ``x.<platform>.so`` beside it that
Python imports in its place. Nothing depends on it: without a build, or with ``SENESCHAL_PURE=1``
set, the engine runs as plain Python, as it does when any compiled source is newer than the library
(``engine/__init__.py``: the compiled modules call each other directly, so they run together or not
at all). A build compiles everything again; the library is dated from the moment the sources were
read, so an edit made while it compiles is not taken for compiled.

Left as Python: package ``__init__`` files (the import guard lives there), the wording and content
loaders (read once, not on any hot path) and the command-line tools (``python -m`` runs a module
from its source); :mod:`engine.playout`, the loop of ``engine.simulate``, is compiled. A compiled class
that a Python one extends (the games' ``Rules``, ``RuleError``, the OKC ``Module``) says so with
``mypyc_attr(allow_interpreted_subclasses=True)``.
"""

from __future__ import annotations

import argparse
import os
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Folders (and the playout loop) compiled, and folders or files under them left as Python.
COMPILED = ("core", "fief", "okc", "agents", "playout.py")
LEFT = ("words", "content", "data", "packs")
EXTENSION = ".so"
BUILD = ROOT.parent / "build"
# The library every compiled module lives in, beside the engine folder (mypyc reckons each compiled
# module's __file__ from where its library is); engine/__init__.py's LIBRARY is its module name
GROUP = "seneschal_engine"
# Python's C flags without the debug information: a quicker build, the same code (a builder's own CFLAGS win)
CFLAGS = os.environ.get("CFLAGS") or f"{sysconfig.get_config_var('CFLAGS') or ''} -g0"


def sources() -> list[Path]:
    out: list[Path] = []
    for folder in COMPILED:
        top = ROOT / folder
        for path in [top] if top.is_file() else sorted(top.rglob("*.py")):
            names = {*path.relative_to(ROOT).parts[:-1], path.stem}   # its folders and its own name
            if path.name == "__init__.py" or not names.isdisjoint(LEFT):
                continue
            out.append(path)
    return out


def library() -> list[Path]:
    return sorted(ROOT.parent.glob(f"{GROUP}__mypyc*{EXTENSION}"))


def clean() -> int:
    """Remove the compiled modules, the library and their linked copies under build/."""
    removed = 0
    for path in [*ROOT.rglob(f"*{EXTENSION}"), *library()]:
        path.unlink()
        removed += 1
    for path in (BUILD / "lib").rglob(f"*{EXTENSION}"):
        path.unlink()
    return removed


def build(jobs: int) -> None:
    from mypyc.build import mypycify  # the dev extras' mypy: only this command needs it
    from setuptools import setup  # type: ignore[import-untyped]

    os.chdir(ROOT.parent)   # module names follow the paths: engine/fief/legal.py is engine.fief.legal
    started = time.time()
    clean()   # linked and copied again, whatever an earlier build left
    extensions = mypycify([str(p.relative_to(ROOT.parent)) for p in sources()], opt_level="3", debug_level="0",
                          group_name=GROUP, target_dir=str(BUILD / "mypyc"))   # the C sources kept out of the tree
    os.environ["CFLAGS"] = CFLAGS
    setup(name="seneschal-engine", ext_modules=extensions,
          script_args=["build_ext", "--inplace", "--parallel", str(jobs), "--build-temp", str(BUILD / "objects"),
                       "--build-lib", str(BUILD / "lib")])
    for path in library():
        os.utime(path, (started, started))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.compile", description=__doc__.split("\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled engine (back to plain Python)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.clean:
        print(f"removed {clean()} compiled files")
        return 0
    build(args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
