"""``invoke`` runs a ``/game`` command through the handler the registry holds for it."""

from __future__ import annotations

import pytest

from bot.table import TABLE_COMMANDS, CommandRegistry, TableError
from tests.table.conftest import ALICE, CHAN


def test_the_service_binds_every_table_command(table):
    for cmd in TABLE_COMMANDS:
        assert callable(table.registry.handler(cmd))


def test_a_table_command_without_a_handler_fails_at_start():
    with pytest.raises(ValueError, match="without a handler: .*start"):
        CommandRegistry(dict, {c.name: print for c in TABLE_COMMANDS if c.name != "start"})


def test_a_registry_for_the_docs_runs_nothing():
    reg = CommandRegistry(dict)
    with pytest.raises(TableError) as err:
        reg.handler(reg.find("game", "list"))
    assert (err.value.code, err.value.message, err.value.legal) == ("unknown_command", "/game list cannot be run here", [])


def test_invoke_goes_through_the_bound_handler(table):
    seen = []
    table.registry._handlers["list"] = lambda call: seen.append(call) or table.list_games(call.actor, call.channel)
    table.invoke(ALICE, CHAN, "game", "list")
    assert [(c.actor, c.channel, c.args) for c in seen] == [(ALICE, CHAN, {})]
