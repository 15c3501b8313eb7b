"""The Whispering Tower (Wild Kingdom): the Starting Location draw, Boons hidden from everyone but their
owner, placing Boons, and each of the 20 Boons on a card that wins its clash."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import GameState, canonical, public_events
from engine.okc import RULES
from engine.okc.modules.whispering_tower import boon, content, tower
from engine.okc.state import Placed
from tests.okc.helpers import data, do, find, game, pass_until, refused, spring_actions

SECTION = "Wild Kingdom: Whispering Tower"    # spelt out: refusals cite it


def test_starting_locations_follow_the_module_order_and_never_repeat() -> None:
    state, events = RULES.new_game(["p1", "p2"], {"modules": "whispering_tower,night_map,travelling_town"}, 4)
    drawn = [e for e in events if e.kind == "okc.starting_location"]
    assert [e.data["piece"] for e in drawn] == ["travelling_town", "whispering_tower"]
    assert drawn[0].data["location"] != drawn[1].data["location"]
    assert [e.kind for e in events].index("okc.night_map") < [e.kind for e in events].index("okc.starting_location")
    assert "starting_bag" not in data(state).extra


def test_setup_fills_the_levels_and_leaves_fourteen_in_the_stack() -> None:
    t = tower(data(game(2, modules="whispering_tower")))
    assert {k: len(v) for k, v in t["levels"].items()} == {"entrance": 1, "labyrinth": 2, "pinnacle": 3}
    assert len(t["stack"]) == 14 and len(content().boons) == 20


def test_boons_are_known_only_to_their_owner() -> None:
    state = game(3, modules="whispering_tower")
    t = tower(data(state))
    t["supply"]["p1"] = ["wt.oath", "wt.coin"]
    public = RULES.view(state, None)
    assert public["whispering_tower"]["boons"] == {"p1": 2, "p2": 0, "p3": 0}
    assert "wt.oath" not in canonical(public)
    assert "wt.oath" not in canonical(RULES.view(state, "p2"))
    assert [b["name"] for b in RULES.view(state, "p1")["private"]["whispering_tower"]["boons"]] == [
        "Oath of Iron", "Echo of Coin"]


def test_the_permuter_scrambles_boons_without_changing_the_public_view() -> None:
    state = game(3, modules="whispering_tower")
    t = tower(data(state))
    t["supply"]["p1"] = ["wt.oath", "wt.coin"]
    before = canonical(RULES.view(state, None))
    moved = False
    for seed in range(10):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        assert canonical(RULES.view(twin, None)) == before
        moved |= tower(data(twin))["supply"]["p1"] != ["wt.oath", "wt.coin"]
    assert moved


def _at_the_tower_door():
    """Three players; p1 wins the Plateau and claims the Harvest Field, where the tower stands with
    Lamp and Oath in its Labyrinth: the Visit begins."""
    state = game(3, modules="whispering_tower")
    t = tower(data(state))
    data(state).pieces["whispering_tower"] = "harvest_field"
    t["levels"]["labyrinth"] = ["wt.lamp", "wt.oath"]
    spring_actions(state, {"p1": {"plateau": "nobility.f4"}})
    pass_until(state, "clash_order")
    do(state, "p3", "order regions:plateau,highlands,lowlands")
    pass_until(state, "claim")
    do(state, "p1", "claim location:harvest_field")
    return state, t


def test_a_labyrinth_gift_tells_the_public_nothing_about_the_boon() -> None:
    state, t = _at_the_tower_door()
    do(state, "p1", "choose option:labyrinth")
    do(state, "p1", "choose option:wt.lamp")
    events = do(state, "p1", "choose option:p3")
    shown = canonical([(e.kind, e.data) for e in public_events(events)])
    assert "wt.oath" not in shown and "Oath" not in shown
    assert find(events, "okc.boon_passed")[0].data == {"seat": "p1", "to": "p3"}
    assert t["supply"]["p3"] == ["wt.oath"]


def _refusal(state: GameState, seat: str, text: str) -> tuple[str, str, str, Any]:
    """A refusal whole, (section, code, message, legal), with the state unchanged."""
    err = refused(state, seat, text)
    return (err.section, err.code, err.message, err.legal)


def test_placing_boons_as_an_action_at_most_two_per_card() -> None:
    state = game(2, modules="whispering_tower")
    g = data(state)
    tower(g)["supply"]["p1"] = ["wt.coin", "wt.lamp", "wt.oath"]
    assert g.step == "bid"
    assert _refusal(state, "p1", "boon region:plateau boon:wt.coin") == (
        SECTION, "phase", "Boons are placed as an Action, on your turn in the Spring or Day Action Step", "pass")
    spring_actions(state, {"p1": {"plateau": "nobility.f4"}})
    on_cards = "Boons go on your face-down cards next to Regions, at most two per card"
    assert _refusal(state, "p1", "boon region:highlands boon:wt.coin") == (SECTION, "no_card", on_cards, ["plateau"])
    assert _refusal(state, "p1", "boon region:plateau boon:wt.voice") == (
        SECTION, "not_yours", "that Boon is not one of yours", ["wt.coin", "wt.lamp", "wt.oath"])
    events = do(state, "p1", "boon region:plateau boon:wt.coin")
    assert "wt.coin" not in canonical([(e.kind, e.data) for e in public_events(events)])
    do(state, "p1", "boon region:plateau boon:wt.lamp")
    assert _refusal(state, "p1", "boon region:plateau boon:wt.oath") == (SECTION, "no_card", on_cards, "no card")
    assert g.regions[1].cards[0].boons == ["wt.coin", "wt.lamp"]
    assert RULES.view(state, None)["regions"][1]["cards"]["p1"][0]["boons"] == 2


@pytest.mark.parametrize("bid", sorted(content().boons))
def test_each_boon_on_a_card_that_wins(bid: str) -> None:
    """Every Boon: revealed with its card, its Strength in the tally, its keywords gained, its If-you-win
    or After-clash steps resolved before the reward is claimed, discarded at cleanup at the latest."""
    state = game(2, modules="whispering_tower")
    g = data(state)
    g.pieces["whispering_tower"] = "castle"
    b = boon(bid)
    spring_actions(state, {"p1": {"plateau": "nobility.f4"}, "p2": {"plateau": "clans.f1"}})
    g.regions[1].cards[0].boons = [bid]
    g.players["p1"].lost = ["nobility.f1"]
    g.players["p1"].supporters_lost = 2
    g.players["p1"].tactics["nobility.levy"] = True
    pass_until(state, "clash_order")
    events = do(state, "p2", "order regions:plateau,highlands,lowlands")
    assert find(events, "okc.boons_revealed")[0].data["boons"] == [bid]
    placed: Placed = g.regions[1].cards[0]
    assert all(k in placed.gained_keywords for k in b.keywords)
    events = []
    while g.step != "claim" and g.choice is None and g.turn_queue:
        events += do(state, g.turn_queue[0], "pass")
    tally = g.clash.tally if g.clash is not None else {}
    if tally:
        assert tally["p1"] >= 4 + b.strength
    resolved = [e.data["boon"] for e in events if e.kind == "okc.boon_resolved"]
    assert resolved == ([bid] if (b.steps or b.after_clash) else []), resolved
    if bid == "wt.oath":
        assert "nobility.f4" in g.burned and all(q.owner != "p1" for q in g.regions[1].cards)
    if bid in ("wt.gilt", "wt.coin"):
        assert g.players["p1"].influence >= 1


def test_boons_go_to_the_discard_at_cleanup() -> None:
    state = game(2, modules="whispering_tower")
    g = data(state)
    g.regions[1].cards = [Placed("nobility.f4", "p1", face_up=True, boons=["wt.voice"])]
    g.secret = None
    g.turn_queue = list(g.order)
    g.step, g.season = "autumn", "autumn"
    do(state, "p1", "pass")
    do(state, "p2", "pass")
    assert g.round == 2 and not g.regions[1].cards
    assert "wt.voice" in tower(g)["discard"]


def test_a_boons_visit_to_the_tower_may_be_declined() -> None:
    from engine.okc.effects import queue
    from engine.okc.year import advance

    state = game(2, modules="whispering_tower")
    spring_actions(state, {})
    g = data(state)
    queue(g, "p1", [{"do": "visit_tower"}])
    advance(state)
    assert g.choice is not None and g.choice.kind == "tower_visit" and g.choice.optional
    assert RULES.view(state, "p1")["choice"]["optional"] is True


def test_the_tower_questions_name_the_next_level_and_the_receiver() -> None:
    """Words: the climb names the level ahead (the Lore only for the Pinnacle), a gift's options
    name who receives it, and the tower's new place reads as the board names it."""
    from engine.core import Audience
    from engine.okc.words.wording import WORDS

    state, t = _at_the_tower_door()
    aud = Audience("p1")

    def asked() -> tuple[str, list[str]]:
        d = next(d for d in RULES.pending(state) if "p1" in d.seats)
        shown = WORDS.choices(state, d, "p1", RULES.legal(state, "p1"), aud)
        return WORDS.question(state, d, "p1", aud), [c.label for c in shown]

    question, _ = asked()
    assert "the Labyrinth" in question and "Lore" not in question
    do(state, "p1", "choose option:labyrinth")
    do(state, "p1", "choose option:wt.lamp")
    _, labels = asked()
    assert labels and all(label.startswith("To ") for label in labels), labels


