"""4.9: the troops in a Royal Stronghold change sides when the Sovereign changes (ruling R28b)."""

from engine.fief.crown import crowning, royal_stronghold
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
    gs.cities["Bristol"].stacks["red"].revealed = True
    before = {f: dict(gs.families[f].stockpile) for f in ("red", "blue")}
    n = gs.nobles
    n["william"].city = "Bristol"                                        # the holder's noble steps out (5.1)
    n["lucia"].city, n["lucia"].captor = "Bristol", "yellow"             # a captive stays where it is held
    n["matilda"].city, n["matilda"].outskirts = "Bristol", True          # the new holder's noble goes in
    n["arthur"].city, n["arthur"].outskirts = "Bristol", True            # a third family's is left alone
    n["edward"].city = "Berwick"                                         # and so is everyone elsewhere
    n["walter"].outskirts = True                                         # (the new holder's too)
    state.take_events()
    _crown(state, "walter")   # Walter is of the blue family
    c = gs.cities["Bristol"]
    assert "red" not in c.stacks
    assert sorted(c.stacks["blue"].troops) == ["archer", "knight", "men"]
    assert not c.stacks["blue"].outskirts and not c.stacks["blue"].revealed
    assert c.controller == "blue"
    for unit in ("knight", "men", "archer"):                             # each marker swapped, one for one
        assert gs.families["blue"].stockpile[unit] == before["blue"][unit] - 1
        assert gs.families["red"].stockpile[unit] == before["red"][unit] + 1
    assert [(x, n[x].outskirts) for x in ("william", "lucia", "matilda", "arthur", "edward", "walter")] == \
        [("william", True), ("lucia", False), ("matilda", False), ("arthur", True), ("edward", False), ("walter", True)]
    events = state.take_events()
    garrison = next(e for e in events if e.kind == "royal_stronghold.garrison")
    assert garrison.data["turned"] == {"red": ["knight", "men", "archer"]} and garrison.data["deserted"] == {}
    control = next(e for e in events if e.kind == "city.control" and e.data["city"] == "Bristol")
    assert (control.data["family"], control.data["before"], control.data["why"]) == ("blue", "red", "royal_garrison")


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
    gs.cities["Bristol"].stacks["blue"].revealed = True
    gs.cities["Bristol"].siege = Siege("blue")
    _crown(state, "walter")
    c = gs.cities["Bristol"]
    assert c.siege is None and c.controller == "blue"
    assert sorted(c.stacks["blue"].troops) == ["archer", "knight", "men", "men"]
    assert not c.stacks["blue"].outskirts and not c.stacks["blue"].revealed   # new markers, face down


def test_4_9_a_garrison_that_all_deserts_leaves_the_holder_and_another_s_siege_in_place() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red", troops=("knight", "men"))
    gs.cities["Bristol"].stacks["red"].troops.append("crossbow")
    gs.cities["Bristol"].siege = Siege("green")
    gs.families["blue"].stockpile.update(knight=0, men=0)
    _crown(state, "walter")
    c = gs.cities["Bristol"]
    assert c.controller == "red" and "blue" not in c.stacks and c.siege == Siege("green")
    assert c.stacks["red"].troops == ["crossbow"] and not c.stacks["red"].outskirts
    garrison = next(e for e in state.take_events() if e.kind == "royal_stronghold.garrison")
    assert garrison.data["turned"] == {} and garrison.data["deserted"] == {"red": ["knight", "men"]}


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


def test_4_9_a_battle_in_one_royal_stronghold_holds_back_only_its_own_garrison() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    _royal_stronghold(state, city="York", holder="red", troops=("men",))
    gs.war.battle = Battle("Bristol", "green", "red")      # the first in order is held back
    _crown(state, "walter")
    assert gs.garrison_due == ["Bristol"]
    assert sorted(gs.cities["Bristol"].stacks["red"].troops) == ["archer", "knight", "men"]
    assert gs.cities["York"].stacks["blue"].troops == ["men"] and "red" not in gs.cities["York"].stacks


def test_4_9_nothing_changes_without_a_royal_stronghold() -> None:
    state = started()
    place(state, "red", "Bristol", "men")
    _crown(state, "walter")
    assert g(state).cities["Bristol"].stacks["red"].troops == ["men"]


def test_4_9_a_battle_elsewhere_holds_nothing_back() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    gs.war.battle = Battle("Whitby", "green", "blue")
    _crown(state, "walter")
    assert gs.garrison_due == [] and "red" not in gs.cities["Bristol"].stacks


def test_4_9_a_garrison_held_back_turns_once_and_only_while_the_stronghold_stands() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    b = Battle("Bristol", "green", "red")
    gs.war.battle = b
    _crown(state, "walter")
    royal_stronghold.crowned(state, gs, "blue")          # crowned again before the battle ends
    assert gs.garrison_due == ["Bristol"]
    gs.cities["Bristol"].building = None                 # the Royal Stronghold fell meanwhile
    endings.finish(state, gs, b, "truce")
    assert gs.garrison_due == [] and sorted(gs.cities["Bristol"].stacks["red"].troops) == ["archer", "knight", "men"]


def test_4_9_a_battle_in_the_city_without_a_new_sovereign_changes_no_side() -> None:
    state = started()
    gs = _royal_stronghold(state, holder="red")
    b = Battle("Bristol", "green", "red")
    gs.war.battle = b
    endings.finish(state, gs, b, "truce")
    assert sorted(gs.cities["Bristol"].stacks["red"].troops) == ["archer", "knight", "men"]
