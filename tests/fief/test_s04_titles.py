"""Fiefdom Lord titles (4.3-4.7), death of a noble and succession (4.8)."""

from engine.core import Audience
from engine.fief import RULES
from engine.fief.estates.succession import kill_noble
from engine.fief.estates.titles import control_changed
from engine.fief.state import Stack
from tests.fief.helpers import defaults_until, do, g, refused, started, turn_seat


def at_purchase(players=4):
    s = started(players)
    defaults_until(s, "purchase", 4)
    seat, fam = turn_seat(s), g(s).flow.queue[0]
    g(s).players[seat].shillings = 30
    for c in g(s).cities.values():
        c.controller, c.stacks, c.building = None, {}, None
    return s, seat, fam


def own(s, fam, *cities, stronghold=None):
    for c in cities:
        g(s).cities[c].controller = fam
        g(s).cities[c].stacks[fam] = Stack(troops=["men"])
    if stronghold:
        g(s).cities[stronghold].building = "stronghold"


def test_4_3_marches_barony_costs_four_and_fortifies_a_stronghold():
    s, seat, fam = at_purchase()
    noble = g(s).families[fam].nobles[0]
    own(s, fam, "Berwick")
    err = refused(s, seat, f"buy_title region:III noble:{noble}")
    assert err.section == "4.3" and "Durham" in err.message
    own(s, fam, "Durham")
    err = refused(s, seat, f"buy_title region:III noble:{noble}")
    assert "Stronghold" in err.message
    g(s).cities["Durham"].building = "stronghold"
    events = do(s, seat, f"buy_title region:III noble:{noble}")
    assert g(s).players[seat].shillings == 26
    assert "lord:III" in g(s).nobles[noble].titles and g(s).cities["Durham"].building == "fortified"
    assert RULES.view(s, None)["fiefdoms"]["III"]["holder"] == noble
    assert RULES.view(s, None)["vp"][fam] == 1
    assert any(e.kind == "title.claimed" for e in events)
    assert refused(s, seat, f"buy_title region:III noble:{noble}").code == "title_conditions"


def test_4_4_choose_which_stronghold_becomes_the_fortified_city():
    s, seat, fam = at_purchase()
    noble = g(s).families[fam].nobles[0]
    own(s, fam, "Whitby", "York", "Lincoln", stronghold="York")
    g(s).cities["Lincoln"].building = "stronghold"
    err = refused(s, seat, f"buy_title region:IV noble:{noble} fortify:Whitby")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.4", "fortify", "'Whitby' is not a Stronghold of the Fiefdom", ['York', 'Lincoln'])
    do(s, seat, f"buy_title region:IV noble:{noble} fortify:Lincoln")
    assert g(s).cities["Lincoln"].building == "fortified" and g(s).cities["York"].building == "stronghold"


def test_4_5_kings_will_gives_a_title_free():
    s, seat, fam = at_purchase()
    data = g(s)
    other = next(f for f in data.families if f != fam)
    own(s, other, "Cardiff", "Harlech", stronghold="Cardiff")
    target = data.families[other].nobles[0]
    err = refused(s, seat, f"grant_title region:II noble:{target}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.5", "not_sovereign", "only the King or Sovereign Queen's family grants titles", "buy_title")
    data.nobles[data.families[fam].nobles[0]].titles.append("king")
    do(s, seat, f"grant_title region:II noble:{target}")
    assert "lord:II" in data.nobles[target].titles and data.players[seat].shillings == 30


def test_4_6_transfer_keeps_the_largest():
    s, seat, fam = at_purchase()
    data = g(s)
    a, b = data.families[fam].nobles
    data.nobles[a].titles += ["lord:V", "lord:III"]
    err = refused(s, seat, f"transfer_title region:V to:{b}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.6",
        "transfer",
        "no lord of your family may hand on region 'V' (a lord with several titles keeps the largest)",
        ['III'])
    do(s, seat, f"transfer_title region:III to:{b}")
    assert data.nobles[b].titles == ["lord:III"] and data.nobles[a].titles == ["lord:V"]


def test_4_7_fortified_city_taken_takes_the_title():
    s, seat, fam = at_purchase()
    data = g(s)
    other = next(f for f in data.families if f != fam)
    data.nobles[data.families[other].nobles[0]].titles.append("lord:III")
    data.cities["Durham"].building = "fortified"
    data.cities["Durham"].controller = fam
    control_changed(s, data, "Durham", fam)
    assert data.tasks and data.tasks[0].kind == "bestow"
    noble = data.tasks[0].options[1]
    stranger = data.families[other].nobles[0]
    err = refused(s, seat, f"bestow region:III noble:{stranger}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.8", "bestow", "the title of region III goes to one of your nobles",
        [f"region:III noble:{n}" for n in data.tasks[0].options])
    do(s, seat, f"bestow region:III noble:{noble}")
    assert "lord:III" in data.nobles[noble].titles
    assert not any("lord:III" in n.titles for n in data.nobles.values() if n.family == other)


def test_4_8_death_passes_title_within_the_family_or_to_the_deck():
    s, seat, fam = at_purchase()
    data = g(s)
    a, b = data.families[fam].nobles
    data.nobles[a].titles += ["lord:III", "bishop:exeter"]
    data.nobles[a].relics = ["grail"]
    city = data.nobles[a].city
    kill_noble(s, data, a, "test")
    assert a not in data.nobles and "lord:III" in data.nobles[b].titles
    assert "bishop-exeter" in data.character_deck  # 4.8: the clergy card goes back, deck reshuffled
    assert "grail" in data.cities[city].relics
    kill_noble(s, data, b, "test")
    assert data.families[fam].nobles == []
    assert RULES.view(s, None)["fiefdoms"]["III"]["holder"] is None


