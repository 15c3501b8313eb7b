"""The scenario runner's own rules (docs/scenarios.md): setup kept consistent or refused, random
Retainers off, ``defaults_until`` failing when the game ends first, partial matching in view checks,
``expect_pending`` counts and ``error`` with several patterns."""

from typing import Any

import pytest

from engine.fief.setup import draw_retainer
from engine.scenario import Scenario, ScenarioError, ScenarioFailure

SEATS = ["alice", "bob", "carol"]   # families red, blue, green


def run(setup: dict[str, Any] | None = None, steps: list[Any] | None = None) -> Scenario:
    spec: dict[str, Any] = {"name": "runner test", "game": "fief", "seats": SEATS, "steps": steps or []}
    if setup is not None:
        spec["setup"] = setup
    sc = Scenario("runner", spec)
    sc.run()
    return sc


# -- setup overrides: kept consistent, or refused ----------------------------------------------
def test_units_placed_on_the_map_come_out_of_the_stockpile() -> None:
    sc = run({"cities.York.controller": "red",
              "cities.York.stacks.red": {"troops": ["knight", "knight", "men"], "bombards": 1, "building": 1}})
    stock = sc.state.data.families["red"].stockpile
    assert stock == {"knight": 6, "men": 11, "archer": 4, "bombard": 2, "trebuchet": 1}
    assert sc.state.data.families["blue"].stockpile["knight"] == 8


def test_units_taken_off_go_back_and_crossbowmen_are_not_counted() -> None:
    sc = run({"cities.York.stacks.red": {"troops": ["knight", "crossbow"]}})
    assert sc.state.data.families["red"].stockpile["knight"] == 7
    assert "crossbow" not in sc.state.data.families["red"].stockpile


def test_a_stockpile_the_scenario_sets_is_left_as_set() -> None:
    sc = run({"cities.York.stacks.red": {"troops": ["knight"]}, "families.red.stockpile.knight": 8})
    assert sc.state.data.families["red"].stockpile["knight"] == 8


def test_more_units_than_the_family_owns_is_refused_by_field() -> None:
    with pytest.raises(ScenarioError, match=r"families\.red\.stockpile\.archer: -1: more on the map"):
        run({"cities.York.stacks.red": {"troops": ["archer"] * 5}})


@pytest.mark.parametrize(("setup", "field"), [
    ({"nobles.william.city": "Atlantis"}, "nobles.william.city: no city 'Atlantis'"),
    ({"nobles.william.family": "blue"}, "nobles.william.family"),
    ({"cities.York.controller": "purple"}, "cities.York.controller: no family 'purple'"),
    ({"cities.York.stacks.red": {"troops": ["dragon"]}}, "cities.York.stacks.red.troops: no troop type 'dragon'"),
    ({"nobles.william.titles": ["lord:IV"], "nobles.walter.titles": ["lord:IV"]}, "nobles.william.titles: 'lord:IV'"),
    ({"nobles.walter.retainer": "sergeant-3"}, "serves"),
    ({"nobles.william.captor": "pirates"}, "nobles.william.captor"),
])
def test_an_inconsistent_setup_is_refused_naming_the_field(setup: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError, match="setup leaves the state inconsistent") as err:
        run(setup)
    assert field in str(err.value)


def test_a_retainer_given_to_a_noble_leaves_the_deck() -> None:
    sc = run({"nobles.william.retainer": "physician-1"})
    assert "physician-1" not in sc.state.data.retainer_deck


def test_random_retainers_off() -> None:
    sc = run({"retainers": False})
    g = sc.state.data
    assert all(n.retainer is None for n in g.nobles.values())
    assert len(g.retainer_deck) == 23 and g.retainer_deck == sorted(g.retainer_deck)
    draw_retainer(sc.state, g, "william")      # a noble placed later draws none either
    assert g.nobles["william"].retainer is None and len(g.retainer_deck) == 23


def test_okc_setup_is_validated_too() -> None:
    spec = {"name": "okc", "game": "okc", "seats": ["a", "b"], "setup": {"players.a.lore": -2}, "steps": []}
    with pytest.raises(ScenarioError, match=r"players\.a\.lore: -2 is below zero"):
        Scenario("okc", spec).run()


# -- steps -------------------------------------------------------------------------------------
def test_defaults_until_fails_when_the_game_ends_first() -> None:
    with pytest.raises(ScenarioFailure, match="the game ended .* before a phase containing 'Phase 4'"):
        run({"flow.over": True, "flow.winners": ["alice"], "flow.reason": "test"},
            [{"defaults_until": "Phase 4"}])


def test_defaults_until_reaches_the_phase() -> None:
    sc = run(None, [{"defaults_until": "Phase 2"}])
    assert "Phase 2" in sc.rules.phase(sc.state)


def test_partial_matching_in_view_checks() -> None:
    run(None, [{"expect": [
        {"path": "nobles.william", "matches": {"family": "red", "retainer": {"id": "sergeant-3"}}},
        {"path": "families.red.nobles", "matches": ["lucia"]},
        {"path": "cities.York", "matches": {"relic": {"face_down": True}, "troops": {}}},
    ]}])
    with pytest.raises(ScenarioFailure, match="expected matches"):
        run(None, [{"expect": {"path": "nobles.william", "matches": {"family": "blue"}}}])
    with pytest.raises(ScenarioFailure, match="expected matches"):
        run(None, [{"expect": {"path": "families.red.nobles", "matches": ["lucia", "lucia"]}}])


def test_contains_an_object_matches_an_item_partially() -> None:
    run(None, [{"defaults_until": "Phase 2",
                "expect": [{"path": "order", "contains": "red"},
                           {"path": "order", "not_contains": {"no": "such"}}]}])
    events_view = [{"kind": "x", "data": {"a": 1, "b": 2}}]
    from engine.scenario import compare
    assert compare("contains", events_view, {"data": {"a": 1}})
    assert not compare("contains", events_view, {"data": {"a": 2}})
    assert compare("not_contains", events_view, {"kind": "y"})


def test_expect_pending_counts_decisions() -> None:
    run(None, [{"expect_pending": {"seats": ["alice"], "count": 1}},
               {"expect_pending": {"seats": ["bob"], "count": 0}},
               {"expect_pending": {"info": {"family": "red"}}}])
    with pytest.raises(ScenarioFailure, match="x2"):
        run(None, [{"expect_pending": {"seats": ["alice"], "count": 2}}])
    with pytest.raises(ScenarioFailure, match="no pending decision"):
        run(None, [{"expect_pending": {"info": {"family": "blue"}}}])


def test_error_accepts_several_patterns() -> None:
    run(None, [{"as": "bob", "do": "done", "error": ["no such words", "13.6", "nothing to decide"]}])
    with pytest.raises(ScenarioFailure, match="expected refusal '9.9' or 'zzz'"):
        run(None, [{"as": "bob", "do": "done", "error": ["9.9", "zzz"]}])
