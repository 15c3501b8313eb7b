"""Rules.determinize: the seat's view is kept, the rest is drawn again, from what the seat knows only."""

from __future__ import annotations

import random

import pytest

from engine.core import canonical
from tests.agents.states import along

CASES = [("okc", 2, 3), ("okc", 4, 4), ("fief", 4, 5), ("fief", 2, 6)]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_the_seat_sees_the_same_game(game: str, players: int, seed: int) -> None:
    for rules, state, seat in along(game, players, seed, every=7, limit=40):
        twin = rules.determinize(state, seat, random.Random(1))
        assert canonical(rules.view(twin, seat)) == canonical(rules.view(state, seat))
        assert canonical(rules.view(twin, None)) == canonical(rules.view(state, None))
        assert rules.legal(twin, seat) == rules.legal(state, seat)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_the_sample_depends_only_on_what_the_seat_knows(game: str, players: int, seed: int) -> None:
    for rules, state, seat in along(game, players, seed, every=9, limit=30):
        other_truth = rules.determinize(state, seat, random.Random(99))
        a = rules.determinize(state, seat, random.Random(5))
        b = rules.determinize(other_truth, seat, random.Random(5))
        assert rules.fingerprint(a) == rules.fingerprint(b)


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_hidden_facts_are_drawn_again(game: str, players: int, seed: int) -> None:
    changed = 0
    for rules, state, seat in along(game, players, seed, every=11, limit=10):
        a = rules.determinize(state, seat, random.Random(1))
        b = rules.determinize(state, seat, random.Random(2))
        changed += rules.fingerprint(a) != rules.fingerprint(b)
        assert state.rng.state not in (a.rng.state, b.rng.state), "the dice to come are hidden too"
    assert changed >= 8


WILD = {"modules": "negotiating_table,aeronauts,legendary_creatures,wild_kingdom_cards"}


@pytest.mark.parametrize("seed", [1, 2])
def test_with_modules_an_ally_s_back_shows_in_every_place(seed: int) -> None:
    """Wild Kingdom (Allies): another faction's card shows its back, so a sample keeps, for every other
    seat, how many Allies each place holds (hand, deck, face-down Region cards, Ally bid) and of which
    kind each secret choice is; the same rule as ``rules.permute`` for the simulator."""
    from engine.okc.allies import allies_in_hand, is_ally

    met = 0
    for rules, state, seat in along("okc", 3, seed, every=3, limit=60, options=WILD):
        g = state.data
        for k in range(3):
            twin = rules.determinize(state, seat, random.Random(k))
            t = twin.data
            assert canonical(rules.view(twin, seat)) == canonical(rules.view(state, seat))
            for other in g.players:
                kinds = [is_ally(g, other, c) for c in g.players[other].deck]
                assert [is_ally(t, other, c) for c in t.players[other].deck] == kinds
                assert len(allies_in_hand(t, other)) == len(allies_in_hand(g, other))
                if other in g.ally_bids:
                    assert is_ally(t, other, t.ally_bids[other]) == is_ally(g, other, g.ally_bids[other])
            for r, q in zip(g.regions, t.regions, strict=True):
                assert [is_ally(g, c.owner, c.card) for c in r.cards if c.owner in g.players] == \
                       [is_ally(t, c.owner, c.card) for c in q.cards if c.owner in t.players]
        met += any(allies_in_hand(g, s) for s in g.players if s != seat)
        other_truth = rules.determinize(state, seat, random.Random(99))
        a = rules.determinize(state, seat, random.Random(5))
        b = rules.determinize(other_truth, seat, random.Random(5))
        assert rules.fingerprint(a) == rules.fingerprint(b)
    assert met >= 3


def test_a_sampled_game_plays_on_to_the_end() -> None:
    from engine.core import apply

    for rules, state, seat in along("okc", 3, 8, every=23, limit=4):
        twin = rules.determinize(state, seat, random.Random(3))
        rnd = random.Random(4)
        while rules.result(twin) is None:
            who = next(d for d in rules.pending(twin) if d.blocking).seats[0]
            apply(rules, twin, who, rnd.choice(rules.legal(twin, who)))


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_clone_is_the_same_game_as_copy(game: str, players: int, seed: int) -> None:
    from engine.core.rules import clone

    for rules, state, _seat in along(game, players, seed, every=31, limit=8):
        twin = clone(state)
        assert rules.fingerprint(twin) == rules.fingerprint(rules.copy(state))
        assert twin.data is not state.data
