"""The refusal codes shared across games are one enum (engine.core.Refusal): an option a game does
not take is ``bad_option`` whether the table, Fief or The Old King's Crown refuses it."""

from __future__ import annotations

import pytest

from bot.table import Actor, Store, TableError, TableService
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
    assert Refusal.NO_GAME == "no_game" and TableError("x", code=Refusal.BAD_FILE).code == "bad_file"
