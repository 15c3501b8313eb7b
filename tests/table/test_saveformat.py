"""Export and import of a whole game as one JSON file."""

from __future__ import annotations

import json

import pytest

from bot.table import GameStatus, TableError
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CHAN, GM, start_game


def played(table):
    gid = start_game(table, seed=11)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4), key="k1")
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2), key="k2")
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), key="k3")
    return gid


def test_round_trip(table):
    gid = played(table)
    exported = table.export(GM, CHAN)
    doc = json.loads(exported.text)
    assert doc["format"] == "seneschal-game" and doc["version"] == 1
    assert doc["game"]["engine_version"] == "1" and doc["seed"] == 11
    assert [s["user_id"] for s in doc["seats"]] == ["u-alice", "u-bob"]
    assert [a["key"] for a in doc["actions"]] == ["k1", "k2", "k3"]
    imported = table.import_game(GM, "chan-2", exported.text)
    new = imported.game.id
    assert new != gid and imported.actions == 3 and imported.game.status is GameStatus.ACTIVE
    assert RULES.fingerprint(table.state(new)) == RULES.fingerprint(table.state(gid))
    assert [a.key for a in table.store.actions(new)] == ["k1", "k2", "k3"]
    # The imported game plays on.
    table.act(BOB, "chan-2", "tribute", Action.of("accept_offer", offer=1))


def test_lobby_round_trip(table):
    table.new_game(ALICE, CHAN, "tribute", players=2)
    text = table.export(GM, CHAN).text
    imported = table.import_game(GM, "chan-2", text)
    assert imported.game.status is GameStatus.LOBBY and [s.seat for s in imported.game.seats] == ["alice"]


@pytest.mark.parametrize("tamper", [
    lambda d: d["state"]["data"]["players"]["bob"].update(coins=9),
    lambda d: d["actions"][0]["action"]["args"].update(card=9),
    lambda d: d.update(seed=12),
    lambda d: d.update(format="other"),
    lambda d: d.update(version=99),
    lambda d: d["game"].update(name="chess"),
    lambda d: d.pop("seats"),
])
def test_a_damaged_file_is_refused_and_changes_nothing(table, tamper):
    played(table)
    doc = json.loads(table.export(GM, CHAN).text)
    tamper(doc)
    games = table.store.games()
    with pytest.raises(TableError):
        table.import_game(GM, "chan-2", json.dumps(doc))
    assert table.store.games() == games


def test_not_json(table):
    with pytest.raises(TableError, match="not JSON"):
        table.import_game(GM, "chan-2", "{nope")


def test_import_through_the_registry_reads_a_file(table, tmp_path):
    played(table)
    path = tmp_path / "game.json"
    path.write_text(table.export(GM, CHAN).text)
    out = table.invoke(GM, "chan-3", "game", "import", {"file": str(path)})
    assert out.actions == 3
    with pytest.raises(TableError, match="cannot read"):
        table.invoke(GM, "chan-4", "game", "import", {"file": str(tmp_path / "missing.json")})


def test_a_paused_game_imports_paused_and_its_clock_restarts_on_resume(table, clock):
    played(table)
    table.pause(GM, CHAN)
    text = table.export(GM, CHAN).text
    new = table.import_game(GM, "chan-2", text).game.id
    assert table.info(new).status is GameStatus.PAUSED
    assert table.store.open_deadlines(new) == []
    table.resume(GM, "chan-2")
    rows = [r for r in table.store.open_deadlines(new) if r.kind == "deadline"]
    assert [r.seat for r in rows] == ["bob"] and rows[0].due == clock.now() + 24 * 3600


def test_a_finished_game_round_trips(table):
    from tests.table.test_service import play_out

    gid = start_game(table)
    play_out(table, gid)
    new = table.import_game(GM, "chan-2", table.export(GM, CHAN).text).game
    assert new.status is GameStatus.FINISHED
    assert table.status(ALICE, "chan-2").result == table.status(ALICE, CHAN).result
