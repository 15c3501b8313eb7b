"""engine/ is pure: no I/O libraries, no clock, no global randomness."""

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"discord", "PIL", "sqlite3", "sqlite_utils", "bot", "renderer", "datetime", "socket", "asyncio",
             "requests", "aiohttp", "subprocess", "threading"}
# The simulator (its loop in playout.py) and the arena are tools that measure their own speed, and the build
# command (`make build`, which nothing imports) dates what it builds; rules and agents never read the clock.
CLOCK_ALLOWED = {"simulate.py", "playout.py", "arena.py", "compile.py"}
GLOBAL_RANDOM = {"random", "randint", "choice", "shuffle", "seed", "sample", "uniform", "randrange"}


def modules():
    for path in ENGINE.rglob("*.py"):
        yield path, ast.parse(path.read_text(), str(path))


def test_engine_imports_nothing_impure() -> None:
    for path, tree in modules():
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in FORBIDDEN, f"{path}: imports {name}"
                if top == "time":
                    assert path.name in CLOCK_ALLOWED, f"{path}: reads the clock"


def test_engine_never_uses_the_global_random_generator() -> None:
    for path, tree in modules():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "random" and node.attr in GLOBAL_RANDOM):
                raise AssertionError(f"{path}:{node.lineno}: random.{node.attr} (use state.rng)")


def test_no_engine_module_imports_the_build_command() -> None:
    for path, tree in modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "engine" and node.level == 0:
                assert "compile" not in {a.name for a in node.names}, f"{path}: imports engine.compile"
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert "engine.compile" not in names, f"{path}: imports engine.compile"
