"""What every part of the table service shares: its settings, names, option parsing and the
in-memory form of a loaded game."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.table import limits
from bot.table.errors import TableError, TableRefusal
from engine.core import Event, GameState, Refusal

T = TypeVar("T")


#: How a refusal names the part of a game's record that is damaged.
ROW_NAMES = {"actions": "action", "snapshots": "snapshot", "outbox": "queued message", "deadlines": "deadline",
             "games": "record", "seats": "seat"}

log = logging.getLogger("seneschal.table")

#: Table settings a GM may change per game, with their defaults (durations as text).
DEFAULT_SETTINGS: dict[str, str] = {
    "deadline": "24h",  # time to answer a blocking decision; "off" for none
    "deadline.sequential": "",  # per decision kind; empty = use "deadline"
    "deadline.simultaneous": "",
    "deadline.response": "",
    "deadline.reaction": "",
    "reminders": "12h,1h",  # reminders this long before the deadline; "off" for none
    "absent": "off",  # a computer player of this strength answers for a seat whose deadline passed; "off": the default
}

#: The outcome of a passed deadline a computer player took over (the ``absent`` setting).
HANDED = "handed to a computer player"

#: The user id of a seat added as a computer player is this prefix and the seat's name (no person holds it).
COMPUTER_USER = "computer:"


def is_computer_user(user_id: str | None) -> bool:
    """Whether ``user_id`` names no person but a computer player added to the game."""
    return bool(user_id) and str(user_id).startswith(COMPUTER_USER)

#: What people type (and autocomplete sends) for an empty list: no troops, no cards.
NOTHING = ("none", "nobody", "nothing", "no one", "-")

_SEAT_CHARS = re.compile(r"[^a-z0-9_-]+")


def no_such_game(game_id: object) -> TableError:
    """The one refusal for a game that does not exist AND for one out of the caller's reach (another
    server's game): the same words, so it gives away nothing about other servers."""
    return TableError(f"there is no game {game_id}", code=TableRefusal.NO_GAME, legal="`/game list` names the games here and yours")


def seat_name(wish: str) -> str:
    """A seat name usable in commands: lower case letters, digits, ``-`` and ``_``."""
    name = _SEAT_CHARS.sub("-", wish.strip().lower()).strip("-")[:24]
    return name


def shown_name(name: str) -> str:
    """A person's name as the table keeps it: at most 64 characters (Discord's are at most 32)."""
    return name[:limits.MAX_PERSON_NAME]


def is_irreversible(event: Event) -> bool:
    """Events an undo may not cross: any random draw (``random.*``), a revealed secret
    (``secret.revealed`` or any kind ending in ``.revealed``), or an event whose data has
    ``reveal: true`` (how a game marks its own reveals, e.g. a face-down card turned up)."""
    return (event.kind.startswith("random.") or event.kind.endswith(".revealed")
            or event.data.get("reveal") is True)


#: Where one option ends: a comma or spaces followed by the next ``key=``.
_NEXT_OPTION = re.compile(r"(?:\s*,\s*|\s+)(?=[A-Za-z_][\w.-]*\s*=)")


def parse_options(text: str | dict[str, Any] | None) -> dict[str, Any]:
    """``"length=5, wild=yes"`` -> ``{"length": 5, "wild": True}``.

    Options are split only where a comma (or a space) starts a new ``key=``, so a value may hold
    commas itself: ``reminders=12h,1h, deadline=2h`` -> ``{"reminders": "12h,1h", "deadline": "2h"}``.
    """
    if text is None or text == "":
        return {}
    if isinstance(text, dict):
        return dict(text)
    out: dict[str, Any] = {}
    for part in _NEXT_OPTION.split(str(text).strip().strip(",")):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip().strip(",").strip()
        if len(value) > limits.MAX_OPTION_VALUE:
            raise TableError(f"option {key}: a value is at most {limits.MAX_OPTION_VALUE} characters",
                             code=Refusal.BAD_OPTION, legal="a shorter value")
        if not sep or not key:
            raise TableError(f"options are key=value pairs, not {part!r}", code=Refusal.BAD_OPTION, legal="length=5,x=y")
        low = value.lower()
        if re.fullmatch(r"-?\d+", value):
            if not limits.SQLITE_MIN <= int(value) <= limits.SQLITE_MAX:
                raise TableError(f"option {key}: {value[:20]}... is too large a number", code=Refusal.BAD_OPTION)
            out[key] = int(value)
        elif low in ("true", "yes", "on"):
            out[key] = True
        elif low in ("false", "no", "off"):
            out[key] = False
        else:
            out[key] = value
    return out


@dataclass
class LiveGame:
    """A loaded game kept in memory; valid while ``seq`` and ``epoch`` match the games row."""

    state: GameState
    seq: int
    epoch: int
    #: the events of the phase under way (for its summary); None until first needed
    since: list[Event] | None = None


def private_part(public: Any, private: Any) -> Any:
    """The parts of a seat's view that the public view does not show (its secrets, in short)."""
    if isinstance(public, dict) and isinstance(private, dict):
        out = {}
        for key, value in private.items():
            if key not in public:
                out[key] = value
            else:
                diff = private_part(public[key], value)
                if diff not in (None, {}):
                    out[key] = diff
        return out
    return None if public == private else private
