"""Fief's evaluation (engine/agents/fief_value.py) and the sides it measures a seat against."""

from __future__ import annotations

import math

import pytest

from engine.agents import fief_value
from engine.agents.fief_value import (
    ALLIANCE,
    BARE,
    CITY,
    EXPOSED,
    GARTER,
    INCOME,
    SHILLING,
    SPENT,
    STRENGTH,
    STRONGHOLD,
    horizon,
    scores,
)
from engine.agents.value import advantage, rewards, sides
from engine.core import GameState
from engine.fief.components import C
from engine.fief.estates.income import compute
from engine.fief.state import MAP, Fief, Stack, fief_cities
from engine.registry import get
from tests.agents.states import along


def _titled_game() -> tuple[GameState, Fief, str, str]:
    """A new game where p1's first noble holds region II's title, with its Fortified City held
    and garrisoned by one man-at-arms. Returns the game, its data, p1's family and that city."""
    rules = get("fief")
    state, _ = rules.new_game(["p1", "p2", "p3", "p4"], {}, 7)
    g = state.data
    fid = g.players["p1"].families[0]
    for n in g.nobles.values():
        n.titles = [t for t in n.titles if t != "lord:II"]
    g.nobles[g.families[fid].nobles[0]].titles.append("lord:II")
    city = MAP.regions["II"].cities[0]
    for c in MAP.regions["II"].cities:
        if g.cities[c].building == "fortified":
            g.cities[c].building = None
    c = g.cities[city]
    c.building = "fortified"
    c.controller = fid
    c.stacks = {fid: Stack(troops=["men"])}
    return state, g, fid, city


def test_the_evaluation_guards_the_fortified_city_of_a_titled_region() -> None:
    """4.7: whoever takes a titled region's Fortified City takes the title; 5.1: a city left
    empty stands open. Arena schemers lost titles that way, so a Fortified City without the
    family's troops costs it, and one it no longer holds costs it more."""
    _, g, fid, city = _titled_game()
    garrisoned = scores(g)["p1"]

    g.cities[city].stacks[fid].troops = []
    bare = scores(g)["p1"]
    assert garrisoned - bare == pytest.approx(STRENGTH * C.unit_sp["men"] - BARE)

    income = sum(v for _, v in compute(g)[fid])
    g.cities[city].controller = None
    del g.cities[city].stacks[fid]
    lost = INCOME * (income - sum(v for _, v in compute(g)[fid]))
    assert bare - scores(g)["p1"] == pytest.approx(CITY + STRONGHOLD + lost + BARE - EXPOSED)


def test_a_fortified_city_matters_only_to_its_titled_family() -> None:
    _, g, fid, city = _titled_game()
    for n in g.nobles.values():
        n.titles = [t for t in n.titles if t != "lord:II"]
    before = scores(g)["p1"]
    g.cities[city].stacks[fid].troops = []
    assert before - scores(g)["p1"] == pytest.approx(STRENGTH * C.unit_sp["men"])


@pytest.mark.parametrize(("round_", "phase", "expected"), [
    (1, 0, (1.0, 1.0)), (5, 3, (1.0, 1.0)), (5, 4, (2 / 3, 1.0)), (6, 4, (1 / 3, 1.0)),
    (7, 3, (1 / 3, 1.0)), (7, 4, (0.0, SPENT)), (7, 5, (0.0, SPENT)),
])
def test_the_economy_counts_less_as_round_7_nears(round_: int, phase: int, expected: tuple[float, float]) -> None:
    """8.5: the game ends with Round 7, so income counts by the collections left (3.0) and
    shillings by whether a Purchase phase (4.x) is still to come: in the last one, what is
    kept is worth little."""
    _, g, _, _ = _titled_game()
    g.flow.round, g.flow.phase = round_, phase
    assert horizon(g) == pytest.approx(expected)


