"""Undo journal, pause bookkeeping, and idempotency keys of table commands.

- ``games.epoch`` counts undos, so outbox keys of re-played sequence numbers stay unique.
- ``games.paused_at`` is when the clock was stopped (NULL while it runs).
- ``undone`` keeps the rows an undo removed (and their keys, so a redelivered command stays applied once).
- ``command_keys`` records the idempotency keys of table commands (join, start, undo...).
"""

import sqlite_utils

STATEMENTS = [
    "ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN paused_at REAL",
    """CREATE TABLE undone (
        game INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        key TEXT NOT NULL,
        at REAL NOT NULL,
        version INTEGER NOT NULL,
        user_id TEXT,
        source TEXT NOT NULL,
        undone_at REAL NOT NULL,
        undone_by TEXT NOT NULL
    )""",
    "CREATE INDEX undone_key ON undone (game, key)",
    """CREATE TABLE command_keys (
        key TEXT PRIMARY KEY,
        game INTEGER,
        command TEXT NOT NULL,
        at REAL NOT NULL
    )""",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
