"""The adapter's own bookkeeping, kept in the table's SQLite file: which Discord message is a
game's status message or lobby message, and which notices were already posted.

One table, ``discord_refs``, created here if missing (it is the adapter's, not part of the
table's schema; it holds only message ids, nothing a game needs to be rebuilt). Losing it
costs at most a fresh status message.
"""

from __future__ import annotations

from bot.table import Store

SCHEMA = """CREATE TABLE IF NOT EXISTS discord_refs (
    game INTEGER NOT NULL,
    name TEXT NOT NULL,
    channel_id TEXT NOT NULL,
    message_id TEXT NOT NULL,
    PRIMARY KEY (game, name)
)"""


class Refs:
    def __init__(self, store: Store):
        self.store = store
        with store.lock:
            store.db.conn.execute(SCHEMA)

    def get(self, game: int, name: str) -> tuple[int, int] | None:
        with self.store.lock:
            row = self.store.db.conn.execute(
                "SELECT channel_id, message_id FROM discord_refs WHERE game = ? AND name = ?", (game, name)).fetchone()
        return (int(row[0]), int(row[1])) if row else None

    def put(self, game: int, name: str, channel_id: int, message_id: int) -> None:
        with self.store.transaction():
            self.store.db.conn.execute(
                "INSERT OR REPLACE INTO discord_refs (game, name, channel_id, message_id) VALUES (?,?,?,?)",
                (game, name, str(channel_id), str(message_id)))

    def has(self, game: int, name: str) -> bool:
        return self.get(game, name) is not None

    def note(self, game: int, name: str) -> str | None:
        """A short text kept under ``name`` (e.g. the fingerprint of the last private board sent)."""
        with self.store.lock:
            row = self.store.db.conn.execute(
                "SELECT message_id FROM discord_refs WHERE game = ? AND name = ?", (game, name)).fetchone()
        return str(row[0]) if row else None

    def set_note(self, game: int, name: str, text: str) -> None:
        with self.store.transaction():
            self.store.db.conn.execute(
                "INSERT OR REPLACE INTO discord_refs (game, name, channel_id, message_id) VALUES (?,?,?,?)",
                (game, name, "", text))
