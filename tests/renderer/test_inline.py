"""Boards at Discord's inline width (issue 33): the facts a player looks for first are drawn large
enough to read when Discord shows the image about 550 px wide; OKC pieces are explained in words
and carry their owner's colour; no card name is cut; Fief's stockpile is said in words."""

from __future__ import annotations

import glob
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from renderer import render
from renderer.band import Seg, header_band, layout, lead_words, place_words
from renderer.fief import build_scene as fief_scene
from renderer.fief.private import stockpile_words
from renderer.fonts import text_width
from renderer.okc import build_scene as okc_scene
from renderer.palette import marks
from renderer.scene import INLINE_MIN_PX, INLINE_WIDTH, Scene
from tests.renderer import fief_fixture, okc_fixture

ROOT = Path(__file__).resolve().parents[2]


def boards() -> list[tuple[str, Scene, str | None]]:
    return [("fief public", fief_scene(fief_fixture.public_view(), None), None),
            ("fief ann", fief_scene(fief_fixture.private_view("ann"), "ann"), "ann"),
            ("okc public", okc_scene(okc_fixture.public_view(), None), None),
            ("okc al", okc_scene(okc_fixture.private_view("al"), "al"), "al")]


def inline_px(scene: Scene, size: int) -> float:
    return size * INLINE_WIDTH / scene.width


