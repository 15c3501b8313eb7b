"""The Aeronauts' rules whole, step by step (Wild Kingdom: Aeronauts, Claiming the Near & Far): the Visit's
job, the resource (each answer), the Ally taken (a choice, a single card, an empty deck), the Tactic turned
back up, the ship claimed (from a Location or none), where and when it may fly, and each refusal of the ship
Action with its section, reason and what is legal."""

from __future__ import annotations

import pytest

from engine.core import Action, Event, GameState, RuleError
from engine.okc.modules.aeronauts import (
    NAME,
    PIECE,
    aero,
    can_fly,
    s_claim,
    s_gain,
    s_take,
    s_unexhaust,
    ship_targets,
)
from engine.okc.modules.shipped import MODULES
from engine.okc.state import Clash, Job
from tests.okc.helpers import data, game

CTX = {"source": NAME}
SHIP = MODULES[NAME]
SECTION = "Wild Kingdom: Claiming the Near & Far"


def aero_game() -> GameState:
    state = game(2, modules=NAME)
    data(state).jobs = []
    state.take_events()
    return state


def public(events: list[Event]) -> list[tuple[str, dict[str, object]]]:
    return [(e.kind, e.data) for e in events if e.to is None and not e.kind.startswith("random.")]


# -- the Visit --------------------------------------------------------------------------------------------
def test_a_visit_is_told_with_the_deck_size_and_queues_the_resource_then_the_ally_first() -> None:
    state = aero_game()
    g = data(state)
    aero(g)["deck"] = ["aero.corsair", "aero.gunner"]
    g.jobs = [Job("p1", [{"do": "draw", "amount": 1}])]
    SHIP.visit(state, "p2", PIECE)
    assert public(state.take_events()) == [("okc.aeronauts_visited", {"seat": "p2", "deck": 2})]
    assert g.jobs == [Job("p2", [{"do": "aero_gain"}, {"do": "aero_take"}], {"source": "aeronauts"}),
                      Job("p1", [{"do": "draw", "amount": 1}])]


def test_the_resource_is_asked_as_influence_or_lore() -> None:
    state = aero_game()
    g = data(state)
    step = {"do": "aero_gain"}
    s_gain(state, "p1", step, CTX, None)
    assert g.choice is not None
    assert (g.choice.seat, g.choice.kind, g.choice.prompt, g.choice.options, g.choice.step, g.choice.ctx) == (
        "p1", "aero_gain", "gain 1 Influence or 1 Lore", ["influence", "lore"], step, CTX)


def test_the_resource_taken_adds_one_influence_to_what_is_held() -> None:
    state = aero_game()
    g = data(state)
    g.players["p1"].influence = 4
    s_gain(state, "p1", {"do": "aero_gain"}, CTX, "influence")
    assert g.players["p1"].influence == 5
    assert public(state.take_events()) == [
        ("okc.influence", {"seat": "p1", "amount": 1, "total": 5, "why": "aeronauts"})]


def test_the_resource_taken_as_lore_says_it_came_from_the_aeronauts() -> None:
    state = aero_game()
    g = data(state)
    g.players["p1"].lore = 2
    s_gain(state, "p1", {"do": "aero_gain"}, CTX, "lore")
    assert g.players["p1"].lore == 3 and g.players["p1"].influence == 0
    assert public(state.take_events()) == [("okc.lore", {"seat": "p1", "amount": 1, "total": 3, "why": "aeronauts"})]


# -- the Ally ----------------------------------------------------------------------------------------------
def test_two_aeronauts_are_shown_to_the_visitor_alone_and_asked_in_name_order() -> None:
    state = aero_game()
    g = data(state)
    aero(g)["deck"] = ["aero.rook", "aero.corsair"]
    step = {"do": "aero_take"}
    s_take(state, "p1", step, CTX, None)
    [seen] = state.take_events()
    assert (seen.kind, seen.to, seen.data) == (
        "okc.aeronauts_seen", ("p1",), {"seat": "p1", "cards": ["aero.corsair", "aero.rook"]})
    assert g.choice is not None
    assert (g.choice.kind, g.choice.prompt, g.choice.options, g.choice.step) == (
        "aero_take", "take which Aeronaut as an Ally", ["aero.corsair", "aero.rook"], step)
    assert aero(g)["deck"] == ["aero.rook", "aero.corsair"] and "aero.corsair" not in g.players["p1"].hand