def test_every_tower_event_has_its_own_words() -> None:
    """Each of the module's event kinds is told in words of its own (a mutation survivor, seed 14,
    registered one teller under a wrong kind and no test noticed)."""
    from engine.core import Audience, Event
    from engine.okc.words.wording import WORDS

    state = game(3, modules="whispering_tower")
    told = WORDS.told()
    for kind in ("okc.tower_visited", "okc.tower_level", "okc.tower_left", "okc.boons_gained", "okc.boon_passed",
                 "okc.boon_placed", "okc.boons_revealed", "okc.boon_resolved", "okc.boons_discarded"):
        assert kind in told, kind
    line = WORDS.event(state, Event.public("okc.boon_resolved", seat="p1", boon="wt.lamp"), Audience(None))
    assert line and "takes effect" in line


def test_boons_discarded_face_down_are_counted_not_named() -> None:
    """Cleanup tells the table how many face-down Boons leave a card, and names only those shown."""
    from engine.core import Audience, Event
    from engine.okc.words.wording import WORDS

    state = game(3, modules="whispering_tower")
    card = next(iter(data(state).players["p1"].hand))
    hidden = WORDS.event(state, Event.public("okc.boons_discarded", seat="p1", card=card, count=2), Audience(None))
    shown = WORDS.event(state, Event.public("okc.boons_discarded", seat="p1", card=card, count=1, boons=["wt.lamp"]),
                        Audience(None))
    assert hidden and hidden.startswith("2 face-down Boons on ") and hidden.endswith(" go to the Boon discard.")
    assert shown and shown.startswith("Lamp of Lore on ") and shown.endswith(" goes to the Boon discard.")


