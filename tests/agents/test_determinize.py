"""Rules.determinize: the seat's view is kept, the rest is drawn again, from what the seat knows only."""

from __future__ import annotations

import random

import pytest

from engine.core import canonical
from tests.agents.states import along

CASES = [("okc", 2, 3), ("okc", 4, 4), ("fief", 4, 5), ("fief", 2, 6)]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_the_seat_sees_the_same_game(game: str, players: int, seed: int) -> None:
    for rules, state, seat in along(game, players, seed, every=7, limit=40):
        twin = rules.determinize(state, seat, random.Random(1))
        assert canonical(rules.view(twin, seat)) == canonical(rules.view(state, seat))
        assert canonical(rules.view(twin, None)) == canonical(rules.view(state, None))
        assert rules.legal(twin, seat) == rules.legal(state, seat)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_the_sample_depends_only_on_what_the_seat_knows(game: str, players: int, seed: int) -> None:
    for rules, state, seat in along(game, players, seed, every=9, limit=30):
        other_truth = rules.determinize(state, seat, random.Random(99))
        a = rules.determinize(state, seat, random.Random(5))
        b = rules.determinize(other_truth, seat, random.Random(5))
        assert rules.fingerprint(a) == rules.fingerprint(b)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_hidden_facts_are_drawn_again(game: str, players: int, seed: int) -> None:
    changed = 0
    for rules, state, seat in along(game, players, seed, every=11, limit=10):
        a = rules.determinize(state, seat, random.Random(1))
        b = rules.determinize(state, seat, random.Random(2))
        changed += rules.fingerprint(a) != rules.fingerprint(b)
        assert state.rng.state not in (a.rng.state, b.rng.state), "the dice to come are hidden too"
    assert changed >= 8


def test_a_sampled_game_plays_on_to_the_end() -> None:
    from engine.core import apply

    for rules, state, seat in along("okc", 3, 8, every=23, limit=4):
        twin = rules.determinize(state, seat, random.Random(3))
        rnd = random.Random(4)
        while rules.result(twin) is None:
            who = next(d for d in rules.pending(twin) if d.blocking).seats[0]
            apply(rules, twin, who, rnd.choice(rules.legal(twin, who)))


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_clone_is_the_same_game_as_copy(game: str, players: int, seed: int) -> None:
    from engine.core.rules import clone

    for rules, state, _seat in along(game, players, seed, every=31, limit=8):
        twin = clone(state)
        assert rules.fingerprint(twin) == rules.fingerprint(rules.copy(state))
        assert twin.data is not state.data
