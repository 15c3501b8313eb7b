"""Phase 6: invaders (6.1-6.10)."""

from __future__ import annotations

from engine.fief.state import SeaCard
from engine.fief.war import invaders
from tests.fief.helpers import at_step, do, g, new, place, refused, seat_of


def _phase6():
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = 5, "move", 2, 0
    d.flow.queue = ["red"]
    for n in d.nobles.values():
        n.retainer = None
    return s


def test_6_1_reinforcements_never_pass_five():
    s = _phase6()
    a = g(s).armies["army-1"]
    a.city, a.foot = "York", 4
    s.take_events()
    invaders.reinforce(s, g(s))
    assert a.foot == 5
    told = [e.data for e in s.take_events() if e.kind == "invaders.reinforced"]
    assert told == [{"army": "army-1", "city": "York", "foot": 1}]


def test_6_2_at_most_four_armies_on_the_map():
    s = _phase6()
    d = g(s)
    for aid in ("army-1", "army-2", "army-3"):
        d.armies[aid].city, d.armies[aid].foot = "Berwick", 5
    d.seas["V"].append(SeaCard("invasion-1", "invasion"))
    s.rng.force(6)   # fff: three armies, one is left in the box
    invaders.land(s, d)
    assert sum(1 for a in d.armies.values() if a.city) == 4


def test_6_3_a_single_road_is_taken_without_a_draw():
    s = _phase6()
    assert invaders.direction(s, s.data, "Plymouth") == "Exeter"
    assert not [e for e in s.take_events() if e.kind == "random.pick"]


def test_6_4_nobles_and_engines_do_not_count():
    s = _phase6()
    d = g(s)
    d.armies["army-1"].city, d.armies["army-1"].foot = "Oxford", 3
    st = place(s, "red", "Oxford", "men", "men", "men")
    st.bombards = 3
    d.nobles[d.families["red"].nobles[0]].city = "Oxford"
    assert invaders.can_attack(d, "Oxford", "red")   # 4 units against 3 troops
    st.troops.append("men")
    assert not invaders.can_attack(d, "Oxford", "red")


def test_6_4_walls_need_a_die_after_the_penalty():
    s = _phase6()
    d = g(s)
    d.armies["army-1"].city, d.armies["army-1"].foot = "Oxford", 1   # 5 SP: one die, -2 at a Fortified City
    place(s, "red", "Oxford", "men")
    d.cities["Oxford"].building = "fortified"
    assert not invaders.can_attack(d, "Oxford", "red")
    d.cities["Oxford"].building = None
    assert invaders.can_attack(d, "Oxford", "red")


def test_6_9_invaders_leave_from_an_empty_port_reached_from_inland():
    s = _phase6()
    d = g(s)
    d.armies["army-1"].city, d.armies["army-1"].foot = "Lincoln", 5
    s.rng.force("S", "S")   # Lincoln -> King's Lynn (a port): they sail away
    events = do(s, "ann", "done")
    assert any(e.kind == "invaders.left" and e.data["why"] == "left england" for e in events)
    assert d.armies["army-1"].city is None and not d.armies["army-1"].gone


def test_6_11_6_12_leader_removed_hook():
    s = _phase6()
    d = g(s)
    d.armies["army-1"].city, d.armies["army-1"].foot = "Oxford", 3
    invaders.remove_leader(s, d, "army-1", "assassination")
    assert d.armies["army-1"].leader is False and d.armies["army-1"].city == "Oxford"
    d.armies["army-2"].city, d.armies["army-2"].foot = "York", 0
    invaders.remove_leader(s, d, "army-2", "ambush")
    assert d.armies["army-2"].gone


def test_6_9_6_10_between_rounds_the_parley_is_among_the_legal_choices():
    """The random agents and the autocomplete find the Danegeld and the Intervention between rounds."""
    import json
    from pathlib import Path

    from engine.core import Action
    from engine.fief import RULES
    from engine.scenario import Scenario

    path = Path(__file__).parents[1] / "scenarios" / "fief" / "s6_9_danegeld_between_rounds.json"
    spec = json.loads(path.read_text())
    spec["steps"] = spec["steps"][:2]
    spec["setup"]["nobles.william.titles"] = ["bishop:york"]
    sc = Scenario(str(path), spec)
    sc.run()
    legal = RULES.legal(sc.state, "kirsten")
    assert Action.of("danegeld", army="army-1", noble="william") in legal
    assert Action.of("intervene", army="army-1", noble="william") in legal
    assert Action.of("battle_next", choice="continue") in legal
    err = refused(sc.state, "kirsten", "danegeld army:army-9 noble:william")
    assert (err.section, err.code, err.message, err.legal) == (
        "6.9", "army", "no invader army 'army-9' in Lincoln", ["army-1"])   # each army once, whatever it offers


def test_6_4_a_lone_leader_beaten_in_battle_falls_and_his_army_leaves() -> None:
    """6.4: the Leader falls last, once his Foot Soldiers are gone (ruling P2-17b). An army reduced
    to its Leader used to stay after its defeat, so the same battle could be won again and again."""
    s = at_step(7, "battle")
    d = g(s)
    d.nobles["william"].city = "Oxford"
    place(s, "red", "Oxford", "knight", "knight")
    army = d.armies["army-1"]
    army.city, army.foot, army.leader = "Oxford", 0, True
    s.take_events()
    events = do(s, seat_of(s, "red"), "battle against:invaders city:Oxford")
    died = [e.data for e in events if e.kind == "invaders.leader_died"]
    assert died == [{"army": "army-1", "city": "Oxford", "cause": "beaten"}]
    assert army.city is None and not any(a.city == "Oxford" for a in d.armies.values())
    assert "victory" in [e.data.get("how") for e in events if e.kind == "battle.ended"]
    err = refused(s, seat_of(s, "red"), "battle against:invaders city:Oxford")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "no_enemy", "no family 'invaders' to fight in Oxford", "none")
