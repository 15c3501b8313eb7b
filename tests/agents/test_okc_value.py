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


@pytest.mark.parametrize(("card", "worth"), [("nobility.keep", 0.3 * 5 + 0.3), ("nobility.treasury", 0.3 * 4 + 0.3),
                                             ("nobility.champion", 0.3 * 2 + 0.3)])
def test_a_site_of_power_card_acquired_counts_its_lore_cost_at_the_site_rate_and_a_card(card: str, worth: float) -> None:
    """p.45: the Nobility's HQ (the Keep: 5 Lore, the Treasury: 4) and advanced cards (the Champion: 2)."""
    state = _fresh()
    g = data(state)
    p = g.players["p1"]
    p.site = list(site_worth(g.pack, p.faction))
    before = scores(state)["p1"]
    p.site.remove(card)
    assert scores(state)["p1"] - before == pytest.approx(worth)
    assert set(site_worth(g.pack, "nobility")) == {"nobility.champion", "nobility.chancellor", "nobility.warden",
                                                   "nobility.treasury", "nobility.keep"}


def _region(g: Okc, rid: str = "plateau"):  # type: ignore[no-untyped-def]
    return next(r for r in g.regions if r.id == rid)


def test_a_region_still_to_clash_counts_for_the_seat_with_the_greatest_strength_there() -> None:
    """p.28: Supporters and Kingdom cards add their Strength in every Region the seat contests; the
    leader counts ``REGION``, shared on a tie; a resolved Region counts for nobody."""
    state = _fresh()
    g = data(state)
    base = scores(state)
    reg = _region(g)
    reg.supporters.update(p1=2, p2=1)
    led = scores(state)
    assert (led["p1"] - base["p1"], led["p2"] - base["p2"]) == pytest.approx((REGION, 0.0))
    reg.supporters.update(p1=1)
    tied = scores(state)
    assert (tied["p1"] - base["p1"], tied["p2"] - base["p2"]) == pytest.approx((REGION / 2, REGION / 2))
    g.players["p1"].kingdom = ["k.war_banner"]      # Strength 2: 3 against 1
    banner = scores(state)
    assert banner["p1"] - base["p1"] == pytest.approx(KINGDOM + REGION)
    assert banner["p2"] == pytest.approx(base["p2"])
    reg.resolved = True
    assert scores(state)["p1"] - base["p1"] == pytest.approx(KINGDOM)


def test_a_seat_without_supporters_or_cards_in_a_region_does_not_contest_it() -> None:
    """Kingdom cards' Strength counts only where the seat is present: no Supporters there (or none
    left) and no card, no claim on the Region."""
    state = _fresh()
    g = data(state)
    g.players["p1"].kingdom = ["k.war_banner"]
    base = scores(state)
    reg = _region(g)
    reg.supporters.update(p1=0, p2=1)
    after = scores(state)
    assert (after["p1"] - base["p1"], after["p2"] - base["p2"]) == pytest.approx((0.0, REGION))


def test_a_region_where_nobody_has_any_strength_counts_for_nobody() -> None:
    from engine.okc.state import Placed

    state = _fresh()
    g = data(state)
    base = scores(state)
    card = g.players["p1"].hand[0]
    _region(g).cards.append(Placed(card, "p1", face_up=True, gained=-20))
    assert scores(state)["p1"] == pytest.approx(base["p1"])
    _region(g).cards[0].gained = 0
    assert scores(state)["p1"] - base["p1"] == pytest.approx(REGION)


def test_a_card_s_strength_adds_to_its_owner_s_supporters_in_its_region() -> None:
    """p.28: a seat present by a card alone has that card's Strength there; its Supporters add to it."""
    from engine.okc.cards import strength
    from engine.okc.state import Placed

    state = _fresh()
    g = data(state)
    base = scores(state)
    reg = _region(g)
    reg.cards.append(Placed(g.players["p1"].hand[0], "p1", face_up=True))
    power = strength(g, reg.cards[0], reg)
    assert power > 0
    reg.supporters.update(p2=power)
    tied = scores(state)
    assert (tied["p1"] - base["p1"], tied["p2"] - base["p2"]) == pytest.approx((REGION / 2, REGION / 2))
    reg.supporters.update(p1=1)
    led = scores(state)
    assert (led["p1"] - base["p1"], led["p2"] - base["p2"]) == pytest.approx((REGION, 0.0))


def test_a_revealed_boon_is_counted_once() -> None:
    """Once the card is revealed, the Whispering Tower counts its Boon's Strength (+10 for an Oath): a rival
    needs exactly ten Supporters more to lead the Region than without the Boon."""
    state = game(2, modules="whispering_tower")
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}, "p2": {"plateau": "clans.f4"}})
    g = data(state)
    for p in g.players.values():
        p.kingdom = []
    plateau = _region(g)
    for q in plateau.cards:
        q.face_up = True
    mine = next(q for q in plateau.cards if q.owner == "p2")

    def needed() -> int:
        """The fewest Supporters with which p1 leads the Plateau alone."""
        return next(n for n in range(60) if plateau.supporters.update(p1=n) or _leads(state, "p1"))

    plateau.supporters["p2"] = 20
    without = needed()
    assert without > 0
    mine.boons = ["wt.oath"]
    assert needed() == without + 10


def _leads(state: GameState, seat: str) -> bool:
    """Whether ``seat`` alone takes the Plateau's REGION in the evaluation."""
    g = data(state)
    plateau = _region(g)
    more = scores(state)[seat]
    plateau.resolved = True
    less = scores(state)[seat]
    plateau.resolved = False
    return more - less == pytest.approx(REGION)


def test_the_weights_are_the_documented_ones() -> None:
    """docs/agents.md, "The evaluations" (in Influence): Lore at 0.5, 0.3 with a Site of Power to fill; 0.8
    for the Kingdom's Favour; 0.3 per card in hand, 0.15 per Supporter, 0.4 per Kingdom card; 1.5 for
    leading a Region still to clash; 0.9 per creature card."""
    from engine.agents import okc_value as o

    assert (o.LORE, o.LORE_WITH_SITE, o.FAVOUR, o.CARD, o.SUPPORTER, o.KINGDOM) == (0.5, 0.3, 0.8, 0.3, 0.15, 0.4)
    assert (o.REGION, o.CREATURE) == (1.5, 0.9)


def test_a_region_counted_for_nobody_does_not_stop_the_regions_after_it() -> None:
    """The Plateau resolved, or with no Strength there, still leaves the Lowlands to count."""
    from engine.okc.state import Placed

    state = _fresh()
    g = data(state)
    base = scores(state)
    _region(g, "lowlands").supporters.update(p1=1)
    _region(g).resolved = True
    assert scores(state)["p1"] - base["p1"] == pytest.approx(REGION)
    _region(g).resolved = False
    _region(g).cards.append(Placed(g.players["p2"].hand[0], "p2", face_up=True, gained=-20))
    assert scores(state)["p1"] - base["p1"] == pytest.approx(REGION)
