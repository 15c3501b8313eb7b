"""2.7-2.9: Bountiful Harvest, Good Weather, Tax (Tallage and Tithe) with Treasure markers."""

from engine.fief.state import SeaCard
from tests.fief.helpers import defaults_until, do, g, give_card, refused, started, turn_seat


def at_play(players=4):
    s = started(players)
    defaults_until(s, "play", 2)
    return s, turn_seat(s), g(s).flow.queue[0]


def test_2_7_harvest_cancels_famine_both_discarded():
    s, seat, fam = at_play()
    give_card(s, seat, "harvest-1")
    g(s).seas["III"].append(SeaCard("famine-1", "famine", round=1))
    do(s, seat, "play_harvest card:harvest-1 region:III")
    assert g(s).seas["III"] == []
    assert g(s).fortune_discard[-2:] == ["famine-1", "harvest-1"]


def test_2_7_harvest_not_on_storms_and_once_per_region():
    s, seat, fam = at_play()
    give_card(s, seat, "harvest-1")
    give_card(s, seat, "harvest-2")
    g(s).seas["VI"].append(SeaCard("storms-1", "storms"))
    err = refused(s, seat, "play_harvest card:harvest-1 region:VI")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.7", "harvest_region", "no Bountiful Harvest on region VI: STORMS lie there",
        ['I', 'II', 'III', 'IV', 'V'])
    assert err.section == "2.7" and "VI" not in err.legal
    do(s, seat, "play_harvest card:harvest-1 region:V")
    err = refused(s, seat, "play_harvest card:harvest-2 region:V")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.9", "harvest_region", "no Bountiful Harvest on region V: a Harvest already lies there this round",
        ['I', 'II', 'III', 'IV'])


def test_2_9_two_good_weathers_cancel_storms_then_bless():
    """Dave's example: the first Good Weather cancels Storms, the second lies on the sea."""
    s, seat, fam = at_play()
    give_card(s, seat, "weather-1")
    give_card(s, seat, "weather-2")
    g(s).seas["I"].append(SeaCard("storms-1", "storms"))
    do(s, seat, "play_weather card:weather-1 region:I")
    do(s, seat, "play_weather card:weather-2 region:I")
    assert [c.kind for c in g(s).seas["I"]] == ["weather"]


def test_2_7_weather_not_on_famine_unless_storms():
    s, seat, fam = at_play()
    give_card(s, seat, "weather-1")
    g(s).seas["II"].append(SeaCard("famine-1", "famine"))
    assert refused(s, seat, "play_weather card:weather-1 region:II").section == "2.7"
    g(s).seas["II"].append(SeaCard("storms-1", "storms"))
    do(s, seat, "play_weather card:weather-1 region:II")
    assert [c.kind for c in g(s).seas["II"]] == ["famine"]


def test_2_6_weather_is_an_opportunity_card_but_not_during_draws():
    s = started(4)
    seat = turn_seat(s)
    other = next(x for x in g(s).players if x != seat)
    give_card(s, other, "weather-1")
    do(s, seat, "draw deck:character")
    err = refused(s, other, "play_weather card:weather-1 region:IV")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.6", "draw_action", "Opportunity cards cannot be played during a draw action or setup",
        "before the draws begin, or once they are over")
    defaults_until(s, "purchase", 4)
    active = turn_seat(s)
    idle = next(x for x in g(s).players if x != active)
    give_card(s, idle, "weather-2")
    do(s, idle, "play_weather card:weather-2 region:IV")
    assert [c.kind for c in g(s).seas["IV"]] == ["weather"]


def test_2_8_tallage_needs_own_fiefdom_and_a_treasure():
    s, seat, fam = at_play()
    data = g(s)
    give_card(s, seat, "tax-1")
    err = refused(s, seat, "play_tax card:tax-1 tallage:VI")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.8",
        "tallage",
        "your family cannot Tallage region VI (own Fiefdom, or the Sovereign on an ungoverned region)",
        "none")
    assert err.section == "2.8" and err.code == "tallage"
    noble = data.families[fam].nobles[0]
    data.nobles[noble].titles.append("lord:VI")
    data.families[fam].treasures = 0
    err = refused(s, seat, "play_tax card:tax-1 tallage:VI")
    assert (err.section, err.code, err.message, err.legal) == (
        "11.3", "treasures", "each Tax icon takes a Treasure marker; you have 0", "none")
    data.families[fam].treasures = 2
    do(s, seat, "play_tax card:tax-1 tallage:VI")
    assert data.families[fam].treasures == 1
    assert data.seas["VI"][0].tallage == "VI"


def test_2_8_captive_lord_may_still_tax_and_tithe_needs_own_district():
    s, seat, fam = at_play()
    data = g(s)
    give_card(s, seat, "tax-1")
    noble = data.families[fam].nobles[0]
    data.nobles[noble].titles.append("lord:V")
    data.nobles[noble].captor = "invaders:army-1"
    other = data.families[fam].nobles[1]
    data.nobles[other].titles.append("bishop:norwich")
    err = refused(s, seat, "play_tax card:tax-1 tithe:exeter")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.8", "tithe", "your family cannot Tithe exeter (only its own Bishop or Archbishop's district)",
        ['norwich'])
    do(s, seat, "play_tax card:tax-1 tallage:V tithe:norwich")
    assert data.families[fam].treasures == 0


def test_2_8_king_may_tallage_an_ungoverned_region():
    s, seat, fam = at_play()
    data = g(s)
    give_card(s, seat, "tax-1")
    data.nobles[data.families[fam].nobles[0]].titles.append("king")
    do(s, seat, "play_tax card:tax-1 tallage:IV")
    assert data.seas["IV"][0].tallage == "IV"


def test_2_7_a_region_is_named_by_its_number_one_to_six_or_its_name():
    from engine.fief.commands import region_arg

    assert [region_arg(str(i)) for i in range(1, 7)] == ["I", "II", "III", "IV", "V", "VI"]
    assert region_arg("0") == "0" and region_arg("7") == "7"
    assert region_arg("south east") == "VI"


def test_2_7_a_harvest_names_a_harvest_card_held_and_a_region_on_the_map():
    s = started(4)
    defaults_until(s, "play", 2)
    seat = turn_seat(s)
    g(s).players[seat].hand = []
    err = refused(s, seat, "play_harvest card:tax-9 region:I")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.7", "not_in_hand", "you hold no harvest card 'tax-9'", "no harvest")
    give_card(s, seat, "harvest-1")
    err = refused(s, seat, "play_harvest card:harvest-1 region:XI")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.7", "region", "no region 'XI'", ["I", "II", "III", "IV", "V", "VI"])
