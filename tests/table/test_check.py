"""``python -m bot check`` (bot/table/check.py): each kind of finding in its own words, with its advice,
and the report's text line by line; the log is damaged by plain SQL, as a bad restore or a bug would."""

from __future__ import annotations

import sqlite3

import pytest

from bot.table import Store
from bot.table.check import ADVICE, Finding, Report, check
from bot.table.store import DamagedRow
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, make_table
from tests.table.test_saveformat import played


@pytest.fixture
def game(db_path, clock) -> int:
    """A game of three logged actions (snapshots at 0 and 2) and a lobby beside it."""
    table = make_table(db_path, clock)
    gid = played(table)
    table.new_game(ALICE, "c2", "tribute", players=2)
    table.store.close()
    return gid


def sql(db_path, statement: str, *params) -> None:
    conn = sqlite3.connect(db_path)
    conn.execute(statement, params)
    conn.commit()
    conn.close()


def report(db_path, rules=None) -> Report:
    store = Store(db_path, readonly=True)
    try:
        return check(store, {"tribute": RULES} if rules is None else rules)
    finally:
        store.close()


def found(db_path, rules=None) -> list[tuple]:
    return [(f.game, f.kind, f.detail) for f in report(db_path, rules).findings]


def test_a_healthy_database_reports_each_count(db_path, game):
    r = report(db_path)
    assert (r.healthy, r.games, r.replayed, r.actions, r.findings) == (True, 2, 1, 3, [])
    assert r.text().splitlines() == [
        f"Seneschal database check: {db_path} (schema version {r.schema})",
        "  SQLite integrity check: ok",
        "  games: 2, of which 1 replayed from their seed (3 actions), snapshots compared with the replay",
        "  quarantined games: none",
        "Healthy: nothing to do."]


def test_a_gap_in_the_log_is_named_with_what_is_missing(db_path, game):
    sql(db_path, "DELETE FROM actions WHERE game = ? AND seq = 2", game)
    assert found(db_path)[0] == (game, "sequence", "the log is not numbered 1..2 (missing [2])")
    assert found(db_path)[1][:2] == (game, "log")


def test_a_log_shorter_or_longer_than_the_games_count_is_named(db_path, game):
    sql(db_path, "UPDATE games SET last_seq = 4 WHERE id = ?", game)
    assert found(db_path) == [(game, "sequence", "the game says 4 actions, the log has 3")]
    sql(db_path, "UPDATE games SET last_seq = 2 WHERE id = ?", game)
    assert found(db_path) == [(game, "sequence", "the game says 2 actions, the log has 3"),
                              (game, "lost", "the database has the game at action 2 (undo epoch 0), the ledger saw "
                                             "action 3 (epoch 0): it went back in time (a lost write-ahead log or an "
                                             "older copy)")]
    sql(db_path, "DELETE FROM actions WHERE game = ?", game)
    assert found(db_path)[0] == (game, "sequence", "the game says 2 actions, the log has 0")


def test_a_log_without_a_starting_snapshot_is_named_and_not_replayed(db_path, game):
    sql(db_path, "DELETE FROM snapshots WHERE game = ?", game)
    r = report(db_path)
    assert [(f.game, f.kind, f.detail) for f in r.findings] == [(game, "log", "it has actions but no starting snapshot")]
    assert (r.replayed, r.actions) == (0, 0)
    sql(db_path, "DELETE FROM actions WHERE game = ?", game)
    sql(db_path, "UPDATE games SET last_seq = 0 WHERE id = ?", game)
    assert [kind for _, kind, _ in found(db_path)] == ["lost"]  # the ledger saw three actions


def test_a_game_this_check_has_no_rules_for_is_named(db_path, game):
    r = report(db_path, {"chess": RULES})
    assert [(f.game, f.kind, f.detail) for f in r.findings] == [(game, "rules", "no rules for 'tribute' here")]
    assert (r.games, r.replayed) == (2, 0)


