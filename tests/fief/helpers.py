"""A small scenario builder for Fief rule tests: no database, no table, just the engine contract."""

from __future__ import annotations

from typing import Any

from engine.core import Action, GameState, RuleError, apply
from engine.core.textform import parse
from engine.fief import RULES
from engine.fief.state import Fief, Stack

SEATS = {2: ["ann", "bob"], 3: ["ann", "bob", "cat"], 4: ["ann", "bob", "cat", "dan"]}


def new(players: int = 4, seed: int = 1, **options: Any) -> GameState:
    state, _ = RULES.new_game(SEATS[players], options, seed)
    return state


def g(state: GameState) -> Fief:
    return state.data


def do(state: GameState, seat: str, line: str) -> list:
    return apply(RULES, state, seat, parse(line, RULES.actions))


def act(state: GameState, seat: str, kind: str, **args: Any) -> list:
    return apply(RULES, state, seat, Action.of(kind, **args))


def refused(state: GameState, seat: str, line: str) -> RuleError:
    before = RULES.fingerprint(state)
    try:
        do(state, seat, line)
    except RuleError as err:
        assert RULES.fingerprint(state) == before, "a refusal changed the state"
        return err
    raise AssertionError(f"{line!r} by {seat} was not refused")


def defaults_until(state: GameState, step: str, phase: int | None = None, limit: int = 3000) -> None:
    """Apply pending defaults until the flow reaches ``step`` (and ``phase``)."""
    for _ in range(limit):
        f = state.data.flow
        if f.step == step and (phase is None or f.phase == phase) and not state.data.tasks:
            return
        if RULES.result(state) is not None:
            raise AssertionError(f"game over before {step}")
        d = next(d for d in RULES.pending(state) if d.blocking)
        seat = d.seats[0]
        apply(RULES, state, seat, d.default_for(seat))
    raise AssertionError(f"never reached {step}")


def started(players: int = 4, seed: int = 1, **options: Any) -> GameState:
    """A game after everyone took a starting city (defaults), at Round 1's draw step."""
    state = new(players, seed, **options)
    defaults_until(state, "draw", 2)
    return state


def seat_of(state: GameState, family: str) -> str:
    return state.data.families[family].seat


def turn_seat(state: GameState) -> str:
    d = next(d for d in RULES.pending(state) if d.blocking)
    return d.seats[0]


def give_card(state: GameState, seat: str, card: str) -> None:
    """Move a card into a seat's hand from wherever it is (test setup only)."""
    data = state.data
    for pile in (data.character_deck, data.character_under, data.fortune_deck, data.fortune_discard, data.unseen,
                 *[p.hand for p in data.players.values()]):
        if card in pile:
            pile.remove(card)
    data.players[seat].hand.append(card)


def place(state: GameState, family: str, city: str, *troops: str, control: bool = True) -> Stack:
    data = state.data
    st = data.cities[city].stacks.setdefault(family, Stack())
    for t in troops:
        data.families[family].stockpile[t] -= 1
        st.troops.append(t)
    if control:
        data.cities[city].controller = family
    return st


def next_round(state: GameState) -> None:
    """Apply defaults until the next round's draw step."""
    r = state.data.flow.round
    for _ in range(5000):
        f = state.data.flow
        if f.round > r and f.step == "draw" and not state.data.tasks:
            return
        d = next(d for d in RULES.pending(state) if d.blocking)
        apply(RULES, state, d.seats[0], d.default_for(d.seats[0]))
    raise AssertionError("no next round")


def at_step(phase: int, step: str, queue: tuple[str, ...] = ("red",), players: int = 4) -> GameState:
    """A fresh game put at ``step`` of ``phase`` in round 2, ``queue``'s families to play, and no retainers
    (so that no card changes what a test measures)."""
    s = new(players)
    d: Fief = s.data
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = phase, step, 2, 0
    d.flow.queue = list(queue)
    for n in d.nobles.values():
        n.retainer = None
    return s
