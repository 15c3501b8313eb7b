"""7.8 How a battle is closed (engine.fief.war.battle.endings), each branch on both sides: the ending
announced, tasks of the battle dropped, the city taken or kept, captives of a beaten family freed, a
siege lifted, the spoils (7.2), a surrender, and a winning Cavalcade riding on (5.2)."""

from __future__ import annotations

import pytest

from engine.core import Event, RuleError
from engine.fief.state import Siege, Task
from engine.fief.war.battle import endings
from engine.fief.war.battle.sides import INVADERS
from engine.fief.war.state import Battle
from tests.fief.helpers import at_step, g, place


def _oxford(**kw: object):  # type: ignore[no-untyped-def]
    """Red (attacker, William on the outskirts with two knights) against blue (holder, Walter, men)."""
    s = at_step(7, "battle")
    d = g(s)
    d.nobles["william"].city, d.nobles["william"].outskirts = "Oxford", True
    d.nobles["walter"].city = "Oxford"
    place(s, "blue", "Oxford", "men", "men")
    place(s, "red", "Oxford", "knight", "knight", control=False).outskirts = True
    b = Battle("Oxford", "red", "blue", rolls=2, **kw)  # type: ignore[arg-type]
    d.war.battle = b
    s.take_events()
    return s, d, b


def _kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def test_7_8_finish_announces_the_ending_and_drops_only_the_battles_tasks() -> None:
    s, d, b = _oxford()
    keep = Task("plague", "green", city="York", count=1)
    d.tasks = [Task("losses", "blue", city="Oxford"), Task("battle_next", "red", city="Oxford"), keep]
    endings.finish(s, d, b, "deadlock")
    assert d.war.battle is None and d.tasks == [keep]
    assert d.war.battled_now == ["Oxford"]
    events = s.take_events()
    end, ended = [e for e in events if e.kind.startswith("battle.end")]
    assert (end.kind, end.data) == ("battle.end.deadlock", {"city": "Oxford", "attacker": "red", "defender": "blue",
                                                           "winner": None, "rounds": 2, "battle": "battle"})
    assert (ended.kind, ended.data) == ("battle.ended", {"city": "Oxford", "how": "deadlock", "winner": None,
                                                         "battle": "battle"})
    assert d.cities["Oxford"].controller == "blue" and d.nobles["william"].outskirts
    d.war.battle = b
    endings.finish(s, d, b, "deadlock")
    assert d.war.battled_now == ["Oxford"]   # counted once


def test_7_8_the_attacker_who_wins_takes_the_city_and_goes_inside() -> None:
    s, d, b = _oxford()
    d.cities["Oxford"].stacks["blue"].troops.clear()
    endings.finish(s, d, b, "victory", winner="red")
    c = d.cities["Oxford"]
    assert c.controller == "red" and not c.stacks["red"].outskirts and not d.nobles["william"].outskirts
    assert "blue" not in c.stacks   # an empty stack is cleared away
    control = [e for e in s.take_events() if e.kind == "city.control"]
    assert [e.data for e in control] == [{"city": "Oxford", "family": "red", "before": "blue"}]


def test_7_8_the_defender_who_wins_keeps_the_city_and_the_attacker_stays_outside() -> None:
    s, d, b = _oxford()
    endings.finish(s, d, b, "victory", winner="blue")
    assert d.cities["Oxford"].controller == "blue" and d.nobles["william"].outskirts
    assert "city.control" not in _kinds(s.take_events())


def test_7_8_a_winner_against_a_family_not_holding_the_city_does_not_take_it_from_a_third() -> None:
    s, d, b = _oxford()
    place(s, "green", "Oxford", "men")
    endings.finish(s, d, b, "victory", winner="red")
    assert d.cities["Oxford"].controller == "green"


def test_7_8_an_independent_city_goes_to_the_winner() -> None:
    s, d, b = _oxford()
    d.cities["Oxford"].controller = None
    d.cities["Oxford"].stacks["blue"].troops.clear()
    endings.finish(s, d, b, "victory", winner="red")
    assert d.cities["Oxford"].controller == "red"


def test_7_9_a_beaten_besieger_lifts_its_siege_and_a_winning_one_ends_it_by_taking_the_city() -> None:
    s, d, b = _oxford()
    c = d.cities["Oxford"]
    c.siege = Siege("red", since=1)
    c.stacks["red"].trebuchets = 1
    before = d.families["red"].stockpile["trebuchet"]
    endings.finish(s, d, b, "victory", winner="blue")
    assert c.siege is None and d.families["red"].stockpile["trebuchet"] == before + 1
    lifted = [e.data for e in s.take_events() if e.kind == "siege.lifted"]
    assert lifted == [{"city": "Oxford", "by": "red", "why": "besieger beaten"}]

    s, d, b = _oxford()
    c = d.cities["Oxford"]
    c.siege = Siege("red", since=1)
    c.stacks["red"].building = 1
    c.stacks["blue"].troops.clear()
    before = d.families["red"].stockpile["trebuchet"]
    endings.finish(s, d, b, "victory", winner="red")
    assert c.siege is None and c.stacks["red"].building == 0
    assert d.families["red"].stockpile["trebuchet"] == before + 1
    assert [e.data["why"] for e in s.take_events() if e.kind == "siege.lifted"] == ["city taken"]