def test_a_snapshot_that_disagrees_or_cannot_be_read_is_named_by_its_number(db_path, game):
    sql(db_path, "UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game = ? AND seq = 0) "
                 "WHERE game = ? AND seq = 2", game, game)
    assert found(db_path) == [(game, "snapshot", "snapshot 2 disagrees with the replayed log")]
    sql(db_path, "UPDATE snapshots SET state = '{' WHERE game = ? AND seq = 0", game)
    first, second = found(db_path)
    assert first[:2] == (game, "snapshot") and first[2].startswith("snapshot 0 cannot be read (JSONDecodeError: ")
    assert second == (game, "snapshot", "snapshot 2 disagrees with the replayed log")


def test_an_action_that_does_not_replay_or_reaches_another_version_is_named(db_path, game):
    sql(db_path, "UPDATE actions SET version = 7 WHERE game = ? AND seq = 2", game)
    assert found(db_path) == [(game, "log", "action 2 reaches state 2, the log says 7")]
    sql(db_path, "UPDATE actions SET version = 2, action = '{\"kind\": \"bid\", \"args\": {\"card\": 99}}' "
                 "WHERE game = ? AND seq = 2", game)
    (where, kind, detail), = found(db_path)
    assert (where, kind) == (game, "log") and detail.startswith("action 2 does not replay (RuleError: ")


def test_unreadable_outbox_and_deadline_rows_stray_deadlines_and_quarantine_are_each_named(db_path, game, clock):
    sql(db_path, "UPDATE outbox SET payload = '{' WHERE id = (SELECT MIN(id) FROM outbox WHERE game = ?)", game)
    outbox_row = sqlite3.connect(db_path).execute("SELECT MIN(id) FROM outbox WHERE game = ?", (game,)).fetchone()[0]
    sql(db_path, "UPDATE deadlines SET decision = CAST(X'FF' AS TEXT) WHERE id = "
                 "(SELECT MIN(id) FROM deadlines WHERE game = ?)", game)
    deadline_row = sqlite3.connect(db_path).execute("SELECT MIN(id) FROM deadlines WHERE game = ?", (game,)).fetchone()[0]
    sql(db_path, "INSERT INTO deadlines (game, decision, seat, kind, due, deadline, created) "
                 "VALUES (99, 'd', 'alice', 'deadline', 1, 1, 1)")
    stray = sqlite3.connect(db_path).execute("SELECT MAX(id) FROM deadlines").fetchone()[0]
    store = Store(db_path)
    store.quarantine(DamagedRow(game, "outbox", outbox_row, "not JSON"), clock.now())
    store.close()
    kinds = {f.kind: f for f in report(db_path).findings}
    assert sorted(kinds) == ["deadlines", "outbox", "quarantine", "stray"]
    assert kinds["outbox"].game == game and kinds["outbox"].detail.startswith(
        f"outbox row {outbox_row} cannot be read (not JSON: ")
    assert kinds["deadlines"].game == game and kinds["deadlines"].detail.startswith(
        f"deadlines row {deadline_row} cannot be read (not UTF-8: ")
    assert (kinds["stray"].game, kinds["stray"].detail) == (99, f"open deadline {stray} of a game that is over or gone")
    assert (kinds["quarantine"].game, kinds["quarantine"].detail) == (
        game, f"set aside: outbox row {outbox_row} (not JSON)")
    assert f"  quarantined games: {game}" in report(db_path).text().splitlines()


def test_an_open_deadline_of_a_finished_or_abandoned_game_is_stray_but_not_of_a_paused_one(db_path, game):
    for status, stray in (("paused", False), ("finished", True), ("abandoned", True), ("active", False)):
        sql(db_path, "UPDATE games SET status = ? WHERE id = ?", status, game)
        assert any(f.kind == "stray" for f in report(db_path).findings) is stray, status


def test_the_database_damage_is_capped_at_twenty_lines(db_path, game, monkeypatch):
    monkeypatch.setattr(Store, "integrity", lambda self: [f"page {i} broken" for i in range(25)])
    r = report(db_path)
    assert [f.detail for f in r.of("integrity")] == [f"page {i} broken" for i in range(20)]
    assert all(f.game is None for f in r.of("integrity"))
    lines = r.text().splitlines()
    assert lines[1] == "  SQLite integrity check: damage found" and lines[4] == "20 finding(s):"
    assert lines[5:7] == ["  - database: page 0 broken", f"    what to do: {ADVICE['integrity']}"]


