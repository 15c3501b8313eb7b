"""10.0-10.5 the Opportunity commands offered (engine.fief.opportunity.legal): the first fitting variant per
kind for random playouts, every variant for menus; each list's order and cut on both sides."""

from __future__ import annotations

import pytest

from engine.core import Action, RuleError
from engine.fief.opportunity import legal as opportunity_legal
from engine.fief.opportunity.state import Uprising
from engine.fief.state import MAP, Stack, Task
from engine.fief.war.state import Battle
from tests.fief.helpers import at_step, g


def _state(phase: int = 7, step: str = "battle"):  # type: ignore[no-untyped-def]
    s = at_step(phase, step)
    d = g(s)
    return s, d


def _args(actions, *keys: str) -> list[tuple[object, ...]]:  # type: ignore[no-untyped-def]
    return [tuple(a.get(k) for k in keys) for a in actions]


def test_10_1_a_rebellion_is_offered_in_rivals_cities_first_and_all_for_menus() -> None:
    _s, d = _state()
    d.royal_tax = True        # every city may rise
    assert len(opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=False)) == len(MAP.cities)
    assert len(opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=True)) == 1
    assert _args(opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=True), "city") == [
        (next(iter(MAP.cities)),)]
    d.cities["York"].stacks["red"] = Stack(troops=["men"])
    d.cities["Durham"].stacks["blue"] = Stack(troops=["men"])
    assert _args(opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=False), "city") == [("Durham",)]
    d.royal_tax = False
    assert opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=False) == []
    d.royal_tax = True
    d.opp.uprising = Uprising("Lincoln", "green")
    assert _args(opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=False), "city") == [("Lincoln",)]
    d.opp.uprising = None
    d.tasks.append(Task("plague", "red", city="York", count=1))
    assert opportunity_legal._variants(d, "ann", "rebellion", "rebellion-1", first=False) == []


def test_10_3_assassination_pairs_each_foe_with_each_free_sponsor_and_invading_leaders() -> None:
    _s, d = _state()
    out = opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=False)
    foes = sorted(n for n in d.nobles if d.nobles[n].family != "red")
    assert _args(out, "target", "sponsor") == [(t, x) for t in foes for x in ("william", "lucia")]
    assert _args(opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=True),
                 "target", "sponsor") == [(foes[0], "william")]
    d.nobles["william"].captor = "blue"
    assert {a.get("sponsor") for a in opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", False)} \
        == {"lucia"}
    d.nobles["lucia"].captor = "blue"    # nobody free: the captives may still sponsor (the check refuses)
    assert {a.get("sponsor") for a in opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", False)} \
        == {"william", "lucia"}
    a1, a2 = d.armies["army-1"], d.armies["army-2"]
    a1.city, a1.leader, a2.city, a2.leader = "York", True, "Exeter", True
    out = opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=False)
    assert [a.get("target") for a in out if a.get("sponsor") is None] == ["leader:army-1", "leader:army-2"]
    out = opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=True)
    assert [a.get("target") for a in out if a.get("sponsor") is None] == ["leader:army-1"]
    a1.gone = True
    out = opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=False)
    assert [a.get("target") for a in out if a.get("sponsor") is None] == ["leader:army-2"]


def test_o_6b_foes_in_the_battle_being_fought_are_listed_first() -> None:
    _s, d = _state()
    d.war.battle = Battle("Oxford", "blue", "green")
    d.tasks.append(Task("battle_next", "blue", city="Oxford"))
    d.nobles["edward"].city = "Oxford"
    out = opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=True)
    assert _args(out, "target") == [("edward",)]
    d.tasks.append(Task("losses", "blue", city="Oxford"))   # not between two rounds: nothing offered
    assert opportunity_legal._variants(d, "ann", "assassinate", "assassination-1", first=False) == []


def test_10_4_justice_targets_heretics_only_first_or_all() -> None:
    _s, d = _state()
    assert opportunity_legal._variants(d, "ann", "justice", "justice-1", first=False) == []
    for nid in ("walter", "edward", "arthur"):
        d.nobles[nid].heresy = True
    assert _args(opportunity_legal._variants(d, "ann", "justice", "justice-1", first=False), "target") == [
        ("arthur",), ("edward",), ("walter",)]
    assert _args(opportunity_legal._variants(d, "ann", "justice", "justice-1", first=True), "target") == [("arthur",)]


