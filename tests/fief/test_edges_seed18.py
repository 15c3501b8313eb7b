"""Edges found by the seed-18 mutation sample (issue 12): each test fails with the one-line change
named in its docstring and passes with the rules as written."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief.war.battle import endings
from engine.fief.war.battle.sides import INVADERS
from engine.fief.war.state import Battle
from tests.fief.helpers import act, do, g
from tests.fief.test_s10_midbattle import _battle
from tests.fief.test_s11_mercenaries import FRENCH, _with_card


def test_6_4_an_army_left_without_leader_or_foot_soldiers_leaves_the_map_when_its_battle_ends() -> None:
    """endings.finish: only the battle's armies in its city with nothing left are removed."""
    s = _battle()
    d = g(s)
    beaten, standing = list(d.armies.values())[:2]
    beaten.city, beaten.leader, beaten.foot, beaten.gone = "Exeter", False, 0, False
    standing.city, standing.leader, standing.foot, standing.gone = "Exeter", True, 2, False
    b = Battle("Exeter", "green", INVADERS, rolls=2, stage="attacker")
    b.armies = [beaten.id, standing.id]
    d.war.battle = b
    s.take_events()
    endings.finish(s, d, b, "annihilation")
    left = [e for e in s.take_events() if e.kind == "invaders.left"]
    assert [(e.data["army"], e.data["why"], e.data["city"]) for e in left] == [(beaten.id, "destroyed", "Exeter")]
    assert beaten.city is None and standing.city == "Exeter"


def test_11_1_a_renter_with_exactly_the_price_may_take_the_loan_and_one_shilling_less_may_not() -> None:
    """mercenaries.lend_check: the renter must hold the price, and holding exactly the price is enough."""
    for purse, takes in ((3, True), (2, False)):
        state = _with_card()
        do(state, "ann", "lend_mercenaries to:blue city:Whitby count:2 price:3")
        r = g(state).requests.open[0]
        g(state).players["bob"].shillings = purse
        if takes:
            act(state, "bob", "respond", request=r.id, accept=True)
            assert g(state).players["bob"].shillings == 0
            assert g(state).mercenaries[FRENCH].hired == {"blue": 2}
        else:
            with pytest.raises(RuleError) as err:
                act(state, "bob", "respond", request=r.id, accept=True)
            assert err.value.code == "shillings" and "3 shillings" in str(err.value)
            assert g(state).players["bob"].shillings == 2
