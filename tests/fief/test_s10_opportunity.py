"""Fortune Opportunity cards (10.0-10.5), the Royal Tax's Rebellion side (9.3) and the Burgher's
Rebellion and Passage (11.2, 11.3): every use the rulebook names, and its worked examples."""

from __future__ import annotations

import pytest

from engine.core import Action, Audience, GameState, RuleError
from engine.fief import RULES
from engine.fief.opportunity import rebellion
from engine.fief.state import Fief, SeaCard
from engine.fief.war import movement
from engine.fief.war.state import Battle
from tests.fief.helpers import act, do, g, give_card, place, refused, started

# Seats and families of the 4-player game: ann red (William, Lucia), bob blue (Walter, Matilda),
# cat green (Arthur, Edith), dan yellow (Edward, Rohese); turn order green, yellow, red, blue.


def _table(step: str = "move", phase: int = 5):
    """Round 2, a quiet table waiting on green's turn in ``step``; no retainers, nobody on the map."""
    s = started(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = phase, step, 2, 0
    d.flow.queue = list(d.flow.order)
    for n in d.nobles.values():
        n.retainer = None
    return s


def _at(s, noble: str, city: str, *, captor: str | None = None, held_by: str | None = None) -> None:
    n = g(s).nobles[noble]
    n.city, n.outskirts, n.captor, n.held_by = city, False, captor, held_by


def _enemy_marched_in():  # type: ignore[no-untyped-def]
    """Blue's Walter with two Men at Exeter and a Passage in bob's hand; green's Arthur has just marched
    in from Plymouth (the way out a Passage may take, 10.2)."""
    s = _table()
    d = g(s)
    place(s, "blue", "Exeter", "men", "men")
    _at(s, "walter", "Exeter")
    give_card(s, "bob", "passage-1")
    do(s, "cat", "move noble:arthur to:Exeter troops:knight")
    return s, d


def _famine(s, region: str) -> None:
    g(s).seas[region].append(SeaCard(f"famine-{region}", "famine"))


def _kinds(events) -> list[str]:
    return [e.kind for e in events]


def _answer_all(s, *, but: tuple[str, ...] = ()) -> list:
    """Every awaited family lets the Rebellion be (until a seat in ``but`` is awaited); the events."""
    events: list = []
    while g(s).tasks and g(s).tasks[0].kind == "rebellion" and g(s).tasks[0].options != ["losses"]:
        seat = g(s).families[g(s).tasks[0].family].seat
        if seat in but:
            break
        events += do(s, seat, "stand_aside")
    return events


# -- 10.0 when ---------------------------------------------------------------------------------------
def test_10_0_no_opportunity_card_during_a_draw_action():
    s = started(4)   # Round 1's draw: green draws its first card, and is drawing
    _famine(s, "V")
    do(s, "cat", "draw deck:fortune")
    give_card(s, "cat", "rebellion-1")
    err = refused(s, "cat", "rebellion card:rebellion-1 city:Norwich")
    assert (err.section, err.code, err.legal) == ("10.1", "draw_action", "once the draws are over")
    assert err.message == "Opportunity cards cannot be played during a Draw action or before the game begins"


def test_10_0_a_card_must_be_in_hand_and_of_the_kind_played():
    s = _table()
    g(s).nobles["walter"].heresy = True
    give_card(s, "ann", "ambush-1")
    err = refused(s, "ann", "justice card:ambush-1 target:walter")
    assert (err.section, err.code, err.legal) == ("10.4", "not_in_hand", "no justice")
    assert err.message == "you hold no justice card 'ambush-1'"
    give_card(s, "ann", "justice-1")
    err = refused(s, "ann", "justice card:justice-2 target:walter")
    assert (err.section, err.code, err.legal) == ("10.4", "not_in_hand", ["justice-1"])
    assert err.message == "you hold no justice card 'justice-2'"
    _famine(s, "V")
    err = refused(s, "ann", "rebellion card:burgher-3 city:Norwich")   # no Burgher on red's board
    assert (err.section, err.code, err.legal) == ("11.2", "no_burgher", "none")
    assert err.message == "no Burgher 'burgher-3' lies on your family board"
    g(s).families["red"].board_card = "burgher-4"
    assert refused(s, "ann", "rebellion card:burgher-3 city:Norwich").legal == ["burgher-4"]
    assert g(s).opp.uprising is None and g(s).players["ann"].hand == ["ambush-1", "justice-1"]


def test_10_0_autocomplete_offers_every_city_and_target_the_card_in_hand_allows():
    s = _table()
    d = g(s)
    _famine(s, "V")
    give_card(s, "ann", "rebellion-1")
    assert [a["city"] for a in RULES.legal(s, "ann")] == ["King's Lynn"]   # the short list: one per kind
    assert RULES.suggest(s, "ann", "rebellion", "city") == ["King's Lynn", "Norwich", "Coventry", "Nottingham"]
    assert RULES.suggest(s, "bob", "rebellion", "city") == []   # no Rebellion card in bob's hand
    d.nobles["walter"].heresy = d.nobles["edith"].heresy = True
    give_card(s, "ann", "justice-1")
    assert RULES.suggest(s, "ann", "justice", "target") == ["edith", "walter"]


def test_10_0_a_card_is_played_by_a_player_the_table_is_not_waiting_on():
    s = _table()
    _famine(s, "V")
    give_card(s, "dan", "rebellion-1")   # green has the turn; yellow's player strikes anyway
    act(s, "dan", "rebellion", card="rebellion-1", city="Norwich")
    assert g(s).opp.uprising is not None and g(s).tasks[0].family == "yellow"


# -- 10.1 REBELLION ---------------------------------------------------------------------------------
def test_10_1_only_on_a_taxed_starving_or_royal_taxed_city():
    s = _table()
    give_card(s, "ann", "rebellion-1")
    err = refused(s, "ann", "rebellion card:rebellion-1 city:Norwich")
    assert (err.section, err.code, err.legal) == ("10.1", "rebellion_city", "no city is taxed or starving")
    assert err.message == "no Rebellion in Norwich: it is neither taxed nor starving, and no Royal Tax was raised"
    g(s).seas["V"].append(SeaCard("tax-1", "tax", by="blue", tallage="V"))
    act(s, "ann", "rebellion", card="rebellion-1", city="Norwich")
    assert g(s).opp.uprising.city == "Norwich"


def test_10_1_and_2_5_the_cities_open_to_a_rebellion_count_only_an_active_famine_and_join_taxed_to_starving():
    from engine.fief.opportunity import rebellion
    from engine.fief.state import MAP
    s = _table()
    d = g(s)
    d.seas["V"].append(SeaCard("famine-V", "famine", active=False))   # a Famine that no longer strikes
    assert rebellion.targets(d, ["red"]) == []
    d.seas["V"][-1].active = True
    d.seas["I"].append(SeaCard("tax-1", "tax", by="blue", tallage="I"))
    expected = sorted(c for c, city in MAP.cities.items() if city.region in ("I", "V"))
    assert sorted(rebellion.targets(d, ["red"])) == expected   # the taxed region and the starving one
    starving = sorted(c for c, city in MAP.cities.items() if city.region == "V")
    assert sorted(rebellion.targets(d, ["blue"])) == starving   # never under one's own Tax card


def test_10_1_a_rebellion_in_an_unknown_city_when_none_is_eligible_says_none():
    s = _table()
    give_card(s, "ann", "rebellion-1")
    err = refused(s, "ann", "rebellion card:rebellion-1 city:Atlantis")
    assert (err.section, err.code, err.message, err.legal) == ("10.1", "city", "no city 'Atlantis'", "none")


def test_10_1_never_on_a_city_under_your_own_tax():
    s = _table()
    give_card(s, "ann", "rebellion-1")
    g(s).seas["V"].append(SeaCard("tax-1", "tax", by="red", tallage="V"))
    _famine(s, "V")   # even a famine there does not lift it
    err = refused(s, "ann", "rebellion card:rebellion-1 city:Norwich")
    assert (err.section, err.code) == ("10.1", "rebellion_city")
    assert err.message == "no Rebellion in Norwich: your own Tax card lies on it"


def test_10_1_a_tithe_makes_every_region_of_its_district_eligible():
    from engine.fief.state import MAP
    s = _table()
    district = MAP.regions["V"].district
    g(s).seas["I"].append(SeaCard("tax-1", "tax", by="blue", tithe=district))
    tithed = [c for c, city in MAP.cities.items() if MAP.regions[city.region].district == district]
    assert rebellion.targets(g(s), ["red"]) == tithed and "Norwich" in tithed
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="Norwich")


def test_ex_10_1_and_10_2_two_rebellions_one_cancelled_by_a_stronghold():
    s = _table()
    d = g(s)
    _famine(s, "V")
    place(s, "green", "Norwich", "knight", "knight", "men")
    d.cities["Norwich"].building = "stronghold"
    _at(s, "arthur", "Norwich")
    give_card(s, "ann", "rebellion-1")
    give_card(s, "dan", "rebellion-2")
    raised = next(e for e in act(s, "ann", "rebellion", card="rebellion-1", city="Norwich")
                  if e.kind == "rebellion.raised")
    assert raised.data["walls"] == "stronghold"   # the table hears which walls will cancel a Rebellion
    do(s, "ann", "stand_aside")
    assert Action.of("rebellion", card="rebellion-2", city="Norwich") in RULES.legal(s, "dan")
    act(s, "dan", "rebellion", card="rebellion-2", city="Norwich")   # Dave adds his (Ex 10-1)
    assert "rebellion-1" not in d.players["ann"].hand and "rebellion-2" not in d.players["dan"].hand
    men = d.families["green"].stockpile["men"]
    s.rng.force(2)   # one die: 1 hit
    ev = _answer_all(s)
    assert _told(s, ev)[3:] == [
        "The rebels of Norwich face 2 Knights and 1 Man-at-Arms (Green).",
        "The Rebellion in Norwich rises (the walls hold back 1 Rebellion): 1 battle die show 1, 2 hits with the bonus.",
        "Green (cat) loses 1 Man-at-Arms to the rebels of Norwich.", "The Rebellion in Norwich is over."]
    resolved = next(e for e in ev if e.kind == "rebellion.resolved")
    assert [e.data["why"] for e in ev if e.kind == "random.roll"] == ["rebellion (10.1)"]
    assert d.families["green"].stockpile["men"] == men + 1   # the man-at-arms struck down goes home
    assert resolved.data["cancelled"] == 1 and len(resolved.data["dice"]) == 1 and resolved.data["hits"] == 2
    assert resolved.data["rebellions"] == 2
    assert sorted(d.cities["Norwich"].stacks["green"].troops) == ["knight", "knight"]   # 2 men-at-arms... one left
    assert d.cities["Norwich"].stacks["green"].revealed is True   # the rebels saw the troops (FAQ)
    assert "rebellion-1" in d.fortune_discard and "rebellion-2" in d.fortune_discard
    assert not d.tasks and d.opp.uprising is None


def test_ex_10_3_one_die_one_hit_one_man_at_arms():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    place(s, "blue", "London", "men", "men")
    _at(s, "matilda", "London")
    give_card(s, "cat", "rebellion-1")
    act(s, "cat", "rebellion", card="rebellion-1", city="London")
    s.rng.force(1)   # a blank die: the bonus hit alone
    _answer_all(s)
    assert d.cities["London"].stacks["blue"].troops == ["men"]
    assert d.nobles["matilda"].city == "London" and g(s).opp.uprising is None and not d.tasks


