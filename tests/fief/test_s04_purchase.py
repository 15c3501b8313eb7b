"""Phase 4 purchases: troops and the four-unit limit (4.0), fog of war (4.1), buildings (4.2),
the empty stockpile (FAQ), siege Trebuchets (7.9) and the Royal Stronghold (4.9)."""

from engine.fief import RULES
from engine.fief.cards.characters import abbey_cities
from engine.fief.state import Siege, Stack
from tests.fief.helpers import defaults_until, do, g, refused, started, turn_seat


def at_purchase(players=4):
    s = started(players)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    g(s).players[seat].shillings = 30
    return s, seat, fam


def test_4_0_bristol_example_four_new_units_per_city():
    """David buys 3 Men-at-Arms and 2 Knights for 9: four go to Bristol, the fifth elsewhere."""
    s, seat, fam = at_purchase()
    data = g(s)
    for c in data.cities.values():
        c.controller, c.stacks, c.building = None, {}, None
    data.cities["Bristol"].controller = fam
    data.cities["Bristol"].stacks[fam] = Stack(troops=["knight"] * 3 + ["men"] * 4)
    data.cities["Exeter"].controller = fam
    data.cities["Exeter"].stacks[fam] = Stack(troops=["men"])
    err = refused(s, seat, "buy units:men@Bristol,men@Bristol,men@Bristol,knight@Bristol,knight@Bristol")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "new_units_limit", "at most 4 new units in Bristol this phase (0 placed already)", "4 more in Bristol")
    do(s, seat, "buy units:men@Bristol,men@Bristol,knight@Bristol,knight@Bristol,men@Exeter")
    assert data.players[seat].shillings == 30 - 9
    assert sorted(data.cities["Bristol"].stacks[fam].troops).count("men") == 6
    assert data.cities["Bristol"].stacks[fam].troops.count("knight") == 5
    assert refused(s, seat, "buy units:men@Bristol").code == "new_units_limit"


def test_4_1_fog_of_war_purchase_announced_types_hidden_on_the_board():
    s, seat, fam = at_purchase()
    city = next(c for c, x in g(s).cities.items() if x.controller == fam)
    events = do(s, seat, f"buy units:knight@{city},archer@{city}")
    public = [e for e in events if e.is_public]
    bought = next(e for e in public if e.kind == "troops.bought")
    assert bought.data["units"] == {"archer": 1, "knight": 1}
    placed = next(e for e in public if e.kind == "troops.placed")
    assert placed.data == {"family": fam, "city": city, "count": 2, "bombards": 0, "trebuchets": 0}
    pub = RULES.view(s, None)["cities"][city]["troops"][fam]
    assert "types" not in pub and pub["count"] == 6
    mine = RULES.view(s, seat)["cities"][city]["troops"][fam]["types"]
    assert mine["knight"] == 2 and mine["archer"] == 2
    other = next(x for x in g(s).players if x != seat)
    assert "types" not in RULES.view(s, other)["cities"][city]["troops"][fam]
    assert "me" not in RULES.view(s, None)


def test_faq_empty_stockpile_refuses():
    s, seat, fam = at_purchase()
    city = next(c for c, x in g(s).cities.items() if x.controller == fam)
    g(s).families[fam].stockpile["archer"] = 0
    err = refused(s, seat, f"buy units:archer@{city}")
    assert (err.section, err.code, err.message) == ("FAQ", "stockpile_empty", "only 0 archer left in your stockpile")
    assert err.legal == {k: v for k, v in g(s).families[fam].stockpile.items() if v}


