"""The store's contract, once per backend (SQLite and PostgreSQL: the ``database`` fixture, tests/conftest.py).

Each test holds what the table service relies on: the database decides between writers (the
conditional append, unique keys), a refused append changes nothing, per-game quarantine, the outbox
(keyed once, games taking turns), deadlines, command keys, undo, snapshots, the Discord adapter's
references, migrations recorded, and values read back exactly as written.
"""

from __future__ import annotations

import threading

import pytest

from bot.table import TableService
from bot.table.backends import is_postgres, open_store
from bot.table.check import check
from bot.table.migrations import LATEST
from bot.table.shards import games_condition
from bot.table.store import DamagedRow, KeyTaken, StaleAppend, Store
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, FakeClock, start_game

SNOWFLAKE = "1100000000000000001"  # a Discord server id past 2^63 / 2, on shard 1 of 2 (its >> 22 is odd)


@pytest.fixture
def store(database: str) -> Store:
    s = open_store(database)
    yield s
    s.close()


def _game(store: Store, **kw: object) -> int:
    fields: dict = dict(game="tribute", channel="c", creator="1", players=2, options={}, settings={}, seed=7,
                        engine_version="1", schema=1, now=1.0)
    fields.update(kw)
    gid = store.create_game(**fields)
    store.add_seat(gid, "alice", "1", "alice", 1.0)
    store.add_seat(gid, "bob", "2", "bob", 1.0)
    return gid


def _rows(store: Store) -> dict[str, int]:
    tables = ("games", "seats", "actions", "snapshots", "outbox", "deadlines", "undone", "command_keys", "quarantine")
    return {t: int(store._one(f"SELECT COUNT(*) FROM {t}")[0]) for t in tables}


