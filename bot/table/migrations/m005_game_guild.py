"""Games belong to a server: ``games.guild`` is the Discord server (guild) id a game was opened in.

The database alone cannot tell which server a channel belongs to, so existing games get NULL here.
The Discord adapter fills them when it connects (it knows each thread's server:
``TableService.adopt_guild``), and a game still without one is claimed by the first command typed
in its own channel. Games it cannot fill (a deleted thread, a server the bot has left, a game
opened in a DM) stay NULL: reachable from their own channel and, in DMs, by their players and
creator, never by ``game:<id>`` from a server. The local table's games stay NULL: it is one
implicit server.
"""

import sqlite_utils

STATEMENTS = [
    "ALTER TABLE games ADD COLUMN guild TEXT",
    "CREATE INDEX games_guild ON games (guild, status)",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
