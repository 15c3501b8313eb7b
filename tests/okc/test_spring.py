"""Spring (p.17-22): bids, their resolution, the Great Road, Heralds, Region cards, the Action Step."""

from __future__ import annotations

import pytest

from engine.core import Action, RuleError
from engine.okc import RULES
from engine.okc.hooks import merged
from engine.okc.modules.shipped import playing
from engine.okc.play import play_resolve
from tests.okc.helpers import data, do, find, game, refused


def test_bids_are_secret_until_all_are_in() -> None:
    state = game(2)
    g = data(state)
    do(state, "p1", "bid card:nobility.heir")
    public = RULES.view(state, None)
    assert public["bids"]["submitted"] == ["p1"] and public["bids"]["revealed"] == {}
    assert "nobility.heir" not in str(public["bids"])
    assert RULES.view(state, "p1")["private"]["bid"]["id"] == "nobility.heir"
    assert RULES.view(state, "p2")["private"]["bid"] is None
    # p1 is no longer awaited; p2's bid reveals both.
    refused(state, "p1", "bid card:nobility.heir", "not_your_turn")
    card = sorted(g.players["p2"].hand)[0]
    events = do(state, "p2", f"bid card:{card}")
    revealed = find(events, "secret.revealed")[0].data["values"]
    assert revealed == {"p1": "nobility.heir", "p2": card}
    assert g.step == "resolve_bids"


def test_bid_must_come_from_hand() -> None:
    state = game(2)
    err = refused(state, "p1", "bid card:clans.heir", "not_in_hand")
    assert "p.17" in err.section


def test_highest_bid_resolves_first_and_takes_a_road_card() -> None:
    state = game(2)
    g = data(state)
    g.players["p2"].hand.append("clans.c9")
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.c9")
    assert g.bid_queue == ["p1", "p2"]
    refused(state, "p2", "keep", "not_your_turn")
    road = list(g.great_road)
    top = g.kingdom_deck[0]
    do(state, "p1", f"road card:{road[0]}")
    assert road[0] in g.players["p1"].kingdom or road[0] in g.kingdom_discard
    # The bidding card went to the discard pile or Occupies the taken card.
    assert "nobility.heir" in g.players["p1"].discard or g.players["p1"].occupants.get(road[0]) == "nobility.heir"
    # p2 may take the face-up top of the Kingdom Deck.
    do(state, "p2", f"road card:{top}")
    # Repopulated: the empty slot is filled from the deck.
    assert all(g.great_road)
    assert g.step == "heralds"


def test_bid_ties_follow_the_order_track() -> None:
    state = game(2)
    g = data(state)
    g.order = ["p2", "p1"]
    g.players["p2"].hand.append("clans.c9")
    g.players["p1"].hand.append("nobility.c9")
    do(state, "p1", "bid card:nobility.c9")
    do(state, "p2", "bid card:clans.c9")
    assert g.bid_queue == ["p2", "p1"]


def test_keep_returns_the_bid_to_hand() -> None:
    state = game(2)
    g = data(state)
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.heir")
    do(state, "p1", "keep")
    assert "nobility.heir" in g.players["p1"].hand


def test_steal_an_opponents_kingdom_card() -> None:
    state = game(2)
    g = data(state)
    g.players["p2"].kingdom.append("k.armoury")
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.heir")
    refused(state, "p1", "steal card:k.mint", "not_held")
    do(state, "p1", "steal card:k.armoury")
    assert g.players["p1"].kingdom == ["k.armoury"] and g.players["p2"].kingdom == []


def test_stealing_an_occupied_card_sends_its_occupant_home() -> None:
    state = game(2)
    g = data(state)
    g.players["p2"].kingdom.append("k.war_banner")
    g.players["p2"].occupants["k.war_banner"] = "clans.c6"
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.heir")
    do(state, "p1", "steal card:k.war_banner")
    assert "clans.c6" in g.players["p2"].hand
    assert g.players["p1"].occupants == {"k.war_banner": "nobility.heir"}


def test_two_occupy_spaces_only() -> None:
    state = game(2)
    g = data(state)
    p1 = g.players["p1"]
    p1.kingdom += ["k.war_banner", "k.royal_guard"]
    p1.occupants.update({"k.war_banner": "nobility.c6", "k.royal_guard": "nobility.c7"})
    g.players["p2"].kingdom.append("k.iron_crown")
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.heir")
    err = refused(state, "p1", "steal card:k.iron_crown", "no_space")
    assert "p.19" in err.section and "keep" in err.legal
    assert err.section == "p.19 Occupying Kingdom Cards"   # seed-19 survivor: the refusal's exact words
    assert err.message == "both Occupy spaces of your board are full"


