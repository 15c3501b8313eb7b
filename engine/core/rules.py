"""The contract every game implements, and the one checked path through it.

A game subclasses :class:`Rules` and fills in ``setup``, ``pending``, ``legal``, ``play``,
``view`` and ``result``. Callers never call ``play`` directly: they use :func:`apply`, which
refuses actions from seats the game is not waiting on, unknown kinds and finished games,
and then lets the rules check and carry out the action.

The contract for ``play``: check everything first and raise :class:`RuleError` before any
change (including random draws), then mutate the state in place and emit events.
Random playouts prove it by comparing the serialised state before and after every refusal.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from engine.core import serial
from engine.core.actions import Action
from engine.core.decisions import Decision, awaited
from engine.core.errors import GameOver, NotYourTurn, Refusal, RuleError, UnknownAction
from engine.core.events import Event
from engine.core.result import Result
from engine.core.rng import Rng
from engine.core.specs import ActionSpec, CommandGroup, OptionHelp
from engine.core.state import CORE_SCHEMA, GameState, canonical
from engine.core.statecopy import copy_data
from engine.core.words import Words

View = dict[str, Any]


@mypyc_attr(allow_interpreted_subclasses=True)   # the test games (tests/games) extend it in Python
class Rules(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    state_type: ClassVar[type]
    schema_version: ClassVar[int] = 1
    engine_version: ClassVar[str] = "1"
    actions: ClassVar[dict[str, ActionSpec]] = {}
    # The commands gathered by what they do (``/fief war move``); none: every command directly under
    # ``/<game>`` (at most 25 then). Each action kind is in exactly one group.
    command_groups: ClassVar[tuple[CommandGroup, ...]] = ()
    # Event kinds that reveal a secret on purpose (a battle turning troops face up). Public
    # outputs may depend on hidden facts from such an event on; undo never crosses one.
    reveal_events: ClassVar[frozenset[str]] = frozenset({"secret.revealed"})
    # Coverage detail for random playouts (``engine.simulate --coverage``): event kind -> a data field
    # whose value splits the count, printed as ``kind[value]`` (e.g. which piece a Visit went to).
    coverage_detail: ClassVar[dict[str, str]] = {}
    # What random playouts must reach (``engine.simulate --coverage`` prints a count for each, 0 included):
    # the goal labels in print order; :meth:`coverage_marks` says which goals an event reaches.
    coverage_goals: ClassVar[tuple[str, ...]] = ()
    # Migrations of ``data`` from schema n to n+1, keyed by n.
    migrations: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}

    # -- what a game implements -------------------------------------------------
    def default_options(self, seats: int) -> dict[str, Any]:
        return {}

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        """Raise RuleError when the options are not valid for this many seats."""
        return None

    def options_help(self, seats: int) -> list[OptionHelp]:
        """Each option of :meth:`default_options` (but ``roles``, chosen in the lobby) with what it
        does and the values it takes: the lobby's autocomplete and docs/commands.md. By default its
        name and default only; a game says more by overriding this."""
        return [OptionHelp(k, "", _option_text(v)) for k, v in self.default_options(seats).items() if k != "roles"]

    def settle(self, state: GameState, before: GameState, paths: list[str]) -> None:
        """After a scenario's setup overrides (the dotted ``paths``) turned ``before`` into ``state``:
        the bookkeeping one change implies, e.g. a unit placed on the map leaves its stockpile
        (docs/scenarios.md). By default nothing."""
        return None

    def validate(self, state: GameState) -> list[str]:
        """What is inconsistent in ``state``, one "path: why" a line; empty when all fits. The
        scenario runner refuses a setup that leaves any (docs/scenarios.md)."""
        return []

    @abstractmethod
    def setup(self, state: GameState) -> None:
        """Fill ``state.data`` for ``state.seats`` and ``state.options`` (draws go through ``state.rng``)."""

    @abstractmethod
    def pending(self, state: GameState) -> list[Decision]:
        """What the game waits for, and from whom."""

    @abstractmethod
    def legal(self, state: GameState, seat: str) -> list[Action]:
        """The enumerable choices of ``seat`` now (buttons, autocomplete, random agents)."""

    @abstractmethod
    def play(self, state: GameState, seat: str, action: Action) -> None:
        """Check, then carry out ``action``; raise RuleError before changing anything."""

    @abstractmethod
    def view(self, state: GameState, seat: str | None) -> View:
        """What ``seat`` may know; ``None`` is the public view."""

    @abstractmethod
    def result(self, state: GameState) -> Result | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def permute_hidden(self, state: GameState, rnd: random.Random) -> None:
        """Shuffle the facts no public output may depend on (hands, deck order, money...)."""

    def determinize(self, state: GameState, seat: str, rnd: random.Random) -> GameState:
        """A copy of ``state`` where every fact ``seat`` cannot see is drawn afresh with ``rnd``.

        What search agents play on (engine/agents, docs/agents.md): the other seats' hands, the
        order of every deck, face-down troops, unrevealed bids and the future draws of the game's
        own generator are sampled consistently with what ``seat`` has seen, while ``seat``'s view
        stays byte for byte the same. The sample depends only on that view and ``rnd``: two states
        that look the same to ``seat`` give the same copy for the same ``rnd``, which is what makes
        an agent unable to cheat. A game without it cannot host the searching agents.
        """
        raise NotImplementedError(f"{self.title} does not sample hidden facts for a seat")

    def roles(self, seats: int, options: dict[str, Any]) -> list[str]:
        """The roles a seat may choose in the lobby (Fief family colours, OKC factions); [] for none.

        A game that offers roles lists the option ``roles`` in :meth:`default_options` (default
        ``""``) and honours it in :meth:`setup`: a comma list in seat order, one entry per seat,
        each a role id or ``random``. Chosen roles go to their seats; the others are dealt at
        random with ``state.rng`` (see :func:`deal_roles`). An empty value keeps the game's own
        deal. :func:`check_roles` gives the refusals (wrong count, unknown or repeated role).
        """
        return []

    def role_label(self, role: str, options: dict[str, Any]) -> str:
        """How a role is named to people ("Red", "The Clans"); the id by default."""
        return role

    def lobby_notes(self, options: dict[str, Any], seats: int | None = None) -> list[str]:
        """Lines the lobby shows about the chosen options for ``seats`` players when known (OKC: the Wild
        Kingdom modules, their Complexity Ratings and band); [] by default and for options the game would
        refuse."""
        return []

    def seat_roles(self, state: GameState) -> dict[str, str]:
        """Each seat's role once set up (public facts: the table shows them after the start; a seat
        holding several joins them with ``+``); {} for a game without roles."""
        return {}

    def waits_on(self, state: GameState, seat: str) -> bool:
        """Whether the game waits on ``seat`` for any decision, blocking or not (the turn check of
        :func:`apply`). By default read from :meth:`pending`; a game may answer without building
        the decisions and their defaults. Random playouts with checks prove both agree."""
        return seat in awaited(self.pending(state), blocking_only=False)

    def agent_weight(self, state: GameState, seat: str, action: Action) -> float:
        """How likely a random agent (playouts, demos) is to pick ``action`` among the legal ones.

        Never part of the rules. A game raises the weight of actions that keep play going
        (fighting on rather than surrendering at the first chance) so that random playouts
        reach the rarer situations; 1.0 everywhere is a uniform choice.
        """
        return 1.0

    def coverage_marks(self, state: GameState, event: Event) -> tuple[str, ...]:
        """The :attr:`coverage_goals` that ``event`` (just emitted; ``state`` is after it) reaches."""
        return ()
    def agent_weights(self, state: GameState, seat: str, legal: list[Action]) -> list[float] | None:
        """The weights of ``legal`` for a random agent, or None for a uniform choice (no call per action:
        playouts stay fast). By default from :meth:`agent_weight`, when the game defines it."""
        if type(self).agent_weight is Rules.agent_weight:
            return None
        return [self.agent_weight(state, seat, a) for a in legal]

    def phase(self, state: GameState) -> str:
        """A short public label of where the game is ("Round 2, Phase 4: Purchasing").

        The table posts the board and takes a snapshot whenever this label changes.
        """
        return f"state {state.version}"

    def words(self) -> Words:
        """How this game speaks to people (see :mod:`engine.core.words`). Override with the
        game's own :class:`Words`; the default narrates nothing and labels actions by kind."""
        return _PLAIN_WORDS

    def suggest(self, state: GameState, seat: str, kind: str, param: str) -> list[Any]:
        """Values for autocomplete: by default, those appearing in legal actions of ``kind``."""
        seen: dict[Any, None] = {}
        for action in self.legal(state, seat):
            if action.kind == kind:
                value = action.get(param)
                if value is not None:
                    seen.setdefault(value, None)
        return list(seen)

    # -- provided ----------------------------------------------------------------
    def new_game(
        self, seats: list[str], options: dict[str, Any] | None = None, seed: int = 0
    ) -> tuple[GameState, list[Event]]:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise RuleError(
                "setup",
                f"{self.title} takes {self.min_seats} to {self.max_seats} players, not {len(seats)}",
                code=Refusal.SEATS,
            )
        if len(set(seats)) != len(seats):
            raise RuleError("setup", "seat names must differ", code=Refusal.SEATS)
        merged = {**self.default_options(len(seats)), **(options or {})}
        self.check_options(len(seats), merged)
        state = GameState(self.name, list(seats), merged, seed, Rng.seeded(seed), schema=self.schema_version)
        self.setup(state)
        return state, state.take_events()

    def dump(self, state: GameState) -> dict[str, Any]:
        return {
            "core": CORE_SCHEMA,
            "game": state.game,
            "schema": state.schema,
            "seats": list(state.seats),
            "options": state.options,
            "seed": state.seed,
            "version": state.version,
            "rng": state.rng.to_json(),
            "data": serial.dump(state.data),
        }

    def load(self, blob: dict[str, Any]) -> GameState:
        if blob.get("game") != self.name:
            raise ValueError(f"this save is for {blob.get('game')!r}, not {self.name!r}")
        schema = int(blob.get("schema", 1))
        if schema > self.schema_version:
            raise ValueError(f"save schema {schema} is newer than this engine ({self.schema_version})")
        data = blob["data"]
        while schema < self.schema_version:
            data = self.migrations[schema](data)
            schema += 1
        return GameState(
            game=blob["game"],
            seats=list(blob["seats"]),
            options=dict(blob["options"]),
            seed=int(blob["seed"]),
            rng=Rng.from_json(blob["rng"]),
            data=serial.load(self.state_type, data),
            version=int(blob["version"]),
            schema=schema,
        )

    def fingerprint(self, state: GameState) -> str:
        return canonical(self.dump(state))

    def copy(self, state: GameState) -> GameState:
        return self.load(self.dump(state))


