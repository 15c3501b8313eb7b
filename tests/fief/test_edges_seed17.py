"""Rule edges the seed-17 mutation sample (make mutate) found unchecked: the Garter's refusal (13.3),
invaders as a foe (7.0), a city typed loosely, a city handed over in a deal (5.1, 9.1), an election
nobody backs (9.1), the Tax card's refusals (2.8, 2.9), a pigeon exchange paid one way (2.15), the
Sergeant's muster (4.0, FAQ), a returning noble meeting invaders in a plague region (2.5, 6.6) and
the Passage card's offers (10.2). Each test checks both sides of its edge."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief.cards import fortune, retainers
from engine.fief.commands import city_arg
from engine.fief.crown import deals, elections
from engine.fief.state import MAP, SeaCard, Siege
from engine.fief.war.battle.fight import check_declare
from engine.fief.war.battle.sides import INVADERS, targets_in
from tests.fief.helpers import defaults_until, do, g, give_card, place, started


def _at(phase: int, step: str, players: int = 4):
    s = started(players)
    d = g(s)
    d.flow.round, d.flow.phase, d.flow.step, d.flow.turn = 2, phase, step, 0
    d.flow.queue = list(d.flow.order)
    for n in d.nobles.values():
        n.retainer = None
    return s


def _refusal(fn, *args):
    with pytest.raises(RuleError) as err:
        fn(*args)
    return err.value


# -- 13.3 the Knight of the Garter ----------------------------------------------------------------
def test_13_3_a_knight_of_the_garter_may_not_attack_the_sovereign_beside_him():
    s = _at(7, "battle")
    d = g(s)
    d.nobles["william"].titles = ["king"]
    d.nobles["walter"].titles = ["lord:II", "garter"]
    for nid in ("william", "walter", "arthur"):
        d.nobles[nid].city = "Oxford"
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    place(s, "green", "Oxford", "men", control=False)
    err = _refusal(check_declare, d, "blue", "Oxford", "red", None)
    assert (err.section, err.code, err.legal) == ("13.3", "garter", ["green"])
    assert "Garter" in err.message and "Sovereign" in err.message
    assert check_declare(d, "green", "Oxford", "red", None) == "battle"     # no Garter knight of green's
    d.nobles["walter"].titles = ["lord:II"]
    assert check_declare(d, "blue", "Oxford", "red", None) == "battle"      # without the Garter blue may


# -- 7.0 invaders are a foe where they stand ------------------------------------------------------
def test_7_0_invaders_in_a_city_are_a_target_until_they_go_back_to_the_box():
    s = _at(7, "battle")
    d = g(s)
    d.nobles["william"].city = "Oxford"
    place(s, "red", "Oxford", "men")
    army = next(iter(d.armies.values()))
    army.city, army.foot, army.gone = "Oxford", 2, False
    assert targets_in(d, "Oxford", "red") == [INVADERS]
    army.gone = True
    assert targets_in(d, "Oxford", "red") == []
    army.gone, army.city = False, "London"
    assert targets_in(d, "Oxford", "red") == []


# -- commands: a city typed in another case or spelling -------------------------------------------
def test_a_city_typed_in_any_case_or_spelling_names_the_map_city():
    assert city_arg("kings-lynn") == city_arg("KINGS_LYNN") == "King's Lynn"
    assert city_arg("york") == "York"
    assert city_arg("Atlantis") == "Atlantis"   # unknown text stays as typed, for the refusal to name it


def test_5_0_a_move_to_a_city_typed_in_lower_case_is_played():
    s = _at(5, "move")
    d = g(s)
    fam = d.flow.queue[0]
    nid = d.families[fam].nobles[0]
    d.nobles[nid].city, d.nobles[nid].outskirts = "Whitby", False
    d.cities["Whitby"].controller = fam
    do(s, d.families[fam].seat, f"move noble:{nid} to:durham")
    assert d.nobles[nid].city == "Durham"


# -- 5.1 and 9.1 a city handed over in a deal -----------------------------------------------------
def test_9_1_a_deal_hands_over_a_city_only_where_the_receiver_is_present():
    s = _at(2, "play")
    d = g(s)
    place(s, "red", "York", "men")
    assert deals.deal_cities(d, "ann", "bob") == []
    err = _refusal(deals.check_side, d, "ann", "bob", {"cities": ["York"]})
    assert (err.section, err.code, err.legal) == ("5.1", "deal_city", "none")
    d.nobles["walter"].city = "York"                     # blue's noble stands in York: it may take it over
    deals.check_side(d, "ann", "bob", {"cities": ["York"]})
    assert deals.deal_cities(d, "ann", "bob") == ["York"]
    for city in ("Atlantis", "Whitby"):                  # no such city; a city red does not hold
        assert _refusal(deals.check_side, d, "ann", "bob", {"cities": [city]}).code == "deal_city"


def test_9_1_a_deal_frees_only_a_captive_the_giver_holds():
    s = _at(2, "play")
    d = g(s)
    d.nobles["arthur"].captor = "red"
    deals.check_side(d, "ann", "bob", {"captives": ["arthur"]})
    err = _refusal(deals.check_side, d, "bob", "ann", {"captives": ["arthur"]})
    assert (err.section, err.code, err.legal) == ("7.7", "not_captive", "no captives")
    assert _refusal(deals.check_side, d, "ann", "bob", {"captives": ["nobody"]}).legal == ["arthur"]


# -- 9.1 the tally ---------------------------------------------------------------------------------
def _ballot(**ballots):
    s = _at(1, "ballot")
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["lord:II"]
    d.nobles["edward"].titles = ["archbishop:york"]
    d.politics.candidates = ["william"]
    d.politics.ballots = {f: list(b) for f, b in ballots.items()}
    s.take_events()   # what came before
    events = s._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    elections.tally(s, d)
    return d, events


def test_9_1_a_lone_candidate_without_a_for_marker_is_not_elected():
    d, events = _ballot(red=["", "william"], blue=["", ""])
    failed = next(e for e in events if e.kind == "election.failed")
    assert failed.data == {"tied": [], "votes": 0}
    assert "king" not in d.nobles["william"].titles


def test_9_1_a_lone_candidate_backed_by_a_family_without_votes_is_not_elected():
    d, events = _ballot(green=["william", ""])          # green holds no title: its marker weighs 0
    assert next(e for e in events if e.kind == "election.failed").data == {"tied": [], "votes": 0}
    assert "king" not in d.nobles["william"].titles


def test_9_1_a_lone_candidate_with_one_vote_is_elected():
    d, events = _ballot(red=["william", ""])
    assert not any(e.kind == "election.failed" for e in events)
    assert "king" in d.nobles["william"].titles


# -- 2.8 and 2.9 the Tax card ----------------------------------------------------------------------
def _taxing():  # type: ignore[no-untyped-def]
    """Red (William: Lord of region I, Bishop of York, two Treasure markers) holds a Tax card in Phase 2."""
    s = _at(2, "play")
    d = g(s)
    d.nobles["william"].titles = ["lord:I", "bishop:york"]
    d.families["red"].treasures = 2
    give_card(s, "ann", "tax-1")
    return d


def test_2_8_a_tallage_and_a_tithe_of_two_districts_are_refused_naming_the_tithe_that_fits():
    d = _taxing()
    err = _refusal(fortune.check_tax, d, "red", "tax-1", "I", "york")
    assert (err.section, err.code, err.legal) == ("2.8", "tax_split", "tithe:exeter")
    assert err.message == "one Tax card covers a Tallage and a Tithe only within one district"
    fortune.check_tax(d, "red", "tax-1", "I", None)
    fortune.check_tax(d, "red", "tax-1", None, "york")
    d.families["red"].treasures = 1                      # two icons need two Treasure markers
    d.nobles["william"].titles = ["lord:III", "bishop:york"]
    err = _refusal(fortune.check_tax, d, "red", "tax-1", "III", "york")
    assert (err.section, err.code, err.message, err.legal) == (
        "11.3", "treasures", "each Tax icon takes a Treasure marker; you have 1", "one icon only")
    err = _refusal(fortune.check_tax, d, "red", "tax-1", None, None)
    assert (err.section, err.code, err.message) == ("2.8", "tax_target", "name a Tallage region and/or a Tithe district")
    assert err.legal == {"tallage": ["III"], "tithe": ["york"]}


# -- 2.15 a pigeon exchange paid one way -----------------------------------------------------------
def test_2_15_a_card_sold_by_pigeon_for_shillings_pays_exactly_the_price():
    s = started(4)
    defaults_until(s, "play", 2)
    d = g(s)
    a_fam, b_fam = d.flow.order[:2]
    a, b = d.families[a_fam].nobles[0], d.families[b_fam].nobles[0]
    d.nobles[b].city = d.nobles[a].city
    seat, other = d.families[a_fam].seat, d.families[b_fam].seat
    give_card(s, seat, "tax-1")
    d.players[seat].shillings, d.players[other].shillings = 1, 5
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-1 take_shillings:3")
    do(s, other, f"accept_offer offer:{d.offers.open[0].id}")
    assert (d.players[seat].shillings, d.players[other].shillings) == (4, 2)
    assert "tax-1" in d.players[other].hand and "tax-1" not in d.players[seat].hand


# -- 4.0 and FAQ the Sergeant's muster -------------------------------------------------------------
def _sergeant_at_york():  # type: ignore[no-untyped-def]
    """Phase 4: Red's William, with a ready Sergeant, in York beside a Man-at-Arms of Red."""
    s = _at(4, "purchase")
    d = g(s)
    n = d.nobles["william"]
    n.retainer, n.city, n.outskirts = "sergeant-1", "York", False
    place(s, "red", "York", "men")
    return s, d, n


