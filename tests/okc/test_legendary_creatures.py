"""Legendary Creatures (Wild Kingdom): the creature as a second Herald (placed after the Heralds, never on its
own Herald, Herald rewards, stealing both ways, moved by "move a Herald"), its card claimed on a lost clash in
its Region before the rewards, and home at cleanup."""

from __future__ import annotations

from engine.core.words import Audience
from engine.okc import RULES
from engine.okc.modules.legendary_creatures import content, creature_of, lc
from engine.okc.pieces import herald_spots
from engine.okc.words.wording import WORDS
from tests.okc.helpers import data, do, find, game, pass_until, refused, spring_actions


def test_one_original_creature_card_per_starter_faction_waits_in_the_supply() -> None:
    assert sorted(c.faction for c in content().cards.values()) == ["clans", "gathering", "nobility", "uprising"]
    state = game(4, modules="legendary_creatures")
    g = data(state)
    assert lc(g)["supply"] == {s: creature_of(g.players[s].faction) for s in g.order}
    assert all(cid not in g.players[s].hand + g.players[s].deck for s, cid in lc(g)["supply"].items())


def to_creatures(state):  # type: ignore[no-untyped-def]
    """Play round one by the defaults (every Herald to the Castle) until the creatures are placed."""
    from engine.core import apply

    g = data(state)
    for _ in range(40):
        if g.step == "creatures":
            return
        d = RULES.pending(state)[0]
        for seat in d.seats:
            if g.step == "heralds":
                do(state, seat, "herald location:castle")
            else:
                apply(RULES, state, seat, d.default_for(seat))
    raise AssertionError(f"never reached the creatures, at {g.step}")


def test_creatures_are_placed_in_turn_order_after_the_heralds_never_on_their_own_herald() -> None:
    state = game(2, modules="legendary_creatures")
    g = data(state)
    to_creatures(state)
    assert g.players["p1"].herald == "castle" and g.turn_queue == ["p1", "p2"]
    offered = [a.get("location") for a in RULES.legal(state, "p1") if a.kind == "creature"]
    assert len(offered) == 5 and "castle" not in offered
    refused(state, "p1", "creature location:castle", "same_location")
    refused(state, "p2", "creature location:shrine")
    do(state, "p1", "creature location:shrine")
    do(state, "p2", "creature location:shrine")
    assert lc(g)["pieces"] == {"p1": "shrine", "p2": "shrine"} and g.step == "region_cards"
    assert herald_spots(state, "p1") == {"": "castle", "legendary_creatures": "shrine"}
    public = RULES.view(state, None)["legendary_creatures"]["creatures"]["p1"]
    assert public["location"] == "shrine" and public["name"] == "The Gilded Gryphon" and public["in_supply"]


def won(state, where: dict[str, str], heralds: dict[str, str], card: str = "nobility.c9"):  # type: ignore[no-untyped-def]
    g = data(state)
    lc(g)["pieces"].update(where)
    for s, loc in heralds.items():
        g.players[s].herald = loc
    spring_actions(state, {"p1": {"plateau": card}, "p2": {"plateau": "clans.f1"}})
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:plateau,highlands,lowlands")
    events: list = []
    for _ in range(6):
        if g.step != "day":
            break
        events += do(state, g.turn_queue[0], "pass")
    return events


def test_the_creature_claims_the_herald_reward_and_steals_from_a_herald_there() -> None:
    state = game(2, modules="legendary_creatures")
    g = data(state)
    g.players["p2"].influence = 3
    won(state, {"p1": "harvest_field"}, {"p2": "harvest_field"})
    before = g.players["p1"].influence
    events = do(state, "p1", "claim location:harvest_field")
    assert [e.data["why"] for e in find(events, "okc.influence")][:1] == ["herald"]
    assert find(events, "okc.stole") and g.players["p2"].influence == 2
    assert g.players["p1"].influence >= before + 2


def test_a_creature_is_stolen_from_like_a_herald() -> None:
    state = game(2, modules="legendary_creatures")
    g = data(state)
    g.players["p2"].influence = 2
    won(state, {"p2": "harvest_field"}, {"p1": "harvest_field"})
    do(state, "p1", "claim location:harvest_field")
    assert g.players["p2"].influence == 1


