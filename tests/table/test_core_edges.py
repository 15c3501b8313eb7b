"""The table's core at its edges (bot/table/core.py): the games it loads from the registry, how often
it snapshots, the table's own default settings, and a game left with no snapshot at all."""

from __future__ import annotations

import pytest

from bot.table import AlreadyDone, FakeClock, Store, TableError, TableService
from bot.table.errors import DAMAGED_ADVICE
from engine import registry
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CHAN, start_game


def service(db_path, **kw) -> TableService:
    return TableService(Store(db_path), clock=FakeClock(), **{"games": [RULES], "load_registered": False, **kw})


def test_the_registered_games_load_and_a_broken_one_is_left_out(db_path, monkeypatch):
    monkeypatch.setattr(registry, "GAMES", {"tribute": "tests.games.tribute:RULES", "broken": "tests.games.nowhere:RULES"})
    table = TableService(Store(db_path), clock=FakeClock())
    assert table.rules_by_name == {"tribute": RULES}
    table.store.close()


@pytest.mark.parametrize(("every", "snapshots"), [(0, [6, 5, 4, 3, 2, 1, 0]), (1, [6, 5, 4, 3, 2, 1, 0]),
                                                  (2, [6, 4, 2, 0]), (3, [6, 3, 2, 0]), (100, [2, 0])])
def test_a_snapshot_is_written_at_each_change_of_phase_and_every_so_many_actions(db_path, every, snapshots):
    """Two bids (the second opens the shield window: a new phase), then four offers within that phase."""
    table = service(db_path, snapshot_every=every)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))
    for _ in range(4):
        table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
    assert table.store.snapshot_seqs(gid) == snapshots
    table.store.close()


def test_the_tables_own_defaults_are_checked_like_a_games_settings(db_path):
    table = service(db_path, settings={"deadline": "2h", "reminders": "30m"})
    assert table.deadlines.defaults["deadline"] == "2h" and table.deadlines.defaults["absent"] == "off"
    table.store.close()
    with pytest.raises(TableError) as err:
        service(db_path, settings={"deadline": "31d"})
    assert err.value.message == "deadline: 31d is longer than 30d, the longest allowed"
    with pytest.raises(TableError) as err:
        service(db_path, settings={"speed": "fast"})
    assert err.value.message == "no setting 'speed'"


def test_a_game_left_without_any_snapshot_is_set_aside_naming_what_is_missing(table):
    gid = start_game(table)
    table.store.drop_snapshots(gid)
    table.loaded_games.clear()
    with pytest.raises(TableError) as err:
        table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    assert err.value.code == "corrupt"
    assert err.value.message == f"game {gid} is damaged and set aside: snapshot 0 cannot be read (no snapshot to start from)"
    [q] = table.store.quarantined()
    assert (q.game, q.what, q.row, q.reason) == (gid, "snapshots", "0", "no snapshot to start from")


def test_a_game_whose_snapshots_and_setup_both_fail_is_set_aside_naming_the_setup(table, monkeypatch):
    """Rules changed under a stored game: its snapshots no longer load, and its setup from the seed fails too."""
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    table.loaded_games.clear()

    def unreadable(*args, **kwargs):
        raise ValueError("no such option 'rounds'")

    monkeypatch.setattr(RULES, "load", unreadable)
    monkeypatch.setattr(RULES, "new_game", unreadable)
    with pytest.raises(TableError) as err:
        table.act(BOB, CHAN, "tribute", Action.of("bid", card=2))
    reason = "setup from the seed failed: ValueError: no such option 'rounds'"
    assert (err.value.code, err.value.message, err.value.legal) == (
        "corrupt", f"game {gid} is damaged and set aside: snapshot 0 cannot be read ({reason})", DAMAGED_ADVICE)
    [q] = table.store.quarantined()
    assert (q.game, q.what, q.row, q.reason) == (gid, "snapshots", "0", reason)
    assert [a.seq for a in table.store.actions(gid)] == [1]


def test_a_channel_without_a_game_says_so_and_how_to_open_one(table):
    with pytest.raises(TableError) as err:
        table.status(ALICE, "empty-channel")
    assert (err.value.message, err.value.code, err.value.legal) == (
        "there is no game in this channel", "no_game", "`/game new <name>`")


def test_asked_from_a_direct_message_the_table_finds_the_one_live_game_or_says_what_it_has(table):
    def refusal():
        with pytest.raises(TableError) as err:
            table.status(ALICE, None)
        return err.value

    nothing = refusal()
    assert (nothing.message, nothing.code, nothing.legal) == (
        "you sit at no live game", "no_game", "`/game new <name>`, or join one")
    for i in range(6):
        table.new_game(ALICE, f"old-{i}", "tribute", players=2)
        table.abandon(ALICE, f"old-{i}")
    ended = refusal()
    assert ended.message == "you sit at no live game: to read one that has ended, say which with game:<number>"
    assert ended.legal == [f"game:{n} (Tribute, abandoned)" for n in (6, 5, 4, 3, 2)]  # the five last
    live = table.new_game(ALICE, "live-1", "tribute", players=2).game.id
    assert table.status(ALICE, None).game.id == live
    other = table.new_game(ALICE, "live-2", "tribute", players=2).game.id
    several = refusal()
    assert (several.message, several.code, several.legal) == (
        "you sit at several games: say which with game:<number>", "which_game",
        [f"game:{live} (tribute)", f"game:{other} (tribute)"])


def _first_action_set_aside_after(table, change: str):
    """Start a game, play one action, change its stored row with ``change`` (SQL on that row), reload:
    the game is refused as corrupt and set aside naming that row; the quarantine record is returned."""
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    with table.store.transaction():
        table.store.db.conn.execute(f"UPDATE actions SET {change} WHERE game = ? AND seq = 1", (gid,))
    table.loaded_games.clear()
    with pytest.raises(TableError) as err:
        table.status(BOB, CHAN)
    assert err.value.code == "corrupt"
    [q] = table.store.quarantined()
    assert (q.game, q.what, q.row) == (gid, "actions", "1")
    return q


def test_a_move_that_replays_to_another_state_than_its_log_says_sets_the_game_aside(table):
    q = _first_action_set_aside_after(table, "version = version + 5")
    assert q.reason.startswith("replay reached state ") and ", the log says " in q.reason


def test_an_action_row_that_is_text_but_not_an_action_sets_the_game_aside_naming_that_row(table):
    q = _first_action_set_aside_after(table, "action = '{\"kind\": '")
    assert q.reason.startswith("unreadable action: JSONDecodeError: ")


def test_a_game_with_sound_snapshots_loads_from_its_latest_without_a_warning(db_path, caplog):
    table = service(db_path, snapshot_every=1)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4))
    fingerprint = RULES.fingerprint(table.state(gid))
    table.loaded_games.clear()
    caplog.set_level("WARNING", logger="seneschal.table")
    assert RULES.fingerprint(table.state(gid)) == fingerprint
    assert [r.getMessage() for r in caplog.records] == []


def test_a_command_key_kept_without_a_game_answers_already_done_naming_no_game(table):
    table.store.record_command_key("old-key", None, "new", 0.0)
    again = table.new_game(ALICE, CHAN, "tribute", players=2, key="old-key")
    assert isinstance(again, AlreadyDone) and (again.game, again.command, again.key) == (None, "new", "old-key")
    assert table.list_games(ALICE, CHAN).games == ()
