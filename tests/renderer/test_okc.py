"""OKC boards: Regions, Heralds, Supporters, cards, the Favour, Councils and the private board."""

from __future__ import annotations

from renderer import render
from renderer.okc import build_scene
from tests.renderer.okc_fixture import private_view, public_view


def test_regions_locations_and_clash_markers() -> None:
    scene = build_scene(public_view(), None)
    assert [i.where for i in scene.find("region")] == ["Highlands", "Plateau", "Lowlands"]
    assert scene.count("location") == 6
    assert {i.where: i.text for i in scene.find("clash")} == {"Highlands": "II", "Plateau": "I", "Lowlands": "III"}
    assert scene.one("clash_now").where == "Plateau"


def test_heralds_supporters_and_favour() -> None:
    scene = build_scene(public_view(), None)
    assert sorted((i.where, i.who) for i in scene.find("herald")) == [
        ("Castle", "bea"), ("Castle", "cy"), ("Wilderness", "al")]
    assert {(i.where, i.who): i.info["count"] for i in scene.find("supporters")} == {
        ("Highlands", "al"): 2, ("Plateau", "bea"): 1, ("Plateau", "cy"): 3}
    favour = scene.find("favour")
    assert len(favour) == 1 and favour[0].where == "Harvest Field" and favour[0].text == "III"


def test_cards_beside_regions_face_down_or_active() -> None:
    scene = build_scene(public_view(), None)
    high = scene.find("region_card", where="Highlands")
    assert sorted(i.who for i in high) == ["al", "bea", "bea"] and all(i.info["face_down"] for i in high)
    assert all(i.text == "?" for i in high)
    active = scene.one("region_card", where="Plateau", who="al")
    assert active.info == {"face_down": False, "name": "Clan Captain", "strength": 7}
    assert scene.one("region_card", where="Lowlands", who="cy").info["face_down"]


def test_great_road_councils_order_and_scores() -> None:
    scene = build_scene(public_view(), None)
    assert [i.info["name"] for i in scene.find("great_road_card")] == ["Water Mill", "Library", "War Forge"]
    assert scene.count("great_road_empty") == 1
    assert scene.one("kingdom_deck").info["count"] == 23
    assert {(i.where, i.who): i.info["votes"] for i in scene.find("council_votes")} == {
        ("Council of Relics", "al"): 3, ("Council of Oaths", "bea"): 1, ("Council of Oaths", "cy"): 2}
    assert [i.who for i in scene.find("order")] == ["bea", "al", "cy"]
    assert {i.who: i.info["value"] for i in scene.find("influence")} == {"al": 7, "bea": 9, "cy": 4}
    assert {i.who: i.info["value"] for i in scene.find("lore")} == {"al": 1, "bea": 0, "cy": 2}
    assert scene.one("round").info["round"] == 2
    assert scene.one("season_slot", current=True).info["season"] == "summer"
    assert {i.who for i in scene.find("legend")} == {"al", "bea", "cy"}


def test_wild_kingdom_pieces_are_listed_and_stand_on_their_locations() -> None:
    view = public_view()
    view["modules"] = ["travelling_town", "legendary_creatures"]
    view["travelling_town"] = {"location": "castle", "cards": 3}
    view["legendary_creatures"] = {"creatures": [{"name": "Grey Wyrm", "location": "shrine"},
                                                 {"name": "Old Stag", "location": "castle"}]}
    scene = build_scene(view, None)
    assert [i.info["module"] for i in scene.find("wild")] == ["legendary_creatures", "travelling_town"]
    pieces = {(i.where, i.info["piece"]): i.text for i in scene.find("wild_piece")}
    assert pieces == {("Castle", "travelling_town"): "TT", ("Shrine", "Grey Wyrm"): "GW",
                      ("Castle", "Old Stag"): "OS"}


def test_private_board() -> None:
    scene = build_scene(private_view("al"), "al")
    assert [i.info["name"] for i in scene.find("hand_card")] == ["The Heir", "Scout", "Battering Ram", "Trader"]
    assert scene.texts("facedown") == ["Highlands: Wolf Rider (4)"]
    assert [i.info["name"] for i in scene.find("site_card")] == ["Champion", "Headquarters"]
    assert [(i.info["name"], i.info["exhausted"]) for i in scene.find("tactic")] == [
        ("Tactic 1", False), ("Tactic 2", True), ("Tactic 3", False), ("Tactic 4", False)]
    keep = scene.one("kingdom_card", name="Old Keep")
    assert keep.info["occupant"] == "Gate Guard" and "Gate Guard" in keep.text
    assert scene.one("stat", stat="lore").info["value"] == 1


def test_public_board_ignores_the_private_part() -> None:
    assert render("okc", private_view("al"), None) == render("okc", public_view(), None)


def test_a_pending_effect_choice_names_the_seat_not_the_options() -> None:
    view = public_view()
    view["choice"] = {"seat": "cy", "kind": "discard", "prompt": "discard 1 card", "count": 1, "optional": False}
    scene = build_scene(view, None)
    assert scene.one("secret_progress").text == "cy to choose: discard 1 card"


def test_private_board_shows_cards_being_laid_and_the_tie_card() -> None:
    view = private_view("al")
    view["private"]["placing"] = {"lowlands": view["private"]["hand"][1]}
    view["private"]["tie_card"] = view["private"]["hand"][0]
    lines = build_scene(view, "al").texts("facedown")
    assert "Lowlands (laid, not yet revealed): Scout (1)" in lines
    assert "tie card: The Heir (10)" in lines


def test_public_kingdom_cards_with_public_occupants() -> None:
    view = public_view()
    view["players"]["al"]["kingdom"][1]["occupant"] = {"id": "clans.guard", "name": "Gate Guard", "strength": 3}
    scene = build_scene(view, None)
    line = scene.one("player_kingdom", who="al")
    assert line.text == "Toll Bridge, Old Keep (Gate Guard)" and line.info["count"] == 2


def test_who_has_laid_secret_cards_is_public_not_what() -> None:
    view = public_view()
    view["step"] = "tie"
    view["region_cards"] = {"key": "tie-2", "awaiting": ["al", "bea"], "submitted": ["bea"]}
    assert build_scene(view, None).one("secret_progress").text == "tie-break cards laid: bea"
    view["step"] = "bid"
    view["bids"]["submitted"] = ["al", "cy"]
    assert build_scene(view, None).one("secret_progress").text == "bids laid: al, cy"


def test_clash_tally_and_ties() -> None:
    view = public_view()
    view["clash"] = {"region": "plateau", "stage": "tie", "tally": {"al": 9, "bea": 9, "cy": 4},
                     "tied": ["al", "bea"], "first": True, "bonus": {}}
    tallies = {i.who: (i.text, i.info["tied"]) for i in build_scene(view, None).find("tally", where="Plateau")}
    assert tallies == {"al": ("9 tie", True), "bea": ("9 tie", True), "cy": ("4", False)}
