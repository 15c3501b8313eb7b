"""One evaluation for every game: each seat's standing, and the search's rewards.

``scores`` asks the game's own evaluation (fief_value, okc_value); ``advantage`` is what steady
maximises (its score against the strongest rival side's); ``rewards`` turns scores into shares of
one win for the search (a finished game gives the win to its outright winner, shared on a tie).
Fief players allied by marriage win or lose together (8.3), so their scores count as one side's.
"""

from __future__ import annotations

import math

from engine.agents import fief_value, okc_value
from engine.core import GameState, Rules

# How many points of score make one seat e times likelier to win than another (per game).
TEMPERATURE = {"fief": 6.0, "okc": 2.0}


def scores(rules: Rules, state: GameState) -> dict[str, float]:
    if rules.name == "fief":
        return fief_value.scores(state.data)
    if rules.name == "okc":
        return okc_value.scores(state)
    raise NotImplementedError(f"no evaluation for {rules.title}")


def advantage(rules: Rules, state: GameState, seat: str) -> float:
    """``seat``'s score less its strongest rival side's (an ally is no rival; two allied rivals
    count together, as their VPs do, 8.3); a finished game counts its result first."""
    result = rules.result(state)
    if result is not None:
        if result.winners == (seat,):
            return 1e6
        if seat in result.winners:
            return 1e5 / len(result.winners)
        return -1e6
    s = scores(rules, state)
    rivals = [sum(s[k] for k in side) for side in sides(rules, state) if seat not in side]
    return s[seat] - max(rivals, default=0.0)


def sides(rules: Rules, state: GameState) -> list[tuple[str, ...]]:
    """The seats that win or lose together: Fief players allied by marriage (8.3), else each seat
    alone."""
    if rules.name != "fief":
        return [(s,) for s in state.seats]
    out: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for s in state.seats:
        if s not in seen:
            side = (s, *sorted(fief_value.partners(state.data, s)))
            seen.update(side)
            out.append(side)
    return out


def rewards(rules: Rules, state: GameState) -> dict[str, float]:
    """Each seat's share of one win: the result when the game is over, else a softmax of the
    sides' scores (allied seats summed, as their VPs are), a side's share split between its seats
    as a shared win would be."""
    result = rules.result(state)
    if result is not None:
        return {s: (1.0 / len(result.winners) if s in result.winners else 0.0) for s in state.seats}
    s = scores(rules, state)
    t = TEMPERATURE[rules.name]
    totals = [(side, sum(s[k] for k in side)) for side in sides(rules, state)]
    top = max(v for _, v in totals)
    weights = [(side, math.exp((v - top) / t)) for side, v in totals]
    total = sum(w for _, w in weights)
    return {k: w / total / len(side) for side, w in weights for k in side}