def test_each_finding_names_its_game_in_the_advice():
    assert sorted(ADVICE) == ["deadlines", "game", "integrity", "log", "lost", "outbox", "quarantine", "rules",
                              "seats", "sequence", "snapshot", "stray"]
    for kind in ADVICE:
        assert Finding(12, kind, "x").advice == ADVICE[kind].replace("GAME", "12")
    assert "python -m bot release 12 " in Finding(12, "outbox", "x").advice
    r = Report("db", 9, findings=[Finding(12, "stray", "open deadline 3 of a game that is over or gone")])
    assert r.text().splitlines()[-3:] == ["1 finding(s):", "  - game 12: open deadline 3 of a game that is over or gone",
                                          f"    what to do: {ADVICE['stray']}"]
    assert not r.healthy and r.method == "SQLite integrity check" and (r.games, r.replayed, r.actions) == (0, 0, 0)


def release_of(db_path, gid, clock, rules=None) -> str:
    from bot.table.check import release

    store = Store(db_path)
    try:
        return release(store, {"tribute": RULES} if rules is None else rules, gid, clock.now())
    finally:
        store.close()


def test_a_release_says_what_it_repaired(db_path, game, clock):
    assert release_of(db_path, game, clock) == (
        f"game {game}: 0 unreadable row(s) dropped, 0 snapshot(s) replaced, was not in quarantine")
    sql(db_path, "UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game = ? AND seq = 0) "
                 "WHERE game = ? AND seq = 2", game, game)
    sql(db_path, "UPDATE outbox SET payload = '{' WHERE id = (SELECT MIN(id) FROM outbox WHERE game = ?)", game)
    store = Store(db_path)
    store.quarantine(DamagedRow(game, "snapshots", 2, "disagrees"), clock.now())
    store.close()
    assert release_of(db_path, game, clock) == (
        f"game {game}: 1 unreadable row(s) dropped, 1 snapshot(s) replaced, released from quarantine")
    store = Store(db_path)
    assert store.snapshot_seqs(game) == [3, 0] and store.quarantined() == []
    store.close()
    assert found(db_path) == []
    # A game the database holds behind the ledger (its last action lost) is accepted as it stands.
    sql(db_path, "DELETE FROM actions WHERE game = ? AND seq = 3", game)
    sql(db_path, "UPDATE games SET last_seq = 2 WHERE id = ?", game)
    sql(db_path, "DELETE FROM snapshots WHERE game = ? AND seq = 3", game)
    assert [kind for _, kind, _ in found(db_path)] == ["lost"]
    release_of(db_path, game, clock)
    assert found(db_path) == []


def test_a_release_refuses_a_log_that_does_not_replay_and_a_game_that_is_not_there(db_path, game, clock):
    sql(db_path, "UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game = ? AND seq = 0) "
                 "WHERE game = ? AND seq = 2", game, game)
    sql(db_path, "UPDATE actions SET version = 7 WHERE game = ? AND seq = 3", game)
    with pytest.raises(ValueError) as err:  # the snapshot's finding comes first; the log's is said
        release_of(db_path, game, clock)
    assert str(err.value) == (f"game {game}'s log does not replay (action 3 reaches state 3, the log says 7); "
                              "restore a backup, or let a GM abandon the game")
    with pytest.raises(ValueError, match="^there is no game 9$"):
        release_of(db_path, 9, clock)
    sql(db_path, "DELETE FROM actions WHERE game = ?", game)
    sql(db_path, "DELETE FROM snapshots WHERE game = ?", game)
    sql(db_path, "DELETE FROM seats WHERE game = ?", game)
    sql(db_path, "DELETE FROM outbox WHERE game = ?", game)
    sql(db_path, "DELETE FROM deadlines WHERE game = ?", game)
    sql(db_path, "DELETE FROM games WHERE id = ?", game)
    assert [kind for _, kind, _ in found(db_path)] == ["lost"]
    assert release_of(db_path, game, clock) == f"game {game} is gone from the database; the ledger no longer reports it"
    assert found(db_path) == []


