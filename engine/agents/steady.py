"""The steady agent: one step of look-ahead with the game's evaluation (docs/agents.md).

It samples the hidden facts once (``Rules.determinize``), tries each of its legal actions on a copy
of that sample, and keeps the one that leaves it furthest ahead of its best rival
(:func:`engine.agents.value.advantage`); ties are broken by the agent's seed.
"""

from __future__ import annotations

import random

from engine.agents.value import advantage
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone


def best(rules: Rules, sample: GameState, seat: str, legal: list[Action], rnd: random.Random) -> Action:
    """The action among ``legal`` with the highest advantage on ``sample`` (left unchanged)."""
    top: list[Action] = []
    top_value = float("-inf")
    for action in legal:
        twin = clone(sample)
        try:
            apply(rules, twin, seat, action)
        except RuleError:
            continue
        value = advantage(rules, twin, seat)
        if value > top_value + 1e-9:
            top, top_value = [action], value
        elif value > top_value - 1e-9:
            top.append(action)
    return rnd.choice(top or legal)


def decide(rules: Rules, state: GameState, seat: str, legal: list[Action], rnd: random.Random) -> Action:
    return best(rules, rules.determinize(state, seat, rnd), seat, legal, rnd)
