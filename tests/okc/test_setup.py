"""Setup A-P (p.6-7) for 2, 3 and 4 players and the three game lengths (p.48)."""

from __future__ import annotations

from typing import Any

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


def refusal(seats: list[str], options: dict[str, Any]) -> tuple:
    """The refusal of a new game whole: (section, code, message, legal)."""
    with pytest.raises(RuleError) as info:
        RULES.new_game(seats, options, 1)
    return (info.value.section, info.value.code, info.value.message, info.value.legal)


def test_bad_options_are_refused() -> None:
    assert refusal(["a", "b"], {"length": 7}) == (
        "p.48 Game length", "bad_option", "length 7 is not a game length", [4, 5, 6])
    factions = ["nobility", "clans", "uprising", "gathering"]
    assert refusal(["a", "b"], {"factions": "nobility,nobility"}) == (
        "p.34 Factions", "bad_option", "factions 'nobility,nobility': one different faction per seat", factions)
    assert refusal(["a", "b"], {"factions": "nobility,pirates"})[2] == \
        "factions 'nobility,pirates': one different faction per seat"
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


def test_a_module_whose_content_fails_its_checks_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # The shipped modules' content passes its checks (test_content), so only a broken one, made here,
    # meets this refusal.
    from engine.okc.content.schema import ContentError
    from engine.okc.modules.shipped import MODULES

    def broken() -> None:
        raise ContentError("travelling_town.toml", "cards.town", "no name")

    monkeypatch.setattr(MODULES["travelling_town"], "content", broken)
    assert refusal(["a", "b"], {"modules": "travelling_town"}) == (
        "content", "bad_pack", "travelling_town.toml: cards.town: no name", None)
