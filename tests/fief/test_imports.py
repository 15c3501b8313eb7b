"""engine/fief's imports (issue 37): every import at the top of its module, and no cycle between modules."""

from __future__ import annotations

import ast
from pathlib import Path

FIEF = Path(__file__).resolve().parents[2] / "engine" / "fief"


def _modules() -> dict[str, ast.Module]:
    out: dict[str, ast.Module] = {}
    for path in sorted(FIEF.rglob("*.py")):
        parts = path.relative_to(FIEF.parents[1]).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = ast.parse(path.read_text(), str(path))
    return out


def _imported(tree: ast.Module, known: dict[str, ast.Module]) -> set[str]:
    """The Fief modules a module imports (a ``from package import module`` names the module, not the package)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.add(sub if sub in known else node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out & known.keys()


def test_no_import_inside_a_function() -> None:
    inner = [f"{name}:{node.lineno}" for name, tree in _modules().items() for fn in ast.walk(tree)
             if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
             for node in ast.walk(fn) if isinstance(node, ast.Import | ast.ImportFrom)]
    assert not inner, inner


def test_no_import_cycle() -> None:
    modules = _modules()
    graph = {name: _imported(tree, modules) - {name} for name, tree in modules.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError(" -> ".join([*path[path.index(name):], name]))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
