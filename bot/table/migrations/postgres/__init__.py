"""PostgreSQL's numbered migrations: the files ``NNN_what.sql`` in this folder, in plain SQL.

Step N here makes the same tables as SQLite's step N (``bot/table/migrations/mNNN_what.py``), in
PostgreSQL's types, so a schema version names the same schema on both backends (``python -m bot
move-store`` relies on it). Steps run in number order, each in its own transaction together with
its row in ``schema_migrations`` (version, name, time applied), as on SQLite. A transaction-level
advisory lock puts processes that start at once (shards on several hosts) in line: the first
applies a step, the others find it recorded. Never edit a released step: add a new one, on both
backends.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from bot.table.migrations import in_order

if TYPE_CHECKING:
    import psycopg

_NAME = re.compile(r"^(\d{3})_(\w+)\.sql$")
#: The advisory lock that puts migrating processes in line (any fixed number; this one reads "SNSCHAL").
LOCK = 0x534E5343_48414C


@dataclass(frozen=True)
class Step:
    version: int
    name: str
    sql: str


def steps() -> list[Step]:
    found = []
    for entry in resources.files(__name__).iterdir():
        m = _NAME.match(entry.name)
        if m:
            found.append(Step(int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    return in_order(found, "PostgreSQL migration steps")


LATEST = len(steps())


def current_version(conn: psycopg.Connection[Any]) -> int:
    row = conn.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").fetchone()
    if not row or not row[0]:
        return 0
    have = conn.execute("SELECT MAX(version) FROM schema_migrations").fetchone()
    return int(have[0] or 0) if have else 0


def migrate(conn: psycopg.Connection[Any], target: int | None = None) -> list[int]:
    """Bring the database to ``target`` (default: the latest step); return the versions applied.
    ``conn`` is in autocommit mode (the store's connection): each step is one transaction."""
    target = LATEST if target is None else target
    have = current_version(conn)
    if have > LATEST:
        raise RuntimeError(
            f"the database is at schema version {have}, newer than this code ({LATEST}); upgrade Seneschal")
    applied = []
    for step in steps():
        if not have < step.version <= target:
            continue
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK])
            conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations "
                         "(version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied DOUBLE PRECISION NOT NULL)")
            if current_version(conn) >= step.version:  # another process got there first
                continue
            conn.execute(step.sql.encode("utf-8"))
            conn.execute("INSERT INTO schema_migrations (version, name, applied) VALUES (%s, %s, %s)",
                         [step.version, step.name, time.time()])
        applied.append(step.version)
    return applied
