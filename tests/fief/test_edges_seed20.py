"""Edges found by the seed-20 mutation sample (issue 12): each test fails with the one-line change
named in its docstring and passes with the rules as written. Broad tests of a whole rule area live in
the ``test_sNN_*_edges.py`` files next to this one."""

from __future__ import annotations

import pytest

from engine.core import Event, RuleError
from engine.fief.board import excalibur
from engine.fief.playouts import coverage
from engine.fief.state import SeaCard
from engine.fief.war import movement
from engine.fief.war.battle import endings
from engine.fief.war.state import Battle
from tests.fief.helpers import at_step, g, place


def _war(phase: int = 5, step: str = "move", queue: tuple[str, ...] = ("red",)):  # type: ignore[no-untyped-def]
    s = at_step(phase, step, queue)
    return s


# -- 7.8 Withdraw (PASSAGE): no request to enter the walls of the city withdrawn to ----------------
def _oxford_battle():  # type: ignore[no-untyped-def]
    s = _war(7, "battle")
    d = g(s)
    d.nobles["william"].city, d.nobles["william"].outskirts = "Oxford", True
    d.nobles["walter"].city = "Oxford"
    place(s, "blue", "Oxford", "men", "men", "knight")
    place(s, "red", "Oxford", "knight", "knight", control=False).outskirts = True
    b = Battle("Oxford", "red", "blue", rolls=1)
    d.war.battle = b
    return s, d, b


def test_7_8_a_withdrawal_to_another_familys_walls_stops_outside_without_asking_to_enter() -> None:
    """endings.withdraw: carry_out(..., ask_entry=False); with True the holder would be asked."""
    s, d, b = _oxford_battle()
    d.cities["London"].building = "stronghold"
    place(s, "green", "London", "men")
    endings.withdraw(s, d, b, "London", {"walter": "knight"})
    assert d.nobles["walter"].city == "London" and d.nobles["walter"].outskirts
    assert d.cities["London"].controller == "green"
    assert [r.kind for r in d.requests.open] == []
    assert d.war.battle is None


def test_7_8_a_withdrawal_refuses_an_escort_for_an_attacker_or_a_troop_not_there() -> None:
    """endings.withdraw: each escort belongs to a defending noble, one troop of a type its family has."""
    s, d, b = _oxford_battle()
    for escorts, message, legal in (
            ({"william": "knight"}, "'william' is not a defending noble", ["walter"]),
            ({"walter": "archer"}, "each withdrawing noble takes one troop of its own family",
             sorted(set(d.cities["Oxford"].stacks["blue"].troops)))):
        with pytest.raises(RuleError) as err:
            endings.withdraw(s, d, b, "London", escorts)
        assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
            "7.8", "withdraw_units", message, legal)
        assert d.nobles["walter"].city == "Oxford" and d.war.battle is b


# -- 13.2 Excalibur passed on when its bearer falls ----------------------------------------------
def _bearer_at_winchester():  # type: ignore[no-untyped-def]
    s = _war()
    d = g(s)
    for nid in ("arthur", "walter", "matilda", "edward"):
        d.nobles[nid].city = "Winchester"
    d.excalibur.holder, d.excalibur.stone, d.excalibur.city = "arthur", False, None
    s.take_events()
    return s, d


def test_13_2_the_sword_passes_at_once_only_to_an_eligible_taker_in_the_city() -> None:
    """excalibur.pass_on: ``t is not None and eligible(t) and t.city == ...``; with ``or`` a lady or a
    captive standing there would take it."""
    for to, takes in (("walter", True), ("matilda", False), (None, False)):
        s, d = _bearer_at_winchester()
        excalibur.pass_on(s, d, "arthur", to)
        assert d.excalibur.holder == (to if takes else None)
        assert d.excalibur.city == (None if takes else "Winchester") and not d.excalibur.stone
    s, d = _bearer_at_winchester()
    d.nobles["walter"].captor = "red"
    excalibur.pass_on(s, d, "arthur", "walter")
    assert d.excalibur.holder is None and d.excalibur.city == "Winchester"
    s, d = _bearer_at_winchester()
    d.nobles["walter"].city = "Oxford"
    excalibur.pass_on(s, d, "arthur", "walter")
    assert d.excalibur.holder is None


def test_13_2_the_sword_taken_from_a_fallen_bearer_is_announced_as_taken() -> None:
    """excalibur.pass_on: _bear(..., "taken"); with None the event would not say how."""
    s, d = _bearer_at_winchester()
    excalibur.pass_on(s, d, "arthur", "walter")
    (taken,) = [e for e in s.take_events() if e.kind == "excalibur.taken"]
    assert taken.data == {"noble": "walter", "family": "blue", "city": "Winchester", "how": "taken"}


