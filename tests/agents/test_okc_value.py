"""OKC's evaluation (engine/agents/okc_value.py), term by term on a game where no Region is contested yet:
each thing a seat holds adds its weight to that seat's score and to nobody else's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.agents.okc_value import (
    CARD,
    FAVOUR,
    KINGDOM,
    LORE,
    LORE_WITH_SITE,
    REGION,
    SUPPORTER,
    scores,
    site_worth,
)
from engine.core import GameState
from engine.okc.lore import acquire
from engine.okc.modules.wild_kingdom_cards.effects import wild
from engine.okc.state import Okc
from tests.okc.helpers import data, game, spring_actions


def _fresh() -> GameState:
    state = game(2)
    g = data(state)
    for reg in g.regions:
        reg.supporters.clear()
        reg.cards.clear()
    for p in g.players.values():
        p.site = []
    return state


def _kingdom_card(g: Okc) -> str:
    return next(k for k in g.kingdom_deck if k not in g.players["p1"].kingdom)


CHANGES: list[tuple[str, Callable[[Okc], None], float]] = [
    ("influence", lambda g: setattr(g.players["p1"], "influence", g.players["p1"].influence + 3), 3.0),
    ("lore", lambda g: setattr(g.players["p1"], "lore", g.players["p1"].lore + 2), 2 * LORE),
    ("card in hand", lambda g: g.players["p1"].hand.append(g.players["p1"].deck.pop()), CARD),
    ("supporters", lambda g: setattr(g.players["p1"], "supporters", g.players["p1"].supporters + 2), 2 * SUPPORTER),
    ("kingdom card", lambda g: g.players["p1"].kingdom.append(_kingdom_card(g)), KINGDOM),
    ("favour", lambda g: setattr(g, "favour_holder", "p1"), FAVOUR),
]


@pytest.mark.parametrize(("what", "change", "worth"), CHANGES, ids=[c[0] for c in CHANGES])
def test_each_holding_adds_its_weight_to_its_seat_only(what: str, change: Callable[[Okc], None], worth: float) -> None:
    state = _fresh()
    g = data(state)
    if what == "favour":
        g.favour_holder = "p2"
    before = scores(state)
    change(g)
    after = scores(state)
    assert after["p1"] - before["p1"] == pytest.approx(worth)
    assert after["p2"] == pytest.approx(before["p2"] - (FAVOUR if what == "favour" else 0.0))


def test_lore_counts_less_with_a_site_of_power() -> None:
    """Lore at its end-of-game rate (p.45): each Lore counts ``LORE`` for a seat without a Site of Power
    card and ``LORE_WITH_SITE`` for one with it."""
    state = _fresh()
    g = data(state)
    p = g.players["p1"]
    p.lore = 4
    without = scores(state)["p1"]
    p.site = [g.players["p2"].hand[0]]
    assert without - scores(state)["p1"] == pytest.approx(4 * (LORE - LORE_WITH_SITE))


def test_acquiring_a_site_of_power_card_gains_a_card_for_the_lore_paid() -> None:
    """Lore is only ever spent on the Site of Power (p.45), so a card acquired there counts as the Lore paid
    for it and a card more: acquiring whatever is affordable is worth CARD, and steady does not sit on Lore
    it could spend."""
    state = _fresh()
    g = data(state)
    p = g.players["p1"]
    p.site = list(site_worth(g.pack, p.faction))
    cheapest = min(p.site, key=lambda c: site_worth(g.pack, p.faction)[c])
    p.lore = 4
    before = scores(state)
    acquire(state, "p1", cheapest)
    after = scores(state)
    assert p.site and cheapest in p.discard and p.lore < 4
    assert after["p1"] - before["p1"] == pytest.approx(CARD)
    assert after["p2"] == pytest.approx(before["p2"])


def test_strength_a_module_adds_in_a_region_counts_towards_leading_it() -> None:
    """The Waking Stones (Wild Kingdom cards) add their holder's Strength in one Region's clashes: the
    evaluation counts them there, so a seat that trails by less than the stones leads, and nowhere else."""
    state = game(2, modules="wild_kingdom_cards", wild_cards="15")
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}, "p2": {"plateau": "clans.f4"}})
    g = data(state)
    for p in g.players.values():
        p.kingdom = []
    trailing = scores(state)
    g.players["p2"].kingdom = ["wk.waking_stones"]
    wild(g)["map"] = {"wk.waking_stones": {"effect": "strength", "amount": 20, "location": "harvest_field"}}
    leading = scores(state)
    assert leading["p2"] - trailing["p2"] == pytest.approx(KINGDOM + REGION)
    assert trailing["p1"] - leading["p1"] == pytest.approx(REGION)
    wild(g)["map"]["wk.waking_stones"]["location"] = "castle"                # the Highlands: no clash of theirs
    assert scores(state)["p2"] - trailing["p2"] == pytest.approx(KINGDOM)


def test_a_boon_placed_face_down_counts_its_strength_where_it_waits() -> None:
    """A Boon of Strength on a card still face down (Whispering Tower) is counted as it will be once
    revealed, so placing it is worth something to the one-step look-ahead; once revealed, only once."""
    state = game(2, modules="whispering_tower")
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}, "p2": {"plateau": "clans.f4"}})
    g = data(state)
    for p in g.players.values():
        p.kingdom = []
    trailing = scores(state)
    mine = next(q for q in next(r for r in g.regions if r.id == "plateau").cards if q.owner == "p2")
    mine.boons = ["wt.oath"]                                                  # +10 Strength
    assert scores(state)["p2"] - trailing["p2"] == pytest.approx(REGION)
    mine.face_up = True
    for q in next(r for r in g.regions if r.id == "plateau").cards:
        q.face_up = True
    revealed = scores(state)
    mine.boons = []
    assert revealed["p2"] - scores(state)["p2"] == pytest.approx(REGION)      # counted once, by the tower
