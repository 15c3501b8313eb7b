"""A full disk: every change is refused in words ("the table cannot save right now, so nothing was
played"), the operator gets one ERROR line saying so, and the table goes on by itself when there is
room again. The error is injected at the store's connection, as SQLite raises it."""

from __future__ import annotations

import io
import logging
import re
import sqlite3
from typing import Any

import pytest

from bot.local import LocalTable
from bot.table import TableError
from bot.table.text import refusal_text
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CHAN, make_table, start_game

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "COMMIT")


class FullDisk:
    """The store's connection, with a switch: while ``full``, every write fails as SQLite's does."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.full = False

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if self.full and sql.lstrip().split(None, 1)[0].upper() in WRITES:
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def fill(table) -> FullDisk:  # type: ignore[no-untyped-def]
    disk = FullDisk(table.store.db.conn)
    table.store.db.conn = disk
    return disk


def test_a_full_disk_is_refused_in_words_and_the_table_recovers_by_itself(db_path, clock, caplog):
    table = make_table(db_path, clock)
    game = start_game(table)
    before = RULES.fingerprint(table.state(game))
    disk = fill(table)
    disk.full = True
    caplog.set_level(logging.INFO)
    for _ in range(3):
        with pytest.raises(TableError) as err:
            table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))
        assert err.value.code == "cannot_save"
    said = refusal_text(err.value)
    assert said.startswith("The table cannot save right now, so nothing was played.") and "try again" in said
    assert RULES.fingerprint(table.state(game)) == before and table.store.actions(game) == []
    errors = [r for r in caplog.records if r.levelname == "ERROR" and "cannot be written" in r.getMessage()]
    assert len(errors) == 1 and "disk is full" in errors[0].getMessage()  # one line, not one per click
    # the operator reads what the players are told, that nothing is lost, and what to do
    assert errors[0].getMessage().endswith(
        'the disk is full or failing, or the database server is out of reach. Every change is refused with "the '
        'table cannot save right now" and nothing is lost; make room and the table goes on by itself')
    # Reading still works; deadlines wait without an error.
    assert table.status(ALICE, CHAN).game.seq == 0
    clock.advance(2 * 86400)
    assert table.run_due() == []
    with pytest.raises(TableError):
        table.pending_outbox(10) and table.mark_delivered(table.pending_outbox(10)[0].id)
    # Room again: the same click plays, the deadlines fire, and the log says the table goes on.
    disk.full = False
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1))
    assert [a.seq for a in table.store.actions(game)] == [1]
    assert table.run_due()  # bob's deadline passed meanwhile: his default is played now
    again = [r.getMessage() for r in caplog.records if "can be written again" in r.getMessage()]
    found = re.fullmatch(r"the database can be written again \(it could not for (\d+) s\); every game goes on",
                         again[0]) if len(again) == 1 else None
    assert found and int(found[1]) < 600, again   # the seconds the test took, read from the real clock
    table.store.close()


def test_the_local_table_says_so_in_a_sentence(db_path, clock, tmp_path):
    table = make_table(db_path, clock)
    out = io.StringIO()
    local = LocalTable(table, boards_dir=tmp_path / "boards", out=out)
    assert local.run(io.StringIO("as alice: /game new tribute players:2\nas bob: /game join\n"
                                 "as alice: /game start\n")) == 0
    disk = fill(table)
    disk.full = True
    assert local.run(io.StringIO("as alice: /tribute bid card:1\nas bob: /game status\nwait 2d\n")) == 0
    text = out.getvalue()
    assert "The table cannot save right now, so nothing was played." in text, text
    assert "Traceback" not in text and "[bug]" not in text
    disk.full = False
    assert local.run(io.StringIO("as alice: /tribute bid card:1\n")) == 0
    assert "cannot save" not in out.getvalue()[len(text):]
    table.store.close()


def test_each_spell_of_a_full_disk_is_said_once_when_it_starts_and_once_when_it_ends(db_path, clock, caplog):
    table = make_table(db_path, clock)
    game = start_game(table)
    disk = fill(table)
    caplog.set_level(logging.INFO)

    def said() -> tuple[int, int]:
        lines = [r.getMessage() for r in caplog.records]
        return sum("cannot be written" in m for m in lines), sum("can be written again" in m for m in lines)

    for spell, who in ((1, ALICE), (2, BOB)):
        disk.full = True
        for _ in range(2):
            with pytest.raises(TableError):
                table.act(who, CHAN, "tribute", Action.of("bid", card=spell), game_id=game)
        assert said() == (spell, spell - 1)
        disk.full = False
        table.act(who, CHAN, "tribute", Action.of("bid", card=spell), game_id=game)
        assert said() == (spell, spell)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=game)
    assert said() == (2, 2)  # a write after the table recovered says nothing more
    table.store.close()
