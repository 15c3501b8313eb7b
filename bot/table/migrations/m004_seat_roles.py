"""Lobby roles: ``seats.role`` is the colour or faction a seat chose in the lobby ('' = none yet).

At the start the table hands the choices to the game as its ``roles`` option.
"""

import sqlite_utils

STATEMENTS = [
    "ALTER TABLE seats ADD COLUMN role TEXT NOT NULL DEFAULT ''",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
