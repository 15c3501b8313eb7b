"""The adapter's own bookkeeping, kept by the store (``discord_refs``, migration 9): which Discord
message is a game's status message or lobby message, and which notices were already posted.

It holds only message ids, nothing a game needs to be rebuilt; losing it costs at most a fresh
status message.
"""

from __future__ import annotations

from bot.table import TableService


class Refs:
    """The references of one bot, read and kept through the table (the adapter never reaches the store)."""

    def __init__(self, table: TableService):
        self.table = table

    def get(self, game: int, name: str) -> tuple[int, int] | None:
        found = self.table.adapter_ref(game, name)
        return (int(found[0]), int(found[1])) if found else None

    def put(self, game: int, name: str, channel_id: int, message_id: int) -> None:
        self.table.keep_adapter_ref(game, name, str(channel_id), str(message_id))

    def has(self, game: int, name: str) -> bool:
        return self.get(game, name) is not None

    def note(self, game: int, name: str) -> str | None:
        """A short text kept under ``name`` (e.g. the fingerprint of the last private board sent)."""
        found = self.table.adapter_ref(game, name)
        return found[1] if found else None

    def set_note(self, game: int, name: str, text: str) -> None:
        self.table.keep_adapter_ref(game, name, "", text)
