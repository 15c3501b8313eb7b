"""The operator's tools: ``python -m bot check``, ``backup``, ``restore`` and ``release`` (bot/admin.py)."""

from __future__ import annotations

import io
import sqlite3
import threading

import engine
from bot.__main__ import main
from bot.table import Store
from engine.core import Action
from tests.games.tribute import RULES
from tests.table.conftest import ALICE, BOB, make_table, start_game
from tests.table.damage import flip_byte

TRIBUTE = "tests.games.tribute:RULES"


def tool(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    from bot import admin

    code = admin.main([*argv, "--game", TRIBUTE], out=out)
    return code, out.getvalue()


def played(db_path, clock, games: int = 2) -> list[int]:
    table = make_table(db_path, clock, snapshot_every=1)
    ids = [start_game(table, channel=f"c{i}", seed=20 + i) for i in range(games)]
    for card, gid in enumerate(ids, start=1):
        table.act(ALICE, None, "tribute", Action.of("bid", card=card), game_id=gid)
        table.act(BOB, None, "tribute", Action.of("bid", card=card + 1), game_id=gid)
    table.store.close()
    return ids


def checked_after(db_path, sql: str, *params: object) -> tuple[int, str]:
    """``python -m bot check`` after one statement of damage done behind the table's back."""
    conn = sqlite3.connect(db_path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()
    return tool("check", "--db", str(db_path))


def test_a_healthy_database_checks_clean(db_path, clock):
    played(db_path, clock)
    code, text = tool("check", "--db", str(db_path))
    assert code == 0, text
    assert "SQLite integrity check: ok" in text and "games: 2, of which 2 replayed" in text
    assert "Healthy" in text
    assert f"Rules engine: {engine.running()}" in text   # compiled, or from its sources and why
    assert main(["check", "--db", str(db_path), "--game", TRIBUTE]) == 0  # through python -m bot


def test_damage_is_reported_with_advice_and_release_repairs_it(db_path, clock):
    first, second = played(db_path, clock)
    table = make_table(db_path, clock)
    table.act(ALICE, None, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=first)
    table.store.close()
    flip_byte(db_path, "outbox", "payload", "game = ? AND delivered_at IS NULL ORDER BY id DESC LIMIT 1", (first,))
    flip_byte(db_path, "snapshots", "state", "game = ? AND seq = 1", (second,))
    table = make_table(db_path, clock)
    table.pending_outbox(1000)  # the bot meets the damaged row: the first game is set aside
    table.store.close()

    code, text = tool("check", "--db", str(db_path))
    assert code == 1
    assert f"game {first}: outbox row" in text and "cannot be read" in text
    assert f"python -m bot release {first} drops it" in text
    assert f"game {second}: snapshot 1 cannot be read" in text
    assert f"game {first}: set aside" in text

    code, text = tool("release", str(first), "--db", str(db_path))
    assert code == 0 and "1 unreadable row(s) dropped" in text and "released from quarantine" in text
    code, text = tool("release", str(second), "--db", str(db_path))
    assert code == 0 and "snapshot(s) replaced" in text
    code, text = tool("check", "--db", str(db_path))
    assert code == 0, text
    table = make_table(db_path, clock)
    table.act(BOB, None, "tribute", Action.of("decline_offer", offer=1), game_id=first)
    table.store.close()


def test_a_gap_in_the_log_and_a_stray_deadline_are_findings(db_path, clock):
    first, second = played(db_path, clock)
    store = Store(db_path)
    store.db.execute("DELETE FROM actions WHERE game = ? AND seq = 1", [first])
    store.db.execute("UPDATE games SET status = 'abandoned' WHERE id = ?", [second])
    store.close()
    code, text = tool("check", "--db", str(db_path))
    assert code == 1
    assert f"game {first}: the log is not numbered 1..1 (missing [1])" in text
    assert "restore a backup" in text
    assert f"game {second}: open deadline" in text and "harmless" in text


def test_a_release_refuses_a_log_that_does_not_replay(db_path, clock):
    first, _ = played(db_path, clock)
    store = Store(db_path)
    store.db.execute("UPDATE actions SET action = 'garbage' WHERE game = ? AND seq = 2", [first])
    store.close()
    code, text = tool("release", str(first), "--db", str(db_path))
    assert code == 1


def test_online_backup_while_the_table_plays_then_restore(db_path, clock, tmp_path):
    first, _ = played(db_path, clock)
    table = make_table(db_path, clock)
    stop = threading.Event()
    offers = []

    def play() -> None:  # writes go on during the backup
        while not stop.is_set():
            table.act(ALICE, None, "tribute", Action.of("offer", to="bob", give=1, take=0), game_id=first,
                      key=f"o{len(offers)}")
            offers.append(1)

    writer = threading.Thread(target=play)
    writer.start()
    try:
        while len(offers) < 5:
            threading.Event().wait(0.01)
        code, text = tool("backup", str(tmp_path / "backups" / "one.sqlite3"), "--db", str(db_path))
    finally:
        stop.set()
        writer.join()
    assert code == 0 and "checked" in text, text
    code, text = tool("backup", str(tmp_path / "backups" / "one.sqlite3"), "--db", str(db_path))
    assert code == 1  # never over an existing file
    at_backup = Store(tmp_path / "backups" / "one.sqlite3", readonly=True)
    saved = at_backup.game(first).last_seq
    at_backup.close()
    assert 2 + 5 <= saved <= 2 + len(offers)
    table.act(BOB, None, "tribute", Action.of("decline_offer", offer=1), game_id=first)  # after the backup
    table.store.close()

    code, text = tool("check", "--db", str(tmp_path / "backups" / "one.sqlite3"))
    assert code == 0, text
    code, text = tool("restore", str(tmp_path / "backups" / "one.sqlite3"), "--db", str(db_path))
    assert code == 0 and "before-restore" in text
    assert list(tmp_path.glob("table.sqlite3.before-restore-*"))
    table = make_table(db_path, clock)
    assert table.info(first).seq == saved
    assert RULES.fingerprint(table.state(first)).startswith("{")
    table.act(BOB, None, "tribute", Action.of("decline_offer", offer=1), game_id=first)
    table.store.close()


def test_restore_refuses_a_file_that_is_not_a_database(db_path, clock, tmp_path):
    played(db_path, clock, 1)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    code, _ = tool("restore", str(junk), "--db", str(db_path))
    assert code == 1
    assert tool("check", "--db", str(db_path))[0] == 0  # untouched


def test_damage_the_database_itself_finds_is_reported_with_the_restore_advice(db_path, clock):
    played(db_path, clock)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA writable_schema = ON")   # the index no longer matches its rows: SQLite's check says so
    conn.execute("UPDATE sqlite_master SET sql = 'CREATE INDEX deadlines_game ON deadlines (due, done_at)' "
                 "WHERE name = 'deadlines_game'")
    conn.commit()
    conn.close()
    code, text = tool("check", "--db", str(db_path))
    assert code == 1
    assert "SQLite integrity check: damage found" in text
    assert "  - database: row 1 missing from index deadlines_game" in text
    assert "restore the latest good backup (python -m bot restore BACKUP)" in text


def test_an_action_that_reads_but_does_not_replay_is_reported_with_its_advice(db_path, clock):
    """A well-formed action the rules refuse on replay (its card no longer in hand): the check names the
    game and the action, and says what to do."""
    gid = played(db_path, clock)[0]
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE actions SET action = ? WHERE game = ? AND seq = 1",
                 ('{"kind": "bid", "args": {"card": 9}}', gid))
    conn.commit()
    conn.close()
    code, text = tool("check", "--db", str(db_path))
    assert code == 1
    assert f"  - game {gid}: action 1 does not replay (RuleError: T1: card 9 is not in your hand" in text
    assert "    what to do: the game's log does not replay: restore a backup, or let a GM abandon the game" in text


def test_a_snapshot_that_is_not_a_state_is_reported_by_what_broke(db_path, clock):
    """Text that reads as UTF-8 but not as a saved state: the check names the snapshot and the error."""
    gid = played(db_path, clock)[0]
    code, text = checked_after(db_path, "UPDATE snapshots SET state = 'not a state' WHERE game = ? AND seq = 1", gid)
    assert code == 1
    assert f"  - game {gid}: snapshot 1 cannot be read (JSONDecodeError: Expecting value: line 1 column 1" in text


def test_an_action_that_reaches_another_state_than_its_log_says_is_reported(db_path, clock):
    gid = played(db_path, clock)[0]
    code, text = checked_after(db_path, "UPDATE actions SET version = 99 WHERE game = ? AND seq = 1", gid)
    assert code == 1
    assert f"  - game {gid}: action 1 reaches state 1, the log says 99" in text
