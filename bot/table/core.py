"""The table service's core: the games it knows, finding a game within the caller's reach, game
manager checks, opening a command once, loading games (cached, checked, replayed) and the outbox."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from bot.table import limits
from bot.table import outbox as ob
from bot.table.basics import (
    DEFAULT_SETTINGS,
    ROW_NAMES,
    LiveGame,
    T,
    is_computer_user,
    log,
    no_such_game,
)
from bot.table.clock import Clock, SystemClock, format_duration, parse_duration
from bot.table.commands import CommandRegistry, Handler
from bot.table.deadlines import DeadlineBook
from bot.table.errors import CorruptGame, NotAllowed, TableError, TableRefusal
from bot.table.results import (
    LIVE,
    Actor,
    AlreadyDone,
    GameInfo,
    GameStatus,
    RoleInfo,
    SeatInfo,
    status_words,
)
from bot.table.session import GameSession
from bot.table.store import DamagedRow, GameRow, KeyTaken, SeatRow, Store
from engine import agents, registry
from engine import games as _shipped  # noqa: F401  (registers fief and okc)
from engine.core import Action, GameState, RuleError, Rules, apply


class TableCore:
    """What every part of the table service stands on (see docs/table.md, "The house")."""

    #: Seconds of thought a computer player may take per decision (None: the agent's own default).
    computer_budget: float | None = None
    #: How many computer turns an adapter lets think at once (``computers.workers`` in the config).
    computer_workers: int = 2
    #: Processes the agents think in, off the interpreter lock (``computers.processes``; 0: the
    #: worker threads themselves, see :mod:`bot.table.thinking`).
    computer_processes: int = 0
    #: The least time between two computer players' moves in one game, in seconds (``computers.pace``):
    #: the Discord adapter waits so long before playing a game's next computer turn, so a game of
    #: computer players alone cannot take the machine from people (0: at once; the table's own
    #: ``run_due`` never waits).
    computer_pace: float = 0.0

    def __init__(self, store: Store, *, clock: Clock | None = None, games: Iterable[Rules | str] = (),
                 local: bool = False, settings: dict[str, str] | None = None,
                 snapshot_every: int = 100, load_registered: bool = True, cache_size: int = 1000):
        self.store = store
        self.clock = clock or SystemClock()
        self.local = local  # the local table: no server roles exist, so anyone may import a game
        self.snapshot_every = max(1, snapshot_every)
        self.defaults = {**DEFAULT_SETTINGS, **(settings or {})}
        for name, value in self.defaults.items():
            self.check_setting(name, value)
        self.deadlines = DeadlineBook(store, self.defaults)
        self.rules_by_name: dict[str, Rules] = {}
        self._locks: dict[int, threading.RLock] = {}
        self._locks_guard = threading.Lock()
        self._create_lock = threading.Lock()  # one live game per channel, even under races
        self.loaded_games: OrderedDict[int, LiveGame] = OrderedDict()
        self._live_guard = threading.Lock()
        self.cache_size = max(1, cache_size)
        #: An SQL condition on the games row ``g``: whose deadlines and messages this process handles
        #: (a shard's servers, :mod:`bot.table.shards`); None for all.
        self.shard_games: str | None = None
        if load_registered:
            self._load_registered()
        for g in games:
            self.add_game(g)
        self.registry = CommandRegistry(lambda: dict(self.rules_by_name), self.table_handlers())

    def table_handlers(self) -> dict[str, Handler]:
        """What runs each ``/game`` command (the facade, :class:`~bot.table.service.TableService`,
        binds them all; the registry checks that none is missing)."""
        return {}

    def _load_registered(self) -> None:
        for name in registry.names():
            try:
                self.rules_by_name[name] = registry.get(name)
            except Exception as err:  # a game still being written (or broken): the others still play
                log.debug("game %s is not available: %r", name, err)

    def add_game(self, rules: Rules | str) -> Rules:
        """Make a game playable here: a Rules instance, a registry name or ``module:ATTR``."""
        if isinstance(rules, str):
            try:
                rules = registry.get(rules)
            except Exception as err:
                raise TableError(f"cannot load game {rules!r}: {err}", code=TableRefusal.UNKNOWN_GAME) from None
        self.rules_by_name[rules.name] = rules
        return rules

    def known_games(self) -> dict[str, Rules]:
        return dict(self.rules_by_name)

    def rules_for(self, name: str) -> Rules:
        rules = self.rules_by_name.get(name)
        if rules is None:
            raise TableError(f"unknown game {name!r}", code=TableRefusal.UNKNOWN_GAME, legal=sorted(self.rules_by_name) or "none")
        return rules

    def close(self) -> None:
        """Close the store (the service is unusable afterwards)."""
        self.store.close()

    def game_lock(self, game_id: int) -> threading.RLock:
        with self._locks_guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.RLock()
            return lock

    def game_row(self, game_id: int) -> GameRow:
        """The games row, whoever asks (internal: commands go through :meth:`resolve`); a damaged row
        raises :class:`CorruptGame` (the game is set aside)."""
        row = self._find(game_id)
        if row is None:
            raise no_such_game(game_id)
        if row.damaged:
            raise self._corrupt(row)
        return row

    def _find(self, game_id: int) -> GameRow | None:
        """The games row, or None (an id outside SQLite's integer range names no game). A damaged row
        (``row.damaged``) sets its game aside and comes back for scope checks only."""
        if not limits.SQLITE_MIN <= game_id <= limits.SQLITE_MAX:
            return None
        row = self.store.game(game_id)
        if row is not None and row.damaged:
            self.quarantine(DamagedRow(row.id, "games", row.id, row.damaged))
        return row

    def session(self, game_id: int) -> GameSession:
        """The game's row, rules and seats read once (its state loaded when first asked), for one
        call: the caller holds the game's lock (:meth:`game_lock`) while it uses the session."""
        row = self.game_row(game_id)
        return GameSession(row, self.rules_for(row.game), tuple(self.store.seats(game_id)), self.load_state)

    def _corrupt(self, row: GameRow) -> CorruptGame:
        """The refusal for a game whose own row is damaged (``row.damaged``, which the callers check): the
        game is set aside, and the refusal names its first recorded damage."""
        self.quarantine(DamagedRow(row.id, "games", row.id, row.damaged))
        q = self.store.quarantined(row.id)
        if not q:  # released by another process meanwhile: this row's damage is all there is to say
            return CorruptGame(row.id, row.id, row.damaged, what=ROW_NAMES["games"])
        return CorruptGame(row.id, int(q[0].row) if q[0].row.isdigit() else 0, q[0].reason,
                           what=ROW_NAMES.get(q[0].what, q[0].what))

    def game_title(self, name: str) -> str:
        rules = self.rules_by_name.get(name)
        return rules.title if rules else name

    def info(self, game_id: int) -> GameInfo:
        """A game's info, whoever asks: for the adapter's own work (delivery). Anything a person's click
        or command names goes through :meth:`info_for`."""
        return self.game_info(self.game_row(game_id))

    def info_for(self, actor: Actor, channel: str | None, game_id: int) -> GameInfo:
        """A game's info for the person asking, within their reach (:meth:`resolve`): a game of
        another server, or a number forged into a button, is answered exactly as no game at all."""
        return self.game_info(self.resolve(actor, channel, game_id))

    def game_info(self, row: GameRow, seats: tuple[SeatInfo, ...] | None = None) -> GameInfo:
        if seats is None:
            seats = tuple(SeatInfo(s.seat, s.user_id, s.name, s.position, s.role, s.agent)
                          for s in self.store.seats(row.id))
        return GameInfo(row.id, row.game, self.game_title(row.game), row.channel, GameStatus(row.status), row.creator,
                        row.players, row.options, row.settings, seats, row.phase, row.last_seq,
                        row.engine_version, row.created, self._lobby_roles(row, seats), self._notes(row),
                        damaged=bool(row.damaged) or bool(self.store.quarantined(row.id)))

    def _notes(self, row: GameRow) -> tuple[str, ...]:
        """What the game says about its options (``Rules.lobby_notes``), e.g. the Wild Kingdom modules."""
        rules = self.rules_by_name.get(row.game)
        if rules is None or not row.options:
            return ()
        try:
            return tuple(rules.lobby_notes(dict(row.options), row.players or None))
        except Exception as err:  # a game's bug must not close the lobby
            log.warning("game %s: lobby notes of %s failed: %r", row.id, row.game, err)
            return ()

    def _lobby_roles(self, row: GameRow, seats: tuple[SeatInfo, ...]) -> tuple[RoleInfo, ...]:
        """In the lobby: the roles the game offers (``Rules.roles``), named, with the seat holding each."""
        rules = self.rules_by_name.get(row.game)
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

    def in_scope(self, actor: Actor, channel: str | None, row: GameRow) -> bool:
        """Whether a command from ``actor`` in ``channel`` may address the game at all.

        From a server: the server's own games (and a game whose server is not recorded yet, from its
        own channel). On the local table (no server, a channel): the games that belong to no server.
        In a DM: the games where the person holds a seat or that they created."""
        if actor.guild is not None:
            return row.guild == actor.guild or (row.guild is None and channel is not None and row.channel == channel)
        if channel is not None:
            return row.guild is None
        return row.creator == actor.user_id or self.store.holds_seat(row.id, actor.user_id)

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
        ``game_id`` if given, else the channel's (its live game, or its latest one), else (in a DM,
        or in a channel with no game of its own, like the parent of the game threads) the one live
        game the person sits at or created. This is the one place that decides "this channel's
        game, else mine", for every command, click and adapter. A game out of scope is refused
        exactly as a game that does not exist."""
        if game_id is not None:
            row = self._find(int(game_id))
            if row is None or not self.in_scope(actor, channel, row):
                raise no_such_game(game_id)
            return self._claim(actor, channel, row)
        if channel is None:
            return self._my_game(actor)
        rows = [r for r in self.store.games(channel=channel) if self.in_scope(actor, channel, r)]
        live = [r for r in rows if r.status in LIVE]
        if live:
            return self._claim(actor, channel, live[-1])
        if rows:
            return self._claim(actor, channel, rows[-1])
        try:
            return self._my_game(actor)
        except TableError as err:
            if err.code != TableRefusal.NO_GAME:
                raise
            # "no game in this channel" says more than "you sit at none"
            raise TableError("there is no game in this channel", code=TableRefusal.NO_GAME,
                             legal="`/game new <name>`") from None

    def _my_game(self, actor: Actor) -> GameRow:
        """The one live game the person sits at or created (within their reach), else a refusal
        that lists the games that have ended, or asks which of several."""
        mine = [r for r in self.store.games(member=actor.user_id, statuses=LIVE) if self.in_scope(actor, None, r)]
        if len(mine) == 1:
            return self._claim(actor, None, mine[0])
        if not mine:
            done = [r for r in self.store.games(member=actor.user_id) if r.status not in LIVE
                    and self.in_scope(actor, None, r)][-5:]
            if done:  # a game that has ended is still read by its number (log, board, status)
                raise TableError("you sit at no live game: to read one that has ended, say which with game:<number>",
                                 code=TableRefusal.NO_GAME,
                                 legal=[f"game:{r.id} ({self.rules_by_name[r.game].title if r.game in self.rules_by_name else r.game}, "
                                        f"{r.status})" for r in reversed(done)])
            raise TableError("you sit at no live game", code=TableRefusal.NO_GAME, legal="`/game new <name>`, or join one")
        raise TableError("you sit at several games: say which with game:<number>", code=TableRefusal.WHICH_GAME,
                         legal=[f"game:{r.id} ({r.game})" for r in mine])

    def _claim(self, actor: Actor, channel: str | None, row: GameRow) -> GameRow:
        """A game without a recorded server, addressed from its own channel, joins that server. A game
        whose own row is damaged is refused here, once the caller is known to be within its reach."""
        if row.damaged:
            raise self._corrupt(row)
        if row.guild is None and actor.guild is not None and channel is not None and row.channel == channel:
            self.adopt_guild(row.id, actor.guild)
            return self.game_row(row.id)
        return row

    def is_gm(self, actor: Actor, row: GameRow) -> bool:
        """The game's manager: its creator, or a member with the GM permission (``actor.admin``) in
        the game's OWN server (a permission held in another server counts for nothing here)."""
        return actor.user_id == row.creator or (actor.admin and actor.guild == row.guild)

    def need_gm(self, actor: Actor, row: GameRow, what: str) -> None:
        if not self.is_gm(actor, row):
            raise NotAllowed(f"only the game's manager may {what}",
                             legal="the game's manager is its creator, or anyone with Manage Server or the GM role in this server")

    def may_import(self, actor: Actor) -> bool:
        """Importing opens a game with seats for people named in a file: a GM of this server (anyone
        on the local table, which has no server roles)."""
        return self.local or actor.admin

    def already_done(self, key: str, actor: Actor, channel: str | None) -> AlreadyDone | None:
        """The answer to a command key seen before (an adapter that must do something of its own
        before the command, like opening a thread, asks first); None for a new key."""
        return self._seen(key, actor, channel)

    def game_here(self, channel: str) -> str | None:
        """The name of the game of ``channel`` (its latest), whose commands the local table takes
        without their group (``bid 3``); None in a channel with no game."""
        rows = self.store.games(channel=channel)
        return rows[-1].game if rows else None

    def _seen(self, key: str | None, actor: Actor, channel: str | None) -> AlreadyDone | None:
        """The answer to a command key seen before; the game is named only if the caller may see it."""
        if not key:
            return None
        done = self.store.command_key(key)
        if done is None:
            return None
        row = self._find(done[0]) if done[0] is not None else None
        game = self.game_info(row) if row is not None and not row.damaged and self.in_scope(actor, channel, row) else None
        return AlreadyDone(game, done[1], key)

    def once(self, actor: Actor, channel: str | None, game_id: int | None, key: str | None,
              body: Callable[[GameSession], T], *, gm: str | None = None) -> T | AlreadyDone:
        """The opening every command that changes a game shares: a key seen before returns its first
        answer; otherwise the game is resolved within the caller's scope (:meth:`resolve`), the
        authority checked (``gm`` names what needs the game's manager: :meth:`is_gm`), the game's lock
        taken, the key checked again (a racing duplicate) and ``body`` runs on the game's session (its
        row, rules and seats read once, under the lock). Commands that open a game use :meth:`opening`
        instead."""
        if (done := self._seen(key, actor, channel)) is not None:
            return done
        row = self.resolve(actor, channel, game_id)
        if gm is not None:
            self.need_gm(actor, row, gm)
        with self.game_lock(row.id):
            if (done := self._seen(key, actor, channel)) is not None:
                return done
            try:
                return body(self.session(row.id))
            except KeyTaken:
                if (done := self._seen(key, actor, channel)) is not None:  # another process ran it first
                    return done
                raise

    def opening(self, actor: Actor, channel: str | None, key: str | None, body: Callable[[], T], *,
                 gm: str | None = None) -> T | AlreadyDone:
        """:meth:`once` for the commands that open a game (new, import): there is no game to resolve
        yet; ``gm`` names what needs a server GM (:meth:`may_import`); the channel must have no live
        game. One opening at a time, so two racing ones cannot both take the channel."""
        if (done := self._seen(key, actor, channel)) is not None:
            return done
        if gm is not None and not self.may_import(actor):
            raise NotAllowed(f"only a GM of this server may {gm}", legal="a GM is anyone with Manage Server or the GM role in this server")
        with self._create_lock:
            if (done := self._seen(key, actor, channel)) is not None:
                return done
            if channel is not None:
                busy = [r for r in self.store.games(channel=channel, statuses=LIVE)]
                if busy:
                    raise TableError(f"this channel already has game {busy[-1].id} ({status_words(busy[-1].status)}); finish "
                                     "or abandon it first, or open another thread", code=TableRefusal.CHANNEL_BUSY)
            return body()

    def remember_key(self, key: str | None, game_id: int | None, command: str) -> None:
        if key:
            self.store.record_command_key(key, game_id, command, self.clock.now())

    def queue(self, game_id: int, messages: list[ob.Message], seats: tuple[SeatRow, ...] | None = None) -> None:
        """Store messages to deliver. A seat a computer player plays gets no prompt nor reminder (nobody
        would answer them); one added as a computer player has nobody to read any direct message.
        ``seats``: the game's seats when the caller has them (a session), else they are read."""
        now = self.clock.now()
        if seats is None and messages:
            seats = tuple(self.store.seats(game_id))
        played = {s.seat: s for s in seats or () if s.agent}
        for m in messages:
            if m.kind == ob.STATUS_EDIT and ob.same_status(self.store.last_outbox(game_id, ob.STATUS_EDIT), m.payload):
                continue  # the status message would read the same: no edit (a calm thread)
            held = played.get(m.recipient[5:]) if m.kind == ob.DM and m.recipient.startswith("seat:") else None
            if held is not None and (is_computer_user(held.user_id) or m.payload.get("type") in ("prompt", "reminder")):
                continue
            self.store.add_outbox(game_id, m.key, m.kind, m.recipient, m.payload, now)

    def key_prefix(self, row: GameRow, seq: int, epoch: int | None = None) -> str:
        return f"g{row.id}.e{row.epoch if epoch is None else epoch}.s{seq}"

    def post_notice(self, session: GameSession, name: str, kind: str, **data: Any) -> None:
        """A table announcement (pause, replace...) as a channel post, and a fresh status (the
        session kept true by the caller: :meth:`GameSession.changed`, :meth:`GameSession.seated`)."""
        row = session.row
        messages = [ob.table_post(row.id, f"g{row.id}.{name}", kind, **data)]
        if self.store.has_snapshot(row.id) and not self.store.quarantined(row.id):
            messages.append(ob.status_message(f"g{row.id}.{name}.status", row.id, session.rules, session.state,
                                              row.result, self.due_map(row.id), row.status, session.names))
        self.queue(row.id, messages, session.seats)

    def session_info(self, session: GameSession) -> GameInfo:
        """The game's info from its session (no read)."""
        return self.game_info(session.row, session.seat_infos())

    def load_state(self, row: GameRow, upto: int | None = None) -> GameState:
        """Latest snapshot (at or before ``upto``) + replay of the later actions.

        A snapshot that cannot be read is passed over for an older one, and at worst the game is
        set up again from its seed and its whole log replayed; only when that fails too is the game
        corrupt: it is set aside (quarantine) and :class:`CorruptGame` raised, here and for every
        later command, until an operator releases it."""
        for q in self.store.quarantined(row.id):
            raise CorruptGame(row.id, int(q.row) if q.row.isdigit() else 0, q.reason, what=ROW_NAMES.get(q.what, q.what))
        rules = self.rules_for(row.game)
        if upto is None:
            live = self.loaded_games.get(row.id)
            if live is not None and live.seq == row.last_seq and live.epoch == row.epoch:
                self.keep_loaded(row.id, live)
                return live.state
        try:
            state = self._rebuild(row, rules, upto)
        except CorruptGame as err:
            self.quarantine(DamagedRow(row.id, "actions" if err.what == "action" else "snapshots", err.seq, err.reason))
            raise
        if upto is None:
            self.keep_loaded(row.id, LiveGame(state, row.last_seq, row.epoch))
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

    def keep_loaded(self, game_id: int, live: LiveGame) -> None:
        """Cache a loaded game; past ``cache_size`` the least recently used one leaves memory."""
        with self._live_guard:
            self.loaded_games[game_id] = live
            self.loaded_games.move_to_end(game_id)
            while len(self.loaded_games) > self.cache_size:
                self.loaded_games.popitem(last=False)

    def forget_cached(self) -> None:
        """Drop every loaded game from memory (they load again from the store when next used)."""
        with self._live_guard:
            self.loaded_games.clear()

    def cached_games(self) -> int:
        return len(self.loaded_games)

    def quarantine(self, damage: DamagedRow) -> None:
        """Set a damaged game aside: an operator log line, a notice in its thread; the others go on."""
        now = self.clock.now()
        self.loaded_games.pop(damage.game, None)
        if not self.store.quarantine(damage, now):
            return
        log.error("game %s set aside: %s row %s cannot be read (%s); every other game goes on. "
                  "Run python -m bot check (docs/operations.md)", damage.game, damage.table, damage.row, damage.reason)
        notice = ob.damaged_notice(damage.game, damage.table, damage.row)
        self.store.add_outbox(damage.game, notice.key, notice.kind, notice.recipient, notice.payload, now)

    def state(self, game_id: int) -> GameState:
        """A copy of a started game's current state (for tests and tools)."""
        row = self.game_row(game_id)
        with self.game_lock(game_id):
            return self.rules_for(row.game).copy(self.load_state(self.game_row(game_id)))

    def check_setting(self, name: str, value: str) -> None:
        """Refuse an unknown setting or a value out of bounds: text of at most 100 characters, a
        deadline of at most 30 days, at most 5 reminders (each within 30 days)."""
        if name not in DEFAULT_SETTINGS:
            raise TableError(f"no setting {name!r}", code=TableRefusal.BAD_SETTING, legal=sorted(DEFAULT_SETTINGS))
        if not isinstance(value, str) or len(value) > limits.MAX_SETTING_VALUE:
            raise TableError(f"{name}: a setting's value is text of at most {limits.MAX_SETTING_VALUE} characters",
                             code=TableRefusal.BAD_SETTING, legal="e.g. 24h, 2h30m, off")
        if name == "absent":
            if value not in ("off", *agents.STRENGTHS):
                raise TableError(f"absent: {value!r} is not a computer player's strength", code=TableRefusal.BAD_SETTING,
                                 legal=["off", *agents.STRENGTHS])
            return
        longest = format_duration(limits.MAX_DEADLINE)
        parts = [p for p in value.split(",") if p.strip()] if name == "reminders" else [value] if value else []
        if len(parts) > limits.MAX_REMINDERS:
            raise TableError(f"reminders: {len(parts)} reminders asked, at most {limits.MAX_REMINDERS} allowed",
                             code=TableRefusal.BAD_SETTING, legal="e.g. 12h,1h (or off)")
        for part in parts:
            try:
                seconds = parse_duration(part)
            except ValueError as err:   # only the reading: the refusals below keep their own hints
                said = str(err).split(" (examples")[0]   # the hint below gives the examples
                raise TableError(f"{name}: {said}", code=TableRefusal.BAD_SETTING,
                                 legal="e.g. 24h, 2h30m, off") from None
            if seconds > limits.MAX_DEADLINE:
                raise TableError(f"{name}: {part.strip()} is longer than {longest}, the longest allowed",
                                 code=TableRefusal.BAD_SETTING, legal=f"up to {longest}, or off")

    def due_map(self, game_id: int) -> dict[tuple[str, str], float]:
        return {(r.decision, r.seat): r.deadline for r in self.store.open_deadlines(game_id) if r.kind == "deadline"}

    def seat_names(self, game_id: int) -> dict[str, str]:
        """Seat -> the name of the person holding it, for the words people read."""
        return {s.seat: s.name or s.seat for s in self.store.seats(game_id)}

    def started(self, actor: Actor, channel: str | None, game_id: int | None) -> GameSession:
        """The session of a started game the caller addresses, its state loaded (for reading: the
        state is never changed in place, so it may be read after the lock is let go)."""
        row = self.resolve(actor, channel, game_id)
        if row.status == GameStatus.LOBBY or not self.store.has_snapshot(row.id):
            if row.status == GameStatus.ABANDONED:   # dropped in its lobby: there is nothing to start
                raise TableError(f"game {row.id} was abandoned before it started", code=TableRefusal.ABANDONED)
            raise TableError(f"game {row.id} has not started", code=TableRefusal.NOT_STARTED, legal="`/game start`")
        with self.game_lock(row.id):
            return self.session(row.id).loaded()

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
                games[r.game] = self._recipients(r.game, r.key, damaged)
            channel, users = games[r.game]
            seat = r.recipient[5:] if r.recipient.startswith("seat:") else None
            out.append(ob.Outgoing(r.id, r.game, r.key, r.kind, channel, seat, users.get(seat) if seat else None,
                                   payload))
        if damaged:  # set those games aside, and deliver the others' (and the notices) now
            for d in damaged:
                self.quarantine(d)
            return self.pending_outbox(limit, game_id)
        return out

    def _recipients(self, game_id: int, key: str, damaged: list[DamagedRow]) -> tuple[str | None, dict[str, str]]:
        """A game's channel and seat holders for delivery. A damaged games or seats row is added to
        ``damaged`` (unless this is the notice saying so, which goes to the channel when it reads)."""
        g = self.store.game(game_id)
        if g is not None and g.damaged and not key.startswith("damaged:"):
            damaged.append(DamagedRow(game_id, "games", game_id, g.damaged))
        try:
            users = {s.seat: s.user_id for s in self.store.seats(game_id)}
        except DamagedRow as err:
            if not key.startswith("damaged:"):
                damaged.append(err)
            users = {}
        return (g.channel if g else None), users

    def mark_delivered(self, outbox_id: int) -> None:
        self.store.mark_delivered(outbox_id, self.clock.now())

    def prune_outbox(self, keep_seconds: float = 7 * 86400) -> int:
        """Forget messages delivered more than ``keep_seconds`` ago (call now and then)."""
        return self.store.prune_outbox(self.clock.now() - keep_seconds)
