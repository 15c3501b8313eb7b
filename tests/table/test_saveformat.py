"""Export and import of a whole game as one JSON file."""

from __future__ import annotations

import json

import pytest

from bot.table import GameStatus, TableError
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CAROL, CHAN, GM, start_game


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


def test_an_export_carries_each_action_s_events_and_the_import_passes_the_check(table):
    from bot.table.check import check

    gid = played(table)
    exported = table.export(GM, CHAN)
    assert (exported.game, exported.filename) == (table.info(gid), f"tribute-game-{gid}.json")
    doc = json.loads(exported.text)
    row = table.store.game(gid)
    assert doc["game"] == {"id": gid, "name": "tribute", "title": RULES.title, "engine_version": row.engine_version,
                           "schema": row.schema, "status": "active", "players": 2, "options": row.options,
                           "settings": row.settings, "creator": row.creator, "created": row.created,
                           "phase": row.phase, "result": None}
    assert (doc["format"], doc["version"], doc["exported"], doc["seed"]) == ("seneschal-game", 1, table.clock.now(), 11)
    assert [a["events"] for a in doc["actions"]] == [json.loads(a.events) for a in table.store.actions(gid)]
    new = table.import_game(GM, "chan-2", json.dumps(doc)).game.id
    assert table.store.snapshot_seqs(new)[-1] == 0
    assert [f for f in check(table.store, {"tribute": RULES}).findings if f.game == new] == []
    notice, = [o for o in table.store.outbox(new) if o.key.endswith(".imported")]
    assert notice.key == f"g{new}.imported"
    assert json.loads(notice.payload) == {"type": "table", "game_id": new, "what": "imported", "by": GM.name,
                                          "actions": 3, "from": gid}


def test_lobby_round_trip(table):
    table.new_game(ALICE, CHAN, "tribute", players=2)
    text = table.export(GM, CHAN).text
    imported = table.import_game(GM, "chan-2", text)
    assert imported.game.status is GameStatus.LOBBY and [s.seat for s in imported.game.seats] == ["alice"]


@pytest.mark.parametrize(("tamper", "said"), [
    (lambda d: d["state"]["data"]["players"]["bob"].update(coins=9),
     "the file's state is not what replaying the file's log gives"),
    (lambda d: d["actions"][0]["action"]["args"].update(card=9),
     "the file's actions[0] is refused by the rules: card 9 is not in your hand"),
    (lambda d: d["actions"][0]["action"]["args"].update(card={"a": 1}),   # the engine trips on it
     "the file's actions[0] cannot be replayed (TypeError)"),
    (lambda d: d.update(seed=12), "the file's state is not what replaying the file's log gives"),
    (lambda d: d["state"].pop("data"), "the file's state cannot be read (KeyError)"),
    (lambda d: d.update(format="other"), "the file's format must be 'seneschal-game': this is not a Seneschal game file"),
    (lambda d: d.update(version=99), "the file's version is 99; this build reads version 1"),
    (lambda d: d["game"].update(name="chess"), "the file's game.name is 'chess', a game this table does not have"),
    (lambda d: d.pop("seats"), "the file's seats is missing"),
])
def test_a_damaged_file_is_refused_in_words_and_changes_nothing(table, tamper, said):
    played(table)
    doc = json.loads(table.export(GM, CHAN).text)
    tamper(doc)
    games = table.store.games()
    with pytest.raises(TableError) as err:
        table.import_game(GM, "chan-2", json.dumps(doc))
    assert (err.value.code, err.value.message) == ("bad_file", said)
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


def refused(table, doc_or_text, *where: str) -> TableError:
    """Importing is refused with ``bad_file`` naming the field, and not a row is written."""
    from tests.table.conftest import counts

    text = doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text)
    before = counts(table.store.path)
    with pytest.raises(TableError) as err:
        table.import_game(GM, "chan-9", text)
    assert err.value.code == "bad_file", err.value
    for word in where:
        assert word in err.value.message, (word, err.value.message)
    assert counts(table.store.path) == before
    return err.value


def exported(table) -> dict:
    played(table)
    return json.loads(table.export(GM, CHAN).text)


def test_the_crashes_of_issue_11_are_refusals(table):
    """Each of these once crashed inside the import (and the user saw an incident)."""
    doc = exported(table)
    two = json.loads(json.dumps(doc))
    two["seats"][1]["user_id"] = two["seats"][0]["user_id"]
    refused(table, two, "seats[1].user_id", "repeats")
    two = json.loads(json.dumps(doc))
    two["seats"][1]["seat"] = "alice"
    refused(table, two, "seats[1].seat")
    keys = json.loads(json.dumps(doc))
    keys["actions"][1]["key"] = keys["actions"][0]["key"]
    refused(table, keys, "actions[1].key", "repeats")
    when = json.loads(json.dumps(doc))
    when["actions"][0]["at"] = "yesterday"
    refused(table, when, "actions[0].at", "time")
    deadline = json.loads(json.dumps(doc))
    deadline["game"]["settings"] = {"deadline": "whenever"}
    refused(table, deadline, "game.settings.deadline")
    refused(table, "[" * 100_000, "nesting")
    refused(table, '{"a": ' * 100_000, "nesting")
    option = json.loads(json.dumps(doc))
    option["state"]["options"]["speed"] = "ludicrous"
    refused(table, option, "state.options.speed", "no option")
    lots = json.loads(json.dumps(doc))
    lots["game"]["players"] = "lots"
    refused(table, lots, "game.players", "whole number")


