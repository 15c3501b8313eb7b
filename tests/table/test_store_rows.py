"""The store's rows written and read back column by column (bot/table/store.py): a game, its seats,
its log with an undo, its snapshots, its command keys and the adapter's references, and the filters
that choose games."""

from __future__ import annotations

import pytest

from bot.table import Store
from bot.table.store import DamagedRow, StaleAppend
from tests.table.damage import spoil

T = 1_800_000_000.0


@pytest.fixture
def store(db_path):
    s = Store(db_path)
    yield s
    s.close()


def new(store, **kw) -> int:
    fields = dict(game="tribute", channel="c1", creator="u-a", players=3, options={"x": 1}, settings={"deadline": "2h"},
                  seed=42, engine_version="7", schema=3, now=T, status="active", guild="g-1")
    return store.create_game(**{**fields, **kw})


def test_a_game_row_reads_back_every_column_it_was_made_and_changed_with(store):
    gid = new(store)
    row = store.game(gid)
    assert (row.id, row.game, row.channel, row.creator, row.status, row.players, row.options, row.settings, row.seed,
            row.engine_version, row.schema, row.last_seq, row.phase, row.result, row.created, row.updated, row.epoch,
            row.paused_at, row.guild, row.damaged) == (
        gid, "tribute", "c1", "u-a", "active", 3, {"x": 1}, {"deadline": "2h"}, 42, "7", 3, 0, "", None, T, T, 0,
        None, "g-1", "")
    store.update_game(gid, status="paused", paused_at=T + 5, phase="round 2", result={"winner": "a"},
                      options={"x": 2}, settings={}, channel="c2")
    row = store.game(gid)
    assert (row.status, row.paused_at, row.phase, row.result, row.options, row.settings, row.channel) == (
        "paused", T + 5, "round 2", {"winner": "a"}, {"x": 2}, {}, "c2")
    store.update_game(gid, result=None)
    assert store.game(gid).result is None and store.game(gid + 1) is None


def test_games_are_numbered_on_and_chosen_by_channel_status_holder_or_member(store):
    a = new(store)
    b = new(store, channel="c2", creator="u-b", status="lobby")
    c = new(store, channel=None, status="finished", guild=None)
    assert (a, b, c) == (1, 2, 3)
    store.add_seat(a, "alice", "u-x", "X", T)
    store.add_seat(b, "bob", "u-a", "A", T)
    assert [g.id for g in store.games(channel="c2")] == [b]
    assert [g.id for g in store.games(statuses=("lobby", "finished"))] == [b, c]
    assert [g.id for g in store.games(user_id="u-a")] == [b]
    assert [g.id for g in store.games(member="u-a")] == [a, b, c]  # the creator of a and c, seated at b
    assert [g.id for g in store.games(member="u-b")] == [b]
    assert [g.id for g in store.games(member="u-x", statuses=("active",))] == [a]
    store.update_game(a, guild=None)
    assert [g.id for g in store.games_without_guild()] == [a]  # c has no thread to learn its server from


def test_seats_keep_their_order_and_each_column(store):
    gid = new(store)
    store.add_seat(gid, "alice", "u-a", "Alice", T, "red")
    store.add_seat(gid, "bob", "computer:bob", "Bob", T + 1, "", "steady")
    store.add_seat(gid, "carol", "u-c", "Carol", T + 2)
    store.remove_seat(gid, "bob")
    store.add_seat(gid, "dora", "u-d", "Dora", T + 3)
    assert [(s.seat, s.user_id, s.name, s.position, s.joined, s.role, s.agent) for s in store.seats(gid)] == [
        ("alice", "u-a", "Alice", 0, T, "red", ""), ("carol", "u-c", "Carol", 2, T + 2, "", ""),
        ("dora", "u-d", "Dora", 3, T + 3, "", "")]
    store.set_seat_role(gid, "carol", "blue")
    store.set_seat_agent(gid, "alice", "random")
    store.set_seat_user(gid, "dora", "u-e", "Edith")
    assert [(s.seat, s.user_id, s.name, s.role, s.agent) for s in store.seats(gid)] == [
        ("alice", "u-a", "Alice", "red", "random"), ("carol", "u-c", "Carol", "blue", ""),
        ("dora", "u-e", "Edith", "", "")]
    assert store.holds_seat(gid, "u-e") and not store.holds_seat(gid, "u-d")


