"""2.15 Carrier Pigeons: between strongholds by the d6, or an exchange in one city."""

import pytest

from engine.fief import RULES
from tests.fief.helpers import defaults_until, do, g, give_card, refused, started, turn_seat


def two_nobles(same_city=False):
    s = started(4)
    defaults_until(s, "play", 2)
    data = g(s)
    a_fam, b_fam = data.flow.order[:2]
    a, b = data.families[a_fam].nobles[0], data.families[b_fam].nobles[0]
    if same_city:
        data.nobles[b].city = data.nobles[a].city
    return s, data, a_fam, b_fam, a, b


def test_2_15_lost_pigeon_on_a_six_card_discarded_money_stays():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    give_card(s, seat, "tax-1")
    data.players[seat].shillings = 5
    s.rng.force(6)
    other = data.families[b_fam].seat
    before = data.players[other].shillings
    events = do(s, seat, f"pigeon sender:{a} to:{b} shillings:3 card:tax-1")
    assert any(e.kind == "pigeon.lost" and e.data["card_lost"] == "tax-1" for e in events)
    assert [e.data["why"] for e in events if e.kind == "random.roll"] == ["carrier pigeon"]
    assert data.players[seat].shillings == 5 and "tax-1" in data.fortune_discard
    assert "tax-1" not in data.players[seat].hand and "tax-1" not in data.players[other].hand
    assert data.players[other].shillings == before
    assert data.families[a_fam].pigeons == 2


def test_2_15_pigeon_arrives_on_1_to_5_and_is_private():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = 5
    before = data.players[other].shillings
    give_card(s, seat, "tax-1")
    s.rng.force(5)
    events = do(s, seat, f"pigeon sender:{a} to:{b} shillings:3 card:tax-1")
    assert data.players[other].shillings == before + 3 and data.players[seat].shillings == 2
    assert "tax-1" in data.players[other].hand and "tax-1" not in data.players[seat].hand
    assert "tax-1" not in data.fortune_discard
    assert data.families[a_fam].pigeons == 2
    assert any(e.kind == "pigeon.arrived" and e.data["card_lost"] is None for e in events)
    sent = next(e for e in events if e.kind == "pigeon.sent")
    assert sent.is_public and sent.data == {"family": a_fam, "frm": a, "to": b, "falconer": False}
    told = next(e for e in events if e.kind == "pigeon.delivered")
    assert set(told.to) == {seat, other}
    assert told.data == {"shillings": 3, "card": "tax-1", "frm": a, "to": b}
    assert all("shillings" not in e.data for e in events if e.is_public)


def test_2_15_only_between_strongholds_abbeys_in_different_cities():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    data.cities[data.nobles[b].city].building = None
    err = refused(s, seat, f"pigeon sender:{a} to:{b} shillings:1")
    assert (err.section, err.code, err.legal) == ("2.15", "pigeon_route", "pigeon_offer for nobles in one city")
    assert err.message == ("between different cities a pigeon flies from a noble inside a Stronghold, Fortified "
                           "City or Abbey to a noble inside another one")
    data.families[a_fam].pigeons = 0
    data.cities[data.nobles[b].city].building = "abbey"
    err = refused(s, seat, f"pigeon sender:{a} to:{b} shillings:1")
    assert (err.section, err.code, err.legal) == ("2.15", "no_pigeon", "a noble of a family with pigeons left")
    assert err.message == f"{data.nobles[a].name}'s family has no Carrier Pigeon left"


def test_2_15_same_city_exchange_is_an_offer_spending_a_pigeon_on_acceptance():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = 4
    give_card(s, other, "harvest-2")
    data.players[other].shillings = 3
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_shillings:2 take_cards:harvest take_shillings:1")
    offer = data.offers.open[0]
    assert "give" not in str(RULES.view(s, None).get("offers", ""))
    assert data.families[a_fam].pigeons == 3
    assert data.players[seat].shillings == 2  # set aside while the offer is open (R18)
    do(s, other, f"accept_offer offer:{offer.id}")
    assert "harvest-2" in data.players[seat].hand and "harvest-2" not in data.players[other].hand
    assert data.players[seat].shillings == 2 + 1
    assert data.players[other].shillings == 3 + 2 - 1
    assert data.families[a_fam].pigeons == 2


