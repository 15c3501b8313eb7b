"""The Aeronauts (Wild Kingdom): setup with one card set aside unseen, the Visit (a resource, then an Ally only
its taker learns), the Near & Far claimed once the deck is empty, placed as a 3-Strength Supporter and home in
Winter, no Visits after that, refusals, and the permuter keeping the deck and the picks hidden."""

from __future__ import annotations

import random

from engine.core import canonical, public_events
from engine.core.words import Audience
from engine.okc import RULES
from engine.okc.allies import is_ally
from engine.okc.modules.aeronauts import PIECE, aero, content
from engine.okc.words.wording import WORDS
from tests.okc.helpers import data, do, find, game, pass_until, refused, spring_actions

AERONAUTS = ["aero.chartist", "aero.corsair", "aero.gunner", "aero.rook"]


def test_setup_sets_one_of_four_aside_and_starts_the_ship_on_a_location() -> None:
    assert sorted(content().cards) == AERONAUTS
    assert {c.faction for c in content().cards.values()} == {"aeronauts"}
    state = game(3, modules="aeronauts")
    a = aero(data(state))
    assert sorted([*a["deck"], a["removed"]]) == AERONAUTS and len(a["deck"]) == 3
    assert data(state).pieces[PIECE] in {"castle", "wilderness", "battlefield", "harvest_field", "necropolis", "shrine"}
    public = RULES.view(state, None)["aeronauts"]
    assert public == {"name": "Near & Far", "location": data(state).pieces[PIECE], "deck": 3, "owner": None,
                      "ship": None}
    assert "removed" not in canonical(RULES.view(state, "p1"))


def win_plateau(state, location: str):  # type: ignore[no-untyped-def]
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}})
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:plateau,highlands,lowlands")
    pass_until(state, "claim")
    return do(state, "p1", f"claim location:{location}")


def test_a_visit_gives_a_resource_then_an_ally_only_the_visitor_knows() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    aero(g)["deck"], aero(g)["removed"] = ["aero.corsair", "aero.gunner", "aero.rook"], "aero.chartist"
    win_plateau(state, "harvest_field")
    assert g.choice is not None and g.choice.options == ["reward", "aeronauts"]
    do(state, "p1", "choose option:aeronauts")
    lore = g.players["p1"].lore
    events = do(state, "p1", "choose option:lore")
    assert g.players["p1"].lore == lore + 1
    seen = find(events, "okc.aeronauts_seen")
    assert seen and seen[0].to == ("p1",) and seen[0].data["cards"] == ["aero.corsair", "aero.gunner", "aero.rook"]
    assert g.choice is not None and g.choice.kind == "aero_take"
    events = do(state, "p1", "choose option:aero.gunner")
    assert "aero.gunner" in g.players["p1"].hand and is_ally(g, "p1", "aero.gunner")
    assert sorted(aero(g)["deck"]) == ["aero.corsair", "aero.rook"]
    public = public_events(events)
    assert "aero.gunner" not in canonical([e.data for e in public])
    assert [e.data for e in find(public, "okc.aeronaut_taken")] == [{"seat": "p1", "left": 2}]
    said = WORDS.event(state, find(events, "okc.aeronaut_taken.card")[0], Audience("p1"))
    assert said == "Thunder Gunner (5) joins your hand as an Ally."
    assert RULES.view(state, None)["players"]["p1"]["allies"] == 1


def test_the_location_reward_instead_leaves_the_deck_alone() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    win_plateau(state, "harvest_field")
    do(state, "p1", "choose option:reward")
    assert len(aero(g)["deck"]) == 3


def claim_ship(state):  # type: ignore[no-untyped-def]
    g = data(state)
    g.pieces[PIECE] = "harvest_field"
    aero(g)["deck"] = []
    g.players["p1"].tactics["nobility.levy"] = True
    win_plateau(state, "harvest_field")
    do(state, "p1", "choose option:aeronauts")
    do(state, "p1", "choose option:influence")
    assert g.choice is not None and g.choice.kind == "aero_unexhaust" and g.choice.optional
    return do(state, "p1", "choose option:nobility.levy")


def test_with_the_deck_empty_the_visitor_unexhausts_a_tactic_and_claims_the_ship() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    events = claim_ship(state)
    assert g.players["p1"].tactics["nobility.levy"] is False
    assert aero(g)["owner"] == "p1" and aero(g)["ship"] == "board" and PIECE not in g.pieces
    assert [e.data for e in find(events, "okc.ship_claimed")] == [{"seat": "p1", "location": "harvest_field"}]
    assert RULES.view(state, None)["aeronauts"]["location"] is None


def test_after_the_ship_is_claimed_nobody_visits_and_it_no_longer_travels() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    claim_ship(state)
    from engine.okc.effects import visitable

    assert visitable(state, "harvest_field") == {}
    from engine.okc.modules.shipped import MODULES

    MODULES["aeronauts"].winter(state)
    assert PIECE not in g.pieces


