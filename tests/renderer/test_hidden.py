"""Public boards are byte-identical when hidden facts are permuted (hands, troop types, money,
face-down cards), on games played part-way through the real engines."""

from __future__ import annotations

import random

import pytest

from renderer import render
from renderer.demo import advance, start


def playable(game: str, steps: int, seed: int):  # type: ignore[no-untyped-def]
    rules, state = start(game, seed)   # both games ship: a failure to start is a failure, not a skip
    advance(rules, state, seed, steps)
    return rules, state


@pytest.mark.parametrize("game", ["fief", "okc"])
@pytest.mark.parametrize("seed,steps", [(1, 40), (2, 150)])
def test_public_board_ignores_hidden_facts(game: str, seed: int, steps: int) -> None:
    rules, state = playable(game, steps, seed)
    public = render(game, rules.view(state, None), None)
    for k in range(2):
        twin = rules.copy(state)
        rules.permute_hidden(twin, random.Random(k))
        assert render(game, rules.view(twin, None), None) == public
    for seat in state.seats:  # every private board draws
        assert render(game, rules.view(state, seat), seat)[:8] == b"\x89PNG\r\n\x1a\n"