def test_2_15_set_aside_shillings_come_back_when_the_offer_is_declined():
    """The proposer's purse is never checked again at acceptance, so the other player learns nothing
    about it; a declined or withdrawn offer returns the shillings set aside (ruling R18)."""
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = 4
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_shillings:3")
    assert data.players[seat].shillings == 1
    do(s, other, f"decline_offer offer:{data.offers.open[0].id}")
    assert data.players[seat].shillings == 4 and not data.offers.open


def test_9_0_spouses_exchange_without_a_pigeon():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    wife = next(n for n in data.families[b_fam].nobles if data.nobles[n].sex != data.nobles[a].sex)
    data.nobles[wife].city = data.nobles[a].city
    data.nobles[a].spouse, data.nobles[wife].spouse = wife, a
    data.players[seat].shillings = 4
    data.families[a_fam].pigeons = 0                  # none left, and none needed between spouses
    do(s, seat, f"pigeon_offer sender:{a} to:{wife} give_shillings:1")
    do(s, other, f"accept_offer offer:{data.offers.open[0].id}")
    assert data.families[a_fam].pigeons == 0 and data.players[seat].shillings == 3


def test_2_15_hand_limit_holds():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    for c in ("tax-1", "tax-2", "tax-3"):
        give_card(s, other, c)
    give_card(s, seat, "tax-4")
    err = refused(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-4")
    assert (err.section, err.code, err.legal) == ("2.15", "hand_limit", "fewer cards")
    assert err.message == "both hands must stay within 3 cards"


def test_2_15_a_pigeon_carries_a_card_and_or_shillings_never_nothing():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    err = refused(s, seat, f"pigeon sender:{a} to:{b}")
    assert (err.section, err.code, err.legal) == ("2.15", "pigeon_empty", "shillings:N and/or card:<id>")
    assert err.message == "send a card and/or shillings"


@pytest.mark.parametrize("line", ["pigeon sender:{a} to:{b} shillings:{n}", "pigeon_offer sender:{a} to:{b} give_shillings:{n}"])
def test_2_15_a_pigeon_sends_no_more_shillings_than_the_purse_holds(line):
    s, data, a_fam, b_fam, a, b = two_nobles(same_city="offer" in line)
    seat = data.families[a_fam].seat
    data.players[seat].shillings = 2
    err = refused(s, seat, line.format(a=a, b=b, n=3))
    assert (err.section, err.code, err.legal) == ("2.15", "funds", "0-2")
    assert err.message == "you cannot send more shillings than you have"
    do(s, seat, line.format(a=a, b=b, n=2))


def test_2_15_a_pigeon_carries_only_a_card_in_the_sender_s_hand():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    data.players[seat].hand = ["tax-2"]
    err = refused(s, seat, f"pigeon sender:{a} to:{b} card:tax-1")
    assert (err.section, err.code, err.legal) == ("2.15", "not_in_hand", ["tax-2"])
    assert err.message == "'tax-1' is not in your hand"


def test_2_15_a_pigeon_s_card_needs_room_in_the_receiving_hand():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[other].hand = ["tax-1", "tax-2", "tax-3"]
    give_card(s, seat, "tax-4")
    err = refused(s, seat, f"pigeon sender:{a} to:{b} card:tax-4")
    assert (err.section, err.code, err.legal) == ("2.15", "hand_limit", "send shillings only")
    assert err.message == "the receiving hand is full"


def test_2_15_an_exchange_by_pigeon_needs_both_nobles_in_one_city():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    err = refused(s, seat, f"pigeon_offer sender:{a} to:{b} give_shillings:1")
    assert (err.section, err.code) == ("2.15", "pigeon_route")
    assert err.legal == "pigeon between Strongholds/Abbeys for different cities"
    assert err.message == "an exchange by pigeon needs both nobles in one city"


def test_phases_5_to_7_each_wait_for_every_family():
    s = started(4)
    defaults_until(s, "purchase", 4)
    for _ in range(4 * 4):  # purchase, moves, battles, pillage
        do(s, turn_seat(s), "done")
    assert g(s).flow.round == 2 and g(s).flow.step == "marriage"   # Phase 1 opens Round 2 (9.0)


def _captive(data, n):
    data.nobles[n].captor = "bandits"


def _outside(data, n):
    data.nobles[n].outskirts = True


@pytest.mark.parametrize("setup,line,code", [
    (_captive, "pigeon sender:{a} to:{b} shillings:1", "pigeon_from"),           # a captive sends nothing
    (_outside, "pigeon sender:{a} to:{b} shillings:1", "pigeon_route"),          # outside the walls
    (None, "pigeon sender:{a} to:{a2} shillings:1", "pigeon_to"),                # to one's own family
    (None, "pigeon sender:{a} to:{b} shillings:-1", "funds"),                    # nothing owed by pigeon
])
def test_2_15_a_pigeon_between_cities_flies_from_a_free_noble_inside_the_walls(setup, line, code):
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    data.players[seat].shillings = 5
    if setup:
        setup(data, a)
    a2 = data.families[a_fam].nobles[1]
    err = refused(s, seat, line.format(a=a, b=b, a2=a2))
    assert (err.section, err.code) == ("2.15", code)
    assert data.players[seat].shillings == 5 and data.families[a_fam].pigeons == 3


def test_2_15_a_captive_sender_is_refused_naming_the_free_nobles_who_may_send():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    data.nobles[a].captor = "bandits"
    free = [n for f in data.players[seat].families for n in data.families[f].nobles if data.nobles[n].captor is None]
    err = refused(s, seat, f"pigeon sender:{a} to:{b} shillings:1")
    assert (err.section, err.code, err.legal) == ("2.15", "pigeon_from", free) and free
    assert err.message == f"{data.nobles[a].name} is not a free noble of yours"      # named, not by id
    assert refused(s, seat, f"pigeon sender:nobody to:{b} shillings:1").message == "name one of your free nobles"
    own = data.families[a_fam].nobles[1]
    err = refused(s, seat, f"pigeon sender:{own} to:{own} shillings:1")
    assert (err.code, err.message) == ("pigeon_to", f"{data.nobles[own].name} is not another player's noble")
    others = [n for n, x in data.nobles.items() if x.family not in data.players[seat].families]
    assert err.legal == others and b in others and own not in others and a not in others
    assert refused(s, seat, f"pigeon sender:{own} to:nobody shillings:1").message == "name another player's noble"
    for f in data.players[seat].families:
        for n in data.families[f].nobles:
            data.nobles[n].captor = "bandits"
    assert refused(s, seat, f"pigeon sender:{a} to:{b} shillings:1").legal == "none"


def test_2_15_a_pigeon_between_cities_is_not_for_nobles_in_one_city():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat = data.families[a_fam].seat
    assert refused(s, seat, f"pigeon sender:{a} to:{b} shillings:1").code == "pigeon_route"


def test_2_15_an_exchange_asking_for_a_card_the_other_no_longer_holds_cannot_be_accepted():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    give_card(s, other, "harvest-2")
    do(s, seat, f"pigeon_offer sender:{a} to:{b} take_cards:harvest")
    offer = data.offers.open[0]
    data.players[other].hand.remove("harvest-2")                  # played meanwhile
    err = refused(s, other, f"accept_offer offer:{offer.id}")
    assert (err.section, err.code, err.legal) == ("2.15", "not_in_hand", "cards that player holds (by id or kind)")
    assert err.message == "the one handing it over holds no card 'harvest'"


def test_2_15_an_exchange_offers_only_cards_in_the_proposer_s_hand():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat = data.families[a_fam].seat
    data.players[seat].hand = ["tax-1"]
    err = refused(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-2")
    assert (err.section, err.code, err.legal) == ("2.15", "not_in_hand", ["tax-1"])
    assert err.message == "'tax-2' is not in your hand"
    data.players[seat].hand = []
    assert refused(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-2").legal == "none"


def test_2_15_an_exchange_keeps_the_proposer_s_hand_within_the_limit_too():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].hand = ["tax-1", "tax-2", "tax-3"]
    data.players[other].hand = ["harvest-2"]
    err = refused(s, seat, f"pigeon_offer sender:{a} to:{b} take_cards:harvest")
    assert (err.section, err.code) == ("2.15", "hand_limit")


def test_2_15_no_exchange_by_pigeon_for_nobles_in_no_city():
    s, data, a_fam, b_fam, a, b = two_nobles()
    seat = data.families[a_fam].seat
    data.nobles[a].city = data.nobles[b].city = None
    assert refused(s, seat, f"pigeon_offer sender:{a} to:{b} give_shillings:1").code == "pigeon_route"


def test_2_15_an_offer_is_accepted_only_by_its_addressee_while_the_nobles_still_meet_and_a_pigeon_is_left():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = 4
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_shillings:1")
    offer = data.offers.open[0]
    err = refused(s, seat, f"accept_offer offer:{offer.id}")            # not addressed to its maker
    assert (err.section, err.code, err.message, err.legal) == ("2.15", "no_offer", f"no offer {offer.id} to you",
                                                                "none")
    data.families[a_fam].pigeons = 0                                    # spent meanwhile
    err = refused(s, other, f"accept_offer offer:{offer.id}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.15", "no_pigeon", "the sender has no pigeon left", "decline_offer")
    here = data.nobles[a].city
    data.nobles[a].city = next(c for c in data.cities if c != here)     # the sender rode away
    err = refused(s, other, f"accept_offer offer:{offer.id}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.15", "pigeon_route", "the two nobles no longer stand in one city", "decline_offer")


def test_2_15_an_exchange_that_would_now_overflow_a_hand_cannot_be_accepted():
    from engine.fief.state import hand_limit
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    give_card(s, seat, "tax-1")
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-1")
    data.players[other].hand = ["tax-2"] * hand_limit(data)                 # filled meanwhile
    err = refused(s, other, f"accept_offer offer:{data.offers.open[0].id}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.15", "hand_limit", "the exchange would break a hand limit", "decline_offer")


def test_2_15_a_card_for_a_card_between_two_full_hands_is_accepted_but_not_once_a_hand_has_grown():
    """Neither player has a shilling: a card for a card needs none."""
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings = data.players[other].shillings = 0
    data.players[seat].hand = ["tax-1", "tax-2", "tax-3"]
    data.players[other].hand = ["harvest-1", "harvest-2", "storms-1"]
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-1 take_cards:harvest-1")
    assert any(x.kind == "accept_offer" for x in RULES.legal(s, other))
    do(s, other, f"accept_offer offer:{data.offers.open[0].id}")
    assert sorted(data.players[seat].hand) == ["harvest-1", "tax-2", "tax-3"]
    assert sorted(data.players[other].hand) == ["harvest-2", "storms-1", "tax-1"]
    for grown in (other, seat):                       # while the offer waits, either hand fills up
        data.players[seat].hand, data.players[other].hand = ["tax-4"], ["harvest-2"]
        do(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-4 take_cards:harvest-2")
        offer = data.offers.open[0]
        data.players[grown].hand += ["weather-1", "weather-2", "storms-2"]
        assert not any(x.kind == "accept_offer" for x in RULES.legal(s, other))
        err = refused(s, other, f"accept_offer offer:{offer.id}")
        assert (err.section, err.code, err.legal) == ("2.15", "hand_limit", "decline_offer")
        assert err.message == "the exchange would break a hand limit"
        do(s, other, f"decline_offer offer:{offer.id}")


def test_2_15_an_exchange_asking_shillings_the_partner_no_longer_has_cannot_be_accepted():
    s, data, a_fam, b_fam, a, b = two_nobles(same_city=True)
    seat, other = data.families[a_fam].seat, data.families[b_fam].seat
    data.players[seat].shillings, data.players[other].shillings = 0, 5
    give_card(s, seat, "tax-1")
    do(s, seat, f"pigeon_offer sender:{a} to:{b} give_cards:tax-1 take_shillings:3")
    offer = data.offers.open[0]
    data.players[other].shillings = 2                             # spent meanwhile
    assert not any(x.kind == "accept_offer" for x in RULES.legal(s, other))
    err = refused(s, other, f"accept_offer offer:{offer.id}")
    assert (err.section, err.code, err.legal) == ("2.15", "funds", "0-2")
    assert err.message == "you cannot send more shillings than you have"
    data.players[other].shillings = 3
    do(s, other, f"accept_offer offer:{offer.id}")
    assert (data.players[seat].shillings, data.players[other].shillings) == (3, 0)
    assert data.players[other].hand == ["tax-1"]