def test_13_2_a_bearer_fallen_outside_any_city_sends_the_sword_back_to_its_stone() -> None:
    """excalibur.fall (ruling X4): no city, the stone at Winchester; the taker there may not take it."""
    s, d = _bearer_at_winchester()
    d.nobles["arthur"].city = None
    excalibur.pass_on(s, d, "arthur", "walter")
    assert d.excalibur.holder is None and d.excalibur.stone and d.excalibur.city == "Winchester"


def test_13_2_pass_on_for_a_noble_not_bearing_the_sword_changes_nothing() -> None:
    s, d = _bearer_at_winchester()
    excalibur.pass_on(s, d, "walter", "edward")
    assert d.excalibur.holder == "arthur" and s.take_events() == []


# -- FAQ / 5.2 the Cavalcade's refusals say what is wrong ----------------------------------------
def test_faq_the_last_move_refusal_explains_itself() -> None:
    """movement.check_cavalcade: the wording of the last-move refusal (a player reads it)."""
    s = _war()
    d = g(s)
    d.nobles["william"].city = "Oxford"
    place(s, "red", "Oxford", "knight")
    place(s, "blue", "London", "men")
    d.war.moves["william"] = 1
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"])
    assert (err.value.section, err.value.code) == ("FAQ", "cavalcade_last")
    assert err.value.message == "a Cavalcade cannot fight on the noble's last move"
    assert err.value.legal == "move without cavalcade"
    d.war.moves["william"] = 0
    assert movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"]).foe == "blue"


def test_5_2_each_cavalcade_refusal_names_what_is_wrong() -> None:
    """movement.check_cavalcade: by road, knights only, a foe to fight (each refusal's code and words)."""
    s = _war()
    d = g(s)
    d.nobles["william"].city = "Oxford"
    place(s, "red", "Oxford", "knight", "men")
    cases = [("London", ["knight", "men"], "cavalcade_units", "a Cavalcade is a noble with knights, and knights only"),
             ("London", [], "cavalcade_units", "a Cavalcade is a noble with knights, and knights only"),
             ("London", ["knight"], "cavalcade_foe",
              "nobody to fight: London is not held by another family and the way out is free")]
    for dest, units, code, words in cases:
        with pytest.raises(RuleError) as err:
            movement.check_cavalcade(d, "red", "william", dest, "road", units)
        assert (err.value.section, err.value.code, err.value.message) == ("5.2", code, words)
    place(s, "red", "London", "men")
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(d, "red", "william", "London", "road", ["knight"])
    assert err.value.code == "cavalcade_foe"   # its own city: nobody to fight


# -- 2.5 a captive carried back into the plague region it left does not roll again ---------------
@pytest.mark.parametrize("seen,rolls", [(False, 2), (True, 1)])
def test_2_5_a_captive_carried_back_into_a_plague_region_it_left_does_not_roll(seen, rolls) -> None:
    """movement.plague_on_entry: meets_plague(g, x.id, ...) for each captive; with None every captive rolls."""
    s = _war()
    d = g(s)
    d.nobles["william"].city = "Durham"
    d.nobles["walter"].city, d.nobles["walter"].captor, d.nobles["walter"].held_by = "Durham", "red", "william"
    d.seas["IV"].append(SeaCard("plague-1", "plague"))
    if seen:
        d.war.plague_seen.append("walter|IV")
    step = movement.check_move(d, "red", "william", "Whitby", None, [])
    s.rng.force(6, 6)
    s.take_events()
    movement.carry_out(s, d, step)
    plague = [e for e in s.take_events() if e.kind == "random.roll" and "plague" in str(e.data.get("why"))]
    assert len(plague) == rolls


# -- coverage: the goals each event reaches ----------------------------------------------------
def _mark(kind: str, battle: bool = False, round_: int = 3, **data: object) -> tuple[str, ...]:
    d = g(_war())
    d.flow.round = round_
    d.war.battle = Battle("Oxford", "red", "blue") if battle else None
    return coverage.marks(d, Event.public(kind, **data))


