"""Fief's evaluation (engine/agents/fief_value.py) term by term on a new four-player game, where no
city is held, no noble stands anywhere and no title is given (p1 plays red: Hugh and Isabel; p3
green): each change adds its documented weight (docs/agents.md) to its seat's score."""

from __future__ import annotations

import pytest

from engine import games  # noqa: F401  (registers the shipped games)
from engine.agents import fief_value
from engine.agents.fief_value import (
    CAPTIVE,
    CLERGY,
    CROWN,
    NOBLE,
    ROAD,
    SAVE,
    SHILLING,
    STRENGTH,
    STRONGHOLD,
    THREAT,
    partners,
    scores,
)
from engine.fief.map import REGION_IDS
from engine.fief.state import MAP, Fief, Stack, fief_cities
from engine.registry import get


def _new(players: int = 4) -> Fief:
    state, _ = get("fief").new_game([f"p{k + 1}" for k in range(players)], {}, 7)
    return state.data


def test_the_weights_are_the_documented_ones() -> None:
    """docs/agents.md, "The evaluations" (in tenths of a VP): 10 per VP; 3 times the square of a region's
    share, 1.5 more with a Stronghold there, 1.5 more when the title could be bought now; 0.4 per shilling
    saved, from half a region's cities; 0.15 per road; 1 per city and 0.6 per Stronghold; 0.5 per shilling
    of income, 0.1 per shilling, 0.1 per strength point; 1.5 per free noble, -0.8 per captive one; 1.5 per
    bishopric; 3 for the Crown; 2 for the Garter; -0.4 per rival troop in a city held; -4 and -1 for a
    titled region's Fortified City lost or left bare; -3 for an alliance; income in full while three
    collections remain, money at a quarter from the last Purchase phase."""
    f = fief_value
    assert (f.VP, f.REACH, f.FORT, f.READY, f.SAVE, f.HALF, f.ROAD) == (10.0, 3.0, 1.5, 1.5, 0.4, 0.5, 0.15)
    assert (f.CITY, f.STRONGHOLD, f.INCOME, f.SHILLING, f.STRENGTH) == (1.0, 0.6, 0.5, 0.1, 0.1)
    assert (f.NOBLE, f.CAPTIVE, f.CLERGY, f.CROWN, f.GARTER, f.THREAT) == (1.5, -0.8, 1.5, 3.0, 2.0, 0.4)
    assert (f.EXPOSED, f.BARE, f.ALLIANCE, f.INCOMES, f.SPENT) == (-4.0, -1.0, -3.0, 3, 0.25)


def test_each_free_noble_counts_and_a_captive_one_counts_against() -> None:
    g = _new()
    before = scores(g)["p1"]
    g.families["red"].nobles = ["hugh"]
    assert before - scores(g)["p1"] == pytest.approx(NOBLE)
    g.nobles["hugh"].captor = "green"
    assert before - scores(g)["p1"] == pytest.approx(2 * NOBLE - CAPTIVE)


@pytest.mark.parametrize("crown", ["king", "sovereign_queen"])
def test_the_crown_on_a_noble_of_the_family_counts(crown: str) -> None:
    g = _new()
    before = scores(g)
    g.nobles["isabel"].titles = [crown]
    after = scores(g)
    assert after["p1"] - before["p1"] == pytest.approx(CROWN)
    assert after["p3"] == pytest.approx(before["p3"])


def _purse_worth(g: Fief, seat: str = "p1") -> list[float]:
    """What each further shilling in the seat's purse adds, from 0 to 8 shillings."""
    out = []
    for purse in range(9):
        g.players[seat].shillings = purse
        out.append(scores(g)[seat])
    return [round(b - a, 9) for a, b in zip(out, out[1:], strict=False)]


def test_shillings_saved_count_towards_the_title_of_a_region_half_held_up_to_its_price() -> None:
    """4.3: region II (Cardiff, Harlech) costs 4 shillings: holding one of its two cities, each of the
    first four shillings counts ``SAVE`` on top of a shilling's worth; holding one city of three in
    region I, none does."""
    g = _new()
    g.cities["Plymouth"].controller = "red"
    assert _purse_worth(g) == [SHILLING] * 8
    g.cities["Cardiff"].controller = "red"
    assert _purse_worth(g) == [round(SAVE + SHILLING, 9)] * 4 + [SHILLING] * 4


