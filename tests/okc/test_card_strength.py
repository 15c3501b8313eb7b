"""A Faction card's Strength in a clash (cards.strength): printed plus gained, plus each of its own
bonuses unless blanked, never below 0. No shipped card counts Kingdom cards of a suit, but a content
pack may (the schema's ``per_suit`` bonus), so a card is made here for the purpose."""

from __future__ import annotations

import pytest

from engine.okc import cards
from engine.okc.content.schema import Bonus, FactionCard
from engine.okc.state import Placed
from tests.okc.helpers import data, game

COINS = ["k.toll_bridge", "k.market_charter", "k.tax_rolls"]


def strength_of(monkeypatch: pytest.MonkeyPatch, printed: int, *bonuses: Bonus, gained: int = 0,
                blanked: bool = False, kingdom: list[str] | None = None, supporters: int = 0) -> int:
    made = FactionCard("test.card", "Test Card", "nobility", "basic", printed, bonuses=tuple(bonuses))
    g = data(game(2))
    # the card joins the game's pack for the test (the compiled engine calls cards.card directly: a
    # replaced function would not be seen)
    monkeypatch.setitem(cards.game_pack(g.pack).cards, "test.card", made)
    g.players["p1"].kingdom = list(kingdom or [])
    region = g.regions[0]
    region.supporters["p1"] = supporters
    placed = Placed("test.card", "p1", face_up=True, gained=gained, blanked=blanked)
    region.cards = [placed]
    return cards.strength(g, placed, region)


def test_a_per_suit_bonus_adds_to_the_printed_and_gained_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    bonus = Bonus("per_suit", 2, "coins")
    assert strength_of(monkeypatch, 3, bonus, gained=1, kingdom=COINS) == 3 + 1 + 2 * 3
    assert strength_of(monkeypatch, 3, bonus, kingdom=["k.toll_bridge"]) == 5
    assert strength_of(monkeypatch, 3, bonus) == 3
    assert strength_of(monkeypatch, 3, Bonus("per_suit", 2, "swords"), kingdom=COINS) == 3


def test_every_bonus_counts_and_a_blanked_card_keeps_only_printed_and_gained(monkeypatch: pytest.MonkeyPatch) -> None:
    both = (Bonus("alone", 2), Bonus("per_supporter", 1), Bonus("per_suit", 1, "coins"))
    assert strength_of(monkeypatch, 4, *both, supporters=2, kingdom=COINS) == 4 + 2 + 2 + 3
    assert strength_of(monkeypatch, 4, *both, gained=1, blanked=True, supporters=2, kingdom=COINS) == 5


def test_strength_never_falls_below_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    assert strength_of(monkeypatch, 1, gained=-3) == 0
    assert strength_of(monkeypatch, 1, gained=-1) == 0
    assert strength_of(monkeypatch, 2, gained=-1) == 1