@pytest.mark.parametrize("kind,data,goals", [
    ("marriage.made", {}, ("marriage made (9.0)",)),
    ("parliament.convened", {}, ("parliament convened (9.2)",)),
    ("mercenaries.hired", {}, ("mercenaries hired (11.1)",)),
    ("parliament.burgher", {}, ("Burgher votes in Parliament (11.2)",)),
    ("relic.discovered", {}, ("relic discovered (12.0)",)),
    ("garter.awarded", {}, ("Garter awarded (13.3)",)),
    ("royal_stronghold.garrison", {}, ("Royal Stronghold troops change sides (4.9)",)),
    ("crown.taken", {"how": "election"}, ("king elected (9.1)",)),
    ("crown.taken", {"how": "excalibur"}, ()),
    ("parliament.revealed", {"passed": True}, ("royal tax passed (9.2)",)),
    ("parliament.revealed", {"passed": False}, ()),
    ("rebellion.raised", {"burgher": True}, ("Burgher Rebellion (11.2)",)),
    ("rebellion.raised", {"burgher": False}, ("Rebellion card played (10.1)",)),
    ("rebellion.joined", {"burgher": True}, ("Burgher Rebellion (11.2)",)),
    ("rebellion.joined", {}, ("Rebellion card played (10.1)",)),
    ("passage.evade", {"burgher": True}, ("Burgher Passage (11.2)",)),
    ("passage.evade", {}, ("Passage card played (10.2)",)),
    ("rebellion.passage", {"burgher": True}, ("Burgher Passage (11.2)",)),
    ("rebellion.passage", {}, ("Passage card played (10.2)",)),
    ("board.card_placed", {"card": "burgher-2"}, ("Burgher laid on a family board (11.2)",)),
    ("board.card_placed", {"card": "mercenary-1"}, ()),
    ("board.card_placed", {}, ()),
    ("excalibur.taken", {"how": "drawn"}, ("Excalibur drawn (13.2)",)),
    ("excalibur.taken", {"how": "taken"}, ()),
    ("noble.moved", {"burgher": True, "how": "drawn", "passed": True}, ()),
])
def test_coverage_marks_each_goal_on_its_event_and_only_there(kind, data, goals) -> None:
    """coverage.marks: each goal, each side of its condition (the burgher flag, the card's name, how)."""
    assert _mark(kind, **data) == goals


@pytest.mark.parametrize("kind,goal", [("card.assassination", "Assassination played (10.3)"),
                                       ("card.justice", "Justice played (10.4)"),
                                       ("card.ambush", "Ambush played (10.5)")])
def test_coverage_a_strike_counts_as_mid_battle_only_while_a_battle_is_being_fought(kind, goal) -> None:
    assert _mark(kind) == (goal,)
    assert _mark(kind, battle=True) == (goal, "a card strikes between two battle rounds (O-6b)")


@pytest.mark.parametrize("reason,round_,goals", [
    ("a solo victory (8.2)", 6, ("victory: solo (8.2)", "solo victory before round 7 (8.2)")),
    ("a solo victory (8.2)", 7, ("victory: solo (8.2)",)),
    ("an alliance (8.3)", 6, ("victory: alliance (8.3, 13.7)", "alliance victory before round 7 (8.3, 13.7)")),
    ("two families (13.7)", 6, ("victory: alliance (8.3, 13.7)", "alliance victory before round 7 (8.3, 13.7)")),
    ("an alliance (8.3)", 7, ("victory: alliance (8.3, 13.7)",)),
    ("most VP (8.5)", 7, ("victory: end of round 7 (8.5)",)),
])
def test_coverage_victories_split_by_kind_and_by_round_seven(reason, round_, goals) -> None:
    assert _mark("game.over", round_=round_, reason=reason) == goals


def test_coverage_every_goal_marked_is_one_the_simulator_counts() -> None:
    assert coverage.LAST_ROUND == 7
    assert len(set(coverage.GOALS)) == len(coverage.GOALS) == 24


# -- 7.4, 10.2 a Passage through the tunnels, or aid to invaders, needs walls to get past -------------
_NO_WALLS = ("7.4", "a Passage through the tunnels needs walls to get past",
             "a city with a Stronghold or Fortified City")
_NOT_BEFORE = ("7.4", "your troops must stand before another family's walls",
               "a city you are besieging or about to attack")
_NO_AID = ("10.2", "invaders can be helped only against another family's walls", "another use")
_NO_PENALTY = ("7.4", "the battle being fought has no wall penalty for that side to cancel", "another use")


def _assault(use: str, city: str = "Exeter", building: str | None = "stronghold", holder: str | None = "blue",
             red_there: bool = True, battle: Battle | None = None):  # type: ignore[no-untyped-def]
    from engine.fief.opportunity import cards as opportunity_cards
    s = _war(7, "battle")
    d = g(s)
    d.cities["Exeter"].building, d.cities["Exeter"].controller = building, holder
    d.cities["Oxford"].building = "stronghold"
    if red_there:
        place(s, "red", "Exeter", "men", control=False)
    d.war.battle = battle
    try:
        opportunity_cards._check_assault(d, "ann", use, city)
    except RuleError as err:
        assert err.code == "passage_walls"
        return (err.section, err.message, err.legal)
    return None


