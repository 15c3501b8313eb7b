"""Refusals by the table (as opposed to the rules), and damaged saves.

The table's own refusal codes are :class:`TableRefusal`; the shared ones :class:`engine.core.Refusal`
(re-exported here).

Both subclass :class:`engine.core.RuleError`, so an adapter catches one type and shows
``err.describe()``; ``err.code`` tells refusals apart.
"""

from __future__ import annotations

from typing import Any

from engine.core import Refusal, RuleError
from engine.core.errors import RefusalCode


class TableRefusal(RefusalCode):
    """The table's own refusal codes (the shared ones are :class:`engine.core.Refusal`): the whole
    list of reasons the table refuses a command, listed in docs/table.md ("Refusal codes")."""

    # finding the game
    NO_GAME = "no_game"  # no such game, or one out of the caller's reach: the same words
    WHICH_GAME = "which_game"  # the person sits at several live games and named none
    UNKNOWN_GAME = "unknown_game"  # no game of that name is played here
    WRONG_GAME = "wrong_game"  # a command of another game than the one addressed
    CHANNEL_BUSY = "channel_busy"  # the channel already has a live game
    CORRUPT = "corrupt"  # the game is damaged and set aside
    CANNOT_SAVE = "cannot_save"  # the store cannot write now (a full disk): nothing was played
    # commands and their values
    UNKNOWN_GROUP = "unknown_group"
    UNKNOWN_COMMAND = "unknown_command"
    BAD_VALUE = "bad_value"  # a number or text outside its bounds
    BAD_SETTING = "bad_setting"
    BAD_FILE = "bad_file"  # an import file that cannot be read, or fails its schema or its replay
    AMBIGUOUS = "ambiguous"  # a typed name that could be several things
    NO_TOPIC = "no_topic"  # no rule topic or command matches
    TOO_LONG = "too_long"  # words longer than the step takes
    EMPTY_TEXT = "empty_text"  # no words where words are asked
    NOT_ACTION = "not_action"  # a command that plays nothing where an action was expected
    # who may do it
    NOT_ALLOWED = "not_allowed"  # not the game's manager, not the seat's player
    # the lobby
    PLAYERS = "players"  # a player count the game does not take
    FULL = "full"
    NOT_FULL = "not_full"
    STARTED = "started"  # the game has started: the lobby's commands are over
    SEAT_TAKEN = "seat_taken"
    SEATED = "seated"  # that person holds another seat already
    NO_ROLES = "no_roles"
    UNKNOWN_ROLE = "unknown_role"
    ROLE_TAKEN = "role_taken"
    # playing
    NOT_STARTED = "not_started"
    NOT_ACTIVE = "not_active"
    PAUSED = "paused"
    NOT_PAUSED = "not_paused"
    ABANDONED = "abandoned"
    STALE = "stale"  # a prompt or click the game has moved past
    NO_DEFAULT = "no_default"  # a decision with no default to play for a seat
    UNDONE = "undone"  # this action was applied, then undone by a GM
    NO_UNDO = "no_undo"
    IRREVERSIBLE = "irreversible"  # an undo may not cross dice or revealed secrets


class TableError(RuleError):
    """Bad input at the table: unknown game or command, wrong user, lobby full, game over...

    Raised before anything is written, so a refusal changes nothing.
    """

    def __init__(self, message: str, *, code: RefusalCode, legal: Any = None, section: str = "table"):
        # ``code``: a :class:`TableRefusal`, or a shared :class:`~engine.core.Refusal`
        super().__init__(section, message, code=code, legal=legal)


class NotAllowed(TableError):
    """The person has no authority for this (not their seat, not a GM)."""

    def __init__(self, message: str, *, legal: Any = None):
        super().__init__(message, code=TableRefusal.NOT_ALLOWED, legal=legal)


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
                         code=TableRefusal.CORRUPT, legal=DAMAGED_ADVICE)


__all__ = ["CorruptGame", "NotAllowed", "Refusal", "TableError", "TableRefusal"]
