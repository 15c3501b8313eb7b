"""The store: WAL, migrations, load = snapshot + replay, corrupt rows, idempotency keys."""

from __future__ import annotations

import sqlite3

import pytest

from bot.table import CorruptGame, Store
from bot.table.migrations import LATEST, current_version, migrate
from bot.table.store import StaleAppend
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, CHAN, make_table, start_game


def test_fresh_database_is_at_the_latest_version(db_path):
    store = Store(db_path)
    assert store.schema_version == LATEST >= 3
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_old_database_is_migrated_on_open(db_path):
    """A database made by migration 1 only (games, seats, actions, snapshots) opens and upgrades."""
    import sqlite_utils

    conn = sqlite3.connect(db_path, isolation_level=None)
    db = sqlite_utils.Database(conn)
    migrate(db, target=1)
    assert current_version(db) == 1
    conn.execute("INSERT INTO games (game, channel, creator, status, seed, engine_version, schema, created, updated) "
                  "VALUES ('tribute', 'c', 'u', 'lobby', 5, '1', 1, 0, 0)")
    conn.execute("INSERT INTO seats VALUES (1, 'alice', 'u-alice', 'alice', 0, 0)")
    conn.close()
    store = Store(db_path)
    assert store.schema_version == LATEST
    row = store.game(1)
    assert (row.game, row.seed, row.epoch, row.paused_at) == ("tribute", 5, 0, None)
    assert row.guild is None and [g.id for g in store.games_without_guild()] == [1]  # migration 5: not known yet
    assert [r[0] for r in store.db.execute("SELECT version FROM schema_migrations ORDER BY version")] == list(
        range(1, LATEST + 1))
    store.close()


def test_a_newer_database_is_refused(db_path):
    store = Store(db_path)
    store.db.execute("INSERT INTO schema_migrations VALUES (?, 'future', 0)", [LATEST + 1])
    store.close()
    with pytest.raises(RuntimeError, match="newer"):
        Store(db_path)


def test_migration_steps_numbered_with_a_gap_stop_the_bot_naming_the_backend(tmp_path, monkeypatch):
    """A step added with a gap in its number is refused before anything runs, on either backend."""
    from types import SimpleNamespace

    from bot.table import migrations
    from bot.table.migrations import postgres

    found = [SimpleNamespace(name=n) for n in ("m001_core", "m003_later", "not_a_step")]
    monkeypatch.setattr(migrations, "pkgutil", SimpleNamespace(iter_modules=lambda path: found))
    monkeypatch.setattr(migrations, "importlib", SimpleNamespace(import_module=lambda name: None))
    with pytest.raises(RuntimeError) as err:
        migrations.steps()
    assert str(err.value) == "migration steps must be numbered 1..n without gaps, found [1, 3]"
    for name in ("001_core.sql", "003_later.sql", "notes.txt"):
        (tmp_path / name).write_text("SELECT 1;", encoding="utf-8")
    monkeypatch.setattr(postgres, "resources", SimpleNamespace(files=lambda package: tmp_path))
    with pytest.raises(RuntimeError) as err:
        postgres.steps()
    assert str(err.value) == "PostgreSQL migration steps must be numbered 1..n without gaps, found [1, 3]"


def test_repeated_key_is_rejected_by_the_schema(db_path):
    store = Store(db_path)
    gid = store.create_game(game="tribute", channel="c", creator="u", players=2, options={}, settings={}, seed=1,
                            engine_version="1", schema=1, now=0)
    store.append_action(gid, 1, "a", "{}", "[]", "key-1", 0, 1)
    with pytest.raises(StaleAppend):
        store.append_action(gid, 2, "a", "{}", "[]", "key-1", 0, 2)
    assert [a.seq for a in store.actions(gid)] == [1]
    assert store.game(gid).last_seq == 1  # the failed transaction left nothing behind
    store.close()


