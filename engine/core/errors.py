"""Refusals. Every refusal names the rule section and says what would be legal."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any

from mypy_extensions import mypyc_attr


class RefusalCode(StrEnum):
    """The base of every layer's refusal codes (``RuleError.code``): this module's ``Refusal`` for the
    codes shared by games and the table, and one enum per layer (Fief, OKC, the table) extending this
    base for its own reasons. Members are strings, so ``err.code == "bad_option"`` holds."""


class Refusal(RefusalCode):
    """The refusal codes shared across games and the table, spelt once (the table's own are
    ``bot.table.errors.TableRefusal``)."""

    ILLEGAL = "illegal"  # the default: the rules do not allow it
    BAD_OPTION = "bad_option"  # a game option that is unknown or has a value the game does not take
    BAD_ROLES = "bad_roles"  # a colour or faction list that does not fit the seats
    SEATS = "seats"  # a seat count or seat names the game cannot set up
    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    UNKNOWN_ACTION = "unknown_action"
    STALE_STATE = "stale_state"
    SYNTAX = "syntax"  # a command's text does not parse
    BAD_TYPE = "bad_type"  # a parameter of the wrong kind
    BAD_PARAM = "bad_param"  # a parameter the command does not take
    MISSING_PARAM = "missing_param"
    BAD_CHOICE = "bad_choice"  # a value outside a parameter's choices
    # the shared machinery (engine/core: secret choices, requests, reactions, offers)
    NO_SEAT = "no_seat"  # a seat not in the game
    NOT_AWAITED = "not_awaited"  # a seat that takes no part in this choice or window
    ALREADY_CHOSEN = "already_chosen"  # a secret choice is final
    NO_REQUEST = "no_request"
    NO_OFFER = "no_offer"
    SELF_OFFER = "self_offer"  # an offer to oneself
    EMPTY_OFFER = "empty_offer"  # an offer that gives and asks nothing
    NOT_ADDRESSEE = "not_addressee"  # only the seat an offer goes to answers it
    NOT_PARTY = "not_party"  # only the two sides of an offer act on it
    # computer players (engine/agents)
    BAD_STRENGTH = "bad_strength"
    NOTHING_TO_DO = "nothing_to_do"


@mypyc_attr(allow_interpreted_subclasses=True)   # the bot's TableError extends it in Python
class RuleError(ValueError):
    """An action the rules do not allow. Raised before anything changes.

    ``section`` is the rulebook section (``"7.4"``, ``"FAQ"``, ``"OKC p.1 Spring"``),
    ``code`` a stable machine-readable reason, ``legal`` a short description or list of
    what would be allowed instead.
    """

    def __init__(self, section: str, message: str, *, code: RefusalCode = Refusal.ILLEGAL, legal: Any = None):
        self.section = section
        self.message = message
        self.code = code
        self.legal = legal
        super().__init__(self.describe())

    def describe(self) -> str:
        text = f"{self.section}: {self.message}" if self.section else self.message
        if self.legal:
            shown = ", ".join(map(str, self.legal)) if isinstance(self.legal, list | tuple) else str(self.legal)
            text += f" (legal: {shown})"
        return text


class NotYourTurn(RuleError):
    def __init__(self, seat: str, awaited: list[str]):
        super().__init__(
            "turn",
            f"{seat} has nothing to decide now",
            code=Refusal.NOT_YOUR_TURN,
            legal=f"waiting on {', '.join(awaited) or 'nobody'}",
        )


class GameOver(RuleError):
    def __init__(self) -> None:
        super().__init__("end", "the game is over", code=Refusal.GAME_OVER)


class UnknownAction(RuleError):
    def __init__(self, kind: str, known: list[str]):
        super().__init__("commands", f"unknown action {kind!r}", code=Refusal.UNKNOWN_ACTION, legal=sorted(known))


class StaleState(RuleError):
    def __init__(self, expected: int, actual: int):
        super().__init__(
            "table",
            f"this choice was offered at state {expected}, the game has moved on to {actual}",
            code=Refusal.STALE_STATE,
        )


def passes(check: Callable[..., object], *args: object) -> bool:
    """Whether ``check(*args)`` accepts: the rules' checks raise :class:`RuleError` to refuse, so the
    legal lists and the menus ask them rather than copying their conditions."""
    try:
        check(*args)
    except RuleError:
        return False
    return True
