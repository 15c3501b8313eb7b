"""Edges found by the seed-21 mutation sample (issue 12), each tested whole: every message the consistency
check returns (one bad field at a time), the Negotiating Table's refusal for too few players, and
``waits_on`` agreeing with ``pending`` at every state of seeded base games and between the steps."""

from __future__ import annotations

import pytest

from engine.core import Action, GameState, RuleError, apply
from engine.okc import RULES
from engine.okc.actions import pending, waits_on
from engine.okc.consistency import validate
from engine.okc.modules.shipped import MODULES
from engine.okc.state import Placed, Seated
from tests.okc.helpers import data, game

SEATS = ["p1", "p2"]


def _broken(change: str) -> list[str]:
    state = game(2)
    g = data(state)
    assert validate(g, SEATS) == []
    if change == "players":
        g.players["p3"] = g.players["p2"]
    elif change == "order":
        g.order = ["p1", "p1"]
    elif change in ("influence", "lore", "supporters", "hand_size"):
        setattr(g.players["p2"], change, -1)
    elif change == "card_owner":
        g.regions[1].cards = [Placed("nobility.f1", "p1"), Placed("clans.f4", "p9")]
    elif change == "supporters_of_nobody":
        g.regions[2].supporters = {"p9": 1}
    elif change == "supporters_below_zero":
        g.regions[0].supporters = {"p1": -2}
    elif change == "council_owner":
        g.councils["relics"] = [Seated("nobility.c6", "p1"), Seated("clans.c6", "p7")]
    elif change == "favour_holder":
        g.favour_holder = "p5"
    return validate(g, SEATS)


@pytest.mark.parametrize(("change", "message"), [
    ("players", "players: the seats are ['p1', 'p2'], not ['p1', 'p2', 'p3']"),
    ("order", "order: the order track holds every seat once, not ['p1', 'p1']"),
    ("influence", "players.p2.influence: -1 is below zero"),
    ("lore", "players.p2.lore: -1 is below zero"),
    ("supporters", "players.p2.supporters: -1 is below zero"),
    ("hand_size", "players.p2.hand_size: -1 is below zero"),
    ("card_owner", "regions.1.cards.1.owner: no seat 'p9'"),
    ("supporters_of_nobody", "regions.2.supporters.p9: 1 supporters of no seat or below zero"),
    ("supporters_below_zero", "regions.0.supporters.p1: -2 supporters of no seat or below zero"),
    ("council_owner", "councils.relics.1.owner: no seat 'p7'"),
    ("favour_holder", "favour_holder: no seat 'p5'"),
])
def test_each_inconsistency_is_reported_alone_and_exactly(change: str, message: str) -> None:
    assert _broken(change) == [message]


def test_a_sound_state_with_a_favour_holder_and_an_empty_order_passes() -> None:
    g = data(game(2))
    g.favour_holder, g.order = "p2", []
    g.players["p1"].influence = g.players["p1"].lore = 0
    g.regions[0].supporters = {"p1": 0, "p2": 1}
    assert validate(g, SEATS) == []


def test_the_negotiating_table_needs_three_or_four_players() -> None:
    table = MODULES["negotiating_table"]
    with pytest.raises(RuleError) as info:
        table.check_options(2, {})
    err = info.value
    assert (err.section, err.message, err.code, err.legal) == (
        "Wild Kingdom: Negotiating Table, Setup", "the Negotiating Table is played with 3 or 4 players", "bad_option",
        "3 or 4 players, or leave the module out")
    table.check_options(3, {})
    table.check_options(4, {})


def _agrees(state: GameState) -> None:
    awaited = {s for d in pending(state) for s in d.seats}
    for seat in data(state).order:
        assert waits_on(state, seat) == (seat in awaited), (data(state).step, seat)


@pytest.mark.parametrize(("players", "seed", "modules"), [(2, 3, ""), (3, 5, ""), (4, 7, ""),
                                                       (2, 4, "travelling_town,aeronauts")])
def test_waits_on_agrees_with_pending_at_every_state_of_a_game(players: int, seed: int, modules: str) -> None:
    state = game(players, seed, **({"modules": modules} if modules else {}))
    for _ in range(600):
        _agrees(state)
        if data(state).over:
            break
        d = RULES.pending(state)[0]
        seat = d.seats[0]
        apply(RULES, state, seat, d.default_for(seat) or Action.of("pass"))
    _agrees(state)


def test_between_the_steps_nobody_is_awaited() -> None:
    state = game(3, 5)
    g = data(state)
    g.secret, g.choice, g.turn_queue, g.bid_queue = None, None, [], []
    for step in ("start", "bid", "resolve_bids", "heralds", "region_cards", "spring_actions", "clash_order", "day",
                 "tally", "tie", "claim", "autumn", "winter", "cleanup"):
        g.step = step
        if step == "clash_order":
            g.regions[0].marker = 1
        _agrees(state)
    g.over = True
    assert not any(waits_on(state, s) for s in g.order)
