"""Assassination, Justice and Ambush during a battle (10.3-10.5, 7.8; ruling O-6b): between two
battle rounds they strike; while hits or captures are being settled they wait, and say so."""

from __future__ import annotations

from engine.fief import RULES
from engine.fief.state import Task
from engine.fief.war.state import Battle
from tests.fief.helpers import act, g, give_card, place, refused
from tests.fief.test_s10_opportunity import _at, _table


def _battle(task: str = "battle_next"):
    """Green (cat: Arthur) attacks blue (bob: Walter) in Exeter, open field; ``task`` is what the battle waits on."""
    s = _table("battle", 7)
    d = g(s)
    d.cities["Exeter"].building = None
    place(s, "blue", "Exeter", "men", "men", "archer")
    _at(s, "walter", "Exeter")
    place(s, "green", "Exeter", "knight", "men", control=False).outskirts = True
    _at(s, "arthur", "Exeter")
    d.nobles["arthur"].outskirts = True
    d.war.battle = Battle("Exeter", "green", "blue", rolls=1, stage="attacker")
    d.tasks.append(Task(task, "green", city="Exeter", options=["continue", "surrender", "truce"]))
    return s


def test_o_6b_justice_between_two_rounds_leaves_the_troops_fighting_and_offers_the_end():
    s = _battle()
    d = g(s)
    d.nobles["walter"].heresy = True
    give_card(s, "ann", "justice-1")
    assert any(a.kind == "justice" and a.get("target") == "walter" for a in RULES.legal(s, "ann"))
    act(s, "ann", "justice", card="justice-1", target="walter")
    assert "walter" not in d.nobles
    assert d.cities["Exeter"].stacks["blue"].troops == ["men", "men", "archer"]   # no scattering mid-battle
    assert d.war.battle is not None
    assert "end" in d.tasks[0].options   # 7.8: green faces troops without a noble


def test_o_6b_ambush_mid_battle_takes_the_noble_captive_and_drops_the_archers_aim():
    s = _battle()
    d = g(s)
    d.war.battle.targets["blue"] = "arthur"
    _at(s, "edward", "Exeter")   # yellow (dan) stands in the field at Exeter
    give_card(s, "dan", "ambush-1")
    act(s, "dan", "ambush", card="ambush-1", noble="edward", target="arthur")
    assert d.nobles["arthur"].captor == "yellow"
    assert "blue" not in d.war.battle.targets
    assert d.cities["Exeter"].stacks["green"].troops == ["knight", "men"]


def test_o_6b_no_strike_while_the_hits_of_a_round_are_being_settled():
    s = _battle("losses")
    give_card(s, "ann", "assassination-1")
    err = refused(s, "ann", "assassinate card:assassination-1 target:walter sponsor:william")
    assert (err.section, err.code, err.legal) == ("10.3", "not_now", "play it when the battle asks a side to continue or stop")
    assert err.message == ("during a battle this card is played at the end of a battle round, while a side chooses "
                           "whether to fight on, not while hits or captures are being settled")
    assert not any(a.kind == "assassinate" for a in RULES.legal(s, "ann"))
    g(s).royal_tax = True   # any city may rise, but not while the hits are settled
    give_card(s, "ann", "rebellion-1")
    assert not any(a.kind == "rebellion" for a in RULES.legal(s, "ann"))
    assert refused(s, "ann", "rebellion card:rebellion-1 city:Exeter").code == "not_now"


def test_o_6b_a_fighting_invader_leader_waits_for_the_end_of_the_battle():
    s = _battle()
    d = g(s)
    army = next(iter(d.armies.values()))
    army.city, army.leader, army.foot, army.gone = "Exeter", True, 3, False
    d.war.battle.armies = [army.id]
    give_card(s, "ann", "assassination-1")
    from engine.fief.opportunity.legal import every

    offered = {a.get("target") for a in every(d, "ann", "assassinate")}
    assert "walter" in offered and f"leader:{army.id}" not in offered   # nobles, not the Leader fighting
    assert any(a.kind == "assassinate" for a in RULES.legal(s, "ann"))
    err = refused(s, "ann", f"assassinate card:assassination-1 target:leader:{army.id}")
    assert (err.section, err.code) == ("10.3", "leader_in_battle")
    assert "wait for the end of the battle" in str(err)   # the refusal says what the player may do instead


def test_7_0_a_family_joining_between_rounds_changes_the_choice_on_offer():
    s = _battle()
    d = g(s)
    _at(s, "walter", "Bristol")   # blue's troops fight without a noble: green may end the battle (7.8)
    d.tasks[0].options = ["continue", "surrender", "truce", "end"]
    place(s, "yellow", "Exeter", "men", control=False)
    _at(s, "edward", "Exeter")
    assert ("yellow", "blue") in {(a.get("family"), a.get("side")) for a in RULES.legal(s, "dan") if a.kind == "join"}
    act(s, "dan", "join", family="yellow", side="blue")
    assert "end" not in d.tasks[0].options
    assert "end" not in {a.get("choice") for a in RULES.legal(s, "cat") if a.kind == "battle_next"}


def _famine(s, sea: str) -> None:
    from engine.fief.state import SeaCard
    g(s).seas[sea].append(SeaCard(f"famine-{sea}", "famine"))


