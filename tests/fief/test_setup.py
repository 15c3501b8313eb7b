"""Game Setup, 1.0, 13.6-13.8: families, stockpiles, money, nobles, retainers, relics, starting cities."""

from engine.fief.components import C
from engine.fief.map import load_map
from tests.fief.helpers import do, g, new, refused, started, turn_seat

M = load_map()


def test_1_0_four_players_two_nobles_each_five_shillings():
    s = new(4)
    data = g(s)
    assert len(data.families) == 4
    for fam in data.families.values():
        sexes = sorted(data.nobles[n].sex for n in fam.nobles)
        assert sexes == ["f", "m"]
        assert fam.stockpile == {"knight": 8, "men": 12, "archer": 4, "bombard": 3, "trebuchet": 2}
        assert fam.pigeons == 3 and fam.treasures == 2 and fam.votes == 2 and fam.ring
    assert all(p.shillings == 5 for p in data.players.values())
    assert len(data.unseen) == 6  # three of each sex removed unseen


def test_setup_character_deck_holds_the_rest():
    """Rough spot 9: leftover nobles and all other character cards form one shuffled deck."""
    data = g(new(4))
    assert len(data.character_deck) == 31 - 6 - 8
    assert len(data.fortune_deck) == 25
    assert len(data.retainer_deck) == 23 - 8
    assert all(n.retainer for n in data.nobles.values())


def test_relics_face_down_on_cathedral_cities():
    data = g(new(3))
    hidden = {c for c, x in data.cities.items() if x.hidden_relic}
    assert hidden == {"Exeter", "York", "Norwich", "Canterbury"}
    assert sorted(x.hidden_relic for x in data.cities.values() if x.hidden_relic) == sorted(C.relics)


def test_standard_start_one_family_per_region():
    """Ruling on rough spot 1: a city of a free region, a Stronghold, both nobles and the starting troops."""
    s = new(4)
    seat = turn_seat(s)
    fam = g(s).flow.order[0]
    do(s, seat, "start city:London")
    c = g(s).cities["London"]
    assert c.controller == fam and c.building == "stronghold"
    assert sorted(c.stacks[fam].troops) == sorted(["men", "men", "archer", "knight"])
    assert all(g(s).nobles[n].city == "London" for n in g(s).families[fam].nobles)
    err = refused(s, turn_seat(s), "start city:Oxford")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.6",
        "start_city",
        "'Oxford' is not a starting city (one family per region; a city of a region nobody holds)",
        ['Plymouth', 'Exeter', 'Bristol', 'Cardiff', 'Harlech', 'Berwick', 'Durham', 'Whitby', 'York', 'Lincoln', "King's Lynn", 'Norwich', 'Coventry', 'Nottingham'])
    assert err.section == "13.6" and "Plymouth" in err.legal


def test_13_6_random_start_rolls_region():
    s = new(3, random_start=True)
    data = g(s)
    region = data.flow.start_region
    assert region is not None
    err = refused(s, turn_seat(s), f"start city:{next(c for c in M.cities if M.cities[c].region != region)}")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.6", "start_city", "'Plymouth' is not a starting city (the d6 gave region IV)",
        ['Whitby', 'York', 'Lincoln'])
    assert set(err.legal) == set(M.regions[region].cities)


def test_13_7_two_players_two_families_shared_purse_hand_of_five():
    data = g(started(2))
    assert [len(p.families) for p in data.players.values()] == [2, 2]
    assert all(p.shillings == 10 for p in data.players.values())
    assert data.two_player
    from engine.fief.state import hand_limit
    assert hand_limit(data) == 5
    assert len({M.cities[c].region for c, x in data.cities.items() if x.controller}) == 4


def test_13_8_three_players_three_families():
    data = g(started(3))
    assert len(data.families) == 3 and not data.two_player


def test_first_player_order_and_phase_label():
    s = started(4)
    from engine.fief import RULES
    assert RULES.phase(s) == "Round 1, Phase 2: Cards - discard and draw"
    data = g(s)
    assert data.flow.order[0] in data.players[data.flow.first].families


def test_13_8_no_marriages_with_three_players():
    from engine.fief.state import marriages_allowed
    assert not marriages_allowed(g(started(3)))
    assert marriages_allowed(g(started(2))) and marriages_allowed(g(started(4)))


def test_setup_an_unknown_option_or_a_random_start_that_is_not_true_or_false_is_refused():
    import pytest

    from engine.core import RuleError
    from engine.fief import RULES
    from tests.fief.helpers import SEATS
    with pytest.raises(RuleError) as err:
        RULES.new_game(SEATS[3], {"colour": 1}, 1)
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "setup", "bad_option", "unknown option(s) ['colour']", ["random_start", "roles"])
    with pytest.raises(RuleError) as err:
        RULES.new_game(SEATS[3], {"random_start": "maybe"}, 1)
    assert (err.value.section, err.value.code, err.value.message, err.value.legal) == (
        "13.6", "bad_option", "the option `random_start` is true or false", ["true", "false"])


def test_13_6_done_before_the_starting_city_is_chosen_is_refused_with_the_cities_to_choose():
    from engine.fief import setup
    s = new(3)
    err = refused(s, turn_seat(s), "done")
    assert (err.section, err.code, err.message, err.legal) == (
        "13.6", "start_first", "choose a starting city first", setup.start_choices(g(s)))
