"""Setup A-P (p.6-7) for 2, 3 and 4 players and the three game lengths (p.48)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.okc import RULES
from tests.okc.helpers import data, game


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("length", [4, 5, 6])
def test_setup_players_and_lengths(n: int, length: int) -> None:
    state = game(n, length=length, factions="random", order="random")
    g = data(state)
    assert g.length == length and g.round == 1
    assert sorted(g.order) == sorted(state.seats)
    assert len({p.faction for p in g.players.values()}) == n
    # B: three Great Road cards and the face-up top of a 30-card Kingdom Deck.
    assert all(g.great_road) and len(g.great_road) == 3 and len(g.kingdom_deck) == 27
    # D: the Favour waits on the Harvest Field with every use.
    assert g.favour_holder is None and g.favour_uses == 3
    view = RULES.view(state, None)
    assert view["favour"]["location"] == "harvest_field"
    for p in g.players.values():
        # H-M: five Supporters, four unexhausted Tactics, the Site of Power face up.
        assert p.supporters == 5 and len(p.tactics) == 4 and not any(p.tactics.values())
        assert len(p.site) == 5
        # N: the Heir in hand, then up to the start hand size.
        assert f"{p.faction}.heir" in p.hand and len(p.hand) == p.hand_size == 6
        assert len(p.deck) == 14 - 6
    # Round 1 skips the Start of the Year: straight to bids.
    assert g.step == "bid" and g.season == "spring"
    assert view["phase"].startswith("Round 1, Spring")


def test_bad_options_are_refused() -> None:
    with pytest.raises(RuleError) as info:
        RULES.new_game(["a", "b"], {"length": 7}, 1)
    assert info.value.code == "bad_option"
    with pytest.raises(RuleError):
        RULES.new_game(["a", "b"], {"factions": "nobility,nobility"}, 1)
    with pytest.raises(RuleError):
        RULES.new_game(["a", "b"], {"factions": "nobility,pirates"}, 1)
    with pytest.raises(RuleError):
        RULES.new_game(["a"], {}, 1)
    with pytest.raises(RuleError):
        RULES.new_game(["a", "b"], {"modules": "dragons"}, 1)


def test_seated_order_and_fixed_factions() -> None:
    state = game(3)
    g = data(state)
    assert g.order == ["p1", "p2", "p3"]
    assert [g.players[s].faction for s in g.order] == ["nobility", "clans", "uprising"]


def test_same_seed_same_game() -> None:
    a, b = game(4, seed=7, factions="random", order="random"), game(4, seed=7, factions="random", order="random")
    assert RULES.fingerprint(a) == RULES.fingerprint(b)
