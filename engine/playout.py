"""Random playouts through the engine contract alone, with invariant checks: the loop of
``python -m engine.simulate`` (a module of its own so that ``make build`` compiles it: random playouts
are also the search's yardstick).

After every action :class:`Playout` checks that:
- the chosen legal action applies, and a sample of the other enumerated ones would too;
- refused actions (unknown kinds, a seat the game is not waiting on) raise RuleError and
  leave the serialised state unchanged;
- every awaited seat has a default, and the default applies;
- serialise -> load gives the same state;
- the public view does not change when hidden facts are permuted, and neither do the public
  events of the next action where it applies to both.
At the end of each game, replaying the action log from the seed gives the same state.
"""

from __future__ import annotations

import random
import time
from bisect import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from math import isfinite
from typing import Any, TypeVar

from engine.core import Action, Decision, GameState, RuleError, Rules, apply, canonical, public_events

T = TypeVar("T")


class PlayoutFailure(Exception):
    pass


@dataclass
class Playout:
    rules: Rules
    seats: list[str]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    check: bool = True
    max_decisions: int = 200_000
    decisions: int = 0
    engine_seconds: float = 0.0
    log: list[tuple[str, Action]] = field(default_factory=list)
    event_counts: dict[str, int] = field(default_factory=dict)
    goal_counts: dict[str, int] = field(default_factory=dict)   # the game's coverage goals reached

    def fail(self, message: str) -> PlayoutFailure:
        return PlayoutFailure(f"seed {self.seed}, decision {self.decisions}: {message}")

    def run(self) -> GameState:
        rules = self.rules
        agent = random.Random(self.seed * 7919 + 1)
        goals = bool(rules.coverage_goals)
        state, _ = rules.new_game(self.seats, self.options, self.seed)
        while True:
            t0 = time.perf_counter()
            if rules.result(state) is not None:
                self.engine_seconds += time.perf_counter() - t0
                break
            pending = rules.pending(state)
            blocking = [d for d in pending if d.blocking]
            if not blocking:
                raise self.fail("no result and no blocking decision: the game stalls")
            chosen = choice(agent, pending if agent.random() < 0.1 else blocking)
            seat = choice(agent, chosen.seats)
            legal = rules.legal(state, seat)
            if not legal:
                raise self.fail(f"{seat} is awaited by {chosen.id} but has no legal action")
            action = pick(rules, state, seat, legal, agent)
            if self.check:   # the checks are not engine time
                self.engine_seconds += time.perf_counter() - t0
                self.check_before(state, seat, action, legal, pending, agent)
                t0 = time.perf_counter()
            try:
                events = apply(rules, state, seat, action)
            except RuleError as err:
                raise self.fail(f"legal action {action!r} by {seat} was refused: {err}") from err
            self.engine_seconds += time.perf_counter() - t0
            for e in events:
                self.event_counts[e.kind] = self.event_counts.get(e.kind, 0) + 1
                field_name = rules.coverage_detail.get(e.kind)
                if field_name is not None:
                    key = f"{e.kind}[{e.data.get(field_name)}]"
                    self.event_counts[key] = self.event_counts.get(key, 0) + 1
                if goals:
                    for goal in rules.coverage_marks(state, e):
                        self.goal_counts[goal] = self.goal_counts.get(goal, 0) + 1
            self.log.append((seat, action))
            self.decisions += 1
            if self.check:
                self.check_after(state)
            if self.decisions >= self.max_decisions:
                raise self.fail(f"no end after {self.max_decisions} decisions")
        if self.check:
            self.check_replay(state)
        return state

    # -- the invariants -------------------------------------------------------------
    def check_before(self, state: GameState, seat: str, action: Action, legal: list[Action],
                     pending: list[Decision], agent: random.Random) -> None:
        rules = self.rules
        before = rules.fingerprint(state)
        self.expect_refused(state, seat, Action.of("__no_such_action__"), before)
        waiting = {s for d in pending for s in d.seats}
        for s in state.seats:
            if rules.waits_on(state, s) != (s in waiting):
                raise self.fail(f"waits_on and pending disagree on whether the game waits on {s}")
        idle = [s for s in state.seats if s not in waiting]
        if idle:
            stray = next((a for a in legal if not rules.actions[a.kind].anytime), None)
            if stray is not None:
                self.expect_refused(state, agent.choice(idle), stray, before)
        for other in agent.sample(legal, min(2, len(legal))):
            self.expect_applies(state, seat, other, "enumerated legal action")
        self.garbled_changes_nothing(state, seat, action)
        for d in pending:
            if not d.blocking:
                continue
            for s in d.seats:
                default = d.default_for(s)
                if default is None:
                    raise self.fail(f"decision {d.id} has no default for {s}")
        d = agent.choice([d for d in pending if d.blocking])
        s = agent.choice(d.seats)
        default = d.default_for(s)
        assert default is not None
        self.expect_applies(state, s, default, f"default of {d.id}")
        # Hidden facts permuted: public view and the next public events stay the same.
        twin = rules.copy(state)
        rules.permute_hidden(twin, random.Random(agent.random()))
        if canonical(rules.view(twin, None)) != canonical(rules.view(state, None)):
            raise self.fail("the public view depends on hidden facts")
        probe = rules.copy(state)
        try:
            mine = apply(rules, probe, seat, action)
            theirs = apply(rules, twin, seat, action)
        except RuleError:
            return
        # A game may name events that reveal a secret on purpose (a battle turning troops face up):
        # the public events are compared up to the first such event, and the views only without one.
        reveals = set(rules.reveal_events)
        mine_pub = _until_reveal(public_events(mine), reveals)
        theirs_pub = _until_reveal(public_events(theirs), reveals)
        if canonical(mine_pub) != canonical(theirs_pub):
            raise self.fail(f"public events of {action!r} depend on hidden facts")
        if any(e.kind in reveals for e in mine):
            return
        if canonical(rules.view(twin, None)) != canonical(rules.view(probe, None)):
            raise self.fail(f"after {action!r} the public view depends on hidden facts")

    def expect_refused(self, state: GameState, seat: str, action: Action, before: str) -> None:
        try:
            apply(self.rules, state, seat, action)
        except RuleError:
            if self.rules.fingerprint(state) != before:
                raise self.fail(f"refused {action!r} by {seat} changed the state") from None
            return
        raise self.fail(f"{action!r} by {seat} should have been refused")

    def garbled_changes_nothing(self, state: GameState, seat: str, action: Action) -> None:
        """The action with nonsense arguments: if refused, the refusal must leave no trace."""
        for name, value in action.args:
            probe = self.rules.copy(state)
            before = self.rules.fingerprint(probe)
            try:
                apply(self.rules, probe, seat, garble(action, name, value))
            except RuleError:
                if self.rules.fingerprint(probe) != before:
                    raise self.fail(f"refused {garble(action, name, value)!r} by {seat} changed the state") from None

    def expect_applies(self, state: GameState, seat: str, action: Action, what: str) -> None:
        probe = self.rules.copy(state)
        try:
            apply(self.rules, probe, seat, action)
        except RuleError as err:
            raise self.fail(f"{what} {action!r} by {seat} was refused: {err}") from err

    def check_after(self, state: GameState) -> None:
        rules = self.rules
        if rules.fingerprint(rules.load(rules.dump(state))) != rules.fingerprint(state):
            raise self.fail("serialise -> load changed the state")

    def check_replay(self, state: GameState) -> None:
        rules = self.rules
        replay, _ = rules.new_game(self.seats, self.options, self.seed)
        for seat, action in self.log:
            apply(rules, replay, seat, action)
        if rules.fingerprint(replay) != rules.fingerprint(state):
            raise self.fail("replaying the log from the seed gave a different state")


