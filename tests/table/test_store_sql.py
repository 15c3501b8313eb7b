"""Why the store writes plain SQL (bot/table/store.py): its transactions hold, sqlite-utils' helpers would not."""

from __future__ import annotations

import sqlite3

import pytest

from bot.table import Store


def _new_game(store: Store) -> int:
    return store.create_game(game="tribute", channel="c", creator="1", players=2, options={}, settings={},
                             seed=1, engine_version="1", schema=1, now=0.0)


def test_the_stores_writes_in_one_transaction_land_together_or_not_at_all():
    store = Store()
    game = _new_game(store)
    with pytest.raises(RuntimeError), store.transaction():
        store.add_outbox(game, "k1", "channel_post", "channel", {"type": "table"}, 1.0)
        store.add_deadline(game, "d", "north", "deadline", 5.0, 5.0, 1.0)
        raise RuntimeError("refused half-way")
    assert store.outbox(game) == [] and store.open_deadlines(game) == []


def test_a_sqlite_utils_insert_would_commit_the_open_transaction():
    store = Store()
    game = _new_game(store)
    with pytest.raises(sqlite3.OperationalError, match="no transaction is active"), store.transaction():
        store.db["command_keys"].insert({"key": "k", "game": game, "command": "x", "at": 1.0})
        assert not store.db.conn.in_transaction  # the helper's ``with conn:`` committed it
        raise RuntimeError("refused half-way")  # ... and the store's rollback finds nothing to undo
    assert store.command_key("k") == (game, "x")  # kept despite the rollback: why the store avoids it