def test_a_games_row_whose_result_is_not_json_is_named_and_rebuilt_from_the_log(db_path, game, clock):
    sql(db_path, "UPDATE games SET result = '{\"won' WHERE id = ?", game)
    (where, kind, detail), = found(db_path)
    assert (where, kind) == (game, "game") and detail.startswith("its row cannot be read (result: not JSON: ")
    store = Store(db_path)
    assert store.game_damage(game) == ["result"]
    store.close()
    assert release_of(db_path, game, clock) == (
        f"game {game}: its phase and result taken from its replayed log; 0 unreadable row(s) dropped, "
        "0 snapshot(s) replaced, was not in quarantine")
    assert found(db_path) == []


def test_a_games_row_that_lost_its_status_cannot_be_released(db_path, game, clock):
    from tests.table.damage import spoil

    spoil(db_path, "games", "status", "id = ?", (game,))
    with pytest.raises(ValueError) as err:
        release_of(db_path, game, clock)
    assert str(err.value) == (f"game {game}'s own row has lost its status, which nothing else records; restore a "
                              "backup, or let a GM abandon the game")


def test_options_are_not_rebuilt_for_a_log_that_does_not_replay_with_them(db_path, game, clock):
    from tests.table.damage import spoil

    spoil(db_path, "games", "options", "id = ?", (game,))
    sql(db_path, "UPDATE actions SET version = 7 WHERE game = ? AND seq = 3", game)
    with pytest.raises(ValueError) as err:
        release_of(db_path, game, clock)
    assert str(err.value) == (f"game {game}'s options cannot be rebuilt: with its first snapshot's the log does not "
                              "replay; restore a backup, or let a GM abandon the game")
    sql(db_path, "UPDATE actions SET version = 3 WHERE game = ? AND seq = 3", game)
    sql(db_path, "UPDATE snapshots SET state = (SELECT state FROM snapshots WHERE game = ? AND seq = 0) "
                 "WHERE game = ? AND seq = 2", game, game)
    with pytest.raises(ValueError, match="the log disagrees with its snapshots; restore a backup"):
        release_of(db_path, game, clock)


def test_a_snapshot_whose_bytes_are_spoilt_is_named_with_its_game(db_path, game):
    from tests.table.damage import flip_byte

    flip_byte(db_path, "snapshots", "state", "game = ? AND seq = 2", (game,))
    (where, kind, detail), = found(db_path)
    assert (where, kind) == (game, "snapshot") and detail.startswith("snapshot 2 cannot be read (")


def test_a_lobby_s_unreadable_result_is_cleared_and_it_keeps_no_phase(db_path, game, clock):
    lobby = game + 1
    sql(db_path, "UPDATE games SET result = '{\"won' WHERE id = ?", lobby)
    release_of(db_path, lobby, clock)
    store = Store(db_path, readonly=True)
    try:
        row = store.game(lobby)
        assert row is not None and (row.phase, row.result, row.damaged) == ("", None, "")
    finally:
        store.close()
    assert found(db_path) == []


def test_a_seat_that_cannot_be_read_is_named_by_its_row(db_path, game):
    from tests.table.damage import spoil

    spoil(db_path, "seats", "name", "game = ? AND seat = 'bob'", (game,))
    (where, kind, detail), = found(db_path)
    assert (where, kind) == (game, "seats") and detail == "seat 1 cannot be read (not UTF-8: invalid start byte)"


def test_a_games_row_whose_settings_are_not_json_gets_the_table_s_defaults_back(db_path, game, clock):
    sql(db_path, "UPDATE games SET settings = '{\"dead' WHERE id = ?", game)
    assert [kind for _, kind, _ in found(db_path)] == ["game"]
    assert release_of(db_path, game, clock) == (
        f"game {game}: its settings set back to the table's defaults; 0 unreadable row(s) dropped, "
        "0 snapshot(s) replaced, was not in quarantine")
    assert found(db_path) == []


