"""The lobby: a new game, seats taken and left, roles chosen, and the start."""

from __future__ import annotations

import re
import secrets
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.table import limits
from bot.table import outbox as ob
from bot.table.basics import (
    DEFAULT_SETTINGS,
    LiveGame,
    parse_options,
    seat_name,
    shown_name,
)
from bot.table.errors import TableError, TableRefusal
from bot.table.results import (
    Actor,
    AlreadyDone,
    Created,
    GameInfo,
    GameStatus,
    Joined,
    Left,
    RoleChosen,
    Started,
    status_words,
)
from bot.table.session import GameSession
from bot.table.steps import Steps
from bot.table.store import SeatRow, dumps
from engine import agents
from engine.core import OptionHelp, Refusal, Rules
from engine.core.rules import RANDOM_ROLE
from engine.core.words import join_words

if TYPE_CHECKING:
    from bot.table.core import TableCore
    from bot.table.deadlines import DeadlineBook

#: Where a new ``key=`` starts in what is typed for ``options:`` (as ``basics.parse_options`` splits them).
_NEXT_OPTION_AT = re.compile(r"(?:\s*,\s*|\s+)(?=[A-Za-z_][\w.-]*\s*=?$|[A-Za-z_][\w.-]*\s*=)")


class Lobby:
    """Before the first action: creating, joining, leaving, choosing roles, starting. A part of the
    table service, made with the table's core and its deadlines."""

    def __init__(self, core: TableCore, deadlines: DeadlineBook):
        self.core = core
        self.deadlines = deadlines

    @staticmethod
    def pick_role(info: GameInfo, wish: str, seat: str | None) -> str:
        """The role id ``wish`` names (an id or a label, any case) for ``seat``; '' for ``random``.
        Refuses a role the game does not offer or another seat holds, listing the free ones."""
        wish = str(wish).strip()
        if wish.lower() in ("", RANDOM_ROLE, "none"):
            return ""
        free = [r.id for r in info.roles if r.seat is None or r.seat == seat] + [RANDOM_ROLE]
        if not info.roles:
            raise TableError(f"{info.title} has no roles to choose in the lobby", code=TableRefusal.NO_ROLES,
                             legal="`/game join`, then `/game start`")
        found = next((r for r in info.roles if wish.lower() in (r.id.lower(), r.label.lower())), None)
        if found is None:
            raise TableError(f"{info.title} has no role {wish!r}", code=TableRefusal.UNKNOWN_ROLE, legal=free)
        if found.seat is not None and found.seat != seat:
            holder = next((s.name or s.seat for s in info.seats if s.seat == found.seat), found.seat)
            raise TableError(f"{found.label} is taken by {holder}", code=TableRefusal.ROLE_TAKEN,
                             legal=free)
        return found.id

    def new_game(self, actor: Actor, channel: str | None, name: str, *, players: int | None = None,
                 options: str | dict[str, Any] | None = None, play: bool = True, seed: int | None = None,
                 key: str | None = None) -> Created | AlreadyDone:
        """Open a lobby for game ``name`` bound to ``channel`` (one live game per channel) in the
        actor's server; the actor is its creator, hence its manager."""
        rules = self.core.rules_for(name)
        return self.core.opening(actor, channel, key, lambda: self._new_game(actor, channel, rules,
                                  players, options,
                                                                          play, seed, key))

    def _new_game(self, actor: Actor, channel: str | None, rules: Rules, players: int | None,
                  options: str | dict[str, Any] | None, play: bool, seed: int | None,
                  key: str | None) -> Created:
        if players is not None and not rules.min_seats <= players <= rules.max_seats:
            raise TableError(f"{rules.title} takes {rules.min_seats} to {rules.max_seats} players, not {players}",
                             code=TableRefusal.PLAYERS, legal=f"`players:{rules.min_seats}` to `players:{rules.max_seats}`")
        opts = parse_options(options)
        if opts.get("roles") not in (None, "") and rules.roles(players or rules.min_seats,
                                                                {**rules.default_options(players or rules.min_seats),
                                                                 **opts}):
            raise TableError("roles are chosen in the lobby, seat by seat", code=Refusal.BAD_OPTION,
                             legal="`/game join role:<role>`, `/game role <role>`")
        # Table settings may be given with the options: /game new fief options:deadline=2h
        game_keys = rules.default_options(players or rules.min_seats)
        settings = {k: "off" if v is False else str(v) for k, v in opts.items()
                    if k in DEFAULT_SETTINGS and k not in game_keys}
        for k, v in settings.items():
            self.core.check_setting(k, v)
            del opts[k]
        self._check_options(rules, players or rules.min_seats, opts)
        now = self.core.clock.now()
        with self.core.store.transaction():
            game_id = self.core.store.create_game(
                game=rules.name, channel=channel, guild=actor.guild, creator=actor.user_id, players=players,
                options=opts,
                settings=settings, seed=secrets.randbits(62) if seed is None else int(seed),
                engine_version=rules.engine_version, schema=rules.schema_version, now=now)
            seat = None
            if play:
                seat = self.free_seat(actor.name or actor.user_id, [], explicit=False)
                self.core.store.add_seat(game_id, seat, actor.user_id, shown_name(actor.name), now)
            self.core.remember_key(key, game_id, "new")
        return Created(self.core.info(game_id), seat)

    def _check_options(self, rules: Rules, seats: int, opts: dict[str, Any]) -> None:
        known = rules.default_options(seats)
        unknown = sorted(set(opts) - set(known))
        if unknown:
            raise TableError(f"{rules.title} has no option {unknown[0]!r}", code=Refusal.BAD_OPTION,
                             legal=sorted(known) or "it takes none")
        rules.check_options(seats, {**known, **opts})

    def option_help(self, name: str, players: int | None = None) -> list[OptionHelp]:
        """What ``/game new name:<name> options:`` takes: the game's options with their values and
        defaults, then the table settings a lobby may set (deadline, reminders, absent players)."""
        rules = self.core.rules_by_name.get(name)
        if rules is None:
            return []
        seats = players if players and rules.min_seats <= players <= rules.max_seats else rules.max_seats
        table = [
            OptionHelp("deadline", "the time each player has to answer", self.core.defaults["deadline"],
                       ("24h", "12h", "2h", "30m", "off")),
            OptionHelp("reminders", "reminders this long before the deadline", self.core.defaults["reminders"],
                       ("12h,1h", "1h", "off")),
            OptionHelp("absent", "a computer player of this strength answers for a player whose time ran out",
                       self.core.defaults["absent"], ("off", *agents.STRENGTHS)),
        ]
        return [*rules.options_help(seats), *table]

    def suggest_options(self, name: str, typed: str, players: int | None = None) -> list[str]:
        """Autocomplete of ``/game new options:``: what is typed already, completed with each option
        and its values (every value of the option being typed; else each option's default first, then
        their other values), at most 25, none blank or over 100 characters. A list option
        (OKC's ``modules``) offers the rest of its values after a comma."""
        helps = self.option_help(name, players)
        parts = _NEXT_OPTION_AT.split(typed.strip()) if typed.strip() else [""]
        done, fragment = [p.strip().strip(",").strip() for p in parts[:-1]], parts[-1].strip()
        last_help = next((h for h in helps if h.name == fragment.partition("=")[0].strip()), None)
        all_given = last_help is not None and last_help.many and "all" in fragment.partition("=")[2].split(",")
        if fragment.endswith(",") and "=" in fragment and (not (last_help and last_help.many) or all_given):
            done, fragment = [*done, fragment.rstrip(",").strip()], ""   # "length=4, ": the next option
        given = {p.partition("=")[0].strip() for p in done}
        head = ", ".join(p for p in done if p)
        key, sep, value = fragment.partition("=")
        key = key.strip()

        def line(text: str) -> str:
            return f"{head}, {text}" if head else text

        given_values = {k.strip(): v.strip() for k, _, v in (p.partition("=") for p in done)}

        def allowed(h: OptionHelp, v: str) -> bool:
            """A value other than the default of an option that needs another one (OKC's ``wild_cards``
            needs its module) only once that one is given."""
            if not h.needs or v == h.default:
                return True
            other, wanted = h.needs
            return bool({wanted, "all"} & {x.strip() for x in given_values.get(other, "").split(",")})

        out: list[str] = []
        chosen = next((h for h in helps if h.name == key), None) if sep else None
        if chosen is not None:
            picked = [v.strip() for v in value.split(",")] if chosen.many else [value.strip()]
            before, last = [v for v in picked[:-1] if v], picked[-1]
            values = [chosen.default, *chosen.values] if chosen.default else list(chosen.values)
            for v in values:
                if v and v.startswith(last) and v not in before and not (before and v == "all") and allowed(chosen, v):
                    out.append(line(f"{key}={','.join([*before, v])}"))
        else:
            open_ = [h for h in helps if h.name not in given and h.name.startswith(key)]
            for h in open_:   # each option once, at its default (or its first value)
                first = h.default or next(iter(h.values), "")
                if first:
                    out.append(line(f"{h.name}={first}"))
            for h in open_:   # then the other values, while room is left
                out += [line(f"{h.name}={v}") for v in h.values
                        if v and v != (h.default or h.values[0]) and allowed(h, v)]
        return [x for x in dict.fromkeys(out) if len(x) <= 100][:25]

    def free_seat(self, wish: str, taken: list[str], *, explicit: bool) -> str:
        if explicit and len(wish) > limits.MAX_SEAT_NAME:
            raise TableError(f"a seat name is at most {limits.MAX_SEAT_NAME} characters, not {len(wish)}",
                             code=TableRefusal.BAD_VALUE, legal="a short name: letters, digits, - and _")
        base = seat_name(wish) or f"p{len(taken) + 1}"
        if base in taken:
            if explicit:
                raise TableError(f"seat {base!r} is taken", code=TableRefusal.SEAT_TAKEN, legal=f"not {', '.join(taken)}")
            n = 2
            while f"{base}{n}" in taken:
                n += 1
            base = f"{base}{n}"
        return base

    def join(self, actor: Actor, channel: str | None, *, seat: str | None = None, role: str | None = None,
             game_id: int | None = None, key: str | None = None) -> Joined | AlreadyDone:
        """Take a lobby seat; ``role`` also chooses a colour or faction (see :meth:`role`)."""

        def body(session: GameSession) -> Joined:
            row, info = session.row, self.core.session_info(session)
            mine = info.seat_of(actor.user_id)
            if mine is not None and not role:
                return Joined(info, mine.seat, already=True, role=mine.role)
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has already started: it is {status_words(row.status)}", code=TableRefusal.STARTED,
                                 legal="ask a GM to give you a seat with `/game replace`")
            if mine is not None:  # seated already: join role:x changes the role
                chosen = self.pick_role(info, role or "", mine.seat)
                self._set_role(session, mine.seat, chosen, key, "join")
                return Joined(self.core.session_info(session), mine.seat, already=True, role=chosen)
            limit = row.players or session.rules.max_seats
            if len(info.seats) >= limit:
                raise TableError(f"game {row.id} is full ({limit} seats)", code=TableRefusal.FULL)
            chosen = self.pick_role(info, role, None) if role else ""
            name = self.free_seat(seat or actor.name or actor.user_id, [s.seat for s in info.seats],
                                   explicit=bool(seat))
            self.seat(session, name, actor.user_id, shown_name(actor.name), chosen, key=key, command="join")
            return Joined(self.core.session_info(session), name, role=chosen)

        return self.core.once(actor, channel, game_id, key, body)

    def role(self, actor: Actor, channel: str | None, *, role: str, game_id: int | None = None,
             key: str | None = None) -> RoleChosen | AlreadyDone:
        """Choose (or change) the actor's role in the lobby: a role id or its name, any case;
        ``random`` gives the choice back to the deal at the start. Refused for a role another seat
        holds or the game does not offer (the free roles are listed)."""

        def body(session: GameSession) -> RoleChosen:
            row, info = session.row, self.core.session_info(session)
            mine = info.seat_of(actor.user_id)
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has started: roles are chosen in the lobby", code=TableRefusal.STARTED)
            if mine is None:
                raise TableError(f"you have no seat in game {row.id}", code=Refusal.NO_SEAT,
                                 legal=f"`/game join role:{role}`")
            chosen = self.pick_role(info, role, mine.seat)
            self._set_role(session, mine.seat, chosen, key, "role")
            label = next((r.label for r in info.roles if r.id == chosen), chosen)
            return RoleChosen(self.core.session_info(session), mine.seat, chosen, label, mine.role)

        return self.core.once(actor, channel, game_id, key, body)

    def leave(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> Left | AlreadyDone:

        def body(session: GameSession) -> Left:
            row, mine = session.row, session.seat_of(actor.user_id)
            if mine is None:
                raise TableError(f"you have no seat in game {row.id}", code=Refusal.NO_SEAT)
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has started: seats can only change hands", code=TableRefusal.STARTED,
                                 legal="ask a GM: `/game replace`")
            self.unseat(session, mine.seat, key=key, command="leave")
            return Left(self.core.session_info(session), mine.seat)

        return self.core.once(actor, channel, game_id, key, body)

    def start(self, actor: Actor, channel: str | None, *, game_id: int | None = None,
              key: str | None = None) -> Started | AlreadyDone:
        """Run the game's setup with the lobby's seats and roles (the game's manager)."""
        return self.core.once(actor, channel, game_id, key, lambda session: self._start(session, key),
                               gm="start the game")

    def seat(self, session: GameSession, seat: str, user_id: str, name: str, role: str, *, agent: str = "",
             key: str | None, command: str) -> None:
        """Store a new seat of the lobby (and the command's key), and keep the session true."""
        row, now = session.row, self.core.clock.now()
        with self.core.store.transaction():
            self.core.store.add_seat(row.id, seat, user_id, name, now, role, agent)
            self.core.remember_key(key, row.id, command)
        position = max((s.position for s in session.seats), default=-1) + 1
        session.seated(SeatRow(row.id, seat, user_id, name, position, now, role, agent))

    def unseat(self, session: GameSession, seat: str, *, key: str | None, command: str) -> None:
        """Remove a seat of the lobby (and store the command's key), and keep the session true."""
        with self.core.store.transaction():
            self.core.store.remove_seat(session.row.id, seat)
            self.core.remember_key(key, session.row.id, command)
        session.unseated(seat)

    def _set_role(self, session: GameSession, seat: str, role: str, key: str | None, command: str) -> None:
        with self.core.store.transaction():
            self.core.store.set_seat_role(session.row.id, seat, role)
            self.core.remember_key(key, session.row.id, command)
        held = session.seat_row(seat)
        assert held is not None
        session.seated(replace(held, role=role))

    def _start(self, session: GameSession, key: str | None) -> Started:
        row, rules = session.row, session.rules
        if row.status != GameStatus.LOBBY:
            raise TableError(f"game {row.id} is not in its lobby: it is {status_words(row.status)}", code=TableRefusal.STARTED)
        info = self.core.session_info(session)
        names = [s.seat for s in info.seats]
        if row.players is not None and len(names) != row.players:
            raise TableError(f"game {row.id} waits for {row.players} players, {len(names)} seated",
                             code=TableRefusal.NOT_FULL, legal="`/game join`")
        options = dict(row.options)
        if any(s.role for s in info.seats):  # the lobby's choices, in seat order (Rules.roles)
            options["roles"] = ",".join(s.role or RANDOM_ROLE for s in info.seats)
        state, events = rules.new_game(names, options, row.seed)  # RuleError: refused, nothing stored
        now = self.core.clock.now()
        phase = rules.phase(state)
        dealt = rules.seat_roles(state)  # every seat's role now, the dealt ones too (public)
        steps = Steps(rules, rules.load(rules.dump(state)), phase, 0, self.core.snapshot_every)
        steps.skip_passes(f"start:{row.id}:{row.epoch}")
        work = steps.work
        with self.core.store.transaction():
            for s in info.seats:
                if dealt.get(s.seat, s.role) != s.role:
                    self.core.store.set_seat_role(row.id, s.seat, dealt[s.seat])
            self.core.store.put_snapshot(row.id, 0, dumps(rules.dump(state)), phase, now)
            steps.store(self.core.store, row.id, now)
            self.core.store.update_game(row.id, status=GameStatus.ACTIVE.value, phase=rules.phase(work), updated=now,
                                   engine_version=rules.engine_version, schema=rules.schema_version,
                                   options=options)
            row = self.core.game_row(row.id)
            for s in info.seats:
                if s.seat in dealt:
                    held = session.seat_row(s.seat)
                    assert held is not None
                    session.seated(replace(held, role=dealt[s.seat]))
            session.row = row
            due = self.deadlines.sync(row, rules, work, now, computers=session.computers)
            players = session.names
            roles = {s: _roles_words(rules, r, options) for s, r in dealt.items()}
            self.core.queue(row.id, ob.after_action(ob.Turn(
                game_id=row.id, prefix=self.core.key_prefix(row, 0), rules=rules, state=work, before=None,
                events=events + steps.events, phase_events=[], names=players, due=due, kind="started",
                extra={"roles": roles or {s: "" for s in players}})), session.seats)
            self.core.remember_key(key, row.id, "start")
        self.core.keep_loaded(row.id, LiveGame(work, steps.seq, row.epoch))
        return Started(self.core.session_info(session), ob.title_of(rules, rules.words(), work))


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
    return join_words(_role_words(rules, r, options) for r in roles.split("+") if r)
