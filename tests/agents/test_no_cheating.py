"""No cheating, proven: the same state with every other seat's hidden facts drawn again (what the
seat sees kept byte for byte) and the same agent seed give the same action, at every strength.

The schemer runs on a fixed iteration budget here (a clock would make two runs differ)."""

from __future__ import annotations

import random

import pytest

from engine.agents import STRENGTHS, accepts, decide
from engine.agents.choice import choices
from engine.core import canonical
from tests.agents.states import along

CASES = [("okc", 2, 21), ("okc", 3, 22), ("fief", 4, 23), ("fief", 3, 24)]


def other_truths(rules, state, seat, count=2):  # type: ignore[no-untyped-def]
    """States that look the same to ``seat`` but differ in what it cannot see."""
    out = []
    for k in range(count):
        twin = rules.determinize(state, seat, random.Random(1000 + k))
        assert canonical(rules.view(twin, seat)) == canonical(rules.view(state, seat))
        out.append(twin)
    return out


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
@pytest.mark.parametrize("strength", STRENGTHS)
def test_the_choice_does_not_depend_on_hidden_facts(game: str, players: int, seed: int, strength: str) -> None:
    tried = 0
    for rules, state, seat in along(game, players, seed, every=5, limit=60):
        if len(choices(rules, state, seat)) < 2:
            continue
        kwargs = {"iterations": 12} if strength == "schemer" else {}
        mine = decide(rules, state, seat, strength, seed=tried, **kwargs)
        for twin in other_truths(rules, state, seat):
            assert decide(rules, twin, seat, strength, seed=tried, **kwargs) == mine, (seat, mine)
        tried += 1
        if tried >= (4 if strength == "schemer" else 8):
            break
    assert tried >= 3


def test_an_answer_does_not_depend_on_hidden_facts() -> None:
    asked = 0
    for rules, state, _seat in along("fief", 4, 31, every=1, limit=4000):
        for r in list(state.data.requests.open) + list(state.data.offers.open):
            rid = f"request-{r.id}" if r in state.data.requests.open else f"offer-{r.id}"
            answer = accepts(rules, state, r.to, rid, "steady", seed=3)
            for twin in other_truths(rules, state, r.to):
                assert accepts(rules, twin, r.to, rid, "steady", seed=3) == answer
            assert accepts(rules, state, r.to, rid, "random", seed=3) is False
            asked += 1
        if asked >= 3:
            break
    assert asked >= 1
