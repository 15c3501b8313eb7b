"""The shared and once-weighed shortcuts of the OKC playout path agree with the plain computation they
replace, in seeded playouts with and without the Wild Kingdom modules: Region card placements read from
the shared table equal the placements built one by one, the agents' weights weighed once per kind equal
the weights asked action by action, and the turn check equals "does a pending decision list the seat"."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from engine.core import Action, GameState, apply
from engine.okc import RULES
from engine.okc.actions import pending, placements, waits_on
from engine.okc.hooks import weight_tables


def plain_placements(hand: tuple[str, ...], ids: tuple[str, ...], k: int) -> list[Action]:
    """Every placement built with Action.of, in the documented order: as many cards as Regions go to the
    Regions in order; fewer go to every choice of Regions."""
    wheres = [ids] if k == len(ids) else list(permutations(ids, k))
    return [Action.of("place", **dict(zip(where, combo, strict=True)))
            for combo in permutations(hand, k) for where in wheres]


def plain_weights(state: GameState, seat: str, legal: list[Action]) -> list[float] | None:
    table, _ = weight_tables(state.data.playing)
    weights = [table[a.kind](state, seat, a) if a.kind in table else 1.0 for a in legal]
    return None if all(w == 1.0 for w in weights) else weights


def test_placements_match_the_plain_list() -> None:
    ids = ("highlands", "plateau", "lowlands")
    hand = ("clans.c1", "clans.c2", "clans.c3", "clans.c4", "clans.c5")
    for n in range(1, len(hand) + 1):
        for free in (ids, ids[:2], ids[1:], ids[:1]):
            k = min(n, len(free))
            assert list(placements(hand[:n], free, k)) == plain_placements(hand[:n], free, k), (n, free)
    # the same placements again (read from the shared table) are still equal, and shared
    again = placements.__wrapped__(hand, ids, 3)
    assert list(again) == plain_placements(hand, ids, 3)
    assert all(a is b for a, b in zip(again, placements(hand, ids, 3), strict=True))


@pytest.mark.parametrize("seed,seats,options", [(7, 2, {}), (8, 4, {}), (9, 3, {"modules": "all"}),
                                                (10, 4, {"modules": "all"})])
def test_weights_and_turn_check_match_the_plain_ones(seed: int, seats: int, options: dict[str, str]) -> None:
    names = [f"p{i + 1}" for i in range(seats)]
    state, _ = RULES.new_game(names, options, seed)
    rnd = random.Random(seed)
    weighed = 0
    while RULES.result(state) is None:
        listed = pending(state)
        for s in names:
            assert waits_on(state, s) == any(s in d.seats for d in listed), s
            legal = RULES.legal(state, s)
            if legal:
                assert RULES.agent_weights(state, s, legal) == plain_weights(state, s, legal)
                weighed += RULES.agent_weights(state, s, legal) is not None
        seat = rnd.choice(rnd.choice([d for d in listed if d.blocking]).seats)
        apply(RULES, state, seat, rnd.choice(RULES.legal(state, seat)))
    assert weighed > 0 or not options
