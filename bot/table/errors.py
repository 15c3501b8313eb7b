"""Refusals by the table (as opposed to the rules), and damaged saves.

The shared refusal codes are :class:`engine.core.Refusal` (re-exported here).

Both subclass :class:`engine.core.RuleError`, so an adapter catches one type and shows
``err.describe()``; ``err.code`` tells refusals apart.
"""

from __future__ import annotations

from typing import Any

from engine.core import Refusal, RuleError


class TableError(RuleError):
    """Bad input at the table: unknown game or command, wrong user, lobby full, game over...

    Raised before anything is written, so a refusal changes nothing.
    """

    def __init__(self, message: str, *, code: str = "table", legal: Any = None, section: str = "table"):
        # ``code``: a :class:`~engine.core.Refusal` when the reason is a shared one, else a plain string
        super().__init__(section, message, code=code, legal=legal)


class NotAllowed(TableError):
    """The person has no authority for this (not their seat, not a GM)."""

    def __init__(self, message: str, *, legal: Any = None):
        super().__init__(message, code=Refusal.NOT_ALLOWED, legal=legal)


class CorruptGame(TableError):
    """A stored game cannot be rebuilt. Names the game and the action (or snapshot) at fault.

    Other games are unaffected: each game loads on its own.
    """

    def __init__(self, game_id: int, seq: int, reason: str, *, what: str = "action"):
        self.game_id = game_id
        self.seq = seq
        super().__init__(f"game {game_id} cannot be loaded: {what} {seq} is damaged ({reason})", code=Refusal.CORRUPT)


__all__ = ["CorruptGame", "NotAllowed", "Refusal", "TableError"]
