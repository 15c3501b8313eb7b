"""Computer players: ``seats.agent`` is the strength of the computer player playing the seat
('' = a person plays it). A seat added in the lobby as a computer player has a user id of its own
(``computer:<seat>``); a person's seat handed to a computer player keeps its owner's user id, so
the owner still reads its news and may take it back (docs/table.md, "Computer players").

Deadline rows of kind ``computer`` (no schema change: ``deadlines.kind`` is text) are a computer
player's pending turn, due at once; they survive a restart like any deadline.
"""

import sqlite_utils

STATEMENTS = [
    "ALTER TABLE seats ADD COLUMN agent TEXT NOT NULL DEFAULT ''",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