def test_the_log_appends_in_order_and_an_undo_moves_the_tail_aside(store):
    gid = new(store)
    for seq in (1, 2, 3):
        store.append_action(gid, seq, "alice", f'{{"n":{seq}}}', "[]", f"k{seq}", T + seq, seq * 10, "u-a",
                            "player" if seq != 2 else "deadline", epoch=0)
        store.put_snapshot(gid, seq, f"s{seq}", f"p{seq}", T + seq)
    assert [(a.seq, a.action, a.key, a.at, a.version, a.user_id, a.source) for a in store.actions(gid, after=1, upto=2)] == [
        (2, '{"n":2}', "k2", T + 2, 20, "u-a", "deadline")]
    assert [a.seq for a in store.actions(gid, after=2)] == [3] and store.game(gid).last_seq == 3
    with pytest.raises(StaleAppend, match=f"^game {gid} is no longer at action 2 \\(epoch 0\\)$"):
        store.append_action(gid, 3, "alice", "{}", "[]", "k9", T, 1, epoch=0)  # not at action 2 any more
    with pytest.raises(StaleAppend, match=f"^game {gid}: action 4 or key 'k1' exists already \\("):
        store.append_action(gid, 4, "alice", "{}", "[]", "k1", T, 1, epoch=0)  # a key used before
    assert store.action_by_key(gid, "k2").seq == 2 and store.action_by_key(gid, "k9") is None
    store.undo_to(gid, 1, T + 9, "u-gm")
    row = store.game(gid)
    assert (row.last_seq, row.epoch, row.updated) == (1, 1, T + 9)
    assert [a.seq for a in store.actions(gid)] == [1] and store.snapshot_seqs(gid) == [1]
    assert store.key_was_undone(gid, "k3") and not store.key_was_undone(gid, "k1")
    with pytest.raises(StaleAppend):
        store.append_action(gid, 2, "alice", "{}", "[]", "k5", T, 1, epoch=0)  # loaded before the undo
    store.append_action(gid, 2, "alice", "{}", "[]", "k5", T, 1, epoch=1)
    assert store.game(gid).last_seq == 2


def test_snapshots_are_read_newest_first_up_to_a_point_and_written_over(store):
    gid = new(store)
    assert store.latest_snapshot(gid) is None and not store.has_snapshot(gid)
    for seq in (0, 4, 9):
        store.put_snapshot(gid, seq, f"s{seq}", f"p{seq}", T + seq)
    assert store.snapshot_seqs(gid) == [9, 4, 0] and store.snapshot_seqs(gid, upto=8) == [4, 0]
    assert store.snapshot_seqs(gid, upto=4) == [4, 0] and store.has_snapshot(gid)
    snap = store.latest_snapshot(gid, upto=5)
    assert (snap.game, snap.seq, snap.state, snap.phase, snap.at) == (gid, 4, "s4", "p4", T + 4)
    store.put_snapshot(gid, 4, "again", "p4b", T + 20)
    snap = store.snapshot(gid, 4)
    assert (snap.state, snap.phase, snap.at) == ("again", "p4b", T + 20) and store.snapshot(gid, 5) is None


def test_command_keys_and_references_are_kept_and_replaced(store):
    gid = new(store)
    assert store.command_key("join-1") is None
    store.record_command_key("join-1", gid, "join", T)
    store.record_command_key("new-1", None, "new", T)
    assert store.command_key("join-1") == (gid, "join") and store.command_key("new-1") == (None, "new")
    assert store.ref(gid, "status") is None
    store.put_ref(gid, "status", "chan-9", "msg-1")
    store.put_ref(gid, "status", "chan-9", "msg-2")
    store.put_ref(gid, "lobby", "", "fingerprint")
    assert (store.ref(gid, "status"), store.ref(gid, "lobby")) == (("chan-9", "msg-2"), ("", "fingerprint"))


def test_a_row_that_is_not_utf8_names_its_game_its_table_and_its_row(store, db_path):
    gid = new(store)
    store.add_seat(gid, "alice", "u-a", "Alice", T)
    store.add_seat(gid, "bob", "u-b", "Bob", T)
    store.append_action(gid, 1, "alice", "{}", "[]", "k1", T, 1)
    store.put_snapshot(gid, 1, "s1", "p1", T)
    spoil(db_path, "seats", "name", "game = ? AND seat = 'bob'", (gid,))
    spoil(db_path, "actions", "action", "game = ? AND seq = 1", (gid,))
    spoil(db_path, "snapshots", "state", "game = ? AND seq = 1", (gid,))
    for read, where in ((store.seats, ("seats", 1)), (store.actions, ("actions", 1)),
                        (lambda g: store.snapshot(g, 1), ("snapshots", 1))):
        with pytest.raises(DamagedRow) as err:
            read(gid)
        assert (err.value.game, err.value.table, err.value.row, err.value.reason) == (
            gid, *where, "not UTF-8: invalid start byte")
        assert str(err.value) == f"game {gid}: {where[0]} row 1 cannot be read (not UTF-8: invalid start byte)"
