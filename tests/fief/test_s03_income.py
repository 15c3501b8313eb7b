"""Phase 3: income (3.0-3.4), Tallage and Tithe (2.8), bonuses (2.7), Famine (2.5), sieges (7.9)."""

from engine.fief.estates import income
from engine.fief.map import load_map
from engine.fief.state import SeaCard, Siege, Stack
from tests.fief.helpers import defaults_until, do, g, refused, started, turn_seat

M = load_map()


def blank(players=4):
    """A started game with the map cleared, so each test lays out its own cities."""
    s = started(players)
    for c in g(s).cities.values():
        c.controller, c.building, c.stacks = None, None, {}
    return s


def own(s, fam, *cities, mill=False):
    for c in cities:
        g(s).cities[c].controller = fam
        g(s).cities[c].stacks[fam] = Stack(troops=["men"])
        g(s).cities[c].mill = mill


def total(s, fam):
    return sum(v for _, v in income.compute(g(s))[fam])


def test_3_0_city_and_mill():
    s = blank()
    red = g(s).flow.order[0]
    own(s, red, "London", mill=True)
    own(s, red, "Oxford")
    assert total(s, red) == 1 + 2 + 1


def test_2_8_tallage_example_south_east():
    """George taxes his South East Duchy: 2 x 4 cities = 8; David gets nothing for his city there."""
    s = blank()
    george, david = g(s).flow.order[:2]
    own(s, george, "London", "Oxford", "Winchester")
    own(s, david, "Canterbury")
    g(s).nobles[g(s).families[george].nobles[0]].titles.append("lord:VI")
    g(s).seas["VI"].append(SeaCard("tax-1", "tax", by=george, tallage="VI"))
    lines = dict(income.compute(g(s))[george])
    assert lines["tallage VI"] == 8
    assert "city Canterbury" not in dict(income.compute(g(s))[david])
    assert total(s, david) == 0


def test_2_8_tithe_example_exeter():
    """Kirsten's Bishop of Exeter tithes: Dave's 3 South West mills under Good Weather give 9, George's Welsh
    mill 2: 11 in all; the mills' controllers get nothing from them."""
    s = blank()
    kirsten, dave, george = g(s).flow.order[:3]
    own(s, dave, "Plymouth", "Exeter", "Bristol", mill=True)
    own(s, george, "Cardiff", mill=True)
    g(s).nobles[g(s).families[kirsten].nobles[0]].titles.append("bishop:exeter")
    g(s).seas["I"].append(SeaCard("weather-1", "weather", by=dave))
    g(s).seas["I"].append(SeaCard("tax-1", "tax", by=kirsten, tithe="exeter"))
    assert total(s, kirsten) == 11
    assert total(s, dave) == 3 and total(s, george) == 1


def test_faq_tithe_lapses_when_the_bishop_is_gone():
    s = blank()
    kirsten, dave = g(s).flow.order[:2]
    own(s, dave, "Plymouth", mill=True)
    g(s).seas["I"].append(SeaCard("tax-1", "tax", by=kirsten, tithe="exeter"))
    assert total(s, dave) == 3 and total(s, kirsten) == 0


def test_2_9_harvest_and_weather_both_add():
    s = blank()
    red = g(s).flow.order[0]
    own(s, red, "Durham", mill=True)
    g(s).seas["III"] += [SeaCard("harvest-1", "harvest"), SeaCard("weather-1", "weather")]
    assert total(s, red) == 1 + 2 + 2


def test_2_5_famine_stops_mills_and_7_9_siege_stops_everything():
    s = blank()
    red, blue = g(s).flow.order[:2]
    own(s, red, "Durham", "Berwick", mill=True)
    g(s).seas["III"].append(SeaCard("famine-1", "famine"))
    assert total(s, red) == 2
    g(s).cities["Durham"].siege = Siege(blue)
    assert total(s, red) == 1


