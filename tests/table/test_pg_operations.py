"""Operations on a PostgreSQL store (docs/operations.md): the setting, ``python -m bot check``,
backups and restores with pg_dump/pg_restore, and ``move-store`` from an SQLite file, whose every
game must replay to the same state from PostgreSQL (8 games here; ``python -m tests.bench_move``
runs the 50-game round trip)."""

from __future__ import annotations

import io
from pathlib import Path

import psycopg
import pytest

from bot import admin
from bot import config as configuration
from bot.table.check import replay
from bot.table.pgstore import PgStore
from bot.table.store import Store
from tests.store_games import play_games

GAMES = 8


def test_the_url_setting_and_its_password(tmp_path: Path) -> None:
    conf = tmp_path / "config.toml"
    conf.write_text('[store]\nurl = "postgresql://seneschal@db.example:5432/seneschal"\n', encoding="utf-8")
    assert configuration.load(conf, env={}).database == "postgresql://seneschal@db.example:5432/seneschal"
    for body, said in (('url = "postgresql://seneschal:hunter2@db/seneschal"', "PGPASSWORD"),
                       ('url = "postgresql://db/s?password=x"', "PGPASSWORD"),
                       ('url = "postgresql://db/s"\npath = "s.sqlite3"', "both set"),
                       ('url = "mysql://db/s"', "postgresql://")):
        conf.write_text(f"[store]\n{body}\n", encoding="utf-8")
        with pytest.raises(configuration.ConfigError, match=said):
            configuration.load(conf, env={})