def test_the_savings_go_to_the_region_with_the_largest_share_then_a_stronghold_then_the_first() -> None:
    """Half of region II (4 shillings) and half of region V (8 shillings): the first in region order
    is saved for, unless only the other has a Stronghold of the family's; two thirds of region I
    (6 shillings) outweigh either half."""
    g = _new()
    g.cities["Cardiff"].controller = "red"
    g.cities["Norwich"].controller = g.cities["Coventry"].controller = "red"
    assert _purse_worth(g) == [round(SAVE + SHILLING, 9)] * 4 + [SHILLING] * 4
    g.cities["Norwich"].building = "stronghold"
    assert _purse_worth(g) == [round(SAVE + SHILLING, 9)] * 8
    g.cities["Norwich"].building = None
    g.cities["King's Lynn"].building = "stronghold"    # a Stronghold of another's in region V: no claim
    assert _purse_worth(g) == [round(SAVE + SHILLING, 9)] * 4 + [SHILLING] * 4
    g.cities["Plymouth"].controller = g.cities["Exeter"].controller = "red"
    assert _purse_worth(g) == [round(SAVE + SHILLING, 9)] * 6 + [SHILLING] * 2


def _roads(g: Fief, monkeypatch: pytest.MonkeyPatch, seat: str = "p1") -> float:
    """What the roads cost the seat's score."""
    with monkeypatch.context() as m:
        m.setattr(fief_value, "ROAD", 0.0)
        without = scores(g)[seat]
    return round((without - scores(g)[seat]) / ROAD, 9)


