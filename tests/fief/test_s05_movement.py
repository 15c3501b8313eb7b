"""Phase 5: movement (5.0-5.5), with Plague on arrival (2.5) and sieges (7.9)."""

from __future__ import annotations

from engine.fief import RULES
from engine.fief.state import MAP, SeaCard, Siege, Stack
from engine.fief.war.movement import seas_between
from tests.fief.helpers import do, g, new, place, refused


def _moving(families=("red",)):
    s = new(4)
    d = g(s)
    d.flow.phase, d.flow.step, d.flow.round, d.flow.turn = 5, "move", 2, 0
    d.flow.queue = list(families)
    for n in d.nobles.values():
        n.retainer = None
    return s


def _noble(s, family, i=0):
    return g(s).families[family].nobles[i]


def test_5_0_two_moves_then_no_more():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "Oxford"
    do(s, "ann", f"move noble:{n} to:London")
    do(s, "ann", f"move noble:{n} to:Oxford")
    err = refused(s, "ann", f"move noble:{n} to:London")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.0", "no_moves", "William has used both moves this phase", "done")


def test_5_0_troops_that_moved_with_one_noble_stay_put_for_another():
    s = _moving()
    a, b = _noble(s, "red", 0), _noble(s, "red", 1)
    g(s).nobles[a].city = "Oxford"
    g(s).nobles[b].city = "London"
    place(s, "red", "Oxford", "men", "archer")
    do(s, "ann", f"move noble:{a} to:London troops:men,archer")
    err = refused(s, "ann", f"move noble:{b} to:Canterbury troops:men")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.0", "units", "Lucia can take only units of the family here that did not move with another noble",
        "none")
    assert err.section == "5.0" and err.code == "units"
    do(s, "ann", f"move noble:{a} to:Canterbury troops:men")
    assert g(s).cities["London"].stacks["red"].troops == ["archer"]


def test_5_0_trebuchets_never_move():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "Oxford"
    place(s, "red", "Oxford", "men").trebuchets = 1
    err = refused(s, "ann", f"move noble:{n} to:London troops:trebuchet")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.2", "unit_type", "trebuchet cannot travel (troops and Bombards only; Trebuchets stay where built)",
        ['men'])


def test_5_1_first_to_arrive_controls_and_leaving_empty_frees_the_city():
    s = _moving(("red", "blue"))
    r, b = _noble(s, "red"), _noble(s, "blue")
    g(s).nobles[r].city = "Oxford"
    g(s).nobles[b].city = "Canterbury"
    do(s, "ann", f"move noble:{r} to:London")
    assert g(s).cities["London"].controller == "red" and g(s).cities["Oxford"].controller is None
    do(s, "ann", "done")
    do(s, "bob", f"move noble:{b} to:London")
    assert g(s).cities["London"].controller == "red"
    assert g(s).nobles[b].outskirts


def test_7_9_besieged_need_the_besiegers_leave():
    s = _moving()
    n = _noble(s, "red")
    d = g(s)
    d.nobles[n].city = "Oxford"
    place(s, "red", "Oxford", "men")
    d.cities["Oxford"].building = "stronghold"
    d.cities["Oxford"].siege = Siege(by="blue")
    place(s, "blue", "Oxford", "men", control=False).outskirts = True
    d.nobles[_noble(s, "blue")].city = "Oxford"
    d.nobles[_noble(s, "blue")].outskirts = True
    do(s, "ann", f"move noble:{n} to:London troops:men")
    assert d.nobles[n].city == "Oxford"
    assert [r.kind for r in d.requests.open] == ["pass"] and d.requests.open[0].to == "bob"


def test_5_4_seas_are_counted_round_the_ring():
    assert seas_between("Whitby", "King's Lynn") == ("V",)
    assert seas_between("Whitby", "London") == ("V", "VI")
    assert seas_between("Berwick", "Cardiff") == ("II",)
    assert seas_between("Plymouth", "Berwick") == ("II", "III")


def test_5_4_only_from_the_port_where_the_round_began():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "Durham"
    do(s, "ann", f"move noble:{n} to:Berwick")
    err = refused(s, "ann", f"move noble:{n} to:Cardiff via:sea")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.4",
        "no_road",
        "William cannot reach 'Cardiff' from Berwick now (ships sail only on a noble's first move, from the port where it began the round or was placed this round)",
        ['Durham (road)'])


def test_5_5_storms_refuse_a_voyage_out_of_a_stormy_region():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "London"
    g(s).war.sail_from[n] = "London"
    g(s).seas["VI"].append(SeaCard("storms-1", "storms"))
    assert refused(s, "ann", f"move noble:{n} to:Plymouth via:sea").section == "5.5"