def _revealed_with_boons(boons: list[str]):
    """Two players in the Plateau's Day step: p1's revealed Reeve carries ``boons`` (gained as on a reveal),
    p2's Herd Boy stands against it; the Highlands are still to be resolved."""
    state = game(2, modules="whispering_tower")
    g = data(state)
    g.pieces["whispering_tower"] = "castle"
    spring_actions(state, {"p1": {"plateau": "nobility.f4"}, "p2": {"plateau": "clans.f1"}})
    pass_until(state, "clash_order")
    g.regions[1].cards[0].boons = list(boons)
    do(state, "p2", "order regions:plateau,highlands,lowlands")
    placed: Placed = g.regions[1].cards[0]
    assert placed.face_up and placed.boons == boons
    return state, g, placed


@pytest.mark.parametrize("way", ["flanked", "blanked", "eliminated", "eliminated_resilient_own_boon",
                                 "burned", "cleanup", "retained_cleanup"])
def test_every_way_a_card_leaves_or_stays_active_and_its_boons(way: str) -> None:
    """Ruling W4: a revealed Boon stays while its card is Active. Flank moves the card, still Active, and a
    blank takes only printed text: the Boons and what they gave stay. Elimination and burning end it being
    Active (the Boons go to the discard); cleanup discards every Active card's Boons, a retained card's too
    (the cleanup rule names every Active card; R22 resets what a retained card gained)."""
    from engine.okc.effects import eliminate, execute
    from engine.okc.play import s_flank
    from engine.okc.year import cleanup

    state, g, placed = _revealed_with_boons(["wt.veil", "wt.voice"])
    assert "flank" in placed.gained_keywords
    ctx = {"region": "plateau", "card": "nobility.f4"}
    kept = way in ("flanked", "blanked")
    if way == "flanked":
        s_flank(state, "p1", {"do": "flank"}, ctx, "highlands")
        assert placed in g.regions[0].cards and placed not in g.regions[1].cards
    elif way == "blanked":
        execute(state, "p2", {"do": "blank"}, {"region": "plateau"}, "nobility.f4")
        assert placed.blanked
    elif way == "eliminated":
        eliminate(state, [placed], "p2", "plateau")
        assert "nobility.f4" in g.players["p1"].lost
    elif way == "eliminated_resilient_own_boon":
        placed.boons = ["wt.blood"]                      # Stubborn Blood: Resilient, so to the discard pile
        placed.gained_keywords = ["resilient"]
        eliminate(state, [placed], "p2", "plateau")
        assert "nobility.f4" in g.players["p1"].discard
    elif way == "burned":
        execute(state, "p1", {"do": "burn", "target": "self"}, ctx)
        assert "nobility.f4" in g.burned
    else:
        if way == "retained_cleanup":
            placed.retained = True
        cleanup(state)
        assert (placed in g.regions[1].cards) == (way == "retained_cleanup")
    discard = tower(g)["discard"]
    if kept:
        assert placed.boons == ["wt.veil", "wt.voice"] and not discard
        assert "flank" in placed.gained_keywords
    else:
        assert not placed.boons and sorted(discard) in (["wt.veil", "wt.voice"], ["wt.blood"])
        assert "flank" not in placed.gained_keywords


