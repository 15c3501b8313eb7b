"""11.0-11.2: the family board's Character Opportunity space, Mercenary Crossbowmen hired, lent,
beaten and sent back, and the Burgher's titled Lord (rulings M1-M7)."""

from __future__ import annotations

import pytest

from engine.core import Action, Audience, Event, GameState
from engine.fief import RULES
from engine.fief.board import mercenaries
from engine.fief.state import Stack, return_troop, stack
from engine.fief.war.battle.captives import doom, settle_captures
from engine.fief.war.state import Battle
from engine.fief.words.events_war import death_cause
from tests.fief.helpers import act, defaults_until, do, g, give_card, place, refused, started

FRENCH, FLEMISH = "mercenary-french", "mercenary-flemish"


def _told(state: GameState, events: list[Event], kind: str) -> list[str | None]:
    """What the table reads of each event of ``kind``."""
    return [RULES.words().event(state, e, Audience(None, {})) for e in events if e.kind == kind]


def _past_the_draw(state):  # type: ignore[no-untyped-def]
    """Round 1 at the draw step, every drawer marked as having drawn: opportunity time again."""
    for p in g(state).players.values():
        p.done_discarding = True
    g(state).flow.step = "play"
    return state


def _with_card(card: str = FRENCH, seat: str = "ann", shillings: int = 10):  # type: ignore[no-untyped-def]
    state = _past_the_draw(started(4, 1))
    give_card(state, seat, card)
    g(state).players[seat].shillings = shillings
    do(state, seat, f"play_board_card card:{card}")
    return state


def test_11_0_a_mercenary_card_goes_on_the_board_with_three_crossbowmen() -> None:
    state = _with_card()
    fam = g(state).families["red"]
    assert fam.board_card == FRENCH and FRENCH not in g(state).players["ann"].hand
    assert g(state).mercenaries[FRENCH].on_card == 3
    view = RULES.view(state, None)
    assert view["families"]["red"]["board_card"] == FRENCH and view["mercenaries"][FRENCH]["on_card"] == 3


def test_11_0_no_opportunity_card_in_the_middle_of_a_draw() -> None:
    state = started(4, 1)
    seat = g(state).families[g(state).flow.order[0]].seat
    give_card(state, seat, FRENCH)
    g(state).players[seat].done_discarding = True
    err = refused(state, seat, f"play_board_card card:{FRENCH}")
    assert (err.section, err.code, err.legal) == ("11.0", "draw_action", "before the draws begin, or once they are over")
    assert err.message == "Opportunity cards cannot be played during a draw action or setup"


def test_11_0_the_card_goes_from_your_own_hand_onto_your_own_family_board() -> None:
    state = _past_the_draw(started(4, 1))
    give_card(state, "ann", FRENCH)
    err = refused(state, "ann", f"play_board_card card:{FRENCH} family:blue")
    assert (err.section, err.code, err.legal) == ("11.0", "not_your_family", ["red"])
    assert err.message == "the card goes on one of your own family boards"
    err = refused(state, "ann", f"play_board_card card:{FLEMISH}")
    assert (err.section, err.code, err.legal) == ("11.0", "not_board_card", [FRENCH])
    g(state).players["ann"].hand = ["tax-1"]
    assert refused(state, "ann", f"play_board_card card:{FRENCH}").legal == "none in your hand"
    assert err.message == "only a Mercenary or Burgher card from your hand goes on the family board"


def test_11_1_hired_for_two_shillings_each_where_the_family_stands() -> None:
    state = _with_card()
    do(state, "ann", "hire city:Berwick count:2")
    assert stack(g(state), "Berwick", "red").troops.count("crossbow") == 2
    assert g(state).players["ann"].shillings == 6
    m = g(state).mercenaries[FRENCH]
    assert (m.on_card, m.hired) == (1, {"red": 2})
    err = refused(state, "ann", "hire city:Atlantis")
    assert (err.section, err.code, err.legal[:2]) == ("11.1", "hire_city", ["Berwick", "Bristol"])
    assert err.message == "Crossbowmen go to any city (11.1), but no city of that name"
    assert refused(state, "ann", "hire city:Berwick count:2").code == "crossbows_left"
    do(state, "ann", "hire city:Berwick")                  # a second hire adds to the first
    assert (m.on_card, m.hired, g(state).players["ann"].shillings) == (0, {"red": 3}, 4)
    assert stack(g(state), "Berwick", "red").troops.count("crossbow") == 3


