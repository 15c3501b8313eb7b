"""Hidden information (design: Hidden information): views, events and the permuter."""

from __future__ import annotations

import random

from engine.core import canonical
from engine.okc import RULES
from engine.playout import Playout
from tests.okc.helpers import data, do, game, pass_until, spring_actions


def test_public_view_hides_hands_and_decks() -> None:
    state = game(2)
    g = data(state)
    public = RULES.view(state, None)
    assert public["players"]["p1"]["hand"] == 6 and "private" not in public
    for cid in g.players["p1"].hand + g.players["p1"].deck:
        if cid != "nobility.heir":
            assert cid not in canonical(public)
    mine = RULES.view(state, "p1")["private"]
    assert sorted(c["id"] for c in mine["hand"]) == sorted(g.players["p1"].hand)
    assert "private" in RULES.view(state, "p2") and RULES.view(state, "p2")["private"]["seat"] == "p2"


def test_view_shape_for_the_renderer() -> None:
    view = RULES.view(game(3), "p1")
    for key in ("round", "rounds", "season", "step", "phase", "order", "turn", "regions", "great_road", "road_top",
                "favour", "councils", "players", "bids", "clash", "choice", "result"):
        assert key in view
    region = view["regions"][0]
    assert [loc["side"] for loc in region["locations"]] == ["left", "right"]
    assert set(region) >= {"id", "name", "locations", "clash_marker", "supporters", "cards", "resolved"}
    player = view["players"]["p1"]
    assert set(player) >= {"faction", "influence", "lore", "hand", "deck", "hand_size", "discard", "lost",
                           "supporters", "herald", "tactics", "kingdom", "site"}
    assert set(view["private"]) >= {"hand", "bid", "facedown", "occupants", "site", "lore", "tactics", "options"}


def test_permuter_keeps_the_public_view() -> None:
    state = game(4)
    do(state, "p1", "bid card:nobility.heir")
    twin = RULES.copy(state)
    RULES.permute_hidden(twin, random.Random(3))
    assert canonical(RULES.view(twin, None)) == canonical(RULES.view(state, None))
    assert RULES.fingerprint(twin) != RULES.fingerprint(state)


def test_random_playouts_with_invariant_checks() -> None:
    for seats, seed in ((2, 11), (3, 12), (4, 13)):
        playout = Playout(RULES, [f"p{i + 1}" for i in range(seats)], seed, {"length": 4})
        state = playout.run()
        assert RULES.result(state) is not None


def test_autocomplete_comes_from_legal_actions() -> None:
    state = game(2)
    hand = sorted(data(state).players["p1"].hand)
    assert RULES.suggest(state, "p1", "bid", "card") == hand
    assert RULES.suggest(state, "p2", "herald", "location") == []



def test_autocomplete_of_the_clash_order_offers_whole_orders_as_text() -> None:
    state = game(2)
    spring_actions(state, {})
    pass_until(state, "clash_order")
    last = data(state).order[-1]
    orders = RULES.suggest(state, last, "order", "regions")
    assert orders and all(isinstance(o, str) and sorted(o.split(",")) == ["highlands", "lowlands", "plateau"]
                          for o in orders)


def test_every_action_has_a_section_and_secret_ones_are_marked() -> None:
    for spec in RULES.actions.values():
        assert spec.section and spec.doc
    # A Boon placement names a hidden Boon, an offer its contents, allies and arbiters vote in secret: taken by DM
    # like the secret placements.
    assert {k for k, s in RULES.actions.items() if s.secret} == {"bid", "place", "tie", "boon", "ally", "ally_place",
                                                                   "offer", "agreement", "name_winner", "judge"}


def test_placed_card_shape_matches_the_view_doc() -> None:
    from engine.okc.state import Placed

    state = game(2)
    g = data(state)
    g.regions[0].cards = [Placed("nobility.c6", "p1", face_up=True, gained=2, gained_keywords=["deadly", "resilient"]),
                          Placed("clans.c6", "p2")]
    shown = RULES.view(state, None)["regions"][0]["cards"]
    assert shown["p2"] == [{"face_up": False}]
    card = shown["p1"][0]
    assert set(card) == {"face_up", "card", "strength", "gained", "blanked", "gained_traits", "gained_commands",
                         "retained"}
    assert card["gained_traits"] == ["resilient"] and card["gained_commands"] == ["deadly"]
    assert card["strength"] == 7 + 2   # the printed 7 (the tuned starter Castellan) and the 2 gained
