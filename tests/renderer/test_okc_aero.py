"""The Aeronauts and the Legendary Creatures on the OKC board: the Near & Far and each creature drawn on their
Locations, the panel's line with the Aeronaut Deck's size, the ship's owner, where each creature stands and
whose card still waits in the Supply (names the board shows, never ids)."""

from __future__ import annotations

from typing import Any

from renderer.okc import build_scene
from tests.renderer.okc_fixture import public_view


def aero_view(owner: str | None = None) -> dict[str, Any]:
    view = public_view()
    view["modules"] = ["aeronauts", "legendary_creatures"]
    view["aeronauts"] = {"name": "Near & Far", "location": None if owner else "castle", "deck": 0 if owner else 2,
                         "owner": owner, "ship": "lowlands" if owner else None}
    view["legendary_creatures"] = {"creatures": {
        "al": {"name": "The Gilded Gryphon", "location": "shrine", "card": "lc.gryphon", "in_supply": True},
        "bea": {"name": "The Cairn Wyrm", "location": None, "card": "lc.wyrm", "in_supply": False}}}
    return view


def test_the_ship_and_a_creature_stand_on_their_locations() -> None:
    scene = build_scene(aero_view(), None)
    assert scene.one("wild_piece", piece="Near & Far").where == "Castle"
    assert scene.one("wild_piece", piece="The Gilded Gryphon").where == "Shrine"
    assert scene.count("wild_piece", piece="The Cairn Wyrm") == 0
    line = scene.one("wild", module="aeronauts").text
    assert "ship on the Castle, deck 2" in line
    rows = [i.text for i in scene.find("wild_more", module="legendary_creatures")]
    assert rows == ["al: The Gilded Gryphon, Shrine, card in the Supply", "bea: The Cairn Wyrm, home, card claimed"]


def test_a_claimed_ship_is_off_the_map_and_the_panel_says_whose_and_where() -> None:
    scene = build_scene(aero_view("bea"), None)
    assert scene.count("wild_piece", piece="Near & Far") == 0
    line = scene.one("wild", module="aeronauts").text
    assert "ship bea's (3 Strength), in the Lowlands" in line
