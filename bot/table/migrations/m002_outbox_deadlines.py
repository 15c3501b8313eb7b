"""The outbox (messages still to deliver) and deadlines (with reminders)."""

import sqlite_utils

STATEMENTS = [
    """CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game INTEGER NOT NULL,
        key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        recipient TEXT NOT NULL,
        payload TEXT NOT NULL,
        created REAL NOT NULL,
        delivered_at REAL
    )""",
    "CREATE INDEX outbox_pending ON outbox (id) WHERE delivered_at IS NULL",
    """CREATE TABLE deadlines (
        id INTEGER PRIMARY KEY,
        game INTEGER NOT NULL,
        decision TEXT NOT NULL,
        seat TEXT NOT NULL,
        kind TEXT NOT NULL,
        due REAL NOT NULL,
        deadline REAL NOT NULL,
        created REAL NOT NULL,
        done_at REAL,
        outcome TEXT
    )""",
    "CREATE INDEX deadlines_open ON deadlines (due) WHERE done_at IS NULL",
    "CREATE INDEX deadlines_game ON deadlines (game, done_at)",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
