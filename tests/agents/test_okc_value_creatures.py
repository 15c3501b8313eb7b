"""The steady and schemer agents' OKC evaluation counts Legendary Creatures (engine/agents/okc_value.py): a
creature card in hand is worth more than an ordinary card, and one still in the Supply is worth something to
a player whose creature stands in a Region they contest without leading there (a loss brings it to hand)."""

from __future__ import annotations

import pytest

from engine.agents.okc_value import CARD, CREATURE, scores
from engine.okc.modules.legendary_creatures import lc
from tests.okc.helpers import data, game, spring_actions


def contested_plateau():  # type: ignore[no-untyped-def]
    state = game(2, modules="legendary_creatures")
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}, "p2": {"plateau": "clans.f4"}})
    return state


def test_a_creature_where_its_owner_trails_counts_its_card_and_nowhere_else() -> None:
    state = contested_plateau()
    g = data(state)
    before = scores(state)
    lc(g)["pieces"].update(p1="harvest_field", p2="harvest_field")        # both creatures in the Plateau
    after = scores(state)
    assert after["p2"] - before["p2"] == pytest.approx(CREATURE)          # the Cairn Wyrm's owner trails there
    assert after["p1"] == pytest.approx(before["p1"])                     # the leader would not lose
    lc(g)["supply"]["p2"] = None                                          # already claimed: nothing more to get
    assert scores(state)["p2"] == pytest.approx(before["p2"])
    lc(g)["pieces"].update(p2="castle")
    assert scores(state)["p2"] == pytest.approx(before["p2"])


def test_a_creature_card_in_hand_outweighs_an_ordinary_card() -> None:
    state = contested_plateau()
    g = data(state)
    g.players["p2"].hand = ["clans.f1"]
    ordinary = scores(state)["p2"]
    g.players["p2"].hand = ["lc.wyrm"]
    assert scores(state)["p2"] - ordinary == pytest.approx(CREATURE - CARD)


def test_without_the_module_nothing_changes() -> None:
    state = game(2)
    spring_actions(state, {"p1": {"plateau": "nobility.c9"}, "p2": {"plateau": "clans.f4"}})
    assert "legendary_creatures" not in data(state).extra
    assert set(scores(state)) == {"p1", "p2"}
