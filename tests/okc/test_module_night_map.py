"""Wild Kingdom Night Map: the Locations laid out anew; Regions and everything else unchanged."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.okc import RULES
from engine.okc.board import travel
from tests.okc.helpers import data, do, game, pass_until, spring_actions

LAYOUT = "shrine,castle,necropolis,wilderness,harvest_field,battlefield"


def test_predetermined_layout() -> None:
    state = game(2, modules="night_map", night_map=LAYOUT)
    g = data(state)
    assert g.layout == {"highlands": ["shrine", "castle"], "plateau": ["necropolis", "wilderness"],
                        "lowlands": ["harvest_field", "battlefield"]}
    view = RULES.view(state, None)
    assert [loc["id"] for loc in view["regions"][2]["locations"]] == ["harvest_field", "battlefield"]
    assert view["regions"][2]["locations"][0]["favour"] is True
    # Travel follows the new layout: Castle (top right) -> Necropolis (middle left).
    assert travel(g, "castle") == "necropolis"


def test_random_layout_is_drawn_from_the_bag() -> None:
    state = game(3, modules="night_map")
    g = data(state)
    placed = [loc for r in g.regions for loc in g.layout[r.id]]
    assert sorted(placed) == sorted(["wilderness", "castle", "battlefield", "harvest_field", "necropolis", "shrine"])
    assert all(len(v) == 2 for v in g.layout.values())


def test_claims_use_the_region_s_new_locations() -> None:
    state = game(2, modules="night_map", night_map=LAYOUT)
    spring_actions(state, {"p1": {"highlands": "nobility.c9"}})
    pass_until(state, "clash_order")
    do(state, "p2", "order regions:highlands,plateau,lowlands")
    pass_until(state, "claim")
    assert {a.get("location") for a in RULES.legal(state, "p1")} == {"shrine", "castle"}
    do(state, "p1", "claim location:shrine")


def test_bad_layout_is_refused() -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(["a", "b"], {"modules": "night_map", "night_map": "castle,castle"}, 1)
    assert info.value.code == "bad_option" and "Night Map" in info.value.section