def test_4_0_a_sergeant_musters_in_a_held_city_until_the_stockpile_or_the_city_is_full():
    s, d, n = _sergeant_at_york()
    assert retainers.check_muster(d, "red", "william") == "York"
    men = d.families["red"].stockpile["men"]
    d.families["red"].stockpile["men"] = 0
    err = _refusal(retainers.check_muster, d, "red", "william")
    assert (err.section, err.code, err.message, err.legal) == (
        "FAQ", "stockpile_empty", "no Men-at-Arms left in your stockpile", "done")
    d.families["red"].stockpile["men"] = men
    d.cities["York"].stacks["red"].new = 4
    err = _refusal(retainers.check_muster, d, "red", "william")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "new_units_limit", "York already has 4 new units this phase", "another city")
    d.cities["York"].stacks["red"].new = 0
    d.cities["York"].siege = Siege("blue")
    err = _refusal(retainers.check_muster, d, "red", "william")
    assert (err.section, err.code) == ("4.0", "muster_city")


# -- 2.5 and 6.6 back into a plague region where invaders hold the city --------------------------
def test_2_5_troops_returning_with_their_noble_into_an_invaded_plague_city_lose_nothing_again():
    s = _at(5, "move")
    d = g(s)
    d.flow.queue = ["yellow"]
    for city, troops in (("Whitby", ["men", "men"]), ("Durham", ["knight", "knight"])):
        d.cities[city].stacks.clear()
        d.cities[city].building, d.cities[city].hidden_relic = None, None
        place(s, "yellow", city, *troops)
    d.cities["York"].stacks.clear()
    d.cities["York"].controller, d.cities["York"].hidden_relic = None, None
    d.nobles["edward"].city, d.nobles["edward"].outskirts = "Whitby", False
    d.seas["IV"] = [SeaCard("plague-1", "plague")]
    do(s, "dan", "move noble:edward to:Durham troops:men,men")
    army = next(iter(d.armies.values()))
    army.city, army.foot, army.gone = "York", 2, False
    s.rng.force(6)
    do(s, "dan", "move noble:edward to:York troops:men,men,knight,knight")
    assert d.nobles["edward"].city == "York" and d.nobles["edward"].outskirts
    (task,) = [t for t in d.tasks if t.kind == "plague"]
    assert task.count == 1                               # only the two Knights enter for the first time


