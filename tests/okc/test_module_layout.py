"""The layout of engine/okc (issue 37, "Folders for rule areas"): no import cycle however counted
(module-level, function-level and type-checking imports alike), no function-level import without a
comment saying why, Wild Kingdom modules that reach the base game only through
``engine.okc.modules.api``, and one static list of them (``engine.okc.modules.shipped``)."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.okc.hooks import Module
from engine.okc.modules.shipped import MODULES

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
MODULES_DIR = ENGINE / "okc" / "modules"


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {_name(p): p for p in ENGINE.rglob("*.py")}


def _target(module: str) -> str:
    """The engine module an import names (``engine.okc.cards.kcard`` -> ``engine.okc.cards``)."""
    while module and module not in SOURCES:
        module = module.rpartition(".")[0]
    return module


def _imports(name: str) -> list[tuple[str, int, bool]]:
    """Every engine module ``name`` imports: (module, line, inside a function)."""
    path = SOURCES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            named: list[str] = []
            if isinstance(child, ast.Import):
                named = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")[:len(package.split(".")) - child.level + 1]
                    base = ".".join([*up, base] if base else up)
                named = [f"{base}.{a.name}" if f"{base}.{a.name}" in SOURCES else base for a in child.names]
            for module in named:
                target = _target(module)
                if target.startswith("engine") and target != name:
                    out.append((target, child.lineno, inner))
            visit(child, inner)

    visit(ast.parse(path.read_text(), str(path)), False)
    return out


def import_cycles(prefix: str) -> list[list[str]]:
    """The strongly connected groups of more than one module among the engine's imports that touch
    ``prefix`` (Tarjan's algorithm, iterative)."""
    edges = {name: sorted({t for t, _, _ in _imports(name)}) for name in SOURCES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(edges[node]):
                work.append((node, i + 1))
                nxt = edges[node][i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1 and any(m.startswith(prefix) for m in group):
                    groups.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return groups


def test_no_import_cycle_in_okc() -> None:
    assert import_cycles("engine.okc") == []


def test_function_level_imports_say_why() -> None:
    silent = []
    for name, path in SOURCES.items():
        if not name.startswith("engine.okc"):
            continue
        lines = path.read_text().split("\n")
        silent += [f"{name}:{line}" for _, line, inner in _imports(name) if inner and "#" not in lines[line - 1]]
    assert silent == []


def test_modules_reach_the_base_game_only_through_the_api() -> None:
    stray = []
    for name in SOURCES:
        if not name.startswith("engine.okc.modules."):
            continue
        own = ".".join(name.split(".")[:4])
        if own in ("engine.okc.modules.api", "engine.okc.modules.shipped"):
            continue
        stray += [f"{name} imports {t}" for t, _, _ in _imports(name)
                  if t.startswith("engine.okc") and t != "engine.okc.modules.api" and not t.startswith(own)]
    assert stray == []


def test_the_api_never_reaches_a_module() -> None:
    """The API and everything it imports stay below the modules: the base rules find a game's modules on
    ``Okc.playing``, never by importing them."""
    seen, todo = set(), ["engine.okc.modules.api"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [t for t, _, _ in _imports(name)]
    assert sorted(m for m in seen if m.startswith("engine.okc.modules.") and m != "engine.okc.modules.api") == []


def test_every_module_package_is_listed_once() -> None:
    packages = sorted(p.name for p in MODULES_DIR.iterdir() if (p / "__init__.py").is_file())
    assert sorted(MODULES) == packages
    assert all(isinstance(m, Module) and m.name == n for n, m in MODULES.items())