def test_a_flanked_cards_strength_boon_counts_in_its_new_region() -> None:
    """The Boon's Strength goes with the flanked card: it counts in the new Region's tally, not the old."""
    from engine.okc.modules.whispering_tower import WhisperingTower
    from engine.okc.play import s_flank

    state, g, placed = _revealed_with_boons(["wt.veil", "wt.voice"])
    tw = WhisperingTower()
    assert tw.strength(state, "p1", "plateau") == 4
    s_flank(state, "p1", {"do": "flank"}, {"region": "plateau", "card": "nobility.f4"}, "highlands")
    assert tw.strength(state, "p1", "plateau") == 0 and tw.strength(state, "p1", "highlands") == 4
    assert tw.strength(state, "p2", "highlands") == 0


def test_the_rulebooks_printed_example_boons_are_kept() -> None:
    """Using Boons prints four examples; each is one of the 20 with the printed numbers (ruling W12)."""
    boons = content().boons.values()
    oath = [b for b in boons if b.kind == "empower" and b.strength == 10]
    assert [[dict(s) for s in b.after_clash] for b in oath] == [[{"do": "burn", "target": "self"}]]
    assert not oath[0].keywords
    flank = [b for b in boons if b.kind == "empower" and list(b.keywords) == ["flank"] and not b.strength
             and not b.after_clash]
    assert len(flank) == 1
    wins = {b.id: [dict(s) for s in b.steps] for b in boons if b.kind == "win"}
    assert [{"do": "visit_tower"}] in wins.values()
    assert [{"do": "gain", "what": "influence", "amount": 1}, {"do": "gain", "what": "lore", "amount": 1}] in wins.values()
