"""4.9: the troops in a Royal Stronghold change sides when the Sovereign changes (ruling R28b)."""

from engine.fief.crown import crowning
from engine.fief.state import Siege
from engine.fief.war.battle import endings
from engine.fief.war.state import Battle
from tests.fief.helpers import g, place, started


def _royal_stronghold(state, city="Bristol", holder="blue", troops=("knight", "men", "archer")):
    gs = g(state)
    gs.cities[city].building = "royal_stronghold"
    place(state, holder, city, *troops)
    return gs


def _crown(state, noble="walter"):
    gs = g(state)
    gs.nobles[noble].titles.append("lord:II")
    crowning.crown(state, gs, noble, "election")


def test_4_9_the_garrison_serves_the_new_sovereign_and_he_holds_the_city() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    before = dict(gs.families["blue"].stockpile)
    _crown(state, "walter")   # Walter is of the blue family
    c = gs.cities["Bristol"]
    assert "red" not in c.stacks
    assert sorted(c.stacks["blue"].troops) == ["archer", "knight", "men"]
    assert c.controller == "blue"
    assert gs.families["blue"].stockpile["knight"] == before["knight"] - 1
    assert [e for e in state.take_events() if e.kind == "royal_stronghold.garrison"]


def test_4_9_a_troop_the_new_sovereign_cannot_match_goes_home_and_crossbowmen_stay() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red", troops=("knight", "men"))
    gs.cities["Bristol"].stacks["red"].troops.append("crossbow")   # a hired Mercenary (11.1)
    gs.families["blue"].stockpile["knight"] = 0
    red_knights = gs.families["red"].stockpile["knight"]
    _crown(state, "walter")
    c = gs.cities["Bristol"]
    assert c.stacks["blue"].troops == ["men"]
    assert c.stacks["red"].troops == ["crossbow"] and c.stacks["red"].outskirts
    assert gs.families["red"].stockpile["knight"] == red_knights + 1


def test_4_9_the_sovereigns_own_troops_and_the_siege_it_laid() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    place(state, "blue", "Bristol", "men", control=False)
    gs.cities["Bristol"].stacks["blue"].outskirts = True
    gs.cities["Bristol"].siege = Siege("blue")
    _crown(state, "walter")
    c = gs.cities["Bristol"]
    assert c.siege is None and c.controller == "blue"
    assert sorted(c.stacks["blue"].troops) == ["archer", "knight", "men", "men"]
    assert not c.stacks["blue"].outskirts


def test_4_9_a_battle_in_the_city_is_fought_to_its_end_before_the_garrison_turns() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    place(state, "green", "Bristol", "men", control=False).outskirts = True   # the attacker, at the gates
    b = Battle("Bristol", "green", "red")
    gs.war.battle = b
    _crown(state, "walter")
    assert gs.garrison_due == ["Bristol"]
    assert sorted(gs.cities["Bristol"].stacks["red"].troops) == ["archer", "knight", "men"]
    endings.finish(state, gs, b, "truce")
    assert gs.garrison_due == []
    assert sorted(gs.cities["Bristol"].stacks["blue"].troops) == ["archer", "knight", "men"]
    assert gs.cities["Bristol"].stacks["green"].troops == ["men"]


def test_4_9_nothing_changes_without_a_royal_stronghold() -> None:
    state = started()
    place(state, "red", "Bristol", "men")
    _crown(state, "walter")
    assert g(state).cities["Bristol"].stacks["red"].troops == ["men"]
