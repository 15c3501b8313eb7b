"""2.4-2.5: resolving the Disaster track, Round 1's delay, duplicates, and the Plague."""

from engine.fief import RULES
from engine.fief.state import Stack
from tests.fief.helpers import do, g, started, turn_seat


def _draws_done(s):
    for _ in range(len(g(s).flow.queue)):
        do(s, turn_seat(s), "done")


def _track(s, *cards):
    data = g(s)
    for c in cards:
        data.fortune_deck.remove(c)
    data.track = list(cards)


def test_2_4_region_by_d6_and_round_1_delay():
    """Kirsten's example: famine on a 3 lands on Sea III (Marches); in Round 1 nothing takes effect."""
    s = started(4)
    _track(s, "famine-1", "storms-1")
    s.rng.force("famine-1", 3, "storms-1", 6)
    _draws_done(s)
    seas = RULES.view(s, None)["seas"]
    assert seas["III"] == [{"card": "famine", "active": False, "by": None, "tallage": None, "tithe": None}]
    assert seas["VI"][0]["card"] == "storms" and not seas["VI"][0]["active"]


def test_2_4_same_kind_twice_in_a_region_is_discarded_but_two_kinds_stack():
    s = started(4)
    g(s).flow.round = 2
    _track(s, "storms-1", "plague-1", "storms-2")
    s.rng.force("storms-1", 6, "plague-1", 6, "storms-2", 6)
    _draws_done(s)
    kinds = [c.kind for c in g(s).seas["VI"]]
    assert kinds == ["storms", "plague"]
    assert "storms-2" in g(s).fortune_discard


def test_2_4_round_1_cards_wake_in_round_2_and_survive_round_1s_end():
    s = started(4)
    _track(s, "famine-1")
    s.rng.force("famine-1", 5)
    _draws_done(s)
    from tests.fief.helpers import defaults_until
    defaults_until(s, "draw", 2)
    assert g(s).flow.round == 2
    assert [(c.kind, c.active) for c in g(s).seas["V"]] == [("famine", False)]
    _draws_done(s)
    assert [(c.kind, c.active) for c in g(s).seas["V"]] == [("famine", True)]
    defaults_until(s, "draw", 2)
    assert g(s).seas["V"] == []  # 2.10: discarded at the end of Round 2


def test_2_5_plague_halves_armies_and_nobles_roll():
    """George's example: 5 troops lose 2 (owner's choice), a lone Men-at-Arms loses none; nobles die on 1-3."""
    s = started(4)
    data = g(s)
    data.flow.round = 2
    red = data.flow.order[0]
    home = next(c for c, x in data.cities.items() if x.controller == red)
    region = data.cities and __import__("engine.fief.map", fromlist=["load_map"]).load_map().cities[home].region
    others = [c for c in __import__("engine.fief.map", fromlist=["load_map"]).load_map().regions[region].cities
              if c != home]
    data.cities[home].stacks[red] = Stack(troops=["knight", "knight", "men", "men", "men"])
    data.cities[others[0]].stacks[red] = Stack(troops=["men"])
    data.cities[others[0]].controller = red
    nobles = sorted(data.families[red].nobles)
    _track(s, "plague-1")
    s.rng.force("plague-1", ["I", "II", "III", "IV", "V", "VI"].index(region) + 1, 2, 6)
    _draws_done(s)
    assert nobles[0] not in data.nobles and nobles[1] in data.nobles
    task = data.tasks[0]
    assert (task.kind, task.city, task.count) == ("plague", home, 2)
    seat = data.families[red].seat
    decision = RULES.pending(s)[0]
    assert decision.seats == (seat,) and decision.default_for(seat).get("units") == ("men", "men")
    do(s, seat, "plague_losses units:knight,men")
    assert sorted(data.cities[home].stacks[red].troops) == ["knight", "men", "men"]
    assert data.cities[others[0]].stacks[red].troops == ["men"]


def test_2_5_plague_refuses_wrong_losses():
    s = started(4)
    data = g(s)
    data.flow.round = 2
    red = data.flow.order[0]
    home = next(c for c, x in data.cities.items() if x.controller == red)
    from engine.fief.map import load_map
    region = load_map().cities[home].region
    data.cities[home].stacks[red] = Stack(troops=["men", "men", "men", "men"])
    _track(s, "plague-1")
    s.rng.force("plague-1", ["I", "II", "III", "IV", "V", "VI"].index(region) + 1, 6, 6)
    _draws_done(s)
    from tests.fief.helpers import refused
    seat = data.families[red].seat
    count = data.tasks[0].count
    err = refused(s, seat, "plague_losses units:men")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.5", "plague_count", f"the Plague takes exactly {count} troop(s) in {home}", ",".join(["men"] * count))
    err = refused(s, seat, "plague_losses units:knight,men")
    assert (err.section, err.code, err.message, err.legal) == (
        "2.5", "plague_units", f"no 'knight' left to remove in {home}", ["men"])


def test_2_5_abbey_shelters_nobles_from_plague():
    s = started(4)
    data = g(s)
    data.flow.round = 2
    red = data.flow.order[0]
    home = next(c for c, x in data.cities.items() if x.controller == red)
    from engine.fief.map import load_map
    region = load_map().cities[home].region
    data.cities[home].building = "abbey"
    data.cities[home].abbey = "autumn"
    _track(s, "plague-1")
    s.rng.force("plague-1", ["I", "II", "III", "IV", "V", "VI"].index(region) + 1)
    events = []
    for _ in range(4):
        events += do(s, turn_seat(s), "done")
    assert sum(1 for e in events if e.kind == "plague.sheltered") == 2
    assert all(n in data.nobles for n in data.families[red].nobles)