def test_11_1_a_seat_with_two_families_hires_for_the_family_whose_board_holds_the_card() -> None:
    state = _past_the_draw(started(2, 1))
    give_card(state, "ann", FRENCH)
    do(state, "ann", f"play_board_card card:{FRENCH} family:blue")
    do(state, "ann", "hire city:Whitby")
    assert g(state).mercenaries[FRENCH].hired == {"blue": 1}
    assert stack(g(state), "Whitby", "blue").troops.count("crossbow") == 1


@pytest.mark.parametrize("line,code", [("hire city:Atlantis", "hire_city"), ("hire city:Berwick count:0", "crossbows_left"),
                                       ("hire city:Berwick count:4", "crossbows_left"),
                                       ("hire city:Berwick count:-1", "crossbows_left")])
def test_11_1_bad_hires_are_refused_and_change_nothing(line, code) -> None:
    state = _with_card()
    assert refused(state, "ann", line).code == code
    assert (g(state).players["ann"].shillings, g(state).mercenaries[FRENCH].on_card) == (10, 3)
    assert not any("crossbow" in st.troops for c in g(state).cities.values() for st in c.stacks.values())


def test_11_1_crossbowmen_go_to_any_city_an_empty_independent_one_is_taken() -> None:
    """11.1: "place each in any City of choice" (before the fix, ruling M4 refused a city where the family had
    nobody); placed in an empty Independent city they hold it (5.1)."""
    state = _with_card()
    d = g(state)
    assert d.cities["York"].controller is None and not d.cities["York"].stacks
    events = do(state, "ann", "hire city:York")
    assert stack(d, "York", "red").troops == ["crossbow"] and d.cities["York"].controller == "red"
    assert "city.control" in [e.kind for e in events]


def test_11_1_crossbowmen_placed_in_another_family_s_city_stand_on_its_outskirts() -> None:
    state = _with_card()
    d = g(state)
    assert d.cities["Whitby"].controller == "blue"
    do(state, "ann", "hire city:Whitby count:2")
    st = d.cities["Whitby"].stacks["red"]
    assert st.troops == ["crossbow", "crossbow"] and st.outskirts and d.cities["Whitby"].controller == "blue"


def test_11_1_crossbowmen_placed_where_invaders_stand_take_no_city() -> None:
    state = _with_card()
    d = g(state)
    army = d.armies["army-1"]
    army.city, army.foot = "York", 3
    do(state, "ann", "hire city:York")
    assert d.cities["York"].controller is None and d.cities["York"].stacks["red"].outskirts


def test_11_1_hiring_needs_the_money() -> None:
    state = _with_card(shillings=3)
    err = refused(state, "ann", "hire city:Berwick count:2")
    assert (err.section, err.code, err.legal) == ("11.1", "shillings", "fewer Crossbowmen")
    assert err.message == "hiring costs 4 shillings"


def test_11_1_a_new_card_replaces_the_old_one_and_takes_its_crossbowmen_away() -> None:
    state = _with_card()
    do(state, "ann", "hire city:Berwick")
    give_card(state, "ann", FLEMISH)
    events = do(state, "ann", f"play_board_card card:{FLEMISH}")
    gone = next(e for e in events if e.kind == "board.card_discarded")
    assert gone.data["card"] == FRENCH and gone.data["crossbows"] == 2
    assert _told(state, events, "board.card_discarded") == [
        "Red's French Mercenary Crossbowmen card is discarded (to make room for another card); the 2 Crossbowmen "
        "still on it leave with it."]
    assert FRENCH in g(state).character_under and g(state).families["red"].board_card == FLEMISH
    assert FRENCH not in g(state).players["ann"].hand and g(state).mercenaries[FRENCH].on_card == 0
    # M1: the one already hired stays until the round ends, then leaves with its discarded card
    assert stack(g(state), "Berwick", "red").troops.count("crossbow") == 1
    mercenaries.end_round(state, g(state))
    assert "crossbow" not in stack(g(state), "Berwick", "red").troops
    assert FRENCH not in g(state).mercenaries and g(state).mercenaries[FLEMISH].on_card == 3


