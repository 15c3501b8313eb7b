"""The Whispering Tower's other steps whole: the second Boon handed to an opponent (asked only with a
choice of opponents), the Pinnacle's discards (asked only with a choice of Boons), the tower moved on, a
Boon's invitation to Visit, and where a Boon may be placed."""

from __future__ import annotations

from engine.core import Action, GameState
from engine.okc.modules.whispering_tower import (
    placement_options,
    s_discard,
    s_give,
    s_visit_tower,
    start_visit,
    tower,
)
from engine.okc.state import Job, Placed
from tests.okc.helpers import data, game


def tower_game(n: int = 3) -> GameState:
    state = game(n, modules="whispering_tower")
    data(state).jobs = [Job("p9", [{"do": "draw", "amount": 1}])]
    state.take_events()
    return state


def test_with_two_opponents_the_giver_chooses_who_receives_the_boon() -> None:
    state = tower_game(3)
    g = data(state)
    step = {"do": "tower_give", "boon": "wt.voice"}
    s_give(state, "p2", step, {}, None)
    assert g.choice is not None
    assert (g.choice.seat, g.choice.kind, g.choice.prompt, g.choice.options, g.choice.step) == (
        "p2", "tower_give", "give the other Boon to which opponent", ["p1", "p3"], step)
    g.choice = None
    s_give(state, "p2", step, {}, "p3")
    assert tower(g)["supply"]["p3"] == ["wt.voice"]
    assert [(e.kind, e.data) for e in state.take_events()][:2] == [
        ("okc.boon_passed", {"seat": "p2", "to": "p3"}),
        ("okc.boons_gained", {"seat": "p3", "count": 1, "why": "gift"})]


def test_with_one_opponent_the_boon_goes_to_them_unasked() -> None:
    state = tower_game(2)
    g = data(state)
    s_give(state, "p1", {"do": "tower_give", "boon": "wt.coin"}, {}, None)
    assert g.choice is None and tower(g)["supply"]["p2"] == ["wt.coin"]


def test_the_pinnacle_discard_asks_among_different_boons_only() -> None:
    state = tower_game(2)
    g = data(state)
    t = tower(g)
    t["supply"]["p1"], t["discard"] = ["wt.voice", "wt.coin", "wt.voice"], ["wt.gilt"]
    step = {"do": "tower_discard"}
    s_discard(state, "p1", step, {}, None)
    assert g.choice is not None
    assert (g.choice.seat, g.choice.kind, g.choice.prompt, g.choice.options) == (
        "p1", "tower_discard", "discard which Boon", ["wt.coin", "wt.voice"])
    g.choice = None
    s_discard(state, "p1", step, {}, "wt.coin")
    assert t["supply"]["p1"] == ["wt.voice", "wt.voice"] and t["discard"] == ["wt.gilt", "wt.coin"]
    assert [(e.kind, e.to, e.data) for e in state.take_events()] == [("okc.boon_discarded", None, {"seat": "p1"})]


def test_the_pinnacle_discard_takes_the_only_kind_of_boon_unasked_and_nothing_from_none() -> None:
    state = tower_game(2)
    g = data(state)
    t = tower(g)
    t["supply"]["p1"] = ["wt.voice", "wt.voice"]
    s_discard(state, "p1", {"do": "tower_discard"}, {}, None)
    assert g.choice is None and t["supply"]["p1"] == ["wt.voice"] and t["discard"] == ["wt.voice"]
    s_discard(state, "p1", {"do": "tower_discard"}, {}, None)
    assert t["supply"]["p1"] == [] and t["discard"] == ["wt.voice", "wt.voice"]
    t["supply"]["p1"], t["discard"] = [], []
    state.take_events()
    s_discard(state, "p1", {"do": "tower_discard"}, {}, None)
    assert t["discard"] == [] and state.take_events() == [] and g.choice is None


def test_a_boon_invites_a_visit_that_may_be_declined() -> None:
    state = tower_game(2)
    g = data(state)
    step = {"do": "visit_tower"}
    s_visit_tower(state, "p1", step, {}, None)
    assert g.choice is not None
    assert (g.choice.seat, g.choice.kind, g.choice.prompt, g.choice.options, g.choice.optional) == (
        "p1", "tower_visit", "visit the Whispering Tower", ["visit", "done"], True)
    g.choice = None
    s_visit_tower(state, "p1", step, {}, "done")
    assert state.take_events() == [] and g.jobs[0].seat == "p9"
    s_visit_tower(state, "p1", step, {}, "visit")
    where = g.pieces["whispering_tower"]
    assert [(e.kind, e.data) for e in state.take_events()] == [
        ("okc.visit", {"seat": "p1", "piece": "whispering_tower", "location": where, "must": False}),
        ("okc.tower_visited", {"seat": "p1"})]
    assert g.jobs[0] == Job("p1", [{"do": "tower"}], {"source": "whispering_tower"}) and g.jobs[1].seat == "p9"


def test_a_visit_goes_ahead_of_every_job_waiting() -> None:
    state = tower_game(2)
    g = data(state)
    start_visit(state, "p2")
    assert [j.seat for j in g.jobs] == ["p2", "p9"]


def test_boons_go_on_your_face_down_cards_in_unresolved_regions_with_room() -> None:
    state = tower_game(2)
    g = data(state)
    tower(g)["supply"]["p1"] = ["wt.voice", "wt.coin", "wt.voice"]
    assert placement_options(g, "p2") == [] and placement_options(g, "p9") == []
    g.regions[0].cards = [Placed("nobility.f4", "p1", boons=["wt.gilt", "wt.oath"])]     # the Highlands: full
    g.regions[1].cards = [Placed("nobility.f1", "p1")]                                   # the Plateau
    g.regions[2].cards = [Placed("nobility.c6", "p1", face_up=True), Placed("clans.f4", "p2"),
                          Placed("nobility.c8", "p1", boons=["wt.gilt"])]                # the Lowlands
    assert placement_options(g, "p1") == [                                               # in board order
        Action.of("boon", region="plateau", boon="wt.coin"), Action.of("boon", region="plateau", boon="wt.voice"),
        Action.of("boon", region="lowlands", boon="wt.coin"), Action.of("boon", region="lowlands", boon="wt.voice")]
    g.regions[1].resolved = True
    assert [a.get("region") for a in placement_options(g, "p1")] == ["lowlands", "lowlands"]
    tower(g)["supply"]["p1"] = []
    assert placement_options(g, "p1") == []