def test_a_single_aeronaut_is_taken_without_asking() -> None:
    state = aero_game()
    g = data(state)
    aero(g)["deck"] = ["aero.gunner"]
    s_take(state, "p1", {"do": "aero_take"}, CTX, None)
    assert g.choice is None and aero(g)["deck"] == [] and g.players["p1"].hand[-1] == "aero.gunner"
    events = state.take_events()
    assert [(e.kind, e.to, e.data) for e in events if not e.kind.startswith("random.")] == [
        ("okc.aeronauts_seen", ("p1",), {"seat": "p1", "cards": ["aero.gunner"]}),
        ("okc.aeronaut_taken", None, {"seat": "p1", "left": 0}),
        ("okc.aeronaut_taken.card", ("p1",), {"seat": "p1", "card": "aero.gunner"})]


def test_the_chosen_aeronaut_joins_the_hand_and_the_rest_are_shuffled_back() -> None:
    state = aero_game()
    g = data(state)
    aero(g)["deck"] = ["aero.corsair", "aero.gunner", "aero.rook"]
    s_take(state, "p2", {"do": "aero_take"}, CTX, "aero.gunner")
    assert sorted(aero(g)["deck"]) == ["aero.corsair", "aero.rook"] and g.players["p2"].hand[-1] == "aero.gunner"
    events = state.take_events()
    assert [(e.kind, e.data) for e in events if e.kind == "random.shuffle"] == [
        ("random.shuffle", {"why": "aeronaut deck", "size": 2})]
    assert public(events) == [("okc.aeronaut_taken", {"seat": "p2", "left": 2})]
    assert [(e.to, e.data) for e in events if e.kind == "okc.aeronaut_taken.card"] == [
        (("p2",), {"seat": "p2", "card": "aero.gunner"})]


def test_an_empty_deck_queues_the_tactic_then_the_claim_ahead_of_everything() -> None:
    state = aero_game()
    g = data(state)
    aero(g)["deck"] = []
    g.jobs = [Job("p2", [{"do": "draw", "amount": 1}])]
    s_take(state, "p1", {"do": "aero_take"}, CTX, None)
    assert g.jobs == [Job("p1", [{"do": "aero_unexhaust"}, {"do": "aero_claim"}], {"source": "aeronauts"}),
                      Job("p2", [{"do": "draw", "amount": 1}])]
    assert g.jobs[0].ctx is not CTX and state.take_events() == []


# -- the Tactic and the claim ----------------------------------------------------------------------------------
def test_an_exhausted_tactic_may_be_turned_back_up() -> None:
    state = aero_game()
    g = data(state)
    g.players["p1"].tactics = {"nobility.levy": True, "nobility.tithe": False, "nobility.muster": True}
    step = {"do": "aero_unexhaust"}
    s_unexhaust(state, "p1", step, CTX, None)
    assert g.choice is not None
    assert (g.choice.kind, g.choice.prompt, g.choice.options, g.choice.optional) == (
        "aero_unexhaust", "unexhaust a Tactic", ["nobility.levy", "nobility.muster", "done"], True)
    g.choice = None
    s_unexhaust(state, "p1", step, CTX, "nobility.muster")
    assert g.players["p1"].tactics == {"nobility.levy": True, "nobility.tithe": False, "nobility.muster": False}
    assert public(state.take_events()) == [("okc.unexhausted", {"seat": "p1", "tactic": "nobility.muster"})]