def test_11_1_a_card_laid_again_the_same_round_never_holds_more_than_its_three_crossbowmen() -> None:
    """M1: the French card, discarded while one of its Crossbowmen is hired, comes back to the board: it
    brings the two not on the map, and the third joins them at the end of the round (3 markers a card)."""
    state = _with_card()
    do(state, "ann", "hire city:Berwick")
    give_card(state, "ann", FLEMISH)
    do(state, "ann", f"play_board_card card:{FLEMISH}")
    give_card(state, "ann", FRENCH)
    do(state, "ann", f"play_board_card card:{FRENCH}")
    m = g(state).mercenaries[FRENCH]
    assert (m.on_card, m.beaten, m.hired) == (2, 0, {"red": 1})
    assert FLEMISH in g(state).character_under and FLEMISH not in g(state).mercenaries
    mercenaries.end_round(state, g(state))
    assert (m.on_card, m.hired) == (3, {})


def test_11_1_back_to_the_card_at_the_end_of_the_round() -> None:
    state = _with_card()
    do(state, "ann", "hire city:Berwick count:2")
    do(state, "ann", "hire city:York")                     # York was empty: the Crossbowman alone holds it
    state.take_events()
    mercenaries.end_round(state, g(state))
    assert "crossbow" not in stack(g(state), "Berwick", "red").troops
    assert "red" not in g(state).cities["York"].stacks and g(state).cities["York"].controller is None
    assert (g(state).mercenaries[FRENCH].on_card, g(state).mercenaries[FRENCH].hired) == (3, {})
    assert [(e.data["card"], e.data["count"], e.data["to_card"]) for e in state.take_events()
            if e.kind == "mercenaries.returned"] == [(FRENCH, 3, True)]


def test_11_1_beaten_ones_are_gone_and_the_card_goes_when_all_three_are() -> None:
    state = _with_card()
    do(state, "ann", "hire city:Berwick count:3")
    st = stack(g(state), "Berwick", "red")
    for _ in range(2):
        st.troops.remove("crossbow")
        return_troop(g(state), "red", "crossbow")
    assert g(state).families["red"].stockpile.get("crossbow", 0) == 0   # the common stock, not Red's
    mercenaries.end_round(state, g(state))
    m = g(state).mercenaries[FRENCH]
    assert (m.on_card, m.beaten) == (1, 2)
    do(state, "ann", "hire city:Berwick")
    stack(g(state), "Berwick", "red").troops.remove("crossbow")
    return_troop(g(state), "red", "crossbow")
    state.take_events()
    mercenaries.settle(state, g(state))
    assert g(state).families["red"].board_card is None and FRENCH in g(state).character_under
    assert _told(state, state.take_events(), "board.card_discarded") == [
        "Red's French Mercenary Crossbowmen card is discarded (its three Crossbowmen all beaten)."]


def test_11_1_m3_a_beaten_crossbowman_counts_against_the_family_s_own_card_first_then_the_other() -> None:
    """Red holds a French Crossbowman of its own and a Flemish one rented from Blue: the first lost is
    the French (Red's own card), the second the Flemish."""
    state = _with_card()
    give_card(state, "bob", FLEMISH)
    do(state, "bob", f"play_board_card card:{FLEMISH}")
    do(state, "bob", "lend_mercenaries to:red city:Berwick count:1 price:0")
    act(state, "ann", "respond", request=g(state).requests.open[0].id, accept=True)
    do(state, "ann", "hire city:Berwick")
    french, flemish = g(state).mercenaries[FRENCH], g(state).mercenaries[FLEMISH]
    assert (french.hired, flemish.hired) == ({"red": 1}, {"red": 1})
    return_troop(g(state), "red", "crossbow")
    assert (french.hired, french.beaten, flemish.hired, flemish.beaten) == ({}, 1, {"red": 1}, 0)
    return_troop(g(state), "red", "crossbow")
    assert (french.hired, french.beaten, flemish.hired, flemish.beaten) == ({}, 1, {}, 1)


