"""The Discord adapter's message references join the schema: ``discord_refs`` keeps, per game and
name, which message is the game's status or lobby message, and short notes (the fingerprint of the
last private board sent). Read and written through :meth:`Store.ref` and :meth:`Store.put_ref`.

Before this step the adapter created the table itself, so a database may have it already: the
step keeps it as it is. It holds only message ids; losing it costs at most a fresh status message.
"""

import sqlite_utils

STATEMENTS = [
    """CREATE TABLE IF NOT EXISTS discord_refs (
        game INTEGER NOT NULL,
        name TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        message_id TEXT NOT NULL,
        PRIMARY KEY (game, name)
    )""",
]


def up(db: sqlite_utils.Database) -> None:
    for sql in STATEMENTS:
        db.execute(sql)