def _admin(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return admin.main(list(argv), out), out.getvalue()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("move") / "games.sqlite3"
    play_games(path, GAMES, moves=25).store.close()
    return path


def test_move_store_round_trip(played: Path, pg_server) -> None:
    url = pg_server.fresh()
    code, said = _admin("move-store", "--db", str(played), "--to", url)
    assert code == 0, said
    assert f"moved {GAMES} game(s)" in said and "replay to the same state" in said
    source, target = Store(played, readonly=True), PgStore(url)
    try:
        assert source.game_ids() == target.game_ids()
        table = admin._rules(configuration.Config(), source)
        for gid in source.game_ids():
            row, moved = source.game(gid), target.game(gid)
            assert moved == row
            assert target.actions(gid) == source.actions(gid) and target.outbox(gid) == source.outbox(gid)
            if source.snapshot_seqs(gid):
                before, _ = replay(source, table[row.game], row)
                after, found = replay(target, table[row.game], moved)
                assert found == [] and table[row.game].fingerprint(after) == table[row.game].fingerprint(before)
        assert int(target._one("SELECT COUNT(*) FROM undone")[0]) > 0
        # the identity counters moved past the copied ids: the next message gets a fresh one
        target.add_outbox(1, "after-the-move", "dm", "u", {}, 1.0)
        assert target.outbox(1)[-1].id > max(r.id for g in source.game_ids() for r in source.outbox(g))
    finally:
        source.close()
        target.close()
    code, said = _admin("move-store", "--db", str(played), "--to", url)
    assert code == 1  # never into a database that holds games


def test_check_backup_and_restore(played: Path, pg_server, tmp_path: Path) -> None:
    url = pg_server.fresh()
    assert _admin("move-store", "--db", str(played), "--to", url)[0] == 0
    code, said = _admin("check", "--db", url)
    assert code == 0 and "Healthy" in said and "PostgreSQL index check" in said, said
    dump = tmp_path / "backups" / "one.dump"
    code, said = _admin("backup", str(dump), "--db", url)
    assert code == 0 and f"backed up {GAMES} game(s)" in said, said
    store = PgStore(url)
    try:
        extra = store.create_game(game="tribute", channel="late", creator="1", players=2, options={}, settings={},
                                  seed=1, engine_version="1", schema=1, now=1.0)
    finally:
        store.close()
    code, said = _admin("restore", str(dump), "--db", url)
    assert code == 0 and f"restored {url} from {dump}; the database as it was is kept in {dump}.before-restore-" in said
    store = PgStore(url)
    try:
        assert extra not in store.game_ids() and len(store.game_ids()) == GAMES
    finally:
        store.close()
    assert list((tmp_path / "backups").glob("one.dump.before-restore-*"))  # the database as it was, kept
    bad = tmp_path / "not-a-dump"
    bad.write_text("hello", encoding="utf-8")
    assert _admin("restore", str(bad), "--db", url)[0] == 1


def test_statements_in_postgresql_spelling() -> None:
    from bot.table.pgstore import translate

    assert translate("SELECT CAST(d.seat AS BLOB) AS seat FROM deadlines d WHERE key LIKE 'damaged:%' AND game = ?") == (
        "SELECT d.seat AS seat FROM deadlines d WHERE key LIKE 'damaged:%%' AND game = %s")


def test_a_lost_connection_refuses_calmly_then_connects_again(pg_server) -> None:
    import psycopg

    from bot.table.store import CannotSave

    store = PgStore(pg_server.fresh())
    try:
        pid = store.conn.info.backend_pid
        with psycopg.connect(store.path, autocommit=True) as other:
            other.execute("SELECT pg_terminate_backend(%s)", [pid])
        with pytest.raises(CannotSave):
            store.record_command_key("k", None, "x", 1.0)
        store.record_command_key("k", None, "x", 1.0)  # the next call connects again
        assert store.command_key("k") == (None, "x")
    finally:
        store.close()


def test_check_runs_amcheck_where_installed(played: Path, pg_server) -> None:
    url = pg_server.fresh()
    assert _admin("move-store", "--db", str(played), "--to", url)[0] == 0
    store = PgStore(url)
    try:
        store.conn.execute("CREATE EXTENSION amcheck")  # the tests' user is the server's superuser
        # An operator tells the bot's connections apart in pg_stat_activity by their name.
        assert store._one("SELECT application_name FROM pg_stat_activity WHERE pid = pg_backend_pid()")[0] == (
            "seneschal")
        assert store.integrity() == []
        checked, read = [], store._one

        def damaged(sql, params=()):  # amcheck's refusal of every index, as a damaged one would give it
            if "bt_index_check" not in sql:
                return read(sql, params)
            checked.append(params[0])
            raise psycopg.errors.IndexCorrupted("item order invariant violated")

        store._one = damaged
        found = store.integrity()
        assert "games_pkey" in checked and found == [f"index {name}: item order invariant violated" for name in checked]
    finally:
        store.close()
    code, said = _admin("check", "--db", url)
    assert code == 0 and "PostgreSQL index check (amcheck): ok" in said, said


def test_an_archive_is_taken_only_when_it_holds_the_games_table(pg_server, tmp_path: Path, monkeypatch) -> None:
    from bot.table import pgbackup
    from bot.table.pgstore import run_tool

    empty = pg_server.fresh()   # a database, but no Seneschal tables in it
    other = tmp_path / "other.dump"
    run_tool("pg_dump", "--format=custom", f"--file={other}", f"--dbname={empty}")
    assert pgbackup.verify_dump(other) == ["it is not a Seneschal database (no games table)"]
    with pytest.raises(pgbackup.DumpError, match=rf"^{other} cannot be restored: it is not a Seneschal database"):
        pgbackup.restore_dump(other, empty)
    PgStore(empty).close()   # now it has them: an archive of the games table's rows alone is one too
    rows = tmp_path / "rows.dump"
    run_tool("pg_dump", "--format=custom", "--data-only", "--table=games", f"--file={rows}", f"--dbname={empty}")
    assert pgbackup.verify_dump(rows) == []
    monkeypatch.setattr(pgbackup, "verify_dump", lambda path: ["a page is torn"])
    with pytest.raises(pgbackup.DumpError, match=r"^the copy in .*one\.dump fails its check: a page is torn$"):
        pgbackup.dump(empty, tmp_path / "one.dump")


def test_a_moved_game_plays_on_from_postgresql_with_everything_its_players_rely_on(
        pg_server, tmp_path: Path, monkeypatch) -> None:
    """move-store (bot/table/movestore.py) from an SQLite file: seats, computer players, open deadlines,
    threads, game numbers, answered clicks and undone actions all arrive, and the game plays on there."""
    from bot.table import NotAllowed, TableService
    from bot.table.movestore import TABLES, MoveError, move
    from bot.table.results import AlreadyDone
    from engine.core import Action
    from tests.games.tribute import RULES
    from tests.table.conftest import ALICE, BOB, CHAN, FakeClock, counts, make_table, start_game

    path, clock = tmp_path / "games.sqlite3", FakeClock()
    table = make_table(path, clock)
    gid = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=2), key="click-1")
    table.undo(ALICE, CHAN)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1), key="click-2")
    table.store.set_seat_agent(gid, "bob", "steady")
    table.store.put_ref(gid, "status", "thread-9", "message-3")
    lobby = table.new_game(ALICE, "chan-lobby", "tribute", players=2, key="open-1").game.id
    table.store._x("UPDATE game_numbers SET high = 40")   # a number once given to a game since gone
    status_before = table.status(BOB, CHAN)
    table.store.close()
    rows = counts(path)

    source, target, said = Store(path, readonly=True), PgStore(pg_server.fresh()), []
    try:
        moved = move(source, target, {"tribute": RULES}, said.append)
        assert moved.rows == {t: rows[t] for t, _ in TABLES} and (moved.replayed, moved.not_started) == (1, 1)
        assert said == [f"{t}: {rows[t]:,} rows" for t, _ in TABLES]
        assert moved.text().startswith(f"moved 2 game(s) from {path} to {target.path}: {rows['actions']} actions, "
                                       f"{sum(moved.rows.values())} rows in all, each table read back the same; "
                                       "1 game(s) replay to the same state from both (1 not started yet).")
        for g in (gid, lobby):
            assert target.game(g) == source.game(g) and target.seats(g) == source.seats(g)
            assert target.open_deadlines(g) == source.open_deadlines(g)
        assert [s.agent for s in target.seats(gid)] == ["", "steady"] and target.open_deadlines(gid)
        assert target.ref(gid, "status") == ("thread-9", "message-3")
        assert target.command_key("open-1") == source.command_key("open-1") == (lobby, "new")
        assert target.key_was_undone(gid, "click-1")
        with pytest.raises(MoveError, match="holds games already: move into an empty database"):
            move(source, target, {"tribute": RULES})
        other = PgStore(pg_server.fresh())
        monkeypatch.setattr(PgStore, "schema_version", source.schema_version - 1)
        with pytest.raises(MoveError, match=rf"^the schema versions differ \({source.schema_version} and "
                                            rf"{source.schema_version - 1}\)$"):
            move(source, other, {"tribute": RULES})
        monkeypatch.undo()
        assert other.game_ids() == []
        other.close()
    finally:
        source.close()

    # The bot started on PostgreSQL: the same game for its players, and it plays on.
    table = TableService(target, clock=clock, games=[RULES], load_registered=False)
    try:
        assert table.status(BOB, CHAN) == status_before
        assert table.act(ALICE, CHAN, "tribute", Action.of("bid", card=1), key="click-2").duplicate
        assert isinstance(table.new_game(ALICE, "chan-lobby", "tribute", players=2, key="open-1"), AlreadyDone)
        with pytest.raises(NotAllowed, match=r"a computer player \(steady\) plays your seat bob now"):
            table.act(BOB, CHAN, "tribute", Action.of("bid", card=4))
        clock.advance(2 * 86400)   # bob's deadline, moved with the game, passes there
        assert gid in {o.game.id for o in table.run_due(computers=False) if o.game}
        assert target.game(gid).last_seq == 2
        assert table.new_game(BOB, "chan-new", "tribute", players=2).game.id == 41
    finally:
        target.close()