def test_11_1_hired_for_your_own_family_lent_only_to_another_player_s_one_offer_at_a_time() -> None:
    state = _with_card()
    err = refused(state, "ann", "hire city:Berwick family:blue")
    assert (err.section, err.code, err.legal) == ("11.1", "not_your_family", ["red"])
    assert err.message == "hire for your own family; lend them to another player instead"
    err = refused(state, "ann", "lend_mercenaries to:red city:Whitby count:2 price:3")
    assert (err.section, err.code, err.legal) == ("11.1", "lend_to", ["blue", "green", "yellow"])
    assert err.message == "lend to another player's family"
    assert refused(state, "ann", "lend_mercenaries to:purple city:Whitby").code == "lend_to"
    do(state, "ann", "lend_mercenaries to:blue city:Whitby count:1 price:3")
    err = refused(state, "ann", "lend_mercenaries to:green city:York count:1 price:3")
    assert (err.section, err.code, err.legal) == ("11.1", "offer_open", "wait for the answer")
    assert err.message == "your offer of Crossbowmen awaits its answer"


def test_11_1_lent_for_a_price_the_renter_accepts() -> None:
    state = _with_card()
    do(state, "ann", "lend_mercenaries to:blue city:Whitby count:2 price:3")
    assert g(state).players["ann"].shillings == 6   # the hire money is set aside
    r = g(state).requests.open[0]
    g(state).players["bob"].shillings = 2
    err = refused(state, "bob", f"respond request:{r.id} accept:true")
    assert (err.section, err.code, err.legal) == ("11.1", "shillings", "accept:false")
    assert err.message == "you cannot pay the 3 shillings asked"
    assert [a for a in RULES.legal(state, "bob") if a.kind == "respond"] == [r.answers()[1]]   # only No offered
    g(state).players["bob"].shillings = 3                 # exactly the price is enough
    assert [a for a in RULES.legal(state, "bob") if a.kind == "respond"] == r.answers()
    g(state).players["bob"].shillings = 5
    act(state, "bob", "respond", request=r.id, accept=True)
    assert stack(g(state), "Whitby", "blue").troops.count("crossbow") == 2
    assert (g(state).players["ann"].shillings, g(state).players["bob"].shillings) == (9, 2)
    assert g(state).mercenaries[FRENCH].hired == {"blue": 2}
    assert g(state).mercenaries[FRENCH].on_card == 1      # the two set aside are the two hired


def test_11_1_one_crossbowman_lent_unless_a_count_is_named_and_another_players_offer_holds_none_back() -> None:
    state = _with_card()
    give_card(state, "bob", FLEMISH)
    do(state, "bob", f"play_board_card card:{FLEMISH}")
    do(state, "bob", "lend_mercenaries to:red city:Berwick count:2")
    do(state, "ann", "lend_mercenaries to:blue city:Whitby")
    assert (g(state).mercenaries[FRENCH].on_card, g(state).players["ann"].shillings) == (2, 8)
    assert sorted((r.by, r.payload["count"]) for r in g(state).requests.open) == [("ann", 1), ("bob", 2)]


def test_11_1_a_refused_loan_gives_everything_back() -> None:
    state = _with_card()
    do(state, "ann", "lend_mercenaries to:blue city:Whitby count:2 price:3")
    r = g(state).requests.open[0]
    act(state, "bob", "respond", request=r.id, accept=False)
    assert g(state).players["ann"].shillings == 10 and g(state).mercenaries[FRENCH].on_card == 3


def test_11_1_crossbowmen_alone_slay_the_beaten_nobles() -> None:
    state = _with_card()
    data = g(state)
    do(state, "ann", "hire city:Berwick count:2")
    data.cities["Berwick"].stacks["red"].troops = ["crossbow", "crossbow"]
    data.nobles["walter"].city = "Berwick"
    b = Battle("Berwick", "red", "blue")
    doom(data, b, "blue", ["walter"])
    settle_captures(state, data, b)
    assert "walter" not in data.nobles   # slain, not captured


def test_11_1_with_other_troops_they_take_captives_as_usual() -> None:
    state = _with_card()
    data = g(state)
    do(state, "ann", "hire city:Berwick")
    data.nobles["walter"].city = "Berwick"
    b = Battle("Berwick", "red", "blue")
    doom(data, b, "blue", ["walter"])
    settle_captures(state, data, b)
    assert data.nobles["walter"].captor == "red"


