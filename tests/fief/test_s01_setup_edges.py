"""Game Setup (1.0, 13.6-13.8), every field of the starting state for 2, 3 and 4 players and each
option: families and purses, stockpiles and markers, nobles dealt and removed, the decks, invader
armies, seas, relics, the first player and the turn order, and the public ``setup.done`` event."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.rules import split_roles
from engine.fief import RULES, setup
from engine.fief.components import C
from engine.fief.state import MAP
from tests.fief.helpers import SEATS


def _new(players: int, seed: int = 3, **options: object):  # type: ignore[no-untyped-def]
    state, events = RULES.new_game(SEATS[players], dict(options), seed)
    return state, state.data, events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_1_0_13_7_13_8_families_purses_stockpiles_and_markers(players) -> None:
    _s, d, _e = _new(players)
    per = 2 if players == 2 else 1
    ids = [f.id for f in C.families]
    assert {seat: p.families for seat, p in d.players.items()} == {
        seat: ids[i * per:(i + 1) * per] for i, seat in enumerate(SEATS[players])}
    assert all(p.shillings == 5 * per and p.hand == [] for p in d.players.values())
    assert sorted(d.families) == sorted(ids[:players * per])
    for fam in d.families.values():
        assert d.players[fam.seat].families.count(fam.id) == 1
        assert fam.stockpile == {"knight": 8, "men": 12, "archer": 4, "bombard": 3, "trebuchet": 2}
        assert fam.stockpile is not C.stockpile
        assert (fam.pigeons, fam.treasures, fam.votes, fam.ring) == (3, 2, 2, True)
    assert d.two_player is (players == 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_1_0_one_nobleman_and_one_noblewoman_each_three_of_each_sex_unseen(players) -> None:
    _s, d, _e = _new(players)
    families = len(d.families)
    assert len(d.nobles) == 2 * families
    for fam in d.families.values():
        assert sorted(d.nobles[n].sex for n in fam.nobles) == ["f", "m"]
        for nid in fam.nobles:
            n = d.nobles[nid]
            assert (n.id, n.family, n.card, n.name) == (nid, fam.id, f"noble-{nid}", C.card(n.card).name)
            assert n.city is None and n.captor is None and n.titles == []
            assert n.retainer is not None and not n.spent
    assert Counter(C.card(c).sex for c in d.unseen) == {"m": 3, "f": 3}
    nobles = [c.id for c in C.cards.values() if c.id.startswith("noble-")]
    dealt = [d.nobles[n].card for n in d.nobles]
    in_deck = [c for c in d.character_deck if c.startswith("noble-")]
    assert sorted(dealt + d.unseen + in_deck) == sorted(nobles)
    others = [c for c in d.character_deck if not c.startswith("noble-")]
    assert sorted(others) == sorted(C.of_kind("abbess", "bishop", "archbishop", "mercenary", "burgher"))
    assert len(d.character_deck) == 31 - 6 - 2 * families


@pytest.mark.parametrize("players", [2, 3, 4])
def test_1_0_decks_retainers_armies_seas_and_cities(players) -> None:
    _s, d, _e = _new(players)
    families = len(d.families)
    assert sorted(d.fortune_deck) == sorted(c.id for c in C.cards.values() if c.deck == "fortune")
    assert len(d.fortune_deck) == 25
    assert len(d.retainer_deck) == 23 - 2 * families
    drawn = [n.retainer for n in d.nobles.values()]
    assert len(set(drawn)) == len(drawn) and not set(drawn) & set(d.retainer_deck)
    assert sorted(d.retainer_deck + drawn) == sorted(C.retainers)   # type: ignore[type-var]
    assert sorted(d.armies) == [f"army-{i}" for i in range(1, 5)]
    assert all(a.id == k and a.city is None for k, a in d.armies.items())
    assert d.seas == {s: [] for s in MAP.seas}
    assert sorted(d.cities) == sorted(MAP.cities)
    assert all(c.controller is None and not c.stacks and c.building is None for c in d.cities.values())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_12_0_one_relic_face_down_on_each_cathedral_city(players) -> None:
    _s, d, _e = _new(players)
    hidden = {c: x.hidden_relic for c, x in d.cities.items() if x.hidden_relic}
    assert sorted(hidden) == sorted(c.name for c in MAP.cities.values() if c.cathedral) \
        == ["Canterbury", "Exeter", "Norwich", "York"]
    assert sorted(hidden.values()) == sorted(C.relics)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_1_0_the_first_player_then_clockwise_and_setup_done_tells_it(players) -> None:
    seen = set()
    for seed in range(1, 9):
        _s, d, events = _new(players, seed)
        first = d.flow.first
        seen.add(first)
        seats = SEATS[players]
        i = seats.index(first)
        rotated = seats[i:] + seats[:i]
        assert d.flow.order == [f for s in rotated for f in d.players[s].families]
        assert d.flow.queue == d.flow.order and d.flow.queue is not d.flow.order
        (done,) = [e for e in events if e.kind == "setup.done"]
        assert done.data == {"first": first, "families": {s: d.players[s].families for s in seats},
                             "two_player": players == 2, "random_start": False}
        assert d.random_start is False
    assert len(seen) > 1   # the first player is drawn, not always the first seat


def test_13_6_the_random_start_option_is_kept_and_told() -> None:
    _s, d, events = _new(3, random_start=True)
    assert d.random_start is True
    (done,) = [e for e in events if e.kind == "setup.done"]
    assert done.data["random_start"] is True


def test_setup_chosen_colours_and_random_ones() -> None:
    _s, d, _e = _new(3, roles="green,random,red")
    assert d.players["ann"].families == ["green"] and d.players["cat"].families == ["red"]
    assert d.players["bob"].families[0] in ("blue", "yellow")
    _s, d, _e = _new(2, roles="yellow,blue")
    assert d.players["ann"].families[0] == "yellow" and d.players["bob"].families[0] == "blue"
    assert sorted(d.players["ann"].families[1:] + d.players["bob"].families[1:]) == ["green", "red"]
    assert split_roles("") == [] and setup.families_for(["a", "b"]) == {"a": ["red", "blue"],
                                                                        "b": ["green", "yellow"]}


def test_setup_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    a, b, c = (RULES.fingerprint(_new(4, seed)[0]) for seed in (7, 7, 8))
    assert a == b != c


def test_13_7_with_two_players_the_second_family_is_dealt_at_random_from_those_left() -> None:
    seconds = {_new(2, seed, roles="yellow,blue")[1].players["ann"].families[1] for seed in range(1, 13)}
    assert seconds == {"red", "green"}
    firsts = {_new(3, seed, roles="green,red,blue")[1].players["bob"].families[0] for seed in range(1, 5)}
    assert firsts == {"red"}   # chosen colours, nobody random: as chosen
