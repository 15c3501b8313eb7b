"""The Night Map whole, beyond the layouts themselves: the tokens drawn one by one, the layout told to the
table in words (installed into a fresh OkcWords), and a bad agreed layout refused with its section, reason
and the layouts that would be legal."""

from __future__ import annotations

import pytest

from engine.core import Event, Refusal, RuleError
from engine.core.words import Audience
from engine.okc import RULES
from engine.okc.modules.night_map import SECTION, check_layout
from engine.okc.modules.shipped import MODULES
from engine.okc.words.wording import OkcWords
from tests.okc.helpers import game

KNOWN = "battlefield,castle,harvest_field,necropolis,shrine,wilderness"


def test_a_random_map_draws_each_token_and_announces_the_layout() -> None:
    _, events = RULES.new_game(["p1", "p2"], {"factions": "nobility,clans", "order": "seated", "modules": "night_map"},
                               1)
    picks = [e.data for e in events if e.kind == "random.pick"]
    assert [p["why"] for p in picks] == ["night map"] * 6
    [told] = [e for e in events if e.kind == "okc.night_map"]
    drawn = [p["value"] for p in picks]
    assert told.to is None and told.data == {"layout": {
        "highlands": drawn[0:2], "plateau": drawn[2:4], "lowlands": drawn[4:6]}}


def test_the_layout_is_told_region_by_region_left_location_first() -> None:
    state = game(2, modules="night_map")
    w = OkcWords()
    w.install(MODULES["night_map"])
    e = Event.public("okc.night_map", layout={"highlands": ["shrine", "castle"], "plateau": ["necropolis", "wilderness"],
                                              "lowlands": ["harvest_field", "battlefield"]})
    assert w.event(state, e, Audience(None)) == (
        "Night Map: the Highlands holds the Shrine and the Castle; the Plateau holds the Necropolis and the "
        "Wilderness; the Lowlands holds the Harvest Field and the Battlefield.")
    odd = Event.public("okc.night_map", layout={"highlands": ["shrine"], "plateau": ["necropolis", "wilderness"]})
    assert w.event(state, odd, Audience(None)) == "Night Map: the Plateau holds the Necropolis and the Wilderness."


@pytest.mark.parametrize("layout", ["castle,shrine", "castle,castle,battlefield,harvest_field,necropolis,shrine",
                                    KNOWN + ",moon"])
def test_an_agreed_layout_must_name_each_location_once(layout: str) -> None:
    with pytest.raises(RuleError) as info:
        check_layout({"night_map": layout, "pack": "starter"})
    err = info.value
    assert (err.section, err.message, err.code) == (
        SECTION, "name each of the six Locations once, top-left first", Refusal.BAD_OPTION)
    assert err.legal == ["random", KNOWN]
    with pytest.raises(RuleError) as info:
        check_layout({"night_map": layout})
    assert info.value.legal == ["random", KNOWN]


def test_random_and_a_full_layout_pass() -> None:
    check_layout({})
    check_layout({"night_map": "random"})
    check_layout({"night_map": "shrine,castle,necropolis,wilderness,harvest_field,battlefield,"})
