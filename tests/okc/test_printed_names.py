"""Names the rulebooks print are the names the game uses (issue 35): the Gathering's creature card "The Moth"
(Legendary Creatures example), the Aeronaut card "Rook the Engineer" (Bidding with Allies example) and the
Kingdom card "Siege Commander" (Travelling Town example), each where the example puts it."""

from __future__ import annotations

from engine.okc.content.loader import load_pack
from engine.okc.content.modules import game_pack, load_module_pack


def test_the_moth_is_the_gatherings_creature_card() -> None:
    cards = load_module_pack("legendary_creatures").cards
    moth = [c for c in cards.values() if c.name == "The Moth"]
    assert [c.faction for c in moth] == ["gathering"]
    assert not [c for c in cards.values() if "Lantern" in c.name]


def test_rook_the_engineer_is_one_of_the_four_aeronauts() -> None:
    cards = load_module_pack("aeronauts").cards
    assert len(cards) == 4
    rook = [c for c in cards.values() if c.name == "Rook the Engineer"]
    assert [c.faction for c in rook] == ["aeronauts"]
    assert rook[0].id in game_pack("starter").cards          # found wherever it goes (a bid, a hand, a discard)


def test_siege_commander_is_a_kingdom_card_the_town_can_keep() -> None:
    """The Town example keeps it at the Town under a Faction Marker: not an instant card (ruling W9)."""
    kingdom = load_pack("starter").kingdom
    commander = [k for k in kingdom.values() if k.name == "Siege Commander"]
    assert len(commander) == 1 and commander[0].kind != "instant"
    assert len(kingdom) == 51 and sum(k.suit == "swords" for k in kingdom.values()) == 17