@pytest.mark.parametrize("use,kw,refusal", [
    ("tunnels", {"city": "Atlantis"}, _NO_WALLS),
    ("tunnels", {"building": None}, _NO_WALLS),
    ("tunnels", {"building": "abbey"}, _NO_WALLS),
    ("aid", {"building": "mill"}, _NO_WALLS),
    ("tunnels", {}, None),
    ("tunnels", {"building": "fortified"}, None),
    ("tunnels", {"building": "royal_stronghold"}, None),
    ("tunnels", {"holder": "red"}, _NOT_BEFORE),
    ("tunnels", {"red_there": False}, _NOT_BEFORE),
    ("tunnels", {"holder": None}, None),
    ("aid", {}, None),
    ("aid", {"red_there": False}, None),
    ("aid", {"holder": None}, _NO_AID),
    ("aid", {"holder": "red"}, _NO_AID),
])
def test_7_4_a_passage_before_a_battle_needs_another_familys_walls(use, kw, refusal) -> None:
    """opportunity._check_assault without a battle: each wall and holder condition, each side."""
    assert _assault(use, **kw) == refusal


@pytest.mark.parametrize("use,battle,refusal", [
    ("tunnels", Battle("Exeter", "red", "blue", penalty=1), None),
    ("tunnels", Battle("Exeter", "red", "blue", archers_min=3), None),
    ("tunnels", Battle("Exeter", "red", "blue"), _NO_PENALTY),
    ("tunnels", Battle("Oxford", "red", "blue", penalty=1), _NO_PENALTY),
    ("tunnels", Battle("Exeter", "blue", "red", penalty=1), _NO_PENALTY),
    ("tunnels", Battle("Exeter", "invaders", "blue", penalty=1), _NO_PENALTY),
    ("aid", Battle("Exeter", "invaders", "blue", penalty=1), None),
    ("aid", Battle("Exeter", "invaders", "blue", archers_min=2), None),
    ("aid", Battle("Exeter", "invaders", "blue"), _NO_PENALTY),
    ("aid", Battle("Exeter", "red", "blue", penalty=1), _NO_PENALTY),
    ("aid", Battle("Oxford", "invaders", "blue", penalty=1), _NO_PENALTY),
])
def test_7_4_a_passage_during_a_battle_cancels_only_a_wall_penalty_of_that_battle(use, battle, refusal) -> None:
    """opportunity._check_assault with a battle: its city, the side helped, a penalty to cancel."""
    assert _assault(use, battle=battle, holder="blue", red_there=False) == refusal


# -- 7.8, 10.2 a Withdraw only by the defender between two rounds; a guide only for a led army ---------
def test_7_8_withdraw_only_for_the_defender_between_two_rounds_to_a_neighbour() -> None:
    from engine.fief.opportunity import cards as opportunity_cards
    from engine.fief.state import Task
    s = _war(7, "battle")
    d = g(s)

    def refusal(dest: str = "London") -> str | None:
        try:
            opportunity_cards._check_withdraw(d, "bob", dest)
        except RuleError as err:
            assert err.section == "7.8"
            return err.code
        return None

    assert refusal() == "passage_withdraw"                       # no battle
    d.war.battle = Battle("Oxford", "red", "blue", rolls=1)
    assert refusal() == "passage_withdraw"                       # no round ended
    d.tasks = [Task("losses", "blue", city="Oxford")]
    assert refusal() == "passage_withdraw"                       # losses still to take
    d.tasks = [Task("battle_next", "red", city="Oxford")]
    assert refusal() is None
    assert refusal("York") == "withdraw_city"
    d.war.battle = Battle("Oxford", "blue", "red", rolls=1)       # blue attacks: no withdrawal
    assert refusal() == "passage_withdraw"


def test_10_2_a_guide_needs_an_invader_army_on_the_map_with_its_leader_not_yet_guided() -> None:
    from engine.fief.opportunity import cards as opportunity_cards
    s = _war(6, "parley")
    d = g(s)
    a = d.armies["army-1"]
    a.city, a.leader = "York", True
    assert opportunity_cards.guided_army(d, "army-1") == "army-1"
    for change in ({"leader": False}, {"city": None}, {"gone": True}):
        for k, v in change.items():
            setattr(a, k, v)
        with pytest.raises(RuleError) as err:
            opportunity_cards.guided_army(d, "army-1")
        assert (err.value.code, err.value.legal) == ("passage_guide", "none")
        a.city, a.leader, a.gone = "York", True, False
    d.opp.guided.append("army-1")
    with pytest.raises(RuleError):
        opportunity_cards.guided_army(d, "army-1")
    with pytest.raises(RuleError) as err:
        opportunity_cards.guided_army(d, "army-9")
    assert err.value.legal == "none"
    d.opp.guided.clear()
    with pytest.raises(RuleError) as err:
        opportunity_cards.guided_army(d, "army-9")
    assert err.value.legal == ["army-1"]