# -- 10.2 the Passage card's offers ---------------------------------------------------------------
def test_10_2_a_passage_offers_to_guide_each_invader_army_near_storms_with_the_card_in_hand():
    from engine.core import Action
    from engine.fief.opportunity.legal import every
    s = _at(5, "move")
    d = g(s)
    army = d.armies["army-1"]
    army.city, army.foot = "Exeter", 3
    give_card(s, "ann", "passage-1")
    guide = Action.of("passage", card="passage-1", use="guide", army="army-1")
    assert guide not in every(d, "ann", "passage")                # no Storms: nothing to guide
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    assert guide in every(d, "ann", "passage")
    d.opp.guided = ["army-1"]                                     # guided once only
    assert guide not in every(d, "ann", "passage")


def test_10_2_a_passage_offers_an_escape_to_a_captive_with_the_card_in_hand():
    from engine.core import Action
    from engine.fief.opportunity.legal import every
    s = _at(5, "move")
    d = g(s)
    give_card(s, "ann", "passage-1")
    d.nobles["lucia"].captor, d.nobles["lucia"].held_by = "blue", "walter"
    escape = Action.of("passage", card="passage-1", use="escape", noble="lucia")
    assert escape in every(d, "ann", "passage")
    d.nobles["lucia"].captor, d.nobles["lucia"].held_by = None, None
    assert escape not in every(d, "ann", "passage")


