"""How the table service's parts call each other (issue 37's measure), printed:

    SENESCHAL_PURE=1 python -m tests.house_calls

- ``self.<method>()`` calls in bot/table whose method a class inherits from another module: the
  trail an editor or a call-graph tool loses (the service of 11 mixins had 213, 159 of them to 27
  underscored names);
- ``self.<attribute>.<name>`` references (``self.core``, ``self.actions``, ``self.store``...): typed attributes a tool
  follows, and how many of them reach an underscored name of another module (none should).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
from collections import Counter
from pathlib import Path

TABLE = Path(__file__).resolve().parents[1] / "bot" / "table"


def classes() -> list[type]:
    found = []
    for path in sorted(TABLE.glob("*.py")):
        module = importlib.import_module(f"bot.table.{path.stem}")
        found += [c for c in vars(module).values() if inspect.isclass(c) and c.__module__ == module.__name__]
    return found


def defined_in(cls: type, name: str) -> type | None:
    """The class of ``cls``'s method order (or of a subclass's) that defines ``name``."""
    for k in (cls, *cls.__subclasses__()):
        for base in k.__mro__:
            if name in vars(base):
                return base
    return None


def measure() -> tuple[int, int, Counter[str], int, int]:
    calls = inherited = parts = parts_private = 0
    private: Counter[str] = Counter()
    for cls in classes():
        tree = ast.parse(Path(inspect.getfile(cls)).read_text(encoding="utf-8"))
        node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
        for a in ast.walk(node):
            if isinstance(a, ast.Attribute) and isinstance(a.value, ast.Attribute) \
                    and isinstance(a.value.value, ast.Name) and a.value.value.id == "self":
                parts += 1
                parts_private += a.attr.startswith("_") and not a.attr.startswith("__")
            if not (isinstance(a, ast.Call) and isinstance(a.func, ast.Attribute)
                    and isinstance(a.func.value, ast.Name) and a.func.value.id == "self"):
                continue
            calls += 1
            owner = defined_in(cls, a.func.attr)
            if owner is not None and owner.__module__ != cls.__module__:
                inherited += 1
                if a.func.attr.startswith("_"):
                    private[a.func.attr] += 1
    return calls, inherited, private, parts, parts_private


def main() -> None:
    argparse.ArgumentParser(prog="python -m tests.house_calls",
                            description="How the table service's parts call each other.").parse_args()
    calls, inherited, private, parts, parts_private = measure()
    print(f"self.<method>() calls: {calls}; inherited from another module: {inherited}, "
          f"to underscored names: {sum(private.values())} ({len(private)} names)")
    print(f"self.<attribute>.<name> references (the parts, the store...): {parts}; to underscored names: "
          f"{parts_private}")


if __name__ == "__main__":
    main()
