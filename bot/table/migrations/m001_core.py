"""Games, seats, the append-only action log and state snapshots."""

import sqlite_utils

STATEMENTS = [
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        channel TEXT,
        creator TEXT NOT NULL,
        status TEXT NOT NULL,
        players INTEGER,
        options TEXT NOT NULL DEFAULT '{}',
        settings TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        engine_version TEXT NOT NULL,
        schema INTEGER NOT NULL,
        last_seq INTEGER NOT NULL DEFAULT 0,
        phase TEXT NOT NULL DEFAULT '',
        result TEXT,
        created REAL NOT NULL,
        updated REAL NOT NULL
    )""",
    "CREATE INDEX games_channel ON games (channel, status)",
    """CREATE TABLE seats (
        game INTEGER NOT NULL REFERENCES games (id),
        seat TEXT NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        joined REAL NOT NULL,
        PRIMARY KEY (game, seat)
    )""",
    "CREATE UNIQUE INDEX seats_user ON seats (game, user_id)",
    """CREATE TABLE actions (
        game INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        key TEXT NOT NULL,
        at REAL NOT NULL,
        version INTEGER NOT NULL,
        user_id TEXT,
        source TEXT NOT NULL DEFAULT 'player',
        PRIMARY KEY (game, seq)
    )""",
    "CREATE UNIQUE INDEX actions_key ON actions (game, key)",
    """CREATE TABLE snapshots (
        game INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        phase TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game, seq)
    )""",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
