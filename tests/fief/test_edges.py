"""Both sides of each boundary the rules draw with dice, money and counts (issue 12's mutation
sampling found them untested): each test names its section and checks the value on each side."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.fief import victory
from engine.fief.estates import income, ransom, titles
from engine.fief.state import SeaCard
from engine.fief.war import invaders, movement
from engine.fief.war.battle import losses
from engine.fief.war.battle.fight import fire
from engine.fief.war.battle.sides import strength_of
from engine.fief.war.state import Battle
from tests.fief.helpers import at_step, g, place


def _war(phase=5, step="move", queue=("red",)):
    s = at_step(phase, step, queue)
    return s


def _noble(s, family, i=0):
    return g(s).families[family].nobles[i]


# -- 3.1 visitors at an Abbey ---------------------------------------------------------------
@pytest.mark.parametrize("titles,pays", [((), 0), (("lord:III",), 2), (("abbess:spring",), 2), (("king",), 3),
                                         (("queen", "lord:III"), 3)])
def test_3_1_visitors_pay_an_abbey_two_a_lord_three_a_royal(titles, pays):
    s = _war()
    n = g(s).nobles[_noble(s, "red")]
    n.city, n.titles = "York", list(titles)
    g(s).cities["York"].building = "abbey"
    assert income.visitors(g(s), "York") == pays


# -- 7.7 the ransom is mandatory when the purse covers it --------------------------------------
@pytest.mark.parametrize("purse,must", [(3, False), (4, True), (5, True)])
def test_7_7_ransom_mandatory_exactly_when_the_purse_covers_it(purse, must):
    s = _war()
    n = g(s).nobles[_noble(s, "red")]
    n.captor, n.titles = "blue", ["lord:III"]          # 2 + 2 per title = 4
    g(s).players[g(s).families["red"].seat].shillings = purse
    assert ransom.ransom_value(n) == 4
    assert (n in ransom.mandatory(g(s), "red")) is must


# -- 4.9 a title's price ignores the Royal Stronghold ------------------------------------------
def test_4_9_a_title_costs_two_per_city_even_after_a_royal_stronghold():
    s = _war()
    before = titles.title_cost(g(s), "VI")
    g(s).cities["London"].building = "royal_stronghold"
    assert before == titles.title_cost(g(s), "VI") == 8


# -- 4.6 handing on titles ----------------------------------------------------------------------
def test_4_6_two_equal_largest_titles_either_may_go_but_never_the_single_largest():
    s = _war()
    lord = g(s).nobles[_noble(s, "red")]
    lord.titles = ["lord:V", "lord:VI"]                 # two Duchies
    assert sorted(r for r, _ in titles.transferable(g(s), "red")) == ["V", "VI"]
    lord.titles = ["lord:V", "lord:III"]                # a Duchy and a Barony
    assert [r for r, _ in titles.transferable(g(s), "red")] == ["III"]
    lord.titles = ["lord:V"]
    assert titles.transferable(g(s), "red") == []


# -- 13.4 the Bandits stop a noble on 1-2 only ------------------------------------------------
@pytest.mark.parametrize("face,stopped", [(1, True), (2, True), (3, False), (6, False)])
def test_13_4_bandits_stop_on_one_or_two(face, stopped):
    s = _war()
    nid = _noble(s, "red")
    g(s).nobles[nid].city = "York"
    step = movement.Step(nid, "red", "York", "Lincoln", "sherwood", 1, (), "sherwood")
    s.rng.force(face)
    assert movement.robbed(s, g(s), step) is stopped


# -- 2.5 the Plague kills on 1-3 --------------------------------------------------------------
@pytest.mark.parametrize("face,dies", [(1, True), (3, True), (4, False), (6, False)])
def test_2_5_plague_on_arrival_kills_on_one_to_three(face, dies):
    s = _war()
    nid = _noble(s, "red")
    g(s).nobles[nid].city = "Durham"
    g(s).seas["IV"].append(SeaCard("plague-1", "plague"))
    step = movement.check_move(g(s), "red", nid, "Whitby", None, [])
    s.rng.force(face)
    movement.carry_out(s, g(s), step)
    assert (nid not in g(s).nobles or g(s).nobles[nid].city is None) is dies


@pytest.mark.parametrize("face,dies", [(3, True), (4, False)])
def test_2_5_the_plague_strike_kills_on_one_to_three(face, dies):
    from engine.fief.cards import disasters
    s = _war(2, "resolve")
    nid = _noble(s, "red")
    g(s).nobles[nid].city = "Whitby"
    g(s).seas["IV"].append(SeaCard("plague-1", "plague"))
    s.rng.force(face)
    disasters.plague(s, g(s), "IV")
    assert (nid not in g(s).nobles or g(s).nobles[nid].city is None) is dies


# -- 6.10 Church Intervention succeeds on 1-3 ---------------------------------------------------
@pytest.mark.parametrize("face,leaves", [(1, True), (3, True), (4, False), (6, False)])
def test_6_10_intervention_sends_the_army_away_on_one_to_three(face, leaves):
    s = _war(6, "parley")
    nid = _noble(s, "red")
    g(s).nobles[nid].city, g(s).nobles[nid].titles = "York", ["bishop:york"]
    a = g(s).armies["army-1"]
    a.city, a.foot, a.leader = "York", 5, True
    s.rng.force(face)
    invaders.intervene(s, g(s), "red", "army-1", nid)
    assert (a.city is None and a.gone) is leaves
    assert (nid in g(s).nobles and g(s).nobles[nid].city == "York") is leaves


# -- FAQ: no Cavalcade on a last move ---------------------------------------------------------
def test_faq_a_cavalcade_needs_a_move_to_spare_after_it():
    s = _war()
    nid = _noble(s, "red")
    g(s).nobles[nid].city = "Oxford"
    place(s, "red", "Oxford", "knight")
    place(s, "blue", "London", "men")
    assert movement.check_cavalcade(g(s), "red", nid, "London", "road", ["knight"]).foe == "blue"
    g(s).war.moves[nid] = 1
    with pytest.raises(RuleError) as err:
        movement.check_cavalcade(g(s), "red", nid, "London", "road", ["knight"])
    assert err.value.section == "FAQ"


def test_5_2_only_the_cavalcading_noble_fights_for_the_attacker():
    from engine.fief.war.battle.sides import side_nobles

    s = _war()
    rider, other = _noble(s, "red", 0), _noble(s, "red", 1)
    for nid in (rider, other):
        g(s).nobles[nid].city = "London"
    place(s, "red", "London", "knight")
    place(s, "blue", "London", "men", control=False)
    cavalcade = Battle("London", "red", "blue", kind="cavalcade", mover=rider)
    assert side_nobles(g(s), cavalcade, "red") == [rider]
    assert sorted(side_nobles(g(s), Battle("London", "red", "blue"), "red")) == sorted([rider, other])


# -- 7.2 volleys: the archers' +1 needs three, the Trebuchets' +1 needs two ------------------
def _battle(s, red, blue=("men",)):
    place(s, "red", "Oxford", *red)
    place(s, "blue", "Oxford", *blue, control=False)
    return Battle("Oxford", "red", "blue")


@pytest.mark.parametrize("archers,hits", [(2, 0), (3, 1), (4, 1)])
def test_7_2_archers_add_one_hit_from_three_archers(archers, hits):
    s = _war(7, "battle")
    b = _battle(s, ["archer"] * archers)
    s.rng.force(1)                           # a blank: only the bonus can hit
    assert fire(s, g(s), b, "red", "archer") == hits


@pytest.mark.parametrize("trebuchets,hits", [(1, 0), (2, 1)])
def test_7_2_trebuchets_add_one_hit_from_two(trebuchets, hits):
    s = _war(7, "battle")
    b = _battle(s, ["men"])
    g(s).cities["Oxford"].stacks["red"].trebuchets = trebuchets
    s.rng.force(1, 1)                        # two blanks
    assert fire(s, g(s), b, "red", "treb") == hits


# -- 7.3 strength: a noblewoman counts only with a Lord's title (rough spot 11) ------------------
def test_7_3_a_noblewoman_adds_strength_only_as_a_titled_lord():
    s = _war()
    lady = next(x for x in g(s).families["red"].nobles if g(s).nobles[x].sex == "f")
    lord = next(x for x in g(s).families["red"].nobles if g(s).nobles[x].sex == "m")
    assert strength_of(g(s), [], [lady]) == 0
    assert strength_of(g(s), [], [lord]) == 1
    g(s).nobles[lady].titles = ["lord:III"]
    assert strength_of(g(s), [], [lady]) == 1
    g(s).nobles[lady].titles = ["bishop:york"]
    assert strength_of(g(s), [], [lady]) == 0


# -- 6.4, 7.5 a Foot Soldier takes two hits ----------------------------------------------------
@pytest.mark.parametrize("hits,lost", [(1, 0), (2, 1), (3, 1), (4, 2)])
def test_7_5_a_foot_soldier_needs_two_hits(hits, lost):
    assert losses.best_sum(["foot", "foot"], hits) == 2 * lost


# -- 8.5 the Order of the Garter breaks ties only for a Lord ------------------------------------
def test_8_5_the_garter_breaks_a_tie_only_with_a_lords_title():
    s = _war()
    seat = g(s).families["red"].seat
    n = g(s).nobles[_noble(s, "red")]
    n.titles = ["garter"]
    assert victory.tiebreak(g(s), (seat,))[0] == 0
    n.titles = ["garter", "lord:III"]
    assert victory.tiebreak(g(s), (seat,))[0] == 1


# -- 7.8 ending a battle when a side has no noble left ------------------------------------------
@pytest.mark.parametrize("red_noble,blue_noble,red_may_end", [(True, False, True), (False, False, False),
                                                               (True, True, False), (False, True, False)])
def test_7_8_end_is_offered_only_to_a_side_with_a_noble_against_one_without(red_noble, blue_noble, red_may_end):
    from engine.fief.war.battle.fight import options
    s = _war(7, "battle")
    b = _battle(s, ["men"])
    if red_noble:
        g(s).nobles[_noble(s, "red")].city = "Oxford"
    if blue_noble:
        g(s).nobles[_noble(s, "blue")].city = "Oxford"
    assert ("end" in options(g(s), b, "red")) is red_may_end
    assert ("end" in options(g(s), b, "blue")) is (blue_noble and not red_noble)


@pytest.mark.parametrize("red_noble,blue_noble,how", [(False, False, "annihilation"), (True, True, "annihilation"),
                                                      (True, False, "victory")])
def test_7_8_no_troops_left_on_either_side(red_noble, blue_noble, how):
    from engine.fief.war.battle.fight import check_end
    s = _war(7, "battle")
    b = _battle(s, [], blue=())
    g(s).war.battle = b
    if red_noble:
        g(s).nobles[_noble(s, "red")].city = "Oxford"
    if blue_noble:
        g(s).nobles[_noble(s, "blue")].city = "Oxford"
    s.take_events()   # what came before
    events = s._events   # the list the rules emit into (a compiled GameState's emit cannot be replaced)
    assert check_end(s, g(s), b)
    ended = [e for e in events if e.kind.startswith("battle.end.")]
    assert ended and ended[0].kind == f"battle.end.{how}"


def test_11_1_a_crossbowman_lost_to_the_plague_goes_to_the_common_stock():
    from engine.fief.cards import disasters
    from engine.fief.state import Task
    s = _war(2, "resolve")
    place(s, "red", "York", "men", "knight")
    g(s).cities["York"].stacks["red"].troops.append("crossbow")
    stock = dict(g(s).families["red"].stockpile)
    disasters.take_losses(s, g(s), Task("plague", "red", city="York", count=2), ["crossbow", "men"])
    assert g(s).families["red"].stockpile.get("crossbow", 0) == stock.get("crossbow", 0)
    assert g(s).families["red"].stockpile["men"] == stock["men"] + 1
