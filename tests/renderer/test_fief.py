"""Fief boards: every piece of the view is drawn where it belongs (asserted on the scene)."""

from __future__ import annotations

import copy

from renderer import render
from renderer.fief import build_scene
from renderer.fief.base import city_xy
from renderer.fief.mapdata import load
from tests.renderer.fief_fixture import private_view, public_view, stack


def near(item, city: str, reach: int = 90) -> bool:
    x, y = city_xy(city)
    return abs(item.x - x) <= reach and abs(item.y - y) <= reach + 20


def test_base_layer_has_the_whole_map() -> None:
    scene = build_scene(public_view(), None)
    m = load()
    assert {i.where for i in scene.find("city")} == set(m["cities"])
    assert set(scene.texts("city_name")) == set(m["cities"])
    assert scene.count("region") == 6 and scene.count("sea") == 6
    assert sorted(scene.texts("sea")) == sorted(["I", "II", "III", "IV", "V", "VI"])
    assert scene.count("road") == len(m["roads"])
    assert {i.info["to"] for i in scene.find("bandit_path")} == set(m["sherwood"]["cities"])
    assert {i.where for i in scene.find("port")} == {r["port"] for r in m["regions"].values()}
    assert {i.where for i in scene.find("cathedral")} == {"Exeter", "York", "Norwich", "Canterbury"}


def test_every_city_piece_is_drawn_at_its_city() -> None:
    view = public_view()
    scene = build_scene(view, None)
    for name, city in view["cities"].items():
        for fid, entry in city["troops"].items():
            stack = scene.one("troops", where=name, who=fid)
            assert stack.text == str(entry["count"]) and near(stack, name)
            assert stack.info["types"] is None  # face-down: no types on the public board
            assert not stack.info["revealed"]
        if city["building"]:
            b = scene.one("building", where=name)
            assert b.info["building"] == city["building"] and near(b, name)
        else:
            assert not scene.find("building", where=name)
        assert scene.count("mill", where=name) == (1 if city["mill"] else 0)
        if city["controller"]:
            assert scene.one("controller", where=name).who == city["controller"]
        assert sorted(i.info["noble"] for i in scene.find("noble", where=name)) == sorted(city["nobles"])
        assert sorted(i.info["noble"] for i in scene.find("captive", where=name)) == sorted(city["captives"])
        assert scene.count("invaders", where=name) == len(city["invaders"])


def test_names_sieges_invaders_relics_and_sherwood() -> None:
    scene = build_scene(public_view(), None)
    assert scene.one("noble", noble="henri").text == "Henri"
    siege = scene.one("siege", where="Oxford")
    assert siege.who == "red" and siege.info == {"trebuchets": 1, "building": 1}
    assert {i.info["state"] for i in scene.find("trebuchet", where="Oxford")} == {"active", "building"}
    assert scene.one("troop_detail", where="Oxford", who="green").info["trebuchets"] == 1
    assert scene.one("troop_detail", where="London", who="red").text == "B1"
    army = scene.one("invaders", where="Durham")
    assert army.text == "5" and army.info["leader"]
    assert {i.where for i in scene.find("relic", face_down=True)} == {"Exeter", "York", "Canterbury"}
    assert scene.one("relic", where="Norwich").text == "Holy Grail"
    assert scene.one("captive", where="Sherwood").info["noble"] == "anabel"


def test_sea_cards_and_panel() -> None:
    scene = build_scene(public_view(), None)
    assert scene.one("sea_card", where="sea:II").info == {"card": "plague", "group": "disaster", "active": True}
    assert scene.one("sea_card", where="sea:IV").info["active"] is False
    tax = scene.one("sea_card", where="sea:VI")
    assert tax.who == "red" and "Tax" in tax.text
    assert scene.one("round").info["round"] == 3
    assert scene.one("phase").info["phase"] == 5
    assert scene.one("first_player").info["seat"] == "bob"
    assert [i.info["filled"] for i in scene.find("disaster_slot")] == [True, True, False]
    titles = {i.info["title"]: i.info["holder"] for i in scene.find("title_held")}
    assert titles["Queen (sovereign)"] == "Lucia"
    assert titles["Duchy of South East"] == "Henri"
    assert titles["Archbishop of York"] == "Hugh"
    assert {i.who: i.info["value"] for i in scene.find("vp")} == {"red": 1, "blue": 1, "green": 2}
    assert {i.who for i in scene.find("legend_mark")} == {"red", "blue", "green"}


def test_parliament_and_excalibur_when_the_view_has_them() -> None:
    view = public_view()
    view["parliament"] = {"side": "rebellion"}
    view["excalibur"] = {"city": "Winchester", "holder": None}
    scene = build_scene(view, None)
    assert scene.one("parliament").info["side"] == "rebellion"
    assert scene.one("excalibur").where == "Winchester"


