"""Rules the mutation sample (make mutate) found unchecked: each test pins one behaviour a careless
change could break without any other test noticing."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief.cards import fortune
from engine.fief.estates import purchase
from engine.fief.state import Siege, Stack
from engine.fief.war import pillage
from tests.fief.helpers import at_step, g, new, place


def _state(phase=7, step="pillage", queue=("red",)):
    s = at_step(phase, step, queue)
    return s


def test_7_10_pillaging_an_abbey_adds_ten_shillings_to_the_purse():
    s = _state()
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city = "York"
    place(s, "red", "York", "men")
    g(s).cities["York"].building = "abbey"
    g(s).players[g(s).families["red"].seat].shillings = 7
    pillage.pillage(s, g(s), "red", "York", "abbey")
    assert g(s).players[g(s).families["red"].seat].shillings == 17
    assert g(s).nobles[nid].heresy and g(s).cities["York"].building is None


def test_7_10_pillaged_engines_join_the_pillagers_stack_as_far_as_its_stockpile_allows():
    s = _state()
    place(s, "red", "York", "men")
    g(s).cities["York"].stacks["blue"] = Stack(trebuchets=2, bombards=1)
    g(s).families["red"].stockpile["trebuchet"] = 1
    blue_before = g(s).families["blue"].stockpile["trebuchet"]
    pillage.pillage(s, g(s), "red", "York", "engines")
    mine = g(s).cities["York"].stacks["red"]
    assert (mine.trebuchets, mine.bombards) == (1, 1)
    assert g(s).families["red"].stockpile["trebuchet"] == 0
    assert g(s).families["blue"].stockpile["trebuchet"] == blue_before + 2
    assert "blue" not in g(s).cities["York"].stacks


def test_7_9_an_unpaid_siege_trebuchet_leaves_the_map_at_the_end_of_purchases():
    s = _state(4, "purchase")
    st = place(s, "red", "York", "men", control=False)
    st.building = 1
    g(s).cities["York"].siege = Siege("red", building=1)
    stock = g(s).families["red"].stockpile["trebuchet"]
    purchase.settle_sieges(s, g(s), "red")
    assert st.building == 0 and g(s).cities["York"].siege is None
    assert g(s).families["red"].stockpile["trebuchet"] == stock + 1


def test_2_8_a_sovereign_queen_tallages_an_ungoverned_region():
    s = _state(2, "play")
    g(s).nobles[g(s).families["red"].nobles[1]].titles = ["sovereign_queen"]
    assert "I" in fortune.tallage_regions(g(s), "red")
    assert fortune.tallage_regions(g(s), "blue") == []


def test_7_9_only_the_besieger_lifts_its_siege():
    from tests.fief.helpers import refused
    s = _state(5, "move")
    g(s).cities["York"].siege = Siege("blue")
    g(s).cities["Lincoln"].siege = Siege("red")
    from engine.fief.war.legal import sieges
    assert sieges(g(s), "red") == ["Lincoln"]
    err = refused(s, g(s).families["red"].seat, "lift_siege city:York")
    assert (err.section, err.code, err.message, err.legal) == ("7.9", "no_siege", "your family besieges no 'York'",
                                                                ["Lincoln"])


@pytest.mark.parametrize("line,code", [("play_harvest card:tax-9 region:I", "not_in_hand")])
def test_refusals_name_their_code(line, code):
    from tests.fief.helpers import refused
    s = _state(2, "play")
    assert refused(s, g(s).families["red"].seat, line).code == code


def test_7_0_each_battle_round_is_counted():
    from engine.fief.war.battle.fight import begin_round
    from engine.fief.war.state import Battle
    s = _state(7, "battle")
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    b = Battle("Oxford", "red", "blue")
    g(s).war.battle = b
    begin_round(s, g(s), b)
    assert b.rolls == 1


def test_2_12_mata_refusals_name_the_retainer_section_and_code():
    from engine.fief.cards.retainers import check_mata
    s = _state(2, "play")
    nid = g(s).families["red"].nobles[0]
    with pytest.raises(RuleError) as err:
        check_mata(g(s), "red", nid, "bob", "tax-1")
    name = g(s).nobles[nid].name
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "2.12", "retainer", f"{name} has no unspent mata retainer (or is captive)", "no mata ready")
    g(s).nobles[nid].retainer = "mata"
    with pytest.raises(RuleError) as err:
        check_mata(g(s), "red", nid, "bob", "no-such-card")
    hand = g(s).players["ann"].hand
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "2.12", "not_in_hand", "'no-such-card' is not in your hand", list(hand) or "no cards")
    g(s).players["ann"].hand.append("tax-1")
    for p in g(s).players.values():
        if p.seat != "ann":
            p.hand.clear()
    g(s).players["bob"].hand.append("tax-2")
    with pytest.raises(RuleError) as err:              # a target with no card to take, or no player at all
        check_mata(g(s), "red", nid, "cat", "tax-1")
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "2.12", "mata_target", "Mata needs another player holding cards, not 'cat'", ["bob"])


def test_4_6_handing_a_title_to_a_stranger_is_refused_under_4_6():
    from engine.fief.estates.titles import check_transfer
    s = _state(4, "purchase")
    lord = g(s).nobles[g(s).families["red"].nobles[0]]
    lord.titles = ["lord:III", "lord:V"]
    with pytest.raises(RuleError) as err:
        check_transfer(g(s), "red", "III", g(s).families["blue"].nobles[0])
    assert (err.value.section, err.value.code) == ("4.6", "transfer_to")
    assert err.value.message == (f"{g(s).families['blue'].nobles[0]!r} is not another noble of your family "
                                 "(or of your ally's, 9.0)")


def test_a_command_missing_a_parameter_is_refused_with_its_code():
    from engine.core import Action
    from engine.fief import RULES
    s = _state(2, "play")
    with pytest.raises(RuleError) as err:
        RULES.play(s, g(s).families["red"].seat, Action.of("play_tax"))
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "commands", "missing_param", "play_tax needs card", ["card", "tallage", "tithe"])


def test_7_6_captives_go_free_when_their_captors_side_is_beaten():
    from engine.fief.war.battle.fight import check_end
    from engine.fief.war.state import Battle
    s = _state(7, "battle")
    place(s, "red", "Oxford", "men")
    keeper = g(s).families["blue"].nobles[0]
    g(s).nobles[keeper].city = "Oxford"
    captive = g(s).nobles[g(s).families["green"].nobles[0]]
    captive.city, captive.captor, captive.held_by = "Oxford", "blue", keeper
    b = Battle("Oxford", "red", "blue")
    g(s).war.battle = b
    assert check_end(s, g(s), b)
    assert captive.captor is None


def test_7_9_the_siege_choice_offers_each_trebuchet_that_may_be_destroyed():
    from engine.core import Action
    from engine.fief.state import Task
    from engine.fief.war.legal import task_actions
    s = _state(7, "battle")
    g(s).families["red"].stockpile["trebuchet"] = 0
    for city in ("Bristol", "York"):
        place(s, "red", city, "men").trebuchets = 1
    offered = task_actions(g(s), Task("battle_next", "red", city="Oxford", options=["continue", "siege"]))
    assert Action.of("battle_next", choice="siege") in offered
    assert Action.of("battle_next", choice="siege", trebuchet="York") in offered


def test_events_name_who_they_concern():
    from engine.fief import setup
    from engine.fief.estates import ransom
    s = _state(4, "ransom")
    s.take_events()   # what came before
    events = s._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    n = g(s).nobles[g(s).families["red"].nobles[0]]
    n.captor = "blue"
    ransom.settle(s, g(s), "red", n.id, 2, "York")
    setup.place_start(s, g(s), "green", "Oxford")
    paid = next(e for e in events if e.kind == "ransom.paid")
    placed = next(e for e in events if e.kind == "setup.placed")
    assert (paid.data["noble"], paid.data["captor"], paid.data["amount"]) == (n.id, "blue", 2)
    assert (placed.data["family"], placed.data["city"]) == ("green", "Oxford")


def test_7_9_a_siege_declared_after_a_round_destroys_the_trebuchet_chosen():
    from engine.fief.war.battle import fight
    from engine.fief.war.state import Battle
    s = _state(7, "battle")
    place(s, "blue", "Oxford", "men").outskirts = False
    g(s).cities["Oxford"].building = "stronghold"
    st = place(s, "red", "Oxford", "men", control=False)
    st.outskirts = True
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city, g(s).nobles[nid].outskirts = "Oxford", True
    g(s).cities["Oxford"].controller = "blue"
    g(s).families["red"].stockpile["trebuchet"] = 0
    for city in ("Bristol", "York"):
        place(s, "red", city, "men").trebuchets = 1
    b = Battle("Oxford", "red", "blue")
    g(s).war.battle = b
    fight.choose(s, g(s), b, "red", "siege", False, None, "York")
    assert g(s).cities["Oxford"].siege is not None
    assert (g(s).cities["York"].stacks["red"].trebuchets, g(s).cities["Bristol"].stacks["red"].trebuchets) == (0, 1)


def _cavalcade_at_london_walls():
    s = _state(5, "move")
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city = "Oxford"
    place(s, "red", "Oxford", "knight")
    place(s, "blue", "London", "men")
    g(s).cities["London"].building = "stronghold"
    from tests.fief.helpers import act
    kinds = [e.kind for e in act(s, g(s).families["red"].seat, "move", noble=nid, to="London", via="road",
                                 troops=["knight"], cavalcade=True)]
    assert "cavalcade.begun" in kinds and "battle.declared" not in kinds
    (request,) = g(s).requests.open
    assert (request.by, request.to) == (g(s).families["red"].seat, g(s).families["blue"].seat)   # asker, asked
    return s, nid, request


def test_5_2_a_defender_who_accepts_a_cavalcades_challenge_comes_out_to_fight():
    from engine.core import apply
    from engine.fief import RULES
    s, nid, request = _cavalcade_at_london_walls()
    accept, _ = request.answers()
    events = apply(RULES, s, g(s).families["blue"].seat, accept)
    declared = [e for e in events if e.kind == "battle.declared"]
    assert declared and "cavalcade.let_through" not in [e.kind for e in events]
    won = [e for e in events if e.kind == "battle.ended"]
    assert won[0].data["winner"] == "red" and nid in g(s).war.must_move   # the winning Cavalcade rides on (5.3)


def test_5_2_a_defender_who_stays_behind_its_walls_lets_the_cavalcade_through():
    from engine.core import apply
    from engine.fief import RULES
    s, nid, request = _cavalcade_at_london_walls()
    _, decline = request.answers()
    events = apply(RULES, s, g(s).families["blue"].seat, decline)
    through = [e for e in events if e.kind == "cavalcade.let_through"]
    assert through and through[0].data == {"noble": nid, "city": "London", "holder": "blue"}
    assert "battle.declared" not in [e.kind for e in events]


def test_2_5_plague_offers_the_cheapest_troops_or_the_strongest():
    from engine.fief.legal import task_actions
    from engine.fief.state import Task
    s = _state(2, "disasters")
    place(s, "red", "York", "archer", "men", "knight")
    options = [list(a["units"]) for a in task_actions(g(s), Task("plague", "red", city="York", count=1))]
    assert options == [["men"], ["knight"]]


def test_2_15_an_exchange_whose_receiver_has_died_can_only_be_declined():
    from engine.fief import RULES
    from tests.fief.helpers import act
    s = _state(2, "play")
    red, blue = g(s).families["red"].nobles[0], g(s).families["blue"].nobles[0]
    g(s).nobles[red].city = g(s).nobles[blue].city = "York"
    g(s).families["red"].pigeons = 1
    g(s).players[g(s).families["red"].seat].shillings = 5
    act(s, g(s).families["red"].seat, "pigeon_offer", sender=red, to=blue, give_shillings=2)
    blue_seat = g(s).families["blue"].seat
    assert "accept_offer" in [a.kind for a in RULES.legal(s, blue_seat)]
    del g(s).nobles[blue]
    g(s).families["blue"].nobles.remove(blue)
    kinds = [a.kind for a in RULES.legal(s, blue_seat)]
    assert "accept_offer" not in kinds and "decline_offer" in kinds


def test_5_1_a_noble_joining_its_family_already_inside_anothers_walls_goes_in_too():
    from tests.fief.helpers import act
    s = _state(5, "move")
    first, second = g(s).families["red"].nobles[:2]
    place(s, "blue", "London", "men")
    g(s).cities["London"].building = "stronghold"
    place(s, "red", "London", "men", control=False)
    g(s).nobles[first].city = "London"
    g(s).nobles[second].city = "Oxford"
    kinds = [e.kind for e in act(s, g(s).families["red"].seat, "move", noble=second, to="London", via="road")]
    assert not g(s).nobles[second].outskirts and not g(s).cities["London"].stacks["red"].outskirts
    assert "noble.outskirts" not in kinds and not g(s).requests.open


def test_7_8_an_allied_side_that_surrenders_takes_every_allys_troops_off_the_map():
    from engine.fief.war.battle.endings import surrender
    from engine.fief.war.state import Battle
    s = _state(7, "battle")
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    place(s, "green", "Oxford", "archer", control=False)
    archers = g(s).families["green"].stockpile["archer"]
    b = Battle("Oxford", "red", "blue")
    b.with_defender = ["green"]
    g(s).war.battle = b
    surrender(s, g(s), b, "blue")
    for fam in ("blue", "green"):
        st = g(s).cities["Oxford"].stacks.get(fam)
        assert st is None or not st.troops
    assert g(s).families["green"].stockpile["archer"] == archers + 1


def _pigeon_ready():
    s = _state(2, "play")
    red, blue = g(s).families["red"].nobles[0], g(s).families["blue"].nobles[0]
    for nid, fam, city in ((red, "red", "York"), (blue, "blue", "London")):
        place(s, fam, city, "men")
        g(s).cities[city].building = "stronghold"
        g(s).nobles[nid].city = city
    g(s).families["red"].pigeons = 1
    return s, red, blue


def test_2_15_a_pigeon_to_a_full_hand_is_refused_and_shillings_suggested():
    from engine.fief.cards.pigeons import check_send
    from engine.fief.state import hand_limit
    s, red, blue = _pigeon_ready()
    seat = g(s).families["red"].seat
    g(s).players[g(s).families["blue"].seat].hand = [f"x{i}" for i in range(hand_limit(g(s)))]
    g(s).players[seat].hand = ["tax-1"]
    with pytest.raises(RuleError) as err:
        check_send(g(s), seat, red, blue, 0, "tax-1")
    assert (err.value.section, err.value.code) == ("2.15", "hand_limit")
    assert "full" in err.value.message and "shillings" in err.value.legal


def test_2_15_a_family_without_pigeons_is_told_which_nobles_could_send():
    from engine.fief.cards.pigeons import check_send
    s, red, blue = _pigeon_ready()
    g(s).families["red"].pigeons = 0
    with pytest.raises(RuleError) as err:
        check_send(g(s), g(s).families["red"].seat, red, blue, 1, None)
    assert err.value.code == "no_pigeon" and "pigeons left" in err.value.legal


def test_2_15_a_pigeon_is_addressed_to_another_familys_noble():
    from engine.fief import RULES
    s, red, blue = _pigeon_ready()
    for kind in ("pigeon", "pigeon_offer"):
        to = RULES.suggest(s, g(s).families["red"].seat, kind, "to")
        assert blue in to and red not in to


def test_2_7_a_harvested_region_under_famine_may_take_another_harvest():
    from engine.fief.cards.fortune import harvest_targets
    from engine.fief.state import MAP, SeaCard
    s = _state(2, "play")
    sea = g(s).seas[MAP.regions["I"].sea]
    sea.append(SeaCard("harvest-x", "harvest", round=g(s).flow.round))
    assert "I" not in harvest_targets(g(s))
    sea.append(SeaCard("famine-x", "famine"))
    assert "I" in harvest_targets(g(s))


def test_7_7_ending_ransoms_with_an_affordable_captive_names_the_ransom_to_pay():
    from engine.fief.estates.ransom import check_done
    s = _state(4, "ransom")
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].captor = "blue"
    g(s).players[g(s).families["red"].seat].shillings = 99
    with pytest.raises(RuleError) as err:
        check_done(g(s), "red")
    assert (err.value.section, err.value.code) == ("7.7", "mandatory")
    assert err.value.legal == [f"pay_ransom captive:{nid}"]


def test_2_9_a_second_tallage_on_a_taxed_region_is_refused_naming_the_region():
    from engine.fief.cards.fortune import check_tax
    from engine.fief.state import MAP, SeaCard
    s = _state(2, "play")
    g(s).nobles[g(s).families["red"].nobles[1]].titles = ["sovereign_queen"]
    g(s).players[g(s).families["red"].seat].hand = ["tax-1"]
    g(s).seas[MAP.regions["I"].sea].append(SeaCard("tax-2", "tax", by="blue", tallage="I", round=g(s).flow.round))
    with pytest.raises(RuleError) as err:
        check_tax(g(s), "red", "tax-1", "I", None)
    assert (err.value.section, err.value.code) == ("2.9", "taxed")
    assert "region I" in err.value.message


def test_6_10_only_the_clergy_may_intervene_with_invaders():
    from engine.fief.war.invaders import check_parley
    s = _state(6, "invaders")
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city, g(s).nobles[nid].titles = "York", []
    a = g(s).armies["army-1"]
    a.city, a.foot, a.leader = "York", 5, True
    with pytest.raises(RuleError) as err:
        check_parley(g(s), "red", "intervene", "army-1", nid)
    assert (err.value.section, err.value.code, err.value.message) == (
        "6.10", "not_clergy", "only a Bishop, Archbishop or Abbess may intervene")
    with pytest.raises(RuleError) as err:
        check_parley(g(s), "red", "danegeld", "army-1", "nobody")
    assert (err.value.section, err.value.code, err.value.message) == (
        "6.9", "noble", "'nobody' is not a free noble of your family")
    g(s).players[g(s).families["red"].seat].shillings = 0
    with pytest.raises(RuleError) as err:
        check_parley(g(s), "red", "danegeld", "army-1", nid)
    assert (err.value.section, err.value.code, err.value.legal) == ("6.9", "funds", "done")
    assert err.value.message == "the Danegeld costs 5 shillings (others may send you theirs first, 2.15)"


def test_7_7_a_captor_may_accept_a_ransom_offered_for_a_captive_it_still_holds():
    from engine.fief import RULES
    from tests.fief.helpers import act
    s = _state(4, "ransom")
    nid, keeper = g(s).families["red"].nobles[0], g(s).families["blue"].nobles[0]
    g(s).nobles[keeper].city = "York"
    place(s, "blue", "York", "men")
    captive = g(s).nobles[nid]
    captive.city, captive.captor, captive.held_by = "York", "blue", keeper
    g(s).players[g(s).families["red"].seat].shillings = 1
    act(s, g(s).families["red"].seat, "offer_ransom", captive=nid, amount=1)
    answers = [a for a in RULES.legal(s, g(s).families["blue"].seat) if a.kind == "respond"]
    assert sorted(bool(a["accept"]) for a in answers) == [False, True]


def test_2_15_allies_exchange_in_one_city_without_a_pigeon():
    from engine.fief import RULES
    from tests.fief.helpers import act
    s = _state(2, "play")
    red, blue = g(s).families["red"].nobles[:2], g(s).families["blue"].nobles[0]
    g(s).nobles[red[1]].spouse, g(s).nobles[blue].spouse = blue, red[1]
    g(s).nobles[red[0]].city = g(s).nobles[blue].city = "York"
    g(s).families["red"].pigeons = 0
    g(s).players[g(s).families["red"].seat].shillings = 5
    act(s, g(s).families["red"].seat, "pigeon_offer", sender=red[0], to=blue, give_shillings=2)
    assert "accept_offer" in [a.kind for a in RULES.legal(s, g(s).families["blue"].seat)]


def test_2_5_plague_may_kill_an_invader_armys_leader():
    from engine.fief.cards.disasters import plague
    from engine.fief.state import MAP
    s = _state(2, "disasters")
    city = MAP.regions["I"].cities[0]
    for n in g(s).nobles.values():
        n.city = None
    a = g(s).armies["army-1"]
    a.city, a.foot, a.leader = city, 4, True
    s.take_events()
    s.rng.force(1)
    plague(s, g(s), "I")
    died = [e for e in s.take_events() if e.kind == "invaders.leader_died"]
    assert not a.leader and [e.data for e in died] == [{"army": "army-1", "city": city, "cause": "plague"}]


def test_7_9_a_trebuchet_is_taken_only_to_begin_a_siege():
    from engine.fief.war.battle.fight import check_choice, options
    from engine.fief.war.state import Battle
    s = _state(7, "battle")
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    b = Battle("Oxford", "red", "blue")
    g(s).war.battle = b
    choice = next(c for c in options(g(s), b, "red") if c != "siege")
    with pytest.raises(RuleError) as err:
        check_choice(g(s), "red", choice, False, None, trebuchet="York")
    assert (err.value.section, err.value.code) == ("7.9", "trebuchet")
    assert "siege" in err.value.message


def test_7_8_a_defender_facing_no_noble_may_end_the_battle():
    from engine.fief.war.battle.fight import choose, options
    from engine.fief.war.state import Battle
    s = _state(7, "battle")
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    g(s).nobles[g(s).families["blue"].nobles[0]].city = "Oxford"
    b = Battle("Oxford", "red", "blue")
    g(s).war.battle = b
    assert "end" in options(g(s), b, "blue")
    s.take_events()
    choose(s, g(s), b, "blue", "end", False, None)
    assert g(s).war.battle is None
    assert "battle.end.assassination" in [e.kind for e in s.take_events()]


def test_7_0_troops_without_a_noble_are_told_no_battle_is_open():
    from engine.fief.war.battle.fight import check_declare
    s = _state(7, "battle")
    place(s, "red", "Oxford", "men")
    place(s, "blue", "Oxford", "men", control=False)
    with pytest.raises(RuleError) as err:
        check_declare(g(s), "red", "Oxford", "blue", None)
    assert (err.value.section, err.value.code, err.value.legal) == ("7.0", "no_noble", "no battle")


def test_1_0_the_start_is_told_with_the_familys_nobles():
    from tests.fief.helpers import do, turn_seat
    s = new(4)
    fam = g(s).flow.order[0]
    (placed,) = [e for e in do(s, turn_seat(s), "start city:London") if e.kind == "setup.placed"]
    assert placed.data["nobles"] == g(s).families[fam].nobles and placed.data["city"] == "London"


def test_5_2_a_noble_whose_cavalcade_awaits_an_answer_is_not_yet_told_to_ride_on():
    from engine.fief.war.legal import waiting
    s, nid, _request = _cavalcade_at_london_walls()
    d = g(s)
    d.war.must_move.append(nid)   # as if it had to ride on
    assert nid not in waiting(d, "red")   # the challenge is still open
    d.requests.open.clear()
    assert nid in waiting(d, "red")


def test_6_10_the_clergy_speaks_only_to_an_army_with_a_leader():
    from engine.fief.war.invaders import check_parley
    s = _state(6, "invaders")
    nid = g(s).families["red"].nobles[0]
    g(s).nobles[nid].city, g(s).nobles[nid].titles = "York", ["bishop:york"]
    a = g(s).armies["army-1"]
    a.city, a.foot, a.leader = "York", 5, False
    with pytest.raises(RuleError) as err:
        check_parley(g(s), "red", "intervene", "army-1", nid)
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "6.10", "no_leader", "the clergy speaks to the army's Leader; this army has none", "done")


def test_7_10_nothing_to_pillage_is_refused_in_words():
    from tests.fief.helpers import refused
    s = _state()
    err = refused(s, g(s).families["red"].seat, "pillage city:York what:abbey")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.10", "pillage", "nothing to pillage as 'abbey' in 'York' (a city your family controls)", "done")


def test_7_9_a_siege_without_battle_needs_the_conditions_and_no_storms():
    from engine.fief.state import SeaCard
    from tests.fief.helpers import refused
    s = _state(7, "battle")
    seat = g(s).families["red"].seat
    err = refused(s, seat, "besiege city:York")
    assert (err.section, err.code, err.legal) == ("7.9", "besiege", "battle first")
    assert err.message == ("your family cannot besiege 'York' without a battle (a free noble outside the walls of "
                           "an enemy Stronghold or Fortified City, too weak to roll a die at them, with a Trebuchet)")
    g(s).seas["IV"].append(SeaCard("storms-1", "storms"))
    err = refused(s, seat, "besiege city:York")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.5", "storms", "Storms over North forbid any attack there, a siege included", "battle first")