def test_ex_9_3_the_royal_tax_adds_a_rebellion_anywhere():
    s = _table()
    d = g(s)
    d.royal_tax = True
    place(s, "blue", "London", "knight", "knight", "knight")
    _at(s, "matilda", "London")
    give_card(s, "dan", "rebellion-1")
    act(s, "dan", "rebellion", card="rebellion-1", city="London")   # no tax, no famine: the Royal Tax suffices
    s.rng.force(1, 1)
    resolved = next(e for e in _answer_all(s) if e.kind == "rebellion.resolved")
    assert len(resolved.data["dice"]) == 2 and resolved.data["hits"] == 2


def test_10_1_a_fortified_city_cancels_two():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    d.cities["London"].building = "fortified"
    place(s, "blue", "London", "men")
    give_card(s, "ann", "rebellion-1")
    give_card(s, "ann", "rebellion-2")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    act(s, "ann", "rebellion", card="rebellion-2", city="London")
    resolved = next(e for e in _answer_all(s) if e.kind == "rebellion.resolved")
    assert resolved.data["cancelled"] == 2 and resolved.data["dice"] == [] and d.cities["London"].stacks["blue"].troops


def test_10_1_walls_that_cancel_more_rebellions_than_stand_leave_none_and_no_cleric_is_asked():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    d.cities["London"].building = "fortified"
    place(s, "blue", "London", "men")
    _at(s, "walter", "London")
    d.nobles["walter"].titles.append("bishop:canterbury")
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    ev = _answer_all(s)
    resolved = next(e for e in ev if e.kind == "rebellion.resolved")
    assert (resolved.data["dice"], resolved.data["hits"]) == ([], 0) and d.opp.uprising is None
    assert (resolved.data["rebellions"], resolved.data["cancelled"]) == (1, 2)
    assert _told(s, ev)[-2:] == ["The Rebellion in London breaks against the walls (the walls hold back 2 Rebellions).",
                                 "The Rebellion in London is over."]
    assert [e.data["stage"] for e in ev if e.kind == "rebellion.let_be"] == ["support"] * 4   # never "quell"
    assert d.cities["London"].stacks["blue"].troops == ["men"] and not d.tasks


def _cleric_facing_a_rebellion(shillings: int) -> tuple[GameState, Fief]:
    """Blue's bishop Walter in a famished London with Blue's troops, Bob holding ``shillings``, and Ann
    holding a Rebellion card."""
    s = _table()
    d = g(s)
    _famine(s, "VI")
    place(s, "blue", "London", "men")
    _at(s, "walter", "London")
    d.nobles["walter"].titles.append("bishop:canterbury")
    d.players["bob"].shillings = shillings
    give_card(s, "ann", "rebellion-1")
    return s, d


def test_10_1_a_cleric_pays_three_shillings_per_rebellion():
    s, d = _cleric_facing_a_rebellion(10)
    give_card(s, "cat", "rebellion-2")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    act(s, "cat", "rebellion", card="rebellion-2", city="London")
    _answer_all(s, but=("bob",))
    do(s, "bob", "stand_aside")   # bob's turn to add to it passes
    assert d.tasks[0].options == ["quell"]
    assert Action.of("quell", noble="walter", how="pay") in RULES.legal(s, "bob")
    d.players["bob"].shillings = 5   # two Rebellions cost 6: only a plea is offered
    assert [a for a in RULES.legal(s, "bob") if a.kind == "quell"] == [Action.of("quell", noble="walter", how="plead")]
    d.players["bob"].shillings = 10
    ev = do(s, "bob", "quell noble:walter how:pay")
    assert d.players["bob"].shillings == 4 and d.opp.uprising is None
    assert _told(s, ev)[0] == "Lord Walter pays the rebels of London 6 shillings and they go home."
    quelled = next(e for e in ev if e.kind == "rebellion.quelled").data
    assert (quelled["paid"], quelled["family"], quelled["noble"]) == (6, "blue", "walter")
    assert next(e for e in ev if e.kind == "rebellion.over").data["quelled"] is True
    assert d.cities["London"].stacks["blue"].troops == ["men"]
    assert d.fortune_discard[-2:] == ["rebellion-1", "rebellion-2"]   # a quelled Rebellion's cards are spent too
    assert "rebellion-1" not in d.players["ann"].hand and "rebellion-2" not in d.players["cat"].hand


def test_10_1_a_cleric_short_of_the_price_is_told_to_plead():
    s, d = _cleric_facing_a_rebellion(2)
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    _answer_all(s, but=("bob",))
    do(s, "bob", "stand_aside")
    give_card(s, "cat", "rebellion-2")   # too late to add to it: the clergy have the word
    assert not any(a.kind == "rebellion" for a in RULES.legal(s, "cat"))
    err = refused(s, "cat", "rebellion card:rebellion-2 city:London")
    assert (err.section, err.code, err.legal) == ("10.1", "rebellion_open", "wait")
    assert err.message == "a Rebellion is already under way in London: support it there, or wait"
    err = refused(s, "bob", "quell noble:walter how:pay")
    assert (err.section, err.code, err.legal) == ("10.1", "quell_price", "plead")
    assert err.message == "quelling costs 3 shillings (3 per Rebellion)"
    assert [a for a in RULES.legal(s, "bob") if a.kind == "quell"] == [Action.of("quell", noble="walter", how="plead")]
    d.players["bob"].shillings = 3   # the exact price will do
    assert Action.of("quell", noble="walter", how="pay") in RULES.legal(s, "bob")
    do(s, "bob", "quell noble:walter how:pay")
    assert d.players["bob"].shillings == 0 and d.opp.uprising is None


def test_10_1_only_your_own_cleric_in_the_city_quells_by_paying_or_pleading_once_all_is_added():
    s, d = _cleric_facing_a_rebellion(10)
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    _answer_all(s, but=("bob",))
    err = refused(s, "bob", "quell noble:walter how:pay")                 # bob may still add to it
    assert (err.section, err.code, err.legal) == ("10.1", "not_yet", "stand_aside, or add to the Rebellion")
    assert err.message == "the clergy speak once every Rebellion has been added"
    err = refused(s, "bob", "rebel_losses units:men")
    assert (err.section, err.code, err.legal) == ("10.1", "not_yet", "stand_aside")
    assert err.message == "no rebels' hits wait for you yet"
    do(s, "bob", "stand_aside")
    err = refused(s, "bob", "quell noble:matilda how:pay")
    assert (err.section, err.code, err.legal) == ("10.1", "cleric", ["walter"])
    assert err.message == "only your Bishop, Archbishop or Abbess in the city may quell it"
    err = refused(s, "bob", "quell noble:walter how:bribe")
    assert (err.section, err.code, err.legal) == ("10.1", "quell_how", ["pay", "plead"])
    assert err.message == "quell by paying or by pleading"
    ev = do(s, "bob", "stand_aside")   # the cleric lets it be: the dice fall
    assert [e.data["stage"] for e in ev if e.kind == "rebellion.let_be"] == ["quell"]
    assert next(e for e in ev if e.kind == "rebellion.over").data["quelled"] is False


def test_10_1_a_family_that_does_not_answer_a_rebellion_lets_it_be():
    s, d = _cleric_facing_a_rebellion(10)
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    _answer_all(s, but=("bob",))
    told = {"add": "Blue (bob) adds nothing to the Rebellion in London.",
            "quell": "Blue's clergy leave the rebels of London alone."}
    asked = {"add": "A Rebellion is rising in London (1 Rebellion past the walls so far). Add a Rebellion card, "
                    "your Burgher or a Passage, or let it be?",
             "quell": "Rebels rise in London (1 Rebellion standing). Your cleric there may pay 3 shillings to send "
                      "them home, or plead with them (1-4 on a die calms each, 5-6 and the cleric is stoned)."}
    for stage in ("add", "quell"):   # bob may add to it, then quell it: unanswered, he does neither
        decision = RULES.pending(s)[0]
        assert decision.seats == ("bob",) and decision.default_for("bob") == Action.of("stand_aside"), stage
        assert RULES.words().question(s, decision, "bob", Audience("bob", {})) == asked[stage]
        assert _told(s, do(s, "bob", "stand_aside"))[0] == told[stage]
    assert d.opp.uprising is None and d.players["bob"].shillings == 10


def test_10_1_a_captive_cleric_cannot_quell():
    from engine.fief.opportunity import rebellion
    s = _table()
    d = g(s)
    _at(s, "walter", "London", captor="green", held_by="arthur")
    d.nobles["walter"].titles.append("bishop:canterbury")
    assert rebellion.clerics(d, "London", "blue") == []
    d.nobles["walter"].captor = d.nobles["walter"].held_by = None
    assert rebellion.clerics(d, "London", "blue") == ["walter"]


def test_10_1_a_plea_of_1_to_4_stops_each_rebellion():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    place(s, "blue", "London", "men")
    _at(s, "matilda", "London")
    d.nobles["matilda"].titles.append("abbess:summer")
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    _answer_all(s, but=("bob",))
    do(s, "bob", "stand_aside")
    s.rng.force(4)
    ev = do(s, "bob", "quell noble:matilda how:plead")
    assert d.opp.uprising is None and "matilda" in d.nobles
    assert [e.data["why"] for e in ev if e.kind == "random.roll"] == ["a cleric pleads with the rebels (10.1)"]
    pleas = [e.data for e in ev if e.kind == "rebellion.pleaded"]   # told to the table, with where
    assert [(p["stopped"], p["city"], p["noble"], p["family"], p["stoned"]) for p in pleas] == [
        (1, "London", "matilda", "blue", False)]
    assert [RULES.words().event(s, e, Audience(None, {})) for e in ev if e.kind == "rebellion.pleaded"] == [
        "Lady Matilda pleads with the rebels of London and they lay down their arms."]


def test_10_1_each_plea_that_works_calms_one_rebellion_and_a_second_cleric_adds_to_them():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    place(s, "blue", "London", "men", "men", "men", "men")
    _at(s, "walter", "London")
    _at(s, "edward", "London")
    d.nobles["walter"].titles.append("archbishop:canterbury")
    d.nobles["edward"].titles.append("bishop:exeter")
    d.royal_tax = True
    _burgher(s)
    act(s, "ann", "rebellion", card="burgher-3", city="London")
    for card in ("rebellion-1", "rebellion-2"):
        give_card(s, "ann", card)
        act(s, "ann", "rebellion", card=card, city="London")
    _answer_all(s, but=("dan",))
    do(s, "dan", "stand_aside")
    _answer_all(s, but=("dan",))   # yellow's Bishop is asked first (turn order), then blue's Archbishop
    s.rng.force(1, 2, 6)   # of the four Rebellions, two are calmed, then Edward is stoned
    ev = do(s, "dan", "quell noble:edward how:plead")
    plea = next(e for e in ev if e.kind == "rebellion.pleaded")
    assert (plea.data["stopped"], plea.data["family"], plea.data["stoned"]) == (2, "yellow", True)
    assert RULES.words().event(s, plea, Audience(None, {})) == \
        "Lord Edward pleads with the rebels of London, calms 2 Rebellions, and is stoned to death."
    assert d.opp.uprising.calmed == 2 and "edward" not in d.nobles
    s.rng.force(3, 5, 1)   # Walter calms one more before the stones fly: one Rebellion, one die, is left
    ev = do(s, "bob", "quell noble:walter how:plead")
    assert len(next(e for e in ev if e.kind == "rebellion.resolved").data["dice"]) == 1