def test_the_ship_flies_with_two_supporters_for_five_and_comes_home_in_winter() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    aero(g).update(deck=[], owner="p1", ship="board")
    g.pieces.pop(PIECE, None)
    spring_actions(state, {"p1": {"lowlands": "nobility.f1"}, "p2": {"lowlands": "clans.f4"}})
    board = g.players["p1"].supporters
    aero(g)["owner"] = "p2"
    refused(state, "p1", "ship region:lowlands count:0", "not_yours")
    aero(g)["owner"] = "p1"
    refused(state, "p1", "ship region:lowlands count:9", "count")
    do(state, "p1", "ship region:lowlands count:2")
    assert g.players["p1"].supporters == board - 2 and g.regions[2].supporters == {"p1": 3}
    refused(state, "p1", "ship region:plateau count:0", "placed")
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:lowlands,plateau,highlands")
    events: list = []
    for _ in range(6):
        if g.step != "day":
            break
        events += do(state, g.turn_queue[0], "pass")
    tally = find(events, "okc.tally")
    assert tally and tally[0].data["tally"] == {"p1": 2 + 5, "p2": 3}   # Page 2, the ship's 5; Stag Hunter 3
    from engine.okc.modules.shipped import MODULES

    lost = g.players["p1"].supporters_lost
    MODULES["aeronauts"].winter(state)
    assert aero(g)["ship"] == "board" and g.regions[2].supporters == {"p1": 2}
    assert g.players["p1"].supporters_lost == lost


def test_the_ship_counts_only_in_the_first_clash_like_any_supporter() -> None:
    from engine.okc.modules.aeronauts import ship_strength
    from engine.okc.state import Clash

    state = game(2, modules="aeronauts")
    g = data(state)
    aero(g).update(owner="p1", ship="lowlands")
    g.clash = Clash("lowlands", first=False)
    assert ship_strength(g, "p1", "lowlands") == 0
    g.clash = Clash("lowlands", first=True)
    assert ship_strength(g, "p1", "lowlands") == 2 and ship_strength(g, "p2", "lowlands") == 0


def test_the_permuter_moves_aeronauts_between_deck_hands_and_the_card_set_aside() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    spring_actions(state, {"p1": {"plateau": "nobility.f4"}}, hands={"p1": ["nobility.f1", "aero.gunner"]})
    aero(g)["deck"], aero(g)["removed"] = ["aero.corsair", "aero.rook"], "aero.chartist"
    public = canonical(RULES.view(state, None))
    seen = set()
    for seed in range(16):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        h = data(twin)
        assert canonical(RULES.view(twin, None)) == public
        a = aero(h)
        held = [c for c in h.players["p1"].hand if c.startswith("aero.")]
        assert len(held) == 1 and sorted([*a["deck"], a["removed"], *held]) == AERONAUTS
        seen.add(held[0])
    assert len(seen) > 1


def test_the_lobby_rates_both_modules_and_the_ship_events_read_as_sentences() -> None:
    from engine.core import Event
    from engine.okc.setup import module_summary

    assert module_summary({"modules": "aeronauts,legendary_creatures"}) == (
        "Wild Kingdom: Aeronauts (2), Legendary Creatures (2). Complexity 4: First Comets in the Sky.")
    state = game(2, modules="aeronauts")
    thread, mine = Audience(None, {"p1": "Alice", "p2": "Bob"}), Audience("p1", {"p1": "Alice", "p2": "Bob"})
    claimed = Event.public("okc.ship_claimed", seat="p1", location="castle")
    assert WORDS.event(state, claimed, mine).startswith("You claim the Near & Far: from now on it is one of your")
    assert "one of their Supporters" in WORDS.event(state, claimed, thread)
    flown = WORDS.event(state, Event.public("okc.ship_placed", seat="p1", region="lowlands", count=2), thread)
    assert flown == ("The Nobility (Alice) fly the Near & Far into the Lowlands with 2 Supporters: +5 Strength in its "
                     "first clash there.")
    home = WORDS.event(state, Event.public("okc.ship_returned", seat="p1", region="lowlands"), mine)
    assert home == "The Near & Far flies home from the Lowlands to you."


def test_the_ship_is_one_button_that_asks_the_region_then_how_many_supporters_fly_with_it() -> None:
    state = game(2, modules="aeronauts")
    g = data(state)
    aero(g).update(deck=[], owner="p1", ship="board")
    g.pieces.pop(PIECE, None)
    spring_actions(state, {"p1": {"lowlands": "nobility.f1"}})
    me = Audience("p1")
    labels = [c.label for c in WORDS.choices(state, RULES.pending(state)[0], "p1", RULES.legal(state, "p1"), me)]
    assert "Fly the Near & Far" in labels and not any(label.startswith("Fly the Near & Far to") for label in labels)
    first = WORDS.flow(state, "p1", "ship", {}, me)
    assert first is not None and first.question == "Where does the Near & Far fly?"
    then = WORDS.flow(state, "p1", "ship", {"region": "lowlands"}, me)
    assert then is not None and [c.label for c in then.options][:2] == ["The ship alone", "With 1 Supporter"]
    assert then.options[2].action is not None and then.options[2].action.get("count") == 2
