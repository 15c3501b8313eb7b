"""Compile the engine's rules and agents to C extension modules with Cython (``make build``).

    python -m engine.compile [--clean] [--jobs N]

The same sources, unchanged, play random games about 40% faster compiled: random playouts are the
search's inner loop (issue 16). Each module ``x.py`` gets an ``x.<platform>.so`` beside it, which Python
imports in its place. Nothing depends on it: without a build, or with ``SENESCHAL_PURE=1`` set, the
engine runs as plain Python, and a module whose source is newer than its build is imported from
the source (``engine/__init__.py``). Only what changed is compiled again.

Left as Python: package ``__init__`` files (the import guard lives there), the wording and content
loaders (read once, not on any hot path) and the command-line tools (``python -m`` runs a module
from its source); :mod:`engine.playout`, the loop of ``engine.simulate``, is compiled.
"""

from __future__ import annotations

import argparse
import os
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Folders (and the playout loop) compiled, and folders or files under them left as Python.
COMPILED = ("core", "fief", "okc", "agents", "playout.py")
LEFT = ("words", "content", "data", "packs")
EXTENSION = ".so"


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


def clean() -> int:
    removed = 0
    for path in ROOT.rglob("*"):
        if path.suffix == EXTENSION:
            path.unlink()
            removed += 1
    return removed


def build(jobs: int) -> None:
    from Cython.Build import cythonize  # the dev extras' Cython: only this command needs it
    from setuptools import setup  # type: ignore[import-untyped]

    os.chdir(ROOT.parent)   # module names follow the paths: engine/fief/legal.py is engine.fief.legal
    # Python's own compiler flags without the debug information: a third less build time, the same code
    os.environ.setdefault("CFLAGS", f"{sysconfig.get_config_var('CFLAGS') or ''} -g0")
    modules = [str(p.relative_to(ROOT.parent)) for p in sources()]
    extensions = cythonize(  # type: ignore[no-untyped-call]
        modules, nthreads=jobs, quiet=True, build_dir="build/cython",   # the C sources kept out of the tree
        # Annotations stay documentation (as in plain Python): never a type check that could refuse a value.
        compiler_directives={"language_level": 3, "annotation_typing": False, "binding": True},
    )
    setup(name="seneschal-engine", ext_modules=extensions,
          script_args=["build_ext", "--inplace", "--parallel", str(jobs), "--build-temp", "build/objects"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.compile", description=__doc__.split("\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules (back to plain Python)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.clean:
        print(f"removed {clean()} compiled files")
        return 0
    build(args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