def test_losing_where_your_creature_stands_brings_its_card_to_hand_before_the_rewards() -> None:
    state = game(2, modules="legendary_creatures")
    g = data(state)
    events = won(state, {"p2": "battlefield", "p1": "harvest_field"}, {})
    claimed = find(events, "okc.creature_claimed")
    assert [e.data for e in claimed] == [{"seat": "p2", "card": "lc.wyrm", "region": "plateau"}]
    assert "lc.wyrm" in g.players["p2"].hand and lc(g)["supply"]["p2"] is None
    assert lc(g)["supply"]["p1"] == "lc.gryphon"          # the winner's creature stays in the Supply
    kinds = [e.kind for e in events]
    assert kinds.index("okc.creature_claimed") > kinds.index("okc.clash_won")
    assert g.step == "claim"                                # before any reward
    said = WORDS.event(state, claimed[0], Audience(None))
    assert "The Cairn Wyrm (7)" in said and "lc." not in said


def test_a_creature_elsewhere_or_a_card_already_claimed_brings_nothing() -> None:
    state = game(2, modules="legendary_creatures")
    g = data(state)
    lc(g)["supply"]["p2"] = None
    events = won(state, {"p2": "battlefield"}, {})
    assert not find(events, "okc.creature_claimed")
    state = game(2, modules="legendary_creatures")
    events = won(state, {"p2": "castle"}, {})
    assert not find(events, "okc.creature_claimed")


def test_moving_an_opponents_herald_may_move_the_creature_but_never_onto_its_herald() -> None:
    from engine.okc.state import Job

    state = game(2, modules="legendary_creatures")
    g = data(state)
    g.players["p2"].herald = "castle"
    lc(g)["pieces"]["p2"] = "shrine"
    spring_actions(state, {})
    g.jobs.append(Job("p1", [{"do": "move_herald", "whose": "opponent"}]))
    from engine.okc.year import advance

    advance(state)
    assert g.choice is not None
    options = g.choice.options
    assert "p2>wilderness" in options and "p2/legendary_creatures>wilderness" in options
    assert "p2>shrine" not in options and "p2/legendary_creatures>castle" not in options
    from engine.okc.words.prompts import option_label

    label = option_label(state, "p1", "p2/legendary_creatures>wilderness", Audience("p1"))
    assert label == "Legendary Creature of the Clans to the Wilderness"
    events = do(state, "p1", "choose option:p2/legendary_creatures>wilderness")
    assert lc(g)["pieces"]["p2"] == "wilderness" and g.players["p2"].herald == "castle"
    assert [e.data for e in find(events, "okc.creature_moved")] == [
        {"seat": "p2", "by": "p1", "frm": "shrine", "to": "wilderness"}]


def test_creatures_go_home_with_the_heralds_at_cleanup() -> None:
    from engine.okc.modules.shipped import MODULES

    state = game(2, modules="legendary_creatures")
    g = data(state)
    lc(g)["pieces"]["p1"] = "shrine"
    MODULES["legendary_creatures"].cleanup(state)
    assert lc(g)["pieces"]["p1"] is None and herald_spots(state, "p1") == {}


def test_autocomplete_offers_the_free_locations_and_the_mat_tells_where_the_creature_and_its_card_are() -> None:
    state = game(2, modules="legendary_creatures")
    g = data(state)
    to_creatures(state)
    suggested = RULES.suggest(state, "p1", "creature", "location")
    assert len(suggested) == 5 and "castle" not in suggested
    lc(g)["pieces"]["p1"] = "shrine"
    parts = [s for part in WORDS.mat_parts for s in part(state, "p1", Audience("p1"))]
    assert parts[0].title == "Your Legendary Creature, The Gilded Gryphon"
    assert parts[0].lines == ("Stands at the Shrine (Lowlands).", "The Gilded Gryphon (10) waits in your Supply: "
                              "lose a clash in its Region to take it into hand.")


def test_creatures_are_placed_with_the_heralds_before_any_ally_is_declared() -> None:
    state = game(2, modules="aeronauts,legendary_creatures")
    g = data(state)
    g.players["p1"].hand.append("aero.corsair")          # an Ally: its holder declares before the Region cards
    to_creatures(state)
    do(state, "p1", "creature location:shrine")
    do(state, "p2", "creature location:shrine")
    assert g.step == "ally_regions" and g.turn_queue == ["p1"]
