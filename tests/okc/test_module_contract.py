"""The Wild Kingdom module contract (engine/okc/hooks.py): module options, tables built per game,
module content packs, the Visit choice, gaining a Kingdom card without a Bidding card, both sides of
a Tactic."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from engine.core import RuleError
from engine.okc import RULES
from engine.okc.actions import ACTIONS
from engine.okc.cards import pack_of
from engine.okc.content.modules import boon_text, read_module_pack
from engine.okc.content.schema import ContentError, Reader, read_tactic
from engine.okc.hooks import band
from engine.okc.kingdom import gain_kingdom, stealable
from engine.okc.year import AUTO
from tests.okc.helpers import data, do, game, refused


@pytest.mark.parametrize("options,words", [
    ({"modules": "negotiating_table,night_map"}, "3 or 4 players"),
    ({"modules": "dragons"}, "no module called"),
    ({"modules": "night_map,night_map"}, "once"),
    ({"night_map": "random"}, "needs the Night Map module"),
    ({"night_map": "castle,shrine"}, "needs the Night Map module"),
    ({"modules": "night_map", "night_map": "castle,shrine"}, "six Locations"),
])
def test_module_options_refuse_what_they_cannot_honour(options: dict[str, str], words: str) -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(["p1", "p2"], options, 1)
    assert words in str(info.value)


def test_all_means_every_module_played_so_far_in_setup_order() -> None:
    state = game(2, modules="all")
    assert data(state).modules[0] == "night_map"
    assert data(state).modules[1] == "aeronauts"      # the Starting Location modules in the rulebook's order


def test_games_with_modules_leave_the_base_tables_alone() -> None:
    before = (dict(ACTIONS), dict(AUTO))
    game(2, modules="all")
    game(2)
    assert (dict(ACTIONS), dict(AUTO)) == before


def test_complexity_bands() -> None:
    assert [band(n) for n in (0, 1, 4, 5, 8, 9, 12)] == [
        "", "First Comets in the Sky", "First Comets in the Sky", "Welcome to the Wild Kingdom",
        "Welcome to the Wild Kingdom", "All is Altered", "All is Altered"]


def test_module_content_errors_name_file_and_field() -> None:
    with pytest.raises(ContentError) as info:
        read_module_pack("whispering_tower/content.json",
                         {"id": "x", "boons": [{"id": "b1", "name": "B", "kind": "empower", "strength": "ten"}]})
    assert str(info.value) == "whispering_tower/content.json: boons[0].strength: expected a whole number, got 'ten'"
    with pytest.raises(ContentError) as info:
        read_module_pack("m/content.json", {"id": "x", "boons": [{"id": "b1", "name": "B", "kind": "win",
                                                                   "steps": [{"do": "fly"}]}]})
    assert "boons[0].steps[0].do: unknown value 'fly'" in str(info.value)


def test_a_tactic_may_have_an_ability_on_its_exhausted_side() -> None:
    t = read_tactic(Reader("f.json", {"id": "t", "name": "T", "timing": ["spring"], "steps": [{"do": "draw", "amount": 1}],
                                      "exhausted": {"timing": ["autumn"], "steps": [{"do": "gain", "what": "lore",
                                                                                      "amount": 1}]}}))
    assert t.back is not None and t.back.timing == ("autumn",) and t.back.text == "Gain 1 Lore"
    with pytest.raises(ContentError, match=r"tactics\[0\]\.exhausted\.steps"):
        read_tactic(Reader("f.json", {"id": "t", "name": "T", "timing": ["spring"], "steps": [{"do": "favour"}],
                                      "exhausted": {"timing": ["autumn"], "steps": []}}, "tactics[0]"))


@pytest.fixture
def levy_with_a_back() -> Iterator[None]:
    pack = pack_of(data(game(2)))
    old = pack.tactics["nobility.levy"]
    back = dataclasses.replace(old, id="nobility.levy.exhausted", timing=("spring",),
                               steps=({"do": "gain", "what": "lore", "amount": 1},))
    pack.tactics["nobility.levy"] = dataclasses.replace(old, back=back)
    yield
    pack.tactics["nobility.levy"] = old


def test_the_exhausted_side_works_once_a_round(levy_with_a_back: None) -> None:
    state = game(2)
    g = data(state)
    g.secret = None
    g.turn_queue = list(g.order)
    g.step, g.season = "spring_actions", "spring"
    g.players["p1"].tactics["nobility.levy"] = True
    g.players["p1"].lore = 0
    do(state, "p1", "tactic id:nobility.levy")
    assert g.players["p1"].lore == 1 and g.players["p1"].tactics["nobility.levy"] is True
    refused(state, "p1", "tactic id:nobility.levy", "illegal")


def test_a_kingdom_card_gained_without_a_bidding_card() -> None:
    state = game(2)
    g = data(state)
    pack = pack_of(g)
    occupy = next(k for k, c in pack.kingdom.items() if c.kind == "occupy")
    keep = next(k for k, c in pack.kingdom.items() if c.kind == "keep" and not c.on_gain)
    discard = list(g.players["p1"].discard)
    gain_kingdom(state, "p1", keep)
    gain_kingdom(state, "p1", occupy, custodians=True)
    p = g.players["p1"]
    assert p.discard == discard and occupy not in p.occupants
    assert keep in p.kingdom and occupy in p.kingdom
    assert stealable(g, "p1") == [keep]


def test_the_lobby_line_and_the_opening_event_give_each_rating_and_the_band() -> None:
    from engine.okc.setup import module_summary
    from engine.okc.words.wording import WORDS
    from tests.okc.words_games import audience

    assert module_summary({"modules": "travelling_town,whispering_tower"}) == (
        "Wild Kingdom: Travelling Town (2), Whispering Tower (3). Complexity 5: Welcome to the Wild Kingdom.")
    assert module_summary({}) == ""
    state, events = RULES.new_game(["p1", "p2"], {"modules": "night_map,travelling_town,whispering_tower"}, 1)
    opening = next(e for e in events if e.kind == "okc.modules")
    assert opening.data["total"] == 6
    assert WORDS.event(state, opening, audience(state)) == (
        "Wild Kingdom modules in play: the Night Map (1), the Travelling Town (2) and the Whispering Tower (3). "
        "Complexity 6: Welcome to the Wild Kingdom.")


def test_a_boon_may_use_its_source_card_and_its_text_is_written_from_its_parts() -> None:
    """Whispering Tower Boons act for the card they lie on: "strength" and "retain" steps are theirs."""
    pack = read_module_pack("m/content.json", {"id": "x", "boons": [
        {"id": "b1", "name": "B", "kind": "win", "steps": [{"do": "strength", "amount": 2}]},
        {"id": "b2", "name": "C", "kind": "empower", "keywords": ["ambush"], "after_clash": [{"do": "retain"}]},
    ]})
    boons = pack.boons
    assert boons["b1"].text.startswith("If you win: ")
    assert boons["b2"].text.startswith("Ambush. After the clash: ")
    assert boon_text("empower", 0, ("ambush",), (), ()) == "Ambush"
    assert boon_text("empower", 2, (), (), ()) == "+2 Strength"


def test_a_recover_step_says_where_the_cards_go() -> None:
    from engine.okc.content.vocabulary import describe_step

    assert describe_step({"do": "recover", "amount": 1, "to": "deck"}).endswith("from your Lost Pile to your deck")
    assert describe_step({"do": "recover", "amount": 1}).endswith("from your Lost Pile to your hand")


def test_a_module_with_actions_plays_them_itself() -> None:
    # The base Module's play is never asked by a game (engine.okc.play asks only a module listing the action).
    from engine.okc.hooks import Module
    from engine.okc.modules.shipped import MODULES

    assert all(type(m).play is not Module.play for m in MODULES.values() if m.actions)