def test_a_mill_in_the_last_round_after_income_is_worth_nothing() -> None:
    """A Mill only pays at a collection (3.0): arena schemers built Mills in Round 7."""
    _, g, fid, city = _titled_game()
    g.players["p1"].shillings = 0

    def with_mill() -> float:
        before = scores(g)["p1"]
        g.cities[city].mill = True
        after = scores(g)["p1"]
        g.cities[city].mill = False
        return after - before

    gained = sum(v for _, v in compute(g)[fid])
    g.cities[city].mill = True
    gained = sum(v for _, v in compute(g)[fid]) - gained
    g.cities[city].mill = False
    assert gained > 0
    assert with_mill() == pytest.approx(INCOME * gained)
    g.flow.round, g.flow.phase = 7, 5
    assert with_mill() == 0.0
    base = scores(g)["p1"]
    g.players["p1"].shillings = 10
    assert scores(g)["p1"] - base == pytest.approx(10 * SHILLING * SPENT)


def test_the_garter_counts_on_a_titled_noble_only() -> None:
    """8.5: at the end, a tie goes first to the Order of the Garter on a noble who holds another
    title (13.3)."""
    _, g, fid, _ = _titled_game()
    lord, other = (g.nobles[nid] for nid in g.families[fid].nobles[:2])
    other.titles = []
    before = scores(g)["p1"]
    lord.titles.append("garter")
    assert scores(g)["p1"] - before == pytest.approx(GARTER)
    lord.titles.remove("garter")
    other.titles.append("garter")
    assert scores(g)["p1"] == pytest.approx(before)


def _married_rivals() -> GameState:
    """A game where p2's and p3's families are allied by marriage (8.3)."""
    for rules, state, _ in along("fief", 4, 5, every=40, limit=3):
        twin = rules.copy(state)
        g = twin.data
        a = g.nobles[g.families[g.players["p2"].families[0]].nobles[0]]
        b = g.nobles[g.families[g.players["p3"].families[0]].nobles[0]]
        a.spouse, b.spouse = b.id, a.id
        return twin
    raise AssertionError("no game state met")


def test_two_allied_rivals_count_as_one_side() -> None:
    """8.3: players allied by marriage add their VPs together and share a win, so steady measures
    a seat against the pair's summed score and the search splits the pair's share between them."""
    rules = get("fief")
    state = _married_rivals()
    assert sides(rules, state) == [("p1",), ("p2", "p3"), ("p4",)]
    s = fief_value.scores(state.data)
    assert advantage(rules, state, "p1") == pytest.approx(s["p1"] - max(s["p2"] + s["p3"], s["p4"]))
    assert advantage(rules, state, "p2") == pytest.approx(s["p2"] - max(s["p1"], s["p4"]))

    share = rewards(rules, state)
    weights = {"p1": s["p1"], "p23": s["p2"] + s["p3"], "p4": s["p4"]}
    top = max(weights.values())
    total = sum(math.exp((v - top) / 6.0) for v in weights.values())
    assert share["p1"] == pytest.approx(math.exp((weights["p1"] - top) / 6.0) / total)
    assert share["p2"] == share["p3"] == pytest.approx(math.exp((weights["p23"] - top) / 6.0) / total / 2)
    assert sum(share.values()) == pytest.approx(1.0)


def test_without_an_alliance_each_seat_is_its_own_side() -> None:
    for rules, state, _ in along("fief", 4, 5, every=40, limit=1):
        assert sides(rules, state) == [("p1",), ("p2",), ("p3",), ("p4",)]
        s = fief_value.scores(state.data)
        assert advantage(rules, state, "p1") == pytest.approx(s["p1"] - max(s["p2"], s["p3"], s["p4"]))


def test_a_marriage_into_another_player_s_family_costs_both_partners_and_nobody_else() -> None:
    """8.3: allies share a victory, so each partner's family counts ``ALLIANCE`` (both sides of the
    marriage, p2's and p3's); the families outside it score as before."""
    state = _married_rivals()
    g = state.data
    married = scores(g)
    for n in g.nobles.values():
        n.spouse = None
    single = scores(g)
    assert married["p2"] - single["p2"] == pytest.approx(ALLIANCE)
    assert married["p3"] - single["p3"] == pytest.approx(ALLIANCE)
    assert married["p1"] == pytest.approx(single["p1"]) and married["p4"] == pytest.approx(single["p4"])


def test_each_victory_point_of_a_family_counts_vp_for_its_seat_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """8.1: victory points decide the game, so one more VP of p1's family adds ``VP`` to p1's score
    and nothing to anyone else's."""
    from engine.agents.fief_value import VP

    _, g, fid, _ = _titled_game()
    before = scores(g)
    counted = fief_value.family_vp
    monkeypatch.setattr(fief_value, "family_vp", lambda g, f: counted(g, f) + (1 if f == fid else 0))
    after = scores(g)
    assert after["p1"] - before["p1"] == pytest.approx(VP)
    assert all(after[s] == pytest.approx(before[s]) for s in ("p2", "p3", "p4"))