def test_a_free_noble_walks_towards_the_first_region_with_the_largest_share_not_yet_all_held(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Hugh in London (region VI): with nothing held, region I is the first of the equal regions, 2 roads
    from London (Bristol); region II all held needs nothing more and changes nothing; London held makes
    region VI the one to complete, and the roads are counted to its nearest city not yet held."""
    g = _new()
    g.nobles["hugh"].city = "London"
    assert _roads(g, monkeypatch) == 2
    g.cities["Cardiff"].controller = g.cities["Harlech"].controller = "red"
    assert _roads(g, monkeypatch) == 2
    g.cities["London"].controller = "red"
    vi = [c for c in fief_cities(g, "VI") if c != "London"]
    assert _roads(g, monkeypatch) == min(fief_value._ROADS["London"][c] for c in vi) > 0
    g.nobles["hugh"].captor = "green"                   # a captive walks nowhere
    assert _roads(g, monkeypatch) == 0
    g.nobles["hugh"].captor, g.nobles["hugh"].city = None, None   # nor does a noble off the board
    assert _roads(g, monkeypatch) == 0


def test_the_map_is_connected_and_the_roads_are_the_fewest() -> None:
    """5.0: every city reaches every other; a neighbour is one road away, a city itself none."""
    for city in MAP.cities:
        roads = fief_value._roads_from(city)
        assert set(roads) == set(MAP.cities) and roads[city] == 0
        for n in MAP.neighbours(city):
            assert roads[n] == 1
        assert all(roads[c] <= min(roads[n] for n in MAP.neighbours(c)) + 1 for c in MAP.cities)


def test_rival_troops_inside_a_city_threaten_its_holder_those_outside_do_not() -> None:
    """Each rival troop inside a city the family controls counts ``THREAT`` against it (the rival's
    troops count their strength for the rival wherever they stand); its own troops, or a rival's on the
    road outside (5.0), threaten nothing."""
    g = _new()
    city = g.cities["Oxford"]
    city.controller = "red"
    before = scores(g)
    city.stacks = {"red": Stack(troops=["men", "men"])}
    own = scores(g)
    assert own["p1"] - before["p1"] == pytest.approx(2 * STRENGTH)
    city.stacks["green"] = Stack(troops=["knight", "men"], outskirts=True)
    outside = scores(g)
    assert outside["p1"] == pytest.approx(own["p1"])
    assert outside["p3"] - own["p3"] == pytest.approx(4 * STRENGTH)
    city.stacks["green"].outskirts = False
    inside = scores(g)
    assert own["p1"] - inside["p1"] == pytest.approx(2 * THREAT)
    assert inside["p3"] == pytest.approx(outside["p3"])
    city.stacks["yellow"] = Stack(troops=["men"])        # two rivals inside: three troops in all
    assert own["p1"] - scores(g)["p1"] == pytest.approx(3 * THREAT)
    del city.stacks["yellow"]
    city.building = "stronghold"                        # and a claim on region VI (one city of four)
    assert scores(g)["p1"] - inside["p1"] == pytest.approx(STRONGHOLD + fief_value.FORT / 16)


def test_a_seat_s_score_adds_up_its_families_scores() -> None:
    """Two players (13.7): each plays two families, and its score adds both."""
    g = _new(2)
    fams = g.players["p1"].families
    before = scores(g)["p1"]
    for fid, see in zip(fams, ("york", "exeter"), strict=True):
        g.nobles[g.families[fid].nobles[0]].titles = [f"bishop:{see}"]
    assert scores(g)["p1"] - before == pytest.approx(2 * CLERGY)
    assert scores(g)["p2"] == pytest.approx(scores(_new(2))["p2"])


def test_a_marriage_between_the_seat_s_own_families_is_no_alliance() -> None:
    """8.3 binds two players; a seat's own two families married to each other share nothing with a rival."""
    g = _new(2)
    red, blue = g.players["p1"].families
    before = scores(g)
    a, b = g.families[red].nobles[0], next(n for n in g.families[blue].nobles if g.nobles[n].sex != g.nobles[
        g.families[red].nobles[0]].sex)
    g.nobles[a].spouse, g.nobles[b].spouse = b, a
    assert partners(g, "p1") == set() and partners(g, "p2") == set()
    assert scores(g)["p1"] == pytest.approx(before["p1"])
    rival = next(n for f in g.players["p2"].families for n in g.families[f].nobles
                 if g.nobles[n].sex != g.nobles[a].sex)
    g.nobles[b].spouse = None
    g.nobles[a].spouse, g.nobles[rival].spouse = rival, a
    assert partners(g, "p1") == {"p2"} and partners(g, "p2") == {"p1"}


def test_every_untitled_region_with_fiefdom_cities_is_read_in_region_order() -> None:
    g = _new()
    board = fief_value._Board(g)
    assert [r for r, *_ in board.regions] == [r for r in REGION_IDS if fief_cities(g, r)]
    g.nobles["hugh"].titles = ["lord:II"]
    assert "II" not in [r for r, *_ in fief_value._Board(g).regions]


def test_a_titled_region_without_a_fortified_city_yet_has_nothing_to_guard() -> None:
    """4.7: only a Fortified City carries the title with it; before one is built, the title counts its
    VPs alone (and the region leaves the regions in reach)."""
    from engine.agents.fief_value import VP
    from engine.fief.victory import family_vp

    g = _new()
    before, vps = scores(g)["p1"], family_vp(g, "red")
    g.nobles["hugh"].titles = ["lord:II"]
    assert family_vp(g, "red") > vps
    assert scores(g)["p1"] - before == pytest.approx(VP * (family_vp(g, "red") - vps))


def test_every_city_held_and_every_troop_count_wherever_they_stand(monkeypatch: pytest.MonkeyPatch) -> None:
    """1 per city controlled and 0.6 per Stronghold among them; 0.1 per strength point of troops in
    every city (a knight 3, a man-at-arms 1: 7.5)."""
    g = _new()
    for city, troop in (("Oxford", "men"), ("York", "knight"), ("Exeter", "men")):
        g.cities[city].controller = "red"
        g.cities[city].building = "stronghold" if city != "Exeter" else None
        g.cities[city].stacks = {"red": Stack(troops=[troop])}

    def weight(name: str) -> float:
        """What one unit of the weight ``name`` is worth to p1."""
        with monkeypatch.context() as m:
            m.setattr(fief_value, name, 0.0)
            without = scores(g)["p1"]
            m.setattr(fief_value, name, 1.0)
            return round(scores(g)["p1"] - without, 9)

    assert (weight("CITY"), weight("STRONGHOLD"), weight("STRENGTH")) == (3.0, 2.0, 5.0)