# -- random agents: marriages (9.0) and deals (9.1) are accepted more often than declined ----------
def test_random_agents_lean_to_accepting_a_marriage_or_a_deal_and_nothing_else():
    from engine.core import Action
    from engine.fief import RULES
    from engine.fief.rules import ACCEPT_WEIGHTS
    s = _at(2, "play")
    d = g(s)
    for kind in ("marriage", "deal", "enter"):
        r = d.requests.ask(s, kind, "ann", "bob")
        yes = RULES.agent_weight(s, "bob", Action.of("respond", request=r.id, accept=True))
        no = RULES.agent_weight(s, "bob", Action.of("respond", request=r.id, accept=False))
        assert (yes, no) == (ACCEPT_WEIGHTS.get(kind, 1.0), 1.0)
    assert ACCEPT_WEIGHTS["marriage"] > ACCEPT_WEIGHTS["deal"] > 1.0


# -- the same checks' other edges -----------------------------------------------------------------
def _oxford_battle():
    s = _at(7, "battle")
    d = g(s)
    for nid in ("william", "walter"):
        d.nobles[nid].city, d.nobles[nid].outskirts = "Oxford", False
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    return s, d


def test_7_0_a_battle_needs_a_free_noble_troops_and_a_foe_once_a_phase():
    s, d = _oxford_battle()
    assert check_declare(d, "red", "Oxford", "blue", None) == "battle"
    assert check_declare(d, "red", "Oxford", "blue", "walter") == "battle"
    err = _refusal(check_declare, d, "red", "Oxford", "blue", "matilda")     # matilda is not in Oxford
    assert (err.section, err.code, err.message, err.legal) == (
        "7.2", "target", "your archers can aim only at a noble (or Leader) of blue in Oxford", ["walter"])
    err = _refusal(check_declare, d, "red", "Oxford", "green", None)
    assert (err.section, err.code, err.message, err.legal) == ("7.0", "no_enemy", "no family 'green' to fight in Oxford",
                                                                ["blue"])
    err = _refusal(check_declare, d, "red", "Atlantis", "blue", None)
    assert (err.section, err.code, err.message, err.legal) == ("7.0", "city", "no city 'Atlantis'", sorted(MAP.cities))
    d.war.fought.append("Oxford|red|blue")
    err = _refusal(check_declare, d, "red", "Oxford", "blue", None)
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "fought", "your family already fought blue in Oxford this phase", "done")
    d.war.fought.clear()
    d.seas["VI"].append(SeaCard("storms-1", "storms"))
    err = _refusal(check_declare, d, "red", "Oxford", "blue", None)
    assert (err.section, err.code, err.message, err.legal) == (
        "2.5", "storms", "Storms over South East forbid battles there", "no battle")
    d.seas["VI"].clear()
    d.cities["Oxford"].stacks["red"].troops = []
    err = _refusal(check_declare, d, "red", "Oxford", "blue", None)
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "no_troops", "nobles without troops cannot fight (FAQ: they would be captured)", "no battle")
    d.cities["Oxford"].stacks["red"].troops = ["men"]
    d.nobles["william"].captor = "blue"
    err = _refusal(check_declare, d, "red", "Oxford", "blue", None)
    assert (err.section, err.code, err.message, err.legal) == (
        "7.0", "no_noble", "troops without a noble cannot start a battle", "no battle")


