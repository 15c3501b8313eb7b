"""A backup and a restore (bot/table/backup.py) of a database holding every kind of record: games in
each status, seats of people and computers, the log with an undo, snapshots, delivered and waiting
messages, deadlines open and closed, command keys, a game set aside and the adapter's references; each
table is compared row for row. Then each refusal in its words."""

from __future__ import annotations

import re
import sqlite3

import pytest

from bot.table import migrations
from bot.table.backup import BackupError, backup, mirror, restore, verify
from bot.table.ledger import Ledger
from bot.table.movestore import TABLES
from bot.table.store import DamagedRow
from engine.core import Action
from tests.table.conftest import ALICE, BOB, CHAN, GM, drain, make_table, start_game


def rows(path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY {order}").fetchall() for t, order in TABLES}
    finally:
        conn.close()


@pytest.fixture
def full(db_path, clock):
    """Every kind of record, in one database (the table left open, as a running bot)."""
    table = make_table(db_path, clock)
    table.new_game(ALICE, "lobby", "tribute", players=3)
    table.computer(ALICE, "lobby", strength="steady")
    active = start_game(table)
    table.act(ALICE, CHAN, "tribute", Action.of("bid", card=4), key="k-1")
    table.act(BOB, CHAN, "tribute", Action.of("bid", card=2), key="k-2")
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), key="k-3")
    table.undo(GM, CHAN)
    drain(table)
    table.act(ALICE, CHAN, "tribute", Action.of("offer", to="bob", give=1, take=0), key="k-4")  # waits undelivered
    table.keep_adapter_ref(active, "status", "chan-1", "msg-7")
    paused = start_game(table, channel="paused")
    table.pause(ALICE, "paused", key="pause-1")
    aside = start_game(table, channel="aside")
    table.quarantine(DamagedRow(aside, "outbox", 1, "not JSON"))
    over = start_game(table, channel="over")
    table.abandon(GM, "over")
    have = rows(db_path)
    for t in ("games", "seats", "actions", "snapshots", "outbox", "deadlines", "undone", "command_keys",
              "quarantine", "discord_refs", "game_numbers"):
        assert have[t], t
    assert {r[0] for r in have["games"]} == {1, active, paused, aside, over}
    yield table
    table.store.close()


def test_a_backup_holds_every_row_of_every_table(full, db_path, tmp_path):
    target = tmp_path / "copy.sqlite3"
    said = backup(db_path, target)
    assert said == f"backed up 5 game(s) from {db_path} to {target} ({target.stat().st_size:,} bytes), checked"
    assert rows(target) == rows(db_path) and verify(target) == []


def test_a_restore_puts_every_row_back_and_keeps_the_replaced_files(full, db_path, tmp_path, clock):
    copy = tmp_path / "copy.sqlite3"
    backup(db_path, copy)
    saved = rows(copy)
    full.act(BOB, CHAN, "tribute", Action.of("accept_offer", offer=1))  # played after the backup: lost by the restore
    full.store.close()
    for suffix in ("-wal", "-shm"):  # left by a bot that was killed: they go aside with the file
        (tmp_path / f"table.sqlite3{suffix}").write_bytes(b"stale " + suffix.encode())
    said = restore(copy, db_path)
    aside = sorted(p for p in tmp_path.iterdir() if ".before-restore-" in p.name)
    stamp = aside[0].name
    assert [p.name for p in aside] == [stamp, f"{stamp}-shm", f"{stamp}-wal"]
    assert re.fullmatch(r"table\.sqlite3\.before-restore-20\d{6}-\d{6}", stamp)  # the date and time of the restore
    assert (tmp_path / f"{stamp}-wal").read_bytes() == b"stale -wal"
    assert said == f"restored {db_path} from {copy}; the previous files are kept as " + ", ".join(
        str(tmp_path / f"{stamp}{s}") for s in ("", "-wal", "-shm"))
    assert rows(db_path) == saved
    # The ledger takes the restored counts as the truth: no loss found, and no number given twice.
    ledger = Ledger(db_path)
    assert ledger.compare({r[0]: (r[16], r[11]) for r in saved["games"]}, clock.now()) == []
    assert ledger.high() == 5
    ledger.close()
    table = make_table(db_path, clock)
    assert table.store.losses(clock.now()) == []
    assert table.new_game(ALICE, "fresh", "tribute").game.id == 6
    table.store.close()


def test_each_refusal_says_why_and_changes_nothing(full, db_path, tmp_path):
    taken = tmp_path / "taken.sqlite3"
    taken.write_text("x", encoding="utf-8")
    with pytest.raises(BackupError, match=rf"^{taken} exists already: name a new file$"):
        backup(db_path, taken)
    with pytest.raises(BackupError, match="^the backup and the database are the same file$"):
        restore(db_path, db_path)
    with pytest.raises(BackupError, match="^the copy and the database are the same file$"):
        mirror(db_path, db_path)
    with pytest.raises(BackupError) as err:
        restore(taken, db_path)
    assert str(err.value).startswith(f"{taken} cannot be restored: ")
    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).execute("CREATE TABLE other (x)").connection.commit()
    assert verify(empty) == ["it is not a Seneschal database (no games table)"]
    newer = tmp_path / "newer.sqlite3"
    backup(db_path, newer)
    conn = sqlite3.connect(newer)
    conn.execute("INSERT INTO schema_migrations VALUES (?, 'future', 0)", [migrations.LATEST + 1])
    conn.commit()
    conn.close()
    found = verify(newer)
    assert found == [f"its schema version {migrations.LATEST + 1} is newer than this code ({migrations.LATEST})"]


def test_a_backup_that_fails_its_check_says_so_and_why(full, db_path, tmp_path, monkeypatch):
    from bot.table import backup as backups

    monkeypatch.setattr(backups, "verify", lambda path: ["a page is torn"])
    target = tmp_path / "torn.sqlite3"
    with pytest.raises(BackupError, match=rf"^the copy in {target} fails its check: a page is torn$"):
        backup(db_path, target)


def test_a_continuous_copy_is_replaced_whole_and_leaves_no_partial_file(full, db_path, tmp_path):
    target = tmp_path / "mirror.sqlite3"
    (tmp_path / "mirror.sqlite3.partial").write_text("left from a crash", encoding="utf-8")
    said = mirror(db_path, target)
    assert said.startswith(f"backed up 5 game(s) from {db_path} to {target} (")
    assert not (tmp_path / "mirror.sqlite3.partial").exists() and rows(target) == rows(db_path)
    full.act(BOB, CHAN, "tribute", Action.of("accept_offer", offer=1))
    mirror(db_path, target)
    assert rows(target) == rows(db_path)


def test_a_backup_into_new_folders_makes_them(full, db_path, tmp_path):
    target = tmp_path / "backups" / "2026" / "december.sqlite3"
    assert backup(db_path, target).startswith(f"backed up 5 game(s) from {db_path} to {target} (")
    assert verify(target) == []


def test_a_backup_of_a_database_that_does_not_exist_refuses_and_makes_no_file(tmp_path):
    missing = tmp_path / "missing.sqlite3"
    with pytest.raises(FileNotFoundError, match=f"^no database at {missing}$"):
        backup(missing, tmp_path / "copy.sqlite3")
    assert sorted(p.name for p in tmp_path.iterdir()) == []