def test_an_action_that_cannot_be_read_is_named_by_its_number_and_a_release_refuses_it(db_path, game, clock):
    from tests.table.damage import spoil

    spoil(db_path, "actions", "action", "game = ? AND seq = 2", (game,))
    (where, kind, detail), = found(db_path)
    assert (where, kind, detail) == (game, "log", "action 2 cannot be read (not UTF-8: invalid start byte)")
    with pytest.raises(ValueError) as err:
        release_of(db_path, game, clock)
    assert str(err.value) == (f"game {game}'s log does not replay (action 2 cannot be read (not UTF-8: invalid "
                              "start byte)); restore a backup, or let a GM abandon the game")


def test_a_finished_game_s_unreadable_result_is_rebuilt_as_its_result(db_path, clock):
    from tests.table.test_service import play_out, start_game

    table = make_table(db_path, clock)
    gid = start_game(table)
    play_out(table, gid)
    result = table.store.game(gid).result
    table.store.close()
    sql(db_path, "UPDATE games SET result = '{\"won' WHERE id = ?", gid)
    release_of(db_path, gid, clock)
    store = Store(db_path, readonly=True)
    try:
        row = store.game(gid)
        assert row is not None and (row.phase, row.result, row.damaged) == ("over", result, "")
    finally:
        store.close()


def test_options_are_rebuilt_from_the_oldest_snapshot_that_reads_and_holds_them(db_path):
    from bot.table.check import _first_options
    from tests.table.damage import spoil

    store = Store(db_path)
    try:
        gid = store.create_game(game="tribute", channel="c1", creator="u-a", players=2, options={}, settings={},
                                seed=1, engine_version="1", schema=3, now=0.0, status="active", guild="g")
        assert _first_options(store, gid) == {}
        for seq, state in ((0, '{"options": {"rounds": 1}}'), (4, '{"options": {"rounds": 4}}'),
                           (7, '{"options": {"rounds": 7}}')):
            store.put_snapshot(gid, seq, state, "p", 0.0)
        assert _first_options(store, gid) == {"rounds": 1}
        spoil(db_path, "snapshots", "state", "game = ? AND seq = 0", (gid,))
        assert _first_options(store, gid) == {"rounds": 4}
        store.put_snapshot(gid, 4, '{"options": "none"}', "p", 0.0)
        assert _first_options(store, gid) == {"rounds": 7}
    finally:
        store.close()


def test_a_release_gives_a_seat_its_lost_name_role_and_agent_back_but_not_who_holds_it(db_path, game, clock):
    from tests.table.damage import spoil

    for column in ("name", "role", "agent"):
        spoil(db_path, "seats", column, "game = ? AND seat = 'bob'", (game,))
    assert release_of(db_path, game, clock) == (
        f"game {game}: seat 2's name, role, agent (a person plays it) rebuilt; 0 unreadable row(s) dropped, "
        "0 snapshot(s) replaced, was not in quarantine")
    assert found(db_path) == []
    store = Store(db_path, readonly=True)
    bob = store.seats(game)[1]
    store.close()
    assert (bob.seat, bob.name, bob.role, bob.agent) == ("bob", "bob", "", "")
    spoil(db_path, "seats", "user_id", "game = ? AND seat = 'bob'", (game,))
    spoil(db_path, "seats", "seat", "game = ? AND seat = 'bob'", (game,))
    with pytest.raises(ValueError) as err:
        release_of(db_path, game, clock)
    assert str(err.value) == (f"game {game}'s seat 2 has lost its name and who holds it, which nothing else "
                              "records; restore a backup, or let a GM abandon the game")


def test_a_release_says_where_a_game_s_lost_options_came_back_from(db_path, game, clock):
    from tests.table.damage import spoil

    lobby = game + 1
    for gid in (game, lobby):
        spoil(db_path, "games", "options", "id = ?", (gid,))
    assert release_of(db_path, game, clock) == (
        f"game {game}: its options rebuilt from its first snapshot; 0 unreadable row(s) dropped, "
        "0 snapshot(s) replaced, was not in quarantine")
    assert release_of(db_path, lobby, clock) == (
        f"game {lobby}: its lobby options set back to the game's defaults; 0 unreadable row(s) dropped, "
        "0 snapshot(s) replaced, was not in quarantine")
    assert found(db_path) == []