_PLAIN_WORDS = Words()

RANDOM_ROLE = "random"


def split_roles(value: Any) -> list[str]:
    """The ``roles`` option as a list in seat order (``random`` for a seat that did not choose);
    [] when it is empty (no choice at all)."""
    if value is None or value == "":
        return []
    items = value if isinstance(value, list | tuple) else str(value).split(",")
    return [str(x).strip().lower() or RANDOM_ROLE for x in items]


def check_roles(section: str, value: Any, seats: int, choosable: list[str]) -> list[str]:
    """Refuse a ``roles`` option that does not give one entry per seat, names a role the game
    does not offer, or gives one role to two seats; return it as a list (see :func:`split_roles`)."""
    chosen = split_roles(value)
    if not chosen:
        return []
    legal = [*choosable, RANDOM_ROLE]
    if len(chosen) != seats:
        raise RuleError(section, f"roles lists {len(chosen)} entries for {seats} seats: one per seat, in seat "
                        "order", code=Refusal.BAD_ROLES, legal=f"{seats} of {', '.join(legal)}")
    for role in chosen:
        if role != RANDOM_ROLE and role not in choosable:
            raise RuleError(section, f"there is no role {role!r}", code=Refusal.BAD_ROLES, legal=legal)
    picked = [r for r in chosen if r != RANDOM_ROLE]
    for role in picked:
        if picked.count(role) > 1:
            raise RuleError(section, f"role {role!r} is given to two seats", code=Refusal.BAD_ROLES,
                            legal=[r for r in legal if r not in picked or r == role])
    return chosen


