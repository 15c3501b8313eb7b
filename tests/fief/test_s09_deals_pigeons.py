"""Deals carried as 2.15 and 9.0 carry shillings and cards (ruling P1-9): a pigeon in one city, a pigeon
between Strongholds, Fortified Cities and Abbeys with its d6, allies free only in one city; every
exchange checked on both sides (what one purse loses the other gains, or the sender keeps)."""

from __future__ import annotations

import pytest

from engine.core import Action, Audience
from engine.fief import RULES
from engine.fief.crown import deals
from engine.fief.war.state import Battle
from tests.fief.helpers import do, g, refused, started

# ann red (William, Lucia at Berwick), bob blue (Walter, Matilda at Whitby): Strongholds at both.


def _deal_table():
    s = started(4)
    d = g(s)
    d.flow.round, d.flow.phase, d.flow.step, d.flow.turn = 2, 2, "play", 0
    d.flow.queue = list(d.flow.order)
    for p in d.players.values():
        p.shillings = 10
    return s, d


def _open_cities(d) -> None:
    """Every stronghold gone: each family's nobles stand in open cities far apart."""
    for c in d.cities.values():
        c.building = None


def _answer(s, seat: str, accept: bool = True):
    r = next(r for r in g(s).requests.open if r.kind == "deal")
    return do(s, seat, f"respond request:{r.id} accept:{'true' if accept else 'false'}")


def _purses(d) -> int:
    return sum(p.shillings for p in d.players.values())


def test_2_15_a_deal_s_shillings_need_a_pigeon_route_open_cities_far_apart_have_none():
    """2.15: between different cities only Strongholds, Fortified Cities and Abbeys send pigeons (before the
    fix `deal to:bob give_shillings:2` was accepted with every noble in open cities far apart)."""
    s, d = _deal_table()
    _open_cities(d)
    err = refused(s, "ann", "deal to:bob give_shillings:2")
    assert (err.section, err.code, err.legal) == ("2.15", "pigeon_route", "captives, cities or a vote; or meet first")
    assert err.message == ("shillings and cards go by Carrier Pigeon: between nobles of both players in one city, "
                           "or from a free noble inside a Stronghold, Fortified City or Abbey to a noble inside "
                           "another one")
    err = refused(s, "ann", "deal to:bob take_shillings:2")        # the other side is checked too
    assert err.code == "pigeon_route"
    d.nobles["walter"].city = "Berwick"                               # brought together: one city
    do(s, "ann", "deal to:bob give_shillings:2")


def test_9_1_a_vote_is_offered_for_a_shilling_only_where_a_pigeon_carries_it_and_for_a_captive_anywhere():
    s, d = _deal_table()
    d.flow.phase, d.flow.step = 1, "ballot"
    d.politics.candidates = ["walter"]
    listed = [a for a in RULES.legal(s, "ann") if a.kind == "deal"]
    assert listed == [Action.of("deal", to=seat, give_shillings=1, take_vote="walter") for seat in ("bob", "cat", "dan")]
    d.players["ann"].shillings = 0                                    # nothing to pay with
    assert not [a for a in RULES.legal(s, "ann") if a.kind == "deal"]
    d.players["ann"].shillings = 10
    _open_cities(d)                                                   # 2.15: no pigeon between open cities
    assert not [a for a in RULES.legal(s, "ann") if a.kind == "deal"]
    d.nobles["matilda"].captor, d.nobles["matilda"].city = "red", None
    assert [a for a in RULES.legal(s, "ann") if a.kind == "deal"] == [
        Action.of("deal", to="bob", give_captives=["matilda"], take_vote="walter")]


@pytest.mark.parametrize("roll,arrived", [(5, True), (6, False)])
def test_2_15_a_deal_between_strongholds_rolls_the_d6_a_6_keeps_the_shillings_home(roll, arrived):
    s, d = _deal_table()
    total = _purses(d)
    do(s, "ann", "deal to:bob give_shillings:3")
    assert d.players["ann"].shillings == 7
    s.rng.force(roll)
    events = _answer(s, "bob")
    assert d.players["bob"].shillings == (13 if arrived else 10)
    assert d.players["ann"].shillings == (7 if arrived else 10)
    assert _purses(d) == total and d.families["red"].pigeons == 2 and d.families["blue"].pigeons == 3
    assert [(e.kind, e.data) for e in events if e.kind.startswith("pigeon.")] == [
        ("pigeon.sent", {"family": "red", "frm": "lucia", "to": "matilda", "falconer": False}),
        ("pigeon.arrived" if arrived else "pigeon.lost", {"frm": "lucia", "to": "matilda", "card_lost": None})]