def test_with_no_exhausted_tactic_nothing_is_asked_and_a_fresh_one_is_not_flipped() -> None:
    state = aero_game()
    g = data(state)
    g.players["p1"].tactics = {"nobility.levy": False}
    s_unexhaust(state, "p1", {"do": "aero_unexhaust"}, CTX, None)
    assert g.choice is None
    s_unexhaust(state, "p1", {"do": "aero_unexhaust"}, CTX, "nobility.levy")
    assert g.players["p1"].tactics == {"nobility.levy": False} and state.take_events() == []


def test_the_ship_is_claimed_from_its_location_or_from_nowhere() -> None:
    state = aero_game()
    g = data(state)
    g.pieces[PIECE] = "shrine"
    s_claim(state, "p2", {"do": "aero_claim"}, CTX, None)
    assert (aero(g)["owner"], aero(g)["ship"]) == ("p2", "board") and PIECE not in g.pieces
    assert public(state.take_events()) == [("okc.ship_claimed", {"seat": "p2", "location": "shrine"})]
    s_claim(state, "p1", {"do": "aero_claim"}, CTX, None)
    assert public(state.take_events()) == [("okc.ship_claimed", {"seat": "p1", "location": None})]


# -- where and when it flies --------------------------------------------------------------------------------------
def test_the_ship_goes_to_unresolved_regions_and_in_the_day_step_only_to_the_one_clashing() -> None:
    state = aero_game()
    g = data(state)
    g.regions[0].resolved = True
    g.step, g.clash = "spring_actions", None
    assert ship_targets(g) == ["plateau", "lowlands"]
    g.clash = Clash("lowlands")
    assert ship_targets(g) == ["plateau", "lowlands"]
    g.step = "day"
    assert ship_targets(g) == ["lowlands"]
    g.clash = None
    assert ship_targets(g) == ["plateau", "lowlands"]


def _ready(state: GameState, step: str = "spring_actions") -> None:
    g = data(state)
    aero(g).update(deck=[], owner="p1", ship="board")
    g.step, g.turn_queue, g.choice = step, ["p1", "p2"], None
    if step == "day":
        g.clash = Clash("plateau")


def test_the_ship_flies_on_its_owners_turn_in_spring_or_day_actions() -> None:
    for step in ("spring_actions", "day"):
        state = aero_game()
        _ready(state, step)
        assert can_fly(data(state), "p1") and not can_fly(data(state), "p2")
    state = aero_game()
    _ready(state, "night")
    assert not can_fly(data(state), "p1")


def refusal(state: GameState, action: Action) -> RuleError:
    with pytest.raises(RuleError) as info:
        SHIP.play(state, "p1", action)
    return info.value


def test_each_refusal_of_the_ship_names_its_section_reason_and_what_is_legal() -> None:
    state = aero_game()
    g = data(state)
    _ready(state)
    fly = Action.of("ship", region="plateau", count=0)
    aero(g)["owner"] = "p2"
    err = refusal(state, fly)
    assert (err.section, err.code, err.legal) == (SECTION, "not_yours", "deploy (your own Supporters)")
    assert err.message == "only the player who claimed the Near & Far places it"
    aero(g).update(owner="p1", ship="lowlands")
    err = refusal(state, fly)
    assert (err.section, err.code, err.legal) == (SECTION, "placed", "deploy (your other Supporters)")
    assert err.message == "the Near & Far is already in a Region this round; it comes home in Winter"
    aero(g)["ship"] = "board"
    g.turn_queue = ["p2", "p1"]
    err = refusal(state, fly)
    assert (err.section, err.code, err.legal) == (SECTION, "phase", "pass")
    assert err.message == "the ship is placed as an Action, on your turn in the Spring or Day Action Step"
    g.turn_queue = ["p1", "p2"]
    g.regions[1].resolved = True
    err = refusal(state, fly)
    assert (err.section, err.code, err.legal) == (SECTION, "region", ["highlands", "lowlands"])
    assert err.message == "Supporters go to an unresolved Region (in the Day step: the one clashing)"
    g.players["p1"].supporters = 2
    for count in (3, -1, "two"):
        err = refusal(state, Action.of("ship", region="lowlands", count=count))
        assert (err.section, err.code, err.legal) == (SECTION, "count", [0, 1, 2])
        assert err.message == "you can send 0 to 2 Supporters with the ship"