def deal_roles(state: GameState, chosen: list[str], pool: list[str], why: str = "roles") -> list[str]:
    """One role per seat: the chosen ones kept, every ``random`` entry dealt from the roles of
    ``pool`` nobody chose (shuffled with ``state.rng``, so the deal is logged and replayable).
    An empty ``chosen`` deals every seat at random."""
    chosen = chosen or [RANDOM_ROLE] * len(state.seats)
    free = [r for r in pool if r not in chosen]
    if RANDOM_ROLE in chosen:
        state.rng.shuffle(free, why=why)
    return [r if r != RANDOM_ROLE else free.pop(0) for r in chosen]


def clone(state: GameState) -> GameState:
    """The same game as :meth:`Rules.copy` gives, several times faster (one walk over the game's
    dataclasses, :mod:`engine.core.statecopy`): for search, which copies a state per sample and per
    look-ahead."""
    rng = Rng(state.rng.state, state.rng.draws, list(state.rng.forced))
    data = copy_data(state.data)
    return GameState(state.game, list(state.seats), dict(state.options), state.seed, rng, data,
                     state.version, state.schema)


def reseed(state: GameState, rnd: random.Random) -> None:
    """Give ``state`` a fresh generator from ``rnd`` (for :meth:`Rules.determinize`): the dice and
    shuffles still to come are hidden facts too, and so are draws forced by a test."""
    state.rng.state = rnd.getrandbits(64)
    state.rng.forced = []


def apply(rules: Rules, state: GameState, seat: str, action: Action) -> list[Event]:
    """The checked path: refuse what the table cannot accept, then let the rules play."""
    if rules.result(state) is not None:
        raise GameOver()
    if seat not in state.seats:
        raise RuleError("table", f"{seat!r} has no seat in this game", code=Refusal.NO_SEAT, legal=state.seats)
    spec = rules.actions.get(action.kind)
    if spec is None:
        raise UnknownAction(action.kind, list(rules.actions))
    if not spec.anytime and not rules.waits_on(state, seat):
        raise NotYourTurn(seat, awaited(rules.pending(state)))
    state.take_events()
    try:
        rules.play(state, seat, action)
    except RuleError:
        state.take_events()
        raise
    state.version += 1
    return state.take_events()


def _option_text(value: Any) -> str:
    """An option's value as typed (``true``, ``5``, ``random``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)