def test_private_board_shows_own_troop_types_and_the_seat_panel() -> None:
    scene = build_scene(private_view("ann"), "ann")
    london = scene.one("troops", where="London", who="red")
    assert london.info["types"] == {"knight": 2, "men": 2, "archer": 1, "crossbow": 0}
    assert scene.one("troop_detail", where="London", who="red").text == "2K 2M 1A B1"
    assert scene.one("troops", where="Oxford", who="green").info["types"] is None  # not ours
    assert scene.one("shillings").info["value"] == 12
    assert [i.info["id"] for i in scene.find("hand_card")] == ["c1", "f3", "f9"]
    assert scene.one("own_noble", noble="henri").info["retainer"] == "Mata"
    assert scene.one("markers", who="red").info == {"treasures": 1, "pigeons": 2, "votes": 2}


def test_public_board_ignores_private_parts_of_a_view() -> None:
    """Defence in depth: a private view drawn as the public board gives the public image."""
    assert render("fief", private_view("ann"), None) == render("fief", public_view(), None)


def test_dict_order_of_the_view_does_not_change_the_image() -> None:
    view = public_view()
    shuffled = copy.deepcopy(view)
    shuffled["cities"] = dict(reversed(list(view["cities"].items())))
    shuffled["nobles"] = dict(reversed(list(view["nobles"].items())))
    assert render("fief", shuffled, None) == render("fief", view, None)


def test_captives_of_invaders_are_drawn_with_their_army() -> None:
    view = public_view()
    view["invaders"]["armies"]["a1"]["captives"] = ["estrid"]
    view["cities"]["Oxford"]["captives"] = []
    scene = build_scene(view, None)
    held = scene.one("captive", noble="estrid")
    assert held.where == "Durham" and held.info["captor"] == "invaders:a1"


def test_an_empty_board_and_a_finished_game_draw() -> None:
    view = public_view()
    for name, city in view["cities"].items():
        view["cities"][name] = {**city, "controller": None, "building": None, "mill": False, "troops": {},
                                "nobles": [], "captives": [], "siege": None, "invaders": [], "relic": None}
    view["result"] = {"winners": ["green"], "reason": "most VP"}
    scene = build_scene(view, None)
    assert not scene.find("troops") and not scene.find("building") and not scene.find("noble")
    assert scene.one("result").info["winners"] == ["green"]
    assert render("fief", view, None)[:4] == b"\x89PNG"


def test_pieces_in_the_outskirts_have_a_white_edge() -> None:
    view = public_view()
    view["cities"]["London"]["troops"]["red"]["outskirts"] = True
    view["nobles"]["alienor"]["outskirts"] = True
    scene = build_scene(view, None)
    assert scene.one("troops", where="London", who="red").outline == "#ffffff"
    assert scene.one("noble", noble="alienor").outline == "#ffffff"
    assert scene.one("noble", noble="henri").outline != "#ffffff"


def test_turn_order_is_shown_in_the_panel() -> None:
    scene = build_scene(public_view(), None)
    assert [i.who for i in scene.find("order")] == ["blue", "green", "red"]


def test_abbess_and_garter_titles_are_listed() -> None:
    view = public_view()
    view["nobles"]["alienor"]["titles"] = ["abbess:norwich_abbey", "garter"]
    titles = {(i.info["title"], i.info["holder"]) for i in build_scene(view, None).find("title_held")}
    assert ("Abbess (Norwich Abbey)", "Alienor") in titles and ("Order of the Garter", "Alienor") in titles


def test_open_requests_and_offers_are_listed_with_terms_only_for_the_parties() -> None:
    view = public_view()
    view["requests"] = [{"id": "r1", "what": "ransom", "by": "green", "to": "blue"}]
    view["offers"] = [{"offer": "o1", "by": "ann", "to": "bob"}]
    scene = build_scene(view, None)
    assert scene.one("request").text == "ransom: Green asks Blue"
    assert scene.one("offer").text == "pigeon: ann offers bob"
    mine = private_view("ann")
    mine["offers"] = [{"offer": "o1", "by": "ann", "to": "bob", "give": {"shillings": 3}, "take": {}, "note": ""}]
    assert build_scene(mine, "ann").one("offer").text == "pigeon: ann offers bob 3 shillings for nothing"


def test_a_stack_revealed_by_battle_shows_its_types_to_everyone() -> None:
    view = public_view()
    view["cities"]["Oxford"]["troops"]["green"].update(revealed=True,
                                                        types={"archer": 1, "knight": 2, "men": 1})
    scene = build_scene(view, None)
    stack = scene.one("troops", where="Oxford", who="green")
    assert stack.info["revealed"] and stack.info["types"] == {"archer": 1, "knight": 2, "men": 1}
    assert scene.one("troop_detail", where="Oxford", who="green").text == "2K 1M 1A T1"
    # an unrevealed stack whose view carried types anyway still hides them on the public board
    view["cities"]["Oxford"]["troops"]["red"]["types"] = {"knight": 3}
    assert build_scene(view, None).one("troops", where="Oxford", who="red").info["types"] is None