def test_2_15_an_astray_card_is_discarded_and_the_partner_s_side_flies_by_its_own_pigeon():
    s, d = _deal_table()
    d.players["ann"].hand = ["tax-1"]
    d.players["bob"].hand = []
    total = _purses(d)
    do(s, "ann", "deal to:bob give_cards:tax-1 take_shillings:4")
    s.rng.force(6, 2)     # ann's pigeon goes astray, bob's arrives
    events = _answer(s, "bob")
    assert [e.data["why"] for e in events if e.kind == "random.roll"] == ["carrier pigeon"] * 2
    assert [(e.kind, e.data["card_lost"]) for e in events if e.kind.startswith("pigeon.") and e.kind != "pigeon.sent"] \
        == [("pigeon.lost", "tax-1"), ("pigeon.arrived", None)]
    assert [e.data for e in events if e.kind == "pigeon.sent"] == [
        {"family": "red", "frm": "lucia", "to": "matilda", "falconer": False},
        {"family": "blue", "frm": "matilda", "to": "lucia", "falconer": False}]
    assert "tax-1" in d.fortune_discard and d.players["bob"].hand == [] and d.players["ann"].hand == []
    assert d.players["ann"].shillings == 14 and d.players["bob"].shillings == 6 and _purses(d) == total
    assert d.families["red"].pigeons == 2 and d.families["blue"].pigeons == 2


def test_2_15_a_partner_s_astray_shillings_stay_with_the_partner():
    s, d = _deal_table()
    do(s, "ann", "deal to:bob give_shillings:1 take_shillings:4")
    s.rng.force(1, 6)
    _answer(s, "bob")
    assert d.players["ann"].shillings == 9 and d.players["bob"].shillings == 11


def test_2_15_one_card_only_between_different_cities():
    s, d = _deal_table()
    d.players["ann"].hand = ["tax-1", "tax-2"]
    err = refused(s, "ann", "deal to:bob give_cards:tax-1,tax-2")
    assert (err.section, err.code, err.legal) == ("2.15", "pigeon_cards", "one card")
    assert err.message == "a pigeon between different cities carries one card (and shillings)"
    d.players["bob"].hand = ["weather-1", "harvest-1"]
    assert refused(s, "ann", "deal to:bob take_cards:weather-1,harvest-1").code == "pigeon_cards"
    d.players["bob"].hand = []
    d.nobles["walter"].city = "Berwick"                               # in one city any number
    do(s, "ann", "deal to:bob give_cards:tax-1,tax-2")
    _answer(s, "bob")
    assert d.players["ann"].hand == [] and d.players["bob"].hand == ["tax-1", "tax-2"]


def test_2_15_in_one_city_one_pigeon_carries_the_whole_exchange():
    s, d = _deal_table()
    _open_cities(d)
    d.nobles["walter"].city = "Berwick"
    total = _purses(d)
    do(s, "ann", "deal to:bob give_shillings:2 take_shillings:5")
    _answer(s, "bob")
    assert d.players["ann"].shillings == 13 and d.players["bob"].shillings == 7 and _purses(d) == total
    assert d.families["red"].pigeons == 2 and d.families["blue"].pigeons == 3   # the proposer's, once


def test_2_15_in_one_city_the_partner_s_pigeon_serves_when_the_proposer_has_none():
    s, d = _deal_table()
    d.nobles["walter"].city = "Berwick"
    d.families["red"].pigeons = 0
    do(s, "ann", "deal to:bob take_shillings:2")
    _answer(s, "bob")
    assert d.families["blue"].pigeons == 2 and d.players["ann"].shillings == 12
    d.families["blue"].pigeons = 0
    err = refused(s, "ann", "deal to:bob take_shillings:2")
    assert (err.section, err.code, err.legal) == ("2.15", "no_pigeon", "captives, cities or a vote")
    assert err.message == "an exchange in one city takes a Carrier Pigeon, and neither player has one left"


def test_9_0_allies_skip_the_pigeon_only_in_one_city():
    """9.0: allies exchange without a pigeon "if their Nobles are in the same City" (before the fix, anywhere)."""
    s, d = _deal_table()
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    assert deals.needs_pigeon(d, "ann", "bob")
    do(s, "ann", "deal to:bob give_shillings:2")
    s.rng.force(1)
    _answer(s, "bob")
    assert d.families["red"].pigeons == 2                             # Berwick to Whitby: a pigeon flies
    d.nobles["matilda"].city = "Berwick"
    do(s, "ann", "deal to:bob give_shillings:2")
    _answer(s, "bob")
    assert d.families["red"].pigeons == 2 and d.players["bob"].shillings == 14
    d.families["red"].pigeons = 0
    assert deals.route(d, "ann", "bob")[0] == "same" and not deals.needs_pigeon(d, "ann", "bob")


