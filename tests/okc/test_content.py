"""Content packs: the starter pack's shape, and refusals of broken packs naming file and field."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine.okc.content.loader import PACKS, load_pack, load_pack_from
from engine.okc.content.schema import ContentError
from engine.okc.content.vocabulary import STEPS, describe


def test_starter_pack_shape() -> None:
    pack = load_pack("starter")
    assert sorted(pack.factions) == ["clans", "gathering", "nobility", "uprising"]
    for f in pack.factions.values():
        kinds = Counter(c.kind for c in f.cards)
        assert kinds["heir"] == 1 and kinds["basic"] == 13
        assert kinds["advanced"] + kinds["hq"] == 5
        assert all(c.cost is not None for c in f.cards if c.kind in ("advanced", "hq"))
        assert any(c.strength == 11 for c in f.cards if c.kind == "advanced"), "a strength-11 champion"
        assert len(f.tactics) == 4 and f.hand_size == 6
        assert next(c for c in f.cards if c.kind == "heir").strength == 10
    assert len(pack.kingdom) >= 45 and pack.deck_size == 30
    assert set(Counter(k.suit for k in pack.kingdom.values())) == {"coins", "books", "swords"}
    assert [r.id for r in pack.regions] == ["highlands", "plateau", "lowlands"]
    assert len(pack.locations) == 6 and len(pack.councils) == 3
    assert pack.favour.uses == 3 and pack.favour.location == "harvest_field"


def test_factions_differ() -> None:
    """Each faction has its own identity: different Site of Power cards and Tactics."""
    pack = load_pack("starter")
    tactic_steps = {fid: {s["do"] for t in f.tactics for s in t.steps} for fid, f in pack.factions.items()}
    assert len({frozenset(v) for v in tactic_steps.values()}) == 4
    assert "recover" in tactic_steps["gathering"] and "peek" in tactic_steps["uprising"]
    assert "recruit" in tactic_steps["clans"] and "govern" in tactic_steps["nobility"]


def test_every_step_kind_is_described() -> None:
    for kind in STEPS:
        assert describe([{"do": kind, "what": "lore", "amount": 1, "target": "self", "keyword": "flank"}])


def broken(tmp_path: Path, file: str, change) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(PACKS / "starter", folder)
    data = json.loads((folder / file).read_text())
    change(data)
    (folder / file).write_text(json.dumps(data))
    return folder


def refused(folder: Path, *words: str) -> str:
    with pytest.raises(ContentError) as info:
        load_pack_from(folder)
    text = str(info.value)
    for w in words:
        assert w in text, text
    return text


def test_unknown_keyword_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["cards"][6]["commands"][0]["keyword"] = "poison"
    refused(broken(tmp_path, "uprising.json", change), "uprising.json", "cards[6].commands[0].keyword", "poison")


def test_unknown_step_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["tactics"][0]["steps"][0]["do"] = "teleport"
    refused(broken(tmp_path, "clans.json", change), "clans.json", "tactics[0].steps[0].do", "teleport")


def test_missing_field_is_refused(tmp_path: Path) -> None:
    def change(d):
        del d["cards"][3]["strength"]
    refused(broken(tmp_path, "nobility.json", change), "nobility.json", "cards[3].strength", "missing")


def test_bad_number_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["cards"][2]["strength"] = "seven"
    refused(broken(tmp_path, "gathering.json", change), "gathering.json", "cards[2].strength", "whole number")


def test_out_of_range_number_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["hand_size"] = 2
    refused(broken(tmp_path, "gathering.json", change), "gathering.json", "hand_size", "out of range")


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["cards"][0]["colour"] = "red"
    refused(broken(tmp_path, "kingdom.json", change), "kingdom.json", "cards[0].colour", "unknown field")


def test_site_card_needs_cost(tmp_path: Path) -> None:
    def change(d):
        del d["cards"][14]["cost"]
    refused(broken(tmp_path, "nobility.json", change), "nobility.json", "cards[14].cost")


def test_clash_step_outside_a_clash_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["cards"][0]["winter"] = [{"do": "eliminate"}]
    refused(broken(tmp_path, "kingdom.json", change), "kingdom.json", "cards[0].winter[0].do", "clash")


def test_bad_json_names_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    shutil.copytree(PACKS / "starter", folder)
    (folder / "board.json").write_text("{not json")
    refused(folder, "board.json", "not valid JSON")


def test_board_needs_left_and_right(tmp_path: Path) -> None:
    def change(d):
        d["regions"][0]["locations"][0]["side"] = "right"
    refused(broken(tmp_path, "board.json", change), "board.json", "regions[0].locations")


def test_pool_smaller_than_deck_is_refused(tmp_path: Path) -> None:
    def change(d):
        d["deck_size"] = 99
    refused(broken(tmp_path, "pack.json", change), "pack.json", "deck_size")


def test_duplicate_tactic_ids_are_refused(tmp_path: Path) -> None:
    def change(d):
        d["tactics"][1]["id"] = d["tactics"][0]["id"]
    refused(broken(tmp_path, "clans.json", change), "clans.json", "tactics[1].id")


@pytest.mark.parametrize("extra", [{"strength": 2}, {"keywords": ["flank"]},
                                   {"after_clash": [{"do": "gain", "what": "lore", "amount": 1}]}])
def test_an_if_you_win_boon_with_anything_but_steps_is_refused_at_load(extra):
    """A Boon is either If-you-win (steps only) or Empowering: a pack mixing the two is refused."""
    from engine.okc.content.modules import read_module_pack

    boon = {"id": "x.odd", "name": "Odd Boon", "kind": "win", "steps": [{"do": "gain", "what": "lore", "amount": 1}]}
    with pytest.raises(ContentError) as info:
        read_module_pack("odd.json", {"id": "whispering_tower", "boons": [{**boon, **extra}]})
    assert "only steps" in str(info.value)


def test_a_step_moving_your_own_herald_is_described_in_words():
    from engine.okc.content.vocabulary import describe_step

    assert describe_step({"do": "move_herald", "whose": "own"}) == "move your Herald"
    assert describe_step({"do": "move_herald"}) == "move an opponent's Herald"