def test_a_title_within_reach_counts_from_the_exact_price_up() -> None:
    """4.3: a family holding every city of a region, one of them fortified, may buy its title: the
    evaluation counts that readiness (``READY``) once the purse holds the price, not a shilling less."""
    from engine.agents.fief_value import READY
    from engine.fief.estates.titles import title_cost

    _, g, fid, _ = _titled_game()
    for n in g.nobles.values():
        n.titles = [t for t in n.titles if t != "lord:II"]
    for c in MAP.regions["II"].cities:
        g.cities[c].controller = fid
    price = title_cost(g, "II")
    seat = g.families[fid].seat

    def score(purse: int) -> float:
        g.players[seat].shillings = purse
        return scores(g)[seat]

    _, money = horizon(g)
    jump = (score(price) - score(price - 1)) - (score(price - 1) - score(price - 2))
    assert jump == pytest.approx(money * READY)


def test_an_untitled_region_counts_by_the_square_of_its_share_and_more_with_a_stronghold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """4.9: a family claiming a region's title needs its cities and a Stronghold among them, so each
    untitled region adds ``REACH`` (plus ``FORT`` with a Stronghold of its own there) times the square
    of the share of its cities the family holds: the last cities count most."""
    from engine.agents.fief_value import FORT, REACH

    _, g, fid, city = _titled_game()
    for n in g.nobles.values():
        n.titles = [t for t in n.titles if t != "lord:II"]
    for c in g.cities.values():
        c.controller = None
    cities = MAP.regions["II"].cities
    for c in cities:
        g.cities[c].controller = fid
    _, money = horizon(g)

    def claim() -> float:
        """What the regions in reach add to p1's score."""
        with monkeypatch.context() as m:
            m.setattr(fief_value, "REACH", 0.0)
            m.setattr(fief_value, "FORT", 0.0)
            without = scores(g)["p1"]
        return scores(g)["p1"] - without

    assert claim() == pytest.approx(money * (REACH + FORT))
    g.cities[city].controller = None   # the Fortified City lost: no Stronghold of p1's in region II
    share = (len(cities) - 1) / len(cities)
    assert claim() == pytest.approx(money * REACH * share * share) and claim() > 0


def test_a_bishopric_or_archbishopric_adds_clergy_to_its_family() -> None:
    """A noble of the Church (bishop or archbishop of a diocese) counts ``CLERGY`` for the family, on
    top of everything else it already scores."""
    from engine.agents.fief_value import CLERGY

    _, g, fid, _ = _titled_game()
    noble = g.nobles[g.families[fid].nobles[0]]
    before = scores(g)["p1"]
    noble.titles.append("bishop:exeter")
    assert scores(g)["p1"] - before == pytest.approx(CLERGY)
    noble.titles[-1] = "archbishop:exeter"
    assert scores(g)["p1"] - before == pytest.approx(CLERGY)


def test_a_free_noble_counts_the_roads_to_the_nearest_city_its_family_still_needs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """5.0: a noble walks road by road, so each free noble costs ``ROAD`` per road between it and
    the nearest city its best region still needs: nothing while it stands in one."""
    from engine.agents.fief_value import ROAD

    _, g, fid, city = _titled_game()
    for n in g.nobles.values():
        n.titles = [t for t in n.titles if t != "lord:II"]
    for c in g.cities.values():
        c.controller = None
    g.cities[city].controller = fid   # one city of region II: the only region with a share
    needed = [c for c in fief_cities(g, "II") if c != city]
    nobles = [g.nobles[nid] for nid in g.families[fid].nobles]

    def roads() -> float:
        """What the roads cost p1's score."""
        with monkeypatch.context() as m:
            m.setattr(fief_value, "ROAD", 0.0)
            without = scores(g)["p1"]
        return without - scores(g)["p1"]

    for n in nobles:
        n.city = needed[0]
    assert roads() == pytest.approx(0.0)
    away = next(c for c in MAP.neighbours(needed[0]) if c not in needed)
    nobles[0].city = away
    assert roads() == pytest.approx(ROAD)
