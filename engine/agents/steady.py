"""The steady agent: one step of look-ahead with the game's evaluation (docs/agents.md).

It samples the hidden facts once (``Rules.determinize``), tries each of its legal actions on a copy
of that sample (the last on the sample itself), and keeps the one that leaves it furthest ahead of
its best rival (:func:`engine.agents.value.advantage`); ties are broken by the agent's seed.
"""

from __future__ import annotations

import random

from engine.agents.value import advantage
from engine.core import Action, GameState, RuleError, Rules, apply
from engine.core.rules import clone


def best(rules: Rules, sample: GameState, seat: str, legal: list[Action],
         rnd: random.Random) -> tuple[Action, GameState | None]:
    """The action among ``legal`` with the highest advantage on ``sample``, and the game it leads
    to (None when the rules refused every action). ``sample`` is spent: each action is tried on a
    copy but the last, which is played on ``sample`` itself (one copy fewer; a refused action
    changes nothing), so a caller goes on from the game returned, never from ``sample``."""
    top: list[tuple[Action, GameState]] = []
    top_value = float("-inf")
    last = len(legal) - 1
    for i, action in enumerate(legal):
        twin = sample if i == last else clone(sample)
        try:
            apply(rules, twin, seat, action)
        except RuleError:
            continue
        value = advantage(rules, twin, seat)
        if value > top_value + 1e-9:
            top, top_value = [(action, twin)], value
        elif value > top_value - 1e-9:
            top.append((action, twin))
    if not top:
        return rnd.choice(legal), None
    return rnd.choice(top)


def decide(rules: Rules, state: GameState, seat: str, legal: list[Action], rnd: random.Random) -> Action:
    return best(rules, rules.determinize(state, seat, rnd), seat, legal, rnd)[0]
