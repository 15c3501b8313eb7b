"""13.4 Bandit Paths and 13.1 the Royal Guard."""

from __future__ import annotations

from engine.fief.war import movement
from engine.fief.war.battle import sides
from engine.fief.war.state import Battle
from tests.fief.helpers import do, g, new, place, refused


def _moving():
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = 5, "move", 2, 0
    d.flow.queue = ["red"]
    for n in d.nobles.values():
        n.retainer = None
    return s


def test_13_4_ransom_table():
    s = _moving()
    d = g(s)
    n = d.nobles[d.families["red"].nobles[0]]
    assert movement.bandit_ransom(d, n) == 2
    n.titles = ["lord:IV"]
    assert movement.bandit_ransom(d, n) == 4
    n.titles = ["bishop:exeter"]
    assert movement.bandit_ransom(d, n) == 5
    n.titles = ["bishop:exeter", "lord:IV"]
    assert movement.bandit_ransom(d, n) == 10
    n.titles = ["king"]
    assert movement.bandit_ransom(d, n) == 0
    assert n.captor is None


def test_13_4_only_between_sherwoods_cities():
    s = _moving()
    n = g(s).families["red"].nobles[0]
    g(s).nobles[n].city = "Oxford"
    assert refused(s, "ann", f"move noble:{n} to:York via:sherwood").section == "5.0"


def test_13_4_knights_wait_in_sherwood_and_interdiction_frees_the_captive():
    s = _moving()
    d = g(s)
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "York"
    place(s, "red", "York", "knight", "men")
    d.players["ann"].shillings = 0
    s.rng.force(1)
    do(s, "ann", f"move noble:{nid} to:Lincoln via:sherwood troops:knight,men")
    do(s, "ann", "bandits pay:false")
    assert d.nobles[nid].captor == "bandits"
    assert d.war.sherwood == {f"{nid}|red": 1}
    # the Blue family's noble is made King: he orders the Bandits to free the captive
    king = d.families["blue"].nobles[0]
    d.nobles[king].titles = ["king"]
    d.nobles[king].city = "London"
    pigeons = d.families["blue"].pigeons
    do(s, "bob", f"interdict captive:{nid}")
    assert d.nobles[nid].captor is None and d.families["blue"].pigeons == pigeons - 1
    movement.settle_sherwood(s, d)
    assert "knight" in d.cities[d.nobles[nid].city].stacks["red"].troops


def test_13_1_royal_guard_units_and_strength():
    s = new(4)
    d = g(s)
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "Oxford"
    d.nobles[nid].titles = ["king"]
    place(s, "red", "Oxford", "men")
    b = Battle("Oxford", "blue", "red")
    assert sides.side_troops(d, b, "red") == ["men", "royal_knight", "royal_knight"]
    assert sides.side_strength(d, b, "red") == 1 + 6 + 1
    d.war.guards_lost = {"royal_knight": 1}
    assert sides.side_troops(d, b, "red") == ["men", "royal_knight"]


def test_13_1_a_sovereign_queens_husband_fights_beside_the_royal_men_at_arms():
    from engine.fief.war.battle.sides import guards
    from tests.fief.helpers import g, new
    s = new(4)
    husband, queen = g(s).families["red"].nobles[0], g(s).families["blue"].nobles[1]
    g(s).nobles[husband].spouse, g(s).nobles[queen].spouse = queen, husband
    g(s).nobles[queen].titles = ["sovereign_queen"]
    assert guards(g(s), [husband]) == ["royal_men", "royal_men"]
    assert guards(g(s), [queen]) == ["royal_knight", "royal_knight"]


def test_13_4_an_interdiction_needs_the_crown_a_pigeon_and_a_captive_of_the_bandits():
    s = _moving()
    d = g(s)
    nid = d.families["red"].nobles[0]
    err = refused(s, "bob", f"interdict captive:{nid}")                 # nobody of blue wears a crown
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "not_royal", "only the King or Queen may order the Bandits to free a captive", "none")
    d.nobles[d.families["blue"].nobles[0]].titles = ["king"]
    err = refused(s, "bob", f"interdict captive:{nid}")                 # red's noble walks free
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "not_captive", f"{nid!r} is not held in Sherwood", "nobody is held")
    d.nobles[nid].captor = "bandits"
    d.families["blue"].pigeons = 0
    err = refused(s, "bob", f"interdict captive:{nid}")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "no_pigeon", "the interdiction costs a Carrier Pigeon; you have none left", "none")


def test_13_4_the_bandits_are_paid_when_the_purse_allows_and_never_beyond_it():
    s = _moving()
    d = g(s)
    nid = d.families["red"].nobles[0]
    d.nobles[nid].city = "York"
    place(s, "red", "York", "knight", "men")
    d.players["ann"].shillings = 0
    s.rng.force(1)
    do(s, "ann", f"move noble:{nid} to:Lincoln via:sherwood troops:knight,men")
    ask = d.tasks[0].count
    err = refused(s, "ann", "bandits pay:true")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "funds", f"the Bandits ask {ask} shillings, more than you have", "pay:false")
    d.players["ann"].shillings = ask
    err = refused(s, "ann", "bandits pay:false")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "mandatory", f"you can pay the {ask} shillings the Bandits ask: you must", "pay:true")
    d.cities[d.tasks[0].region].stacks["red"].troops.remove("knight")     # lost while the task waited
    err = refused(s, "ann", "bandits pay:true")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.4", "units_gone", "the units stopped in Sherwood are no longer there", "none")
