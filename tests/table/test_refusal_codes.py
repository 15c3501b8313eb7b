"""The refusal codes shared across games are one enum (engine.core.Refusal): an option a game does
not take is ``bad_option`` whether the table, Fief or The Old King's Crown refuses it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.table import Actor, Store, TableError, TableService
from bot.table.errors import TableRefusal
from engine.core import Refusal, RuleError


@pytest.fixture(scope="module")
def table():
    t = TableService(Store())
    yield t
    t.close()


def code_of(call) -> str:
    with pytest.raises(RuleError) as err:
        call()
    return err.value.code


def test_an_unknown_option_is_bad_option_everywhere(table):
    alice = Actor("u-alice", "alice")
    assert code_of(lambda: table.new_game(alice, "c1", "fief", options="speed=9")) is Refusal.BAD_OPTION
    assert code_of(lambda: table.new_game(alice, "c2", "okc", options="speed=9")) is Refusal.BAD_OPTION
    assert code_of(lambda: table.new_game(alice, "c3", "okc", options="nonsense")) is Refusal.BAD_OPTION


@pytest.mark.parametrize(("name", "options"), [("fief", {"random_start": "maybe"}), ("okc", {"length": 99}),
                                               ("okc", {"order": "sideways"})])
def test_a_bad_option_value_is_bad_option_in_each_game(table, name, options):
    rules = table.rules_for(name)
    seats = [f"s{i}" for i in range(rules.min_seats)]
    assert code_of(lambda: rules.new_game(seats, options, 1)) == Refusal.BAD_OPTION


def test_codes_are_strings_for_old_callers():
    assert TableRefusal.NO_GAME == "no_game" and TableError("x", code=TableRefusal.BAD_FILE).code == "bad_file"


BOT = Path(__file__).resolve().parents[2] / "bot"


def code_literals() -> list[str]:
    """Every ``code=<string literal>`` in bot/ (a refusal code must be an enum member)."""
    found = []
    for path in sorted(BOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg == "code" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                        found.append(f"{path.relative_to(BOT.parent)}:{node.lineno} code={kw.value.value!r}")
    return found


def test_no_refusal_code_in_bot_is_a_string_literal():
    assert code_literals() == []


def test_the_table_codes_are_their_own_and_listed_in_the_docs():
    assert not {c.value for c in TableRefusal} & {c.value for c in Refusal}
    doc = (BOT.parent / "docs" / "table.md").read_text(encoding="utf-8")
    listed = doc[doc.index("## Refusal codes"):]
    missing = [c.value for c in TableRefusal if f"`{c.value}`" not in listed]
    assert missing == []


def test_table_refusals_carry_table_codes(table):
    alice = Actor("u-alice", "alice")
    assert code_of(lambda: table.status(alice, "empty")) is TableRefusal.NO_GAME
    assert code_of(lambda: table.invoke(alice, "c9", "game", "nope")) is TableRefusal.UNKNOWN_COMMAND