def test_4_8_last_noble_married_title_goes_to_the_spouse():
    s, seat, fam = at_purchase()
    data = g(s)
    other = next(f for f in data.families if f != fam)
    a, b = data.families[fam].nobles
    spouse = next(n for n in data.families[other].nobles if data.nobles[n].sex != data.nobles[a].sex)
    data.nobles[a].spouse, data.nobles[spouse].spouse = spouse, a
    data.nobles[a].titles.append("lord:III")
    data.cities["Durham"].building = "fortified"
    data.cities["Durham"].controller = fam
    data.cities["Durham"].stacks[fam] = Stack(troops=["knight", "men"])
    kill_noble(s, data, b, "test")
    s.take_events()
    before = {f: dict(data.families[f].stockpile) for f in (fam, other)}
    kill_noble(s, data, a, "test")
    for kind in ("knight", "men"):   # marker for marker: the old colour back to its stockpile, the new one out
        assert data.families[fam].stockpile[kind] == before[fam][kind] + 1
        assert data.families[other].stockpile[kind] == before[other][kind] - 1
    assert "lord:III" in data.nobles[spouse].titles and data.nobles[spouse].spouse is None
    assert sorted(data.cities["Durham"].stacks[other].troops) == ["knight", "men"]
    # R26b: the swap comes out of the public stockpiles, so it shows the troops it moves
    [swap] = [e for e in s.take_events() if e.kind == "troops.exchanged"]
    assert sorted(swap.data["units"]) == ["knight", "men"] and swap.kind in RULES.reveal_events
    told = " ".join(RULES.words().events(s, [swap], Audience(None, {})))
    assert "1 Knight and 1 Man-at-Arms" in told and "pass to" in told


def test_4_8_captives_of_the_dead_are_released():
    s, seat, fam = at_purchase()
    data = g(s)
    other = next(f for f in data.families if f != fam)
    captor = data.families[fam].nobles[0]
    prisoner = data.families[other].nobles[0]
    data.nobles[prisoner].captor, data.nobles[prisoner].held_by = fam, captor
    kill_noble(s, data, captor, "test")
    assert data.nobles[prisoner].captor is None


def test_4_8_heir_dying_in_the_same_plague_is_skipped_bug():
    """A lord and one of two heirs die in one Plague: the title goes to the survivor without a question."""
    from engine.fief.map import load_map
    from engine.fief.state import Noble
    s = started(4)
    data = g(s)
    data.flow.round = 2
    fam = data.flow.order[0]
    city = next(c for c, x in data.cities.items() if x.controller == fam)
    region = load_map().cities[city].region
    data.nobles["zed"] = Noble("zed", "Zed", "m", fam, "noble-walter", city=city)
    data.families[fam].nobles.append("zed")
    ordered = sorted(data.families[fam].nobles)
    lord, heir_dies, survivor = ordered[0], ordered[1], ordered[2]
    for n in ordered:
        data.nobles[n].retainer = None
    data.nobles[lord].titles.append("lord:III")
    data.fortune_deck.remove("plague-1")
    data.track = ["plague-1"]
    s.rng.force("plague-1", ["I", "II", "III", "IV", "V", "VI"].index(region) + 1, 1, 1, 6)
    for _ in range(4):
        do(s, turn_seat(s), "done")
    assert lord not in data.nobles and heir_dies not in data.nobles
    assert "lord:III" in data.nobles[survivor].titles
    assert not any(t.kind == "bestow" for t in data.tasks)


def test_4_3_a_title_names_a_known_region_a_noble_of_the_family_and_is_paid_in_full():
    s, seat, fam = at_purchase()
    noble = g(s).families[fam].nobles[0]
    own(s, fam, "Berwick")
    own(s, fam, "Durham")
    g(s).cities["Durham"].building = "stronghold"
    err = refused(s, seat, f"buy_title region:XI noble:{noble}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.3", "region", "no region 'XI'", ["I", "II", "III", "IV", "V", "VI"])
    err = refused(s, seat, "buy_title region:III noble:nobody")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.3", "not_yours", "'nobody' is not a noble of that family", g(s).families[fam].nobles)
    g(s).players[seat].shillings = 3
    err = refused(s, seat, f"buy_title region:III noble:{noble}")
    assert (err.section, err.code, err.message, err.legal) == (
        "4.3", "funds", "the title costs 4 shillings", "fewer purchases")
    g(s).nobles[noble].titles.append("king")
    err = refused(s, seat, "grant_title region:III noble:nobody")
    assert (err.section, err.code, err.message, err.legal) == ("4.5", "no_noble", "no noble 'nobody'",
                                                                sorted(g(s).nobles))


def test_7_6_a_freed_noble_goes_only_where_the_release_offers():
    from engine.fief.state import Task
    s, seat, fam = at_purchase()
    data = g(s)
    nid = data.families[fam].nobles[0]
    data.tasks.append(Task("release", fam, noble=nid, options=["York", "Lincoln"]))
    err = refused(s, seat, f"release noble:{nid} city:London")
    assert (err.section, err.code, err.message, err.legal) == (
        "7.6", "release_city", f"{data.nobles[nid].name} goes to a Stronghold, Fortified City or a noble of the family",
        ["York", "Lincoln"])