def test_2_5_plague_on_arrival_rolls_for_the_noble_and_halves_the_troops():
    s = _moving()
    n = _noble(s, "red")
    d = g(s)
    d.nobles[n].city = "Oxford"
    place(s, "red", "Oxford", "men", "men", "men", "men")
    d.seas["V"].append(SeaCard("plague-1", "plague"))
    s.rng.force(4)   # the noble survives (4-6)
    do(s, "ann", f"move noble:{n} to:Coventry troops:men,men,men,men")
    assert d.tasks and d.tasks[0].kind == "plague" and d.tasks[0].count == 2
    s.rng.force(2)
    pending = RULES.pending(s)
    assert pending[0].prompt == "fief.plague"


def test_5_0_legal_moves_all_apply():
    from engine.core import apply
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "London"
    g(s).war.sail_from[n] = "London"
    place(s, "red", "London", "men", "knight", "archer")
    moves = [a for a in RULES.legal(s, "ann") if a.kind == "move" and a["noble"] == n]
    assert {a["to"] for a in moves if a["via"] == "road"} == set(MAP.neighbours("London"))
    assert {a["to"] for a in moves if a["via"] == "sea"} == {"King's Lynn", "Whitby", "Plymouth", "Cardiff"}
    assert {tuple(a["troops"]) for a in moves} >= {(), ("archer", "knight", "men")}
    for action in moves:
        probe = RULES.copy(s)
        apply(RULES, probe, "ann", action)
        assert g(probe).nobles[n].city == action["to"]
        assert sorted(g(probe).cities[action["to"]].stacks.get("red", Stack()).troops) == sorted(action["troops"])


def test_5_0_autocomplete_offers_cities_along_legal_roads_nobles_and_troops():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "Oxford"
    place(s, "red", "Oxford", "men", "knight")
    assert set(RULES.suggest(s, "ann", "move", "to")) >= {"London", "Coventry", "Bristol", "Winchester"}
    assert n in RULES.suggest(s, "ann", "move", "noble")
    assert "knight,men" in RULES.suggest(s, "ann", "move", "troops")


def test_5_0_armies_that_did_not_battle_last_round_pass_freely():
    s = _moving()
    d = g(s)
    n = _noble(s, "red")
    d.nobles[n].city, d.nobles[n].outskirts = "Oxford", True
    place(s, "red", "Oxford", "men", control=False).outskirts = True
    place(s, "blue", "Oxford", "men")
    d.nobles[_noble(s, "blue")].city = "Oxford"
    d.war.came_from[n] = "Coventry"
    probe = RULES.copy(s)
    do(probe, "ann", f"move noble:{n} to:London troops:men")
    assert g(probe).nobles[n].city == "London"
    d.war.battled_last = ["Oxford"]
    do(s, "ann", f"move noble:{n} to:London troops:men")
    assert d.nobles[n].city == "Oxford" and d.requests.open[0].kind == "pass"
    err = refused(s, "ann", f"move noble:{n} to:London troops:men")          # asked once, answered once
    assert (err.section, err.code, err.message, err.legal) == (
        "5.0", "asked", "a request to pass for this noble awaits its answer", "move another noble, or done")
    do(s, "ann", f"move noble:{n} to:Coventry troops:men")   # back the way it came: no leave needed
    assert d.nobles[n].city == "Coventry"


def test_2_5_no_plague_roll_inside_one_region():
    s = _moving()
    n = _noble(s, "red")
    d = g(s)
    d.nobles[n].city = "Coventry"
    d.seas["V"].append(SeaCard("plague-1", "plague"))
    events = do(s, "ann", f"move noble:{n} to:Nottingham")
    assert not [e for e in events if e.kind == "random.roll"]


def test_2_5_passage_is_not_stopped_by_storms():
    """2.5: Rebellion and Passage movement are not affected by Storms (the 10.2 hook)."""
    from engine.fief.war.movement import grant_passage
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "Oxford"
    g(s).seas["VI"].append(SeaCard("storms-1", "storms"))
    assert refused(s, "ann", f"move noble:{n} to:Coventry").section == "2.5"
    grant_passage(g(s), n, "storms")
    do(s, "ann", f"move noble:{n} to:Coventry")
    assert g(s).nobles[n].city == "Coventry"


def test_a_captor_dead_of_plague_on_arrival_leaves_no_decision_about_the_dead_captive():
    """Regression (random playout, three players): a captor and its captive both died of the Plague
    on arrival; the decision where to send the freed captive must lapse with her."""
    import engine.playout as sim
    from engine.fief import RULES
    sim.Playout(RULES, ["p1", "p2", "p3"], 100005, {}, check=False).run()


def test_5_4_a_voyage_is_logged_from_its_port_to_its_landing():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "London"
    g(s).war.sail_from[n] = "London"
    (voyage,) = [e for e in do(s, "ann", f"move noble:{n} to:Plymouth via:sea") if e.kind == "sea.journey"]
    assert (voyage.data["start"], voyage.data["to"], voyage.data["noble"]) == ("London", "Plymouth", n)


