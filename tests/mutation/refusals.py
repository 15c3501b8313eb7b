"""``make refusals``: the refusals of an area that no test raises, or whose words no test reads.

A refusal (``RuleError`` and the table's errors built on it) whose message or section no test reads
lets a mutation of its text or section through, and one no test raises lets anything through; the
mutation samples of issue 35 kept finding both, one at a time. This finds them all at once: it runs
the area's tests with a recorder that notes, for each place in the code a refusal is raised from,
whether a test read its ``message``, ``section``, ``code`` or ``legal`` (or its whole text), then
lists the raise sites in the area's sources that were never raised or whose words were never read.

``REFUSALS_AREA``: one of ``AREAS`` below (default ``fief-9-13``; ``fief`` and ``okc`` are whole games).
Reading a field is not the same as checking it, so an empty list is a floor, not a proof; a listed site
is a test to write.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.core import errors

#: area -> (its source folders or files, the tests that judge it); the first four are issue 35's
AREAS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "fief-9-13": (("engine/fief/crown", "engine/fief/opportunity", "engine/fief/board", "engine/fief/cards/pigeons.py"),
                  ("tests/fief", "tests/test_scenarios.py")),
    "okc-modules": (("engine/okc/modules",), ("tests/okc",)),
    "fief": (("engine/fief",), ("tests/fief", "tests/test_scenarios.py")),
    "okc": (("engine/okc",), ("tests/okc", "tests/test_scenarios.py")),
    "agents": (("engine/agents",), ("tests/agents",)),
    "table": (("bot/table",), ("tests/table",)),
}
RAISERS = {"RuleError", "TableError", "NotAllowed", "CorruptGame", "CannotSave"}
FIELDS = ("message", "section", "code", "legal")
OUT = Path(os.environ.get("REFUSALS_OUT", ".refusal-reads.json"))

_SITES: dict[str, set[str]] = {}
_ROOT = os.getcwd()   # sites are named from where the run began, whatever folder a test moves to


# -- the recorder: a pytest plugin (``-p tests.mutation.refusals``) ---------------------------------------
def _site_of_caller() -> str:
    """The file:line a refusal is raised from: the first frame outside the error classes' own modules
    and their constructors (a class like the store's ``CannotSave`` is defined beside its raisers)."""
    f = sys._getframe(2)
    while f.f_back is not None and (f.f_code.co_filename.endswith("errors.py") or (
            f.f_code.co_name == "__init__" and isinstance(f.f_locals.get("self"), errors.RuleError))):
        f = f.f_back
    return f"{os.path.relpath(f.f_code.co_filename, _ROOT)}:{f.f_lineno}"


_init = errors.RuleError.__init__


def _recording_init(self: errors.RuleError, *args: Any, **kwargs: Any) -> None:
    object.__setattr__(self, "_raised_at", None)   # the constructor's own reads are not a test's
    site = _site_of_caller()
    _SITES.setdefault(site, set())
    _init(self, *args, **kwargs)
    object.__setattr__(self, "_raised_at", site)


def _recording_getattribute(self: errors.RuleError, name: str) -> Any:
    if name in FIELDS:
        site = object.__getattribute__(self, "__dict__").get("_raised_at")
        if site:
            _SITES[site].add(name)
    return object.__getattribute__(self, name)


def _recording_str(self: errors.RuleError) -> str:
    site = object.__getattribute__(self, "__dict__").get("_raised_at")
    if site:
        _SITES[site].update(FIELDS)   # the whole text: section, message and what is legal
    return ValueError.__str__(self)


def pytest_configure(config: Any) -> None:
    errors.RuleError.__init__ = _recording_init  # type: ignore[method-assign]
    errors.RuleError.__getattribute__ = _recording_getattribute  # type: ignore[method-assign,assignment]
    errors.RuleError.__str__ = _recording_str  # type: ignore[method-assign,assignment]


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    OUT.write_text(json.dumps({site: sorted(read) for site, read in _SITES.items()}, indent=0))


# -- the report ------------------------------------------------------------------------------------
def raise_sites(paths: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Every ``file:line`` of the sources under ``paths`` where one of the error classes is built, with
    the words it is given there: its message, and its section unless it takes its class's own (the
    table's errors are all "table")."""
    out: dict[str, tuple[str, ...]] = {}
    for root in map(Path, paths):
        for path in sorted([root] if root.suffix == ".py" else root.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                name = getattr(node, "func", None)
                if isinstance(node, ast.Call) and getattr(name, "id", getattr(name, "attr", "")) in RAISERS:
                    own_section = getattr(name, "id", getattr(name, "attr", "")) == "RuleError" or any(
                        k.arg == "section" for k in node.keywords)
                    out[f"{path}:{node.lineno}"] = ("message", "section") if own_section else ("message",)
    return out


def findings(sites: dict[str, tuple[str, ...]], reads: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """(sites no test raised, sites raised whose given words no test read, with what was read)."""
    never = [s for s in sites if s not in reads]
    unread = [f"{s}  unread: {', '.join(m)}  (read: {', '.join(reads[s]) or 'nothing'})"
              for s, words in sites.items() if s in reads and (m := [f for f in words if f not in reads[s]])]
    return never, unread


def main() -> int:
    area = os.environ.get("REFUSALS_AREA", "fief-9-13")
    if area not in AREAS:
        print(f"REFUSALS_AREA is one of {', '.join(AREAS)}, not {area!r}")
        return 2
    sources, tests = AREAS[area]
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                            "-p", "tests.mutation.refusals", *tests])
    if code not in (0, 1):
        return code
    never, unread = findings(raise_sites(sources), json.loads(OUT.read_text()))
    OUT.unlink()
    print(f"\n{area}: refusals no test raises ({len(never)})", *never, sep="\n  ")
    print(f"{area}: refusals raised whose words no test reads ({len(unread)})", *unread, sep="\n  ")
    return 1 if code else 0


if __name__ == "__main__":
    sys.exit(main())