def test_4_0_not_in_uncontrolled_or_besieged_city_and_money():
    s, seat, fam = at_purchase()
    city = next(c for c, x in g(s).cities.items() if x.controller == fam)
    err = refused(s, seat, "buy units:men@Oxford")
    assert (err.section, err.code, err.legal) == ("4.0", "unit_city", [city])
    assert err.message == "new units go to a city your family controls that is not besieged; not 'Oxford'"
    g(s).players[seat].shillings = 2
    err = refused(s, seat, f"buy units:knight@{city}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "funds", "these units cost 3 shillings, more than you have", "fewer units")
    err = refused(s, seat, f"build what:mill city:{city}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.2", "funds", "it costs 3 shillings, more than you have", "cheaper purchases")
    g(s).cities[city].siege = Siege("nobody")
    assert refused(s, seat, f"buy units:men@{city}").code == "unit_city"


def test_4_2_one_building_and_one_mill_per_city_and_tiles():
    s, seat, fam = at_purchase()
    city = next(c for c, x in g(s).cities.items() if x.controller == fam)
    err = refused(s, seat, f"build what:stronghold city:{city}")
    assert (err.section, err.code, err.legal) == ("4.2", "build_city", "no city")
    assert err.message == (f"a stronghold cannot go to {city!r} (one building and one mill per city, in a city "
                           "your family controls, not besieged)")
    err = refused(s, seat, f"build what:tower city:{city}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.2", "building", "no building 'tower'", ["stronghold", "mill", "royal_stronghold"])
    do(s, seat, f"build what:mill city:{city}")
    assert refused(s, seat, f"build what:mill city:{city}").code == "build_city"
    g(s).cities["Oxford"].controller = fam
    g(s).cities["Oxford"].stacks[fam] = Stack(troops=["men"])
    for c in ("Norwich", "Lincoln", "Coventry", "Durham", "York"):
        g(s).cities[c].building = "stronghold"
    err = refused(s, seat, "build what:stronghold city:Oxford")
    assert (err.section, err.code, err.message, err.legal) == ("FAQ", "stockpile_empty", "no stronghold tile left",
                                                                ["mill"])


def _besieging(*troops: str):  # type: ignore[no-untyped-def]
    """The family in turn has just laid siege to an enemy city, its first Trebuchet still to pay (7.9)."""
    s, seat, fam = at_purchase()
    data = g(s)
    enemy = next(f for f in data.families if f != fam)
    target = next(c for c, x in data.cities.items() if x.controller == enemy)
    data.cities[target].siege = Siege(fam, since=1, building=1)
    data.cities[target].stacks[fam] = Stack(troops=list(troops), building=1, outskirts=True)
    return s, seat, fam, data, target


def test_7_9_siege_trebuchet_paid_or_siege_lifted():
    s, seat, fam, data, target = _besieging("men", "men")
    data.families[fam].stockpile["trebuchet"] -= 1
    do(s, seat, f"construct city:{target}")
    assert data.cities[target].stacks[fam].trebuchets == 1 and data.players[seat].shillings == 25
    assert data.cities[target].stacks[fam].building == 0 and data.cities[target].siege.building == 0
    do(s, seat, f"construct city:{target}")
    assert data.cities[target].stacks[fam].trebuchets == 2
    err = refused(s, seat, f"construct city:{target}")
    assert (err.section, err.code, err.legal) == ("7.9", "construct_done", "done")
    assert err.message == "the siege's Trebuchets are built: one under construction, then one more"
    err = refused(s, seat, "construct city:Oxford")
    assert (err.section, err.code, err.message, err.legal) == ("7.9", "no_siege", "your family besieges no 'Oxford'",
                                                                [target])
    do(s, seat, "done")
    assert data.cities[target].siege is not None


def test_7_9_a_siege_trebuchet_beyond_the_purse_is_refused_saying_the_siege_lifts_unpaid():
    s, seat, fam, data, target = _besieging("men", "men")
    data.players[seat].shillings = 4
    err = refused(s, seat, f"construct city:{target}")
    assert (err.section, err.code, err.legal) == ("7.9", "funds", "done (the siege is lifted if nothing is paid)")
    assert "costs 5 shillings" in str(err) and data.players[seat].shillings == 4
    data.players[seat].shillings = 5
    do(s, seat, f"construct city:{target}")
    assert data.players[seat].shillings == 0 and data.cities[target].stacks[fam].trebuchets == 1


def test_7_9_unpaid_siege_is_lifted_at_the_end_of_the_turn():
    s, seat, fam, data, target = _besieging("men")
    data.families[fam].stockpile["trebuchet"] -= 1
    events = do(s, seat, "done")
    assert data.cities[target].siege is None and data.families[fam].stockpile["trebuchet"] == 2
    assert any(e.kind == "siege.lifted" for e in events)


def test_4_9_royal_stronghold_only_for_the_royal_family_and_consent_of_the_lord():
    s, seat, fam = at_purchase()
    data = g(s)
    err = refused(s, seat, "build what:royal_stronghold city:Oxford")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.9", "not_royal", "only the Royal Family builds the Royal Stronghold", ["stronghold", "mill"])
    data.nobles[data.families[fam].nobles[0]].titles.append("king")
    other = next(f for f in data.families if f != fam)
    data.nobles[data.families[other].nobles[0]].titles.append("lord:VI")
    do(s, seat, "build what:royal_stronghold city:Oxford")
    req = data.requests.open[0]
    lord_seat = data.families[other].seat
    events = do(s, lord_seat, f"respond request:{req.id} accept:yes")
    assert data.cities["Oxford"].building == "royal_stronghold" and data.cities["Oxford"].controller == fam
    built = [e for e in events if e.kind == "building.built"]
    assert [e.data["cost"] for e in built] == [5]   # the price set aside is the price announced
    from engine.fief.state import fief_cities
    assert "Oxford" not in fief_cities(data, "VI")
    assert data.players[seat].shillings == 25


def test_4_9_refused_royal_stronghold_returns_the_money_set_aside():
    s, seat, fam = at_purchase()
    data = g(s)
    data.nobles[data.families[fam].nobles[0]].titles.append("queen")
    other = next(f for f in data.families if f != fam)
    data.nobles[data.families[other].nobles[0]].titles.append("lord:VI")
    do(s, seat, "build what:royal_stronghold city:Oxford")
    assert data.players[seat].shillings == 25
    do(s, data.families[other].seat, f"respond request:{data.requests.open[0].id} accept:no")
    assert data.players[seat].shillings == 30 and data.cities["Oxford"].building is None


def test_2_13_an_abbess_raises_her_destroyed_abbey_again_for_free():
    """2.13 (Phase 4): a destroyed Abbey whose Abbess lives and is of your family rises again, without
    cost, in a city with no building that your family controls or nobody does."""
    s, seat, fam = at_purchase()
    data = g(s)
    nun = data.families[fam].nobles[0]
    data.abbesses["winter"] = nun          # her Abbey was founded and has since been destroyed
    city = abbey_cities(data, fam)[0]
    taken = next(c for c, x in data.cities.items() if x.building)
    err = refused(s, seat, f"rebuild_abbey abbey:winter city:{taken}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.13", "abbey_city", f"the Abbey cannot stand in {taken!r}", abbey_cities(data, fam))
    err = refused(s, seat, f"rebuild_abbey abbey:spring city:{city}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.13", "rebuild", "no destroyed Abbey 'spring' whose Abbess is of your family", ["winter"])
    money = data.players[seat].shillings
    ev = do(s, seat, f"rebuild_abbey abbey:winter city:{city}")
    assert data.abbeys["winter"] == city and data.cities[city].building == "abbey"
    assert data.players[seat].shillings == money
    assert [e.data for e in ev if e.kind == "abbey.rebuilt"] == [{"family": fam, "abbey": "winter", "city": city}]
    assert refused(s, seat, f"rebuild_abbey abbey:winter city:{city}").code == "rebuild"


def test_4_0_an_unknown_unit_type_is_refused_with_the_types_on_sale():
    """The command's own checks stop most nonsense first; the rule itself refuses it too."""
    import pytest

    from engine.core import RuleError
    from engine.fief.estates.purchase import BUYABLE, check_buy

    s = started(4)
    fam = next(iter(g(s).families))
    with pytest.raises(RuleError) as err:
        check_buy(g(s), fam, [("dragon", "York")])
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "4.0", "unit_type", "no unit type 'dragon'", list(BUYABLE))


