"""Compile the engine's rules and agents to C with mypyc (``make build``).

    python -m engine.compile [--jobs N] [--clean] [--check]

The same sources play random games about two and a half times faster compiled: random playouts are
the search's inner loop (issue 16). mypyc reads the type annotations (the engine is checked with
``mypy --strict``): a dataclass becomes a C structure, a call between two engine functions a C call.

The compiled modules are split into libraries (mypyc's separate compilation): one per folder, a
large folder's modules in runs of about ``LINES`` source lines, each library named after its folder
(``seneschal_engine_fief_2__mypyc.<platform>.so``, beside the engine folder: mypyc reckons each
compiled module's ``__file__`` from there). Each module ``x.py`` gets a small ``x.<platform>.so``
beside it that Python imports in its place. A call inside a library is a direct C call; a call to
another library goes through that library's table of exports. Every build writes the C of every
library again (mypy's analysis and mypyc's code, a quarter of a minute), but gcc compiles only a
library whose C or whose included headers changed, ``--jobs`` libraries at a time: after an edit of
one rule file, one library and those whose view of it changed.

A build ends by writing its record, ``engine/compiled.json``, dated from the moment the sources
were read (an edit made while it compiles is not taken for compiled): the modules it compiled and
the written annotations of their classes, which a compiled class keeps only erased (``list`` for
``list[Offer]``; :func:`engine.core.serial.type_hints` reads them from the record). The import guard
(``engine/__init__.py``) runs the engine from its sources, every module of it, when there is no
record, when a compiled source is newer than it, or with ``SENESCHAL_PURE=1``.

Left as Python: package ``__init__`` files (the import guard lives there), the wording and content
loaders (read once, not on any hot path) and every module that runs as a command (``python -m``
cannot run a compiled module): those with an ``if __name__ == "__main__":`` block.
:mod:`engine.playout`, the loop of ``engine.simulate``, is compiled. A compiled class that a Python
one extends (the games' ``Rules``, ``RuleError``, the OKC ``Module``) says so with
``mypyc_attr(allow_interpreted_subclasses=True)``.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import shutil
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import engine

ROOT = Path(__file__).resolve().parent
# Folders (and the playout loop) compiled, and folders or files under them left as Python.
COMPILED = ("core", "fief", "okc", "agents", "playout.py")
LEFT = ("words", "content", "data", "packs")
EXTENSION = ".so"
BUILD = ROOT.parent / "build"
# About how many source lines one library holds: gcc -O3 compiles about a hundred lines a second
# here, so an edit waits for some 15 s of it, and the 17 libraries share out the cores.
LINES = 1800
# Every library's name starts so (the .gitignore and clean() find them by it).
PREFIX = "seneschal_"
# Python's C flags without the debug information: a quicker build, the same code (a builder's own CFLAGS win)
CFLAGS = os.environ.get("CFLAGS") or f"{sysconfig.get_config_var('CFLAGS') or ''} -g0"
MAIN = 'if __name__ == "__main__":'


def sources() -> list[Path]:
    """The modules compiled: every module of the compiled folders but package ``__init__`` files, the
    folders left as Python and the modules that run as commands."""
    out: list[Path] = []
    for folder in COMPILED:
        top = ROOT / folder
        for path in [top] if top.is_file() else sorted(top.rglob("*.py")):
            names = {*path.relative_to(ROOT).parts[:-1], path.stem}   # its folders and its own name
            if path.name == "__init__.py" or not names.isdisjoint(LEFT) or MAIN in path.read_text("utf-8"):
                continue
            out.append(path)
    return out


def groups(paths: list[Path]) -> list[tuple[list[str], str | None]]:
    """The libraries, as mypyc's ``separate`` takes them: (their files, their name), one per folder, a
    folder's modules (in name order) cut into runs of at most ``LINES`` lines (a module larger than
    that alone)."""
    folders: dict[Path, list[Path]] = {}
    for path in sorted(paths):
        folders.setdefault(path.parent, []).append(path)
    out: list[tuple[list[str], str | None]] = []
    for folder, files in folders.items():
        runs: list[list[Path]] = [[]]
        size = 0
        for path in files:
            lines = len(path.read_text("utf-8").splitlines())
            if runs[-1] and size + lines > LINES:
                runs.append([])
                size = 0
            runs[-1].append(path)
            size += lines
        stem = PREFIX + "_".join(folder.relative_to(ROOT.parent).parts)
        for number, run in enumerate(runs, 1):
            name = stem if len(runs) == 1 else f"{stem}_{number}"
            out.append(([str(p.relative_to(ROOT.parent)) for p in run], name))
    return out


def written_annotations(path: Path) -> dict[str, dict[str, str]]:
    """The written annotations of each class in the module at ``path``, by qualified name: what a
    compiled class keeps only erased."""
    out: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                name = prefix + node.name
                fields = {line.target.id: ast.unparse(line.annotation) for line in node.body
                          if isinstance(line, ast.AnnAssign) and isinstance(line.target, ast.Name)}
                if fields:
                    out[name] = fields
                visit(node.body, name + ".")

    visit(ast.parse(path.read_text("utf-8")).body, "")
    return out


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)


def record(paths: list[Path]) -> dict[str, Any]:
    """The build's record (``engine/compiled.json``): each compiled module with its classes' written
    annotations."""
    return {"modules": {module_name(p): written_annotations(p) for p in paths}}


def built_files() -> list[Path]:
    """Every compiled file in place: the libraries beside the engine folder and the modules' stand-ins."""
    return [*ROOT.parent.glob(f"{PREFIX}*__mypyc*{EXTENSION}"), *ROOT.rglob(f"*{EXTENSION}")]


