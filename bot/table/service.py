"""The table service: games at a table, with no Discord in sight.

Every entry point is synchronous and fast (SQLite, the engine), and thread-safe: each game has
its own lock, so the asyncio Discord adapter may call in directly or via ``asyncio.to_thread``.
Every call takes the :class:`~bot.table.results.Actor` (who is typing) and the channel it came
from (``None`` for a DM), and returns a typed :class:`~bot.table.results.Outcome` or raises a
:class:`~engine.core.RuleError` (the rules' refusals, :class:`~bot.table.errors.TableError`
for the table's own) after changing nothing.

The way of an action (:meth:`TableService.act`): take the game's lock -> load the game (cached,
checked against the stored sequence number) -> ``engine.core.apply`` on a copy -> append the
action row, its events, a snapshot when the phase changed or every N actions, the outbox rows
and the deadline changes, in one transaction -> swap in the new state -> return
:class:`~bot.table.results.Applied`.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import sqlite3
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from dataclasses import replace as with_changes
from typing import Any, TypeVar

from bot.table import helptopics, limits
from bot.table import outbox as ob
from bot.table.clock import Clock, SystemClock, format_duration, parse_duration
from bot.table.commands import TABLE_GROUP, CommandRegistry, ParamKind, Source
from bot.table.errors import CorruptGame, NotAllowed, TableError
from bot.table.results import (
    LIVE,
    Actor,
    AlreadyDone,
    Applied,
    Asked,
    Board,
    CommandHelp,
    Created,
    Exported,
    GameInfo,
    GameList,
    GameStatus,
    Hand,
    Imported,
    Joined,
    Left,
    LogEntry,
    LogPage,
    Outcome,
    RoleChosen,
    RoleInfo,
    RulesHelp,
    SeatInfo,
    Settings,
    Started,
    Status,
    TableChanged,
    Undone,
    Waiting,
)
from bot.table.store import DamagedRow, GameRow, SnapshotRow, StaleAppend, Store, dumps
from engine import registry
from engine.core import Action, Decision, Event, GameState, Refusal, RuleError, Rules, StaleState, apply
from engine.core.rules import RANDOM_ROLE
from engine.core.words import Audience, fold, join_words, match_name

T = TypeVar("T")

#: How a refusal names the part of a game's record that is damaged.
_ROW_NAMES = {"actions": "action", "snapshots": "snapshot", "outbox": "queued message", "deadlines": "deadline"}

log = logging.getLogger("seneschal.table")

#: Table settings a GM may change per game, with their defaults (durations as text).
DEFAULT_SETTINGS: dict[str, str] = {
    "deadline": "24h",  # time to answer a blocking decision; "off" for none
    "deadline.sequential": "",  # per decision kind; empty = use "deadline"
    "deadline.simultaneous": "",
    "deadline.response": "",
    "deadline.reaction": "",
    "reminders": "12h,1h",  # reminders this long before the deadline; "off" for none
}

#: What people type (and autocomplete sends) for an empty list: no troops, no cards.
NOTHING = ("none", "nobody", "nothing", "no one", "-")

_SEAT_CHARS = re.compile(r"[^a-z0-9_-]+")


def _no_such_game(game_id: object) -> TableError:
    """The one refusal for a game that does not exist AND for one out of the caller's reach (another
    server's game): the same words, so it gives away nothing about other servers."""
    return TableError(f"there is no game {game_id}", code=Refusal.NO_GAME, legal="/game list")


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
class _Step:
    """One action applied in a call: the player's, or a pass the table made for a seat with no choice."""

    seat: str
    action: Action
    events: list[Event]
    key: str
    source: str
    user_id: str | None
    version: int
    snapshot: tuple[str, str] | None  # (state JSON, phase label) when one is due after this step


class _Steps:
    """The actions of one call, applied to ``work`` in order, then stored together.

    After the player's action the table passes at once for every seat whose only legal move is
    to pass, where the game says skipping tells nobody anything hidden (``Words.skippable``):
    those passes are stored as actions of their own (source ``skip``), so replays reach the
    same state. A snapshot is taken after each step that changes the phase label or the
    game's phase title, and every ``every`` actions.
    """

    LIMIT = 500  # passes in a row: a game that kept asking would be a bug, not a reason to spin

    def __init__(self, rules: Rules, work: GameState, phase: str, last_seq: int, every: int):
        self.rules, self.work, self.every = rules, work, every
        self.words = rules.words()
        self.phase, self.title = phase, ob.title_of(rules, self.words, work)
        self.seq = last_seq
        self.steps: list[_Step] = []
        self.events: list[Event] = []
        self.snapshotted_last = False

    def play(self, seat: str, action: Action, key: str, source: str, user_id: str | None) -> None:
        events = apply(self.rules, self.work, seat, action)
        self.seq += 1
        phase, title = self.rules.phase(self.work), ob.title_of(self.rules, self.words, self.work)
        due = phase != self.phase or title != self.title or self.seq % self.every == 0
        snap = (dumps(self.rules.dump(self.work)), phase) if due else None
        self.phase, self.title, self.snapshotted_last = phase, title, due
        self.steps.append(_Step(seat, action, events, key, source, user_id, self.work.version, snap))
        self.events += events

    def skip_passes(self, key: str) -> None:
        for n in range(self.LIMIT):
            found = skippable(self.rules, self.words, self.work)
            if found is None:
                return
            seat, action = found
            self.play(seat, action, f"{key}:skip:{n}", "skip", None)

    def store(self, store: Store, game_id: int, now: float, *, epoch: int | None = None) -> None:
        """Append every step; with ``epoch``, the database refuses them if another process moved
        the game on first (:meth:`Store.append_action`)."""
        seq = self.seq - len(self.steps)
        for s in self.steps:
            seq += 1
            store.append_action(game_id, seq, s.seat, s.action.dumps(), dumps([e.to_json() for e in s.events]),
                                s.key, now, s.version, s.user_id, s.source, epoch=epoch)
            if s.snapshot is not None:
                store.put_snapshot(game_id, seq, s.snapshot[0], s.snapshot[1], now)


def skippable(rules: Rules, words: Any, state: GameState) -> tuple[str, Action] | None:
    """The first awaited seat the table may pass for at once: the game declares the decision
    skippable (from public facts only) and the seat's only answer is its default."""
    if rules.result(state) is not None:
        return None
    for d in rules.pending(state):
        if not d.blocking:
            continue
        for s in d.seats:
            if not words.skippable(state, d, s):
                continue
            only = ob.answers(rules, state, s)
            default = d.default_for(s)
            if len(only) == 1 and (default is None or only[0] == default):
                return s, only[0]
    return None


@dataclass
class _Live:
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


class SaveSupport:
    """What :mod:`bot.table.saveformat` needs from the service, and nothing more (package-internal).

    Export reads a game (its row, its loaded state, its public info); import writes one in the
    caller's transaction (queues its announcement, opens its deadlines). Nothing else in the
    service is reachable from the save format."""

    def __init__(self, service: TableService):
        self._service = service
        self.store = service.store
        self.clock = service.clock
        self.snapshot_every = service.snapshot_every

    def rules_for(self, name: str) -> Rules:
        return self._service.rules_for(name)

    def known_games(self) -> dict[str, Rules]:
        return self._service.known_games()

    def row(self, game_id: int) -> GameRow:
        return self._service._row(game_id)

    def info(self, row: GameRow) -> GameInfo:
        return self._service._info(row)

    def load(self, row: GameRow) -> GameState:
        """The game's current state (the caller holds the game's lock)."""
        return self._service._load(row)

    def check_setting(self, name: str, value: str) -> None:
        self._service._check_setting(name, value)

    def queue(self, game_id: int, messages: list[ob.Message]) -> None:
        self._service._queue(game_id, messages)

    def sync_deadlines(self, row: GameRow, rules: Rules, state: GameState, now: float) -> None:
        self._service._sync_deadlines(row, rules, state, now)