def test_10_1_a_plea_of_5_or_6_stones_the_cleric_and_the_rest_stand():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    place(s, "blue", "London", "men", "men", "men", "men")
    _at(s, "walter", "London")
    d.nobles["walter"].titles.append("archbishop:canterbury")
    give_card(s, "ann", "rebellion-1")
    give_card(s, "ann", "rebellion-2")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    act(s, "ann", "rebellion", card="rebellion-2", city="London")
    _answer_all(s, but=("bob",))
    do(s, "bob", "stand_aside")
    s.rng.force(3, 6, 1)   # the first plea calms one, the second fails; one die rolls blank
    ev = do(s, "bob", "quell noble:walter how:plead")
    assert "walter" not in d.nobles
    resolved = next(e for e in ev if e.kind == "rebellion.resolved")
    assert len(resolved.data["dice"]) == 1 and d.cities["London"].stacks["blue"].troops == ["men"] * 3
    [died] = [e for e in ev if e.kind == "noble.died"]   # the table reads how he died
    told = RULES.words().event(s, died, Audience(None, {}))
    assert told is not None and told.endswith(" dies at London stoned by the rebels.")


def test_10_1_no_troops_left_every_noble_slain_and_buildings_destroyed():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    c = d.cities["London"]
    c.building, c.mill, c.controller = "stronghold", True, "blue"
    _at(s, "walter", "London")
    _at(s, "edward", "London", captor="blue", held_by="walter")   # a captive dies too
    give_card(s, "ann", "rebellion-1")
    give_card(s, "ann", "passage-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    act(s, "ann", "passage", card="passage-1", use="rebellion")
    assert "passage-1" not in d.players["ann"].hand and d.fortune_discard[-1] == "passage-1"
    s.rng.force(1)
    ev = _answer_all(s)
    assert "walter" not in d.nobles and "edward" not in d.nobles
    assert _told(s, ev)[-4:] == ["The rebels of London face no troops at all.",
                                 "The Rebellion in London rises: 1 battle die show 0, 1 hit with the bonus.",
                                 "The rebels of London burn a Stronghold and a Mill.", "The Rebellion in London is over."]
    assert sorted(RULES.words().event(s, e, Audience(None, {})) for e in ev if e.kind == "noble.died") == [
        "Blue's Lord Walter dies at London at the hands of the rebels.",
        "Yellow's Lord Edward dies at London at the hands of the rebels."]
    assert c.building is None and not c.mill and c.controller is None
    assert next(e for e in ev if e.kind == "rebellion.destroyed").data["buildings"] == ["stronghold", "mill"]


def test_10_1_a_sacked_city_keeps_only_siege_engines_in_its_outskirts():
    """With the walls gone, a stack waiting in the outskirts stays there only with a bombard or a trebuchet."""
    from engine.fief.opportunity import rebellion
    from engine.fief.opportunity.state import Uprising
    from engine.fief.state import Stack
    s = _table()
    d = g(s)
    c = d.cities["London"]
    c.building = "stronghold"
    c.stacks["green"] = Stack(bombards=1, outskirts=True)
    c.stacks["yellow"] = Stack(building=1, outskirts=True)   # a trebuchet still being built
    c.stacks["red"] = Stack(trebuchets=1)                    # inside the walls
    d.opp.uprising = Uprising("London", "blue", hits=2)
    rebellion.strike_on(s, d)
    assert (c.stacks["green"].outskirts, c.stacks["yellow"].outskirts, c.stacks["red"].outskirts) == \
        (True, False, False)
    assert c.building is None


def test_10_1_a_sacked_city_s_captives_die_before_their_captors_free_them():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    d.cities["London"].controller = "yellow"
    _at(s, "edward", "London")
    _at(s, "walter", "London", captor="yellow", held_by="edward")   # held by a noble listed before him
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    s.rng.force(1)
    _answer_all(s)
    assert "walter" not in d.nobles and "edward" not in d.nobles


@pytest.mark.parametrize("abbey", ["abbey", "royal_abbey"])
def test_10_1_an_abbey_shelters_the_nobles_but_burns(abbey):
    s = _table()
    d = g(s)
    _famine(s, "VI")
    c = d.cities["London"]
    c.building, c.abbey, c.controller = abbey, "summer", "blue"
    d.abbeys["summer"] = "London"
    _at(s, "walter", "London")
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    s.rng.force(1)
    _answer_all(s)
    assert "walter" in d.nobles and c.building is None and "summer" not in d.abbeys
    assert c.abbey is None


@pytest.mark.parametrize("building,burnt", [("stronghold", True), ("royal_stronghold", True), ("abbey", True),
                                             ("royal_abbey", True), ("fortified", False)])
def test_10_1_the_rebels_of_an_empty_city_burn_strongholds_and_abbeys_but_not_a_fortified_city(building, burnt):
    s = _table()
    d = g(s)
    d.cities["London"].building = building
    rebellion._sack(s, d, "London")
    assert d.cities["London"].building == (None if burnt else building)


def test_10_1_and_6_13_rebels_strike_invaders_too():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    a = d.armies["army-1"]
    a.city, a.foot, a.leader = "London", 1, True
    far = d.armies["army-2"]
    far.city, far.foot, far.leader = "York", 2, True   # another army, elsewhere: the rebels never reach it
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    s.rng.force(6)   # 3 hits + 1: the Foot Soldier falls, then the Leader with nobody left; the rest are lost
    events = _answer_all(s)
    assert a.city is None and a.foot == 0
    assert (far.city, far.foot, far.leader) == ("York", 2, True)
    assert [(e.data["family"], e.data["units"]) for e in events if e.kind == "rebellion.losses"] == \
        [("invaders", ["foot"])]   # the table is told what the rebels cost the invaders
    assert "The invaders at London lose 1 foot soldier to the rebels." in _told(s, events)
    left = next(e for e in events if e.kind == "invaders.left")
    assert RULES.words().event(s, left, Audience(None, {})) == "The invaders at London are wiped out by the rebels."


def test_10_1_rebels_strike_each_invader_army_in_turn_with_the_hits_the_last_one_left():
    """Two armies in the city: 7 hits take army-1's 2 Foot Soldiers (4 hits), then 1 of army-2's with the 3
    left; the armies are struck in the order of their names, however the game happens to hold them."""
    from engine.fief.opportunity import rebellion
    from engine.fief.opportunity.state import Uprising
    s = _table()
    d = g(s)
    d.armies = {k: d.armies[k] for k in reversed(list(d.armies))}   # as a reload might order them
    first, second = d.armies["army-1"], d.armies["army-2"]
    first.city, first.foot = "London", 2
    second.city, second.foot = "London", 5
    d.opp.uprising = Uprising("London", "red", hits=7)
    rebellion.strike_on(s, d)
    assert (first.foot, second.foot) == (0, 4)
    assert [e.data["units"] for e in s.take_events() if e.kind == "rebellion.losses"] == [["foot", "foot"], ["foot"]]


def test_10_1_the_invaders_take_the_hits_the_families_left_and_the_cards_join_the_discards():
    from engine.fief.opportunity import rebellion
    from engine.fief.opportunity.state import Uprising
    s = _table()
    d = g(s)
    place(s, "blue", "London", "men")
    a = d.armies["army-1"]
    a.city, a.foot = "London", 4
    d.fortune_discard = ["famine-1"]
    d.opp.uprising = Uprising("London", "red", cards=["rebellion-1"], hits=7, waiting=["blue"])
    rebellion.strike_on(s, d)
    assert "blue" not in d.cities["London"].stacks and a.foot == 1   # 1 hit on the men, 6 on three Foot Soldiers
    assert d.fortune_discard == ["famine-1", "rebellion-1"]


def test_o_3_the_holder_is_struck_first_and_a_family_the_hits_miss_loses_nothing():
    """Ruling O-3: blue holds London though last in turn order: its man-at-arms takes the one hit; green loses
    nothing and is not reported; blue's Bombard stays in the city."""
    from engine.fief.opportunity import rebellion
    from engine.fief.opportunity.state import Uprising
    s = _table()
    d = g(s)
    place(s, "green", "London", "men", control=False)
    place(s, "blue", "London", "men", control=True).bombards = 1
    d.opp.uprising = Uprising("London", "red", cards=["rebellion-1"])
    s.rng.force(1)   # a blank die: the bonus hit alone
    rebellion.resolve(s, d)
    assert d.cities["London"].stacks["green"].troops == ["men"]
    assert d.cities["London"].stacks["blue"].troops == [] and d.cities["London"].stacks["blue"].bombards == 1
    assert [(e.data["family"], e.data["units"]) for e in s.take_events() if e.kind == "rebellion.losses"] == \
        [("blue", ["men"])]


def test_o_3_without_a_holder_the_families_are_struck_in_turn_order():
    from engine.fief.opportunity.state import Uprising
    s = _table()
    d = g(s)
    place(s, "red", "London", "men", control=False)     # red sits before green at the table...
    place(s, "green", "London", "men", control=False)   # ...but green plays first this round
    d.cities["London"].controller = None
    d.opp.uprising = Uprising("London", "blue", cards=["rebellion-1"])
    s.rng.force(1)   # a blank die: the bonus hit alone
    rebellion.resolve(s, d)
    assert [(e.data["family"], e.data["units"]) for e in s.take_events() if e.kind == "rebellion.losses"] == \
        [("green", ["men"])]
    assert d.cities["London"].stacks["red"].troops == ["men"]


def test_10_1_a_royal_stronghold_cancels_one_rebellion():
    from engine.fief.opportunity import rebellion
    from engine.fief.opportunity.state import Uprising
    s = _table()
    d = g(s)
    d.cities["London"].building = "royal_stronghold"
    assert rebellion.cancelled(d, Uprising("London", "red")) == 1


def test_10_1_the_rebels_see_the_families_and_their_troop_kinds_in_a_fixed_order():
    from engine.fief.opportunity import rebellion
    s = _table()
    d = g(s)
    place(s, "yellow", "London", "men", "knight", "men")
    place(s, "blue", "London", "men")
    a = d.armies["army-1"]
    a.city, a.foot = "London", 2
    rebellion._reveal(s, d, "London")
    shown = next(e for e in s.take_events() if e.kind == "rebellion.revealed").data["troops"]
    assert list(shown) == ["blue", "yellow", "invaders"] and list(shown["yellow"]) == ["knight", "men"]


def test_10_1_a_refused_rebellion_lists_at_most_ten_cities():
    s = _table()
    d = g(s)
    d.royal_tax = True   # every city but those under red's own Tax card
    d.seas["V"].append(SeaCard("tax-1", "tax", by="red", tallage="V"))
    give_card(s, "ann", "rebellion-1")
    err = refused(s, "ann", "rebellion card:rebellion-1 city:Norwich")
    assert err.code == "rebellion_city" and len(err.legal) == 10 and "Norwich" not in err.legal
    err = refused(s, "ann", "rebellion card:rebellion-1 city:Atlantis")
    assert err.code == "city" and len(err.legal) == 10


def test_2_5_storms_do_not_stop_a_rebellion():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    d.seas["VI"].append(SeaCard("storms-1", "storms"))
    place(s, "blue", "London", "men")
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    s.rng.force(1)
    _answer_all(s)
    assert "blue" not in d.cities["London"].stacks
    assert d.cities["London"].controller is None   # its last troop gone, blue no longer holds London


def test_o_1_the_call_goes_to_each_other_player_s_first_family():
    from engine.fief.opportunity import rebellion
    s = started(2)   # ann: red and blue; bob: green and yellow
    assert rebellion.answer_order(g(s), "blue") == ["blue", "green"]


def test_10_1_one_rebellion_at_a_time_and_supporters_add_to_it():
    s = _table()
    _famine(s, "VI")
    _famine(s, "V")
    give_card(s, "ann", "rebellion-1")
    give_card(s, "cat", "rebellion-2")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    err = refused(s, "cat", "rebellion card:rebellion-2 city:Norwich")
    assert (err.section, err.code, err.legal) == ("10.1", "rebellion_open", "city:London")
    assert err.message == "a Rebellion is already under way in London: support it there, or wait"
    d = g(s)
    asked = d.tasks[0]                                   # the first answer asked: how many rebellions stand
    assert (asked.kind, asked.city, asked.options) == ("rebellion", "London", [d.opp.uprising.stage])
    assert asked.count == rebellion.standing(d, d.opp.uprising) == 1 and d.opp.uprising.stage != "losses"


# -- 11.2, 11.3 the Burgher ------------------------------------------------------------------------------
def _burgher(s, family: str = "red", card: str = "burgher-3") -> None:
    d = g(s)
    d.families[family].board_card = card
    d.nobles[d.families[family].nobles[0]].titles.append("lord:I")


def test_ex_11_1_burgher_rebellion_and_passage_with_two_cards():
    s = _table()
    d = g(s)
    _famine(s, "V")   # the famine strikes Norwich's region
    _burgher(s)
    c = d.cities["Norwich"]
    c.building, c.mill = "stronghold", True
    place(s, "blue", "Norwich", "knight", "archer", "men", "men")
    _at(s, "matilda", "Norwich")
    from engine.fief.opportunity.legal import every

    assert {a.get("card") for a in every(d, "ann", "rebellion")} == {"burgher-3"}   # the Burgher alone, by clicks
    assert [a for a in RULES.legal(s, "ann") if a.kind == "rebellion"] == [   # and in the short list, no card in hand
        Action.of("rebellion", card="burgher-3", city="Norwich")]
    give_card(s, "ann", "rebellion-1")
    give_card(s, "cat", "rebellion-2")
    assert {a.get("card") for a in every(d, "ann", "rebellion")} == {"burgher-3", "rebellion-1"}
    act(s, "ann", "rebellion", card="burgher-3", city="Norwich")       # a Treasure on the Rebellion icon
    assert ("burgher-3", "rebellion") in {(a.get("card"), a.get("use")) for a in every(d, "ann", "passage")}
    ev = act(s, "ann", "passage", card="burgher-3", use="rebellion")   # a Treasure on the Passage icon
    assert _told(s, ev) == [
        "Red (ann) opens the way past the walls of Norwich with a Burgher's secret routes: 1 Rebellion standing."]
    act(s, "ann", "rebellion", card="rebellion-1", city="Norwich")
    assert d.families["red"].treasures == 0 and d.opp.burgher_used == ["red|rebellion", "red|passage"]
    do(s, "ann", "stand_aside")
    act(s, "cat", "rebellion", card="rebellion-2", city="Norwich")     # Kirsten joins in
    s.rng.force(2, 1, 6)   # f, blank, fff: 4 hits + 3 = 7
    resolved = next(e for e in _answer_all(s) if e.kind == "rebellion.resolved")
    assert resolved.data["hits"] == 7 and resolved.data["cancelled"] == 0
    assert "blue" not in c.stacks and "matilda" not in d.nobles
    assert c.building is None and not c.mill


def _told(s, events) -> list[str]:
    return [RULES.words().event(s, e, Audience(None, {})) for e in events
            if e.kind.startswith(("rebellion.", "passage.", "card."))]


def test_10_1_10_2_and_11_2_the_table_is_told_who_stirs_joins_and_opens_the_way_for_a_rebellion():
    s = _table()
    d = g(s)
    _famine(s, "V")
    _burgher(s)
    d.royal_tax = True
    d.cities["Norwich"].building = "fortified"
    place(s, "blue", "Norwich", "men")
    _at(s, "matilda", "Norwich")
    give_card(s, "ann", "rebellion-1")
    give_card(s, "ann", "passage-1")
    assert _told(s, act(s, "ann", "rebellion", card="rebellion-1", city="Norwich")) == [
        "Red (ann) stirs up a Rebellion in Norwich with a Rebellion card. The Royal Tax adds one more. "
        "The walls of its Fortified City will hold some of it back."]
    assert _told(s, act(s, "ann", "rebellion", card="burgher-3", city="Norwich")) == [
        "Red (ann) adds a Burgher's voice to the Rebellion in Norwich: 1 Rebellion standing."]
    assert _told(s, act(s, "ann", "passage", card="passage-1", use="rebellion")) == [
        "Red (ann) opens the way past the walls of Norwich with a Passage card: 3 Rebellions standing."]


def test_11_2_a_burgher_needs_a_titled_lord_and_a_treasure():
    s = _table()
    d = g(s)
    _famine(s, "V")
    err = refused(s, "ann", "rebellion card:burgher-5 city:Norwich")        # no Burgher on red's board yet
    assert (err.section, err.code, err.legal) == ("11.2", "no_burgher", "none")
    assert err.message == "no Burgher 'burgher-5' lies on your family board"
    d.families["red"].board_card = "burgher-3"
    assert refused(s, "ann", "rebellion card:burgher-5 city:Norwich").legal == ["burgher-3"]
    d.families["red"].board_card = "burgher-5"
    err = refused(s, "ann", "rebellion card:burgher-5 city:Norwich")
    assert (err.section, err.code, err.legal) == ("11.2", "burgher_lord", "a Lord title first")
    assert err.message == "a Burgher acts only for a family with a titled Lord"
    d.nobles["william"].titles.append("lord:I")
    assert any(a.kind == "rebellion" for a in RULES.legal(s, "ann"))
    d.families["red"].treasures = 0
    assert not any(a.kind == "rebellion" for a in RULES.legal(s, "ann"))   # nothing to spend: nothing offered
    err = refused(s, "ann", "rebellion card:burgher-5 city:Norwich")
    assert (err.section, err.code, err.legal) == ("11.3", "treasures", "wait for the end of the round")
    assert err.message == "each Burgher action takes a Treasure marker and you have none left"


def test_11_2_and_11_3_the_burgher_s_secret_routes_take_a_treasure_and_its_icon_once_a_round():
    s = _table()
    d = g(s)
    _burgher(s)
    _at(s, "william", "Plymouth")
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    d.flow.turn = 2   # red's Movement turn (green, yellow, red, blue)
    from engine.fief.opportunity.legal import every

    _at(s, "lucia", "York", captor="blue", held_by="walter")   # she could escape by the Burgher's routes...
    assert Action.of("passage", card="burgher-3", use="escape", noble="lucia") in every(d, "ann", "passage")
    ev = act(s, "ann", "passage", card="burgher-3", use="storms", noble="william")
    assert "william" in d.war.passage and d.families["red"].treasures == 1 and d.opp.burgher_used == ["red|passage"]
    assert _told(s, ev) == ["Red (ann) uses a Burgher's secret routes to lead Lord William through the Storms for one move."]
    assert every(d, "ann", "passage") == []   # ...until its Passage icon holds this round's Treasure
    assert next(e for e in ev if e.kind == "passage.storms").data["burgher"] is True
    _famine(s, "V")
    act(s, "ann", "rebellion", card="burgher-3", city="Norwich")   # the other icon is still free
    do(s, "ann", "stand_aside")
    assert d.families["red"].treasures == 0
    d.families["red"].treasures = 1   # were a Treasure left, the icon is still taken
    err = refused(s, "ann", "rebellion card:burgher-3 city:Norwich")
    assert (err.section, err.code, err.legal) == ("11.3", "burgher_used", "the other icon, or next round")
    assert err.message == "the Burgher's rebellion icon already holds a Treasure this round"


def test_11_3_treasures_come_back_at_the_end_of_the_round():
    from engine.fief.flow import end_round
    s = _table()
    d = g(s)
    d.families["red"].treasures = 0
    d.opp.burgher_used.append("red|rebellion")
    end_round(s, d)
    assert d.families["red"].treasures == 2 and not d.opp.burgher_used


# -- 10.2 PASSAGE -------------------------------------------------------------------------------------------
def _besieged_in_storms(s) -> None:
    """Plymouth besieged by yellow, Storms over the South West: green's Arthur is shut in twice over."""
    from engine.fief.state import Siege
    d = g(s)
    d.cities["Plymouth"].siege = Siege("yellow")
    place(s, "yellow", "Plymouth", "men", control=False)
    d.seas["I"].append(SeaCard("storms-1", "storms"))


def test_10_2_one_effect_per_passage_a_siege_in_storms_needs_two():
    """10.2: a Passage gives ONE of its movement effects: escaping the siege does not also cross the Storms."""
    s = _table()
    d = g(s)
    _besieged_in_storms(s)
    give_card(s, "cat", "passage-1")
    give_card(s, "cat", "passage-2")
    assert refused(s, "cat", "move noble:arthur to:Exeter troops:knight").section in ("2.5", "7.9")
    ev = act(s, "cat", "passage", card="passage-1", use="siege", noble="arthur")
    assert _told(s, ev) == ["Green (cat) uses a Passage card and Lord Arthur slips out of the siege."]
    assert refused(s, "cat", "move noble:arthur to:Exeter troops:knight").section == "2.5"   # the Storms still hold
    act(s, "cat", "passage", card="passage-2", use="storms", noble="arthur")
    do(s, "cat", "move noble:arthur to:Exeter troops:knight")
    assert d.nobles["arthur"].city == "Exeter"


def test_10_2_a_passage_in_storms_is_one_move_not_the_phase():
    """10.2: "one Move in a Region with STORMS", not a bonus move: the second move in the Storms is refused
    (before the fix, O-8 let the noble move in Storms for the rest of the phase)."""
    s = _table()
    d = g(s)
    d.seas["IV"].append(SeaCard("storms-1", "storms"))
    d.flow.turn = 3   # blue's turn (green, yellow, red, blue)
    give_card(s, "bob", "passage-1")
    assert refused(s, "bob", "move noble:walter to:York troops:knight").section == "2.5"
    act(s, "bob", "passage", card="passage-1", use="storms", noble="walter")
    do(s, "bob", "move noble:walter to:York troops:knight")   # Whitby to York, both in the North
    err = refused(s, "bob", "move noble:walter to:Whitby troops:knight")
    assert err.section == "2.5" and err.code == "storms"
    assert "walter" not in d.war.passage


def test_10_2_a_passage_in_storms_is_spent_only_by_the_move_that_needs_it():
    s = _table()
    d = g(s)
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    _at(s, "arthur", "Bristol")   # Bristol (Marches) borders Exeter (South West, under Storms)
    place(s, "green", "Bristol", "knight")
    give_card(s, "cat", "passage-1")
    act(s, "cat", "passage", card="passage-1", use="storms", noble="arthur")
    assert "arthur" in d.war.passage
    do(s, "cat", "move noble:arthur to:Exeter troops:knight")   # into the Storms: spent
    assert "arthur" not in d.war.passage and d.nobles["arthur"].city == "Exeter"


@pytest.mark.parametrize("use,why", [
    ("siege", "Arthur is not besieged inside Plymouth, or has moved already this phase (the escape is the first move)"),
    ("storms", "no Storms stand in Arthur's way, or a Passage already lets it cross them"),
    ("pass", "Arthur needs nobody's leave to leave Plymouth")])
def test_10_2_a_movement_effect_is_refused_where_it_does_nothing(use, why):
    s = _table()
    give_card(s, "cat", "passage-1")
    err = refused(s, "cat", f"passage card:passage-1 use:{use} noble:arthur")
    assert (err.section, err.code, err.legal, err.message) == ("10.2", "passage_move", "another noble", why)
    assert "passage-1" in g(s).players["cat"].hand


def test_10_2_the_movement_effects_need_the_family_s_own_movement_turn_and_a_move_left():
    s = _table()
    d = g(s)
    d.seas["IV"].append(SeaCard("storms-1", "storms"))
    give_card(s, "bob", "passage-1")
    err = refused(s, "bob", "passage card:passage-1 use:storms noble:walter")                            # green's turn
    assert (err.section, err.code, err.legal) == ("10.2", "passage_move",
                                                  "evade, escape, or wait for your family's Movement turn")
    assert err.message == "a Passage for a move is played in your family's Movement turn"
    err = refused(s, "bob", "passage card:passage-1 use:rebellion")
    assert (err.section, err.code, err.legal) == ("10.2", "no_rebellion", "another use")
    assert err.message == "no Rebellion is being raised now"
    err = refused(s, "bob", "passage card:passage-1 use:withdraw to:Bristol")
    assert (err.section, err.code, err.legal) == ("7.8", "passage_withdraw", "another use")
    assert err.message == "a defender withdraws between two rounds of its battle"
    err = refused(s, "bob", "passage card:passage-1 use:guide army:army-9")
    assert (err.section, err.code, err.legal) == ("10.2", "passage_guide", "none")
    assert err.message == ("that is no invader army you may guide: one on the map with its Leader, not yet "
                           "guided this round")
    d.flow.turn = 3
    d.war.moves["walter"] = 2
    err = refused(s, "bob", "passage card:passage-1 use:storms noble:walter")
    assert (err.section, err.code, err.legal) == ("10.2", "passage_move", "another noble")
    assert err.message == "Walter has no move left this phase"
    err = refused(s, "bob", "passage card:passage-1 use:move noble:walter")
    assert (err.section, err.code, err.legal) == ("10.2", "passage_use", ["siege", "storms", "pass", "evade", "tunnels",
                                                                         "aid", "guide", "withdraw", "escape",
                                                                         "rebellion"])
    assert err.message == "no Passage use 'move'"


def test_10_2_the_siege_escape_is_a_first_move_and_a_second_may_follow():
    s = _table()
    d = g(s)
    from engine.fief.state import Siege
    d.cities["Plymouth"].siege = Siege("yellow")
    place(s, "yellow", "Plymouth", "men", control=False)
    give_card(s, "cat", "passage-1")
    act(s, "cat", "passage", card="passage-1", use="siege", noble="arthur")
    do(s, "cat", "move noble:arthur to:Exeter troops:knight")
    do(s, "cat", "move noble:arthur to:Bristol troops:knight")   # "They then can take a second Move"
    assert d.nobles["arthur"].city == "Bristol"


def test_10_2_the_passage_choices_list_only_the_effects_that_apply():
    from engine.fief.opportunity import legal as opportunity_legal
    s = _table()
    d = g(s)
    give_card(s, "cat", "passage-1")
    uses = {(a["use"], a.get("noble")) for a in opportunity_legal.every(d, "cat", "passage")}
    assert not {u for u, _ in uses} & {"siege", "storms", "pass"}
    _besieged_in_storms(s)
    uses = {(a["use"], a.get("noble")) for a in opportunity_legal.every(d, "cat", "passage")}
    assert {("siege", "arthur"), ("storms", "arthur"), ("siege", "edith"), ("storms", "edith")} <= uses
    assert ("pass", "arthur") not in uses


def test_10_2_avoid_a_battle_by_leaving_the_way_the_enemy_came():
    s, d = _enemy_marched_in()
    ev = act(s, "bob", "passage", card="passage-1", use="evade", noble="walter")
    assert _told(s, ev) == ["Blue (bob) uses a Passage card and Lord Walter slips out the way the enemy came in."]
    assert d.nobles["walter"].city == "Plymouth" and d.cities["Plymouth"].stacks["blue"].troops == ["men", "men"]
    moved = [e for e in ev if e.kind == "noble.moved" or e.kind.endswith(".journey")]
    assert [(e.kind, e.data["to"], e.data["via"]) for e in moved] == [("noble.moved", "Plymouth", "road")]   # by road


def test_10_2_a_passage_takes_a_noble_without_leave_down_the_road_an_enemy_came_in_by():
    from engine.fief.opportunity import cards
    s, d = _enemy_marched_in()
    d.flow.turn = 3   # blue's Movement turn: the road to Plymouth would need green's leave (5.0)
    assert cards.passage_effects(d, "walter") == ["pass"]
    act(s, "bob", "passage", card="passage-1", use="pass", noble="walter")
    ev = do(s, "bob", "move noble:walter to:Plymouth troops:men")
    assert d.nobles["walter"].city == "Plymouth" and "noble.moved" in _kinds(ev)   # nobody was asked


def test_10_0_an_opportunity_card_not_in_hand_is_refused_with_the_cards_of_that_kind_held():
    s = _table()
    g(s).nobles["walter"].heresy = True
    give_card(s, "ann", "passage-1")
    err = refused(s, "ann", "justice card:passage-1 target:walter")     # held, but not a Justice card
    assert (err.section, err.code, err.message, err.legal) == (
        "10.4", "not_in_hand", "you hold no justice card 'passage-1'", "no justice")
    give_card(s, "ann", "justice-1")
    err = refused(s, "ann", "justice card:passage-1 target:walter")
    assert (err.message, err.legal) == ("you hold no justice card 'passage-1'", ["justice-1"])


def test_10_2_no_evading_for_a_noble_with_no_move_left():
    s, d = _enemy_marched_in()
    d.war.moves["walter"] = movement.MOVES
    err = refused(s, "bob", "passage card:passage-1 use:evade noble:walter")
    assert (err.section, err.code, err.message, err.legal) == (
        "10.2", "passage_evade", "Walter has no move left this phase", "another use")
    d.war.moves["walter"] = movement.MOVES - 1                   # one left: enough to slip away
    act(s, "bob", "passage", card="passage-1", use="evade", noble="walter")
    assert d.nobles["walter"].city == "Plymouth"


def test_2_5_storms_on_the_way_out_close_an_evasion_and_change_nothing():
    """10.2 gives one effect: a Passage that avoids the battle does not also carry the noble through Storms."""
    s, d = _enemy_marched_in()
    d.seas["I"].append(SeaCard("storms-I", "storms"))
    err = refused(s, "bob", "passage card:passage-1 use:evade noble:walter")
    assert (err.section, err.code, err.legal) == ("2.5", "passage_evade", "another use")
    assert err.message == ("Storms over South West close the road to Plymouth: a Passage avoids the battle or "
                           "crosses the Storms, not both")
    assert d.nobles["walter"].city == "Exeter" and "passage-1" in d.players["bob"].hand


def test_10_2_no_evading_from_the_outskirts_or_outside_the_movement_phase():
    s, d = _enemy_marched_in()
    d.nobles["walter"].outskirts = True
    err = refused(s, "bob", "passage card:passage-1 use:evade noble:walter")
    assert (err.section, err.code) == ("10.2", "passage_evade")
    d.nobles["walter"].outskirts = False
    d.war.moves["walter"] = 2   # the way out is open, but Walter has used his moves
    err = refused(s, "bob", "passage card:passage-1 use:evade noble:walter")
    assert (err.section, err.code, err.legal, err.message) == ("10.2", "passage_evade", "another use",
                                                               "Walter has no move left this phase")
    d.war.moves["walter"] = 0
    err = refused(s, "bob", "passage card:passage-1 use:evade noble:arthur")   # not bob's noble
    assert (err.section, err.code, err.message) == ("10.2", "noble", "Arthur is not a free noble of yours")
    d.flow.step = "battle"
    assert refused(s, "bob", "passage card:passage-1 use:evade noble:walter").code == "passage_evade"
    assert d.nobles["walter"].city == "Exeter" and "passage-1" in d.players["bob"].hand


def test_10_2_a_naval_move_from_a_port():
    s = _table()
    d = g(s)
    give_card(s, "cat", "passage-1")
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    act(s, "cat", "passage", card="passage-1", use="storms", noble="arthur")   # Plymouth is a port
    assert d.war.sail_from["arthur"] == "Plymouth"


def test_10_2_a_passage_lets_a_noble_who_has_not_moved_sail_from_the_port_he_stands_in():
    """5.4 with 10.2: a noble not in this port when the round began (ransomed into it in Phase 4, say) may sail
    from it after a Passage, if he has not yet moved."""
    s = _table()
    d = g(s)
    d.war.sail_from.pop("arthur", None)
    give_card(s, "cat", "passage-1")
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    act(s, "cat", "passage", card="passage-1", use="storms", noble="arthur")   # Plymouth is a port
    assert d.war.sail_from["arthur"] == "Plymouth"


def test_5_4_and_10_2_a_noble_who_has_moved_does_not_sail_from_the_port_after_a_passage():
    s = _table()
    d = g(s)
    d.war.sail_from.pop("arthur", None)
    d.war.moves["arthur"] = 1   # one move made, one left
    give_card(s, "cat", "passage-1")
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    act(s, "cat", "passage", card="passage-1", use="storms", noble="arthur")
    assert "arthur" in d.war.passage and "arthur" not in d.war.sail_from


def test_ex_10_4_tunnels_cancel_the_melee_penalty():
    s = _table("battle", 7)
    d = g(s)
    d.cities["Exeter"].building, d.cities["Exeter"].controller = "stronghold", "blue"
    place(s, "blue", "Exeter", "men", control=True)
    _at(s, "walter", "Exeter")
    place(s, "green", "Exeter", "knight", "men", "men", control=False)
    d.cities["Exeter"].stacks["green"].outskirts = True
    _at(s, "edith", "Exeter")
    d.nobles["edith"].outskirts = True
    give_card(s, "cat", "passage-1")
    ev = act(s, "cat", "passage", card="passage-1", use="tunnels", city="Exeter")
    assert _told(s, ev) == ["Green (cat) uses a Passage card to strike through the tunnels at Exeter."]
    ev = do(s, "cat", "battle city:Exeter against:blue")
    assert "passage-1" not in d.players["cat"].hand
    declared = next(e for e in ev if e.kind == "battle.declared")
    assert declared.data["walls"] == "stronghold"
    assert not d.opp.tunnels


def test_o_6b_a_passage_for_invaders_waits_for_the_end_of_a_battle_not_its_rounds():
    from engine.fief.state import Task
    s = _table("battle", 7)
    d = g(s)
    a = d.armies["army-1"]
    a.city, a.foot = "York", 3
    d.war.battle = Battle("Exeter", "green", "blue", rolls=1)
    d.tasks.append(Task("battle_next", "green", city="Exeter"))
    d.seas["IV"].append(SeaCard("storms-1", "storms"))
    give_card(s, "ann", "passage-1")
    err = refused(s, "ann", "passage card:passage-1 use:guide army:army-1")
    assert (err.section, err.code, err.legal) == ("10.2", "not_now", "play it once the table is waiting on a turn again")
    assert err.message == ("this card waits until the decision under way (a Rebellion going round, losses to choose, "
                           "a title to bestow) is settled")
    assert "passage-1" in d.players["ann"].hand and d.opp.guided == []


def test_10_2_withdraw_between_rounds():
    from engine.fief.state import Task
    s = _table("battle", 7)
    d = g(s)
    place(s, "blue", "Exeter", "knight", "men", "men", control=True)
    _at(s, "walter", "Exeter")
    place(s, "green", "Exeter", "knight", "knight", control=False)
    _at(s, "arthur", "Exeter")
    d.war.battle = Battle("Exeter", "green", "blue", rolls=1)
    d.tasks.append(Task("battle_next", "green", city="Exeter"))
    give_card(s, "bob", "passage-1")
    assert "passage" in {a.kind for a in RULES.legal(s, "bob")}
    ev = act(s, "bob", "passage", card="passage-1", use="withdraw", to="Bristol")
    assert d.nobles["walter"].city == "Bristol" and d.cities["Bristol"].stacks["blue"].troops == ["knight"]
    assert _told(s, ev) == ["Blue (bob) uses a Passage card and the defenders withdraw to Bristol."]
    assert d.cities["Exeter"].stacks["blue"].troops == ["men", "men"] or "blue" not in d.cities["Exeter"].stacks
    assert d.war.battle is None and not any(t.kind == "battle_next" for t in d.tasks)   # nobody is asked to go on


def test_10_2_a_withdrawal_names_a_city_next_to_the_battle():
    from engine.fief.state import Task
    s = _table("battle", 7)
    d = g(s)
    place(s, "blue", "Exeter", "knight", "men", control=True)
    _at(s, "walter", "Exeter")
    d.war.battle = Battle("Exeter", "green", "blue", rolls=1)
    d.tasks.append(Task("battle_next", "green", city="Exeter"))
    give_card(s, "bob", "passage-1")
    err = refused(s, "bob", "passage card:passage-1 use:withdraw")
    assert (err.section, err.code, err.legal) == ("7.8", "withdraw_city", ["Bristol", "Winchester", "Plymouth"])
    assert err.message == "name the city next to Exeter the defenders withdraw to: Bristol, Winchester or Plymouth"
    err = refused(s, "bob", "passage card:passage-1 use:withdraw to:York")
    assert err.message == "York is not next to Exeter: Bristol, Winchester or Plymouth"


def test_10_2_a_passage_for_a_noble_asks_the_player_to_name_one_of_theirs():
    s = _table()
    give_card(s, "cat", "passage-1")
    err = refused(s, "cat", "passage card:passage-1 use:siege")
    assert (err.section, err.code) == ("10.2", "noble") and err.message == "name one of your free nobles"
    err = refused(s, "cat", "passage card:passage-1 use:evade")
    assert err.message == "name one of your free nobles"
    err = refused(s, "cat", "passage card:passage-1 use:siege noble:walter")
    assert (err.message, err.legal) == ("Walter is not a free noble of yours", ["arthur", "edith"])
    assert refused(s, "cat", "passage card:passage-1 use:escape").message == "name a captive noble to escape"
    _at(s, "edith", "York", captor="blue", held_by="walter")   # a captive is not free to use a Passage
    err = refused(s, "cat", "passage card:passage-1 use:evade noble:edith")
    assert (err.message, err.legal) == ("Edith is not a free noble of yours", ["arthur"])
    _at(s, "arthur", "York", captor="blue", held_by="walter")
    assert refused(s, "cat", "passage card:passage-1 use:evade noble:edith").legal == "none"


def test_10_2_an_assassination_of_no_known_noble_lists_at_most_ten():
    import dataclasses

    from engine.fief.opportunity import cards
    s = _table()
    d = g(s)
    for i in range(3):   # children and spouses join the game: more nobles than a refusal lists
        d.nobles[f"child-{i}"] = dataclasses.replace(d.nobles["walter"], id=f"child-{i}")
    with pytest.raises(RuleError) as err:
        cards.check_assassination(d, "ann", "nobody", "william")
    assert err.value.code == "target" and err.value.legal == sorted(d.nobles)[:10]
    assert (err.value.section, err.value.message) == ("10.3", "no noble 'nobody'")


def test_10_2_a_defending_noble_with_no_troop_left_withdraws_alone_by_default():
    from engine.fief.opportunity import cards
    s = _table("battle", 7)
    d = g(s)
    _at(s, "walter", "Exeter")
    b = Battle("Exeter", "green", "blue", rolls=1)
    assert cards.escort_choices(d, b)[0] == "none"


def test_10_2_with_two_foes_come_by_two_roads_the_evading_noble_takes_the_first_by_name():
    s, d = _enemy_marched_in()
    place(s, "yellow", "Exeter", "men", control=False)          # and yellow came in from Bristol
    _at(s, "edward", "Exeter")
    d.war.blocked["Exeter|yellow"] = "Bristol"
    act(s, "bob", "passage", card="passage-1", use="evade", noble="walter")
    assert d.nobles["walter"].city == "Bristol"


def test_10_2_a_withdrawal_menu_offers_at_most_64_escort_choices():
    import dataclasses

    from engine.fief.opportunity import cards
    s = _table("battle", 7)
    d = g(s)
    d.nobles["child-1"] = dataclasses.replace(d.nobles["walter"], id="child-1")
    d.families["blue"].nobles.append("child-1")
    d.families["blue"].stockpile["crossbow"] = 3
    place(s, "blue", "Exeter", *(["knight", "crossbow", "men", "archer"] * 3), control=True)
    for nid in ("walter", "matilda", "child-1"):
        _at(s, nid, "Exeter")
    choices = cards.escort_choices(d, Battle("Exeter", "green", "blue", rolls=1))
    assert len(choices) == 64 and choices[0] == "knight,knight,knight"   # of 125: the strongest first


def test_10_2_aid_invaders_against_walls():
    s = _table("battle", 7)
    d = g(s)
    d.cities["Exeter"].building, d.cities["Exeter"].controller = "stronghold", "blue"
    d.war.battle = Battle("Exeter", "invaders", "blue", kind="invasion", penalty=1, archers_min=2)
    give_card(s, "ann", "passage-1")
    ev = act(s, "ann", "passage", card="passage-1", use="aid", city="Exeter")
    assert _told(s, ev) == ["Red (ann) uses a Passage card to guide the invaders through the tunnels at Exeter."]
    assert d.war.battle.penalty == 0 and d.war.battle.archers_min == 0


def test_10_2_a_captive_escapes_home():
    s = _table()
    d = g(s)
    _at(s, "walter", "Exeter", captor="green", held_by="arthur")
    d.nobles["arthur"].city = "Exeter"
    give_card(s, "ann", "passage-1")   # anyone may free anyone's captive
    ev = act(s, "ann", "passage", card="passage-1", use="escape", noble="walter")
    assert _told(s, ev) == ["Red (ann) uses a Passage card and Lord Walter escapes captivity."]
    assert d.nobles["walter"].captor is None and d.nobles["walter"].city == "Whitby"
    assert "passage-1" not in d.players["ann"].hand and d.fortune_discard[-1] == "passage-1"


def test_10_2_a_captive_escapes_to_the_nearest_city_of_the_family_or_the_one_named():
    s = _table()
    d = g(s)
    d.cities["Bristol"].controller = d.cities["Winchester"].controller = "blue"   # no walls, no noble there
    for city in ("Bristol", "Winchester"):
        _at(s, "walter", "Exeter", captor="green", held_by="arthur")
        give_card(s, "ann", "passage-1")
        line = "passage card:passage-1 use:escape noble:walter" + (" city:Winchester" if city == "Winchester" else "")
        do(s, "ann", line)
        assert (d.nobles["walter"].captor, d.nobles["walter"].city, d.tasks) == (None, city, [])


def test_10_2_an_escape_to_a_city_that_is_no_refuge_is_refused_before_the_card_is_spent():
    s = _table()
    d = g(s)
    _at(s, "walter", "Exeter", captor="green", held_by="arthur")
    d.nobles["arthur"].city = "Exeter"
    give_card(s, "ann", "passage-1")
    err = refused(s, "ann", "passage card:passage-1 use:escape noble:walter city:London")
    assert (err.section, err.code, err.legal) == ("10.2", "passage_escape", ["Whitby"])
    assert err.message == "Walter escapes to a city of the family, else an Independent or allied city"
    assert d.nobles["walter"].captor == "green" and "passage-1" in d.players["ann"].hand
    assert d.fortune_discard[-1:] != ["passage-1"] and s.take_events() == []


# -- 10.3 ASSASSINATION, 10.4 JUSTICE, 10.5 AMBUSH ------------------------------------------------------------
def test_10_3_assassination_marks_the_sponsor_and_scatters_the_troops_in_fours():
    s = _table()
    d = g(s)
    place(s, "blue", "London", *(["men"] * 6))
    _at(s, "walter", "London")
    d.nobles["walter"].titles.append("lord:VI")
    _at(s, "edward", "London", captor="blue", held_by="walter")
    give_card(s, "ann", "assassination-1")
    for line in ("assassinate card:assassination-1 target:walter", "assassinate card:assassination-1 target:walter "
                 "sponsor:walter"):
        err = refused(s, "ann", line)
        assert (err.section, err.code, err.legal) == ("10.3", "sponsor", ["william", "lucia"])
        assert err.message == "name one of your nobles as the Sponsor (another than the victim)"
    err = refused(s, "ann", "assassinate card:assassination-1 target:lucia sponsor:lucia")   # not her own sponsor
    assert (err.code, err.legal) == ("sponsor", ["william"])
    err = refused(s, "ann", "assassinate card:assassination-1 target:robin sponsor:lucia")
    assert (err.section, err.code, err.message) == ("10.3", "target", "no noble 'robin'")
    assert err.legal == ["arthur", "edith", "edward", "lucia", "matilda", "rohese", "walter", "william"]
    ev = act(s, "ann", "assassinate", card="assassination-1", target="walter", sponsor="lucia")
    assert [RULES.words().event(s, e, Audience(None, {})) for e in ev if e.kind in ("card.assassination", "noble.died")] \
        == ["Blue's Lord Walter is assassinated; Lady Lucia sponsored the deed and bears the Heresy marker.",
            "Blue's Lord Walter dies at London by an assassin's hand."]
    assert d.nobles["lucia"].heresy and "walter" not in d.nobles
    assert "assassination-1" not in d.players["ann"].hand and d.fortune_discard[-1] == "assassination-1"
    assert "lord:VI" in d.nobles["matilda"].titles   # 4.8: the family's other noble
    assert d.nobles["edward"].captor is None          # 7.6: the captor's death frees him
    dispersed = next(e for e in ev if e.kind == "troops.dispersed")
    assert dispersed.data["to"] == {"Whitby": 6}      # both groups to Matilda, the only noble left
    assert dispersed.data["why"] == "assassination"  # the table is told why they scattered


def test_10_3_a_captive_assassinated_leaves_its_family_s_garrison_where_it_stands():
    s = _table()
    d = g(s)
    place(s, "yellow", "London", "men", "men", control=False)   # a garrison with no noble: none to scatter it
    _at(s, "walter", "London")
    _at(s, "edward", "London", captor="blue", held_by="walter")
    _at(s, "rohese", "York")
    give_card(s, "ann", "assassination-1")
    ev = act(s, "ann", "assassinate", card="assassination-1", target="edward", sponsor="lucia")
    assert "edward" not in d.nobles and d.cities["London"].stacks["yellow"].troops == ["men", "men"]
    assert not [e for e in ev if e.kind == "troops.dispersed"]


def test_10_3_an_invading_leader_needs_no_sponsor():
    s = _table()
    d = g(s)
    a = d.armies["army-1"]
    a.city, a.foot = "York", 3
    give_card(s, "ann", "assassination-1")
    ev = act(s, "ann", "assassinate", card="assassination-1", target="leader:army-1")
    assert not a.leader and a.foot == 3 and not any(n.heresy for n in d.nobles.values())
    assert RULES.words().event(s, next(e for e in ev if e.kind == "card.assassination"), Audience(None, {})) == \
        "An invader leader is assassinated."


@pytest.mark.parametrize("shelter", ["king", "sovereign_queen", "queen", "prince_of_wales", "abbey", "royal_abbey"])
def test_10_4_no_justice_for_any_of_the_royal_family_nor_in_either_abbey(shelter):
    s = _table()
    d = g(s)
    d.nobles["walter"].heresy = True
    if shelter.endswith("abbey"):
        d.cities["Whitby"].building = shelter
    else:
        d.nobles["walter"].titles.append(shelter)
    give_card(s, "ann", "justice-1")
    err = refused(s, "ann", "justice card:justice-1 target:walter")
    assert (err.code, err.message) == ("justice_target", "Walter is of the Royal Family or sheltered in an Abbey")


def test_10_4_justice_for_a_heretic_but_never_the_royal_family_or_in_an_abbey():
    s = _table()
    d = g(s)
    give_card(s, "ann", "justice-1")
    err = refused(s, "ann", "justice card:justice-1 target:walter")
    assert (err.section, err.code, err.message, err.legal) == ("10.4", "justice_target", "Walter bears no Heresy marker",
                                                               "nobody")
    assert refused(s, "ann", "justice card:justice-1 target:nobody").message == "nobody is not in the game"
    d.nobles["walter"].heresy = True
    d.nobles["walter"].titles.append("king")
    err = refused(s, "ann", "justice card:justice-1 target:walter")
    assert (err.section, err.code, err.legal) == ("10.4", "justice_target", "nobody")
    assert err.message == "Walter is of the Royal Family or sheltered in an Abbey"
    d.nobles["walter"].titles.remove("king")
    d.cities["Whitby"].building = "abbey"
    err = refused(s, "ann", "justice card:justice-1 target:walter")
    assert (err.message, err.legal) == ("Walter is of the Royal Family or sheltered in an Abbey", "nobody")
    d.cities["Whitby"].building = "stronghold"
    err = refused(s, "ann", "justice card:justice-1 target:arthur")   # the refusal names the heretic within reach
    assert (err.section, err.code, err.legal) == ("10.4", "justice_target", ["walter"])
    assert err.message == "Arthur bears no Heresy marker"
    assert refused(s, "ann", "justice card:justice-1 target:robin").message == "robin is not in the game"
    ev = act(s, "ann", "justice", card="justice-1", target="walter")
    assert "walter" not in d.nobles and d.cities["Whitby"].stacks["blue"].troops   # Matilda keeps the troops
    assert "justice-1" not in d.players["ann"].hand and d.fortune_discard[-1] == "justice-1"
    assert [RULES.words().event(s, e, Audience(None, {})) for e in ev if e.kind in ("card.justice", "noble.died")] \
        == ["Blue's Lord Walter is brought to Justice.", "Blue's Lord Walter dies at Whitby by the King's Justice."]


def test_ex_10_5_ambush_takes_a_captive_and_the_troops_scatter_without_their_bombard():
    s = _table()
    d = g(s)
    place(s, "yellow", "Exeter", "men", control=True)
    _at(s, "rohese", "Exeter")
    d.cities["Winchester"].controller = "blue"
    d.cities["Canterbury"].controller = "blue"
    d.cities["Winchester"].building = "stronghold"
    d.cities["Canterbury"].building = "stronghold"
    st = place(s, "blue", "Exeter", *(["men"] * 6), control=False)
    st.bombards = 1
    d.families["blue"].stockpile["bombard"] -= 1
    _at(s, "walter", "Exeter")
    _at(s, "matilda", "Winchester")
    d.nobles["matilda"].city = None   # only strongholds are left to go to
    d.families["blue"].nobles.remove("matilda")
    del d.nobles["matilda"]
    give_card(s, "dan", "ambush-1")
    ev = act(s, "dan", "ambush", card="ambush-1", noble="rohese", target="walter")
    assert d.nobles["walter"].captor == "yellow" and d.nobles["walter"].held_by == "rohese"
    assert _told(s, ev) == ["Lady Rohese springs an Ambush on Lord Walter at Exeter."]
    assert next(e for e in ev if e.kind == "card.ambush").data["family"] == "yellow"
    assert "ambush-1" not in d.players["dan"].hand and d.fortune_discard[-1] == "ambush-1"
    dispersed = next(e for e in ev if e.kind == "troops.dispersed")
    assert set(dispersed.data["to"]) <= {"Winchester", "Canterbury", "Whitby"} and dispersed.data["engines"] == 1
    assert d.cities["Exeter"].stacks["yellow"].bombards == 1   # Dave's own Bombard in its place


def test_10_5_no_ambush_inside_walls_and_leaders_are_removed():
    s = _table()
    d = g(s)
    _at(s, "edward", "Whitby")
    d.nobles["edward"].outskirts = True
    give_card(s, "dan", "ambush-1")
    err = refused(s, "dan", "ambush card:ambush-1 noble:edward target:walter")
    assert (err.section, err.code, err.legal) == ("10.5", "ambush_target", "nobody")
    assert err.message == "Edward can ambush only a noble or Leader in Whitby outside its walls"
    a = d.armies["army-1"]
    a.city, a.foot = "Exeter", 4
    _at(s, "rohese", "Exeter")
    act(s, "dan", "ambush", card="ambush-1", noble="rohese", target="leader:army-1")
    assert not a.leader and a.foot == 4


def test_10_5_an_invader_leader_inside_walls_cannot_be_ambushed_but_one_outside_can():
    from engine.fief.opportunity import cards
    s = _table()
    d = g(s)
    d.cities["Exeter"].building = "stronghold"
    _at(s, "rohese", "Exeter")
    d.nobles["rohese"].outskirts = True
    a = d.armies["army-1"]
    a.city, a.foot, a.outskirts = "Exeter", 2, False
    assert "leader:army-1" not in cards.ambush_targets(d, "rohese")
    a.outskirts = True
    assert "leader:army-1" in cards.ambush_targets(d, "rohese")


def test_10_4_a_captive_heretic_is_not_sheltered_by_the_abbey_of_the_city_he_is_held_in():
    from engine.fief.opportunity import cards
    s = _table()
    d = g(s)
    d.cities["Whitby"].building = "abbey"
    d.nobles["walter"].heresy = True
    assert not cards.justice_target(d, "walter")
    _at(s, "walter", "Whitby", captor="green", held_by="arthur")
    assert cards.justice_target(d, "walter")


def test_10_5_an_ambush_with_nobody_in_reach_says_nobody_may_be_ambushed():
    s = _table()
    _at(s, "rohese", "Exeter")
    give_card(s, "dan", "ambush-1")
    err = refused(s, "dan", "ambush card:ambush-1 noble:rohese target:walter")
    assert (err.section, err.code, err.legal) == ("10.5", "ambush_target", "nobody")
    assert err.message == "Rohese can ambush only a noble or Leader in Exeter outside its walls"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_listed_play_applies(players: int) -> None:
    """legal() lists each card once with arguments that the rules accept."""
    s = started(players)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = 5, "move", 2, 0
    _famine(s, "VI")
    seat = next(iter(d.players))
    for card in ("rebellion-1", "passage-1", "assassination-1", "ambush-1"):
        give_card(s, seat, card)
    kinds = {a.kind for a in RULES.legal(s, seat)}
    assert {"rebellion", "assassinate"} <= kinds
    for a in [a for a in RULES.legal(s, seat) if a.kind in ("rebellion", "passage", "assassinate", "ambush")]:
        twin = RULES.copy(s)
        act(twin, seat, a.kind, **a.params)
    assert isinstance(Action.of("stand_aside"), Action)


def test_10_2_an_escape_is_offered_to_a_family_s_captive_never_to_the_bandits():
    from engine.fief.opportunity.legal import every

    s = _table()
    d = g(s)
    d.nobles["william"].captor = "blue"
    give_card(s, "ann", "passage-1")
    assert [(a.get("use"), a.get("noble")) for a in every(d, "ann", "passage")] == [("escape", "william")]
    d.nobles["william"].captor = "bandits"   # the bandits' captives are ransomed, never escape by Passage
    assert [a for a in every(d, "ann", "passage") if a.get("use") == "escape"] == []


def test_10_2_a_passage_guides_invaders_through_storms():
    from engine.fief.war import invaders
    s = _table()
    d = g(s)
    a = d.armies["army-1"]
    a.city, a.foot = "Exeter", 3
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    assert invaders.direction(s, d, "Exeter") is None
    give_card(s, "ann", "passage-1")
    ev = act(s, "ann", "passage", card="passage-1", use="guide", army="army-1")
    assert _told(s, ev) == ["Red (ann) uses a Passage card to lead an invader army through the Storms."]
    assert d.opp.guided == ["army-1"]
    assert invaders.direction(s, d, "Exeter", guided=True) is not None


def test_10_1_the_owner_chooses_which_troops_the_rebels_take():
    s = _table()
    d = g(s)
    _famine(s, "VI")
    place(s, "blue", "London", "knight", "men", "men", "men")
    _at(s, "walter", "London")
    give_card(s, "ann", "rebellion-1")
    act(s, "ann", "rebellion", card="rebellion-1", city="London")
    s.rng.force(4)   # 2 hits + 1: a Knight, or three Men-at-Arms
    _answer_all(s)
    assert d.tasks[0].kind == "rebellion" and d.tasks[0].options == ["losses"] and d.tasks[0].family == "blue"
    decision = RULES.pending(s)[0]
    assert decision.default_for("bob") == Action.of("rebel_losses", units=["men", "men", "men"])
    assert RULES.words().question(s, decision, "bob", Audience("bob", {})) == \
        "The rebels of London strike your troops with 3 hits: choose your losses."
    assert RULES.legal(s, "bob") == [Action.of("rebel_losses", units=["knight"]),   # no letting it be now
                                     Action.of("rebel_losses", units=["men", "men", "men"])]
    err = refused(s, "bob", "rebel_losses units:men")
    assert err.section == "7.5"
    err = refused(s, "bob", "stand_aside")
    assert (err.section, err.code, err.legal) == ("10.1", "losses_first", ["knight", "men,men,men"])
    assert err.message == "the rebels' hits must fall: choose your losses"
    do(s, "bob", "rebel_losses units:men,men,men")
    assert d.cities["London"].stacks["blue"].troops == ["knight"] and d.opp.uprising is None


def test_10_3_groups_of_four_go_round_the_nearest_places_or_back_to_the_stockpile():
    from engine.fief.opportunity import dispersal
    s = _table()
    d = g(s)
    for c in d.cities.values():
        c.stacks.pop("blue", None)
        if c.controller == "blue":
            c.controller = None
    place(s, "blue", "London", *(["men"] * 9), control=True)
    _at(s, "walter", "Canterbury")
    _at(s, "matilda", "York")
    d.cities["Canterbury"].controller, d.cities["York"].controller = "green", None
    place(s, "blue", "Canterbury", "knight", control=False).revealed = True   # shown in a battle before
    dispersal.disperse(s, d, "London", "blue", why="assassination")
    assert dispersal.places(d, "London", "blue") == ["Canterbury", "York"]
    canterbury, york = d.cities["Canterbury"].stacks["blue"], d.cities["York"].stacks["blue"]
    assert len(canterbury.troops) == 6 and len(york.troops) == 4   # groups 1 and 3 join the knight
    assert (canterbury.outskirts, york.outskirts) == (True, False)   # outside green's city, inside a free one
    assert not canterbury.revealed   # new troops joined: their kinds are hidden again (FAQ)
    before = d.families["blue"].stockpile["men"]
    _at(s, "walter", None)
    _at(s, "matilda", "Exeter", captor="green", held_by="arthur")   # a captive leads no troops
    d.cities["Canterbury"].controller = d.cities["York"].controller = None
    s.take_events()
    dispersal.disperse(s, d, "York", "blue", why="ambush")
    ev = [e for e in s.take_events() if e.kind == "troops.dispersed"]
    assert d.families["blue"].stockpile["men"] == before + 4 and "blue" not in d.cities["York"].stacks
    assert ev[-1].data["to"] == {"stockpile": 4}


def test_10_3_scattered_troops_seek_the_nearest_free_nobles_else_walls_else_any_city_of_the_family():
    from engine.fief.opportunity import dispersal
    s = _table()
    d = g(s)
    _at(s, "walter", "Berwick")
    _at(s, "matilda", "Winchester")
    assert dispersal.places(d, "London", "blue") == ["Winchester", "Berwick"]   # by roads from London, not by name
    _at(s, "matilda", "London")                                      # not the city the troops leave
    _at(s, "walter", "York", captor="green", held_by="arthur")      # a captive leads no troops
    for city, walls in (("Canterbury", "fortified"), ("Bristol", "royal_stronghold"), ("Oxford", None),
                        ("Lincoln", None), ("London", "stronghold")):
        d.cities[city].building, d.cities[city].controller = walls, "blue"
    assert dispersal.places(d, "London", "blue") == ["Canterbury", "Bristol", "Whitby"]   # walls first, nearest first
    for city in ("Canterbury", "Bristol", "Whitby"):
        d.cities[city].building = None
    assert dispersal.places(d, "London", "blue") == ["Canterbury", "Oxford", "Bristol", "Lincoln", "Whitby"]


def test_ex_10_5_the_engines_left_behind_go_home_and_the_ambusher_puts_what_it_has_in_their_place():
    from engine.fief.opportunity import dispersal
    from engine.fief.state import Stack
    s = _table()
    d = g(s)
    d.cities["Exeter"].stacks["blue"] = Stack(bombards=1, trebuchets=1, building=1)   # one trebuchet half built
    blue, yellow = d.families["blue"].stockpile, d.families["yellow"].stockpile
    blue["bombard"], blue["trebuchet"], yellow["bombard"], yellow["trebuchet"] = 0, 0, 0, 1
    dispersal.disperse(s, d, "Exeter", "blue", why="ambush", taker="yellow")
    assert (blue["bombard"], blue["trebuchet"]) == (1, 2)
    assert (yellow["bombard"], yellow["trebuchet"]) == (0, 0)   # yellow had one trebuchet and no bombard
    mine = d.cities["Exeter"].stacks["yellow"]
    assert (mine.bombards, mine.trebuchets) == (0, 1)
    assert next(e for e in s.take_events() if e.kind == "troops.dispersed").data["engines"] == 3


def test_10_3_with_no_noble_to_join_troops_go_to_walled_cities_first_else_to_any_city_held():
    from engine.fief.opportunity import dispersal
    s = _table()
    d = g(s)
    for n in d.nobles.values():
        if n.family == "blue":
            _at(s, n.id, None)
    for c in d.cities.values():
        c.stacks.pop("blue", None)
        if c.controller == "blue":
            c.controller = None
    place(s, "blue", "London", *(["men"] * 4), control=True)
    for city, building in (("Canterbury", None), ("York", "stronghold")):
        d.cities[city].controller, d.cities[city].building = "blue", building
    assert dispersal.places(d, "London", "blue") == ["York"]          # a Stronghold before an open city
    d.cities["York"].building = None
    assert dispersal.places(d, "London", "blue") == ["Canterbury", "York"]   # none walled: every city held
    dispersal.disperse(s, d, "London", "blue", why="justice")
    assert d.cities["Canterbury"].stacks["blue"].troops == ["men"] * 4


def test_10_2_no_evading_an_ally_who_marched_in():
    """9.0: a family joined to yours by marriage is no opponent, so its arrival opens no way out."""
    s = _table()
    d = g(s)
    place(s, "blue", "Exeter", "men", "men")
    _at(s, "walter", "Exeter")
    bride = next(n for n in d.nobles.values() if n.family == "blue" and n.id != "walter")
    d.nobles["arthur"].spouse, bride.spouse = bride.id, "arthur"
    give_card(s, "bob", "passage-1")
    do(s, "cat", "move noble:arthur to:Exeter troops:knight")
    err = refused(s, "bob", "passage card:passage-1 use:evade noble:walter")
    assert (err.section, err.code, err.legal) == ("10.2", "passage_evade", "another use")
    assert err.message == "no opponent has just marched into this noble's city by road"


def test_10_2_aid_before_the_battle_only_against_another_familys_walls():
    s = _table("battle", 7)
    d = g(s)
    give_card(s, "ann", "passage-1")
    own = d.players["ann"].families[0]
    for holder in (None, own):
        d.cities["Exeter"].building, d.cities["Exeter"].controller = "stronghold", holder
        err = refused(s, "ann", "passage card:passage-1 use:aid city:Exeter")
        assert (err.section, err.code) == ("10.2", "passage_walls")
    d.cities["Exeter"].controller = "blue"
    act(s, "ann", "passage", card="passage-1", use="aid", city="Exeter")
    assert "invaders|Exeter" in d.opp.tunnels


def test_10_2_a_guided_invader_army_makes_one_move_in_storms():
    """10.2's one Move in Storms, for invaders a player guides too: the guide is spent by the first move
    that crosses the Storms (before, the army ignored Storms for the rest of the round)."""
    from engine.fief.war import invaders
    s = _table("invaders", 6)
    d = g(s)
    army = d.armies["army-1"]
    army.city, army.foot = "Plymouth", 3   # Plymouth's one road leads to Exeter, both under the Storms
    d.seas["I"].append(SeaCard("storms-1", "storms"))
    d.opp.guided = ["army-1"]
    invaders.step(s, d, army)
    assert army.city == "Exeter" and "army-1" not in d.opp.guided
    invaders.step(s, d, army)
    assert army.city == "Exeter" and d.war.invader_moves["army-1"] == 2   # held by the Storms


def _withdraw_table():
    from engine.fief.state import Task
    s = _table("battle", 7)
    d = g(s)
    place(s, "blue", "Exeter", "knight", "men", "archer", control=True)
    _at(s, "walter", "Exeter")
    _at(s, "matilda", "Exeter")
    place(s, "green", "Exeter", "knight", "knight", control=False)
    _at(s, "arthur", "Exeter")
    d.war.battle = Battle("Exeter", "green", "blue", rolls=1)
    d.tasks.append(Task("battle_next", "green", city="Exeter"))
    give_card(s, "bob", "passage-1")
    return s, d


def test_10_2_each_withdrawing_noble_takes_the_troop_its_player_chooses():
    """10.2: "Each Noble may take one of their Troops" (before the fix the engine chose the strongest)."""
    from engine.fief.war.battle.sides import side_nobles
    s, d = _withdraw_table()
    order = side_nobles(d, d.war.battle, "blue")
    picks = {"walter": "archer", "matilda": "none"}
    act(s, "bob", "passage", card="passage-1", use="withdraw", to="Bristol",
        escorts=[picks[n] for n in order])
    assert d.cities["Bristol"].stacks["blue"].troops == ["archer"]
    assert sorted(d.cities["Exeter"].stacks["blue"].troops) == ["knight", "men"]
    assert d.nobles["walter"].city == d.nobles["matilda"].city == "Bristol"


def test_10_2_the_withdraw_choices_are_offered_by_clicks_and_speak_with_names():
    from engine.core import Audience
    from engine.fief.opportunity import legal as opportunity_legal
    from tests.speech import assert_human
    s, d = _withdraw_table()
    variants = [a for a in opportunity_legal.every(d, "bob", "passage") if a["use"] == "withdraw" and a["to"] == "Bristol"]
    chosen = {tuple(a["escorts"]) for a in variants if a.get("escorts")}
    assert ("archer", "none") in chosen or ("none", "archer") in chosen
    assert ("knight", "knight") not in chosen            # one Knight only
    aud = Audience(None, {"ann": "Ann", "bob": "Bob", "cat": "Cat", "dan": "Dan"})
    label = RULES.words().label(s, "bob", next(a for a in variants if a.get("escorts")), aud.to("bob"))
    assert_human(label, "withdraw label")
    assert "Walter" in label and "Matilda" in label


@pytest.mark.parametrize("escorts,why", [("knight,knight", "unclaimed"), ("knight", "in this order"),
                                         ("horse,none", "in this order"), ("knight,men,archer", "in this order")])
def test_10_2_bad_escort_choices_are_refused_and_change_nothing(escorts, why):
    s, d = _withdraw_table()
    err = refused(s, "bob", f"passage card:passage-1 use:withdraw to:Bristol escorts:{escorts}")
    assert err.code == "withdraw_units" and why in err.message
    if why == "unclaimed":   # Matilda took the family's only Knight: Walter is told what is left
        assert (err.section, err.legal) == ("10.2", ["archer", "men"])
        assert err.message == "Walter takes one of the family's own troops still unclaimed"
    if why == "in this order":
        assert (err.section, err.legal) == ("10.2", "2 of knight, crossbow, men, archer or none")
        assert err.message == ("name one troop (knight, crossbow, men, archer) or none for each withdrawing noble, "
                               "in this order: Matilda, Walter")


def test_10_2_a_troop_already_claimed_is_refused_naming_the_troops_still_free():
    s, d = _withdraw_table()
    err = refused(s, "bob", "passage card:passage-1 use:withdraw to:Bristol escorts:knight,knight")
    assert (err.section, err.code, err.legal) == ("10.2", "withdraw_units", ["archer", "men"])
    assert err.message == "Walter takes one of the family's own troops still unclaimed"


def test_10_2_pass_slips_out_of_a_held_city_without_leave_once():
    """10.2's Avoid a Battle: through an opponent's city without asking; one use leaves one city."""
    s = _table()
    d = g(s)
    d.flow.turn = 3                                       # blue's Movement turn
    place(s, "green", "Exeter", "men", control=True)
    _at(s, "walter", "Exeter")
    place(s, "blue", "Exeter", "knight", control=False)
    d.war.moves["walter"] = 1                             # it entered Exeter this phase
    d.war.came_from["walter"] = "Plymouth"
    give_card(s, "bob", "passage-1")
    from engine.fief.opportunity import cards as opportunity_cards
    assert "pass" in opportunity_cards.passage_effects(d, "walter")
    ev = act(s, "bob", "passage", card="passage-1", use="pass", noble="walter")
    assert _told(s, ev) == ["Blue (bob) uses a Passage card and Lord Walter slips past the enemy without leave."]
    events = do(s, "bob", "move noble:walter to:Bristol troops:knight")
    assert d.nobles["walter"].city == "Bristol"
    assert not [e for e in events if e.kind == "request.opened"]   # nobody was asked


def test_10_2_every_copy_of_the_storms_check_honours_a_storms_passage_for_one_move_only():
    """The Storms rule is written three times (check_move, the move lists of legal_moves, the Cavalcade
    list): each lets the one move through and closes again after it."""
    from engine.fief.war import movement
    s = _table()
    d = g(s)
    d.seas["IV"].append(SeaCard("storms-1", "storms"))
    d.flow.turn = 3
    give_card(s, "bob", "passage-1")
    listed = {(n, dest) for n, dest, _via, _u in movement.legal_moves(d, "blue")}
    assert ("walter", "York") not in listed
    act(s, "bob", "passage", card="passage-1", use="storms", noble="walter")
    listed = {(n, dest) for n, dest, _via, _u in movement.legal_moves(d, "blue")}
    assert ("walter", "York") in listed and ("matilda", "York") not in listed   # one noble's Passage
    assert any(a.kind == "move" and a.get("noble") == "walter" and a.get("to") == "York"
               for a in RULES.legal(s, "bob"))
    do(s, "bob", "move noble:walter to:York troops:knight")
    listed = {(n, dest) for n, dest, _via, _u in movement.legal_moves(d, "blue")}
    assert not [x for x in listed if x[0] == "walter"]                           # York's roads stay closed
