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

from engine.core import serial
from engine.core.actions import Action
from engine.core.decisions import Decision, awaited
from engine.core.errors import GameOver, NotYourTurn, RuleError, UnknownAction
from engine.core.events import Event
from engine.core.result import Result
from engine.core.rng import Rng
from engine.core.specs import ActionSpec
from engine.core.state import CORE_SCHEMA, GameState, canonical

View = dict[str, Any]


class Rules(ABC):
    name: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    state_type: ClassVar[type]
    schema_version: ClassVar[int] = 1
    engine_version: ClassVar[str] = "1"
    actions: ClassVar[dict[str, ActionSpec]] = {}
    # Event kinds that reveal a secret on purpose (a battle turning troops face up). Public
    # outputs may depend on hidden facts from such an event on; undo never crosses one.
    reveal_events: ClassVar[frozenset[str]] = frozenset({"secret.revealed"})
    # Migrations of ``data`` from schema n to n+1, keyed by n.
    migrations: ClassVar[dict[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}

    # -- what a game implements -------------------------------------------------
    def default_options(self, seats: int) -> dict[str, Any]:
        return {}

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        """Raise RuleError when the options are not valid for this many seats."""
        return None

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

    def phase(self, state: GameState) -> str:
        """A short public label of where the game is ("Round 2, Phase 4: Purchasing").

        The table posts the board and takes a snapshot whenever this label changes.
        """
        return f"state {state.version}"

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
                code="seats",
            )
        if len(set(seats)) != len(seats):
            raise RuleError("setup", "seat names must differ", code="seats")
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


def apply(rules: Rules, state: GameState, seat: str, action: Action) -> list[Event]:
    """The checked path: refuse what the table cannot accept, then let the rules play."""
    if rules.result(state) is not None:
        raise GameOver()
    if seat not in state.seats:
        raise RuleError("table", f"{seat!r} has no seat in this game", code="no_seat", legal=state.seats)
    spec = rules.actions.get(action.kind)
    if spec is None:
        raise UnknownAction(action.kind, list(rules.actions))
    if not spec.anytime:
        waiting = awaited(rules.pending(state), blocking_only=False)
        if seat not in waiting:
            raise NotYourTurn(seat, awaited(rules.pending(state)))
    state.take_events()
    try:
        rules.play(state, seat, action)
    except RuleError:
        state.take_events()
        raise
    state.version += 1
    return state.take_events()