def test_7_0_the_foes_in_a_city_are_the_other_families_present_there():
    s, d = _oxford_battle()
    assert targets_in(d, "Oxford", "red") == ["blue"]
    d.nobles["arthur"].city, d.nobles["arthur"].outskirts = "Oxford", False     # a free noble alone counts
    assert targets_in(d, "Oxford", "red") == ["blue", "green"]
    d.cities["Oxford"].stacks["blue"].troops = []
    d.nobles["walter"].city = "London"
    assert targets_in(d, "Oxford", "red") == ["green"]                          # blue left: no foe


def test_9_1_a_deal_gives_only_what_the_giver_has_and_what_a_deal_can_carry():
    s = _at(2, "play")
    d = g(s)
    d.players["ann"].shillings = 3
    deals.check_side(d, "ann", "bob", {"shillings": 3})
    err = _refusal(deals.check_side, d, "ann", "bob", {"shillings": 4})
    assert (err.section, err.code, err.legal) == ("2.15", "funds", "0-3")
    deals.check_side(d, "ann", "bob", {"shillings": 4}, purse=False)            # set aside already
    err = _refusal(deals.check_side, d, "ann", "bob", {"horses": 1})   # unreachable by command: bundle_of keeps KEYS
    assert (err.section, err.code, err.legal) == ("9.1", "deal_goods", list(deals.KEYS))
    assert err.message == "a deal offers shillings, cards, captives, cities or a vote"
    give_card(s, "ann", "tax-1")
    deals.check_side(d, "ann", "bob", {"cards": ["tax-1"]})
    for cards in (["tax-2"], ["tax-1", "tax-1"]):
        assert _refusal(deals.check_side, d, "ann", "bob", {"cards": cards}).code == "not_in_hand"
    deals.check_side(d, "ann", "bob", {"cards": ["tax-2"]}, hand=False)         # the other hand stays unknown
    d.families["red"].pigeons = 0
    err = _refusal(deals.check_side, d, "ann", "bob", {"shillings": 1})
    assert (err.section, err.code) == ("2.15", "no_pigeon")
    err = _refusal(deals.check_side, d, "ann", "bob", {"vote": "william"})
    assert (err.section, err.code, err.legal) == ("9.1", "deal_vote", "none now")


def test_9_1_a_tie_for_the_lead_names_the_tied_candidates():
    s = _at(1, "ballot")
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["lord:II"]
    d.politics.candidates = ["william", "walter"]
    d.politics.ballots = {"red": ["william", "walter"], "blue": ["walter", ""]}
    s.take_events()   # what came before
    events = s._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    elections.tally(s, d)
    revealed = next(e for e in events if e.kind == "election.revealed")
    assert revealed.data["totals"] == {"william": 1, "walter": 1}
    assert next(e for e in events if e.kind == "election.failed").data == {"tied": ["walter", "william"], "votes": 1}
    assert d.politics.candidates == [] and d.politics.ballots == {}