def test_heralds_in_turn_order_then_secret_region_cards() -> None:
    state = game(2)
    g = data(state)
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.heir")
    do(state, "p1", "keep")
    do(state, "p2", "keep")
    refused(state, "p2", "herald location:castle", "not_your_turn")
    do(state, "p1", "herald location:castle")
    do(state, "p2", "herald location:castle")
    assert g.step == "region_cards"
    hand = sorted(g.players["p1"].hand)
    refused(state, "p1", f"place highlands:{hand[0]} plateau:{hand[0]} lowlands:{hand[1]}", "not_in_hand")
    refused(state, "p1", f"place highlands:{hand[0]}", "count")
    do(state, "p1", f"place highlands:{hand[0]} plateau:{hand[1]} lowlands:{hand[2]}")
    public = RULES.view(state, None)
    assert all(hand[0] not in str(r["cards"]) for r in public["regions"])
    other = sorted(g.players["p2"].hand)
    events = do(state, "p2", f"place highlands:{other[0]} plateau:{other[1]} lowlands:{other[2]}")
    assert g.step == "spring_actions"
    # Still face down in public after placing: the public view shows only that cards are there.
    public = RULES.view(state, None)
    assert public["regions"][0]["cards"]["p1"] == [{"face_up": False}]
    assert hand[0] not in str(public["regions"]) and hand[0] not in str([e.data for e in events if e.to is None])
    assert RULES.view(state, "p1")["private"]["facedown"]["highlands"][0]["id"] == hand[0]


def test_short_hand_places_fewer_cards() -> None:
    state = game(2)
    g = data(state)
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.heir")
    do(state, "p1", "keep")
    do(state, "p2", "keep")
    do(state, "p1", "herald location:castle")
    do(state, "p2", "herald location:shrine")
    g.players["p1"].hand = ["nobility.c9"]
    do(state, "p1", "place plateau:nobility.c9")
    assert g.secret.own("p1") == {"plateau": "nobility.c9"}


def test_deploy_supporters_as_an_action() -> None:
    from tests.okc.helpers import spring_actions

    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}, "p2": {"plateau": "clans.c9"}})
    refused(state, "p1", "deploy region:plateau count:6")
    do(state, "p1", "deploy region:plateau count:2")
    assert g.regions[1].supporters == {"p1": 2} and g.players["p1"].supporters == 3
    refused(state, "p2", "deploy region:plateau count:1", "not_your_turn")


def test_p17_a_bid_resolves_only_in_its_turn_even_past_the_table_turn_check() -> None:
    """The resolving handler checks the queue itself (a module may wait on another seat meanwhile)."""
    state = game(2)
    g = data(state)
    g.players["p2"].hand.append("clans.c9")
    do(state, "p1", "bid card:nobility.heir")
    do(state, "p2", "bid card:clans.c9")
    for seat, queue in (("p2", ["p1", "p2"]), ("p1", [])):
        g.bid_queue = list(queue)
        with pytest.raises(RuleError) as info:
            play_resolve(state, g, seat, Action.of("keep"))
        assert (info.value.code, info.value.legal) == ("order", f"waiting on {queue[:1]}")
    g.bid_queue = ["p1", "p2"]
    play_resolve(state, g, "p1", Action.of("keep"))
    assert g.bid_queue == ["p2"]


def test_the_merged_action_table_is_built_once_per_set_of_modules() -> None:
    cache: dict[object, dict[str, object]] = {}
    first = merged({"base": 1}, playing(["night_map"]), "actions", cache)
    assert merged({"base": 1}, playing(["night_map"]), "actions", cache) is first and len(cache) == 1
    assert merged({"base": 1}, (), "actions", cache) == {"base": 1}


def test_an_action_out_of_turn_is_refused_by_its_handler_too_naming_whom_the_table_waits_on() -> None:
    from engine.okc.play import check_turn

    state = game(2)
    g = data(state)
    g.step, g.turn_queue = "spring_actions", ["p2", "p1"]
    with pytest.raises(RuleError) as info:
        check_turn(g, "p1", "p.18")
    assert (info.value.section, info.value.code, info.value.legal) == ("p.18", "order", "waiting on p2")
    assert check_turn(g, "p2", "p.18") == "spring"
