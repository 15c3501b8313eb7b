"""The computer players: a legal answer at every strength, the schemer's budget, the arena."""

from __future__ import annotations

import random

import pytest

from engine.agents import STRENGTHS, decide
from engine.agents.choice import choices
from engine.agents.schemer import Search
from engine.core import RuleError, apply
from tests.agents.states import actor, along


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_answers_with_a_legal_action(strength: str) -> None:
    for game, players in (("okc", 2), ("fief", 4)):
        for rules, state, seat in along(game, players, 41, every=13, limit=12):
            action = decide(rules, state, seat, strength, seed=1, iterations=6)
            assert action in rules.legal(state, seat)


def test_an_unknown_strength_is_refused_with_the_known_ones() -> None:
    rules, state, seat = next(along("okc", 2, 1, every=1, limit=1))
    with pytest.raises(RuleError) as err:
        decide(rules, state, seat, "genius", seed=1)
    assert "schemer" in str(err.value.legal)


def test_the_schemer_stops_within_its_budget() -> None:
    """A clock passed in: the search stops while one more iteration (as long as the longest so
    far) would still fit, so it never runs past the budget on a steady clock."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += 0.01
        return ticks[0]

    rules, state, seat = next((r, s, p) for r, s, p in along("okc", 2, 43, every=17, limit=8)
                              if len(choices(r, s, p)) >= 2)
    search = Search(rules, state, seat, random.Random(1), 10)
    search.run(choices(rules, state, seat), 10_000, clock, 0.5)
    assert 0 < search.iterations <= 50
    assert ticks[0] <= 0.5 + 0.02


def test_a_whole_game_of_computer_players_ends() -> None:
    from engine.registry import get

    rules = get("okc")
    state, _ = rules.new_game(["p1", "p2"], {}, 5)
    strengths = {"p1": "schemer", "p2": "steady"}
    step = 0
    while rules.result(state) is None:
        seat = actor(rules, state)
        apply(rules, state, seat, decide(rules, state, seat, strengths[seat], seed=step, iterations=4))
        step += 1
    assert step > 50


def test_the_arena_prints_win_rates_and_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.arena import main, wilson

    assert main(["okc", "--seats", "steady,random", "--games", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "steady" in out and "95% interval" in out and "s/decision" in out
    lo, hi = wilson(95, 100)
    assert 0.88 < lo < 0.95 < hi < 0.99


def test_steady_and_schemer_leave_out_actions_that_only_stall() -> None:
    """A Fief seat may hand a retainer back and forth without end (2.12): a one-step look-ahead
    that fears the rivals' income would do it forever, so the thinking agents never weigh it."""
    from engine.agents.choice import worth_weighing

    seen = 0
    for rules, state, seat in along("fief", 4, 3, every=1, limit=400):
        legal = choices(rules, state, seat)
        if any(a.kind == "give_retainer" for a in legal) and len(legal) > 1:
            assert all(a.kind != "give_retainer" for a in worth_weighing(rules, state, seat, legal))
            assert decide(rules, state, seat, "steady", seed=seen).kind != "give_retainer"
            seen += 1
    assert seen > 0


def test_the_thinking_agents_do_not_propose_to_a_rival() -> None:
    """A Fief proposal to another player's noble pays only once accepted (a step beyond steady's
    look-ahead) and an alliance at best shares the win (8.3): left out."""
    from engine.agents.choice import worth_weighing

    for rules, state, seat in along("fief", 4, 3, every=1, limit=600):
        legal = choices(rules, state, seat)
        if any(a.kind == "propose_marriage" for a in legal) and len(legal) > 1:
            kept = worth_weighing(rules, state, seat, legal)
            assert kept and all(a.kind != "propose_marriage" for a in kept)
            return
    raise AssertionError("no proposal met")
