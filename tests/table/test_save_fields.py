"""Every field a save file carries, out and back: a game with a computer seat, a table setting, a
player's action, a computer's and a passed deadline's is exported, imported and exported again, and
each column of each row is compared (bot/table/saveformat.py)."""

from __future__ import annotations

import json

import pytest

from bot.table import GameStatus
from bot.table.results import AlreadyDone
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CHAN, GM, drain

HOUR = 3600.0


@pytest.fixture
def rich(table, clock) -> int:
    """Three seats (one a computer player's), deadline 2h, six actions of three sources, an open offer."""
    table.new_game(ALICE, CHAN, "tribute", players=3, seed=5)
    table.join(BOB, CHAN)
    table.computer(ALICE, CHAN, strength="random")
    table.settings(ALICE, CHAN, setting="deadline", value="2h")
    table.start(ALICE, CHAN)
    table.run_computers()
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=3), key="k1")
    clock.advance(2 * HOUR)
    table.run_due()
    table.run_computers()
    gid = table.store.game_ids()[0]
    assert [a.source for a in table.store.actions(gid)] == ["computer", "player", "deadline"] + ["computer"] * 3
    drain(table)
    return gid


def test_the_export_holds_every_column_of_the_game_its_seats_and_its_log(table, rich, clock):
    row = table.store.game(rich)
    doc = json.loads(table.export(GM, CHAN).text)
    assert sorted(doc) == ["actions", "exported", "format", "game", "seats", "seed", "state", "version"]
    assert (doc["format"], doc["version"], doc["exported"], doc["seed"]) == ("seneschal-game", 1, clock.now(), 5)
    assert doc["game"] == {"id": rich, "name": "tribute", "title": "Tribute", "engine_version": row.engine_version,
                           "schema": row.schema, "status": "active", "players": 3, "options": {},
                           "settings": {"deadline": "2h"}, "creator": "u-alice", "created": row.created,
                           "phase": row.phase, "result": None}
    assert doc["seats"] == [{"seat": "alice", "user_id": "u-alice", "name": "alice"},
                            {"seat": "bob", "user_id": "u-bob", "name": "bob"},
                            {"seat": "aldous", "user_id": "computer:aldous", "name": "Aldous", "agent": "random"}]
    logged = table.store.actions(rich)
    assert doc["actions"] == [{"seq": a.seq, "seat": a.seat, "action": json.loads(a.action), "key": a.key, "at": a.at,
                               "user_id": a.user_id, "source": a.source, "events": json.loads(a.events)}
                              for a in logged]
    assert doc["state"] == RULES.dump(table.state(rich))
    assert table.export(GM, CHAN).filename == f"tribute-game-{rich}.json"
    assert table.export(GM, CHAN).text.startswith('{\n "actions": [\n  {\n   "action"')  # one space a level, sorted


def test_an_import_writes_every_row_as_the_file_has_it(table, rich, clock):
    text = table.export(GM, CHAN).text
    clock.advance(60)
    imported = table.import_game(GM, "chan-2", text, key="imp-1")
    new = imported.game.id
    old_row, new_row = table.store.game(rich), table.store.game(new)
    same = ("game", "status", "players", "options", "settings", "seed", "engine_version", "schema", "last_seq",
            "phase", "result", "paused_at")
    assert {k: getattr(new_row, k) for k in same} == {k: getattr(old_row, k) for k in same}
    assert (new_row.creator, new_row.channel, new_row.created, imported.actions) == ("u-gm", "chan-2", clock.now(), 6)
    assert [(s.seat, s.user_id, s.name, s.position, s.role, s.agent, s.joined) for s in table.store.seats(new)] == [
        (s.seat, s.user_id, s.name, s.position, s.role, s.agent, clock.now()) for s in table.store.seats(rich)]
    assert [a.__dict__ | {"game": 0} for a in table.store.actions(new)] == [
        a.__dict__ | {"game": 0} for a in table.store.actions(rich)]
    # Snapshots: the start, each change of phase, and the last action.
    assert table.store.snapshot_seqs(rich) == [4, 3, 0] and table.store.snapshot_seqs(new) == [6, 4, 3, 0]
    assert RULES.fingerprint(table.state(new)) == RULES.fingerprint(table.state(rich))
    # The deadlines open afresh from the import, as the game's were: both people's bids of round 2.
    assert sorted((d.decision, d.seat, d.kind) for d in table.store.open_deadlines(new)) == sorted(
        (d.decision, d.seat, d.kind) for d in table.store.open_deadlines(rich))
    assert {d.created for d in table.store.open_deadlines(new)} == {clock.now()}
    notices = [m.payload for m in drain(table) if m.game_id == new and m.payload.get("what") == "imported"]
    assert [(n["by"], n["actions"], n["from"]) for n in notices] == [("Game Master", 6, rich)]
    # The key makes a repeated import one import.
    again = table.import_game(GM, "chan-3", text, key="imp-1")
    assert isinstance(again, AlreadyDone) and (again.command, again.key, again.game.id) == ("import", "imp-1", new)
    assert len(table.store.game_ids()) == 2


def test_a_game_exported_imported_and_exported_again_says_the_same(table, rich, clock):
    first = json.loads(table.export(GM, CHAN).text)
    new = table.import_game(GM, "chan-2", json.dumps(first)).game.id
    second = json.loads(table.export(GM, "chan-2", game_id=new).text)
    for doc in (first, second):
        for key in ("id", "creator", "created"):
            doc["game"].pop(key)
    assert second == first


def test_a_paused_game_comes_back_paused_from_the_moment_of_import(table, rich, clock):
    table.pause(ALICE, CHAN)
    text = table.export(GM, CHAN).text
    clock.advance(30)
    new = table.import_game(GM, "chan-2", text).game.id
    row = table.store.game(new)
    assert (row.status, row.paused_at) == ("paused", clock.now())


def test_a_file_with_a_role_keeps_it_on_its_seat(table, rich):
    doc = json.loads(table.export(GM, CHAN).text)
    doc["seats"][1]["role"] = "red"
    new = table.import_game(GM, "chan-2", json.dumps(doc)).game.id
    assert [(s.seat, s.role, s.agent) for s in table.store.seats(new)] == [
        ("alice", "", ""), ("bob", "red", ""), ("aldous", "", "random")]
    assert json.loads(table.export(GM, "chan-2", game_id=new).text)["seats"][1]["role"] == "red"


def test_a_lobby_imports_as_a_lobby_with_its_settings_and_no_snapshot(table):
    table.new_game(ALICE, CHAN, "tribute", players=3, seed=9)
    table.settings(ALICE, CHAN, setting="reminders", value="off")
    new = table.import_game(GM, "chan-2", table.export(GM, CHAN).text).game.id
    row = table.store.game(new)
    assert (row.status, row.players, row.settings, row.seed, row.last_seq) == ("lobby", 3, {"reminders": "off"}, 9, 0)
    assert table.store.snapshot_seqs(new) == [] and table.store.open_deadlines(new) == []
    assert table.info(new).status is GameStatus.LOBBY
