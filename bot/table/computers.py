"""Computer players at the table: seats added in the lobby, seats handed over, and stand-ins for
absent players; their turns, thought out away from the game's lock.

A computer player's pending turn is a ``computer`` row in the deadlines table, due at once
(:meth:`~bot.table.deadlines.DeadlineBook.sync` opens it for a seat a computer plays, for
the requests and offers put to it too; a passed deadline opens one when the table's ``absent``
setting names a strength). Kept in the database, it survives a restart: the next
:meth:`ComputerPlayers.run_computers` (or the Discord dispatcher) plays it. The agent
(:mod:`engine.agents`) thinks on a copy of the state with no lock held, so the game's players and
every other game go on meanwhile; its choice is then applied through the normal path (key
``computer:<row id>``, source ``computer``), and a choice the game refuses by then (the state moved
on) is thought out again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.table import outbox as ob
from bot.table import thinking
from bot.table.basics import COMPUTER_USER, HANDED, log, shown_name
from bot.table.errors import CorruptGame, Refusal, TableError, TableRefusal
from bot.table.results import Actor, AlreadyDone, Applied, ComputerSeated, GameStatus, Outcome, status_words
from bot.table.session import GameSession
from bot.table.store import CannotSave, DeadlineRow, GameRow
from engine import agents
from engine.agents.answer import binding
from engine.core import Action, Decision, DecisionKind, GameState, RuleError, Rules

if TYPE_CHECKING:
    from bot.table.actions import Actions
    from bot.table.core import TableCore
    from bot.table.deadlines import DeadlineBook
    from bot.table.lobby import Lobby

#: Names a computer player takes in the lobby, in order, skipping any name already at the table.
NAMES = ("Aldous", "Maud", "Godric", "Isolde", "Osbert", "Rohese", "Wystan", "Hawise", "Ranulf", "Edith",
         "Baldwin", "Petronilla", "Cuthbert", "Alditha", "Warin", "Ysmay")

#: The start of the outcome of a computer player's turn row: what it chose, in words.
CHOSE = "chose: "

#: How often a computer player thinks again when the game refuses what it chose (the state moved on).
ATTEMPTS = 3

#: A computer player that has taken this many turns on one decision (each action a turn, the decision
#: still open) plays its default: a safety net for a loop of moves that undo each other, which the
#: agents cut one by one as the arenas find them (docs/agents.md, "Stalling"). No real turn comes near.
TURN_LIMIT = 400


def strength_of(value: str | None) -> str:
    """A strength as typed (any case), refused unless it is one of :data:`engine.agents.STRENGTHS`."""
    wish = (value or "steady").strip().lower()
    if wish not in agents.STRENGTHS:
        raise TableError(f"a computer player's strength is one of {', '.join(agents.STRENGTHS)}, not {value!r}",
                         code=TableRefusal.BAD_VALUE, legal=list(agents.STRENGTHS))
    return wish


def agent_seed(game_seed: int, version: int, seat: str, decision: str) -> int:
    """The seed of one choice: the same game, state, seat and decision give the same seed, so a
    replayed or resumed turn thinks the same way."""
    digest = hashlib.blake2b(f"{game_seed}:{version}:{seat}:{decision}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def answer_request(rules: Rules, state: GameState, seat: str, d: Decision, accept: bool) -> Action | None:
    """The action that accepts (or declines) the request or offer ``d`` put to ``seat``: one whose
    ``accept`` argument says so, else one whose kind does (``accept_offer``, ``decline_offer``); the
    decision's default when the game offers no such answer."""
    named = ob.answers(rules, state, seat, d)
    found = next((a for a in named if a.get("accept") is not None and bool(a.get("accept")) == accept), None)
    word = "accept" if accept else "decline"
    found = found or next((a for a in named if a.get("accept") is None and word in a.kind), None)
    return found or d.default_for(seat)


