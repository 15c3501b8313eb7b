"""One evaluation for every game: each seat's standing, and the search's rewards.

``scores`` asks the game's own evaluation (fief_value, okc_value); ``advantage`` is what steady
maximises (its score against the best rival's); ``rewards`` turns scores into shares of one win
for the search (a finished game gives the win to its outright winner, shared on a tie).
"""

from __future__ import annotations

import math

from engine.core import GameState, Rules

# How many points of score make one seat e times likelier to win than another (per game).
TEMPERATURE = {"fief": 6.0, "okc": 2.0}


def scores(rules: Rules, state: GameState) -> dict[str, float]:
    if rules.name == "fief":
        from engine.agents.fief_value import scores as fief_scores

        return fief_scores(state.data)
    if rules.name == "okc":
        from engine.agents.okc_value import scores as okc_scores

        return okc_scores(state.data)
    raise NotImplementedError(f"no evaluation for {rules.title}")


def advantage(rules: Rules, state: GameState, seat: str) -> float:
    """``seat``'s score less its best rival's (an ally is no rival); a finished game counts its
    result first."""
    result = rules.result(state)
    if result is not None:
        if result.winners == (seat,):
            return 1e6
        if seat in result.winners:
            return 1e5 / len(result.winners)
        return -1e6
    s = scores(rules, state)
    mine = s.pop(seat)
    for partner in _partners(rules, state, seat):
        s.pop(partner, None)
    return mine - max(s.values(), default=0.0)


def _partners(rules: Rules, state: GameState, seat: str) -> set[str]:
    """Seats allied with ``seat`` (Fief marriages, 8.3): its standing is measured against the others."""
    if rules.name == "fief":
        from engine.agents.fief_value import partners

        return partners(state.data, seat)
    return set()


def rewards(rules: Rules, state: GameState) -> dict[str, float]:
    """Each seat's share of one win: the result when the game is over, else a softmax of scores."""
    result = rules.result(state)
    if result is not None:
        return {s: (1.0 / len(result.winners) if s in result.winners else 0.0) for s in state.seats}
    s = scores(rules, state)
    t = TEMPERATURE.get(rules.name, 1.0)
    top = max(s.values())
    weights = {k: math.exp((v - top) / t) for k, v in s.items()}
    total = sum(weights.values())
    return {k: w / total for k, w in weights.items()}
