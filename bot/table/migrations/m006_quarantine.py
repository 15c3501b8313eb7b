"""Damaged games are set aside: ``quarantine`` names each game one of whose rows could not be read.

One row per game: what was damaged (``outbox``, ``deadlines``, ``snapshots``, ``actions``), which
row, the reason, and when. While a game is listed, its messages and deadlines wait and its
commands are refused with the corrupt-game refusal; every other game goes on. ``python -m bot
check`` reports the list and ``python -m bot release GAME`` lifts an entry (docs/operations.md).
"""

import sqlite_utils

STATEMENTS = [
    """CREATE TABLE quarantine (
        game INTEGER PRIMARY KEY,
        what TEXT NOT NULL,
        row TEXT NOT NULL,
        reason TEXT NOT NULL,
        at REAL NOT NULL
    )""",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