def test_the_ship_joins_supporters_already_in_the_region_with_those_it_carries() -> None:
    state = aero_game()
    g = data(state)
    _ready(state)
    g.players["p1"].supporters = 3
    g.regions[2].supporters = {"p1": 2, "p2": 1}
    SHIP.play(state, "p1", Action.of("ship", region="lowlands", count=3))
    assert g.players["p1"].supporters == 0 and g.regions[2].supporters == {"p1": 6, "p2": 1}
    assert aero(g)["ship"] == "lowlands"
    assert public(state.take_events()) == [("okc.ship_placed", {"seat": "p1", "region": "lowlands", "count": 3})]


# -- setup and the permuter -------------------------------------------------------------------------------------
def test_setup_shuffles_the_four_aeronauts_as_the_aeronaut_deck() -> None:
    from engine.okc import RULES

    _, events = RULES.new_game(["p1", "p2"], {"factions": "nobility,clans", "order": "seated", "modules": NAME}, 1)
    assert ("random.shuffle", {"why": "aeronaut deck", "size": 4}) in [(e.kind, e.data) for e in events]


def _hidden(state: GameState) -> None:
    g = data(state)
    g.players["p1"].hand = ["nobility.f1", "aero.gunner"]
    aero(g).update(deck=["aero.corsair", "aero.rook"], removed="aero.chartist")


def _held_after_permuting(state: GameState) -> set[str]:
    """The Aeronauts found in p1's hand after each of 16 permutations."""
    import random

    from engine.okc import RULES

    held = set()
    for seed in range(16):
        twin = RULES.copy(state)
        RULES.permute_hidden(twin, random.Random(seed))
        held.add(",".join(c for c in data(twin).players["p1"].hand if c.startswith("aero.")))
    return held


def test_the_permuter_trades_aeronauts_between_hand_deck_and_the_card_set_aside() -> None:
    from engine.okc.state import Choice

    state = aero_game()
    _hidden(state)
    assert len(_held_after_permuting(state)) > 1
    data(state).choice = Choice("p2", "town_card", "gain which Kingdom card", ["k.mint"])
    assert len(_held_after_permuting(state)) > 1


def test_the_permuter_leaves_the_aeronauts_alone_while_a_visit_or_a_hand_choice_is_open() -> None:
    from engine.okc.state import Choice

    for kind in ("aero_take", "aero_gain", "discard", "swap"):
        state = aero_game()
        _hidden(state)
        data(state).choice = Choice("p1", kind, "which", ["aero.gunner"])
        assert _held_after_permuting(state) == {"aero.gunner"}, kind


def test_an_aeronaut_named_in_an_open_secret_choice_keeps_its_place() -> None:
    from engine.core.secret import SecretChoices
    from engine.okc.modules.aeronauts import secret_cards

    state = aero_game()
    g = data(state)
    _hidden(state)
    assert secret_cards(g) == set()
    g.secret = SecretChoices("bid-1", ["p1", "p2"])
    assert secret_cards(g) == set()
    g.secret.submit(state, "p1", "aero.gunner")
    assert secret_cards(g) == {"aero.gunner"}
    assert _held_after_permuting(state) == {"aero.gunner"}
    g.secret = SecretChoices("regions-1", ["p1", "p2"])
    g.secret.submit(state, "p1", {"plateau": "aero.gunner", "lowlands": "nobility.f1"})
    g.players["p2"].hand.append("clans.f4")
    g.secret.submit(state, "p2", {"plateau": "clans.f4"})
    assert secret_cards(g) == {"aero.gunner", "nobility.f1", "clans.f4"}
    assert _held_after_permuting(state) == {"aero.gunner"}
