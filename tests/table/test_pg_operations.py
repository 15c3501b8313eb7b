"""Operations on a PostgreSQL store (docs/operations.md): the setting, ``python -m bot check``,
backups and restores with pg_dump/pg_restore, and ``move-store`` from an SQLite file, whose every
game must replay to the same state from PostgreSQL (8 games here; ``python -m tests.bench_move``
runs the 50-game round trip)."""

from __future__ import annotations

import io
from pathlib import Path

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
    assert code == 0, said
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
        assert store.integrity() == []
    finally:
        store.close()
    code, said = _admin("check", "--db", url)
    assert code == 0 and "PostgreSQL index check (amcheck): ok" in said, said