@pytest.mark.parametrize("name,scene,seat", boards(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_first_facts_are_at_least_9_px_at_550_px(name: str, scene: Scene, seat: str | None) -> None:
    """Round and phase, the scores with who leads, whose turn and (on a seat's board) its own marker:
    every word of the band is at least 9 px tall once the image is 550 px wide, and inside the image."""
    kinds = {item.kind for item in scene.band}
    assert {"band_round", "band_score", "band_lead", "band_turn", "band_turn_mark"} <= kinds, kinds
    if seat is not None:
        assert {"band_you", "band_you_mark"} <= kinds
    texts = [item for item in scene.band if item.shape == "text"]
    for item in texts:
        assert inline_px(scene, item.size) >= INLINE_MIN_PX, (name, item.kind, item.text, item.size)
        assert scene.inline_px(item.size) >= INLINE_MIN_PX
        assert 0 <= item.x and item.x + text_width(item.text, item.size, item.bold) <= scene.width, item
        assert 0 <= item.y and item.y + item.size <= scene.band_h, item
    marks_drawn = [item for item in scene.band if item.kind.endswith("_mark")]
    assert marks_drawn and all(inline_px(scene, item.size) >= INLINE_MIN_PX for item in marks_drawn)
    # the band is above the board, and the painted image is the board plus the band
    png = Image.open(io.BytesIO(render("fief" if name.startswith("fief") else "okc",
                                       (fief_fixture if name.startswith("fief") else okc_fixture).public_view()
                                       if seat is None else
                                       (fief_fixture if name.startswith("fief") else okc_fixture).private_view(seat),
                                       seat)))
    assert png.size == (scene.width, scene.image_height) and scene.band_h > 0


def band_text(scene: Scene, kind: str) -> list[str]:
    return [item.text for item in scene.band if item.kind == kind]


def test_fief_band_says_round_phase_turn_and_scores() -> None:
    scene = fief_scene(fief_fixture.public_view(), None)
    assert band_text(scene, "band_round") == ["Round 3 of 7 · Phase 5: Movement"]
    assert band_text(scene, "band_turn") == ["Red (ann)"]
    assert [i.who for i in scene.band if i.kind == "band_turn_mark"] == ["red"]
    assert band_text(scene, "band_score") == ["Green 2 VP", "Blue 1", "Red 1"]
    assert band_text(scene, "band_lead") == ["Green leads by 1 VP"]
    # the panel keeps its full detail below
    assert scene.one("round").info["round"] == 3


def test_fief_private_band_shows_the_seats_own_family_and_standing() -> None:
    scene = fief_scene(fief_fixture.private_view("ann"), "ann")
    you = [i for i in scene.band if i.kind == "band_you_mark"]
    assert [i.who for i in you] == ["red"] and you[0].text == "R"
    assert band_text(scene, "band_you") == ["Red · 12 shillings"]
    assert band_text(scene, "band_lead") == ["You: 2nd, 1 VP behind Green"]


def test_okc_band_says_round_turn_and_influence() -> None:
    scene = okc_scene(okc_fixture.public_view(), None)
    assert band_text(scene, "band_round") == ["Round 2 of 5 · Summer: Plateau clash"]
    assert band_text(scene, "band_turn") == ["al"]
    assert band_text(scene, "band_score") == ["bea 9 Influence", "al 7", "cy 4"]
    assert band_text(scene, "band_lead") == ["bea leads by 2 Influence"]
    mine = okc_scene(okc_fixture.private_view("al"), "al")
    assert [i.who for i in mine.band if i.kind == "band_you_mark"] == ["al"]
    assert band_text(mine, "band_own") == ["7 Influence · 1 Lore"]
    assert band_text(mine, "band_place") == ["You: 2nd, 2 Influence behind bea"]


def test_a_crowded_band_wraps_and_stays_inside_the_image() -> None:
    view = fief_fixture.public_view()
    for k, fid in enumerate(["yellow", "purple", "orange"]):
        view["families"][fid] = {**view["families"]["red"], "name": f"Bartholomew-{fid.title()}",
                                 "seat": f"player{k}", "colour": "#CC79A7", "letter": fid[0].upper()}
        view["vp"][fid] = 10 + k
    view["families"]["red"]["name"] = "Red"
    scene = fief_scene(view, None)
    rows = {i.y for i in scene.band if i.kind == "band_score"}
    assert len(rows) >= 2  # six long names do not fit one row
    for item in scene.band:
        if item.shape == "text":
            assert item.x + text_width(item.text, item.size, item.bold) <= scene.width
            assert item.y + item.size <= scene.band_h
    assert band_text(scene, "band_lead") == ["Bartholomew-Orange leads by 1 VP"]


def test_band_layout_moves_right_hand_facts_down_when_crowded() -> None:
    wide = [Seg("band_score", "x" * 20) for _ in range(4)]  # one full row
    lines = layout([(wide, [Seg("band_lead", "someone leads by 3")])], 32, 1900, 20)
    assert lines[-1][0] == [] and [s.kind for s in lines[-1][1]] == ["band_lead"]
    scene = Scene(1900, 100)
    assert header_band(scene, [([Seg("band_round", "Round 1 of 7")], [])]) == scene.band_h > 0


def test_lead_and_place_words() -> None:
    assert lead_words([("Blue", 5), ("Red", 2)], "VP") == "Blue leads by 3 VP"
    assert lead_words([("Blue", 5), ("Red", 5), ("Green", 1)], "VP") == "Blue and Red tie at 5 VP"
    assert lead_words([("Blue", 0), ("Red", 0)], "VP") == "all level at 0 VP"
    assert place_words([("Blue", 5), ("Red", 2)], "Red", "VP") == "2nd, 3 VP behind Blue"
    assert place_words([("Blue", 5), ("Red", 2)], "Blue", "VP") == "1st, 3 VP ahead"
    assert place_words([("Blue", 5), ("Red", 5)], "Blue", "VP") == "level first with Red"


def test_fief_stockpile_in_words() -> None:
    scene = fief_scene(fief_fixture.private_view("ann"), "ann")
    assert " ".join(scene.texts("stockpile", who="red")) == (
        "Stockpile: 5 Knights, 8 Men-at-Arms, 3 Archers, 2 Bombards, 1 Trebuchet")
    assert stockpile_words({"knight": 1, "men": 1, "crossbow": 2}) == "1 Knight, 1 Man-at-Arms, 2 Crossbowmen"
    assert stockpile_words({}) == "empty"


# -- OKC pieces: owner's colour and a legend in words ------------------------------------

def test_okc_pieces_legend_says_what_each_piece_is() -> None:
    scene = okc_scene(okc_fixture.public_view(), None)
    words = scene.texts("pieces_legend")
    assert any(t.startswith("Herald") for t in words) and any(t.startswith("Supporters") for t in words)
    assert "Clash order" in words and any(t.startswith("Kingdom's Favour") for t in words)
    assert any(t.startswith("Face-down card") for t in words)
    bottom = max(i.y + 30 for i in scene.find("pieces_mark"))
    assert bottom <= scene.height and scene.one("panel").y + scene.one("panel").h <= scene.height


def test_okc_wild_pieces_carry_their_owners_colour_and_are_in_the_legend() -> None:
    view = okc_fixture.public_view()
    view["modules"] = ["travelling_town", "legendary_creatures", "aeronauts"]
    view["travelling_town"] = {"location": "castle", "influence": 2}
    view["legendary_creatures"] = {"creatures": {"al": {"name": "The Gilded Gryphon", "location": "shrine"},
                                                 "cy": {"name": "The Moth", "location": None}}}
    view["aeronauts"] = {"name": "Near & Far", "location": "battlefield", "owner": "bea", "deck": 3}
    scene = okc_scene(view, None)
    mk = marks(["al", "bea", "cy"])
    gryphon = scene.one("wild_piece", piece="The Gilded Gryphon")
    assert gryphon.text == "GG" and gryphon.who == "al" and gryphon.fill == mk["al"].colour
    ship = scene.one("wild_piece", piece="Near & Far")
    assert ship.who == "bea" and ship.fill == mk["bea"].colour
    town = scene.one("wild_piece", module="travelling_town")
    assert town.who == "" and town.text == "TT"
    legend = {i.info["mark"]: i.text for i in scene.find("pieces_legend")}
    assert legend["GG"] == "The Gilded Gryphon (al's)"
    assert legend["NF"] == "Near & Far (bea's)"
    assert legend["TT"] == "Travelling Town"
    entry = next(i for i in scene.find("pieces_mark") if i.text == "GG")
    assert entry.fill == mk["al"].colour


# -- card names are never cut at full size ---------------------------------------------

def shipped_names() -> dict[str, set[str]]:
    """Every card name of the shipped OKC packs and modules, by kind (faction or kingdom card, Boon...)."""
    names: dict[str, set[str]] = {"faction": set(), "kingdom": set(), "other": set()}

    def walk(value: Any, kind: str) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("name"), str):
                names[kind].add(value["name"])
            for v in value.values():
                walk(v, kind)
        elif isinstance(value, list):
            for v in value:
                walk(v, kind)

    files = glob.glob(str(ROOT / "engine/okc/packs/**/*.json"), recursive=True)
    files += glob.glob(str(ROOT / "engine/okc/modules/**/*.json"), recursive=True)
    for path in files:
        kind = "kingdom" if Path(path).name == "kingdom.json" else "faction" if "packs" in path else "other"
        walk(json.loads(Path(path).read_text()), kind)
    return names


def unwrapped(text: str, lines: int) -> str:
    return " ".join(text.split("\n")[:lines])


def test_every_card_name_fits_beside_a_region_on_the_road_and_in_hand() -> None:
    names = shipped_names()
    every = sorted(names["faction"] | names["kingdom"] | names["other"])
    assert len(every) > 150
    for start in range(0, len(every), 3):
        chunk = every[start:start + 3]
        view = okc_fixture.public_view()
        cards = [okc_fixture.faction_card(f"x.{k}", name, 5) for k, name in enumerate(chunk)]
        view["regions"][1]["cards"]["al"] = [okc_fixture.placed(c) for c in cards]
        view["great_road"] = [okc_fixture.kingdom(f"k.{k}", name, "coins") for k, name in enumerate(chunk)]
        scene = okc_scene(view, None)
        shown = [i for i in scene.find("region_card", where="Plateau", who="al")]
        assert [i.info["name"] for i in shown] == chunk  # all three fit beside the Region
        for item in shown:
            assert "…" not in item.text and unwrapped(item.text, item.text.count("\n")) == item.info["name"]
        for item in scene.find("great_road_card"):
            assert "…" not in item.text and item.info["name"] in item.text.replace("\n", " ")
        mine = okc_fixture.private_view("al")
        mine["private"]["hand"] = cards
        for item in okc_scene(mine, "al").find("hand_card"):
            assert "…" not in item.text and item.info["name"] in " ".join(item.text.split("\n")[:item.title_lines])


def test_tactic_names_are_never_cut_on_the_private_board() -> None:
    longest = sorted(set().union(*shipped_names().values()), key=lambda n: -text_width(n, 14, True))[:8]
    view = okc_fixture.private_view("al")
    tactics = [{"id": f"t{k}", "name": name, "text": "", "exhausted": k % 2 == 1} for k, name in enumerate(longest)]
    view["players"]["al"]["tactics"] = view["private"]["tactics"] = tactics
    scene = okc_scene(view, "al")
    chips = scene.find("tactic")
    assert [i.info["name"] for i in chips] == longest
    assert all("…" not in i.text and i.x + i.w <= scene.width for i in chips)
    assert len({i.y for i in chips}) >= 2  # they wrap onto a second row
    footer = scene.one("footer")
    assert footer.y <= scene.height


def test_revealed_bids_and_kingdom_lists_name_every_card_in_full() -> None:
    view = okc_fixture.public_view()
    view["step"] = "resolve_bids"
    names = {"al": "Hoard of the Sleeping Wyrm", "bea": "Sworn Shield of the Throne", "cy": "Poisoner of the Court"}
    view["bids"] = {"submitted": ["al", "bea", "cy"],
                    "revealed": {s: okc_fixture.faction_card(f"x.{s}", n, 6) for s, n in names.items()}}
    view["players"]["al"]["kingdom"] = [okc_fixture.kingdom(f"k.{k}", n, "coins") for k, n in enumerate(names.values())]
    scene = okc_scene(view, None)
    said = " ".join(scene.texts("secret_progress"))
    assert "…" not in said and all(f"{s} {n} (6)" in said for s, n in names.items())
    listed = " ".join(scene.texts("player_kingdom", who="al"))
    assert "…" not in listed and all(n in listed for n in names.values())


def test_a_seat_with_two_families_has_both_marks_in_the_band() -> None:
    view = fief_fixture.private_view("ann")
    view["me"]["families"] = ["red", "blue"]
    scene = fief_scene(view, "ann")
    assert [i.who for i in scene.band if i.kind == "band_you_mark"] == ["red", "blue"]
    assert band_text(scene, "band_you") == ["Red", "Blue · 12 shillings"]
