"""No import cycle in the house (engine/, bot/, renderer/), however counted: module-level imports,
imports inside functions, those under ``TYPE_CHECKING`` and ``importlib.import_module("...")`` all make
an edge. And an import inside a function says why on its line or the line above (discord loaded
lazily, psycopg only for PostgreSQL, the renderer's painters only when warming)."""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("engine", "bot", "renderer")
REASONED = [path for tree in TREES for path in sorted((ROOT / tree).rglob("*.py"))]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(tree: ast.Module, name: str, is_package: bool, modules: set[str]) -> Iterator[str]:
    """The modules every import of the module names (anywhere in it): ``from bot.table import outbox``
    names the submodule, ``from bot.table.store import Store`` the module."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = name.split(".")[:len(name.split(".")) - node.level + is_package]
                base = ".".join([*parts, base] if base else parts)
            yield from (f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "import_module" and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            yield node.args[0].value


def graph() -> dict[str, set[str]]:
    """The house's modules -> the modules of the house each imports."""
    files = {module_name(p): p for p in REASONED}
    edges: dict[str, set[str]] = {m: set() for m in files}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for target in imports(tree, name, path.name == "__init__.py", set(files)):
            while target and target not in files:
                target = target.rpartition(".")[0]
            if target and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_house() -> None:
    edges = graph()
    assert {"bot.discord.bot", "bot.build"} <= edges["bot.discord"]   # the graph sees what it should
    assert "bot.discord" in edges["bot.__main__"]   # importlib.import_module("bot.discord")
    assert cycles(edges) == []


def test_the_cycle_finder_finds_one() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def function_level(tree: ast.Module) -> Iterator[ast.AST]:
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    yield node
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                        and node.func.attr == "import_module" and node.args and isinstance(node.args[0], ast.Constant):
                    yield node


def test_every_function_level_import_says_why() -> None:
    silent = []
    for path in REASONED:
        text = path.read_text(encoding="utf-8")
        commented = {tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                     if tok.type == tokenize.COMMENT}
        for node in set(function_level(ast.parse(text))):
            line = node.lineno  # type: ignore[attr-defined]
            if line not in commented and line - 1 not in commented:
                silent.append(f"{path.relative_to(ROOT)}:{line}")
    assert sorted(silent) == []
