"""2.11 Nobles, 2.13 Abbess, 2.14 Bishop and Archbishop."""

from engine.fief.components import C
from tests.fief.helpers import defaults_until, do, g, give_card, refused, started, turn_seat


def at_play(players=4):
    s = started(players)
    defaults_until(s, "play", 2)
    return s, turn_seat(s), g(s).flow.queue[0]


def spare(s, sex):
    data = g(s)
    return next(c for c in data.character_deck if C.card(c).kind == "noble" and C.card(c).sex == sex)


def test_2_11_new_noble_in_own_city_or_empty_independent_city_draws_a_retainer():
    s, seat, fam = at_play()
    data = g(s)
    home = next(c for c, x in data.cities.items() if x.controller == fam)
    card = spare(s, "m")
    give_card(s, seat, card)
    err = refused(s, seat, f"play_noble card:{card} city:{next(c for c, x in data.cities.items() if x.controller and x.controller != fam)}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.11",
        "noble_city",
        "a new noble cannot be placed in 'Cardiff'",
        ['Bristol', 'Canterbury', 'Coventry', 'Durham', 'Exeter', 'Harlech', "King's Lynn", 'Lincoln', 'London', 'Norwich', 'Nottingham', 'Oxford', 'Plymouth', 'Winchester', 'York'])
    assert err.section == "2.11" and home in err.legal
    events = do(s, seat, f"play_noble card:{card} city:Oxford")
    nid = card.removeprefix("noble-")
    assert data.nobles[nid].city == "Oxford" and data.cities["Oxford"].controller == fam
    assert data.nobles[nid].retainer and any(e.kind == "retainer.drawn" for e in events)


def test_2_11_three_nobles_at_most():
    s, seat, fam = at_play()
    for sex in ("m", "f"):
        card = spare(s, sex)
        give_card(s, seat, card)
    cards = [c for c in g(s).players[seat].hand if C.card(c).kind == "noble"][-2:]
    home = next(c for c, x in g(s).cities.items() if x.controller == fam)
    do(s, seat, f"play_noble card:{cards[0]} city:{home}")
    err = refused(s, seat, f"play_noble card:{cards[1]} city:{home}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.11", "family_full", "a family has at most 3 nobles (captives count)", "keep the card in hand")


def test_4_8_new_noble_recovers_a_lost_title_with_the_fortified_city():
    s, seat, fam = at_play()
    data = g(s)
    home = next(c for c, x in data.cities.items() if x.controller == fam)
    from engine.fief.map import load_map
    region = load_map().cities[home].region
    data.cities[home].building = "fortified"
    card = spare(s, "f")
    give_card(s, seat, card)
    do(s, seat, f"play_noble card:{card} city:{home}")
    assert f"lord:{region}" in data.nobles[card.removeprefix('noble-')].titles


def test_2_13_abbess_unmarried_woman_abbey_without_stronghold():
    s, seat, fam = at_play()
    data = g(s)
    give_card(s, seat, "abbess-autumn")
    woman = next(n for n in data.families[fam].nobles if data.nobles[n].sex == "f")
    man = next(n for n in data.families[fam].nobles if data.nobles[n].sex == "m")
    home = next(c for c, x in data.cities.items() if x.controller == fam)
    err = refused(s, seat, f"play_abbess card:abbess-autumn noble:{man} city:Oxford")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.13", "abbess_noble", "'arthur' is not an unmarried noblewoman of your family (or your ally's)",
        ['edith'])
    err = refused(s, seat, f"play_abbess card:abbess-autumn noble:{woman} city:{home}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.13",
        "abbey_city",
        "an Abbey goes to a city your family controls or an Independent one, without another building; not 'Plymouth'",
        ['Bristol', 'Canterbury', 'Coventry', 'Durham', 'Exeter', 'Harlech', "King's Lynn", 'Lincoln', 'London', 'Norwich', 'Nottingham', 'Oxford', 'Winchester', 'York'])
    do(s, seat, f"play_abbess card:abbess-autumn noble:{woman} city:Oxford")
    assert data.cities["Oxford"].building == "abbey" and data.abbesses["autumn"] == woman
    assert "abbess:autumn" in data.nobles[woman].titles


def test_2_14_bishop_bound_to_district_and_archbishop_replaces_bishop():
    s, seat, fam = at_play()
    data = g(s)
    man = next(n for n in data.families[fam].nobles if data.nobles[n].sex == "m")
    woman = next(n for n in data.families[fam].nobles if data.nobles[n].sex == "f")
    give_card(s, seat, "bishop-exeter")
    give_card(s, seat, "archbishop-york")
    err = refused(s, seat, f"play_clergy card:bishop-exeter noble:{woman}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.14",
        "clergy_noble",
        "Edith cannot take this title: an unmarried nobleman of your family (or ally's), not captive, with no Bishop or Archbishop title (an Archbishop card may replace a Bishop's)",
        ['arthur'])
    do(s, seat, f"play_clergy card:bishop-exeter noble:{man}")
    assert data.nobles[man].titles == ["bishop:exeter"]
    do(s, seat, f"play_clergy card:archbishop-york noble:{man}")
    assert data.nobles[man].titles == ["archbishop:york"]
    assert "bishop-exeter" in data.character_under


def test_2_14_no_second_bishopric_and_not_captive():
    s, seat, fam = at_play()
    data = g(s)
    man = next(n for n in data.families[fam].nobles if data.nobles[n].sex == "m")
    data.nobles[man].titles.append("bishop:norwich")
    give_card(s, seat, "bishop-exeter")
    err = refused(s, seat, f"play_clergy card:bishop-exeter noble:{man}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.14",
        "clergy_noble",
        "Arthur cannot take this title: an unmarried nobleman of your family (or ally's), not captive, with no Bishop or Archbishop title (an Archbishop card may replace a Bishop's)",
        "none")
    data.nobles[man].titles = []
    data.nobles[man].captor = "bandits"
    err = refused(s, seat, f"play_clergy card:bishop-exeter noble:{man}")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.14",
        "clergy_noble",
        "Arthur cannot take this title: an unmarried nobleman of your family (or ally's), not captive, with no Bishop or Archbishop title (an Archbishop card may replace a Bishop's)",
        "none")
    data.nobles[man].captor = None
    for crown in ("king", "prince_of_wales"):   # the King and his heir take no bishopric
        data.nobles[man].titles = [crown]
        err = refused(s, seat, f"play_clergy card:bishop-exeter noble:{man}")
        assert (err.section, err.code, err.message, err.legal) == (
            "2.14",
            "clergy_noble",
            "Arthur cannot take this title: an unmarried nobleman of your family (or ally's), not captive, with no Bishop or Archbishop title (an Archbishop card may replace a Bishop's)",
            "none")


def test_2_11_a_noble_card_not_in_hand_is_refused():
    s = started(4)
    defaults_until(s, "play", 2)
    seat = turn_seat(s)
    g(s).players[seat].hand = []
    err = refused(s, seat, "play_noble card:tax-9 city:York")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.11", "not_in_hand", "you hold no noble card 'tax-9'", "none in hand")