def test_seats_are_checked_for_count_names_and_ids(table):
    doc = exported(table)
    crowd = json.loads(json.dumps(doc))
    crowd["seats"] = [{"seat": f"p{i}", "user_id": str(i), "name": "@everyone"} for i in range(40)]
    refused(table, crowd, "seats", "at most")
    long_name = json.loads(json.dumps(doc))
    long_name["seats"][0]["name"] = "x" * 5000
    refused(table, long_name, "seats[0].name", "at most 64")
    odd = json.loads(json.dumps(doc))
    odd["seats"][0]["seat"] = "Alice Smith"
    refused(table, odd, "seats[0].seat", "lower case")


def test_the_importer_becomes_the_creator_whatever_the_file_says(table):
    doc = exported(table)
    doc["game"]["creator"] = "u-someone-else"
    carol = GM.__class__("u-carol-gm", "carol", admin=True)
    game = table.import_game(carol, "chan-5", json.dumps(doc)).game
    assert game.creator == "u-carol-gm"
    table.pause(carol.__class__("u-carol-gm", "carol"), "chan-5")  # the creator manages it


def test_a_refused_replay_writes_nothing(table):
    doc = exported(table)
    doc["actions"][2]["action"]["args"]["give"] = 99
    refused(table, doc, "actions[2]", "refused by the rules")


def test_the_save_format_uses_no_private_name_of_the_service():
    """saveformat reaches the service only through SaveSupport, never its private helpers."""
    import ast
    from pathlib import Path

    import bot.table.saveformat as module

    tree = ast.parse(Path(module.__file__).read_text())
    private = [n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")
               and not n.attr.startswith("__")]
    assert private == []


def test_a_lobby_file_is_checked_by_the_game_too(table):
    table.new_game(ALICE, CHAN, "tribute", players=2)
    doc = json.loads(table.export(GM, CHAN).text)
    odd_role = json.loads(json.dumps(doc))
    odd_role["seats"][0]["role"] = "emperor"
    refused(table, odd_role, "seats[0].role")


def test_a_replayed_key_names_no_game_out_of_reach(table):
    """A table command's key seen before answers AlreadyDone, naming the game only to those who may see it."""
    from bot.table import Actor, AlreadyDone

    start_game(table)
    table.pause(GM, CHAN, key="k-pause")
    again = table.pause(Actor("u-x", "x", admin=True, guild="g2"), "other", key="k-pause")
    assert isinstance(again, AlreadyDone) and again.game is None
    assert table.pause(GM, CHAN, key="k-pause").game is not None


@pytest.mark.parametrize("started", [True, False], ids=["played", "lobby"])
def test_an_abandoned_game_imports_abandoned_and_takes_no_action(table, started):
    if started:
        played(table)
    else:
        table.new_game(ALICE, CHAN, "tribute", players=2)
    table.abandon(GM if started else ALICE, CHAN)
    text = table.export(GM if started else ALICE, CHAN).text
    new = table.import_game(GM, "chan-2", text).game.id
    assert table.info(new).status is GameStatus.ABANDONED
    assert table.store.open_deadlines(new) == []


@pytest.mark.parametrize(("tamper", "named"), [
    (lambda d: d["game"].pop("status"), "game.status is missing"),
    (lambda d: d["game"].update(status="sleeping"), "game.status is 'sleeping'"),
    (lambda d: d.pop("seed"), "seed is missing"),
    (lambda d: d["actions"][1].update(events="none"), "actions[1].events must be a list"),
])
def test_a_damaged_file_names_the_field_at_fault(table, tamper, named):
    played(table)
    doc = json.loads(table.export(GM, CHAN).text)
    tamper(doc)
    with pytest.raises(TableError) as err:
        table.import_game(GM, "chan-2", json.dumps(doc))
    assert named in err.value.describe()


def test_a_file_holds_as_many_seats_as_the_game_has_and_no_more(table):
    """The seat count's cap at equality: a full lobby of tribute's four seats imports; a fifth is refused."""
    table.new_game(ALICE, CHAN, "tribute", players=4)
    for who in (BOB, CAROL, GM):
        table.join(who, CHAN)
    doc = json.loads(table.export(GM, CHAN).text)
    assert len(doc["seats"]) == 4
    imported = table.import_game(GM, "chan-2", json.dumps(doc))
    assert [s.seat for s in imported.game.seats] == [s["seat"] for s in doc["seats"]]
    doc["seats"].append({"seat": "erin", "user_id": "u-erin", "name": "erin"})
    refused(table, doc, "seats", "has 5 entries, at most 4 allowed")


def test_a_file_names_its_format_and_every_seat_a_person(table):
    doc = exported(table)
    other = json.loads(json.dumps(doc))
    other["format"] = "chess-pgn"
    refused(table, other, "the file's format must be 'seneschal-game': this is not a Seneschal game file")
    nobody = json.loads(json.dumps(doc))
    nobody["seats"][0]["user_id"] = ""
    refused(table, nobody, "the file's seats[0].user_id")