@pytest.mark.parametrize("where", ["outskirts", "captive_sender", "same_city_far"])
def test_2_15_the_far_route_needs_a_free_sender_and_both_nobles_inside_walls(where):
    s, d = _deal_table()
    for nid, city in (("lucia", "London"), ("matilda", "Bristol")):   # out of the way, apart, no walls
        d.nobles[nid].city = city
        d.cities[city].building = None
    assert deals.route(d, "ann", "bob") == ("far", "william", "walter")
    if where == "outskirts":
        d.nobles["william"].outskirts = True
    elif where == "captive_sender":
        d.nobles["william"].captor = "green"
    else:
        d.cities["Whitby"].building = None
    assert deals.route(d, "ann", "bob") is None
    assert deals.needs_pigeon(d, "ann", "bob")
    assert refused(s, "ann", "deal to:bob give_shillings:1").code == "pigeon_route"


def test_2_15_in_one_city_the_route_goes_between_allies_without_a_pigeon():
    s, d = _deal_table()
    for nid in ("lucia", "walter", "matilda"):
        d.nobles[nid].city = "Berwick"
    assert deals.route(d, "ann", "bob") == ("same", "lucia", "matilda")
    assert deals.needs_pigeon(d, "ann", "bob")
    d.nobles["william"].spouse, d.nobles["matilda"].spouse = "matilda", "william"
    assert not deals.needs_pigeon(d, "ann", "bob")


def test_2_15_a_deal_without_shillings_or_cards_needs_no_pigeon_or_route():
    s, d = _deal_table()
    _open_cities(d)
    d.families["red"].pigeons = d.families["blue"].pigeons = 0
    d.nobles["matilda"].captor = "red"
    do(s, "ann", "deal to:bob give_captives:matilda")
    events = _answer(s, "bob")
    assert d.nobles["matilda"].captor is None
    freed = next(e for e in events if e.kind == "captive.released")
    told = RULES.words().event(s, freed, Audience(None, {}))
    assert told is not None and told.startswith("Lady Matilda is set free by a deal")


def test_2_15_acceptance_is_refused_when_the_route_closed_meanwhile():
    s, d = _deal_table()
    do(s, "ann", "deal to:bob give_shillings:2")
    d.cities["Whitby"].building = None
    r = next(r for r in d.requests.open if r.kind == "deal")
    assert refused(s, "bob", f"respond request:{r.id} accept:true").code == "pigeon_route"


def test_2_15_both_hands_stay_within_the_limit_on_either_side():
    s, d = _deal_table()
    d.players["ann"].hand = ["tax-1"]
    d.players["bob"].hand = ["weather-1", "harvest-1", "tax-2"]
    err = refused(s, "ann", "deal to:bob give_cards:tax-1")                                 # the receiver's hand
    assert (err.section, err.code, err.legal) == ("2.15", "hand_limit", "fewer cards")
    assert err.message == "both hands must stay within 3 cards"
    d.players["ann"].hand = ["tax-1", "tax-3", "tax-4"]
    d.players["bob"].hand = ["weather-1"]
    assert refused(s, "ann", "deal to:bob take_cards:weather-1").code == "hand_limit"      # the proposer's hand


def test_a_deal_asking_more_than_the_purse_offers_only_no_and_says_why():
    """The asked player cannot pay: only No is legal, and the question says so with their purse."""
    from engine.core.words import Audience
    from engine.fief import RULES

    s, d = _deal_table()
    s.rng.force(1)
    do(s, "ann", "deal to:bob take_shillings:8")
    d.players["bob"].shillings = 3
    r = next(r for r in d.requests.open if r.kind == "deal")
    answers = [a for a in RULES.legal(s, "bob") if a.kind == "respond" and a.get("request") == r.id]
    assert [a.get("accept") for a in answers] == [False]
    decision = next(x for x in RULES.pending(s) if x.prompt.startswith("request.") and "bob" in x.seats)
    question = RULES.words().question(s, decision, "bob", Audience("bob", {"ann": "Ann", "bob": "Bob"}))
    assert "You cannot agree" in question and "3 shillings" in question and "Do you agree" not in question
    d.players["bob"].shillings = 10
    question = RULES.words().question(s, decision, "bob", Audience("bob", {"ann": "Ann", "bob": "Bob"}))
    assert question.endswith("Do you agree?")


def test_2_15_a_deal_between_cities_needs_a_pigeon_of_the_giver_left():
    s, d = _deal_table()
    d.families["red"].pigeons = 0
    err = refused(s, "ann", "deal to:bob give_shillings:1")
    assert (err.section, err.code, err.legal) == ("2.15", "no_pigeon", "captives, cities or a vote")
    assert err.message == "shillings and cards go by Carrier Pigeon, and none is left"