def test_an_older_postgresql_database_is_brought_up_step_by_step_and_a_newer_one_refused(pg_server) -> None:
    import psycopg

    from bot.table.migrations import postgres as steps

    url = pg_server.fresh()
    with psycopg.connect(url, autocommit=True) as conn:
        assert steps.current_version(conn) == 0
        assert steps.migrate(conn, target=3) == [1, 2, 3]
        assert steps.current_version(conn) == 3
        assert steps.migrate(conn) == list(range(4, steps.LATEST + 1))   # only the steps it lacks
        assert steps.migrate(conn) == []
        conn.execute("INSERT INTO schema_migrations (version, name, applied) VALUES (%s, 'future', 0)",
                     [steps.LATEST + 1])
        with pytest.raises(RuntimeError, match=rf"^the database is at schema version {steps.LATEST + 1}, newer "
                                               rf"than this code \({steps.LATEST}\); upgrade Seneschal$"):
            steps.migrate(conn)


def test_a_move_that_fails_its_check_leaves_postgresql_empty_and_may_be_tried_again(
        pg_server, tmp_path: Path, monkeypatch) -> None:
    from bot.table.movestore import MoveError, move
    from tests.games.tribute import RULES
    from tests.table.conftest import FakeClock, make_table, start_game

    path = tmp_path / "games.sqlite3"
    table = make_table(path, FakeClock())
    gid = start_game(table)
    table.store.close()
    source, target = Store(path, readonly=True), PgStore(pg_server.fresh())
    try:
        fingerprints = iter(range(10))   # the game from PostgreSQL replays to another state than the file's
        monkeypatch.setattr(RULES, "fingerprint", lambda state: next(fingerprints))
        with pytest.raises(MoveError, match=rf"^game {gid} does not replay to the same state from PostgreSQL$"):
            move(source, target, {"tribute": RULES})
        assert target.game_ids() == [] and [tuple(r) for r in target._all("SELECT one, high FROM game_numbers")] == [(1, 0)]
        monkeypatch.undo()
        moved = move(source, target, {"tribute": RULES})   # nothing was kept, so the move goes through now
        assert target.game_ids() == [gid] and moved.replayed == 1
    finally:
        source.close()
        target.close()
