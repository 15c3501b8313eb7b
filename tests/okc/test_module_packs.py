"""Module content packs (content/modules.py) whole: every field of a Boon read back, every mistake of a bad
pack refused with its file, field and reason spelled out, each range edge on both sides, the module-only
step kinds, Kingdom and Faction cards a module brings, and a pack file that is missing or not JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.okc.content.modules import (
    Boon,
    ModulePack,
    load_module_pack,
    load_module_pack_from,
    read_module_pack,
)
from engine.okc.content.schema import ContentError

FILE = "m/content.json"
GAIN = {"do": "gain", "what": "lore", "amount": 1}
WIN = {"id": "b1", "name": "Bright Boon", "kind": "win", "steps": [GAIN]}
CARD = {"id": "x.scout", "name": "Sky Scout", "kind": "basic", "strength": 2}
KEPT = {"id": "k.x_beacon", "name": "Beacon", "suit": "books", "kind": "keep", "votes": 1}


def boon(**fields: Any) -> Boon:
    return read_module_pack(FILE, {"id": "x", "boons": [fields]}).boons[str(fields.get("id"))]


def refusal(data: Any, file: str = FILE) -> str:
    with pytest.raises(ContentError) as info:
        read_module_pack(file, data)
    return str(info.value)


def bad_boon(**fields: Any) -> str:
    return refusal({"id": "x", "boons": [WIN, fields]})


# -- a Boon read back ---------------------------------------------------------------------------------
def test_an_if_you_win_boon_keeps_every_field_and_writes_its_text() -> None:
    assert boon(**WIN) == Boon("b1", "Bright Boon", "win", steps=({"do": "gain", "what": "lore", "amount": 1},),
                               text="If you win: gain 1 Lore")


def test_an_empowering_boon_keeps_strength_keywords_and_after_clash_steps() -> None:
    b = boon(id="b2", name="Iron Boon", kind="empower", strength=2, keywords=["flank", "resilient"],
             after_clash=[{"do": "retain"}])
    assert b == Boon("b2", "Iron Boon", "empower", (), 2, ("flank", "resilient"), ({"do": "retain"},),
                     "+2 Strength. Flank. Resilient. After the clash: this card stays Active through Winter")


@pytest.mark.parametrize(("fields", "text"), [
    ({"strength": -1}, "-1 Strength"),
    ({"keywords": ["pathfinder"]}, "Pathfinder"),
    ({"after_clash": [{"do": "draw", "amount": 1}]}, "After the clash: draw 1 card"),
])
def test_an_empowering_boon_needs_only_one_of_its_three_gifts(fields: dict[str, Any], text: str) -> None:
    b = boon(id="b3", name="Small Boon", kind="empower", **fields)
    assert b.text == text and b.steps == ()


def test_a_boons_own_text_wins_over_the_written_one_and_an_empty_text_is_written() -> None:
    assert boon(**WIN, text="Take heart.").text == "Take heart."
    assert boon(**WIN, text="").text == "If you win: gain 1 Lore"


def test_boons_may_use_module_steps_clash_steps_and_steps_of_their_source_card() -> None:
    b = boon(id="b4", name="Tower Boon", kind="win", steps=[
        {"do": "visit_tower"}, {"do": "road_gain"}, {"do": "steal_kingdom"}, {"do": "claim_reward"},
        {"do": "strength", "amount": 1}, {"do": "eliminate"}])
    assert [s["do"] for s in b.steps] == ["visit_tower", "road_gain", "steal_kingdom", "claim_reward", "strength",
                                          "eliminate"]
    assert b.steps[3] == {"do": "claim_reward", "where": "any"}
    after = boon(id="b5", name="After Boon", kind="empower", after_clash=[
        {"do": "grant", "keyword": "deadly"}, {"do": "visit_tower"}, {"do": "place_on_map", "effect": "reward",
                                                                      "amount": 1}])
    assert after.after_clash == ({"do": "grant", "keyword": "deadly"}, {"do": "visit_tower"},
                                 {"do": "place_on_map", "effect": "reward", "amount": 1})


def test_the_strength_of_a_boon_runs_from_minus_5_to_15() -> None:
    assert boon(id="b6", name="Low", kind="empower", strength=-5).strength == -5
    assert boon(id="b7", name="High", kind="empower", strength=15).strength == 15
    assert bad_boon(id="b8", name="Lower", kind="empower", strength=-6) == (
        "m/content.json: boons[1].strength: -6 is out of range -5..15")
    assert bad_boon(id="b8", name="Higher", kind="empower", strength=16) == (
        "m/content.json: boons[1].strength: 16 is out of range -5..15")


# -- a bad Boon -----------------------------------------------------------------------------------------
def test_a_boon_with_a_field_nobody_reads_is_refused_listing_the_known_ones() -> None:
    assert bad_boon(**{**WIN, "id": "b9", "colour": "red"}) == (
        "m/content.json: boons[1].colour: unknown field "
        "(known: id, name, kind, steps, strength, keywords, after_clash, text)")


def test_a_boons_kind_is_required_and_is_win_or_empower() -> None:
    assert bad_boon(id="b9", name="N", steps=[GAIN]) == "m/content.json: boons[1].kind: missing required field"
    assert bad_boon(id="b9", name="N", kind="curse", steps=[GAIN]) == (
        "m/content.json: boons[1].kind: unknown value 'curse' (known: win, empower)")


def test_a_boon_needs_an_id_and_a_name() -> None:
    assert bad_boon(name="N", kind="win", steps=[GAIN]) == "m/content.json: boons[1].id: missing required field"
    assert bad_boon(id="b9", kind="win", steps=[GAIN]) == "m/content.json: boons[1].name: missing required field"


def test_a_boons_keyword_must_be_a_trait_or_a_command() -> None:
    assert bad_boon(id="b9", name="N", kind="empower", keywords=["flank", "govern"]) == (
        "m/content.json: boons[1].keywords[1]: unknown value 'govern' "
        "(known: invulnerable, resilient, pathfinder, ambush, flank, deadly)")


def test_a_boons_steps_are_checked_step_by_step() -> None:
    assert bad_boon(id="b9", name="N", kind="win", steps=[GAIN, {"do": "fly"}]).startswith(
        "m/content.json: boons[1].steps[1].do: unknown value 'fly' (known: gain, ")
    assert bad_boon(id="b9", name="N", kind="empower", after_clash=[{"do": "draw"}]) == (
        "m/content.json: boons[1].after_clash[0].amount: missing required field of step 'draw'")


def test_an_if_you_win_boon_needs_steps() -> None:
    assert bad_boon(id="b9", name="N", kind="win") == "m/content.json: boons[1].steps: an If-you-win Boon needs steps"
    assert bad_boon(id="b9", name="N", kind="win", steps=[]) == (
        "m/content.json: boons[1].steps: an If-you-win Boon needs steps")


@pytest.mark.parametrize("extra", [{"strength": 1}, {"strength": -1}, {"keywords": ["ambush"]},
                                   {"after_clash": [{"do": "retain"}]}])
def test_an_if_you_win_boon_has_only_steps(extra: dict[str, Any]) -> None:
    assert bad_boon(**{**WIN, "id": "b9", **extra}) == "m/content.json: boons[1].kind: an If-you-win Boon has only steps"


def test_an_empowering_boon_with_steps_is_refused_even_with_a_gift() -> None:
    assert bad_boon(id="b9", name="N", kind="empower", strength=1, steps=[GAIN]) == (
        "m/content.json: boons[1].steps: an Empowering Boon gives strength, keywords or after_clash steps, not steps")


@pytest.mark.parametrize("nothing", [{}, {"strength": 0}, {"keywords": []}, {"after_clash": []}])
def test_an_empowering_boon_that_gives_nothing_is_refused(nothing: dict[str, Any]) -> None:
    assert bad_boon(id="b9", name="N", kind="empower", **nothing) == (
        "m/content.json: boons[1].kind: an Empowering Boon needs strength, keywords or after_clash steps")


def test_two_boons_with_one_id_are_refused() -> None:
    assert refusal({"id": "x", "boons": [WIN, {**WIN, "name": "Twin"}]}) == (
        "m/content.json: boons[1].id: duplicate Boon 'b1'")


# -- the pack --------------------------------------------------------------------------------------------
def test_an_empty_pack_has_only_its_id() -> None:
    assert read_module_pack(FILE, {"id": "x"}) == ModulePack("x")


def test_a_pack_needs_an_id_and_no_field_besides_its_four() -> None:
    assert refusal({"boons": []}) == "m/content.json: id: missing required field"
    assert refusal({"id": "x", "tiles": []}) == "m/content.json: tiles: unknown field (known: id, boons, kingdom, cards)"
    assert refusal([]) == "m/content.json: (top): expected an object, got list"


def test_a_pack_keeps_its_boons_in_order() -> None:
    pack = read_module_pack(FILE, {"id": "x", "boons": [WIN, {**WIN, "id": "b0"}]})
    assert list(pack.boons) == ["b1", "b0"] and pack.kingdom == {} and pack.cards == {}


def test_a_packs_kingdom_cards_may_use_the_module_steps() -> None:
    road = {"id": "k.x_road", "name": "Road", "suit": "coins", "kind": "instant", "on_gain": [{"do": "road_gain"}]}
    pack = read_module_pack(FILE, {"id": "x", "kingdom": [KEPT, road]})
    assert list(pack.kingdom) == ["k.x_beacon", "k.x_road"]
    assert pack.kingdom["k.x_road"].on_gain == ({"do": "road_gain"},) and pack.kingdom["k.x_beacon"].votes == 1
    assert refusal({"id": "x", "kingdom": [KEPT, KEPT]}) == "m/content.json: cards[1].id: duplicate Kingdom card 'k.x_beacon'"


def test_a_packs_faction_cards_are_read_by_the_faction_they_belong_to() -> None:
    pack = read_module_pack(FILE, {"id": "x", "cards": {
        "nobility": [CARD], "aeronauts": [{**CARD, "id": "x.kite", "name": "Kite"}]}})
    assert list(pack.cards) == ["x.kite", "x.scout"]   # factions in name order
    assert pack.cards["x.scout"].faction == "nobility" and pack.cards["x.kite"].faction == "aeronauts"
    assert pack.cards["x.scout"].strength == 2 and pack.cards["x.kite"].name == "Kite"


def test_a_faction_card_twice_in_a_pack_is_refused_even_under_two_factions() -> None:
    assert refusal({"id": "x", "cards": {"aeronauts": [CARD], "nobility": [CARD]}}) == (
        "m/content.json: cards.nobility[0].id: duplicate card 'x.scout'")
    assert refusal({"id": "x", "cards": {"aeronauts": [CARD, CARD]}}) == (
        "m/content.json: cards.aeronauts[1].id: duplicate card 'x.scout'")


def test_a_packs_cards_are_an_object_of_lists_by_faction() -> None:
    assert refusal({"id": "x", "cards": [CARD]}).startswith("m/content.json: cards: expected dict, got [")
    assert refusal({"id": "x", "cards": {"aeronauts": [{**CARD, "strength": 21}]}}) == (
        "m/content.json: cards.aeronauts[0].strength: 21 is out of range 0..20")


# -- the file ---------------------------------------------------------------------------------------------
def test_a_pack_file_is_read_and_its_mistakes_name_its_folder_and_file(tmp_path: Path) -> None:
    folder = tmp_path / "skyfair"
    folder.mkdir()
    path = folder / "content.json"
    path.write_text(json.dumps({"id": "skyfair", "boons": [WIN]}), encoding="utf-8")
    pack = load_module_pack_from(path)
    assert pack.id == "skyfair" and list(pack.boons) == ["b1"]
    path.write_text(json.dumps({"id": "skyfair", "boons": [{**WIN, "kind": "curse"}]}), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_module_pack_from(path)
    assert str(info.value) == "skyfair/content.json: boons[0].kind: unknown value 'curse' (known: win, empower)"
    assert (info.value.file, info.value.path) == ("skyfair/content.json", "boons[0].kind")


def test_a_missing_pack_file_and_broken_json_are_refused_with_the_line(tmp_path: Path) -> None:
    path = tmp_path / "content.json"
    with pytest.raises(ContentError) as info:
        load_module_pack_from(path)
    assert str(info.value) == "content.json: (file): missing module content file"
    path.write_text('{"id": "x",\n "boons": [\n}', encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_module_pack_from(path)
    assert (info.value.file, info.value.path) == ("content.json", "line 3")
    assert str(info.value) == "content.json: line 3: not valid JSON: Expecting value"


def test_every_shipped_module_pack_loads_under_its_own_id() -> None:
    for module in ("aeronauts", "legendary_creatures", "whispering_tower", "wild_kingdom_cards"):
        assert load_module_pack(module).id == module