def test_10_5_ambush_targets_per_noble_first_noble_only_when_listing_one() -> None:
    _s, d = _state()
    for nid in ("william", "walter", "edward"):
        d.nobles[nid].city = "York"
    for nid in ("lucia", "arthur"):
        d.nobles[nid].city = "Exeter"
    out = opportunity_legal._variants(d, "ann", "ambush", "ambush-1", first=False)
    assert _args(out, "noble", "target") == [("william", "edward"), ("william", "walter"), ("lucia", "arthur")]
    assert _args(opportunity_legal._variants(d, "ann", "ambush", "ambush-1", first=True), "noble", "target") == [
        ("william", "edward")]
    d.nobles["william"].city = None
    assert _args(opportunity_legal._variants(d, "ann", "ambush", "ambush-1", first=True), "noble", "target") == [
        ("lucia", "arthur")]
    d.nobles["william"].city = "Lincoln"     # alone there: nobody to ambush, and the next noble is still looked at
    for first in (True, False):
        assert _args(opportunity_legal._variants(d, "ann", "ambush", "ambush-1", first=first), "noble", "target") == [
            ("lucia", "arthur")]


def test_10_2_withdraw_to_each_neighbour_for_menus_and_the_first_for_playouts() -> None:
    _s, d = _state()
    d.war.battle = Battle("Oxford", "blue", "red", rolls=1)
    d.tasks.append(Task("battle_next", "blue", city="Oxford"))
    every = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
    assert _args(every, "use", "to") == [("withdraw", c) for c in MAP.neighbours("Oxford")]
    first = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=True)
    assert _args(first, "use", "to") == [("withdraw", MAP.neighbours("Oxford")[0])]
    d.war.battle.penalty = 1
    assert opportunity_legal._variants(d, "bob", "passage", "passage-1", first=True) == [
        Action.of("passage", card="passage-1", use="tunnels", city="Oxford")]
    assert _args(opportunity_legal._variants(d, "ann", "passage", "passage-1", first=True), "use")[0] == ("aid",)


def test_7_4_tunnels_before_a_battle_are_offered_only_at_anothers_walls_where_ones_troops_stand() -> None:
    _s, d = _state()   # the Battle phase, no battle fought yet
    for city, walls in (("Exeter", "stronghold"), ("Oxford", "fortified"), ("York", "royal_stronghold")):
        d.cities[city].building, d.cities[city].controller = walls, "blue"
        d.cities[city].stacks["red"] = Stack(troops=["men"])
    d.cities["Durham"].building, d.cities["Durham"].controller = "stronghold", "blue"   # no red troops before it
    d.cities["Lincoln"].building, d.cities["Lincoln"].controller = "stronghold", "red"   # red's own walls
    d.cities["Lincoln"].stacks["red"] = Stack(troops=["men"])
    d.cities["Bristol"].stacks["red"] = Stack(troops=["men"])   # blue's, but no walls
    d.cities["Bristol"].controller = "blue"
    offered = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
    assert sorted(offered, key=lambda a: str(a["city"])) == [
        Action.of("passage", card="passage-1", use="tunnels", city=c) for c in ("Exeter", "Oxford", "York")]


def test_10_2_a_movement_effect_is_offered_only_in_the_noble_s_own_movement_turn() -> None:
    from engine.fief.state import SeaCard
    _s, d = _state(5, "move")   # red's Movement turn
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    d.nobles["william"].city = "Bristol"   # a road of Bristol's leads into the Storms over the South West
    assert _args(opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False), "use", "noble") == [
        ("storms", "william"), ("evade", "william")]
    d.flow.queue = ["blue"]   # blue's turn: only the way out of a city an enemy marched into is left
    assert _args(opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False), "use", "noble") == [
        ("evade", "william")]


def test_10_2_escape_offers_ones_own_captives_first_else_anyones() -> None:
    _s, d = _state(4, "purchase")
    d.nobles["walter"].captor, d.nobles["walter"].city = "green", "York"
    d.nobles["edward"].captor, d.nobles["edward"].city = "green", "York"
    d.nobles["rohese"].captor, d.nobles["rohese"].city = "bandits", "York"
    out = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
    assert _args(out, "use", "noble") == [("escape", "edward"), ("escape", "walter")]
    assert _args(opportunity_legal._variants(d, "ann", "passage", "passage-1", first=True), "use", "noble") == [
        ("escape", "edward")]
    d.nobles["lucia"].captor, d.nobles["lucia"].city = "green", "York"
    out = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
    assert _args(out, "use", "noble") == [("escape", "lucia")]