def test_2_5_storms_on_both_sides_of_a_road_are_both_named_and_good_weather_suggested():
    s = _moving()
    n = _noble(s, "red")
    g(s).nobles[n].city = "London"
    dest = next(c for c in MAP.neighbours("London") if MAP.cities[c].region != MAP.cities["London"].region)
    regions = {MAP.cities["London"].region, MAP.cities[dest].region}
    for r in regions:
        g(s).seas[MAP.regions[r].sea].append(SeaCard(f"storms-{r}", "storms"))
    err = refused(s, "ann", f"move noble:{n} to:{dest}")
    assert (err.section, err.code) == ("2.5", "storms")
    assert all(MAP.regions[r].name in err.message for r in regions) and " and " in err.message
    assert "Good Weather" in err.legal


def test_5_0_a_noble_waiting_in_the_outskirts_may_leave_its_troops_behind():
    """Only a noble that came to the outskirts this phase with an escort must keep it (it is not stuck at the start)."""
    from engine.fief.war.movement import legal_moves

    s = _moving()
    d = g(s)
    nid = _noble(s, "red")
    d.nobles[nid].city, d.nobles[nid].outskirts = "Oxford", True
    place(s, "blue", "Oxford", "men")
    place(s, "red", "Oxford", "knight", "knight", control=False)
    d.cities["Oxford"].stacks["red"].outskirts = True
    mine = [m for m in legal_moves(d, "red") if m[0] == nid]
    assert any(units == () for _n, _dest, _via, units in mine)
    assert any(units for _n, _dest, _via, units in mine)


def test_5_0_a_move_names_a_way_the_map_knows_and_a_noble_on_the_map():
    s = _moving()
    d = g(s)
    n = _noble(s, "red")
    d.nobles[n].city = "Oxford"
    err = refused(s, "ann", f"move noble:{n} to:London via:air")
    assert (err.section, err.code, err.message, err.legal) == ("5.0", "via", "no way 'air'",
                                                                ["road", "sea", "royal", "sherwood"])
    d.nobles[n].city = None      # no action leaves a free noble off the map; the guard still names him
    err = refused(s, "ann", f"move noble:{n} to:London")
    assert (err.section, err.code, err.message, err.legal) == ("5.0", "noble", "William is not on the map",
                                                                d.families["red"].nobles)


def test_5_2_a_winning_cavalcade_moves_on_before_any_other_noble():
    s = _moving()
    d = g(s)
    n, rider = _noble(s, "red"), _noble(s, "red", 1)
    d.nobles[n].city, d.nobles[rider].city = "Oxford", "York"
    d.war.must_move.append(rider)
    err = refused(s, "ann", f"move noble:{n} to:London")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.2", "must_move", "a Cavalcade that won must move on first", [rider])


def test_5_1_control_is_handed_only_by_its_holder_to_another_family_there_and_not_in_a_battle():
    from engine.fief.war.state import Battle
    s = _moving()
    d = g(s)
    err = refused(s, "ann", "transfer_control city:Oxford to:blue")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.1", "not_controller", "your family does not control 'Oxford'", "none")
    place(s, "red", "Oxford", "men")
    d.cities["Oxford"].controller = "red"
    err = refused(s, "ann", "transfer_control city:Oxford to:blue")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.1", "transfer_to", "control goes to another family present in Oxford", "nobody else is there")
    d.war.battle = Battle("Oxford", "red", "blue")
    err = refused(s, "ann", "transfer_control city:Oxford to:blue")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.1", "in_battle", "control cannot change hands while a battle is fought", "after the battle")


def test_5_0_a_move_needs_a_free_noble_of_the_family_and_a_royal_move_goes_alone():
    s = _moving()
    d = g(s)
    n = _noble(s, "red")
    d.nobles[n].city = "Oxford"
    err = refused(s, "ann", "move noble:walter to:London")                  # Blue's
    assert (err.section, err.code, err.message, err.legal) == (
        "5.0", "noble", "Walter is not a free noble of your family", d.families["red"].nobles)
    place(s, "red", "Oxford", "men")
    d.nobles[n].titles = ["king"]
    d.cities["Winchester"].building = "royal_stronghold"
    err = refused(s, "ann", f"move noble:{n} to:Winchester via:royal troops:men")
    assert (err.section, err.code, err.message, err.legal) == (
        "5.0", "royal_troops", "the Royal move is for nobles without troops", "troops:")


def test_2_5_storms_stop_a_move_into_their_region():
    s = _moving()
    d = g(s)
    n = _noble(s, "red")
    d.nobles[n].city = "Oxford"
    d.seas["VI"].append(SeaCard("storms-1", "storms"))
    err = refused(s, "ann", f"move noble:{n} to:London")
    assert (err.section, err.code, err.legal) == (
        "2.5", "storms", "Good Weather clears Storms; otherwise stay or go another way")
    assert err.message == "Storms over South East forbid every move within, into or out of it"
