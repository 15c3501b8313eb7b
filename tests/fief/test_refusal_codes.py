"""Fief's refusal codes are typed (issue 37): every ``code=`` in engine/fief names a member of
``FiefRefusal`` (or a shared ``Refusal``), never a string, and every member is raised somewhere."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.core.errors import Refusal
from engine.fief.refusals import FiefRefusal

FIEF = Path(__file__).resolve().parents[2] / "engine" / "fief"


def _codes() -> list[tuple[str, ast.expr]]:
    """Every ``code=`` keyword of a call in engine/fief, with where it stands."""
    out: list[tuple[str, ast.expr]] = []
    for path in sorted(FIEF.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                out += [(f"{path.relative_to(FIEF)}:{kw.lineno}", kw.value) for kw in node.keywords if kw.arg == "code"]
    return out


def test_no_refusal_code_is_a_string_literal() -> None:
    codes = _codes()
    assert len(codes) > 200
    literal = [where for where, value in codes if isinstance(value, ast.Constant | ast.JoinedStr)]
    assert not literal, literal


def test_every_code_names_a_member_of_an_enum() -> None:
    enums = {"FiefRefusal": FiefRefusal, "Refusal": Refusal}
    wrong = [f"{where}: {ast.unparse(value)}" for where, value in _codes()
             if not (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                     and value.value.id in enums and value.attr in enums[value.value.id].__members__)]
    assert not wrong, wrong


def test_every_fief_reason_is_used_and_none_repeats_a_shared_one() -> None:
    used = {value.attr for _, value in _codes() if isinstance(value, ast.Attribute)}
    assert set(FiefRefusal.__members__) <= used, set(FiefRefusal.__members__) - used
    assert not {m.value for m in FiefRefusal} & {m.value for m in Refusal}


def test_a_member_reads_as_its_string() -> None:
    assert str(FiefRefusal.HAND_LIMIT) == "hand_limit" and f"{FiefRefusal.FUNDS}" == "funds"
