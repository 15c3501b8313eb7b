"""The Whispering Tower's Boon piles whole: drawing from the stack (and the discard shuffled into a new
stack when it runs out, or fewer Boons when both are empty), refilling each level, Boons given to a player
(the table told how many, the player which) and the Boons on a card discarded (named only when the card is
face up, taking away only the keywords they gave)."""

from __future__ import annotations

from engine.core import Event, GameState
from engine.okc.modules.whispering_tower import discard_boons, draw_boons, give, repopulate, tower
from engine.okc.state import Placed
from tests.okc.helpers import data, game


def tower_game() -> GameState:
    state = game(2, modules="whispering_tower")
    state.take_events()
    return state


def told(events: list[Event]) -> list[tuple[str, tuple[str, ...] | None, dict[str, object]]]:
    return [(e.kind, e.to, e.data) for e in events]


def test_boons_are_drawn_from_the_top_of_the_stack() -> None:
    state = tower_game()
    t = tower(data(state))
    t["stack"], t["discard"] = ["wt.coin", "wt.voice", "wt.oath"], ["wt.gilt"]
    assert draw_boons(state, 2) == ["wt.coin", "wt.voice"]
    assert t["stack"] == ["wt.oath"] and t["discard"] == ["wt.gilt"] and state.take_events() == []


def test_an_empty_stack_takes_the_discard_shuffled_as_its_new_stack() -> None:
    state = tower_game()
    t = tower(data(state))
    t["stack"], t["discard"] = ["wt.coin"], ["wt.gilt", "wt.oath"]
    drawn = draw_boons(state, 2)
    assert drawn[0] == "wt.coin" and drawn[1] in ("wt.gilt", "wt.oath")
    assert t["discard"] == [] and len(t["stack"]) == 1 and {*drawn, *t["stack"]} == {"wt.coin", "wt.gilt", "wt.oath"}
    assert told(state.take_events()) == [("random.shuffle", None, {"why": "boon stack", "size": 2}),
                                         ("okc.boons_reshuffled", None, {"size": 2})]


def test_with_stack_and_discard_both_empty_fewer_boons_are_drawn() -> None:
    state = tower_game()
    t = tower(data(state))
    t["stack"], t["discard"] = ["wt.coin"], []
    assert draw_boons(state, 3) == ["wt.coin"] and state.take_events() == []
    assert draw_boons(state, 1) == []


def test_each_level_is_refilled_to_its_size() -> None:
    state = tower_game()
    t = tower(data(state))
    t["levels"] = {"entrance": [], "labyrinth": ["wt.coin"], "pinnacle": ["wt.oath", "wt.gilt", "wt.voice"]}
    t["stack"], t["discard"] = ["wt.lamp", "wt.tithe", "wt.memory"], []
    repopulate(state)
    assert t["levels"] == {"entrance": ["wt.lamp"], "labyrinth": ["wt.coin", "wt.tithe"],
                           "pinnacle": ["wt.oath", "wt.gilt", "wt.voice"]}
    assert t["stack"] == ["wt.memory"]


def test_boons_given_join_the_players_own_and_are_named_to_them_alone() -> None:
    state = tower_game()
    t = tower(data(state))
    t["supply"]["p1"] = ["wt.coin"]
    give(state, "p1", ["wt.voice", "wt.oath"], "labyrinth")
    assert t["supply"] == {"p1": ["wt.coin", "wt.voice", "wt.oath"], "p2": []}
    assert told(state.take_events()) == [
        ("okc.boons_gained", None, {"seat": "p1", "count": 2, "why": "labyrinth"}),
        ("okc.boons_gained.names", ("p1",), {"seat": "p1", "boons": ["wt.voice", "wt.oath"], "why": "labyrinth"})]


def test_a_card_without_boons_discards_nothing() -> None:
    state = tower_game()
    q = Placed("nobility.f4", "p1", face_up=True)
    discard_boons(state, q, "plateau", "cleanup")
    assert tower(data(state))["discard"] == [] and state.take_events() == []


