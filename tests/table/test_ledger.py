"""Game numbers are never given twice, and a database that went back in time is noticed.

Migration 8 makes ``games.id`` AUTOINCREMENT; the ledger beside the database (bot/table/ledger.py)
keeps each game's count and the highest number ever given where a lost write-ahead log or a restored
copy cannot take them back."""

from __future__ import annotations

import io
import shutil
import sqlite3
import time

from bot.admin import main as admin
from bot.table import Store
from bot.table.ledger import Ledger
from bot.table.migrations import migrate
from engine.core import Action
from tests.table.conftest import ALICE, BOB, make_table, start_game

TRIBUTE = ["--game", "tests.games.tribute:RULES"]


def tool(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return admin([*argv, *TRIBUTE], out=out), out.getvalue()


def test_migration_8_keeps_every_row_and_numbers_past_the_highest(db_path):
    import sqlite_utils

    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    db = sqlite_utils.Database(conn)
    migrate(db, target=7)
    for gid in (1, 2, 3):
        conn.execute("INSERT INTO games (id, game, channel, creator, status, seed, engine_version, schema, created, "
                     "updated) VALUES (?, 'tribute', 'c', 'u', 'lobby', 5, '1', 1, 0, 0)", (gid,))
        conn.execute("INSERT INTO seats (game, seat, user_id, name, position, joined) VALUES (?, 'alice', 'u', 'a', 0, 0)",
                     (gid,))
    conn.execute("DELETE FROM seats WHERE game = 3")
    conn.execute("DELETE FROM games WHERE id = 3")  # the highest game, gone (by hand)
    conn.close()
    store = Store(db_path)
    assert store.db.execute("SELECT high FROM game_numbers").fetchone()[0] == 2
    assert [g.id for g in store.games()] == [1, 2] and [s.seat for s in store.seats(2)] == ["alice"]
    assert store.db.execute("PRAGMA foreign_key_check").fetchall() == []
    new = store.create_game(game="tribute", channel="c", creator="u", players=None, options={}, settings={}, seed=1,
                            engine_version="1", schema=1, now=0)
    assert new == 3  # past every game this database holds (3 was gone before migration 8 and the ledger)
    store.db.execute("PRAGMA foreign_keys = OFF")
    store.db.execute("DELETE FROM games WHERE id = 3")  # gone again, by hand, after migration 8
    again = store.create_game(game="tribute", channel="c", creator="u", players=None, options={}, settings={}, seed=1,
                              engine_version="1", schema=1, now=0)
    assert again == 4
    store.close()


def test_a_restored_database_never_gives_a_number_twice(db_path, clock, tmp_path):
    table = make_table(db_path, clock)
    first = start_game(table, channel="c1")
    table.store.close()
    code, _ = tool("backup", str(tmp_path / "old.sqlite3"), "--db", str(db_path))
    assert code == 0
    table = make_table(db_path, clock)
    lost = start_game(table, channel="c2", seed=9)
    table.store.close()
    code, said = tool("restore", str(tmp_path / "old.sqlite3"), "--db", str(db_path))
    assert code == 0, said
    table = make_table(db_path, clock)
    assert [g.id for g in table.store.games()] == [first]
    fresh = start_game(table, channel="c3", seed=10)
    assert fresh not in (first, lost) and fresh > lost
    table.store.close()
    code, text = tool("check", "--db", str(db_path))
    assert code == 0 and "Healthy" in text  # a restore is a deliberate step back


def test_a_lost_write_ahead_log_is_found_by_check_and_logged(db_path, clock, tmp_path, caplog):
    table = make_table(db_path, clock)
    kept = start_game(table, channel="c1")
    table.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copy = tmp_path / "at-checkpoint.sqlite3"
    shutil.copyfile(db_path, copy)  # the file as it stands: what a lost WAL leaves behind
    table.act(ALICE, "c1", "tribute", Action.of("bid", card=1))
    table.act(BOB, "c1", "tribute", Action.of("bid", card=2))
    gone = start_game(table, channel="c2", seed=9)
    table.store.close()
    # The WAL is lost: the database file alone goes back to the checkpoint.
    for suffix in ("-wal", "-shm"):
        (db_path.parent / f"{db_path.name}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(copy, db_path)
    code, text = tool("check", "--db", str(db_path))
    assert code == 1 and "went back in time" in text, text
    assert f"game {kept}: the database has the game at action 0" in text and "ledger saw action 2" in text
    assert f"game {gone}: the database has lost the whole game" in text
    table = make_table(db_path, clock)
    assert any("went back in time" in r.getMessage() and r.levelname == "ERROR" for r in caplog.records)
    assert start_game(table, channel="c3", seed=4) > gone  # the lost game's number stays its own
    table.store.close()
    code, text = tool("check", "--db", str(db_path))
    assert code == 1 and "went back in time" in text  # kept on record until an operator accepts it
    for game in (kept, gone):
        code, said = tool("release", str(game), "--db", str(db_path))
        assert code == 0, said
    code, text = tool("check", "--db", str(db_path))
    assert code == 0 and "Healthy" in text, text


def test_a_continuous_copy_is_refreshed_whole_and_restores(db_path, clock, tmp_path):
    """``python -m bot copy`` (SQLite's backup API, as a scheduler would run it) keeps a whole, checked
    copy while the table plays; after the database loses its tail, restoring the copy brings back
    every action it held and the check is healthy."""
    copy = tmp_path / "copies" / "seneschal.sqlite3"
    table = make_table(db_path, clock)
    game = start_game(table, channel="c1")
    code, said = tool("copy", str(copy), "--db", str(db_path))
    assert code == 0 and "checked" in said
    table.act(ALICE, "c1", "tribute", Action.of("bid", card=1))
    code, said = tool("copy", str(copy), "--db", str(db_path))  # the next round replaces it in one step
    assert code == 0 and not (tmp_path / "copies" / "seneschal.sqlite3.partial").exists()
    table.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(db_path, tmp_path / "old.sqlite3")
    table.act(BOB, "c1", "tribute", Action.of("bid", card=2))
    code, said = tool("copy", str(copy), "--db", str(db_path))
    assert code == 0
    table.store.close()
    for suffix in ("-wal", "-shm"):  # the tail is lost
        (db_path.parent / f"{db_path.name}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(tmp_path / "old.sqlite3", db_path)
    code, text = tool("check", "--db", str(db_path))
    assert code == 1 and "went back in time" in text
    code, said = tool("restore", str(copy), "--db", str(db_path))
    assert code == 0, said
    code, text = tool("check", "--db", str(db_path))
    assert code == 0 and "Healthy" in text, text
    table = make_table(db_path, clock)
    assert len(table.store.actions(game)) == 2
    table.store.close()


def test_opening_the_database_records_a_loss_with_the_time_it_was_found(db_path, clock, tmp_path, caplog):
    """The bot itself notices a lost write-ahead log when it opens the database (no check run first),
    and the ledger keeps the loss with the hour it was found, for every later check."""
    table = make_table(db_path, clock)
    kept = start_game(table, channel="c1")
    table.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    copy = tmp_path / "at-checkpoint.sqlite3"
    shutil.copyfile(db_path, copy)
    table.act(ALICE, "c1", "tribute", Action.of("bid", card=1))
    table.store.close()
    for suffix in ("-wal", "-shm"):
        (db_path.parent / f"{db_path.name}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(copy, db_path)
    before = time.time()
    make_table(db_path, clock).store.close()
    assert any("went back in time" in r.getMessage() and r.levelname == "ERROR" for r in caplog.records)
    ledger = Ledger(db_path, readonly=True)
    try:
        (lost,) = ledger.losses()
    finally:
        ledger.close()
    assert lost.game == kept and lost.seq == 1 and lost.now_seq == 0 and before <= lost.found <= time.time()


def test_a_ledger_that_cannot_be_written_says_so_once_in_the_log(tmp_path, caplog):
    """An operator learns that losses would go unnoticed, once, not on every commit."""
    ledger = Ledger(tmp_path / "t.sqlite3")
    ledger.conn.close()  # type: ignore[union-attr]  # any write now fails
    ledger.mark({1: (0, 1)})
    ledger.mark({1: (0, 2)})
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and ledger.broken
    assert errors[0].startswith(f"the ledger {ledger.path} cannot be written (")
    assert errors[0].endswith("): a lost database tail would go unnoticed until it can")


def test_a_continuous_copy_onto_the_database_itself_is_refused(db_path, clock, capsys):
    table = make_table(db_path, clock)
    start_game(table, channel="c1")
    table.store.close()
    code, said = tool("copy", str(db_path), "--db", str(db_path))
    assert code == 1 and said == ""
    assert capsys.readouterr().err == ("copy failed (the previous copy is kept): "
                                       "the copy and the database are the same file\n")
