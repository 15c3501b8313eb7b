"""The computer players' duties as the table calls them (bot/table/thinking.py, bot/table/computers.py;
issue 35): an answer to a request or an offer reads only what its seat sees, over many requests and
with the reason it gives; the time spent listing the choices is taken out of the search's budget."""

from __future__ import annotations

import random
import time
from itertools import chain

import pytest

import engine.agents as agents
from bot.table import thinking
from engine.agents import schemer
from engine.core import Action, apply, canonical
from tests.agents.states import along


def _other_truths(rules, state, seat, count=2):  # type: ignore[no-untyped-def]
    out = []
    for k in range(count):
        twin = rules.determinize(state, seat, random.Random(2000 + k))
        assert canonical(rules.view(twin, seat)) == canonical(rules.view(state, seat))
        out.append(twin)
    return out


def _fief_requests(seed: int, count: int):  # type: ignore[no-untyped-def]
    """The first ``count`` requests and offers met along a random 4-player Fief game, each where it opened."""
    seen: set[str] = set()
    for rules, state, _seat in along("fief", 4, seed, every=1, limit=3000):
        data = state.data
        for rid, to in [(f"request-{r.id}", r.to) for r in data.requests.open] + \
                [(f"offer-{o.id}", o.to) for o in data.offers.open]:
            if rid not in seen and len(seen) < count:
                seen.add(rid)
                yield rules, state, to, rid
        if len(seen) >= count:
            return


def _okc_offers(seed: int, count: int):  # type: ignore[no-untyped-def]
    """The first ``count`` Negotiating Table offers met along a random 3-player OKC game (p.19)."""
    from engine.registry import get

    rules = get("okc")
    state, _ = rules.new_game(["p1", "p2", "p3"], {"modules": "negotiating_table"}, seed)
    rnd = random.Random(seed)
    seen: set[str] = set()
    while rules.result(state) is None and len(seen) < count:
        for seat in state.data.players:
            for a in rules.legal(state, seat):
                rid = f"offer-{a.get('offer')}"
                if a.kind == "decline_offer" and rid not in seen and len(seen) < count:
                    seen.add(rid)
                    yield rules, state, seat, rid
        seat = next(d for d in rules.pending(state) if d.blocking).seats[0]
        apply(rules, state, seat, rnd.choice(rules.legal(state, seat)))


@pytest.mark.parametrize("strength", ["steady", "schemer"])
def test_answers_and_their_reasons_never_depend_on_hidden_facts_over_many_requests(strength: str) -> None:
    """Every request and offer met along a Fief game (marriages, entries, passages, an Abbess let go...)
    and the Negotiating Table's offers along an OKC game, answered as the table asks (``answer_why``,
    a seed per request): the same answer and reason in every game that looks the same to the seat."""
    answers: list[tuple[bool, str]] = []
    for rules, state, seat, rid in chain(_fief_requests(32, 12), _okc_offers(1, 24)):   # each where it opened
        mine = agents.answer_why(rules, state, seat, rid, strength, seed=len(answers))
        for twin in _other_truths(rules, state, seat):
            assert agents.answer_why(rules, twin, seat, rid, strength, seed=len(answers)) == mine, (rid, seat)
        answers.append(mine)
    assert len(answers) == 36
    assert {yes for yes, _ in answers} == {True, False}    # weighed, not declined wholesale


def _timed_listing(monkeypatch: pytest.MonkeyPatch, listing: float) -> list[float]:
    """A clock that moves only while the choices are listed (``listing`` seconds); the seconds the
    search is then given are recorded."""
    now = [100.0]
    given: list[float] = []
    real_choices = agents.choices

    def slow_choices(rules, state, seat):  # type: ignore[no-untyped-def]
        now[0] += listing
        return real_choices(rules, state, seat)

    def search(rules, state, seat, legal, rnd, *, iterations, clock, seconds):  # type: ignore[no-untyped-def]
        assert clock is not None and clock() == now[0]   # the search keeps reading the table's clock
        given.append(seconds)
        return legal[0]

    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    monkeypatch.setattr(agents, "choices", slow_choices)
    monkeypatch.setattr(schemer, "decide", search)
    return given


def _choice():  # type: ignore[no-untyped-def]
    from engine.agents.choice import choices, worth_weighing

    return next((r, s, p) for r, s, p in along("okc", 2, 43, every=17, limit=8)
                if len(worth_weighing(r, s, p, choices(r, s, p))) >= 2)


@pytest.mark.parametrize(("budget", "listing", "left"), [
    (2.0, 0.5, 2.0 * (1 - agents.RESERVE) - 0.5),
    (2.0, 0.0, 2.0 * (1 - agents.RESERVE)),
    (1.0, 1.0 * (1 - agents.RESERVE), 0.0),    # listing took the whole budget: nothing left, not less
    (1.0, 3.0, 0.0),
])
def test_listing_the_choices_counts_against_the_table_s_budget(monkeypatch: pytest.MonkeyPatch, budget: float,
                                                               listing: float, left: float) -> None:
    rules, state, seat = _choice()
    given = _timed_listing(monkeypatch, listing)
    chosen = thinking.decide(0, rules, state, seat, "schemer", seed=1, budget=budget)
    assert isinstance(chosen, Action)
    assert given == [pytest.approx(left)]


def test_without_a_clock_the_budget_becomes_iterations(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine reads no clock: a budget alone is turned into iterations at the game's measured rate."""
    rules, state, seat = _choice()
    asked: list[int] = []

    def search(rules, state, seat, legal, rnd, *, iterations, clock, seconds):  # type: ignore[no-untyped-def]
        asked.append(iterations)
        assert clock is None
        return legal[0]

    monkeypatch.setattr(schemer, "decide", search)
    agents.decide(rules, state, seat, "schemer", seed=1, budget=1.5)
    agents.decide(rules, state, seat, "schemer", seed=1, budget=0.001)
    agents.decide(rules, state, seat, "schemer", seed=1)
    rate = agents.ITERATIONS_PER_SECOND[rules.name]
    assert asked == [round(1.5 * rate), 1, round(agents.DEFAULT_BUDGET * rate)]