def test_11_2_a_burgher_needs_a_titled_lord_and_leaves_without_one() -> None:
    state = _past_the_draw(started(4, 1))
    give_card(state, "ann", "burgher-3")
    err = refused(state, "ann", "play_board_card card:burgher-3")
    assert (err.section, err.code, err.legal) == ("11.2", "burgher_needs_lord", "buy or win a Fiefdom title first")
    assert err.message == "a Burgher serves only a family with a titled Lord"
    g(state).nobles["william"].titles.append("lord:III")
    do(state, "ann", "play_board_card card:burgher-3")
    assert g(state).families["red"].board_card == "burgher-3"
    g(state).nobles["william"].titles.remove("lord:III")
    # M2: checked after every action; here the check runs directly
    state.take_events()
    mercenaries.settle(state, g(state))
    assert g(state).families["red"].board_card is None and "burgher-3" in g(state).character_under
    assert _told(state, state.take_events(), "board.card_discarded") == [
        "Red's Burgher (3 votes) card is discarded (the family has no titled Lord left)."]


def test_11_1_the_hire_function_other_rule_areas_call() -> None:
    state = _with_card()
    mercenaries.hire(state, g(state), "red", "Berwick", 1)
    assert g(state).mercenaries[FRENCH].on_card == 2 and g(state).players["ann"].shillings == 8


def test_11_0_the_command_is_enumerated_for_buttons_in_your_turn() -> None:
    state = _past_the_draw(started(4, 1))
    g(state).flow.queue, g(state).flow.turn = ["red"], 0
    give_card(state, "ann", FRENCH)
    assert Action.of("play_board_card", card=FRENCH, family="red") in RULES.legal(state, "ann")


def test_11_1_a_loan_made_void_by_a_new_card_gives_back_only_the_money() -> None:
    state = _with_card()
    do(state, "ann", "lend_mercenaries to:blue city:Whitby count:2 price:3")
    give_card(state, "ann", FLEMISH)
    do(state, "ann", f"play_board_card card:{FLEMISH}")
    r = g(state).requests.open[0]
    act(state, "bob", "respond", request=r.id, accept=True)
    assert "blue" not in g(state).cities["Whitby"].stacks or "crossbow" not in stack(g(state), "Whitby", "blue").troops
    assert g(state).players["ann"].shillings == 10 and g(state).mercenaries[FLEMISH].on_card == 3


def test_11_1_in_a_real_battle_crossbowmen_alone_slay_the_noble_they_beat() -> None:
    """Red's two Crossbowmen (and Lord William) beat Blue's Man-at-Arms at Oxford: Lord Walter, left
    without troops, is slain, not taken captive, and the table reads why."""
    state = started(4, 1)
    defaults_until(state, "battle", 7)
    data = g(state)
    data.flow.queue, data.flow.turn = ["red"], 0
    data.cities["Oxford"].controller, data.cities["Oxford"].building = "red", None
    data.cities["Oxford"].stacks = {"red": Stack(troops=["crossbow", "crossbow"]), "blue": Stack(troops=["men"])}
    data.nobles["william"].city = data.nobles["walter"].city = "Oxford"
    state.rng.force(2, 1, 1)   # the Crossbowmen's volley hits once; both melee dice blank
    events = do(state, "ann", "battle city:Oxford against:blue")
    died = [e for e in events if e.kind == "noble.died"]
    assert [e.data["noble"] for e in died] == ["walter"] and "walter" not in data.nobles
    assert "mercenaries" in death_cause(str(died[0].data["cause"]))


def test_11_1_in_a_battle_a_hire_is_offered_only_where_the_family_still_stands() -> None:
    """Ruling M4 in a battle: Red, Blue's ally at Oxford, beaten to its last man, is not offered
    Crossbowmen there (a hire the command would refuse); once Red stands there again it is, and the
    offered hire applies."""
    state = _with_card()
    data = g(state)
    data.cities["Oxford"].controller, data.cities["Oxford"].building = "green", None
    data.cities["Oxford"].stacks = {"blue": Stack(troops=["men"]), "green": Stack(troops=["men"])}
    for n in data.nobles.values():
        if n.city == "Oxford":
            n.city = "London"
    data.nobles["walter"].city = "Oxford"
    data.war.battle = Battle("Oxford", "blue", "green", with_attacker=["red"])
    oxford = Action.of("hire", city="Oxford", count=1, family="red")
    assert oxford not in RULES.legal(state, "ann")
    err = refused(state, "ann", "hire city:Oxford family:red")
    assert (err.section, err.code) == ("11.1", "hire_city") and "Oxford" not in err.legal
    assert err.message == ("Crossbowmen go to any city (11.1), but a battle is being fought in Oxford: only a family "
                           "of a side still standing there hires into it")
    data.cities["Oxford"].stacks["red"] = Stack(troops=["men"])
    assert oxford in RULES.legal(state, "ann")
    purse = data.players["ann"].shillings
    data.players["ann"].shillings = mercenaries.hire_cost(1) - 1     # not the price of one Crossbowman
    assert oxford not in RULES.legal(state, "ann")
    data.players["ann"].shillings = mercenaries.hire_cost(1)         # exactly one
    assert oxford in RULES.legal(state, "ann")
    data.players["ann"].shillings = purse
    act(state, "ann", "hire", city="Oxford", count=1, family="red")
    assert stack(data, "Oxford", "red").troops.count("crossbow") == 1