def test_2_8_a_tax_names_a_region_or_district_the_family_may_tax():
    d = _taxing()
    err = _refusal(fortune.check_tax, d, "red", "tax-1", "II", None)
    assert (err.section, err.code, err.legal) == ("2.8", "tallage", ["I"])
    assert err.message == ("your family cannot Tallage region II (own Fiefdom, or the Sovereign on an "
                           "ungoverned region)")
    err = _refusal(fortune.check_tax, d, "red", "tax-1", None, "exeter")
    assert (err.section, err.code, err.legal) == ("2.8", "tithe", ["york"])
    assert err.message == "your family cannot Tithe exeter (only its own Bishop or Archbishop's district)"
    d.seas[MAP.regions["I"].sea].append(SeaCard("tax-2", "tax", by="blue", tallage="I"))
    err = _refusal(fortune.check_tax, d, "red", "tax-1", "I", None)
    assert (err.section, err.code, err.legal) == ("2.9", "taxed", "none")
    assert err.message == "a Tax card already lies on region I this round (a Tallage, or a Tithe on its district)"
    fortune.check_tax(d, "red", "tax-1", None, "york")


def test_9_1_the_for_markers_on_one_candidate_add_up():
    s = _at(1, "ballot")
    d = g(s)
    d.nobles["william"].titles = ["lord:I"]
    d.nobles["walter"].titles = ["lord:II", "lord:III"]
    d.nobles["edward"].titles = ["archbishop:york"]
    d.politics.candidates = ["william", "walter"]
    d.politics.ballots = {"red": ["william", ""], "yellow": ["william", ""], "blue": ["walter", ""]}
    s.take_events()   # what came before
    events = s._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    elections.tally(s, d)
    assert next(e for e in events if e.kind == "election.revealed").data["totals"] == {"william": 3, "walter": 1}
    assert "king" in d.nobles["william"].titles


# -- 11.1 hiring Crossbowmen: the count and the price at their edges --------------------------------
def test_11_1_hiring_takes_one_to_the_crossbowmen_left_for_exactly_two_shillings_each():
    from engine.fief.board import mercenaries
    s = started(4, 1)
    for p in g(s).players.values():
        p.done_discarding = True
    g(s).flow.step = "play"
    d = g(s)
    give_card(s, "ann", "mercenary-french")
    d.players["ann"].shillings = 10
    do(s, "ann", "play_board_card card:mercenary-french")
    d.players["ann"].shillings = 6
    assert mercenaries.check_hire(d, "ann", None, "red", "Berwick", 3) == "mercenary-french"
    for count in (0, 4):
        err = _refusal(mercenaries.check_hire, d, "ann", None, "red", "Berwick", count)
        assert (err.section, err.code, err.legal) == ("11.1", "crossbows_left", [1, 2, 3])
    d.players["ann"].shillings = 5
    err = _refusal(mercenaries.check_hire, d, "ann", None, "red", "Berwick", 3)
    assert (err.section, err.code) == ("11.1", "shillings")
    err = _refusal(mercenaries.check_hire, d, "ann", None, "red", "Berwick", 1, -1)
    assert (err.section, err.code, err.legal, err.message) == ("11.1", "price", "0 or more",
                                                               "a price is a number of shillings")
    mercenaries.check_hire(d, "ann", None, "red", "Berwick", 1, 0)
    err = _refusal(mercenaries.check_hire, d, "bob", None, "blue", "Whitby", 1)
    assert (err.section, err.code, err.legal) == ("11.1", "no_mercenaries", "play a Mercenary card first")
    assert err.message == "you have no Mercenary card on your family board"
    d.mercenaries["mercenary-french"].on_card = 0                 # every Crossbowman hired: nothing is legal
    err = _refusal(mercenaries.check_hire, d, "ann", "mercenary-french", "red", "Berwick", 1)
    assert (err.code, err.legal) == ("crossbows_left", "none") and "(legal: none)" in str(err)