# -- seed-21 survivors --------------------------------------------------------------------------
def test_10_2_every_passage_variant_names_its_card_in_each_phase() -> None:
    """opportunity.legal._passages: the aid variants carry the card (mutant: card=None), as do all others."""
    from engine.fief.state import SeaCard
    _s, d = _state(6, "parley")
    d.cities["York"].building, d.cities["York"].controller = "stronghold", "blue"
    d.cities["Exeter"].building, d.cities["Exeter"].controller = "fortified", "green"
    d.cities["Whitby"].controller = "blue"                                  # next to the army, but no walls
    d.cities["Berwick"].building = "stronghold"                             # walls, but nobody's
    d.cities["Canterbury"].building, d.cities["Canterbury"].controller = "royal_stronghold", "blue"   # no army near
    d.armies["army-1"].city, d.armies["army-1"].leader = "Durham", True     # next to York
    d.armies["army-2"].city, d.armies["army-2"].leader = "Bristol", True    # next to Exeter
    d.seas["IV"].append(SeaCard("storms-1", "storms"))
    d.nobles["walter"].captor, d.nobles["walter"].city = "green", "Exeter"
    every = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
    assert sorted(a["city"] for a in every if a["use"] == "aid") == ["Exeter", "York"]
    assert [a["army"] for a in every if a["use"] == "guide"] == ["army-1"]
    assert [a["noble"] for a in every if a["use"] == "escape"] == ["walter"]
    assert len([a for a in opportunity_legal._variants(d, "ann", "passage", "passage-1", first=True)
                if a["use"] == "aid"]) == 1
    assert every and all(a.kind == "passage" and a["card"] == "passage-1" for a in every)
    d.cities["York"].controller = "red"      # its own walls: no aid against them
    assert sorted(a["city"] for a in opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
                  if a["use"] == "aid") == ["Exeter"]
    d.flow.phase, d.flow.step = 5, "move"
    d.nobles["william"].city = "Oxford"
    moving = opportunity_legal._variants(d, "ann", "passage", "passage-1", first=False)
    assert ("evade", "william") in {(a["use"], a.get("noble")) for a in moving}
    assert not {"move", "siege", "pass"} & {a["use"] for a in moving}   # 10.2: only the effects that apply
    assert "aid" not in {a["use"] for a in moving}
    assert all(a.kind == "passage" and a["card"] == "passage-1" for a in moving)


def _escape_refusal(d, nid: str, city: str | None):  # type: ignore[no-untyped-def]
    from engine.fief.opportunity import cards as opportunity_cards
    with pytest.raises(RuleError) as err:
        opportunity_cards.escape_city(d, nid, city)
    assert (err.value.section, err.value.code) == ("10.2", "passage_escape")
    return err.value.message, err.value.legal


def test_10_2_each_refusal_of_an_escape_names_section_code_and_what_is_legal() -> None:
    """opportunity.escape_city: not a captive; no city to go to; a city that is not a refuge."""
    from engine.fief.opportunity import cards as opportunity_cards
    _s, d = _state(4, "purchase")
    assert _escape_refusal(d, "walter", None) == ("Walter is not held captive", "no captive")
    assert _escape_refusal(d, "nobody", None) == ("there is no noble nobody in the game", "no captive")
    assert _escape_refusal(d, "", None)[0] == "name a captive noble to escape"
    d.nobles["rohese"].captor, d.nobles["rohese"].city = "bandits", "York"
    assert _escape_refusal(d, "rohese", None)[1] == "no captive"       # the Bandits' captives do not count
    d.nobles["walter"].captor, d.nobles["walter"].city = "green", "Exeter"
    assert _escape_refusal(d, "edward", None)[1] == ["walter"]
    # every city held by a family not allied with blue: nowhere to go
    for c in d.cities.values():
        c.controller = "green"
    assert _escape_refusal(d, "walter", None) == ("there is no city to escape to", "none")
    # an Independent city is a refuge; the family's own cities come first when there are any
    d.cities["Plymouth"].controller = None
    assert opportunity_cards.escape_city(d, "walter", None) == "Plymouth"
    message, legal = _escape_refusal(d, "walter", "York")
    assert message == "Walter escapes to a city of the family, else an Independent or allied city"
    assert legal == ["Plymouth"]
    d.cities["York"].controller = "blue"
    assert opportunity_cards.escape_places(d, "walter") == ["York"]
    assert opportunity_cards.escape_city(d, "walter", "York") == "York"
    assert _escape_refusal(d, "walter", "Plymouth")[1] == ["York"]


def test_10_2_an_escape_to_a_city_that_is_no_refuge_lists_at_most_ten_refuges() -> None:
    _s, d = _state(4, "purchase")
    d.nobles["walter"].captor, d.nobles["walter"].city = "green", "Exeter"
    d.cities["York"].controller = "green"
    _message, legal = _escape_refusal(d, "walter", "York")
    assert len(legal) == 10 and "York" not in legal   # every Independent city is a refuge: the nearest ten


def test_10_2_escape_places_are_nearest_first() -> None:
    from engine.fief.opportunity import cards as opportunity_cards
    _s, d = _state(4, "purchase")
    d.nobles["walter"].captor, d.nobles["walter"].city = "green", "Exeter"
    for c in ("Plymouth", "York", "Bristol"):
        d.cities[c].controller = "blue"
    assert opportunity_cards.escape_places(d, "walter") == ["Bristol", "Plymouth", "York"]
    d.nobles["walter"].city = "Durham"
    assert opportunity_cards.escape_places(d, "walter")[0] == "York"
