"""Backups of the one database file, and restoring one (``python -m bot backup`` / ``restore``).

A backup goes through SQLite's online backup API from a read-only connection: it copies every
committed page, those still in the WAL file included, while the bot keeps running, and the copy is
checked (``integrity_check``) before it is called done. A restore wants the bot stopped: it checks
the backup the same way, moves the current file and its ``-wal`` and ``-shm`` companions aside
(renamed together, so the set stays consistent and nothing is deleted), and puts a copy of the
backup in place. The bot migrates it on its next start if it is older.

On PostgreSQL both go through PostgreSQL's own ``pg_dump`` and ``pg_restore`` (bot/table/pgbackup.py).
"""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

from bot.table import migrations
from bot.table.backends import is_postgres
from bot.table.ledger import Ledger
from bot.table.store import Store


class BackupError(Exception):
    """A backup or restore refused, saying why (nothing was changed)."""


def backup(database: str | Path, target: str | Path) -> str:
    """Copy ``database`` to ``target`` (a new file) while the bot may run; return a summary."""
    target = Path(target)
    if target.exists():
        raise BackupError(f"{target} exists already: name a new file")
    if is_postgres(database):
        from bot.table.pgbackup import DumpError, dump  # psycopg loads only for a PostgreSQL store

        try:
            return dump(str(database), target)
        except DumpError as err:
            raise BackupError(str(err)) from None
    source = Store(database, readonly=True)
    try:
        games = len(source.game_ids())
        source.backup(target)
    finally:
        source.close()
    problems = verify(target)
    if problems:
        raise BackupError(f"the copy in {target} fails its check: {problems[0]}")
    return f"backed up {games} game(s) from {database} to {target} ({target.stat().st_size:,} bytes), checked"


def mirror(database: str | Path, target: str | Path) -> str:
    """Refresh the continuous copy ``target`` (``python -m bot copy``): a fresh backup into
    ``<target>.partial``, checked, then renamed over ``target`` in one step, so ``target`` is always a
    whole, checked database (the previous copy until the new one is ready). Safe while the bot runs."""
    target = Path(target)
    if target.resolve() == Path(database).resolve():
        raise BackupError("the copy and the database are the same file")
    partial = Path(f"{target}.partial")
    partial.unlink(missing_ok=True)
    done = backup(database, partial)
    partial.replace(target)
    return done.replace(str(partial), str(target))


def verify(path: str | Path) -> list[str]:
    """What is wrong with a database file to restore ([] when it is fit)."""
    try:
        store = Store(path, readonly=True)
    except Exception as err:
        return [f"cannot be opened: {err}"]
    try:
        found = store.integrity()
        if not store.db["games"].exists():
            found.append("it is not a Seneschal database (no games table)")
        elif store.schema_version > migrations.LATEST:
            found.append(f"its schema version {store.schema_version} is newer than this code ({migrations.LATEST})")
        return found
    except Exception as err:
        return [f"cannot be read: {err}"]
    finally:
        store.close()


def restore(source: str | Path, database: str | Path) -> str:
    """Put the backup ``source`` in place of ``database`` (the bot must be stopped); the files it
    replaces are kept beside it as ``<name>.before-restore-<time>``. Returns a summary."""
    if is_postgres(database):
        from bot.table.pgbackup import DumpError, restore_dump  # psycopg: only for PostgreSQL

        try:
            return restore_dump(Path(source), str(database))
        except DumpError as err:
            raise BackupError(str(err)) from None
    source, database = Path(source), Path(database)
    if source.resolve() == database.resolve():
        raise BackupError("the backup and the database are the same file")
    problems = verify(source)
    if problems:
        raise BackupError(f"{source} cannot be restored: {problems[0]}")
    aside = database.with_name(f"{database.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
    moved = []
    for suffix in ("", "-wal", "-shm"):
        current = Path(f"{database}{suffix}")
        if current.exists():
            current.rename(f"{aside}{suffix}")
            moved.append(f"{aside}{suffix}")
    shutil.copyfile(source, database)
    accept_restored(database)
    kept = f"; the previous files are kept as {', '.join(moved)}" if moved else ""
    return f"restored {database} from {source}{kept}"


def accept_restored(database: str | Path) -> None:
    """A restore steps back in time on purpose: the ledger (bot/table/ledger.py) takes the restored
    counts as the truth, and keeps its high-water mark, so no game number is given twice."""
    conn = sqlite3.connect(f"{Path(database).resolve().as_uri()}?mode=ro", uri=True)
    try:
        counts = {int(r[0]): (int(r[1]), int(r[2])) for r in conn.execute("SELECT id, epoch, last_seq FROM games")}
    except sqlite3.Error:
        counts = {}
    finally:
        conn.close()
    ledger = Ledger(database)
    try:
        ledger.accept(counts)
    finally:
        ledger.close()
