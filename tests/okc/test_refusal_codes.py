"""Refusal codes are enum members, never string literals (issue 37, "Typed refusals"): every ``code=``
in engine/okc, engine/core and engine/agents names a member of ``Refusal`` (shared) or ``OkcRefusal``,
a helper taking a code types it ``RefusalCode``, and every OKC member is used and differs from the
shared ones."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.core.errors import Refusal
from engine.okc.refusals import OkcRefusal

ENGINE = Path(__file__).resolve().parents[2] / "engine"
TREES = ("okc", "core", "agents")


def _sources() -> list[Path]:
    return sorted(p for tree in TREES for p in (ENGINE / tree).rglob("*.py"))


def _code_params(tree: ast.Module) -> dict[str, int]:
    """Functions of the file with a ``code`` parameter: name -> its position."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names = [a.arg for a in node.args.posonlyargs + node.args.args]
            if "code" in names:
                out[node.name] = names.index("code")
    return out


def test_no_refusal_code_is_a_string_literal() -> None:
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text(), str(path))
        positional = _code_params(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            literal = [k.value for k in node.keywords if k.arg == "code" and isinstance(k.value, ast.Constant)]
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if name in positional and len(node.args) > positional[name]:
                arg = node.args[positional[name]]
                literal += [arg] if isinstance(arg, ast.Constant) else []
            found += [f"{path.relative_to(ENGINE)}:{node.lineno}" for v in literal if isinstance(v.value, str)]
    assert not found, f"refusal codes spelt as strings: {found}"


def test_helpers_type_their_code() -> None:
    untyped = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef):
                for a in node.args.args + node.args.kwonlyargs:
                    if a.arg == "code" and isinstance(a.annotation, ast.Name) and a.annotation.id == "str":
                        untyped.append(f"{path.relative_to(ENGINE)}:{node.lineno} {node.name}")
    assert not untyped, f"a code parameter typed str: {untyped}"


def test_okc_codes_are_used_and_distinct_from_the_shared_ones() -> None:
    text = "\n".join(p.read_text() for p in (ENGINE / "okc").rglob("*.py") if p.name != "refusals.py")
    assert not [m.name for m in OkcRefusal if f"OkcRefusal.{m.name}" not in text]
    assert not {m.value for m in OkcRefusal} & {m.value for m in Refusal}
