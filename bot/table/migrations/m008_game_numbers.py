"""Game numbers are never given twice: ``game_numbers`` keeps the highest number ever given.

``games.id`` is an ``INTEGER PRIMARY KEY`` without AUTOINCREMENT, so SQLite would give a new game
the highest id in the table plus one: a game whose row is gone (removed by hand, or lost with a
write-ahead log) would lend its number to the next game, and that game would receive the lost one's
buttons. This is AUTOINCREMENT's own bookkeeping (SQLite's ``sqlite_sequence``) in a table of ours:
one row, the highest number given, which :meth:`Store.create_game` moves past in the same
transaction as the new game. (SQLite cannot add AUTOINCREMENT to a table in place, and rebuilding
``games`` would drop it under the foreign keys of every seat, action and snapshot.)

A restored backup restores this table too: the ledger beside the database keeps a high-water mark
that no restore takes back (bot/table/ledger.py), and the adapter refuses a button on a message
older than its game's thread (docs/discord.md).
"""

import sqlite_utils

STATEMENTS = [
    "CREATE TABLE game_numbers (one INTEGER PRIMARY KEY CHECK (one = 1), high INTEGER NOT NULL)",
    "INSERT INTO game_numbers (one, high) SELECT 1, COALESCE(MAX(id), 0) FROM games",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