def test_every_item_of_the_map_stays_on_the_map() -> None:
    from renderer.fief.base import MAP_W, height

    view = public_view()
    view["seas"]["V"] = [{"card": "weather", "active": True, "by": "green", "tallage": "V", "tithe": "norwich"}] * 3
    view["cities"]["Plymouth"].update(troops={"red": stack(2), "blue": stack(1)}, captives=["estrid"])
    for item in build_scene(view, None).items:
        if item.where in ("panel", "legend", "symbols", "titles", "me", "hand") or item.kind == "panel":
            continue
        left, top, right, bottom = item.box()
        assert 0 <= left and right <= MAP_W and 0 <= top and bottom <= height(), item


def war_view() -> dict:
    view = public_view()
    view["step"] = "move"
    view["war"] = {
        "battle": {"city": "Oxford", "attacker": "red", "defender": "green", "kind": "battle", "round": 2,
                   "stage": "melee", "penalty": 1, "quiet": 0, "proposal": None, "armies": [], "mover": None,
                   "sides": {"red": {"troops": {"knight": 1, "men": 2}, "nobles": ["godfrey"], "strength": 4},
                             "green": {"troops": {"archer": 1, "knight": 2, "men": 1}, "nobles": [],
                                       "strength": 5}}},
        "moves": {"henri": 2}, "must_move": [], "battled_last_round": [], "battles_this_phase": ["Oxford"],
        "garrisons": {"a1": "Durham"}, "sherwood": {"william": 3},
        "royal_guard_lost": {"royal_knight": 1, "royal_men": 0}}
    view["nobles"]["william"] = {**view["nobles"]["hugh"], "name": "William", "city": None}
    return view


def test_a_battle_in_progress_is_ringed_and_detailed_in_the_panel() -> None:
    scene = build_scene(war_view(), None)
    ring = scene.one("battle")
    assert ring.where == "Oxford" and ring.info["attacker"] == "red" and ring.info["stage"] == "melee"
    sides = {i.info["role"]: i for i in scene.find("battle_side")}
    assert sides["attacker"].who == "red" and sides["attacker"].info["strength"] == 4
    assert sides["attacker"].text == "attacker: Red · SP 4 · 1K 2M · Godfrey"
    assert sides["defender"].text == "defender: Green · SP 5 · 2K 1M 1A"
    assert scene.one("battle_state").text == "round 2 · melee · walls -1 dice"
    assert scene.one("royal_guard_lost").text == "Royal Guard lost: 1RK"


def test_moves_garrisons_and_the_sherwood_camp() -> None:
    scene = build_scene(war_view(), None)
    assert scene.one("noble", noble="henri").text == "Henri ›2"
    assert scene.one("noble", noble="alienor").text == "Alienor"
    assert scene.one("invaders", where="Durham").info["garrison"]
    camp = scene.one("sherwood_noble")
    assert camp.text == "William +3K" and camp.who == "blue" and camp.info["knights"] == 3


def test_private_board_counts_cards_drawn_in_the_draw_step() -> None:
    view = private_view("ann")
    view["step"] = "draw"
    view["me"]["draws"] = {"taken": 1, "characters": 1, "limit": 2, "character_limit": 1}
    scene = build_scene(view, "ann")
    assert scene.one("draws").text == "cards drawn this phase: 1 of 2 (1 character)"
    assert not build_scene(private_view("ann"), "ann").find("draws")


def test_map_file_fallback_matches_the_engine_loader() -> None:
    """Without the Fief package the renderer reads map.json itself, into the same shape."""
    from renderer.fief.mapdata import MAP_FILE, _from_file

    mine, engine = _from_file(MAP_FILE), load()
    assert set(mine) >= {"canvas", "regions", "cities", "roads", "seas", "sherwood"}
    for name, city in engine["cities"].items():
        assert {k: mine["cities"][name][k] for k in ("region", "x", "y", "port", "cathedral")} == {
            k: city[k] for k in ("region", "x", "y", "port", "cathedral")}
        assert mine["cities"][name]["roads"] == city["roads"]
    for rid, region in engine["regions"].items():
        assert mine["regions"][rid]["number"] == region["number"] and mine["regions"][rid]["colour"] == region["colour"]
        assert sorted(mine["regions"][rid]["cities"]) == sorted(region["cities"])
    assert {k: v["label"] for k, v in mine["seas"].items()} == {k: v["label"] for k, v in engine["seas"].items()}
    assert mine["sherwood"]["cities"] == engine["sherwood"]["cities"]