def test_an_append_must_follow_the_sequence_and_epoch_it_was_loaded_at(db_path):
    store = Store(db_path)
    gid = store.create_game(game="tribute", channel="c", creator="u", players=2, options={}, settings={}, seed=1,
                            engine_version="1", schema=1, now=0)
    store.append_action(gid, 1, "a", "{}", "[]", "k1", 0, 1, epoch=0)
    with pytest.raises(StaleAppend):  # another process appended seq 1 first
        store.append_action(gid, 1, "a", "{}", "[]", "k2", 0, 1, epoch=0)
    store.undo_to(gid, 0, 1.0, "gm")
    with pytest.raises(StaleAppend):  # loaded before the undo
        store.append_action(gid, 1, "a", "{}", "[]", "k3", 0, 1, epoch=0)
    store.append_action(gid, 1, "a", "{}", "[]", "k4", 0, 1, epoch=1)
    assert [a.key for a in store.actions(gid)] == ["k4"] and store.game(gid).last_seq == 1
    store.close()


def test_load_uses_the_latest_snapshot(db_path, clock):
    table = make_table(db_path, clock, snapshot_every=5)
    gid = start_game(table)
    for _ in range(6):
        table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0))
        table.act(ALICE, CHAN, "tribute", Action.of("decline_offer", offer=table.state(gid).data.offers.open[0].id))
    assert [s for (s,) in table.store.db.execute("SELECT seq FROM snapshots ORDER BY seq")] == [0, 5, 10]
    want = RULES.fingerprint(table.state(gid))
    table.store.close()
    fresh = make_table(db_path, clock)
    assert RULES.fingerprint(fresh.state(gid)) == want
    fresh.store.close()


def test_corrupt_action_names_game_and_seq_and_spares_other_games(db_path, clock):
    table = make_table(db_path, clock)
    first = start_game(table, channel="c1")
    second = start_game(table, channel="c2")
    for gid in (first, second):
        table.act(ALICE, None, "tribute", Action.of("bid", card=2), game_id=gid)
        table.act(BOB, None, "tribute", Action.of("offer", to="alice", give=1, take=0), game_id=gid)
    table.store.db.execute("UPDATE actions SET action = '{\"kind\": \"bid\", \"args\": {\"card\": 9}}' "
                           "WHERE game = ? AND seq = 2", [first])
    table.store.close()
    fresh = make_table(db_path, clock)
    with pytest.raises(CorruptGame) as err:
        fresh.status(ALICE, "c1")
    assert (err.value.game_id, err.value.seq) == (first, 2)
    assert f"game {first}" in str(err.value) and "action 2" in str(err.value)
    with pytest.raises(CorruptGame):
        fresh.act(ALICE, "c1", "tribute", Action.of("bid", card=1))
    assert len(fresh.store.actions(first)) == 2  # nothing appended to the damaged game
    assert fresh.status(ALICE, "c2").game.seq == 2  # the other game is fine
    fresh.act(ALICE, "c2", "tribute", Action.of("offer", to="bob", give=1, take=0))
    fresh.store.close()


def test_unreadable_action_json(db_path, clock):
    table = make_table(db_path, clock)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    table.store.db.execute("UPDATE actions SET action = 'garbage' WHERE game = ?", [gid])
    table.store.close()
    fresh = make_table(db_path, clock)
    with pytest.raises(CorruptGame, match=r"game 1 is damaged and set aside: action 1 cannot be read \(unreadable"):
        fresh.state(gid)
    fresh.store.close()


def test_old_snapshots_load_through_the_game_migrations(db_path, clock):
    """A game stored under schema 1 still loads after the game's state schema moves to 2."""
    from tests.games.tribute import TributeRules

    table = make_table(db_path, clock)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    table.store.close()
    calls = []

    def to_v2(data):
        calls.append(data["round"])
        return data

    class TributeV2(TributeRules):
        schema_version = 2
        migrations = {1: to_v2}

    from bot.table import TableService

    fresh = TableService(Store(db_path), clock=clock, games=[TributeV2()], load_registered=False)
    assert fresh.state(gid).schema == 2 and calls == [1]
    fresh.act(BOB, CHAN, "tribute", Action.of("bid", card=5))
    assert fresh.info(gid).engine_version == "1"  # still the version it started under
    fresh.store.close()


def test_a_damaged_snapshot_falls_back_to_the_seed_and_the_log(db_path, clock):
    table = make_table(db_path, clock)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2))
    before = table.state(gid)
    table.store.db.execute("UPDATE snapshots SET state = '{\"game\": \"tribute\"}' WHERE game = ?", [gid])
    table.store.close()
    fresh = make_table(db_path, clock)
    assert fresh.status(ALICE, CHAN).game.seq == 1
    assert RULES.fingerprint(fresh.state(gid)) == RULES.fingerprint(before)
    fresh.store.close()


