"""Perft-style golden counts of legal actions at known positions (a change in them is a rules change)."""

from __future__ import annotations

from engine.okc import RULES
from tests.okc.helpers import data, do, game, spring_actions


def counts(state, seat: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for a in RULES.legal(state, seat):
        out[a.kind] = out.get(a.kind, 0) + 1
    return out


def test_counts_through_a_spring() -> None:
    state = game(2)
    g = data(state)
    assert counts(state, "p1") == {"bid": 6}
    assert counts(state, "p2") == {"bid": 6}
    do(state, "p1", "bid card:nobility.heir")
    assert counts(state, "p1") == {}
    do(state, "p2", "bid card:clans.heir")
    # Resolve: keep, 4 Great Road cards (3 slots + the deck top), no Kingdom card to steal yet.
    assert counts(state, "p1") == {"keep": 1, "road": 4}
    do(state, "p1", "keep")
    do(state, "p2", "keep")
    assert counts(state, "p1") == {"herald": 6}
    do(state, "p1", "herald location:castle")
    do(state, "p2", "herald location:castle")
    # Six cards in hand, three Regions: 6 * 5 * 4 ordered placements.
    assert counts(state, "p1") == {"place": 120}
    g.players["p2"].hand = g.players["p2"].hand[:2]
    # Two cards: 2 * 1 cards times 3 * 2 Region pairs.
    assert counts(state, "p2") == {"place": 12}


def test_counts_in_action_steps() -> None:
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}}, hands={"p1": []})
    # pass, deploy 1..5 in each of 3 Regions, the one Spring Tactic (Tithes).
    assert counts(state, "p1") == {"pass": 1, "deploy": 15, "tactic": 1}
    do(state, "p1", "pass")
    do(state, "p2", "pass")
    assert counts(state, "p2") == {"order": 6}
    do(state, "p2", "order regions:highlands,plateau,lowlands")
    # Day: pass, deploy 1..5 in the Region being resolved, Hold the Line.
    assert counts(state, "p1") == {"pass": 1, "deploy": 5, "tactic": 1}
    g.turn_queue = ["p1"]
    g.step, g.season = "autumn", "autumn"
    g.players["p1"].hand = ["nobility.c6", "nobility.trader"]
    # Govern: 2 cards with Votes x 3 Councils; Journey: the trader; Tactics: Decree and Levy.
    assert counts(state, "p1") == {"pass": 1, "govern": 6, "journey": 1, "tactic": 2}