def test_9_1_a_deal_goes_to_another_player_and_gives_or_asks_something():
    s, d = _deal_table()
    err = refused(s, "ann", "deal to:ann give_shillings:1")
    assert (err.section, err.code, err.legal) == ("9.1", "deal_to", ["bob", "cat", "dan"])
    assert err.message == "a deal is offered to another player"
    err = refused(s, "ann", "deal to:bob")
    assert (err.section, err.code, err.legal) == ("9.1", "empty_deal", "give_... or take_...")
    assert err.message == "a deal gives or asks for something"
    err = refused(s, "ann", "deal to:bob give_shillings:-1")
    assert (err.section, err.code, err.legal) == ("9.1", "funds", "a positive amount")
    assert err.message == "shillings in a deal are counted from 1 up"
    assert refused(s, "ann", "deal to:bob take_shillings:-1").code == "funds"


def test_9_1_one_deal_at_a_time_awaits_its_answer():
    s, d = _deal_table()
    do(s, "ann", "deal to:bob give_shillings:1")
    err = refused(s, "ann", "deal to:cat give_shillings:1")
    assert (err.section, err.code, err.legal) == ("9.1", "deal_open", "wait for the answer")
    assert err.message == "your deal awaits its answer"
    do(s, "bob", "deal to:cat give_shillings:1")      # another player's deal is not held up by it


def test_2_15_a_deal_gives_only_the_shillings_and_cards_the_giver_has():
    s, d = _deal_table()
    err = refused(s, "ann", "deal to:bob give_shillings:11")
    assert (err.section, err.code, err.legal) == ("2.15", "funds", "0-10")
    assert err.message == "you cannot give more shillings than you have"
    err = refused(s, "ann", "deal to:bob give_cards:tax-9")
    assert (err.section, err.code, err.legal) == ("2.15", "not_in_hand", "no cards")
    assert err.message == "you can give only cards in your hand"
    d.players["ann"].hand = ["tax-1"]
    assert refused(s, "ann", "deal to:bob give_cards:tax-9").legal == ["tax-1"]
    assert refused(s, "ann", "deal to:bob give_cards:tax-1,tax-1").code == "not_in_hand"   # one card, once


def test_7_7_and_5_1_a_deal_gives_only_captives_held_and_cities_controlled_where_the_receiver_is():
    s, d = _deal_table()
    err = refused(s, "ann", "deal to:bob give_captives:matilda")
    assert (err.section, err.code, err.legal) == ("7.7", "not_captive", "no captives")
    assert err.message == "that noble is not held captive by your families"
    d.nobles["walter"].captor = "red"
    assert refused(s, "ann", "deal to:bob give_captives:matilda").legal == ["walter"]
    err = refused(s, "ann", "deal to:bob give_cities:York")
    assert (err.section, err.code, err.legal) == ("5.1", "deal_city", "none")
    assert err.message == "you may hand over only a city you control where the other player's family is present"
    assert d.cities["Berwick"].controller == "red"
    assert refused(s, "ann", "deal to:bob give_cities:Berwick").code == "deal_city"   # Bob is not there
    d.nobles["matilda"].city = "Berwick"
    assert deals.deal_cities(d, "ann", "bob") == ["Berwick"]
    d.war.battle = Battle("Whitby", "red", "blue")
    assert deals.deal_cities(d, "ann", "bob") == []                 # none offered while a battle is fought
    for line in ("deal to:bob give_cities:Berwick", "deal to:bob give_shillings:1 take_cities:Berwick"):
        err = refused(s, "ann", line)                                # nor typed: as for transfer_control (5.1)
        assert (err.section, err.code, err.legal) == ("5.1", "in_battle", "after the battle")
        assert err.message == "control cannot change hands while a battle is fought"
    d.war.battle = None
    do(s, "ann", "deal to:bob give_cities:Berwick")


def test_9_1_no_vote_is_pledged_outside_an_election_or_a_tax_vote():
    s, d = _deal_table()
    err = refused(s, "ann", "deal to:bob give_vote:walter")
    assert (err.section, err.code, err.legal) == ("9.1", "deal_vote", "none now")
    assert err.message == ("a vote is pledged on a declared candidate before your markers are laid, or on the "
                           "Royal Tax before you vote")


def test_9_1_and_9_2_a_vote_is_pledged_only_before_it_is_cast():
    s, d = _deal_table()
    d.politics.candidates = ["william", "walter"]
    d.flow.step = "ballot"
    assert deals.vote_pledges(d, "ann") == ["william", "walter"]
    d.politics.ballots["red"] = ["william", ""]                       # Ann's markers are laid
    assert deals.vote_pledges(d, "ann") == []
    d.flow.step, d.politics.parliament_round = "tax_vote", d.flow.round
    assert deals.vote_pledges(d, "ann") == ["tax_for", "tax_against"]
    d.politics.votes["red"] = True                                    # Ann has voted
    assert deals.vote_pledges(d, "ann") == []
    d.politics.votes, d.politics.parliament_round = {}, d.flow.round - 1   # Parliament of an earlier round
    assert deals.vote_pledges(d, "ann") == []