def clean() -> int:
    """Remove the compiled modules, the libraries, the record, and what the C compiler kept under build/."""
    removed = 0
    for path in built_files():
        path.unlink()
        removed += 1
    (ROOT / engine.RECORD).unlink(missing_ok=True)
    for folder in ("lib", "objects", "mypyc"):
        shutil.rmtree(BUILD / folder, ignore_errors=True)
    return removed


@contextlib.contextmanager
def logged(path: Path) -> Iterator[None]:
    """Everything written to the standard output and error, gcc's included, into ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with path.open("w") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def build(jobs: int) -> str:
    """Compile what changed since the last build; what was done, in a line."""
    from mypyc.build import mypycify  # the dev extras' mypy: only this command needs it
    from setuptools import setup  # type: ignore[import-untyped]

    os.chdir(ROOT.parent)   # module names follow the paths: engine/fief/legal.py is engine.fief.legal
    started = time.time()
    (ROOT / engine.RECORD).unlink(missing_ok=True)   # no record while the build is under way
    paths = sources()
    layout = groups(paths)
    cache = BUILD / "mypy"
    shutil.rmtree(cache, ignore_errors=True)   # mypyc's C written again whole: a library changes only with its C
    log = BUILD / "compile.log"
    before = {p: p.stat().st_mtime for p in built_files()}
    try:
        with logged(log):
            extensions = mypycify(["--cache-dir", str(cache), *(f for files, _ in layout for f in files)],
                                  separate=layout, opt_level="3", debug_level="0",
                                  target_dir=str(BUILD / "mypyc"))   # the C sources kept out of the tree
            os.environ["CFLAGS"] = CFLAGS
            setup(name="seneschal-engine", ext_modules=extensions,
                  script_args=["build_ext", "--inplace", "--parallel", str(jobs),
                               "--build-temp", str(BUILD / "objects"), "--build-lib", str(BUILD / "lib")])
    except (SystemExit, Exception):
        sys.stderr.write(log.read_text(errors="replace")[-6000:])
        raise
    wanted = {Path(*ext.name.split(".")).with_suffix("") for ext in extensions}
    for path in built_files():   # what an earlier layout left: a module since moved, a library since cut anew
        if Path(path.relative_to(ROOT.parent).as_posix().split(".", 1)[0]) not in wanted:
            path.unlink()
    libraries = [p for p in built_files() if p.name.startswith(PREFIX)]
    compiled = [p for p in libraries if before.get(p) != p.stat().st_mtime]
    written = ROOT / engine.RECORD
    written.write_text(json.dumps(record(paths), indent=1, sort_keys=True), encoding="utf-8")
    os.utime(written, (started, started))
    return (f"compiled {len(compiled)} of {len(libraries)} libraries ({len(paths)} modules) in "
            f"{time.time() - started:.0f} s; gcc's output in {log.relative_to(ROOT.parent)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.compile", description=__doc__.split("\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled engine (back to plain Python)")
    parser.add_argument("--check", action="store_true",
                        help="say which engine runs; exit 1 unless it is the compiled one")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="libraries compiled at once")
    args = parser.parse_args(argv)
    if args.clean:
        print(f"removed {clean()} compiled files")
        return 0
    if args.check:
        print(f"the engine runs {engine.running()}")
        return 0 if engine.SOURCES_BECAUSE is None else 1
    print(build(args.jobs))
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)   # as mypy's own command does: freeing its analysis of the engine object by object takes as long again