def test_o_6_a_rebellion_is_raised_between_two_rounds_and_the_battle_goes_on_after_it():
    """10.1: "at ANY time"; 2.6: it interrupts and is resolved before play continues (before the fix it was
    refused while a battle was fought). Raised elsewhere, the battle waits for it and then resumes."""
    s = _battle()
    d = g(s)
    _famine(s, "V")                                   # Norwich starves
    give_card(s, "ann", "rebellion-1")
    assert any(a.kind == "rebellion" for a in RULES.legal(s, "ann"))
    act(s, "ann", "rebellion", card="rebellion-1", city="Norwich")
    assert d.opp.uprising is not None and d.tasks[0].kind == "rebellion"
    while d.opp.uprising is not None and d.tasks and d.tasks[0].kind == "rebellion":
        seat = d.families[d.tasks[0].family].seat
        act(s, seat, "stand_aside")
    assert d.opp.uprising is None and [t.kind for t in d.tasks] == ["battle_next"] and d.war.battle is not None


def test_o_6_a_rebellion_in_the_battle_s_own_city_that_leaves_a_side_with_nothing_ends_the_battle():
    s = _battle()
    d = g(s)
    _famine(s, "I")                                   # Exeter (South West) starves
    d.cities["Exeter"].stacks["blue"].troops = ["men"]
    give_card(s, "ann", "rebellion-1")
    give_card(s, "dan", "rebellion-2")
    s.rng.force(6, 6, 6)
    events = act(s, "ann", "rebellion", card="rebellion-1", city="Exeter")
    while d.opp.uprising is not None and d.tasks and d.tasks[0].kind == "rebellion":
        seat = d.families[d.tasks[0].family].seat
        if seat == "dan" and "rebellion-2" in d.players["dan"].hand:
            events += act(s, "dan", "rebellion", card="rebellion-2", city="Exeter")
            continue
        options = [a for a in RULES.legal(s, seat) if a.kind in ("rebel_losses", "stand_aside")]
        events += act(s, seat, options[0].kind, **dict(options[0].args))
    kinds = [e.kind for e in events]
    assert d.opp.uprising is None and d.war.battle is None and not d.tasks
    assert kinds.index("rebellion.over") < kinds.index("battle.ended")   # the rebels struck, then the battle ended


def test_o_6_a_captive_escapes_between_two_rounds_but_not_while_hits_are_settled():
    s = _battle()
    d = g(s)
    _at(s, "edward", "London", captor="red", held_by="william")
    d.nobles["william"].city = "London"
    give_card(s, "dan", "passage-1")
    assert any(a.kind == "passage" and a.get("use") == "escape" for a in RULES.legal(s, "dan"))
    act(s, "dan", "passage", card="passage-1", use="escape", noble="edward")
    assert d.nobles["edward"].captor is None and d.war.battle is not None
    s = _battle("losses")
    d = g(s)
    _at(s, "edward", "London", captor="red", held_by="william")
    give_card(s, "dan", "passage-1")
    assert refused(s, "dan", "passage card:passage-1 use:escape noble:edward").code == "not_now"


def test_o_6b_a_fighting_family_s_troops_in_another_city_scatter_when_their_noble_falls():
    s = _battle()
    d = g(s)
    place(s, "blue", "London", "men", "men")
    _at(s, "matilda", "London")
    give_card(s, "ann", "assassination-1")
    ev = act(s, "ann", "assassinate", card="assassination-1", target="matilda", sponsor="william")
    assert "blue" not in d.cities["London"].stacks                        # not in the battle: they scatter
    assert next(e for e in ev if e.kind == "troops.dispersed").data["to"] == {"Exeter": 2}   # to Walter, the nearest
    assert d.cities["Exeter"].stacks["blue"].troops.count("men") == 4


def test_o_6b_an_invader_leader_away_from_the_battle_may_be_struck_during_it():
    s = _battle()
    d = g(s)
    a = d.armies["army-1"]
    a.city, a.foot = "York", 3
    give_card(s, "ann", "assassination-1")
    act(s, "ann", "assassinate", card="assassination-1", target="leader:army-1")
    assert not a.leader and a.foot == 3 and d.war.battle is not None


def test_o_6b_an_ambush_on_a_fighting_invader_leader_is_neither_offered_nor_taken():
    s = _battle()
    d = g(s)
    army = next(iter(d.armies.values()))
    army.city, army.leader, army.foot, army.gone, army.outskirts = "Exeter", True, 3, False, True
    _at(s, "edward", "Exeter")   # yellow (dan) stands in the field at Exeter
    give_card(s, "dan", "ambush-1")
    from engine.fief.opportunity.legal import every

    ambush = f"ambush card:ambush-1 noble:edward target:leader:{army.id}"
    offered = {a.get("target") for a in every(d, "dan", "ambush")}   # the menu of every target
    assert f"leader:{army.id}" in offered               # not in the battle: it may be struck
    d.war.battle.armies = [army.id]
    offered = {a.get("target") for a in every(d, "dan", "ambush")}
    assert f"leader:{army.id}" not in offered           # fighting it: the Leader waits for the battle's end
    err = refused(s, "dan", ambush)
    assert (err.section, err.code, err.legal) == ("10.5", "leader_in_battle", "a noble, or wait for the end of the battle")
    assert err.message == "an invader Leader fighting a battle can be struck only once that battle is over"