def test_migrations_are_recorded_to_the_latest_step(store: Store) -> None:
    assert store.schema_version == LATEST
    versions = [int(r[0]) for r in store._all("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == list(range(1, LATEST + 1))


def test_a_second_opening_applies_nothing_again(database: str) -> None:
    open_store(database).close()
    again = open_store(database)
    try:
        assert again.schema_version == LATEST
        assert int(again._one("SELECT COUNT(*) FROM schema_migrations")[0]) == LATEST
    finally:
        again.close()


def test_values_read_back_exactly(store: Store) -> None:
    gid = _game(store, seed=2**62 + 1, guild=SNOWFLAKE, now=1733400000.123456789, options={"modules": ["a"]})
    row = store.game(gid)
    assert row is not None
    assert (row.seed, row.guild, row.created, row.options) == (2**62 + 1, SNOWFLAKE, 1733400000.123456789,
                                                               {"modules": ["a"]})
    events = '[{"kind":"x","data":{"name":"Ælfgifu \\u00e9 ✠ 100%"}}]'
    store.append_action(gid, 1, "alice", '{"kind":"pass"}', events, "k?1", 2.5, 1, "1", epoch=0)
    assert store.actions(gid)[0].events == events and store.actions(gid)[0].key == "k?1"


def test_the_database_decides_between_two_writers(database: str) -> None:
    first, second = open_store(database), open_store(database)
    try:
        gid = _game(first)
        first.append_action(gid, 1, "alice", "{}", "[]", "a", 2.0, 1, "1", epoch=0)
        before = _rows(first)
        with pytest.raises(StaleAppend):  # loaded at action 0 too: the game has moved on
            with second.transaction():
                second.add_outbox(gid, "lost-message", "dm", "1", {"t": 1}, 2.0)
                second.append_action(gid, 1, "bob", "{}", "[]", "b", 2.0, 1, "2", epoch=0)
        assert _rows(first) == before  # the refused append's outbox row went with it
        with pytest.raises(StaleAppend):  # the next number, but a key already applied
            second.append_action(gid, 2, "alice", "{}", "[]", "a", 2.0, 2, "1", epoch=0)
        assert _rows(second) == before and second.game(gid).last_seq == 1  # type: ignore[union-attr]
    finally:
        first.close()
        second.close()


def test_racing_writers_apply_each_action_once(database: str) -> None:
    stores = [open_store(database) for _ in range(3)]
    gid = _game(stores[0])
    go, won = threading.Barrier(len(stores)), [0] * len(stores)

    def write(i: int) -> None:
        go.wait()
        for _ in range(30):
            while True:
                seq = stores[i].game(gid).last_seq + 1  # type: ignore[union-attr]
                try:
                    stores[i].append_action(gid, seq, "alice", "{}", "[]", f"w{i}-{seq}", 2.0, seq, "1", epoch=0)
                    won[i] += 1
                    break
                except StaleAppend:
                    continue

    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert [a.seq for a in stores[0].actions(gid)] == list(range(1, 91)) and sum(won) == 90
    finally:
        for s in stores:
            s.close()


def test_games_opened_at_once_get_different_numbers(database: str) -> None:
    stores = [open_store(database) for _ in range(3)]
    go, numbers = threading.Barrier(len(stores)), []

    def open_games(s: Store) -> None:
        go.wait()
        numbers.extend(s.create_game(game="tribute", channel=None, creator="1", players=2, options={}, settings={},
                                     seed=1, engine_version="1", schema=1, now=1.0) for _ in range(10))

    threads = [threading.Thread(target=open_games, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert sorted(numbers) == list(range(1, 31))
    finally:
        for s in stores:
            s.close()


def test_a_number_is_never_given_twice(store: Store) -> None:
    gone = _game(store)
    with store.transaction():
        store._x("DELETE FROM seats WHERE game = ?", (gone,))
        store._x("DELETE FROM games WHERE id = ?", (gone,))
    assert _game(store) == gone + 1


def test_command_keys_and_seats_are_unique(store: Store) -> None:
    gid = _game(store)
    store.record_command_key("join-1", gid, "join", 1.0)
    with pytest.raises(KeyTaken):
        store.record_command_key("join-1", gid, "join", 2.0)
    assert store.command_key("join-1") == (gid, "join")
    with pytest.raises(KeyTaken):
        store.add_seat(gid, "carol", "1", "carol", 1.0)  # alice's user holds a seat already
    assert [s.seat for s in store.seats(gid)] == ["alice", "bob"]


def test_a_failed_transaction_leaves_nothing(store: Store) -> None:
    gid = _game(store)
    before = _rows(store)
    with pytest.raises(RuntimeError), store.transaction():
        store.add_outbox(gid, "k", "dm", "1", {}, 1.0)
        store.add_deadline(gid, "d", "alice", "deadline", 5.0, 6.0, 1.0)
        with store.transaction():  # a nested call joins the outer one
            store.put_snapshot(gid, 0, "{}", "p", 1.0)
        raise RuntimeError("refused")
    assert _rows(store) == before


def test_outbox_keyed_once_games_take_turns(store: Store) -> None:
    one, two = _game(store), _game(store)
    for i in range(3):
        store.add_outbox(one, f"one-{i}", "dm", "1", {"i": i}, 1.0)
    store.add_outbox(one, "one-0", "dm", "1", {"i": "again"}, 1.0)  # keyed once
    store.add_outbox(two, "two-0", "post", "c", {"i": 0}, 1.0)
    assert [r.key for r in store.pending_outbox()] == ["one-0", "two-0", "one-1", "one-2"]
    first = store.pending_outbox(1)[0]
    store.mark_delivered(first.id, 5.0)
    assert [r.key for r in store.pending_outbox(game_id=one)] == ["one-1", "one-2"]
    assert store.last_outbox(one, "dm") == {"i": 2}
    assert store.prune_outbox(6.0) == 1 and [r.key for r in store.outbox(one)] == ["one-1", "one-2"]


def test_quarantine_sets_one_game_aside(store: Store) -> None:
    bad, good = _game(store), _game(store)
    for g in (bad, good):
        store.update_game(g, status="active")
        store.add_outbox(g, f"m-{g}", "dm", "1", {}, 1.0)
        store.add_deadline(g, "d", "alice", "deadline", 5.0, 6.0, 1.0)
    assert store.quarantine(DamagedRow(bad, "outbox", 1, "not JSON"), 2.0)
    assert not store.quarantine(DamagedRow(bad, "outbox", 1, "not JSON"), 3.0)
    store.add_outbox(bad, "damaged:notice", "post", "c", {}, 2.0)
    assert {r.key for r in store.pending_outbox()} == {f"m-{good}", "damaged:notice"}
    assert [d.game for d in store.due_deadlines(10.0)[0]] == [good]
    assert [q.game for q in store.quarantined()] == [bad]
    assert store.release(bad) and not store.release(bad)
    assert len(store.due_deadlines(10.0)[0]) == 2


def test_a_damaged_row_names_its_game(store: Store) -> None:
    gid = _game(store)
    with store.transaction():
        store._x("UPDATE games SET settings = ? WHERE id = ?", ("{not json", gid))
    row = store.game(gid)
    assert row is not None and row.damaged.startswith("not JSON") and store.game_damage(gid) == ["settings"]
    store.add_outbox(gid, "broken", "dm", "1", {}, 1.0)
    with store.transaction():
        store._x("UPDATE outbox SET payload = ? WHERE key = 'broken'", ("{cut",))
    assert [(d.game, d.table) for d in store.unreadable("outbox")] == [(gid, "outbox")]


def test_deadlines_due_by_shard(store: Store) -> None:
    home, far = _game(store), _game(store, guild=SNOWFLAKE)
    for g in (home, far):
        store.update_game(g, status="active")
        store.add_deadline(g, "d", "alice", "deadline", 5.0, 9.0, 1.0)
    store.add_deadline(home, "c", "bob", "computer", 3.0, 3.0, 1.0)
    assert store.next_due() == 3.0 and store.next_due(computers=False) == 5.0
    assert [d.game for d in store.due_deadlines(6.0, games_condition(2, [1]))[0]] == [far]
    assert sorted(d.game for d in store.due_deadlines(6.0, games_condition(2, [0]))[0]) == [home, home]
    store.shift_deadlines(far, 100.0)
    assert store.open_deadlines(far)[0].due == 105.0
    store.close_seat_deadlines(home, "bob", 7.0, "moved")
    store.close_game_deadlines(far, 7.0, "over")
    assert [d.kind for d in store.due_deadlines(1000.0)[0]] == ["deadline"]
    store.update_game(far, status="finished")
    with store.transaction():
        store._x("UPDATE deadlines SET done_at = NULL WHERE game = ?", (far,))
    assert [g for _, g in store.stray_deadlines()] == [far]


def test_undo_moves_actions_aside_and_refuses_the_old_epoch(store: Store) -> None:
    gid = _game(store)
    store.put_snapshot(gid, 0, '{"s":0}', "p", 1.0)
    for seq in (1, 2, 3):
        store.append_action(gid, seq, "alice", "{}", "[]", f"k{seq}", 2.0, seq, "1", epoch=0)
    store.put_snapshot(gid, 2, '{"s":2}', "p", 2.0)
    store.put_snapshot(gid, 2, '{"s":"2b"}', "q", 2.0)  # written again at the same number
    assert store.snapshot(gid, 2).state == '{"s":"2b"}'  # type: ignore[union-attr]
    store.undo_to(gid, 1, 3.0, "gm")
    row = store.game(gid)
    assert row is not None and (row.last_seq, row.epoch) == (1, 1)
    assert store.key_was_undone(gid, "k3") and store.snapshot_seqs(gid) == [0]
    with pytest.raises(StaleAppend):
        store.append_action(gid, 2, "alice", "{}", "[]", "late", 4.0, 2, "1", epoch=0)
    store.append_action(gid, 2, "alice", "{}", "[]", "k2b", 4.0, 2, "1", epoch=1)
    assert [a.key for a in store.actions(gid)] == ["k1", "k2b"]


def test_discord_references(store: Store) -> None:
    gid = _game(store)
    assert store.ref(gid, "status") is None
    store.put_ref(gid, "status", "10", "20")
    store.put_ref(gid, "status", "10", "21")
    assert store.ref(gid, "status") == ("10", "21")


def test_a_game_played_through_the_service_checks_healthy(database: str) -> None:
    from engine.core import Action

    table = TableService(open_store(database), clock=FakeClock(), games=[RULES], load_registered=False)
    gid = start_game(table)
    for i in range(12):
        table.act(ALICE if i % 2 else BOB, None, "tribute",
                  Action.of("offer", to="bob" if i % 2 else "alice", give=1, take=0), game_id=gid, key=f"c{i}")
    expected = RULES.fingerprint(table.state(gid))
    table.store.close()
    fresh = TableService(open_store(database), clock=FakeClock(), games=[RULES], load_registered=False)
    reader = open_store(database, readonly=True)
    try:
        assert RULES.fingerprint(fresh.state(gid)) == expected
        report = check(reader, {"tribute": RULES})
        assert report.healthy and report.replayed == 1, report.text()
        assert ("PostgreSQL" if is_postgres(database) else "SQLite") in report.text()
        with pytest.raises(Exception, match="read-only|readonly"):  # a check's connection writes nothing
            reader.record_command_key("never", gid, "x", 1.0)
    finally:
        fresh.store.close()
        reader.close()