def test_boons_on_a_face_down_card_go_to_the_discard_unnamed() -> None:
    state = tower_game()
    t = tower(data(state))
    t["discard"] = ["wt.gilt"]
    q = Placed("nobility.f4", "p2", boons=["wt.heels", "wt.coin"], gained_keywords=["flank"])
    discard_boons(state, q, "lowlands", "eliminated")
    assert q.boons == [] and t["discard"] == ["wt.gilt", "wt.heels", "wt.coin"]
    assert q.gained_keywords == ["flank"]              # a face-down card's Boons gave nothing yet
    assert told(state.take_events()) == [("okc.boons_discarded", None, {
        "seat": "p2", "card": "nobility.f4", "region": "lowlands", "boons": [], "count": 2, "why": "eliminated"})]


def test_boons_on_a_face_up_card_are_named_and_take_back_only_their_keywords() -> None:
    state = tower_game()
    q = Placed("nobility.f4", "p1", face_up=True, boons=["wt.heels", "wt.voice"],
               gained_keywords=["deadly", "flank", "ambush"])
    discard_boons(state, q, "plateau", "burned")
    assert q.gained_keywords == ["deadly", "ambush"]
    assert told(state.take_events()) == [("okc.boons_discarded", None, {
        "seat": "p1", "card": "nobility.f4", "region": "plateau", "boons": ["wt.heels", "wt.voice"], "count": 2,
        "why": "burned"})]
    q = Placed("nobility.f4", "p1", face_up=True, boons=["wt.knife"], gained_keywords=["flank"])
    discard_boons(state, q, "plateau", "burned")
    assert q.gained_keywords == ["flank"]


# -- the climb (s_tower) ----------------------------------------------------------------------------------------
def climbing(lore: int = 3) -> GameState:
    from engine.okc.state import Job

    state = tower_game()
    g = data(state)
    g.players["p1"].lore = lore
    g.jobs = [Job("p2", [{"do": "draw", "amount": 1}])]
    t = tower(g)
    t["levels"] = {"entrance": ["wt.coin"], "labyrinth": ["wt.gilt", "wt.voice"], "pinnacle": ["wt.oath", "wt.lamp",
                                                                                                  "wt.toll"]}
    t["stack"], t["discard"] = ["wt.memory", "wt.tithe", "wt.wind", "wt.muster", "wt.ember", "wt.banner"], []
    return state


def test_every_visit_begins_at_the_entrance_whatever_was_answered() -> None:
    from engine.okc.modules.whispering_tower import s_tower
    from engine.okc.state import Job

    state = climbing()
    g = data(state)
    ctx = {"source": "whispering_tower"}
    s_tower(state, "p1", {"do": "tower"}, ctx, "leave")
    assert tower(g)["supply"]["p1"] == ["wt.coin"] and tower(g)["levels"]["entrance"] == []
    assert told(state.take_events())[:2] == [("okc.tower_level", None, {"seat": "p1", "level": "entrance"}),
                                             ("okc.boons_gained", None, {"seat": "p1", "count": 1, "why": "entrance"})]
    assert g.jobs[0] == Job("p1", [{"do": "tower", "explored": ["entrance"]}], ctx) and g.jobs[0].ctx is not ctx
    assert g.jobs[1].seat == "p2"


def test_the_climb_offers_only_the_next_level_and_leaving() -> None:
    from engine.okc.modules.whispering_tower import s_tower

    state = climbing()
    g = data(state)
    step = {"do": "tower", "explored": ["entrance"]}
    s_tower(state, "p1", step, {}, None)
    assert g.choice is not None
    assert (g.choice.kind, g.choice.prompt, g.choice.options, g.choice.step) == (
        "tower_level", "climb on or leave the tower", ["labyrinth", "leave"], step)


def test_the_pinnacle_is_offered_for_one_lore_and_costs_it() -> None:
    from engine.okc.modules.whispering_tower import s_tower

    state = climbing(lore=1)
    g = data(state)
    step = {"do": "tower", "explored": ["entrance", "labyrinth"]}
    s_tower(state, "p1", step, {}, None)
    assert g.choice is not None and g.choice.options == ["pinnacle", "leave"]
    g.choice = None
    s_tower(state, "p1", step, {}, "pinnacle")
    assert g.players["p1"].lore == 0 and tower(g)["supply"]["p1"] == ["wt.oath", "wt.lamp", "wt.toll"]
    assert tower(g)["levels"]["pinnacle"] == []
    gained = [e.data for e in state.take_events() if e.kind == "okc.boons_gained"]
    assert gained == [{"seat": "p1", "count": 3, "why": "pinnacle"}]
    assert g.jobs[0].steps == [{"do": "tower_discard"}, {"do": "tower_discard"},
                               {"do": "tower", "explored": ["entrance", "labyrinth", "pinnacle"]}]