def test_two_stores_open_the_same_new_database(db_path):
    first, second = Store(db_path), Store(db_path)
    assert first.schema_version == second.schema_version == LATEST
    first.close()
    second.close()


def test_the_cache_of_loaded_games_keeps_the_most_recently_used(db_path, clock):
    table = make_table(db_path, clock, cache_size=2)
    games = [start_game(table, channel=f"c{i}", seed=30 + i) for i in range(3)]
    assert list(table.loaded_games) == games[1:]  # the first game left when the third started
    table.act(ALICE, None, "tribute", Action.of("bid", card=2), game_id=games[0])  # loads it again
    assert list(table.loaded_games) == [games[2], games[0]]  # the least recently used one left
    for gid in games:  # every game still plays, cached or not
        assert table.state(gid).version >= 0
    table.forget_cached()
    assert table.cached_games() == 0
    table.act(BOB, None, "tribute", Action.of("bid", card=3), game_id=games[0])
    table.store.close()


def test_rules_that_crash_on_an_old_log_set_the_game_aside_naming_the_action(db_path, clock):
    """A new engine whose rules fail on a logged action (not a refusal: a crash) leaves the game
    damaged and set aside, named by game and action, and the other games play on."""
    from bot.table import TableService
    from tests.games.tribute import TributeRules

    table = make_table(db_path, clock)
    first = start_game(table, channel="c1")
    second = start_game(table, channel="c2")
    table.act(ALICE, None, "tribute", Action.of("bid", card=2), game_id=first)
    table.act(BOB, None, "tribute", Action.of("offer", to="alice", give=1, take=0), game_id=first)
    table.act(ALICE, None, "tribute", Action.of("bid", card=2), game_id=second)
    table.store.close()

    class Broken(TributeRules):
        def _play_offer(self, state, g, seat, action):  # type: ignore[no-untyped-def]
            raise KeyError("coins")

    fresh = TableService(Store(db_path), clock=clock, games=[Broken()], load_registered=False)
    with pytest.raises(CorruptGame) as err:
        fresh.state(first)
    assert (err.value.game_id, err.value.seq) == (first, 2)
    assert f"game {first} is damaged and set aside: action 2 cannot be read (replay failed (KeyError))" in str(err.value)
    assert fresh.status(ALICE, "c2").game.seq == 1
    fresh.store.close()


def test_a_step_another_process_applied_meanwhile_is_not_applied_again(db_path, monkeypatch):
    """Two bots opening one file at once: the second read the version before the first's steps landed."""
    import sqlite_utils

    from bot.table import migrations

    Store(db_path).close()
    conn = sqlite3.connect(db_path, isolation_level=None)
    real, reads = migrations.current_version, []

    def stale_at_first(db):
        reads.append(1)
        return 0 if len(reads) == 1 else real(db)

    monkeypatch.setattr(migrations, "current_version", stale_at_first)
    assert migrate(sqlite_utils.Database(conn)) == []
    assert conn.execute("SELECT COUNT(*) FROM schema_migrations").fetchone()[0] == LATEST
    assert not conn.in_transaction   # each step's transaction was closed
    conn.close()


def test_the_stores_json_writes_sets_and_tuples_as_lists_enums_as_their_value_and_the_rest_as_text():
    from decimal import Decimal
    from enum import Enum

    from bot.table.store import dumps

    class Colour(Enum):
        RED = "red"

    assert dumps({"s": frozenset("hgfedcba"), "m": {1, "a"}, "t": (1, (2, 3)), "e": Colour.RED, "d": Decimal("1.5")}) == (
        '{"s":["a","b","c","d","e","f","g","h"],"m":["a",1],"t":[1,[2,3]],"e":"red","d":"1.5"}')


def test_closing_a_store_closes_its_ledger_and_an_in_memory_store_has_none(db_path):
    store = Store(db_path)
    ledger = store.ledger
    store.close()
    with pytest.raises(sqlite3.ProgrammingError):   # its file is let go too
        ledger.conn.execute("SELECT 1")
    memory = Store(":memory:")
    assert memory.ledger is None
    memory.close()
