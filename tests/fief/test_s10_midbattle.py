"""Assassination, Justice and Ambush during a battle (10.3-10.5, 7.8; ruling O-6b): between two
battle rounds they strike; while hits or captures are being settled they wait, and say so."""

from __future__ import annotations

from engine.fief import RULES
from engine.fief.state import Task
from engine.fief.warstate import Battle
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
    assert err.code == "not_now" and "end of a battle round" in str(err)
    assert not any(a.kind == "assassinate" for a in RULES.legal(s, "ann"))


def test_o_6b_a_fighting_invader_leader_waits_for_the_end_of_the_battle():
    s = _battle()
    d = g(s)
    army = next(iter(d.armies.values()))
    army.city, army.leader, army.foot, army.gone = "Exeter", True, 3, False
    d.war.battle.armies = [army.id]
    give_card(s, "ann", "assassination-1")
    err = refused(s, "ann", f"assassinate card:assassination-1 target:leader:{army.id}")
    assert err.code == "leader_in_battle"


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