def test_the_labyrinth_asks_which_boon_to_keep_next() -> None:
    from engine.okc.modules.whispering_tower import s_tower

    state = climbing()
    g = data(state)
    s_tower(state, "p1", {"do": "tower", "explored": ["entrance"]}, {}, "labyrinth")
    assert g.jobs[0].steps == [{"do": "tower_keep"}, {"do": "tower", "explored": ["entrance", "labyrinth"]}]
    assert told(state.take_events()) == [("okc.tower_level", None, {"seat": "p1", "level": "labyrinth"})]


def test_without_lore_or_levels_left_the_visitor_leaves_and_the_tower_moves_on() -> None:
    from engine.okc.modules.whispering_tower import s_tower
    from engine.okc.state import Job

    for lore, done in ((0, ["entrance", "labyrinth"]), (5, ["entrance", "labyrinth", "pinnacle"])):
        state = climbing(lore)
        g = data(state)
        tower(g)["levels"]["entrance"] = []
        s_tower(state, "p1", {"do": "tower", "explored": done}, {"source": "x"}, None)
        assert g.choice is None and tower(g)["levels"]["entrance"] == ["wt.memory"]
        assert told(state.take_events())[-1] == ("okc.tower_left", None, {"seat": "p1", "explored": done})
        assert g.jobs[0] == Job("p1", [{"do": "tower_move"}], {"source": "x"}) and g.jobs[1].seat == "p2"


# -- the Labyrinth (s_keep) -------------------------------------------------------------------------------------
def test_two_boons_in_the_labyrinth_are_shown_then_one_kept_and_the_other_handed_on() -> None:
    from engine.okc.modules.whispering_tower import s_keep
    from engine.okc.state import Job

    state = climbing()
    g = data(state)
    tower(g)["levels"]["labyrinth"] = ["wt.voice", "wt.gilt"]
    step = {"do": "tower_keep"}
    s_keep(state, "p1", step, {"source": "x"}, None)
    assert told(state.take_events()) == [
        ("okc.boons_seen", ("p1",), {"seat": "p1", "boons": ["wt.voice", "wt.gilt"]})]
    assert g.choice is not None
    assert (g.choice.kind, g.choice.prompt, g.choice.options, g.choice.step) == (
        "tower_keep", "keep which Boon", ["wt.gilt", "wt.voice"], step)
    g.choice = None
    s_keep(state, "p1", step, {"source": "x"}, "wt.gilt")
    assert tower(g)["supply"]["p1"] == ["wt.gilt"] and tower(g)["levels"]["labyrinth"] == []
    assert [e.data for e in state.take_events() if e.kind == "okc.boons_gained"] == [
        {"seat": "p1", "count": 1, "why": "labyrinth"}]
    assert g.jobs[0] == Job("p1", [{"do": "tower_give", "boon": "wt.voice"}], {"source": "x"})


def test_a_single_boon_in_the_labyrinth_is_kept_unasked_and_none_means_nothing() -> None:
    from engine.okc.modules.whispering_tower import s_keep

    state = climbing()
    g = data(state)
    tower(g)["levels"]["labyrinth"] = ["wt.voice"]
    s_keep(state, "p1", {"do": "tower_keep"}, {}, None)
    assert g.choice is None and tower(g)["supply"]["p1"] == ["wt.voice"] and tower(g)["levels"]["labyrinth"] == []
    assert [e.kind for e in state.take_events()] == ["okc.boons_gained", "okc.boons_gained.names"]
    assert g.jobs[0].seat == "p2"
    s_keep(state, "p1", {"do": "tower_keep"}, {}, None)
    assert tower(g)["supply"]["p1"] == ["wt.voice"] and state.take_events() == []