def with_reason(rules: Rules, action: Action, why: str) -> Action:
    """``action`` carrying the reason a computer player gives for its answer, when the game's action takes
    one (OKC's ``accept_offer`` / ``decline_offer``: told to the proposer) and knows that reason."""
    spec = rules.actions.get(action.kind)
    param = next((p for p in spec.params if p.name == "reason"), None) if spec is not None else None
    if param is None or (param.choices and why not in param.choices) or action.get("reason") is not None:
        return action
    return Action.of(action.kind, **{**action.params, "reason": why})


class ComputerPlayers:
    """Computer players: adding and removing them in the lobby, and playing their turns. A part of the
    table service, made with the table's core, its lobby (seats and roles), its actions and its
    deadlines."""

    def __init__(self, core: TableCore, lobby: Lobby, actions: Actions, deadlines: DeadlineBook):
        self.core = core
        self.lobby = lobby
        self.actions = actions
        self.deadlines = deadlines

    # -- the lobby ------------------------------------------------------------------
    def computer(self, actor: Actor, channel: str | None, *, strength: str | None = None,
                 name: str | None = None, role: str | None = None, game_id: int | None = None,
                 key: str | None = None) -> ComputerSeated | AlreadyDone:
        """Seat a computer player of ``strength`` in the lobby (the game's manager): a period name
        unless ``name`` is given (never a name already at the table), and a role like anyone else."""
        chosen_strength = strength_of(strength)

        def body(session: GameSession) -> ComputerSeated:
            row, info = session.row, self.core.session_info(session)
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has already started: it is {status_words(row.status)}", code=TableRefusal.STARTED,
                                 legal="hand a seat to a computer player with `/game replace seat:<seat> computer:<strength>`")
            limit = row.players or session.rules.max_seats
            if len(info.seats) >= limit:
                raise TableError(f"game {row.id} is full ({limit} seats)", code=TableRefusal.FULL)
            taken_names = {s.name.lower() for s in info.seats} | {s.seat for s in info.seats}
            if name:
                shown = shown_name(name.strip())
                if shown.lower() in taken_names:
                    raise TableError(f"{shown} already sits at this table", code=TableRefusal.SEAT_TAKEN,
                                     legal="another name, or none for one of ours")
            else:
                shown = next((n for n in NAMES if n.lower() not in taken_names), f"Player {len(info.seats) + 1}")
            seat = self.lobby.free_seat(shown, [s.seat for s in info.seats], explicit=False)
            picked = self.lobby.pick_role(info, role, None) if role else ""
            self.lobby.seat(session, seat, f"{COMPUTER_USER}{seat}", shown, picked, agent=chosen_strength, key=key,
                            command="computer")
            return ComputerSeated(self.core.session_info(session), seat, shown, chosen_strength, picked)

        return self.core.once(actor, channel, game_id, key, body, gm="add a computer player")

    def dismiss(self, actor: Actor, channel: str | None, *, seat: str, game_id: int | None = None,
                key: str | None = None) -> ComputerSeated | AlreadyDone:
        """Take a computer player out of the lobby (the game's manager)."""

        def body(session: GameSession) -> ComputerSeated:
            row, info = session.row, self.core.session_info(session)
            found = info.user_of(seat)
            computers = [s.seat for s in info.seats if s.computer]
            if found is None or not found.computer:
                raise TableError(f"game {row.id} has no computer player in seat {seat!r}", code=Refusal.NO_SEAT,
                                 legal=computers or "no computer player sits here")
            if row.status != GameStatus.LOBBY:
                raise TableError(f"game {row.id} has started: a seat can only change hands", code=TableRefusal.STARTED,
                                 legal=f"`/game replace seat:{seat} user:<person>`")
            self.lobby.unseat(session, seat, key=key, command="uncomputer")
            return ComputerSeated(self.core.session_info(session), seat, found.name, found.agent, found.role, added=False)

        return self.core.once(actor, channel, game_id, key, body, gm="remove a computer player")

    # -- turns ----------------------------------------------------------------------
    def computer_turns(self, now: float | None = None) -> list[int]:
        """The computer players' turns due now (deadline row ids), oldest first."""
        due, _ = self.core.store.due_deadlines(self.core.clock.now() if now is None else now, self.core.shard_games)
        return [r.id for r in due if r.kind == "computer"]

    def game_of_turn(self, turn_id: int) -> int | None:
        """The game a computer turn (a deadline row id) belongs to; None when the row is gone."""
        r = self.core.store.deadline(turn_id)
        return r.game if r is not None else None

    def run_computers(self, now: float | None = None, limit: int = 10_000) -> list[Outcome]:
        """Play computer turns one after another until none is due (a computer's move may make
        another computer awaited); at most ``limit`` turns."""
        out: list[Outcome] = []
        for _ in range(limit):
            turns = self.computer_turns(now)
            if not turns:
                break
            out += self.play_computer(turns[0])
        return out

    def play_computer(self, turn_id: int) -> list[Outcome]:
        """Play one computer turn: think on a copy with no lock held, then apply through the normal
        path. Safe to call twice (the key ``computer:<row id>`` applies once) and from any thread."""
        for attempt in range(ATTEMPTS + 1):
            turn = self._computer_turn(turn_id)
            if turn is None:
                return []
            think = attempt < ATTEMPTS and not self._looping(turn)
            action = self._think(turn) if think else turn.decision.default_for(turn.seat)
            if action is None:
                self.core.store.close_deadline(turn_id, self.core.clock.now(), "no default")
                return []
            try:
                return [self._computer_apply(turn, action)]
            except (CannotSave, CorruptGame):  # the table's trouble, not a refusal: the turn waits as a row
                raise
            except RuleError as err:
                log.info("game %s: a computer player's %s for %s was refused (%s)", turn.row.id, action.kind,
                         turn.decision.id, err.code)
        self.core.store.close_deadline(turn_id, self.core.clock.now(), "refused")
        return []

    def _computer_turn(self, turn_id: int) -> ComputerTurn | None:
        """What a computer turn needs, read under the game's lock (a copy of the state). None (and
        the row closed) when there is nothing left to play."""
        r = self.core.store.deadline(turn_id)
        if r is None or r.done_at is not None or r.kind != "computer":
            return None
        with self.core.game_lock(r.game):
            row = self.core.game_row(r.game)
            r = self.core.store.deadline(turn_id)
            if r is None or r.done_at is not None or row.status != GameStatus.ACTIVE:
                return None
            rules = self.core.rules_for(row.game)
            state = self.core.load_state(row)
            d = next((d for d in rules.pending(state) if d.id == r.decision and r.seat in d.seats), None)
            now = self.core.clock.now()
            if d is None or rules.result(state) is not None:
                self.core.store.close_deadline(r.id, now, "answered")
                return None
            strength, stand_in = self._player_of(row, r.seat)
            if not strength:  # taken back by a person, or the table turned ``absent`` off since
                with self.core.store.transaction():
                    self.core.store.close_deadline(r.id, now, "no computer player")
                    self.deadlines.sync(row, rules, state, now)
                return None
            return ComputerTurn(turn_id, row, rules, rules.copy(state), d, r.seat, strength, stand_in)

    def _looping(self, turn: ComputerTurn) -> bool:
        rows = self.core.store.seat_rows(turn.row.id, turn.decision.id, turn.seat)
        if sum(1 for r in rows if r.kind == "computer") <= TURN_LIMIT:
            return False
        log.warning("game %s: the computer player in seat %s has taken %s turns on %s; playing the default",
                    turn.row.id, turn.seat, TURN_LIMIT, turn.decision.id)
        return True

    def _player_of(self, row: GameRow, seat: str) -> tuple[str, bool]:
        """The strength of the computer player for ``seat`` ('' for none), and whether it stands in
        for the person holding the seat (the table's ``absent`` setting)."""
        held = next((s for s in self.core.store.seats(row.id) if s.seat == seat), None)
        if held is None:
            return "", False
        if held.agent:
            return held.agent, False
        absent = self.deadlines.settings_of(row)["absent"]      # always set: DEFAULT_SETTINGS
        return ("", False) if absent == "off" else (absent, True)

    def _think(self, turn: ComputerTurn) -> Action | None:
        """The agent's choice (no lock held: the turn's state is a copy). A request or an offer is
        answered by :func:`engine.agents.accepts`, anything else by :func:`engine.agents.decide`. An
        agent that fails plays the decision's default."""
        d, seat, work = turn.decision, turn.seat, turn.state
        seed = agent_seed(turn.row.seed, work.version, seat, d.id)
        try:
            if d.kind is DecisionKind.RESPONSE and d.id.startswith(("request-", "offer-")):
                yes, why = agents.answer_why(turn.rules, work, seat, d.id, turn.strength, seed=seed)
                found = answer_request(turn.rules, work, seat, d, yes)
                return with_reason(turn.rules, found, why) if found is not None else None
            # The budget in wall time, not an estimate; in a pool process when the config asks for one.
            chosen = thinking.decide(self.core.computer_processes, turn.rules, work, seat, turn.strength, seed=seed,
                                     budget=self.core.computer_budget)
            if chosen.kind in ("accept_offer", "decline_offer") and chosen.get("reason") is None:
                accepted = chosen.kind == "accept_offer"
                bound = binding(work, seat, f"offer-{chosen.get('offer')}")
                return with_reason(turn.rules, chosen, "helps" if accepted else "binds" if bound else "costs")
            return chosen
        except Exception:  # a broken agent must not stall the game: the default answers
            log.exception("game %s: the %s computer player failed on %s; playing the default", turn.row.id,
                          turn.strength, d.id)
            return d.default_for(seat)

    def _computer_apply(self, turn: ComputerTurn, action: Action) -> Applied:
        """Apply a computer player's choice. One standing in for an absent person notes what it chose
        on its turn's row and, once the decision it took over is done, tells that person by direct
        message what it chose for them, in one message."""
        row, seat = turn.row, turn.seat
        applied = self.actions.apply(row.id, seat, action, key=f"computer:{turn.id}", user_id=None, source="computer",
                              deadline_id=turn.id,
                              standing_in=(turn.decision.id, seat) if turn.stand_in else None)
        if turn.stand_in and not applied.duplicate:
            with self.core.store.transaction():
                self.core.store.note_outcome(turn.id, f"{CHOSE}{applied.said}")
                rows = self.core.store.seat_rows(row.id, turn.decision.id, seat)
                if not any(r.done_at is None for r in rows):  # the decision is done: tell the person
                    self.core.queue(row.id, [ob.Message(f"g{row.id}.computer.{turn.id}.dm", ob.DM, f"seat:{seat}",
                                                    {"type": "news", "game_id": row.id, "seat": seat,
                                                     "lines": stand_in_lines(rows)})])
        return applied


def stand_in_lines(rows: list[DeadlineRow]) -> list[str]:
    """What a computer player chose for an absent person since the last deadline it took over."""
    start = max((i for i, r in enumerate(rows) if r.outcome == HANDED), default=-1)
    chosen = [r.outcome[len(CHOSE):] for r in rows[start + 1:] if r.outcome and r.outcome.startswith(CHOSE)]
    if len(chosen) == 1:
        return [f"Time ran out, so a computer player chose for you: {chosen[0]}."]
    return ["Time ran out, so a computer player chose for you:"] + [f"· {c}" for c in chosen]


@dataclass(frozen=True)
class ComputerTurn:
    """One computer turn as read under the game's lock: ``state`` is a copy the agent may think on."""

    id: int
    row: GameRow
    rules: Rules
    state: GameState
    decision: Decision
    seat: str
    strength: str
    stand_in: bool  # standing in for the absent person who holds the seat
