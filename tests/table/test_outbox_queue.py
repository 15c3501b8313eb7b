"""The outbox as a queue (bot/table/store.py, core's ``pending_outbox``): a key queued once, games taking
turns up to the limit, a set-aside game's rows held back but for its notice, delivery marked once, and
pruning at the very moment of its cut-off."""

from __future__ import annotations

from bot.table.store import DamagedRow
from tests.table.conftest import ALICE, BOB, drain

DAY = 86400.0


def games(table, n: int) -> list[int]:
    ids = [table.new_game(ALICE if i % 2 == 0 else BOB, f"c{i}", "tribute", players=2).game.id for i in range(n)]
    drain(table)
    return ids


def queue(table, game: int, key: str, recipient: str = "channel", **payload) -> None:
    table.store.add_outbox(game, key, "table", recipient, {"type": "test", **payload}, table.clock.now())


def test_a_key_is_queued_once_and_the_first_payload_kept(table):
    [g] = games(table, 1)
    queue(table, g, "k", n=1)
    queue(table, g, "k", n=2)
    assert [(m.key, m.payload["n"]) for m in table.pending_outbox(10)] == [("k", 1)]


def test_games_take_turns_each_in_its_own_order_up_to_the_limit(table):
    a, b, c = games(table, 3)
    for i in range(3):
        queue(table, a, f"a{i}")
    for i in range(2):
        queue(table, b, f"b{i}")
    queue(table, c, "c0")
    assert [m.key for m in table.pending_outbox(100)] == ["a0", "b0", "c0", "a1", "b1", "a2"]
    assert [m.key for m in table.pending_outbox(4)] == ["a0", "b0", "c0", "a1"]
    assert [m.key for m in table.pending_outbox(1)] == ["a0"]
    assert [m.key for m in table.pending_outbox(100, game_id=b)] == ["b0", "b1"]


def test_a_set_aside_game_holds_its_rows_back_but_for_the_notice_saying_so(table):
    a, b = games(table, 2)
    queue(table, a, "a0")
    queue(table, b, "b0")
    table.quarantine(DamagedRow(a, "outbox", 99, "not JSON"))
    assert [m.key for m in table.pending_outbox(100)] == ["b0", "damaged:g1.outbox.99"]
    table.store.release(a)
    assert [m.key for m in table.pending_outbox(100)] == ["a0", "b0", "damaged:g1.outbox.99"]


def test_a_message_to_a_seat_goes_to_whoever_holds_it_when_it_is_delivered(table):
    [g] = games(table, 1)
    queue(table, g, "dm", "seat:alice")
    queue(table, g, "post", "channel")
    dm, post = table.pending_outbox(10)
    assert (dm.seat, dm.user_id, dm.channel, dm.game_id, dm.kind, dm.payload) == (
        "alice", "u-alice", "c0", g, "table", {"type": "test"})
    assert (post.seat, post.user_id, post.channel) == (None, None, "c0")
    table.store.set_seat_user(g, "alice", "u-maud", "Maud")
    assert table.pending_outbox(10)[0].user_id == "u-maud"


def test_delivery_is_marked_once_and_pruning_keeps_what_was_delivered_at_the_cut_off(table, clock):
    [g] = games(table, 1)
    for key in ("old", "edge", "new", "waiting"):
        queue(table, g, key)
    ids = {m.key: m.id for m in table.pending_outbox(10)}
    start = clock.now()
    table.mark_delivered(ids["old"])
    clock.advance(1)
    table.mark_delivered(ids["edge"])
    table.mark_delivered(ids["old"])  # again, later: the first time stands
    clock.advance(1)
    table.mark_delivered(ids["new"])
    delivered = {r.key: r.delivered_at for r in table.store.outbox(g)}
    assert delivered == {"old": start, "edge": start + 1, "new": start + 2, "waiting": None}
    clock.advance(7 * DAY - 1)  # now: 7 days after "edge" was delivered
    assert table.prune_outbox() == 1
    assert [r.key for r in table.store.outbox(g)] == ["edge", "new", "waiting"]
    assert table.prune_outbox(keep_seconds=0) == 2
    assert [r.key for r in table.store.outbox(g)] == ["waiting"]


def test_the_last_message_of_a_kind_is_read_back_or_none(table):
    [g] = games(table, 1)
    table.store.add_outbox(g, "s1", "status", "channel", {"n": 1}, 0)
    table.store.add_outbox(g, "s2", "status", "channel", {"n": 2}, 0)
    table.store.add_outbox(g, "p1", "prompt", "seat:alice", ["not", "a", "dict"], 0)
    assert table.store.last_outbox(g, "status") == {"n": 2}
    assert table.store.last_outbox(g, "prompt") is None and table.store.last_outbox(g, "nothing") is None
