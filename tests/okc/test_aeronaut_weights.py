"""How random players lean toward the Aeronauts (engine/okc/modules/aeronauts/playoutweights.py): the clash
winner picks the ship's Location and the Visit most of the time while the Aeronauts can be Visited, the
claimed ship's placements weigh about one action together, other games and other moments stay uniform, and
unchecked playouts claim the ship in a good share of games without the Visit crowding out the rewards."""

from __future__ import annotations

import pytest

from engine.okc import RULES
from engine.okc.modules.aeronauts import PIECE, aero
from engine.okc.modules.aeronauts.playoutweights import CLAIM_WEIGHT, SHIP_WEIGHT, VISIT_WEIGHT
from engine.playout import Playout
from tests.okc.helpers import data, do, game, pass_until, spring_actions


def to_claim(modules: str):  # type: ignore[no-untyped-def]
    state = game(2, modules=modules)
    g = data(state)
    if PIECE in g.pieces:
        g.pieces[PIECE] = "harvest_field"
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}})
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:plateau,highlands,lowlands")
    pass_until(state, "claim")
    return state


def by_location(state) -> dict[str, float]:  # type: ignore[no-untyped-def]
    legal = RULES.legal(state, "p1")
    got = RULES.agent_weights(state, "p1", legal)
    assert got is not None
    return {str(a.get("location")): w for a, w in zip(legal, got, strict=True)}


def test_the_clash_winner_leans_to_the_ships_location_then_to_the_visit() -> None:
    state = to_claim("aeronauts")
    places = by_location(state)
    assert places.pop("harvest_field") == CLAIM_WEIGHT and set(places.values()) == {1.0}
    do(state, "p1", "claim location:harvest_field")
    legal = RULES.legal(state, "p1")
    got = RULES.agent_weights(state, "p1", legal)
    assert got is not None
    assert {a.get("option"): w for a, w in zip(legal, got, strict=True)} == {"reward": 1.0, "aeronauts": VISIT_WEIGHT}
    do(state, "p1", "choose option:aeronauts")
    assert RULES.agent_weights(state, "p1", RULES.legal(state, "p1")) is None   # Influence or Lore: uniform


def test_once_the_ship_is_claimed_or_without_the_module_the_choice_is_uniform() -> None:
    state = to_claim("aeronauts")
    g = data(state)
    aero(g).update(deck=[], owner="p2", ship="board")
    g.pieces.pop(PIECE)
    assert RULES.agent_weights(state, "p1", RULES.legal(state, "p1")) is None
    for modules in ("travelling_town", "legendary_creatures"):
        state = to_claim(modules)
        assert RULES.agent_weights(state, "p1", RULES.legal(state, "p1")) is None
    base = game(2)
    assert RULES.agent_weights(base, "p1", RULES.legal(base, "p1")) is None


def test_the_claimed_ships_placements_weigh_about_one_action_together() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    aero(g).update(deck=[], owner="p1", ship="board")
    g.pieces.pop(PIECE, None)
    spring_actions(state, {"p1": {"lowlands": "nobility.f1"}, "p2": {"lowlands": "clans.f4"}})
    legal = RULES.legal(state, "p1")
    got = RULES.agent_weights(state, "p1", legal)
    assert got is not None
    ship = [w for a, w in zip(legal, got, strict=True) if a.kind == "ship"]
    assert len(ship) == 3 * (g.players["p1"].supporters + 1)
    assert sum(ship) == pytest.approx(SHIP_WEIGHT)
    assert {w for a, w in zip(legal, got, strict=True) if a.kind != "ship"} == {1.0}


@pytest.mark.parametrize("modules", ["aeronauts", "all"])
def test_random_players_claim_the_ship_regularly_without_the_visit_crowding_out_rewards(modules: str) -> None:
    seen: dict[str, int] = {}
    games = 12
    for i in range(games):
        playout = Playout(RULES, [f"p{k + 1}" for k in range(2 + i % 3)], 150 + i, {"modules": modules}, check=False)
        playout.run()
        for kind, n in playout.event_counts.items():
            seen[kind] = seen.get(kind, 0) + n
    assert seen.get("okc.ship_claimed", 0) >= 2                           # in 4 of 200 games, unweighted
    assert seen.get("okc.aeronaut_taken", 0) >= 2 * games
    assert seen["okc.aeronauts_visited"] <= 0.4 * seen["okc.claim"]        # most claims still take a reward

