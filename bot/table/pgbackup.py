"""Backups and restores of a PostgreSQL store with PostgreSQL's own tools (docs/operations.md).

``python -m bot backup TARGET`` runs ``pg_dump`` in its custom format (one consistent snapshot of the
server, taken while the bot runs) and checks that ``pg_restore`` can read the archive back and that it
holds the games. ``python -m bot restore BACKUP`` wants the bot stopped: it checks the archive, dumps
the database as it stands beside the backup (``<backup>.before-restore-<time>``, so nothing is lost),
then ``pg_restore --clean --single-transaction`` puts the backup in place: all of it or nothing.
Operators may as well use their own ``pg_dump``/``pg_restore``, continuous archiving or a replica.
"""

from __future__ import annotations

import time
from pathlib import Path

from bot.table.pgstore import PgStore, run_tool


class DumpError(Exception):
    """A backup archive that cannot be used, saying why."""


def dump(url: str, target: Path) -> str:
    """Dump the database at ``url`` into ``target`` (a new file), checked; a summary."""
    source = PgStore(url, readonly=True)
    try:
        games = len(source.game_ids())
        source.backup(target)
    finally:
        source.close()
    problems = verify_dump(target)
    if problems:
        raise DumpError(f"the copy in {target} fails its check: {problems[0]}")
    return f"backed up {games} game(s) from {url} to {target} ({target.stat().st_size:,} bytes, pg_dump), checked"


def verify_dump(path: Path) -> list[str]:
    """What is wrong with an archive to restore ([] when ``pg_restore`` reads it and it holds the games)."""
    try:
        listing = run_tool("pg_restore", "--list", str(path))
    except OSError as err:
        return [f"cannot be read: {err}"]
    if " TABLE public games " not in listing and " TABLE DATA public games " not in listing:
        return ["it is not a Seneschal database (no games table)"]
    return []


def restore_dump(source: Path, url: str) -> str:
    """Put the archive ``source`` in place of the database at ``url`` (the bot must be stopped)."""
    problems = verify_dump(source)
    if problems:
        raise DumpError(f"{source} cannot be restored: {problems[0]}")
    aside = source.with_name(f"{source.name}.before-restore-{time.strftime('%Y%m%d-%H%M%S')}")
    run_tool("pg_dump", "--format=custom", "--no-owner", f"--file={aside}", f"--dbname={url}")
    run_tool("pg_restore", "--clean", "--if-exists", "--no-owner", "--single-transaction", f"--dbname={url}",
             str(source))
    return f"restored {url} from {source}; the database as it was is kept in {aside}"
