"""The ``/game`` commands as the service binds them (bot/table/service.py ``table_handlers``): each
value of ``new`` and ``replace`` reaches its method, and an import file is read with its size capped."""

from __future__ import annotations

import pytest

from bot.table import Actor, AlreadyDone, TableError, limits
from tests.table.conftest import ALICE, BOB, CHAN, GM, start_game


def test_new_passes_its_name_players_options_and_whether_the_creator_plays(table):
    with pytest.raises(TableError) as err:
        table.invoke(ALICE, CHAN, "game", "new", {"name": "tribute", "options": "speed=1"})
    assert err.value.message == "Tribute has no option 'speed'"
    watching = table.invoke(ALICE, CHAN, "game", "new", {"name": "tribute", "players": 3, "play": False})
    assert (watching.game.game, watching.game.players, watching.game.seats) == ("tribute", 3, ())
    table.abandon(ALICE, CHAN)
    playing = table.invoke(ALICE, "chan-2", "game", "new", {"name": "tribute"})
    assert [s.user_id for s in playing.game.seats] == [ALICE.user_id] and playing.game.players is None


def test_replace_takes_a_person_by_id_or_by_mention_with_their_name(table):
    table.new_game(ALICE, CHAN, "tribute", players=3)
    table.join(BOB, CHAN)
    by_id = table.invoke(GM, CHAN, "game", "replace", {"seat": "bob", "user": "u-carol"})
    assert by_id.detail == {"seat": "bob", "old": "u-bob", "new": "u-carol", "name": "u-carol", "computer": ""}
    mention = table.invoke(GM, CHAN, "game", "replace", {"seat": "bob", "user": Actor("u-dora", "Dora")})
    assert (mention.detail["new"], mention.detail["name"]) == ("u-dora", "Dora")
    to_computer = table.invoke(GM, CHAN, "game", "replace", {"seat": "bob", "computer": "steady"})
    assert [(s.seat, s.agent) for s in to_computer.game.seats] == [("alice", ""), ("bob", "steady")]


def test_an_import_file_is_read_from_its_path_up_to_the_largest_size(table, tmp_path, monkeypatch):
    missing = tmp_path / "nothing.json"
    with pytest.raises(TableError) as err:
        table.invoke(GM, CHAN, "game", "import", {"file": str(missing)})
    assert (err.value.message, err.value.code) == (f"cannot read `{missing}`: No such file or directory", "bad_file")
    path = tmp_path / "game.json"
    path.write_text("[1, 2]", encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 6)
    with pytest.raises(TableError) as err:  # read whole: the schema has its say
        table.invoke(GM, CHAN, "game", "import", {"file": str(path)})
    assert err.value.message == "the file's top level must be an object"
    path.write_text("[1, 2] ", encoding="utf-8")
    with pytest.raises(TableError) as err:
        table.invoke(GM, CHAN, "game", "import", {"file": str(path)})
    assert err.value.message == f"`{path}` is larger than 0 MB, the largest file import takes"
    with pytest.raises(TableError) as err:  # an attachment's bytes go to the schema as they are
        table.invoke(GM, CHAN, "game", "import", {"file": b"[1, 2]"})
    assert err.value.message == "the file's top level must be an object"


def test_game_colon_reaches_the_named_game_from_any_channel_and_an_empty_one_means_this_channels(table):
    first = start_game(table)
    second = start_game(table, channel="chan-2", seed=8)
    for read in (table.status, table.board, table.hand, table.log, table.guide):
        assert read(ALICE, "chan-2", game_id=first).game.id == first, read.__name__
    assert table.invoke(ALICE, "chan-2", "game", "status", {"game": str(first)}).game.id == first
    for empty in ("", None):
        assert table.invoke(ALICE, "chan-2", "game", "status", {"game": empty}).game.id == second


def test_a_lobby_command_sent_again_with_its_key_is_done_once(table):
    table.new_game(ALICE, CHAN, "tribute", players=3)
    added = table.computer(ALICE, CHAN, key="add-1")
    again = table.computer(ALICE, CHAN, key="add-1")
    assert isinstance(again, AlreadyDone) and again.key == "add-1"
    assert [s.seat for s in table.status(ALICE, CHAN).game.seats] == ["alice", added.seat]
    table.dismiss(ALICE, CHAN, seat=added.seat, key="drop-1")
    assert isinstance(table.dismiss(ALICE, CHAN, seat=added.seat, key="drop-1"), AlreadyDone)
