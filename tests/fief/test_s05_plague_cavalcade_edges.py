"""2.5 Plague on entry and 5.2 Cavalcade checks (engine.fief.war.movement), each branch on both sides:
which moves meet the Plague, who rolls, the troops lost (half, rounded down, Bombards spared, those
returning with their noble spared), Abbey shelter inside and not on the outskirts; a Cavalcade by
road, of knights only, against a foe present, never on the last move."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief.state import SeaCard
from engine.fief.war import movement
from tests.fief.helpers import at_step, g, place


def _war():  # type: ignore[no-untyped-def]
    s = at_step(5, "move")
    d = g(s)
    return s, d


def _plague(d, *regions: str) -> None:  # type: ignore[no-untyped-def]
    for r in regions:
        d.seas[r].append(SeaCard(f"plague-{r}", "plague"))


def _rolls(s) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for e in s.take_events() if e.kind == "random.roll" and "plague" in str(e.data.get("why")))


def _move(s, d, start: str, dest: str, units: list[str], faces=(6, 6, 6)):  # type: ignore[no-untyped-def]
    d.nobles["william"].city = start
    step = movement.check_move(d, "red", "william", dest, None, units)
    s.rng.force(*faces)
    s.take_events()
    movement.carry_out(s, d, step)
    return [t for t in d.tasks if t.kind == "plague"]


@pytest.mark.parametrize("start,dest,plagued,rolls", [
    ("Durham", "Whitby", ("IV",), 1),          # III -> IV: into the plague
    ("Whitby", "Durham", ("IV",), 0),          # out of it
    ("York", "Whitby", ("IV",), 0),            # inside the plague region
    ("Durham", "Whitby", ("III", "IV"), 0),    # from one plague region into another
    ("Durham", "Whitby", ("III",), 0),         # into a healthy region
    ("Durham", "Whitby", (), 0),
])
def test_2_5_only_a_move_from_a_healthy_region_into_a_plague_region_rolls(start, dest, plagued, rolls) -> None:
    s, d = _war()
    _plague(d, *plagued)
    _move(s, d, start, dest, [])
    assert _rolls(s) == rolls


@pytest.mark.parametrize("units,lost", [([], 0), (["men"], 0), (["men", "men"], 1), (["men", "men", "knight"], 1),
                                        (["men", "men", "knight", "archer"], 2), (["men", "bombard"], 0),
                                        (["men", "men", "bombard"], 1)])
def test_2_5_half_the_troops_entering_are_lost_rounded_down_and_bombards_spared(units, lost) -> None:
    s, d = _war()
    _plague(d, "IV")
    st = place(s, "red", "Durham", *[u for u in units if u != "bombard"])
    st.bombards = units.count("bombard")
    tasks = _move(s, d, "Durham", "Whitby", units)
    assert [(t.family, t.city, t.count) for t in tasks] == ([("red", "Whitby", lost)] if lost else [])


def test_2_5_a_noble_back_into_the_plague_region_it_left_rolls_not_and_its_escort_loses_nothing() -> None:
    s, d = _war()
    _plague(d, "IV")
    place(s, "red", "Whitby", "men", "men")
    _move(s, d, "Whitby", "Durham", ["men", "men"])
    assert _rolls(s) == 0 and "william|IV" in d.war.plague_seen
    place(s, "red", "Durham", "knight", "knight")
    tasks = _move(s, d, "Durham", "Whitby", ["men", "men", "knight", "knight"])
    assert _rolls(s) == 0
    assert [t.count for t in tasks] == [1]    # only the two knights that were not in the region: one lost


def test_2_5_another_noble_entering_does_roll_after_the_first_left() -> None:
    s, d = _war()
    _plague(d, "IV")
    d.war.plague_seen.append("lucia|IV")
    _move(s, d, "Durham", "Whitby", [])
    assert _rolls(s) == 1


@pytest.mark.parametrize("face,dies", [(3, True), (4, False)])
def test_2_5_a_captive_carried_in_rolls_and_dies_on_one_to_three(face, dies) -> None:
    s, d = _war()
    _plague(d, "IV")
    w = d.nobles["walter"]
    w.city, w.captor, w.held_by = "Durham", "red", "william"
    _move(s, d, "Durham", "Whitby", [], faces=(6, face))
    assert ("walter" not in d.nobles or d.nobles["walter"].city is None) is dies
    assert d.nobles["william"].city == "Whitby"


@pytest.mark.parametrize("building,outskirts,sheltered", [("abbey", False, True), ("royal_abbey", False, True),
                                                          ("abbey", True, False), ("stronghold", False, False),
                                                          (None, False, False)])
def test_2_5_an_abbey_shelters_those_who_go_inside(building, outskirts, sheltered) -> None:
    s, d = _war()
    _plague(d, "IV")
    c = d.cities["Whitby"]
    c.building = building
    if outskirts:
        place(s, "blue", "Whitby", "men")
    d.nobles["william"].city = "Durham"
    step = movement.check_move(d, "red", "william", "Whitby", None, [])
    s.rng.force(1)
    s.take_events()
    movement.carry_out(s, d, step, ask_entry=False)
    events = s.take_events()
    shelter = [e.data for e in events if e.kind == "plague.sheltered"]
    assert shelter == ([{"noble": "william", "city": "Whitby"}] if sheltered else [])
    assert ("william" in d.nobles and d.nobles["william"].city == "Whitby") is sheltered


# -- 5.2 Cavalcade -------------------------------------------------------------------------------
def _rider():  # type: ignore[no-untyped-def]
    s, d = _war()
    d.nobles["william"].city = "Oxford"
    place(s, "red", "Oxford", "knight", "knight", "men")
    place(s, "blue", "London", "men")
    return s, d


def test_5_2_a_cavalcade_rides_by_road_with_knights_only() -> None:
    _s, d = _rider()
    ok = movement.check_cavalcade(d, "red", "william", "London", "road", ["knight", "knight"])
    assert (ok.foe, ok.where, ok.step.units) == ("blue", "there", ("knight", "knight"))
    for units in ([], ["men"], ["knight", "men"]):
        with pytest.raises(RuleError) as err:
            movement.check_cavalcade(d, "red", "william", "London", "road", units)
        assert (err.value.code, err.value.legal) == ("cavalcade_units", "knight,knight")
    d.cities["Oxford"].stacks["red"].troops = ["men"]
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(d, "red", "william", "London", "road", ["men"])
    assert (err.value.code, err.value.legal) == ("cavalcade_units", "none")


def test_5_2_a_cavalcade_goes_by_road_not_by_sea() -> None:
    _s, d = _rider()
    d.nobles["william"].city = "London"
    d.war.sail_from["william"] = "London"
    place(_s, "red", "London", "knight", control=False)
    place(_s, "blue", "Plymouth", "men")
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(d, "red", "william", "Plymouth", "sea", ["knight"])
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "5.2", "cavalcade_road", "a Cavalcade rides by road", "via:road")


def test_5_2_a_cavalcade_needs_a_foe_standing_in_the_city_it_rides_to() -> None:
    s, d = _rider()
    d.cities["London"].stacks.clear()     # blue holds London but nobody of blue is there
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"])
    assert err.value.code == "cavalcade_foe"
    d.nobles["walter"].city = "London"     # a free noble of blue stands there
    assert movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"]).foe == "blue"
    d.nobles["walter"].captor = "green"    # a captive noble is not a foe to fight
    with pytest.raises(RuleError):
        movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"])
    d.cities["London"].controller = None
    place(s, "green", "London", "men", control=False)
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"])
    assert err.value.code == "cavalcade_foe"   # an Independent city: nobody holds it


def test_faq_a_cavalcade_with_two_moves_left_or_none_used_may_fight_not_with_one() -> None:
    _s, d = _rider()
    assert movement.MOVES == 2
    for used, ok in ((0, True), (1, False), (2, False)):
        d.war.moves["william"] = used
        if ok:
            assert movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"]).foe == "blue"
        else:
            with pytest.raises(RuleError):
                movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"])


@pytest.mark.parametrize("building,holder,inside,rider_out,walls", [
    ("stronghold", "blue", True, True, True), ("fortified", "blue", True, True, True),
    ("royal_stronghold", "blue", True, True, True), ("abbey", "blue", True, True, False),
    (None, "blue", True, True, False), ("stronghold", "green", True, True, False),
    ("stronghold", "blue", False, True, False), ("stronghold", "blue", True, False, False),
])
def test_5_2_walls_stand_between_only_a_holder_inside_its_defences_and_a_rider_outside(
        building, holder, inside, rider_out, walls) -> None:
    s, d = _war()
    c = d.cities["London"]
    place(s, "blue", "London", "men", control=False).outskirts = not inside
    c.building, c.controller = building, holder
    d.nobles["william"].city, d.nobles["william"].outskirts = "London", rider_out
    assert movement.walls_between(d, "London", "red", "blue", "william") is walls
    c.stacks["blue"].troops.clear()
    assert movement.walls_between(d, "London", "red", "blue", "william") is False   # nobody behind them
