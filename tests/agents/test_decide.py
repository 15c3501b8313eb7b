"""The agents' entry points (engine/agents/__init__.py) on stand-in games: which strength is asked,
what it is given (every legal action, or those worth weighing), the seed, and the schemer's budget
in iterations and seconds."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import engine.agents as agents
from engine.agents import answer, schemer, steady
from engine.core import Action, Refusal, RuleError

END, STALL = Action.of("end_turn"), Action.of("give_retainer", noble="n", to="m")


class Listed:
    """A stand-in for a game's rules: a name and the seat's legal actions."""

    def __init__(self, name: str, legal: list[Action]) -> None:
        self.name, self._legal = name, legal

    def legal(self, state: object, seat: str) -> list[Action]:
        return list(self._legal)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:  # type: ignore[type-arg]
    """Who was asked, with what: the random move, steady, the schemer, the answer."""
    calls: list[tuple] = []  # type: ignore[type-arg]

    def playout(rules, state, seat, legal, rnd):  # type: ignore[no-untyped-def]
        calls.append(("random", legal, rnd.random()))
        return legal[-1]

    def steady_decide(rules, state, seat, legal, rnd):  # type: ignore[no-untyped-def]
        calls.append(("steady", legal, rnd.random()))
        return legal[-1]

    def schemer_decide(rules, state, seat, legal, rnd, *, iterations, clock, seconds):  # type: ignore[no-untyped-def]
        calls.append(("schemer", legal, iterations, clock, seconds))
        return legal[-1]

    def answered(rules, state, seat, request_id, rnd):  # type: ignore[no-untyped-def]
        calls.append(("answer", request_id, rnd.random()))
        return True, "helps"

    monkeypatch.setattr(agents, "playout_move", playout)
    monkeypatch.setattr(steady, "decide", steady_decide)
    monkeypatch.setattr(schemer, "decide", schemer_decide)
    monkeypatch.setattr(answer, "answer", answered)
    return calls


STATE = SimpleNamespace(data=None)


@pytest.mark.parametrize("strength", agents.STRENGTHS)
def test_a_single_legal_action_is_played_without_thinking(asked, strength: str) -> None:  # type: ignore[no-untyped-def]
    assert agents.decide(Listed("fief", [STALL]), STATE, "p1", strength, seed=1) == STALL  # type: ignore[arg-type]
    assert asked == []


def test_random_draws_among_every_legal_action_with_the_agent_s_seed(asked) -> None:  # type: ignore[no-untyped-def]
    """Every legal action, in the canonical order (``choices``), a retainer's hand-over too."""
    assert agents.decide(Listed("fief", [END, STALL]), STATE, "p1", "random", seed=7) == END  # type: ignore[arg-type]
    assert asked == [("random", [STALL, END], random.Random(7).random())]


@pytest.mark.parametrize("strength", ["steady", "schemer"])
def test_a_thinking_agent_left_one_action_worth_weighing_plays_it(asked, strength: str) -> None:  # type: ignore[no-untyped-def]
    assert agents.decide(Listed("fief", [STALL, END]), STATE, "p1", strength, seed=1) == END  # type: ignore[arg-type]
    assert asked == []


def test_steady_weighs_the_actions_worth_weighing_with_the_agent_s_seed(asked) -> None:  # type: ignore[no-untyped-def]
    other = Action.of("move", to="a")
    assert agents.decide(Listed("fief", [END, STALL, other]), STATE, "p1", "steady", seed=3) == END  # type: ignore[arg-type]
    assert asked == [("steady", [other, END], random.Random(3).random())]


@pytest.mark.parametrize(("game", "budget", "iterations"), [
    ("okc", None, 80), ("fief", None, 40), ("okc", 0.5, 20), ("fief", 0.5, 10), ("fief", 0.01, 1), ("okc", 0.0, 1)])
def test_without_a_clock_the_schemer_s_budget_is_counted_at_the_game_s_measured_rate(
        asked, game: str, budget: float | None, iterations: int) -> None:  # type: ignore[no-untyped-def]
    """docs/agents.md: by default 2 seconds, at 40 iterations a second for OKC and 20 for Fief; at least one."""
    legal = [Action.of("move", to="a"), END]
    agents.decide(Listed(game, legal), STATE, "p1", "schemer", seed=1, budget=budget)  # type: ignore[arg-type]
    assert asked == [("schemer", legal, iterations, None, 2.0 if budget is None else budget)]


def test_iterations_asked_for_are_run_as_asked_with_or_without_a_clock(asked) -> None:  # type: ignore[no-untyped-def]
    legal = [Action.of("move", to="a"), END]
    agents.decide(Listed("okc", legal), STATE, "p1", "schemer", seed=1, iterations=3)  # type: ignore[arg-type]
    clock = iter([10.0, 10.5]).__next__
    agents.decide(Listed("okc", legal), STATE, "p1", "schemer", seed=1, iterations=3, budget=1.0,  # type: ignore[arg-type]
                  clock=clock)
    assert asked == [("schemer", legal, 3, None, 2.0), ("schemer", legal, 3, clock, pytest.approx(0.99 - 0.5))]


def test_with_a_clock_the_schemer_is_bounded_by_the_clock_alone(asked) -> None:  # type: ignore[no-untyped-def]
    legal = [Action.of("move", to="a"), END]
    clock = iter([0.0, 0.0]).__next__
    agents.decide(Listed("okc", legal), STATE, "p1", "schemer", seed=1, clock=clock)  # type: ignore[arg-type]
    assert asked == [("schemer", legal, 100_000, clock, pytest.approx(2.0 * 0.99))]


@pytest.mark.parametrize("call", [
    lambda: agents.decide(Listed("okc", [END]), STATE, "p1", "Steady", seed=1),  # type: ignore[arg-type]
    lambda: agents.answer_why(Listed("okc", [END]), STATE, "p1", "1", "clever", seed=1),  # type: ignore[arg-type]
    lambda: agents.accepts(Listed("okc", [END]), STATE, "p1", "1", "", seed=1),  # type: ignore[arg-type]
])
def test_every_entry_point_refuses_an_unknown_strength_naming_the_known_ones(asked, call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as err:
        call()
    assert (err.value.section, err.value.code, err.value.legal) == ("agents", Refusal.BAD_STRENGTH,
                                                                     ["random", "steady", "schemer"])
    assert str(err.value).startswith("agents: there is no computer player strength '")
    assert asked == []


def test_random_declines_every_request_unweighed(asked) -> None:  # type: ignore[no-untyped-def]
    rules = Listed("okc", [END])
    assert agents.answer_why(rules, STATE, "p1", "request-1", "random", seed=1) == (False, "unweighed")  # type: ignore[arg-type]
    assert agents.accepts(rules, STATE, "p1", "request-1", "random", seed=1) is False  # type: ignore[arg-type]
    assert asked == []


@pytest.mark.parametrize("strength", ["steady", "schemer"])
def test_the_thinking_agents_answer_with_the_agent_s_seed(asked, strength: str) -> None:  # type: ignore[no-untyped-def]
    rules = Listed("okc", [END])
    assert agents.answer_why(rules, STATE, "p1", "offer-2", strength, seed=4) == (True, "helps")  # type: ignore[arg-type]
    assert agents.accepts(rules, STATE, "p1", "offer-3", strength, seed=5) is True  # type: ignore[arg-type]
    assert asked == [("answer", "offer-2", random.Random(4).random()), ("answer", "offer-3", random.Random(5).random())]
