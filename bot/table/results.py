"""What the table service hands back: typed values, never prose.

Adapters turn these into messages (``bot.table.text`` has a plain-text default both adapters
may use). Everything here is frozen and built from public data, except where a field says it
belongs to the asking seat only (``Applied.events``, ``Hand.view``, ``Status.legal``): show
those ephemerally or by DM.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core import Action, Event


class GameStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"
    ABANDONED = "abandoned"


#: A game's status as a sentence says it ("game 1 is ...").
STATUS_WORDS: dict[str, str] = {GameStatus.LOBBY: "still in its lobby", GameStatus.ACTIVE: "under way",
                                GameStatus.PAUSED: "paused", GameStatus.FINISHED: "over", GameStatus.ABANDONED: "abandoned"}


def status_words(status: str) -> str:
    """``status`` in words: "under way", "over"..."""
    return STATUS_WORDS.get(status, str(status))   # GameStatus members are their own strings


LIVE = (GameStatus.LOBBY.value, GameStatus.ACTIVE.value, GameStatus.PAUSED.value)


@dataclass(frozen=True)
class Actor:
    """Who is typing, and from which server. ``admin`` is decided by the adapter: Manage Server or
    the configured GM role in ``guild`` (the server the command came from; None in a DM and on the
    local table, which is one implicit server). ``user_id`` is the Discord user id as text (or a
    local name). The table honours ``admin`` only for games of that same server."""

    user_id: str
    name: str
    admin: bool = False
    guild: str | None = None


@dataclass(frozen=True)
class SeatInfo:
    seat: str
    user_id: str
    name: str
    position: int
    role: str = ""  # the colour or faction chosen in the lobby ('' = none: dealt at the start)
    #: the strength of the computer player playing the seat ('' = a person plays it)
    agent: str = ""

    @property
    def computer(self) -> bool:
        """Whether a computer player plays the seat (added as one, or handed to one by its owner)."""
        return bool(self.agent)


@dataclass(frozen=True)
class RoleInfo:
    """A role a lobby seat may choose (a Fief colour, an OKC faction) and who holds it."""

    id: str
    label: str
    seat: str | None = None  # the seat that chose it; None while free


@dataclass(frozen=True)
class GameInfo:
    id: int
    game: str
    title: str
    channel: str | None
    status: GameStatus
    creator: str
    players: int | None
    options: dict[str, Any]
    settings: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    phase: str
    seq: int
    engine_version: str
    created: float
    #: in the lobby, the roles the game offers (empty when it offers none, and once started)
    roles: tuple[RoleInfo, ...] = ()
    #: lines the game says about its chosen options (OKC: the Wild Kingdom modules and their complexity)
    notes: tuple[str, ...] = ()
    #: set aside because a row of it cannot be read (docs/operations.md): its commands are refused
    damaged: bool = False
    #: the phase in words ("Round 1: the bids"), where the state was read for it; else ``phase`` is shown
    phase_title: str = ""

    def free_roles(self) -> list[RoleInfo]:
        return [r for r in self.roles if r.seat is None]

    def seat_of(self, user_id: str) -> SeatInfo | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_of(self, seat: str) -> SeatInfo | None:
        return next((s for s in self.seats if s.seat == seat), None)


@dataclass(frozen=True)
class Waiting:
    """One awaited seat of a pending decision (public facts only: no defaults, no hidden payload)."""

    decision: str
    kind: str
    prompt: str
    seat: str
    blocking: bool
    due: float | None = None
    name: str = ""  # the person holding the seat


# -- outcomes of commands ---------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """Base of every command result. ``game`` is the game after the command (None when none)."""

    game: GameInfo | None


@dataclass(frozen=True)
class Created(Outcome):
    seat: str | None = None


@dataclass(frozen=True)
class Joined(Outcome):
    seat: str = ""
    already: bool = False
    role: str = ""  # the role chosen with the seat ('' = none)


@dataclass(frozen=True)
class Left(Outcome):
    seat: str = ""


@dataclass(frozen=True)
class ComputerSeated(Outcome):
    """A computer player took a lobby seat (``added``), or left one (``added`` False)."""

    seat: str = ""
    name: str = ""
    strength: str = ""
    role: str = ""
    added: bool = True


@dataclass(frozen=True)
class RoleChosen(Outcome):
    """A lobby seat chose a role (``role`` '' when it went back to ``random``)."""

    seat: str = ""
    role: str = ""
    label: str = ""
    previous: str = ""


@dataclass(frozen=True)
class Started(Outcome):
    title: str = ""  # the phase the game starts in, in words


@dataclass(frozen=True)
class Applied(Outcome):
    """An action went through. ``events`` are those the acting seat may see (public and its own)."""

    seat: str = ""
    action: Action | None = None
    seq: int = 0
    events: tuple[Event, ...] = ()
    phase: str = ""
    phase_changed: bool = False
    result: dict[str, Any] | None = None
    duplicate: bool = False
    source: str = "player"
    said: str = ""  # what was chosen, in the game's words
    news: tuple[str, ...] = ()  # what only the acting seat learnt, one line each


@dataclass(frozen=True)
class Status(Outcome):
    waiting: tuple[Waiting, ...] = ()
    view: dict[str, Any] | None = None  # the public view; None in the lobby
    result: dict[str, Any] | None = None
    your_seat: str | None = None
    legal: tuple[str, ...] = ()  # the asker's legal actions in text form (private to the asker)
    title: str = ""  # the phase in words
    choices: tuple[str, ...] = ()  # the asker's choices in words (private to the asker)
    question: str = ""  # what the game asks the asker now (private to the asker)
    ending: tuple[str, ...] = ()  # a finished game: the final post's lines (the winner, every part of the score)


@dataclass(frozen=True)
class Asked(Outcome):
    """The next question of a multi-part action (a component flow): ``options`` are labels in the
    order shown; ``path`` the answers so far (choice index, then each step's option indices)."""

    seat: str = ""
    version: int = 0
    question: str = ""
    options: tuple[tuple[str, str], ...] = ()  # (label, hint)
    multi: bool = False
    min_values: int = 1
    max_values: int = 1
    path: tuple[tuple[int, ...], ...] = ()
    confirm: str | None = None  # set when the answer so far needs a confirmation before it is played
    text: bool = False  # the step asks for typed words (FlowStep.text): answer ``choose(..., text=...)``
    max_length: int = 0
    placeholder: str = ""
    button: str = ""  # the label of what opens the text input ("Write the terms…")


@dataclass(frozen=True)
class Board(Outcome):
    seat: str | None = None  # None: the public board
    view: dict[str, Any] = field(default_factory=dict)
    png: bytes | None = None  # None when the game has no drawer yet


@dataclass(frozen=True)
class Hand(Outcome):
    seat: str = ""
    view: dict[str, Any] = field(default_factory=dict)  # private to ``seat``
    secrets: dict[str, Any] = field(default_factory=dict)  # what ``view`` shows beyond the public view
    #: the seat's private mat in words (``Words.hand``): (title, lines) per section
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()
    title: str = ""  # the game and seat, in words


@dataclass(frozen=True)
class LogEntry:
    """One logged action. ``seat`` is empty when the action was secret and not the asker's."""

    seq: int
    seat: str
    at: float
    source: str
    events: tuple[Event, ...]
    line: str = ""  # the action told in words (``Words.log_line``)


@dataclass(frozen=True)
class LogPage(Outcome):
    entries: tuple[LogEntry, ...] = ()


@dataclass(frozen=True)
class Undone(Outcome):
    count: int = 0
    seq: int = 0


@dataclass(frozen=True)
class TableChanged(Outcome):
    """Pause, resume, abandon, replace: ``what`` says which, ``detail`` gives the facts."""

    what: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Exported(Outcome):
    filename: str = ""
    text: str = ""


@dataclass(frozen=True)
class Imported(Outcome):
    actions: int = 0


@dataclass(frozen=True)
class Settings(Outcome):
    values: dict[str, Any] = field(default_factory=dict)
    changed: str | None = None


@dataclass(frozen=True)
class CommandHelp:
    usage: str
    doc: str
    gm: bool
    secret: bool


@dataclass(frozen=True)
class HelpTopic:
    """One rule topic of a game (``bot/table/help/<game>.json``): a summary in our own words."""

    id: str
    title: str
    sections: tuple[str, ...]
    summary: str
    commands: tuple[str, ...] = ()  # action kinds of the game (``/<game> <kind>``)
    aliases: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    phase: str = ""  # the id of the game's phase this topic belongs to ("" for general rules)


@dataclass(frozen=True)
class RulesHelp(Outcome):
    group: str = ""
    title: str = ""
    commands: tuple[CommandHelp, ...] = ()
    #: the topic asked for ("" = none: ``topics`` then holds every topic, to list their titles)
    topic: str = ""
    #: the topics matching ``topic``, best first (every topic of the game when none was asked)
    topics: tuple[HelpTopic, ...] = ()
    #: each action kind the topics name -> the command as Discord spells it (``/fief war move``)
    paths: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Guide(Outcome):
    """``/game help``: what to do now, for the asker where they asked (``now``: sentences; ``due``:
    the asker's deadline, worded by the adapter), and the five commands that matter there
    (``commands``: the command as Discord spells it, and what it is for)."""

    now: tuple[str, ...] = ()
    due: float | None = None
    commands: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class GameList(Outcome):
    games: tuple[GameInfo, ...] = ()
    #: the person's own games (asked in a DM, or in a channel with no game of its own)
    yours: bool = False


@dataclass(frozen=True)
class AlreadyDone(Outcome):
    """A table command whose idempotency key was seen before: nothing was done again."""

    command: str = ""
    key: str = ""