def test_7_6_captives_of_a_beaten_family_with_no_troops_left_go_free_and_not_otherwise() -> None:
    for blue_troops, freed in ((0, True), (1, False)):
        s, d, b = _oxford()
        d.cities["Oxford"].stacks["blue"].troops = ["men"] * blue_troops
        lucia = d.nobles["lucia"]
        lucia.city, lucia.captor, lucia.held_by = "Oxford", "blue", "walter"
        endings.finish(s, d, b, "victory", winner="red")
        assert (lucia.captor is None) is freed
    s, d, b = _oxford()
    lucia = d.nobles["lucia"]
    lucia.city, lucia.captor, lucia.held_by = "Oxford", "blue", "walter"
    d.cities["Oxford"].stacks["blue"].troops.clear()
    endings.finish(s, d, b, "deadlock")
    assert lucia.captor == "blue"   # no winner: nobody freed


def test_7_2_the_losers_engines_go_home_and_the_winner_chooses_to_absorb_or_destroy() -> None:
    s, d, b = _oxford()
    blue = d.cities["Oxford"].stacks["blue"]
    blue.trebuchets, blue.bombards, blue.building = 1, 2, 1
    stock = dict(d.families["blue"].stockpile)
    endings.spoils(s, d, b, "red", "blue")
    assert (blue.trebuchets, blue.bombards, blue.building) == (0, 0, 0)
    assert d.families["blue"].stockpile["trebuchet"] == stock["trebuchet"] + 2
    assert d.families["blue"].stockpile["bombard"] == stock["bombard"] + 2
    (spoils,) = [e.data for e in s.take_events() if e.kind == "battle.spoils"]
    assert spoils == {"city": "Oxford", "winner": "red", "loser": "blue", "trebuchets": 1, "bombards": 2}
    (task,) = d.tasks
    assert (task.kind, task.family, task.city, task.count, task.options) == (
        "spoils", "red", "Oxford", 12, ["absorb", "destroy"])


def test_7_2_no_engines_no_spoils_and_invaders_take_none() -> None:
    s, d, b = _oxford()
    endings.spoils(s, d, b, "red", "blue")
    assert d.tasks == [] and "battle.spoils" not in _kinds(s.take_events())
    d.cities["Oxford"].stacks["blue"].bombards = 1
    endings.spoils(s, d, b, INVADERS, "blue")
    assert d.tasks == [] and "battle.spoils" in _kinds(s.take_events())
    d.cities["Oxford"].stacks["red"].bombards = 1
    endings.spoils(s, d, b, "blue", INVADERS)
    assert d.cities["Oxford"].stacks["red"].bombards == 1 and s.take_events() == []


def test_7_2_absorbing_takes_what_the_stockpile_holds_and_destroys_the_rest() -> None:
    s, d, _b = _oxford()
    stock = d.families["red"].stockpile
    stock["trebuchet"], stock["bombard"] = 1, 3
    endings.take_spoils(s, d, Task("spoils", "red", city="Oxford", count=21), absorb=True)
    st = d.cities["Oxford"].stacks["red"]
    assert (st.trebuchets, st.bombards, stock["trebuchet"], stock["bombard"]) == (1, 1, 0, 2)
    (taken,) = [e.data for e in s.take_events() if e.kind == "battle.spoils_taken"]
    assert taken == {"city": "Oxford", "family": "red", "trebuchets": 1, "bombards": 1, "destroyed": 1}
    endings.take_spoils(s, d, Task("spoils", "red", city="Oxford", count=11), absorb=False)
    assert (st.trebuchets, st.bombards, stock["trebuchet"], stock["bombard"]) == (1, 1, 0, 2)
    (taken,) = [e.data for e in s.take_events() if e.kind == "battle.spoils_taken"]
    assert (taken["trebuchets"], taken["bombards"], taken["destroyed"]) == (0, 0, 2)