class TableService:
    """All games of one bot. See docs/table.md for the API in one page."""

    def __init__(self, store: Store, *, clock: Clock | None = None, games: Iterable[Rules | str] = (),
                 local: bool = False, settings: dict[str, str] | None = None,
                 snapshot_every: int = 100, load_registered: bool = True, cache_size: int = 1000):
        self.store = store
        self.clock = clock or SystemClock()
        self.local = local  # the local table: no server roles exist, so anyone may import a game
        self.snapshot_every = max(1, snapshot_every)
        self.defaults = {**DEFAULT_SETTINGS, **(settings or {})}
        for name, value in self.defaults.items():
            self._check_setting(name, value)
        self._rules: dict[str, Rules] = {}
        self._locks: dict[int, threading.RLock] = {}
        self._locks_guard = threading.Lock()
        self._create_lock = threading.Lock()  # one live game per channel, even under races
        self._live: OrderedDict[int, _Live] = OrderedDict()
        self._live_guard = threading.Lock()
        self.cache_size = max(1, cache_size)
        #: An SQL condition on the games row ``g``: whose deadlines and messages this process handles
        #: (a shard's servers, :mod:`bot.table.shards`); None for all.
        self.shard_games: str | None = None
        if load_registered:
            self._load_registered()
        for g in games:
            self.add_game(g)
        self.registry = CommandRegistry(lambda: dict(self._rules))
        self.saves = SaveSupport(self)

    # -- games known to this table ------------------------------------------------------
    def _load_registered(self) -> None:
        from engine import games as _shipped  # noqa: F401  (registers fief and okc)

        for name in registry.names():
            try:
                self._rules[name] = registry.get(name)
            except Exception as err:  # a game still being written (or broken): the others still play
                log.debug("game %s is not available: %r", name, err)

    def add_game(self, rules: Rules | str) -> Rules:
        """Make a game playable here: a Rules instance, a registry name or ``module:ATTR``."""
        if isinstance(rules, str):
            try:
                rules = registry.get(rules)
            except Exception as err:
                raise TableError(f"cannot load game {rules!r}: {err}", code="unknown_game") from None
        self._rules[rules.name] = rules
        return rules

    def known_games(self) -> dict[str, Rules]:
        return dict(self._rules)

    def rules_for(self, name: str) -> Rules:
        rules = self._rules.get(name)
        if rules is None:
            raise TableError(f"unknown game {name!r}", code="unknown_game", legal=sorted(self._rules) or "none")
        return rules

    def close(self) -> None:
        """Close the store (the service is unusable afterwards)."""
        self.store.close()

    # -- plumbing ---------------------------------------------------------------------
    def _lock(self, game_id: int) -> threading.RLock:
        with self._locks_guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def _row(self, game_id: int) -> GameRow:
        """The games row, whoever asks (internal: commands go through :meth:`resolve`)."""
        row = self._find(game_id)
        if row is None:
            raise _no_such_game(game_id)
        return row

    def _find(self, game_id: int) -> GameRow | None:
        """The games row, or None (an id outside SQLite's integer range names no game)."""
        if not limits.SQLITE_MIN <= game_id <= limits.SQLITE_MAX:
            return None
        return self.store.game(game_id)

    def _title(self, name: str) -> str:
        rules = self._rules.get(name)
        return rules.title if rules else name

    def info(self, game_id: int) -> GameInfo:
        return self._info(self._row(game_id))

    def _info(self, row: GameRow) -> GameInfo:
        seats = tuple(SeatInfo(s.seat, s.user_id, s.name, s.position, s.role) for s in self.store.seats(row.id))
        return GameInfo(row.id, row.game, self._title(row.game), row.channel, GameStatus(row.status), row.creator,
                        row.players, row.options, row.settings, seats, row.phase, row.last_seq,
                        row.engine_version, row.created, self._lobby_roles(row, seats))

    def _lobby_roles(self, row: GameRow, seats: tuple[SeatInfo, ...]) -> tuple[RoleInfo, ...]:
        """In the lobby: the roles the game offers (``Rules.roles``), named, with the seat holding each."""
        rules = self._rules.get(row.game)
        if rules is None or row.status != GameStatus.LOBBY:
            return ()
        count = row.players or max(len(seats), rules.min_seats)
        options = {**rules.default_options(count), **row.options}
        try:
            ids = rules.roles(count, options)
            held = {s.role: s.seat for s in seats if s.role}
            return tuple(RoleInfo(r, rules.role_label(r, options), held.get(r)) for r in ids)
        except Exception as err:  # a game's bug must not close the lobby
            log.warning("game %s: roles of %s failed: %r", row.id, row.game, err)
            return ()

    @staticmethod
    def _pick_role(info: GameInfo, wish: str, seat: str | None) -> str:
        """The role id ``wish`` names (an id or a label, any case) for ``seat``; '' for ``random``.
        Refuses a role the game does not offer or another seat holds, listing the free ones."""
        wish = str(wish).strip()
        if wish.lower() in ("", RANDOM_ROLE, "none"):
            return ""
        free = [r.id for r in info.roles if r.seat is None or r.seat == seat] + [RANDOM_ROLE]
        if not info.roles:
            raise TableError(f"{info.title} has no roles to choose in the lobby", code="no_roles",
                             legal="/game join, then /game start")
        found = next((r for r in info.roles if wish.lower() in (r.id.lower(), r.label.lower())), None)
        if found is None:
            raise TableError(f"{info.title} has no role {wish!r}", code="unknown_role", legal=free)
        if found.seat is not None and found.seat != seat:
            raise TableError(f"{found.label} ({found.id}) is taken by seat {found.seat}", code="role_taken",
                             legal=free)
        return found.id

    def in_scope(self, actor: Actor, channel: str | None, row: GameRow) -> bool:
        """Whether a command from ``actor`` in ``channel`` may address the game at all.

        From a server: the server's own games (and a game whose server is not recorded yet, from its
        own channel). On the local table (no server, a channel): the games that belong to no server.
        In a DM: the games where the person holds a seat or that they created."""
        if actor.guild is not None:
            return row.guild == actor.guild or (row.guild is None and channel is not None and row.channel == channel)
        if channel is not None:
            return row.guild is None
        return row.creator == actor.user_id or any(s.user_id == actor.user_id for s in self.store.seats(row.id))

    def adopt_guild(self, game_id: int, guild: str) -> None:
        """Record the server of a game made before games had one (the Discord adapter, which knows
        each thread's server, calls this; see migration 5). A game's recorded server never changes."""
        row = self._find(game_id)
        if row is not None and row.guild is None:
            self.store.update_game(game_id, guild=guild)

    def games_without_guild(self) -> list[tuple[int, str]]:
        """``(game id, channel)`` of the games whose server is not recorded (see :meth:`adopt_guild`)."""
        return [(r.id, r.channel) for r in self.store.games_without_guild() if r.channel is not None]

    def resolve(self, actor: Actor, channel: str | None, game_id: int | None = None) -> GameRow:
        """The game a command addresses, always within the caller's scope (:meth:`in_scope`):
        ``game_id`` if given, else the channel's (its live game, or its latest one), else (in DMs)
        the one live game the person sits at or created. A game out of scope is refused exactly as
        a game that does not exist."""
        if game_id is not None:
            row = self._find(int(game_id))
            if row is None or not self.in_scope(actor, channel, row):
                raise _no_such_game(game_id)
            return self._claim(actor, channel, row)
        if channel is not None:
            rows = [r for r in self.store.games(channel=channel) if self.in_scope(actor, channel, r)]
            live = [r for r in rows if r.status in LIVE]
            if live:
                return self._claim(actor, channel, live[-1])
            if rows:
                return self._claim(actor, channel, rows[-1])
            raise TableError("there is no game in this channel", code=Refusal.NO_GAME, legal="/game new <name>")
        mine = [r for r in self.store.games(member=actor.user_id, statuses=LIVE) if self.in_scope(actor, None, r)]
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise TableError("you sit at no live game", code=Refusal.NO_GAME, legal="/game new <name>, or join one")
        raise TableError("you sit at several games: say which with game:<number>", code=Refusal.WHICH_GAME,
                         legal=[f"game:{r.id} ({r.game})" for r in mine])

    def _claim(self, actor: Actor, channel: str | None, row: GameRow) -> GameRow:
        """A game without a recorded server, addressed from its own channel, joins that server."""
        if row.guild is None and actor.guild is not None and channel is not None and row.channel == channel:
            self.adopt_guild(row.id, actor.guild)
            return self._row(row.id)
        return row

    def is_gm(self, actor: Actor, row: GameRow) -> bool:
        """The game's manager: its creator, or a member with the GM permission (``actor.admin``) in
        the game's OWN server (a permission held in another server counts for nothing here)."""
        return actor.user_id == row.creator or (actor.admin and actor.guild == row.guild)

    def _need_gm(self, actor: Actor, row: GameRow, what: str) -> None:
        if not self.is_gm(actor, row):
            raise NotAllowed(f"only the game's manager may {what}",
                             legal="the game's creator, or Manage Server or the GM role in this server")

    def may_import(self, actor: Actor) -> bool:
        """Importing opens a game with seats for people named in a file: a GM of this server (anyone
        on the local table, which has no server roles)."""
        return self.local or actor.admin

    def _seen(self, key: str | None, actor: Actor, channel: str | None) -> AlreadyDone | None:
        """The answer to a command key seen before; the game is named only if the caller may see it."""
        if not key:
            return None
        done = self.store.command_key(key)
        if done is None:
            return None
        row = self._find(done[0]) if done[0] is not None else None
        game = self._info(row) if row is not None and self.in_scope(actor, channel, row) else None
        return AlreadyDone(game, done[1], key)

    def _once(self, actor: Actor, channel: str | None, game_id: int | None, key: str | None,
              body: Callable[[GameRow], T], *, gm: str | None = None) -> T | AlreadyDone:
        """The opening every command that changes a game shares: a key seen before returns its first
        answer; otherwise the game is resolved within the caller's scope (:meth:`resolve`), the
        authority checked (``gm`` names what needs the game's manager: :meth:`is_gm`), the game's lock
        taken, the key checked again (a racing duplicate) and ``body`` runs on the fresh row. Commands
        that open a game use :meth:`_opening` instead."""
        if (done := self._seen(key, actor, channel)) is not None:
            return done
        row = self.resolve(actor, channel, game_id)
        if gm is not None:
            self._need_gm(actor, row, gm)
        with self._lock(row.id):
            if (done := self._seen(key, actor, channel)) is not None:
                return done
            try:
                return body(self._row(row.id))
            except sqlite3.IntegrityError:
                if (done := self._seen(key, actor, channel)) is not None:  # another process ran it first
                    return done
                raise

    def _opening(self, actor: Actor, channel: str | None, key: str | None, body: Callable[[], T], *,
                 gm: str | None = None) -> T | AlreadyDone:
        """:meth:`_once` for the commands that open a game (new, import): there is no game to resolve
        yet; ``gm`` names what needs a server GM (:meth:`may_import`); the channel must have no live
        game. One opening at a time, so two racing ones cannot both take the channel."""
        if (done := self._seen(key, actor, channel)) is not None:
            return done
        if gm is not None and not self.may_import(actor):
            raise NotAllowed(f"only a GM of this server may {gm}", legal="needs Manage Server or the GM role")
        with self._create_lock:
            if (done := self._seen(key, actor, channel)) is not None:
                return done
            if channel is not None:
                busy = [r for r in self.store.games(channel=channel, statuses=LIVE)]
                if busy:
                    raise TableError(f"this channel already has game {busy[-1].id} ({busy[-1].status}); finish "
                                     "or abandon it first, or open another thread", code="channel_busy")
            return body()

    def _remember(self, key: str | None, game_id: int | None, command: str) -> None:
        if key:
            self.store.record_command_key(key, game_id, command, self.clock.now())

    def _queue(self, game_id: int, messages: list[ob.Message]) -> None:
        now = self.clock.now()
        for m in messages:
            self.store.add_outbox(game_id, m.key, m.kind, m.recipient, m.payload, now)

    def _prefix(self, row: GameRow, seq: int, epoch: int | None = None) -> str:
        return f"g{row.id}.e{row.epoch if epoch is None else epoch}.s{seq}"

    def _post(self, row: GameRow, name: str, kind: str, **data: Any) -> None:
        """A table announcement (pause, replace...) as a channel post, and a fresh status."""
        messages = [ob.Message(f"g{row.id}.{name}", ob.CHANNEL_POST, "channel", {"type": kind, "game_id": row.id,
                                                                                  **data})]
        fresh = self._row(row.id)
        rules = self._rules.get(row.game)
        if rules is not None and self.store.has_snapshot(row.id) and not self.store.quarantined(row.id):
            state = self._load(fresh)
            messages.append(ob.Message(f"g{row.id}.{name}.status", ob.STATUS_EDIT, "channel", ob.status_payload(
                row.id, rules, state, fresh.result, self._due_map(row.id), fresh.status, self._names(row.id))))
        self._queue(row.id, messages)

    # -- loading ----------------------------------------------------------------------
    def _load(self, row: GameRow, upto: int | None = None) -> GameState:
        """Latest snapshot (at or before ``upto``) + replay of the later actions.

        A snapshot that cannot be read is passed over for an older one, and at worst the game is
        set up again from its seed and its whole log replayed; only when that fails too is the game
        corrupt: it is set aside (quarantine) and :class:`CorruptGame` raised, here and for every
        later command, until an operator releases it."""
        for q in self.store.quarantined(row.id):
            raise CorruptGame(row.id, int(q.row) if q.row.isdigit() else 0, q.reason, what=_ROW_NAMES.get(q.what, q.what))
        rules = self.rules_for(row.game)
        if upto is None:
            live = self._live.get(row.id)
            if live is not None and live.seq == row.last_seq and live.epoch == row.epoch:
                self._keep(row.id, live)
                return live.state
        try:
            state = self._rebuild(row, rules, upto)
        except CorruptGame as err:
            self._quarantine(DamagedRow(row.id, "actions" if err.what == "action" else "snapshots", err.seq, err.reason))
            raise
        if upto is None:
            self._keep(row.id, _Live(state, row.last_seq, row.epoch))
        return state

    def _rebuild(self, row: GameRow, rules: Rules, upto: int | None) -> GameState:
        """The state from the newest snapshot that reads and replays, else from the seed."""
        seqs = self.store.snapshot_seqs(row.id, upto)
        if not seqs:
            raise CorruptGame(row.id, 0, "no snapshot to start from", what="snapshot")
        for seq in seqs:
            try:
                snap = self.store.snapshot(row.id, seq)
                assert snap is not None
                state = rules.load(json.loads(snap.state))
                return self._replay(row, rules, state, seq, upto)
            except Exception as err:  # a damaged snapshot: an older one, or the seed, will do
                log.warning("game %s: snapshot %s cannot be used (%s: %s); trying an older one", row.id, seq,
                            type(err).__name__, err)
        seats = [s.seat for s in self.store.seats(row.id)]
        try:
            state, _ = rules.new_game(seats, dict(row.options), row.seed)
        except Exception as err:
            raise CorruptGame(row.id, 0, f"setup from the seed failed: {type(err).__name__}: {err}",
                              what="snapshot") from None
        state = self._replay(row, rules, state, 0, upto)
        log.warning("game %s: loaded by replaying its whole log from the seed (its snapshots are damaged)", row.id)
        return state

    def _replay(self, row: GameRow, rules: Rules, state: GameState, after: int, upto: int | None) -> GameState:
        try:
            logged = self.store.actions(row.id, after=after, upto=upto)
        except DamagedRow as err:
            raise CorruptGame(row.id, int(err.row), err.reason) from None
        for a in logged:
            try:
                action = Action.from_json(json.loads(a.action))
            except Exception as err:
                raise CorruptGame(row.id, a.seq, f"unreadable action: {type(err).__name__}: {err}") from None
            try:
                apply(rules, state, a.seat, action)
            except RuleError as err:
                raise CorruptGame(row.id, a.seq, f"the rules refuse it on replay ({err.code}, {err.section})") from None
            except Exception as err:
                raise CorruptGame(row.id, a.seq, f"replay failed ({type(err).__name__})") from None
            if state.version != a.version:
                raise CorruptGame(row.id, a.seq, f"replay reached state {state.version}, the log says {a.version}")
        return state

    def _keep(self, game_id: int, live: _Live) -> None:
        """Cache a loaded game; past ``cache_size`` the least recently used one leaves memory."""
        with self._live_guard:
            self._live[game_id] = live
            self._live.move_to_end(game_id)
            while len(self._live) > self.cache_size:
                self._live.popitem(last=False)

    def forget_cached(self) -> None:
        """Drop every loaded game from memory (they load again from the store when next used)."""
        with self._live_guard:
            self._live.clear()

    def cached_games(self) -> int:
        return len(self._live)

    def _quarantine(self, damage: DamagedRow) -> None:
        """Set a damaged game aside: an operator log line, a notice in its thread; the others go on."""
        now = self.clock.now()
        self._live.pop(damage.game, None)
        if not self.store.quarantine(damage, now):
            return
        log.error("game %s set aside: %s row %s cannot be read (%s); every other game goes on. "
                  "Run python -m bot check (docs/operations.md)", damage.game, damage.table, damage.row, damage.reason)
        self.store.add_outbox(damage.game, f"damaged:g{damage.game}.{damage.table}.{damage.row}", ob.CHANNEL_POST,
                              "channel", {"type": "damaged", "game_id": damage.game}, now)

    def state(self, game_id: int) -> GameState:
        """A copy of a started game's current state (for tests and tools)."""
        row = self._row(game_id)
        with self._lock(game_id):
            return self.rules_for(row.game).copy(self._load(self._row(game_id)))

    # -- settings and deadlines -----------------------------------------------------------
    def _check_setting(self, name: str, value: str) -> None:
        """Refuse an unknown setting or a value out of bounds: text of at most 100 characters, a
        deadline of at most 30 days, at most 5 reminders (each within 30 days)."""
        if name not in DEFAULT_SETTINGS:
            raise TableError(f"no setting {name!r}", code=Refusal.BAD_SETTING, legal=sorted(DEFAULT_SETTINGS))
        if not isinstance(value, str) or len(value) > limits.MAX_SETTING_VALUE:
            raise TableError(f"{name}: a setting's value is text of at most {limits.MAX_SETTING_VALUE} characters",
                             code=Refusal.BAD_SETTING, legal="e.g. 24h, 2h30m, off")
        longest = format_duration(limits.MAX_DEADLINE)
        try:
            parts = [p for p in value.split(",") if p.strip()] if name == "reminders" else [value] if value else []
            if len(parts) > limits.MAX_REMINDERS:
                raise TableError(f"reminders: {len(parts)} reminders asked, at most {limits.MAX_REMINDERS} allowed",
                                 code=Refusal.BAD_SETTING, legal="e.g. 12h,1h (or off)")
            for part in parts:
                if parse_duration(part) > limits.MAX_DEADLINE:
                    raise TableError(f"{name}: {part.strip()} is longer than {longest}, the longest allowed",
                                     code=Refusal.BAD_SETTING, legal=f"up to {longest}, or off")
        except ValueError as err:
            raise TableError(f"{name}: {err}", code=Refusal.BAD_SETTING, legal="e.g. 24h, 2h30m, off") from None

    def settings_of(self, row: GameRow) -> dict[str, str]:
        return {**self.defaults, **row.settings}

    def _deadline_for(self, settings: dict[str, str], d: Decision) -> float:
        """Time for one decision: the table's ``deadline.<kind>`` setting, else the game's suggestion
        (``deadline`` in the decision's info, e.g. a short reaction window), else ``deadline``."""
        value = settings.get(f"deadline.{d.kind.value}") or d.info.get("deadline") or settings["deadline"]
        try:
            return min(parse_duration(value), limits.MAX_DEADLINE)
        except ValueError:
            log.warning("decision %s suggests an unreadable deadline %r", d.id, value)
            return parse_duration(settings["deadline"])

    def _reminders(self, settings: dict[str, str]) -> list[float]:
        out = []
        for part in str(settings.get("reminders", "")).split(","):
            if part.strip():
                seconds = parse_duration(part)
                if seconds > 0:
                    out.append(seconds)
        return sorted(set(out), reverse=True)

    def _sync_deadlines(self, row: GameRow, rules: Rules, state: GameState, now: float) -> dict[tuple[str, str], float]:
        """Close rows of decisions no longer awaited, open rows for newly awaited seats.

        Returns the deadline of every awaited (decision, seat), for status and prompts.
        """
        awaited = {(d.id, s): d for d in rules.pending(state) if d.blocking for s in d.seats}
        due: dict[tuple[str, str], float] = {}
        have: set[tuple[str, str]] = set()
        rows = self.store.open_deadlines(row.id)
        timed = {(r.decision, r.seat) for r in rows if r.kind == "deadline"}
        for r in rows:
            pair = (r.decision, r.seat)
            if pair not in awaited:
                self.store.close_deadline(r.id, now, "answered")
            elif pair not in timed:  # its deadline fired but the seat is still awaited: start afresh
                self.store.close_deadline(r.id, now, "superseded")
            else:
                have.add(pair)
                if r.kind == "deadline":
                    due[pair] = r.deadline
        settings = self.settings_of(row)
        for pair, d in awaited.items():
            if pair in have:
                continue
            seconds = self._deadline_for(settings, d)
            if seconds <= 0:
                continue
            deadline = now + seconds
            self.store.add_deadline(row.id, d.id, pair[1], "deadline", deadline, deadline, now)
            for before in self._reminders(settings):
                if before < seconds:
                    self.store.add_deadline(row.id, d.id, pair[1], "reminder", deadline - before, deadline, now)
            due[pair] = deadline
        return due

    def _due_map(self, game_id: int) -> dict[tuple[str, str], float]:
        return {(r.decision, r.seat): r.deadline for r in self.store.open_deadlines(game_id) if r.kind == "deadline"}

    # -- the lobby --------------------------------------------------------------------------
    def new_game(self, actor: Actor, channel: str | None, name: str, *, players: int | None = None,
                 options: str | dict[str, Any] | None = None, play: bool = True, seed: int | None = None,
                 key: str | None = None) -> Created | AlreadyDone:
        """Open a lobby for game ``name`` bound to ``channel`` (one live game per channel) in the
        actor's server; the actor is its creator, hence its manager."""
        rules = self.rules_for(name)
        return self._opening(actor, channel, key, lambda: self._new_game(actor, channel, rules, players, options,
                                                                          play, seed, key))

    def _new_game(self, actor: Actor, channel: str | None, rules: Rules, players: int | None,
                  options: str | dict[str, Any] | None, play: bool, seed: int | None,
                  key: str | None) -> Created:
        if players is not None and not rules.min_seats <= players <= rules.max_seats:
            raise TableError(f"{rules.title} takes {rules.min_seats} to {rules.max_seats} players, not {players}",
                             code="players", legal=f"{rules.min_seats}-{rules.max_seats}")
        opts = parse_options(options)
        if opts.get("roles") not in (None, "") and rules.roles(players or rules.min_seats,
                                                                {**rules.default_options(players or rules.min_seats),
                                                                 **opts}):
            raise TableError("roles are chosen in the lobby, seat by seat", code=Refusal.BAD_OPTION,
                             legal="/game join role:<role>, /game role <role>")
        # Table settings may be given with the options: /game new fief options:deadline=2h
        game_keys = rules.default_options(players or rules.min_seats)
        settings = {k: "off" if v is False else str(v) for k, v in opts.items()
                    if k in DEFAULT_SETTINGS and k not in game_keys}
        for k, v in settings.items():
            self._check_setting(k, v)
            del opts[k]
        self._check_options(rules, players or rules.min_seats, opts)
        now = self.clock.now()
        with self.store.transaction():
            game_id = self.store.create_game(
                game=rules.name, channel=channel, guild=actor.guild, creator=actor.user_id, players=players,
                options=opts,
                settings=settings, seed=secrets.randbits(62) if seed is None else int(seed),
                engine_version=rules.engine_version, schema=rules.schema_version, now=now)
            seat = None
            if play:
                seat = self._free_seat(actor.name or actor.user_id, [], explicit=False)
                self.store.add_seat(game_id, seat, actor.user_id, shown_name(actor.name), now)
            self._remember(key, game_id, "new")
        return Created(self.info(game_id), seat)

    def _check_options(self, rules: Rules, seats: int, opts: dict[str, Any]) -> None:
        known = rules.default_options(seats)
        unknown = sorted(set(opts) - set(known))
        if unknown:
            raise TableError(f"{rules.title} has no option {unknown[0]!r}", code=Refusal.BAD_OPTION,
                             legal=sorted(known) or "no options")
        rules.check_options(seats, {**known, **opts})

    def _free_seat(self, wish: str, taken: list[str], *, explicit: bool) -> str:
        if explicit and len(wish) > limits.MAX_SEAT_NAME:
            raise TableError(f"a seat name is at most {limits.MAX_SEAT_NAME} characters, not {len(wish)}",
                             code=Refusal.BAD_VALUE, legal="a short name: letters, digits, - and _")
        base = seat_name(wish) or f"p{len(taken) + 1}"
        if base in taken:
            if explicit:
                raise TableError(f"seat {base!r} is taken", code="seat_taken", legal=f"not {', '.join(taken)}")
            n = 2
            while f"{base}{n}" in taken:
                n += 1
            base = f"{base}{n}"
        return base

    def join(self, actor: Actor, channel: str | None, *, seat: str | None = None, role: str | None = None,
             game_id: int | None = None, key: str | None = None) -> Joined | AlreadyDone:
        """Take a lobby seat; ``role`` also chooses a colour or faction (see :meth:`role`)."""

        def body(row: GameRow) -> Joined:
            info = self._info(row)
            mine = info.seat_of(actor.user_id)
            if mine is not None and not role:
                return Joined(info, mine.seat, already=True, role=mine.role)
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has already started ({row.status})", code="started",
                                 legal="ask a GM to give you a seat with /game replace")
            if mine is not None:  # seated already: join role:x changes the role
                chosen = self._pick_role(info, role or "", mine.seat)
                with self.store.transaction():
                    self.store.set_seat_role(row.id, mine.seat, chosen)
                    self._remember(key, row.id, "join")
                return Joined(self.info(row.id), mine.seat, already=True, role=chosen)
            rules = self.rules_for(row.game)
            limit = row.players or rules.max_seats
            if len(info.seats) >= limit:
                raise TableError(f"game {row.id} is full ({limit} seats)", code="full")
            chosen = self._pick_role(info, role, None) if role else ""
            name = self._free_seat(seat or actor.name or actor.user_id, [s.seat for s in info.seats],
                                   explicit=bool(seat))
            with self.store.transaction():
                self.store.add_seat(row.id, name, actor.user_id, shown_name(actor.name), self.clock.now(), chosen)
                self._remember(key, row.id, "join")
            return Joined(self.info(row.id), name, role=chosen)

        return self._once(actor, channel, game_id, key, body)

    def role(self, actor: Actor, channel: str | None, *, role: str, game_id: int | None = None,
             key: str | None = None) -> RoleChosen | AlreadyDone:
        """Choose (or change) the actor's role in the lobby: a role id or its name, any case;
        ``random`` gives the choice back to the deal at the start. Refused for a role another seat
        holds or the game does not offer (the free roles are listed)."""

        def body(row: GameRow) -> RoleChosen:
            info = self._info(row)
            mine = info.seat_of(actor.user_id)
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has started: roles are chosen in the lobby", code="started")
            if mine is None:
                raise TableError(f"you have no seat in game {row.id}", code="no_seat",
                                 legal=f"/game join role:{role}")
            chosen = self._pick_role(info, role, mine.seat)
            with self.store.transaction():
                self.store.set_seat_role(row.id, mine.seat, chosen)
                self._remember(key, row.id, "role")
            label = next((r.label for r in info.roles if r.id == chosen), chosen)
            return RoleChosen(self.info(row.id), mine.seat, chosen, label, mine.role)

        return self._once(actor, channel, game_id, key, body)

    def leave(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> Left | AlreadyDone:

        def body(row: GameRow) -> Left:
            mine = self._info(row).seat_of(actor.user_id)
            if mine is None:
                raise TableError(f"you have no seat in game {row.id}", code="no_seat")
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has started: seats can only change hands", code="started",
                                 legal="ask a GM: /game replace")
            with self.store.transaction():
                self.store.remove_seat(row.id, mine.seat)
                self._remember(key, row.id, "leave")
            return Left(self.info(row.id), mine.seat)

        return self._once(actor, channel, game_id, key, body)

    def start(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> Started | AlreadyDone:
        """Run the game's setup with the lobby's seats and roles (the game's manager)."""
        return self._once(actor, channel, game_id, key, lambda row: self._start(row, key), gm="start the game")

    def _start(self, row: GameRow, key: str | None) -> Started:
        if row.status != GameStatus.LOBBY:
            raise TableError(f"game {row.id} is not in its lobby ({row.status})", code="started")
        rules = self.rules_for(row.game)
        info = self._info(row)
        names = [s.seat for s in info.seats]
        if row.players is not None and len(names) != row.players:
            raise TableError(f"game {row.id} waits for {row.players} players, {len(names)} seated",
                             code="not_full", legal="/game join")
        options = dict(row.options)
        if any(s.role for s in info.seats):  # the lobby's choices, in seat order (Rules.roles)
            options["roles"] = ",".join(s.role or RANDOM_ROLE for s in info.seats)
        state, events = rules.new_game(names, options, row.seed)  # RuleError: refused, nothing stored
        now = self.clock.now()
        phase = rules.phase(state)
        dealt = rules.seat_roles(state)  # every seat's role now, the dealt ones too (public)
        steps = _Steps(rules, rules.load(rules.dump(state)), phase, 0, self.snapshot_every)
        steps.skip_passes(f"start:{row.id}:{row.epoch}")
        work = steps.work
        with self.store.transaction():
            for s in info.seats:
                if dealt.get(s.seat, s.role) != s.role:
                    self.store.set_seat_role(row.id, s.seat, dealt[s.seat])
            self.store.put_snapshot(row.id, 0, dumps(rules.dump(state)), phase, now)
            steps.store(self.store, row.id, now)
            self.store.update_game(row.id, status=GameStatus.ACTIVE.value, phase=rules.phase(work), updated=now,
                                   engine_version=rules.engine_version, schema=rules.schema_version,
                                   options=options)
            row = self._row(row.id)
            due = self._sync_deadlines(row, rules, work, now)
            players = self._names(row.id)
            roles = {s: _roles_words(rules, r, options) for s, r in dealt.items()}
            self._queue(row.id, ob.after_action(ob.Turn(
                game_id=row.id, prefix=self._prefix(row, 0), rules=rules, state=work, before=None,
                events=events + steps.events, phase_events=[], names=players, due=due, kind="started",
                extra={"roles": roles or {s: "" for s in players}})))
            self._remember(key, row.id, "start")
        self._keep(row.id, _Live(work, steps.seq, row.epoch))
        return Started(self.info(row.id), rules.phase(work))

    # -- playing ----------------------------------------------------------------------------
    def act(self, actor: Actor, channel: str | None, group: str | None, action: Action, *,
            game_id: int | None = None, key: str | None = None, expect_version: int | None = None) -> Applied:
        """Apply ``action`` for the actor's seat. ``group`` (``"fief"``...) must match the game when given.

        ``key`` is the idempotency key (the Discord interaction id): a key seen before returns the
        first result with ``duplicate=True`` and applies nothing. ``expect_version`` refuses a stale
        button (the state moved on since it was drawn).
        """
        row = self.resolve(actor, channel, game_id)
        if group is not None and group != row.game:
            raise TableError(f"game {row.id} is {self._title(row.game)}: use /{row.game}, not /{group}",
                             code="wrong_game", legal=f"/{row.game} ...")
        mine = self._info(row).seat_of(actor.user_id)
        if mine is None:
            raise NotAllowed(f"you have no seat in game {row.id}; only a seat's player acts for it",
                             legal=[s.seat for s in self._info(row).seats])
        try:
            return self._apply(row.id, mine.seat, action, key=key, user_id=actor.user_id, source="player",
                               expect_version=expect_version)
        except StaleState:
            raise
        except RuleError as err:
            raise self._named_refusal(row, mine.seat, action, err) from None

    def _named_refusal(self, row: GameRow, seat: str, action: Action, err: RuleError) -> RuleError:
        """The refusal with its legal choices named as people see them (ids they never typed)."""
        if not isinstance(err.legal, list | tuple) or row.game not in self._rules:
            return err
        rules = self.rules_for(row.game)
        spec = rules.actions.get(action.kind)
        try:
            state = self._load(self._row(row.id))
            names: dict[Any, str] = {}
            for p in spec.params if spec else ():
                names.update(self._value_names(rules, state, seat, action.kind, p.name))
        except Exception:  # naming must never hide the refusal itself
            return err
        if names:
            err.legal = [names.get(x, x) for x in err.legal]
            err.args = (err.describe(),)
        return err

    def _check_playable(self, row: GameRow) -> None:
        status = GameStatus(row.status)
        if status is GameStatus.LOBBY:
            raise TableError(f"game {row.id} has not started", code="not_started", legal="/game start")
        if status is GameStatus.PAUSED:
            raise TableError(f"game {row.id} is paused", code="paused", legal="a GM may /game resume")
        if status is GameStatus.FINISHED:
            raise TableError(f"game {row.id} is over", code=Refusal.GAME_OVER, legal="/game status, /game log")
        if status is GameStatus.ABANDONED:
            raise TableError(f"game {row.id} was abandoned", code="abandoned")

    def _duplicate(self, row: GameRow, key: str | None) -> Applied | None:
        """The first result of an action key seen before (or a refusal if a GM undid it)."""
        if key is None:
            return None
        first = self.store.action_by_key(row.id, key)
        if first is not None:
            seen = tuple(e for e in map(Event.from_json, json.loads(first.events)) if e.visible_to(first.seat))
            return Applied(self._info(row), first.seat, Action.from_json(json.loads(first.action)), first.seq,
                           seen, row.phase, False, row.result, duplicate=True, source=first.source)
        if self.store.key_was_undone(row.id, key):
            raise TableError("this action was applied and then undone by a GM", code="undone")
        return None

    def _apply(self, game_id: int, seat: str, action: Action, *, key: str | None, user_id: str | None,
               source: str, expect_version: int | None = None, deadline_id: int | None = None) -> Applied:
        """Apply for ``seat``; the database decides between processes: one that loses the race to append
        (:class:`~bot.table.store.StaleAppend`) reloads and looks again, and answers as for a duplicate
        when the winner applied this very key."""
        key = key or f"auto:{uuid.uuid4().hex}"
        while True:
            try:
                return self._apply_once(game_id, seat, action, key=key, user_id=user_id, source=source,
                                        expect_version=expect_version, deadline_id=deadline_id)
            except StaleAppend as err:
                log.debug("game %s moved on in another process (%s): looking again", game_id, err)
                self._live.pop(game_id, None)

    def _apply_once(self, game_id: int, seat: str, action: Action, *, key: str, user_id: str | None,
                    source: str, expect_version: int | None, deadline_id: int | None) -> Applied:
        with self._lock(game_id):
            row = self._row(game_id)
            if (dup := self._duplicate(row, key)) is not None:
                return dup
            self._check_playable(row)
            rules = self.rules_for(row.game)
            live = self._load(row)
            if expect_version is not None and live.version != expect_version:
                raise StaleState(expect_version, live.version)
            since = self._phase_events(row, rules, live)
            work = rules.load(rules.dump(live))
            steps = _Steps(rules, work, row.phase, row.last_seq, self.snapshot_every)
            steps.play(seat, action, key, source, user_id)  # a RuleError leaves everything as it was
            steps.skip_passes(key)
            seq = row.last_seq + 1
            phase = rules.phase(work)
            res = rules.result(work)
            result = res.to_json() if res is not None else None
            now = self.clock.now()
            with self.store.transaction():
                steps.store(self.store, game_id, now, epoch=row.epoch)
                if deadline_id is not None:
                    self.store.close_deadline(deadline_id, now, "default applied")
                fields: dict[str, Any] = {"phase": phase}
                if result is not None:
                    fields.update(status=GameStatus.FINISHED.value, result=result)
                    if not steps.snapshotted_last:
                        self.store.put_snapshot(game_id, steps.seq, dumps(rules.dump(work)), phase, now)
                self.store.update_game(game_id, **fields)
                if result is not None:
                    self.store.close_game_deadlines(game_id, now, "game over")
                    due: dict[tuple[str, str], float] = {}
                else:
                    due = self._sync_deadlines(row, rules, work, now)
                words = rules.words()
                names = self._names(game_id)
                chosen = words.label(live, seat, action, Audience(seat, names))
                answer = {"deadline": f"Time ran out, so the table chose for you: {chosen}.",
                          "gm": f"A GM chose for you: {chosen}."}.get(source, f"You chose: {chosen}.")
                self._queue(game_id, ob.after_action(ob.Turn(
                    game_id=game_id, prefix=self._prefix(row, seq), rules=rules, state=work, before=live,
                    events=steps.events, phase_events=since, names=names, due=due, result=result,
                    status=fields.get("status", row.status),
                    actor_private=seat if source == "player" else None, answered={seat: answer})))
            title_before = ob.title_of(rules, words, live)
            keep = since + steps.events if ob.title_of(rules, words, work) == title_before else []
            self._keep(game_id, _Live(work, steps.seq, row.epoch, keep))
            mine = tuple(e for e in steps.events if e.visible_to(seat))
            news = words.news(work, [e for e in mine if e.to is not None], seat, Audience(seat, names))
            return Applied(self.info(game_id), seat, action, seq, mine, phase, phase != row.phase, result,
                           source=source, said=chosen, news=tuple(news))

    def _prompt_anew(self, row: GameRow, seat: str, key: str) -> list[ob.Message]:
        """The seat's living prompt as a new message (for a seat's new holder), if it is awaited."""
        rules = self._rules.get(row.game)
        if rules is None or row.status != GameStatus.ACTIVE or self.store.latest_snapshot(row.id) is None:
            return []
        state = self._load(row)
        d = ob.awaited(rules, state, offers=True).get(seat)
        if d is None:
            return []
        words = rules.words()
        return [ob.Message(key, ob.DM, f"seat:{seat}", ob.prompt_payload(
            rules, words, state, d, seat, Audience(None, self._names(row.id)), game_id=row.id,
            due=self._due_map(row.id).get((d.id, seat)), fresh=True, title=ob.title_of(rules, words, state)))]

    def _names(self, game_id: int) -> dict[str, str]:
        """Seat -> the name of the person holding it, for the words people read."""
        return {s.seat: s.name or s.seat for s in self.store.seats(game_id)}

    def _phase_events(self, row: GameRow, rules: Rules, state: GameState) -> list[Event]:
        """The events of the phase under way (for its summary when it ends): kept with the loaded
        game, else read back from the log since the snapshot where the phase began."""
        live = self._live.get(row.id)
        if live is not None and live.state is state and live.since is not None:
            return live.since
        words = rules.words()
        title = ob.title_of(rules, words, state)
        def snapshot(upto: int) -> SnapshotRow | None:
            try:
                return self.store.latest_snapshot(row.id, upto)
            except DamagedRow:  # a damaged snapshot: the summary reads the log from further back
                return None

        start = snap = snapshot(row.last_seq)
        for _ in range(50):  # snapshots are taken whenever the phase changes
            if snap is None:
                break
            try:
                at = rules.load(json.loads(snap.state))
            except Exception:
                break
            if ob.title_of(rules, words, at) != title:
                break
            start = snap
            snap = snapshot(snap.seq - 1) if snap.seq > 0 else None
        since = [e for a in self.store.actions(row.id, after=start.seq if start else 0)
                 for e in map(Event.from_json, json.loads(a.events))]
        if live is not None and live.state is state:
            live.since = since
        return since

    # -- prompts, choices and flows ---------------------------------------------------------
    def _awaited_seat(self, actor: Actor, channel: str | None,
                      game_id: int | None) -> tuple[GameRow, Rules, GameState, str, Decision]:
        row, rules, state = self._started(actor, channel, game_id)
        mine = self._info(row).seat_of(actor.user_id)
        if mine is None:
            raise NotAllowed(f"you have no seat in game {row.id}; only a seat's player answers for it")
        self._check_playable(row)
        d = ob.awaited(rules, state, offers=True).get(mine.seat)
        if d is None:
            raise TableError("nothing waits on you right now", code="not_awaited",
                             legal="`/game status` shows who the game waits for")
        return row, rules, state, mine.seat, d

    def prompt(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> dict[str, Any]:
        """The actor's living prompt as the outbox words it (question, deadline, choices), now."""
        row, rules, state, seat, d = self._awaited_seat(actor, channel, game_id)
        names = self._names(row.id)
        return ob.prompt_payload(rules, rules.words(), state, d, seat, Audience(None, names), game_id=row.id,
                                 due=self._due_map(row.id).get((d.id, seat)), fresh=False,
                                 title=ob.title_of(rules, rules.words(), state))

    def choose(self, actor: Actor, channel: str | None, *, version: int, path: list[list[int]] | tuple[Any, ...],
               game_id: int | None = None, key: str | None = None, confirmed: bool = False) -> Applied | Asked:
        """Answer the actor's prompt by clicks: ``path`` is the index of a choice of the prompt
        (``[[i]]``), then the option indices picked at each step of its flow. Returns the next
        question (:class:`Asked`) while the action is not complete, a confirmation question for a
        harmful choice (``Asked.confirm``; answer again with ``confirmed``), else plays it.
        ``version`` names the prompt's menu (``outbox.menu_id``): a click on a prompt whose choices
        changed since is refused."""
        row, rules, state, seat, d = self._awaited_seat(actor, channel, game_id)
        if key and (dup := self._duplicate(row, key)) is not None:
            return dup
        words = rules.words()
        aud = Audience(seat, self._names(row.id))
        choices = ob.prompt_choices(rules, words, state, d, seat, aud)
        if ob.menu_id(choices) != version:
            raise TableError("this prompt is out of date: the game has moved on since", code="stale",
                             legal="your fresh prompt is the newest one in your messages, or `/game hand`")
        steps = [tuple(int(i) for i in step) for step in path]
        if not steps or len(steps[0]) != 1:
            raise TableError("choose one of the prompt's choices first", code="bad_choice")
        first = steps[0][0]
        if not 0 <= first < len(choices):
            raise TableError("that choice is not offered any more", code="stale")
        c = choices[first]
        action, confirm = c.action, c.confirm
        if action is None:
            if c.flow is None:
                raise TableError("that choice leads nowhere", code="bad_choice")
            kind, chosen = c.flow, dict(c.chosen)
            for picked in steps[1:]:
                step = words.flow(state, seat, kind, chosen, aud)
                if step is None:
                    break
                try:
                    options = [step.options[i] for i in picked]
                except IndexError:
                    raise TableError("that choice is not offered any more", code="stale") from None
                if len(options) == 1 and options[0].action is not None:
                    action, confirm = options[0].action, options[0].confirm
                    break
                chosen = _merge_chosen(chosen, step.param, options, step.multi)
                confirm = next((o.confirm for o in options if o.confirm), None)
            if action is None:
                step = words.flow(state, seat, kind, chosen, aud)
                if step is not None:
                    return Asked(self._info(row), seat, version, step.question,
                                 tuple((o.label, o.hint) for o in step.options), step.multi,
                                 step.min_values, step.max_values, tuple(steps))
                action = Action.of(kind, **chosen)
        if confirm and not confirmed:
            return Asked(self._info(row), seat, version, confirm, (), path=tuple(steps), confirm=confirm)
        try:
            return self._apply(row.id, seat, action, key=key, user_id=actor.user_id, source="player",
                               expect_version=state.version)
        except StaleState:
            raise
        except RuleError as err:
            raise self._named_refusal(row, seat, action, err) from None

    def flow(self, actor: Actor, channel: str | None, kind: str, chosen: dict[str, Any] | None = None, *,
             game_id: int | None = None) -> Asked | None:
        """The next question of a multi-part action of ``kind`` with ``chosen`` fixed (None: complete)."""
        row, rules, state, seat, _d = self._awaited_seat(actor, channel, game_id)
        step = rules.words().flow(state, seat, kind, dict(chosen or {}), Audience(seat, self._names(row.id)))
        if step is None:
            return None
        return Asked(self._info(row), seat, state.version, step.question,
                     tuple((o.label, o.hint) for o in step.options), step.multi, step.min_values, step.max_values)

    # -- names typed by people ------------------------------------------------------------------
    def named_values(self, actor: Actor, channel: str | None, group: str, name: str, values: dict[str, Any], *,
                     game_id: int | None = None) -> dict[str, Any]:
        """``values`` of a game command with the names people typed turned into the game's ids:
        display names (``Words.value_label``) of the legal values, any case and accents, unique
        prefixes; an id is still accepted. An ambiguous name is refused with its candidates; an
        unknown one is left for the rules to refuse."""
        try:
            cmd = self.registry.find(group, name)
            row, rules, state = self._started(actor, channel, game_id)
        except RuleError:
            return values
        mine = self._info(row).seat_of(actor.user_id)
        if cmd.spec is None or mine is None or row.game != cmd.group:
            return values
        out = dict(values)
        for p in cmd.spec.params:
            raw = values.get(p.name)
            if not isinstance(raw, str) or not raw.strip():
                continue
            names = self._value_names(rules, state, mine.seat, cmd.spec.kind, p.name)
            if not names:
                continue
            is_list = p.type.value == "list"
            parts = [x.strip() for x in raw.split(",")] if is_list else [raw.strip()]
            if is_list and len(parts) == 1 and fold(parts[0]) in NOTHING:
                out[p.name] = ()
                continue
            got = []
            for typed in parts:
                found = match_name(typed, names)
                if len(found) > 1:
                    raise TableError(f"{typed!r} could be {join_words([names[v] for v in found], 'or')}",
                                     code="ambiguous", legal=[names[v] for v in found])
                got.append(str(found[0]) if found else typed)
            out[p.name] = ",".join(got)
        return out

    def _value_names(self, rules: Rules, state: GameState, seat: str, kind: str, param: str) -> dict[Any, str]:
        """The legal values of one parameter (list values one by one) and their names."""
        words = rules.words()
        out: dict[Any, str] = {}
        for v in rules.suggest(state, seat, kind, param):
            for x in (v if isinstance(v, list | tuple) else [v]):
                if x not in out and x not in ("", None):
                    out[x] = words.value_label(state, seat, kind, param, x) or str(x)
        return out

    # -- looking ----------------------------------------------------------------------------
    def status(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Status:
        row = self.resolve(actor, channel, game_id)
        with self._lock(row.id):
            row = self._row(row.id)
            info = self._info(row)
            mine = info.seat_of(actor.user_id)
            if not self.store.has_snapshot(row.id):  # never started
                return Status(info, your_seat=mine.seat if mine else None)
            rules = self.rules_for(row.game)
            state = self._load(row)
            due = self._due_map(row.id)
            names = self._names(row.id)
            waiting = () if row.result else tuple(
                Waiting(d.id, d.kind.value, d.prompt, s, d.blocking, due.get((d.id, s)), names.get(s, s))
                for d in rules.pending(state) for s in d.seats)
            legal: tuple[str, ...] = ()
            said: tuple[str, ...] = ()
            question = ""
            if mine is not None and row.status == GameStatus.ACTIVE:
                legal = tuple(a.text() for a in rules.legal(state, mine.seat))
                d = ob.awaited(rules, state).get(mine.seat)
                if d is not None:
                    aud = Audience(mine.seat, names)
                    question = rules.words().question(state, d, mine.seat, aud)
                    said = tuple(c.label for c in ob.prompt_choices(rules, rules.words(), state, d, mine.seat, aud))
            return Status(info, waiting, rules.view(state, None), row.result, mine.seat if mine else None, legal,
                          ob.title_of(rules, rules.words(), state), said, question)

    def _started(self, actor: Actor, channel: str | None, game_id: int | None) -> tuple[GameRow, Rules, GameState]:
        row = self.resolve(actor, channel, game_id)
        if row.status == GameStatus.LOBBY or not self.store.has_snapshot(row.id):
            raise TableError(f"game {row.id} has not started", code="not_started", legal="/game start")
        rules = self.rules_for(row.game)
        with self._lock(row.id):
            row = self._row(row.id)
            return row, rules, self._load(row)

    def board(self, actor: Actor, channel: str | None, *, private: bool = False, game_id: int | None = None,
              draw: bool = True) -> Board:
        """The board view (public, or the actor's private one) and its image when a drawer exists.
        Drawing takes tens of milliseconds: adapters call this off the event loop."""
        import renderer

        row, rules, state = self._started(actor, channel, game_id)
        seat = None
        if private:
            mine = self._info(row).seat_of(actor.user_id)
            if mine is None:
                raise NotAllowed(f"you have no seat in game {row.id}, so no private board")
            seat = mine.seat
        view = rules.view(state, seat)
        png = renderer.render(rules.name, view, seat) if draw and renderer.has_drawer(rules.name) else None
        return Board(self._info(row), seat, view, png)

    def hand(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Hand:
        row, rules, state = self._started(actor, channel, game_id)
        mine = self._info(row).seat_of(actor.user_id)
        if mine is None:
            raise NotAllowed(f"you have no seat in game {row.id}")
        view = rules.view(state, mine.seat)
        sections = rules.words().hand(state, mine.seat, Audience(mine.seat, self._names(row.id)))
        return Hand(self._info(row), mine.seat, view, private_part(rules.view(state, None), view),
                    tuple((x.title, tuple(x.lines)) for x in sections), f"{rules.title}, game {row.id}")

    def log(self, actor: Actor, channel: str | None, *, last: int = 10, game_id: int | None = None) -> LogPage:
        """The last actions with the events the asker may see (public ones, and their seat's own)."""
        row = self.resolve(actor, channel, game_id)
        if last < 1:
            raise TableError("last must be at least 1", code=Refusal.BAD_VALUE)
        mine = self._info(row).seat_of(actor.user_id)
        seat = mine.seat if mine else None
        rules = self._rules.get(row.game)
        state = self._load(row) if rules is not None and self.store.latest_snapshot(row.id) is not None else None
        names = self._names(row.id)
        entries = []
        for a in self.store.actions(row.id, after=max(0, row.last_seq - last)):
            events = tuple(e for e in map(Event.from_json, json.loads(a.events)) if e.visible_to(seat))
            secret = self._secret_kind(rules, a.action)
            who = a.seat if a.seat == seat or not secret else ""
            line = ""
            if rules is not None and state is not None:
                public = [e for e in events if e.to is None]
                line = rules.words().log_line(state, None if secret else a.seat, public, Audience(None, names))
                if not line:
                    line = self._log_fallback(rules, state, a, secret, names)
            entries.append(LogEntry(a.seq, who, a.at, a.source, events, line))
        return LogPage(self._info(row), tuple(entries))

    @staticmethod
    def _log_fallback(rules: Rules, state: GameState, a: Any, secret: bool, names: dict[str, str]) -> str:
        """A log line for an action whose public events tell nothing: who acted, and what when public."""
        name = names.get(a.seat, a.seat)
        if secret:
            return "A secret choice was made."
        if a.source == "skip":
            return f"{name} had no choice; the table passed for them."
        try:
            action = Action.from_json(json.loads(a.action))
            said = rules.words().label(state, a.seat, action, Audience(None, names))
        except Exception:
            said = ""
        late = " when time ran out" if a.source == "deadline" else ""
        return f"{name}{late}: {said}." if said else f"{name} acted{late}."

    @staticmethod
    def _secret_kind(rules: Rules | None, action_json: str) -> bool:
        """Whether a logged action was a secret one (its actor is not shown to others)."""
        try:
            kind = json.loads(action_json)["kind"]
        except (ValueError, KeyError, TypeError):
            return True
        spec = rules.actions.get(kind) if rules is not None else None
        return spec is None or spec.secret

    def list_games(self, actor: Actor, channel: str | None) -> GameList:
        """The games of this channel, or (in a DM) the person's own games; always within their scope."""
        rows = self.store.games(channel=channel) if channel is not None else self.store.games(member=actor.user_id)
        return GameList(None, tuple(self._info(r) for r in rows if self.in_scope(actor, channel, r)))

    def rules_help(self, actor: Actor, channel: str | None, *, name: str | None = None,
                   topic: str | None = None) -> RulesHelp:
        """A game's rule topics and commands (``name``: a game, ``game`` for the table, default the
        channel's game). With ``topic`` (an id, title, alias, keyword, section or word; a ``name``
        that is no game is taken as the topic) only the matching topics, best first, and the
        commands they name or that mention the word; without, every topic and command."""
        if name and name != TABLE_GROUP and name not in self._rules and not topic:
            name, topic = None, name
        topic = (topic or "").strip()
        group, info = name, None
        if group is None:
            try:
                row = self.resolve(actor, channel)
                group, info = row.game, self._info(row)
            except TableError:
                group = self._best_game_for(topic) if topic else None
                if group is None:
                    raise
        if group != TABLE_GROUP:
            self.rules_for(group)
        commands = self.registry.commands(group)
        topics = helptopics.topics(group)
        if topic:
            topics = helptopics.find(group, topic)
            related = {k for t in topics for k in t.commands}
            word = topic.lower()
            commands = [c for c in commands if c.name in related or word in f"{c.usage()} {c.doc} {c.section}".lower()]
            if not topics and not commands:
                raise TableError(f"no rule topic or command of {self._title(group)} matches {topic!r}",
                                 code="no_topic", legal=[t.title for t in helptopics.topics(group)] or None)
        cmds = tuple(CommandHelp(c.usage(), c.doc, c.gm, c.secret) for c in commands)
        return RulesHelp(info, group, self._title(group) if group != TABLE_GROUP else "Table", cmds,
                         topic=topic, topics=topics)

    def _best_game_for(self, topic: str) -> str | None:
        """The game whose rule topics answer ``topic`` best (for a question asked outside any game)."""
        scored = [(max((helptopics.score(t, topic) for t in helptopics.topics(g)), default=0), g)
                  for g in sorted(self._rules)]
        best = max(scored, default=(0, ""))
        return best[1] if best[0] > 0 else None

    # -- GM tools ---------------------------------------------------------------------------
    def undo(self, actor: Actor, channel: str | None, *, count: int = 1, game_id: int | None = None,
             key: str | None = None) -> Undone | AlreadyDone:
        """Take back the last ``count`` actions by replaying the log without them (GM only).

        Refused when any of them drew at random or revealed a secret (see :func:`is_irreversible`).
        """

        def body(row: GameRow) -> Undone:
            if row.status not in (GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.FINISHED):
                raise TableError(f"game {row.id} has nothing to undo ({row.status})", code="no_undo")
            if count < 1 or count > row.last_seq:
                raise TableError(f"can undo 1 to {row.last_seq} actions, not {count}", code=Refusal.BAD_VALUE,
                                 legal=f"1-{row.last_seq}" if row.last_seq else "nothing to undo")
            if row.status == GameStatus.FINISHED and row.channel is not None and any(
                    g.id != row.id for g in self.store.games(channel=row.channel, statuses=LIVE)):
                raise TableError(f"game {row.id} is over and its channel has a new game", code="channel_busy")
            target = self._undo_target(row, count)
            for a in self.store.actions(row.id, after=target):
                for e in map(Event.from_json, json.loads(a.events)):
                    if is_irreversible(e):
                        raise TableError(f"action {a.seq} ({a.seat}) led to {e.kind}: an undo may not cross dice "
                                         "or revealed secrets", code="irreversible",
                                         legal=f"undo at most {row.last_seq - a.seq} action(s)")
            rules = self.rules_for(row.game)
            state = self._load(row, upto=target)
            now = self.clock.now()
            phase = rules.phase(state)
            status = GameStatus.ACTIVE.value if row.status == GameStatus.FINISHED else row.status
            with self.store.transaction():
                self.store.undo_to(row.id, target, now, actor.user_id)
                self.store.update_game(row.id, phase=phase, status=status, result=None)
                if target not in self.store.snapshot_seqs(row.id, target):
                    self.store.put_snapshot(row.id, target, dumps(rules.dump(state)), phase, now)
                self.store.close_game_deadlines(row.id, now, "undone")
                row = self._row(row.id)
                # A paused game gets its deadlines when it resumes.
                due = self._sync_deadlines(row, rules, state, now) if status == GameStatus.ACTIVE else {}
                self._queue(row.id, ob.after_action(ob.Turn(
                    game_id=row.id, prefix=self._prefix(row, target), rules=rules, state=state, before=None,
                    events=[], phase_events=[], names=self._names(row.id), due=due, kind="undo", status=status,
                    extra={"count": count, "by": actor.name})))
                self._remember(key, row.id, "undo")
            self._keep(row.id, _Live(state, target, row.epoch))
            return Undone(self.info(row.id), count, target)

        return self._once(actor, channel, game_id, key, body, gm="undo")

    def _undo_target(self, row: GameRow, count: int) -> int:
        """Where undoing ``count`` actions leads: before the count-th action a person (or a
        deadline, or a GM) played, counted from the end; the passes the table made for seats
        with no choice go with the action that caused them, since replaying it makes them again."""
        target = row.last_seq
        taken = 0
        for a in reversed(self.store.actions(row.id, after=max(0, row.last_seq - count - _Steps.LIMIT))):
            if taken == count:
                break
            target = a.seq - 1
            if a.source != "skip":
                taken += 1
        return target if taken == count else row.last_seq - count

    def skip(self, actor: Actor, channel: str | None, *, seat: str, game_id: int | None = None,
             key: str | None = None) -> Applied:
        """Play the default of ``seat``'s pending decision now (GM only), as a passed deadline would."""
        row = self.resolve(actor, channel, game_id)
        self._need_gm(actor, row, "play a seat's default")
        with self._lock(row.id):
            row = self._row(row.id)
            if (dup := self._duplicate(row, key)) is not None:
                return dup
            self._check_playable(row)
            rules = self.rules_for(row.game)
            state = self._load(row)
            awaited = [d for d in rules.pending(state) if d.blocking and seat in d.seats]
            if not awaited:
                raise TableError(f"game {row.id} is not waiting on {seat!r}", code="not_awaited",
                                 legal=sorted({s for d in rules.pending(state) if d.blocking for s in d.seats})
                                 or "nobody")
            d = awaited[0]
            default = d.default_for(seat)
            if default is None:
                raise TableError(f"decision {d.id} has no default for {seat}", code="no_default")
            applied = self._apply(row.id, seat, default, key=key, user_id=actor.user_id, source="gm")
            tag = f"g{row.id}.e{row.epoch}.s{applied.seq}.skip"
            with self.store.transaction():
                self._queue(row.id, [
                    ob.Message(f"{tag}.post", ob.CHANNEL_POST, "channel",
                               {"type": "skip", "game_id": row.id, "seat": seat, "seq": applied.seq, "by": actor.name,
                                "name": self._names(row.id).get(seat, seat)})])
            # The GM is answered with what the table may know: public events, no secret choice.
            secret = rules.actions[default.kind].secret
            return with_changes(applied, events=tuple(e for e in applied.events if e.is_public),
                           action=None if secret else applied.action)

    def pause(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> TableChanged | AlreadyDone:

        def body(row: GameRow) -> TableChanged:
            if row.status != GameStatus.ACTIVE:
                raise TableError(f"game {row.id} is not running ({row.status})", code="not_active")
            now = self.clock.now()
            with self.store.transaction():
                self.store.update_game(row.id, status=GameStatus.PAUSED.value, paused_at=now, updated=now)
                self._post(row, f"e{row.epoch}.s{row.last_seq}.pause.{now}", "table", what="paused", by=actor.name)
                self._remember(key, row.id, "pause")
            return TableChanged(self.info(row.id), "paused", {"by": actor.name})

        return self._once(actor, channel, game_id, key, body, gm="pause the game")

    def resume(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
               key: str | None = None) -> TableChanged | AlreadyDone:

        def body(row: GameRow) -> TableChanged:
            if row.status != GameStatus.PAUSED:
                raise TableError(f"game {row.id} is not paused ({row.status})", code="not_paused")
            now = self.clock.now()
            stopped = max(0.0, now - (row.paused_at or now))
            rules = self.rules_for(row.game)
            state = self._load(row)
            with self.store.transaction():
                self.store.shift_deadlines(row.id, stopped)
                self.store.update_game(row.id, status=GameStatus.ACTIVE.value, paused_at=None, updated=now)
                self._sync_deadlines(self._row(row.id), rules, state, now)  # e.g. an imported paused game
                self._post(row, f"e{row.epoch}.s{row.last_seq}.resume.{now}", "table", what="resumed",
                           by=actor.name, stopped=stopped)
                self._remember(key, row.id, "resume")
            return TableChanged(self.info(row.id), "resumed", {"by": actor.name, "stopped": stopped})

        return self._once(actor, channel, game_id, key, body, gm="resume the game")

    def replace(self, actor: Actor, channel: str | None, seat: str, user_id: str, name: str | None = None, *,
                game_id: int | None = None, key: str | None = None) -> TableChanged | AlreadyDone:
        """Give ``seat`` to another person (GM only); the seat keeps its name and its secrets."""

        if not user_id or len(user_id) > limits.MAX_USER_ID:
            raise TableError(f"a user id is 1 to {limits.MAX_USER_ID} characters", code=Refusal.BAD_VALUE,
                             legal="mention the person")
        name = shown_name(name) if name else None

        def body(row: GameRow) -> TableChanged:
            info = self._info(row)
            held = info.user_of(seat)
            if held is None:
                raise TableError(f"game {row.id} has no seat {seat!r}", code="no_seat",
                                 legal=[s.seat for s in info.seats])
            other = info.seat_of(user_id)
            if other is not None and other.seat != seat:
                raise TableError(f"that person already holds seat {other.seat!r}", code="seated")
            if row.status in (GameStatus.FINISHED, GameStatus.ABANDONED):
                raise TableError(f"game {row.id} is over", code=Refusal.GAME_OVER)
            now = self.clock.now()
            with self.store.transaction():
                self.store.set_seat_user(row.id, seat, user_id, name or user_id)
                self._post(row, f"replace.{seat}.{now}", "table", what="replaced", seat=seat, by=actor.name,
                           user=name or user_id)
                self._queue(row.id, self._prompt_anew(row, seat, f"g{row.id}.replace.{seat}.{now}.prompt"))
                self._remember(key, row.id, "replace")
            self._live.pop(row.id, None)
            return TableChanged(self.info(row.id), "replaced",
                                {"seat": seat, "old": held.user_id, "new": user_id, "name": name or user_id})

        return self._once(actor, channel, game_id, key, body, gm="hand a seat over")

    def abandon(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
                key: str | None = None) -> TableChanged | AlreadyDone:
        """End a live game for good (the game's manager)."""

        def body(row: GameRow) -> TableChanged:
            if row.status not in LIVE:
                raise TableError(f"game {row.id} is already {row.status}", code=Refusal.GAME_OVER)
            now = self.clock.now()
            with self.store.transaction():
                self.store.update_game(row.id, status=GameStatus.ABANDONED.value, updated=now)
                self.store.close_game_deadlines(row.id, now, "abandoned")
                self._post(row, f"abandon.{now}", "table", what="abandoned", by=actor.name)
                self._remember(key, row.id, "abandon")
            return TableChanged(self.info(row.id), "abandoned", {"by": actor.name})

        return self._once(actor, channel, game_id, key, body, gm="abandon a game")

    def settings(self, actor: Actor, channel: str | None, *, setting: str | None = None, value: str | None = None,
                 game_id: int | None = None, key: str | None = None) -> Settings | AlreadyDone:
        """Show the table settings; with ``setting`` and ``value``, change one (the game's manager)."""
        if setting is not None and setting not in DEFAULT_SETTINGS:
            raise TableError(f"no setting {setting!r}", code=Refusal.BAD_SETTING, legal=sorted(DEFAULT_SETTINGS))
        if setting is None or value is None:
            row = self.resolve(actor, channel, game_id)
            shown = self.settings_of(row)
            return Settings(self._info(row), shown if setting is None else {setting: shown[setting]})
        self._check_setting(setting, value)

        def body(row: GameRow) -> Settings:
            with self.store.transaction():
                self.store.update_game(row.id, settings={**row.settings, setting: value})
                self._remember(key, row.id, "settings")
            return Settings(self.info(row.id), self.settings_of(self._row(row.id)), setting)

        return self._once(actor, channel, game_id, key, body, gm="change settings")

    # -- export and import ------------------------------------------------------------------
    def export(self, actor: Actor, channel: str | None, *, game_id: int | None = None) -> Exported:
        """The whole game as one JSON text (docs/save-format.md). The game's manager only: it holds
        every secret."""
        from bot.table import saveformat

        row = self.resolve(actor, channel, game_id)
        self._need_gm(actor, row, "export a game (the file holds every secret)")
        with self._lock(row.id):
            return saveformat.export_game(self.saves, self._row(row.id))

    def import_game(self, actor: Actor, channel: str | None, text: str | bytes, *,
                    key: str | None = None) -> Imported | AlreadyDone:
        """Open a game from an export file in ``channel`` (a GM of this server; the importer becomes
        its creator). The file is checked against the schema, then every action is replayed and the
        result compared with the file's state, before anything is written."""
        from bot.table import saveformat

        return self._opening(actor, channel, key, lambda: saveformat.import_game(self.saves, actor, channel, text, key),
                             gm="import a game")

    # -- deadlines ----------------------------------------------------------------------------
    def next_wakeup(self) -> float | None:
        """When :meth:`run_due` has work next (epoch seconds), or None. Sleep until then (or until
        the next command: any action may add an earlier deadline)."""
        return self.store.next_due(self.shard_games)

    def catch_up(self) -> list[Outcome]:
        """Call once at start: applies the deadlines that passed while the bot was down."""
        return self.run_due()

    def run_due(self, now: float | None = None) -> list[Outcome]:
        """Fire every reminder and deadline due by ``now``: reminders become DMs; a passed deadline
        applies the decision's default for that seat through the normal path (idempotency key
        ``deadline:<row id>``) and is announced."""
        now = self.clock.now() if now is None else now
        out: list[Outcome] = []
        due, damaged = self.store.due_deadlines(now, self.shard_games)
        for d in damaged:
            self._quarantine(d)
        for r in due:
            try:
                out += self._fire(r.id, now)
            except CorruptGame:  # set aside with its deadlines, which wait for the repair
                continue
            except DamagedRow as err:
                self._quarantine(err)
            except Exception as err:  # one broken game must not stall the others' deadlines
                log.exception("deadline %s of game %s failed", r.id, r.game)
                self.store.close_deadline(r.id, now, f"failed: {type(err).__name__}: {err}")
        return out

    def _fire(self, deadline_id: int, now: float) -> list[Outcome]:
        r = self.store.deadline(deadline_id)
        if r is None or r.done_at is not None:
            return []
        with self._lock(r.game):
            row = self._row(r.game)
            r = self.store.deadline(deadline_id)
            if r is None or r.done_at is not None or row.status != GameStatus.ACTIVE:
                return []
            rules = self.rules_for(row.game)
            state = self._load(row)
            d = next((d for d in rules.pending(state) if d.id == r.decision and r.seat in d.seats), None)
            if d is None:
                self.store.close_deadline(r.id, now, "answered")
                return []
            if r.kind == "reminder":
                with self.store.transaction():
                    if r.deadline > now:
                        question = rules.words().question(state, d, r.seat, Audience(r.seat, self._names(row.id)))
                        self._queue(row.id, [ob.Message(f"g{row.id}.reminder.{r.id}", ob.DM, f"seat:{r.seat}",
                                                        {"type": "reminder", "game_id": row.id, "seat": r.seat,
                                                         "decision": d.id, "question": question, "due": r.deadline,
                                                         "left": format_duration(r.deadline - now)})])
                    self.store.close_deadline(r.id, now, "reminded" if r.deadline > now else "skipped")
                return []
            default = d.default_for(r.seat)
            if default is None:
                self.store.close_deadline(r.id, now, "no default")
                log.error("game %s: decision %s has no default for %s", row.id, d.id, r.seat)
                return []
            try:
                applied = self._apply(row.id, r.seat, default, key=f"deadline:{r.id}", user_id=None,
                                      source="deadline", deadline_id=r.id)
            except RuleError as err:
                self.store.close_deadline(r.id, now, f"default refused: {err}")
                # The default may be a secret choice and the refusal may list a hand: kind and code only.
                log.error("game %s: the default %s of %s for %s was refused (%s)", row.id, default.kind, d.id, r.seat,
                          err.code)
                return []
            with self.store.transaction():
                self._queue(row.id, [
                    ob.Message(f"g{row.id}.deadline.{r.id}.post", ob.CHANNEL_POST, "channel",
                               {"type": "deadline", "game_id": row.id, "seat": r.seat,
                                "name": self._names(row.id).get(r.seat, r.seat), "seq": applied.seq})])
            return [applied]

    # -- the outbox ---------------------------------------------------------------------------
    def pending_outbox(self, limit: int = 100, game_id: int | None = None) -> list[ob.Outgoing]:
        """Messages not yet delivered, oldest first, with the current channel and seat holders."""
        rows, damaged = self.store.pending_rows(limit, game_id, self.shard_games)
        games: dict[int, tuple[str | None, dict[str, str]]] = {}
        out = []
        for r in rows:
            try:
                payload = json.loads(r.payload)
            except ValueError as err:
                damaged.append(DamagedRow(r.game, "outbox", r.id, f"not JSON: {err}"))
                continue
            if r.game not in games:
                g = self.store.game(r.game)
                games[r.game] = (g.channel if g else None, {s.seat: s.user_id for s in self.store.seats(r.game)})
            channel, users = games[r.game]
            seat = r.recipient[5:] if r.recipient.startswith("seat:") else None
            out.append(ob.Outgoing(r.id, r.game, r.key, r.kind, channel, seat, users.get(seat) if seat else None,
                                   payload, r.created))
        if damaged:  # set those games aside, and deliver the others' (and the notices) now
            for d in damaged:
                self._quarantine(d)
            return self.pending_outbox(limit, game_id)
        return out

    def mark_delivered(self, outbox_id: int) -> None:
        self.store.mark_delivered(outbox_id, self.clock.now())

    def prune_outbox(self, keep_seconds: float = 7 * 86400) -> int:
        """Forget messages delivered more than ``keep_seconds`` ago (call now and then)."""
        return self.store.prune_outbox(self.clock.now() - keep_seconds)

    # -- one entry point for adapters -------------------------------------------------------------
    def invoke(self, actor: Actor, channel: str | None, group: str, name: str, values: dict[str, Any] | None = None,
               *, key: str | None = None, game_id: int | None = None) -> Outcome:
        """Run ``/group name`` with raw or typed ``values`` (strings are converted and checked)."""
        values = dict(values or {})
        if "game" in values and game_id is None:
            raw = values.pop("game")
            if raw not in (None, ""):
                try:
                    game_id = int(raw)
                except (TypeError, ValueError):
                    raise TableError(f"game takes a game number, not {raw!r}", code=Refusal.BAD_TYPE) from None
        cmd = self.registry.find(group, name)
        if cmd.is_action:
            values = self.named_values(actor, channel, group, name, values, game_id=game_id)
            action = cmd.build_action(values)
            return self.act(actor, channel, group, action, game_id=game_id, key=key)
        args = cmd.convert(values)
        scoped: dict[str, Any] = {"game_id": game_id} if cmd.scoped else {}
        if name == "new":
            return self.new_game(actor, channel, args["name"], players=args.get("players"),
                                 options=args.get("options"), play=args.get("play", True), key=key)
        if name == "import":
            return self.import_game(actor, channel, _read_file(args["file"]), key=key)
        if name == "rules":
            return self.rules_help(actor, channel, name=args.get("name"), topic=args.get("topic"))
        if name == "list":
            return self.list_games(actor, channel)
        if name == "replace":
            return self.replace(actor, channel, args["seat"], args["user"], args["user"], key=key, **scoped)
        handler = getattr(self, name)
        if cmd.mutates:
            scoped["key"] = key
        out: Outcome = handler(actor, channel, **args, **scoped)
        return out

    def suggest(self, actor: Actor, channel: str | None, group: str, name: str, param: str, prefix: str = "",
                *, game_id: int | None = None, limit: int = 25, given: dict[str, Any] | None = None) -> list[Any]:
        """Autocomplete values for one parameter (at most ``limit``). Never raises: an unknown
        game or command gives no suggestions. Values are checked again on submit. ``given``: the
        other values typed so far (``/game rules name:fief topic:`` suggests Fief's topics)."""
        try:
            cmd = self.registry.find(group, name)
        except RuleError:
            return []
        p = cmd.param(param)
        if p is None:
            return []
        if p.autocomplete is Source.TOPICS:
            return self._suggest_topics(actor, channel, str((given or {}).get("name") or ""), prefix, game_id, limit)
        values: list[Any] = list(p.choices)
        try:
            if p.autocomplete is Source.GAMES:
                values = sorted(self._rules)
            elif p.autocomplete is Source.SETTINGS:
                values = sorted(DEFAULT_SETTINGS)
            elif p.autocomplete is Source.ROLES:
                info = self._info(self.resolve(actor, channel, game_id))
                mine = info.seat_of(actor.user_id)
                values = [r.id for r in info.roles if r.seat is None or (mine and r.seat == mine.seat)]
                values += [RANDOM_ROLE] if values or info.roles else []
            elif p.autocomplete is Source.MY_GAMES:
                rows = self.store.games(user_id=actor.user_id, statuses=LIVE)
                if channel is not None:
                    rows = self.store.games(channel=channel, statuses=LIVE) + rows
                values = list(dict.fromkeys(r.id for r in rows if self.in_scope(actor, channel, r)))
            elif p.autocomplete is Source.SEATS or p.kind is ParamKind.SEAT and p.autocomplete is Source.NONE:
                row = self.resolve(actor, channel, game_id)
                values = [s.seat for s in self._info(row).seats]
            elif p.autocomplete is Source.SUGGEST:
                row = self.resolve(actor, channel, game_id)
                mine = self._info(row).seat_of(actor.user_id)
                if mine is None or row.status != GameStatus.ACTIVE:
                    return []
                rules = self.rules_for(row.game)
                with self._lock(row.id):
                    state = self._load(self._row(row.id))
                    values = list(rules.suggest(state, mine.seat, name, param))
        except RuleError:
            return []
        low = str(prefix).lower()
        return [v for v in values if str(v).lower().startswith(low)][:limit]


    def suggest_named(self, actor: Actor, channel: str | None, group: str, name: str, param: str, prefix: str = "",
                      *, game_id: int | None = None, limit: int = 25,
                      given: dict[str, Any] | None = None) -> list[tuple[str, Any]]:
        """Autocomplete as people see it: (name, value) pairs, at most ``limit``. Game values are
        named by the game (``Words.value_label``), matched on the name or the id (any case, no
        accents); list values (troops) are named item by item, the empty one ``none``. Never an
        empty name or value, nor one over 100 characters (Discord refuses them)."""
        try:
            cmd = self.registry.find(group, name)
        except RuleError:
            return []
        p = cmd.param(param)
        pairs: list[tuple[str, Any]] = []
        if p is not None and p.autocomplete is Source.SUGGEST and cmd.spec is not None:
            try:
                row = self.resolve(actor, channel, game_id)
                mine = self._info(row).seat_of(actor.user_id)
                if mine is None or row.status != GameStatus.ACTIVE:
                    return []
                rules = self.rules_for(row.game)
                with self._lock(row.id):
                    state = self._load(self._row(row.id))
                    words = rules.words()
                    for v in rules.suggest(state, mine.seat, cmd.spec.kind, param):
                        if isinstance(v, list | tuple):
                            label = join_words([words.value_label(state, mine.seat, cmd.spec.kind, param, x)
                                                for x in v]) or "none"
                            value: Any = ",".join(map(str, v)) or "none"
                        else:
                            label, value = words.value_label(state, mine.seat, cmd.spec.kind, param, v), v
                        pairs.append((label or str(value), value))
            except RuleError:
                return []
        else:
            values = self.suggest(actor, channel, group, name, param, prefix, game_id=game_id, limit=limit,
                                  given=given)
            pairs = [(self._value_name(actor, channel, game_id, p.autocomplete if p else None, v), v) for v in values]
            prefix = ""  # matched by suggest already
        want = fold(str(prefix))
        out: list[tuple[str, Any]] = []
        for label, value in pairs:
            text = str(value)
            if not label.strip() or not text.strip() or len(text) > 100:
                continue
            if want and not (fold(label).startswith(want) or fold(text).startswith(want)
                             or f" {want}" in f" {fold(label)}"):
                continue
            label = label if len(label) <= 100 else label[:99] + "…"
            if (label, value) not in out:
                out.append((label, value))
        return out[:limit]

    def _value_name(self, actor: Actor, channel: str | None, game_id: int | None, source: Source | None,
                    value: Any) -> str:
        """The name of a table command's value: a role's label, a game's number and title, a
        seat's player; else the value itself."""
        try:
            if source is Source.MY_GAMES:
                info = self.info(int(value))
                return f"Game {info.id}: {info.title}"
            if source in (Source.ROLES, Source.SEATS):
                info = self._info(self.resolve(actor, channel, game_id))
                if source is Source.ROLES:
                    return next((r.label for r in info.roles if r.id == value), "Random" if value == RANDOM_ROLE
                                else str(value))
                held = info.user_of(str(value))
                return held.name if held and held.name else str(value)
        except (RuleError, ValueError):
            pass
        return str(value)

    def _suggest_topics(self, actor: Actor, channel: str | None, game: str, prefix: str, game_id: int | None,
                        limit: int) -> list[Any]:
        """Rule topic titles of the named game, else of the channel's game, else of every game."""
        games = [game] if game in self._rules else []
        if not games:
            try:
                games = [self.resolve(actor, channel, game_id).game]
            except RuleError:
                games = sorted(self._rules)
        values = [v for g in games for v in helptopics.suggest(g, prefix, limit)]
        return list(dict.fromkeys(values))[:limit]


def _merge_chosen(chosen: dict[str, Any], param: str, options: list[Any], multi: bool) -> dict[str, Any]:
    """The parameters fixed after one flow step: each picked option's ``chosen``; for a
    multi-select, ``param`` collects the values of every picked option (FlowStep)."""
    out = dict(chosen)
    for o in options:
        out.update(dict(o.chosen))
    if multi:
        values: list[Any] = []
        for o in options:
            v = dict(o.chosen).get(param)
            values += list(v) if isinstance(v, list | tuple) else ([] if v is None else [v])
        out[param] = tuple(values)
    return out


def _role_words(rules: Rules, role: str, options: dict[str, Any]) -> str:
    """A role as the lobby names it."""
    if not role:
        return ""
    try:
        label = rules.role_label(role, options)
    except Exception:
        label = role
    return label


def _roles_words(rules: Rules, roles: str, options: dict[str, Any]) -> str:
    """A seat's roles (several joined with ``+``) in words."""
    from engine.core.words import join_words

    return join_words(_role_words(rules, r, options) for r in roles.split("+") if r)


def _read_file(value: Any) -> str:
    if isinstance(value, bytes | bytearray):
        return bytes(value).decode("utf-8")
    from pathlib import Path

    path = Path(str(value)).expanduser()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise TableError(f"cannot read {path}: {err.strerror}", code=Refusal.BAD_FILE) from None
