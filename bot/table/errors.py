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


#: What a server's GM can do about a damaged game (the operator has the details in the log).
DAMAGED_ADVICE = ("the other games are not affected; a GM may /game abandon it, or ask the bot's operator to "
                  "repair it (python -m bot check, docs/operations.md)")


class CorruptGame(TableError):
    """A stored game cannot be rebuilt, or was set aside because a row of it cannot be read. Names the
    game and the row at fault (an action, snapshot, queued message or deadline) and what can be done.

    Other games are unaffected: each game loads on its own.
    """

    def __init__(self, game_id: int, seq: int, reason: str, *, what: str = "action"):
        self.game_id = game_id
        self.seq = seq
        self.what = what
        self.reason = reason
        part = "its own record" if what == "record" else f"{what} {seq}"
        super().__init__(f"game {game_id} is damaged and set aside: {part} cannot be read ({reason})",
                         code=Refusal.CORRUPT, legal=DAMAGED_ADVICE)


__all__ = ["CorruptGame", "NotAllowed", "Refusal", "TableError"]