def _until_reveal(events: list[Any], reveals: set[str]) -> list[Any]:
    """The events as JSON up to a revealing event (kept by kind only: its content is the secret)."""
    out: list[Any] = []
    for e in events:
        if e.kind in reveals:
            out.append({"kind": e.kind})
            break
        out.append(e.to_json())
    return out


def choice(agent: random.Random, items: Sequence[T]) -> T:
    """``agent.choice(items)``, the same draw from the same stream (CPython's ``random.choice`` and
    ``_randbelow_with_getrandbits``, written out so that ``make build`` compiles it: the playout loop
    draws twice a decision; tests/core/test_simulate.py checks it against ``random.choice``)."""
    n = len(items)
    if not n:
        raise IndexError("cannot choose from an empty sequence")
    k = n.bit_length()
    r = agent.getrandbits(k)
    while r >= n:
        r = agent.getrandbits(k)
    return items[r]


def pick(rules: Rules, state: GameState, seat: str, legal: list[Action], agent: random.Random) -> Action:
    """A random legal action, weighted by the game's ``agent_weights`` where it gives some."""
    weights = rules.agent_weights(state, seat, legal)
    if weights is None:
        return choice(agent, legal)
    # agent.choices(legal, weights)[0] written out: the same draw from the same stream, without the
    # list the call builds for k choices (playouts pick once per decision)
    cumulative = list(accumulate(weights))
    total = cumulative[-1] + 0.0
    if total <= 0.0 or not isfinite(total):
        raise ValueError(f"agent weights must have a positive finite total, not {total}")
    return legal[bisect(cumulative, agent.random() * total, 0, len(legal) - 1)]


def garble(action: Action, name: str, value: object) -> Action:
    if isinstance(value, bool):
        bad: object = not value
    elif isinstance(value, int):
        bad = 999
    elif isinstance(value, tuple):
        bad = ("__nowhere__",)
    else:
        bad = "__nowhere__"
    return Action.of(action.kind, **{**action.params, name: bad})
