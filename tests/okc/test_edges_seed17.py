"""OKC edges the seed-17 mutation sample (make mutate) found unchecked: a hand over the Hand Size
when another player is already discarding (p.47), how much Lore a theft reports (steal effects) and
which card an Autumn command's effects come from (p.33)."""

from __future__ import annotations

from engine.okc.deck import discard_down
from engine.okc.effects import _steal_from
from engine.okc.state import Job
from tests.okc.helpers import data, do, find, game


def _attrition(g, seat):
    return [j for j in g.jobs if j.seat == seat and j.ctx.get("attrition")]


def test_p47_a_hand_over_its_size_discards_even_while_another_player_discards():
    state = game(2)
    g = data(state)
    g.jobs = [Job("p2", [{"do": "discard", "amount": 1}], {"attrition": True})]
    p = g.players["p1"]
    p.hand = p.hand + [p.hand[0]] * (p.hand_size + 2 - len(p.hand))
    discard_down(state, "p1")
    (job,) = _attrition(g, "p1")
    assert job.steps == [{"do": "discard", "amount": 2}] and g.jobs[0] is job
    discard_down(state, "p1")                                   # already discarding: no second job
    assert len(_attrition(g, "p1")) == 1 and len(_attrition(g, "p2")) == 1


def test_p47_a_hand_at_its_size_discards_nothing():
    state = game(2)
    g = data(state)
    g.jobs = []
    p = g.players["p1"]
    p.hand = (p.hand * p.hand_size)[:p.hand_size]
    discard_down(state, "p1")
    assert g.jobs == []


def _stolen(what: str, has: int, n: int):
    state = game(2)
    g = data(state)
    state.take_events()   # what came before
    events = state._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    if what == "lore":
        g.players["p2"].lore = has
    else:
        g.players["p2"].influence = has
    _steal_from(state, "p1", "p2", what, n, "test")
    (stole,) = [e for e in events if e.kind == "okc.stole"]
    return g, stole


def test_a_theft_of_lore_reports_what_was_taken_no_more_than_the_victim_had():
    g, stole = _stolen("lore", 1, 2)
    assert stole.data["amount"] == 1 and g.players["p2"].lore == 0
    g, stole = _stolen("lore", 3, 2)
    assert stole.data["amount"] == 2 and g.players["p2"].lore == 1


def test_a_theft_of_influence_reports_what_was_taken_no_more_than_the_victim_had():
    state = game(2)
    before = data(state).players["p1"].influence
    g, stole = _stolen("influence", 1, 2)
    assert stole.data["amount"] == 1 and g.players["p2"].influence == 0
    assert g.players["p1"].influence == before + 1


def test_a_theft_from_the_regions_opponents_takes_only_from_those_with_a_card_or_supporters_there():
    from engine.okc.effects import s_steal
    from engine.okc.state import Placed
    state = game(4)
    g = data(state)
    reg = g.regions[0]
    reg.cards, reg.supporters = [Placed("x", "p2")], {"p3": 1, "p1": 2}
    for p in g.players.values():
        p.influence = 5
    step = {"do": "steal", "what": "influence", "amount": 2, "from": "region_opponents"}
    s_steal(state, "p1", step, {"region": reg.id, "source": "test"}, None)
    assert {s: p.influence for s, p in g.players.items()} == {"p1": 9, "p2": 3, "p3": 3, "p4": 5}
    s_steal(state, "p1", {**step, "from": "each_opponent"}, {"source": "test"}, None)
    assert {s: p.influence for s, p in g.players.items()} == {"p1": 15, "p2": 1, "p3": 1, "p4": 3}


def test_p33_an_autumn_commands_gain_names_its_card():
    state = game(2)
    g = data(state)
    g.secret = None
    g.players["p1"].hand = ["nobility.treasury"]
    g.turn_queue = list(g.order)
    g.step, g.season = "autumn", "autumn"
    events = do(state, "p1", "command card:nobility.treasury")
    (gain,) = find(events, "okc.influence")
    assert gain.data["why"] == "autumn:nobility.treasury" and gain.data["amount"] == 2


def test_p33_a_day_commands_effects_name_its_card_and_the_clash_region():
    from tests.okc.helpers import spring_actions, to_summer
    state = game(2)
    g = data(state)
    spring_actions(state, {"p1": {"highlands": "nobility.ruse"}, "p2": {}},
                   hands={"p1": ["nobility.c9", "nobility.c8", "nobility.c6"]})
    to_summer(state)
    do(state, "p1", "command card:nobility.ruse")
    assert g.choice is not None and g.choice.kind == "ambush"
    assert g.choice.ctx == {"region": "highlands", "card": "nobility.ruse", "source": "day:nobility.ruse"}


def test_p47_drawing_past_an_empty_deck_reshuffles_then_discards_down_and_stops_when_nothing_is_left():
    from engine.okc.deck import attrition, draw, draw_up
    state = game(2)
    g = data(state)
    g.jobs = []
    p = g.players["p1"]
    p.hand_size, p.hand, p.deck, p.discard = 4, ["nobility.c8"] * 4, [], ["nobility.c6", "nobility.c7"]
    assert draw(state, "p1", 3) == 2                            # both cards, then nothing left to shuffle
    assert p.hand_size == 3 and len(p.hand) == 6 and p.deck == [] and p.discard == []
    (job,) = _attrition(g, "p1")
    assert job.steps == [{"do": "discard", "amount": 3}]
    lowered = [e for e in state.take_events() if e.kind == "okc.attrition"]
    assert [e.data["lowered"] for e in lowered] == [True]
    assert not attrition(state, "p1")                           # an empty discard pile: no Attrition
    p.hand = []
    draw_up(state, "p1")
    assert p.hand == [] and p.hand_size == 3


def test_p33_a_command_in_the_spring_action_step_is_refused_naming_the_pass():
    from tests.okc.helpers import refused, spring_actions
    state = game(2)
    spring_actions(state, {"p1": {}, "p2": {}}, hands={"p1": ["nobility.treasury"]})
    err = refused(state, "p1", "command card:nobility.treasury", "phase")
    assert err.legal == "pass"
