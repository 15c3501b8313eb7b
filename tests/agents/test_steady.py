"""Steady's one step of look-ahead (engine/agents/steady.py) on a stand-in game: each action's
advantage is set by hand, so which action it keeps, and which it draws among, is exact."""

from __future__ import annotations

import pytest

from engine.agents import steady
from engine.core import Action, RuleError


class Drawn:
    """A stand-in for the agent's random generator: it records what it draws among and takes the first."""

    def __init__(self) -> None:
        self.among: list[object] = []

    def choice(self, seq: list[object]) -> object:
        self.among = list(seq)
        return seq[0]


A, B, C, D = (Action.of(k) for k in "abcd")


@pytest.fixture
def worth(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Each action's advantage set by hand (None: the rules refuse it); a game is the list of actions played on it."""
    def set_worth(values: dict[Action, float | None]) -> None:
        def apply(rules, game, seat, action):  # type: ignore[no-untyped-def]
            if values[action] is None:
                raise RuleError("test", "refused")
            game.append(action)
        monkeypatch.setattr(steady, "apply", apply)
        monkeypatch.setattr(steady, "clone", list)
        monkeypatch.setattr(steady, "advantage", lambda rules, game, seat: sum(values[a] or 0.0 for a in game))
    return set_worth


def test_steady_keeps_the_action_that_leaves_it_furthest_ahead(worth) -> None:  # type: ignore[no-untyped-def]
    worth({A: 1.0, B: 3.0, C: -2.0})
    rnd = Drawn()
    action, game = steady.best(None, [], "p1", [A, B, C], rnd)  # type: ignore[arg-type]
    assert (action, game) == (B, [B])
    assert rnd.among == [(B, [B])]


def test_steady_draws_among_the_actions_that_tie_within_a_billionth(worth) -> None:  # type: ignore[no-untyped-def]
    """Values closer than 1e-9 tie (the seed breaks the tie); one more than 1e-9 above them wins alone,
    whichever comes first."""
    worth({A: 1.0, B: 1.0 + 4e-10, C: 1.0 - 4e-10, D: 0.5})
    rnd = Drawn()
    steady.best(None, [], "p1", [A, D, B, C], rnd)  # type: ignore[arg-type]
    assert [a for a, _ in rnd.among] == [A, B, C]
    worth({A: 1.0, B: 1.0 + 2e-9, C: 1.0})
    for order in ([A, B, C], [B, A, C], [C, A, B]):
        rnd = Drawn()
        steady.best(None, [], "p1", order, rnd)  # type: ignore[arg-type]
        assert [a for a, _ in rnd.among] == [B]


def test_a_value_exactly_a_billionth_away_is_no_tie(worth) -> None:  # type: ignore[no-untyped-def]
    """The tie band is open: a billionth above the best wins alone, a billionth below loses."""
    worth({A: 1.0, B: 1.0 + 1e-9, C: 1.0 - 1e-9})
    rnd = Drawn()
    steady.best(None, [], "p1", [A, B], rnd)  # type: ignore[arg-type]
    assert [a for a, _ in rnd.among] == [A, B]   # 1.0 + 1e-9 is not above 1.0 + 1e-9: a tie
    rnd = Drawn()
    steady.best(None, [], "p1", [A, C], rnd)  # type: ignore[arg-type]
    assert [a for a, _ in rnd.among] == [A]


def test_steady_tries_every_action_on_its_own_copy_and_the_last_on_the_sample(worth) -> None:  # type: ignore[no-untyped-def]
    worth({A: 1.0, B: 2.0, C: 0.0})
    sample: list[Action] = []
    _, game = steady.best(None, sample, "p1", [A, B, C], Drawn())  # type: ignore[arg-type]
    assert game == [B] and sample == [C]


def test_an_action_the_rules_refuse_is_never_kept(worth) -> None:  # type: ignore[no-untyped-def]
    worth({A: None, B: -5.0, C: None})
    rnd = Drawn()
    assert steady.best(None, [], "p1", [A, B, C], rnd)[0] == B  # type: ignore[arg-type]


def test_when_the_rules_refuse_every_action_steady_draws_among_all_and_has_no_game(worth) -> None:  # type: ignore[no-untyped-def]
    worth({A: None, B: None})
    rnd = Drawn()
    assert steady.best(None, [], "p1", [B, A], rnd) == (B, None)  # type: ignore[arg-type]
    assert rnd.among == [B, A]


def test_steady_decides_on_one_sample_of_what_it_cannot_see(worth) -> None:  # type: ignore[no-untyped-def]
    worth({A: 1.0, B: 2.0})
    drawn: list[str] = []

    class Rules:
        def determinize(self, state, seat, rnd):  # type: ignore[no-untyped-def]
            drawn.append(seat)
            return []

    assert steady.decide(Rules(), None, "p3", [A, B], Drawn()) == B  # type: ignore[arg-type]
    assert drawn == ["p3"]