@pytest.mark.parametrize("line,section", [
    ("hire city:York", "11.1"), ("lend_mercenaries to:blue city:York", "11.1"), ("chasuble sea:I to:II", "12.2"),
    ("shinbone region:I", "12.4"), ("take_excalibur noble:walter", "13.2"),
])
def test_11_to_13_no_mercenaries_relic_or_sword_before_every_family_has_set_up(line, section) -> None:
    from tests.fief.helpers import new, turn_seat

    s = new(4)
    err = refused(s, turn_seat(s), line)
    assert (err.section, err.code, err.message, err.legal) == (section, "setup", "not before every family has set up",
                                                               "after setup")


def test_11_2_a_burgher_is_offered_only_for_a_family_with_a_titled_lord_a_mercenary_for_every_family() -> None:
    """Ann holds Red and Blue (two players): William, Red's, is Lord of III; Blue has no Lord."""
    state = _past_the_draw(started(2, 1))
    d = g(state)
    d.flow.queue, d.flow.turn = ["red"], 0
    give_card(state, "ann", "burgher-3")
    give_card(state, "ann", FRENCH)
    d.nobles["william"].titles.append("lord:III")
    offered = sorted((a["card"], a["family"]) for a in RULES.legal(state, "ann") if a.kind == "play_board_card")
    assert offered == [("burgher-3", "red"), (FRENCH, "blue"), (FRENCH, "red")]


def test_11_1_autocomplete_offers_every_city_a_hire_or_a_loan_reaches_and_a_battle_s_city_only_to_its_sides() -> None:
    """Ruling M4: any city; while a battle is fought at York between Green and Blue, Red (Ann) hires
    nothing into York, but may lend Crossbowmen there (to Blue, who stands there)."""
    state = _with_card()
    d = g(state)
    for kind in ("hire", "lend_mercenaries"):
        assert RULES.suggest(state, "ann", kind, "city") == sorted(d.cities)
    place(state, "blue", "York", "men")
    d.war.battle = Battle("York", "green", "blue")
    assert "York" not in RULES.suggest(state, "ann", "hire", "city")
    assert "York" in RULES.suggest(state, "ann", "lend_mercenaries", "city")
    assert RULES.suggest(state, "ann", "take_excalibur", "noble") == ["william", "lucia"]


def test_11_1_hiring_is_offered_in_your_turn_lending_in_your_purchase_turn_one_offer_at_a_time() -> None:
    state = _with_card()
    d = g(state)
    d.flow.queue, d.flow.turn = ["red"], 0

    def offered(kind: str) -> list[Action]:
        return [a for a in RULES.legal(state, "ann") if a.kind == kind]

    assert offered("hire") == [Action.of("hire", city=c, count=1, family="red") for c in ("Berwick", "Bristol",
                                                                                            "Canterbury")]
    assert offered("lend_mercenaries") == []                  # the Play step: hired, not lent
    d.flow.step = "purchase"
    assert offered("lend_mercenaries") == [Action.of("lend_mercenaries", to=f, city=c, count=1, price=1)
                                           for f, c in (("blue", "Whitby"), ("green", "Plymouth"), ("yellow", "Cardiff"))]
    do(state, "ann", "lend_mercenaries to:blue city:Whitby")
    assert offered("lend_mercenaries") == [] and len(offered("hire")) == 3


@pytest.mark.parametrize("shillings,offered", [(2, True), (1, False)])
def test_11_1_a_hire_is_offered_only_to_a_purse_that_pays_for_one_crossbowman(shillings, offered) -> None:
    state = _with_card(shillings=shillings)
    g(state).flow.queue, g(state).flow.turn = ["red"], 0
    assert any(a.kind == "hire" for a in RULES.legal(state, "ann")) is offered
