"""Legendary Creatures' placing step whole (Wild Kingdom: Legendary Creatures): who is asked and with which
default, when placing is legal, each refusal with its section, reason and what is legal, the step waiting
for everyone, a loser counted by Supporters only in the first clash, and what the table sees."""

from __future__ import annotations

import pytest

from engine.core import Action, DecisionKind, GameState, RuleError
from engine.okc import RULES
from engine.okc.modules.legendary_creatures import NAME, SECTION, lc, wait_creatures
from engine.okc.modules.shipped import MODULES
from engine.okc.state import Choice, Clash
from tests.okc.helpers import data, game

CREATURES = MODULES[NAME]
SPOTS = ["wilderness", "castle", "battlefield", "harvest_field", "necropolis", "shrine"]


def placing(herald: str = "wilderness") -> GameState:
    """The creatures step of round 1: both Heralds out, p1 to place first."""
    state = game(2, modules=NAME)
    g = data(state)
    g.step, g.turn_queue, g.choice = "creatures", ["p1", "p2"], None
    g.players["p1"].herald, g.players["p2"].herald = herald, "castle"
    state.take_events()
    return state


def test_the_first_in_turn_is_asked_with_the_first_free_location_as_default() -> None:
    state = placing()
    [d] = CREATURES.pending(state)
    assert (d.id, d.kind, d.seats, d.prompt) == ("creature-1-2", DecisionKind.SEQUENTIAL, ("p1",), "okc.creature")
    assert d.default_for("p1") == Action.of("creature", location="castle")
    data(state).turn_queue = ["p2"]
    [d] = CREATURES.pending(state)
    assert d.id == "creature-1-1" and d.seats == ("p2",)
    assert d.default_for("p2") == Action.of("creature", location="wilderness")


def test_nobody_is_asked_outside_the_step_during_a_choice_or_once_all_have_placed() -> None:
    for change in ({"step": "heralds"}, {"choice": Choice("p1", "discard", "discard", ["nobility.f1"])},
                   {"turn_queue": []}):
        state = placing()
        for key, value in change.items():
            setattr(data(state), key, value)
        assert CREATURES.pending(state) == [], change


def test_only_the_seat_in_turn_may_place_anywhere_but_on_its_herald() -> None:
    state = placing("shrine")
    legal = CREATURES.legal(state, "p1")
    assert [a.get("location") for a in legal] == [s for s in SPOTS if s != "shrine"]
    assert {a.kind for a in legal} == {"creature"}
    assert CREATURES.legal(state, "p2") == []
    data(state).choice = Choice("p1", "discard", "discard", ["nobility.f1"])
    assert CREATURES.legal(state, "p1") == []
    state = placing()
    data(state).step = "heralds"
    assert CREATURES.legal(state, "p1") == []


def refusal(state: GameState, seat: str, where: str) -> RuleError:
    with pytest.raises(RuleError) as info:
        CREATURES.play(state, seat, Action.of("creature", location=where))
    return info.value


def test_each_refusal_names_its_section_reason_and_what_is_legal() -> None:
    state = placing("shrine")
    data(state).step = "heralds"
    err = refusal(state, "p1", "castle")
    assert (err.section, err.message, err.code) == (
        SECTION, "creatures are placed in Spring, once every Herald stands", "phase")
    data(state).step = "creatures"
    err = refusal(state, "p2", "castle")
    assert (err.section, err.message, err.code, err.legal) == (
        SECTION, "creatures are placed in turn order", "order", "waiting on p1")
    err = refusal(state, "p1", "shrine")
    assert (err.section, err.message, err.code) == (
        SECTION, "your Herald and your Legendary Creature never share a Location", "same_location")
    assert err.legal == [s for s in SPOTS if s != "shrine"]
    err = refusal(state, "p1", "moon")
    assert err.code == "same_location"


def test_a_creature_placed_stands_there_and_passes_the_turn() -> None:
    state = placing()
    g = data(state)
    CREATURES.play(state, "p1", Action.of("creature", location="shrine"))
    assert lc(g)["pieces"]["p1"] == "shrine" and g.turn_queue == ["p2"]
    assert [(e.kind, e.data) for e in state.take_events()] == [
        ("okc.creature_placed", {"seat": "p1", "location": "shrine"})]


def test_the_step_waits_until_everyone_has_placed_then_moves_on() -> None:
    state = placing()
    g = data(state)
    assert wait_creatures(state) is False and g.step == "creatures"
    g.turn_queue = []
    assert wait_creatures(state) is True and g.step != "creatures"


def test_supporters_make_a_loser_only_in_the_first_clash() -> None:
    """clash_resolved: a seat with only Supporters in the Region took part only in its first clash."""
    for first, claimed in ((True, True), (False, False)):
        state = placing()
        g = data(state)
        lc(g)["pieces"]["p2"] = "battlefield"                  # the Plateau
        g.regions[1].supporters = {"p2": 2}
        g.clash = Clash("plateau", first=first)
        CREATURES.clash_resolved(state, "plateau", "p1")
        assert (lc(g)["supply"]["p2"] is None) is claimed
        assert ("lc.wyrm" in g.players["p2"].hand) is claimed


def test_the_table_sees_each_creature_its_card_and_whether_it_waits() -> None:
    state = placing()
    g = data(state)
    lc(g)["pieces"]["p1"], lc(g)["supply"]["p2"] = "shrine", None
    assert RULES.view(state, None)[NAME] == {"creatures": {
        "p1": {"name": "The Gilded Gryphon", "location": "shrine", "card": "lc.gryphon", "in_supply": True},
        "p2": {"name": "The Cairn Wyrm", "location": None, "card": "lc.wyrm", "in_supply": False}}}
