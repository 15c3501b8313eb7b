"""The adapter reads back the text form of every legal action (buttons carry it in their custom_id)."""

from __future__ import annotations

import random

import pytest

from bot.discord.choices import for_decision, parse
from bot.discord.components import choice_id
from engine import registry
from engine.core import Action, apply
from tests.games.tribute import RULES as TRIBUTE


def rules_of(name: str):  # type: ignore[no-untyped-def]
    if name == "tribute":
        return TRIBUTE
    import engine.games  # noqa: F401

    return registry.get(name)   # both games ship: a game that does not load fails the test


@pytest.mark.parametrize("name", ["tribute", "okc", "fief"])
def test_every_legal_action_round_trips_through_its_text(name: str) -> None:
    rules = rules_of(name)
    rnd = random.Random(11)
    state, _ = rules.new_game(["alice", "bob", "carol"], {}, seed=5)
    checked = 0
    for _ in range(120):
        decisions = [d for d in rules.pending(state) if d.blocking]
        if not decisions or rules.result(state) is not None:
            break
        d = decisions[0]
        seat = d.seats[0]
        legal = rules.legal(state, seat)
        for action in legal:
            assert parse(rules, action.text()) == action, action
            checked += 1
        texts = for_decision(rules, d.id, [a.text() for a in legal])
        for i, text in enumerate(texts):
            assert len(choice_id(1, state.version, d.id, text, i)) <= 100
        pick = rnd.choice(texts) if texts else (d.default_for(seat) or legal[0]).text()
        action = parse(rules, pick)
        assert isinstance(action, Action)
        apply(rules, state, seat, action)
    assert checked > 20


def test_values_with_spaces_and_apostrophes_survive() -> None:
    rules = rules_of("fief")
    action = Action.of("move", noble="hugh", to="King's Lynn", troops=(), via="sea")
    assert parse(rules, action.text()) == action
    assert parse(rules, "no_such_kind a:1") is None