def test_3_1_abbey_and_visitors_go_to_the_abbess_family():
    s = blank()
    red, blue = g(s).flow.order[:2]
    own(s, blue, "York", mill=True)
    own(s, blue, "Whitby", mill=True)
    g(s).cities["York"].building, g(s).cities["York"].abbey = "abbey", "autumn"
    abbess = next(n for n in g(s).families[red].nobles if g(s).nobles[n].sex == "f")
    g(s).abbeys["autumn"], g(s).abbesses["autumn"] = "York", abbess
    g(s).nobles[abbess].titles.append("abbess:autumn")
    g(s).nobles[abbess].city = "York"
    lines = dict(income.compute(g(s))[red])
    assert lines["abbey York"] == 2 + 2 + 2   # the Abbey, its Abbess visiting, +1 for each Mill near (3.1)
    assert lines["mill York"] == 2            # its city's mill
    assert dict(income.compute(g(s))[blue])["mill Whitby"] == 2  # the +1 goes to the Abbey, not the owner


def test_queen_title_pays_two():
    s = blank()
    red = g(s).flow.order[0]
    g(s).nobles[g(s).families[red].nobles[0]].titles.append("queen")
    assert total(s, red) == 2


def test_3_3_invaders_halve_rounded_up():
    """Dave's 7 shillings become 4 while Invaders stand anywhere in England."""
    s = blank()
    data = g(s)
    for n in data.nobles.values():
        n.retainer = None
    dave = data.flow.order[0]
    own(s, dave, "Cardiff", "Harlech", mill=True)
    data.nobles[data.families[dave].nobles[0]].titles.append("queen")
    seat = data.families[dave].seat
    assert total(s, dave) == 8
    data.cities["Harlech"].mill = False
    assert total(s, dave) == 6
    data.nobles[data.families[dave].nobles[0]].retainer = "steward-1"
    assert total(s, dave) == 7
    data.armies["army-1"].city = "Durham"
    before = data.players[seat].shillings
    income.collect(s, data)
    assert data.players[seat].shillings - before == 4


def test_3_4_scorched_earth():
    s = started(4)
    data = g(s)
    red = data.flow.order[0]
    city = next(c for c, x in data.cities.items() if x.controller == red)
    data.cities[city].mill = True
    defaults_until(s, "scorch", 3)
    seat = turn_seat(s)
    assert data.families[data.flow.queue[0]].seat == seat
    money = data.players[seat].shillings
    do(s, seat, f"scorch city:{city}")
    assert not data.cities[city].mill and data.players[seat].shillings == money + 2
    err = refused(s, seat, f"scorch city:{city}")
    assert (err.section, err.code, err.message, err.legal) == (
        "3.4", "scorch_city", "you control no Mill in 'Plymouth'", "no mills")


def test_income_is_private():
    s = started(4)
    events = []
    from engine.core import apply
    from engine.fief import RULES
    while g(s).flow.phase < 3:
        d = next(d for d in RULES.pending(s) if d.blocking)
        events += apply(RULES, s, d.seats[0], d.default_for(d.seats[0]))
    collected = [e for e in events if e.kind == "income.collected"]
    assert collected and all(e.to is not None for e in collected)


def test_3_2_bonus_cards_leave_after_income_tax_cards_stay_to_the_end_of_round():
    s = started(4)
    data = g(s)
    data.seas["III"].append(SeaCard("harvest-1", "harvest", round=1))
    data.seas["VI"].append(SeaCard("tax-1", "tax", tallage="VI", round=1))
    defaults_until(s, "purchase", 4)
    assert data.seas["III"] == [] and "harvest-1" in data.fortune_discard
    assert [c.kind for c in data.seas["VI"]] == ["tax"]


def test_2_4_round_1_famine_lies_asleep_and_mills_still_grind():
    s = blank()
    red = g(s).flow.order[0]
    own(s, red, "Durham", mill=True)
    g(s).seas["III"].append(SeaCard("famine-1", "famine", active=False, round=1))
    assert total(s, red) == 3
    g(s).seas["III"][0].active = True
    assert total(s, red) == 1