def test_7_8_a_surrender_sends_the_troops_home_and_the_nobles_into_captivity() -> None:
    s, d, b = _oxford()
    men = d.families["blue"].stockpile["men"]
    endings.surrender(s, d, b, "blue")
    assert "blue" not in d.cities["Oxford"].stacks and d.families["blue"].stockpile["men"] == men + 2
    assert d.nobles["walter"].captor == "red" and d.nobles["walter"].held_by == "william"
    assert d.cities["Oxford"].controller == "red" and d.war.battle is None
    events = s.take_events()
    (losses,) = [e.data for e in events if e.kind == "battle.losses"]
    assert losses["family"] == "blue" and sorted(losses["units"]) == ["men", "men"]
    assert losses["captured"] == ["walter"]
    assert [e.data["winner"] for e in events if e.kind == "battle.end.surrender"] == ["red"]


def test_5_2_a_cavalcade_that_wins_rides_on_and_one_that_loses_does_not() -> None:
    for winner, rides in (("red", True), ("blue", False), (None, False)):
        s, d, b = _oxford(kind="cavalcade", mover="william", only=["knight", "knight"])
        endings.finish(s, d, b, "victory" if winner else "deadlock", winner=winner)
        assert (d.war.must_move == ["william"]) is rides
        assert d.war.cavalry == ({"william": ["knight", "knight"]} if rides else {})
    s, d, b = _oxford(mover="william")
    endings.finish(s, d, b, "victory", winner="red")
    assert d.war.must_move == []   # a plain battle: nobody must ride on


def test_13_3_beating_invaders_records_the_free_lords_of_the_winner_there() -> None:
    s, d, _b = _oxford()
    d.nobles["william"].titles, d.nobles["william"].outskirts = ["lord:VI"], False
    d.nobles["lucia"].city, d.nobles["lucia"].titles = "Oxford", ["lord:V"]
    d.nobles["lucia"].captor = "blue"
    d.nobles["walter"].titles = ["king"]   # 13.3: a sitting Sovereign decides at the time of the deed
    b = Battle("Oxford", INVADERS, "red", kind="invasion")
    d.war.battle = b
    endings.finish(s, d, b, "victory", winner="red")
    assert d.politics.deeds == ["william"] and [t.kind for t in d.tasks][-1:] == ["garter"]
    s, d, _b = _oxford()
    d.nobles["william"].titles = ["lord:VI"]
    b = Battle("Oxford", INVADERS, "red", kind="invasion")
    d.war.battle = b
    endings.finish(s, d, b, "victory", winner=INVADERS)
    assert d.politics.deeds == []


def test_7_8_withdrawing_nobles_take_at_most_the_troops_their_family_has_one_each() -> None:
    for knights, ok in ((1, False), (2, True)):
        s, d, b = _oxford()
        d.nobles["matilda"].city = "Oxford"
        d.cities["Oxford"].stacks["blue"].troops = ["knight"] * knights + ["men"]
        if not ok:
            with pytest.raises(RuleError) as err:
                endings.withdraw(s, d, b, "London", {"walter": "knight", "matilda": "knight"})
            assert err.value.code == "withdraw_units"
            assert d.nobles["walter"].city == "Oxford" and d.war.battle is b
            continue
        endings.withdraw(s, d, b, "London", {"walter": "knight", "matilda": "knight"})
        assert d.nobles["walter"].city == d.nobles["matilda"].city == "London"
        assert d.cities["London"].stacks["blue"].troops == ["knight", "knight"]
        assert d.cities["Oxford"].stacks["blue"].troops == ["men"]
        ended = [e.data for e in s.take_events() if e.kind == "battle.ended"]
        assert ended == [{"city": "Oxford", "how": "withdraw", "winner": None, "battle": "battle"}]


def test_7_8_a_withdrawal_without_escorts_leaves_every_troop_behind() -> None:
    s, d, b = _oxford()
    endings.withdraw(s, d, b, "Bristol", {})
    assert d.nobles["walter"].city == "Bristol" and "blue" not in d.cities["Bristol"].stacks
    assert sorted(d.cities["Oxford"].stacks["blue"].troops) == ["men", "men"]


def test_7_8_a_surrender_to_a_side_of_nobles_alone_is_taken_by_those_nobles() -> None:
    s, d, b = _oxford()
    d.cities["Oxford"].stacks["red"].troops.clear()
    endings.surrender(s, d, b, "blue")
    assert (d.nobles["walter"].captor, d.nobles["walter"].held_by) == ("red", "william")
    assert b.doomed == {}
    assert [e.data["winner"] for e in s.take_events() if e.kind == "battle.ended"] == ["red"]


def test_13_1_a_surrendering_lords_royal_guard_goes_back_to_the_supply_not_to_a_stockpile() -> None:
    s, d, b = _oxford()
    st = d.cities["Oxford"].stacks["blue"]
    st.troops = ["men", "royal_knight"]
    men = d.families["blue"].stockpile["men"]
    endings.surrender(s, d, b, "blue")
    assert d.families["blue"].stockpile["men"] == men + 1
    assert "royal_knight" not in d.families["blue"].stockpile
