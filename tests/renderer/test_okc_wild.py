"""The Wild Kingdom on the OKC boards: the Travelling Town card and its two spaces, the Influence it left on
Locations, the Whispering Tower's levels (face down), Boons on cards (face down until revealed), Allies on
the board, and on the private board the seat's own Boons and Allies."""

from __future__ import annotations

import copy
from typing import Any

from renderer.okc import build_scene
from tests.renderer.okc_fixture import faction_card, kingdom, placed, private_view, public_view


def wild_view() -> dict[str, Any]:
    view = public_view()
    view["modules"] = ["travelling_town", "whispering_tower"]
    view["travelling_town"] = {
        "name": "Travelling Town", "location": "castle", "influence": 3, "left": {"shrine": 2},
        "spaces": [{**kingdom("k.mill", "Water Mill", "coins"), "owner": "bea"}, None]}
    view["whispering_tower"] = {
        "name": "Whispering Tower", "location": "battlefield", "stack": 9, "discard": 2,
        "levels": {"entrance": 1, "labyrinth": 2, "pinnacle": 3}, "boons": {"al": 2, "bea": 0, "cy": 1}}
    highlands, plateau = view["regions"][0], view["regions"][1]
    highlands["cards"]["al"] = [{"face_up": False, "ally": True, "boons": 1}]
    plateau["cards"]["bea"] = [{**placed(faction_card("clans.wolf", "Wolf Rider", 4)), "ally": True,
                                "boons": [{"id": "wt.voice", "name": "Rising Voice", "kind": "empower",
                                           "text": "+3 Strength"}]}]
    return view


def test_the_town_card_its_two_spaces_and_the_influence_it_left() -> None:
    scene = build_scene(wild_view(), None)
    assert scene.one("town_card").info["influence"] == 3
    kept = scene.one("town_space", empty=False)
    assert kept.info["name"] == "Water Mill" and kept.info["owner"] == "bea" and kept.who == "bea"
    assert scene.one("town_space", empty=True).info["slot"] == 1
    assert scene.one("town_marker").where == "Travelling Town"
    assert scene.one("town_influence").where == "Shrine" and scene.one("town_influence").text == "+2"
    assert scene.one("wild_piece", piece="Travelling Town").where == "Castle"


def test_a_card_kept_at_the_town_says_so() -> None:
    view = private_view("al")
    view["players"]["al"]["kingdom"].append({**kingdom("k.mill", "Water Mill", "coins"), "occupied": True,
                                             "custodians": True, "occupant": None})
    public = build_scene(view, None)
    assert "Water Mill (at the Town)" in public.one("player_kingdom", who="al").text
    assert "kept at the Travelling Town" in build_scene(view, "al").one("kingdom_card", name="Water Mill").text


def test_the_tower_levels_are_face_down_and_the_boons_held_are_counted() -> None:
    scene = build_scene(wild_view(), None)
    assert {lv: scene.count("tower_boon", level=lv, face_down=True) for lv in ("entrance", "labyrinth", "pinnacle")} \
        == {"entrance": 1, "labyrinth": 2, "pinnacle": 3}
    assert scene.one("tower_piles").text == "stack 9 · discard 2"
    assert {i.info["count"] for i in scene.find("boons_held")} == {2, 0, 1}
    assert scene.one("wild_piece", piece="Whispering Tower").where == "Battlefield"
    assert "on the Battlefield" in scene.one("wild", module="whispering_tower").text


def test_boons_on_cards_and_allies_beside_the_regions() -> None:
    scene = build_scene(wild_view(), None)
    hidden = scene.one("region_card", where="Highlands", who="al")
    assert hidden.info == {"face_down": True, "ally": True} and "Ally" in hidden.text
    assert scene.one("boon_badge", where="Highlands", who="al").info["boons"] == 1
    shown = scene.one("region_card", where="Plateau", who="bea")
    assert shown.info["ally"] and shown.info["boons"] == ["Rising Voice"]
    assert scene.one("ally_badge").where == "Plateau"
    assert "ally" not in scene.one("region_card", where="Plateau", who="al").info


def test_the_private_board_shows_the_seats_boons_and_allies() -> None:
    view = copy.deepcopy(private_view("al"))
    wild = wild_view()
    for key in ("modules", "travelling_town", "whispering_tower", "regions"):
        view[key] = wild[key]
    view["private"]["facedown"] = {"highlands": [faction_card("nobility.f4", "Reeve", 4)]}
    view["private"]["hand"][3]["ally"] = True
    view["private"]["boons"] = [{"id": "wt.coin", "name": "Echo of Coin", "kind": "win",
                                 "text": "If you win: gain 2 Influence"},
                                {"id": "wt.lamp", "name": "Lamp of Lore", "kind": "win", "text": "If you win: gain 2 Lore"}]
    view["private"]["whispering_tower"] = {"boons": view["private"]["boons"], "facedown": {
        "highlands": [[{"id": "wt.oath", "name": "Oath of Iron", "kind": "empower", "text": "+8 Strength"}]]}}
    view["private"]["allies"] = {"hand": [faction_card("clans.trader", "Trader", 0)],
                                 "deck": [faction_card("nobility.f2", "Squire", 2)], "discard": []}
    scene = build_scene(view, "al")
    assert [i.info["name"] for i in scene.find("boon")] == ["Echo of Coin", "Lamp of Lore"]
    assert "gain 2 Influence" in scene.one("boon", name="Echo of Coin").text.replace("\n", " ")
    assert scene.texts("facedown") == ["Highlands: Reeve (4) (Ally), with the Boon Oath of Iron"]
    assert "Ally" in scene.one("hand_card", name="Trader").text
    assert scene.texts("ally") == ["in your hand: Trader", "in your deck: Squire"]


def test_alliances_agreements_and_trade_agreement_cards_are_public_facts() -> None:
    view = public_view()
    view["modules"] = ["negotiating_table"]
    view["negotiating_table"] = {
        "name": "Negotiating Table", "open": False, "done": [], "offers": [], "alliances": [["al", "bea"]],
        "cards": {"al": [{"with": "bea", "side": "alliance"}, {"with": None, "side": "agreement"}],
                  "bea": [{"with": "al", "side": "alliance"}], "cy": [{"with": None, "side": "agreement"}] * 3},
        "agreements": [{"agreement": 2, "parties": ["bea", "cy"], "terms": [{"party": "bea"}], "text": "peace",
                        "fulfil": [], "cancel": [], "claim": {"by": "cy", "against": "bea", "voted": []}}]}
    scene = build_scene(view, None)
    assert "each Spring after the bids" in scene.one("wild", module="negotiating_table").text
    assert scene.one("alliances").text == "Alliances: al & bea"
    assert scene.one("agreement").text == "Agreement 2: bea & cy (1 term, words, breach claimed by cy)"
    assert scene.one("agreement_cards").text == "Trade Agreement cards: al 2, bea 1, cy 3"