def test_4_3_tiles_left_count_down_as_strongholds_mills_and_royal_strongholds_are_built():
    from engine.fief.components import C
    from engine.fief.estates.purchase import tiles_left
    s, _seat, _fam = at_purchase()
    d = g(s)
    for c in d.cities.values():
        c.building, c.mill = None, False
    assert [tiles_left(d, k) for k in ("stronghold", "mill", "royal_stronghold", "abbey")] == \
        [C.tiles["stronghold"], C.tiles["mill"], C.tiles["royal_stronghold"], 0]
    d.cities["Oxford"].building, d.cities["York"].building = "stronghold", "fortified"
    d.cities["Lincoln"].mill = d.cities["Durham"].mill = d.cities["Norwich"].mill = True
    d.cities["Coventry"].building = "royal_stronghold"
    assert [tiles_left(d, k) for k in ("stronghold", "mill", "royal_stronghold")] == \
        [C.tiles["stronghold"] - 2, C.tiles["mill"] - 3, C.tiles["royal_stronghold"] - 1]


def test_4_0_a_purchase_names_each_unit_as_type_at_city():
    s, seat, _fam = at_purchase()
    err = refused(s, seat, "buy units:men")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.0", "unit_syntax", "write each unit as type@city, not 'men'", "e.g. knight@London,men@London")
    err = refused(s, seat, "buy units:,")                    # a list with nothing in it
    assert (err.section, err.code, err.message, err.legal) == ("4.0", "no_units", "name at least one unit",
                                                                "type@city")


def test_faq_a_second_siege_trebuchet_needs_one_left_in_the_stockpile():
    s, seat, fam, data, target = _besieging("men", "men")
    data.families[fam].stockpile["trebuchet"] = 0
    do(s, seat, f"construct city:{target}")                  # the first stands on the board already
    err = refused(s, seat, f"construct city:{target}")
    assert (err.section, err.code, err.message, err.legal) == (
        "FAQ", "stockpile_empty", "no Trebuchet left in your stockpile", "done")
