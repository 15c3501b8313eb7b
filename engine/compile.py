"""Compile the engine's rules and agents to C with mypyc (``make build``).

    python -m engine.compile [--clean] [--no-profile] [--jobs N]

The same sources play random games about two and a half times faster compiled: random playouts are
the search's inner loop (issue 16). mypyc reads the type annotations (the engine is checked with
``mypy --strict``): a dataclass becomes a C structure, a call between two engine functions a C call.
All the modules are compiled together into one library, ``seneschal_engine__mypyc.*.so`` beside the
engine folder,
and each module ``x.py`` gets a small ``x.<platform>.so`` beside it that Python imports in its place.
Nothing depends on it: without a build, or with ``SENESCHAL_PURE=1`` set, the engine runs as plain
Python, as it does when any compiled source is newer than the library (``engine/__init__.py``: the
compiled modules call each other directly, so they are taken together or not at all). A build always
compiles everything again.

The C compiler is guided by a profile (as CPython's own release builds are): the first build compiles
the modules with counters, plays the random games of :data:`TRAINING` on them, and compiles them
again laying out each function for the paths those games took (about 12% faster playouts). The
profile stays in ``build/objects``: later builds compile only what changed, with it (a changed
function falls back to plain optimisation until ``--clean`` and a new build take a fresh profile).
``--no-profile`` builds in one pass without it, as does a compiler other than gcc.

Left as Python: package ``__init__`` files (the import guard lives there), the wording and content
loaders (read once, not on any hot path) and the command-line tools (``python -m`` runs a module
from its source); :mod:`engine.playout`, the loop of ``engine.simulate``, is compiled. A compiled class
that a Python one extends (the games' ``Rules``, ``RuleError``, the OKC ``Module``) says so with
``mypyc_attr(allow_interpreted_subclasses=True)``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Folders (and the playout loop) compiled, and folders or files under them left as Python.
COMPILED = ("core", "fief", "okc", "agents", "playout.py")
LEFT = ("words", "content", "data", "packs")
EXTENSION = ".so"
BUILD = ROOT.parent / "build"
OBJECTS = BUILD / "objects"   # the object files and, beside them, the profile (.gcda)
# The library every compiled module lives in: seneschal_engine__mypyc.<platform>.so beside the engine folder
# (where mypyc reckons each compiled module's __file__ from)
GROUP = "seneschal_engine"
LINKED = BUILD / "lib"   # the modules as linked, copied into the tree
# The games the profile is taken from: the playout loop of both games, seeded (each run takes about a second).
TRAINING = (("fief", "30", "3"), ("okc", "30", "3"))
# gcc: count the paths taken; then use the counts, where there are some (the rest is optimised as usual),
# and ignore a function's counts once its code changed
GENERATE = "-fprofile-generate"
USE = "-fprofile-use -fprofile-partial-training -Wno-missing-profile -Wno-coverage-mismatch"
# The flags each pass adds to: the builder's own CFLAGS, else Python's without the debug information (a third
# less build time, the same code); read once, before a pass sets CFLAGS
BASE_CFLAGS = os.environ.get("CFLAGS") or f"{sysconfig.get_config_var('CFLAGS') or ''} -g0"


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


def clean(profile: bool = True) -> int:
    """Remove the compiled modules (and the profile, unless ``profile`` is False)."""
    removed = 0
    for path in ROOT.rglob("*"):
        if path.suffix == EXTENSION:
            path.unlink()
            removed += 1
    for path in [*LINKED.rglob(f"*{EXTENSION}"), *ROOT.parent.glob(f"{GROUP}__mypyc*{EXTENSION}")]:
        path.unlink()
    if profile:
        for path in OBJECTS.rglob("*.gcda"):
            path.unlink()
    return removed


def profiled() -> bool:
    return any(OBJECTS.rglob("*.gcda"))


def build(jobs: int, profile: bool = True) -> None:
    from mypyc.build import mypycify  # the dev extras' mypy: only this command needs it

    os.chdir(ROOT.parent)   # module names follow the paths: engine/fief/legal.py is engine.fief.legal
    modules = [str(p.relative_to(ROOT.parent)) for p in sources()]
    # the C sources kept out of the tree; no debug information (a quicker build, the same code)
    extensions = mypycify(modules, opt_level="3", debug_level="0", group_name=GROUP, target_dir="build/mypyc")
    if not profile or not gcc():
        _compile(extensions, jobs, "")
        return
    if not profiled():
        clean(profile=False)   # every module compiled with counters, whatever an earlier build left
        _compile(extensions, jobs, GENERATE)
        for game, games, seed in TRAINING:
            subprocess.run([sys.executable, "-m", "engine.simulate", game, "--games", games, "--seed", seed,
                            "--no-check"], check=True, stdout=subprocess.DEVNULL,
                           env={k: v for k, v in os.environ.items() if k != "SENESCHAL_PURE"})
        clean(profile=False)   # every module compiled again, now with its counts
    _compile(extensions, jobs, USE)


def gcc() -> bool:
    """Python's C compiler is gcc (the profile's flags and files are gcc's; clang keeps its own)."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    try:
        version = subprocess.run([cc, "--version"], capture_output=True, text=True, check=False).stdout
    except OSError:
        return False
    return "gcc" in version.lower() and "clang" not in version.lower()


def _compile(extensions: list[object], jobs: int, flags: str) -> None:
    from setuptools import setup  # type: ignore[import-untyped]

    os.environ["CFLAGS"] = f"{BASE_CFLAGS} {flags}"
    os.environ["LDFLAGS"] = flags if flags == GENERATE else ""   # the counters' library linked in
    setup(name="seneschal-engine", ext_modules=extensions,
          script_args=["build_ext", "--inplace", "--parallel", str(jobs), "--build-temp", str(OBJECTS),
                       "--build-lib", str(LINKED)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.compile", description=__doc__.split("\n")[0])
    parser.add_argument("--clean", action="store_true",
                        help="remove the compiled modules and the profile (back to plain Python)")
    parser.add_argument("--no-profile", action="store_true", help="one pass, without the compiler's profile")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.clean:
        print(f"removed {clean()} compiled files")
        return 0
    build(args.jobs, profile=not args.no_profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
