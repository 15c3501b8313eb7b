"""The thinking agents at the Negotiating Table (engine/agents/bargain.py): a proposal is weighed once
accepted, made only when both parties gain, at most ``OFFERS`` a Negotiation Step; whole steady games end."""

from __future__ import annotations

import random

import pytest

from engine.agents import bargain, decide, steady
from engine.balance import play_through
from engine.core import Event, GameState, apply, canonical
from engine.okc import RULES
from engine.okc.modules.negotiating_table import NAME, STEP, table
from tests.agents.states import along
from tests.okc.helpers import data, do
from tests.okc.test_negotiating_table import negotiating


def lore_for_p1(rules, state, seat):  # type: ignore[no-untyped-def]
    """A stand-in evaluation: p1 wants Lore alone, every other seat Influence alone."""
    p = state.data.players[seat]
    return float(p.lore if seat == "p1" else p.influence)


def keeps(rules, state, seat):  # type: ignore[no-untyped-def]
    """A stand-in evaluation that wants to keep its 2 Lore and 2 Influence."""
    p = state.data.players[seat]
    return -float(abs(p.lore - 2) + abs(p.influence - 2))


@pytest.fixture
def rich() -> GameState:
    """A 3-player Negotiation Step, every player with 2 Lore and 2 Influence."""
    state = negotiating(3)
    for p in data(state).players.values():
        p.lore = p.influence = 2
    return state


def test_with_nothing_worth_offering_a_steady_seat_says_it_is_done(rich, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bargain, "advantage", lambda rules, state, seat: 0.0)
    for seed in range(3):
        assert decide(RULES, rich, "p1", "steady", seed=seed).kind == "done_negotiating"
        assert decide(RULES, rich, "p1", "schemer", seed=seed, iterations=2).kind == "done_negotiating"


def test_a_barter_both_sides_gain_from_is_offered(rich, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """p1 gains from any Lore it is given, but only Influence for Lore leaves the other side better placed too."""
    monkeypatch.setattr(bargain, "advantage", lore_for_p1)
    for seed in range(3):
        offer = decide(RULES, rich, "p1", "steady", seed=seed)
        assert (offer.kind, offer["give"], offer["take"]) == ("offer", ("influence:1",), ("lore:1",))
        assert offer["to"] in ("p2", "p3")


def test_a_seat_that_made_its_offers_this_step_or_is_awaited_on_an_answer_proposes_nothing(
        rich, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(bargain, "advantage", lore_for_p1)
    table(data(rich))["made"]["p1"] = bargain.OFFERS
    assert decide(RULES, rich, "p1", "steady", seed=1).kind == "done_negotiating"
    table(data(rich))["made"]["p1"] = 0
    do(rich, "p2", "offer to:p1 give:influence:1")
    assert decide(RULES, rich, "p1", "steady", seed=1).kind not in bargain.PROPOSALS


def test_offers_declined_again_and_again_end_at_the_cap_and_the_step_closes(rich, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The proposers think every barter of Influence for Lore good; every answer would keep what it holds."""
    monkeypatch.setattr(bargain, "advantage", lore_for_p1)
    monkeypatch.setattr(steady, "advantage", keeps)
    g = data(rich)
    kinds = []
    for step in range(60):
        if g.step != STEP:
            break
        seat = next(d for d in RULES.pending(rich) if d.blocking).seats[0]
        action = decide(RULES, rich, seat, "steady", seed=step)
        kinds.append(action.kind)
        apply(RULES, rich, seat, action)
    assert g.step != STEP
    assert "accept_offer" not in kinds and kinds.count("offer") == sum(table(g)["made"].values())
    assert table(g)["made"]["p1"] == bargain.OFFERS and max(table(g)["made"].values()) == bargain.OFFERS


def test_the_proposal_does_not_depend_on_hidden_facts() -> None:
    """As tests/agents/test_no_cheating.py, on Negotiation Steps met along a random game."""
    tried = 0
    for rules, state, seat in along("okc", 3, 5, every=1, limit=4000, options={"modules": NAME}):
        if state.data.step != STEP or not any(a.kind in bargain.PROPOSALS for a in rules.legal(state, seat)):
            continue
        mine = decide(rules, state, seat, "steady", seed=tried)
        for k in range(2):
            twin = rules.determinize(state, seat, random.Random(1000 + k))
            assert canonical(rules.view(twin, seat)) == canonical(rules.view(state, seat))
            assert decide(rules, twin, seat, "steady", seed=tried) == mine
        tried += 1
        if tried >= 3:
            break
    assert tried >= 3


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_a_whole_game_of_steady_seats_ends_with_a_few_offers_a_step(players: int, seed: int) -> None:
    opened: list[str] = []

    def watch(state: GameState, e: Event) -> None:
        if e.kind == "okc.offer_opened":
            opened.append(str(e.data["by"]))

    played = play_through(RULES, [f"p{k + 1}" for k in range(players)], {"modules": NAME, "length": 4}, seed,
                          "steady", 2000, watch)
    assert played is not None
    state, _, decisions = played
    assert decisions < 1000
    assert all(opened.count(s) <= bargain.OFFERS * 4 for s in state.seats)