def test_4_0_only_a_noble_of_ones_own_with_a_sergeant_ready_musters():
    s, d, n = _sergeant_at_york()
    err = _refusal(retainers.check_muster, d, "red", "walter")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "not_yours", "'walter' is not a noble of your family", ["william", "lucia"])
    err = _refusal(retainers.check_muster, d, "red", "lucia")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "retainer", "Lucia has no unspent sergeant retainer (or is captive)", ["william"])
    n.spent = True
    assert _refusal(retainers.check_muster, d, "red", "william").legal == "no sergeant ready"
    n.spent, n.outskirts = False, True
    err = _refusal(retainers.check_muster, d, "red", "william")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "muster_city", "William must stand in a city your family controls and that is not besieged",
        "a noble in a controlled city")
    n.outskirts = False
    d.cities["York"].controller = "blue"
    assert _refusal(retainers.check_muster, d, "red", "william").code == "muster_city"


def test_a_region_typed_as_a_number_a_numeral_or_its_name_names_the_map_region():
    from engine.fief.commands import region_arg
    assert [region_arg(x) for x in ("1", "6", " iv ", "wales", "South East")] == ["I", "VI", "IV", "II", "VI"]
    assert [region_arg(x) for x in ("0", "7", "Atlantis")] == ["0", "7", "ATLANTIS"]   # left for the refusal


def test_a_command_out_of_turn_is_refused_naming_whom_the_table_waits_on():
    from engine.fief.commands import task_for, turn
    from engine.fief.state import Task
    s = _at(5, "move")
    d = g(s)
    first = d.flow.queue[0]
    seat = d.families[first].seat
    other = next(x for x in d.players if x != seat)
    assert turn(d, seat, ("move",), "5.0") == first
    err = _refusal(turn, d, other, ("move",), "5.0")
    assert (err.section, err.code, err.message, err.legal) == ("turn", "not_your_turn", f"it is {seat}'s turn",
                                                                f"waiting on {seat}")
    err = _refusal(turn, d, seat, ("purchase",), "4.0")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "wrong_step", "not during Round 2, Phase 5: Movement - moves", "during the purchase step")
    err = _refusal(task_for, d, seat, "plague", "2.5")
    assert (err.section, err.code, err.message, err.legal) == ("2.5", "no_task", "no plague decision waits for you",
                                                                "no decision pending")
    d.tasks.append(Task("plague", first, city="York", count=1))
    assert task_for(d, seat, "plague", "2.5") is d.tasks[0]
    err = _refusal(task_for, d, other, "plague", "2.5")
    assert (err.code, err.message, err.legal) == ("no_task", "no plague decision waits for you", f"waiting on {seat}")
    err = _refusal(turn, d, seat, ("move",), "5.0")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.0", "task_first", f"first the plague decision of the {first} family", f"waiting on {seat}")


def test_2_15_an_exchange_in_one_city_keeps_both_hands_within_the_limit_and_needs_a_pigeon_unless_allied():
    from engine.fief.cards import pigeons
    from engine.fief.state import hand_limit
    s = _at(2, "play")
    d = g(s)
    d.nobles["walter"].city = d.nobles["william"].city
    limit = hand_limit(d)
    d.players["ann"].hand, d.players["bob"].hand = [], ["tax-1"] * (limit - 1)
    give_card(s, "ann", "tax-2")
    pigeons.check_offer(d, "ann", "william", "walter", {"cards": ["tax-2"]}, {})   # bob's hand reaches the limit
    d.players["bob"].hand.append("tax-3")
    err = _refusal(pigeons.check_offer, d, "ann", "william", "walter", {"cards": ["tax-2"]}, {})
    assert (err.section, err.code) == ("2.15", "hand_limit")
    pigeons.check_offer(d, "ann", "william", "walter", {"cards": ["tax-2"]}, {"cards": ["tax-1"]})
    d.families["red"].pigeons = 0
    err = _refusal(pigeons.check_offer, d, "ann", "william", "walter", {}, {"cards": ["tax-1"]})
    assert (err.section, err.code, err.message) == ("2.15", "no_pigeon", "William's family has no Carrier Pigeon left")
    d.nobles["walter"].city = "London"
    assert _refusal(pigeons.check_offer, d, "ann", "william", "walter", {}, {}).code == "pigeon_route"
